import Adw
import Gtk

/// The Place window (see `PlaceController`): Cancel and Set in the header; where the photos are
/// now; a search field for a city's name or coordinates; what is wrong with what was typed; and
/// the places found, each a row that sets it when activated (a click, or Enter on it).
final class PlaceView: CorrectionWindow {
    static let resultCount = 8

    var setButton: Button { confirmButton }
    let currentLabel = Label()
    let searchEntry = SearchEntry()
    let errorLabel = Label()
    let results = PreferencesGroup()
    /// Rows made once and shown as the search finds places; each with the button that activates it.
    let resultRows: [(row: ActionRow, button: Button)] = (0..<PlaceView.resultCount).map { _ in
        (ActionRow(), Button(iconName: "mark-location-symbolic"))
    }

    init() {
        super.init(confirming: tr("_Set"), cssClass: "place-window", width: 480)

        currentLabel.xalign = 0
        currentLabel.wraps = true
        currentLabel.addCssClass("dim-label")
        let hint = tr("A city, or coordinates (48.8566, 2.3522)")
        searchEntry.placeholderText = hint
        searchEntry.setAccessibleLabel(hint)
        errorLabel.addCssClass("error")
        errorLabel.xalign = 0
        errorLabel.wraps = true
        errorLabel.isVisible = false
        for (row, button) in resultRows {
            button.addCssClass("flat")
            button.verticalAlignment = .center
            button.tooltip = tr("Set this place")
            row.addSuffix(button)
            row.activatableWidget = button
            row.isVisible = false
            results.add(row)
        }
        results.isVisible = false

        let content = Box(orientation: .vertical, spacing: 12)
        content.setMargins(top: 18, bottom: 18, start: 18, end: 18)
        [currentLabel, searchEntry, errorLabel, results].forEach(content.append)
        child = content
    }

    /// Shows `places` (title and subtitle) in the rows, the others hidden.
    func show(_ places: [(title: String, subtitle: String)]) {
        for (index, (row, _)) in resultRows.enumerated() {
            row.isVisible = index < places.count
            guard index < places.count else { continue }
            row.title = Self.escaped(places[index].title)
            row.subtitle = Self.escaped(places[index].subtitle)
        }
        results.isVisible = !places.isEmpty
    }

    /// Shows `message` under the search field, or hides it (nil).
    func showError(_ message: String?) {
        errorLabel.text = message ?? ""
        errorLabel.isVisible = message != nil
    }

    /// Rows read markup: a name's & and < are text.
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
