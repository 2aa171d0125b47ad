import Foundation
import Gtk
import LightboxKit

/// The Months page: one row per month, newest first, each row hosting a
/// `MonthStripController` (view controllers in cells with a recycling pool). Follows the store; activating a thumbnail asks
/// the `opener` to show the photo, browsing every photo in the page's order.
///
/// Keys: Up/Down, Page Up/Down, Home/End move between months (`months.month`, bound by
/// `KeyboardShortcuts`; focus goes into the month's strip); Left/Right move within a strip
/// (Shift extends the selection, Ctrl+A selects the month); Enter opens; 0–5, 9 and Delete
/// act on the selected photos (the window's actions).
public final class MonthsController: Controller, PhotoSelecting, PhotoRevealing, PhotoMenuOpening, MonthStripDelegate {
    public weak var opener: PhotoOpening?
    private let store: CatalogStore
    private var months: HostingDataSource<PhotoGroup, MonthStripController>!
    /// The month the keyboard is in.
    private(set) var currentMonth = 0
    private var monthsView: MonthsView { view as! MonthsView }
    /// A month (and photo) to focus once its row is bound (it may be far off screen).
    private var pendingFocus: (month: String, photo: Photo.ID?)?
    /// Months a Page Up/Down jumps.
    private let monthsPerPage = 3
    /// The page's actions (`months.`, on its view): `month`, "previous", "next",
    /// "previous-page", "next-page", "first" or "last", enabled while there are months (else
    /// the keys go on).
    let actions = ActionGroup()
    private let monthAction = Action(name: "month", parameterType: "s")

    public init(store: CatalogStore) {
        self.store = store
        super.init()
        title = tr("Months")
        // Grouped when first shown (see `follow`).
        isStale = true
        months = HostingDataSource(
            [], parent: self, poolLimit: 6,
            make: { [unowned self] in
                let strip = MonthStripController(images: store.images)
                strip.delegate = self
                return strip
            },
            configure: { [unowned self] strip, group in
                strip.show(group)
                focusIfPending(strip)
            })
        store.observe(owner: self) { [weak self] update in self?.follow(update.photos) }
    }

    public override func loadView() -> Widget { MonthsView(months: months.makeListView(selection: .single)) }

    public override func viewDidLoad() {
        showMonthsOrEmptyState()
        monthAction.onActivate(owner: self) { [weak self] parameter in
            if let step = parameter?.string { self?.moveMonth(step) }
        }
        actions.add(monthAction)
        monthsView.insertActionGroup(actions, prefix: "months")
        monthsView.add(KeyboardShortcuts.controller(for: .monthsPage))
    }

    public override func viewWillAppear() {
        super.viewWillAppear()
        if isStale { follow(store.photos) }
    }

    /// Keyboard focus goes to the current month's strip, so the arrow keys work at once.
    public override func viewDidAppear() {
        if !months.items.isEmpty { showMonth(currentMonth) }
    }

    private static func groups(_ photos: [Photo]) -> [PhotoGroup] { photos.groupedByMonth().newestFirst() }

    /// The Store changed while the page was not shown: group again when it appears.
    private var isStale = false

    /// Groups the photos by month, only while the page is shown (a hidden page does no work).
    private func follow(_ photos: [Photo]) {
        guard appearance == .appeared || appearance == .appearing else {
            isStale = true
            return
        }
        isStale = false
        try? months.apply(Self.groups(photos))
        currentMonth = min(currentMonth, max(0, months.items.count - 1))
        if isViewLoaded { showMonthsOrEmptyState() }
    }

    private func showMonthsOrEmptyState() {
        monthAction.isEnabled = !months.items.isEmpty
        monthsView.showMonths(!months.items.isEmpty, searching: !store.searchText.isEmpty, filters: store.filterSummary)
    }

    // MARK: Months

    /// The months shown, newest first.
    var groups: [PhotoGroup] { months.items }

    /// The controllers hosted in rows on screen now (and how many wait in the pool).
    var hostedStrips: [MonthStripController] { months.hostedControllers }
    var pooledStripCount: Int { months.pooledCount }

    /// Whether the page says there is nothing to show.
    var isShowingEmptyState: Bool { monthsView.isShowingEmptyState }
    var emptyStateTitle: String { monthsView.emptyStateTitle }

    /// Every photo of the page, in the order shown (month by month).
    var photosInOrder: [Photo] { months.items.flatMap(\.photos) }

    func strip(for month: Int) -> MonthStripController? {
        guard months.items.indices.contains(month) else { return nil }
        let id = months.items[month].id
        return months.hostedControllers.first { $0.group?.id == id }
    }

    /// Scrolls to `month` and gives its strip the keyboard focus (with `photo` selected).
    func showMonth(_ month: Int, selecting photo: Photo.ID? = nil) {
        guard months.items.indices.contains(month) else { return }
        currentMonth = month
        months.select(at: month)
        pendingFocus = (months.items[month].id, photo)
        if let strip = strip(for: month) { focusIfPending(strip) }
    }

    private func focusIfPending(_ strip: MonthStripController) {
        guard let pending = pendingFocus, pending.month == strip.group?.id else { return }
        pendingFocus = nil
        // After the month list has moved its own focus to the row (and placed the strip in it).
        DispatchQueue.main.async { [weak strip] in strip?.focus(pending.photo) }
    }

    /// `months.month`: the month before or after, a few months up or down, the first or last.
    private func moveMonth(_ step: String) {
        guard !months.items.isEmpty else { return }
        let last = months.items.count - 1
        let target: Int
        switch step {
        case "previous": target = currentMonth - 1
        case "next": target = currentMonth + 1
        case "previous-page": target = currentMonth - monthsPerPage
        case "next-page": target = currentMonth + monthsPerPage
        case "first": target = 0
        case "last": target = last
        default: return
        }
        showMonth(min(max(target, 0), last))
    }

    // MARK: PhotoSelecting

    /// The selection is in one strip at a time (selecting in another lets go of it).
    private var selectingStrip: MonthStripController? {
        months.hostedControllers.first { !$0.selectedPhotos.isEmpty }
    }

    public var currentPhoto: Photo? { selectingStrip?.selectedPhoto }
    /// `win.photo-menu` (the Menu key, Shift+F10): the menu of the selected photos.
    public func openPhotoMenu() { selectingStrip?.openPhotoMenu() }
    public var selectedPhotos: [Photo] { selectingStrip?.selectedPhotos ?? [] }

    // MARK: PhotoRevealing

    public func reveal(_ id: Photo.ID) {
        guard let month = months.items.firstIndex(where: { $0.photos.contains { $0.id == id } }) else { return }
        showMonth(month, selecting: id)
    }

    // MARK: MonthStripDelegate

    func monthStrip(_ strip: MonthStripController, didActivate photo: Photo) {
        monthStripDidSelect(strip)
        opener?.open(photo, in: photosInOrder, from: self)
    }

    /// One photo is selected on the page: the other strips let go of theirs.
    func monthStripDidSelect(_ strip: MonthStripController) {
        for other in months.hostedControllers where other !== strip { other.unselectAll() }
        if let month = months.items.firstIndex(where: { $0.id == strip.group?.id }) { currentMonth = month }
    }
}
