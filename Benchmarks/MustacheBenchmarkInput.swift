import ModGenMustache

/// The input of the Mustache rendering benchmark: a presenter file of about 200 lines in the shape modgen generates
/// (loops, nested and inverted sections, dotted names, standalone and inline partials) and the data to fill it.
enum MustacheBenchmarkInput {
    static let template = """
        {{> header}}

        import UIKit
        {{#imports}}
        import {{.}}
        {{/imports}}

        // MARK: - Wireframe

        protocol {{name}}WireframeInterface: WireframeInterface {
        {{#routes}}
            func navigate(to route: {{name}}NavigationOption.{{caseName}})
        {{/routes}}
        }

        enum {{name}}NavigationOption {
        {{#routes}}
            case {{caseName}}{{#payload}}({{payload}}){{/payload}}
        {{/routes}}
        }

        // MARK: - View

        protocol {{name}}ViewInterface: ViewInterface {
        {{#properties}}
            {{> viewProperty}}
        {{/properties}}
        {{^rx}}
            func reloadData()
            func setLoading(_ isLoading: Bool)
        {{/rx}}
        }

        // MARK: - Presenter

        protocol {{name}}PresenterInterface: PresenterInterface {
        {{#rx}}
            func configure(with output: {{name}}.ViewOutput) -> {{name}}.ViewInput
        {{/rx}}
        {{^rx}}
        {{#actions}}
            func {{methodName}}({{>parameters}})
        {{/actions}}
        {{/rx}}
        }

        // MARK: - Interactor

        protocol {{name}}InteractorInterface: InteractorInterface {
        {{#actions}}
        {{#fetches}}
            func {{methodName}}({{>parameters}}){{>resultType}}
        {{/fetches}}
        {{/actions}}
        }

        {{#rx}}
        enum {{name}} {

            struct ViewOutput {
        {{#actions}}
                let {{methodName}}: Signal<{{>signalType}}>
        {{/actions}}
            }

            struct ViewInput {
        {{#properties}}
                let {{propertyName}}: Driver<{{type}}>
        {{/properties}}
            }
        }
        {{/rx}}

        final class {{name}}Presenter {

            // MARK: - Private properties -

            private unowned let view: {{name}}ViewInterface
            private let interactor: {{name}}InteractorInterface
            private let wireframe: {{name}}WireframeInterface
        {{#formatter}}
            private let formatter: {{name}}FormatterInterface
        {{/formatter}}
        {{#rx}}
            private let disposeBag = DisposeBag()
        {{/rx}}
        {{#properties}}
            private var {{propertyName}}: {{type}}{{>storedDefault}}
        {{/properties}}

            // MARK: - Lifecycle -

            init(
                view: {{name}}ViewInterface,
                interactor: {{name}}InteractorInterface,
        {{#formatter}}
                formatter: {{name}}FormatterInterface,
        {{/formatter}}
                wireframe: {{name}}WireframeInterface
            ) {
                self.view = view
                self.interactor = interactor
        {{#formatter}}
                self.formatter = formatter
        {{/formatter}}
                self.wireframe = wireframe
            }
        }

        // MARK: - Extensions -

        extension {{name}}Presenter: {{name}}PresenterInterface {
        {{#rx}}

            func configure(with output: {{name}}.ViewOutput) -> {{name}}.ViewInput {
        {{#actions}}
                output.{{methodName}}
                    .emit(onNext: { [unowned self] {{>closureParameters}} in
        {{#fetches}}
                        self.handle{{capitalizedName}}({{>arguments}})
        {{/fetches}}
        {{^fetches}}
                        self.wireframe.navigate(to: .{{route.caseName}})
        {{/fetches}}
                    })
                    .disposed(by: disposeBag)
        {{/actions}}
                return {{name}}.ViewInput(
        {{#properties}}
                    {{propertyName}}: .just({{>initialValue}}){{^last}},{{/last}}
        {{/properties}}
                )
            }
        {{/rx}}
        {{^rx}}
        {{#actions}}

            func {{methodName}}({{>parameters}}) {
        {{#fetches}}
                Task { @MainActor in
                    view.setLoading(true)
                    defer { view.setLoading(false) }
                    do {
                        let result = try await interactor.{{methodName}}({{>arguments}})
                        handle(result)
                    } catch {
                        wireframe.showAlert(with: error)
                    }
                }
        {{/fetches}}
        {{^fetches}}
                wireframe.navigate(to: .{{route.caseName}})
        {{/fetches}}
            }
        {{/actions}}
        {{/rx}}
        }

        {{#formatter}}
        // MARK: - Formatting

        extension {{name}}Presenter {

            func sections() -> [TableSectionItem] {
                [
        {{#sections}}
        {{> sectionItem}}
        {{/sections}}
                ]
            }
        }
        {{/formatter}}

        // MARK: - Routes

        private extension {{name}}Presenter {

            func route(for option: {{name}}NavigationOption) -> String {
                switch option {
        {{#routes}}
                case .{{caseName}}:
                    return "{{path}}"
        {{/routes}}
                }
            }
        }
        """

    static let partials: [String: String] = [
        "header": """
        //
        //  {{fileName}}
        //  {{project}}
        //
        //  Created by {{author}} on {{date}}.
        //  Copyright (c) {{year}} {{company}}. All rights reserved.
        //
        //  Generated by modgen: edit the template, not this file.
        //

        """,
        "viewProperty":
            "var {{propertyName}}: {{type}}{{#optional}}?{{/optional}} { get{{#settable}} set{{/settable}} }\n",
        // Indented in its own text, its tag standing at the start of a line: swift-mustache 2.1.1 indents only
        // the first pass of a section inside an indented standalone partial, and SwiftMustacheComparison compares
        // the engines on identical output.
        "sectionItem": """
                    TableSectionItem(
                        title: {{#title}}"{{title}}"{{/title}}{{^title}}nil{{/title}},
                        items: [
        {{#rows}}
                            {{kind}}Item(model: {{model}}, isEnabled: {{enabled}}),
        {{/rows}}
                        ]
                    ),

        """,
        "parameters":
            "{{#parameters}}{{label}}: {{type}}{{^last}}, {{/last}}{{/parameters}}",
        "arguments":
            "{{#parameters}}{{label}}: {{label}}{{^last}}, {{/last}}{{/parameters}}",
        "signalType":
            "{{#parameters}}{{type}}{{^last}}, {{/last}}{{/parameters}}{{^parameters}}Void{{/parameters}}",
        "closureParameters":
            "{{#parameters}}{{label}}{{^last}}, {{/last}}{{/parameters}}{{^parameters}}_{{/parameters}}",
        "resultType":
            "{{#rx}} -> Single<{{result}}>{{/rx}}{{^rx}} async throws -> {{result}}{{/rx}}",
        "storedDefault":
            "{{#optional}}?{{/optional}}{{^optional}} = {{defaultValue}}{{/optional}}",
        "initialValue":
            "{{#optional}}nil{{/optional}}{{^optional}}{{defaultValue}}{{/optional}}",
    ]
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
