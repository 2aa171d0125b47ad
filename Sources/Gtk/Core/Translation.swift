import CGtk

/// gettext for Swift code: messages looked up in a text domain's compiled catalog for the
/// person's locale (GLib's `g_dgettext` family, which also keep GTK's own strings in step).
///
/// Swift has no xgettext parser, so callers mark their messages with small functions of
/// their own (the app's `tr`, `trn`, `trc`; the kit's `kitText`) that xgettext extracts in
/// its Objective-C mode, whose string literals and `%@` formats are Swift's: marked messages
/// are plain literals, never interpolations (`String(format:)` fills them in).
public enum Translation {
    /// Sets the locale from the environment (`LANG`, `LC_ALL`…), binds `domain` to the
    /// folder of compiled catalogs (`<folder>/<lang>/LC_MESSAGES/<domain>.mo`) read as
    /// UTF-8, and makes it the default domain. Call once, before any widget is made.
    public static func start(domain: String, folder: String) {
        setlocale(LC_ALL, "")
        bind(domain: domain, to: folder)
        textdomain(domain)
    }

    /// Binds another domain (a library's) to a folder of compiled catalogs.
    public static func bind(domain: String, to folder: String) {
        bindtextdomain(domain, folder)
        bind_textdomain_codeset(domain, "UTF-8")
    }

    /// `message` translated in `domain` (itself when the catalog lacks it); nil is the
    /// default domain, the one the application chose with `start(domain:folder:)`.
    public static func text(_ message: String, domain: String?) -> String {
        // gettext returns its argument itself when the catalog lacks the message: the C
        // string must outlive the call (a bridged temporary would be gone when it is read).
        message.withCString { id in String(cString: g_dgettext(domain, id)) }
    }

    /// The singular or a plural form for `count`, translated in `domain`.
    public static func text(_ singular: String, plural: String, count: Int, domain: String?) -> String {
        singular.withCString { one in
            plural.withCString { many in String(cString: g_dngettext(domain, one, many, gulong(max(0, count)))) }
        }
    }

    /// `message` in `context` (a word that means different things in different places),
    /// translated in `domain`.
    public static func text(_ message: String, context: String, domain: String?) -> String {
        message.withCString { id in String(cString: g_dpgettext2(domain, context, id)) }
    }
}
