import Adw
import Gtk

/// The Date and Time window (see `DateTimeController`): Cancel and Apply in the header; two
/// linked buttons choosing between shifting every photo by the same amount and setting every
/// one to the same moment; the date and time of the first photo, the shift (while shifting)
/// and the time zone, as text fields; what is wrong with what was typed; and the first and last
/// photo, each with its date before and after.
final class DateTimeView: CorrectionWindow {
    var applyButton: Button { confirmButton }
    let shiftButton = ToggleButton(mnemonic: tr("_Shift All Photos"))
    let setButton = ToggleButton(mnemonic: tr("S_et All Photos"))
    let modes = Box(orientation: .horizontal, spacing: 0)
    let modeLabel = Label()
    let fields = PreferencesGroup()
    let dateRow = EntryRow()
    let timeRow = EntryRow()
    let shiftRow = EntryRow()
    let timeZoneRow = EntryRow()
    let errorLabel = Label()
    let preview = PreferencesGroup()
    /// The first photo's and the last's: a thumbnail, the name, "before → after".
    let firstRow = ActionRow()
    let lastRow = ActionRow()
    let firstThumbnail = ThumbnailView(size: 48)
    let lastThumbnail = ThumbnailView(size: 48)

    init() {
        super.init(confirming: tr("_Apply"), cssClass: "date-time-window", width: 520)
        defaultWidget = applyButton

        modes.addCssClass("linked")
        modes.horizontalAlignment = .center
        [shiftButton, setButton].forEach(modes.append)
        modeLabel.wraps = true
        modeLabel.addCssClass("dim-label")

        for row in [dateRow, timeRow, shiftRow, timeZoneRow] {
            fields.add(row)
            row.activatesDefault = true
        }
        shiftRow.tooltip = tr("Later with +, earlier with −: hours:minutes:seconds, days first (“+2 d 1:00”)")
        timeZoneRow.tooltip = tr("The time zone the photos were taken in, as “+09:00”; empty keeps each photo’s own")
        errorLabel.addCssClass("error")
        errorLabel.xalign = 0
        errorLabel.wraps = true
        errorLabel.isVisible = false

        preview.title = tr("Preview")
        for (row, thumbnail) in [(firstRow, firstThumbnail), (lastRow, lastThumbnail)] {
            thumbnail.verticalAlignment = .center
            // The same 3:2 frame for both (a camera's shape), so that the names line up.
            thumbnail.setSizeRequest(width: 72, height: 48)
            thumbnail.horizontalExpand = false
            row.addPrefix(thumbnail)
            row.subtitleLines = 2
            preview.add(row)
        }

        let content = Box(orientation: .vertical, spacing: 12)
        content.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        [modes, modeLabel, fields, errorLabel, preview].forEach(content.append)
        child = content
    }

    /// Sets a row's title (the field's name, also read by screen readers).
    func name(_ row: EntryRow, _ title: String) {
        row.title = title
        row.setTextAccessibleLabel(title)
    }

    /// Shows `message` under the fields, or hides it (nil).
    func showError(_ message: String?) {
        errorLabel.text = message ?? ""
        errorLabel.isVisible = message != nil
    }
}
