import Foundation
import Gtk
import LightboxKit
import LightboxMedia

/// The photo page: one photo large, fit to the page with its EXIF orientation, zoomable,
/// browsing `photos` in their order, its rating editable. Its images come from the store's
/// `ImageSource`: the current photo on screen, its neighbours fetched ahead (`.nearby`) so
/// that stepping to one shows it at once; moving on cancels what is no longer near.
///
/// Its actions, which `KeyboardShortcuts` binds keys to: `photo.step` (int32: -1 previous, 1
/// next), `photo.full-screen`, `photo.leave-full-screen` (enabled while full screen), a video's
/// and a Live Photo's (`PagePlayback`), and the window's `win.zoom` (`Zooming`); the window's
/// `win.rate` rates the photo shown (a rating that can't be saved is said in the page's bar). Going back is the navigation controller's job.
public final class PhotoPageController: Controller, PhotoSelecting, RatingFailureShowing, Zooming, TitleEditing {
    private let store: CatalogStore
    /// The photos browsed, in order, as they were when the page opened. What a photo shows
    /// now (its rating) comes from the Store; one the Store no longer has shows as it was.
    public let photos: [Photo]
    public private(set) var index: Int
    /// Displayed pixels per image pixel; nil while the photo is fit to the page.
    private(set) var zoom: Double?
    private var load: Task<Void, Never>?
    private var prefetches: [Task<Void, Never>] = []
    private var image: PixelImage?
    private var pageView: PhotoPageView { view as! PhotoPageView }
    /// While full screen: follows the window's `fullscreened` (see `PhotoPageController+FullScreen`).
    var fullScreenWatch: SignalConnection?
    /// Drags the photo shown out to other apps.
    private(set) var dragSource: PhotoDragSource?
    /// The page's own actions (`photo.`), on its view.
    let actions = ActionGroup()
    /// Escape leaves full screen only while there is one to leave; else it goes back.
    private(set) lazy var leaveFullScreenAction = Action(name: "leave-full-screen")
    /// Left and Right step through the photos, except while the title is typed (they move its cursor).
    private let stepAction = Action(name: "step", parameterType: "i")
    /// F2: the photo's title and caption, typed in a popover over the bar.
    public let titleEditor: TitleEditorController
    /// A video's and a Live Photo's playing, and their keys.
    private var playback: PagePlayback?

    static let zoomStep = 1.25
    static let maxZoom = 8.0

    public init(store: CatalogStore, photos: [Photo], index: Int) {
        precondition(photos.indices.contains(index), "PhotoPageController: index \(index) is outside the \(photos.count) photos")
        self.store = store
        self.photos = photos
        self.index = index
        titleEditor = TitleEditorController(store: store)
        super.init()
        title = photos[index].name
        store.observeLibrary(owner: self) { [weak self] change in self?.storeChanged(change) }
    }

    /// A page closed while its images still wait asks for nothing more.
    isolated deinit {
        load?.cancel()
        for prefetch in prefetches { prefetch.cancel() }
    }

    /// Follows the Store: a rating made anywhere (this page's keys included) shows here,
    /// also for a photo the search hides from the Store's `photos`.
    private func storeChanged(_ change: LibraryChange) {
        guard isViewLoaded, change.contains(photos[index].id) else { return }
        pageView.stars.show(current.rating, isRejected: current.isRejected)
        pageView.showTitle(current.title, caption: current.caption)
        // Turned (or its file rewritten): the photo is shown again as it is now.
        if let shown, shown.turn != current.displayTurn || shown.modified != current.modified { showCurrent(keepingZoom: true) }
    }

    /// How the image on screen was turned, and its file's time: what tells it is out of date.
    private var shown: (turn: ExifOrientation, modified: Double)?

    /// The photo shown, as the Store has it now.
    private var current: Photo { store.photo(photos[index].id) ?? photos[index] }

    public var currentPhoto: Photo? { current }

    public override func loadView() -> Widget { PhotoPageView() }

    public override func viewDidLoad() {
        playback = PagePlayback(pageView: pageView, actions: actions)
        installActions()
        pageView.previousButton.onClicked(owner: self) { [weak self] in self?.showPhoto(at: (self?.index ?? 0) - 1) }
        pageView.nextButton.onClicked(owner: self) { [weak self] in self?.showPhoto(at: (self?.index ?? 0) + 1) }
        headerItems.end = [pageView.menuButton]
        addChild(titleEditor)
        titleEditor.didMove(toParent: self)
        titleEditor.onLeave = { [weak self] in self?.pageView.titlePopover.popdown() }
        pageView.titlePopover.onClosed(owner: self) { [weak self] in
            guard let self else { return }
            self.stepAction.isEnabled = true
            _ = self.pageView.grabFocus()
        }
        dragSource = PhotoDragSource.attach(
            to: pageView.picture, photo: { [weak self] in self?.currentPhoto },
            selection: { [weak self] in self?.selectedPhotos ?? [] })
        showCurrent()
    }

    public override func viewDidAppear() { _ = pageView.grabFocus() }

    public override func viewWillDisappear() {
        leaveFullScreen()
        playback?.stop()
    }

    /// Opens the photo menu over the photo (`win.photo-menu`: the Menu key, Shift+F10).
    public func openPhotoMenu() { pageView.contextMenu.openInTheMiddle(of: pageView) }

    // MARK: Browsing

    /// Shows the photo at `position`, clamped to the first and last.
    public func showPhoto(at position: Int) {
        let target = min(max(position, 0), photos.count - 1)
        guard target != index else { return }
        index = target
        showCurrent()
    }

    private func showCurrent(keepingZoom: Bool = false) {
        let photo = current
        playback?.showNothing()
        title = photo.name
        pageView.showName(photo.name)
        if !keepingZoom { zoom = nil }
        image = nil
        shown = nil
        load?.cancel()
        load = nil
        for prefetch in prefetches { prefetch.cancel() }
        prefetches = []
        pageView.showZoomed(nil)
        pageView.showNotice(nil)
        pageView.stars.show(photo.rating, isRejected: photo.isRejected)
        pageView.showTitle(photo.title, caption: photo.caption)
        pageView.showPosition(index, of: photos.count)
        let images = store.images
        let size = decodeSize
        if let error = photo.error {
            pageView.showError(error, isVideo: photo.isVideo)
            prefetchNeighbours(size: size)
            return
        }
        if photo.isVideo {
            playback?.showVideo(photo)
            prefetchNeighbours(size: size)
            return
        }
        if let image = images.cachedImage(for: photo, size: size) {
            show(image, of: photo)
            prefetchNeighbours(size: size)
            return
        }
        pageView.showLoading()
        load = Task { [weak self] in
            let result: Result<PixelImage, any Error>
            do {
                result = .success(try await images.image(for: photo, size: size))
            } catch {
                result = .failure(error)
            }
            guard !Task.isCancelled, let self, self.photos[self.index].path == photo.path else { return }
            switch result {
            case .success(let image): self.show(image, of: photo)
            case .failure(let error): self.pageView.showError((error as? MediaError)?.message ?? "\(error)")
            }
            self.prefetchNeighbours(size: size)
        }
    }

    private func show(_ image: PixelImage, of photo: Photo) {
        self.image = image
        shown = (photo.displayTurn, photo.modified)
        pageView.showPhoto(image, name: photo.name)
        // The Store's photo is one file; the list's knows the other of its pair.
        var paired = photo
        paired.companion = paired.companion ?? photos[index].companion
        playback?.showStill(paired)
    }

    /// Asks for the photos before and after the current one, once it is shown (they wait
    /// behind anything on screen). One already in memory is only marked as used, at once,
    /// so that fetching the other doesn't push it out of the few large images kept.
    private func prefetchNeighbours(size: Int) {
        let images = store.images
        prefetches = [index - 1, index + 1].compactMap { position in
            // A video plays from its file: nothing to decode ahead.
            guard photos.indices.contains(position), photos[position].error == nil, !photos[position].isVideo else { return nil }
            let neighbour = photos[position]
            guard !images.hasImageInMemory(for: neighbour, size: size) else { return nil }
            return Task { _ = try? await images.image(for: neighbour, size: size, priority: .nearby) }
        }
    }

    /// Decode at about the page's size (twice, to stay sharp when zoomed a little).
    var decodeSize: Int { max(2048, 2 * max(view.width, view.height)) }

    /// Whether the photo (not the spinner or an error) is on screen.
    var isShowingPhoto: Bool { pageView.content == .photo }
    var isShowingVideo: Bool { pageView.content == .video }
    /// Whether a video's first frame is in (the stream knows its picture's size).
    package var isShowingVideoFrame: Bool { isShowingVideo && (player.media?.frameSize.width ?? 0) > 0 }
    /// Whether the photo shown is a Live Photo (its button shows), and its motion plays.
    var isShowingLivePhoto: Bool { playback?.live.isLive == true }
    var isPlayingMotion: Bool { playback?.live.isPlaying == true }
    var motion: MotionPicture { pageView.motion }
    /// The press on the photo that plays a Live Photo's motion while held.
    var liveHoldGesture: GestureClick? { playback?.live.holdGesture }
    /// Where a motion photo's video is copied out to play (the user's cache folder).
    var motionDirectory: String {
        get { playback?.live.motionDirectory ?? LiveMotion.defaultDirectory }
        set { playback?.live.motionDirectory = newValue }
    }
    var player: VideoPlayer { pageView.player }
    var isLoading: Bool { pageView.content == .loading }
    var isShowingError: Bool { pageView.content == .error }
    var errorMessage: String { pageView.errorMessage.text }

    /// The size of the image shown (after orientation), nil while none is.
    var imageSize: (width: Int, height: Int)? { image.map { ($0.width, $0.height) } }

    // MARK: Zoom

    /// The scale that fits the photo to the page.
    var fitScale: Double {
        guard let image, image.width > 0, image.height > 0 else { return 1 }
        let width = Double(max(pageView.scroller.width, 1))
        let height = Double(max(pageView.scroller.height, 1))
        return min(width / Double(image.width), height / Double(image.height))
    }

    /// The point at the page's centre, as fractions of the photo.
    var visibleCentre: (x: Double, y: Double) { pageView.visibleCentre }

    /// The width the picture is laid out at.
    var pictureWidth: Int { pageView.picture.width }

    /// Displayed pixels per image pixel, now.
    var scale: Double { zoom ?? fitScale }

    public func zoomIn() { setZoom(min(scale * Self.zoomStep, Self.maxZoom)) }

    /// Zooms out, down to fitting the page.
    public func zoomOut() {
        guard zoom != nil else { return }
        let smaller = scale / Self.zoomStep
        setZoom(smaller <= fitScale ? nil : smaller)
    }

    public func resetZoom() { setZoom(nil) }

    public var canZoom: Bool { true }

    public func zoom(_ step: ZoomStep) {
        switch step {
        case .in: zoomIn()
        case .out: zoomOut()
        case .reset: resetZoom()
        }
    }

    private func setZoom(_ newZoom: Double?) {
        guard let image else { return }
        zoom = newZoom
        pageView.showZoomed(newZoom.map { (Int(Double(image.width) * $0), Int(Double(image.height) * $0)) })
    }

    // MARK: Rating

    public func showRatingFailure(_ error: (any Error)?) {
        // Translators: %@ is why the rating could not be saved.
        pageView.showNotice(error.map { String(format: tr("Could not save the rating: %@"), "\($0)") })
    }

    var shownRating: String { pageView.stars.summary }
    var notice: String? { pageView.noticeLabel.isVisible ? pageView.noticeLabel.text : nil }

    // MARK: Title

    /// F2: the title and caption of the photo shown, in a popover over the bar; Escape or
    /// a click elsewhere closes it (leaving a row saves what was typed in it).
    public func editTitle() {
        guard current.error == nil else { return }
        titleEditor.show([current])
        stepAction.isEnabled = false
        pageView.showTitleEditor(titleEditor.view)
        titleEditor.focusTitle()
    }

    var isEditingTitle: Bool { pageView.titlePopover.isVisible }
    var shownTitle: String { pageView.captionBox.isVisible ? pageView.titleLabel.text : "" }

    // MARK: Actions

    private func installActions() {
        stepAction.onActivate(owner: self) { [weak self] parameter in
            guard let self, let offset = parameter?.int32 else { return }
            self.showPhoto(at: self.index + Int(offset))
        }
        actions.add(stepAction)
        actions.addAction("full-screen", owner: self) { [weak self] in self?.toggleFullScreen() }
        leaveFullScreenAction.onActivate(owner: self) { [weak self] _ in self?.leaveFullScreen() }
        leaveFullScreenAction.isEnabled = false
        actions.add(leaveFullScreenAction)
        pageView.insertActionGroup(actions, prefix: "photo")
        pageView.add(KeyboardShortcuts.controller(for: .photoPage))
    }
}
