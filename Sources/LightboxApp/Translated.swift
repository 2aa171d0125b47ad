import Gtk

// The executable's marked messages (the --help text), in the app's domain `lightbox`: the
// same marking functions as the app's (`po/update-pot` extracts tr:1, trn:1,2, trc:1c,2).

private let appTextDomain = "lightbox"

/// `message` in the person's language.
func tr(_ message: String) -> String {
    Translation.text(message, domain: appTextDomain)
}

/// The form of `singular`/`plural` for `count` in the person's language.
func trn(_ singular: String, _ plural: String, _ count: Int) -> String {
    Translation.text(singular, plural: plural, count: count, domain: appTextDomain)
}

/// `message` meant in `context`, in the person's language.
func trc(_ context: String, _ message: String) -> String {
    Translation.text(message, context: context, domain: appTextDomain)
}
