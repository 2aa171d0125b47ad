import Gtk

/// Anything that can be shown as a title with a subtitle.
public protocol TitleSubtitlePresentable {
    var title: String { get }
    var subtitle: String { get }
}

/// A sample row: a bold title over a dimmed subtitle. One row type serves every
/// model type that is `TitleSubtitlePresentable`.
public final class TitledRow: ListRowView {
    public let titleLabel = Label()
    public let subtitleLabel = Label()

    public required init() {
        super.init()
        let column = Box(orientation: .vertical, spacing: 2)
        titleLabel.xalign = 0
        titleLabel.addCssClass("heading")
        subtitleLabel.xalign = 0
        subtitleLabel.addCssClass("dim-label")
        column.append(titleLabel)
        column.append(subtitleLabel)
        contentView.append(column)
        setMargins(6)
    }

    /// Sets every field (a recycled row never shows stale content).
    public func configure(with content: some TitleSubtitlePresentable) {
        titleLabel.text = content.title
        subtitleLabel.text = content.subtitle
        subtitleLabel.isVisible = !content.subtitle.isEmpty
    }
}

/// Anything that can be shown as a key and a value.
public protocol KeyValuePresentable {
    var key: String { get }
    var value: String { get }
}

/// A second sample row kind: a key on the left, its value on the right.
public final class KeyValueRow: ListRowView {
    public let keyLabel = Label()
    public let valueLabel = Label()

    public required init() {
        super.init()
        keyLabel.xalign = 0
        keyLabel.horizontalExpand = true
        valueLabel.xalign = 1
        valueLabel.addCssClass("dim-label")
        contentView.append(keyLabel)
        contentView.append(valueLabel)
        setMargins(6)
    }

    public func configure(with content: some KeyValuePresentable) {
        keyLabel.text = content.key
        valueLabel.text = content.value
    }
}

/// What a slot shows for an item whose kind has no registered row (release builds).
public final class ErrorRow: ListRowView {
    public let messageLabel = Label()

    public required init() {
        super.init()
        messageLabel.xalign = 0
        messageLabel.wraps = true
        addCssClass("error")
        contentView.append(messageLabel)
        setMargins(6)
    }
}
