// Declaration-level equivalent of Infinum's LazyHostingViewController (see BaseWireframe.swift here for why): a
// UIKit controller generic over its SwiftUI root view, which is set after initialisation.
// Signatures from infinum/ios-viper-xcode-templates,
// "Templates/VIPER Templates/Base SwiftUI Hosted Interfaces.xctemplate/LazyHostingViewController.swift".

import SwiftUI
import UIKit

class LazyHostingViewController<RootView: View>: UIViewController {
    var rootView: RootView!
    private let isNavigationBarHidden: Bool

    init(isNavigationBarHidden: Bool = true, isModalInPresentation: Bool = false) {
        self.isNavigationBarHidden = isNavigationBarHidden
        super.init(nibName: nil, bundle: nil)
        self.isModalInPresentation = isModalInPresentation
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) {
        fatalError("not available")
    }
}

extension LazyHostingViewController: HostingNavigationConfigurable {
    var shouldHideNavigationBar: Bool { isNavigationBarHidden }
}
