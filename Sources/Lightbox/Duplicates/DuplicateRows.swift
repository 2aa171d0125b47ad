import Gtk
import LightboxKit

/// One copy of a group: its thumbnail, marked "Keep" or "To Trash", and what tells it
/// from the other copies (folder, size, pixels, format, date, stars, keywords). A click
/// chooses it as the copy to keep; a double click opens it.
public final class DuplicateCopyCard: Box {
    public static let thumbnailSize = 160
    public let thumbnail = ThumbnailView(size: DuplicateCopyCard.thumbnailSize)
    public let badge = Label()
    public let nameLabel = Label()
    public let folderLabel = Label()
    public let factsLabel = Label()
    public let dateLabel = Label()
    public let starsLabel = Label()
    public let keywordsLabel = Label()
    public private(set) var photo: Photo?
    var onChoose: (@MainActor (Photo.ID) -> Void)?
    var onOpen: (@MainActor (Photo) -> Void)?

    public init() {
        super.init(orientation: .vertical, spacing: 2)
        addCssClass("duplicate-copy")
        // As wide as a 4:3 picture (with the padding and border): a portrait copy's name and folder fit as well.
        setSizeRequest(width: Self.thumbnailSize * 4 / 3 + 24, height: -1)
        let frame = Overlay()
        frame.child = thumbnail
        badge.horizontalAlignment = .start
        badge.verticalAlignment = .start
        frame.addOverlay(badge)
        frame.addCssClass("duplicate-thumbnail")
        // The copies of a row are as tall as the tallest card: the thumbnails stay their size.
        frame.verticalExpand = false
        frame.setMargins(top: 0, bottom: 6, start: 0, end: 0)
        append(frame)
        nameLabel.addCssClass("heading")
        folderLabel.ellipsize = .start
        starsLabel.addCssClass("duplicate-stars")
        for label in [nameLabel, folderLabel, factsLabel, dateLabel, starsLabel, keywordsLabel] {
            label.xalign = 0
            if label !== folderLabel { label.ellipsize = .middle }
            label.maxWidthChars = 1
            label.horizontalExpand = true
            if label !== nameLabel && label !== starsLabel { label.addCssClass("caption") }
            if label === folderLabel || label === dateLabel || label === keywordsLabel { label.addCssClass("dim-label") }
            append(label)
        }
        // As wide as the thumbnail, however long a name or folder: the labels ellipsize.
        horizontalExpand = false
        let click = GestureClick()
        click.onPressed(owner: self) { [weak self] presses, _, _ in
            guard let self, let photo = self.photo else { return }
            if presses == 2 { self.onOpen?(photo) } else { self.onChoose?(photo.id) }
        }
        add(click)
    }

    func configure(with photo: Photo, isKept: Bool, images: ImageSource) {
        // A group's row is configured again when another copy is chosen or the groups are found
        // again: the facts of a copy unchanged are not written again (a size is an ICU formatter).
        if photo != self.photo { describe(photo) }
        self.photo = photo
        thumbnail.show(photo, images: images)
        // Translators: the mark on the copy Keep One keeps.
        badge.text = isKept ? tr("Keep") : tr("To Trash")
        setCssClass("keeper", isKept)
        badge.setCssClass("keep-badge", isKept)
        badge.setCssClass("trash-badge", !isKept)
        setAccessibleLabel(
            isKept
                // Translators: a copy of a group for screen readers; %@ is its file name.
                ? String(format: tr("%@, to keep"), photo.name)
                // Translators: a copy of a group for screen readers; %@ is its file name.
                : String(format: tr("%@, to move to the trash"), photo.name))
    }

    private func describe(_ photo: Photo) {
        nameLabel.text = photo.name
        folderLabel.text = DuplicateText.folder(photo)
        factsLabel.text = DuplicateText.facts(photo)
        dateLabel.text = DuplicateText.date(photo)
        starsLabel.text = photo.isRejected ? PhotoFormat.ratingDescription(0, isRejected: true) : PhotoFormat.stars(photo.rating)
        starsLabel.setAccessibleLabel(PhotoFormat.ratingDescription(photo.rating, isRejected: photo.isRejected))
        let keywords = DuplicateText.keywords(photo)
        keywordsLabel.text = keywords
        keywordsLabel.isVisible = !keywords.isEmpty
        tooltip = photo.path
    }

    func stopLoading() { thumbnail.stopLoading() }
}

/// A group of duplicates on the Duplicates page: a card with the kind of copies, Keep One and
/// Not Duplicates, and the copies side by side (scrolling sideways when they don't fit).
public final class DuplicateGroupRow: ListRowView {
    public let kindLabel = Label()
    public let countLabel = Label()
    public let keepButton = Button(label: tr("Keep One"))
    public let notDuplicatesButton = Button(label: tr("Not Duplicates"))
    private let copiesBox = Box(orientation: .horizontal, spacing: 12)
    /// "and 377 more", after the copies shown of a large group.
    let moreLabel = Label()
    public private(set) var cards: [DuplicateCopyCard] = []
    var onChoose: (@MainActor (Photo.ID) -> Void)?
    var onOpen: (@MainActor (Photo) -> Void)?
    var onKeep: (@MainActor () -> Void)?
    var onNotDuplicates: (@MainActor () -> Void)?

    public required init() {
        super.init()
        addCssClass("duplicate-group")
        contentView.orientation = .vertical
        contentView.spacing = 12
        contentView.addCssClass("card")
        let top = Box(orientation: .horizontal, spacing: 8)
        kindLabel.addCssClass("heading")
        kindLabel.xalign = 0
        countLabel.addCssClass("dim-label")
        countLabel.xalign = 0
        countLabel.horizontalExpand = true
        notDuplicatesButton.tooltip = tr("These are different photos: stop showing them together (N)")
        keepButton.addCssClass("suggested-action")
        keepButton.tooltip = tr(
            "Keep the marked copy with the others’ stars, keywords and albums, and move the others to the trash (Enter)")
        // The list item has the focus, and the page's keys act on it: the buttons are for the pointer.
        for button in [notDuplicatesButton, keepButton] {
            button.canFocus = false
            button.verticalAlignment = .center
        }
        keepButton.onClicked(owner: self) { [weak self] in self?.onKeep?() }
        notDuplicatesButton.onClicked(owner: self) { [weak self] in self?.onNotDuplicates?() }
        [kindLabel, countLabel, notDuplicatesButton, keepButton].forEach(top.append)
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: .automatic, vertical: .never)
        scroller.propagatesNaturalHeight = true
        copiesBox.horizontalAlignment = .start
        moreLabel.addCssClass("dim-label")
        moreLabel.verticalAlignment = .center
        copiesBox.append(moreLabel)
        scroller.child = copiesBox
        contentView.append(top)
        contentView.append(scroller)
        setMargins(top: 6, bottom: 6, start: 12, end: 12)
    }

    /// Shows `item`; `frame` is the time of the frame the page is drawing (a row is bound before
    /// it is realized, so it has no clock of its own yet), nil when it draws none.
    func configure(with item: DuplicateItem, images: ImageSource, frame: Int64?) {
        kindLabel.text = DuplicateText.kind(item.group.kind)
        countLabel.text = DuplicateText.copies(item.count)
        shown = (item, images)
        addCards(NewCardBudget.take(item.shownPhotos.count - cards.count, frame: frame))
        showCards()
        let kept = item.photos.first { $0.id == item.keeper }?.name ?? ""
        // Translators: a group of duplicates for screen readers: its kind ("Similar copies"), how many ("3 copies"), the file kept.
        setAccessibleLabel(String(format: tr("%1$@, %2$@, keeping %3$@"), kindLabel.text, countLabel.text, kept))
    }

    /// The group shown, and where its thumbnails come from.
    private var shown: (item: DuplicateItem, images: ImageSource)?
    private var isWaitingForCards = false

    /// The copies' cards, those made so far: a row still short of cards makes more in the
    /// frames after (`NewCardBudget`).
    private func showCards() {
        guard let (item, images) = shown else { return }
        let photos = item.shownPhotos
        for (index, card) in cards.enumerated() {
            card.isVisible = index < photos.count
            guard index < photos.count else {
                card.stopLoading()
                continue
            }
            card.configure(with: photos[index], isKept: photos[index].id == item.keeper, images: images)
        }
        let more = item.count - photos.count
        moreLabel.isVisible = more > 0
        // Translators: after the copies a group of duplicates shows; %d is how many more it has.
        moreLabel.text = String(format: trn("and %d more", "and %d more", more), more)
        guard cards.count < photos.count, !isWaitingForCards else { return }
        isWaitingForCards = true
        addTickCallback { [weak self] time in
            guard let self, let (item, _) = self.shown else { return false }
            let missing = item.shownPhotos.count - self.cards.count
            self.addCards(NewCardBudget.take(missing, frame: time))
            self.showCards()
            self.isWaitingForCards = self.cards.count < item.shownPhotos.count
            return self.isWaitingForCards
        }
    }

    private func addCards(_ count: Int) {
        for _ in 0..<max(0, count) {
            let card = DuplicateCopyCard()
            card.onChoose = { [weak self] id in self?.onChoose?(id) }
            card.onOpen = { [weak self] photo in self?.onOpen?(photo) }
            cards.append(card)
            copiesBox.insertChildAfter(card, sibling: cards.count > 1 ? cards[cards.count - 2] : nil)
        }
    }

    public override func prepareForReuse() { cards.forEach { $0.stopLoading() } }
}

/// How many copies' cards the page makes in one frame, over all its rows: a card is a dozen
/// widgets styled, measured and drawn for the first time, and a row of eight made at once,
/// while a scan keeps both cores busy, held a frame past 50 ms. Rows reused while scrolling
/// have their cards already.
@MainActor
enum NewCardBudget {
    static let perFrame = 3
    private static var frame: Int64?
    private static var left = perFrame

    /// Up to `wanted` cards for the frame drawn at `frame` (a frame clock's time; nil, outside
    /// a window: all of them).
    static func take(_ wanted: Int, frame: Int64?) -> Int {
        guard wanted > 0 else { return 0 }
        guard let frame else { return wanted }
        if frame != Self.frame {
            Self.frame = frame
            left = perFrame
        }
        let taken = min(wanted, left)
        left -= taken
        return taken
    }
}
