import Foundation
import Gtk
import LightboxMedia

/// What the Export dialog and its toast say.
enum ExportText {
    /// The template's tokens in words, one a line.
    static var tokens: String {
        [
            // Translators: {name} stays as it is (a token of the file name template).
            tr("{name}: the photo's file name, without its extension"),
            // Translators: {date} stays as it is.
            tr("{date}: the day it was taken (2024-05-17)"),
            // Translators: {time} stays as it is.
            tr("{time}: the time it was taken (14-30-05)"),
            // Translators: {seq} stays as it is.
            tr("{seq}: its number in the export (1, 2, 3…)"),
        ].joined(separator: "\n")
    }

    /// "3 of 20 · about 2 minutes left".
    static func progress(_ progress: ExportRun.Progress) -> String {
        // Translators: %1$d photos of %2$d are exported.
        let count = String(format: tr("%1$d of %2$d"), progress.done, progress.total)
        guard let left = progress.secondsLeft, progress.done < progress.total else { return count }
        return count + " · " + timeLeft(left)
    }

    static func timeLeft(_ seconds: Double) -> String {
        if seconds < 60 {
            let value = max(1, Int(seconds.rounded(.up)))
            return String(format: trn("about %d second left", "about %d seconds left", value), value)
        }
        let minutes = Int((seconds / 60).rounded(.up))
        return String(format: trn("about %d minute left", "about %d minutes left", minutes), minutes)
    }

    /// The toast at the end.
    static func toast(_ summary: ExportRun.Summary) -> String {
        let count = summary.exported.count
        if let stopped = summary.stopped {
            // Translators: %1$@ is why the export stopped ("the disk is full"); %2$d photos were exported before.
            return String(
                format: trn("Export stopped (%1$@) after %2$d photo", "Export stopped (%1$@) after %2$d photos", count), stopped, count)
        }
        if summary.cancelled {
            return String(format: trn("Export cancelled after %d photo", "Export cancelled after %d photos", count), count)
        }
        if !summary.failures.isEmpty {
            let failed = summary.failures.count
            // Translators: %1$d photos exported; %2$d is how many could not be (the list follows in the window).
            return String(format: trn("Exported %1$d photo, %2$d failed", "Exported %1$d photos, %2$d failed", count), count, failed)
        }
        return String(format: trn("Exported %d photo", "Exported %d photos", count), count)
    }

    /// Every failed file and why, one a line.
    static func failures(_ summary: ExportRun.Summary) -> String {
        summary.failures.map { "\(PathBytes.displayName($0.fileName)): \($0.reason)" }.joined(separator: "\n")
    }
}
