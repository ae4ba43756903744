//
//  HomeService.swift
//  Shop App
//
//  Created by Ann Smith on 2026-01-31.
//

// folder: ServiceDiskcachewithTests
// productName=Home prefix=com.example kind=Service
// storage=Disk cache=true withTests=true
// bundleID=com.example.Home moduleID=Home legacy=legacy-of-Home
// flagText=cache is true
struct HomeService {}
