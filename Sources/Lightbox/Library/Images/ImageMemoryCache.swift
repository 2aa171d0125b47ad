import Foundation
import LightboxMedia

/// Decoded images kept in memory, least recently used dropped first once their pixels
/// exceed `budget` bytes or there are more than `maxCount` of them.
final class ImageMemoryCache: @unchecked Sendable {
    let budget: Int
    let maxCount: Int
    private let lock = NSLock()
    private var entries: [String: (image: PixelImage, lastUse: Int)] = [:]
    private var clock = 0
    private(set) var bytes = 0

    init(budget: Int, maxCount: Int = .max) {
        self.budget = budget
        self.maxCount = maxCount
    }

    func image(for key: String) -> PixelImage? {
        lock.withLock {
            guard let entry = entries[key] else { return nil }
            clock += 1
            entries[key]?.lastUse = clock
            return entry.image
        }
    }

    func insert(_ image: PixelImage, for key: String) {
        lock.withLock {
            clock += 1
            if let old = entries.updateValue((image, clock), forKey: key) { bytes -= old.image.byteCount }
            bytes += image.byteCount
            while bytes > budget || entries.count > maxCount,
                let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse })
            {
                entries[oldest.key] = nil
                bytes -= oldest.value.image.byteCount
            }
        }
    }

    var count: Int { lock.withLock { entries.count } }
}

/// A thread-safe counter.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    var value: Int { lock.withLock { count } }
    func increment() { lock.withLock { count += 1 } }
    func decrement() { lock.withLock { count -= 1 } }
    /// Increments and returns true unless the count already reached `limit`.
    func incrementIfBelow(_ limit: Int) -> Bool {
        lock.withLock {
            guard count < limit else { return false }
            count += 1
            return true
        }
    }
}
