// Declaration-level equivalent of Infinum's storyboard helper (see BaseWireframe.swift here for why).
// Signature from infinum/ios-viper-xcode-templates,
// "Templates/VIPER Templates/Base Interfaces.xctemplate/UIStoryboardExtension.swift".

import UIKit

extension UIStoryboard {
    func instantiateViewController<T: UIViewController>(
        ofType _: T.Type,
        withIdentifier identifier: String? = nil
    ) -> T {
        guard let viewController = instantiateViewController(withIdentifier: identifier ?? "\(T.self)") as? T else {
            preconditionFailure("the storyboard scene is not a \(T.self)")
        }
        return viewController
    }
}
