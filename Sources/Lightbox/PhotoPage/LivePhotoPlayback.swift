import Gtk
import LightboxMedia

/// Plays a Live Photo's motion on the photo page, muted, over its still, and shows the still
/// again at its end: on request (Space, the Live button) and while the mouse is held on the
/// photo, as a phone plays it while a finger rests on it.
@MainActor
final class LivePhotoPlayback {
    private unowned let pageView: PhotoPageView
    /// The Live Photo shown; nil for anything else.
    private var photo: Photo?
    private var start: Task<Void, Never>?
    /// Counts down a press on the photo: held that long, the motion plays until released.
    private var hold: MainLoopTimer?
    private var isHeld = false
    /// Where a motion photo's video is copied out to play.
    var motionDirectory = LiveMotion.defaultDirectory
    static let holdDelay = Duration.milliseconds(300)
    /// A press on the photo: held `holdDelay`, the motion plays until the gesture ends.
    let holdGesture = GestureClick()

    init(pageView: PhotoPageView) {
        self.pageView = pageView
        pageView.liveButton.onClicked(owner: self) { [weak self] in self?.play() }
        pageView.motion.onEnded { [weak self] in
            guard let self, !self.isHeld else { return }
            self.pageView.stopMotion()
        }
        let click = holdGesture
        click.onPressed(owner: self) { [weak self] _, _, _ in
            guard let self, self.photo != nil else { return }
            self.hold = MainLoopTimer(after: Self.holdDelay) { [weak self] in
                self?.isHeld = true
                self?.play()
            }
        }
        click.onEnd(owner: self) { [weak self] in self?.release() }
        pageView.scroller.add(click)
    }

    /// The photo the page shows now (its still on screen): a Live Photo gets its button.
    func show(_ photo: Photo?) {
        stop()
        self.photo = photo.flatMap { $0.isLive && $0.error == nil ? $0 : nil }
        pageView.showLive(self.photo != nil)
    }

    var isLive: Bool { photo != nil }
    var isPlaying: Bool { pageView.isPlayingMotion }

    /// Plays the motion from its start (the MOV beside the still, or the video inside it).
    func play() {
        guard let photo else { return }
        start?.cancel()
        let directory = motionDirectory
        start = Task { [weak self] in
            guard let path = await LiveMotion.file(for: photo, directory: directory), !Task.isCancelled, let self,
                self.photo?.id == photo.id
            else { return }
            self.pageView.playMotion(path)
        }
    }

    func stop() {
        hold?.cancel()
        hold = nil
        isHeld = false
        start?.cancel()
        start = nil
        pageView.stopMotion()
    }

    private func release() {
        hold?.cancel()
        hold = nil
        guard isHeld else { return }
        isHeld = false
        pageView.stopMotion()
    }
}

extension Photo.Fields {
    /// Whether the photo moves: a Live Photo's still shown with its motion, or a motion photo.
    public var isLive: Bool { motionLength != nil || companion.map(LivePhotos.isMotion) == true }
}
