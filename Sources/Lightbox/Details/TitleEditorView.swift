import Adw
import Gtk

/// The title and caption rows of the details pane (see `TitleEditorController`), a boxed
/// group under the photo's facts, and what went wrong, inline.
public final class TitleEditorView: Box {
    public enum Field: CaseIterable, Sendable { case title, caption }

    public let group = PreferencesGroup()
    public let titleRow = EntryRow()
    public let captionRow = EntryRow()
    public let errorLabel = Label()

    public init() {
        super.init(orientation: .vertical, spacing: 8)
        addCssClass("title-editor")
        setMargins(top: 18, bottom: 0, start: 0, end: 0)
        // No apply button: leaving the row saves, so Tab goes from the title to the caption.
        for row in [titleRow, captionRow] { group.add(row) }
        titleRow.tooltip = tr("The photo’s title; Enter saves it, Escape puts it back")
        captionRow.tooltip = tr("A few words about the photo; Enter saves them, Escape puts them back")
        for field in Field.allCases { show("", title: field.title, in: field) }
        errorLabel.addCssClass("error")
        errorLabel.xalign = 0
        errorLabel.wraps = true
        errorLabel.wrapMode = .wordChar
        errorLabel.isVisible = false
        append(group)
        append(errorLabel)
    }

    public func row(_ field: Field) -> EntryRow {
        switch field {
        case .title: titleRow
        case .caption: captionRow
        }
    }

    /// Shows `text` in the row, and `title` above it (the placeholder while it is empty; also
    /// what a screen reader calls the text field).
    public func show(_ text: String, title: String, in field: Field) {
        let row = row(field)
        if row.text != text { row.text = text }
        if row.title != title {
            row.title = title
            row.setTextAccessibleLabel(title)
        }
    }

    /// Shows `message` under the rows, or hides it (nil).
    public func showError(_ message: String?) {
        errorLabel.text = message ?? ""
        errorLabel.isVisible = message != nil
    }
}
