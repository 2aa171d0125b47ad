/// How a generated property reads and writes its value: through the getter and setter
/// functions GIR names for it when they are usable, else through GObject's property
/// machinery (`getProperty`/`setProperty` with `ValueAccess`).
struct PropertyAccessors {
    /// The getter's body.
    let get: String
    /// The setter's body; nil for a read-only property.
    let set: String?
    /// The C functions used (a type does not emit them again as methods).
    let functions: [String]

    /// The accessors of the property `girName`, of `type` as the getter returns it;
    /// `getter` and `setter` are its usable accessor functions, if any.
    init(girName: String, type: MappedType, getter: GIRNode?, setter: GIRNode?, writable: Bool, types: inout TypeResolver) {
        var functions: [String] = []
        if let getter, let cName = getter["c:identifier"] {
            functions.append(cName)
            let transferFull = getter.child("return-value")?["transfer-ownership"] == "full"
            get = type.fromC("\(cName)(cast())", transferFull: transferFull)
        } else {
            get = "getProperty(\"\(girName)\") { \(ValueAccess.read(type)) }"
        }
        if !writable {
            set = nil
        } else if let setter, let cName = setter["c:identifier"], let parameter = setter.child("parameters")?.children("parameter").first,
            setter.child("parameters")?.children("parameter").count == 1,
            parameter["direction"] == nil || parameter["direction"] == "in",
            let setterType = types.map(parameter, nullable: types.isNullable(parameter))
        {
            functions.append(cName)
            let transferFull = parameter["transfer-ownership"] == "full"
            if type.isNullable && !setterType.isNullable {
                set = "if let newValue { \(cName)(cast(), \(setterType.toC("newValue", transferFull: transferFull))) }"
            } else {
                let passed = MappedType(kind: setterType.kind, isNullable: setterType.isNullable && type.isNullable)
                set = "\(cName)(cast(), \(passed.toC("newValue", transferFull: transferFull)))"
            }
        } else {
            set = "setProperty(\"\(girName)\") { \(ValueAccess.write(type, "newValue")) }"
        }
        self.functions = functions
    }
}
