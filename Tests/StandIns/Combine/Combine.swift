// A stand-in for Apple's Combine: the part SwiftUI-hosted modules and the SwiftUI stand-in use, with the
// SDK's names and signatures (developer.apple.com/documentation/combine: Publisher, ObservableObject,
// ObservableObjectPublisher, Published). Nothing generated subscribes to a publisher, so
// `send()` and the publishers are placeholders; `Published` stores its value as the SDK's does.
//
// Isolation: none, as in the SDK. ObservableObject is not tied to an actor; a type that needs one (a presenter a
// SwiftUI view observes) declares it itself.

public protocol Publisher<Output, Failure> {
    associatedtype Output
    associatedtype Failure: Error
}

/// What `objectWillChange` of an ObservableObject is unless the type says otherwise.
final public class ObservableObjectPublisher: Publisher {
    public typealias Output = Void
    public typealias Failure = Never

    public init() {}

    final public func send() {}
}

public protocol ObservableObject: AnyObject {
    associatedtype ObjectWillChangePublisher: Publisher = ObservableObjectPublisher
    where ObjectWillChangePublisher.Failure == Never

    var objectWillChange: ObjectWillChangePublisher { get }
}

extension ObservableObject where ObjectWillChangePublisher == ObservableObjectPublisher {
    public var objectWillChange: ObservableObjectPublisher { ObservableObjectPublisher() }
}

@propertyWrapper
public struct Published<Value> {
    public struct Publisher: Combine.Publisher {
        public typealias Output = Value
        public typealias Failure = Never
    }

    private var value: Value

    public init(wrappedValue: Value) {
        value = wrappedValue
    }

    // The SDK makes the wrapped value reachable only through the enclosing-instance subscript; a plain property is
    // the declaration-level equivalent for code that only writes `@Published var`.
    public var wrappedValue: Value {
        get { value }
        set { value = newValue }
    }

    public var projectedValue: Published<Value>.Publisher { Publisher() }
}
