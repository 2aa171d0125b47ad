import CGtk
import Glibc

/// How GTK draws windows.
///
/// GTK 4.8 draws with OpenGL whatever the machine. Without a GPU that OpenGL is Mesa's
/// llvmpipe, which has no buffer age: every frame redraws the whole window on the CPU,
/// tens of milliseconds each on two cores, where GTK's cairo renderer redraws only what
/// changed. GTK 4.14 and later make this choice themselves (they leave GPU renderers
/// when OpenGL is llvmpipe); for older GTK, `Application` and `initializeGtk()` call
/// `preferCairoWithoutGPU()`.
public enum Renderer {
    /// Chooses GTK's cairo renderer (`GSK_RENDERER=cairo`) when the machine has no GPU
    /// render node and GTK is older than 4.14; a `GSK_RENDERER` already set is kept. Must
    /// run before the first window is shown (GTK reads the variable once).
    public static func preferCairoWithoutGPU() {
        let choice = choose(
            requested: getenv("GSK_RENDERER").map { String(cString: $0) },
            hasGPURenderNode: hasGPURenderNode, gtkMinorVersion: Int(gtk_get_minor_version()))
        if let choice { setenv("GSK_RENDERER", choice, 0) }
    }

    /// The renderer to ask GTK for, or nil to leave its own choice.
    package static func choose(requested: String?, hasGPURenderNode: Bool, gtkMinorVersion: Int) -> String? {
        guard requested?.isEmpty ?? true, !hasGPURenderNode, gtkMinorVersion < 14 else { return nil }
        return "cairo"
    }

    /// Whether a DRM render node (`/dev/dri/renderD128` and up) exists: a GPU OpenGL can use.
    package static var hasGPURenderNode: Bool {
        (128..<192).contains { access("/dev/dri/renderD\($0)", F_OK) == 0 }
    }

    /// The renderer drawing `widget`'s window ("GskCairoRenderer", "GskGLRenderer"…);
    /// nil until the window is realized.
    @MainActor
    package static func name(drawing widget: Widget) -> String? {
        guard let native = gtk_widget_get_native(widget.widget),
            let renderer = gtk_native_get_renderer(native)
        else { return nil }
        return String(cString: g_type_name_from_instance(unsafeBitCast(renderer, to: UnsafeMutablePointer<GTypeInstance>.self)))
    }
}
