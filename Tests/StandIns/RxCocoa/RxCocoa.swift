// A stand-in for RxCocoa 6 (github.com/ReactiveX/RxSwift), so that generated modules compile, and their tests run,
// on Linux. It declares only the traits modgen's templates may use, with RxCocoa's names and
// signatures (RxCocoa/Traits/SharedSequence/SharedSequence.swift, Traits/Driver/Driver.swift,
// Traits/Signal/Signal.swift); protocols list only the requirements listed here. As in the RxSwift stand-in, nothing
// subscribes, so a sequence carries no event.

import RxSwift

/// How a `SharedSequence` shares its source among subscribers.
public protocol SharingStrategyProtocol {
    static func share<Element>(_ source: Observable<Element>) -> Observable<Element>
}

/// A sequence that never fails and delivers on the main thread: the common shape of `Driver` and `Signal`.
public struct SharedSequence<SharingStrategy: SharingStrategyProtocol, Element>: ObservableConvertibleType {
    let source: Observable<Element>

    init(_ source: Observable<Element>) {
        self.source = SharingStrategy.share(source)
    }

    public func asObservable() -> Observable<Element> {
        source
    }

    public static func empty() -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.empty())
    }

    public static func just(_ element: Element) -> SharedSequence<SharingStrategy, Element> {
        SharedSequence(Observable.just(element))
    }
}

/// Replays the latest element to new subscribers: state.
public struct DriverSharingStrategy: SharingStrategyProtocol {
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source
    }
}

/// Replays nothing: events.
public struct SignalSharingStrategy: SharingStrategyProtocol {
    public static func share<Element>(_ source: Observable<Element>) -> Observable<Element> {
        source
    }
}

public typealias Driver<Element> = SharedSequence<DriverSharingStrategy, Element>

public typealias Signal<Element> = SharedSequence<SignalSharingStrategy, Element>
