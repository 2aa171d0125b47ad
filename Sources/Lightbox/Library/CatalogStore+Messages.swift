import Foundation

extension CatalogStore {
    /// The notice when an edit of `count` photos could not be saved: one whole sentence
    /// per case, so a translation never joins fragments.
    static func unsavedMessage(count: Int, diskFull: Bool) -> String {
        switch (count == 1, diskFull) {
        case (true, false):
            return tr("The rating could not be saved.")
        case (true, true):
            return tr("The rating could not be saved: the disk holding the photo catalog is full.")
        case (false, false):
            return String(
                format: trn(
                    "The changes to %d photo could not be saved.",
                    "The changes to %d photos could not be saved.", count), count)
        case (false, true):
            return String(
                format: trn(
                    "The changes to %d photo could not be saved: the disk holding the photo catalog is full.",
                    "The changes to %d photos could not be saved: the disk holding the photo catalog is full.", count), count)
        }
    }
}
