import Foundation

/// A `sqlite3` process holding a database in an exclusive transaction, as an app in the
/// middle of saving does, until `release()`.
public final class SQLiteLockHolder {
    public let process = Process()
    private let input = Pipe()
    /// What `sqlite3` printed once it held the lock ("locked\n"; less if it could not).
    public private(set) var said = ""

    public init(path: String) throws {
        let output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [path]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE;\nSELECT 'locked';\n".utf8))
        var data = Data()
        while !String(decoding: data, as: UTF8.self).contains("locked") {
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            data.append(chunk)
        }
        said = String(decoding: data, as: UTF8.self)
    }

    /// Rolls back and quits; `process` ends.
    public func release() {
        input.fileHandleForWriting.write(Data("ROLLBACK;\n.quit\n".utf8))
    }
}
