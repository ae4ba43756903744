//___FILEHEADER___

// identifier: title=___VARIABLE_title:identifier___ path=___VARIABLE_path:identifier___ digits=___VARIABLE_digits:identifier___
// c99ExtIdentifier: title=___VARIABLE_title:c99ExtIdentifier___ path=___VARIABLE_path:c99ExtIdentifier___ digits=___VARIABLE_digits:c99ExtIdentifier___
// rfc1034Identifier: title=___VARIABLE_title:rfc1034Identifier___ path=___VARIABLE_path:rfc1034Identifier___ digits=___VARIABLE_digits:rfc1034Identifier___
// bundleIdentifier: title=___VARIABLE_title:bundleIdentifier___ path=___VARIABLE_path:bundleIdentifier___ digits=___VARIABLE_digits:bundleIdentifier___
// xml: title=___VARIABLE_title:xml___ path=___VARIABLE_path:xml___ digits=___VARIABLE_digits:xml___
// lastPathComponent: title=___VARIABLE_title:lastPathComponent___ path=___VARIABLE_path:lastPathComponent___ digits=___VARIABLE_digits:lastPathComponent___
// deletingLastPathComponent: title=___VARIABLE_title:deletingLastPathComponent___ path=___VARIABLE_path:deletingLastPathComponent___ digits=___VARIABLE_digits:deletingLastPathComponent___
// pathExtension: title=___VARIABLE_title:pathExtension___ path=___VARIABLE_path:pathExtension___ digits=___VARIABLE_digits:pathExtension___
// deletingPathExtension: title=___VARIABLE_title:deletingPathExtension___ path=___VARIABLE_path:deletingPathExtension___ digits=___VARIABLE_digits:deletingPathExtension___
// deletingTrailingDot: title=___VARIABLE_title:deletingTrailingDot___ path=___VARIABLE_path:deletingTrailingDot___ digits=___VARIABLE_digits:deletingTrailingDot___
// quoteIfNeeded: title=___VARIABLE_title:quoteIfNeeded___ path=___VARIABLE_path:quoteIfNeeded___ digits=___VARIABLE_digits:quoteIfNeeded___
// case-insensitive modifier names: ___VARIABLE_title:RFC1034IDENTIFIER___ ___VARIABLE_title:XML___
// modifiers left to right: ___VARIABLE_path:lastPathComponent,deletingPathExtension,quoteIfNeeded___
// Default chain: ___VARIABLE_chain___
// FILENAME: [___FILENAME___]
// FILEBASENAME: [___FILEBASENAME___]
// FILEBASENAMEASIDENTIFIER: [___FILEBASENAMEASIDENTIFIER___]
// PRODUCTNAME: [___PRODUCTNAME___]
// PROJECTNAME: [___PROJECTNAME___]
// PACKAGENAME: [___PACKAGENAME___]
// TARGETNAME: [___TARGETNAME___]
// WORKSPACENAME: [___WORKSPACENAME___]
// PACKAGENAMEASIDENTIFIER: [___PACKAGENAMEASIDENTIFIER___]
// FULLUSERNAME: [___FULLUSERNAME___]
// USERNAME: [___USERNAME___]
// ORGANIZATIONNAME: [___ORGANIZATIONNAME___]
// DATE: [___DATE___]
// YEAR: [___YEAR___]
// TIME: [___TIME___]
// COPYRIGHT: [___COPYRIGHT___]
// left as written: ___UUID___ ___IMPORTHEADER_cocoaTouchSubclass___ ___VARIABLE_undeclared___ ___FILENAME:shout___
// one pass: ___VARIABLE_title:xml___ is not scanned again; ____FILEBASENAME___ keeps one underscore
// ________________________ (a rule of underscores stays)
