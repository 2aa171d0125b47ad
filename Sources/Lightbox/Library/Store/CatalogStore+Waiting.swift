import Foundation

/// Waiting for the library to be read and scanned, without polling: a condition is checked
/// now and after each `LibraryEvent` (every change of what it reads sends one).
extension CatalogStore {
    /// Returns once the library's rows are shown and no scan runs: what an import matches
    /// its photos against.
    func waitUntilSettled() async {
        await waitUntil { [unowned self] in !view.isLoading && !isScanning }
    }

    /// Returns once each of `folders` has been scanned since `endedScans` was read, or is
    /// offline, or has left the library, and the library's rows are shown.
    func waitForScans(of folders: [String], since ended: [String: Int]) async {
        await waitUntil { [unowned self] in
            !view.isLoading
                && folders.allSatisfy { folder in
                    !self.folders.contains(folder) || offlineFolders[folder] != nil
                        || sync.endedScans[folder, default: 0] > ended[folder, default: 0]
                }
        }
    }

    /// How many scans of each folder have ended, for `waitForScans(of:since:)`.
    var endedScans: [String: Int] { sync.endedScans }

    /// Returns once `condition` holds.
    func waitUntil(_ condition: @escaping @MainActor () -> Bool) async {
        guard !condition() else { return }
        let waiter = EventWaiter()
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            waiter.continuation = continuation
            observeEvents(owner: waiter) { [weak waiter] _ in
                guard let waiter, let waiting = waiter.continuation, condition() else { return }
                waiter.continuation = nil
                waiting.resume()
            }
        }
        withExtendedLifetime(waiter) {}
    }
}

/// Whom a wait's event handler belongs to: it lives as long as the wait.
@MainActor
private final class EventWaiter {
    var continuation: CheckedContinuation<Void, Never>?
}
