import Foundation
import Gtk
import LightboxMedia

/// The Export dialog's last choices, kept in the `export-…` keys of the app's settings.
@MainActor
enum ExportChoices {
    enum Key {
        static let format = "export-format"
        static let longestSide = "export-longest-side"
        static let quality = "export-quality"
        static let metadata = "export-metadata"
        static let colour = "export-colour"
        static let template = "export-template"
        static let folder = "export-folder"
    }

    /// Where exports go until one chose a folder: Exported in the Pictures folder.
    static var defaultFolder: String {
        (FileNames.picturesDirectory ?? FileNames.homeDirectory + "/Pictures") + "/Exported"
    }

    /// The last choices (the defaults without settings, or for a key never set).
    static func read(from settings: Settings?) -> ExportOptions {
        var options = ExportOptions(folder: defaultFolder)
        guard let settings else { return options }
        if let format = settings.string(Key.format).flatMap(ExportOptions.Format.init(rawValue:)) { options.format = format }
        if let side = settings.int(Key.longestSide) { options.jpeg.longestSide = side > 0 ? side : nil }
        if let quality = settings.int(Key.quality) { options.jpeg.quality = quality }
        if let metadata = settings.string(Key.metadata).flatMap(JPEGSettings.Metadata.init(rawValue:)) { options.jpeg.metadata = metadata }
        if let colour = settings.string(Key.colour).flatMap(JPEGSettings.Colour.init(rawValue:)) { options.jpeg.colour = colour }
        if let template = settings.string(Key.template), !template.isEmpty { options.template = template }
        if let folder = settings.string(Key.folder), !folder.isEmpty { options.folder = folder }
        return options
    }

    static func save(_ options: ExportOptions, to settings: Settings?) {
        guard let settings else { return }
        _ = settings.set(Key.format, options.format.rawValue)
        _ = settings.set(Key.longestSide, options.jpeg.longestSide ?? 0)
        _ = settings.set(Key.quality, options.jpeg.quality)
        _ = settings.set(Key.metadata, options.jpeg.metadata.rawValue)
        _ = settings.set(Key.colour, options.jpeg.colour.rawValue)
        _ = settings.set(Key.template, options.template)
        _ = settings.set(Key.folder, options.folder == defaultFolder ? "" : options.folder)
    }
}
