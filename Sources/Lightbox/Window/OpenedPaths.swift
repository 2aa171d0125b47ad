import Foundation
import Gtk

/// What the person asked to open (the command line, the desktop's `%U`, D-Bus `Open`, a
/// second launch): folders, photo files, and what can't be opened, each with a sentence
/// that says why.
struct OpenedPaths: Equatable {
    /// Folders, to add to the library (a missing one too: adding it says it can't be found).
    var folders: [String] = []
    /// Photo files, standardized, in the order given, each once.
    var photos: [String] = []
    /// Why each of the other paths can't be opened.
    var problems: [String] = []

    init(_ paths: [String]) {
        for path in paths {
            let standardized = (path as NSString).standardizingPath
            let name = PathBytes.displayName((standardized as NSString).lastPathComponent)
            if let info = FileInfo(path: standardized) {
                if info.isFolder {
                    folders.append(standardized)
                } else if PhotoFileKind(name: name) == .other {
                    // Translators: a toast; %@ is a file name given to Lightbox (a text file, say).
                    problems.append(String(format: tr("“%@” can't be opened: it is not a photo."), name))
                } else if !photos.contains(standardized) {
                    photos.append(standardized)
                }
            } else if !(standardized as NSString).pathExtension.isEmpty {
                // Translators: a toast; %@ is a file name given to Lightbox.
                problems.append(String(format: tr("“%@” can't be opened: there is no such file."), name))
            } else {
                folders.append(standardized)
            }
        }
    }

    /// Nothing but folders (or nothing at all) was given.
    var hasFiles: Bool { !photos.isEmpty || !problems.isEmpty }
}
