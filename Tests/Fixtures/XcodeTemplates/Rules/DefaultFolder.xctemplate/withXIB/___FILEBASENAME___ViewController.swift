final class ___FILEBASENAME___ViewController {} // with ___FILEBASENAME___ViewController.xib
