import Adw
import Gtk
import LightboxKit

/// The title and caption of the photos the details pane shows, each typed in a row (F2 puts
/// the keyboard in the title, Tab goes on to the caption).
///
/// Enter, or the keyboard leaving the row saves what was typed for
/// every photo shown, as one edit (`onEdit`: one undo for the window); Escape puts back what
/// the photos say and hands the keyboard back (`onLeave`). With several photos whose titles
/// differ the row is empty and says so ("Title (mixed)"): what is typed replaces them all,
/// and leaving it empty changes none.
public final class TitleEditorController: Controller {
    /// Told of every edit made here.
    public var onEdit: (@MainActor (MetadataEdit) -> Void)?
    /// Escape: the owner gives the focus back.
    public var onLeave: (@MainActor () -> Void)?
    /// The photos shown, as the Store has them now.
    public private(set) var photos: [Photo] = []
    /// What went wrong with the last change, as shown; nil when it went well.
    public private(set) var errorText: String?
    private let store: CatalogStore
    private var editorView: TitleEditorView { view as! TitleEditorView }
    /// What each row shows for the photos (their common text; "" when none or they differ):
    /// a row whose text is this has nothing to save.
    private var shown: [TitleEditorView.Field: String] = [:]
    /// Each row's actions (`text-row.`), which `KeyboardShortcuts` binds Escape to: `revert`.
    private(set) var rowActions: [TitleEditorView.Field: ActionGroup] = [:]

    public init(store: CatalogStore) {
        self.store = store
        super.init()
        store.observeLibrary(owner: self) { [weak self] change in
            guard let self, change.touches(Set(self.photos.map(\.id))) else { return }
            self.showTexts(of: self.photos.map { self.store.photo($0.id) ?? $0 })
        }
    }

    public override func loadView() -> Widget { TitleEditorView() }

    public override func viewDidLoad() {
        for field in TitleEditorView.Field.allCases {
            let row = editorView.row(field)
            row.onEntryActivated(owner: self) { [weak self] in self?.save(field) }
            let focus = EventControllerFocus()
            focus.onLeave(owner: self) { [weak self] in self?.save(field) }
            row.add(focus)
            let actions = ActionGroup()
            actions.addAction("revert", owner: self) { [weak self] in self?.revert(field) }
            row.insertActionGroup(actions, prefix: "text-row")
            rowActions[field] = actions
            row.add(KeyboardShortcuts.controller(for: .textRow))
        }
        showTexts(of: photos)
    }

    // MARK: Showing

    /// Shows the title and caption of `photos` (none: nothing to edit); the error of other photos goes.
    public func show(_ photos: [Photo]) {
        if photos.map(\.id) != self.photos.map(\.id) { showError(nil) }
        showTexts(of: photos)
    }

    private func showTexts(of photos: [Photo]) {
        self.photos = photos
        guard isViewLoaded else { return }
        for field in TitleEditorView.Field.allCases {
            let texts = Set(photos.map { field.text(of: $0) ?? "" })
            let text = texts.count == 1 ? texts.first ?? "" : ""
            let row = editorView.row(field)
            // What is being typed stays while other photos change; the row shows the new text once saved.
            let typing = row.stateFlags.contains(.focusWithin) && shown[field] != nil && row.text != shown[field]
            editorView.show(typing ? row.text : text, title: texts.count > 1 ? field.mixedTitle : field.title, in: field)
            shown[field] = text
        }
    }

    /// Puts the keyboard in the title row (F2).
    public func focusTitle() {
        _ = editorView.row(.title).grabFocus()
    }

    // MARK: Editing

    /// Saves the row's text for every photo shown, unless it is what they have.
    private func save(_ field: TitleEditorView.Field) {
        let text = editorView.row(field).text
        guard !photos.isEmpty, text != shown[field] else { return }
        do {
            let edit = try store.edit(photos.map(\.id)) { metadata in
                switch field {
                case .title: metadata.set(title: text)
                case .caption: metadata.set(caption: text)
                }
            }
            showError(nil)
            shown[field] = nil  // the row takes the saved text as the photos have it now
            showTexts(of: photos.map { store.photo($0.id) ?? $0 })
            if !edit.isEmpty { onEdit?(edit) }
        } catch {
            // Translators: what failed (“The title could not be saved”) and why (the error's own text).
            showError(String(format: tr("%1$@: %2$@."), field.failure, "\(error)"))
        }
    }

    /// Escape: what the photos say comes back, and the owner takes the keyboard.
    private func revert(_ field: TitleEditorView.Field) {
        editorView.row(field).text = shown[field] ?? ""
        showError(nil)
        onLeave?()
    }

    private func showError(_ message: String?) {
        errorText = message
        if isViewLoaded { editorView.showError(message) }
    }
}

extension TitleEditorView.Field {
    fileprivate func text(of photo: Photo) -> String? {
        switch self {
        case .title: photo.title
        case .caption: photo.caption
        }
    }

    /// The row's title (its placeholder while empty).
    var title: String {
        switch self {
        case .title: DetailField.title.label
        case .caption: DetailField.caption.label
        }
    }

    /// The row's title when the photos shown have different texts.
    var mixedTitle: String {
        switch self {
        // Translators: the title row when the selected photos have different titles.
        case .title: tr("Title (mixed)")
        // Translators: the caption row when the selected photos have different captions.
        case .caption: tr("Caption (mixed)")
        }
    }

    fileprivate var failure: String {
        switch self {
        case .title: tr("The title could not be saved")
        case .caption: tr("The caption could not be saved")
        }
    }
}
