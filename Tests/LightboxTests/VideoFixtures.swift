import Foundation

/// Small real videos as phones and cameras write them, made here with `ffmpeg` from the
/// picture of `FormatFixtures` (four coloured quadrants, 400×300):
/// - `phone.mov`: an iPhone's QuickTime file, H.264 at 30 fps, one and a half seconds of black
///   (a third in is still black) then as long of the picture, with Apple's creation date (local
///   time and zone), camera and ISO 6709 place;
/// - `android.mp4`: the picture stored turned a quarter left with a display matrix turning it
///   a quarter right (a phone held upright), its creation time in UTC and its place as
///   Android writes them;
/// - `clip.webm`: VP8 in Matroska at 25 fps; `camera.mts`: an MPEG transport stream, as
///   camcorders write, with no date;
/// - `cut.mov` (the first 2,000 bytes of `phone.mov`) and `garbage.mp4` (random bytes).
enum VideoFixtures {
    static let appleTaken = "2023-06-14T18:30:05"
    static let appleOffset = "+02:00"
    /// The same moment in UTC, as the containers' creation time.
    static let utcCreated = "2023-06-14T16:30:05Z"

    /// Sets the display matrix of the one track of the MP4 file named by its argument to a
    /// quarter turn right, as a phone held upright writes it (FFmpeg 5.1 no longer writes one
    /// for `-metadata:s:v rotate=90`): `tkhd`'s matrix (a, b, u, c, d, v, x, y, w) is
    /// 0, 1, 0, −1, 0, 0, 0, 0, 1 in 16.16 (u, v, w in 2.30) fixed point.
    static let turnQuarterRight = #"""
        import struct, sys
        data = bytearray(open(sys.argv[1], "rb").read())
        box = data.index(b"tkhd") - 4
        matrix = box + (60 if data[box + 8] == 1 else 48)
        data[matrix:matrix + 36] = struct.pack(">9i", 0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000)
        open(sys.argv[1], "wb").write(data)
        """#

    static func make(in folder: String) {
        let ffmpeg = "ffmpeg -loglevel error -y"
        // Keyframes every ten frames, as phones write them about every second: a thumbnail's
        // frame is a keyframe.
        let h264 = "-c:v libx264 -g 10 -pix_fmt yuv420p"
        LibraryFixtures.shell(
            """
            cd '\(folder)' && convert -size 200x150 xc:red xc:lime +append \\( -size 200x150 xc:blue xc:yellow +append \\) \
            -append .upright.png && convert .upright.png -rotate -90 .sideways.png \
            && \(ffmpeg) -f lavfi -i color=black:s=400x300:r=30:d=1.5 -loop 1 -framerate 30 -t 1.5 -i .upright.png \
            -filter_complex '[0:v][1:v]concat=n=2:v=1[v]' -map '[v]' \(h264) -movflags use_metadata_tags \
            -metadata com.apple.quicktime.creationdate=2023-06-14T18:30:05+0200 -metadata com.apple.quicktime.make=Apple \
            -metadata 'com.apple.quicktime.model=iPhone 12' -metadata com.apple.quicktime.location.ISO6709=+48.8583+002.2945+035.000/ \
            -metadata creation_time=\(utcCreated) phone.mov \
            && \(ffmpeg) -loop 1 -framerate 30 -t 2 -i .sideways.png \(h264) \
            -metadata creation_time=\(utcCreated) -metadata location=+48.8583+002.2945/ android.mp4 \
            && python3 -c '\(turnQuarterRight)' android.mp4 \
            && \(ffmpeg) -loop 1 -framerate 25 -t 1 -i .upright.png -c:v libvpx -g 5 -b:v 500k \
            -metadata creation_time=\(utcCreated) clip.webm \
            && \(ffmpeg) -loop 1 -framerate 25 -t 1 -i .upright.png \(h264) -f mpegts camera.mts \
            && head -c 2000 phone.mov > cut.mov && head -c 3000 /dev/urandom > garbage.mp4 \
            && rm .upright.png .sideways.png
            """)
    }

    /// Runs `body` with this process's time zone `zone` (then the one it had).
    static func inTimeZone<T>(_ zone: String, _ body: () throws -> T) rethrows -> T {
        let previous = getenv("TZ").map { String(cString: $0) }
        setenv("TZ", zone, 1)
        tzset()
        defer {
            if let previous { setenv("TZ", previous, 1) } else { unsetenv("TZ") }
            tzset()
        }
        return try body()
    }
}
