//
//  Home.swift
//  Shop App
//
//  Created by Ann Smith on 2026-01-31.
//

// identifier: title=My_App_2_0__beta_____quoted_ path=_Users_ann_Projects_Shop_app_ digits=2nd_Caf___
// c99ExtIdentifier: title=My_App_2_0__beta_____quoted_ path=_Users_ann_Projects_Shop_app_ digits=_nd_Café_Ω
// rfc1034Identifier: title=My-App-2-0--beta-----quoted- path=-Users-ann-Projects-Shop-app- digits=2nd-Caf---
// bundleIdentifier: title=My-App-2.0--beta-----quoted- path=-Users-ann-Projects-Shop.app- digits=2nd-Caf---
// xml: title=My App 2.0 &lt;beta&gt; &amp; &quot;quoted&quot; path=/Users/ann/Projects/Shop.app/ digits=2nd Café-Ω
// lastPathComponent: title=My App 2.0 <beta> & "quoted" path=Shop.app digits=2nd Café-Ω
// deletingLastPathComponent: title= path=/Users/ann/Projects digits=
// pathExtension: title=0 <beta> & "quoted" path=app digits=
// deletingPathExtension: title=My App 2 path=/Users/ann/Projects/Shop digits=2nd Café-Ω
// deletingTrailingDot: title=My App 2.0 <beta> & "quoted" path=/Users/ann/Projects/Shop.app/ digits=2nd Café-Ω
// quoteIfNeeded: title="My App 2.0 <beta> & \"quoted\"" path=/Users/ann/Projects/Shop.app/ digits="2nd Café-Ω"
// case-insensitive modifier names: My-App-2-0--beta-----quoted- My App 2.0 &lt;beta&gt; &amp; &quot;quoted&quot;
// modifiers left to right: Shop
// Default chain: My_App_2_0__beta_____quoted_-Shop
// FILENAME: [Home.swift]
// FILEBASENAME: [Home]
// FILEBASENAMEASIDENTIFIER: [Home]
// PRODUCTNAME: [Home]
// PROJECTNAME: [Shop App]
// PACKAGENAME: [Shop App]
// TARGETNAME: [Shop App]
// WORKSPACENAME: [Shop App]
// PACKAGENAMEASIDENTIFIER: [Shop_App]
// FULLUSERNAME: [Ann Smith]
// USERNAME: [annsmith]
// ORGANIZATIONNAME: [Acme & Co]
// DATE: [2026-01-31]
// YEAR: [2026]
// TIME: []
// COPYRIGHT: [Copyright © 2026 Acme & Co. All rights reserved.]
// left as written: ___UUID___ ___IMPORTHEADER_cocoaTouchSubclass___ ___VARIABLE_undeclared___ ___FILENAME:shout___
// one pass: My App 2.0 &lt;beta&gt; &amp; &quot;quoted&quot; is not scanned again; _Home keeps one underscore
// ________________________ (a rule of underscores stays)
