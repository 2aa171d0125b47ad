import Gtk

/// A pushed page of photos (every photo by a camera, or of a day): the list, scrolling.
public final class PhotoCollectionView: Box {
    public let list: ListView

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
