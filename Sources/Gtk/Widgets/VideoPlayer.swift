import CGtk

/// A video played by GTK: a `GtkVideo` (its controls play and pause, seek on a scale, show
/// the time, mute and set the volume) showing a `GtkMediaFile`, which GTK's media backend
/// (GStreamer, `libgtk-4-media-gstreamer`) plays. By hand, not generated: GTK's media types
/// come as an abstract stream and a paintable interface, and the player needs a handful of
/// their calls.
@MainActor
public final class VideoPlayer: Widget {
    /// The stream of the file shown (a `GtkMediaFile`), nil when none.
    private var stream: Object?
    private var streamSignals: [SignalConnection] = []
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
        streamSignals.forEach { $0.disconnect() }
        streamSignals = []
        // Cleared, not only let go: GTK's GStreamer player keeps its pipeline (and a 4K
        // video's frames, 200 MB) alive after its last reference is dropped.
        if let playing = mediaStream {
            gtk_media_stream_pause(playing)
            gtk_media_file_clear(UnsafeMutableRawPointer(playing).assumingMemoryBound(to: GtkMediaFile.self))
        }
        gtk_video_set_autoplay(cast(), autoplay ? 1 : 0)
        guard let path else {
            gtk_video_set_media_stream(cast(), nil)
            stream = nil
            return
        }
        let file = gtk_media_file_new_for_filename(path)
        gtk_video_set_media_stream(cast(), file)
        g_object_unref(UnsafeMutableRawPointer(file))
        guard let current = gtk_video_get_media_stream(cast()) else { return }
        let object = Object.wrapper(of: UnsafeMutableRawPointer(current)) { Object($0, ownership: .borrowed) }
        stream = object
        for property in ["prepared", "playing", "ended", "timestamp", "error", "muted"] {
            streamSignals.append(object.connectNotify(property, owner: self) { [weak self] in self?.onChange?() })
        }
    }

    /// Called whenever the stream changes: prepared, playing or paused, its time, its end, an error.
    public func onStreamChange(_ handler: @escaping @MainActor () -> Void) { onChange = handler }

    private var mediaStream: UnsafeMutablePointer<GtkMediaStream>? { stream?.cast() }

    /// Whether the stream knows what it plays (its length, whether it has audio).
    public var isPrepared: Bool { mediaStream.map { gtk_media_stream_is_prepared($0) != 0 } ?? false }

    public var isPlaying: Bool {
        get { mediaStream.map { gtk_media_stream_get_playing($0) != 0 } ?? false }
        set { mediaStream.map { gtk_media_stream_set_playing($0, newValue ? 1 : 0) } }
    }

    public var hasEnded: Bool { mediaStream.map { gtk_media_stream_get_ended($0) != 0 } ?? false }

    public var isMuted: Bool {
        get { mediaStream.map { gtk_media_stream_get_muted($0) != 0 } ?? false }
        set { mediaStream.map { gtk_media_stream_set_muted($0, newValue ? 1 : 0) } }
    }

    /// Where the stream is, in seconds.
    public var time: Double { mediaStream.map { Double(gtk_media_stream_get_timestamp($0)) / 1e6 } ?? 0 }

    /// The length in seconds (0 when unknown).
    public var duration: Double { mediaStream.map { Double(gtk_media_stream_get_duration($0)) / 1e6 } ?? 0 }

    /// Moves to `seconds` (within the video) when the stream can seek.
    public func seek(to seconds: Double) {
        guard let mediaStream, gtk_media_stream_is_seekable(mediaStream) != 0 else { return }
        let clamped = min(max(0, seconds), duration > 0 ? duration : seconds)
        gtk_media_stream_seek(mediaStream, gint64(clamped * 1e6))
    }

    /// Why the stream can't play, when it can't (GStreamer's message).
    public var errorMessage: String? {
        guard let mediaStream, let error = gtk_media_stream_get_error(mediaStream) else { return nil }
        return String(cString: error.pointee.message)
    }

    /// The picture's size as the stream reports it (0×0 until its first frame).
    public var frameSize: (width: Int, height: Int) {
        guard let mediaStream else { return (0, 0) }
        let paintable = OpaquePointer(mediaStream)
        return (Int(gdk_paintable_get_intrinsic_width(paintable)), Int(gdk_paintable_get_intrinsic_height(paintable)))
    }
}
