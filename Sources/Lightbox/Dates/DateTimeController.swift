import Adw
import Foundation
import Gtk
import LightboxKit

/// Coordinates the Date and Time window (`win.adjust-date`, Ctrl+Shift+T as in Shotwell) for
/// a photo or a selection: it starts on the first photo's date and time (the earliest). While
/// shifting (the default), typing another date, time or shift moves every photo by the same
/// amount, so the spacing between them stays, and the date and the shift follow each other;
/// while setting, every photo gets the date and time typed. A time zone typed is every photo's;
/// none keeps each photo's own. The first and last photo show their date before and after as
/// the person types. Apply is one edit (one undo), said in a toast with Undo; Cancel or Escape
/// changes nothing. One window at a time: it keeps itself alive while it is open.
@MainActor
final class DateTimeController {
    enum Mode { case shift, set }

    let view = DateTimeView()
    private let store: CatalogStore
    private weak var commands: PhotoCommands?
    /// The photos with a date, earliest first.
    let photos: [Photo]
    private(set) static var shown: DateTimeController?
    private(set) var mode = Mode.shift
    private let fields = DateFields(.current)
    private let formats = LocaleFormats.current
    /// The day mark of a shift in the person's language ("+2 d 01:00:00").
    // Translators: the mark of days in a time shift typed or shown, "+2 d 01:00:00" (two days and an hour later).
    private let dayMark = trc("days in a time shift", "d")
    /// Set while the window writes a field itself, so that the field's change is not taken as typed.
    private var isFilling = false

    /// Opens the window for `photos` over `parent`; nil (and nothing opens) when none has a date.
    @discardableResult
    static func present(photos: [Photo], store: CatalogStore, commands: PhotoCommands?, over parent: Window) -> DateTimeController? {
        shown?.view.close()
        let dated = photos.filter { $0.taken.flatMap(DateAdjustment.date) != nil }.sorted { ($0.taken ?? "") < ($1.taken ?? "") }
        guard !dated.isEmpty else { return nil }
        Adwaita.initialize()
        let controller = DateTimeController(photos: dated, store: store, commands: commands)
        controller.view.transientFor = parent
        controller.view.isModal = true
        shown = controller
        controller.view.present()
        controller.view.dateRow.grabFocus()
        return controller
    }

    private init(photos: [Photo], store: CatalogStore, commands: PhotoCommands?) {
        self.photos = photos
        self.store = store
        self.commands = commands
        view.title = FormattingLocale.current.counted(
            trn("Date and Time of %d Photo", "Date and Time of %d Photos", photos.count), photos.count)
        // Translators: the date field's name; %@ is how a date is typed ("dd/MM/yyyy").
        view.name(view.dateRow, String(format: tr("Date (%@)"), fields.datePattern))
        // Translators: the time field's name; %@ is how a time is typed ("HH:mm:ss").
        view.name(view.timeRow, String(format: tr("Time (%@)"), fields.timePattern))
        view.name(view.shiftRow, tr("Shift By"))
        view.name(view.timeZoneRow, tr("Time Zone (empty: each photo’s own)"))
        // One photo: shifting and setting come to the same; its date and the shift are both there.
        view.lastRow.isVisible = photos.count > 1
        view.modes.isVisible = photos.count > 1
        view.modeLabel.isVisible = photos.count > 1
        if let first = photos.first, let taken = first.taken, let text = fields.text(of: taken) {
            fill {
                view.dateRow.text = text.date
                view.timeRow.text = text.time
                view.shiftRow.text = DateAdjustment.text(shift: 0, dayMark: dayMark)
            }
        }
        view.firstThumbnail.show(photos.first, images: store.images)
        view.lastThumbnail.show(photos.last, images: store.images)
        view.shiftButton.onToggled(owner: self) { [unowned self] in self.choose(self.view.shiftButton.isActive ? .shift : .set) }
        view.setButton.onToggled(owner: self) { [unowned self] in self.choose(self.view.setButton.isActive ? .set : .shift) }
        for row in [view.dateRow, view.timeRow] {
            row.onTextChanged(owner: self) { [unowned self] in self.momentTyped() }
        }
        view.shiftRow.onTextChanged(owner: self) { [unowned self] in self.shiftTyped() }
        view.timeZoneRow.onTextChanged(owner: self) { [unowned self] in self.update() }
        view.cancelButton.onClicked(owner: self) { [unowned self] in self.view.close() }
        view.applyButton.onClicked(owner: self) { [unowned self] in self.apply() }
        view.insertActionGroup(Self.dialogActions(owner: self) { [unowned self] in self.view.close() }, prefix: "dialog")
        view.add(KeyboardShortcuts.controller(for: .dialog))
        view.onCloseRequest(owner: self) { [unowned self] in
            if Self.shown === self { Self.shown = nil }
            return false
        }
        choose(.shift)
    }

    /// The window's own actions (`dialog.`), which its keys (`KeyboardShortcuts.Reach.dialog`) activate.
    static func dialogActions(owner: AnyObject, cancel: @escaping @MainActor () -> Void) -> ActionGroup {
        let actions = ActionGroup()
        actions.addAction("cancel", owner: owner, cancel)
        return actions
    }

    // MARK: Typing

    /// Shift All Photos or Set All Photos; the two buttons act as one choice.
    func choose(_ mode: Mode) {
        self.mode = mode
        fill {
            view.shiftButton.isActive = mode == .shift
            view.setButton.isActive = mode == .set
        }
        view.shiftRow.isVisible = mode == .shift
        view.modeLabel.text =
            mode == .shift
            ? tr("Every photo moves by the same amount: the time between them stays.")
            : tr("Every photo gets this date and time.")
        if mode == .shift { momentTyped() } else { update() }
    }

    private func fill(_ writes: () -> Void) {
        isFilling = true
        writes()
        isFilling = false
    }

    /// A date or time typed: while shifting, the shift follows.
    private func momentTyped() {
        guard !isFilling else { return }
        if mode == .shift, let first = photos.first?.taken,
            let moment = fields.catalogDate(date: view.dateRow.text, time: view.timeRow.text),
            let seconds = DateAdjustment.seconds(from: first, to: moment)
        {
            fill { view.shiftRow.text = DateAdjustment.text(shift: seconds, dayMark: dayMark) }
        }
        update()
    }

    /// A shift typed: the first photo's date and time follow.
    private func shiftTyped() {
        guard !isFilling else { return }
        if let seconds = DateAdjustment.shift(parsing: view.shiftRow.text, dayMark: dayMark),
            let moved = DateAdjustment(.shift(seconds: seconds)).adjusted(photos.first?.taken), let text = fields.text(of: moved)
        {
            fill {
                view.dateRow.text = text.date
                view.timeRow.text = text.time
            }
        }
        update()
    }

    /// What the fields say, or what is wrong with them (in words for the person).
    var adjustment: Result<DateAdjustment, DateInputError> {
        let zoneText = view.timeZoneRow.text.trimmingCharacters(in: .whitespaces)
        var timeZone: String?
        if !zoneText.isEmpty {
            guard let zone = DateAdjustment.timeZone(parsing: zoneText) else {
                // Translators: under the fields of the Date and Time window.
                return .failure(DateInputError(tr("Type the time zone as +09:00 or -05:30, or leave it empty.")))
            }
            timeZone = zone
        }
        guard let moment = fields.catalogDate(date: view.dateRow.text, time: view.timeRow.text) else {
            return .failure(
                DateInputError(
                    // Translators: under the fields of the Date and Time window; %1$@ and %2$@ are how a date and a time are typed.
                    String(format: tr("Type the date as %1$@ and the time as %2$@."), fields.datePattern, fields.timePattern)))
        }
        if mode == .shift {
            guard let seconds = DateAdjustment.shift(parsing: view.shiftRow.text, dayMark: dayMark) else {
                // Translators: under the fields of the Date and Time window; %1$@ and %2$@ are examples.
                return .failure(DateInputError(String(format: tr("Type the shift as %1$@, or %2$@ for earlier."), "+1:00:00", "-0:30:00")))
            }
            return .success(DateAdjustment(.shift(seconds: seconds), timeZone: timeZone))
        }
        return .success(DateAdjustment(.set(moment), timeZone: timeZone))
    }

    /// The preview, the error and Apply, for what the fields say now.
    private func update() {
        let result = adjustment
        switch result {
        case .success(let adjustment):
            view.showError(nil)
            view.applyButton.isSensitive = !adjustment.isNothing
            show(photos.first, in: view.firstRow, after: adjustment)
            show(photos.last, in: view.lastRow, after: adjustment)
        case .failure(let error):
            view.showError(error.message)
            view.applyButton.isSensitive = false
            show(photos.first, in: view.firstRow, after: nil)
            show(photos.last, in: view.lastRow, after: nil)
        }
    }

    private func show(_ photo: Photo?, in row: ActionRow, after adjustment: DateAdjustment?) {
        guard let photo else { return }
        row.title = photo.name.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
        let before = moment(photo.taken, photo.takenOffset)
        guard let adjustment, let taken = adjustment.adjusted(photo.taken) else {
            row.subtitle = before
            return
        }
        // Translators: a photo's date before and after the change, in the Date and Time window's preview.
        row.subtitle = String(format: tr("%1$@ → %2$@"), before, moment(taken, adjustment.adjustedTimeZone(photo.takenOffset)))
    }

    private func moment(_ taken: String?, _ offset: String?) -> String {
        let date = formats.date(taken) ?? ""
        return offset.map { String(format: tr("%1$@ (UTC%2$@)"), date, $0) } ?? date
    }

    // MARK: Applying

    /// Apply: the change as one edit, said with Undo; the window closes. What went wrong
    /// (the catalog can't be written) is said under the fields, and the window stays.
    func apply() {
        guard case .success(let adjustment) = adjustment, !adjustment.isNothing else { return }
        do {
            let edit = try store.adjustDates(of: photos, adjustment)
            let count = edit.ids.count
            commands?.record(
                edit,
                saying: CommandMessage(
                    // Translators: a toast after the Date and Time window's Apply.
                    FormattingLocale.current.counted(trn("Date of %d photo changed", "Dates of %d photos changed", count), count),
                    isUndoable: true))
            view.close()
        } catch {
            // Translators: under the fields of the Date and Time window; %@ is why.
            view.showError(String(format: tr("The dates could not be changed: %@"), "\(error)"))
        }
    }
}

/// What is wrong with what was typed in the Date and Time window.
struct DateInputError: Error, Equatable {
    let message: String
    init(_ message: String) { self.message = message }
}
