import Foundation

/// Where an import puts each file under the library folder it imports into, and under what
/// name: folders and names made from when the photo was taken. In a template `YYYY`, `MM`,
/// `DD`, `hh`, `mm` and `ss` are the year, month, day, hour, minute and second, and `NAME` (in
/// names) the camera's name of the file without its extension.
public struct ImportTemplate: Sendable, Hashable {
    /// Folders under the library folder, `/` between them; empty: the library folder itself.
    public var folders: String
    /// The files' names without their extensions; nil keeps the camera's.
    public var names: String?

    public init(folders: String = Self.folderChoices[0], names: String? = nil) {
        self.folders = folders
        self.names = names
    }

    /// The folder templates offered, the default first.
    public static let folderChoices = ["YYYY/YYYY-MM-DD", "YYYY/MM", "YYYY/MM/DD", "YYYY-MM-DD", ""]
    /// The name templates offered besides the camera's names.
    public static let nameChoices = ["YYYYMMDD_hhmmss", "YYYY-MM-DD_NAME"]

    /// When a file was taken, as its template uses it: local calendar fields.
    public struct Moment: Sendable, Hashable {
        public var year, month, day, hour, minute, second: Int

        /// `yyyy-MM-ddTHH:mm:ss` as the catalog keeps a date taken; nil when it isn't one.
        public init?(taken: String) {
            let parts = taken.split(whereSeparator: { "-T:".contains($0) }).map { Int($0) }
            guard parts.count >= 6, parts.allSatisfy({ $0 != nil }), let year = parts[0], (1...9999).contains(year) else { return nil }
            self.init(year: year, month: parts[1]!, day: parts[2]!, hour: parts[3]!, minute: parts[4]!, second: parts[5]!)
        }

        /// `time` (seconds since 1970, a file's modification time) in this computer's time zone.
        public init(modified time: Double) {
            let parts = Calendar.current.dateComponents(
                [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: time))
            self.init(
                year: parts.year ?? 1970, month: parts.month ?? 1, day: parts.day ?? 1, hour: parts.hour ?? 0,
                minute: parts.minute ?? 0, second: parts.second ?? 0)
        }

        public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
            (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        }
    }

    /// Why `folders` or `names` can't be used, in the person's language; nil when both can.
    public var problem: String? {
        let folderParts = folders.split(separator: "/", omittingEmptySubsequences: false)
        if folders.hasPrefix("/") || (!folders.isEmpty && folderParts.contains { $0.isEmpty || $0 == "." || $0 == ".." }) {
            return tr("a folder template is folder names with / between them")
        }
        if let names, names.isEmpty || names.contains("/") || names.hasPrefix(".") {
            return tr("a name template can’t be empty, hold a / or start with a dot")
        }
        return nil
    }

    /// The folder, relative to the library folder, for a file taken at `moment` ("" for the
    /// library folder itself).
    public func folder(for moment: Moment) -> String {
        Self.fill(folders, moment: moment, name: "")
    }

    /// The name without its extension of a file the camera named `name` (without extension).
    public func name(for moment: Moment, cameraName name: String) -> String {
        guard let names else { return name }
        return Self.fill(names, moment: moment, name: name)
    }

    private static func fill(_ template: String, moment: Moment, name: String) -> String {
        var result = ""
        var rest = Substring(template)
        let fields: [(String, String)] = [
            ("YYYY", String(format: "%04d", moment.year)), ("NAME", name), ("MM", String(format: "%02d", moment.month)),
            ("DD", String(format: "%02d", moment.day)), ("hh", String(format: "%02d", moment.hour)),
            ("mm", String(format: "%02d", moment.minute)), ("ss", String(format: "%02d", moment.second)),
        ]
        while !rest.isEmpty {
            if let (token, value) = fields.first(where: { rest.hasPrefix($0.0) }) {
                result += value
                rest = rest.dropFirst(token.count)
            } else {
                result.append(rest.removeFirst())
            }
        }
        return result
    }
}
