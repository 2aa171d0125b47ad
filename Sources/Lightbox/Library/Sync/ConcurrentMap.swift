import Foundation

extension Array where Element: Sendable {
    /// `map` on all cores: `transform` runs on several threads at once; the results keep
    /// this array's order.
    public func concurrentMap<T: Sendable>(_ transform: @escaping @Sendable (Element) -> T) -> [T] {
        let results = Slots<T>(count: count)
        DispatchQueue.concurrentPerform(iterations: count) { index in results.set(index, transform(self[index])) }
        return results.values
    }
}

/// Results filled in by several threads in any order, each into its own slot.
private final class Slots<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var slots: [T?]

    init(count: Int) { slots = Array(repeating: nil, count: count) }

    func set(_ index: Int, _ value: T) { lock.withLock { slots[index] = value } }

    var values: [T] { lock.withLock { slots.compactMap { $0 } } }
}
