# The Ruby side of the Liquid benchmark (Benchmarks/LiquidBenchmark.swift runs it; it can also be run by hand):
#
#   ruby Benchmarks/liquid-ruby.rb <golden_liquid.json> <names file> <rounds> <passes per round>
#
# Parses each golden-liquid case named in <names file> (one name a line) once with Ruby's liquid 5.4 (Debian's
# ruby-liquid, lax mode, as Generamba runs it), then renders all of them <passes> times per round, and prints one
# JSON line: the CPU seconds of each round (CLOCK_PROCESS_CPUTIME_ID, as the Swift side measures) and the bytes one
# pass renders. Measured the same way as the Swift side: parse once, render N times in-process, the same data.
require "json"
require "liquid"

abort "expected Ruby liquid 5.4.x, found #{Liquid::VERSION}" unless Liquid::VERSION.start_with?("5.4.")
abort "usage: ruby liquid-ruby.rb golden_liquid.json names rounds passes" unless ARGV.size == 4

class HashFileSystem
  def initialize(templates)
    @templates = templates || {}
  end

  def read_template_file(name)
    @templates.fetch(name) { raise Liquid::FileSystemError, "No such template '#{name}'" }
  end
end

suite = JSON.parse(File.read(ARGV[0]))["tests"].to_h { |test| [test["name"], test] }
names = File.readlines(ARGV[1], chomp: true).reject(&:empty?)
rounds = Integer(ARGV[2])
passes = Integer(ARGV[3])

cases = names.map do |name|
  test = suite.fetch(name) { abort "no golden-liquid case named #{name}" }
  { template: Liquid::Template.parse(test["template"]), data: test["data"] || {},
    file_system: HashFileSystem.new(test["templates"]) }
end

render_pass = lambda do
  bytes = 0
  cases.each do |c|
    bytes += c[:template].render(c[:data], registers: { file_system: c[:file_system] }).bytesize
  end
  bytes
end

bytes = render_pass.call # warm-up, untimed
seconds = Array.new(rounds) do
  start = Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID)
  passes.times { render_pass.call }
  Process.clock_gettime(Process::CLOCK_PROCESS_CPUTIME_ID) - start
end
puts JSON.generate({ "liquid" => Liquid::VERSION, "ruby" => RUBY_VERSION, "cases" => cases.size,
                     "bytes_per_pass" => bytes, "round_seconds" => seconds })
