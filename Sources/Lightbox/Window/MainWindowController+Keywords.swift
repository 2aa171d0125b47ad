import LightboxKit

extension MainWindowController {
    /// A keyword added or removed in the details pane (one edit, however many photos): a
    /// step of the window's undo history; a removal is said in a toast, with Undo, as a
    /// trash is.
    func keywordsEdited(_ edit: MetadataEdit) {
        var message: CommandMessage?
        if let removed = Self.removedKeyword(in: edit) {
            let keyword = KeywordText.shown(removed)
            let text =
                edit.ids.count == 1
                ? String(format: tr("Keyword “%@” removed"), keyword)
                // Translators: a toast; %1$@ is the keyword, %2$d how many photos it was removed from (2 or more).
                : String(
                    format: trn(
                        "Keyword “%1$@” removed from %2$d photo", "Keyword “%1$@” removed from %2$d photos",
                        edit.ids.count), keyword, edit.ids.count)
            message = CommandMessage(text, isUndoable: true)
        }
        commands.record(edit, saying: message)
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
