// A stand-in for Apple's SwiftUI: the part SwiftUI-hosted modules and their support files use, with
// the SDK's names and signatures (developer.apple.com/documentation/swiftui: View, ViewBuilder, Text,
// LocalizedStringKey, DynamicProperty, ObservedObject, UIHostingController). Nothing generated renders a
// view, so bodies that would are placeholders.
//
// Isolation, as in the iOS 18 SDK: `View` and `ObservedObject` are `@MainActor @preconcurrency` (a view's body and
// initialiser run on the main actor), UIHostingController is a main-actor UIKit controller, and Text is Sendable.

// `import SwiftUI` alone gives ObservableObject and Published, as in the SDK.
@_exported import Combine
import UIKit

@preconcurrency @MainActor
public protocol View {
    associatedtype Body: View

    @ViewBuilder var body: Self.Body { get }
}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
}

@resultBuilder
public struct ViewBuilder {
    public static func buildBlock() -> Never { fatalError("the stand-in builds no views") }

    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
}

public struct LocalizedStringKey: Equatable, Sendable, ExpressibleByStringLiteral {
    private let key: String

    public init(_ value: String) {
        key = value
    }

    public init(stringLiteral value: String) {
        key = value
    }
}

public struct Text: Equatable, Sendable {
    private let content: String

    // A string literal is a localization key, as in the SDK.
    public init(
        _ key: LocalizedStringKey,
        tableName: String? = nil,
        bundle: Bundle? = nil,
        comment: StaticString? = nil
    ) {
        content = ""
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        self.content = String(content)
    }

    public static func == (lhs: Text, rhs: Text) -> Bool { lhs.content == rhs.content }
}

extension Text: View {
    public typealias Body = Never

    public var body: Never { fatalError("Text has no body") }
}

public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

@propertyWrapper
@preconcurrency @MainActor
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    // The SDK's wrapper also gives bindings to the object's properties (`$presenter.name`); nothing here uses them.
    @preconcurrency @MainActor
    public struct Wrapper: Sendable {
        let root: ObjectType
    }

    public var wrappedValue: ObjectType

    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    public var projectedValue: ObservedObject<ObjectType>.Wrapper { Wrapper(root: wrappedValue) }
}

@preconcurrency @MainActor
open class UIHostingController<Content: View>: UIViewController {
    public var rootView: Content

    public init(rootView: Content) {
        self.rootView = rootView
        super.init(nibName: nil, bundle: nil)
    }

    public required init?(coder aDecoder: NSCoder) {
        fatalError("the stand-in cannot decode a hosting controller")
    }
}
