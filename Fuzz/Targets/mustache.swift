@testable import ModGenKit

// Parses the input as a template and renders it twice: with the spec's defaults and with the options code generation
// uses (no escaping, strict partials and variables). An error is a correct answer; a crash, a hang or runaway
// memory is a finding.

// The context and partials are made afresh for each input: a global cache of parsed partials outlives the run, and
// LeakSanitizer, which cannot follow Swift's tagged enum payloads, would report it as leaked.

/// Every list's elements shadow the list's own name with an empty list, so `{{#items}}{{#items}}…` nested a
/// thousand times renders each level once instead of 2^1000 times: output that grows with the input, not faster.
private func makeContext() -> MustacheValue {
    [
        "name": "World", "html": "<b>\"Tom\" & 'Jerry'</b>", "count": 3, "ratio": 1.5, "zero": 0, "on": true,
        "off": false, "nothing": .null, "empty": "", "list": [],
        "items": [["name": "first", "items": []], ["name": "second", "items": [], "on": false]],
        "person": ["name": "Ada", "role": ["title": "Engineer", "name": "role"]],
        "tree": ["name": "root", "children": [["name": "leaf", "children": []], ["name": "leaf2", "children": []]]],
        "partialName": "item", "parentName": "parent", "missingName": "missing",
        "upper": .lambda(MustacheLambda { text in (text ?? "{{name}}").uppercased() }),
        "wrap": .lambda(MustacheLambda { text in "<{{name}}>" + (text ?? "") + "</{{name}}>" }),
        "literal": .lambda(MustacheLambda { _ in "{{=| |=}}|name|" }),
    ]
}

/// Partials that use each kind of tag once; none includes itself more than once per level, so recursion ends with
/// the data (`node`) or at the renderer's depth limit (`loop`), never exponentially.
private func makePartials() -> DictionaryPartials {
    DictionaryPartials([
        "item": "- {{name}}\n",
        "node": "{{name}}\n{{#children}}  {{>node}}{{/children}}",
        "loop": "{{>loop}}",
        "parent": "<{{$title}}default title{{/title}}>\n{{$body}}default body{{/body}}\n",
        "grandparent": "{{<parent}}{{$title}}from grandparent{{/title}}{{/parent}}",
        "dynamic": "{{>*partialName}}",
        "broken": "{{#unclosed}}",
        "delimiters": "{{=<% %>=}}<% name %>",
    ])
}

private let generationOptions = MustacheRenderOptions(escaping: .none, strictPartials: true, strictVariables: true)

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    guard let text = FuzzInput.text(start, count) else { return 0 }
    guard let template = try? MustacheTemplate(text, name: "fuzz.mustache") else { return 0 }
    let context = makeContext()
    let partials = makePartials()
    _ = try? template.render(context, partials: partials)
    _ = try? template.render(context, partials: partials, options: generationOptions)
    return 0
}
