import Foundation
import LightboxMedia

/// A place the person gave a photo, or took away from it (before sharing it).
public enum PlaceCorrection: Hashable, Sendable {
    /// No place: the file's GPS position is not shown, listed or exported.
    case removed
    case at(latitude: Double, longitude: Double)
}

/// What the person corrected of what the camera got wrong: the orientation, the date and
/// time taken (and its time zone) and the place. Each wins over what the file says; nil is
/// no correction (the file's value is shown).
public struct PhotoCorrections: Hashable, Sendable {
    /// EXIF orientation 1…8.
    public var orientation: Int?
    /// A local `yyyy-MM-ddTHH:mm:ss`.
    public var taken: String?
    /// The time zone of `taken` ("+09:00"); only with `taken`.
    public var takenOffset: String?
    public var place: PlaceCorrection?

    public init(orientation: Int? = nil, taken: String? = nil, takenOffset: String? = nil, place: PlaceCorrection? = nil) {
        self.orientation = orientation
        self.taken = taken
        self.takenOffset = takenOffset
        self.place = place
    }

    public var isEmpty: Bool { orientation == nil && taken == nil && place == nil }
}

extension Photo.Fields {
    /// The corrections together (none: every one nil).
    public var corrections: PhotoCorrections {
        get { correctionBox?.value ?? PhotoCorrections() }
        set {
            guard newValue != corrections else { return }
            correctionBox = newValue.isEmpty && newValue.takenOffset == nil ? nil : SharedValue(newValue)
        }
    }

    /// The orientation the person turned the photo to (EXIF 1…8), nil for the file's.
    public var correctedOrientation: Int? {
        get { correctionBox?.value.orientation }
        set { corrections.orientation = newValue }
    }
    /// The date taken the person set, a local `yyyy-MM-ddTHH:mm:ss`; nil for the file's.
    public var correctedTaken: String? {
        get { correctionBox?.value.taken }
        set { corrections.taken = newValue }
    }
    /// The time zone of `correctedTaken` ("+09:00") when known.
    public var correctedTakenOffset: String? {
        get { correctionBox?.value.takenOffset }
        set { corrections.takenOffset = newValue }
    }
    /// The place the person gave the photo, or took away; nil for the file's.
    public var correctedPlace: PlaceCorrection? {
        get { correctionBox?.value.place }
        set { corrections.place = newValue }
    }

    /// How the photo is shown: the corrected orientation, else the file's.
    public var orientation: Int { correctedOrientation ?? fileOrientation }

    /// When the photo was taken, as shown and sorted: the corrected date, else the file's.
    public var taken: String? { correctedTaken ?? fileTaken }
    /// The time zone of `taken`, when known.
    public var takenOffset: String? { correctedTaken != nil ? correctedTakenOffset : fileTakenOffset }
    /// Where `taken` came from.
    public var takenSource: TakenSource? { correctedTaken != nil ? .corrected : fileTakenSource }

    /// Where the photo was taken, as shown: the corrected place, none when the person removed
    /// it, else the file's.
    public var latitude: Double? {
        switch correctedPlace {
        case nil: fileLatitude
        case .removed: nil
        case .at(let latitude, _): latitude
        }
    }
    public var longitude: Double? {
        switch correctedPlace {
        case nil: fileLongitude
        case .removed: nil
        case .at(_, let longitude): longitude
        }
    }
    /// The file's altitude goes with the file's place only.
    public var altitude: Double? { correctedPlace == nil ? fileAltitude : nil }

    /// These fields with what is shown in place of what the file says, and no corrections
    /// (what `lightbox --list` prints: what the person set wins).
    var asShown: Photo.Fields {
        var shown = self
        shown.fileOrientation = orientation
        (shown.fileTaken, shown.fileTakenOffset, shown.fileTakenSource) = (taken, takenOffset, takenSource)
        (shown.fileLatitude, shown.fileLongitude, shown.fileAltitude) = (latitude, longitude, altitude)
        shown.corrections = PhotoCorrections()
        return shown
    }
}

extension PhotoMetadata {
    /// These values as an undo of the edit to `new` must put them back while edits are written
    /// into the files: a correction the photo did not have becomes the file's own value (a place
    /// the file had none of, `.removed`). By the time of the undo the file says `new`'s; taking a
    /// correction away would write nothing, and the photo would stay as `new` made it.
    func restorable(from new: PhotoMetadata, file: Photo?) -> PhotoMetadata {
        guard let file else { return self }
        var result = self
        if corrections.orientation == nil, new.corrections.orientation != nil {
            result.corrections.orientation = file.fileOrientation
        }
        if corrections.taken == nil, new.corrections.taken != nil, let taken = file.fileTaken {
            (result.corrections.taken, result.corrections.takenOffset) = (taken, file.fileTakenOffset)
        }
        if corrections.place == nil, new.corrections.place != nil {
            if let latitude = file.fileLatitude, let longitude = file.fileLongitude {
                result.corrections.place = .at(latitude: latitude, longitude: longitude)
            } else {
                result.corrections.place = .removed
            }
        }
        return result
    }
}

extension Photo {
    /// How far the pixels as decoded (turned upright by the file's own tag) are from how the
    /// photo is shown: upright unless the person turned it.
    public var displayTurn: ExifOrientation {
        guard let corrected = self.correctedOrientation else { return .upright }
        return ExifOrientation.turn(from: self.fileOrientation, to: corrected)
    }
}

extension WrittenCorrections {
    /// The corrections as written into a file (see `MetadataWriteBack`).
    init(_ corrections: PhotoCorrections) {
        let place: WrittenCorrections.Place? =
            switch corrections.place {
            case nil: nil
            case .removed: .removed
            case .at(let latitude, let longitude): .at(latitude: latitude, longitude: longitude)
            }
        self.init(
            orientation: corrections.orientation, taken: corrections.taken, takenOffset: corrections.takenOffset, place: place)
    }
}
