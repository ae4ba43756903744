import ModGenMustache

/// The error parsing `text` gives, or nil when it parses: for tests that check an error's message.
func parseError(_ text: String, name: String = "T.mustache") -> MustacheError? {
    do {
        _ = try MustacheTemplate(text, name: name)
        return nil
    } catch {
        return error
    }
}

/// The error parsing or rendering `text` gives, or nil when both succeed.
func renderError(
    _ text: String, _ context: MustacheValue = [:], partials: [String: String] = [:],
    options: MustacheRenderOptions = MustacheRenderOptions()
) -> MustacheError? {
    do {
        let template = try MustacheTemplate(text, name: "T.mustache")
        _ = try template.render(context, partials: DictionaryPartials(partials), options: options)
        return nil
    } catch {
        return error
    }
}
