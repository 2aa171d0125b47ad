import Foundation
import LightboxMedia

/// A group of duplicates as the Duplicates page shows it: its copies as the library has them
/// now, and the copy the person keeps (the suggested one until they choose another).
///
/// A group of up to `listedLimit` photos is looked up whole; of a larger one (a folder of one
/// file copied thousands of times) only its first `listedLimit` photos are, and the rest are
/// counted from the group: the page is made again on every change of the library.
public struct DuplicateItem: Identifiable, Equatable {
    public let group: DuplicateGroup
    /// The group's photos still in the library, the suggested copy first (the first
    /// `listedLimit` of a larger group).
    public let photos: [Photo]
    public let keeper: Photo.ID
    /// How many photos the group has in the library.
    public let count: Int
    /// The bytes the copies to move to the trash take.
    public let bytesToTrash: Int64

    public var id: Photo.ID { group.id }

    /// The most photos of a group looked up in the library.
    static let listedLimit = 64

    init(group: DuplicateGroup, photos: [Photo], keeper: Photo.ID, count: Int? = nil, bytes: Int64? = nil) {
        self.group = group
        self.photos = photos
        self.keeper = keeper
        self.count = count ?? photos.count
        let keptBytes = photos.first { $0.id == keeper }?.fileSize ?? 0
        bytesToTrash = (bytes ?? photos.reduce(0) { $0 + $1.fileSize }) - keptBytes
    }

    /// The group with the copies the library still has; nil when fewer than two are left
    /// (a copy trashed a moment ago, before the groups are looked for again).
    @MainActor
    init?(_ group: DuplicateGroup, store: CatalogStore, chosen: Photo.ID?) {
        let isWhole = group.photos.count <= Self.listedLimit
        var photos = Array(group.photos.lazy.compactMap(store.photo).prefix(Self.listedLimit))
        if !isWhole, let chosen, !photos.contains(where: { $0.id == chosen }), let photo = store.photo(chosen) {
            photos[photos.count - 1] = photo
        }
        guard photos.count > 1 else { return nil }
        self.init(
            group: group, photos: photos, keeper: chosen.flatMap { id in photos.first { $0.id == id }?.id } ?? photos[0].id,
            count: isWhole ? photos.count : group.photos.count, bytes: isWhole ? nil : group.bytes)
    }

    /// The group as it stands, to keep its keeper: only the copies still in the library (of a
    /// large group, all but those known gone).
    var shownGroup: DuplicateGroup {
        guard count == photos.count else { return group }
        var group = group
        group.photos = photos.map(\.id)
        return group
    }

    /// The most copies a group's row shows: the rest are counted.
    static let shownCopies = 8

    /// The copies the row shows: the first `shownCopies`, the keeper always among them.
    var shownPhotos: [Photo] {
        guard photos.count > Self.shownCopies else { return photos }
        var shown = Array(photos.prefix(Self.shownCopies))
        if !shown.contains(where: { $0.id == keeper }), let kept = photos.first(where: { $0.id == keeper }) {
            shown[shown.count - 1] = kept
        }
        return shown
    }

    /// How many copies go to the trash when the keeper is kept.
    var copiesToTrash: Int { count - 1 }

    /// The copy `step` places to the left (-1) or right (+1) of the keeper, staying at the ends.
    func keeper(movedBy step: Int) -> Photo.ID {
        let index = photos.firstIndex { $0.id == keeper } ?? 0
        return photos[min(max(index + step, 0), photos.count - 1)].id
    }

    /// Compared by what the page shows: a group of thousands is not compared path by path.
    public static func == (a: DuplicateItem, b: DuplicateItem) -> Bool {
        a.id == b.id && a.group.kind == b.group.kind && a.count == b.count && a.keeper == b.keeper
            && a.bytesToTrash == b.bytesToTrash && a.photos == b.photos
    }
}

/// What the Duplicates page says of a copy: where it lives and what it is, written for the
/// person's locale.
@MainActor
enum DuplicateText {
    /// "Exact copies" (the same bytes or pixels) or "Similar copies".
    static func kind(_ kind: DuplicateGroup.Kind) -> String {
        switch kind {
        // Translators: a group of files with the same picture, byte for byte or pixel for pixel.
        case .exact: tr("Exact copies")
        // Translators: a group of files with the same picture resized, re-compressed or converted.
        case .near: tr("Similar copies")
        }
    }

    /// The folder holding `photo`, the home folder as "~".
    static func folder(_ photo: Photo) -> String {
        LibraryFolderList.displayName((photo.path as NSString).deletingLastPathComponent)
    }

    /// The file's format from its extension: "JPEG", "PNG", "HEIC", "CR2".
    static func format(_ photo: Photo) -> String {
        let ext = (photo.path as NSString).pathExtension.uppercased()
        switch ext {
        case "JPG", "JPE", "JFIF": return "JPEG"
        case "TIF": return "TIFF"
        case "": return tr("unknown")
        default: return ext
        }
    }

    /// "2.4 MB · 1200 × 800 · JPEG"; the size in pixels left out when unknown.
    static func facts(_ photo: Photo) -> String {
        let size = photo.displaySize
        let pixels = size.width > 0 && size.height > 0 ? FormattingLocale.current.dimensions(width: size.width, height: size.height) : nil
        // Translators: what separates a copy's facts: "2.4 MB · 1200 × 800 · JPEG".
        return [PhotoFormat.fileSize(photo.fileSize), pixels, format(photo)].compactMap { $0 }.joined(separator: tr(" · "))
    }

    /// When it was taken, or "No date" when the file does not say.
    static func date(_ photo: Photo) -> String {
        // Translators: a copy whose file says nothing of when it was taken.
        PhotoFormat.date(photo.taken) ?? tr("No date")
    }

    /// Its keywords, "Places › Norway, harbour"; "" for none.
    static func keywords(_ photo: Photo) -> String {
        // Translators: what separates keywords in a list ("harbour, Places › Norway").
        photo.keywords.map(PhotoFormat.keyword).joined(separator: tr(", "))
    }

    /// "2 copies" (of a group), with the locale's digits.
    static func copies(_ count: Int) -> String {
        FormattingLocale.current.counted(trn("%d copy", "%d copies", count), count)
    }

    /// The page's name in the window's switcher: "Duplicates", or "Duplicates (12)".
    static func pageTitle(groups: Int) -> String {
        guard groups > 0 else { return tr("Duplicates") }
        // Translators: the Duplicates page's name in the page switcher; %@ is how many groups of duplicates it lists.
        return String(format: tr("Duplicates (%@)"), FormattingLocale.current.count(groups))
    }

    /// The toast after Keep One: "Kept “IMG_1.jpg”, 2 copies moved to the trash".
    static func kept(_ name: String, trashed: Int) -> String {
        // Translators: a toast after Keep One; %1$@ is the file kept, %2$d how many of its copies went to the trash.
        String(
            format: trn("Kept “%1$@”, %2$d copy moved to the trash", "Kept “%1$@”, %2$d copies moved to the trash", trashed), name, trashed)
    }

    /// The toast after Keep One in Every Group: "Kept one photo in each of 12 groups, 20 copies moved to the trash".
    static func keptInEveryGroup(groups: Int, trashed: Int) -> String {
        // Translators: the first part of a toast after Keep One in Every Group; %d is how many groups.
        let kept = String(format: trn("Kept one photo in %d group", "Kept one photo in each of %d groups", groups), groups)
        // Translators: the second part of that toast; %d is how many copies went to the trash.
        let moved = String(format: trn("%d copy moved to the trash", "%d copies moved to the trash", trashed), trashed)
        // Translators: a toast joining its two parts: "Kept one photo in each of 12 groups, 20 copies moved to the trash".
        return String(format: trc("kept, moved", "%1$@, %2$@"), kept, moved)
    }

    /// The toast after Not Duplicates.
    static func notDuplicates(_ count: Int) -> String {
        // Translators: a toast after Not Duplicates; %d is how many photos will no longer be shown as copies of one another.
        String(format: trn("%d photo no longer shown as a duplicate", "%d photos no longer shown as duplicates", count), count)
    }
}
