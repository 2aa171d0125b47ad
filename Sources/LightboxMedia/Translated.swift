import Gtk

// The media module's marked messages: the error descriptions a photo's row shows. The same
// gettext domain as the app's (`lightbox`, one catalog), marked the same way (tr:1,
// trn:1,2, trc:1c,2; plain literals, placeholders filled by `String(format:)`), looked up
// through the binding's `Translation`.

/// The text domain of the app this module serves.
let mediaTextDomain = "lightbox"

/// `message` in the person's language.
func tr(_ message: String) -> String {
    Translation.text(message, domain: mediaTextDomain)
}

/// The form of `singular`/`plural` for `count` in the person's language.
func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    Translation.text(singular, plural: plural, count: count, domain: mediaTextDomain)
}

/// `message` meant in `context`, in the person's language.
func trc(_ context: String, _ message: String) -> String {
    Translation.text(message, context: context, domain: mediaTextDomain)
}
