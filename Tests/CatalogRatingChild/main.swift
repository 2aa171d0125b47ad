import Foundation
import Lightbox

// Test helper for RatingDurabilityTests: rates the photos of an already scanned folder
// through the Store, over and over, printing "<index>" after each rating the Store
// saved (waitUntilSaved), until the test kills it with SIGKILL.
// Usage: CatalogRatingChild CATALOG FOLDER
let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: CatalogRatingChild CATALOG FOLDER\n".utf8))
    exit(2)
}
MainActor.assumeIsolated {
    do {
        let store = CatalogStore(catalog: try Catalog(path: arguments[1]))
        store.open(folder: arguments[2])
        // The Store reads its rows in the background: take them from the catalog.
        let photos = try store.catalog.photos(in: arguments[2]).sorted { $0.path < $1.path }
        var step = 0
        while true {
            let photo = photos[step % photos.count]
            try store.setRating((step / photos.count) % 6, for: photo.id)
            store.waitUntilSaved()
            FileHandle.standardOutput.write(Data("\(step)\n".utf8))
            step += 1
        }
    } catch {
        FileHandle.standardError.write(Data("\(error)\n".utf8))
        exit(1)
    }
}
