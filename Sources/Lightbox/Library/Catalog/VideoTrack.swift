import LightboxMedia

/// What a video has that a photo has not: its length, codec and frame rate, as its container
/// says (`VideoFile`); and what ties a Live Photo's still to its motion (`LivePhotos`).
public struct VideoTrack: Hashable, Sendable {
    /// Seconds; nil when the container does not say.
    public var duration: Double?
    /// FFmpeg's short name of the codec ("h264", "hevc").
    public var codec: String?
    /// Frames per second.
    public var frameRate: Double?
    /// The identifier an iPhone writes into a Live Photo's still and its MOV alike.
    public var contentIdentifier: String?
    /// A motion photo's video (Google's, Samsung's): how many bytes at the end of the still's
    /// file it is; nil for any other file.
    public var motionLength: Int64?

    public init(
        duration: Double? = nil, codec: String? = nil, frameRate: Double? = nil, contentIdentifier: String? = nil,
        motionLength: Int64? = nil
    ) {
        self.duration = duration
        self.codec = codec
        self.frameRate = frameRate
        self.contentIdentifier = contentIdentifier
        self.motionLength = motionLength
    }

    var isEmpty: Bool { self == VideoTrack() }
}

extension Photo.Fields {
    /// The video's track (none for a photo: every field nil).
    public var video: VideoTrack {
        get { videoBox?.value ?? VideoTrack() }
        set {
            guard newValue != video else { return }
            videoBox = newValue.isEmpty ? nil : SharedValue(newValue)
        }
    }

    public var duration: Double? {
        get { videoBox?.value.duration }
        set { video.duration = newValue }
    }
    public var codec: String? {
        get { videoBox?.value.codec }
        set { video.codec = newValue }
    }
    public var frameRate: Double? {
        get { videoBox?.value.frameRate }
        set { video.frameRate = newValue }
    }
    public var contentIdentifier: String? {
        get { videoBox?.value.contentIdentifier }
        set { video.contentIdentifier = newValue }
    }
    public var motionLength: Int64? {
        get { videoBox?.value.motionLength }
        set { video.motionLength = newValue }
    }

    /// Whether the file is a video (by its extension: one that can't be read is one too).
    public var isVideo: Bool { ImageFamily(path: path) == .video }
}
