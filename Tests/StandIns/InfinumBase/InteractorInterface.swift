// Declaration-level equivalent of Infinum's InteractorInterface (see BaseWireframe.swift here for why).
// Declaration from infinum/ios-viper-xcode-templates,
// "Templates/VIPER Templates/Base.xctemplate/InteractorInterface.swift".

protocol InteractorInterface: AnyObject {
}

extension InteractorInterface {
}
