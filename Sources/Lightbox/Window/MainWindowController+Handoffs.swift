import Gtk
import LightboxKit

extension MainWindowController: PhotoSelectionObserving {
    /// The hand-offs act on the current page's selection (none while typing in search) and
    /// say what went wrong in the window's message bar.
    func makeHandoffs() -> PhotoHandoffs {
        PhotoHandoffs(
            store: store,
            page: { [weak self] in
                guard let self, !self.isTyping else { return nil }
                return self.currentPage
            }, selectionPage: { [weak self] in self?.currentPage },
            say: { [weak self] message in
                guard let self, let message else { return }
                self.showToast(message.text, undoable: message.isUndoable)
            }, window: { [weak self] in self?.view.rootWindow })
    }

    /// Adds `win.open-with`, `win.show-in-files`, `win.copy`, `win.set-background`,
    /// `win.copy-coordinates` and `win.open-in-maps`; Ctrl+C copies the selected photos
    /// unless a text field took the key (it copies its text then).
    func installHandoffs<Actions: Object & ActionMap>(in actions: Actions, window: Window) {
        handoffs.install(in: actions)
        let keys = EventControllerKey()
        keys.onKey(owner: self) { [weak self] key, modifiers in
            guard let self, !self.isTyping else { return false }
            if PhotoContextMenu.isMenuKey(key, modifiers), let page = self.currentPage as? PhotoMenuOpening {
                page.openPhotoMenu()
                return true
            }
            guard modifiers == .controlMask, key == Key(name: "c") || key == Key(name: "C") else { return false }
            self.handoffs.copy()
            return true
        }
        windowView.add(keys)
    }

    public func pageSelectionDidChange() { handoffs.refresh() }
}
