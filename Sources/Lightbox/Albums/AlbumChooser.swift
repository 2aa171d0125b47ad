import Gtk

/// What the person chose in the album chooser: an album, or a new one by the name typed.
public enum AlbumChoice: Equatable, Sendable {
    case album(Album.ID)
    case new(String)
}

/// "Add to Album": a popover with an entry and the albums (those whose names hold what is
/// typed). A click on an album, or Enter on a name that is an album's, chooses it; Enter on
/// another name makes a new album of that name. Down goes from the entry to the albums.
/// `onChoose` returns what went wrong (nil: done, the popover closes).
public final class AlbumChooser: Popover {
    public let heading = Label()
    public let entry = Entry(placeholder: tr("Album name"))
    public let albumsBox = Box(orientation: .vertical, spacing: 0)
    public let errorLabel = Label()
    public private(set) var buttons: [(album: Album, button: Button)] = []
    public var onChoose: (@MainActor (AlbumChoice) -> String?)?
    private let albums: [Album]
    /// How many albums show at most (the entry narrows them down).
    static let shownLimit = 8

    public init(albums: [Album], photoCount: Int) {
        self.albums = albums
        super.init()
        addCssClass("album-chooser")
        let content = Box(orientation: .vertical, spacing: 8)
        content.setMargins(top: 12, bottom: 12, start: 12, end: 12)
        heading.text = FormattingLocale.current.counted(
            // Translators: the heading of the Add to Album popover; %d is how many photos are added.
            trn("Add %d Photo to an Album", "Add %d Photos to an Album", photoCount), photoCount)
        heading.addCssClass("heading")
        heading.xalign = 0
        entry.setAccessibleLabel(tr("Album name"))
        entry.tooltip = tr("Type to find an album, or the name of a new one, and press Enter")
        entry.setSizeRequest(width: 280, height: -1)
        entry.onActivate(owner: self) { [weak self] in self?.chooseTyped() }
        entry.onTextChanged(owner: self) { [weak self] in self?.showAlbums() }
        albumsBox.addCssClass("album-choices")
        albumsBox.setAccessibleLabel(tr("Albums"))
        errorLabel.addCssClass("error")
        errorLabel.xalign = 0
        errorLabel.wraps = true
        errorLabel.maxWidthChars = 36
        errorLabel.isVisible = false
        [heading, entry, albumsBox, errorLabel].forEach(content.append)
        child = content
        showAlbums()
    }

    public func open(pointingAt target: Widget) {
        popup(pointingAt: target)
        _ = entry.grabFocus()
    }

    /// The albums whose names hold what is typed (case and accents aside), and a "New Album" row.
    private func showAlbums() {
        errorLabel.isVisible = false
        buttons.forEach { $0.button.removeFromParent() }
        let typed = entry.text.trimmingCharacters(in: .whitespaces)
        let matching =
            typed.isEmpty ? albums : albums.filter { $0.name.range(of: typed, options: [.caseInsensitive, .diacriticInsensitive]) != nil }
        buttons = matching.prefix(Self.shownLimit).map { album in
            let button = Button()
            button.hasFrame = false
            button.addCssClass("album-choice")
            let row = Box(orientation: .horizontal, spacing: 12)
            let name = Label(album.name)
            name.xalign = 0
            name.horizontalExpand = true
            name.ellipsize = .end
            let count = Label(AlbumCard.countText(album.count))
            count.addCssClass("dim-label")
            row.append(name)
            row.append(count)
            button.child = row
            button.setAccessibleLabel(String(format: trc("album, count", "%1$@, %2$@"), album.name, count.text))
            button.onClicked(owner: self) { [weak self] in self?.choose(.album(album.id)) }
            albumsBox.append(button)
            return (album, button)
        }
        albumsBox.isVisible = !buttons.isEmpty
    }

    private func chooseTyped() {
        let typed = entry.text.trimmingCharacters(in: .whitespaces)
        if let album = albums.first(where: { $0.name.compare(typed, options: [.caseInsensitive]) == .orderedSame }) {
            choose(.album(album.id))
        } else if let name = Album.name(typed) {
            choose(.new(name))
        } else {
            showError(tr("Type the name of an album, or of a new one"))
        }
    }

    private func choose(_ choice: AlbumChoice) {
        guard let onChoose else { return popdown() }
        if let error = onChoose(choice) {
            showError(error)
        } else {
            popdown()
        }
    }

    private func showError(_ message: String) {
        errorLabel.text = message
        errorLabel.isVisible = true
    }

    public var errorText: String? { errorLabel.isVisible ? errorLabel.text : nil }
}
