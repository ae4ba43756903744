final class HomeViewControllerViewController {} // code only
