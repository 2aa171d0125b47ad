import Gtk

/// The name of a row type in a list that mixes several (UIKit's cell reuse identifiers).
public struct RowKind: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    public let name: String
    public init(_ name: String) { self.name = name }
    public init(stringLiteral name: String) { self.name = name }
    public var description: String { name }
    /// The kind of every item in a list with a single row type.
    public static let standard = RowKind("standard")
}

/// What the data source does when an item names a kind with no registered row.
public enum UnregisteredKindPolicy: Sendable {
    /// Stop with a precondition failure naming the kind and the position (debug default).
    case trap
    /// Show an `ErrorRow` saying so and log a GLib critical (release default).
    case showErrorRow

    public static var buildDefault: UnregisteredKindPolicy {
        #if DEBUG
            .trap
        #else
            .showErrorRow
        #endif
    }
}

/// Row types by kind, each with its own reuse pool: a row of one kind is never
/// given an item of another kind.
@MainActor
final class RowRegistry<Item> {
    struct Registration {
        let make: @MainActor () -> ListRowView
        let configure: @MainActor (ListRowView, Item) -> Void
    }

    private var registrations: [RowKind: Registration] = [:]
    private var pools: [RowKind: [ListRowView]] = [:]
    /// Where a kind registered nowhere here is looked up (a grid's cells fall back to the list's rows).
    private let fallback: RowRegistry?

    init(fallback: RowRegistry? = nil) { self.fallback = fallback }
    /// GTK 4.8's list view keeps up to 200 rows around the visible ones; a change that
    /// replaces them all gives them back here for the rows it needs next.
    static var poolLimit: Int { 256 }

    func register(_ kind: RowKind, _ registration: Registration) {
        registrations[kind] = registration
    }

    func registration(for kind: RowKind) -> Registration? { registrations[kind] ?? fallback?.registration(for: kind) }

    /// A row of `kind`: from its pool, or new.
    func dequeue(_ kind: RowKind, make: @MainActor () -> ListRowView) -> ListRowView {
        if let row = pools[kind]?.popLast() { return row }
        let row = make()
        row.reuseKind = kind
        return row
    }

    /// Gives a row back for reuse by items of the same kind (or drops it when the pool is full).
    func recycle(_ row: ListRowView) {
        guard let kind = row.reuseKind, pools[kind, default: []].count < Self.poolLimit else { return }
        pools[kind, default: []].append(row)
    }
}
