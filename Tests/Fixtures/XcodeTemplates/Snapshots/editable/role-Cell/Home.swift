// folder UIViewControllerCell
class HomeCell: UIViewController {}
