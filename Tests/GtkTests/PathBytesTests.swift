import Gtk
import XCTest

/// A path keeps the file system's bytes through a Swift `String`, whatever their encoding.
final class PathBytesTests: XCTestCase {
    private func assertRoundTrip(_ bytes: [UInt8], file: StaticString = #filePath, line: UInt = #line) {
        let path = PathBytes.path(bytes)
        XCTAssertEqual(PathBytes.bytes(path), bytes, "\(bytes)", file: file, line: line)
        XCTAssertEqual(PathBytes.c(path), bytes.map { CChar(bitPattern: $0) } + [0], file: file, line: line)
        XCTAssertEqual(PathBytes.path(PathBytes.bytes(path)), path, "the string is the one encoding of its bytes", file: file, line: line)
    }

    func testValidNamesAreTheirOwnEncoding() {
        for name in ["/photos/IMG_1000.jpg", "/照片/Mädchen.jpg", "/a b/😀.jpg", ""] {
            XCTAssertEqual(PathBytes.path(Array(name.utf8)), name)
            XCTAssertEqual(PathBytes.bytes(name), Array(name.utf8))
            XCTAssertEqual(PathBytes.displayName(name), name)
            XCTAssertFalse(PathBytes.containsEscapes(name))
        }
    }

    func testInvalidBytesMapOneToOneToPrivateUseCharacters() {
        // "Mädchen.jpg" in Latin-1.
        let latin1: [UInt8] = [0x4D, 0xE4, 0x64, 0x63, 0x68, 0x65, 0x6E, 0x2E, 0x6A, 0x70, 0x67]
        XCTAssertEqual(PathBytes.path(latin1), "M\u{F7E4}dchen.jpg")
        XCTAssertEqual(PathBytes.displayName(PathBytes.path(latin1)), "M\u{FFFD}dchen.jpg")
        XCTAssertEqual(PathBytes.path([0xFF, 0x80, 0x41]), "\u{F7FF}\u{F780}A")
        // A truncated sequence: its lead byte alone, then what follows as it is.
        XCTAssertEqual(PathBytes.path([0xE4, 0xB8, 0x41]), "\u{F7E4}\u{F7B8}A")
        XCTAssertEqual(PathBytes.path([0x41, 0xF0, 0x9F, 0x98]), "A\u{F7F0}\u{F79F}\u{F798}")
        // Overlong forms and surrogates are not UTF-8.
        XCTAssertEqual(PathBytes.path([0xC0, 0xAF]), "\u{F7C0}\u{F7AF}")
        XCTAssertEqual(PathBytes.path([0xED, 0xA0, 0x80]), "\u{F7ED}\u{F7A0}\u{F780}")
        XCTAssertEqual(PathBytes.displayName("\u{F7FF}\u{F780}A"), "\u{FFFD}\u{FFFD}A")
    }

    func testARealPrivateUseCharacterInANameIsEscapedByteWise() {
        // U+F7E4 as UTF-8 is EF 9F A4: a valid name that must not read as the byte E4.
        let bytes = Array("x\u{F7E4}y".utf8)
        XCTAssertEqual(PathBytes.path(bytes), "x\u{F7EF}\u{F79F}\u{F7A4}y")
        XCTAssertEqual(PathBytes.displayName(PathBytes.path(bytes)), "x\u{F7E4}y", "shown as the character it is")
        assertRoundTrip(bytes)
        assertRoundTrip(Array("\u{F780}\u{F7FF}\u{F700}\u{F77F}\u{F800}".utf8))
    }

    func testArbitraryBytesRoundTrip() {
        var generator = SystemRandomNumberGenerator()
        for length in 0..<64 {
            for _ in 0..<50 {
                assertRoundTrip((0..<length).map { _ in UInt8.random(in: 1...255, using: &generator) })
            }
        }
        for byte in UInt8(1)...UInt8(255) { assertRoundTrip([byte, 0x2F, byte, byte]) }
    }

    func testURIsAreMadeFromTheBytes() {
        XCTAssertEqual(PathBytes.uri("/p/M\u{F7E4}dchen.jpg"), "file:///p/M%E4dchen.jpg")
        XCTAssertEqual(PathBytes.path(uri: "file:///p/M%E4dchen.jpg"), "/p/M\u{F7E4}dchen.jpg")
        XCTAssertEqual(PathBytes.path(percentEncoded: "/p/M%E4dchen.jpg"), "/p/M\u{F7E4}dchen.jpg")
        XCTAssertEqual(PathBytes.uri("/p/Mädchen.jpg"), "file:///p/M%C3%A4dchen.jpg")
    }
}
