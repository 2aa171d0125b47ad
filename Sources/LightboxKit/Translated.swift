import Gtk

/// The kit's few messages ("Back", a row's error text) in the person's language: looked up in
/// the application's default text domain (the one it passed to `Translation.start`), so an
/// adopter translates them with its own messages — `xgettext -k -kkitText:1` over the kit's
/// sources, as Lightbox's `po/update-pot` does. A marked message is a plain string literal.
func kitText(_ message: String) -> String {
    Translation.text(message, domain: nil)
}
