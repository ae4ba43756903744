import Foundation
import ModGenKit

@main
struct Modgen {
    static func main() {
        for path in CommandLine.arguments.dropFirst() {
            let text = try! String(contentsOfFile: path, encoding: .utf8)
            do {
                let doc = try JSONDocument(parsing: text, fileName: path)
                print(path, doc.root["tests"]?.arrayValue?.count ?? -1, doc.positions.count)
            } catch { print(error.message) }
        }
    }
}
