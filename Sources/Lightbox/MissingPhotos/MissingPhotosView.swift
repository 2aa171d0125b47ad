import Adw
import Foundation
import Gtk
import LightboxMedia

/// The Missing Photos window's widgets (libadwaita's preferences window): what missing
/// means, a row per missing photo (its last thumbnail or an icon; its name; where it was,
/// since when, its stars) with a button that lets go of it, and Remove All.
final class MissingPhotosView: PreferencesWindow {
    let group = PreferencesGroup()
    let removeAllButton = Button(mnemonic: tr("Remove _All"))
    /// The rows shown, in order, with their remove buttons, the pictures that show their last
    /// thumbnails (hidden until one is found) and the icons shown until then.
    private(set) var rows: [(photo: MissingPhoto, row: ActionRow, removeButton: Button, thumbnail: Image, icon: Image)] = []
    /// Side of a row's thumbnail.
    static let thumbnailSize = 48
    private let emptyRow = ActionRow()
    private var isEmptyRowShown = false
    /// One message at a time, a new one in its place.
    private(set) lazy var toasts = ToastPresenter(preferences: self)

    override init() {
        super.init()
        title = tr("Missing Photos")
        searchEnabled = false
        setDefaultSize(width: 640, height: 560)
        let page = PreferencesPage()
        group.description = String(
            format: tr(
                "These photos' files were moved out of the library, renamed or deleted. Lightbox keeps their stars, rejects and keywords for %d days: when a file comes back into a library folder, its photo is found again. Remove a photo to let go of it now."
            ), Int(Catalog.missingPhotosKept / 86_400))
        removeAllButton.addCssClass("flat")
        removeAllButton.verticalAlignment = .center
        removeAllButton.tooltip = tr("Let go of every missing photo")
        group.headerSuffix = removeAllButton
        emptyRow.title = tr("No missing photos")
        emptyRow.subtitle = tr("Every photo's file is where the library expects it.")
        page.add(group)
        add(page)
    }

    /// Shows `photos`, one row each (or a row saying there are none).
    func show(_ photos: [MissingPhoto]) {
        for shown in rows { group.remove(shown.row) }
        if isEmptyRowShown { group.remove(emptyRow) }
        rows = photos.map { missing in
            let row = ActionRow()
            row.title = missing.photo.name
            row.subtitle = Self.subtitle(missing)
            // The same square for a thumbnail or the icon, so that every row's text lines up.
            let square = Box(orientation: .horizontal)
            square.setSizeRequest(width: Self.thumbnailSize, height: Self.thumbnailSize)
            let icon = Image(iconName: "image-missing-symbolic")
            icon.pixelSize = Self.thumbnailSize / 2
            icon.horizontalExpand = true
            icon.addCssClass("dim-label")
            let thumbnail = Image()
            thumbnail.pixelSize = Self.thumbnailSize
            thumbnail.horizontalExpand = true
            thumbnail.isVisible = false
            square.append(icon)
            square.append(thumbnail)
            row.addPrefix(square)
            let remove = Button(iconName: "list-remove-symbolic")
            remove.addCssClass("flat")
            remove.verticalAlignment = .center
            remove.tooltip = tr("Remove from Library")
            // Translators: a button's accessible name; %@ is a photo's file name.
            remove.setAccessibleLabel(String(format: tr("Remove “%@” from Library"), missing.photo.name))
            row.addSuffix(remove)
            group.add(row)
            return (missing, row, remove, thumbnail, icon)
        }
        removeAllButton.isSensitive = !photos.isEmpty
        isEmptyRowShown = photos.isEmpty
        if isEmptyRowShown { group.add(emptyRow) }
    }

    /// Shows `image`, the last thumbnail of the photo of row `index`, in place of its icon.
    func showThumbnail(_ image: PixelImage, inRow index: Int) {
        let shown = rows[index]
        shown.thumbnail.setImage(image)
        shown.thumbnail.isVisible = true
        shown.icon.isVisible = false
    }

    /// "Was in ~/Pictures/Trip · missing since 27 November 2026, 10:15 · Rated 4 stars".
    static func subtitle(_ missing: MissingPhoto) -> String {
        let folder = LibraryFolderList.displayName((missing.photo.path as NSString).deletingLastPathComponent)
        let since = PhotoFormat.date(PhotoReader.localTimestamp(missing.since.timeIntervalSince1970)) ?? ""
        // Translators: a missing photo's row: %1$@ is the folder its file was in, %2$@ when it
        // went missing, %3$@ its stars ("Rated 4 stars", "Rejected").
        return String(
            format: tr("Was in %1$@ · missing since %2$@ · %3$@"), folder, since,
            PhotoFormat.ratingDescription(missing.photo.rating, isRejected: missing.photo.isRejected))
    }
}
