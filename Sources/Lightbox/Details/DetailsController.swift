import Gtk
import LightboxKit

/// Child → parent: the user wants every photo by a camera, or taken on a day.
@MainActor
public protocol DetailsControllerDelegate: AnyObject {
    func detailsController(_ details: DetailsController, didActivate link: DetailLink)
}

/// The details pane of the Photos page: the selected photo's preview, its rating
/// (click a star, or 0–5 while the list has focus: `win.rate`) and its facts.
public final class DetailsController: Controller, ListSelectionDelegate, RatingRowDelegate {
    public weak var delegate: DetailsControllerDelegate?
    public let source = ArrayDataSource<DetailItem>()
    public private(set) var photo: Photo?
    private var detailsView: DetailsView { view as! DetailsView }

    public init(store: CatalogStore) {
        super.init()
        title = "Details"
        source.kindOfItem = { $0.kind }
        let images = store.images
        source.register(PreviewRow.self, kind: "preview") { row, item in
            if case .preview(let photo) = item { row.configure(with: photo, images: images) }
        }
        source.register(RatingRow.self, kind: "rating") { [unowned self] row, item in
            if case .rating(let stars, let isRejected) = item {
                row.configure(rating: stars, isRejected: isRejected, delegate: self)
            }
        }
        source.register(DetailFieldRow.self, kind: "field") { row, item in
            if case .field(let key, let value, let link) = item {
                row.configure(key: key, value: value, leadsSomewhere: link != nil)
            }
        }
        source.delegate = self
    }

    public override func loadView() -> Widget { DetailsView(list: source.makeListView(selection: .none)) }

    public override func viewDidLoad() {
        let keys = EventControllerKey()
        keys.onKey(owner: self) { [weak self] key, modifiers in
            guard let self, self.photo != nil else { return false }
            return RateAction.activate(for: key, modifiers: modifiers, from: self.detailsView.list)
        }
        detailsView.list.add(keys)
    }

    /// Shows `photo`'s details (nil: "No Photo Selected"); rows that did not change stay.
    public func show(_ photo: Photo?) {
        self.photo = photo
        detailsView.showsDetails = photo != nil
        do {
            try source.apply(photo.map(DetailItem.items(for:)) ?? [])
        } catch {
            preconditionFailure("DetailsController: two detail rows share a key: \(error)")
        }
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
