// ___FILENAME___ in ___VARIABLE_folder___ of ___PRODUCTNAME___
