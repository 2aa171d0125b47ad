import Gtk

/// Asks for an album's name in a popover, as GNOME Files asks for a new folder's: a heading,
/// an entry, what is wrong with the name, and the button that does it (Enter too). `onDone`
/// gets the name typed and returns what went wrong (nil: done, the popover closes).
public final class AlbumNamePopover: Popover {
    public let heading = Label()
    public let entry = Entry()
    public let errorLabel = Label()
    public let doneButton = Button()
    public var onDone: (@MainActor (String) -> String?)?

    public init(heading text: String, done label: String, name: String = "") {
        super.init()
        addCssClass("album-name-popover")
        let content = Box(orientation: .vertical, spacing: 12)
        content.setMargins(top: 12, bottom: 12, start: 12, end: 12)
        heading.text = text
        heading.addCssClass("heading")
        heading.xalign = 0
        entry.text = name
        entry.setAccessibleLabel(tr("Album name"))
        entry.setSizeRequest(width: 280, height: -1)
        entry.onActivate(owner: self) { [weak self] in self?.finish() }
        entry.onTextChanged(owner: self) { [weak self] in self?.showError(nil) }
        errorLabel.addCssClass("error")
        errorLabel.xalign = 0
        errorLabel.wraps = true
        errorLabel.maxWidthChars = 36
        errorLabel.isVisible = false
        doneButton.label = label
        doneButton.addCssClass("suggested-action")
        doneButton.horizontalAlignment = .end
        doneButton.onClicked(owner: self) { [weak self] in self?.finish() }
        [heading, entry, errorLabel, doneButton].forEach(content.append)
        child = content
    }

    /// Opens pointing at `target` (inside the popover's parent), the name selected to type over.
    public func open(pointingAt target: Widget) {
        popup(pointingAt: target)
        _ = entry.grabFocus()
    }

    private func finish() {
        guard let onDone else { return popdown() }
        if let error = onDone(entry.text) {
            showError(error)
        } else {
            popdown()
        }
    }

    private func showError(_ message: String?) {
        errorLabel.text = message ?? ""
        errorLabel.isVisible = message != nil
    }

    public var errorText: String? { errorLabel.isVisible ? errorLabel.text : nil }
}
