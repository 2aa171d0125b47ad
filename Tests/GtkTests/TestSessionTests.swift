import Foundation
import GtkTestSupport
import XCTest

/// The harness stops every process it started: a test session's bus and what runs on it.
final class TestSessionTests: XCTestCase {
    /// Running, as opposed to gone or a zombie.
    private func isRunning(_ pid: pid_t) -> Bool {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.range(of: ") ", options: .backwards)
        else { return false }
        return !stat[end.upperBound...].hasPrefix("Z")
    }

    /// The socket a bus listens on (dbus-daemon removes it when it ends).
    private func socket(of address: String) throws -> String {
        let path = try XCTUnwrap(address.split(separator: ",").first { $0.hasPrefix("unix:path=") })
        return String(path.dropFirst("unix:path=".count))
    }

    /// What a bus starts (the accessibility bus launcher and registry) is not the bus's child
    /// and only says which bus it serves in its environment: ending the session ends it too.
    func testEndingASessionEndsEveryProcessOnItsBusAndTheBus() throws {
        let session = try TestSession()
        let service = Process()
        service.executableURL = URL(fileURLWithPath: "/bin/sleep")
        service.arguments = ["600"]
        service.environment = ["DBUS_SESSION_BUS_ADDRESS": session.address]
        let unrelated = Process()
        unrelated.executableURL = URL(fileURLWithPath: "/bin/sleep")
        unrelated.arguments = ["600"]
        unrelated.environment = ["DBUS_SESSION_BUS_ADDRESS": session.address + "-other"]
        try service.run()
        try unrelated.run()
        defer { unrelated.terminate() }
        // Until it has exec'd, the child has this process's environment (no bus address).
        XCTAssertTrue(
            waitUntil(interval: 0.001) {
                (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(service.processIdentifier)/exe"))?
                    .hasSuffix("/sleep") == true
            }, "the child runs sleep")
        XCTAssertTrue(isRunning(service.processIdentifier))
        let socket = try socket(of: session.address)
        XCTAssertTrue(FileManager.default.fileExists(atPath: socket), "the bus runs")

        session.end()
        XCTAssertFalse(isRunning(service.processIdentifier), "a process on the bus outlived the session")
        XCTAssertTrue(isRunning(unrelated.processIdentifier), "only processes on this bus are ended")
        XCTAssertFalse(FileManager.default.fileExists(atPath: socket), "the bus outlived the session")
    }
}
