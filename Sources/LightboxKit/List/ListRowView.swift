import Gtk

/// What a row looks like right now: it follows its list slot and its own widget state.
public struct RowHighlight: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let selected = RowHighlight(rawValue: 1 << 0)
    public static let hovered = RowHighlight(rawValue: 1 << 1)
    public static let focused = RowHighlight(rawValue: 1 << 2)
}

/// Base class of list rows (a cell that owns its highlight, as UIKit's `setHighlighted:animated:`).
///
/// A row owns its highlight state: while bound, it follows its `GtkListItem:selected`
/// and the hover/focus state flags of itself and of the list's item widget around it
/// (which is what takes keyboard focus), and changes its look in
/// `highlightDidChange()` (by default the CSS classes `row-selected`, `row-hovered`,
/// `row-focused`). Nobody else touches a row's subviews.
///
/// A row is not a layout box itself: it fills `contentView` (a horizontal box, as
/// UIKit's cell fills its `contentView`) as it likes, or replaces it by setting `child`.
open class ListRowView: Bin {
    /// Where a row puts what it shows: a horizontal box with 8 pixels between children.
    public let contentView = Box(orientation: .horizontal, spacing: 8)
    public private(set) var highlight: RowHighlight = []
    private var slot: ListItem?
    private var slotConnections: [SignalConnection] = []
    private var isBound = false
    /// The kind this row was made for (set by the data source's registry).
    var reuseKind: RowKind?

    public required override init() {
        super.init()
        child = contentView
        onStateFlagsChanged(owner: self) { [weak self] _ in self?.updateHighlight() }
    }

    /// Called when the row stops showing its item, before it waits for reuse (by an item
    /// of the same kind). Override to drop what the item started (a load, a timer);
    /// the next `configure` sets every field anyway.
    open func prepareForReuse() {}

    /// Called when `highlight` changes. Override to change the look; call super to
    /// keep the CSS classes.
    open func highlightDidChange() {
        setCssClass("row-selected", highlight.contains(.selected))
        setCssClass("row-hovered", highlight.contains(.hovered))
        setCssClass("row-focused", highlight.contains(.focused))
    }

    /// Starts following `listItem`'s selection (the data source calls this on bind). A row
    /// stays connected to its slot across binds (GTK rebinds a slot's row hundreds of
    /// times a second while a long list scrolls fast), until `leaveSlot()`.
    func follow(_ listItem: ListItem) {
        if slot !== listItem {
            leaveSlot()
            slot = listItem
            slotConnections = [listItem.onNotifyIsSelected(owner: self) { [weak self] in self?.updateHighlight() }]
            if let itemWidget = parent {
                slotConnections.append(itemWidget.onStateFlagsChanged(owner: self) { [weak self] _ in self?.updateHighlight() })
            }
        }
        isBound = true
        updateHighlight()
    }

    /// Stops showing the slot's state (on unbind); the connections stay for the next bind.
    func stopFollowing() {
        isBound = false
        updateHighlight()
    }

    /// Disconnects from the slot (the row leaves it: moved to the reuse pool, or the slot goes away).
    func leaveSlot() {
        slotConnections.forEach { $0.disconnect() }
        slotConnections = []
        slot = nil
        isBound = false
    }

    private func updateHighlight() {
        var state: RowHighlight = []
        if isBound, slot?.isSelected == true { state.insert(.selected) }
        var flags = stateFlags
        if isBound, let itemWidget = parent { flags.formUnion(itemWidget.stateFlags) }
        if flags.contains(.prelight) { state.insert(.hovered) }
        if !flags.isDisjoint(with: [.focused, .focusWithin]) { state.insert(.focused) }
        guard state != highlight else { return }
        highlight = state
        highlightDidChange()
    }
}
