import Adw
import Gtk

/// The style the person chose in the primary menu: follow the system's light or dark
/// preference, or always light, or always dark (GSettings key `color-scheme`).
public enum AppColorScheme: String, CaseIterable, Sendable {
    case followSystem = "default"
    case light, dark

    /// libadwaita's scheme: "default" follows the system (light when it says nothing).
    var adwaita: ColorScheme {
        switch self {
        case .followSystem: .default
        case .light: .forceLight
        case .dark: .forceDark
        }
    }
}

/// `app.color-scheme`, a stateful action with a string target (the menu's radio items
/// "Follow System", "Light", "Dark"), bound both ways to the `color-scheme` key (another
/// process may change it), applied to libadwaita's style manager.
@MainActor
final class ColorSchemeSetting {
    static let key = "color-scheme"
    let action: Action
    private let settings: Settings?
    private let styleManager: StyleManager

    /// Applies the remembered scheme at once: made before the window is shown.
    init(settings: Settings?, styleManager: StyleManager) {
        self.settings = settings
        self.styleManager = styleManager
        let scheme = settings?.string(Self.key).flatMap(AppColorScheme.init(rawValue:)) ?? .followSystem
        action = Action(name: "color-scheme", parameterType: "s", state: Variant(scheme.rawValue))
        styleManager.colorScheme = scheme.adwaita
        action.onActivate(owner: self) { [unowned self] parameter in
            guard let scheme = parameter?.string.flatMap(AppColorScheme.init(rawValue:)) else { return }
            self.apply(scheme)
            _ = self.settings?.set(Self.key, scheme.rawValue)
        }
        settings?.onChange(owner: self) { [unowned self] changed in
            guard changed == Self.key,
                let scheme = self.settings?.string(Self.key).flatMap(AppColorScheme.init(rawValue:)),
                scheme != self.scheme
            else { return }
            self.apply(scheme)
        }
    }

    /// The scheme chosen now.
    var scheme: AppColorScheme {
        action.state?.string.flatMap(AppColorScheme.init(rawValue:)) ?? .followSystem
    }

    private func apply(_ scheme: AppColorScheme) {
        action.state = Variant(scheme.rawValue)
        styleManager.colorScheme = scheme.adwaita
    }
}
