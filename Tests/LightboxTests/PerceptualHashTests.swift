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
