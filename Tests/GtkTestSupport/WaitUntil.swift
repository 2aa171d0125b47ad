import Foundation

/// Waits until `condition` holds, `timeout` seconds at most; returns whether it held.
///
/// For what happens outside this process and sends it no event: a child process as `/proc`
/// shows it, a window on the X server, a node on the accessibility bus, rows another process
/// wrote to a database, a socket file a server creates. Between checks the calling thread
/// blocks for `interval` seconds. That is the one timed wait of the tests, kept in this helper
/// because there is nothing else to wait on; tests wait for work in this process with
/// `pump(until:)`, which GLib events and the main queue wake, never with a sleep.
/// Checks that only read `/proc` or a file ask for a shorter interval, checks that start a
/// process (xdotool, the accessibility client) for a longer one.
@discardableResult
public func waitUntil(timeout: Double = 10, interval: Double = 0.05, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while !condition() {
        guard Date() < deadline else { return false }
        usleep(useconds_t(interval * 1_000_000))
    }
    return true
}
