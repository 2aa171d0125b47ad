import Gtk
import LightboxKit

/// F11 on the photo page (`photo.full-screen`): the window full screen and its header hidden,
/// as image viewers do (the photo gets the whole screen); F11 again or Escape
/// (`photo.leave-full-screen`) comes back (Escape goes back to the list only after that).
/// Leaving the page leaves full screen.
extension PhotoPageController {
    /// Whether the page has the window full screen (its header hidden).
    public var isFullScreen: Bool {
        guard isViewLoaded, let header = view.rootWindow?.titlebar else { return false }
        return !header.isVisible
    }

    public func toggleFullScreen() {
        isFullScreen ? leaveFullScreen() : enterFullScreen()
    }

    public func enterFullScreen() {
        guard !isFullScreen, let window = view.rootWindow else { return }
        window.fullscreen()
        window.titlebar?.isVisible = false
        leaveFullScreenAction.isEnabled = true
        // A window manager may end full screen itself (its own key, another window): the
        // header comes back then too.
        var wasFullscreened = window.fullscreened
        fullScreenWatch = window.onNotifyFullscreened(owner: self) { [weak self, unowned window] in
            if window.fullscreened {
                wasFullscreened = true
            } else if wasFullscreened {
                self?.leaveFullScreen()
            }
        }
    }

    public func leaveFullScreen() {
        fullScreenWatch?.disconnect()
        fullScreenWatch = nil
        leaveFullScreenAction.isEnabled = false
        guard isFullScreen, let window = view.rootWindow else { return }
        window.unfullscreen()
        window.titlebar?.isVisible = true
    }
}
