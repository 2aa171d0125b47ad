import CGtk

/// A short video shown as a picture, without controls: a Live Photo's motion, played once
/// from its start, muted unless asked, over its still. A `GtkPicture` showing a `MediaFile`.
@MainActor
public final class MotionPicture: Widget {
    /// The motion playing or played, nil when none.
    public private(set) var media: MediaFile?
    private var onEnd: (@MainActor () -> Void)?

    public init() {
        super.init(UnsafeMutableRawPointer(gtk_picture_new()), ownership: .borrowed)
        gtk_picture_set_can_shrink(cast(), 1)
    }

    @_spi(GtkBinding) public override init(_ pointer: UnsafeMutableRawPointer, ownership: Ownership) {
        super.init(pointer, ownership: ownership)
    }

    /// Plays `path` once from its start (muted when `muted`); nil stops and shows nothing.
    public func play(_ path: String?, muted: Bool = true) {
        media?.close()
        guard let path else {
            gtk_picture_set_paintable(cast(), nil)
            media = nil
            return
        }
        let media = MediaFile(path: path)
        self.media = media
        media.isMuted = muted
        gtk_picture_set_paintable(cast(), OpaquePointer(media.stream))
        media.onChange(of: ["ended", "error"]) { [weak self, weak media] in
            guard let media, media.hasEnded || media.errorMessage != nil else { return }
            self?.onEnd?()
        }
        media.isPlaying = true
    }

    /// Called when the motion has played to its end, or can't play.
    public func onEnded(_ handler: @escaping @MainActor () -> Void) { onEnd = handler }
}
