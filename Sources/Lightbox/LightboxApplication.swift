import Gtk

/// Lightbox's identity, shared by the application, the desktop files and the catalog.
public enum AppInfo {
    public static let id = "io.github.lightbox.Lightbox"
    public static let name = "Lightbox"
    public static let version = "0.1.0"
}

/// The running application: one main window per process, single instance.
@MainActor
public final class LightboxApplication {
    let application: Application
    private var window: ApplicationWindow?
    private let settings: Settings?
    private var state: PersistedState

    public init() {
        application = Application(id: AppInfo.id)
        do {
            let settings = try Settings.lightbox()
            self.settings = settings
            state = PersistedState(from: settings)
        } catch {
            GLibLog.warning("Settings are not available, nothing will be remembered: \(error)")
            settings = nil
            state = PersistedState()
        }
        application.onActivate(owner: self) { [unowned self] in self.presentWindow() }
        application.onOpen(owner: self) { [unowned self] _ in self.presentWindow() }
        application.addAction("quit", owner: self) { [unowned self] in
            self.saveWindowState()
            self.application.quit()
        }
        application.setAccelerators(["<Control>q"], for: "app.quit")
    }

    private func presentWindow() {
        if let window {
            window.present()
            return
        }
        let window = ApplicationWindow(application: application)
        window.title = AppInfo.name
        window.setDefaultSize(width: state.windowWidth, height: state.windowHeight)
        if state.isMaximized { window.maximize() }
        window.onCloseRequest(owner: self) { [unowned self] in
            self.saveWindowState()
            return false
        }
        window.present()
        self.window = window
    }

    private func saveWindowState() {
        guard let window, let settings else { return }
        state.isMaximized = window.isMaximized
        if !state.isMaximized {
            (state.windowWidth, state.windowHeight) = window.defaultSize
        }
        state.save(to: settings)
        Settings.sync()
    }

    public func run(arguments: [String]) -> Int32 {
        application.run(arguments: arguments)
    }
}
