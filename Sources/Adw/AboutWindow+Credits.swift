import CAdw
import CGtk
@_spi(GtkBinding) import Gtk

extension AboutWindow {
    /// The Credits page's developers ("Name <email>" or "Name https://…" each).
    public var developers: [String] {
        get { strings(adw_about_window_get_developers(cast())) }
        set { withStringArray(newValue) { adw_about_window_set_developers(cast(), $0) } }
    }

    /// The Credits page's designers.
    public var designers: [String] {
        get { strings(adw_about_window_get_designers(cast())) }
        set { withStringArray(newValue) { adw_about_window_set_designers(cast(), $0) } }
    }

    /// A Credits section of its own ("Sample Photos" and their authors).
    public func addCreditSection(_ name: String, people: [String]) {
        withStringArray(people) { adw_about_window_add_credit_section(cast(), name, $0) }
    }

    private func strings(_ array: UnsafePointer<UnsafePointer<CChar>?>?) -> [String] {
        var result: [String] = []
        var index = 0
        while let array, let string = array[index] {
            result.append(String(cString: string))
            index += 1
        }
        return result
    }

    /// A NULL-terminated array of C strings, valid during `body`.
    private func withStringArray(_ strings: [String], _ body: (UnsafeMutablePointer<UnsafePointer<CChar>?>) -> Void) {
        var cStrings: [UnsafePointer<CChar>?] = strings.map { UnsafePointer(strdup($0)) }
        cStrings.append(nil)
        defer { cStrings.forEach { free(UnsafeMutableRawPointer(mutating: $0)) } }
        cStrings.withUnsafeMutableBufferPointer { body($0.baseAddress!) }
    }
}
