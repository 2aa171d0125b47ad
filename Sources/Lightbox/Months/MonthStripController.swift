import Gtk
import LightboxKit

/// Strip → months page: "the user activated this photo".
@MainActor
protocol MonthStripDelegate: AnyObject {
    func monthStrip(_ strip: MonthStripController, didActivate photo: Photo)
    func monthStripDidSelect(_ strip: MonthStripController)
}

/// One month of the Months page, hosted in a row: its heading and a horizontal strip
/// of the month's thumbnails (a list of its own, keyboard navigable).
final class MonthStripController: Controller, ListSelectionDelegate {
    weak var delegate: MonthStripDelegate?
    private let images: ImageSource
    let source = ArrayDataSource<Photo>()
    private(set) var group: PhotoGroup?
    private var stripView: MonthStripView { view as! MonthStripView }

    init(images: ImageSource) {
        self.images = images
        super.init()
        source.register(StripThumbnailRow.self) { [images, unowned source] row, photo in
            row.show(photo, images: images)
            row.attachDragSource(selection: { [unowned source] in source.selectedItems })
        }
        source.delegate = self
    }

    override func loadView() -> Widget { MonthStripView(strip: source.makeListView(selection: .multiple)) }

    override func viewDidLoad() {
        super.viewDidLoad()
        stripView.contextMenu.attach(to: stripView.strip, source: source, rows: StripThumbnailRow.self)
    }

    /// Opens the photo menu on the strip's selection.
    func openPhotoMenu() {
        stripView.contextMenu.open(onSelectionOf: stripView.strip, source: source)
    }

    /// Shows `group` (a recycled controller may be showing another month).
    func show(_ group: PhotoGroup) {
        if self.group?.id != group.id { unselectAll() }
        self.group = group
        stripView.show(group)
        try? source.apply(group.photos)
    }

    /// The photos shown, in strip order.
    var photos: [Photo] { source.items }

    /// Whether every bound thumbnail shows its pixels (not a placeholder).
    var isShowingThumbnails: Bool {
        (0..<source.count).allSatisfy { position in
            (source.boundRow(at: position) as? StripThumbnailRow).map { $0.thumbnail.isLoaded } ?? true
        }
    }

    /// The first selected photo in the strip.
    var selectedPhoto: Photo? { source.selectedPositions.first.map(source.item(at:)) }
    /// Every selected photo in the strip, in strip order.
    var selectedPhotos: [Photo] { source.selectedItems }

    /// Selects the photo with `id` (or keeps the selection, or the first photo) and
    /// moves keyboard focus to it.
    func focus(_ id: Photo.ID?) {
        guard !source.items.isEmpty else { return }
        let found = id.map { source.select(id: $0) } ?? false
        if !found { source.select(at: source.selectedPositions.first ?? 0) }
        if let position = source.selectedPositions.first { source.focus(at: position) }
    }

    func unselectAll() {
        source.unselectAll()
    }

    /// Whether keyboard focus is on the selected thumbnail.
    var isFocusOnSelection: Bool {
        source.selectedPositions.first.map(source.hasFocus(at:)) ?? false
    }

    /// Activates the photo at `position` as Enter or a click would.
    func activate(at position: Int) {
        source.activate(at: position)
    }

    func listDidChangeSelection(_ photos: [Photo]) {
        if !photos.isEmpty { delegate?.monthStripDidSelect(self) }
        photoSelectionDidChange()
    }

    func listDidActivate(_ photo: Photo, at position: Int) {
        delegate?.monthStrip(self, didActivate: photo)
    }
}
