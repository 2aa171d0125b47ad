import CGtk

/// A video played by GTK: a `GtkVideo` (its controls play and pause, seek on a scale, show
/// the time, mute and set the volume) showing a `MediaFile`. By hand, as `MediaFile` is.
@MainActor
public final class VideoPlayer: Widget {
    /// The file shown, nil when none: play, pause, seek and mute through it.
    public private(set) var media: MediaFile?
    private var onChange: (@MainActor () -> Void)?

    public init() {
        super.init(UnsafeMutableRawPointer(gtk_video_new()), ownership: .borrowed)
        gtk_video_set_autoplay(cast(), 0)
    }

    @_spi(GtkBinding) public override init(_ pointer: UnsafeMutableRawPointer, ownership: Ownership) {
        super.init(pointer, ownership: ownership)
    }

    /// Plays `path` from its start when `autoplay`, else shows its first frame; nil stops and
    /// shows nothing.
    public func open(_ path: String?, autoplay: Bool = false) {
        media?.close()
        gtk_video_set_autoplay(cast(), autoplay ? 1 : 0)
        guard let path else {
            gtk_video_set_media_stream(cast(), nil)
            media = nil
            return
        }
        let media = MediaFile(path: path)
        self.media = media
        gtk_video_set_media_stream(cast(), media.stream)
        media.onChange(of: ["prepared", "playing", "ended", "timestamp", "error", "muted"]) { [weak self] in
            self?.onChange?()
        }
    }

    /// Called whenever the file's stream changes: prepared, playing or paused, its time, its end, an error.
    public func onStreamChange(_ handler: @escaping @MainActor () -> Void) { onChange = handler }
}
