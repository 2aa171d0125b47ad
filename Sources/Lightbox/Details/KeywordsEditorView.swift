import Gtk

/// One keyword as a chip: its name, "on 2 of 3" when only some of the shown photos have it,
/// and a button that removes it. The chip takes the keyboard focus (arrow keys move between
/// chips, as in any GtkFlowBox); Delete or BackSpace on it removes it too.
public final class KeywordChip: FlowBoxChild {
    public let share: KeywordShare
    public let nameLabel = Label()
    public let shareLabel = Label()
    public let removeButton = Button(iconName: "window-close-symbolic")
    /// Called by the button and by Delete/BackSpace.
    public var onRemove: (@MainActor () -> Void)?

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
        removeButton.setAccessibleLabel("Remove keyword \(share.shownKeyword)")
        removeButton.tooltip = "Remove keyword"
        removeButton.onClicked(owner: self) { [weak self] in self?.onRemove?() }
        [nameLabel, shareLabel, removeButton].forEach(content.append)
        child = content
        let label = share.shareText.map { "\(share.shownKeyword), \($0)" } ?? share.shownKeyword
        setAccessibleLabel("Keyword \(label)")
        tooltip = share.shareText.map { "Keyword \(share.shownKeyword), \($0) photos; Delete removes it" }
            ?? "Keyword \(share.shownKeyword); Delete removes it"
        let keys = EventControllerKey()
        keys.onKey(owner: self) { [weak self] key, modifiers in
            guard modifiers.isEmpty, ["Delete", "KP_Delete", "BackSpace"].contains(key.name) else { return false }
            self?.onRemove?()
            return true
        }
        add(keys)
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
        setAccessibleLabel("\(keyword.shownKeyword), \(keyword.countText)")
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
    public let heading = Label("Keywords")
    public let chips = FlowBox()
    public let entry = Entry(placeholder: "Add keyword…")
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
        chips.setAccessibleLabel("Keywords")
        entry.setAccessibleLabel("Add keyword")
        entry.primaryIconName = "list-add-symbolic"
        entry.tooltip = "Type a keyword and press Enter; “Places › Norway” or “Places|Norway” for a hierarchy"
        suggestions.addCssClass("keyword-suggestions")
        suggestions.isVisible = false
        suggestions.setAccessibleLabel("Keywords in the library")
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
    public func showSuggestions(_ keywords: [KeywordCount], highlighted: Int?,
                                onPick: @escaping @MainActor (KeywordCount) -> Void) {
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
