import Foundation

/// Timing and output helpers shared by the benchmark subcommands.
enum Bench {
    /// Seconds taken by `body`.
    static func seconds(_ body: () -> Void) -> Double {
        let start = ContinuousClock.now
        body()
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The smallest of `runs` measurements (the least disturbed by other processes).
    static func best(of runs: Int, _ measure: () -> Double) -> Double {
        (0..<runs).map { _ in measure() }.min()!
    }

    /// The best of `runs` measurements of two contenders, run alternately so that load
    /// from other processes hits both alike, each going first in turn (what runs second
    /// meets the memory the first one just freed).
    static func sideBySide(runs: Int, _ first: () -> Double, _ second: () -> Double) -> (Double, Double) {
        var best = (Double.infinity, Double.infinity)
        for run in 0..<runs {
            if run % 2 == 0 {
                best.0 = min(best.0, first())
                best.1 = min(best.1, second())
            } else {
                best.1 = min(best.1, second())
                best.0 = min(best.0, first())
            }
        }
        return best
    }

    /// Resident set size of this process, in bytes.
    static func residentBytes() -> Int {
        guard let statm = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = statm.split(separator: " ")
        return (Int(fields[1]) ?? 0) * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// CPU time the calling thread has used (user and system), in milliseconds.
    static func threadCPUMilliseconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_THREAD_ID, &usage)
        let seconds = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
        return seconds * 1000 + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000
    }

    /// Prints `values` as one JSON object (sorted keys) or as aligned text.
    static func report(_ values: [String: Double], json: Bool) {
        if json {
            let body = values.keys.sorted().map { "\"\($0)\": \(format($0, values[$0]!))" }
            print("{" + body.joined(separator: ", ") + "}")
        } else {
            for key in values.keys.sorted() { print(key.padding(toLength: 44, withPad: " ", startingAt: 0), format(key, values[key]!)) }
        }
    }

    private static func format(_ key: String, _ value: Double) -> String {
        String(format: value >= 100 ? "%.0f" : "%.3g", value)
    }
}

/// Linux's `RUSAGE_THREAD` (Glibc does not export the macro to Swift).
private let RUSAGE_THREAD_ID = __rusage_who_t(1)
