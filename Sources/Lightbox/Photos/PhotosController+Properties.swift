import Gtk
import LightboxKit

extension PhotosController {
    /// Alt+Return, "Properties" (as in GNOME's file manager and image viewer): shows the
    /// details pane and puts the keyboard focus in it; with the focus already there, hides
    /// the pane again (as F9) and goes back to the photos.
    public func showProperties() {
        let pane = detailNavigation.view
        if isShowingDetails, pane.stateFlags.contains(.focusWithin) {
            toggleDetails()
            photoList.focusList()
            return
        }
        if !isShowingDetails { toggleDetails() }
        _ = pane.childFocus(.tabForward)
    }

    /// Whether the keyboard focus is in the details pane.
    public var isFocusInDetails: Bool { detailNavigation.view.stateFlags.contains(.focusWithin) }
}
