import Gtk

/// The window's top-level pages in a stack that cross-fades, and the switcher that flips
/// between them (shown in the header, in place of the title).
final class PagesView: Box {
    let stack: Stack
    let switcher: StackSwitcher

    init() {
        let stack = Stack()
        self.stack = stack
        switcher = StackSwitcher(stack: stack)
        super.init(orientation: .vertical)
        stack.transition = .crossfade
        stack.verticalExpand = true
        stack.horizontalExpand = true
        switcher.setAccessibleLabel(tr("Pages"))
        append(stack)
    }

    func add(_ page: Widget, name: String, title: String) {
        stack.add(page, name: name, title: title)
    }

    func show(_ page: Widget) {
        stack.show(page, transition: .crossfade)
    }
}
