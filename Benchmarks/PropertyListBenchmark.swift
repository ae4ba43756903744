import ModGenKit

/// Reading property lists (a bundle's `TemplateInfo.plist` is read once per run) and exporting a template as an Xcode
/// bundle. Inputs are made here: the viper bundle's own `TemplateInfo.plist`, and a large file in each text form.
func benchmarkPropertyLists() throws {
    let template = try TemplateCatalog().template(id: "viper")
    let exporter = XcodeBundleExporter(template: template)
    let bundle = try exporter.export()
    let info = bundle[0].bytes
    measure("plist: viper's exported TemplateInfo.plist (XML)", iterations: 2_000, bytesMeaning: "input") {
        blackHole(try? PropertyList.parse(info, fileName: "TemplateInfo.plist"))
        return info.count
    }
    // 20,000 options of four keys each: about 5 MB of XML.
    let options = (0..<20_000).map { index in
        PropertyListValue.dictionary([
            "Identifier": .string("option\(index)"), "Type": .string("popup"),
            "Values": .array([.string("a"), .string("b & c")]), "Default": PropertyListValue(.bool(index % 2 == 0)),
        ])
    }
    let large = Array(PropertyListWriter.xml(.dictionary(["Options": .array(options)])).utf8)
    measure("plist: \(large.count / 1_000_000) MB of XML options", iterations: 3, bytesMeaning: "input") {
        blackHole(try? PropertyList.parse(large, fileName: "large.plist"))
        return large.count
    }
    let openStep = Array(
        ("{ Options = (" + (0..<20_000).map { "{ Identifier = option\($0); Values = ( a, \"b c\" ); }," }.joined()
            + "); }").utf8)
    measure("plist: \(openStep.count / 1_000_000) MB of OpenStep options", iterations: 3, bytesMeaning: "input") {
        blackHole(try? PropertyList.parse(openStep, fileName: "large.plist"))
        return openStep.count
    }
    measure("export-xcode viper (108 sub-folders, every combination checked)", iterations: 1, bytesMeaning: "output") {
        let files = (try? exporter.export()) ?? []
        return files.reduce(0) { $0 + $1.bytes.count }
    }
}
