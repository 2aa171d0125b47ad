import Foundation

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
            // Translators: %@ is a path.
            String(format: tr("There is no database at %@."), path)
        case .unreadable(let path):
            String(format: tr("%@ can't be read: permission denied."), path)
        case .notThisApp(let app, let path, let found):
            // Translators: %1$@ is a path, %2$@ the app (Shotwell, darktable), %3$@ what the file is instead.
            String(format: tr("%1$@ is not a %2$@ library: it is %3$@."), path, app.displayName, found)
        case .unsupportedVersion(let app, let path, let version):
            // Translators: %1$@ is a path, %2$@ the app (Shotwell, darktable), %3$d its database's version.
            String(format: tr("%1$@ is a %2$@ library of version %3$d, which Lightbox can't read yet."), path, app.displayName, version)
        case .damaged(let path, let detail):
            // Translators: %1$@ is a path, %2$@ what SQLite found wrong with it.
            String(format: tr("%1$@ is damaged (%2$@)."), path, detail)
        case .locked(let app, let path):
            // Translators: %1$@ and %3$@ are the app (Shotwell, darktable), %2$@ a path.
            String(format: tr("%1$@ is using %2$@: close %3$@ and try again."), app.displayName, path, app.displayName)
        case .interruptedWrite(let app, let path):
            // Translators: %1$@ and %3$@ are the app (Shotwell, darktable), %2$@ a path.
            String(
                format: tr("%1$@ stopped while saving %2$@: open %3$@ once so it can repair it, then try again."), app.displayName, path,
                app.displayName)
        }
    }
}
