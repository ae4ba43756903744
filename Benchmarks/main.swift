// Benchmarks for modgen's library code. Run in release:
//
//     swift run -c release Benchmarks
//
// Each benchmark is a function that prepares its input and calls `measure`; add one by writing such a function and
// calling it below. `swift run -c release Benchmarks render` runs only the measurements whose name contains "render";
// `--print-sample` also prints what the Mustache benchmark renders.

import Foundation
import ModGenKit

do {
    try benchmarkMustacheRendering()
    try benchmarkModuleGeneration()
    try benchmarkXcodeBundle()
    try benchmarkGenerambaTemplate()
    try benchmarkXcodeBounds()
    benchmarkDiff()
    try benchmarkPropertyLists()
    try benchmarkXcodeProjects()
    try benchmarkProjectEditAgainstParse()
    try benchmarkProjectMerge()
    try benchmarkModuleLife()
} catch {
    print("benchmark failed: \(error)")
    exit(1)
}
