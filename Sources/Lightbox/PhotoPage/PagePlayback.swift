import Gtk

/// What moves on the photo page: a video in its player, a Live Photo's motion over its still
/// (`LivePhotoPlayback`), and their keys, the page's `photo.` actions: Space (`play`) plays or
/// pauses a video and plays a Live Photo's motion, Shift+Left and Shift+Right (`seek`, int32
/// seconds) seek, M (`mute`) mutes; each enabled only while the page shows something it acts on.
@MainActor
final class PagePlayback {
    private unowned let pageView: PhotoPageView
    let live: LivePhotoPlayback
    private let playAction = Action(name: "play")
    private let seekAction = Action(name: "seek", parameterType: "i")
    private let muteAction = Action(name: "mute")

    init(pageView: PhotoPageView, actions: ActionGroup) {
        self.pageView = pageView
        live = LivePhotoPlayback(pageView: pageView)
        let player = pageView.player
        playAction.onActivate(owner: self) { [weak self] _ in
            guard let self else { return }
            if self.pageView.content == .video { player.media?.isPlaying.toggle() } else { self.live.play() }
        }
        seekAction.onActivate(owner: self) { parameter in
            guard let seconds = parameter?.int32, let media = player.media else { return }
            media.seek(to: media.time + Double(seconds))
        }
        muteAction.onActivate(owner: self) { _ in player.media?.isMuted.toggle() }
        for action in [playAction, seekAction, muteAction] { actions.add(action) }
        player.onStreamChange { [weak self] in
            guard let self, self.pageView.content == .video, let media = player.media else { return }
            if let message = media.errorMessage {
                self.enableKeys(false)
                self.pageView.showError(message, isVideo: true)
            } else if media.isPrepared {
                self.pageView.showVideoTime(media.time, of: media.duration)
            }
        }
    }

    /// The page moves on (to a photo still loading, a file that can't be shown): nothing plays.
    func showNothing() {
        live.show(nil)
        enableKeys(false)
    }

    /// Shows the video at `photo`'s path at its first frame; the keys play, seek and mute it.
    func showVideo(_ photo: Photo) {
        pageView.showVideo(photo.path, name: photo.name)
        enableKeys(true)
    }

    /// `photo`'s still is on screen: a Live Photo's Space plays its motion.
    func showStill(_ photo: Photo) {
        live.show(photo)
        playAction.isEnabled = photo.isLive
    }

    /// The page is left: the video's player is let go of (a page left is not shown again).
    func stop() {
        pageView.player.open(nil)
        live.stop()
    }

    private func enableKeys(_ isEnabled: Bool) {
        for action in [playAction, seekAction, muteAction] { action.isEnabled = isEnabled }
    }
}
