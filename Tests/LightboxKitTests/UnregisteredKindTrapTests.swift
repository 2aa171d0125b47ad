import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

/// In a debug build an unregistered row kind is a precondition failure naming the kind
/// and the position. That stops the process, so the test runs it in a child process.
final class UnregisteredKindTrapTests: GtkTestCase, @unchecked Sendable {
    private static let childVariable = "LIGHTBOX_UNREGISTERED_KIND_CHILD"

    func testUnregisteredKindStopsTheProcessNamingKindAndPosition() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["LightboxKitTests.UnregisteredKindTrapTests/testChildBindsAnUnregisteredKind"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = "1"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the child must stop, not return")
        XCTAssertTrue(output.contains("ArrayDataSource: No row registered for kind \"pair\" (item at position 1)"),
                      "child stderr: \(output.suffix(2_000))")
    }

    /// The child's side; skipped unless started by the test above.
    func testChildBindsAnUnregisteredKind() throws {
        guard ProcessInfo.processInfo.environment[Self.childVariable] != nil else {
            throw XCTSkip("runs only as the child process of testUnregisteredKindStopsTheProcessNamingKindAndPosition")
        }
        MainActor.assumeIsolated {
            let source = ArrayDataSource([Contact(id: 0, title: "a"), Contact(id: 1, title: "b", isPair: true)])
            source.unregisteredKindPolicy = .trap
            source.kindOfItem = { $0.isPair ? "pair" : .standard }
            source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
            let window = Window()
            window.child = source.makeListView()
            show(window)
            pump(for: 1)
        }
    }
}
