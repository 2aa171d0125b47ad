import Foundation
import Lightbox

let arguments = CommandLine.arguments
if arguments.count > 1, arguments[1] == "--help" || arguments[1] == "-h" {
    print(HelpText.text, terminator: "")
    exit(0)
}
if arguments.contains("--version") {
    print("\(AppInfo.name) \(AppInfo.version)")
    exit(0)
}
if arguments.count > 1, arguments[1] == "--list" {
    exit(ListCommand.run(Array(arguments.dropFirst(2))))
}

let status = MainActor.assumeIsolated {
    LightboxApplication().run(arguments: arguments)
}
exit(status)
