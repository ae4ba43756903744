# Runs Liquid templates through Ruby's liquid (Debian's ruby-liquid, 5.4.0) in its default lax mode, as Generamba
# does, and prints what it answers. The reference for modgen's Liquid engine.
#
#   ruby ruby-liquid.rb differences golden_liquid.json > ruby-liquid-5.4-differences.json
#       every golden-liquid case where Ruby liquid 5.4 answers otherwise than the suite expects, with 5.4's answer
#   ruby ruby-liquid.rb serve
#       reads one JSON request per line ({"template", "data", "templates"}) and answers one JSON line each
#       ({"output": …} or {"error": …}): the differential tests and the fuzz target talk to this.
#
# An answer is an error when parsing raises or when rendering records an error (lax mode prints "Liquid error: …"
# into the output and carries on; modgen's engine stops instead).
require "json"
require "liquid"

abort "expected Ruby liquid 5.4.x, found #{Liquid::VERSION}" unless Liquid::VERSION.start_with?("5.4.")

class HashFileSystem
  def initialize(templates)
    @templates = templates || {}
  end

  def read_template_file(name)
    @templates.fetch(name) { raise Liquid::FileSystemError, "No such template '#{name}'" }
  end
end

def answer(template, data, templates)
  parsed = Liquid::Template.parse(template)
  output = parsed.render(data || {}, registers: { file_system: HashFileSystem.new(templates) })
  return { "error" => parsed.errors.first.to_s } unless parsed.errors.empty?
  # Bytes that are not UTF-8 (base64_decode of binary, say) cannot be a text file; modgen's engine refusing such a
  # template is the answer that agrees.
  return { "error" => "the output is not valid UTF-8" } unless output.dup.force_encoding(Encoding::UTF_8).valid_encoding?
  { "output" => output }
rescue Liquid::Error, StandardError, SystemStackError, NoMemoryError => e
  { "error" => e.message.to_s }
end

case ARGV[0]
when "differences"
  suite = JSON.parse(File.read(ARGV[1]))
  differences = []
  suite["tests"].each do |test|
    got = answer(test["template"], test["data"], test["templates"])
    agrees = if test["invalid"]
      got.key?("error")
    elsif test.key?("results")
      got.key?("output") && test["results"].include?(got["output"])
    else
      got["output"] == test["result"]
    end
    next if agrees
    differences << { "name" => test["name"] }.merge(got.key?("error") ? { "invalid" => true } : { "result" => got["output"] })
  end
  puts JSON.pretty_generate({ "liquid" => Liquid::VERSION, "count" => differences.size, "differences" => differences })
when "serve"
  STDOUT.sync = true
  STDIN.each_line do |line|
    request = JSON.parse(line)
    puts JSON.generate(answer(request["template"], request["data"], request["templates"]))
  end
else
  abort "usage: ruby ruby-liquid.rb differences golden_liquid.json | serve"
end
