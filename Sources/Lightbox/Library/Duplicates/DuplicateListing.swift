import Foundation

/// The lines of `lightbox --duplicates`: one JSON object a line, its keys always in the same
/// order, paths written as `--list` writes them (`PhotoListing.pathJSON`: bytes that are not
/// text as `\udcXX`). Made by hand rather than by an encoder: nothing in them can fail.
public enum DuplicateListing {
    /// `{"kind":"near","keep":"/a.jpg","paths":["/a.jpg","/b.jpg"]}`: the group's kind, the copy
    /// suggested to keep, then every path in the group's order (the one to keep first).
    public static func line(for group: DuplicateGroup) -> String {
        let paths = group.photos.map(PhotoListing.pathJSON).joined(separator: ",")
        return "{\"kind\":\"\(group.kind.rawValue)\",\"keep\":\(PhotoListing.pathJSON(group.suggested)),\"paths\":[\(paths)]}"
    }

    /// `{"kind":"unreadable","path":"/c.jpg","error":"…"}`: a file that could not be compared,
    /// and why.
    public static func unreadableLine(path: String, error: String) -> String {
        "{\"kind\":\"unreadable\",\"path\":\(PhotoListing.pathJSON(path)),\"error\":\(PhotoListing.jsonString(error))}"
    }
}
