final class ___FILEBASENAME___ViewController {} // code only
