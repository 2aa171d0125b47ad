import CGtk
import CWorkerSupport
import Foundation

/// The app's end of a helper process ("worker") started from an executable with a
/// socketpair on the child's fd 3: length-prefixed messages, each optionally carrying
/// one file descriptor (a memfd of pixels). Not thread-safe: one caller at a time (the
/// `WorkerPool` hands a connection to one request at a time).
public final class WorkerConnection: @unchecked Sendable {
    public let pid: Int32
    private var socket: Int32

    /// Messages larger than this are refused (a misbehaving worker can't make the app allocate freely).
    public static let maxMessage: UInt32 = 64 << 20

    /// What waiting for a reply gave.
    public enum Reply {
        case message(Data, WorkerPixels?)
        /// The worker closed its end (it crashed or exited).
        case closed
        case timedOut
        case failed(String)
    }

    /// Starts `executable` with `arguments` (argv[1...]) and `environment`.
    public init(executable: String, arguments: [String], environment: [String: String]) throws(MediaError) {
        var socket: Int32 = -1
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        let pid = argv.withUnsafeBufferPointer { argv in
            envp.withUnsafeBufferPointer { lbx_worker_spawn(executable, argv.baseAddress, $0.baseAddress, &socket) }
        }
        guard pid > 0 else {  // Translators: %1$@ is a program, %2$@ the system's reason.
            throw MediaError(String(format: tr("can't start %1$@: %2$@"), executable, String(cString: strerror(errno))))
        }
        self.pid = pid
        self.socket = socket
    }

    /// A worker still running when its connection goes (its pool is gone) is ended and reaped.
    deinit { if socket >= 0 { _ = end(kill: true) } }

    /// Sends one message; false when the worker is gone.
    public func send(_ data: Data) -> Bool {
        data.withUnsafeBytes { lbx_worker_send(socket, $0.baseAddress, UInt32(data.count), -1) == 0 }
    }

    /// Waits at most `timeout` seconds (nil: forever) for the next message.
    public func receive(timeout: Double?) -> Reply {
        let milliseconds = timeout.map { Int32(min(max($0 * 1000, 0), Double(Int32.max))) } ?? -1
        var bytes: UnsafeMutableRawPointer?
        var length: UInt32 = 0
        var descriptor: Int32 = -1
        let result = lbx_worker_receive(socket, milliseconds, Self.maxMessage, &bytes, &length, &descriptor)
        switch result {
        case 1:
            let data = Data(bytes: bytes!, count: Int(length))
            free(bytes)
            return .message(data, descriptor >= 0 ? WorkerPixels(adopting: descriptor) : nil)
        case 0: return .closed
        case -2: return .timedOut
        default: return .failed(String(cString: strerror(errno)))
        }
    }

    /// How the process ended: kills it first when `kill` (a hung worker), then reaps it.
    public func end(kill: Bool) -> WorkerExit {
        if socket >= 0 {
            close(socket)
            socket = -1
        }
        var status: Int32 = 0
        let signal = lbx_worker_reap(pid, kill ? 1 : 0, &status)
        return signal > 0 ? .signal(signal) : signal == 0 ? .exited(status) : .unknown
    }
}

/// How a worker process ended.
public enum WorkerExit: Sendable, Equatable {
    case exited(Int32)
    case signal(Int32)
    case unknown

    public var description: String {
        switch self {
        case .exited(let status): String(format: tr("exited with status %d"), Int(status))
        case .signal(let number):
            // Translators: %1$d is a signal's number, %2$@ its name from the system ("Segmentation fault").
            strsignal(number).map { String(format: tr("killed by signal %1$d (%2$@)"), Int(number), String(cString: $0)) }
                ?? String(format: tr("killed by signal %d"), Int(number))
        // Translators: how a worker process ended when nothing more is known.
        case .unknown: tr("ended")
        }
    }
}

/// A memfd of pixels received from a worker, not yet checked or mapped.
public final class WorkerPixels: @unchecked Sendable {
    fileprivate var descriptor: Int32

    init(adopting descriptor: Int32) { self.descriptor = descriptor }

    deinit { if descriptor >= 0 { close(descriptor) } }

    /// The first `count` bytes (a finished file), copied out once the memfd is checked
    /// (sealed, and that long; at most 1 GiB, a worker's file-size limit).
    public func copy(count: Int) throws(MediaError) -> [UInt8] {
        guard (1...(1 << 30)).contains(count), let mapping = lbx_memfd_map_sealed(descriptor, count) else {
            throw MediaError(tr("the image decoder sent a file that can't be read"))
        }
        defer { lbx_memfd_unmap(mapping, count) }
        return Array(UnsafeRawBufferPointer(start: mapping, count: count))
    }
}

/// The worker's side: its end of the socket (fd 3) and the restrictions it runs under.
public enum WorkerSide {
    static let socket: Int32 = 3

    /// Restricts this process (see `lbx_worker_restrict`): no new privileges, nice 10,
    /// rlimits (address space, file size, open files, no core dumps) and a seccomp filter
    /// against networking, running programs and writing files. Ends it with its parent.
    public static func restrict(addressSpace: UInt64, fileSize: UInt64, openFiles: UInt64) throws(MediaError) {
        lbx_worker_exit_with_parent()
        guard lbx_worker_restrict(addressSpace, fileSize, openFiles) == 0 else {
            throw MediaError(String(format: tr("the worker could not be restricted: %@"), String(cString: strerror(errno))))
        }
    }

    /// Allows `seconds` more CPU time from now (the process is killed past it).
    public static func limitCPU(seconds: UInt32) { lbx_worker_limit_cpu(seconds) }

    /// The next request from the app; nil when the app is gone.
    public static func receive() -> Data? {
        var bytes: UnsafeMutableRawPointer?
        var length: UInt32 = 0
        var descriptor: Int32 = -1
        guard lbx_worker_receive(socket, -1, WorkerConnection.maxMessage, &bytes, &length, &descriptor) == 1 else { return nil }
        if descriptor >= 0 { close(descriptor) }
        defer { free(bytes) }
        return Data(bytes: bytes!, count: Int(length))
    }

    /// The next request from the app, as `receive()`; `whenIdle` runs first if none has come
    /// within `milliseconds`.
    public static func receive(idleAfter milliseconds: Int32, whenIdle: () -> Void) -> Data? {
        if lbx_worker_wait(socket, milliseconds) == -2 { whenIdle() }
        return receive()
    }

    /// Sends a reply, with `image`'s pixels in a sealed memfd when given; false when the app is gone.
    public static func reply(_ data: Data, image: PixelImage? = nil) -> Bool {
        var descriptor: Int32 = -1
        if let image {
            descriptor = image.sealedMemfd()
            guard descriptor >= 0 else { return false }
        }
        defer { if descriptor >= 0 { close(descriptor) } }
        return data.withUnsafeBytes { lbx_worker_send(socket, $0.baseAddress, UInt32(data.count), descriptor) == 0 }
    }

    /// Sends a reply with `file`'s bytes in a sealed memfd; false when the app is gone.
    public static func reply(_ data: Data, file: EncodedFile?) -> Bool {
        guard let file else { return reply(data) }
        let descriptor = lbx_memfd_sealed_copy(file.bytes, file.count, file.count)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        return data.withUnsafeBytes { lbx_worker_send(socket, $0.baseAddress, UInt32(data.count), descriptor) == 0 }
    }
}

/// How an image's pixels are laid out in a worker's memfd.
public struct PixelLayout: Sendable, Equatable {
    public var width: Int
    public var height: Int
    public var rowStride: Int
    public var hasAlpha: Bool

    public init(width: Int, height: Int, rowStride: Int, hasAlpha: Bool) {
        self.width = width
        self.height = height
        self.rowStride = rowStride
        self.hasAlpha = hasAlpha
    }
}

extension PixelImage {
    /// The layout of this image's pixels (8-bit RGB or RGBA rows).
    public var layout: PixelLayout {
        PixelLayout(
            width: width, height: height, rowStride: Int(gdk_pixbuf_get_rowstride(pixbuf)),
            hasAlpha: gdk_pixbuf_get_has_alpha(pixbuf) != 0)
    }

    /// A sealed memfd holding the pixels (the one copy the pixels make between processes); -1 on failure.
    fileprivate func sealedMemfd() -> Int32 {
        let layout = self.layout
        guard let pixels = gdk_pixbuf_read_pixels(pixbuf) else { return -1 }
        return lbx_memfd_sealed_copy(pixels, Int(gdk_pixbuf_get_byte_length(pixbuf)), layout.rowStride * layout.height)
    }

    /// The image in a worker's memfd, mapped read-only (no copy) once it is checked: sealed
    /// against writes and shrinking, large enough for `layout`, and `layout` itself sane
    /// (at most `maxSide` px a side, 8-bit RGB/RGBA rows).
    public static func mapping(_ pixels: WorkerPixels, layout: PixelLayout, maxSide: Int) throws(MediaError) -> PixelImage {
        let channels = layout.hasAlpha ? 4 : 3
        guard (1...maxSide).contains(layout.width), (1...maxSide).contains(layout.height),
            layout.rowStride >= layout.width * channels, layout.rowStride <= layout.width * channels + 64
        else {
            throw MediaError(tr("the image decoder sent an image of an impossible size"))
        }
        let size = layout.rowStride * layout.height
        guard let mapping = lbx_memfd_map_sealed(pixels.descriptor, size) else {
            throw MediaError(String(format: tr("the image decoder's pixels can't be read: %@"), String(cString: strerror(errno))))
        }
        close(pixels.descriptor)
        pixels.descriptor = -1
        // The pixbuf owns the mapping: its destroy notify releases the region, which unmaps it.
        let region = Unmanaged.passRetained(MappedRegion(mapping, size: size)).toOpaque()
        guard
            let pixbuf = gdk_pixbuf_new_from_data(
                mapping.assumingMemoryBound(to: guchar.self), GDK_COLORSPACE_RGB,
                layout.hasAlpha ? 1 : 0, 8, gint(layout.width), gint(layout.height),
                gint(layout.rowStride),
                { _, region in
                    Unmanaged<MappedRegion>.fromOpaque(region!).release()
                }, region)
        else {
            Unmanaged<MappedRegion>.fromOpaque(region).release()
            throw MediaError(tr("the image decoder's pixels can't be shown"))
        }
        return PixelImage(adopting: pixbuf)
    }
}

/// A read-only mapping, unmapped when the last pixbuf using it is gone.
private final class MappedRegion {
    let address: UnsafeMutableRawPointer
    let size: Int
    init(_ address: UnsafeMutableRawPointer, size: Int) {
        self.address = address
        self.size = size
    }
    deinit { lbx_memfd_unmap(address, size) }
}
