//
//  Home.swift
//  Shop App
//
//  Created by Ann Smith on 2026-01-31.
//

import UIKit

class Home: UIViewController {
}
