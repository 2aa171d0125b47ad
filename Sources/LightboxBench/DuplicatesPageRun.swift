import Foundation
import Gtk
import Lightbox

/// `lightbox-bench app-child duplicates-page FOLDER`: the first scan of a library of copies
/// with the Duplicates page on screen, its groups arriving as the Store finds them (every few
/// seconds while a scan runs, from two seconds after its start; at its end; as the pictures'
/// hashes come): the longest gap between two frames from the first groups' arrival until they
/// have stood still for `settled` after the scan; and, to show what the scan itself costs a
/// page other than Photos, the longest from the page on screen (its switch's cross-fade over).
@MainActor
enum DuplicatesPageRun {
    static let settled: UInt64 = 4_000_000_000
    /// Longer than the page switcher's cross-fade (200 ms): the switch is not the groups' arrival.
    static let switched: UInt64 = 300_000_000

    static func start(_ folder: String) -> Never {
        let app = LightboxApplication()
        Window.onAnyWindowMapped { window in
            window.onNextPaint {
                _ = window.activateAction("win.page", parameter: Variant("duplicates"))
                let shown = monotonicNanoseconds() + switched
                var lastTick: UInt64 = 0
                var longestGap: UInt64 = 0
                var longestSinceSwitch: UInt64 = 0
                var arrived: UInt64 = .max
                var scanned = false
                var scanEnded: UInt64 = 0
                var changes = 0
                var changesDuringScan = 0
                var lastChange: UInt64 = 0
                app.store?.observeDuplicates(owner: window) { groups in
                    if !groups.isEmpty { arrived = min(arrived, monotonicNanoseconds()) }
                    changes += 1
                    if app.store?.isScanning == true { changesDuringScan += 1 }
                    lastChange = monotonicNanoseconds()
                }
                window.addTickCallback { _ in
                    let now = monotonicNanoseconds()
                    if lastTick != 0, now > shown { longestSinceSwitch = max(longestSinceSwitch, now - lastTick) }
                    if lastTick != 0, now > arrived { longestGap = max(longestGap, now - lastTick) }
                    lastTick = now
                    guard let store = app.store else { return true }
                    scanned = scanned || store.isScanning
                    guard scanned, !store.isScanning, store.isUpToDate else { return true }
                    if scanEnded == 0 { scanEnded = now }
                    guard arrived != .max, now - max(scanEnded, lastChange) > settled else { return true }
                    AppBenchmarkChild.finish([
                        "max_main_loop_stall_ms": Double(longestGap) / 1e6,
                        "max_main_loop_stall_ms_since_switch": Double(longestSinceSwitch) / 1e6,
                        "groups": Double(store.duplicateGroups.count),
                        "group_changes": Double(changes), "group_changes_during_scan": Double(changesDuringScan),
                    ])
                }
            }
        }
        exit(app.run(arguments: ["lightbox", folder]))
    }
}
