import Foundation
import Gtk
import Lightbox

/// `lightbox-bench library [--json]`: scan, rescan, thumbnail and memory numbers for
/// the photo library on 10,000 generated files (hard links of the sample photos), then the
/// identity, duplicates and videos measures.
enum LibraryBenchmark {
    static let fileCount = 10_000
    /// Runs of each contender compared, alternated: the best of each counts. These machines'
    /// own noise moves one run by a tenth either way; with five runs a side, one lucky run
    /// of either moved a ratio of two equal costs to 1.11 or 0.9.
    static let rounds = 9

    static func run(arguments: [String]) {
        let work = NSTemporaryDirectory() + "lightbox-bench-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        let library = work + "/library"
        do {
            try makeLibrary(at: library)
            sync()
            var results: [(String, Double)] = []
            // `exiv2` and a first scan (on an empty catalog) alternately, best of `rounds` each: the
            // load of a shared machine changes between runs.
            var exiv2 = Double.infinity
            var scan = Double.infinity
            var firstCatalog: Catalog?
            var summary: CatalogSync.Summary?
            for round in 0..<rounds {
                if round % 2 == 0 { exiv2 = min(exiv2, try time { try runExiv2(on: library) }) }
                let roundCatalog = try Catalog(path: work + "/catalog-\(round).sqlite")
                scan = min(scan, try time { summary = try CatalogSync(catalog: roundCatalog).run(folder: library) })
                if round % 2 == 1 { exiv2 = min(exiv2, try time { try runExiv2(on: library) }) }
                guard summary?.read == fileCount else { throw BenchError("scanned \(summary?.read ?? 0) of \(fileCount) files") }
                firstCatalog = firstCatalog ?? roundCatalog
            }
            guard let catalog = firstCatalog else { throw BenchError("no catalog") }
            results.append(("scan_10k_ms", scan * 1000))
            results.append(("exiv2_10k_ms", exiv2 * 1000))
            results.append(("scan_10k_ratio_vs_exiv2", scan / exiv2))

            // The same first scan with reads in worker processes (this executable's `--worker`)
            // against reads in this process: alternately, each on an empty catalog, best of `rounds` each.
            let workers = WorkerPool()
            var inProcessScan = Double.infinity
            var workersScan = Double.infinity
            for round in 0..<rounds {
                for throughWorkers in round % 2 == 0 ? [true, false] : [false, true] {
                    var scanner = PhotoScanner()
                    scanner.workers = throughWorkers ? workers : nil
                    let roundCatalog = try Catalog(path: work + "/catalog-\(round)-\(throughWorkers ? "workers" : "in-process").sqlite")
                    let seconds = try time {
                        summary = try CatalogSync(catalog: roundCatalog, scanner: scanner).run(folder: library)
                    }
                    guard summary?.read == fileCount, try roundCatalog.photos(in: library).allSatisfy({ $0.error == nil })
                    else { throw BenchError("a scan read \(summary?.read ?? 0) files, or with errors") }
                    if throughWorkers { workersScan = min(workersScan, seconds) } else { inProcessScan = min(inProcessScan, seconds) }
                }
            }
            results.append(("scan_10k_workers_ms", workersScan * 1000))
            results.append(("scan_10k_workers_ratio_vs_in_process", workersScan / inProcessScan))

            let rescan = try time { summary = try CatalogSync(catalog: catalog).run(folder: library) }
            guard summary?.unchanged == fileCount else { throw BenchError("rescan read \(summary?.read ?? 0) files") }
            results.append(("rescan_10k_unchanged_ms", rescan * 1000))

            let photos = try makeCameraSizedPhotos(in: work + "/camera", count: 40)
            let (cold, cached) = try thumbnailTimes(photos, cache: work + "/thumbnails")
            results.append(("thumbs_first_screen_ms", cold * 1000))
            results.append(("thumbs_cached_ms", cached * 1000))
            results.append(("thumbs_cached_ratio", cached / cold))
            // The same through worker processes (pixels back in a memfd), and a photo page's decode.
            // Started (as the app's scan starts them) before the clock runs.
            let decodeWorkers = WorkerPool()
            _ = try loadSeconds(
                [photos[0]], size: 128,
                images: ImageSource(
                    cache: ThumbnailCache(directory: work + "/warm"),
                    workers: decodeWorkers))
            let (workersCold, _) = try thumbnailTimes(photos, cache: work + "/thumbnails-workers", workers: decodeWorkers)
            results.append(("thumbs_first_screen_workers_ms", workersCold * 1000))
            results.append(("thumbs_first_screen_workers_ratio_vs_in_process", workersCold / cold))
            let large = try largeDecodeSeconds(photos[0], cache: work + "/thumbnails-large", workers: nil)
            let largeWorkers = try largeDecodeSeconds(photos[0], cache: work + "/thumbnails-large", workers: decodeWorkers)
            results.append(("decode_2560_ms", large * 1000))
            results.append(("decode_2560_workers_ratio_vs_in_process", largeWorkers / large))
            let heic = try makePhonePhotos(from: work + "/camera/original.jpg", in: work + "/phone", count: 40)
            let (heicCold, _) = try thumbnailTimes(heic, cache: work + "/thumbnails-heic", workers: decodeWorkers)
            results.append(("thumbs_first_screen_heic_ms", heicCold * 1000))
            let raw = try makeRawPhotos(from: work + "/camera/original.jpg", in: work + "/raw", count: 40)
            let (rawCold, _) = try thumbnailTimes(raw, cache: work + "/thumbnails-raw", workers: decodeWorkers)
            results.append(("thumbs_first_screen_raw_ms", rawCold * 1000))
            let samples = Array(
                try FileManager.default.contentsOfDirectory(atPath: library + "/0").sorted()
                    .prefix(40).map { library + "/0/" + $0 })
            let (smallCold, smallCached) = try thumbnailTimes(samples, cache: work + "/thumbnails-samples")
            results.append(("thumbs_first_screen_samples_ms", smallCold * 1000))
            results.append(("thumbs_cached_ratio_samples", smallCached / smallCold))

            results.append(("rss_10k_mb", try MainActor.assumeIsolated { try storeResidentMegabytes(catalog, library) }))
            results += try IdentityBenchmark.run(work: work)
            results += try DuplicatesBenchmark.run(work: work)
            results += try VideoBenchmark.run(work: work)
            Bench.report(Dictionary(uniqueKeysWithValues: results), json: arguments.contains("--json"))
        } catch {
            FileHandle.standardError.write(Data("lightbox-bench library: \(error)\n".utf8))
            exit(1)
        }
    }

    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    static func time(_ body: () throws -> Void) rethrows -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }

    /// The sample photos of the source tree, by path.
    static func samplePhotos() throws -> [String] {
        let samples = LightboxApplication.sampleLibrary
        let sources = try FileManager.default.contentsOfDirectory(atPath: samples).filter { $0.hasSuffix(".jpg") }.sorted()
        guard !sources.isEmpty else { throw BenchError("no sample photos in \(samples)") }
        return sources.map { samples + "/" + $0 }
    }

    /// `count` (10,000 by default) hard links to the sample photos, 1,000 per folder.
    static func makeLibrary(at path: String, count: Int = fileCount) throws {
        let sources = try samplePhotos()
        for index in 0..<count {
            let folder = "\(path)/\(index / 1000)"
            if index % 1000 == 0 { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
            try FileManager.default.linkItem(
                atPath: sources[index % sources.count],
                toPath: String(format: "%@/P%05d.jpg", folder, index))
        }
    }

    /// `exiv2` printing the tags Lightbox reads, for every file, in one process per 1,000 files.
    static func runExiv2(on library: String) throws {
        let keys = [
            "Exif.Photo.DateTimeOriginal", "Exif.Image.DateTime", "Exif.Image.Make", "Exif.Image.Model",
            "Exif.Photo.LensModel", "Exif.Photo.ExposureTime", "Exif.Photo.FNumber",
            "Exif.Photo.ISOSpeedRatings", "Exif.Photo.FocalLength", "Exif.Image.Orientation",
            "Exif.GPSInfo.GPSLatitude", "Exif.GPSInfo.GPSLongitude", "Xmp.xmp.Rating",
        ]
        let script =
            "find '\(library)' -name '*.jpg' -print0 | xargs -0 -n 1000 exiv2 -q -Pkv "
            + keys.map { "-K \($0)" }.joined(separator: " ") + " > /dev/null"
        try shell(script)
    }

    static func shell(_ script: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        try process.run()
        process.waitUntilExit()
        // exiv2 exits 253 when a requested tag is missing from a file; only a crash counts.
        guard process.terminationReason == .exit else { throw BenchError("\(script) was killed") }
    }

    /// Camera-sized (4000×3000) JPEGs, hard-linked under distinct names.
    static func makeCameraSizedPhotos(in folder: String, count: Int) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let original = folder + "/original.jpg"
        try shell(
            "convert -size 4000x3000 gradient:'#5b8fd6'-'#3a6b35' -fill '#fff2b0' -draw 'circle 3000,800 3200,800' "
                + "-attenuate 0.3 +noise Gaussian -quality 85 '\(original)'")
        return try (0..<count).map { index in
            let path = String(format: "%@/C%03d.jpg", folder, index)
            try FileManager.default.linkItem(atPath: original, toPath: path)
            return path
        }
    }

    /// Phone-sized HEIC files (4000×3000, HEVC) with the 320 px thumbnail phones embed,
    /// encoded once by libheif's `heif-enc` and hard-linked under distinct names.
    static func makePhonePhotos(from jpeg: String, in folder: String, count: Int) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let original = folder + "/original.heic"
        try shell("heif-enc -q 80 -t 320 -o '\(original)' '\(jpeg)' > /dev/null")
        guard FileManager.default.fileExists(atPath: original) else { throw BenchError("heif-enc made no \(original)") }
        return try (0..<count).map { index in
            let path = String(format: "%@/H%03d.heic", folder, index)
            try FileManager.default.linkItem(atPath: original, toPath: path)
            return path
        }
    }

    /// Camera RAW files as cameras write them for this: a TIFF container (the layout of NEF,
    /// ARW and DNG) of the 4000×3000 picture with the camera's full-size JPEG as its preview,
    /// made once with ImageMagick and `exiv2 -it`, hard-linked under distinct names.
    static func makeRawPhotos(from jpeg: String, in folder: String, count: Int) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let stem = folder + "/original"
        try shell(
            """
            convert '\(jpeg)' -depth 8 -compress none '\(stem).tif' && cp '\(jpeg)' '\(stem)-thumb.jpg'             && exiv2 -q -it '\(stem).tif' && exiv2 -q -M'set Exif.Image.Make NIKON CORPORATION'             -M'set Exif.Image.Model NIKON D750' '\(stem).tif' && mv '\(stem).tif' '\(stem).nef'
            """)
        guard FileManager.default.fileExists(atPath: stem + ".nef") else { throw BenchError("no \(stem).nef was made") }
        return try (0..<count).map { index in
            let path = String(format: "%@/R%03d.nef", folder, index)
            try FileManager.default.linkItem(atPath: stem + ".nef", toPath: path)
            return path
        }
    }

    /// Seconds for 256 px thumbnails of `paths` from cold caches, then from the
    /// freedesktop cache (a new image source: empty memory cache).
    static func thumbnailTimes(
        _ paths: [String], cache: String,
        workers: WorkerPool? = nil
    ) throws -> (cold: Double, cached: Double) {
        let thumbnailCache = ThumbnailCache(directory: cache)
        let coldImages = ImageSource(cache: thumbnailCache, workers: workers)
        let cold = try loadSeconds(paths, size: 256, images: coldImages)
        coldImages.finishCacheWrites()
        let cached = try loadSeconds(paths, size: 256, images: ImageSource(cache: thumbnailCache, workers: workers))
        return (cold, cached)
    }

    /// Seconds to load `paths` at `size` from `images`, all asked for at once.
    static func loadSeconds(_ paths: [String], size: Int, images: ImageSource) throws -> Double {
        let failures = Counter()
        let seconds = time {
            let done = DispatchSemaphore(value: 0)
            Task.detached {
                await withTaskGroup(of: Void.self) { group in
                    for path in paths {
                        group.addTask {
                            var info = stat()
                            stat(path, &info)
                            let modified = Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9
                            let photo = Photo(path: path, modified: modified)
                            if (try? await images.image(for: photo, size: size)) == nil {
                                failures.add()
                            }
                        }
                    }
                }
                done.signal()
            }
            done.wait()
        }
        guard failures.value == 0 else { throw BenchError("\(failures.value) images failed") }
        return seconds
    }

    /// Best of five: a photo-page-sized decode (2560 px) of one camera-sized photo, in a new
    /// image source each time (no memory cache), through `workers` or in this process.
    static func largeDecodeSeconds(_ path: String, cache: String, workers: WorkerPool?) throws -> Double {
        try (0..<5).map { _ in
            try loadSeconds([path], size: 2560, images: ImageSource(cache: ThumbnailCache(directory: cache), workers: workers))
        }.min() ?? 0
    }

    /// Resident memory with the 10,000-photo catalog loaded in a Store.
    @MainActor
    static func storeResidentMegabytes(_ catalog: Catalog, _ library: String) throws -> Double {
        MainLoop.integrate()
        let store = CatalogStore(catalog: catalog)
        store.open(folder: library)
        // Settled: the scan done and its sorted view published (off the main thread for 10,000 photos).
        _ = MainLoop.run(until: { !store.isScanning && store.photos.count == fileCount }, timeout: 120)
        guard store.photos.count == fileCount else { throw BenchError("the Store holds \(store.photos.count) photos") }
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "0") ?? 0
        return kilobytes / 1024
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func add() { lock.withLock { count += 1 } }
}
