import CGtk

/// A video or sound file as GTK plays it: a `GtkMediaFile`, which GTK's media backend
/// (GStreamer, `libgtk-4-media-gstreamer`) opens, shown by a `VideoPlayer` or a
/// `MotionPicture`. By hand, not generated: GTK's media types come as an abstract stream and a
/// paintable interface, and a player needs a handful of their calls.
@MainActor
public final class MediaFile: Object {
    private var signals: [SignalConnection] = []

    public init(path: String) {
        super.init(UnsafeMutableRawPointer(gtk_media_file_new_for_filename(path)), ownership: .full)
    }

    @_spi(GtkBinding) public override init(_ pointer: UnsafeMutableRawPointer, ownership: Ownership) {
        super.init(pointer, ownership: ownership)
    }

    var stream: UnsafeMutablePointer<GtkMediaStream> { cast() }

    /// Calls `handler` whenever one of `properties` of the stream changes ("prepared",
    /// "playing", "ended", "timestamp", "error", "muted"), until `close()`.
    public func onChange(of properties: [String], _ handler: @escaping @MainActor () -> Void) {
        for property in properties { signals.append(connectNotify(property, owner: self, handler)) }
    }

    /// Stops playing and lets the file go: GTK's GStreamer player keeps its pipeline (and a 4K
    /// video's frames, 200 MB) alive after its last reference is dropped, until cleared.
    public func close() {
        signals.forEach { $0.disconnect() }
        signals = []
        gtk_media_stream_pause(stream)
        gtk_media_file_clear(cast())
    }

    /// Whether the stream knows what it plays (its length, whether it has audio).
    public var isPrepared: Bool { gtk_media_stream_is_prepared(stream) != 0 }

    public var isPlaying: Bool {
        get { gtk_media_stream_get_playing(stream) != 0 }
        set { gtk_media_stream_set_playing(stream, newValue ? 1 : 0) }
    }

    public var hasEnded: Bool { gtk_media_stream_get_ended(stream) != 0 }

    public var isMuted: Bool {
        get { gtk_media_stream_get_muted(stream) != 0 }
        set { gtk_media_stream_set_muted(stream, newValue ? 1 : 0) }
    }

    /// Where the stream is, in seconds.
    public var time: Double { Double(gtk_media_stream_get_timestamp(stream)) / 1e6 }

    /// The length in seconds (0 when unknown).
    public var duration: Double { Double(gtk_media_stream_get_duration(stream)) / 1e6 }

    /// Moves to `seconds` (within the file) when the stream can seek.
    public func seek(to seconds: Double) {
        guard gtk_media_stream_is_seekable(stream) != 0 else { return }
        let clamped = min(max(0, seconds), duration > 0 ? duration : seconds)
        gtk_media_stream_seek(stream, gint64(clamped * 1e6))
    }

    /// Why the stream can't play, when it can't (GStreamer's message).
    public var errorMessage: String? {
        guard let error = gtk_media_stream_get_error(stream) else { return nil }
        return String(cString: error.pointee.message)
    }

    /// The picture's size as the stream reports it (0×0 until its first frame).
    public var frameSize: (width: Int, height: Int) {
        let paintable = OpaquePointer(stream)
        return (Int(gdk_paintable_get_intrinsic_width(paintable)), Int(gdk_paintable_get_intrinsic_height(paintable)))
    }
}
