// Declaration-level equivalent of Infinum's FormatterInterface (see BaseWireframe.swift here for why).
// Declaration from infinum/ios-viper-xcode-templates,
// "Templates/VIPER Templates/Base SwiftUI Hosted Interfaces.xctemplate/FormatterInterface.swift".

protocol FormatterInterface: AnyObject {
}

extension FormatterInterface {
}
