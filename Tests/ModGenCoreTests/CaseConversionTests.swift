import Testing

@testable import ModGenCore

@Suite struct CaseConversionTests {
    @Test(arguments: [
        ("HomeScreen", "homeScreen", "home_screen", "home-screen", "HomeScreen"),
        ("home_screen", "homeScreen", "home_screen", "home-screen", "HomeScreen"),
        ("URLSession", "urlSession", "url_session", "url-session", "URLSession"),
        ("Home2Detail", "home2Detail", "home2_detail", "home2-detail", "Home2Detail"),
        ("flowController", "flowController", "flow_controller", "flow-controller", "FlowController"),
        ("Home", "home", "home", "home", "Home"),
    ])
    func convertsBetweenStyles(input: String, camel: String, snake: String, kebab: String, upper: String) {
        #expect(CaseConversion.lowerCamel(input) == camel)
        #expect(CaseConversion.snake(input) == snake)
        #expect(CaseConversion.kebab(input) == kebab)
        #expect(CaseConversion.upperCamel(input) == upper)
    }
}
