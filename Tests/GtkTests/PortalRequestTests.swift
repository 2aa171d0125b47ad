import XCTest

@testable import Gtk

/// A portal request's token names the program that made it (the binding knows no app).
final class PortalRequestTests: XCTestCase {
    func testTheTokenPrefixIsTheProgramNameAsAnObjectPathElement() {
        XCTAssertEqual(BusConnection.requestTokenPrefix(programName: "lightbox"), "lightbox")
        XCTAssertEqual(BusConnection.requestTokenPrefix(programName: "lightbox-bench"), "lightbox_bench")
        XCTAssertEqual(BusConnection.requestTokenPrefix(programName: "Photos.app 2"), "Photos_app_2")
        XCTAssertEqual(BusConnection.requestTokenPrefix(programName: "照片"), "__")
        XCTAssertEqual(BusConnection.requestTokenPrefix(programName: nil), "request")
        XCTAssertEqual(BusConnection.requestTokenPrefix(programName: ""), "request")
    }
}
