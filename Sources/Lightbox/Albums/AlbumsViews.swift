import Gtk
import LightboxKit

/// An album or a saved search in the Albums page's grid: what it shows and what tells two apart.
public struct AlbumItem: Identifiable, Equatable {
    public enum Kind: Equatable {
        case album(Album)
        /// A saved search, and what it finds now (nil until counted).
        case search(SavedSearch, SavedSearchCount?)
    }

    public let kind: Kind
    /// The photo that stands for it, as the library has it now (nil: none, or not listed).
    public let cover: Photo?

    public var id: String {
        switch kind {
        case .album(let album): "album-\(album.id)"
        case .search(let search, _): "search-\(search.id)"
        }
    }

    public var name: String {
        switch kind {
        case .album(let album): album.name
        case .search(let search, _): search.name
        }
    }

    /// "12 photos"; "Counting…" for a search not counted yet.
    @MainActor
    public var countText: String {
        switch kind {
        case .album(let album): AlbumCard.countText(album.count)
        // Translators: a saved search whose photos are being counted.
        case .search(_, let count): count.map { AlbumCard.countText($0.count) } ?? tr("Counting…")
        }
    }

    public var album: Album? {
        if case .album(let album) = kind { return album }
        return nil
    }

    public var savedSearch: SavedSearch? {
        if case .search(let search, _) = kind { return search }
        return nil
    }
}

/// One album of the Albums page: its cover, its name and how many photos it has.
public final class AlbumCard: ListRowView {
    public static let coverSize = 180
    public let cover = ThumbnailView(size: AlbumCard.coverSize)
    public let placeholder = Image(iconName: "folder-pictures-symbolic")
    public let nameLabel = Label()
    public let countLabel = Label()
    /// A saved search's mark, over its cover.
    public let searchBadge = Image(iconName: "folder-saved-search-symbolic")
    private let frame = Overlay()
    /// The item shown.
    public private(set) var itemID: String?
    /// Photos dropped on the card (their paths); returns whether they were taken.
    public var onDrop: (@MainActor ([String]) -> Bool)?

    public required init() {
        super.init()
        addCssClass("album-card")
        contentView.orientation = .vertical
        contentView.spacing = 6
        placeholder.pixelSize = 64
        placeholder.addCssClass("dim-label")
        frame.child = placeholder
        frame.addOverlay(cover)
        searchBadge.addCssClass("search-badge")
        searchBadge.horizontalAlignment = .end
        searchBadge.verticalAlignment = .end
        searchBadge.pixelSize = 24
        frame.addOverlay(searchBadge)
        frame.addCssClass("album-cover")
        frame.setSizeRequest(width: AlbumCard.coverSize, height: AlbumCard.coverSize)
        nameLabel.addCssClass("heading")
        nameLabel.ellipsize = .end
        nameLabel.maxWidthChars = 18
        countLabel.addCssClass("dim-label")
        countLabel.addCssClass("caption")
        [frame, nameLabel, countLabel].forEach(contentView.append)
        setMargins(top: 12, bottom: 12, start: 12, end: 12)
        let drop = FileDropTarget()
        drop.onDrop(owner: self) { [weak self] paths in self?.onDrop?(paths) ?? false }
        add(drop)
    }

    public func configure(with item: AlbumItem, images: ImageSource) {
        itemID = item.id
        nameLabel.text = item.name
        countLabel.text = item.countText
        cover.isVisible = item.cover != nil
        cover.show(item.cover, images: images)
        let search = item.savedSearch
        searchBadge.isVisible = search != nil
        placeholder.setIcon(search == nil ? "folder-pictures-symbolic" : "folder-saved-search-symbolic")
        if let search {
            // Translators: a saved search's card for screen readers: its name, how many photos it finds.
            setAccessibleLabel(String(format: tr("Saved search %1$@, %2$@"), search.name, countLabel.text))
            // Translators: a saved search's tooltip; %@ is its search text (stars:5 camera:canon).
            tooltip = String(format: tr("Saved search: %@"), search.query)
        } else {
            setAccessibleLabel(String(format: trc("album, count", "%1$@, %2$@"), item.name, countLabel.text))
            tooltip = item.name
        }
    }

    /// "12 photos", "no photos".
    public static func countText(_ count: Int) -> String {
        // Translators: an album that has no photos yet.
        count == 0 ? tr("No photos") : FormattingLocale.current.counted(trn("%d photo", "%d photos", count), count)
    }

    public override func prepareForReuse() { cover.stopLoading() }
}

/// The Albums page: a bar with New Album, the albums as a grid, or a message when there are none.
public final class AlbumsView: Box {
    public let grid: GridView
    public let newAlbumButton = Button()
    public let empty = StatusPage()
    private let pages = Stack()

    public init(grid: GridView) {
        self.grid = grid
        super.init(orientation: .vertical)
        addCssClass("albums-page")
        let bar = Box(orientation: .horizontal, spacing: 6)
        bar.addCssClass("albums-bar")
        bar.setMargins(top: 6, bottom: 6, start: 12, end: 12)
        let content = Box(orientation: .horizontal, spacing: 6)
        content.append(Image(iconName: "list-add-symbolic"))
        content.append(Label(tr("New Album")))
        newAlbumButton.child = content
        newAlbumButton.tooltip = tr("Make an album of the photos you choose (Ctrl+N)")
        newAlbumButton.setAccessibleLabel(tr("New Album"))
        bar.append(newAlbumButton)
        append(bar)
        grid.addCssClass("albums-grid")
        grid.setAccessibleLabel(tr("Albums"))
        grid.maxColumns = 12
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.child = grid
        pages.add(scroller, name: "albums")
        pages.add(empty, name: "empty")
        pages.verticalExpand = true
        append(pages)
        empty.show(
            icon: "folder-pictures-symbolic", title: tr("No Albums"),
            description: tr("Select photos and press Shift+A to put them in an album, or make an empty one with New Album."),
            button: nil)
    }

    /// Shows the grid, or the message when there are no albums.
    public func showAlbums(_ any: Bool) {
        pages.visibleChildName = any ? "albums" : "empty"
    }

    public var isShowingEmptyState: Bool { pages.visibleChildName == "empty" }
}
