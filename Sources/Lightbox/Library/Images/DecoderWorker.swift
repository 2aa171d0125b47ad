import Foundation
import Gtk
import LightboxMedia

/// The worker side of `WorkerPool`: `lightbox --worker` restricts itself, says it is
/// ready, then answers requests one at a time until the app closes the socket.
///
/// With `LIGHTBOX_TEST_DECODER_FAULTS=1` in its environment (tests only; never set
/// otherwise) a file whose name contains `crash-decoder` aborts the worker, `hang-decoder`
/// hangs it, `crash-pixels` aborts it on decodes only, and `sandbox-probe` reports what
/// the restrictions let it do.
public enum DecoderWorker {
    public static let argument = "--worker"
    /// Address space, file size (memfds of pixels included) and descriptors a worker gets.
    static let addressSpace: UInt64 = 4 << 30
    static let fileSize: UInt64 = 1 << 30
    static let openFiles: UInt64 = 64
    /// CPU seconds one request may use (a busy loop ends here even if the app's timer didn't).
    static let cpuSecondsPerRequest: UInt32 = 120
    /// A pause in requests after which the worker gives its freed memory back.
    static let idleMilliseconds: Int32 = 500

    public static func run() -> Never {
        do {
            try WorkerSide.restrict(addressSpace: addressSpace, fileSize: fileSize, openFiles: openFiles)
        } catch {
            FileHandle.standardError.write(Data("lightbox --worker: \(error.message)\n".utf8))
            exit(70)
        }
        // Below the window: on two cores, workers reading a scan's files at the window's priority
        // take its frames (each of them one process, so its one thread is the process).
        ThreadPriority.lowerCurrentThread(by: 5)
        // A video's decoder allocates and zeroes tens of megabytes for each file (a 4K HEVC
        // one): taken from what the last file freed, not from fresh pages of the system, which
        // fault in one by one (half of such a frame's time). Given back once requests pause,
        // so an idle worker holds what it did before.
        ProcessMemory.keepFreedMemoryForReuse()
        let faults = ProcessInfo.processInfo.environment["LIGHTBOX_TEST_DECODER_FAULTS"] == "1"
        guard WorkerSide.reply(WorkerReply.ready.encoded()) else { exit(0) }
        while let message = WorkerSide.receive(idleAfter: idleMilliseconds, whenIdle: ProcessMemory.returnFreedMemory) {
            guard let request = try? WorkerRequest(decoding: message) else { exit(65) }
            // A system call or two each: once per request, not per file.
            WorkerSide.limitCPU(seconds: cpuSecondsPerRequest)
            switch request.kind {
            case .read:
                // One reply for all the files: the app wakes once per request, not per file.
                let records = request.files.map { file in
                    if faults { injectFault(path: file.path, kind: .read) }
                    return PhotoRecord(PhotoReader.read(file, fingerprinting: request.fingerprinting))
                }
                guard WorkerSide.reply(WorkerReply.photos(records).encoded()) else { exit(0) }
            case .decode:
                if faults { injectFault(path: request.path, kind: .decode) }
                let (reply, image) = decode(request)
                guard WorkerSide.reply(reply.encoded(), image: image) else { exit(0) }
            case .export:
                guard let job = request.export else { exit(65) }
                if faults { injectFault(path: job.item.path, kind: .decode) }
                let (reply, file) = export(job, maxPixels: request.maxPixels)
                guard WorkerSide.reply(reply.encoded(), file: file) else { exit(0) }
            }
        }
        exit(0)
    }

    private static func decode(_ request: WorkerRequest) -> (WorkerReply, PixelImage?) {
        do {
            let image = try PixelImage.decode(path: request.path, fitting: request.fitting, maxPixels: request.maxPixels)
            // A thumbnail's decode is the one every photo gets: its hash comes with it (a few
            // hundred microseconds; no decode of its own).
            let hash = request.hashing && request.fitting <= PerceptualHash.thumbnailSide ? try? PerceptualHash.of(image) : nil
            return (.image(image.layout, hash), image)
        } catch {
            return (.error(error.message), nil)
        }
    }

    private static func export(_ job: ExportJob, maxPixels: Int) -> (WorkerReply, EncodedFile?) {
        do {
            let file = try JPEGExport.render(job.item, settings: job.settings, maxPixels: maxPixels)
            return (.file(file.count), file)
        } catch {
            return (.error(error.message), nil)
        }
    }

    private static func injectFault(path: String, kind: WorkerRequest.Kind) {
        let name = (path as NSString).lastPathComponent
        if name.contains("crash-decoder") || (name.contains("crash-pixels") && kind == .decode) { abort() }
        if name.contains("hang-decoder") {
            while true { sleep(1000) }
        }
        if name.contains("sandbox-probe") {
            let report = sandboxProbe(reading: path)
            let photo = Photo(path: path, error: report)
            _ = WorkerSide.reply(WorkerReply.photos([PhotoRecord(photo)]).encoded())
            exit(0)
        }
    }

    /// What the restrictions refuse, as "operation: result" pairs.
    private static func sandboxProbe(reading path: String) -> String {
        /// "allowed", or why not (read right after the call, before errno changes).
        func result(_ descriptor: Int32) -> String { descriptor >= 0 ? "allowed" : String(cString: strerror(errno)) }
        let socketResult = result(socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
        let written = result(open(NSTemporaryDirectory() + "lightbox-probe-\(getpid())", O_WRONLY | O_CREAT, 0o600))
        let readable = result(open(PathBytes.c(path), O_RDONLY))
        return "socket: \(socketResult); write: \(written); read: \(readable)"
    }
}
