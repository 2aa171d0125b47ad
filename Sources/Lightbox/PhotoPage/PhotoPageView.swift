import Gtk
import LightboxMedia

/// Stars for a rating: five icons, read as "Rated 3 stars"; "Rejected" before them for a
/// rejected photo.
final class RatingStarsView: Box {
    private let stars = (0..<5).map { _ in Image(iconName: "non-starred-symbolic") }
    // Translators: a photo marked as rejected while culling.
    let rejectedLabel = Label(tr("Rejected"))
    /// What the stars say ("Rated 3 stars"), also their accessible label.
    private(set) var summary = ""

    init() {
        super.init(orientation: .horizontal, spacing: 2)
        rejectedLabel.addCssClass("rejected-mark")
        rejectedLabel.isVisible = false
        rejectedLabel.setMargins(top: 0, bottom: 0, start: 0, end: 6)
        append(rejectedLabel)
        stars.forEach(append)
    }

    func show(_ rating: Int, isRejected: Bool = false) {
        rejectedLabel.isVisible = isRejected
        for (index, star) in stars.enumerated() {
            let on = index < rating
            star.setIcon(on ? "starred-symbolic" : "non-starred-symbolic")
            star.setCssClass("star-on", on)
            star.setCssClass("star-off", !on)
        }
        summary = isRejected ? RatingStarsView.rejectedDescription(of: rating) : RatingStarsView.description(of: rating)
        setAccessibleLabel(summary)
        tooltip = summary
    }

    static func description(of rating: Int) -> String {
        PhotoFormat.ratingDescription(rating)
    }

    /// "Rejected, rated 3 stars", "Rejected, not rated": one message each, so a
    /// translation never joins fragments.
    static func rejectedDescription(of rating: Int) -> String {
        let stars = min(max(rating, 0), 5)
        // Translators: a rejected photo's stars, as a screen reader says them.
        return stars == 0
            ? tr("Rejected, not rated")
            // Translators: a rejected photo's stars, as a screen reader says them.
            : String(format: trn("Rejected, rated %d star", "Rejected, rated %d stars", stars), stars)
    }
}

/// The photo page: the photo on a dark background (fit, or zoomed in a scrolled
/// window), a spinner while it loads, a message when it can't be shown, and a bar with
/// the position and the rating; previous/next buttons at the sides.
final class PhotoPageView: Box {
    let picture = Picture()
    let scroller = ScrolledWindow()
    let spinner = Spinner()
    let stars = RatingStarsView()
    let positionLabel = Label()
    /// A video's time and length, "0:02 / 0:12" (its controls show only under the pointer).
    let videoTimeLabel = Label()
    let noticeLabel = Label()
    /// The photo's title and caption, over the photo above the bar (hidden when it has neither).
    let captionBox = Box(orientation: .vertical, spacing: 2)
    let titleLabel = Label()
    let captionLabel = Label()
    /// F2: the title and caption rows (`TitleEditorController`'s view), pointing at the caption box.
    let titlePopover = Popover()
    let errorTitle = Label(tr("Can’t Show This Photo"))
    /// A video, shown at its first frame; Space or its controls play it.
    let player = VideoPlayer()
    /// A Live Photo's motion, played over its still (Space, the Live button, the mouse held).
    let motion = MotionPicture()
    /// Over a Live Photo's still: plays its motion.
    let liveButton = Button()
    let errorMessage = Label()
    let previousButton = Button(iconName: "go-previous-symbolic")
    let nextButton = Button(iconName: "go-next-symbolic")
    /// Open With…, Show in Files, Copy, Set as Background, Move to Trash: in the header and
    /// on the photo (right click, Menu key, Shift+F10).
    let menuButton = MenuButton(iconName: "view-more-symbolic", menu: PhotoContextMenu.makeModel())
    private(set) lazy var contextMenu = PhotoContextMenu(host: self)
    private let pages = Stack()
    /// The title, caption and bar over the bottom of the page.
    private lazy var captionAndBar = makeCaptionAndBar()
    /// Over a video, the bar sits above the player's controls (its play button, scale and volume).
    static let videoControlsHeight = 56

    init() {
        super.init(orientation: .vertical)
        addCssClass("photo-page")
        isFocusable = true
        picture.canShrink = true
        scroller.child = picture
        scroller.horizontalAdjustment.onChanged(owner: self) { [weak self] in self?.scrollToPendingCentre() }
        scroller.verticalAdjustment.onChanged(owner: self) { [weak self] in self?.scrollToPendingCentre() }
        scroller.verticalExpand = true
        scroller.horizontalExpand = true
        spinner.setSizeRequest(width: 48, height: 48)
        spinner.horizontalAlignment = .center
        spinner.verticalAlignment = .center
        spinner.setAccessibleLabel(tr("Loading photo"))
        pages.add(spinner, name: "loading")
        pages.add(makePhotoPage(), name: "photo")
        player.verticalExpand = true
        player.horizontalExpand = true
        pages.add(player, name: "video")
        pages.add(makeErrorPage(), name: "error")
        pages.verticalExpand = true

        let overlay = Overlay()
        overlay.child = pages
        overlay.verticalExpand = true
        overlay.addOverlay(captionAndBar)
        for (button, side, name) in [(previousButton, Align.start, tr("Previous Photo")), (nextButton, .end, tr("Next Photo"))] {
            button.addCssClass("osd")
            button.addCssClass("circular")
            button.addCssClass("photo-nav")
            button.horizontalAlignment = side
            button.verticalAlignment = .center
            button.tooltip = name
            button.setAccessibleLabel(name)
            overlay.addOverlay(button)
        }
        append(overlay)
        menuButton.tooltip = tr("Photo Menu")
        menuButton.setAccessibleLabel(tr("Photo Menu"))
        contextMenu.openOnRightClick(of: overlay)
    }

    /// The photo, with a Live Photo's motion over it while it plays and its button.
    private func makePhotoPage() -> Widget {
        let page = Overlay()
        page.child = scroller
        motion.isVisible = false
        motion.canTarget = false
        page.addOverlay(motion)
        // Translators: the button over a Live Photo that plays its motion (Apple's mark).
        let label = Label(tr("LIVE"))
        let box = Box(orientation: .horizontal, spacing: 4)
        box.append(Image(iconName: "media-playback-start-symbolic"))
        box.append(label)
        liveButton.child = box
        liveButton.addCssClass("osd")
        liveButton.addCssClass("live-button")
        liveButton.horizontalAlignment = .start
        liveButton.verticalAlignment = .start
        liveButton.setMargins(top: 12, bottom: 0, start: 12, end: 0)
        // Translators: the Live button's tooltip and name for screen readers.
        liveButton.tooltip = tr("Play the Live Photo")
        liveButton.setAccessibleLabel(tr("Play the Live Photo"))
        liveButton.isVisible = false
        page.addOverlay(liveButton)
        return page
    }

    /// Whether the photo shown moves: its Live button shows.
    func showLive(_ isLive: Bool) {
        liveButton.isVisible = isLive
        if !isLive { stopMotion() }
    }

    /// Plays a Live Photo's motion (the file at `path`) over its still, muted.
    func playMotion(_ path: String) {
        motion.isVisible = true
        motion.play(path, muted: true)
    }

    /// Stops the motion and shows the still again.
    func stopMotion() {
        motion.play(nil)
        motion.isVisible = false
    }

    var isPlayingMotion: Bool { motion.isVisible }

    private func makeCaptionAndBar() -> Widget {
        let bar = Box(orientation: .horizontal, spacing: 12)
        bar.addCssClass("photo-bar")
        bar.horizontalAlignment = .center
        positionLabel.addCssClass("numeric")
        noticeLabel.addCssClass("error")
        noticeLabel.isVisible = false
        videoTimeLabel.addCssClass("numeric")
        videoTimeLabel.isVisible = false
        [positionLabel, videoTimeLabel, stars, noticeLabel].forEach(bar.append)
        captionBox.addCssClass("photo-caption")
        captionBox.horizontalAlignment = .center
        titleLabel.addCssClass("heading")
        titleLabel.wraps = true
        titleLabel.justify = .center
        titleLabel.maxWidthChars = 60
        captionLabel.wraps = true
        captionLabel.justify = .center
        captionLabel.maxWidthChars = 80
        captionLabel.lines = 3
        captionLabel.ellipsize = .end
        captionBox.append(titleLabel)
        captionBox.append(captionLabel)
        captionBox.isVisible = false
        titlePopover.position = .top
        titlePopover.attach(to: self)
        let bottom = Box(orientation: .vertical, spacing: 0)
        bottom.verticalAlignment = .end
        bottom.horizontalAlignment = .center
        bottom.append(captionBox)
        bottom.append(bar)
        return bottom
    }

    /// Shows the photo's title and caption over it (neither: nothing).
    func showTitle(_ title: String?, caption: String?) {
        titleLabel.text = title ?? ""
        titleLabel.isVisible = title != nil
        captionLabel.text = caption ?? ""
        captionLabel.isVisible = caption != nil
        captionBox.isVisible = title != nil || caption != nil
    }

    /// F2: the title and caption rows in a popover over the bar.
    func showTitleEditor(_ editor: Widget) {
        if titlePopover.child == nil {
            editor.setSizeRequest(width: 360, height: -1)
            titlePopover.child = editor
        }
        titlePopover.popup(pointingAt: captionBox.isVisible ? captionBox : positionLabel)
    }

    private func makeErrorPage() -> Widget {
        let page = Box(orientation: .vertical, spacing: 12)
        page.addCssClass("photo-status")
        page.verticalAlignment = .center
        let icon = Image(iconName: "image-missing-symbolic")
        icon.pixelSize = 96
        icon.addCssClass("dim-label")
        errorTitle.addCssClass("title-2")
        errorMessage.addCssClass("dim-label")
        errorMessage.wraps = true
        errorMessage.maxWidthChars = 60
        [icon, errorTitle, errorMessage].forEach(page.append)
        return page
    }

    enum Content { case loading, photo, video, error }

    var content: Content {
        switch pages.visibleChildName {
        case "photo": .photo
        case "video": .video
        case "error": .error
        default: .loading
        }
    }

    /// The page takes the keyboard focus (its keys browse and zoom): a screen reader names
    /// it by the photo it shows, not as an unnamed panel.
    func showName(_ name: String) { setAccessibleLabel(name) }

    func showLoading() {
        captionAndBar.marginBottom = 0
        showLive(false)
        player.open(nil)
        videoTimeLabel.isVisible = false
        picture.setImage(nil)
        spinner.isSpinning = true
        pages.visibleChildName = "loading"
    }

    func showPhoto(_ image: PixelImage, name: String) {
        captionAndBar.marginBottom = 0
        player.open(nil)
        videoTimeLabel.isVisible = false
        spinner.isSpinning = false
        picture.setImage(image)
        picture.alternativeText = name
        pages.visibleChildName = "photo"
    }

    /// Shows the video at `path` at its first frame (what was playing stops).
    func showVideo(_ path: String, name: String) {
        showLive(false)
        spinner.isSpinning = false
        picture.setImage(nil)
        player.open(path)
        player.setAccessibleLabel(name)
        pages.visibleChildName = "video"
        captionAndBar.marginBottom = Self.videoControlsHeight
    }

    func showError(_ message: String, isVideo: Bool = false) {
        captionAndBar.marginBottom = 0
        showLive(false)
        player.open(nil)
        videoTimeLabel.isVisible = false
        spinner.isSpinning = false
        picture.setImage(nil)
        errorTitle.text = isVideo ? tr("Can’t Play This Video") : tr("Can’t Show This Photo")
        errorMessage.text = message
        pages.visibleChildName = "error"
    }

    /// Where to scroll once the zoomed picture is laid out: the point (as fractions of
    /// the picture) that was at the page's centre, and the picture's new size.
    private var pendingCentre: (x: Double, y: Double, width: Double, height: Double)?

    /// Fits the photo to the page (nil) or shows it `size` large, scrollable, keeping
    /// the point at the page's centre there.
    func showZoomed(_ size: (width: Int, height: Int)?) {
        if let size {
            let centre = visibleCentre
            pendingCentre = (centre.x, centre.y, Double(size.width), Double(size.height))
            picture.setSizeRequest(width: size.width, height: size.height)
            scroller.setPolicy(horizontal: .automatic, vertical: .automatic)
        } else {
            pendingCentre = nil
            picture.setSizeRequest(width: -1, height: -1)
            scroller.setPolicy(horizontal: .never, vertical: .never)
        }
    }

    /// The point at the page's centre, as fractions of the picture's width and height.
    var visibleCentre: (x: Double, y: Double) {
        let h = scroller.horizontalAdjustment
        let v = scroller.verticalAdjustment
        return ((h.value + h.pageSize / 2) / max(h.upper, 1), (v.value + v.pageSize / 2) / max(v.upper, 1))
    }

    private func scrollToPendingCentre() {
        let h = scroller.horizontalAdjustment
        let v = scroller.verticalAdjustment
        guard let centre = pendingCentre, h.upper >= centre.width - 1 || v.upper >= centre.height - 1 else { return }
        pendingCentre = nil
        h.value = centre.x * h.upper - h.pageSize / 2
        v.value = centre.y * v.upper - v.pageSize / 2
    }

    /// "3 of 26"; previous/next only where there is one.
    /// The video's time (to the second gone by) and its length.
    func showVideoTime(_ time: Double, of duration: Double) {
        let numbers = FormattingLocale.current
        // Translators: a video's time and length on the photo page, "0:02 / 0:12".
        let text = String(format: tr("%1$@ / %2$@"), numbers.duration(time.rounded(.down)), numbers.duration(duration))
        if videoTimeLabel.text != text { videoTimeLabel.text = text }
        videoTimeLabel.isVisible = true
    }

    func showPosition(_ index: Int, of count: Int) {
        let numbers = FormattingLocale.current
        // Translators: the photo page's position, "3 of 26".
        positionLabel.text = String(format: trc("photo page position", "%1$@ of %2$@"), numbers.count(index + 1), numbers.count(count))
        previousButton.isSensitive = index > 0
        nextButton.isSensitive = index < count - 1
    }

    func showNotice(_ text: String?) {
        noticeLabel.text = text ?? ""
        noticeLabel.isVisible = text != nil
    }
}
