import Foundation
import Lightbox

/// Part of `lightbox-bench library` (`lightbox-bench videos` alone): videos as phones record
/// them, made once with `ffmpeg` (H.264 and HEVC, 1080p and 4K, a keyframe a second, Apple's
/// tags) and hard-linked under distinct names.
///
/// - `scan_1k_videos_ms`, `discoverer_1k_videos_ms`, `scan_1k_videos_ratio_vs_discoverer`: a
///   first scan of 1,000 videos as the app runs it (read in the worker processes, into an
///   empty catalog; best of three) against `gst-discoverer-1.0` on the same folder (once, in
///   the middle: it takes the best part of a minute, 400 times the scan); goal ≤ 1.0.
/// - `video_thumbs_first_screen_ms`: 256 px thumbnails of a first screen of 40 videos (half
///   1080p, half 4K; half H.264, half HEVC), not cached, through the worker processes; goal < 1000.
/// - `video_page_start_ms`: the photo page opened on a 4K video to its first frame on screen, in
///   the app (`VideoPageRun`, on Xvfb unless `$DISPLAY` is set): the slower of the H.264 and the
///   HEVC video's medians, each also reported; goal < 500.
enum VideoBenchmark {
    static let scanCount = 1_000
    static let screenCount = 40
    static let rounds = 3

    /// `lightbox-bench videos [--json]`: these measures alone.
    static func runAlone(json: Bool) {
        let work = NSTemporaryDirectory() + "lightbox-bench-videos-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        do {
            try FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
            Bench.report(Dictionary(uniqueKeysWithValues: try run(work: work)), json: json)
        } catch {
            FileHandle.standardError.write(Data("lightbox-bench videos: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run(work: String) throws -> [(String, Double)] {
        let sources = try makeSources(in: work + "/video-sources")
        let library = work + "/videos"
        try FileManager.default.createDirectory(atPath: library, withIntermediateDirectories: true)
        for index in 0..<scanCount {
            let source = sources[index % sources.count]
            let ext = (source as NSString).pathExtension
            try FileManager.default.linkItem(atPath: source, toPath: String(format: "%@/V%04d.%@", library, index, ext))
        }
        sync()
        var results: [(String, Double)] = []
        let workers = WorkerPool()
        var scan = Double.infinity
        var discoverer = Double.infinity
        for round in 0..<rounds {
            for ours in round == 1 ? [true, false] : [true] {
                if ours {
                    var scanner = PhotoScanner()
                    scanner.workers = workers
                    let catalog = try Catalog(path: work + "/videos-\(round).sqlite")
                    var summary: CatalogSync.Summary?
                    scan = min(
                        scan,
                        try LibraryBenchmark.time { summary = try CatalogSync(catalog: catalog, scanner: scanner).run(folder: library) })
                    let read = try catalog.photos(in: library)
                    guard summary?.read == scanCount, read.allSatisfy({ $0.error == nil && $0.duration != nil }) else {
                        throw LibraryBenchmark.BenchError("the video scan read \(summary?.read ?? 0) files, or with errors")
                    }
                } else {
                    discoverer = min(
                        discoverer,
                        try LibraryBenchmark.time { try LibraryBenchmark.shell("gst-discoverer-1.0 '\(library)' > /dev/null 2>&1") })
                }
            }
        }
        results.append(("scan_1k_videos_ms", scan * 1000))
        results.append(("discoverer_1k_videos_ms", discoverer * 1000))
        results.append(("scan_1k_videos_ratio_vs_discoverer", scan / discoverer))

        // The first screen: each source is a quarter of it (1080p and 4K, H.264 and HEVC).
        let screen = work + "/video-screen"
        try FileManager.default.createDirectory(atPath: screen, withIntermediateDirectories: true)
        let paths = try (0..<screenCount).map { index in
            let source = sources[index % sources.count]
            let path = String(format: "%@/S%03d.%@", screen, index, (source as NSString).pathExtension)
            try FileManager.default.linkItem(atPath: source, toPath: path)
            return path
        }
        // Started before the clock runs, as the app's scan starts them.
        _ = try LibraryBenchmark.loadSeconds(
            [sources[0]], size: 128, images: ImageSource(cache: ThumbnailCache(directory: work + "/video-warm"), workers: workers))
        let (cold, _) = try LibraryBenchmark.thumbnailTimes(paths, cache: work + "/video-thumbnails", workers: workers)
        results.append(("video_thumbs_first_screen_ms", cold * 1000))

        let environment = BenchEnvironment(work: work + "/video-page")
        try environment.start()
        defer { environment.stop() }
        let page = try environment.child(["video-page", work + "/video-sources"], timeout: 120)
        let starts = VideoPageRun.measured.values.sorted().map { ($0, page[$0] ?? .nan) }
        results += starts
        results.append(("video_page_start_ms", starts.map(\.1).max() ?? .nan))
        return results
    }

    /// Four three-second videos with a keyframe a second, as phones record: 1080p and 4K, in
    /// H.264 (`.mp4`) and HEVC (`.mov`, with Apple's date, camera and place).
    static func makeSources(in folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let apple =
            "-movflags use_metadata_tags -metadata com.apple.quicktime.creationdate=2024-05-01T10:20:30+0200 "
            + "-metadata com.apple.quicktime.make=Apple -metadata 'com.apple.quicktime.model=iPhone 15' "
            + "-metadata com.apple.quicktime.location.ISO6709=+48.8583+002.2945+035.000/"
        let made = [
            ("1080p.mp4", "1920x1080", "-c:v libx264 -preset veryfast"),
            ("4k.mp4", "3840x2160", "-c:v libx264 -preset veryfast"),
            ("1080p.mov", "1920x1080", "-c:v libx265 -preset ultrafast -x265-params log-level=error -tag:v hvc1 \(apple)"),
            ("4k.mov", "3840x2160", "-c:v libx265 -preset ultrafast -x265-params log-level=error -tag:v hvc1 \(apple)"),
        ]
        return try made.map { name, size, codec in
            let path = folder + "/" + name
            try LibraryBenchmark.shell(
                "ffmpeg -loglevel error -y -f lavfi -i testsrc2=size=\(size):rate=30:duration=3 -g 30 -pix_fmt yuv420p "
                    + "\(codec) '\(path)'")
            guard FileManager.default.fileExists(atPath: path) else { throw LibraryBenchmark.BenchError("ffmpeg made no \(path)") }
            return path
        }
    }
}
