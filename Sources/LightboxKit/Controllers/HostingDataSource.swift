import Gtk

/// A row that shows whatever view it is given (it never knows the controller behind it).
public final class HostingRow: ListRowView {
    public required init() {
        super.init()
    }

    public private(set) var hostedView: Widget?

    func host(_ view: Widget) {
        guard hostedView !== view else { return }
        unhost()
        view.horizontalExpand = true
        contentView.append(view)
        hostedView = view
    }

    func unhost() {
        guard let hostedView else { return }
        contentView.remove(hostedView)
        self.hostedView = nil
    }
}

/// An array data source whose rows each host a child controller (view controllers in cells, the
/// parent-owned variant with recycling).
///
/// On bind a controller comes from the pool of unused ones (or is made), is
/// configured with the item, becomes a child of `parent`, and its view goes into the
/// row. On unbind its view leaves the row (it disappears), it leaves `parent`, and it
/// goes back to the pool, which keeps at most `poolLimit`. The parent should own this
/// source: pooled controllers are held only here, so none outlives its parent.
@MainActor
open class HostingDataSource<Item, Hosted: Controller>: ArrayDataSource<Item> {
    public weak var parent: Controller?
    /// Most unused controllers kept for reuse; the rest are freed.
    public let poolLimit: Int
    private let make: @MainActor () -> Hosted
    private let configure: @MainActor (Hosted, Item) -> Void
    /// Controllers waiting for a row.
    private var unused: [Hosted] = []
    /// Controllers in use, by the row that shows them.
    private var hostedByRow: [ObjectIdentifier: Hosted] = [:]

    public init(
        _ items: [Item] = [], parent: Controller, poolLimit: Int = 16,
        make: @escaping @MainActor () -> Hosted,
        configure: @escaping @MainActor (Hosted, Item) -> Void
    ) {
        self.parent = parent
        self.poolLimit = poolLimit
        self.make = make
        self.configure = configure
        super.init(items)
        register(HostingRow.self) { _, _ in }
    }

    /// Controllers hosted in bound rows now.
    public var hostedControllers: [Hosted] { Array(hostedByRow.values) }

    /// Controllers waiting in the pool.
    public var pooledCount: Int { unused.count }

    open override func bind(row: ListRowView, item: Item, at position: Int) {
        guard let row = row as? HostingRow else { return }
        if let current = hostedByRow[ObjectIdentifier(row)] {
            configure(current, item)
            return
        }
        guard let parent else {
            GLibLog.critical(
                "HostingDataSource: a row was bound after the parent controller was freed; it stays empty",
                domain: GLibLog.kitDomain)
            return
        }
        let controller = unused.popLast() ?? make()
        configure(controller, item)
        parent.addChild(controller)
        row.host(controller.view)
        controller.didMove(toParent: parent)
        hostedByRow[ObjectIdentifier(row)] = controller
    }

    open override func unbind(row: ListRowView) {
        guard let row = row as? HostingRow,
            let controller = hostedByRow.removeValue(forKey: ObjectIdentifier(row))
        else { return }
        row.unhost()
        controller.willMove(toParent: nil)
        controller.removeFromParent()
        if unused.count < poolLimit { unused.append(controller) }
    }
}
