// Declaration-level equivalent of Infinum's HostingNavigationController (see BaseWireframe.swift here for why).
// Signature from infinum/ios-viper-xcode-templates,
// "Templates/VIPER Templates/Base SwiftUI Hosted Interfaces.xctemplate/HostingNavigationController.swift".

import UIKit

class HostingNavigationController: UINavigationController {
    override func setNavigationBarHidden(_ hidden: Bool, animated: Bool) {
        super.setNavigationBarHidden(hidden, animated: animated)
    }
}
