import Gtk
import LightboxKit

extension MainWindowController {
    /// The Photos page (the window always has one).
    var photosPage: PhotosController? {
        pages.pages.first { $0.kind == .photos }?.controller as? PhotosController
    }

    /// `win.view-mode` ("list" or "grid", the mode shown as its state: Alt+1, Alt+2 and the
    /// header toggle; enabled while the Photos page shows) and `win.properties` (Alt+Return: the
    /// details pane shown and focused, or hidden when the focus is already in it).
    func installViewModeActions<Actions: Object & ActionMap>(in actions: Actions) {
        guard let photos = photosPage else { return }
        let mode = Action(name: "view-mode", parameterType: "s", state: Variant(photos.photoList.viewMode.rawValue))
        mode.onActivate(owner: self) { [unowned photos, unowned mode] parameter in
            guard let name = parameter?.string, let viewMode = PersistedState.PhotosView(rawValue: name) else { return }
            photos.photoList.viewMode = viewMode
            mode.state = Variant(name)
        }
        actions.add(mode)
        let toggle = ViewModeToggle()
        pages.headerItems.end.append(toggle)
        // On the other pages the keys do nothing, as the toggle is not there.
        toggle.isVisible = pages.current?.kind == .photos
        mode.isEnabled = toggle.isVisible
        pages.pageChanged = { [weak toggle, weak mode] kind in
            toggle?.isVisible = kind == .photos
            mode?.isEnabled = kind == .photos
        }

        actions.addAction("properties", owner: self) { [unowned self] in
            (self.currentPage as? PhotosController)?.showProperties()
        }
    }
}
