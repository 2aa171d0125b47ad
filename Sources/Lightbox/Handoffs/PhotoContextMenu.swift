import Gtk
import LightboxKit

/// The menu of what can be done with photos (Open With…, Show in Files, Copy, Set as
/// Background, Export…, rotate, date and place, the albums', Move to Trash), all through the window's actions so the menu acts on the
/// page's selection: a popover on a widget, opened by a right click or by the window's
/// `win.photo-menu` (the Menu key, Shift+F10: see `PhotoMenuOpening`), and the same items
/// for a header's menu button.
@MainActor
public final class PhotoContextMenu {
    /// The items, as a menu model (also for a header's menu button).
    public static func makeModel() -> Menu {
        let menu = Menu()
        let handOff = Menu()
        handOff.append(tr("Open With…"), action: "win.open-with")
        handOff.append(tr("Show in Files"), action: "win.show-in-files")
        handOff.append(tr("Copy"), action: "win.copy", accel: "<Control>c")
        handOff.append(tr("Set as Background"), action: "win.set-background")
        handOff.append(tr("Export…"), action: "win.export", accel: "<Shift><Control>e")
        menu.appendSection(nil, handOff)
        let corrections = Menu()
        corrections.append(tr("Rotate Right"), action: "win.rotate-right", accel: "<Control>r")
        corrections.append(tr("Rotate Left"), action: "win.rotate-left", accel: "<Shift><Control>r")
        corrections.append(tr("Date and Time…"), action: "win.adjust-date", accel: "<Shift><Control>t")
        corrections.append(tr("Place…"), action: "win.set-place", accel: "<Shift><Control>l")
        corrections.append(tr("Copy Place"), action: "win.copy-place", accel: "<Shift><Control>c")
        corrections.append(tr("Paste Place"), action: "win.paste-place", accel: "<Shift><Control>v")
        corrections.append(tr("Remove Place"), action: "win.remove-place")
        menu.appendSection(nil, corrections)
        let albums = Menu()
        albums.append(tr("Add to Album…"), action: "win.add-to-album")
        albums.append(tr("Remove from Album"), action: "win.remove-from-album", hiddenWhenDisabled: true)
        albums.append(tr("Set as Album Cover"), action: "win.set-album-cover", hiddenWhenDisabled: true)
        menu.appendSection(nil, albums)
        let trash = Menu()
        trash.append(tr("Move to Trash"), action: "win.trash", accel: "Delete")
        menu.appendSection(nil, trash)
        return menu
    }

    public let popover = PopoverMenu(model: PhotoContextMenu.makeModel())
    /// Called before the menu opens, with what it opens for (the row under a right click,
    /// the focused row), so the page can select it first as a file manager does.
    public var willOpen: (@MainActor (_ target: Widget?) -> Void)?
    /// Where the keyboard was when the menu opened: it goes back there when the menu closes
    /// (the popover's parent, the view, takes no focus).
    private weak var focusBeforeOpening: Widget?

    /// The menu of `host` (a view class, a GtkBox: it keeps the popover as GtkMenuButton
    /// keeps its own, and lets go of it when it goes).
    public init(host: Widget) {
        popover.hasArrow = false
        popover.position = .bottom
        popover.attach(to: host)
        popover.onClosed(owner: self) { [weak self] in
            guard let self, let focus = self.focusBeforeOpening, focus.isMapped else { return }
            self.focusBeforeOpening = nil
            _ = focus.grabFocus()
        }
    }

    /// Whether the menu is open.
    public var isOpen: Bool { popover.isVisible }

    /// Opens the menu pointing at `point` of `widget` (a click), or at the whole widget.
    public func open(on widget: Widget, at point: (x: Double, y: Double)? = nil, for target: Widget? = nil) {
        focusBeforeOpening = widget.rootWindow?.focusWidget
        willOpen?(target)
        popover.popup(pointingAt: widget, at: point)
    }

    /// Opens the menu in the middle of `widget` (a photo shown large: under the whole page
    /// it would have no room).
    public func openInTheMiddle(of widget: Widget) {
        open(on: widget, at: (Double(widget.width) / 2, Double(widget.height) / 2))
    }

    /// A right click in `widget` opens the menu there, for what `target` finds at the
    /// click (a row).
    public func openOnRightClick(
        of widget: Widget,
        target: @escaping @MainActor ((x: Double, y: Double)) -> Widget? = { _ in nil }
    ) {
        let click = GestureClick()
        click.button = 3
        click.onPressed(owner: widget) { [weak self, weak widget] _, x, y in
            guard let self, let widget else { return }
            self.open(on: widget, at: (x, y), for: target((x, y)))
        }
        widget.add(click)
    }
}

extension PhotoContextMenu {
    /// The photo menu on a photo list: a right click on a row. The menu acts on the
    /// selection, so a right click on a photo outside it selects that photo first, as in a
    /// file manager.
    public func attach(to list: ListView, source: PhotoListSource) {
        attach(toView: list, source: source) { [unowned list] point in list.descendant(at: point, as: PhotoRow.self) }
    }

    /// The photo menu on a photo grid, as on a list.
    public func attach(to grid: GridView, source: PhotoListSource) {
        attach(toView: grid, source: source) { [unowned grid] point in grid.descendant(at: point, as: PhotoCell.self) }
    }

    /// The photo menu on a strip of `Row`s (the Months page's months), as on a list.
    func attach<Row: PhotoItemView>(to list: ListView, source: ArrayDataSource<Photo>, rows: Row.Type) {
        attach(toView: list, source: source) { [unowned list] point in list.descendant(at: point, as: Row.self) }
    }

    private func attach(
        toView view: Widget, source: ArrayDataSource<Photo>,
        itemAt: @escaping @MainActor ((x: Double, y: Double)) -> Widget?
    ) {
        openOnRightClick(of: view, target: itemAt)
        willOpen = { [unowned source] target in
            if let photo = (target as? any PhotoItemView)?.photo, !source.selectedItems.contains(where: { $0.id == photo.id }) {
                source.select(id: photo.id)
            }
        }
    }

    /// Opens the menu on the first selected photo of a list or grid (on the view when none is built).
    public func open(onSelectionOf list: Widget, source: ArrayDataSource<Photo>) {
        if let row = source.selectedRow { open(on: row, for: row) } else { openInTheMiddle(of: list) }
    }
}

extension ArrayDataSource where Item == Photo {
    /// The row of the first selected photo, when it is built.
    var selectedRow: Widget? { selectedPositions.first.flatMap(boundRow(at:)) }
}

/// A page with a photo menu: the window's `win.photo-menu` (the Menu key or Shift+F10, unless
/// a text field takes them for its own menu) opens it on the page's selection.
@MainActor
public protocol PhotoMenuOpening: AnyObject {
    func openPhotoMenu()
}

extension PhotosController: PhotoMenuOpening {
    public func openPhotoMenu() { photoList.openPhotoMenu() }
}

extension PhotoPageController: PhotoMenuOpening {}

extension PhotoCollectionController: PhotoMenuOpening {
    public func openPhotoMenu() {
        guard let view = view as? PhotoCollectionView else { return }
        view.contextMenu.open(onSelectionOf: view.list, source: source)
    }
}
