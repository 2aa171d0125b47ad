import CGtk

/// Opens URIs and files in other applications (GAppInfo), as the desktop would: the
/// default handler of a URI scheme (`geo:` a maps app), or the application a person picks.
@MainActor
public enum DesktopLauncher {
    /// Opens `uri` with the default application for its scheme or file type. Inside a
    /// Flatpak sandbox GIO goes through the OpenURI portal.
    public static func open(uri: String) throws(LaunchError) {
        var error: UnsafeMutablePointer<GError>?
        let context = gdk_display_get_app_launch_context(gdk_display_get_default())
        defer { g_object_unref(UnsafeMutableRawPointer(context)) }
        guard
            g_app_info_launch_default_for_uri(
                uri, UnsafeMutableRawPointer(context!).assumingMemoryBound(to: GAppLaunchContext.self), &error) != 0
        else {
            throw LaunchError(taking: error)
        }
    }

    /// Whether some application handles `scheme` ("geo").
    public static func hasHandler(forScheme scheme: String) -> Bool {
        guard let info = g_app_info_get_default_for_uri_scheme(scheme) else { return false }
        g_object_unref(UnsafeMutableRawPointer(info))
        return true
    }

    /// Whether the app runs inside a Flatpak sandbox (where only portals reach the desktop).
    public static var isSandboxed: Bool { access("/.flatpak-info", F_OK) == 0 }
}

/// Why an application could not be started.
public struct LaunchError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }

    public init(_ message: String) { self.message = message }

    init(taking error: UnsafeMutablePointer<GError>?) {
        message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        if let error { g_error_free(error) }
    }
}

/// GTK's "Open With" dialog (GtkAppChooserDialog) for a file: the applications that open
/// its type, the default first; the one picked opens the file.
///
/// GTK 4.10 deprecates the app chooser for GtkFileLauncher (4.10, `always-ask`), which GTK
/// 4.8 on Debian 12 does not have: this is the 4.8 way, not built with deprecation warnings here.
@MainActor
public final class AppChooser {
    private let dialog: UnsafeMutablePointer<GtkWidget>
    private let paths: [String]
    private let completion: @MainActor (Result<String?, LaunchError>) -> Void
    private var keepAlive: AppChooser?

    /// Shows the chooser for the type of `paths[0]` over `parent`; the application picked
    /// opens every one of `paths`. `completion` gets its name, nil when cancelled, or why it
    /// could not start.
    @discardableResult
    public static func choose(
        for paths: [String], parent: Window?,
        completion: @escaping @MainActor (Result<String?, LaunchError>) -> Void
    ) -> AppChooser {
        let chooser = AppChooser(paths: paths, parent: parent, completion: completion)
        chooser.show()
        return chooser
    }

    private init(paths: [String], parent: Window?, completion: @escaping @MainActor (Result<String?, LaunchError>) -> Void) {
        self.paths = paths
        self.completion = completion
        let file = g_file_new_for_path(PathBytes.c(paths[0]))
        let flags = GtkDialogFlags(rawValue: GTK_DIALOG_MODAL.rawValue | GTK_DIALOG_DESTROY_WITH_PARENT.rawValue)
        dialog = gtk_app_chooser_dialog_new(parent.map { $0.cast() }, flags, file)
        g_object_unref(UnsafeMutableRawPointer(file))
    }

    /// The dialog's title ("Select Application"), for tests.
    public var title: String? {
        gtk_window_get_title(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self)).map { String(cString: $0) }
    }

    private func show() {
        keepAlive = self
        let box = Unmanaged.passUnretained(self).toOpaque()
        let response: @convention(c) (gpointer?, Int32, gpointer?) -> Void = { _, response, data in
            let chooser = Unmanaged<AppChooser>.fromOpaque(data!).takeUnretainedValue()
            MainActor.assumeIsolated { chooser.finish(response: response) }
        }
        g_signal_connect_data(
            dialog, "response", unsafeBitCast(response, to: GCallback.self), box, nil,
            GConnectFlags(rawValue: 0))
        gtk_widget_show(dialog)
    }

    /// Closes the chooser as if the person cancelled.
    public func cancel() { finish(response: GTK_RESPONSE_CANCEL.rawValue) }

    private func finish(response: Int32) {
        guard keepAlive != nil else { return }
        var result: Result<String?, LaunchError> = .success(nil)
        if response == GTK_RESPONSE_OK.rawValue, let info = gtk_app_chooser_get_app_info(OpaquePointer(dialog)) {
            let name = String(cString: g_app_info_get_display_name(info))
            var files: UnsafeMutablePointer<GList>?
            for path in paths.reversed() { files = g_list_prepend(files, UnsafeMutableRawPointer(g_file_new_for_path(PathBytes.c(path)))) }
            let context = gdk_display_get_app_launch_context(gtk_widget_get_display(dialog))
            var error: UnsafeMutablePointer<GError>?
            result =
                g_app_info_launch(info, files, UnsafeMutableRawPointer(context!).assumingMemoryBound(to: GAppLaunchContext.self), &error)
                    != 0
                ? .success(name) : .failure(LaunchError(taking: error))
            g_list_free_full(files, g_object_unref)
            g_object_unref(UnsafeMutableRawPointer(context))
            g_object_unref(UnsafeMutableRawPointer(info))
        }
        gtk_window_destroy(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self))
        keepAlive = nil
        completion(result)
    }
}
