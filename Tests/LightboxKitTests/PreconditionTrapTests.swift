import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

/// Programming errors that stop the process with a precondition failure (an
/// unregistered row kind in a debug build, selecting without a view, attaching a view
/// over another model). Each runs in a child process; the test reads its last words.
final class PreconditionTrapTests: GtkTestCase {
    private static let childVariable = "LIGHTBOX_PRECONDITION_CHILD"

    func testUnregisteredKindStopsTheProcessNamingKindAndPosition() throws {
        try expectTrap(
            "unregisteredKind",
            message: "ArrayDataSource: No row registered for kind \"pair\" (item at position 1)")
    }

    func testSelectingWithoutAnAttachedViewStopsTheProcess() throws {
        try expectTrap("selectWithoutView", message: "ArrayDataSource.select: no view attached")
    }

    func testAttachingAViewOverAnotherModelStopsTheProcess() throws {
        try expectTrap(
            "attachForeignView",
            message: "ArrayDataSource.attach: the view's selection model does not wrap this data source")
    }

    func testSpliceOutsideTheModelStopsTheProcess() throws {
        try expectTrap("spliceOutside", message: "splice(at: 5, removed: 1, added: 0) outside 0..<2")
    }

    func testCarryingAnItemOfAnotherModelStopsTheProcess() throws {
        try expectTrap("carryForeignItem", message: "carried item belongs to another model")
    }

    private func expectTrap(_ name: String, message: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["LightboxKitTests.PreconditionTrapTests/testChildProcessHitsAPrecondition"]
        var environment = ProcessInfo.processInfo.environment
        environment[Self.childVariable] = name
        // The child dies of the trap's own signal: without Swift's crash backtracer, which
        // forks a helper that ThreadSanitizer (when the suite runs under it) stops with an
        // exit status instead. The precondition's message is printed either way.
        environment["SWIFT_BACKTRACE"] = "enable=no"
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(process.terminationReason, .uncaughtSignal, "the child must stop, not return", file: file, line: line)
        XCTAssertTrue(output.contains(message), "child stderr: \(output.suffix(2_000))", file: file, line: line)
    }

    /// The child's side; skipped unless started by one of the tests above.
    func testChildProcessHitsAPrecondition() throws {
        guard let name = ProcessInfo.processInfo.environment[Self.childVariable] else {
            throw XCTSkip("runs only as the child process of the other PreconditionTrapTests")
        }
        let source = ArrayDataSource([Contact(id: 0, title: "a"), Contact(id: 1, title: "b", isPair: true)])
        source.register(TitledRow.self) { row, contact in row.configure(with: contact) }
        switch name {
        case "unregisteredKind":
            source.unregisteredKindPolicy = .trap
            source.kindOfItem = { $0.isPair ? "pair" : .standard }
            let window = Window()
            window.child = source.makeListView()
            show(window)
            // Binding the row of the unregistered kind stops the process before this holds.
            pump(until: { source.boundRowCount == 2 }, "the child to stop at the unregistered kind")
        case "selectWithoutView":
            source.select(at: 0)
        case "spliceOutside":
            source.model.splice(at: 5, removed: 1, added: 0)
        case "carryForeignItem":
            let other = LazyListModel()
            other.splice(at: 0, removed: 0, added: 1)
            let foreign = other.item(at: 0)!
            source.model.splice(at: 0, removed: 0, added: 1, carrying: [0: foreign])
        default:
            let other = ArrayDataSource([Contact(id: 0, title: "other")])
            source.attach(other.makeListView())
        }
    }
}
