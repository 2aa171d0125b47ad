import CGtk

/// A short video shown as a picture, without controls: a Live Photo's motion, played once
/// from its start, muted unless asked, over its still. A `GtkPicture` showing a
/// `GtkMediaFile` (GStreamer plays it, as for `VideoPlayer`). By hand, as `VideoPlayer` is.
@MainActor
public final class MotionPicture: Widget {
    private var stream: Object?
    private var streamSignals: [SignalConnection] = []
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
        streamSignals.forEach { $0.disconnect() }
        streamSignals = []
        if let playing = mediaStream {
            gtk_media_stream_pause(playing)
            // Cleared, as `VideoPlayer` does: that frees the pipeline.
            gtk_media_file_clear(UnsafeMutableRawPointer(playing).assumingMemoryBound(to: GtkMediaFile.self))
        }
        guard let path else {
            gtk_picture_set_paintable(cast(), nil)
            stream = nil
            return
        }
        let file = gtk_media_file_new_for_filename(path)!
        let object = Object(UnsafeMutableRawPointer(file), ownership: .full)
        stream = object
        let media: UnsafeMutablePointer<GtkMediaStream> = object.cast()
        gtk_media_stream_set_muted(media, muted ? 1 : 0)
        gtk_picture_set_paintable(cast(), OpaquePointer(media))
        for property in ["ended", "error"] {
            streamSignals.append(
                object.connectNotify(property, owner: self) { [weak self] in
                    guard let self, self.hasEnded || self.errorMessage != nil else { return }
                    self.onEnd?()
                })
        }
        gtk_media_stream_play(media)
    }

    /// Called when the motion has played to its end, or can't play.
    public func onEnded(_ handler: @escaping @MainActor () -> Void) { onEnd = handler }

    private var mediaStream: UnsafeMutablePointer<GtkMediaStream>? { stream?.cast() }

    public var isPlaying: Bool { mediaStream.map { gtk_media_stream_get_playing($0) != 0 } ?? false }
    public var hasEnded: Bool { mediaStream.map { gtk_media_stream_get_ended($0) != 0 } ?? false }
    public var isMuted: Bool { mediaStream.map { gtk_media_stream_get_muted($0) != 0 } ?? true }
    /// Where the motion is, in seconds.
    public var time: Double { mediaStream.map { Double(gtk_media_stream_get_timestamp($0)) / 1e6 } ?? 0 }

    /// Why the motion can't play, when it can't (GStreamer's message).
    public var errorMessage: String? {
        guard let mediaStream, let error = gtk_media_stream_get_error(mediaStream) else { return nil }
        return String(cString: error.pointee.message)
    }
}
