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

    public init() {
        application = Application(id: AppInfo.id)
        application.onActivate(owner: self) { [unowned self] in self.presentWindow() }
        application.onOpen(owner: self) { [unowned self] _ in self.presentWindow() }
        application.addAction("quit", owner: self) { [unowned self] in self.application.quit() }
        application.setAccelerators(["<Control>q"], for: "app.quit")
    }

    private func presentWindow() {
        if let window {
            window.present()
            return
        }
        let window = ApplicationWindow(application: application)
        window.title = AppInfo.name
        window.setDefaultSize(width: 1000, height: 700)
        window.present()
        self.window = window
    }

    public func run(arguments: [String]) -> Int32 {
        application.run(arguments: arguments)
    }
}
