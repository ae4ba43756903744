// Declaration-level equivalent of Infinum's ViewInterface (see BaseWireframe.swift here for why).
// Declaration from infinum/ios-viper-xcode-templates,
// "Templates/VIPER Templates/Base.xctemplate/ViewInterface.swift".

protocol ViewInterface: AnyObject {
}

extension ViewInterface {
}
