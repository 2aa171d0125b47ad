import CBenchModels
import Gtk
import LightboxKit

/// `lightbox-bench model`: the array data source against GTK's GListStore, a minimal
/// hand-written lazy C GListModel, and Swift's CollectionDifference, side by side.
@MainActor
func runModelBenchmark(json: Bool) {
    let million = 1_000_000
    var results: [String: Double] = [:]

    // Build 1M items and read n_items: ours (array included) vs GListStore of 1M GObjects.
    let (buildOurs, buildStore) = Bench.sideBySide(
        runs: 7,
        {
            var source: ArrayDataSource<BenchItem>?
            let seconds = Bench.seconds {
                source = ArrayDataSource(benchItems(million))
                precondition(source!.model.itemCount == million)
            }
            source = nil
            return seconds
        }, { lbx_bench_list_store_build_seconds(guint(million)) })
    let arrayOnly = Bench.best(of: 5) {
        var items: [BenchItem]?
        let seconds = Bench.seconds { items = benchItems(million) }
        precondition(items?.count == million)
        return seconds
    }
    results["build_1m_items_array_only_ms"] = arrayOnly * 1000
    // The same without making the array (the app already has its items).
    let items = benchItems(million)
    let wrapOnly = Bench.best(of: 7) {
        Bench.seconds { precondition(ArrayDataSource(items).model.itemCount == million) }
    }
    results["build_1m_from_existing_array_ms"] = wrapOnly * 1000
    results["build_1m_from_existing_array_ratio_vs_gliststore"] = buildStore / wrapOnly
    results["build_1m_ms"] = buildOurs * 1000
    results["build_1m_gliststore_ms"] = buildStore * 1000
    results["build_1m_ratio_vs_gliststore"] = buildStore / buildOurs

    // Build + one full get_item pass: ours vs the C lazy model.
    let (passOurs, passC) = Bench.sideBySide(
        runs: 7,
        {
            var source: ArrayDataSource<BenchItem>?
            let seconds = Bench.seconds {
                source = ArrayDataSource(benchItems(million))
                source!.model.readAllItems()
            }
            source = nil
            return seconds
        }, { lbx_bench_lazy_pass_seconds(guint(million)) })
    results["pass_1m_ms"] = passOurs * 1000
    results["pass_1m_c_lazy_ms"] = passC * 1000
    results["pass_1m_ratio_vs_c_lazy"] = passOurs / passC

    // Memory added per item by the source (after a full pass), beyond the array itself.
    do {
        let items = benchItems(million)
        let before = Bench.residentBytes()
        let source = ArrayDataSource(items)
        source.model.readAllItems()
        let after = Bench.residentBytes()
        results["bytes_per_item_1m"] = max(0, Double(after - before)) / Double(million)
        precondition(source.count == items.count)
    }

    // apply on 100k items: 10k deletions, 10k insertions, 2k moves (DifferenceKit's shape).
    let (old, new) = applyWorkload(count: 100_000, deletions: 10_000, insertions: 10_000, moves: 2_000)
    let applyOurs = Bench.best(of: 5) {
        let source = ArrayDataSource(old)
        return Bench.seconds { try! source.apply(new) }
    }
    let oldIDs = old.map(\.id)
    let newIDs = new.map(\.id)
    let collectionDifference = Bench.best(of: 1) {
        Bench.seconds { precondition(!newIDs.difference(from: oldIDs).inferringMoves().isEmpty) }
    }
    let diffOnly = Bench.best(of: 5) { Bench.seconds { _ = try! ListDiff(from: old, to: new) } }
    results["apply_100k_diff_only_ms"] = diffOnly * 1000
    results["apply_100k_ms"] = applyOurs * 1000
    results["apply_100k_collectiondifference_ms"] = collectionDifference * 1000
    results["apply_100k_ratio_vs_collectiondifference"] = collectionDifference / applyOurs

    Bench.report(results, json: json)
}

/// `count` items numbered from 0. (A plain function: the same `map` written inside the
/// main-actor benchmark function runs 40 times slower, its closure being main-actor isolated.)
func benchItems(_ count: Int) -> [BenchItem] {
    (0..<count).map { BenchItem(id: $0) }
}

/// One integer per item, like the C reference item.
struct BenchItem: Identifiable, Equatable, Sendable {
    let id: Int
}

/// Old and new arrays: `deletions` random items removed, `insertions` new items at
/// random places, `moves` surviving items moved to random places (seeded, reproducible).
private func applyWorkload(count: Int, deletions: Int, insertions: Int, moves: Int) -> ([BenchItem], [BenchItem]) {
    var random = SplitMix(seed: 2024)
    let old = (0..<count).map { BenchItem(id: $0) }
    var new = old
    for _ in 0..<deletions { new.remove(at: Int.random(in: 0..<new.count, using: &random)) }
    for id in count..<(count + insertions) {
        new.insert(BenchItem(id: id), at: Int.random(in: 0...new.count, using: &random))
    }
    for _ in 0..<moves {
        let item = new.remove(at: Int.random(in: 0..<new.count, using: &random))
        new.insert(item, at: Int.random(in: 0...new.count, using: &random))
    }
    return (old, new)
}

/// SplitMix64: a small seeded generator (the same data on every run).
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
