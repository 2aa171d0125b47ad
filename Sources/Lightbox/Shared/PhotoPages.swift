import LightboxKit

/// A page with a current photo: the one the window's 0–5 (rate) and Delete (trash)
/// actions act on. Photos list, collection pages and the photo page adopt it.
@MainActor
public protocol PhotoSelecting: AnyObject {
    var currentPhoto: Photo? { get }
}

/// A page that can select and scroll to a photo: used to come back "to where you
/// were, with the same item selected" after the photo page.
@MainActor
public protocol PhotoRevealing: AnyObject {
    func reveal(_ id: Photo.ID)
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
