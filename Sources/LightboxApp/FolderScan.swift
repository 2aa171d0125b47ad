import Foundation
import Lightbox

/// What `--list` and `--duplicates` start with: the catalog opened (stderr says when it was
/// rebuilt, or when this scan can't be saved in it), FOLDER scanned into it, then what the
/// command reads back. Either fails as a whole, with the message for exit status 3.
enum FolderScan {
    struct Failure: Error {
        let message: String
    }

    /// Scans `folder` into the catalog and returns `read(catalog, root)`, `root` being the
    /// folder's standardized absolute path.
    static func run<Value>(_ folder: String, then read: (Catalog, String) throws -> Value) -> Result<Value, Failure> {
        do {
            let catalog = try Catalog()
            if let aside = catalog.movedAsidePath {
                warn("lightbox: " + String(format: tr("the catalog was damaged; it was moved to %@ and rebuilt"), aside))
            }
            if let reason = catalog.notWritableReason {
                warn("lightbox: " + String(format: tr("this scan is not saved in the catalog: %@"), reason))
            }
            let root = (URL(fileURLWithPath: folder).path as NSString).standardizingPath
            _ = try CatalogSync(catalog: catalog).run(folder: root)
            return .success(try read(catalog, root))
        } catch let error as ScanError {
            return .failure(Failure(message: "lightbox: \(error)"))
        } catch {
            return .failure(Failure(message: "lightbox: " + String(format: tr("the catalog can't be used: %@"), "\(error)")))
        }
    }

    static func warn(_ message: String) {
        FileHandle.standardError.write(Data((message + "\n").utf8))
    }
}
