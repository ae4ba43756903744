// folder UIViewController
class Home: UIViewController {}
