/// Writes a property list as Xcode saves one: the XML declaration and DOCTYPE, one element per line, nesting
/// indented with tabs, dictionaries in their entries' order. The same value always gives the same bytes.
public enum PropertyListWriter {
    public static func xml(_ value: PropertyListValue) -> String {
        var output = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        write(value, indentation: "", to: &output)
        output += "</plist>\n"
        return output
    }

    private static func write(_ value: PropertyListValue, indentation: String, to output: inout String) {
        switch value.content {
        case .string(let text):
            output += "\(indentation)<string>\(escaped(text))</string>\n"
        case .bool(let flag):
            output += "\(indentation)<\(flag)/>\n"
        case .integer(let number):
            output += "\(indentation)<integer>\(number)</integer>\n"
        case .real(let number):
            output += "\(indentation)<real>\(PropertyListScalarText.real(number))</real>\n"
        case .date(let date):
            output += "\(indentation)<date>\(date.iso8601)</date>\n"
        case .data(let bytes):
            output += "\(indentation)<data>\n"
            for line in PropertyListBase64.encode(bytes, lineLength: 68) { output += "\(indentation)\(line)\n" }
            output += "\(indentation)</data>\n"
        case .array(let elements):
            guard !elements.isEmpty else {
                output += "\(indentation)<array/>\n"
                return
            }
            output += "\(indentation)<array>\n"
            for element in elements { write(element, indentation: indentation + "\t", to: &output) }
            output += "\(indentation)</array>\n"
        case .dictionary(let entries):
            guard !entries.isEmpty else {
                output += "\(indentation)<dict/>\n"
                return
            }
            output += "\(indentation)<dict>\n"
            for entry in entries {
                output += "\(indentation)\t<key>\(escaped(entry.key))</key>\n"
                write(entry.value, indentation: indentation + "\t", to: &output)
            }
            output += "\(indentation)</dict>\n"
        }
    }

    /// `&`, `<` and `>` as entities, as Apple's writer does; quotes need none in element text.
    private static func escaped(_ text: String) -> String {
        XMLEscaping.escaped(text, quotes: false)
    }
}
