// tests of ___VARIABLE_productName___ (file ___FILENAME___)
