import Foundation
import Gtk
import LightboxMedia

/// What the import page says.
@MainActor
enum ImportText {
    /// "RAW+JPEG" for a camera's pair, "LIVE" for a Live Photo's still and motion; nil for one file.
    static func pairName(_ group: ImportSurvey.Group) -> String? {
        let extensions = group.items.filter { $0.record != nil }.map { ($0.source as NSString).pathExtension.lowercased() }
        guard extensions.count > 1 else { return nil }
        if extensions.contains(where: VideoFile.extensions.contains) { return tr("LIVE") }
        if extensions.contains(where: ImageFamily.rawExtensions.contains) {
            // Translators: the mark on a photo the camera saved twice, as a RAW file and a JPEG.
            return tr("RAW+JPEG")
        }
        return nil
    }

    /// A photo of the import page for screen readers.
    static func cellLabel(name: String, pair: String?, inLibrary: Bool) -> String {
        let named = pair.map { "\(name), \($0)" } ?? name
        // Translators: a photo of the import page for screen readers; %@ is its file name.
        return inLibrary ? String(format: tr("%@, in the library already"), named) : named
    }

    /// "124 photos and videos · 12 in the library".
    static func dayCount(photos: Int, inLibrary: Int) -> String {
        let formats = FormattingLocale.current
        // Translators: how many photos (with their videos) a day of the import page has.
        let count = formats.counted(trn("%d photo or video", "%d photos and videos", photos), photos)
        guard inLibrary > 0 else { return count }
        // Translators: how many of a day's photos the library has already.
        return count + tr(" · ") + formats.counted(trn("%d in the library", "%d in the library", inLibrary), inLibrary)
    }

    /// "312 new photos and videos to import (8.2 GB) · 56 in the library already".
    static func summary(_ choice: ImportChoice) -> String {
        let formats = FormattingLocale.current
        let (files, bytes) = choice.toCopy
        let inLibrary = choice.inLibraryCount
        if files == 0 {
            // Translators: the import page when the library has every photo of the source.
            if inLibrary == choice.mediaCount {
                return tr("The library has every photo and video of the source.")
            }
            return tr("No photo or video is chosen.")
        }
        // Translators: how many photos and videos the import copies; %2$@ is their size ("8.2 GB").
        var text = String(
            format: trn("%1$@ photo or video to import (%2$@)", "%1$@ photos and videos to import (%2$@)", files),
            formats.count(files), PhotoFormat.fileSize(bytes))
        if inLibrary > 0 {
            // Translators: how many of the source's photos and videos the library has already.
            text += tr(" · ") + formats.counted(trn("%d in the library already", "%d in the library already", inLibrary), inLibrary)
        }
        return text
    }

    /// "312 of 1,234 · 1.1 GB of 8.2 GB · about 2 minutes left".
    static func progress(_ progress: PhotoImport.Progress, secondsLeft: Double?) -> String {
        let formats = FormattingLocale.current
        // Translators: an import's progress: %1$@ files of %2$@ are copied.
        var parts = [String(format: tr("%1$@ of %2$@"), formats.count(progress.files), formats.count(progress.totalFiles))]
        // Translators: an import's progress in bytes: "1.1 GB of 8.2 GB".
        parts.append(String(format: tr("%1$@ of %2$@"), PhotoFormat.fileSize(progress.bytes), PhotoFormat.fileSize(progress.totalBytes)))
        if let secondsLeft, progress.files < progress.totalFiles { parts.append(ExportText.timeLeft(secondsLeft)) }
        return parts.joined(separator: tr(" · "))
    }

    /// What the import did, for the page and the window's toast.
    static func done(_ report: PhotoImportReport) -> String {
        let copied = report.copied.count
        let formats = FormattingLocale.current
        if let stopped = report.stopped {
            // Translators: %1$@ is why the import stopped ("the disk is full"); %2$@ files were imported before.
            return String(
                format: trn("Import stopped (%1$@) after %2$@ file", "Import stopped (%1$@) after %2$@ files", copied), stopped,
                formats.count(copied))
        }
        if !report.failed.isEmpty {
            // Translators: %1$@ files imported; %2$@ is how many could not be (the list follows on the page).
            return String(
                format: trn("Imported %1$@ file, %2$@ failed", "Imported %1$@ files, %2$@ failed", copied), formats.count(copied),
                formats.count(report.failed.count))
        }
        return formats.counted(trn("Imported %d file", "Imported %d files", copied), copied)
    }

    /// Every file not copied and why, one a line.
    static func failures(_ report: PhotoImportReport) -> String {
        report.failed.map { "\(PathBytes.displayName(($0.source as NSString).lastPathComponent)): \($0.error ?? "")" }
            .joined(separator: "\n")
    }

    /// "Reading 1,200 of 5,000…".
    static func reading(_ count: Int, of total: Int) -> String {
        let formats = FormattingLocale.current
        // Translators: the import page reads the source's files: %1$@ of %2$@ so far.
        return String(format: tr("Reading %1$@ of %2$@…"), formats.count(count), formats.count(total))
    }

    /// The templates' tokens in words, one a line.
    static var tokens: String {
        [
            // Translators: YYYY, MM and DD stay as they are (tokens of the import's templates).
            tr("YYYY, MM, DD: the year, month and day the photo was taken"),
            // Translators: hh, mm and ss stay as they are.
            tr("hh, mm, ss: the hour, minute and second"),
            // Translators: NAME stays as it is.
            tr("NAME: the camera’s name of the file"),
            // Translators: / stays as it is.
            tr("/ between folders; empty names keep the camera’s"),
        ].joined(separator: "\n")
    }
}
