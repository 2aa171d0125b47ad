import Gtk
import LightboxMedia

/// A photo's thumbnail: a placeholder icon until the pixels arrive from the
/// `ImageSource` (off the main thread; an on-screen request when the row is in view, a
/// `.nearby` one for rows a list keeps beyond the visible ones), then the picture. `show(nil)` or showing
/// another photo cancels a load still running, so a recycled row never shows a stale
/// image and a row scrolled away costs no decode. A video's length is in its corner, a Live
/// Photo's mark in the same place.
@MainActor
public final class ThumbnailView: Overlay {
    private let picture = Picture()
    private let placeholder = Image(iconName: "image-x-generic-symbolic")
    private var placeholderIcon = "image-x-generic-symbolic"
    /// A video's length or a Live Photo's mark, made when the first is shown (most thumbnails never need one).
    private var badge: Label?
    private var pause: MainLoopTimer?
    private var load: Task<Void, Never>?
    private(set) var shownPath: String?
    /// How the photo shown is turned (`Photo.displayTurn`): turning it shows it again.
    private var shownTurn = ExifOrientation.upright
    public let size: Int

    /// - Parameter size: the thumbnail's long side in pixels (the widget is that square).
    public init(size: Int) {
        self.size = size
        super.init()
        setSizeRequest(width: size, height: size)
        addCssClass("thumbnail")
        picture.canShrink = true
        picture.horizontalExpand = true
        picture.verticalExpand = true
        placeholder.pixelSize = max(16, size / 3)
        placeholder.addCssClass("dim-label")
        child = picture
        addOverlay(placeholder)
        picture.isVisible = false
    }

    /// Whether the real thumbnail (not the placeholder) is on screen.
    public var isLoaded: Bool { picture.isVisible }

    /// Starts loading `photo`'s thumbnail from `images`; nil shows the placeholder.
    public func show(_ photo: Photo?, images: ImageSource?) {
        // Before the check below: a still becomes a Live Photo when its motion is read.
        showBadge(of: photo)
        guard photo?.path != shownPath || photo?.displayTurn != shownTurn || photo == nil else { return }
        stopLoading()
        shownPath = photo?.path
        shownTurn = photo?.displayTurn ?? .upright
        // Only what changes is touched: a list rebinds hundreds of rows a second while it scrolls fast.
        if picture.isVisible {
            badge?.setMargins(top: 0, bottom: 0, start: 0, end: 0)
            picture.setImage(nil)
            picture.isVisible = false
            placeholder.isVisible = true
        }
        let icon = photo?.error == nil ? "image-x-generic-symbolic" : "image-missing-symbolic"
        if icon != placeholderIcon {
            placeholder.setIcon(icon)
            placeholderIcon = icon
        }
        guard let photo, photo.error == nil, let images else { return }
        if let image = images.cachedImage(for: photo, size: size) {
            display(image, of: photo)
            return
        }
        // Rows that fly past while scrolling are recycled within this pause and ask for
        // nothing; the pause is a main-loop timer, so a row bound and unbound within a frame
        // costs no task and wakes no thread.
        pause = MainLoopTimer(after: .milliseconds(60)) { [weak self] in
            self?.startLoad(photo, images: images)
        }
    }

    private func startLoad(_ photo: Photo, images: ImageSource) {
        pause = nil
        // Rows a list keeps beyond the visible ones are fetched after those on screen.
        let priority: ImagePriority = isInScrolledView ? .visible : .nearby
        let size = self.size
        load = Task { [weak self] in
            guard let image = try? await images.image(for: photo, size: size, priority: priority),
                !Task.isCancelled, let self, self.shownPath == photo.path
            else { return }
            self.display(image, of: photo)
        }
    }

    /// Stops a load still waiting or running (the row left the screen). What is shown stays;
    /// showing the same photo again starts the load again unless its thumbnail is already up.
    public func stopLoading() {
        pause?.cancel()
        pause = nil
        load?.cancel()
        load = nil
        if !picture.isVisible { shownPath = nil }
    }

    /// The video's length or the Live mark shown over the corner, nil for a photo.
    var shownBadge: String? { badge?.isVisible == true ? badge?.text : nil }

    /// The length of `photo` when it is a video, "LIVE" when it moves, over the thumbnail's corner.
    private func showBadge(of photo: Photo?) {
        // Translators: the mark over a Live Photo's thumbnail (as on a phone; short, upper case where the script has it).
        let text = photo?.duration.map { FormattingLocale.current.duration($0) } ?? (photo?.isLive == true ? tr("LIVE") : nil)
        guard text != nil || badge?.isVisible == true else { return }
        let badge = self.badge ?? makeBadge()
        if let text, badge.text != text { badge.text = text }
        badge.isVisible = text != nil
    }

    /// The badge in the corner of the picture, not of the square around it: a landscape
    /// photo's is over its lower edge, not in the space below it.
    private func placeBadge(over image: PixelImage) {
        guard let badge, badge.isVisible, image.width > 0, image.height > 0 else { return }
        let side = (width: Double(width > 0 ? width : size), height: Double(height > 0 ? height : size))
        let scale = min(side.width / Double(image.width), side.height / Double(image.height))
        let bottom = max(0, Int((side.height - Double(image.height) * scale) / 2))
        let end = max(0, Int((side.width - Double(image.width) * scale) / 2))
        badge.setMargins(top: 0, bottom: bottom, start: 0, end: end)
    }

    private func makeBadge() -> Label {
        let badge = Label()
        badge.addCssClass("duration-badge")
        badge.horizontalAlignment = .end
        badge.verticalAlignment = .end
        badge.canTarget = false
        badge.isVisible = false
        addOverlay(badge)
        self.badge = badge
        return badge
    }

    private func display(_ image: PixelImage, of photo: Photo) {
        picture.alternativeText = photo.name
        picture.setImage(image)
        placeBadge(over: image)
        placeholder.isVisible = false
        picture.isVisible = true
    }
}
