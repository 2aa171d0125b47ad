import CGtk

/// One line of a shortcuts window: what it does and its accelerator ("<Control>f").
public struct Shortcut: Sendable {
    public let title: String
    public let accelerator: String
    public init(_ title: String, _ accelerator: String) {
        self.title = title
        self.accelerator = accelerator
    }
}

/// A titled group of shortcuts.
public struct ShortcutGroup: Sendable {
    public let title: String
    public let shortcuts: [Shortcut]
    public init(_ title: String, _ shortcuts: [Shortcut]) {
        self.title = title
        self.shortcuts = shortcuts
    }
}

/// GtkShortcutsWindow built from Swift values (GTK only builds it from UI XML).
public final class ShortcutsWindow: Window {
    public init(groups: [ShortcutGroup]) {
        let builder = gtk_builder_new_from_string(ShortcutsWindow.xml(groups), -1)
        defer { g_object_unref(UnsafeMutableRawPointer(builder)) }
        guard let window = gtk_builder_get_object(builder, "shortcuts") else {
            preconditionFailure("GtkBuilder did not build the shortcuts window")
        }
        super.init(UnsafeMutableRawPointer(window), ownership: .borrowed)
    }

    /// The shortcuts the window lists, read back from the GtkShortcutsShortcut widgets of its
    /// sections (not the copies GTK makes for its search): each one's title and accelerator,
    /// in the order shown.
    public var listedShortcuts: [Shortcut] {
        var found: [Shortcut] = []
        func string(_ object: UnsafeMutablePointer<GtkWidget>, _ property: String) -> String {
            var value = GValue()
            g_value_init(&value, lbx_type_string())
            defer { g_value_unset(&value) }
            g_object_get_property(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GObject.self), property, &value)
            return g_value_get_string(&value).map { String(cString: $0) } ?? ""
        }
        func visit(_ widget: UnsafeMutablePointer<GtkWidget>, inSection: Bool) {
            // Not in `||`'s autoclosure: the release build's region check takes it for a sending.
            let isSection = lbx_is_a(widget, gtk_shortcuts_section_get_type()) != 0
            let inSection = inSection || isSection
            if inSection, lbx_is_a(widget, gtk_shortcuts_shortcut_get_type()) != 0 {
                found.append(Shortcut(string(widget, "title"), string(widget, "accelerator")))
            }
            var child = gtk_widget_get_first_child(widget)
            while let current = child {
                visit(current, inSection: inSection)
                child = gtk_widget_get_next_sibling(current)
            }
        }
        visit(widget, inSection: false)
        return found
    }

    static func xml(_ groups: [ShortcutGroup]) -> String {
        func escape(_ text: String) -> String {
            text.replacingAll("&", "&amp;").replacingAll("<", "&lt;").replacingAll(">", "&gt;")
                .replacingAll("\"", "&quot;")
        }
        var xml = """
            <interface><object class="GtkShortcutsWindow" id="shortcuts"><property name="modal">1</property>
            <child><object class="GtkShortcutsSection"><property name="section-name">shortcuts</property>
            <property name="max-height">12</property>
            """
        for group in groups {
            xml += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escape(group.title))</property>"
            for shortcut in group.shortcuts {
                xml += """
                    <child><object class="GtkShortcutsShortcut">\
                    <property name="title">\(escape(shortcut.title))</property>\
                    <property name="accelerator">\(escape(shortcut.accelerator))</property>\
                    </object></child>
                    """
            }
            xml += "</object></child>"
        }
        return xml + "</object></child></object></interface>"
    }
}

extension String {
    fileprivate func replacingAll(_ target: String, _ replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
