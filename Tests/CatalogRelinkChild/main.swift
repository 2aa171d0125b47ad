import Foundation
import Lightbox

// Test helper for PhotoIdentityTests: moves every photo of FOLDER/a to FOLDER/b (or back)
// and scans FOLDER, so the catalog finds each photo again at its new path, over and over,
// printing "<round>" after each scan, until the test kills it with SIGKILL.
// Usage: CatalogRelinkChild CATALOG FOLDER
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: CatalogRelinkChild CATALOG FOLDER\n".utf8))
    exit(2)
}
do {
    let folder = arguments[2]
    var scanner = PhotoScanner()
    scanner.workers = nil
    let sync = CatalogSync(catalog: try Catalog(path: arguments[1]), scanner: scanner)
    var round = 0
    while true {
        let (from, to) = round % 2 == 0 ? ("a", "b") : ("b", "a")
        try FileManager.default.createDirectory(atPath: "\(folder)/\(to)", withIntermediateDirectories: true)
        for name in try FileManager.default.contentsOfDirectory(atPath: "\(folder)/\(from)") {
            guard rename("\(folder)/\(from)/\(name)", "\(folder)/\(to)/\(name)") == 0 else { exit(3) }
        }
        _ = try sync.run(folder: folder)
        FileHandle.standardOutput.write(Data("\(round)\n".utf8))
        round += 1
    }
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
