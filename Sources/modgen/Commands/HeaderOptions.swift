import ModGenKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `--date` and `--set`: the header fields and template parameters, which every command that renders a template
/// takes besides the template's options.
struct HeaderOptions: OptionGroup {
    static let date = OptionSpec.value(
        "date", valueName: "YYYY-MM-DD|today",
        help: "The date file headers show; 'today' reads the clock, as only a Liquid template's 'now' also does.",
        defaultDescription: "the config's date, else SOURCE_DATE_EPOCH, else none")
    static let set = OptionSpec.repeatable(
        "set", valueName: "key=value",
        help: "A template parameter, or a header field (project, author, company), over the config's value "
            + "(repeatable).")

    static let options = [date, set]

    /// `--date` as typed; checked when the header is built.
    var date: String?
    /// Every `--set key=value`, in order.
    var settings: [String]

    init(_ parsed: ParsedArguments) {
        date = parsed.value(Self.date).map { $0 == Today.word ? Today.isoDate() : $0 }
        settings = parsed.values(Self.set)
    }

    /// The header fields: the date from `--date`, else the config's, else `environment`'s SOURCE_DATE_EPOCH (pass
    /// `[:]` to ignore it).
    func header(in session: GenerationSession, environment: [String: String]) throws -> HeaderFields {
        try session.header(date: date, environment: environment)
    }

    /// The `--set` values for `template`'s parameters and the header fields.
    func settings(in session: GenerationSession, for template: any ModuleTemplate) throws -> [String: String] {
        try session.settings(for: template, arguments: settings)
    }
}
