import Gtk
import LightboxKit

/// The Duplicates page: the library's groups of copies (`CatalogStore.duplicateGroups`, found
/// in the background and followed as they change), each with the copy to keep marked. Keep
/// One keeps it with its copies' stars, keywords and albums and moves the copies to the
/// trash; Not Duplicates is remembered; both are one step of the window's history
/// (`commands`). The keys (`KeyboardShortcuts`, reach `.duplicatesPage`) act on the focused
/// group: Left and Right choose the copy, Enter or Delete keeps it, N says not duplicates,
/// Shift+Ctrl+Delete keeps one in every group. The page's name says how many groups there are.
public final class DuplicatesController: Controller, ListSelectionDelegate {
    public weak var opener: PhotoOpening?
    /// The window's history, where Keep One and Not Duplicates go, and its messages.
    public weak var commands: PhotoCommands?
    public let source = ArrayDataSource<DuplicateItem>()
    private let store: CatalogStore
    /// The copy chosen to keep in a group (by the group's id), where the person chose one.
    private var chosen: [DuplicateGroup.ID: Photo.ID] = [:]
    /// The page's actions (`duplicates-page.`, on its view): `choose` (-1 or 1), `keep-one`,
    /// `keep-all`, `not-duplicates`.
    let actions = ActionGroup()
    private var duplicatesView: DuplicatesView { view as! DuplicatesView }

    public init(store: CatalogStore) {
        self.store = store
        super.init()
        title = DuplicateText.pageTitle(groups: store.duplicateGroups.count)
        let images = store.images
        source.register(DuplicateGroupRow.self) { [unowned self] row, item in
            row.configure(with: item, images: images, frame: self.isViewLoaded ? self.view.frameTime : nil)
            row.onChoose = { [weak self] id in self?.choose(id, in: item.id) }
            row.onOpen = { [weak self] photo in self?.open(photo, in: item.id) }
            row.onKeep = { [weak self] in self?.keepOne(item.id) }
            row.onNotDuplicates = { [weak self] in self?.notDuplicates(item.id) }
        }
        source.delegate = self
        // A group's row is eight copies' cards: groups arriving together reach the list one a
        // frame (26 at once cost a 130 ms frame).
        source.insertionsPerFrame = 1
        store.observeDuplicates(owner: self) { [weak self] _ in self?.showGroups() }
        // Stars, keywords and files changed elsewhere, while the page shows (it looks again when
        // it appears); a copy trashed leaves its group at once.
        // A scan's arrivals touch none of the photos the groups look up: nothing is made again for those.
        store.observeLibrary(owner: self) { [weak self] change in
            guard let self, self.isViewLoaded, self.view.isMapped,
                change.touches(self.lookedUpPhotos)
            else { return }
            self.showGroups()
        }
    }

    public override func loadView() -> Widget { DuplicatesView(list: source.makeListView(selection: .single)) }

    public override func viewDidLoad() {
        let choose = Action(name: "choose", parameterType: "i")
        choose.onActivate(owner: self) { [weak self] step in self?.chooseInFocusedGroup(Int(step?.int32 ?? 0)) }
        actions.add(choose)
        let commands: [(String, @MainActor (DuplicatesController) -> Void)] = [
            ("keep-one", { $0.keepOne($0.focusedItem?.id) }),
            ("keep-all", { $0.keepOneInEveryGroup() }),
            ("not-duplicates", { $0.notDuplicates($0.focusedItem?.id) }),
        ]
        for (name, command) in commands {
            actions.addAction(name, owner: self) { [weak self] in if let self { command(self) } }
        }
        duplicatesView.insertActionGroup(actions, prefix: "duplicates-page")
        duplicatesView.list.add(KeyboardShortcuts.controller(for: .duplicatesPage))
        duplicatesView.keepAllButton.actionName = "duplicates-page.keep-all"
        showGroups()
    }

    public override func viewWillAppear() {
        super.viewWillAppear()
        showGroups()
    }

    /// Keyboard users start on the selected group (the first, at first).
    public override func viewDidAppear() {
        super.viewDidAppear()
        guard source.count > 0 else { return }
        source.select(at: source.selectedPositions.first ?? 0)
        source.focus(at: source.selectedPositions.first ?? 0)
    }

    /// The photos the groups' items are made of (`DuplicateItem.init`): the first of each group, the chosen ones.
    private var lookedUpPhotos: Set<Photo.ID> {
        Set(store.duplicateGroups.lazy.flatMap { $0.photos.prefix(DuplicateItem.listedLimit) }).union(chosen.values)
    }

    /// Whether the page says there is nothing to list.
    public var isShowingEmptyState: Bool { duplicatesView.isShowingStatus }

    /// The groups as the store has them, with the copies still in the library and the
    /// keepers chosen; the page's name counts them.
    private func showGroups() {
        let groups = store.duplicateGroups
        guard isViewLoaded else {
            title = DuplicateText.pageTitle(groups: groups.count)
            return
        }
        let items = groups.compactMap { DuplicateItem($0, store: store, chosen: chosen[$0.id]) }
        // The groups shown: one kept a moment ago is gone before the groups are looked for again.
        title = DuplicateText.pageTitle(groups: items.count)
        let ids = Set(items.map(\.id))
        chosen = chosen.filter { ids.contains($0.key) }
        let focused = source.focusedPosition
        let statusHadFocus = duplicatesView.status.hasFocus
        // The list on screen before the groups reach it: they come a few a frame (`insertionsPerFrame`).
        if !items.isEmpty, duplicatesView.isShowingStatus { duplicatesView.showGroups(items.count, copies: 0, bytes: 0) }
        do {
            // Unchanged, the list is not told: a change would also bring every group still
            // arriving a few a frame (`insertionsPerFrame`) at once.
            if items != source.items { try source.apply(items) }
        } catch {
            preconditionFailure("DuplicatesController: a group is listed twice: \(error)")
        }
        // The group that left hands the focus to the one after it (or before, at the end).
        if let focused, source.focusedPosition == nil, !items.isEmpty {
            source.select(at: min(focused, items.count - 1))
        }
        if items.isEmpty {
            duplicatesView.showEmpty(looking: !store.hasLookedForDuplicates, hasPhotos: !store.allPhotos.isEmpty)
            // The last group gone, the focus stays on the page (a screen reader says it is empty).
            if focused != nil { _ = duplicatesView.status.grabFocus() }
        } else {
            duplicatesView.showGroups(
                items.count, copies: items.reduce(0) { $0 + $1.copiesToTrash }, bytes: items.reduce(0) { $0 + $1.bytesToTrash })
            // Groups back (an undo) while the focus waited on the empty page: the first takes it.
            if statusHadFocus {
                source.select(at: 0)
                source.focus(at: 0)
            }
        }
        actions.action(named: "keep-all")?.isEnabled = !items.isEmpty
    }

    /// The group the keys act on: the focused one, else the selected one.
    var focusedItem: DuplicateItem? {
        guard let position = source.focusedPosition ?? source.selectedPositions.first, position < source.count else { return nil }
        return source.item(at: position)
    }

    private func item(_ id: DuplicateGroup.ID?) -> DuplicateItem? {
        guard let id else { return nil }
        return source.items.first { $0.id == id }
    }

    // MARK: Choosing

    /// A click on a copy: it is the one to keep.
    func choose(_ photo: Photo.ID, in group: DuplicateGroup.ID) {
        guard let item = item(group), item.keeper != photo else { return }
        chosen[group] = photo
        showGroups()
    }

    /// Left or Right: the copy beside the one marked is kept instead.
    func chooseInFocusedGroup(_ step: Int) {
        guard let item = focusedItem else { return }
        choose(item.keeper(movedBy: step), in: item.id)
    }

    /// A double click on a copy: it opens on the photo page, beside its copies.
    private func open(_ photo: Photo, in group: DuplicateGroup.ID) {
        guard let item = item(group) else { return }
        opener?.open(photo, in: item.photos, from: self)
    }

    // MARK: Commands

    /// Keep One: the marked copy takes the others' stars, keywords and albums, and they go to
    /// the trash; one step of the history.
    func keepOne(_ group: DuplicateGroup.ID?) {
        guard let item = item(group) else { return }
        do {
            let merge = try store.keep(item.keeper, of: item.shownGroup)
            let name = item.photos.first { $0.id == item.keeper }?.name ?? ""
            commands?.record(
                merges: [merge], saying: CommandMessage(DuplicateText.kept(name, trashed: merge.trashed.count), isUndoable: true))
        } catch {
            commands?.say(CommandMessage(Self.failure(error)))
        }
        showGroups()
    }

    /// Keep One in Every Group (Shift+Ctrl+Delete): every group's marked copy kept; one step.
    func keepOneInEveryGroup() {
        var merges: [DuplicateMerge] = []
        var failure: (any Error)?
        for item in source.items {
            do {
                merges.append(try store.keep(item.keeper, of: item.shownGroup))
            } catch {
                failure = error
                break
            }
        }
        let trashed = merges.reduce(0) { $0 + $1.trashed.count }
        let message = DuplicateText.keptInEveryGroup(groups: merges.count, trashed: trashed)
        commands?.record(merges: merges, saying: merges.isEmpty ? nil : CommandMessage(message, isUndoable: true))
        if let failure { commands?.say(CommandMessage(Self.failure(failure))) }
        showGroups()
    }

    /// Not Duplicates (N): the group's photos are not shown together again; one step of the history.
    func notDuplicates(_ group: DuplicateGroup.ID?) {
        guard let item = item(group) else { return }
        let ids = item.photos.map(\.id)
        do {
            try store.setNotDuplicates(ids, remembering: true)
            commands?.recordNotDuplicates(ids, saying: CommandMessage(DuplicateText.notDuplicates(ids.count), isUndoable: true))
        } catch {
            // Translators: %@ is the reason (from SQLite).
            commands?.say(CommandMessage(String(format: tr("It could not be remembered: %@"), "\(error)")))
        }
        showGroups()
    }

    private static func failure(_ error: any Error) -> String {
        // Translators: Keep One failed (nothing was changed); %@ is the reason (from the system or SQLite).
        String(format: tr("The copies could not be merged: %@"), "\(error)")
    }

    // MARK: ListSelectionDelegate

    public func listDidChangeSelection(_ items: [DuplicateItem]) {}

    /// A double click on a group's card (not on a copy) or Enter: Enter is Keep One (the page's
    /// keys have it first), so an activation here does nothing more.
    public func listDidActivate(_ item: DuplicateItem, at position: Int) {}
}
