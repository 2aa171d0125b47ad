import Foundation

// lightbox-bench SUBJECT [--json]: one file per subject.
let arguments = Array(CommandLine.arguments.dropFirst())
switch arguments.first {
case "library":
    LibraryBenchmark.run(arguments: Array(arguments.dropFirst()))
default:
    FileHandle.standardError.write(Data("usage: lightbox-bench library [--json]\n".utf8))
    exit(2)
}
