import Foundation
import LightboxMedia

/// Orders the photo list can be shown in.
public enum PhotoSort: String, CaseIterable, Sendable {
    case dateTaken, name, rating, camera
}

/// A titled run of photos (a month, a camera, a day).
public struct PhotoGroup: Identifiable, Hashable, Sendable {
    /// The group key ("2024-03", "Canon EOS R5", "2024-03-05"); "" for photos without one.
    public let id: String
    public let photos: [Photo]
}

extension Array where Element == Photo {
    /// The photos `search` (a search bar's text, see `PhotoSearch`) finds.
    public func matching(_ search: String) -> [Photo] {
        let query = PhotoSearch(search)
        return query.isEmpty ? self : filter(query.matches)
    }

    /// Sorted by `order`: newest first for dates, best first for ratings, A→Z otherwise;
    /// ties (and photos without the value, last) fall back to the file name, in the
    /// order GNOME Files shows names (`FileNames.sortKey`), then to the path.
    ///
    /// Positions are sorted with the value they are sorted by beside them, and names by
    /// their keys' positions in one buffer: read from the photos' boxes and a table of keys,
    /// each comparison cost retains and releases, 300 to 650 ms a sort of 100,000 photos.
    public func sorted(by order: PhotoSort) -> [Photo] {
        let names = FileNames.SortKeys(lazy.map(\.name))
        func precedesByName(_ i: Int, _ j: Int) -> Bool {
            let byName = names.order(i, j)
            return byName == 0 ? self[i].path < self[j].path : byName < 0
        }
        var positions: [Int]
        switch order {
        case .name:
            positions = [Int](indices)
            positions.sort(by: precedesByName)
        case .dateTaken:
            var entries = enumerated().map { SortEntry(value: $1.taken ?? "", position: $0) }
            entries.sort { a, b in a.value == b.value ? precedesByName(a.position, b.position) : a.value > b.value }
            positions = entries.map(\.position)
        case .rating:
            var entries = enumerated().map { SortEntry(value: $1.rating, position: $0) }
            entries.sort { a, b in a.value == b.value ? precedesByName(a.position, b.position) : a.value > b.value }
            positions = entries.map(\.position)
        case .camera:
            // Cameras by their names' keys (a camera's rank among them), photos without one last.
            let cameras = [String](Set(compactMap(\.camera)))
            let cameraKeys = FileNames.SortKeys(cameras)
            let byKey = cameras.indices.sorted { cameraKeys.order($0, $1) < 0 }
            let rank = Dictionary(uniqueKeysWithValues: byKey.enumerated().map { (cameras[$1], $0) })
            var entries = enumerated().map { SortEntry(value: $1.camera.flatMap { rank[$0] } ?? cameras.count, position: $0) }
            entries.sort { a, b in a.value == b.value ? precedesByName(a.position, b.position) : a.value < b.value }
            positions = entries.map(\.position)
        }
        return positions.map { self[$0] }
    }

    /// Consecutive groups by `key`, keeping this array's order.
    public func grouped(by key: (Photo) -> String) -> [PhotoGroup] {
        var groups: [(String, [Photo])] = []
        var index: [String: Int] = [:]
        for photo in self {
            let k = key(photo)
            if let i = index[k] {
                groups[i].1.append(photo)
            } else {
                index[k] = groups.count
                groups.append((k, [photo]))
            }
        }
        return groups.map { PhotoGroup(id: $0.0, photos: $0.1) }
    }

    /// The first photo of each id. Swift compares strings by canonical equivalence, so
    /// two files whose names differ only in Unicode normalization ("café" composed and
    /// decomposed, as copied from a Mac) are two catalog rows but one id: the second
    /// costs its row instead of breaking every list that shows them.
    public func uniqueByID() -> [Photo] {
        var seen = Set<Photo.ID>()
        seen.reserveCapacity(count)
        return filter { seen.insert($0.id).inserted }
    }

    /// Groups by month taken ("2024-03").
    public func groupedByMonth() -> [PhotoGroup] { grouped { String(($0.taken ?? "").prefix(7)) } }
    /// Groups by day taken ("2024-03-05").
    public func groupedByDay() -> [PhotoGroup] { grouped { String(($0.taken ?? "").prefix(10)) } }
    /// Groups by camera ("" for photos without one).
    public func groupedByCamera() -> [PhotoGroup] { grouped { $0.camera ?? "" } }
}

/// A photo's position and the value it is sorted by, sorted together.
private struct SortEntry<Value> {
    let value: Value
    let position: Int
}
