/// An EXIF orientation (1…8) as what it does to the stored pixels to show them upright: a
/// mirror (left to right) or none, then a number of quarter turns clockwise. Turning a photo
/// and telling how far a corrected orientation is from the file's are then sums of turns.
public struct ExifOrientation: Hashable, Sendable {
    /// Mirrored left to right before turning.
    public let mirrored: Bool
    /// Quarter turns clockwise, 0…3.
    public let quarterTurns: Int

    /// The orientations 1…8 in the order (mirrored, turns): 1 is (no, 0), 6 (no, 1),
    /// 3 (no, 2), 8 (no, 3), 2 (yes, 0), 7 (yes, 1), 4 (yes, 2), 5 (yes, 3).
    private static let values = [1, 6, 3, 8, 2, 7, 4, 5]

    public init(mirrored: Bool, quarterTurns: Int) {
        self.mirrored = mirrored
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
    }

    /// The orientation of EXIF value `value`; anything outside 1…8 is 1 (as shown, unturned).
    public init(_ value: Int) {
        let position = Self.values.firstIndex(of: value) ?? 0
        self.init(mirrored: position >= 4, quarterTurns: position % 4)
    }

    /// The EXIF value, 1…8.
    public var value: Int { Self.values[(mirrored ? 4 : 0) + quarterTurns] }

    /// Shown turned a quarter clockwise more (Ctrl+R).
    public var turnedClockwise: ExifOrientation { ExifOrientation(mirrored: mirrored, quarterTurns: quarterTurns + 1) }
    /// Shown turned a quarter counterclockwise more (Shift+Ctrl+R).
    public var turnedCounterclockwise: ExifOrientation { ExifOrientation(mirrored: mirrored, quarterTurns: quarterTurns - 1) }

    /// `self`, then `next`: mirroring after a turn is the mirror first and the turn the
    /// other way round.
    public func then(_ next: ExifOrientation) -> ExifOrientation {
        ExifOrientation(
            mirrored: mirrored != next.mirrored, quarterTurns: next.quarterTurns + (next.mirrored ? -quarterTurns : quarterTurns))
    }

    /// What takes back `self`.
    public var inverse: ExifOrientation {
        ExifOrientation(mirrored: mirrored, quarterTurns: mirrored ? quarterTurns : -quarterTurns)
    }

    /// What turns pixels already shown as `file` says into how `wanted` shows them: how far
    /// a decoded image (turned upright by its file's tag) is from the corrected orientation.
    public static func turn(from file: Int, to wanted: Int) -> ExifOrientation {
        ExifOrientation(file).inverse.then(ExifOrientation(wanted))
    }

    public static let upright = ExifOrientation(1)
}
