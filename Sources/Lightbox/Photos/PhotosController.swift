import Gtk
import LightboxKit

/// The Photos page: the photo list beside the selected photo's details.
///
/// It observes the Store and feeds the list with a diff (so search, sort and rescans
/// keep the selection while the photo is still listed), shows the empty, scanning and
/// error states, and pushes a page of every photo by a camera or of a day when the
/// details pane asks for one.
public final class PhotosController: SplitController, PhotoSelecting, PhotoRevealing,
    PhotoListControllerDelegate, DetailsControllerDelegate, TitleEditing, KeywordEditing
{
    /// Told when the user opens a photo (Enter, double click).
    public weak var opener: PhotoOpening?
    public let store: CatalogStore
    public let photoList: PhotoListController
    public let details: DetailsController

    public init(store: CatalogStore) {
        self.store = store
        photoList = PhotoListController(images: store.images)
        details = DetailsController(store: store)
        super.init(list: photoList, detail: details)
        title = tr("Photos")
        photoList.delegate = self
        details.delegate = self
        details.keywordsEditor.onLeave = { [weak self] in self?.photoList.focusList() }
        details.titleEditor.onLeave = { [weak self] in self?.photoList.focusList() }
    }

    public override func viewDidLoad() {
        super.viewDidLoad()
        store.observe(owner: self) { [weak self] update in self?.storeChanged(update) }
        store.observeScanProgress(owner: self) { [weak self] progress in
            self?.photoList.showProgress(progress)
            self?.updateState()
        }
        store.observeNotices(owner: self) { [weak self] _ in self?.updateState() }
        store.observeAlbums(owner: self) { [weak self] _ in
            guard let self else { return }
            self.photoList.showAlbum(self.store.shownAlbum.flatMap(self.store.album))
        }
        store.observeConditions(owner: self) { [weak self] _ in self?.updateState() }
        store.observeFilterSummary(owner: self) { [weak self] summary in
            self?.photoList.showFilters(summary)
            self?.updateState()
        }
        photoList.showFilters(store.filterSummary)
        photoList.show(store.photos)
        storeChanged()
        photoList.showProgress(store.scanProgress)
    }

    /// Until the first photo is shown selected (at launch, or when the first scan brings it).
    private var startsOnFirstPhoto = true

    /// Keyboard users start in the list, on the first photo.
    public override func viewDidAppear() {
        super.viewDidAppear()
        photoList.focusList()
        selectFirstPhotoOnce()
    }

    private var firstSelection: MainLoopTimer?

    private func selectFirstPhotoOnce() {
        guard startsOnFirstPhoto, appearance == .appeared, let first = store.photos.first else { return }
        startsOnFirstPhoto = false
        if photoList.source.selectedPositions.isEmpty {
            reveal(first.id)
            photoList.focusList()
        }
    }

    // MARK: Pages contracts

    public var currentPhoto: Photo? { photoList.selectedPhoto }
    public var selectedPhotos: [Photo] { photoList.selectedPhotos }

    public func reveal(_ id: Photo.ID) {
        if photoList.select(id) { showSelectionDetails() }
    }

    public func reveal(_ id: Photo.ID, focusing: Bool) {
        reveal(id)
        if focusing { photoList.focusSelection() }
    }

    /// The details pane shows the selected photos (one photo's details, or a summary).
    private func showSelectionDetails() {
        let selected = selectedPhotos
        if details.photos != selected { details.show(selected) }
    }

    /// Hides or shows the details pane (F9).
    public func toggleDetails() {
        detailNavigation.view.isVisible.toggle()
    }

    /// F2: the title of the selected photos (the details pane shows if hidden); Escape there
    /// comes back to the list.
    public func editTitle() {
        guard selectedPhotos.contains(where: { $0.error == nil }) else { return }
        if !isShowingDetails { toggleDetails() }
        details.editTitle()
    }

    /// Ctrl+K: the keyword entry of the selected photo (the details pane shows if hidden);
    /// Escape there comes back to the list.
    public func editKeywords() {
        guard let photo = currentPhoto, photo.error == nil else { return }
        if !isShowingDetails { toggleDetails() }
        details.editKeywords()
    }

    /// Whether the details pane shows.
    public var isShowingDetails: Bool { detailNavigation.view.isVisible }

    // MARK: Store

    /// The search the list was last scrolled for.
    private var shownSearch = ""

    private func storeChanged(_ update: PhotosUpdate? = nil) {
        if let update {
            photoList.show(update, selectingNeighbour: store.searchText == shownSearch)
            if store.searchText != shownSearch {
                shownSearch = store.searchText
                photoList.revealSelectionOrTop()
            }
        }
        showSelectionDetails()
        updateState()
        photoList.showAlbum(store.shownAlbum.flatMap(store.album))
        // After the frame that shows the first photos: selecting fills the details pane,
        // which would make that frame late.
        if startsOnFirstPhoto, firstSelection == nil {
            firstSelection = MainLoopTimer.whenIdle { [weak self] in
                self?.firstSelection = nil
                self?.selectFirstPhotoOnce()
            }
        }
    }

    /// The list, or why it is empty.
    private func updateState() {
        guard store.photos.isEmpty, !store.isScanning else { return photoList.show(.photos) }
        if store.conditions.contains(where: { $0.kind == .folderUnavailable }) {
            photoList.show(.unavailable)
        } else if store.filterSummary.hiddenCount > 0 {
            photoList.show(.filtered(store.filterSummary))
        } else if !store.searchText.isEmpty, !store.allPhotos.isEmpty {
            photoList.show(.noResults(search: store.searchText))
        } else if !store.folders.isEmpty, let notice = store.notice {
            photoList.show(.error(message: notice))
        } else if store.folder == nil && !store.folders.isEmpty {
            photoList.show(.empty(description: tr("The library's folders have no photos. Open another folder to add it.")))
        } else if store.folder != nil {
            photoList.show(.empty(description: tr("This folder has no photos. Open another folder to browse its photos.")))
        } else {
            photoList.show(.empty(description: tr("Open a folder of photos to start browsing.")))
        }
    }

    // MARK: Children

    public func photoList(_ list: PhotoListController, didSelect photos: [Photo]) {
        details.show(photos)
    }

    public func photoList(_ list: PhotoListController, didActivate photo: Photo) {
        opener?.open(photo, in: list.photos, from: self)
    }

    public func detailsController(_ details: DetailsController, didActivate link: DetailLink) {
        let page: PhotoCollectionController
        switch link {
        case .photo(let id):
            // The photo this one is a copy of (or its copy), large.
            if let photo = store.photo(id) { opener?.open(photo, in: [photo], from: self) }
            return
        case .camera(let camera):
            // A RAW+JPEG pair shares its camera and day: paired within the page's photos (see `RawJpegPairs`).
            page = PhotoCollectionController(
                title: camera,
                photos: PairedFiles.paired(store.allPhotos.filter { $0.camera == camera })
                    .sorted(by: .dateTaken), store: store)
        case .day(let day):
            let photos = PairedFiles.paired(store.allPhotos.filter { $0.taken?.hasPrefix(day) == true })
                .sorted(by: .dateTaken)
            page = PhotoCollectionController(
                title: PhotoFormat.day(photos.first?.taken) ?? day, photos: photos,
                store: store)
        }
        page.opener = opener
        (navigationController ?? detailNavigation).push(page)
    }
}
