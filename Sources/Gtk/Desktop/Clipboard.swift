import CGtk

/// What a copy or a drag offers (GdkContentProvider): files, text, an image, or several
/// of them at once (a union, the first one preferred).
@MainActor
public final class ContentProvider {
    let provider: UnsafeMutablePointer<GdkContentProvider>

    /// Takes a new provider's reference.
    init(taking provider: UnsafeMutablePointer<GdkContentProvider>) { self.provider = provider }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(provider)) }

    /// A list of files (a `GdkFileList`): GTK offers it as `text/uri-list` and as GNOME's
    /// `x-special/gnome-copied-files` too, so file managers paste the files themselves.
    public convenience init(filePaths paths: [String]) {
        var files: [OpaquePointer?] = paths.map { g_file_new_for_path(PathBytes.c($0)) }
        let list = gdk_file_list_new_from_array(&files, gsize(files.count))
        files.forEach { g_object_unref(UnsafeMutableRawPointer($0)) }
        var value = GValue()
        g_value_init(&value, gdk_file_list_get_type())
        g_value_take_boxed(&value, UnsafeRawPointer(list))
        let provider = gdk_content_provider_new_for_value(&value)!
        g_value_unset(&value)
        self.init(taking: provider)
    }

    /// Plain text (`text/plain;charset=utf-8`).
    public convenience init(text: String) {
        var value = GValue()
        g_value_init(&value, lbx_type_string())
        g_value_set_string(&value, text)
        let provider = gdk_content_provider_new_for_value(&value)!
        g_value_unset(&value)
        self.init(taking: provider)
    }

    /// A texture, for a texture provider made in another interop module from decoded pixels.
    package convenience init(texture: OpaquePointer) {
        var value = GValue()
        g_value_init(&value, gdk_texture_get_type())
        g_value_set_object(&value, UnsafeMutableRawPointer(texture))
        let provider = gdk_content_provider_new_for_value(&value)!
        g_value_unset(&value)
        self.init(taking: provider)
    }

    /// Every format of `providers`, the first provider's first.
    public convenience init(union providers: [ContentProvider]) {
        var members: [UnsafeMutablePointer<GdkContentProvider>?] = providers.map {
            g_object_ref(UnsafeMutableRawPointer($0.provider)).assumingMemoryBound(to: GdkContentProvider.self)
        }
        self.init(taking: gdk_content_provider_new_union(&members, gsize(members.count)))
    }

    /// The MIME types offered ("text/uri-list", "image/png").
    public var mimeTypes: [String] {
        guard let formats = gdk_content_provider_ref_formats(provider) else { return [] }
        defer { gdk_content_formats_unref(formats) }
        let serializable = gdk_content_formats_union_serialize_mime_types(gdk_content_formats_ref(formats))!
        defer { gdk_content_formats_unref(serializable) }
        return ContentFormatsReading.mimeTypes(of: serializable)
    }

    /// The files offered as a file list, as paths; nil when it offers none.
    public var filePaths: [String]? {
        var value = GValue()
        g_value_init(&value, gdk_file_list_get_type())
        defer { g_value_unset(&value) }
        guard gdk_content_provider_get_value(provider, &value, nil) != 0 else { return nil }
        return ContentFormatsReading.paths(of: OpaquePointer(g_value_get_boxed(&value)))
    }
}

/// Reads GDK's format lists and file lists.
enum ContentFormatsReading {
    static func mimeTypes(of formats: OpaquePointer) -> [String] {
        var count: gsize = 0
        guard let types = gdk_content_formats_get_mime_types(formats, &count) else { return [] }
        return (0..<Int(count)).compactMap { types[$0].map { String(cString: $0) } }
    }

    static func paths(of list: OpaquePointer?) -> [String] {
        guard let list else { return [] }
        var paths: [String] = []
        let files = gdk_file_list_get_files(list)
        var node = files
        while let current = node {
            if let path = PathBytes.take(g_file_get_path(OpaquePointer(current.pointee.data))) { paths.append(path) }
            node = current.pointee.next
        }
        g_slist_free(files)
        return paths
    }
}

/// The display's clipboard (GdkClipboard): what Ctrl+C puts there and Ctrl+V reads.
@MainActor
public final class Clipboard {
    private let clipboard: OpaquePointer

    /// The clipboard of the default display.
    public static var `default`: Clipboard {
        Clipboard(gdk_display_get_clipboard(gdk_display_get_default()))
    }

    private init(_ clipboard: OpaquePointer) {
        self.clipboard = clipboard
        g_object_ref(UnsafeMutableRawPointer(clipboard))
    }

    isolated deinit { g_object_unref(UnsafeMutableRawPointer(clipboard)) }

    /// Offers `content` on the clipboard (the display owns the selection from now on).
    public func set(_ content: ContentProvider) {
        gdk_clipboard_set_content(clipboard, content.provider)
    }

    /// Offers `text`.
    public func set(text: String) { set(ContentProvider(text: text)) }

    /// Whether this process offers the clipboard's content.
    public var isLocal: Bool { gdk_clipboard_is_local(clipboard) != 0 }

    /// Whether the clipboard still offers `content` (nothing was copied since, here or elsewhere).
    public func holds(_ content: ContentProvider) -> Bool {
        gdk_clipboard_get_content(clipboard) == content.provider
    }

    /// The MIME types the clipboard offers now.
    public var mimeTypes: [String] {
        let formats = gdk_content_formats_union_serialize_mime_types(gdk_content_formats_ref(gdk_clipboard_get_formats(clipboard)))!
        defer { gdk_content_formats_unref(formats) }
        return ContentFormatsReading.mimeTypes(of: formats)
    }

    /// Reads the clipboard's text.
    public func readText(_ completion: @escaping @MainActor (String?) -> Void) {
        let box = Unmanaged.passRetained(ReadCompletion { completion($0 as? String) }).toOpaque()
        gdk_clipboard_read_text_async(
            clipboard, nil,
            { source, result, data in
                let completion = Unmanaged<ReadCompletion>.fromOpaque(data!).takeRetainedValue()
                let text = gdk_clipboard_read_text_finish(OpaquePointer(source), result, nil)
                let string = text.map { String(cString: $0) }
                g_free(text)
                MainActor.assumeIsolated { completion.handler(string) }
            }, box)
    }

    /// Reads the clipboard's files, as paths.
    public func readFilePaths(_ completion: @escaping @MainActor ([String]?) -> Void) {
        let box = Unmanaged.passRetained(ReadCompletion { completion($0 as? [String]) }).toOpaque()
        gdk_clipboard_read_value_async(
            clipboard, gdk_file_list_get_type(), G_PRIORITY_DEFAULT, nil,
            { source, result, data in
                let completion = Unmanaged<ReadCompletion>.fromOpaque(data!).takeRetainedValue()
                var paths: [String]?
                if let value = gdk_clipboard_read_value_finish(OpaquePointer(source), result, nil) {
                    paths = ContentFormatsReading.paths(of: OpaquePointer(g_value_get_boxed(value)))
                }
                MainActor.assumeIsolated { completion.handler(paths) }
            }, box)
    }

    /// Reads the clipboard's image, as its width and height in pixels.
    public func readImageSize(_ completion: @escaping @MainActor ((width: Int, height: Int)?) -> Void) {
        let box = Unmanaged.passRetained(ReadCompletion { completion($0 as? (width: Int, height: Int)) }).toOpaque()
        gdk_clipboard_read_texture_async(
            clipboard, nil,
            { source, result, data in
                let completion = Unmanaged<ReadCompletion>.fromOpaque(data!).takeRetainedValue()
                var size: (width: Int, height: Int)?
                if let texture = gdk_clipboard_read_texture_finish(OpaquePointer(source), result, nil) {
                    size = (Int(gdk_texture_get_width(texture)), Int(gdk_texture_get_height(texture)))
                    g_object_unref(UnsafeMutableRawPointer(texture))
                }
                MainActor.assumeIsolated { completion.handler(size) }
            }, box)
    }
}

/// Keeps a read's completion until GDK answers.
private final class ReadCompletion {
    let handler: @MainActor (Any?) -> Void
    init(_ handler: @escaping @MainActor (Any?) -> Void) { self.handler = handler }
}
