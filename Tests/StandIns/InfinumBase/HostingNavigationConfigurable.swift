// Declaration-level equivalent of Infinum's HostingNavigationConfigurable (see BaseWireframe.swift here for why).
// Declaration from infinum/ios-viper-xcode-templates,
// "Templates/VIPER Templates/Base SwiftUI Hosted Interfaces.xctemplate/HostingNavigationConfigurable.swift".

import UIKit

protocol HostingNavigationConfigurable: AnyObject {
    var shouldHideNavigationBar: Bool { get }
}
