import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import LightboxMedia
import XCTest

@testable import Lightbox

/// Handing photos to the rest of the desktop: Show in Files and Set as Background over
/// D-Bus (a private bus with stand-in services), Copy to the display's clipboard, drags
/// out as files, and the details pane's location row.
final class HandoffTests: GtkTestCase {
    /// The Photos page with the hand-offs installed as the window's actions.
    private struct Fixture {
        let page: PhotosPageFixture
        let handoffs: PhotoHandoffs
        /// What the window's bar would say.
        let messages: MessageLog
    }

    @MainActor
    private final class MessageLog {
        var texts: [String] = []
    }

    private func makeFixture(folder: String = LibraryFixtures.samples, bus: PrivateBus?) -> Fixture {
        let page = PhotosPageFixture(self, folder: folder)
        let messages = MessageLog()
        let connection = bus.map { try! BusConnection(address: $0.address) }
        let handoffs = PhotoHandoffs(
            store: page.store, page: { [weak page] in page?.page },
            say: { message in if let message { messages.texts.append(message.text) } },
            bus: { connection })
        handoffs.install(in: page.actions)
        return Fixture(page: page, handoffs: handoffs, messages: messages)
    }

    private func photo(named name: String, in fixture: Fixture) -> Photo {
        let photo = fixture.page.store.photos.first { $0.name == name }!
        fixture.page.select(photo)
        // The window refreshes its actions when a page's selection changes (`PhotoSelectionObserving`).
        fixture.handoffs.refresh()
        return photo
    }

    // MARK: Show in Files

    func testShowInFilesAsksTheFileManagerToShowTheSelectedFiles() throws {
        let bus = try PrivateBus(self)
        let fileManager = try FakeDesktopService(
            self, bus: bus, name: "org.freedesktop.FileManager1",
            path: "/org/freedesktop/FileManager1",
            interface: "org.freedesktop.FileManager1", method: "ShowItems",
            arguments: [("uris", "as"), ("startup_id", "s")])
        XCTAssertTrue(waitUntil { fileManager.isReady }, "the stand-in file manager on the bus")
        let fixture = makeFixture(bus: bus)
        let source = fixture.page.list.source
        source.select(at: 1)
        source.select(at: 2, extending: true)
        pump(until: { fixture.page.page.selectedPhotos.count == 2 }, "two photos selected")
        fixture.handoffs.refresh()
        XCTAssertTrue(fixture.page.actions.action(named: "show-in-files")!.isEnabled)
        fixture.page.actions.action(named: "show-in-files")?.activate()
        XCTAssertTrue(waitUntil { !fileManager.receivedCalls.isEmpty }, "the ShowItems call")
        guard let call = fileManager.receivedCalls.first else { return }
        XCTAssertEqual(
            call[0] as? [String],
            [
                "file://\(LibraryFixtures.samples)/IMG_1005.jpg",
                "file://\(LibraryFixtures.samples)/IMG_1017.jpg",
            ])
        XCTAssertEqual(call[1] as? String, "")
        XCTAssertEqual(fixture.messages.texts, [], "the file manager answered: nothing to say")
    }

    func testShowInFilesShowsTheFilesAnExportMade() throws {
        let bus = try PrivateBus(self)
        let fileManager = try FakeDesktopService(
            self, bus: bus, name: "org.freedesktop.FileManager1",
            path: "/org/freedesktop/FileManager1",
            interface: "org.freedesktop.FileManager1", method: "ShowItems",
            arguments: [("uris", "as"), ("startup_id", "s")])
        XCTAssertTrue(waitUntil { fileManager.isReady }, "the stand-in file manager on the bus")
        let fixture = makeFixture(bus: bus)
        fixture.handoffs.showInFiles(paths: ["/home/me/Pictures/Exported/IMG_1.jpg", "/home/me/Pictures/Exported/IMG_1 (2).jpg"])
        XCTAssertTrue(waitUntil { !fileManager.receivedCalls.isEmpty }, "the ShowItems call")
        XCTAssertEqual(
            fileManager.receivedCalls.first?[0] as? [String],
            ["file:///home/me/Pictures/Exported/IMG_1.jpg", "file:///home/me/Pictures/Exported/IMG_1%20(2).jpg"])
    }

    func testShowInFilesSaysSoWhenNoFileManagerAnswers() throws {
        let bus = try PrivateBus(self)
        let fixture = makeFixture(bus: bus)
        _ = photo(named: "IMG_1007.jpg", in: fixture)
        fixture.handoffs.showInFiles()
        pump(until: { !fixture.messages.texts.isEmpty }, "the message")
        XCTAssertEqual(fixture.messages.texts, ["No file manager answered: “IMG_1007.jpg” is in \(LibraryFixtures.samples)"])
    }

    // MARK: Set as Background

    func testSetAsBackgroundWithNoPortalSaysWhereToSetIt() throws {
        let bus = try PrivateBus(self)
        let fixture = makeFixture(bus: bus)
        _ = photo(named: "IMG_1007.jpg", in: fixture)
        fixture.page.actions.action(named: "set-background")?.activate()
        pump(until: { !fixture.messages.texts.isEmpty }, "the message")
        XCTAssertEqual(fixture.messages.texts, ["No wallpaper service is running; set the background in Settings"])
    }

    func testSetAsBackgroundHandsThePhotosURIToTheWallpaperPortal() throws {
        let bus = try PrivateBus(self)
        let portal = try FakeDesktopService(
            self, bus: bus, name: "org.freedesktop.portal.Desktop",
            path: "/org/freedesktop/portal/desktop",
            interface: "org.freedesktop.portal.Wallpaper", method: "SetWallpaperURI",
            arguments: [("parent_window", "s"), ("uri", "s"), ("options", "a{sv}")],
            reply: ("o", "'/org/freedesktop/portal/desktop/request/1_1/t'"), response: 0)
        XCTAssertTrue(waitUntil { portal.isReady }, "the stand-in portal on the bus")
        let fixture = makeFixture(bus: bus)
        _ = photo(named: "IMG_1007.jpg", in: fixture)
        fixture.page.actions.action(named: "set-background")?.activate()
        XCTAssertTrue(waitUntil { !portal.receivedCalls.isEmpty }, "the SetWallpaperURI call")
        guard let call = portal.receivedCalls.first else { return }
        XCTAssertEqual(call[1] as? String, "file://\(LibraryFixtures.samples)/IMG_1007.jpg")
        let options = call[2] as? [String: Any]
        XCTAssertEqual(options?["show-preview"] as? Bool, true, "the portal shows a preview and asks first")
        XCTAssertEqual(options?["set-on"] as? String, "background")
        pump(until: { !fixture.messages.texts.isEmpty }, "the portal's response")
        XCTAssertEqual(fixture.messages.texts, ["“IMG_1007.jpg” is the background now"])
    }

    func testTheHandOffsAreEnabledOnlyWithASelection() {
        let fixture = makeFixture(bus: nil)
        // Nothing found, nothing selected (a list with focus and photos keeps one selected).
        let store = fixture.page.store
        store.searchText = "no such photo"
        pump(until: { store.photos.isEmpty && fixture.page.page.selectedPhotos.isEmpty }, "no selection")
        fixture.handoffs.refresh()
        XCTAssertEqual(
            ["open-with", "show-in-files", "copy", "set-background", "export"].map {
                fixture.page.actions.action(named: $0)!.isEnabled
            }, [false, false, false, false, false])
        store.searchText = ""
        pump(until: { fixture.page.list.source.count == store.photos.count && !store.photos.isEmpty }, "every photo")
        fixture.page.list.source.select(at: 0)
        fixture.handoffs.refresh()
        XCTAssertEqual(
            ["open-with", "show-in-files", "copy", "set-background", "export"].map {
                fixture.page.actions.action(named: $0)!.isEnabled
            }, [true, true, true, true, true])
        fixture.page.list.source.select(at: 1, extending: true)
        fixture.handoffs.refresh()
        XCTAssertEqual(
            ["open-with", "show-in-files", "copy", "set-background", "export"].map {
                fixture.page.actions.action(named: $0)!.isEnabled
            }, [true, true, true, false, true], "one background at a time")
    }

    // MARK: Copy

    func testCopyPutsTheFilesAndThePictureOnTheClipboard() {
        let fixture = makeFixture(bus: nil)
        _ = photo(named: "IMG_1007.jpg", in: fixture)
        fixture.page.actions.action(named: "copy")?.activate()
        XCTAssertEqual(Clipboard.default.mimeTypes.first, "text/uri-list", "the files at once, first")
        pump(until: { Clipboard.default.mimeTypes.contains("image/png") }, timeout: 10, "the picture, decoded")
        XCTAssertTrue(Clipboard.default.mimeTypes.contains("text/uri-list"), "the files stay")
        var paths: [String]?
        Clipboard.default.readFilePaths { paths = $0 }
        var size: (width: Int, height: Int)?
        Clipboard.default.readImageSize { size = $0 }
        pump(until: { paths != nil && size != nil }, "the clipboard's files and picture")
        XCTAssertEqual(paths, [LibraryFixtures.samples + "/IMG_1007.jpg"])
        XCTAssertEqual(size?.width, 640)
        XCTAssertEqual(size?.height, 480)
        XCTAssertEqual(fixture.messages.texts, ["“IMG_1007.jpg” copied"])
    }

    func testCopyingSeveralPhotosPutsEveryFileOnTheClipboard() {
        let fixture = makeFixture(bus: nil)
        let source = fixture.page.list.source
        source.select(at: 1)
        source.select(at: 2, extending: true)
        source.select(at: 9, extending: true)
        pump(until: { fixture.page.page.selectedPhotos.count == 3 }, "three photos selected")
        fixture.handoffs.copy()
        var paths: [String]?
        Clipboard.default.readFilePaths { paths = $0 }
        pump(until: { paths != nil }, "the clipboard's files")
        XCTAssertEqual(paths, ["IMG_1005.jpg", "IMG_1017.jpg", "IMG_1001.jpg"].map { LibraryFixtures.samples + "/" + $0 })
        XCTAssertFalse(Clipboard.default.mimeTypes.contains("image/png"), "no one picture for three photos")
        XCTAssertEqual(fixture.messages.texts, ["3 photos copied"])
    }

    func testTextCopiedWhileThePictureDecodesIsNotReplaced() {
        let fixture = makeFixture(bus: nil)
        _ = photo(named: "IMG_1012.jpg", in: fixture)
        fixture.handoffs.copy()
        Clipboard.default.set(text: "typed in search")
        var text: String?
        Clipboard.default.readText { text = $0 }
        pump(until: { text != nil }, "the clipboard's text")
        // The picture decoded for the copy arrives later and must not take the clipboard back.
        let store = fixture.page.store
        var decoded = false
        Task {
            _ = try? await store.images.image(for: store.photos.first { $0.name == "IMG_1012.jpg" }!, size: PhotoHandoffs.copiedImageSize)
            decoded = true
        }
        pump(until: { decoded }, timeout: 10, "the decode")
        MainLoop.drain()
        XCTAssertEqual(text, "typed in search")
        XCTAssertFalse(Clipboard.default.mimeTypes.contains("text/uri-list"), "\(Clipboard.default.mimeTypes)")
    }

    // MARK: Drag

    func testDraggingAPhotoCarriesItsFileAndDraggingTheSelectionCarriesEveryFile() {
        let fixture = makeFixture(bus: nil)
        let source = fixture.page.list.source
        source.select(at: 1)
        source.select(at: 2, extending: true)
        source.select(at: 9, extending: true)
        pump(until: { fixture.page.page.selectedPhotos.count == 3 }, "three photos selected")
        let selected = fixture.page.row(at: 2)!.dragSource!.content()!
        XCTAssertEqual(selected.filePaths, ["IMG_1005.jpg", "IMG_1017.jpg", "IMG_1001.jpg"].map { LibraryFixtures.samples + "/" + $0 })
        XCTAssertTrue(selected.mimeTypes.contains("text/uri-list"), "\(selected.mimeTypes)")
        let unselected = fixture.page.row(at: 0)!
        XCTAssertEqual(
            unselected.dragSource!.content()!.filePaths, [fixture.page.list.photos[0].path],
            "an unselected photo alone")
    }

    func testDraggingARawJpegPairCarriesBothFiles() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "pairs")
        FormatFixtures.make(in: folder, files: [FormatFixtures.rawFiles[0]])
        try! FileManager.default.copyItem(atPath: folder + "/reference.jpg", toPath: folder + "/photo.JPG")
        let fixture = makeFixture(folder: folder, bus: nil)
        let position = fixture.page.list.photos.firstIndex { $0.companion != nil }!
        XCTAssertEqual(
            fixture.page.row(at: position)!.dragSource!.content()!.filePaths,
            [folder + "/photo.nef", folder + "/photo.JPG"])
    }

    // MARK: Location

    /// A copy of a sample with its GPS position (no altitude, as many cameras write it) set
    /// by exiv2 (degrees, minutes, seconds).
    private func sample(
        at position: (latitude: String, north: Bool, longitude: String, east: Bool), in folder: String,
        named name: String
    ) {
        let target = folder + "/" + name
        try! FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try! FileManager.default.copyItem(atPath: LibraryFixtures.samples + "/IMG_1001.jpg", toPath: target)
        let result = try! LibraryFixtures.run(
            "/usr/bin/exiv2",
            [
                "-M", "set Exif.GPSInfo.GPSLatitude \(position.latitude)",
                "-M", "set Exif.GPSInfo.GPSLatitudeRef \(position.north ? "N" : "S")",
                "-M", "set Exif.GPSInfo.GPSLongitude \(position.longitude)",
                "-M", "set Exif.GPSInfo.GPSLongitudeRef \(position.east ? "E" : "W")", target,
            ])
        XCTAssertEqual(result.status, 0, result.stderr)
    }

    func testTheLocationRowNamesTheNearestPlaceAndCopiesAndOpensTheCoordinates() {
        let folder = LibraryFixtures.temporaryFolder(self, name: "gps")
        // Paris, 48.8566° N 2.3522° E; and the middle of the Atlantic, 0° 30° W.
        sample(at: ("48/1 51/1 2376/100", true, "2/1 21/1 792/100", true), in: folder, named: "paris.jpg")
        sample(at: ("0/1 0/1 0/1", true, "30/1 0/1 0/1", false), in: folder, named: "atlantic.jpg")
        let fixture = makeFixture(folder: folder, bus: nil)
        var opened: [String] = []
        fixture.handoffs.openURI = { opened.append($0) }
        _ = photo(named: "paris.jpg", in: fixture)
        let details = fixture.page.page.details
        let position = details.source.items.firstIndex { $0.kind == "location" }!
        guard case .location(let location, let place) = details.source.items[position] else { return XCTFail() }
        XCTAssertEqual(location.decimal, "48.8566, 2.3522")
        XCTAssertEqual(place, "Paris, France")
        pump(until: { details.source.boundRow(at: position) is LocationRow }, "the location row")
        let row = details.source.boundRow(at: position) as! LocationRow
        XCTAssertEqual(row.coordinatesLabel.text, "48.8566° N, 2.3522° E")
        XCTAssertEqual(row.placeLabel.text, "Near Paris, France")
        XCTAssertTrue(row.placeLabel.isVisible)
        details.editKeywords()  // scrolls the pane to its end, the location row in view
        pump(until: { row.isInScrolledView }, "the location row in view")
        pumpUntilPainted(fixture.page.window)
        _ = screenshot(fixture.page.window, name: "handoffs-location-row")

        row.copyButton.emitClicked()
        var text: String?
        Clipboard.default.readText { text = $0 }
        pump(until: { text != nil }, "the clipboard's text")
        XCTAssertEqual(text, "48.8566, 2.3522")
        row.mapsButton.emitClicked()
        XCTAssertEqual(opened, ["geo:48.8566,2.3522"])
        XCTAssertEqual(fixture.messages.texts, ["Coordinates copied"])

        _ = photo(named: "atlantic.jpg", in: fixture)
        XCTAssertEqual(
            details.source.items.first { $0.kind == "location" },
            .location(PhotoLocation(latitude: 0, longitude: -30), place: nil), "no town within 100 km")
        pump(
            until: { (details.source.boundRow(at: position) as? LocationRow)?.coordinatesLabel.text == "0.0000° N, 30.0000° W" },
            "the Atlantic's coordinates")
        XCTAssertFalse(row.placeLabel.isVisible)
    }

    func testOpenInMapsSaysSoWhenNoAppOpensMaps() {
        let fixture = makeFixture(bus: nil)
        fixture.handoffs.openURI = { _ in throw LaunchError("No application is registered as handling this file") }
        fixture.handoffs.openInMaps(PhotoLocation(latitude: 48.8582, longitude: 2.2945))
        XCTAssertEqual(
            fixture.messages.texts,
            ["No maps application opens geo:48.8582,2.2945: No application is registered as handling this file"])
    }

    func testTheNearestPlaceComesFromTheLocationsDatabase() {
        XCTAssertEqual(NearestPlace.name(latitude: 48.8566, longitude: 2.3522), "Paris, France")
        XCTAssertEqual(NearestPlace.name(latitude: 35.68, longitude: 139.69), "Tokyo, Japan")
        XCTAssertNil(NearestPlace.name(latitude: 0, longitude: -30))
        XCTAssertNil(NearestPlace.name(latitude: .nan, longitude: 2))
    }
}

/// Open With…: GTK's app chooser on the desktop, the OpenURI portal in a Flatpak sandbox.
final class OpenWithTests: GtkTestCase {
    private func makeFixture(bus: PrivateBus?) -> (PhotosPageFixture, PhotoHandoffs, () -> [String]) {
        let page = PhotosPageFixture(self)
        var messages: [String] = []
        let connection = bus.map { try! BusConnection(address: $0.address) }
        let handoffs = PhotoHandoffs(
            store: page.store, page: { [weak page] in page?.page },
            say: { message in if let message { messages.append(message.text) } },
            bus: { connection }, window: { [weak page] in page?.window })
        let photo = page.store.photos.first { $0.name == "IMG_1007.jpg" }!
        page.select(photo)
        return (page, handoffs, { messages })
    }

    func testOpenWithShowsGTKsAppChooserForThePhoto() {
        let (page, handoffs, messages) = makeFixture(bus: nil)
        defer { withExtendedLifetime(page) {} }
        handoffs.isSandboxed = false
        handoffs.openWith()
        let chooser = handoffs.chooser
        XCTAssertNotNil(chooser)
        pump(until: { Window.toplevels.contains { $0.title == "Select Application" && $0.isMapped } }, "the app chooser")
        chooser?.cancel()
        pump(until: { !Window.toplevels.contains { $0.title == "Select Application" } }, "the chooser to close")
        XCTAssertNil(handoffs.chooser)
        XCTAssertEqual(messages(), [], "cancelled: nothing to say")
    }

    func testOpenWithInASandboxAsksThePortalWhichAppOpensTheFile() throws {
        let bus = try PrivateBus(self)
        let portal = try FakeDesktopService(
            self, bus: bus, name: "org.freedesktop.portal.Desktop",
            path: "/org/freedesktop/portal/desktop",
            interface: "org.freedesktop.portal.OpenURI", method: "OpenFile",
            arguments: [("parent_window", "s"), ("fd", "h"), ("options", "a{sv}")],
            reply: ("o", "'/org/freedesktop/portal/desktop/request/1_1/t'"))
        XCTAssertTrue(waitUntil { portal.isReady }, "the stand-in portal on the bus")
        let (page, handoffs, messages) = makeFixture(bus: bus)
        defer { withExtendedLifetime(page) {} }
        handoffs.isSandboxed = true
        handoffs.openWith()
        XCTAssertTrue(waitUntil { !portal.receivedCalls.isEmpty }, "the OpenFile call")
        guard let call = portal.receivedCalls.first else { return }
        XCTAssertEqual(call[1] as? String, LibraryFixtures.samples + "/IMG_1007.jpg", "the file, as an open descriptor")
        XCTAssertEqual((call[2] as? [String: Any])?["ask"] as? Bool, true, "the portal asks which app")
        MainLoop.drain()
        XCTAssertEqual(messages(), [])
    }

    func testOpenWithInASandboxWithoutAPortalSaysSo() throws {
        let bus = try PrivateBus(self)
        let (page, handoffs, messages) = makeFixture(bus: bus)
        defer { withExtendedLifetime(page) {} }
        handoffs.isSandboxed = true
        handoffs.openWith()
        pump(until: { !messages().isEmpty }, "the message")
        XCTAssertEqual(messages(), ["No desktop portal answered: “IMG_1007.jpg” can’t be opened from the sandbox"])
    }
}

/// Show in Files from a Flatpak sandbox (no FileManager1 there) and the photo page's menus.
final class PhotoMenuTests: GtkTestCase {
    func testShowInFilesFromASandboxAsksThePortalToOpenTheFolderOnThePhoto() throws {
        let bus = try PrivateBus(self)
        let portal = try FakeDesktopService(
            self, bus: bus, name: "org.freedesktop.portal.Desktop",
            path: "/org/freedesktop/portal/desktop",
            interface: "org.freedesktop.portal.OpenURI", method: "OpenDirectory",
            arguments: [("parent_window", "s"), ("fd", "h"), ("options", "a{sv}")],
            reply: ("o", "'/org/freedesktop/portal/desktop/request/1_1/t'"))
        XCTAssertTrue(waitUntil { portal.isReady }, "the stand-in portal on the bus")
        let page = PhotosPageFixture(self)
        let connection = try BusConnection(address: bus.address)
        var messages: [String] = []
        let handoffs = PhotoHandoffs(
            store: page.store, page: { page.page },
            say: { if let message = $0 { messages.append(message.text) } }, bus: { connection })
        handoffs.isSandboxed = true
        page.select(page.store.photos.first { $0.name == "IMG_1007.jpg" }!)
        handoffs.showInFiles()
        XCTAssertTrue(waitUntil { !portal.receivedCalls.isEmpty }, "the OpenDirectory call")
        XCTAssertEqual(portal.receivedCalls.first?[1] as? String, LibraryFixtures.samples + "/IMG_1007.jpg")
        XCTAssertEqual(messages, [])
    }

    func testThePhotoPageHasThePhotoMenuInItsHeaderAndOnThePhoto() {
        let page = PhotosPageFixture(self)
        let photos = page.store.photos
        let photoPage = PhotoPageController(store: page.store, photos: photos, index: 0)
        page.navigation.push(photoPage, animated: false)
        pump(until: { photoPage.isViewLoaded && photoPage.view.isMapped }, "the photo page")
        let view = photoPage.view as! PhotoPageView
        XCTAssertTrue(photoPage.headerItems.end.contains { $0 === view.menuButton }, "the header's menu button")
        XCTAssertEqual(photoPage.dragSource?.content()?.filePaths, [photos[0].path], "the photo drags out")
        photoPage.showPhoto(at: 1)
        XCTAssertEqual(photoPage.dragSource?.content()?.filePaths, [photos[1].path], "the photo shown now")
        let model = view.menuButton.menuModel!
        XCTAssertEqual(model.itemCount, 4, "four sections: the hand-offs, the turns, the albums, the trash")
        // What the window's `win.photo-menu` (Menu, Shift+F10) asks of the page in front.
        photoPage.openPhotoMenu()
        pump(until: { view.contextMenu.isOpen }, "the photo menu")
        pumpUntilPainted(page.window)
        view.contextMenu.popover.popdown()
        pump(until: { !view.contextMenu.isOpen }, "the menu to close")
    }
}

/// The photo menu on the photo lists acts on the selection.
final class PhotoListMenuTests: GtkTestCase {
    func testARightClickOnAPhotoOutsideTheSelectionSelectsItAndOpensTheMenu() {
        let fixture = PhotosPageFixture(self)
        let source = fixture.list.source
        let list = fixture.listView.list
        let menu = fixture.listView.contextMenu
        source.select(at: 2)
        source.scroll(to: 0)
        pump(until: { fixture.row(at: 0)?.isInScrolledView == true }, "the first row in view")
        pumpUntilPainted(fixture.window)
        // What a right click at the top left of the list finds: the first photo's row.
        let row = list.descendant(at: (x: 60, y: 30), as: PhotoRow.self)
        XCTAssertEqual(row?.photo?.id, fixture.list.photos[0].id)
        menu.open(on: list, at: (x: 60, y: 30), for: row)
        XCTAssertEqual(fixture.page.selectedPhotos.map(\.id), [fixture.list.photos[0].id], "the clicked photo is selected")
        pump(until: { menu.isOpen }, "the photo menu")
        menu.popover.popdown()
        pump(until: { !menu.isOpen }, "the menu to close")

        // On a photo of a selection, the selection stays (the menu acts on all of it).
        source.select(at: 1, extending: true)
        menu.open(on: list, for: fixture.row(at: 1))
        XCTAssertEqual(fixture.page.selectedPhotos.count, 2)
        menu.popover.popdown()
    }

    func testCameraAndDayPagesHaveThePhotoMenuToo() {
        let fixture = PhotosPageFixture(self)
        let collection = PhotoCollectionController(title: "FUJIFILM X-T3", photos: fixture.store.photos, store: fixture.store)
        fixture.navigation.push(collection, animated: false)
        pump(until: { collection.isViewLoaded && collection.view.isMapped }, "the collection page")
        collection.reveal(fixture.store.photos[3].id)
        let view = collection.view as! PhotoCollectionView
        collection.openPhotoMenu()  // `win.photo-menu`: the Menu key
        pump(until: { view.contextMenu.isOpen }, "the photo menu")
        XCTAssertEqual(collection.selectedPhotos.map(\.id), [fixture.store.photos[3].id])
        view.contextMenu.popover.popdown()
    }
}

/// Photos drag out of the Albums page's month strips too.
final class AlbumsDragTests: GtkTestCase {
    func testDraggingFromAMonthCarriesThePhotoOrTheMonthsSelection() {
        let (_, _, window, strip, _) = MonthsFixtures.januarySelected(self)
        pump(until: { (0...2).allSatisfy { strip.source.boundRow(at: $0) != nil } }, "the month's thumbnails")
        let selected = (strip.source.boundRow(at: 2) as! StripThumbnailRow).dragSource!.content()!
        XCTAssertEqual(selected.filePaths?.map { ($0 as NSString).lastPathComponent }, ["IMG_1012.jpg", "IMG_1000.jpg"])
        let other = strip.source.boundRow(at: 1) as! StripThumbnailRow
        XCTAssertEqual(other.dragSource!.content()!.filePaths, [other.photo!.path], "an unselected photo alone")
        window.destroy()
    }
}

/// The Albums page's months have the photo menu: the Menu key on a month's selection, a
/// right click on a photo (selecting it first when it is outside the selection).
final class AlbumsPhotoMenuTests: GtkTestCase {
    func testAMonthsPhotosHaveThePhotoMenu() {
        let (_, albums, window, strip, _) = MonthsFixtures.januarySelected(self)
        let view = strip.view as! MonthStripView
        pump(until: { (0...2).allSatisfy { strip.source.boundRow(at: $0) != nil } }, "the month's thumbnails")
        pumpUntilPainted(window)

        strip.openPhotoMenu()  // the page's `openPhotoMenu` asks the strip with the selection
        pump(until: { view.contextMenu.isOpen }, "the photo menu")
        XCTAssertEqual(albums.selectedPhotos.map(\.name), ["IMG_1012.jpg", "IMG_1000.jpg"], "it acts on the selection")
        view.contextMenu.popover.popdown()
        pump(until: { !view.contextMenu.isOpen }, "the menu to close")

        // A right click on a photo outside the selection selects it first.
        let other = strip.source.boundRow(at: 1) as! StripThumbnailRow
        view.contextMenu.open(on: view.strip, for: other)
        pump(until: { view.contextMenu.isOpen }, "the photo menu on the clicked photo")
        XCTAssertEqual(albums.selectedPhotos.map(\.id), [other.photo!.id])
        view.contextMenu.popover.popdown()

        // `win.photo-menu` (Menu, Shift+F10) on the Albums page opens it on the selection too.
        pump(until: { !view.contextMenu.isOpen }, "the menu to close")
        albums.openPhotoMenu()
        pump(until: { view.contextMenu.isOpen }, "the photo menu from the page")
        view.contextMenu.popover.popdown()
        window.destroy()
    }
}

/// What the window says when the Wallpaper portal's preview is declined or fails.
final class BackgroundResponseTests: GtkTestCase {
    private func setBackground(response: UInt32) throws -> [String] {
        let bus = try PrivateBus(self)
        let portal = try FakeDesktopService(
            self, bus: bus, name: "org.freedesktop.portal.Desktop",
            path: "/org/freedesktop/portal/desktop",
            interface: "org.freedesktop.portal.Wallpaper", method: "SetWallpaperURI",
            arguments: [("parent_window", "s"), ("uri", "s"), ("options", "a{sv}")],
            reply: ("o", "'/org/freedesktop/portal/desktop/request/1_1/t'"), response: response)
        XCTAssertTrue(waitUntil { portal.isReady }, "the stand-in portal on the bus")
        let page = PhotosPageFixture(self)
        let connection = try BusConnection(address: bus.address)
        var messages: [String] = []
        let handoffs = PhotoHandoffs(
            store: page.store, page: { page.page },
            say: { if let message = $0 { messages.append(message.text) } }, bus: { connection })
        page.select(page.store.photos.first { $0.name == "IMG_1007.jpg" }!)
        handoffs.setBackground()
        XCTAssertTrue(waitUntil { !portal.receivedCalls.isEmpty }, "the SetWallpaperURI call")
        // The response comes as a signal after the reply: wait for both to be handled.
        var answered = false
        connection.call(
            "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "GetId", arguments: .tuple([])
        ) { _ in answered = true }
        pump(until: { answered }, "a round trip after the response")
        pump(until: { response == 1 || !messages.isEmpty }, "the message")
        return messages
    }

    func testDecliningThePreviewSaysNothing() throws {
        XCTAssertEqual(try setBackground(response: 1), [])
    }

    func testAFailedRequestSaysSo() throws {
        XCTAssertEqual(try setBackground(response: 2), ["The background could not be set"])
    }
}
