import Foundation
import Gtk
import Lightbox
import LightboxMedia

/// Real key presses (`xdotool` on the bench's display) into the app's window, timed from
/// the moment the window receives each key.
@MainActor
final class KeyRun {
    let window: Window
    let store: CatalogStore
    private var pressed: UInt64 = 0
    private let keys = EventControllerKey()

    init(window: Window, store: CatalogStore) {
        self.window = window
        self.store = store
        keys.useCapturePhase()
        keys.onKey { [unowned self] _, _ in
            pressed = monotonicNanoseconds()
            return false
        }
        window.add(keys)
    }

    /// The slowest of five ratings (0…5 stars on the selected photo): from the key to the
    /// first frame painted after the Store published the new stars.
    func rate() async -> Double {
        await Self.xdotool(["search", "--onlyvisible", "--pid", String(getpid()), "windowfocus", "--sync"])
        var slowest = 0.0
        // Five ratings, each different from the stars before (an unchanged rating shows
        // nothing new); the window selects the first photo.
        let current = store.photos.first?.rating ?? 0
        for stars in (1...5).map({ (current + $0) % 6 }) {
            let token = NSObject()
            let started = monotonicNanoseconds()
            let shown: Double = await withCheckedContinuation { continuation in
                var done = false
                store.observe(owner: token) { [unowned self] update in
                    guard !done, case .updated(let positions) = update.change,
                        positions.contains(where: { update.photos[$0].rating == stars })
                    else { return }
                    done = true
                    window.onNextPaint { [unowned self] in
                        continuation.resume(returning: Double(monotonicNanoseconds() - max(pressed, started)) / 1e6)
                    }
                }
                Task { await Self.xdotool(["key", String(stars)]) }
            }
            slowest = max(slowest, shown)
            withExtendedLifetime(token) {}
        }
        return slowest
    }

    /// The longest gap between two frames while one key rates `count` selected photos (the
    /// first ones of the list): from the frame before the key until a second after the
    /// Store shows every new rating (the catalog commits them in the background meanwhile).
    func rateBatch(_ list: PhotoListSource, count: Int) async -> Double {
        let stars = list.items.first?.rating == 3 ? 2 : 3
        return await batch(list, count: count, key: String(stars)) { $0.rating == stars }
    }

    /// The same for Ctrl+R turning `count` selected photos a quarter clockwise.
    func rotateBatch(_ list: PhotoListSource, count: Int) async -> Double {
        let turned = Dictionary(
            list.items.prefix(count).map { ($0.id, ExifOrientation($0.orientation).turnedClockwise.value) }
        ) { $1 }
        return await batch(list, count: count, key: "ctrl+r") { turned[$0.id] == $0.orientation }
    }

    /// The longest gap between two frames while `key` changes the first `count` photos of the
    /// list, selected, until a second after the Store shows every one `changed`.
    private func batch(_ list: PhotoListSource, count: Int, key: String, changed: @escaping (Photo) -> Bool) async -> Double {
        list.select(positions: 0..<count)
        let ids = Set(list.selectedItems.map(\.id))
        var lastTick: UInt64 = 0
        var longestGap: UInt64 = 0
        var settledAt: UInt64?
        // A few frames for the selection to show, before the key.
        for _ in 0..<5 { await withCheckedContinuation { continuation in window.onNextPaint { continuation.resume() } } }
        return await withCheckedContinuation { continuation in
            window.addTickCallback { [unowned self] _ in
                let now = monotonicNanoseconds()
                if lastTick != 0 { longestGap = max(longestGap, now - lastTick) }
                lastTick = now
                if settledAt == nil, store.isUpToDate, ids.allSatisfy({ store.photo($0).map(changed) == true }) {
                    settledAt = now
                }
                guard let settled = settledAt, now - settled > 1_000_000_000 else { return true }
                store.waitUntilSaved()
                continuation.resume(returning: Double(longestGap) / 1e6)
                return false
            }
            Task { await Self.xdotool(["key", key]) }
        }
    }

    /// The longest gap between two frames while `text` is typed into the search, letter
    /// by letter, until the list shows its results.
    func typeSearch(_ text: String) async -> Double {
        var lastTick: UInt64 = 0
        var longestGap: UInt64 = 0
        var typed = false
        return await withCheckedContinuation { continuation in
            window.addTickCallback { [unowned self] _ in
                let now = monotonicNanoseconds()
                if lastTick != 0 { longestGap = max(longestGap, now - lastTick) }
                lastTick = now
                guard typed, store.searchText == text, store.isUpToDate else { return true }
                continuation.resume(returning: Double(longestGap) / 1e6)
                return false
            }
            Task {
                await Self.xdotool(["key", "ctrl+f"])
                await Self.xdotool(["type", "--delay", "250", text])
                typed = true
            }
        }
    }

    /// Runs xdotool off the main thread.
    static func xdotool(_ arguments: [String]) async {
        await Task.detached {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/xdotool")
            process.arguments = arguments
            process.standardOutput = FileHandle.nullDevice
            try? process.run()
            process.waitUntilExit()
        }.value
    }
}
