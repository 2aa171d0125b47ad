import Foundation
import LightboxMedia
import XCTest

/// The perceptual hash of a picture and of its copies made by ImageMagick and exiv2 (resized,
/// re-compressed, converted, stripped, cropped), against other pictures.
final class PerceptualHashTests: XCTestCase {
    private func hash(_ path: String) throws -> PerceptualHash {
        try PerceptualHash.of(try PixelImage.decode(path: path, fitting: 256, maxPixels: 100_000_000))
    }

    private func make(_ arguments: String, _ folder: String) {
        LibraryFixtures.shell("cd '\(folder)' && \(arguments)")
    }

    func testCopiesOfAPictureHashAlikeAndOtherPicturesDoNot() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        make("convert -seed 7 -size 1200x800 plasma:fractal -blur 0x2 -quality 92 base.jpg", folder)
        make("convert -seed 8 -size 1200x800 plasma:fractal -blur 0x2 -quality 92 other.jpg", folder)
        make("convert base.jpg -resize 40% resized.jpg", folder)
        make("convert base.jpg -quality 55 recompressed.jpg", folder)
        make("convert base.jpg converted.png && convert base.jpg converted.webp", folder)
        make("convert base.jpg -gravity center -crop 95%x95%+0+0 +repage cropped.jpg", folder)
        make("cp base.jpg stripped.jpg && exiv2 -q rm stripped.jpg", folder)
        let base = try hash(folder + "/base.jpg")
        var distances: [String: Int] = [:]
        for copy in ["resized.jpg", "recompressed.jpg", "converted.png", "converted.webp", "cropped.jpg", "stripped.jpg"] {
            distances[copy] = try hash(folder + "/" + copy).distance(to: base)
        }
        let other = try hash(folder + "/other.jpg").distance(to: base)
        XCTAssertEqual(distances["stripped.jpg"], 0, "the same pixels")
        // Measured: 0 for every copy but the cropped one (2); another picture differs in 32 bits.
        for (copy, distance) in distances { XCTAssertLessThanOrEqual(distance, 4, copy) }
        XCTAssertGreaterThanOrEqual(other, 20, "another picture")
    }
}

extension PerceptualHashTests {
    /// Frames of a burst: the camera drifts a little and the subject moves between them.
    static func makeBurst(in folder: String, frames: Int = 5) {
        LibraryFixtures.shell(
            "cd '\(folder)' && convert -seed 21 -size 1700x1100 plasma:fractal -blur 0x3 scene.png")
        for frame in 0..<frames {
            let x = 40 + frame * 14
            let y = 30 + frame * 6
            let subject = 500 + frame * 60
            LibraryFixtures.shell(
                """
                cd '\(folder)' && convert scene.png -crop 1600x1000+\(x)+\(y) +repage \
                -fill '#c03020' -draw 'circle \(subject),520 \(subject + 110),520' \
                -fill '#203080' -draw 'rectangle \(subject - 90),640 \(subject + 90),900' \
                -quality 90 burst-\(frame).jpg
                """)
        }
        LibraryFixtures.shell("rm '\(folder)/scene.png'")
    }

    /// Two photos of a white wall: the light falls a little differently, the sensor's noise differs.
    static func makeWhiteWalls(in folder: String) {
        for (index, (top, seed)) in [("#f2f1ec", 3), ("#efeee9", 4)].enumerated() {
            LibraryFixtures.shell(
                """
                cd '\(folder)' && convert -seed \(seed) -size 1600x1200 gradient:'\(top)'-'#e9e8e2' \
                -attenuate 0.4 +noise Gaussian -quality 88 wall-\(index).jpg
                """)
        }
    }

    /// Why the hash alone can't tell a copy from the next frame of a burst (the moment the
    /// camera wrote must, see `DuplicateFinder`), and why a white wall's hash is not trusted.
    func testBurstFramesHashAsAlikeAsCopiesAndWhiteWallsTellNothing() throws {
        let folder = LibraryFixtures.temporaryFolder(self)
        Self.makeBurst(in: folder)
        Self.makeWhiteWalls(in: folder)
        let frames = try (0..<5).map { try hash(folder + "/burst-\($0).jpg") }
        // Measured: 4, 2, 6, 4 bits between neighbouring frames; copies differ in 0–2.
        for (frame, next) in zip(frames, frames.dropFirst()) { XCTAssertTrue((1...6).contains(frame.distance(to: next))) }
        XCTAssertTrue(frames.allSatisfy(\.isTelling))
        // Measured: 7 and 5; the sample photos 28 to 218.
        for wall in ["wall-0.jpg", "wall-1.jpg"] { XCTAssertFalse(try hash(folder + "/" + wall).isTelling, wall) }
        for path in LibraryFixtures.samplePaths { XCTAssertTrue(try hash(path).isTelling, path) }
    }
}
