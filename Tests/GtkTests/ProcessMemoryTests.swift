import Foundation
import Gtk
import XCTest

final class ProcessMemoryTests: XCTestCase {
    /// Resident memory in MB, from /proc.
    private func residentMB() -> Double {
        let fields = (try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8))?.split(separator: " ") ?? []
        return Double(fields.count > 1 ? Int(fields[1]) ?? 0 : 0) * Double(getpagesize()) / 1_048_576
    }

    /// Small blocks freed by a thread while a few neighbours live on stay resident until
    /// given back.
    func testFreedMemoryOfOtherThreadsGoesBackToTheSystem() {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var survivors: [[UInt8]] = []
        Thread.detachNewThread {
            var blocks = (0..<200_000).map { [UInt8](repeating: UInt8($0 % 251), count: 500) }
            survivors = stride(from: 0, to: blocks.count, by: 64).map { blocks[$0] }
            blocks = []
            done.signal()
        }
        done.wait()
        let before = residentMB()
        ProcessMemory.returnFreedMemory()
        let after = residentMB()
        XCTAssertGreaterThan(before - after, 50, "about 100 MB were freed (\(before) MB → \(after) MB)")
        XCTAssertEqual(survivors.count, 3_125)
        XCTAssertEqual(survivors[1].first, UInt8(64 % 251), "the blocks still in use are intact")
    }
}
