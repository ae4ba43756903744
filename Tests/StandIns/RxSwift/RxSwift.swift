// A stand-in for RxSwift 6 (github.com/ReactiveX/RxSwift), so that generated modules compile, and their tests run,
// on Linux. It declares only the part of RxSwift that modgen's templates use, with RxSwift's names and
// signatures (RxSwift/Disposables/DisposeBag.swift, DisposeBase.swift, Disposable.swift, Observable.swift,
// ObservableConvertibleType.swift); protocols list only the requirements listed here. Generated code declares sequences
// but never subscribes (there is no `subscribe` here), so no event is ever observable: a sequence carries none.

/// A resource that can be released (RxSwift/Disposable.swift).
public protocol Disposable {
    func dispose()
}

/// The base class of RxSwift's disposables; its initialiser is internal, so only RxSwift subclasses it.
public class DisposeBase {
    init() {}
}

/// Disposes of what was added to it when it is deinitialised.
public final class DisposeBag: DisposeBase {
    private var disposables: [Disposable] = []

    public override init() {
        super.init()
    }

    public func insert(_ disposable: Disposable) {
        disposables.append(disposable)
    }

    deinit {
        for disposable in disposables {
            disposable.dispose()
        }
    }
}

extension Disposable {
    /// Hands `self` to `bag`, which disposes of it with itself.
    public func disposed(by bag: DisposeBag) {
        bag.insert(self)
    }
}

/// A type that can be turned into an `Observable`.
public protocol ObservableConvertibleType {
    associatedtype Element

    func asObservable() -> Observable<Element>
}

/// A sequence of events over time (the stand-in never emits any).
public class Observable<Element>: ObservableConvertibleType {
    init() {}

    public func asObservable() -> Observable<Element> {
        self
    }

    public static func empty() -> Observable<Element> {
        Observable()
    }

    public static func just(_ element: Element) -> Observable<Element> {
        Observable()
    }
}
