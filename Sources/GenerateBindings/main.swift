import Foundation
import GirGenerator

// Usage: generate-bindings [GIR directory] [package root]
// Regenerates each allow-list's sources and tests (Sources/Gtk/Generated,
// Sources/Adw/Generated and their tests) from the GIR files.
let arguments = CommandLine.arguments.dropFirst()
let girDirectory = URL(fileURLWithPath: arguments.first ?? "/usr/share/gir-1.0")
let root = URL(fileURLWithPath: arguments.dropFirst().first ?? FileManager.default.currentDirectoryPath)

do {
    for allowList in [AllowList.lightbox, .adwaita] {
        var generator = try Generator(girDirectory: girDirectory, allowList: allowList)
        for (folder, files) in [
            (allowList.sourcesFolder, try generator.generateSources()),
            (allowList.testsFolder, try generator.generateTests()),
        ] {
            let directory = root.appendingPathComponent(folder)
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, contents) in files {
                try contents.write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            print("\(folder): \(files.count) files")
        }
    }
} catch {
    FileHandle.standardError.write(Data("generate-bindings: \(error)\n".utf8))
    exit(1)
}
