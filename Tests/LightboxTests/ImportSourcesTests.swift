import Foundation
import Gtk
import GtkTestSupport
import XCTest

@testable import Lightbox

/// The sources of an import (cards, cameras, phones, folders) and the bar that offers one when
/// it is connected.
///
/// A real camera over PTP or phone over MTP can't be had in a test: their kind is tested from
/// the URI schemes gvfs gives their mounts, and the GIO path (the volume monitor's mounts and
/// its mount-added and mount-removed signals) with a folder mounted under `/media`, where GIO's
/// Unix volume monitor shows it. The file system is a ramfs: GIO leaves out tmpfs as a system
/// file system, as it does `/run` and `/dev/shm`.
final class ImportSourcesTests: GtkTestCase {
    // MARK: Kinds, without GIO

    func testTheKindOfAMountComesFromItsSchemeOrItsDCIMFolder() {
        XCTAssertEqual(ImportSource.kind(uri: "gphoto2://Canon_Inc._Canon_Digital_Camera/", holdsDCIM: false), .camera)
        XCTAssertEqual(ImportSource.kind(uri: "GPhoto2://Nikon_DSC_D750/", holdsDCIM: false), .camera)
        XCTAssertEqual(ImportSource.kind(uri: "mtp://Google_Pixel_7_2A111FDH2006ZP/", holdsDCIM: false), .phone)
        XCTAssertEqual(ImportSource.kind(uri: "file:///media/anna/EOS_DIGITAL", holdsDCIM: true), .card)
        XCTAssertNil(ImportSource.kind(uri: "file:///media/anna/BACKUP", holdsDCIM: false))
        XCTAssertNil(ImportSource.kind(uri: "smb://nas/photos", holdsDCIM: true))
        XCTAssertNil(ImportSource.kind(uri: "no scheme", holdsDCIM: true))
    }

    func testACameraOrPhoneIsASourceOnlyThroughItsLocalPath() {
        let phone = VolumeMonitor.Mount(
            name: "Pixel 7", path: nil, uri: "mtp://Google_Pixel_7_2A111FDH2006ZP/", iconName: "phone-symbolic", canUnmount: true)
        XCTAssertNil(ImportSource.source(of: phone))
        let fused = VolumeMonitor.Mount(
            name: "Pixel 7", path: "/run/user/1000/gvfs/mtp:host=Google_Pixel_7_2A111FDH2006ZP",
            uri: "mtp://Google_Pixel_7_2A111FDH2006ZP/", iconName: "phone-symbolic", canUnmount: true)
        XCTAssertEqual(
            ImportSource.source(of: fused),
            ImportSource(
                name: "Pixel 7", path: "/run/user/1000/gvfs/mtp:host=Google_Pixel_7_2A111FDH2006ZP", kind: .phone,
                iconName: "phone-symbolic"))
        let camera = VolumeMonitor.Mount(
            name: "Canon Digital Camera", path: "/run/user/1000/gvfs/gphoto2:host=Canon_Inc._Canon_Digital_Camera",
            uri: "gphoto2://Canon_Inc._Canon_Digital_Camera/", iconName: "camera-photo-symbolic", canUnmount: true)
        XCTAssertEqual(ImportSource.source(of: camera)?.kind, .camera)
    }

    func testAFolderChosenByHandIsNamedByItsLastComponent() {
        XCTAssertEqual(
            ImportSource.folder("/home/anna/Pictures/Holiday/"),
            ImportSource(name: "Holiday", path: "/home/anna/Pictures/Holiday", kind: .folder, iconName: "folder-symbolic"))
        XCTAssertEqual(ImportSource.folder("/").name, "/")
    }

    func testAFolderHoldsDCIMInAnyCase() throws {
        let root = LibraryFixtures.temporaryFolder(self)
        XCTAssertFalse(ImportSource.holdsDCIM(root))
        XCTAssertTrue(FileManager.default.createFile(atPath: root + "/DCIM", contents: Data()))
        XCTAssertFalse(ImportSource.holdsDCIM(root), "a file named DCIM is no folder")
        try FileManager.default.removeItem(atPath: root + "/DCIM")
        try FileManager.default.createDirectory(atPath: root + "/dcim", withIntermediateDirectories: false)
        XCTAssertTrue(ImportSource.holdsDCIM(root))
    }

    // MARK: Mounts, through GIO

    func testACardMountedIsConnectedAndUnmountedIsDisconnected() throws {
        let sources = ImportSources()
        sources.start()
        var connected: [ImportSource] = []
        var disconnected: [String] = []
        sources.onConnected = { connected.append($0) }
        sources.onDisconnected = { disconnected.append($0) }

        // A drive without DCIM first: it is no source. Signals come in order, so when the card
        // after it is connected, the drive was seen and passed over.
        let drive = try mount(card: false)
        let card = try mount(card: true)
        pump(until: { !connected.isEmpty }, timeout: 10, "the card to be connected")
        let name = (card as NSString).lastPathComponent
        XCTAssertEqual(connected.map(\.name), [name])
        XCTAssertEqual(connected.map(\.path), [card])
        XCTAssertEqual(connected.map(\.kind), [.card])
        XCTAssertEqual(sources.sources.map(\.path), [card])
        let mount = try XCTUnwrap(VolumeMonitor.mounts.first { $0.path == card })
        XCTAssertEqual(mount.name, name)
        XCTAssertEqual(mount.uri, "file://" + card)
        XCTAssertEqual(mount.scheme, "file")
        XCTAssertTrue(mount.canUnmount)
        XCTAssertEqual(mount.iconName?.hasSuffix("-symbolic"), true)
        XCTAssertTrue(VolumeMonitor.mounts.contains { $0.path == drive }, "GIO shows the drive; it is not an import source")

        unmount(drive)
        unmount(card)
        pump(until: { !disconnected.isEmpty }, timeout: 10, "the card to be disconnected")
        XCTAssertEqual(disconnected, [card])
        XCTAssertEqual(sources.sources, [])
        XCTAssertFalse(VolumeMonitor.mounts.contains { $0.path == card })
    }

    func testReleasedSourcesStopFollowingTheVolumeMonitor() {
        let before = SignalDiagnostics.liveHandlerBoxes
        var sources: ImportSources? = ImportSources()
        sources?.start()
        sources?.start()
        XCTAssertEqual(SignalDiagnostics.liveHandlerBoxes, before + 2, "mount-added and mount-removed, once")
        sources = nil
        XCTAssertEqual(SignalDiagnostics.liveHandlerBoxes, before)
    }

    func testTheBarOffersTheCardConnectedAndGoesWhenItIsDisconnected() throws {
        let store = CatalogStore(
            catalog: try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"),
            images: ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))))
        let offer = ImportSourceOffer(store: store)
        offer.start()
        XCTAssertNil(offer.offered)

        let card = try mount(card: true)
        let name = (card as NSString).lastPathComponent
        pump(until: { store.conditions.contains { $0.kind == .importSourceConnected } }, timeout: 10, "the bar")
        XCTAssertEqual(
            store.conditions.filter { $0.kind == .importSourceConnected },
            [
                LibraryCondition(
                    .importSourceConnected, message: "“\(name)” is connected. Import its new photos and videos?",
                    isDismissible: true, actionLabel: "Import…")
            ])
        XCTAssertEqual(offer.offered, ImportSource(name: name, path: card, kind: .card, iconName: offer.offered?.iconName))

        unmount(card)
        pump(until: { !store.conditions.contains { $0.kind == .importSourceConnected } }, timeout: 10, "the bar to go")
        XCTAssertNil(offer.offered)
    }

    func testClosingTheBarKeepsTheSourceOfferedUntilItIsDisconnected() throws {
        let store = CatalogStore(
            catalog: try Catalog(path: LibraryFixtures.temporaryFolder(self, name: "catalog") + "/catalog.sqlite"),
            images: ImageSource(cache: ThumbnailCache(directory: LibraryFixtures.temporaryFolder(self, name: "thumbs"))))
        let offer = ImportSourceOffer(store: store)
        offer.start()
        let card = try mount(card: true)
        pump(until: { offer.offered != nil }, timeout: 10, "the offer")
        offer.answered()
        XCTAssertFalse(store.conditions.contains { $0.kind == .importSourceConnected })
        XCTAssertEqual(offer.offered?.path, card)
        unmount(card)
        pump(until: { offer.offered == nil }, timeout: 10, "the card to be disconnected")
    }

    // MARK: Helpers

    private static var mountCount = 0

    /// Mounts a new ramfs at `/media/lightbox-test-card-<pid>-<n>`, with `DCIM/100CANON/IMG_0001.JPG`
    /// when `card`, and returns its path; skips the test when that can't be done (not root).
    private func mount(card: Bool) throws -> String {
        guard getuid() == 0 else { throw XCTSkip("mounting a card under /media needs root") }
        Self.mountCount += 1
        let path = "/media/lightbox-test-card-\(getpid())-\(Self.mountCount)"
        let fill = card ? " && mkdir -p '\(path)/DCIM/100CANON' && echo photo > '\(path)/DCIM/100CANON/IMG_0001.JPG'" : ""
        guard LibraryFixtures.tryShell("mkdir -p '\(path)' && mount -t ramfs lightbox-test-card '\(path)'\(fill)") else {
            _ = LibraryFixtures.tryShell("rmdir '\(path)'")
            throw XCTSkip("a ramfs can't be mounted at \(path) (no mount privilege in this container?)")
        }
        addTeardownBlock { _ = LibraryFixtures.tryShell("umount '\(path)'; rmdir '\(path)'") }
        return path
    }

    private func unmount(_ path: String) {
        XCTAssertTrue(LibraryFixtures.tryShell("umount '\(path)'"), "umount \(path)")
    }
}
