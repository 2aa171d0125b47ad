import Gtk

@testable import Lightbox

/// What a person sees of the window's toast, read from the toast and its widget on screen.
@MainActor
extension MainWindowView {
    /// The shown toast's title; nil when no toast shows.
    var toastTitle: String? { toastPresenter.message }

    /// Whether the shown toast has an Undo button that activates `win.undo`.
    var toastOffersUndo: Bool { toastPresenter.button?.label == "Undo" && toastPresenter.button?.action == "win.undo" }

    /// The toast's button as libadwaita shows it (a GtkButton in the toast overlay).
    var toastButton: Button? {
        var queue: [Widget] = [self]
        while let next = queue.popLast() {
            if let button = next as? Button, button.label == "Undo", button.isVisible { return button }
            queue.append(contentsOf: next.children)
        }
        return nil
    }
}
