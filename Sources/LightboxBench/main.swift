import Foundation
import Lightbox

// lightbox-bench <subcommand> [--json]
// Each subcommand lives in its own file and registers itself in `benchmarks`.
let benchmarks: [String: @MainActor (_ json: Bool) -> Void] = [
    "model": runModelBenchmark,
    "library": { json in LibraryBenchmark.run(arguments: json ? ["--json"] : []) },
    "app": AppBenchmark.run,
    "first-scan": AppBenchmark.runFirstScan,
    "startup": StartupBenchmark.run,
    "identity": { json in IdentityBenchmark.runAlone(json: json) },
    "duplicates": { json in DuplicatesBenchmark.runAlone(json: json) },
    "videos": { json in VideoBenchmark.runAlone(json: json) },
    "catalog": CatalogBenchmark.run,
    "import": ImportBenchmark.run,
    "card-import": CardImportBenchmark.run,
    "export": ExportBenchmark.run,
]

let arguments = CommandLine.arguments.dropFirst()
// The library benchmark's worker processes (`WorkerPool` starts this executable again).
if arguments.first == DecoderWorker.argument { DecoderWorker.run() }
if arguments.first == "app-child" {
    MainActor.assumeIsolated { AppBenchmarkChild.run(Array(arguments.dropFirst())) }
}
let json = arguments.contains("--json")
guard let name = arguments.first(where: { !$0.hasPrefix("--") }), let run = benchmarks[name] else {
    FileHandle.standardError.write(Data("usage: lightbox-bench <\(benchmarks.keys.sorted().joined(separator: "|"))> [--json]\n".utf8))
    exit(2)
}
MainActor.assumeIsolated { run(json) }
