import Gtk

/// A pushed page of photos (every photo by a camera, or of a day): the list, scrolling.
public final class PhotoCollectionView: Box {
    public let list: ListView
    /// What can be done with the photos (right click, Menu key, Shift+F10 on a row).
    public private(set) lazy var contextMenu = PhotoContextMenu(host: self)

    public init(list: ListView) {
        self.list = list
        super.init(orientation: .vertical)
        list.addCssClass("photo-collection")
        let scroller = ScrolledWindow()
        scroller.setPolicy(horizontal: .never, vertical: .automatic)
        scroller.verticalExpand = true
        scroller.child = list
        append(scroller)
    }
}
