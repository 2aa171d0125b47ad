import Foundation
import XCTest

/// The locale and time zone in which tests compare the app's dates with literal text
/// ("12 March 2024, 14:05"): English month names, clock times in UTC.
public enum PinnedLocale {
    /// What pins them for a process.
    public static let environment = ["LC_ALL": "C.UTF-8", "LANG": "C.UTF-8", "TZ": "UTC"]
    private static let childVariable = "LIGHTBOX_PINNED_LOCALE_CHILD"

    /// Whether this process writes dates that way. Foundation reads the locale and the time
    /// zone once, before the first test runs: setting the environment later changes nothing.
    public static var isInEffect: Bool {
        let formatter = DateFormatter()
        formatter.dateFormat = "d MMMM yyyy HH:mm"
        return formatter.string(from: Date(timeIntervalSince1970: 0)) == "1 January 1970 00:00"
    }

    /// Returns true when `test` can go on in this process (the pinned locale is in effect).
    /// Otherwise runs `test` again in a child process started with `environment`, reports
    /// the child's failures as this test's, and returns false: the test then returns.
    public static func isInEffect(for test: XCTestCase, file: StaticString = #filePath, line: UInt = #line) -> Bool {
        if isInEffect { return true }
        guard ProcessInfo.processInfo.environment[childVariable] == nil else {
            XCTFail("\(environment) did not pin the locale and time zone of the child process", file: file, line: line)
            return false
        }
        let method = test.name.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" }).last.map(String.init) ?? ""
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = ["\(String(reflecting: type(of: test)))/\(method)"]
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .merging([childVariable: "1"]) { $1 }
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        do { try process.run() } catch {
            XCTFail("could not run the test again in \(environment): \(error)", file: file, line: line)
            return false
        }
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        XCTAssertEqual(
            process.terminationStatus, 0, "run again with \(environment):\n\(printed.suffix(4_000))",
            file: file, line: line)
        return false
    }
}
