import Gtk
import LightboxMedia

/// A photo's thumbnail: a placeholder icon until the pixels arrive from the
/// `ImageSource` (off the main thread; an on-screen request when the row is in view, a
/// `.nearby` one for rows a list keeps beyond the visible ones), then the picture. `show(nil)` or showing
/// another photo cancels a load still running, so a recycled row never shows a stale
/// image and a row scrolled away costs no decode.
@MainActor
public final class ThumbnailView: Box {
    private let picture = Picture()
    private let placeholder = Image(iconName: "image-x-generic-symbolic")
    private var load: Task<Void, Never>?
    private(set) var shownPath: String?
    public let size: Int

    /// - Parameter size: the thumbnail's long side in pixels (the widget is that square).
    public init(size: Int) {
        self.size = size
        super.init(orientation: .vertical)
        setSizeRequest(width: size, height: size)
        addCssClass("thumbnail")
        picture.canShrink = true
        picture.horizontalExpand = true
        picture.verticalExpand = true
        placeholder.pixelSize = max(16, size / 3)
        placeholder.verticalExpand = true
        placeholder.addCssClass("dim-label")
        append(placeholder)
        append(picture)
        picture.isVisible = false
    }

    /// Whether the real thumbnail (not the placeholder) is on screen.
    public var isLoaded: Bool { picture.isVisible }

    /// Starts loading `photo`'s thumbnail from `images`; nil shows the placeholder.
    public func show(_ photo: Photo?, images: ImageSource?) {
        guard photo?.path != shownPath || photo == nil else { return }
        load?.cancel()
        load = nil
        shownPath = photo?.path
        picture.setImage(nil)
        picture.isVisible = false
        placeholder.isVisible = true
        placeholder.setIcon(photo?.error == nil ? "image-x-generic-symbolic" : "image-missing-symbolic")
        guard let photo, photo.error == nil, let images else { return }
        picture.alternativeText = photo.name
        if let image = images.cachedImage(for: photo, size: size) {
            display(image)
            return
        }
        let size = self.size
        load = Task { [weak self] in
            // Rows that fly past while scrolling are recycled within this pause and ask for nothing.
            try? await Task.sleep(for: .milliseconds(60))
            // Rows a list keeps beyond the visible ones are fetched after those on screen.
            guard !Task.isCancelled, let priority = self.map({ $0.isInScrolledView ? ImagePriority.visible : .nearby }),
                  let image = try? await images.image(for: photo, size: size, priority: priority),
                  !Task.isCancelled, let self, self.shownPath == photo.path else { return }
            self.display(image)
        }
    }

    private func display(_ image: PixelImage) {
        picture.setImage(image)
        placeholder.isVisible = false
        picture.isVisible = true
    }
}
