import LightboxMedia

/// What a video has that a photo has not: its length, codec and frame rate, as its container
/// says (`VideoFile`).
public struct VideoTrack: Hashable, Sendable {
    /// Seconds; nil when the container does not say.
    public var duration: Double?
    /// FFmpeg's short name of the codec ("h264", "hevc").
    public var codec: String?
    /// Frames per second.
    public var frameRate: Double?

    public init(duration: Double? = nil, codec: String? = nil, frameRate: Double? = nil) {
        self.duration = duration
        self.codec = codec
        self.frameRate = frameRate
    }

    var isEmpty: Bool { duration == nil && codec == nil && frameRate == nil }
}

/// A video's track, shared by the copies of its fields; never changed (a change makes a new
/// box). Photos, most of a library, keep no box: 8 bytes each, not 40.
final class VideoBox: Hashable, Sendable {
    let track: VideoTrack

    init(_ track: VideoTrack) { self.track = track }

    static func == (lhs: VideoBox, rhs: VideoBox) -> Bool { lhs === rhs || lhs.track == rhs.track }
    func hash(into hasher: inout Hasher) { hasher.combine(track) }
}

extension Photo.Fields {
    /// The video's track (none for a photo: every field nil).
    public var video: VideoTrack {
        get { videoBox?.track ?? VideoTrack() }
        set {
            guard newValue != video else { return }
            videoBox = newValue.isEmpty ? nil : VideoBox(newValue)
        }
    }

    public var duration: Double? {
        get { videoBox?.track.duration }
        set { video.duration = newValue }
    }
    public var codec: String? {
        get { videoBox?.track.codec }
        set { video.codec = newValue }
    }
    public var frameRate: Double? {
        get { videoBox?.track.frameRate }
        set { video.frameRate = newValue }
    }

    /// Whether the file is a video (by its extension: one that can't be read is one too).
    public var isVideo: Bool { ImageFamily(path: path) == .video }
}
