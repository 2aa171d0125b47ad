import LightboxMedia

/// What a worker needs to make one exported JPEG: the photo and the settings.
struct ExportJob: Equatable, Sendable {
    var item: ExportItem
    var settings: JPEGSettings

    func write(to writer: inout WireWriter) {
        writer.string(item.path)
        writer.int(item.orientation)
        writer.optional(item.taken) { $0.string($1) }
        writer.optional(item.takenOffset) { $0.string($1) }
        writer.optional(item.place) { w, place in
            w.double(place.latitude)
            w.double(place.longitude)
        }
        writer.optional(item.title) { $0.string($1) }
        writer.optional(item.caption) { $0.string($1) }
        writer.int(item.rating)
        writer.int(item.keywords.count)
        for keyword in item.keywords { writer.string(keyword) }
        writer.int(settings.longestSide ?? 0)
        writer.int(settings.quality)
        writer.string(settings.metadata.rawValue)
        writer.string(settings.colour.rawValue)
    }

    init(item: ExportItem, settings: JPEGSettings) {
        self.item = item
        self.settings = settings
    }

    init(from reader: inout WireReader) throws(WireError) {
        let string = { (r: inout WireReader) throws(WireError) in try r.string() }
        item = ExportItem(path: try reader.string(), orientation: try reader.int())
        item.taken = try reader.optional(string)
        item.takenOffset = try reader.optional(string)
        item.place = try reader.optional { (r: inout WireReader) throws(WireError) in
            ExportItem.Place(latitude: try r.double(), longitude: try r.double())
        }
        item.title = try reader.optional(string)
        item.caption = try reader.optional(string)
        item.rating = try reader.int()
        let count = try reader.int()
        guard (0...10_000).contains(count) else { throw WireError() }
        for _ in 0..<count { item.keywords.append(try reader.string()) }
        let side = try reader.int()
        settings = JPEGSettings(longestSide: side > 0 ? side : nil, quality: try reader.int())
        guard let metadata = JPEGSettings.Metadata(rawValue: try reader.string()),
            let colour = JPEGSettings.Colour(rawValue: try reader.string())
        else { throw WireError() }
        settings.metadata = metadata
        settings.colour = colour
    }
}

extension WorkerPool {
    /// Seconds one exported file may take in a worker (a full-size export of a large photo).
    static let exportTimeout = 120.0

    /// `item`'s JPEG made in a worker (`JPEGExport.render`): the file's bytes. A crash or a
    /// hang is the error's message; with no worker it is made in this process.
    func export(_ item: ExportItem, settings: JPEGSettings, timeout: Double = exportTimeout) throws(MediaError) -> [UInt8] {
        var request = WorkerRequest(kind: .export, maxPixels: PhotoReader.maxPixels)
        request.export = ExportJob(item: item, settings: settings)
        let outcome = exchange(request, timeout: timeout, urgent: false)
        switch outcome {
        case .reply(.file(let count), let bytes?):
            return try bytes.copy(count: count)
        case .reply(.error(let message), _):
            throw MediaError(message)
        case .reply:
            countLost()
            throw MediaError(Self.crashedMessage)
        case .failed(let message):
            countLost()
            throw MediaError(message)
        case .unavailable:
            return try JPEGExport.render(item, settings: settings, maxPixels: PhotoReader.maxPixels).data
        }
    }
}
