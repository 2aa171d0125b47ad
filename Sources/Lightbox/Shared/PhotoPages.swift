import LightboxKit

/// A page with a current photo and a selection: the photos the window's 0–5 (rate), 9
/// (reject) and Delete (trash) actions act on. Photos list, collection pages and the photo
/// page adopt it.
@MainActor
public protocol PhotoSelecting: AnyObject {
    /// The photo the page shows or has selected first.
    var currentPhoto: Photo? { get }
    /// Every selected photo, in the page's order (the current photo alone on a page that
    /// selects one at a time).
    var selectedPhotos: [Photo] { get }
}

extension PhotoSelecting {
    public var selectedPhotos: [Photo] { currentPhoto.map { [$0] } ?? [] }
}

/// A page whose current photo's title can be edited: F2 (`win.edit-title`) puts the keyboard
/// in its title.
@MainActor
public protocol TitleEditing: AnyObject {
    func editTitle()
}

/// A page that can select and scroll to a photo: used to come back "to where you
/// were, with the same item selected" after the photo page.
@MainActor
public protocol PhotoRevealing: AnyObject {
    func reveal(_ id: Photo.ID)
    /// Reveals the photo and, with `focusing`, puts the keyboard focus on it (coming back
    /// from the photo page, or opening a photo from the file manager).
    func reveal(_ id: Photo.ID, focusing: Bool)
}

extension PhotoRevealing {
    public func reveal(_ id: Photo.ID, focusing: Bool) { reveal(id) }
}

/// A page whose current photo's keywords can be edited: Ctrl+K (`win.edit-keywords`) puts
/// the keyboard in its keyword entry.
@MainActor
public protocol KeywordEditing: AnyObject {
    func editKeywords()
}

/// Child → parent: "the user wants to see this photo large". The window decides
/// (it pushes the photo page over the current page, browsing `photos` in their order).
@MainActor
public protocol PhotoOpening: AnyObject {
    func open(_ photo: Photo, in photos: [Photo], from page: Controller)
}

/// A step of `win.zoom` (Ctrl+plus, Ctrl+minus, Ctrl+0): its string parameter.
public enum ZoomStep: String, Sendable, CaseIterable {
    case `in`, out, reset
}

/// A page that zooms with `win.zoom`: the photo page its photo, the Photos page the grid's
/// thumbnails. The window enables the action while the page in front can zoom, so the keys
/// go on elsewhere (the Photos page as a list).
@MainActor
public protocol Zooming: AnyObject {
    /// Whether the page zooms now.
    var canZoom: Bool { get }
    func zoom(_ step: ZoomStep)
}
