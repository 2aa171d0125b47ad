import LightboxKit

extension MainWindowController {
    /// A keyword added or removed in the details pane (one edit, however many photos): Ctrl+Z
    /// takes it back; a removal is said in the banner, with Undo, as a trash is.
    func keywordsEdited(_ edit: MetadataEdit) {
        pendingEdit = edit
        if let removed = Self.removedKeyword(in: edit) {
            let photos = edit.ids.count == 1 ? "" : " from \(edit.ids.count) photos"
            showBanner("Keyword “\(KeywordText.shown(removed))” removed\(photos)", undoable: true)
        }
    }

    /// Takes the last keyword edit back; false when there is none (Ctrl+Z then restores a trash).
    func undoKeywordEdit() -> Bool {
        guard let edit = pendingEdit else { return false }
        pendingEdit = nil
        hideBanner()
        do {
            try store.undo(edit)
        } catch {
            showBanner("The keywords could not be restored: \(error)", undoable: false)
        }
        return true
    }

    /// The keyword an edit took off its photos, if it removed one.
    static func removedKeyword(in edit: MetadataEdit) -> String? {
        for (id, before) in edit.before {
            let after = Set((edit.after[id]?.keywords ?? []).map(KeywordText.key))
            if let removed = before.keywords.first(where: { !after.contains(KeywordText.key($0)) }) { return removed }
        }
        return nil
    }
}
