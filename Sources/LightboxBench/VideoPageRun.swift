import Foundation
import Gtk
import Lightbox

/// `lightbox-bench app-child video-page FOLDER`: the app launched on a folder of videos, the
/// photo page opened on a 4K video from the Photos page (as Return on its row opens it), to the
/// first painted frame showing the video's first frame; then back. One 1080p video is opened
/// first and not timed (the first video of a session loads GStreamer's plugins); then the 4K
/// H.264 and HEVC videos alternately, `rounds` each. Prints each codec's median.
@MainActor
enum VideoPageRun {
    static let rounds = 5
    static let warmUp = "1080p.mp4"
    nonisolated static let measured = ["4k.mp4": "video_page_start_h264_ms", "4k.mov": "video_page_start_hevc_ms"]

    static func start(_ folder: String) -> Never {
        AlbumBenchmarkChild.afterSettling(folder) { app, window, store in
            let byName = Dictionary(uniqueKeysWithValues: store.photos.map { (($0.id as NSString).lastPathComponent, $0) })
            guard let first = byName[warmUp], measured.keys.allSatisfy({ byName[$0] != nil }) else {
                throw BenchFailure("the videos were not all listed: \(byName.keys.sorted())")
            }
            _ = await open(first, app: app, window: window)
            var times: [String: [Double]] = [:]
            for round in 0..<rounds {
                for name in round % 2 == 0 ? measured.keys.sorted() : measured.keys.sorted().reversed() {
                    times[name, default: []].append(await open(byName[name]!, app: app, window: window))
                }
            }
            var results: [String: Double] = [:]
            for (name, key) in measured { results[key] = median(times[name] ?? []) }
            AppBenchmarkChild.finish(results)
        }
    }

    /// Milliseconds from opening the page on `video` to the painted frame that shows its first
    /// frame; then the page is left, and the Photos page's frames settle.
    private static func open(_ video: Photo, app: LightboxApplication, window: Window) async -> Double {
        let time = await AlbumBenchmarkChild.timeToFrame(in: window, where: { app.photoPage?.isShowingVideoFrame == true }) {
            app.openPhotoPage(on: video)
        }
        app.leavePhotoPage()
        await AlbumBenchmarkChild.until({ app.photoPage == nil }, in: window)
        return time
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }
}
