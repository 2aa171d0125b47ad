import Foundation

/// Phone photos that move, made here with `ffmpeg`, ImageMagick and `exiv2`:
/// - `IMG_0001.JPG` and `IMG_0001.MOV`: an iPhone's Live Photo, the still's Apple maker note
///   and the MOV's `com.apple.quicktime.content.identifier` carrying one identifier;
/// - `IMG_0002.JPG` and `IMG_0002.MOV`: a Live Photo as some exports leave it, no identifier;
/// - `IMG_0004.JPG` and `IMG_0004.MOV`: of one name but different identifiers (two items);
/// - `trip.JPG` and `trip.MOV`: a photo and a ten-second video of one name (two items);
/// - `PXL_motion.jpg`: a Google motion photo, its MP4 at the end of the JPEG, named by its XMP.
enum LivePhotoFixtures {
    static let identifier = "1B7E3E5C-4A3B-4E1D-9C1F-2D2E6A0B7C11"
    static let otherIdentifier = "0F6E0A1B-8D2C-4B5A-A1E3-7C9D0E1F2A33"
    static let thirdIdentifier = "5D4C3B2A-1F0E-4D9C-8B7A-6E5F4D3C2B1A"

    /// An Apple maker note holding `identifier` as its tag 0x0011, as `exiv2 -M` sets bytes.
    static func makerNote(_ identifier: String) -> String {
        var note = Array("Apple iOS".utf8) + [0, 0, 1] + Array("MM".utf8)
        note += [0, 1]  // one entry
        let text = Array(identifier.utf8) + [0]
        note += [0x00, 0x11, 0x00, 0x02] + bigEndian(text.count, 4) + bigEndian(32, 4)
        note += [0, 0, 0, 0]  // no next IFD
        note += text
        return note.map(String.init).joined(separator: " ")
    }

    private static func bigEndian(_ value: Int, _ width: Int) -> [UInt8] {
        (0..<width).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
    }

    /// Puts an XMP packet naming the MP4 given as its motion video into the JPEG given, then
    /// appends the MP4: a Python script, run from a file.
    static let motionPhoto = #"""
        import os, sys
        jpeg, mp4 = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
        xmp = ('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
            '<rdf:Description rdf:about="" xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"'
            ' xmlns:Container="http://ns.google.com/photos/1.0/container/"'
            ' xmlns:Item="http://ns.google.com/photos/1.0/container/item/" GCamera:MotionPhoto="1">'
            '<Container:Directory><rdf:Seq>'
            '<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary"'
            ' Item:Length="0" Item:Padding="0"/></rdf:li>'
            '<rdf:li rdf:parseType="Resource"><Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto"'
            ' Item:Length="%d" Item:Padding="0"/></rdf:li>'
            '</rdf:Seq></Container:Directory></rdf:Description></rdf:RDF></x:xmpmeta>' % len(mp4)).encode()
        payload = b"http://ns.adobe.com/xap/1.0/\0" + xmp
        segment = b"\xff\xe1" + (len(payload) + 2).to_bytes(2, "big") + payload
        open(sys.argv[3], "wb").write(jpeg[:2] + segment + jpeg[2:] + mp4)
        """#

    static func make(in folder: String) {
        let ffmpeg = "ffmpeg -loglevel error -y"
        let h264 = "-c:v libx264 -g 10 -pix_fmt yuv420p"
        let apple = "-movflags use_metadata_tags -metadata com.apple.quicktime.make=Apple"
        func still(_ name: String, note: String?) -> String {
            let set =
                [
                    "Exif.Image.Make Ascii Apple", "Exif.Image.Model Ascii 'iPhone 12'",
                    "Exif.Photo.DateTimeOriginal Ascii '2023:06:14 18:30:05'",
                ]
                + (note.map { ["Exif.Photo.MakerNote Undefined \($0)"] } ?? [])
            return "convert .picture.png -quality 90 \(name) && exiv2 " + set.map { "-M\"set \($0)\"" }.joined(separator: " ") + " \(name)"
        }
        func motion(_ name: String, seconds: Double, identifier: String?) -> String {
            let tag = identifier.map { "-metadata com.apple.quicktime.content.identifier=\($0)" } ?? ""
            return "\(ffmpeg) -loop 1 -framerate 30 -t \(seconds) -i .picture.png \(h264) \(apple) \(tag) \(name)"
        }
        precondition(FileManager.default.createFile(atPath: folder + "/.motion.py", contents: Data(motionPhoto.utf8)))
        LibraryFixtures.shell(
            """
            cd '\(folder)' && convert -size 200x150 xc:red xc:lime +append \\( -size 200x150 xc:blue xc:yellow +append \\) \
            -append .picture.png \
            && \(still("IMG_0001.JPG", note: makerNote(identifier))) && \(motion("IMG_0001.MOV", seconds: 1.5, identifier: identifier)) \
            && \(still("IMG_0002.JPG", note: nil)) && \(motion("IMG_0002.MOV", seconds: 1.5, identifier: nil)) \
            && \(still("IMG_0004.JPG", note: makerNote(thirdIdentifier))) && \(motion("IMG_0004.MOV", seconds: 1.5, identifier: otherIdentifier)) \
            && \(still("trip.JPG", note: nil)) && \(motion("trip.MOV", seconds: 10, identifier: nil)) \
            && convert .picture.png .still.jpg && \(ffmpeg) -loop 1 -framerate 30 -t 1 -i .picture.png \(h264) .motion.mp4 \
            && python3 .motion.py .still.jpg .motion.mp4 PXL_motion.jpg \
            && rm .picture.png .still.jpg .motion.mp4 .motion.py
            """)
    }

    /// The bytes of the MP4 at the end of `PXL_motion.jpg`, as made.
    static func motionLength(in folder: String) -> Int64 {
        let data = FileManager.default.contents(atPath: folder + "/PXL_motion.jpg")!
        let ftyp = data.range(of: Data("ftyp".utf8))!
        return Int64(data.count - (ftyp.lowerBound - 4))
    }
}
