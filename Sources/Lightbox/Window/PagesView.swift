import Gtk

/// The window's top-level pages in a stack that cross-fades, and the switcher that flips
/// between them (shown in the header, in place of the title).
final class PagesView: Box {
    let stack: Stack
    let switcher: StackSwitcher
    /// Each page's box, which holds its view once the page has shown.
    private var holders: [String: Box] = [:]

    init() {
        let stack = Stack()
        self.stack = stack
        switcher = StackSwitcher(stack: stack)
        super.init(orientation: .vertical)
        stack.transition = .crossfade
        stack.verticalExpand = true
        stack.horizontalExpand = true
        switcher.setAccessibleLabel(tr("Pages"))
        // Five pages: buttons as wide as their names, so the window still narrows to a half screen.
        switcher.addCssClass("pages-switcher")
        append(stack)
    }

    /// Adds a page that holds its view from `place(_:name:)` on (the switcher shows it at once).
    func addPlaceholder(name: String, title: String) {
        let holder = Box(orientation: .vertical)
        holders[name] = holder
        stack.add(holder, name: name, title: title)
    }

    /// Puts `view` in the page `name`, unless it is there already.
    func place(_ view: Widget, name: String) {
        guard let holder = holders[name], holder.firstChild == nil else { return }
        view.verticalExpand = true
        holder.append(view)
    }

    func show(name: String) {
        stack.setVisibleChildFull(name, transition: .crossfade)
    }
}
