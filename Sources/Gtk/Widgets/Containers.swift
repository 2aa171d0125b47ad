import CGtk

/// GtkBox.
open class Box: Widget {
    public init(orientation: Orientation = .vertical, spacing: Int = 0) {
        super.init(gtk_box_new(orientation.gtk, gint(spacing)), ownership: .full)
    }

    override init(_ pointer: UnsafeMutableRawPointer, ownership: Ownership) {
        super.init(pointer, ownership: ownership)
    }

    public func append(_ child: Widget) { gtk_box_append(cast(), child.widget) }
    public func prepend(_ child: Widget) { gtk_box_prepend(cast(), child.widget) }
    public func remove(_ child: Widget) { gtk_box_remove(cast(), child.widget) }

    /// Removes every child.
    public func removeAll() {
        while let child = gtk_widget_get_first_child(widget) { gtk_box_remove(cast(), child) }
    }

    public var isHomogeneous: Bool {
        get { gtk_box_get_homogeneous(cast()) != 0 }
        set { gtk_box_set_homogeneous(cast(), newValue ? 1 : 0) }
    }
}

/// GtkCenterBox.
public final class CenterBox: Widget {
    public init() { super.init(gtk_center_box_new(), ownership: .full) }
    public var start: Widget? {
        get { nil }
        set { gtk_center_box_set_start_widget(cast(), newValue?.widget) }
    }
    public var center: Widget? {
        get { nil }
        set { gtk_center_box_set_center_widget(cast(), newValue?.widget) }
    }
    public var end: Widget? {
        get { nil }
        set { gtk_center_box_set_end_widget(cast(), newValue?.widget) }
    }
}

/// GtkScrolledWindow.
public final class ScrolledWindow: Widget {
    public init() { super.init(gtk_scrolled_window_new(), ownership: .full) }

    public var child: Widget? {
        get { Widget.wrap(gtk_scrolled_window_get_child(cast())) }
        set { gtk_scrolled_window_set_child(cast(), newValue?.widget) }
    }

    public enum Policy: Sendable { case automatic, always, never, external
        var gtk: GtkPolicyType {
            switch self {
            case .automatic: GTK_POLICY_AUTOMATIC
            case .always: GTK_POLICY_ALWAYS
            case .never: GTK_POLICY_NEVER
            case .external: GTK_POLICY_EXTERNAL
            }
        }
    }

    public func setPolicy(horizontal: Policy, vertical: Policy) {
        gtk_scrolled_window_set_policy(cast(), horizontal.gtk, vertical.gtk)
    }

    public var propagatesNaturalHeight: Bool {
        get { gtk_scrolled_window_get_propagate_natural_height(cast()) != 0 }
        set { gtk_scrolled_window_set_propagate_natural_height(cast(), newValue ? 1 : 0) }
    }

    /// The vertical scroll position, in pixels from the top.
    public var verticalOffset: Double {
        get { gtk_adjustment_get_value(gtk_scrolled_window_get_vadjustment(cast())) }
        set { gtk_adjustment_set_value(gtk_scrolled_window_get_vadjustment(cast()), newValue) }
    }

    /// The largest vertical offset (content height minus page height).
    public var maximumVerticalOffset: Double {
        let adjustment = gtk_scrolled_window_get_vadjustment(cast())
        return gtk_adjustment_get_upper(adjustment) - gtk_adjustment_get_page_size(adjustment)
    }
}

/// GtkPaned: two panes with a draggable divider.
public final class Paned: Widget {
    public init(orientation: Orientation = .horizontal) {
        super.init(gtk_paned_new(orientation.gtk), ownership: .full)
    }

    public var startChild: Widget? {
        get { Widget.wrap(gtk_paned_get_start_child(cast())) }
        set { gtk_paned_set_start_child(cast(), newValue?.widget) }
    }

    public var endChild: Widget? {
        get { Widget.wrap(gtk_paned_get_end_child(cast())) }
        set { gtk_paned_set_end_child(cast(), newValue?.widget) }
    }

    /// The divider position in pixels from the start.
    public var position: Int {
        get { Int(gtk_paned_get_position(cast())) }
        set { gtk_paned_set_position(cast(), gint(newValue)) }
    }

    public func setShrink(start: Bool, end: Bool) {
        gtk_paned_set_shrink_start_child(cast(), start ? 1 : 0)
        gtk_paned_set_shrink_end_child(cast(), end ? 1 : 0)
    }

    public func setResize(start: Bool, end: Bool) {
        gtk_paned_set_resize_start_child(cast(), start ? 1 : 0)
        gtk_paned_set_resize_end_child(cast(), end ? 1 : 0)
    }

    @discardableResult
    public func onPositionChanged(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        onNotify("position", owner: owner, handler)
    }
}

/// GtkStack transitions.
public enum StackTransition: Sendable {
    case none, crossfade, slideLeft, slideRight, slideLeftRight, slideUp, slideDown
    var gtk: GtkStackTransitionType {
        switch self {
        case .none: GTK_STACK_TRANSITION_TYPE_NONE
        case .crossfade: GTK_STACK_TRANSITION_TYPE_CROSSFADE
        case .slideLeft: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT
        case .slideRight: GTK_STACK_TRANSITION_TYPE_SLIDE_RIGHT
        case .slideLeftRight: GTK_STACK_TRANSITION_TYPE_SLIDE_LEFT_RIGHT
        case .slideUp: GTK_STACK_TRANSITION_TYPE_SLIDE_UP
        case .slideDown: GTK_STACK_TRANSITION_TYPE_SLIDE_DOWN
        }
    }
}

/// GtkStack: shows one child at a time, with animated transitions.
public final class Stack: Widget {
    public init() { super.init(gtk_stack_new(), ownership: .full) }

    /// Adds a page; `title` is what a StackSwitcher shows.
    public func add(_ child: Widget, name: String? = nil, title: String? = nil) {
        if let title {
            gtk_stack_add_titled(cast(), child.widget, name, title)
        } else {
            gtk_stack_add_named(cast(), child.widget, name)
        }
    }

    public func remove(_ child: Widget) { gtk_stack_remove(cast(), child.widget) }

    public var visibleChild: Widget? {
        get { Widget.wrap(gtk_stack_get_visible_child(cast())) }
        set { if let newValue { gtk_stack_set_visible_child(cast(), newValue.widget) } }
    }

    public var visibleChildName: String? {
        get { gtk_stack_get_visible_child_name(cast()).map { String(cString: $0) } }
        set { if let newValue { gtk_stack_set_visible_child_name(cast(), newValue) } }
    }

    /// Shows `child` with a specific transition.
    public func show(_ child: Widget, transition: StackTransition) {
        gtk_stack_set_transition_type(cast(), transition.gtk)
        gtk_stack_set_visible_child(cast(), child.widget)
    }

    public var transition: StackTransition {
        get { .none }
        set { gtk_stack_set_transition_type(cast(), newValue.gtk) }
    }

    /// Transition duration in milliseconds.
    public var transitionDuration: Int {
        get { Int(gtk_stack_get_transition_duration(cast())) }
        set { gtk_stack_set_transition_duration(cast(), guint(newValue)) }
    }

    public var isTransitionRunning: Bool { gtk_stack_get_transition_running(cast()) != 0 }

    public var hhomogeneous: Bool {
        get { gtk_stack_get_hhomogeneous(cast()) != 0 }
        set { gtk_stack_set_hhomogeneous(cast(), newValue ? 1 : 0) }
    }

    @discardableResult
    public func onVisibleChildChanged(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        onNotify("visible-child", owner: owner, handler)
    }

    @discardableResult
    public func onTransitionRunningChanged(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        onNotify("transition-running", owner: owner, handler)
    }
}

/// GtkStackSwitcher: page buttons for a Stack.
public final class StackSwitcher: Widget {
    public init(stack: Stack) {
        super.init(gtk_stack_switcher_new(), ownership: .full)
        gtk_stack_switcher_set_stack(cast(), stack.cast())
    }
}

/// GtkRevealer.
public final class Revealer: Widget {
    public enum Transition: Sendable { case crossfade, slideDown, slideUp
        var gtk: GtkRevealerTransitionType {
            switch self {
            case .crossfade: GTK_REVEALER_TRANSITION_TYPE_CROSSFADE
            case .slideDown: GTK_REVEALER_TRANSITION_TYPE_SLIDE_DOWN
            case .slideUp: GTK_REVEALER_TRANSITION_TYPE_SLIDE_UP
            }
        }
    }

    public init(transition: Transition = .slideDown) {
        super.init(gtk_revealer_new(), ownership: .full)
        gtk_revealer_set_transition_type(cast(), transition.gtk)
    }

    public var child: Widget? {
        get { Widget.wrap(gtk_revealer_get_child(cast())) }
        set { gtk_revealer_set_child(cast(), newValue?.widget) }
    }

    public var isRevealed: Bool {
        get { gtk_revealer_get_reveal_child(cast()) != 0 }
        set { gtk_revealer_set_reveal_child(cast(), newValue ? 1 : 0) }
    }
}

/// GtkOverlay: a main child with widgets floating above it.
public final class Overlay: Widget {
    public init() { super.init(gtk_overlay_new(), ownership: .full) }

    public var child: Widget? {
        get { Widget.wrap(gtk_overlay_get_child(cast())) }
        set { gtk_overlay_set_child(cast(), newValue?.widget) }
    }

    public func addOverlay(_ widget: Widget) { gtk_overlay_add_overlay(cast(), widget.widget) }
}

/// GtkHeaderBar.
public final class HeaderBar: Widget {
    public init() { super.init(gtk_header_bar_new(), ownership: .full) }
    public func packStart(_ child: Widget) { gtk_header_bar_pack_start(cast(), child.widget) }
    public func packEnd(_ child: Widget) { gtk_header_bar_pack_end(cast(), child.widget) }
    public var titleWidget: Widget? {
        get { Widget.wrap(gtk_header_bar_get_title_widget(cast())) }
        set { gtk_header_bar_set_title_widget(cast(), newValue?.widget) }
    }
}
