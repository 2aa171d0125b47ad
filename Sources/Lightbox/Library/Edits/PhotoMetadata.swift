import Foundation

/// What a person sets on a photo, as opposed to what its file says about it: stars, a
/// reject, keywords, a title and a caption, and corrections of what the camera got wrong
/// (orientation, date, place). The catalog owns these once a photo is listed
/// (a file read again never overwrites them); write-back copies them into the file.
public struct PhotoMetadata: Hashable, Sendable {
    /// Stars, 0…5.
    public var rating: Int
    public var isRejected: Bool
    /// Keywords in the order they were added; hierarchical ones as `Parent|Child`.
    public var keywords: [String]
    /// One line, and paragraphs; nil for none.
    public var title: String?
    public var caption: String?
    public var corrections: PhotoCorrections

    public init(
        rating: Int = 0, isRejected: Bool = false, keywords: [String] = [], title: String? = nil, caption: String? = nil,
        corrections: PhotoCorrections = PhotoCorrections()
    ) {
        self.rating = rating
        self.isRejected = isRejected
        self.keywords = keywords
        self.title = title
        self.caption = caption
        self.corrections = corrections
    }

    /// Adds `keyword` unless the photo has it already (compared case-insensitively, as
    /// search compares); returns whether it was added.
    @discardableResult
    public mutating func add(keyword: String) -> Bool {
        let keyword = keyword.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !keyword.isEmpty, !keywords.contains(where: { $0.lowercased() == keyword.lowercased() }) else { return false }
        keywords.append(keyword)
        return true
    }

    /// Sets the title as typed: one line, surrounding space trimmed; nothing left is none.
    public mutating func set(title text: String) {
        let line = text.split(whereSeparator: \.isNewline).joined(separator: " ").trimmingCharacters(in: .whitespaces)
        title = line.isEmpty ? nil : line
    }

    /// Sets the caption as typed, its lines kept, surrounding space trimmed; nothing left is none.
    public mutating func set(caption text: String) {
        let paragraphs = text.trimmingCharacters(in: .whitespacesAndNewlines)
        caption = paragraphs.isEmpty ? nil : paragraphs
    }

    /// Removes `keyword` (case-insensitively); returns whether the photo had it.
    @discardableResult
    public mutating func remove(keyword: String) -> Bool {
        let count = keywords.count
        keywords.removeAll { $0.lowercased() == keyword.trimmingCharacters(in: .whitespacesAndNewlines).lowercased() }
        return keywords.count != count
    }
}

extension Photo {
    /// The stars, reject, keywords, title, caption and corrections, together.
    public var metadata: PhotoMetadata {
        get {
            PhotoMetadata(
                rating: self.rating, isRejected: self.isRejected, keywords: self.keywords, title: self.title,
                caption: self.caption, corrections: self.corrections)
        }
        set {
            if self.rating != newValue.rating { self.rating = newValue.rating }
            if self.isRejected != newValue.isRejected { self.isRejected = newValue.isRejected }
            if self.keywords != newValue.keywords { self.keywords = newValue.keywords }
            if self.title != newValue.title { self.title = newValue.title }
            if self.caption != newValue.caption { self.caption = newValue.caption }
            if self.corrections != newValue.corrections { self.corrections = newValue.corrections }
        }
    }
}

/// One edit of several photos' metadata (a batch rating, a reject, a keyword added to a
/// selection): what each photo had before and has after. `CatalogStore.undo` puts the
/// `before` values back, which is itself an edit (its `reversed` redoes).
public struct MetadataEdit: Sendable, Equatable {
    public let before: [Photo.ID: PhotoMetadata]
    public let after: [Photo.ID: PhotoMetadata]

    public init(before: [Photo.ID: PhotoMetadata], after: [Photo.ID: PhotoMetadata]) {
        self.before = before
        self.after = after
    }

    /// The photos the edit changed.
    public var ids: Set<Photo.ID> { Set(after.keys) }
    public var isEmpty: Bool { after.isEmpty }
    /// The edit that takes this one back.
    public var reversed: MetadataEdit { MetadataEdit(before: after, after: before) }

    /// This edit with its photos where `moves` (former path → new path, see
    /// `LibraryEvent.moved`) took them. A photo whose path another one moved to is no
    /// longer there: its part of the edit is left out.
    public func following(_ moves: [Photo.ID: Photo.ID]) -> MetadataEdit {
        let taken = Set(moves.values)
        func moved(_ values: [Photo.ID: PhotoMetadata]) -> [Photo.ID: PhotoMetadata] {
            var result: [Photo.ID: PhotoMetadata] = [:]
            for (id, value) in values {
                if let to = moves[id] {
                    result[to] = value
                } else if !taken.contains(id) {
                    result[id] = value
                }
            }
            return result
        }
        return MetadataEdit(before: moved(before), after: moved(after))
    }
}
