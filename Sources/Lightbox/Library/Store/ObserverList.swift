/// Handlers registered with an owner: a handler is called while its owner lives and
/// forgotten after (the observer pattern without explicit removal).
@MainActor
struct ObserverList<Value> {
    private struct Entry {
        weak var owner: AnyObject?
        let handler: @MainActor (Value) -> Void
    }

    private var entries: [Entry] = []

    mutating func add(owner: AnyObject, _ handler: @escaping @MainActor (Value) -> Void) {
        entries.append(Entry(owner: owner, handler: handler))
    }

    /// Calls every handler whose owner still lives with `value`.
    mutating func send(_ value: Value) {
        entries.removeAll { $0.owner == nil }
        for entry in entries { entry.handler(value) }
    }
}
