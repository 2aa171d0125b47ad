import Foundation
import Gtk
import LightboxKit

/// A page that says itself, beside the stars it shows, that its photo's rating could not
/// be saved (the photo page). For the other pages the window says it.
@MainActor
public protocol RatingFailureShowing: AnyObject {
    /// Says why the rating could not be saved; nil clears what was said.
    func showRatingFailure(_ error: (any Error)?)
}

/// What the window says after a command: a message, and whether Undo takes it back.
public struct CommandMessage: Equatable, Sendable {
    public let text: String
    public let isUndoable: Bool

    public init(_ text: String, isUndoable: Bool = false) {
        self.text = text
        self.isUndoable = isUndoable
    }
}

/// The commands that change photos, on the selected photos of the page in front: rate
/// (`win.rate`), reject (`win.reject`), move to trash; and their history (`win.undo`,
/// `win.redo`), where a batch is one step, so one undo restores every photo it touched.
@MainActor
public final class PhotoCommands {
    /// One step of the history.
    private enum Step {
        case edit(MetadataEdit)
        case trash([TrashedPhoto])
        case album(AlbumEdit)
        case savedSearch(SavedSearchEdit)
        /// Photos said not to be duplicates of one another (undone: they are a group again).
        case notDuplicates([Photo.ID], remembered: Bool)
        /// Several steps taken as one (a library brought along: its edit and its albums).
        case steps([Step])

        /// Photos in the trash are not moved by anyone but the app.
        func following(_ moves: [Photo.ID: Photo.ID]) -> Step {
            switch self {
            case .edit(let edit): .edit(edit.following(moves))
            case .trash, .savedSearch: self
            case .album(let edit): .album(edit.following(moves))
            case .notDuplicates(let ids, let remembered): .notDuplicates(ids.map { moves[$0] ?? $0 }, remembered: remembered)
            case .steps(let steps): .steps(steps.map { $0.following(moves) })
            }
        }
    }

    let store: CatalogStore
    let page: @MainActor () -> Controller?
    let say: @MainActor (CommandMessage?) -> Void
    private var undoSteps: [Step] = []
    private var redoSteps: [Step] = []
    /// Steps kept for undo.
    static let historyLimit = 100

    /// - Parameters:
    ///   - page: the page whose selected photos (`PhotoSelecting`) the commands act on; nil
    ///     acts on nothing (while typing in search).
    ///   - say: shows what a command did or why it failed (the window's toast), unless
    ///     the page says a rating failure itself (`RatingFailureShowing`); nil takes the
    ///     last message away (an undo or redo done: the photos themselves show it).
    public init(
        store: CatalogStore, page: @escaping @MainActor () -> Controller?,
        say: @escaping @MainActor (CommandMessage?) -> Void
    ) {
        self.store = store
        self.page = page
        self.say = say
        // The history names photos by path: it follows the files moved outside the app.
        store.observeEvents(owner: self) { [weak self] event in
            guard let self, case .moved(let moves) = event else { return }
            undoSteps = undoSteps.map { $0.following(moves) }
            redoSteps = redoSteps.map { $0.following(moves) }
        }
    }

    /// Adds `win.rate`, `win.reject`, `win.trash`, `win.undo`, `win.redo`, `win.next-unrated`
    /// and `win.previous-unrated` to `actions` (the window's actions); the actions keep this object.
    public func install<Actions: Object & ActionMap>(in actions: Actions) {
        actions.add(RateAction.makeAction { stars in self.rate(stars) })
        let commands: [(String, @MainActor () -> Void)] = [
            ("reject", { self.toggleReject() }),
            ("trash", { self.trash() }),
            ("undo", { self.undo() }),
            ("redo", { self.redo() }),
            ("next-unrated", { self.stepToUnrated(forward: true) }),
            ("previous-unrated", { self.stepToUnrated(forward: false) }),
        ]
        for (name, command) in commands {
            let action = Action(name: name)
            action.onActivate { _ in command() }
            actions.add(action)
        }
    }

    public var canUndo: Bool { !undoSteps.isEmpty }
    public var canRedo: Bool { !redoSteps.isEmpty }

    private var selection: (page: Controller, photos: [Photo])? {
        guard let page = page(), let photos = (page as? PhotoSelecting)?.selectedPhotos, !photos.isEmpty else { return nil }
        return (page, photos)
    }

    // MARK: Commands

    /// Rates the selected photos `stars` (0–5), as one step.
    public func rate(_ stars: Int) {
        guard let (page, photos) = selection else { return }
        let showing = page as? RatingFailureShowing
        do {
            let edit = try store.setRating(stars, for: photos.map(\.id))
            showing?.showRatingFailure(nil)
            record(.edit(edit))
            if photos.count > 1 {
                say(CommandMessage(Self.rated(photos.count, stars: stars), isUndoable: true))
            }
        } catch {
            if let showing {
                showing.showRatingFailure(error)
            } else {
                // Translators: %@ is the reason (from the system or SQLite).
                say(CommandMessage(String(format: tr("The rating could not be saved: %@"), "\(error)")))
            }
        }
    }

    /// Rejects the selected photos, or takes their reject back when every one of them is
    /// rejected already (the 9 key, as in Shotwell), as one step.
    public func toggleReject() {
        guard let (page, photos) = selection else { return }
        let rejecting = !photos.allSatisfy(\.isRejected)
        let ids = Set(photos.map(\.id))
        let next = neighbour(of: ids)
        do {
            record(.edit(try store.setRejected(rejecting, for: Array(ids))))
            if rejecting && !store.showsRejected { select(next, on: page) }
            say(CommandMessage(Self.rejected(photos, rejecting: rejecting), isUndoable: true))
        } catch {
            // Translators: %@ is the reason (from the system or SQLite).
            say(CommandMessage(String(format: tr("The reject could not be saved: %@"), "\(error)")))
        }
    }

    /// Moves the selected photos to the trash, as one step; the page they were trashed
    /// from keeps a selection (the photo after them in the library's order).
    public func trash() {
        guard let (page, photos) = selection else { return }
        let next = neighbour(of: Set(photos.map(\.id)))
        do {
            let trashed = try store.moveToTrash(photos.map(\.id))
            record(.trash(trashed))
            select(next, on: page)
            say(CommandMessage(Self.movedToTrash(photos.count), isUndoable: true))
        } catch {
            say(
                CommandMessage(
                    photos.count == 1
                        // Translators: %1$@ is the photo's file name, %2$@ the reason (from the system).
                        ? String(format: tr("“%1$@” could not be moved to the trash: %2$@"), photos[0].name, "\(error)")
                        // Translators: %@ is the reason (from the system).
                        : String(format: tr("The photos could not be moved to the trash: %@"), "\(error)")))
        }
    }

    /// The photo after `ids` in the library's order, or before them when they end it.
    private func neighbour(of ids: Set<Photo.ID>) -> Photo? {
        let store = self.store
        let list = store.photos
        guard let first = list.firstIndex(where: { ids.contains($0.id) }),
            let last = list.lastIndex(where: { ids.contains($0.id) })
        else { return nil }
        // As the person sees the list: photos rejected or trashed a moment ago may still wait
        // in the store's list to leave it. Only the photos beside the leaving ones are looked at.
        let shown = { (photo: Photo) in !ids.contains(photo.id) && store.photo(photo.id).map(store.isListed) == true }
        return list[(last + 1)...].first(where: shown) ?? list[..<first].last(where: shown)
    }

    /// Selects `next` on `page` at once when photos leave it: the list drops their rows only
    /// when the store has searched and sorted again, and a key pressed before then must act
    /// on the photo the person expects next, not on one that is leaving.
    private func select(_ next: Photo?, on page: Controller) {
        if let next { (page as? PhotoRevealing)?.reveal(next.id) }
    }

    // MARK: History

    /// Makes an edit made elsewhere (the keyword editor) a step of the history, and says
    /// `message` when given.
    public func record(_ edit: MetadataEdit, saying message: CommandMessage? = nil) {
        record(.edit(edit))
        if let message { say(message) }
    }

    /// A keyword added or removed in the details pane (one edit, however many photos): a step
    /// of the history; a removal is said, with Undo, as a trash is.
    public func recordKeywordEdit(_ edit: MetadataEdit) {
        guard let removed = Self.removedKeyword(in: edit) else { return record(edit) }
        let keyword = KeywordText.shown(removed)
        let text =
            edit.ids.count == 1
            ? String(format: tr("Keyword “%@” removed"), keyword)
            // Translators: a toast; %1$@ is the keyword, %2$d how many photos it was removed from (2 or more).
            : String(
                format: trn(
                    "Keyword “%1$@” removed from %2$d photo", "Keyword “%1$@” removed from %2$d photos",
                    edit.ids.count), keyword, edit.ids.count)
        record(edit, saying: CommandMessage(text, isUndoable: true))
    }

    /// The keyword an edit took off its photos, if it removed one.
    static func removedKeyword(in edit: MetadataEdit) -> String? {
        for (id, before) in edit.before {
            let after = Set((edit.after[id]?.keywords ?? []).map(KeywordText.key))
            if let removed = before.keywords.first(where: { !after.contains(KeywordText.key($0)) }) { return removed }
        }
        return nil
    }

    /// An album made, changed or deleted (one step, however many photos), and what to say of it.
    public func record(_ edit: AlbumEdit, saying message: CommandMessage? = nil) {
        guard !edit.isEmpty else { return }
        record(.album(edit))
        if let message { say(message) }
    }

    /// A library brought along (its photos' edit and its albums), one step, and what to say of it.
    public func record(_ result: LibraryImportResult, saying message: CommandMessage? = nil) {
        let steps = (result.metadata.isEmpty ? [] : [Step.edit(result.metadata)]) + result.albums.map(Step.album)
        guard !steps.isEmpty else { return }
        record(.steps(steps))
        if let message { say(message) }
    }

    /// One copy kept in each group (its copies' stars, keywords and albums taken, the copies
    /// trashed): one step, however many groups, and what to say of it.
    public func record(merges: [DuplicateMerge], saying message: CommandMessage? = nil) {
        let steps = merges.flatMap { merge in
            (merge.edit.isEmpty ? [] : [Step.edit(merge.edit)]) + merge.albums.filter { !$0.isEmpty }.map(Step.album)
                + [Step.trash(merge.trashed)]
        }
        guard !steps.isEmpty else { return }
        record(.steps(steps))
        if let message { say(message) }
    }

    /// Photos the person said are not duplicates (remembered in the catalog), and what to say of it.
    public func recordNotDuplicates(_ photos: [Photo.ID], saying message: CommandMessage? = nil) {
        record(.notDuplicates(photos, remembered: true))
        if let message { say(message) }
    }

    /// A saved search kept, renamed or deleted, and what to say of it.
    public func record(_ edit: SavedSearchEdit, saying message: CommandMessage? = nil) {
        guard !edit.isEmpty else { return }
        record(.savedSearch(edit))
        if let message { say(message) }
    }

    private func record(_ step: Step) {
        if case .edit(let edit) = step, edit.isEmpty { return }
        undoSteps.append(step)
        if undoSteps.count > Self.historyLimit { undoSteps.removeFirst() }
        redoSteps = []
    }

    /// Takes the last step back (every photo of a batch); returns whether there was one.
    @discardableResult
    public func undo() -> Bool {
        guard let step = undoSteps.popLast() else { return false }
        if let reverse = take(step, undoing: true) { redoSteps.append(reverse) }
        return true
    }

    /// Does the last undone step again.
    @discardableResult
    public func redo() -> Bool {
        guard let step = redoSteps.popLast() else { return false }
        if let reverse = take(step, undoing: false) { undoSteps.append(reverse) }
        return true
    }

    /// Applies `step`'s reverse; returns the step that takes that back, nil when it failed.
    private func take(_ step: Step, undoing: Bool) -> Step? {
        do {
            switch step {
            case .edit(let edit):
                let reverse = try store.undo(edit)
                if undoing { revealAlone(edit.ids) }
                say(nil)
                return .edit(reverse)
            case .trash(let trashed):
                if undoing {
                    try store.restore(trashed)
                    if let id = trashed.first?.photo.id, let page = page() { (page as? PhotoRevealing)?.reveal(id) }
                    say(nil)
                    return .trash(trashed)
                }
                let again = try store.moveToTrash(trashed.map(\.photo.id))
                say(CommandMessage(Self.movedToTrash(again.count), isUndoable: true))
                return .trash(again)
            case .album(let edit):
                try store.apply(edit.reversed)
                say(nil)
                return .album(edit.reversed)
            case .savedSearch(let edit):
                try store.apply(edit.reversed)
                say(nil)
                return .savedSearch(edit.reversed)
            case .notDuplicates(let ids, let remembered):
                // Undone, the photos are looked at as duplicates again; redone, remembered again.
                try store.setNotDuplicates(ids, remembering: !remembered)
                say(nil)
                return .notDuplicates(ids, remembered: !remembered)
            case .steps(let steps):
                // The last first; each reverse, the last first again, does them again.
                var reverses: [Step] = []
                for step in steps.reversed() {
                    guard let reverse = take(step, undoing: undoing) else { return nil }
                    reverses.append(reverse)
                }
                return .steps(reverses)
            }
        } catch {
            // Translators: %@ is the reason (from the system or SQLite).
            say(CommandMessage(String(format: undoing ? tr("Could not undo: %@") : tr("Could not redo: %@"), "\(error)")))
            return nil
        }
    }

    /// The one photo an undone edit touched is where the person is taken back to (a reject
    /// taken back returns the photo to the list: focus and selection go back to it), unless
    /// it is selected already.
    private func revealAlone(_ ids: Set<Photo.ID>) {
        guard ids.count == 1, let id = ids.first, let page = page(),
            (page as? PhotoSelecting)?.selectedPhotos.contains(where: { $0.id == id }) != true
        else { return }
        (page as? PhotoRevealing)?.reveal(id)
    }

    /// "3 photos rated 4 stars", "3 photos rated 1 star", "3 photos rated no stars": a
    /// sentence with two counts is one whole message per number of stars (0 to 5), whose
    /// plural follows the number of photos (`count`, 2 or more), written for the locale.
    static func rated(_ count: Int, stars: Int) -> String {
        let format =
            switch stars {
            // Translators: a toast; %d is how many photos (2 or more) now have no stars.
            case 0: trn("%d photo rated no stars", "%d photos rated no stars", count)
            // Translators: a toast; %d is how many photos (2 or more) now have 1 star.
            case 1: trn("%d photo rated 1 star", "%d photos rated 1 star", count)
            // Translators: a toast; %d is how many photos (2 or more) now have 2 stars.
            case 2: trn("%d photo rated 2 stars", "%d photos rated 2 stars", count)
            // Translators: a toast; %d is how many photos (2 or more) now have 3 stars.
            case 3: trn("%d photo rated 3 stars", "%d photos rated 3 stars", count)
            // Translators: a toast; %d is how many photos (2 or more) now have 4 stars.
            case 4: trn("%d photo rated 4 stars", "%d photos rated 4 stars", count)
            // Translators: a toast; %d is how many photos (2 or more) now have 5 stars.
            default: trn("%d photo rated 5 stars", "%d photos rated 5 stars", count)
            }
        return FormattingLocale.current.counted(format, count)
    }

    /// "“IMG_1.jpg” rejected", "3 photos no longer rejected".
    static func rejected(_ photos: [Photo], rejecting: Bool) -> String {
        switch (photos.count, rejecting) {
        // Translators: a toast; %@ is the photo's file name.
        case (1, true): String(format: tr("“%@” rejected"), photos[0].name)
        // Translators: a toast; %@ is the photo's file name.
        case (1, false): String(format: tr("“%@” no longer rejected"), photos[0].name)
        case (let count, true): String(format: trn("%d photo rejected", "%d photos rejected", count), count)
        case (let count, false): String(format: trn("%d photo no longer rejected", "%d photos no longer rejected", count), count)
        }
    }

    /// "Moved to trash" for one photo, "3 photos moved to trash" for several.
    static func movedToTrash(_ count: Int) -> String {
        count == 1
            ? tr("Moved to trash")
            : String(format: trn("%d photo moved to trash", "%d photos moved to trash", count), count)
    }
}
