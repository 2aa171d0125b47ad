import Gtk
import LightboxKit

/// Child → parent: the user wants every photo by a camera, or taken on a day.
@MainActor
public protocol DetailsControllerDelegate: AnyObject {
    func detailsController(_ details: DetailsController, didActivate link: DetailLink)
}

/// The details pane of the Photos page: the selected photo's preview, its rating
/// (click a star, or 0–5 as anywhere in the window: `win.rate`) and its facts; for several
/// selected photos, a summary of them (their stars set together).
public final class DetailsController: Controller, ListSelectionDelegate, RatingRowDelegate {
    public weak var delegate: DetailsControllerDelegate?
    public let source = ArrayDataSource<DetailItem>()
    /// The photos shown: none, one, or the selected photos summarised.
    public private(set) var photos: [Photo] = []
    /// The one photo shown, when one is.
    public var photo: Photo? { photos.count == 1 ? photos[0] : nil }
    /// The photos' title and caption, under their facts (F2 puts the keyboard in the title).
    public let titleEditor: TitleEditorController
    /// The photos' keywords, under their title (Ctrl+K puts the keyboard in its entry).
    public let keywordsEditor: KeywordsEditorController
    private var detailsView: DetailsView { view as! DetailsView }
    private weak var store: CatalogStore?

    public init(store: CatalogStore) {
        titleEditor = TitleEditorController(store: store)
        keywordsEditor = KeywordsEditorController(store: store)
        self.store = store
        super.init()
        // A photo's copies are found after it shows: its "Copy of" row comes when they are.
        store.observeDuplicates(owner: self) { [weak self] _ in
            guard let self, self.isViewLoaded, self.photos.count == 1 else { return }
            self.showRows()
        }
        // Translators: the title of the pane with a photo's details.
        title = tr("Details")
        source.kindOfItem = { $0.kind }
        let images = store.images
        source.register(PreviewRow.self, kind: "preview") { row, item in
            if case .preview(let photo) = item { row.configure(with: photo, images: images) }
        }
        source.register(SelectionRow.self, kind: "selection") { row, item in
            if case .selection(let photos, let count, let subtitle) = item {
                row.configure(photos: photos, count: count, subtitle: subtitle, images: images)
            }
        }
        source.register(RatingRow.self, kind: "rating") { [unowned self] row, item in
            if case .rating(let stars, let isRejected) = item {
                row.configure(rating: stars, isRejected: isRejected, delegate: self)
            }
        }
        source.register(LocationRow.self, kind: "location") { row, item in
            if case .location(let location, let place) = item { row.configure(location, place: place) }
        }
        source.register(DetailFieldRow.self, kind: "field") { row, item in
            if case .field(let field, let value, let link) = item {
                row.configure(key: field.label, value: value, link: link)
            }
        }
        source.delegate = self
    }

    public override func loadView() -> Widget { DetailsView(list: source.makeListView(selection: .none)) }

    public override func viewDidLoad() {
        // Title and keywords: child controllers whose views sit under the rows.
        addChild(titleEditor)
        detailsView.editorsSlot.append(titleEditor.view)
        titleEditor.didMove(toParent: self)
        addChild(keywordsEditor)
        detailsView.editorsSlot.append(keywordsEditor.view)
        keywordsEditor.didMove(toParent: self)
        keywordsEditor.onEntryMoved = { [weak self] in
            guard let self else { return }
            self.detailsView.reveal(self.keywordsEditor.view)
        }
    }

    /// Shows `photo`'s details (nil: "No Photo Selected"); rows that did not change stay.
    public func show(_ photo: Photo?) {
        show(photo.map { [$0] } ?? [])
    }

    /// Shows one photo's details, a summary of several, or "No Photo Selected".
    public func show(_ photos: [Photo]) {
        self.photos = photos
        detailsView.showsDetails = !photos.isEmpty
        showRows()
        // Title and keywords of the photos that can be shown (an unreadable file has no rating
        // either); for several, keywords are their union, each added to or removed from all of them.
        let editable = photos.filter { $0.error == nil }
        titleEditor.show(editable)
        keywordsEditor.show(editable)
        detailsView.editorsSlot.isVisible = !editable.isEmpty
    }

    private func showRows() {
        let items =
            photos.count == 1
            ? DetailItem.items(for: photos[0], duplicates: store?.duplicateGroup(of: photos[0].id))
            : DetailItem.items(for: photos)
        do {
            try source.apply(items)
        } catch {
            preconditionFailure("DetailsController: two detail rows share an identifier: \(error)")
        }
    }

    /// F2: the title row takes the keyboard, scrolled into view.
    public func editTitle() {
        titleEditor.focusTitle()
        detailsView.reveal(titleEditor.view)
    }

    /// Ctrl+K: the keyword entry takes the keyboard, scrolled into view.
    public func editKeywords() {
        keywordsEditor.focusEntry()
        detailsView.reveal(keywordsEditor.view)
    }

    /// A star was clicked: `win.rate` rates the page's photo (the one shown here) and the
    /// Photos page shows the Store's change here.
    public func ratingRow(_ row: RatingRow, didPick stars: Int) {
        RateAction.activate(stars, from: row)
    }

    public func listDidChangeSelection(_ items: [DetailItem]) {}

    public func listDidActivate(_ item: DetailItem, at position: Int) {
        if case .field(_, _, let link?) = item { delegate?.detailsController(self, didActivate: link) }
    }
}
