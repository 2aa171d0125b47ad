import LightboxKit

/// A test item: identifiable, shown by `TitledRow` or (for the "pair" kind) `KeyValueRow`.
struct Contact: Identifiable, Equatable, Sendable, TitleSubtitlePresentable, KeyValuePresentable {
    let id: Int
    var title: String
    var subtitle: String = ""
    var isPair = false

    var key: String { title }
    var value: String { subtitle }
}
