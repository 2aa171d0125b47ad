import Gtk
import LightboxKit

/// The Keywords page: every keyword of the open library with its photo count, sorted by name
/// as GNOME Files sorts names; activating one pushes a page of its photos. The counts come from
/// `CatalogStore.keywords` (off the main thread for a large library) and follow the Store's
/// changes while the page shows; a page not shown counts again when it appears.
public final class KeywordsController: Controller, ListSelectionDelegate {
    public weak var opener: PhotoOpening?
    public let source = ArrayDataSource<KeywordCount>()
    private let store: CatalogStore
    private var keywordsView: KeywordsView { view as! KeywordsView }

    public init(store: CatalogStore) {
        self.store = store
        super.init()
        title = tr("Keywords")
        source.register(KeywordRow.self) { row, keyword in row.configure(with: keyword) }
        source.delegate = self
        store.keywords.observe(owner: self) { [weak self] counts in self?.show(counts) }
        store.observeLibrary(owner: self) { [weak self] _ in self?.showState() }
    }

    public override func loadView() -> Widget { KeywordsView(list: source.makeListView(selection: .single)) }

    public override func viewDidLoad() {
        show(store.keywords.counts)
    }

    public override func viewWillAppear() {
        super.viewWillAppear()
        store.keywords.beginFollowing()
        show(store.keywords.counts)
    }

    public override func viewDidAppear() {
        super.viewDidAppear()
        if !source.items.isEmpty { source.focus(at: source.selectedPositions.first ?? 0) }
    }

    public override func viewDidDisappear() {
        super.viewDidDisappear()
        store.keywords.endFollowing()
    }

    /// Whether the page says there is nothing to list.
    public var isShowingEmptyState: Bool { keywordsView.isShowingStatus }

    private func show(_ counts: [KeywordCount]) {
        do {
            try source.apply(counts)
        } catch {
            preconditionFailure("KeywordsController: a keyword is counted twice: \(error)")
        }
        showState()
    }

    /// The list, or the empty state (nothing while a large library is first counted).
    private func showState() {
        guard isViewLoaded else { return }
        let counting = store.keywords.isCounting && source.items.isEmpty
        keywordsView.show(hasKeywords: !source.items.isEmpty || counting, hasPhotos: !store.allPhotos.isEmpty)
    }

    // MARK: ListSelectionDelegate

    public func listDidChangeSelection(_ items: [KeywordCount]) {}

    /// Enter or a double click: the keyword's photos, newest first, on a page of their own.
    public func listDidActivate(_ keyword: KeywordCount, at position: Int) {
        let photos = PairedFiles.paired(store.allPhotos.filter { $0.has(keyword: keyword.keyword) }).sorted(by: .dateTaken)
        let page = PhotoCollectionController(title: keyword.shownKeyword, photos: photos, store: store)
        page.opener = opener
        navigationController?.push(page)
    }
}
