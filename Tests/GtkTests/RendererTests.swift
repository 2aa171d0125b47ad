import GtkTestSupport
import XCTest

@testable import Gtk

final class RendererTests: GtkTestCase {
    /// GTK 4.8 would draw with llvmpipe's OpenGL on a machine without a GPU: cairo instead,
    /// as GTK 4.14 and later choose themselves; whatever the person set is kept.
    func testCairoIsChosenOnlyWithoutAGPUOnOlderGTKWhenNothingWasAskedFor() {
        XCTAssertEqual(Renderer.choose(requested: nil, hasGPURenderNode: false, gtkMinorVersion: 8), "cairo")
        XCTAssertEqual(Renderer.choose(requested: "", hasGPURenderNode: false, gtkMinorVersion: 8), "cairo")
        XCTAssertNil(Renderer.choose(requested: "gl", hasGPURenderNode: false, gtkMinorVersion: 8), "asked for")
        XCTAssertNil(Renderer.choose(requested: nil, hasGPURenderNode: true, gtkMinorVersion: 8), "a GPU")
        XCTAssertNil(Renderer.choose(requested: nil, hasGPURenderNode: false, gtkMinorVersion: 14), "GTK decides")
    }

    func testAShownWindowSaysWhichRendererDrawsIt() {
        let window = Window()
        XCTAssertNil(Renderer.name(drawing: window), "not realized yet")
        show(window)
        XCTAssertEqual(Renderer.name(drawing: window), "GskCairoRenderer", "GSK_RENDERER=cairo in the tests")
    }
}
