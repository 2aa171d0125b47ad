import Foundation
import Lightbox

let arguments = CommandLine.arguments
if arguments.contains("--version") {
    print("\(AppInfo.name) \(AppInfo.version)")
    exit(0)
}

let status = MainActor.assumeIsolated {
    LightboxApplication().run(arguments: arguments)
}
exit(status)
