import Foundation

/// The Swift source of one GIR signal: an `onX(owner:after:_:)` method that connects a
/// typed Swift handler through a `@convention(c)` trampoline of the signal's C arity, and,
/// for an action signal, an `emitX()` method.
struct SignalCode {
    let girName: String
    /// The connect method's name (`onClicked`).
    let name: String
    let parameters: [Parameter]
    let returnsBool: Bool

    /// The connect method, after `doc` (its documentation comment).
    func connectMethod(doc: String, indent: String) -> String {
        let swiftResult = returnsBool ? "Bool" : "Void"
        let handlerType = "@MainActor (\(parameters.map(\.type.swift).joined(separator: ", "))) -> \(swiftResult)"
        let cParameters = (["gpointer?"] + parameters.map(\.type.trampolineC) + ["gpointer?"]).joined(separator: ", ")
        let cNames = (["_"] + parameters.map { "c_" + $0.name.replacingOccurrences(of: "`", with: "") } + ["data"]).joined(separator: ", ")
        let swiftArguments = parameters.map { $0.type.fromC("c_" + $0.name.replacingOccurrences(of: "`", with: "")) }.joined(
            separator: ", ")
        let cResult = returnsBool ? "gboolean" : "Void"
        let defaultValue = returnsBool ? "false" : "()"

        var out = "\n" + doc
        out += "\(indent)@discardableResult\n"
        out += "\(indent)public func \(name)(owner: AnyObject? = nil, after: Bool = false,\n"
        out += "\(indent)    _ handler: @escaping \(handlerType)) -> SignalConnection {\n"
        out += "\(indent)    let trampoline: @convention(c) (\(cParameters)) -> \(cResult) = { \(cNames) in\n"
        let invoke =
            "MainActor.assumeIsolated { withBox(data, default: \(defaultValue)) { (handler: \(handlerType)) in handler(\(swiftArguments)) } }"
        out += "\(indent)        \(invoke)\(returnsBool ? " ? 1 : 0" : "")\n"
        out += "\(indent)    }\n"
        out += "\(indent)    return connect(\"\(girName)\", box: SignalBox(handler, owner: owner),\n"
        out += "\(indent)                   trampoline: unsafeBitCast(trampoline, to: GCallback.self), after: after)\n"
        out += "\(indent)}\n"
        return out
    }

    /// The method that emits the signal as GTK does (action signals are meant to be
    /// emitted by callers: keybindings, tests).
    func emitMethod(named emitName: String, indent: String) -> String {
        var out = "\n\(indent)/// Emits `\(girName)`, as GTK does when the user triggers it.\n"
        out += "\(indent)public func \(emitName)() {\n\(indent)    lbx_emit_by_name(rawPointer, \"\(girName)\")\n\(indent)}\n"
        return out
    }
}
