import CGtk
import CGtkSupport

/// A lazy `GListModel` whose items live in Swift (a data source's array).
///
/// The model stores only the item count. GTK receives an item object only for a
/// position it asks for; the object records its source position and is freed when
/// GTK drops it. While an object is alive, asking again for its position returns the
/// same object, and `splice` keeps the positions of live objects up to date
/// (an object can be carried to a new position, so a moved item keeps its identity).
public final class LazyListModel: Object, ListModel {
    /// The live item objects and the lendable ones, behind a pointer: a stored property
    /// of a class is checked for overlapping access at run time on every use, which cost
    /// a pass over a million items a third of its time. GTK calls a model only on the
    /// main thread; the two C callbacks below touch this without the main-actor check
    /// (another third).
    nonisolated(unsafe) private let state: UnsafeMutablePointer<State>

    private struct State {
        /// Live item objects by position.
        var live = LiveItemTable()
        /// During a lending splice's `items-changed`: the removed objects (each with a
        /// reference of ours), handed out again for positions GTK asks for.
        var lendable: [UnsafeMutableRawPointer] = []
    }

    /// Item objects made by all lazy models and not yet freed (for leak tests).
    package static var liveItemObjects: Int { Int(lbx_array_item_live_count()) }

    /// The C model (also reachable from the nonisolated callbacks).
    nonisolated(unsafe) private let model: OpaquePointer

    public init() {
        state = .allocate(capacity: 1)
        state.initialize(to: State())
        model = lbx_array_model_new()
        super.init(UnsafeMutableRawPointer(model), ownership: .full)
        lbx_array_model_set_owner(model, getItemCallback, itemFinalizedCallback, Unmanaged.passUnretained(self).toOpaque())
    }

    isolated deinit {
        // Items GTK still holds must not call back into this (gone) owner.
        lbx_array_model_set_owner(model, nil, nil, nil)
        state.deinitialize(count: 1)
        state.deallocate()
    }

    /// The number of items GTK sees.
    public var count: Int { Int(lbx_array_model_get_count(model)) }

    /// Items at positions GTK currently holds objects for.
    package var livePositions: [Int] { state.pointee.live.allPositions }

    nonisolated fileprivate func itemObject(at position: Int) -> UnsafeMutableRawPointer {
        if let existing = state.pointee.live[position] {
            g_object_ref(existing)
            return existing
        }
        if let lent = state.pointee.lendable.popLast() {
            // Our reference goes to the caller.
            lbx_array_item_set_position(OpaquePointer(lent), guint(position))
            state.pointee.live.insert(lent, at: position)
            return lent
        }
        let item = UnsafeMutableRawPointer(lbx_array_item_new(model, guint(position))!)
        state.pointee.live.insert(item, at: position)
        return item
    }

    nonisolated fileprivate func itemFinalized(_ item: UnsafeMutableRawPointer, position: guint) {
        guard position != LBX_ARRAY_ITEM_DETACHED else { return }
        state.pointee.live.remove(item, at: Int(position))
    }

    /// The live objects in `range`, by offset from `range.lowerBound`, retained so they
    /// can be carried through a removal and put back by `splice(…carrying:)`.
    public func liveItems(in range: Range<Int>) -> [Int: ModelItem] {
        var result: [Int: ModelItem] = [:]
        for (position, item) in state.pointee.live.entries(in: range) {
            result[position - range.lowerBound] = ModelItem(retaining: item)
        }
        return result
    }

    /// Records that the backing array replaced `removed` items at `position` with `added`
    /// new ones, then emits `items-changed`. `carrying` puts existing objects (from
    /// `liveItems(in:)`, keyed by offset into the added range) at their new positions.
    ///
    /// `lendingRemoved`: while GTK handles the signal, positions it asks for that have no
    /// object get the removed objects instead of new ones. GTK 4.8 keeps the row of a
    /// removed object it meets again and binds it to the new position; otherwise it
    /// destroys up to 200 rows and builds as many (a search that narrows 100,000 items
    /// took 75 ms here, 20 ms with lending). Pass false when a removed object is carried.
    public func splice(
        at position: Int, removed: Int, added: Int, carrying: [Int: ModelItem] = [:],
        lendingRemoved: Bool = false
    ) {
        precondition(
            position >= 0 && removed >= 0 && added >= 0 && position + removed <= count,
            "splice(at: \(position), removed: \(removed), added: \(added)) outside 0..<\(count)")
        if lendingRemoved, removed > 0 {
            state.pointee.lendable = state.pointee.live.entries(in: position..<position + removed).reversed().map {
                g_object_ref($0.1)
                return $0.1
            }
        }
        defer {
            for item in state.pointee.lendable { g_object_unref(item) }
            state.pointee.lendable = []
        }
        if !state.pointee.live.isEmpty { state.pointee.live.splice(at: position, removed: removed, added: added) }
        for (offset, item) in carrying {
            precondition(offset >= 0 && offset < added, "carried item offset \(offset) outside the added range")
            precondition(lbx_array_item_belongs_to(item.pointer, model) != 0, "carried item belongs to another model")
            lbx_array_item_set_position(OpaquePointer(item.pointer), guint(position + offset))
            state.pointee.live.insert(item.pointer, at: position + offset)
        }
        lbx_array_model_splice(model, guint(position), guint(removed), guint(added))
    }

    /// The source position of `item` if this model made it and it is still in the model.
    public func position(of item: ModelItem) -> Int? {
        guard lbx_array_item_belongs_to(item.pointer, model) != 0 else { return nil }
        let position = lbx_array_item_get_position(OpaquePointer(item.pointer))
        return position == LBX_ARRAY_ITEM_DETACHED ? nil : Int(position)
    }
}

// The C callbacks, at file scope so that no main-actor check is compiled into them.
private let getItemCallback: LbxArrayModelGetItem = { owner, position in
    Unmanaged<LazyListModel>.fromOpaque(owner!)._withUnsafeGuaranteedRef { $0.itemObject(at: Int(position)) }
}

private let itemFinalizedCallback: LbxArrayModelItemFinalized = { owner, item, position in
    Unmanaged<LazyListModel>.fromOpaque(owner!)._withUnsafeGuaranteedRef { $0.itemFinalized(item!, position: position) }
}

/// One item object of a `GListModel`, retained while this value lives.
/// Two `ModelItem`s are equal when they hold the same object. Main thread only.
public final class ModelItem: Hashable {
    let pointer: UnsafeMutableRawPointer

    init(retaining pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
        g_object_ref(pointer)
    }

    /// Adopts a reference (a `transfer full` return).
    init(adopting pointer: UnsafeMutableRawPointer) {
        self.pointer = pointer
    }

    deinit {
        g_object_unref(pointer)
    }

    public static func == (lhs: ModelItem, rhs: ModelItem) -> Bool { lhs.pointer == rhs.pointer }
    public func hash(into hasher: inout Hasher) { hasher.combine(pointer) }
}

extension ListModel {
    /// The item object GTK gets at `position` (`g_list_model_get_item`).
    public func item(at position: Int) -> ModelItem? {
        g_list_model_get_item(cast(), guint(position)).map { ModelItem(adopting: $0) }
    }
}

extension ListItem {
    /// The model item bound to this slot, or nil when unbound.
    public var modelItem: ModelItem? {
        itemPointer.map { ModelItem(retaining: $0) }
    }
}

extension ListModel {
    /// Asks for every item once and drops it (what a full scroll or a GTK sort does;
    /// for benchmarks and tests).
    public func readAllItems() {
        let list: OpaquePointer = cast()
        for position in 0..<g_list_model_get_n_items(list) {
            g_object_unref(g_list_model_get_item(list, position))
        }
    }
}
