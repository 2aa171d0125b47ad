import Foundation
import Gtk
import Lightbox

let arguments = PathBytes.commandLineArguments
// A helper process of the app's own (`WorkerPool`): decodes files, never opens a window.
if arguments.count > 1, arguments[1] == DecoderWorker.argument {
    DecoderWorker.run()
}
// Before any text is made and before GTK starts: the locale and the app's translations.
TranslationCatalogs.start()
if arguments.count > 1, arguments[1] == "--help" || arguments[1] == "-h" {
    print(HelpText.text, terminator: "")
    exit(0)
}
if arguments.contains("--version") {
    print("\(AppInfo.name) \(AppInfo.version)")
    exit(0)
}
// Files are read and decoded in helper processes of this same executable.
WorkerPool.shared = WorkerPool()
if arguments.count > 1, arguments[1] == "--list" {
    exit(ListCommand.run(Array(arguments.dropFirst(2))))
}
if arguments.count > 1, arguments[1] == "--duplicates" {
    exit(DuplicatesCommand.run(Array(arguments.dropFirst(2))))
}
// Without --into, the window's import page for SOURCE.
let importsInWindow = arguments.count == 3 && arguments[1] == "--import" && !arguments[2].hasPrefix("-")
if arguments.count > 1, arguments[1] == "--import", !importsInWindow {
    exit(PhotoImportCommand.run(Array(arguments.dropFirst(2))))
}
if arguments.count > 1, arguments[1] == "--import-from" {
    exit(MainActor.assumeIsolated { ImportCommand.run(Array(arguments.dropFirst(2))) })
}

let status = MainActor.assumeIsolated {
    let application = LightboxApplication()
    guard importsInWindow else { return application.run(arguments: arguments) }
    application.importSource = (URL(fileURLWithPath: arguments[2]).path as NSString).standardizingPath
    return application.run(arguments: [arguments[0]])
}
exit(status)
