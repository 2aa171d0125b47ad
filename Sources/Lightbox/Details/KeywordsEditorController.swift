import Gtk
import LightboxKit

/// The keyword editor of the details pane, for one photo or several.
///
/// With several photos it lists every keyword any of them has, "on 2 of 3" for those only
/// some have; removing removes from all, adding adds to all. Enter adds what is typed
/// ("Places › Norway › Bergen" or "Places|Norway|Bergen" for a hierarchy); the library's
/// keywords that match show under the entry (Up/Down pick one, Enter or a click adds it). A
/// chip's button, or Delete/BackSpace on the focused chip, removes its keyword. The keys are
/// `KeyboardShortcuts`' (`keyword-entry.` actions here, `keyword.remove` on a chip).
///
/// Completion is a list in the pane, not a popover nor `GtkEntryCompletion`: the focus stays in
/// the entry while Up/Down pick, nothing is parented by hand, and `GtkEntryCompletion` (a
/// `GtkTreeModel`, deprecated in GTK 4.10) is not wrapped.
///
/// Every change goes through `CatalogStore.edit`; the edit goes to `onEdit` (one undo for the
/// window). What the Store refuses is said under the entry, and the typed text stays.
public final class KeywordsEditorController: Controller {
    /// Told of every edit made here (one per Enter or removal).
    public var onEdit: (@MainActor (MetadataEdit) -> Void)?
    /// Escape in the entry (with no suggestions shown): the owner gives the focus back.
    public var onLeave: (@MainActor () -> Void)?
    /// A keyword was added from the entry: chips grew above it, the owner scrolls it into view.
    public var onEntryMoved: (@MainActor () -> Void)?
    /// The photos shown, as the Store has them now.
    public private(set) var photos: [Photo] = []
    /// Their keywords, as the chips show them.
    public private(set) var shares: [KeywordShare] = []
    /// The library's keywords offered for the text typed, and the one Up/Down picked.
    public private(set) var suggestions: [KeywordCount] = []
    public private(set) var highlighted: Int?
    /// What went wrong with the last change, as shown; nil when it went well.
    public private(set) var errorText: String?
    private let store: CatalogStore
    /// Escape closed the suggestions; they come back with the next change of the text.
    private var isDismissed = false
    private var editorView: KeywordsEditorView { view as! KeywordsEditorView }
    /// The entry's actions (`keyword-entry.`), which `KeyboardShortcuts` binds Down, Up and
    /// Escape to; Down and Up only while they pick (else the entry's text has them).
    let entryActions = ActionGroup()
    private let nextSuggestion = Action(name: "next-suggestion")
    private let previousSuggestion = Action(name: "previous-suggestion")

    public init(store: CatalogStore) {
        self.store = store
        super.init()
        title = tr("Keywords")
        store.observeLibrary(owner: self) { [weak self] change in
            guard let self, change.touches(Set(self.photos.map(\.id))) else { return }
            self.showKeywords(of: self.photos.compactMap { self.store.photo($0.id) ?? $0 })
        }
        store.keywords.observe(owner: self) { [weak self] _ in self?.suggest() }
    }

    public override func loadView() -> Widget { KeywordsEditorView() }

    public override func viewDidLoad() {
        let entry = editorView.entry
        entry.onActivate(owner: self) { [weak self] in self?.addTypedOrPicked() }
        entry.onTextChanged(owner: self) { [weak self] in
            self?.highlighted = nil
            self?.isDismissed = false
            self?.store.keywords.update()  // counted when first needed, off the main thread when large
            self?.suggest()
        }
        nextSuggestion.onActivate(owner: self) { [weak self] _ in self?.pickSuggestion(forward: true) }
        previousSuggestion.onActivate(owner: self) { [weak self] _ in self?.pickSuggestion(forward: false) }
        entryActions.add(nextSuggestion)
        entryActions.add(previousSuggestion)
        entryActions.addAction("leave", owner: self) { [weak self] in self?.closeSuggestionsOrLeave() }
        entry.insertActionGroup(entryActions, prefix: "keyword-entry")
        entry.add(KeyboardShortcuts.controller(for: .keywordEntry))
        nextSuggestion.isEnabled = false
        previousSuggestion.isEnabled = false
        showKeywords(of: photos)
    }

    // MARK: Showing

    /// Shows the keywords of `photos` (none: nothing to edit); the error and the typed text of
    /// other photos go.
    public func show(_ photos: [Photo]) {
        if photos.map(\.id) != self.photos.map(\.id) {
            errorText = nil
            if isViewLoaded {
                editorView.showError(nil)
                editorView.entry.text = ""
            }
        }
        showKeywords(of: photos)
    }

    private func showKeywords(of photos: [Photo], focusingChipAt focus: Int? = nil) {
        self.photos = photos
        let shares = KeywordShare.union(of: photos)
        guard isViewLoaded else {
            self.shares = shares
            return
        }
        if shares != self.shares || editorView.chipViews.map(\.share) != shares {
            self.shares = shares
            editorView.showChips(shares) { [weak self] share in self?.remove(share.keyword) }
        }
        if let focus {
            let chips = editorView.chipViews
            _ = chips.isEmpty ? editorView.entry.grabFocus() : chips[min(focus, chips.count - 1)].grabFocus()
        }
    }

    /// Puts the keyboard in the entry (Ctrl+K).
    public func focusEntry() {
        _ = editorView.entry.grabFocusWithoutSelecting()
    }

    // MARK: Editing

    /// Adds `typed` (a hierarchy as "A › B" or "A|B") to every photo shown; true when done.
    @discardableResult
    public func add(_ typed: String) -> Bool {
        guard let keyword = KeywordText.stored(typed) else { return false }
        // Translators: %@ is a keyword.
        guard change({ $0.add(keyword: keyword) }, failing: String(format: tr("“%@” could not be added"), KeywordText.shown(keyword)))
        else {
            return false
        }
        editorView.entry.text = ""
        suggest()
        onEntryMoved?()
        return true
    }

    /// Removes `keyword` from every photo shown; when a chip had the focus, the chip after it
    /// (or the entry, when none is left) takes it.
    public func remove(_ keyword: String) {
        let position = shares.firstIndex { $0.id == KeywordText.key(keyword) }
        let hadFocus = isViewLoaded && editorView.chipViews.contains { $0.hasFocus }
        guard
            change(
                { $0.remove(keyword: keyword) },
                // Translators: %@ is a keyword.
                failing: String(format: tr("“%@” could not be removed"), KeywordText.shown(keyword)))
        else { return }
        if hadFocus { showKeywords(of: photos, focusingChipAt: position ?? 0) }
    }

    /// Makes the edit through the Store and hands it to `onEdit`; says what went wrong.
    private func change(_ change: (inout PhotoMetadata) -> Void, failing what: String) -> Bool {
        guard !photos.isEmpty else { return false }
        do {
            let edit = try store.edit(photos.map(\.id), change)
            showError(nil)
            if !edit.isEmpty { onEdit?(edit) }
            showKeywords(of: photos.map { store.photo($0.id) ?? $0 })
            return true
        } catch {
            // Translators: what failed ("“Norway” could not be added") and why (the error's own text).
            showError(String(format: tr("%1$@: %2$@."), what, "\(error)"))
            return false
        }
    }

    private func showError(_ message: String?) {
        errorText = message
        if isViewLoaded { editorView.showError(message) }
    }

    // MARK: Completion

    /// The library's keywords matching the entry's text that not every photo shown has.
    private func suggest() {
        guard isViewLoaded else { return }
        let text = editorView.entry.text
        let onAll = Set(shares.filter(\.isOnAll).map(\.id))
        var matches = store.keywords.completions(for: text, limit: 12).filter { !onAll.contains($0.id) }
        // The one match that is exactly what is typed offers nothing; Escape closed them until the next change.
        if matches.count == 1, matches[0].id == KeywordText.stored(text)?.lowercased() { matches = [] }
        suggestions = isDismissed ? [] : Array(matches.prefix(6))
        if let index = highlighted, index >= suggestions.count { highlighted = nil }
        editorView.showSuggestions(suggestions, highlighted: highlighted) { [weak self] keyword in
            self?.add(keyword.keyword)
            self?.focusEntry()
        }
        nextSuggestion.isEnabled = !suggestions.isEmpty
        previousSuggestion.isEnabled = highlighted != nil
    }

    private func addTypedOrPicked() {
        if let index = highlighted, suggestions.indices.contains(index) {
            add(suggestions[index].keyword)
        } else {
            add(editorView.entry.text)
        }
        highlighted = nil
        suggest()
    }

    /// Down picks the next suggestion (the first, when none is); Up the one before, or none.
    private func pickSuggestion(forward: Bool) {
        if forward {
            guard !suggestions.isEmpty else { return }
            highlighted = highlighted.map { min($0 + 1, suggestions.count - 1) } ?? 0
        } else if let index = highlighted {
            highlighted = index > 0 ? index - 1 : nil
        }
        suggest()
    }

    /// Escape closes the suggestions; with none shown, the owner takes the focus back.
    private func closeSuggestionsOrLeave() {
        if suggestions.isEmpty {
            onLeave?()
        } else {
            isDismissed = true
            highlighted = nil
        }
        suggest()
    }
}
