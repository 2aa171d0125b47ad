import Gtk

/// A small window over the main one that corrects the selected photos (Date and Time, Place):
/// Cancel and the button that does it in its header, no title buttons, not resizable.
class CorrectionWindow: Gtk.Window {
    let cancelButton = Button(mnemonic: tr("_Cancel"))
    /// The button that applies the correction (suggested, on the header's end).
    let confirmButton: Button

    init(confirming mnemonic: String, cssClass: String, width: Int) {
        confirmButton = Button(mnemonic: mnemonic)
        super.init()
        addCssClass(cssClass)
        setDefaultSize(width: width, height: -1)
        resizable = false
        let header = Gtk.HeaderBar()
        header.showsTitleButtons = false
        header.packStart(cancelButton)
        header.packEnd(confirmButton)
        confirmButton.addCssClass("suggested-action")
        titlebar = header
    }
}
