import ModGenKit

/// `--set <key=value>`: the keys a command line can set, as `key=`, for the template it names — the parameters its
/// manifest declares, then the header fields.
extension CommandCompletion {
    func settings(prefix: String) -> [CompletionCandidate] {
        let parameters = (template?.parameters ?? []).map { parameter in
            CompletionEngine.candidate(prefix + parameter.name + "=", parameter.help)
        }
        let fields = HeaderFields().settableFields.map { field in
            CompletionEngine.candidate(prefix + field.name + "=", "The header's \(field.name).")
        }
        return parameters + fields
    }

    /// The template the line names, found as the command finds it: `new` and `support` by their own rules
    /// (`--template`, the config's, the default), `snapshot` by its positional id. `nil` when it does not load.
    private var template: (any ModuleTemplate)? {
        if let templateCommand = command as? any TemplateCommand.Type {
            let known = ArgumentParser.extract(templateCommand.configuration.options, from: arguments)
            let session = GenerationSession.Loader {
                try SessionOptions(known).session(
                    in: io.workingDirectory, environment: io.environment, gitMode: .cachedOnly)
            }
            return try? templateCommand.template(for: arguments, known: known, session: session)
        }
        let positionals = ArgumentParser.extractPositionals(spec.options, from: arguments)
        guard let index = spec.arguments.firstIndex(where: { ValueKind(of: $0) == .templateID }),
            index < positionals.count
        else { return nil }
        return try? catalog.template(id: positionals[index])
    }
}
