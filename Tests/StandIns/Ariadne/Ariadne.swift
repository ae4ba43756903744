// A stand-in for Ariadne (github.com/DenTelezhkin/Ariadne, 0.5 and later), declaring the part of its API that
// modgen's generated builders and their usage need, with Ariadne's own names, signatures and isolation (none), so
// generated code can be compiled and its tests run on Linux. Bodies do what Ariadne's do, in as few lines.

import UIKit

/// On iOS Ariadne navigates between `UIViewController`s.
public typealias ViewController = UIViewController

// MARK: - Builders

/// Builds a view controller from a context (named `ViewBuilder` before Ariadne 0.5).
public protocol ViewControllerBuilder {
    associatedtype ViewType: ViewController
    associatedtype Context

    func build(with context: Context) throws -> ViewType
}

extension ViewControllerBuilder where Context == Void {
    public func build() throws -> ViewType {
        try build(with: ())
    }
}

extension ViewControllerBuilder {
    public func pushRoute(isAnimated: Bool = true) -> Route<Self, PushNavigationTransition> {
        Route(builder: self, transition: PushNavigationTransition(isAnimated: isAnimated))
    }

    public func presentRoute(isAnimated: Bool = true) -> Route<Self, PresentationTransition> {
        Route(builder: self, transition: PresentationTransition(isAnimated: isAnimated))
    }

    public func with<T: ViewTransition>(_ transition: T) -> Route<Self, T> {
        Route(builder: self, transition: transition)
    }
}

// MARK: - Finding views

public protocol ViewFinder {
    func currentlyVisibleView(startingFrom: ViewController?) -> ViewController?
}

public protocol RootViewProvider {
    var rootViewController: ViewController? { get }
}

/// Ariadne walks navigation and tab bar stacks; the stand-in follows presented controllers only.
open class CurrentlyVisibleViewFinder: ViewFinder {
    public let rootViewProvider: RootViewProvider?

    public init(rootViewProvider: RootViewProvider?) {
        self.rootViewProvider = rootViewProvider
    }

    open func currentlyVisibleView(startingFrom view: ViewController? = nil) -> ViewController? {
        var visible = view ?? rootViewProvider?.rootViewController
        while let presented = visible?.presentedViewController {
            visible = presented
        }
        return visible
    }
}

// MARK: - Transitions

public enum TransitionType {
    case hide
    case show
    case custom
}

public protocol ViewTransition {
    var isAnimated: Bool { get }
    var transitionType: TransitionType { get }
    var viewFinder: ViewFinder? { get }

    func perform(with view: ViewController?, on visibleView: ViewController?, completion: ((Bool) -> Void)?)
}

open class BaseTransition {
    open var isAnimated: Bool
    public let viewFinder: ViewFinder?

    public init(finder: ViewFinder? = nil, isAnimated: Bool = true) {
        self.viewFinder = finder
        self.isAnimated = isAnimated
    }
}

open class PushNavigationTransition: BaseTransition, ViewTransition {
    public let transitionType: TransitionType = .show

    open func perform(with view: ViewController?, on visibleView: ViewController?, completion: ((Bool) -> Void)?) {
        guard let view,
            let navigation = (visibleView as? UINavigationController) ?? visibleView?.navigationController
        else {
            completion?(false)
            return
        }
        navigation.pushViewController(view, animated: isAnimated)
        completion?(true)
    }
}

open class PresentationTransition: BaseTransition, ViewTransition {
    public let transitionType: TransitionType = .show

    open func perform(with view: ViewController?, on visibleView: ViewController?, completion: ((Bool) -> Void)?) {
        guard let view, let visibleView else {
            completion?(false)
            return
        }
        visibleView.present(view, animated: isAnimated) {
            completion?(true)
        }
    }
}

// MARK: - Routes

public protocol Routable {
    associatedtype Builder: ViewControllerBuilder
    associatedtype Transition: ViewTransition

    var builder: Builder { get }
    var transition: Transition { get }

    func perform(withViewFinder: ViewFinder, context: Builder.Context, completion: ((Bool) -> Void)?)
}

open class Route<Builder: ViewControllerBuilder, Transition: ViewTransition>: Routable {
    public let builder: Builder
    public let transition: Transition

    public init(builder: Builder, transition: Transition) {
        self.builder = builder
        self.transition = transition
    }

    open func perform(
        withViewFinder viewFinder: ViewFinder,
        context: Builder.Context,
        completion: ((Bool) -> Void)? = nil
    ) {
        // As Ariadne does: with no visible view there is nothing to show on or hide, whatever the transition.
        guard let visibleView = (transition.viewFinder ?? viewFinder).currentlyVisibleView(startingFrom: nil) else {
            completion?(false)
            return
        }
        switch transition.transitionType {
        case .show:
            guard let view = try? builder.build(with: context) else {
                completion?(false)
                return
            }
            transition.perform(with: view, on: visibleView, completion: completion)
        case .hide, .custom:
            transition.perform(with: nil, on: visibleView, completion: completion)
        }
    }
}

// MARK: - Router

open class Router {
    open var viewFinder: ViewFinder
    open var rootViewProvider: RootViewProvider

    public init(rootViewProvider: RootViewProvider) {
        self.viewFinder = CurrentlyVisibleViewFinder(rootViewProvider: rootViewProvider)
        self.rootViewProvider = rootViewProvider
    }

    open func navigate<T: Routable>(
        to route: T,
        with context: T.Builder.Context,
        completion: ((Bool) -> Void)? = nil
    ) {
        route.perform(withViewFinder: viewFinder, context: context, completion: completion)
    }

    open func navigate<T: Routable>(to route: T, completion: ((Bool) -> Void)? = nil) where T.Builder.Context == Void {
        navigate(to: route, with: (), completion: completion)
    }
}
