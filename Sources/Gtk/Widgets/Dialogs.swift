import CGtk

extension AboutDialog {
    /// An about dialog with the program's name, version, description, website, icon,
    /// license and authors.
    public convenience init(
        name: String, version: String, comments: String, website: String?,
        iconName: String, license: License = .mitX11, developers: [String] = []
    ) {
        self.init()
        programName = name
        self.version = version
        self.comments = comments
        logoIconName = iconName
        licenseType = license
        if let website { self.website = website }
        if !developers.isEmpty {
            var names: [UnsafePointer<CChar>?] = developers.map { UnsafePointer(strdup($0)) }
            names.append(nil)
            defer { names.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
            gtk_about_dialog_set_authors(cast(), &names)
        }
    }
}

/// GtkFileChooserNative in folder mode: the desktop's own folder picker (a portal
/// when one runs, GTK's dialog otherwise).
@MainActor
public final class FolderChooser {
    private let chooser: FileChooserNative
    private let completion: @MainActor (String?) -> Void
    private var keepAlive: FolderChooser?

    /// Shows the chooser; `completion` gets the chosen folder's path, or nil on cancel.
    @discardableResult
    public static func choose(
        title: String, parent: Window?, accept: String = "_Open",
        completion: @escaping @MainActor (String?) -> Void
    ) -> FolderChooser {
        let chooser = FolderChooser(title: title, parent: parent, accept: accept, completion: completion)
        chooser.show()
        return chooser
    }

    private init(title: String, parent: Window?, accept: String, completion: @escaping @MainActor (String?) -> Void) {
        chooser = FileChooserNative(
            title: title, parent: parent, action: .selectFolder, acceptLabel: accept,
            cancelLabel: "_Cancel")
        self.completion = completion
        chooser.isModal = true
    }

    private func show() {
        keepAlive = self
        chooser.onResponse(owner: self) { [unowned self] response in self.finish(response: response) }
        chooser.show()
    }

    /// Closes the chooser as if the user cancelled.
    public func cancel() {
        chooser.hide()
        finish(response: Int(GTK_RESPONSE_CANCEL.rawValue))
    }

    private func finish(response: Int) {
        guard keepAlive != nil else { return }
        var path: String?
        if response == Int(GTK_RESPONSE_ACCEPT.rawValue), let file = gtk_file_chooser_get_file(chooser.cast()) {
            path = PathBytes.take(g_file_get_path(file))
            g_object_unref(UnsafeMutableRawPointer(file))
        }
        keepAlive = nil
        completion(path)
    }
}
