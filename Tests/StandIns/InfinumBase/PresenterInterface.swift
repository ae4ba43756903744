// Declaration-level equivalent of Infinum's PresenterInterface (see BaseWireframe.swift here for why).
// Declaration from infinum/ios-viper-xcode-templates,
// "Templates/VIPER Templates/Base Interfaces.xctemplate/PresenterInterface.swift".

protocol PresenterInterface: AnyObject {
}

extension PresenterInterface {
}
