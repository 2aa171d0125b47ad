import Foundation

/// The places of a view's photos in its order, and the library's state it was sorted from.
struct ShownOrder {
    let ranks: [Photo.ID: Int]
    let order: PhotoSort
    let ascending: Bool
    /// `ShownPhotos.changes` when the view was made.
    let changes: Int

    /// The places, when a view of `spec` made with the library at `changes` sorts as this one did.
    func ranks(for spec: PhotoViewSpec, changes: Int) -> [Photo.ID: Int]? {
        spec.order == order && spec.ascending == ascending && changes == self.changes ? ranks : nil
    }
}
