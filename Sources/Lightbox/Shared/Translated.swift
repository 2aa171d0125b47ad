import Gtk

// The app's marked messages (gettext, domain `lightbox`; `po/update-pot` extracts them with
// xgettext's Objective-C mode and the keywords tr:1, trn:1,2, trc:1c,2). A marked message is
// a plain string literal, never an interpolation: placeholders are `%@`/`%d` (`%1$@` when a
// translation may reorder them), filled in by `String(format:)`. A comment starting with
// `Translators:` on the line before goes to the translators. The executable (`LightboxApp`'s
// --help) uses these too (package access); LightboxMedia, below this module, has its own.

/// The app's text domain.
package let appTextDomain = "lightbox"

/// `message` in the person's language.
package func tr(_ message: String) -> String {
    Translation.text(message, domain: appTextDomain)
}

/// The form of `singular`/`plural` for `count` in the person's language (a format:
/// `String(format: trn("%d photo", "%d photos", n), n)`).
package func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    Translation.text(singular, plural: plural, count: count, domain: appTextDomain)
}

/// `message` meant in `context` ("Rating" a sort key, not a rating), in the person's language.
package func trc(_ context: String, _ message: String) -> String {
    Translation.text(message, context: context, domain: appTextDomain)
}
