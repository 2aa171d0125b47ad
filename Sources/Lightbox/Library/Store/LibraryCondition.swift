/// A lasting state of the library that the window shows for as long as it holds:
/// a person must know while ratings can't be saved or a folder is gone, not only
/// for the ten seconds of a passing notice.
public struct LibraryCondition: Equatable, Sendable, Identifiable {
    /// What the condition is about; at most one condition of each kind holds at a time.
    /// Declared from the most to the least serious: the window shows them in this order.
    public enum Kind: Int, Sendable, Comparable, CaseIterable {
        /// The catalog can't be written (read-only data folder, full disk): ratings are refused.
        case catalogNotWritable
        /// The disk under the catalog is full: scans and edits wait until space is freed.
        case diskFull
        /// The open folder is gone (deleted, unmounted) or can't be read.
        case folderUnavailable
        /// The catalog was damaged and recovered; says what was restored.
        case catalogRecovered
        /// Folders of photos opened from the file manager are shown without being in the
        /// library; says where their ratings live and offers to add them.
        case browsedFolders
        /// Photos whose files vanished are kept, hidden, in case the files come back; offers
        /// to show them.
        case photosMissing
        /// Another photo app's library (Shotwell's, darktable's) was found and not yet brought
        /// along or declined; offers to bring it.
        case otherLibraryFound
        /// A card, camera or phone was connected while the window is open; offers to import
        /// its new photos and videos.
        case importSourceConnected

        public static func < (a: Kind, b: Kind) -> Bool { a.rawValue < b.rawValue }
    }

    public let kind: Kind
    public var id: Kind { kind }
    /// One or two sentences for the person: what happened and what it means for them.
    public var message: String
    /// Information the person closes; false for a fault that lasts until it is gone.
    public var isDismissible: Bool
    /// The label of the one thing the bar offers to do about it (the window decides what
    /// the button does, by `kind`); nil for none.
    public var actionLabel: String?

    public init(_ kind: Kind, message: String, isDismissible: Bool = false, actionLabel: String? = nil) {
        self.kind = kind
        self.message = message
        self.isDismissible = isDismissible
        self.actionLabel = actionLabel
    }
}
