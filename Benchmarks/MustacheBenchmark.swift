import ModGenKit

/// Parses the benchmark template once and renders it many times, as `modgen snapshot` does; also times parsing.
func benchmarkMustacheRendering() throws {
    let options = MustacheRenderOptions(escaping: .none, strictPartials: true, strictVariables: true)
    let template = try MustacheTemplate(MustacheBenchmarkInput.template, name: "Presenter.swift.mustache")
    let partials = DictionaryPartials(MustacheBenchmarkInput.partials)
    let context = MustacheBenchmarkInput.context()
    let sample = try template.render(context, partials: partials, options: options)
    print(
        "mustache: the template renders \(sample.split(separator: "\n", omittingEmptySubsequences: false).count) lines")
    if CommandLine.arguments.contains("--print-sample") { print(sample) }

    try measure("mustache render (parse once, render many)", iterations: 10_000) {
        try template.render(context, partials: partials, options: options).utf8.count
    }
    let templateBytes = MustacheBenchmarkInput.template.utf8.count
    try measure("mustache parse", iterations: 10_000, bytesMeaning: "input") {
        blackHole(try MustacheTemplate(MustacheBenchmarkInput.template, name: "Presenter.swift.mustache"))
        return templateBytes
    }
}
