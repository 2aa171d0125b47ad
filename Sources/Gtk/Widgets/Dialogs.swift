import CGtk

/// GtkAboutDialog.
public final class AboutDialog: Window {
    public init(name: String, version: String, comments: String, website: String?,
                iconName: String, license: License = .mit, developers: [String] = []) {
        super.init(gtk_about_dialog_new(), ownership: .borrowed)
        gtk_about_dialog_set_program_name(cast(), name)
        gtk_about_dialog_set_version(cast(), version)
        gtk_about_dialog_set_comments(cast(), comments)
        gtk_about_dialog_set_logo_icon_name(cast(), iconName)
        gtk_about_dialog_set_license_type(cast(), license.gtk)
        if let website { gtk_about_dialog_set_website(cast(), website) }
        if !developers.isEmpty {
            var names: [UnsafePointer<CChar>?] = developers.map { UnsafePointer(strdup($0)) }
            names.append(nil)
            defer { names.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
            gtk_about_dialog_set_authors(cast(), &names)
        }
    }

    public enum License: Sendable {
        case mit, gpl3OrLater
        var gtk: GtkLicense { self == .mit ? GTK_LICENSE_MIT_X11 : GTK_LICENSE_GPL_3_0 }
    }
}

/// GtkFileChooserNative in folder mode: the desktop's own folder picker (a portal
/// when one runs, GTK's dialog otherwise).
@MainActor
public final class FolderChooser {
    private let chooser: Object
    private let completion: @MainActor (String?) -> Void
    private var keepAlive: FolderChooser?

    /// Shows the chooser; `completion` gets the chosen folder's path, or nil on cancel.
    @discardableResult
    public static func choose(title: String, parent: Window?, accept: String = "_Open",
                              completion: @escaping @MainActor (String?) -> Void) -> FolderChooser {
        let chooser = FolderChooser(title: title, parent: parent, accept: accept, completion: completion)
        chooser.show()
        return chooser
    }

    private init(title: String, parent: Window?, accept: String, completion: @escaping @MainActor (String?) -> Void) {
        let native = gtk_file_chooser_native_new(title, parent?.window, GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER,
                                                 accept, "_Cancel")
        chooser = Object(UnsafeMutableRawPointer(native!), ownership: .full)
        self.completion = completion
        gtk_native_dialog_set_modal(chooser.cast(), 1)
    }

    private func show() {
        keepAlive = self
        chooser.connect("response", owner: self) { [unowned self] (response: Int) in
            self.finish(response: Int32(truncatingIfNeeded: response))
        }
        gtk_native_dialog_show(chooser.cast())
    }

    /// Closes the chooser as if the user cancelled.
    public func cancel() {
        gtk_native_dialog_hide(chooser.cast())
        finish(response: GTK_RESPONSE_CANCEL.rawValue)
    }

    private func finish(response: Int32) {
        guard keepAlive != nil else { return }
        var path: String?
        if response == GTK_RESPONSE_ACCEPT.rawValue, let file = gtk_file_chooser_get_file(chooser.cast()) {
            if let cPath = g_file_get_path(file) {
                path = String(cString: cPath)
                g_free(cPath)
            }
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        keepAlive = nil
        completion(path)
    }
}
