// On Apple platforms, `import Foundation` alone gives Combine's ObservableObject and Published (Foundation declares
// them as type aliases of Combine's); Linux Foundation does not. Compiled with every combination, as source, so that
// generated code that imports only Foundation finds them as it would on iOS.

import Combine

typealias ObservableObject = Combine.ObservableObject
typealias Published = Combine.Published
