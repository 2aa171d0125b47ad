import Gtk

/// Above the Photos page's photos while it shows an album: a button back to the Albums page
/// (all the photos again), the album's name and how many photos it has.
public final class AlbumBar: Box {
    public let backButton = Button(iconName: "go-previous-symbolic")
    public let nameLabel = Label()
    public let countLabel = Label()

    public init() {
        super.init(orientation: .horizontal, spacing: 8)
        addCssClass("album-bar")
        setMargins(top: 6, bottom: 6, start: 6, end: 12)
        backButton.hasFrame = false
        backButton.actionName = "win.leave-album"
        backButton.tooltip = tr("Back to the albums, and every photo")
        backButton.setAccessibleLabel(tr("Back to Albums"))
        nameLabel.addCssClass("heading")
        nameLabel.ellipsize = .end
        nameLabel.xalign = 0
        countLabel.addCssClass("dim-label")
        countLabel.horizontalExpand = true
        countLabel.xalign = 0
        [backButton, nameLabel, countLabel].forEach(append)
        isVisible = false
    }

    /// Shows `album` (nil: the whole library, no bar).
    public func show(_ album: Album?) {
        isVisible = album != nil
        guard let album else { return }
        nameLabel.text = album.name
        countLabel.text = AlbumCard.countText(album.count)
        setAccessibleLabel(String(format: trc("album, count", "%1$@, %2$@"), album.name, countLabel.text))
    }
}
