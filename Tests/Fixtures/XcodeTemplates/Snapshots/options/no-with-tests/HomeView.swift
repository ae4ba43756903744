//
//  HomeView.swift
//  Shop App
//
//  Created by Ann Smith on 2026-01-31.
//

// folder: View
// productName=Home prefix=com.example kind=View
// storage=Memory cache=false withTests=false
// bundleID=com.example.Home moduleID=Home legacy=legacy-of-Home
// flagText=cache is false
struct HomeView {}
