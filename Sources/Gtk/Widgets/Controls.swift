import CGtk

extension Button {
    /// A button with an icon, and a label for screen readers and tooltips when given.
    public convenience init(label: String?, iconName: String) {
        self.init(iconName: iconName)
        if let label { self.label = label }
    }

    /// The action ("win.open") the button activates.
    public var actionName: String? {
        get { borrowString(gtk_actionable_get_action_name(cast())) }
        set { gtk_actionable_set_action_name(cast(), newValue) }
    }

    /// The parameter `actionName` is activated with (nil: none), as in "win.rate(3)".
    public var actionTarget: Variant? {
        get { Variant.borrowing(gtk_actionable_get_action_target_value(cast())) }
        set { gtk_actionable_set_action_target_value(cast(), newValue?.raw) }
    }

    /// Emits "clicked", as a completed user click does.
    public func click() { emitClicked() }
}

extension ToggleButton {
    /// A toggle button with an icon (and a label when given).
    public convenience init(iconName: String, label: String? = nil) {
        self.init()
        self.iconName = iconName
        if let label { self.label = label }
    }
}

extension SearchEntry {
    /// A search entry showing `placeholder` while empty.
    public convenience init(placeholder: String?) {
        self.init()
        if let placeholder { placeholderText = placeholder }
    }

    /// Types the key `controller` is handling into the entry, also while the entry is not
    /// shown yet (GTK gives keys to no one then; GtkSearchBar forwards them the same way).
    /// Only from a key handler; returns whether the entry used the key.
    public func type(keyFrom controller: EventControllerKey) -> Bool {
        guard let text = gtk_editable_get_delegate(cast()) else { return false }
        return gtk_event_controller_key_forward(controller.cast(), UnsafeMutablePointer<GtkWidget>(text)) != 0
    }

    /// The entry's text.
    public var text: String {
        get { String(cString: gtk_editable_get_text(cast())) }
        set { gtk_editable_set_text(cast(), newValue) }
    }

    /// Calls `handler` after every change of the text, at once (`search-changed` waits for typing to pause).
    @discardableResult
    public func onTextChanged(owner: AnyObject? = nil, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectNotify("text", owner: owner, handler)
    }
}

extension Entry {
    /// An entry showing `placeholder` while empty.
    public convenience init(placeholder: String?) {
        self.init()
        if let placeholder { placeholderText = placeholder }
    }

    /// The entry's text (its `GtkEditable` interface, which the binding does not wrap).
    public var text: String {
        get { String(cString: gtk_editable_get_text(cast())) }
        set { gtk_editable_set_text(cast(), newValue) }
    }

    /// Calls `handler` after the text changed, typed or set (`notify::text`).
    @discardableResult
    public func onTextChanged(owner: AnyObject? = nil, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connectNotify("text", owner: owner, handler)
    }
}

extension Switch {
    /// The action ("win.save-metadata-in-files") the switch toggles: a boolean stateful
    /// action without parameter, whose state the switch shows.
    public var actionName: String? {
        get { borrowString(gtk_actionable_get_action_name(cast())) }
        set { gtk_actionable_set_action_name(cast(), newValue) }
    }
}

extension Label {
    /// The text as it reads on screen: `text` without its Pango markup when the label uses
    /// markup ("Tom & Jerry" for "Tom &amp; Jerry").
    public var shownText: String { borrowString(gtk_label_get_text(cast())) ?? "" }
}
