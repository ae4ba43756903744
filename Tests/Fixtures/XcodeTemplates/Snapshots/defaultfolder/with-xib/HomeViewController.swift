final class HomeViewControllerViewController {} // with HomeViewControllerViewController.xib
