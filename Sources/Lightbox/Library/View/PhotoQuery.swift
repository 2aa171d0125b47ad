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
    /// Photos whose name, camera, lens or keywords contain every word of `text` (case-insensitive).
    public func matching(_ text: String) -> [Photo] {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace)
        guard !words.isEmpty else { return self }
        return filter { photo in
            let haystack = ([photo.name, photo.camera ?? "", photo.lens ?? ""] + photo.keywords)
                .joined(separator: " ").lowercased()
            return words.allSatisfy { haystack.contains($0) }
        }
    }

    /// Sorted by `order`: newest first for dates, best first for ratings, A→Z otherwise;
    /// ties (and photos without the value, last) fall back to the file name, in the
    /// order GNOME Files shows names (`FileNames.sortKey`). Each name's key is made once,
    /// when a comparison first needs it, not in every comparison.
    public func sorted(by order: PhotoSort) -> [Photo] {
        var nameKeys = [FileNames.SortKey?](repeating: nil, count: count)
        func nameKey(_ i: Int) -> FileNames.SortKey {
            if let key = nameKeys[i] { return key }
            let key = FileNames.sortKey(self[i].name)
            nameKeys[i] = key
            return key
        }
        func byName(_ i: Int, _ j: Int) -> Bool {
            let a = nameKey(i)
            let b = nameKey(j)
            return a == b ? self[i].path < self[j].path : a < b
        }
        var positions = [Int](indices)
        switch order {
        case .name:
            positions.sort(by: byName)
        case .dateTaken:
            positions.sort { i, j in
                self[i].taken == self[j].taken ? byName(i, j) : (self[i].taken ?? "") > (self[j].taken ?? "")
            }
        case .rating:
            positions.sort { i, j in self[i].rating == self[j].rating ? byName(i, j) : self[i].rating > self[j].rating }
        case .camera:
            var cameraKeys: [String: FileNames.SortKey] = [:]
            func cameraKey(_ camera: String) -> FileNames.SortKey {
                if let key = cameraKeys[camera] { return key }
                let key = FileNames.sortKey(camera)
                cameraKeys[camera] = key
                return key
            }
            positions.sort { i, j in
                switch (self[i].camera, self[j].camera) {
                case (let x?, let y?) where x != y:
                    let a = cameraKey(x)
                    let b = cameraKey(y)
                    return a == b ? byName(i, j) : a < b
                case (.some, nil): return true
                case (nil, .some): return false
                default: return byName(i, j)
                }
            }
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
