import Foundation
import Gtk
import Lightbox

/// `lightbox-bench app-child import-page <first-screen | stall [--open]> LIBRARY CARD`: the app
/// launched on `LIBRARY` (its main window), left to settle (the launch's scan, the pictures'
/// hashes, its thumbnails), then the import window opened on `CARD` as `lightbox --import CARD`
/// opens it (`LightboxApplication.openImport(from:)`):
///
/// - `first-screen`: milliseconds from opening the window to the end of the first frame it
///   paints with the lines on screen showing every thumbnail (`PhotoImportController
///   .isFirstScreenShown`); also to its first frame with lines (the listing) and to the card
///   read (Import possible).
/// - `stall`: the Photos page shown and its list scrolled down and up, a step per frame, while
///   the card is imported (Import once the card is read; the import window then closed, the
///   import going on behind it, or with `--open` left open beside the main window): the longest
///   gap between two frames of the main window, from the import's start to its end, and on
///   until the Photos page lists every copy.
@MainActor
enum ImportPageRun {
    /// Frames from the top of the Photos list to its end (then back up as many).
    static let framesPerPass = 240
    /// Gaps longer than this are counted (a frame at 20 fps).
    static let longGap: UInt64 = 50_000_000

    static func start(_ arguments: [String]) -> Never {
        let operands = arguments.filter { !$0.hasPrefix("--") }
        guard operands.count == 3 else {
            FileHandle.standardError.write(Data("usage: lightbox-bench app-child import-page MODE LIBRARY CARD\n".utf8))
            exit(2)
        }
        let (mode, library, card) = (operands[0], operands[1], operands[2])
        // The background pass has hashed every photo's picture first.
        let hashed: @MainActor (CatalogStore) async -> Void = { store in
            _ = await withCheckedContinuation { continuation in
                HashPass.wait(catalog: store.catalog, folder: library, since: monotonicNanoseconds(), timeout: 300) {
                    continuation.resume(returning: $0)
                }
            }
        }
        AlbumBenchmarkChild.afterSettling(library, settle: hashed) { app, window, store in
            switch mode {
            case "first-screen":
                AppBenchmarkChild.finish(try await firstScreen(of: card, app: app))
            case "stall":
                AppBenchmarkChild.finish(
                    try await stall(importing: card, app: app, window: window, store: store, keepsOpen: arguments.contains("--open")))
            default:
                throw BenchFailure("unknown import-page mode \(mode)")
            }
        }
    }

    // MARK: The first screen

    private static func firstScreen(of card: String, app: LightboxApplication) async throws -> [String: Double] {
        let start = monotonicNanoseconds()
        guard let controller = app.openImport(from: card) else { throw BenchFailure("no import window") }
        let window = controller.window
        guard window.isRealized else { throw BenchFailure("the import window is not realized once opened") }
        var listed: UInt64?
        let shown: UInt64 = await withCheckedContinuation { continuation in
            afterEachPaint(of: window) {
                let now = monotonicNanoseconds()
                if listed == nil, (ScrollRun.photoList(in: window)?.maximumVerticalOffset ?? 0) > 0 { listed = now }
                guard controller.isFirstScreenShown else { return false }
                continuation.resume(returning: now)
                return true
            }
        }
        let read = await tick(of: window, until: { controller.isRead })
        return [
            "first_screen_ms": milliseconds(from: start, to: shown),
            "list_ms": milliseconds(from: start, to: listed ?? shown),
            "read_ms": milliseconds(from: start, to: read),
        ]
    }

    /// Calls `isDone` after each frame `window` paints until it returns true.
    private static func afterEachPaint(of window: Window, _ isDone: @escaping @MainActor () -> Bool) {
        window.onNextPaint {
            guard isDone() else { return afterEachPaint(of: window, isDone) }
        }
    }

    /// The time of the first frame (of `window`'s clock) at which `condition()` holds.
    private static func tick(of window: Window, until condition: @escaping @MainActor () -> Bool) async -> UInt64 {
        await withCheckedContinuation { continuation in
            window.addTickCallback { _ in
                guard condition() else { return true }
                continuation.resume(returning: monotonicNanoseconds())
                return false
            }
        }
    }

    // MARK: The stall

    private static func stall(
        importing card: String, app: LightboxApplication, window: Window, store: CatalogStore, keepsOpen: Bool
    ) async throws -> [String: Double] {
        try await AlbumBenchmarkChild.show("photos", in: window)
        guard let scrolled = ScrollRun.photoList(in: window), scrolled.maximumVerticalOffset > 0 else {
            throw BenchFailure("no Photos list to scroll")
        }
        guard let controller = app.openImport(from: card) else { throw BenchFailure("no import window") }
        _ = await tick(of: window, until: { controller.isRead })
        try? await Task.sleep(for: .seconds(1))
        let before = store.photos.count

        // The main window's frames, the Photos list scrolled a step in each, from here on.
        var frame = 0
        var lastTick: UInt64 = 0
        var started: UInt64 = .max
        var ended: UInt64?
        var listedAt: UInt64?
        var longest: (gap: UInt64, end: UInt64) = (0, 0)
        var longestUntilListed: UInt64 = 0
        var longGaps = 0
        var frames = 0
        var expected = Int.max
        let second: UInt64 = 1_000_000_000
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            scrolled.addTickCallback { _ in
                let now = monotonicNanoseconds()
                // A second of scrolling first, then Import (within this frame: its own work is the import's).
                if frame == 60 {
                    started = now
                    controller.startImport()
                    if !keepsOpen { controller.window.close() }
                }
                if lastTick != 0, now > started {
                    let gap = now - lastTick
                    if ended == nil {
                        frames += 1
                        if gap > longest.gap { longest = (gap, now) }
                        if gap > longGap { longGaps += 1 }
                    }
                    if listedAt == nil { longestUntilListed = max(longestUntilListed, gap) }
                }
                lastTick = now
                frame += 1
                let phase = Double(frame % (2 * framesPerPass)) / Double(framesPerPass)
                scrolled.verticalOffset = scrolled.maximumVerticalOffset * (phase <= 1 ? phase : 2 - phase)
                if ended == nil, let report = controller.report {
                    ended = now
                    expected = before + report.copied.count
                }
                if ended != nil, listedAt == nil, store.photos.count >= expected, store.isUpToDate { listedAt = now }
                // Done a second after the copies are listed, or ten seconds after the import if they are not.
                guard let ended, now - (listedAt ?? ended) > (listedAt == nil ? 10 * second : second) else { return true }
                continuation.resume()
                return false
            }
        }
        guard let report = controller.report, let ended else { throw BenchFailure("the import did not end") }
        guard report.isComplete, report.failed.isEmpty, !report.copied.isEmpty else {
            throw BenchFailure("the import was not complete: \(report.copied.count) copied, \(report.failed.count) failed")
        }
        return [
            "max_stall_ms": Double(longest.gap) / 1e6,
            "longest_gap_end_ms": milliseconds(from: started, to: longest.end),
            "max_stall_until_listed_ms": Double(longestUntilListed) / 1e6,
            "import_ms": milliseconds(from: started, to: ended),
            // -1: not all listed ten seconds after the import.
            "listed_ms": listedAt.map { milliseconds(from: started, to: $0) } ?? -1,
            "photos_before": Double(before), "photos_after": Double(store.photos.count),
            "gaps_over_50_ms": Double(longGaps),
            "frames": Double(frames),
            "copied": Double(report.copied.count),
        ]
    }

    private static func milliseconds(from start: UInt64, to end: UInt64) -> Double {
        (Double(end) - Double(start)) / 1e6
    }
}
