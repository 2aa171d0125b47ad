import Foundation
import Gtk

extension MenuButton {
    /// When the menu closes without an item having taken the keyboard somewhere else
    /// (Escape, or an item that changes a setting), the focus goes back to where it was
    /// before the menu opened, as F10 from a list item comes back to that item. GTK 4.8
    /// leaves it on the menu button, far from where the person was working.
    public func returnsFocusWhenClosed() {
        guard let popover else { preconditionFailure("MenuButton.returnsFocusWhenClosed: the button has no menu yet") }
        let state = MenuFocusState()
        // The last focus outside the button (F10 gives the button the focus before the menu opens).
        onMap(owner: self) { [unowned self] in
            guard state.watch == nil, let window = rootWindow else { return }
            state.watch = window.onNotifyFocusWidget(owner: self) { [unowned self, unowned window] in
                guard let focus = window.focusWidget, focus !== self, !focus.isAncestor(self) else { return }
                state.before = focus
            }
        }
        popover.onClosed(owner: self) { [unowned self] in
            // GTK gives the button the focus as the popover goes: after that.
            DispatchQueue.main.async { [weak self] in
                guard let self, let target = state.before, target.isMapped, let window = self.rootWindow else { return }
                let focus = window.focusWidget
                if focus == nil || focus === self || focus?.isAncestor(self) == true { _ = target.grabFocus() }
            }
        }
    }
}

/// Where the focus was before a menu opened.
@MainActor
private final class MenuFocusState {
    weak var before: Widget?
    var watch: SignalConnection?
}
