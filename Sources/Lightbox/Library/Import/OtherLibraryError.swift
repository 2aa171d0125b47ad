/// Why another app's database could not be read. Every sentence a person may see is here.
public enum OtherLibraryError: Error, Equatable, CustomStringConvertible {
    /// Nothing at the path.
    case missing(path: String)
    /// The file is there but this user may not read it.
    case unreadable(path: String)
    /// A readable database, but not the app's: `found` says what it is instead.
    case notThisApp(OtherPhotoApp, path: String, found: String)
    /// The app's database in a version whose layout is not known here.
    case unsupportedVersion(OtherPhotoApp, path: String, version: Int)
    /// Not an SQLite database, or one SQLite finds malformed.
    case damaged(path: String, detail: String)
    /// The app holds the database (it is running, or in the middle of saving).
    case locked(OtherPhotoApp, path: String)
    /// The app stopped in the middle of saving; only the app itself should finish or undo that.
    case interruptedWrite(OtherPhotoApp, path: String)

    public var description: String {
        switch self {
        case .missing(let path):
            "There is no database at \(path)."
        case .unreadable(let path):
            "\(path) can't be read: permission denied."
        case .notThisApp(let app, let path, let found):
            "\(path) is not a \(app.displayName) library: it is \(found)."
        case .unsupportedVersion(let app, let path, let version):
            "\(path) is a \(app.displayName) library of version \(version), which Lightbox can't read yet."
        case .damaged(let path, let detail):
            "\(path) is damaged (\(detail))."
        case .locked(let app, let path):
            "\(app.displayName) is using \(path): close \(app.displayName) and try again."
        case .interruptedWrite(let app, let path):
            "\(app.displayName) stopped while saving \(path): open \(app.displayName) once so it can repair it, then try again."
        }
    }
}
