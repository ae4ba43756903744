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

extension MustacheBenchmarkInput {
    /// A module with 6 routes, 10 properties, 8 actions and 4 table sections of 5 rows.
    static func context() -> MustacheValue {
        let routes: [MustacheValue] = (0..<6).map { index in
            var route: MustacheObject = [
                "caseName": .string("screen\(index)"), "path": .string("/home/screen/\(index)"),
            ]
            if index.isMultiple(of: 2) { route["payload"] = "Item" }
            return .object(route)
        }
        let types = ["String", "Int", "Bool", "[Item]", "Date"]
        let defaults = ["\"\"", "0", "false", "[]", "Date()"]
        let properties: [MustacheValue] = (0..<10).map { index in
            [
                "propertyName": .string("property\(index)"), "type": .string(types[index % 5]),
                "optional": .bool(index % 3 == 0), "defaultValue": .string(defaults[index % 5]),
                "settable": .bool(index.isMultiple(of: 2)), "last": .bool(index == 9),
            ]
        }
        let actions: [MustacheValue] = (0..<8).map { index in
            let parameters: [MustacheValue] = (0..<index % 3).map { number in
                [
                    "label": .string("value\(number)"), "type": .string(types[number]),
                    "last": .bool(number == index % 3 - 1),
                ]
            }
            return [
                "methodName": .string("didSelect\(index)"), "capitalizedName": .string("DidSelect\(index)"),
                "parameters": .array(parameters), "fetches": .bool(index % 2 == 1), "result": .string("Result\(index)"),
                "route": ["caseName": .string("screen\(index % 6)")],
            ]
        }
        let sections: [MustacheValue] = (0..<4).map { section in
            let rows: [MustacheValue] = (0..<5).map { row in
                [
                    "kind": .string(row.isMultiple(of: 2) ? "Text" : "Image"), "model": .string("models[\(row)]"),
                    "enabled": .bool(row != 3),
                ]
            }
            var object: MustacheObject = ["rows": .array(rows)]
            if section != 0 { object["title"] = .string("Section \(section) <\"quoted\"> & more") }
            return .object(object)
        }
        return [
            "name": "Home", "fileName": "HomePresenter.swift", "project": "Catalog", "author": "Jane Doe",
            "date": "2025-05-01", "year": "2025", "company": "Infinum", "imports": ["Foundation", "Combine"],
            "rx": false, "formatter": true, "routes": .array(routes), "properties": .array(properties),
            "actions": .array(actions), "sections": .array(sections),
        ]
    }
}
