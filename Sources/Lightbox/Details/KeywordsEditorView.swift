import Gtk

/// One keyword as a chip: its name, "on 2 of 3" when only some of the shown photos have it,
/// and a button that removes it. The chip takes the keyboard focus (arrow keys move between
/// chips, as in any GtkFlowBox); Delete or BackSpace on it removes it too (`keyword.remove`).
public final class KeywordChip: FlowBoxChild {
    public let share: KeywordShare
    public let nameLabel = Label()
    public let shareLabel = Label()
    public let removeButton = Button(iconName: "window-close-symbolic")
    /// Called by the button and by Delete/BackSpace.
    public var onRemove: (@MainActor () -> Void)?
    /// The chip's actions (`keyword.`): `remove`.
    let actions = ActionGroup()

    public init(_ share: KeywordShare) {
        self.share = share
        super.init()
        addCssClass("keyword-chip")
        setCssClass("partial", !share.isOnAll)
        let content = Box(orientation: .horizontal, spacing: 4)
        nameLabel.text = share.shownKeyword
        nameLabel.ellipsize = .middle
        nameLabel.maxWidthChars = 28
        shareLabel.text = share.shareText ?? ""
        shareLabel.isVisible = share.shareText != nil
        shareLabel.addCssClass("dim-label")
        shareLabel.addCssClass("keyword-share")
        removeButton.hasFrame = false
        removeButton.addCssClass("circular")
        removeButton.isFocusable = false  // the chip has the focus; Delete removes
        // Translators: %@ is a keyword.
        removeButton.setAccessibleLabel(String(format: tr("Remove keyword %@"), share.shownKeyword))
        removeButton.tooltip = tr("Remove keyword")
        removeButton.onClicked(owner: self) { [weak self] in self?.onRemove?() }
        [nameLabel, shareLabel, removeButton].forEach(content.append)
        child = content
        if share.isOnAll {
            // Translators: %@ is a keyword on every photo shown.
            setAccessibleLabel(String(format: tr("Keyword %@"), share.shownKeyword))
            // Translators: %@ is a keyword on every photo shown.
            tooltip = String(format: tr("Keyword %@; Delete removes it"), share.shownKeyword)
        } else {
            // Translators: %1$@ is a keyword, on %2$d of the %3$d photos shown.
            setAccessibleLabel(String(format: tr("Keyword %1$@, on %2$d of %3$d"), share.shownKeyword, share.count, share.total))
            // Translators: %1$@ is a keyword, on %2$d of the %3$d photos shown.
            tooltip = String(
                format: tr("Keyword %1$@, on %2$d of %3$d photos; Delete removes it"),
                share.shownKeyword, share.count, share.total)
        }
        actions.addAction("remove", owner: self) { [weak self] in self?.onRemove?() }
        insertActionGroup(actions, prefix: "keyword")
        add(KeyboardShortcuts.controller(for: .keywordChip))
    }
}

/// A keyword of the library offered for what is typed: its name and how many photos have it.
public final class KeywordSuggestion: Button {
    public let keyword: KeywordCount
    public let nameLabel = Label()
    public let countLabel = Label()

    public init(_ keyword: KeywordCount) {
        self.keyword = keyword
        super.init()
        hasFrame = false
        isFocusable = false  // the entry keeps the focus; Up and Down pick
        addCssClass("keyword-suggestion")
        let content = Box(orientation: .horizontal, spacing: 12)
        nameLabel.text = keyword.shownKeyword
        nameLabel.xalign = 0
        nameLabel.horizontalExpand = true
        nameLabel.ellipsize = .middle
        countLabel.text = keyword.countText
        countLabel.addCssClass("dim-label")
        content.append(nameLabel)
        content.append(countLabel)
        child = content
        // Translators: a suggested keyword and how many photos have it, "Norway, 12 photos".
        setAccessibleLabel(String(format: trc("keyword, count", "%1$@, %2$@"), keyword.shownKeyword, keyword.countText))
    }

    public var isHighlighted: Bool {
        get { hasCssClass("highlighted") }
        set { setCssClass("highlighted", newValue) }
    }
}

/// The keyword editor of the details pane (see `KeywordsEditorController`): a heading, the
/// keywords as chips, an entry to add one, the library's keywords matching what is typed
/// right under it, and what went wrong, inline.
public final class KeywordsEditorView: Box {
    public let heading = Label(tr("Keywords"))
    public let chips = FlowBox()
    public let entry = Entry(placeholder: tr("Add keyword…"))
    public let suggestions = Box(orientation: .vertical)
    public let errorLabel = Label()
    public private(set) var chipViews: [KeywordChip] = []
    public private(set) var suggestionViews: [KeywordSuggestion] = []

    public init() {
        super.init(orientation: .vertical, spacing: 8)
        addCssClass("keywords-editor")
        setMargins(top: 18, bottom: 0, start: 0, end: 0)
        heading.xalign = 0
        heading.addCssClass("heading")
        heading.setMargins(top: 0, bottom: 0, start: 6, end: 6)
        chips.selectionMode = .none
        chips.addCssClass("keyword-chips")
        chips.columnSpacing = 6
        chips.rowSpacing = 6
        chips.maxChildrenPerLine = 30
        chips.setAccessibleLabel(tr("Keywords"))
        entry.setAccessibleLabel(tr("Add keyword"))
        entry.primaryIconName = "list-add-symbolic"
        // Translators: keep “Places|Norway” as it is (the separator keywords are stored with); translate the names.
        entry.tooltip = tr("Type a keyword and press Enter; “Places › Norway” or “Places|Norway” for a hierarchy")
        suggestions.addCssClass("keyword-suggestions")
        suggestions.isVisible = false
        suggestions.setAccessibleLabel(tr("Keywords in the library"))
        errorLabel.addCssClass("error")
        errorLabel.xalign = 0
        errorLabel.wraps = true
        errorLabel.wrapMode = .wordChar
        errorLabel.isVisible = false
        [heading, chips, entry, suggestions, errorLabel].forEach(append)
    }

    /// Shows `shares` as chips, each calling `onRemove` with its keyword.
    public func showChips(_ shares: [KeywordShare], onRemove: @escaping @MainActor (KeywordShare) -> Void) {
        chipViews.forEach { chips.remove($0) }
        chipViews = shares.map { share in
            let chip = KeywordChip(share)
            chip.onRemove = { onRemove(share) }
            chips.append(chip)
            return chip
        }
        chips.isVisible = !shares.isEmpty
    }

    /// Shows `keywords` under the entry (none: hidden), `highlighted` marked; a click calls `onPick`.
    public func showSuggestions(
        _ keywords: [KeywordCount], highlighted: Int?,
        onPick: @escaping @MainActor (KeywordCount) -> Void
    ) {
        if keywords != suggestionViews.map(\.keyword) {
            suggestionViews.forEach { $0.removeFromParent() }
            suggestionViews = keywords.map { keyword in
                let button = KeywordSuggestion(keyword)
                button.onClicked(owner: self) { onPick(keyword) }
                suggestions.append(button)
                return button
            }
        }
        for (index, view) in suggestionViews.enumerated() { view.isHighlighted = index == highlighted }
        suggestions.isVisible = !keywords.isEmpty
    }

    /// Shows `message` under the entry, or hides it (nil).
    public func showError(_ message: String?) {
        errorLabel.text = message ?? ""
        errorLabel.isVisible = message != nil
    }
}
