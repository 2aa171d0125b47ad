import Gtk

/// Focus and selection kept as one in a view (a file manager's list, a photo browser):
/// GTK 4.8 moves the keyboard focus between items with Tab, and into a list from outside
/// with Tab or an arrow, without touching the selection, so the keys that act on "the
/// selected item" would act on another item than the one a person (and their screen reader)
/// is on. Here a keyboard move of the focus onto an item that is not selected selects it
/// alone (as a plain arrow does in GTK); the focus coming into the view from outside lands on
/// the selection when there is one. Ctrl or Shift held keep GTK's multiple-selection rules
/// (Ctrl moves the focus only, Shift extends), and a click selects when its button comes up,
/// as GTK does.
@MainActor
final class SelectionFollowingFocus<Item> {
    private unowned let source: ArrayDataSource<Item>
    private weak var view: ListBase?
    /// Down while a button is pressed in the view: the click selects on release by itself.
    private let pointer = GestureClick()
    /// The modifiers of the key being handled in the view; nil between keys.
    private var keyModifiers: ModifierType?
    private var keyEnd: MainLoopTimer?
    private var focusWatch: SignalConnection?
    /// Whether the focus was in the view at the last focus change (else it comes from outside).
    private var hadFocus = false

    init(source: ArrayDataSource<Item>, view: ListBase) {
        self.source = source
        self.view = view
        let keys = EventControllerKey()
        keys.useCapturePhase()
        keys.onKey(owner: self) { [unowned self] key, modifiers in
            // Shift+Tab is Tab backwards, not an extended selection.
            let isTab = ["Tab", "ISO_Left_Tab", "KP_Tab"].contains(key.name ?? "")
            keyModifiers = isTab ? modifiers.subtracting(.shiftMask) : modifiers
            // The focus moves while GTK handles the key; the next idle is after it.
            keyEnd?.cancel()
            keyEnd = MainLoopTimer.whenIdle { [weak self] in self?.keyModifiers = nil }
            return false
        }
        view.add(keys)
        pointer.button = 0
        pointer.propagationPhase = .capture
        view.add(pointer)
        // The window's focus is watched while the view is on screen (a grid and a list sharing
        // a selection watch it in turn).
        view.onMap(owner: self) { [unowned self] in watchFocus() }
        view.onUnmap(owner: self) { [unowned self] in
            focusWatch?.disconnect()
            focusWatch = nil
        }
        if view.isMapped { watchFocus() }
    }

    private func watchFocus() {
        focusWatch?.disconnect()
        guard let window = view?.rootWindow else { return }
        hadFocus = view?.stateFlags.contains(.focusWithin) == true
        focusWatch = window.onNotifyFocusWidget(owner: self) { [unowned self] in focusMoved() }
    }

    private func focusMoved() {
        guard let view, source.view === view, let focus = view.rootWindow?.focusWidget, focus.isAncestor(view) else {
            hadFocus = false
            return
        }
        let cameFromOutside = !hadFocus
        hadFocus = true
        // A click selects by itself; a change being applied moves rows under the focus.
        guard !pointer.isActive, !source.isApplying, !source.hasPendingChange,
            let position = source.boundPosition(around: focus, in: view)
        else { return }
        let modifiers = keyModifiers ?? []
        guard modifiers.isDisjoint(with: [.controlMask, .shiftMask]) else { return }
        let selected = source.selectedPositions
        if selected.contains(position) { return }
        if cameFromOutside, let first = selected.first {
            source.focus(at: first)
        } else {
            view.selectItem(position)
        }
    }
}

extension ArrayDataSource {
    /// Keeps the selection on the item with the keyboard focus in `view` (see
    /// `SelectionFollowingFocus`): for views whose commands act on the selected items, where
    /// the focused item must be one of them. `makeListView`/`makeGridView` do it when asked.
    public func selectsFocusedItem(in view: ListBase) {
        focusFollowers.append(SelectionFollowingFocus(source: self, view: view))
    }
}
