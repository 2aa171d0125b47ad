import Gtk

/// Drag photos out to other apps (a file manager, a mail, an editor): a drag source on a
/// photo's widget (a list row, a grid cell) carrying the files as a file list, which GTK
/// offers as `text/uri-list` too. A drag that starts on a selected photo carries the whole
/// selection; on an unselected one, that photo alone. The widget's thumbnail is the drag icon.
@MainActor
public final class PhotoDragSource {
    private let source = DragSource()
    private let photo: @MainActor () -> Photo?
    private let selection: @MainActor () -> [Photo]

    /// Attaches a drag source to `widget`.
    /// - Parameters:
    ///   - photo: the photo the widget shows now (rows are recycled), nil for none.
    ///   - selection: the selected photos of the list the widget is in.
    ///   - icon: the widget whose look follows the pointer (a thumbnail); nil for GTK's
    ///     icon of the files (a photo shown large would cover the screen).
    @discardableResult
    public static func attach(
        to widget: Widget, icon: Widget? = nil,
        photo: @escaping @MainActor () -> Photo?,
        selection: @escaping @MainActor () -> [Photo]
    ) -> PhotoDragSource {
        let drag = PhotoDragSource(photo: photo, selection: selection)
        drag.source.actions = .copy
        drag.source.onPrepare(owner: widget) { [drag] in drag.content() }
        if let icon { drag.source.useIcon(of: { [weak icon] in icon }, owner: widget) }
        widget.add(drag.source)
        return drag
    }

    private init(photo: @escaping @MainActor () -> Photo?, selection: @escaping @MainActor () -> [Photo]) {
        self.photo = photo
        self.selection = selection
    }

    /// The photos a drag starting now carries.
    public var photos: [Photo] {
        guard let photo = photo() else { return [] }
        return selection().dragged(from: photo)
    }

    /// What the drag source's `prepare` hands GTK: the photos' files (RAW+JPEG pairs both),
    /// nil (no drag) when the widget shows no photo.
    public func content() -> ContentProvider? {
        let photos = photos
        return photos.isEmpty ? nil : ContentProvider(filePaths: photos.filePaths)
    }
}
