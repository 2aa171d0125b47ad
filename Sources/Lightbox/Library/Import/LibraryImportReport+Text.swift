import Foundation

/// The report in words, for the person: every sentence here, each whole (a translation never
/// joins fragments), each count through `trn` for its plural forms.
extension LibraryImportReport: CustomStringConvertible {
    /// The report with at most ten paths of each list.
    public var description: String { text(listingAtMost: 10) }

    /// The report in lines; each list names at most `limit` paths (nil: all, as
    /// `lightbox --import-from` prints them) and counts the rest.
    public func text(listingAtMost limit: Int?) -> String {
        var lines: [String] = []
        // Translators: %1$@ is the app (Shotwell, darktable), %2$@ its database's path.
        lines.append(String(format: tr("From the %1$@ library %2$@:"), app.displayName, databasePath))
        lines.append(String(format: trn("%d photo came across.", "%d photos came across.", photos), photos))
        if photos > 0 && changes.photos == 0 {
            lines.append(tr("  Nothing changed: Lightbox had every value already."))
        }
        let counts = [
            (changes.ratings, trn("  %d photo got its stars", "  %d photos got their stars", changes.ratings)),
            (changes.rejects, trn("  %d photo was rejected", "  %d photos were rejected", changes.rejects)),
            (changes.keywords, trn("  %d photo got keywords", "  %d photos got keywords", changes.keywords)),
            (changes.titles, trn("  %d photo got a title", "  %d photos got titles", changes.titles)),
            (changes.captions, trn("  %d photo got a caption", "  %d photos got captions", changes.captions)),
            // Translators: photos turned as the person turned them in Shotwell.
            (
                changes.rotations,
                trn("  %d photo was turned as in the other app", "  %d photos were turned as in the other app", changes.rotations)
            ),
            // Translators: photos placed where darktable's map places them.
            (changes.places, trn("  %d photo got its place", "  %d photos got their places", changes.places)),
        ]
        for (count, format) in counts where count > 0 { lines.append(String(format: format, count)) }
        if !albumsMade.isEmpty {
            lines.append(
                String(format: trn("%d album made:", "%d albums made:", albumsMade.count), albumsMade.count))
            lines += listed(albumsMade, limit)
        }
        if !albumsAddedTo.isEmpty {
            lines.append(
                String(
                    format: trn(
                        "%d album of that name had photos added:", "%d albums of those names had photos added:", albumsAddedTo.count),
                    albumsAddedTo.count))
            lines += listed(albumsAddedTo, limit)
        }
        if !foldersAdded.isEmpty {
            lines.append(
                String(
                    format: trn(
                        "%d folder was added to the library first:", "%d folders were added to the library first:", foldersAdded.count),
                    foldersAdded.count))
            lines += listed(foldersAdded, limit)
        }
        lines += problems(limit)
        return lines.joined(separator: "\n") + "\n"
    }

    private func problems(_ limit: Int?) -> [String] {
        var lines: [String] = []
        if !missing.isEmpty {
            lines.append(
                String(
                    // Translators: %2$@ is the app (Shotwell, darktable).
                    format: trn(
                        "%1$d photo is missing: %2$@ knows it, but its file is gone:",
                        "%1$d photos are missing: %2$@ knows them, but their files are gone:", missing.count),
                    missing.count, app.displayName))
            lines += listed(missing, limit)
        }
        let outside = outsideLibrary.reduce(0) { $0 + $1.paths.count }
        if outside > 0 {
            lines.append(
                String(
                    format: trn(
                        "%d photo is outside the library's folders; add its folder to the library to bring it along:",
                        "%d photos are outside the library's folders; add these folders to the library to bring them along:", outside),
                    outside))
            for group in outsideLibrary {
                // Translators: a folder outside the library and how many of the other app's photos it holds.
                lines.append(
                    String(format: trn("  %1$@ (%2$d photo)", "  %1$@ (%2$d photos)", group.paths.count), group.folder, group.paths.count))
            }
        }
        if !notListed.isEmpty {
            lines.append(
                String(
                    format: trn(
                        "%d photo in the library's folders is not listed (it is in a hidden folder, or its folder is offline):",
                        "%d photos in the library's folders are not listed (they are in hidden folders, or their folders are offline):",
                        notListed.count), notListed.count))
            lines += listed(notListed, limit)
        }
        if !videos.isEmpty {
            lines.append(
                String(
                    format: trn(
                        "%d video was left out: Lightbox shows photos only.", "%d videos were left out: Lightbox shows photos only.",
                        videos.count),
                    videos.count))
            lines += listed(videos, limit)
        }
        if !otherFiles.isEmpty {
            lines.append(
                String(
                    format: trn(
                        "%d file was left out: it is not a photo.", "%d files were left out: they are not photos.", otherFiles.count),
                    otherFiles.count))
            lines += listed(otherFiles, limit)
        }
        if !skipped.isEmpty {
            lines.append(
                String(
                    format: trn(
                        "%d entry of the database was not brought along:", "%d entries of the database were not brought along:",
                        skipped.count),
                    skipped.count))
            // Translators: an entry of the other app's database (a path, "Shotwell photo 2") and why it was left out.
            lines += listed(skipped.map { String(format: tr("%1$@: %2$@"), $0.item, $0.reason) }, limit)
        }
        return lines
    }

    /// `items` one a line, indented; beyond `limit`, how many more.
    private func listed(_ items: [String], _ limit: Int?) -> [String] {
        let shown = limit.map { Array(items.prefix($0)) } ?? items
        var lines = shown.map { "  " + $0 }
        let more = items.count - shown.count
        if more > 0 { lines.append(String(format: trn("  … and %d more", "  … and %d more", more), more)) }
        return lines
    }
}
