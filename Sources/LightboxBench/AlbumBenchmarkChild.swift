import Foundation
import Gtk
import Lightbox

/// The album modes of `lightbox-bench app-child`, on the 100,000-photo library once the
/// launch's rescan is over:
///
/// - `album FOLDER`: an album of every tenth photo (10,000), opened from the Albums page as
///   the window opens one, to the first frame that paints its bar and rows; against the same
///   library's search for `P0` (the same 10,000 photos) on the Photos page, alternately, the
///   best of five each; then the album scrolled end to end (`ScrollRun`).
/// - `smart-counts FOLDER`: ten saved searches counted, then one key rates 1,000 selected
///   photos five stars: the longest gap between two frames from the frame before the key
///   until a second after every count shows the new ratings.
@MainActor
enum AlbumBenchmarkChild {
    static let rounds = 5
    static let albumName = "Every Tenth"
    /// Finds the photos named P00000…P09999, as many as the album holds.
    static let baselineSearch = "P0"

    /// A realistic mix of terms and words; `picks` is the one the rating changes.
    static let savedSearches = [
        ("Four Stars", "stars:4"), ("Canon", "camera:canon"), ("2023", "taken:2023"),
        ("Norway", "keyword:norway"), ("Picks", "rejected:no stars:5"), ("RAW", "kind:raw"),
        ("Mapped", "place:yes"), ("Zoom", "nikkor 24-70"), ("Spring Fuji", "taken:2024-03..2024-05 camera:x-t3"),
        ("Phone", "iphone"),
    ]
    static let picks = "Picks"

    /// The window `afterSettling` watches: the first one mapped (the main window).
    private static var mainWindow: Window?

    /// Launches the app on `folder`, and runs `body` once the launch's rescan is over, `settle`
    /// has returned (a run that needs the background hashing done waits for it there) and the
    /// last frames and thumbnails are in. Only the first window mapped (the main window) is
    /// watched: another one the run opens (the import window) is not.
    static func afterSettling(
        _ folder: String, settle: @escaping @MainActor (CatalogStore) async -> Void = { _ in },
        _ body: @escaping @MainActor (LightboxApplication, Window, CatalogStore) async throws -> Void
    ) -> Never {
        let app = LightboxApplication()
        Window.onAnyWindowMapped { window in
            guard mainWindow == nil else { return }
            mainWindow = window
            var scanned = false
            window.addTickCallback { _ in
                guard let store = app.store else { return true }
                scanned = scanned || store.isScanning
                guard scanned, !store.isScanning, store.isUpToDate else { return true }
                Task { @MainActor in
                    await settle(store)
                    try? await Task.sleep(for: .seconds(2))
                    do {
                        try await body(app, window, store)
                    } catch {
                        FileHandle.standardError.write(Data("lightbox-bench app-child: \(error)\n".utf8))
                        exit(1)
                    }
                }
                return false
            }
        }
        exit(app.run(arguments: ["lightbox", folder]))
    }

    // MARK: The album

    static func album(_ folder: String) -> Never {
        afterSettling(folder) { app, window, store in
            guard let list = app.photosPage?.photoList.source else { throw BenchFailure("no Photos page") }
            let all = store.photos.count
            let members = stride(from: 0, to: all, by: 10).map { store.photos[$0].id }
            let album = try store.createAlbum(named: albumName, with: members).album
            let albumShown: @MainActor () -> Bool = {
                store.shownAlbum == album && list.count == members.count && store.isUpToDate && isAlbumBarShown(in: window)
            }
            let everyPhoto: @MainActor () -> Bool = {
                store.shownAlbum == nil && store.searchText.isEmpty && store.isUpToDate && list.count == all
            }
            var open = [Double]()
            var search = [Double]()
            for round in 0..<rounds {
                for opensAlbum in round % 2 == 0 ? [true, false] : [false, true] {
                    if opensAlbum {
                        try await show("albums", in: window)
                        open.append(await timeToFrame(in: window, where: albumShown) { app.openAlbum(album) })
                        // Back to the Albums page and every photo, as the album bar's button does.
                        guard window.activateAction("win.leave-album") else { throw BenchFailure("no win.leave-album") }
                    } else {
                        try await show("photos", in: window)
                        let found: @MainActor () -> Bool = {
                            store.searchText == baselineSearch && store.isUpToDate && list.count == members.count
                        }
                        search.append(await timeToFrame(in: window, where: found) { store.searchText = baselineSearch })
                        store.searchText = ""
                    }
                    await until(everyPhoto, in: window)
                }
            }
            try await show("albums", in: window)
            app.openAlbum(album)
            await until(albumShown, in: window)
            try? await Task.sleep(for: .seconds(1))  // the first thumbnails
            ScrollRun.start(
                in: window, passes: 1,
                carrying: [
                    "album_open_ms": open.min()!, "album_open_slowest_ms": open.max()!, "search_rows_ms": search.min()!,
                    "album_photos": Double(members.count),
                ])
        }
    }

    /// Whether the Photos page's album bar shows (with the album's name).
    static func isAlbumBarShown(in root: Widget) -> Bool {
        var queue = [root]
        while let widget = queue.popLast() {
            if let bar = widget as? AlbumBar { return bar.isMapped && bar.nameLabel.text == albumName }
            queue.append(contentsOf: widget.children)
        }
        return false
    }

    /// Shows one of the window's pages (`win.page`), then waits for its frames to settle.
    static func show(_ page: String, in window: Window) async throws {
        guard window.activateAction("win.page", parameter: Variant(page)) else { throw BenchFailure("no win.page") }
        try? await Task.sleep(for: .milliseconds(700))
    }

    /// Milliseconds from `action` to the end of the first frame painted with `isShown()` true.
    static func timeToFrame(in window: Window, where isShown: @escaping @MainActor () -> Bool, _ action: () -> Void) async -> Double {
        let start = monotonicNanoseconds()
        action()
        return await withCheckedContinuation { continuation in
            watch(window, isShown) { continuation.resume(returning: Double(monotonicNanoseconds() - start) / 1e6) }
        }
    }

    private static func watch(_ window: Window, _ isShown: @escaping @MainActor () -> Bool, _ done: @escaping @MainActor () -> Void) {
        window.onNextPaint {
            guard isShown() else { return watch(window, isShown, done) }
            done()
        }
    }

    /// Waits, frame by frame, until `condition()` holds, then a little more for the frames to settle.
    static func until(_ condition: @escaping @MainActor () -> Bool, in window: Window) async {
        await withCheckedContinuation { continuation in
            window.addTickCallback { _ in
                guard condition() else { return true }
                continuation.resume()
                return false
            }
        }
        try? await Task.sleep(for: .milliseconds(500))
    }

    // MARK: Saved searches

    static func smartCounts(_ folder: String) -> Never {
        afterSettling(folder) { app, window, store in
            guard let page = app.photosPage else { throw BenchFailure("no Photos page") }
            let list = page.photoList.source
            // What `keyword:` finds: every seventh photo.
            let tagged = stride(from: 0, to: store.photos.count, by: 7).map { store.photos[$0].id }
            _ = try store.edit(tagged) { $0.keywords.append("Norway") }
            store.waitUntilSaved()
            var ids: [String: SavedSearch.ID] = [:]
            for (name, query) in savedSearches { ids[name] = try store.saveSearch(named: name, query: query).search }
            let searches = Array(ids.values)
            let token = NSObject()
            var lastPublished = monotonicNanoseconds()
            var published: (() -> Void)?
            store.observeSavedSearches(owner: token) { _ in
                lastPublished = monotonicNanoseconds()
                published?()
            }
            // The Albums page's cards show the counts from then on, as after a visit.
            try await show("albums", in: window)
            try await show("photos", in: window)
            // Every count done, none due.
            await until(
                { searches.allSatisfy { store.savedSearchCount($0) != nil } && monotonicNanoseconds() - lastPublished > 1_500_000_000 },
                in: window)

            await KeyRun.xdotool(["search", "--onlyvisible", "--pid", String(getpid()), "windowfocus", "--sync"])
            list.select(positions: 0..<1_000)
            page.photoList.focusList()
            let selected = list.selectedItems
            let before = store.savedSearchCount(ids[picks]!)!.count
            let expected = before + selected.filter { $0.rating < 5 && !$0.isRejected }.count
            guard expected > before else { throw BenchFailure("the rating would change no count") }
            let rated = Set(selected.map(\.id))
            for _ in 0..<5 { await withCheckedContinuation { continuation in window.onNextPaint { continuation.resume() } } }

            var lastTick: UInt64 = 0
            var longestGap: UInt64 = 0
            var longestGapEnd: UInt64 = 0
            var countedAt: UInt64?
            var pressed: UInt64 = 0
            published = {
                guard countedAt == nil, store.savedSearchCount(ids[picks]!)?.count == expected,
                    searches.allSatisfy({ store.savedSearchCount($0) != nil })
                else { return }
                countedAt = monotonicNanoseconds()
            }
            let stall: Double = await withCheckedContinuation { continuation in
                window.addTickCallback { _ in
                    let now = monotonicNanoseconds()
                    if lastTick != 0, now - lastTick > longestGap { (longestGap, longestGapEnd) = (now - lastTick, now) }
                    lastTick = now
                    guard let counted = countedAt, now - counted > 1_000_000_000 else { return true }
                    continuation.resume(returning: Double(longestGap) / 1e6)
                    return false
                }
                pressed = monotonicNanoseconds()
                Task { await KeyRun.xdotool(["key", "5"]) }
            }
            guard rated.allSatisfy({ store.photo($0)?.rating == 5 }) else { throw BenchFailure("the key did not rate the selection") }
            store.waitUntilSaved()
            withExtendedLifetime(token) {}
            AppBenchmarkChild.finish([
                "smart_counts_stall_ms": stall, "smart_counts_published_ms": Double(countedAt! - pressed) / 1e6,
                "smart_counts_changed": Double(expected - before), "saved_searches": Double(searches.count),
                // Whether the longest gap was the rating's (near the key) or the counts' (near their publishing).
                "smart_counts_longest_gap_end_ms": (Double(longestGapEnd) - Double(pressed)) / 1e6,
            ])
        }
    }
}

extension AppBenchmark {
    /// An album of 10,000 photos opened and scrolled, and ten saved searches counted again
    /// after a rating of 1,000, in the 100,000-photo library.
    static func albums(of folder: String, data: [String: String], environment: BenchEnvironment) throws -> [String: Double] {
        let album = try environment.child(["album", folder], timeout: 900, overrides: data)
        let counts = try environment.child(["smart-counts", folder], timeout: 900, overrides: data)
        let open = album["album_open_ms"] ?? .nan
        let search = album["search_rows_ms"] ?? .nan
        return [
            "album_open_10k_ms": open,
            "album_open_10k_slowest_ms": album["album_open_slowest_ms"] ?? .nan,
            "search_rows_10k_of_100k_ms": search,
            "album_open_10k_ratio_vs_search": open / search,
            "max_main_loop_stall_ms_scroll_album_10k": album["max_main_loop_stall_ms"] ?? .nan,
            "smart_counts_100k_max_stall_ms": counts["smart_counts_stall_ms"] ?? .nan,
            "smart_counts_100k_published_ms": counts["smart_counts_published_ms"] ?? .nan,
            "smart_counts_100k_longest_gap_end_ms": counts["smart_counts_longest_gap_end_ms"] ?? .nan,
        ]
    }
}
