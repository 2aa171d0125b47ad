import Foundation
import Gtk
import Lightbox
import LightboxMedia

/// `lightbox-bench export [--json]`: 1,000 camera JPEGs (6000×4000, a camera's EXIF with a
/// place, an Adobe RGB profile on half of them, one of four turned by its orientation)
/// exported as JPEGs at 2048 px, quality 90, every tag kept (the dialog's defaults), through
/// `ExportRun` and the worker processes, against libvips' `vipsthumbnail` and ImageMagick on
/// the same files and the same cores, alternated, best of `runs` each.
///
/// vipsthumbnail runs as `xargs -P <cores>` batches of 50 files with vips' own threads left
/// on: the stronger of the two forms measured here (vips' threads alone, one process, leave a
/// core idle while a file is decoded). ImageMagick runs as `mogrify -resize 2048x2048` (the
/// batch form of `convert -resize`: no process per file) in `xargs -P <cores>` batches; at
/// about a second a file it is timed on every tenth file and scaled to the thousand
/// (`LIGHTBOX_BENCH_EXPORT_CONVERT_ALL=1` times all of them).
enum ExportBenchmark {
    static let count = 1000
    static let side = 2048
    static let runs = ProcessInfo.processInfo.environment["LIGHTBOX_BENCH_RUNS"].flatMap { Int($0) } ?? 3
    static let convertAll = ProcessInfo.processInfo.environment["LIGHTBOX_BENCH_EXPORT_CONVERT_ALL"] == "1"

    @MainActor
    static func run(json: Bool) {
        let work = NSTemporaryDirectory() + "lightbox-bench-export-\(getpid())"
        defer { try? FileManager.default.removeItem(atPath: work) }
        do {
            Bench.report(try measure(in: work), json: json)
        } catch {
            FileHandle.standardError.write(Data("lightbox-bench export: \(error)\n".utf8))
            exit(1)
        }
    }

    private static func measure(in work: String) throws -> [String: Double] {
        let sources = try makeCameraPhotos(in: work + "/camera")
        let output = work + "/out"
        let cores = WorkerPool().size
        let pool = WorkerPool(size: cores)
        let items = sources.enumerated().map { index, path in
            ExportItem(
                path: path, orientation: index % 4 == 3 ? 6 : 1, taken: "2024-05-17T14:30:05",
                place: ExportItem.Place(latitude: 35.6586, longitude: 139.7454), rating: 3)
        }
        let options = ExportOptions(folder: output)
        /// An empty output folder, untimed.
        func fresh() {
            try? FileManager.default.removeItem(atPath: output)
            try? FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        }
        fresh()
        // The workers started and warm, as in the app (they start with it).
        _ = ExportRun(items: Array(items.prefix(cores)), options: options, pool: pool).run()
        let list = work + "/files.txt"
        try sources.joined(separator: "\n").write(toFile: list, atomically: true, encoding: .utf8)
        let tenth = work + "/tenth.txt"
        try stride(from: 0, to: count, by: 10).map { sources[$0] }.joined(separator: "\n")
            .write(toFile: tenth, atomically: true, encoding: .utf8)

        let scale = convertAll ? 1.0 : 10.0
        let contenders: [() -> Double] = [
            {
                var summary: ExportRun.Summary?
                let seconds = Bench.seconds { summary = ExportRun(items: items, options: options, pool: pool).run() }
                precondition(summary?.exported.count == count && summary?.failures.isEmpty == true, "every photo exported")
                return seconds * 1000
            },
            {
                Bench.seconds {
                    try? LibraryBenchmark.shell(
                        "xargs -d '\\n' -P \(cores) -n 50 vipsthumbnail -s \(side) -o '\(output)/%s.jpg[Q=90]' < '\(list)'")
                } * 1000
            },
            {
                Bench.seconds {
                    try? LibraryBenchmark.shell(
                        "xargs -d '\\n' -P \(cores) -n \(convertAll ? 50 : 5) mogrify -path '\(output)' "
                            + "-resize \(side)x\(side) -quality 90 < '\(convertAll ? list : tenth)'")
                } * 1000 * scale
            },
        ]
        // Alternated, each going first in turn (what runs after another meets its page cache
        // and freed memory), best of `runs` each.
        var best = [Double](repeating: .infinity, count: contenders.count)
        for run in 0..<runs {
            for offset in 0..<contenders.count {
                let index = (run + offset) % contenders.count
                fresh()
                best[index] = min(best[index], contenders[index]())
            }
        }
        let (exported, vips, convert) = (best[0], best[1], best[2])
        return [
            "export_1k_2048_ms": exported,
            "export_1k_2048_ratio_vs_vips": exported / vips,
            "export_1k_2048_ratio_vs_convert": exported / convert,
            "vipsthumbnail_1k_2048_ms": vips,
            "convert_1k_2048_ms": convert,
        ]
    }

    /// Four distinct 6000×4000 photos (plasma clouds with film grain, so that they
    /// compress like camera files, about 6 MB), with a camera's tags, two with an Adobe RGB
    /// profile, hard-linked under `count` names.
    static func makeCameraPhotos(in folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let profile = "/usr/share/color/icc/ghostscript/a98.icc"
        let hasProfile = FileManager.default.fileExists(atPath: profile)
        let originals = (0..<4).map { "\(folder)/original-\($0).jpg" }
        let commands = originals.enumerated().map { index, path in
            let embed = index % 2 == 1 && hasProfile ? "-profile '\(profile)'" : ""
            return "convert -seed \(index + 1) -size 1500x1000 plasma:fractal -resize 6000x4000! -attenuate 0.15 +noise Gaussian "
                + "\(embed) -quality 92 '\(path)' && exiv2 -q -M'set Exif.Image.Make Canon' -M'set Exif.Image.Model Canon EOS R6' "
                + "-M'set Exif.Photo.DateTimeOriginal 2024:05:17 14:30:05' -M'set Exif.Photo.FNumber 28/10' "
                + "-M'set Exif.Photo.ExposureTime 1/250' -M'set Exif.Photo.ISOSpeedRatings 400' "
                + "-M'set Exif.GPSInfo.GPSLatitudeRef N' -M'set Exif.GPSInfo.GPSLatitude 35/1 39/1 31/1' "
                + "-M'set Exif.GPSInfo.GPSLongitudeRef E' -M'set Exif.GPSInfo.GPSLongitude 139/1 44/1 43/1' "
                + "-M'set Exif.Image.Orientation \(index == 3 ? 6 : 1)' '\(path)'"
        }
        try LibraryBenchmark.shell("(\(commands[0])) & (\(commands[1])) & wait; (\(commands[2])) & (\(commands[3])) & wait")
        for path in originals where !FileManager.default.fileExists(atPath: path) {
            throw LibraryBenchmark.BenchError("convert made no \(path)")
        }
        return try (0..<count).map { index in
            let path = String(format: "%@/IMG_%04d.JPG", folder, index + 1)
            try FileManager.default.linkItem(atPath: originals[index % 4], toPath: path)
            return path
        }
    }
}
