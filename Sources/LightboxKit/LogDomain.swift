import Gtk

extension GLibLog {
    /// The log domain of the kit's own criticals and warnings.
    static let kitDomain = "LightboxKit"
}
