//___FILEHEADER___

// folder: ServiceDiskcache
// productName=___VARIABLE_productName___ prefix=___VARIABLE_prefix___ kind=___VARIABLE_kind___
// storage=___VARIABLE_storage___ cache=___VARIABLE_cache___ withTests=___VARIABLE_withTests___
// bundleID=___VARIABLE_bundleID___ moduleID=___VARIABLE_moduleID___ legacy=___VARIABLE_legacy___
// flagText=___VARIABLE_flagText___
struct ___FILEBASENAME___ {}
