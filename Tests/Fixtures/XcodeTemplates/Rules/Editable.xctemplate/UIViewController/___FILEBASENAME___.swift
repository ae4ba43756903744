// folder UIViewController
class ___FILEBASENAME______VARIABLE_role___: ___VARIABLE_baseClass___ {}
