// A stand-in for Apple's UIKit, so that generated modules compile, and their tests run, on Linux. It declares
// only the part of UIKit that modgen's templates, their support files and the other stand-ins use, with the iOS
// SDK's names and signatures (developer.apple.com/documentation/uikit: UIResponder, UIView, UIViewController,
// UINavigationController, UIStoryboard, UIAlertController, UIAlertAction, UIColor). The bodies are minimal and do
// what UIKit does where generated code reaches them (a navigation controller keeps its stack, a presented
// controller its presenter); nothing is drawn.
//
// Isolation: these classes are NS_SWIFT_UI_ACTOR in the SDK's headers, which Swift imports as `@MainActor` with
// pre-concurrency leniency (the SDK predates Swift concurrency). `@preconcurrency @MainActor` reproduces that:
// Swift 5 code may touch them from nonisolated code without a diagnostic, as with the real SDK, while Swift 6 code
// gets the same errors it would get on iOS.

// The real UIKit re-exports Foundation: `import UIKit` alone gives `Bundle`, `NSCoder`, `String(describing:)`…
@_exported import Foundation

@preconcurrency @MainActor
open class UIResponder: NSObject {}

@preconcurrency @MainActor
open class UIView: UIResponder {
    public struct AutoresizingMask: OptionSet, Sendable {
        public let rawValue: UInt

        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        public static let flexibleWidth = AutoresizingMask(rawValue: 1 << 1)
        public static let flexibleHeight = AutoresizingMask(rawValue: 1 << 4)
    }

    open var frame: CGRect = .zero
    open var bounds: CGRect = .zero
    open var autoresizingMask: UIView.AutoresizingMask = []
    open private(set) var subviews: [UIView] = []

    public override init() {
        super.init()
    }

    open func addSubview(_ view: UIView) {
        subviews.append(view)
    }
}

@preconcurrency @MainActor
open class UIViewController: UIResponder {
    /// The controller this one presents modally, if any.
    open private(set) var presentedViewController: UIViewController?
    open var title: String?
    // Implicitly unwrapped, as in the SDK: reading it loads the view.
    open var view: UIView! = UIView()
    open private(set) var children: [UIViewController] = []
    open var isModalInPresentation = false

    // Designated initialisers of UIViewController.
    public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init()
    }

    // `required` because UIViewController adopts NSCoding; storyboards and nibs create controllers through it.
    public required init?(coder: NSCoder) {
        super.init()
    }

    // NSObject's `init()`, which the SDK lets every view controller inherit: it loads the nib named after the class.
    public convenience override init() {
        self.init(nibName: nil, bundle: nil)
    }

    /// The nearest navigation controller above this one (declared in a UIKit extension in the SDK).
    open var navigationController: UINavigationController? { nil }

    open func viewDidLoad() {}

    open func viewWillAppear(_ animated: Bool) {}

    open func viewIsAppearing(_ animated: Bool) {}

    open func viewDidAppear(_ animated: Bool) {}

    open func viewWillDisappear(_ animated: Bool) {}

    open func viewDidDisappear(_ animated: Bool) {}

    open func addChild(_ childController: UIViewController) {
        children.append(childController)
    }

    open func didMove(toParent parent: UIViewController?) {}

    open func present(
        _ viewControllerToPresent: UIViewController,
        animated flag: Bool,
        completion: (() -> Void)? = nil
    ) {
        presentedViewController = viewControllerToPresent
        completion?()
    }

    open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        presentedViewController = nil
        completion?()
    }
}

@preconcurrency @MainActor
open class UINavigationController: UIViewController {
    open var viewControllers: [UIViewController] = []

    open var topViewController: UIViewController? { viewControllers.last }

    public init(rootViewController: UIViewController) {
        viewControllers = [rootViewController]
        super.init(nibName: nil, bundle: nil)
    }

    // Overriding both designated initialisers keeps `UINavigationController()` available, as in the SDK.
    public override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) {
        super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil)
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    open func pushViewController(_ viewController: UIViewController, animated: Bool) {
        viewControllers.append(viewController)
    }

    @discardableResult
    open func popViewController(animated: Bool) -> UIViewController? {
        viewControllers.popLast()
    }

    open func setViewControllers(_ viewControllers: [UIViewController], animated: Bool) {
        self.viewControllers = viewControllers
    }

    open var isNavigationBarHidden = false

    open func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        isNavigationBarHidden = hidden
    }
}

@preconcurrency @MainActor
open class UIStoryboard: NSObject {
    public init(name: String, bundle storyboardBundleOrNil: Bundle?) {
        super.init()
    }

    open func instantiateInitialViewController() -> UIViewController? {
        nil
    }

    // The SDK raises an Objective-C exception for an unknown identifier; the stand-in has no scenes to look in.
    open func instantiateViewController(withIdentifier identifier: String) -> UIViewController {
        UIViewController()
    }
}

@preconcurrency @MainActor
open class UIAlertController: UIViewController {
    public enum Style: Int, Sendable {
        case actionSheet = 0
        case alert = 1
    }

    open private(set) var actions: [UIAlertAction] = []

    public convenience init(title: String?, message: String?, preferredStyle: UIAlertController.Style) {
        self.init(nibName: nil, bundle: nil)
        self.title = title
    }

    open func addAction(_ action: UIAlertAction) {
        actions.append(action)
    }
}

@preconcurrency @MainActor
open class UIAlertAction: NSObject {
    public enum Style: Int, Sendable {
        case `default` = 0
        case cancel = 1
        case destructive = 2
    }

    open private(set) var title: String?

    public convenience init(
        title: String?,
        style: UIAlertAction.Style,
        handler: ((UIAlertAction) -> Void)? = nil
    ) {
        self.init()
        self.title = title
    }
}

// Unlike the controllers above, UIColor is not NS_SWIFT_UI_ACTOR in the SDK: it is NS_SWIFT_SENDABLE (iOS 18 SDK
// headers), which Swift imports as an `@unchecked Sendable` class usable from any isolation. Its NSSecureCoding and
// NSCopying conformances are left out, as nothing here uses them.
open class UIColor: NSObject, @unchecked Sendable {
    // The SDK's `systemGreenColor` and `systemRedColor` class properties, renamed by Swift's import rules.
    open class var systemGreen: UIColor { UIColor() }

    open class var systemRed: UIColor { UIColor() }
}
