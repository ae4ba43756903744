// Declaration-level equivalent of Infinum's VIPER base wireframe, used by Tests/CompileCheck to prove that generated
// modules also compile against Infinum's own base files. Same names, generic parameter, initialiser, properties and
// UIKit extensions, and, like the original, no actor isolation.
// Signatures from infinum/ios-viper-xcode-templates, "Templates/VIPER Templates/Base.xctemplate/BaseWireframe.swift"
// (identical in "Base Interfaces.xctemplate/BaseWireframe.swift").

import UIKit

protocol WireframeInterface: AnyObject {
}

class BaseWireframe<ViewController> where ViewController: UIViewController {
    private weak var weakViewController: ViewController?
    private var strongViewController: ViewController?

    init(viewController: ViewController) {
        weakViewController = viewController
        strongViewController = viewController
    }
}

extension BaseWireframe: WireframeInterface {
}

extension BaseWireframe {
    var viewController: ViewController {
        defer { strongViewController = nil }
        guard let viewController = weakViewController else {
            preconditionFailure("the wireframe's view controller is gone")
        }
        return viewController
    }

    var navigationController: UINavigationController? {
        viewController.navigationController
    }
}

extension UIViewController {
    func presentWireframe<ViewController>(
        _ wireframe: BaseWireframe<ViewController>,
        animated: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        present(wireframe.viewController, animated: animated, completion: completion)
    }
}

extension UINavigationController {
    func pushWireframe<ViewController>(_ wireframe: BaseWireframe<ViewController>, animated: Bool = true) {
        pushViewController(wireframe.viewController, animated: animated)
    }

    func setRootWireframe<ViewController>(_ wireframe: BaseWireframe<ViewController>, animated: Bool = true) {
        setViewControllers([wireframe.viewController], animated: animated)
    }
}
