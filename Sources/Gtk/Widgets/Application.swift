import CGtk

/// GtkApplication: single instance (D-Bus), `open` for files and folders, app actions.
open class Application: Object, ActionMap {
    public let id: String

    /// - Parameter handlesOpen: accept files and folders on the command line and from
    ///   other launches (`G_APPLICATION_HANDLES_OPEN`).
    public convenience init(id: String, handlesOpen: Bool = true, nonUnique: Bool = false) {
        self.init(id: id, handlesOpen: handlesOpen, nonUnique: nonUnique) { id, flags in
            UnsafeMutableRawPointer(gtk_application_new(id, GApplicationFlags(rawValue: flags)))
        }
    }

    /// An instance of a subclass of GtkApplication (libadwaita's AdwApplication): `make`
    /// creates it from the id and the `GApplicationFlags` bits, with a full reference.
    @_spi(GtkBinding)
    public init(
        id: String, handlesOpen: Bool, nonUnique: Bool,
        make: (String, UInt32) -> UnsafeMutableRawPointer?
    ) {
        self.id = id
        MainLoop.integrate()
        Renderer.preferCairoWithoutGPU()
        var flags = G_APPLICATION_DEFAULT_FLAGS.rawValue
        if handlesOpen { flags |= G_APPLICATION_HANDLES_OPEN.rawValue }
        if nonUnique { flags |= G_APPLICATION_NON_UNIQUE.rawValue }
        guard let instance = make(id, flags) else { preconditionFailure("no application could be made for \(id)") }
        super.init(instance, ownership: .full)
    }

    @discardableResult
    public func onStartup(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connect("startup", owner: owner, handler)
    }

    @discardableResult
    public func onActivate(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connect("activate", owner: owner, handler)
    }

    @discardableResult
    public func onShutdown(owner: AnyObject? = nil, _ handler: @escaping VoidHandler) -> SignalConnection {
        connect("shutdown", owner: owner, handler)
    }

    /// Called with local paths when files or folders are opened (command line,
    /// file manager, a second launch).
    @discardableResult
    public func onOpen(owner: AnyObject? = nil, _ handler: @escaping @MainActor ([String]) -> Void) -> SignalConnection {
        typealias OpenHandler = @MainActor ([String]) -> Void
        let trampoline: @convention(c) (gpointer?, gpointer?, gint, gpointer?, gpointer?) -> Void = {
            _, files, count, _, data in
            let list = files?.assumingMemoryBound(to: OpaquePointer?.self)
            var paths: [String] = []
            for index in 0..<Int(max(count, 0)) {
                guard let file = list?[index], let path = PathBytes.take(g_file_get_path(file)) else { continue }
                paths.append(path)
            }
            MainActor.assumeIsolated { withBox(data, default: ()) { (h: OpenHandler) in h(paths) } }
        }
        return connect(
            "open", box: SignalBox(handler as OpenHandler, owner: owner),
            trampoline: unsafeBitCast(trampoline, to: GCallback.self))
    }

    /// Runs the application (the GLib main loop) with `arguments` (argv, program name first;
    /// each as `PathBytes` keeps it, so a file name that is not UTF-8 reaches GIO as its bytes).
    /// Returns the exit status.
    public func run(arguments: [String] = CommandLine.arguments) -> Int32 {
        var cStrings = arguments.map { PathBytes.c($0).withUnsafeBufferPointer { strdup($0.baseAddress!) } }
        defer { cStrings.forEach { free($0) } }
        return cStrings.withUnsafeMutableBufferPointer { buffer in
            g_application_run(cast(), gint(buffer.count), buffer.baseAddress)
        }
    }

    public func quit() { g_application_quit(cast()) }

    /// Keyboard accelerators for an action: `setAccelerators(["<Control>q"], for: "app.quit")`.
    public func setAccelerators(_ accelerators: [String], for action: String) {
        var cStrings: [UnsafePointer<CChar>?] = accelerators.map { UnsafePointer(strdup($0)) }
        cStrings.append(nil)
        defer { cStrings.forEach { free(UnsafeMutablePointer(mutating: $0)) } }
        gtk_application_set_accels_for_action(cast(), action, &cStrings)
    }

    /// The accelerators registered for `action` (a detailed action name), as registered.
    public func accelerators(for action: String) -> [String] {
        Self.strings(gtk_application_get_accels_for_action(cast(), action))
    }

    /// Every detailed action name that has accelerators.
    public var actionsWithAccelerators: [String] {
        Self.strings(gtk_application_list_action_descriptions(cast()))
    }

    /// The strings of a NULL-terminated array GTK hands over, which is freed.
    private static func strings(_ array: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> [String] {
        guard let array else { return [] }
        defer { g_strfreev(array) }
        return borrowStrings(array)
    }

    public var windows: [Window] {
        var result: [Window] = []
        var node = gtk_application_get_windows(cast())
        while let current = node {
            if let data = current.pointee.data {
                result.append(Object.wrapper(of: data) { Window($0, ownership: .borrowed) })
            }
            node = current.pointee.next
        }
        return result
    }

    public var activeWindow: Window? {
        guard let window = gtk_application_get_active_window(cast()) else { return nil }
        return Object.wrapper(of: UnsafeMutableRawPointer(window)) { Window($0, ownership: .borrowed) }
    }

    /// Keeps the application running without windows until `release()`.
    public func hold() { g_application_hold(cast()) }
    public func release() { g_application_release(cast()) }
}
