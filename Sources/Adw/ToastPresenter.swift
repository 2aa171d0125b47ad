import CAdw
import Gtk

/// Shows one transient message at a time in an `AdwToastOverlay` (or a preferences window's),
/// a new message taking the place of the one shown, in a way libadwaita 1.2 survives however
/// fast messages come.
///
/// libadwaita 1.2 frees a toast's bookkeeping when its hide animation ends. A toast added while
/// another is still hiding slides in over 500 ms; dismissed within its first 200 ms, its 300 ms
/// hide ends first, and when its show animation ends it writes into the freed memory (SIGSEGV
/// in `adw_animation_skip`, from the frame clock). So this presenter never lets a toast be
/// dismissed before its show animation has ended:
/// - a new message updates the shown toast in place (the toast widget binds its title, button
///   label and action), so messages in quick succession add no toast at all;
/// - the presenter times the toast itself (the toast's own timeout can't be restarted);
/// - a dismissal asked for too early waits until the frame clock is past the show animation;
/// - while a toast is that young, its buttons take no clicks or focus, and Escape, which the
///   overlay binds to dismissing the toast, is held until the toast may go.
@MainActor
public final class ToastPresenter {
    /// How long after a toast is added its show animation may still run: libadwaita's longest
    /// (500 ms, when it replaces a hiding toast) and a frame to spare.
    static let showAnimationMicroseconds: Int64 = 600_000

    private let add: (Toast) -> Void
    /// The widget whose frame clock runs the overlay's animations.
    private let clockWidget: Widget
    /// Where a new toast's widget is the last child (nil: the overlay is libadwaita's own).
    private let overlay: Widget?
    /// The toast on screen, until it is dismissed (by its time, the person, or the presenter).
    private var toast: Toast?
    private var toastWidget: Widget?
    /// The frame time at which the shown toast may be dismissed; nil once it may.
    private var youngUntil: Int64?
    private var dismissWhenGrown = false
    private var youthTimer: MainLoopTimer?
    private var expiryTimer: MainLoopTimer?

    /// Messages over `overlay`'s child. Call after the child is set.
    public convenience init(overlay: ToastOverlay) {
        self.init(add: { [unowned overlay] in overlay.addToast($0) }, clockWidget: overlay, overlay: overlay)
        // Bubbling from the content, this sees Escape just before the overlay's own binding
        // and only when nothing inside took it (going back, closing search keep working).
        guard let content = overlay.child else { preconditionFailure("set the overlay's child before presenting in it") }
        let keys = EventControllerKey()
        keys.onKey(owner: self) { [weak self] key, modifiers in self?.holdsEscape(key, modifiers) ?? false }
        content.add(keys)
    }

    /// Messages in a preferences window (its overlay is libadwaita's own).
    public convenience init(preferences window: PreferencesWindow) {
        self.init(add: { [unowned window] in window.addToast($0) }, clockWidget: window, overlay: nil)
        // The window's toast overlay is out of reach: Escape is held before anything sees it,
        // only while a toast is too young to go.
        let keys = EventControllerKey()
        keys.useCapturePhase()
        keys.onKey(owner: self) { [weak self] key, modifiers in self?.holdsEscape(key, modifiers) ?? false }
        window.add(keys)
    }

    private init(add: @escaping (Toast) -> Void, clockWidget: Widget, overlay: Widget?) {
        self.add = add
        self.clockWidget = clockWidget
        self.overlay = overlay
    }

    /// The message shown, as given; nil from the moment it is dismissed.
    public private(set) var message: String?
    /// The shown message's button: its label and the action it runs.
    public private(set) var button: (label: String, action: String)?

    /// Shows `message` (plain text) for `seconds`, with a button running `action` when given.
    public func show(_ message: String, button: (label: String, action: String)? = nil, seconds: Int) {
        expiryTimer = MainLoopTimer(after: .seconds(seconds)) { [weak self] in self?.dismiss() }
        dismissWhenGrown = false
        self.message = message
        self.button = button
        if let toast {
            toast.title = Self.markupEscaped(message)
            toast.buttonLabel = button?.label
            toast.actionName = button?.action
            return
        }
        let toast = Toast(Self.markupEscaped(message))
        toast.buttonLabel = button?.label
        toast.actionName = button?.action
        // The presenter's timer decides when it goes.
        toast.timeout = 0
        toast.onDismissed(owner: self) { [weak self, unowned toast] in self?.toastDismissed(toast) }
        self.toast = toast
        let addedAt = clockWidget.frameTime
        add(toast)
        toastWidget = overlay?.lastChild
        guard let addedAt, clockWidget.isMapped else { return }
        youngUntil = addedAt + Self.showAnimationMicroseconds
        toastWidget?.canTarget = false
        toastWidget?.canFocus = false
        waitForGrowth()
    }

    /// Takes the shown message away (at once, or as soon as its toast may go).
    public func dismiss() {
        message = nil
        button = nil
        expiryTimer = nil
        guard let toast else { return }
        if isYoung {
            dismissWhenGrown = true
        } else {
            toast.dismiss()
        }
    }

    private var isYoung: Bool {
        guard let youngUntil, clockWidget.isMapped, let now = clockWidget.frameTime else { return false }
        return now < youngUntil
    }

    private func waitForGrowth() {
        guard let youngUntil, let now = clockWidget.frameTime else { return grown() }
        let remaining = max(1, (youngUntil - now + 999) / 1000)
        youthTimer = MainLoopTimer(after: .milliseconds(remaining)) { [weak self] in
            guard let self else { return }
            if self.isYoung { self.waitForGrowth() } else { self.grown() }
        }
    }

    private func grown() {
        youngUntil = nil
        youthTimer = nil
        toastWidget?.canTarget = true
        toastWidget?.canFocus = true
        if dismissWhenGrown {
            dismissWhenGrown = false
            toast?.dismiss()
        }
    }

    private func toastDismissed(_ dismissed: Toast) {
        guard toast === dismissed else { return }
        toast = nil
        toastWidget = nil
        message = nil
        button = nil
        youngUntil = nil
        youthTimer = nil
        expiryTimer = nil
        dismissWhenGrown = false
    }

    private func holdsEscape(_ key: Key, _ modifiers: ModifierType) -> Bool {
        guard toast != nil, isYoung, modifiers.isEmpty, key == Key(name: "Escape") else { return false }
        dismissWhenGrown = true
        return true
    }

    /// libadwaita 1.2 shows a toast's title as Pango markup: a file named "Tom & Jerry.jpg"
    /// must read as written.
    static func markupEscaped(_ text: String) -> String {
        guard let escaped = g_markup_escape_text(text, -1) else { return text }
        defer { g_free(escaped) }
        return String(cString: escaped)
    }
}
