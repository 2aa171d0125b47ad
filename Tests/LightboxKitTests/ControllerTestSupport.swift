@testable import Gtk
@testable import LightboxKit

/// A controller that writes every lifecycle and containment call into a shared trace.
final class TracingController: Controller {
    let name: String
    let trace: Trace

    init(_ name: String, trace: Trace, title: String? = nil) {
        self.name = name
        self.trace = trace
        super.init()
        self.title = title
    }

    override func viewDidLoad() { trace.log("\(name).viewDidLoad") }
    override func viewWillAppear() { trace.log("\(name).viewWillAppear") }
    override func viewDidAppear() { trace.log("\(name).viewDidAppear") }
    override func viewWillDisappear() { trace.log("\(name).viewWillDisappear") }
    override func viewDidDisappear() { trace.log("\(name).viewDidDisappear") }
    override func willMove(toParent parent: Controller?) { trace.log("\(name).willMove(\(trace.nameOf(parent)))") }
    override func didMove(toParent parent: Controller?) { trace.log("\(name).didMove(\(trace.nameOf(parent)))") }
}

/// An ordered record of calls, shared by the controllers of one test.
@MainActor
final class Trace {
    private(set) var entries: [String] = []
    func log(_ entry: String) { entries.append(entry) }

    /// Returns the entries so far and starts over.
    func take() -> [String] {
        defer { entries = [] }
        return entries
    }

    func nameOf(_ controller: Controller?) -> String {
        guard let controller else { return "nil" }
        return (controller as? TracingController)?.name ?? "\(type(of: controller))"
    }

    /// Every controller that got viewWillAppear got as many viewDidDisappear.
    func appearancesBalance(names: [String]) -> Bool {
        names.allSatisfy { name in
            entries.filter { $0 == "\(name).viewWillAppear" }.count
                == entries.filter { $0 == "\(name).viewDidDisappear" }.count
        }
    }
}
