import CGtk

extension Box {
    /// Removes every child.
    public func removeAll() {
        while let child = gtk_widget_get_first_child(widget) { gtk_box_remove(cast(), child) }
    }

}

extension ScrolledWindow {
    /// The vertical scroll position, in pixels from the top.
    public var verticalOffset: Double {
        get { verticalAdjustment.value }
        set { verticalAdjustment.value = newValue }
    }

    /// The largest vertical offset (content height minus page height).
    public var maximumVerticalOffset: Double {
        verticalAdjustment.upper - verticalAdjustment.pageSize
    }

    /// Scrolls as little as it takes to show `descendant` of the content: its end, and its
    /// top when it is taller than the page.
    public func scrollToShow(_ descendant: Widget) {
        guard let content = gtk_scrolled_window_get_child(cast()) else { return }
        var origin = graphene_point_t(x: 0, y: 0)
        var top = graphene_point_t(x: 0, y: 0)
        guard gtk_widget_compute_point(descendant.widget, content, &origin, &top) != 0 else { return }
        let page = verticalAdjustment.pageSize
        let end = Double(top.y) + Double(gtk_widget_get_height(descendant.widget))
        let offset = min(Double(top.y), max(verticalOffset, end - page))
        verticalOffset = min(max(0, offset), maximumVerticalOffset)
    }
}

extension Paned {
    /// Whether each child may be made smaller than it asks for.
    public func setShrink(start: Bool, end: Bool) {
        shrinkStartChild = start
        shrinkEndChild = end
    }

    /// Whether each child grows when the paned grows.
    public func setResize(start: Bool, end: Bool) {
        resizeStartChild = start
        resizeEndChild = end
    }
}

extension Stack {
    /// Adds a page; `title` is what a StackSwitcher shows.
    public func add(_ child: Widget, name: String? = nil, title: String? = nil) {
        if let title {
            gtk_stack_add_titled(cast(), child.widget, name, title)
        } else {
            gtk_stack_add_named(cast(), child.widget, name)
        }
    }

    /// What a StackSwitcher shows for the page named `name` (a count that changes, say).
    public func setTitle(_ title: String, ofPageNamed name: String) {
        guard let child = gtk_stack_get_child_by_name(cast(), name) else { return }
        gtk_stack_page_set_title(gtk_stack_get_page(cast(), child), title)
    }

    /// The title of the page named `name`; nil when there is no such page or it has none.
    public func title(ofPageNamed name: String) -> String? {
        guard let child = gtk_stack_get_child_by_name(cast(), name),
            let title = gtk_stack_page_get_title(gtk_stack_get_page(cast(), child))
        else { return nil }
        return String(cString: title)
    }

    /// Shows `child` with a specific transition.
    public func show(_ child: Widget, transition: StackTransitionType) {
        self.transition = transition
        visibleChild = child
    }
}

extension StackSwitcher {
    /// A switcher for `stack`'s pages.
    public convenience init(stack: Stack) {
        self.init()
        self.stack = stack
    }
}

extension Revealer {
    /// A revealer that shows and hides its child with `transition`.
    public convenience init(transition: RevealerTransitionType) {
        self.init()
        transitionType = transition
    }
}

/// A widget holding one child that fills it (GTK 4 has no GtkBin; like libadwaita's
/// AdwBin). For widgets that are not layout containers themselves but host one.
open class Bin: Widget {
    public init() {
        super.init(UnsafeMutableRawPointer(gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)), ownership: .borrowed)
    }

    /// The one child, filling the widget.
    public var child: Widget? {
        get { firstChild }
        set {
            if let current = firstChild { gtk_box_remove(cast(), current.widget) }
            guard let newValue else { return }
            newValue.horizontalExpand = true
            newValue.verticalExpand = true
            gtk_box_append(cast(), newValue.widget)
        }
    }
}
