import Foundation
import Gtk
import GtkTestSupport
import LightboxKit
import XCTest

@testable import Lightbox

final class DetailsPaneTests: GtkTestCase {
    @MainActor
    private func value(_ key: String, in details: DetailsController) -> String? {
        for item in details.source.items {
            if case .field(let field, let value, _) = item, field.label == key { return value }
            if key == "Location", case .location(let location, _) = item { return location.readable }
        }
        return nil
    }

    func testTheDetailsShowTheSelectedPhotosFacts() {
        guard PinnedLocale.isInEffect(for: self) else { return }
        let fixture = PhotosPageFixture(self, inNavigation: false)
        // The sample with a GPS position: what exiv2 reads in IMG_1007.jpg, written for people.
        let photo = fixture.store.photos.first { $0.name == "IMG_1007.jpg" }!
        fixture.select(photo)
        let details = fixture.page.details
        XCTAssertEqual(details.source.items.first, .preview(photo))
        XCTAssertEqual(details.source.items[1], .rating(3, isRejected: false))
        XCTAssertEqual(value("Date taken", in: details), "22 February 2024, 15:31")
        XCTAssertEqual(value("Camera", in: details), "FUJIFILM X-T3")
        XCTAssertEqual(value("Lens", in: details), "XF35mmF1.4 R")
        XCTAssertEqual(value("Exposure", in: details), "1/125 s")
        XCTAssertEqual(value("Aperture", in: details), "ƒ/2.8")
        XCTAssertEqual(value("ISO", in: details), "400")
        XCTAssertEqual(value("Focal length", in: details), "50 mm")
        XCTAssertEqual(value("Dimensions", in: details), "640 × 480")
        XCTAssertEqual(value("File size", in: details), "36 KB")
        XCTAssertEqual(value("Location", in: details), "48.8582° N, 2.2945° E")
        XCTAssertEqual(value("Folder", in: details), LibraryFixtures.samples)
        let withoutGPS = fixture.store.photos.first { $0.latitude == nil }!
        fixture.select(withoutGPS)
        XCTAssertNil(value("Location", in: details), "no Location row without GPS")
        fixture.select(photo)
        pump(
            until: { (details.source.boundRow(at: 0) as? PreviewRow)?.thumbnail.isLoaded == true },
            timeout: 10, "preview to load")
        pump(
            until: { fixture.list.source.boundRow(at: 0).map { ($0 as! PhotoRow).thumbnail.isLoaded } == true },
            timeout: 10, "thumbnails to load")
        pumpUntilPainted(fixture.window)
        let path = screenshot(fixture.window, name: "photos-details")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func testKeywordsShowWithTheirHierarchyInTheEditorNotAsARow() {
        var photo = Photo(path: "/photos/a.jpg")
        photo.keywords = ["harbour", "Places|Norway|Bergen"]
        XCTAssertFalse(
            DetailItem.items(for: photo).contains {
                if case .field(_, let value, _) = $0 { value.contains("harbour") } else { false }
            }, "the keyword editor shows them")
        XCTAssertEqual(KeywordShare.union(of: [photo]).map(\.shownKeyword), ["harbour", "Places › Norway › Bergen"])
        XCTAssertEqual(PhotoFormat.keyword("Places|Norway|Bergen"), "Places › Norway › Bergen")
    }

    /// The rows are keyed by what they are about, never by their label: a language may give
    /// two fields one word (here a catalog that calls both Camera and Lens "器材"), and the
    /// pane still shows both rows (keyed by label, the list refused them and the app stopped).
    func testTwoFieldsTranslatedAlikeKeepTheirOwnRows() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("alike-labels-\(getpid())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let messages = folder.appendingPathComponent("zh_CN/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let po = folder.appendingPathComponent("alike.po")
        try """
        msgid ""
        msgstr "Content-Type: text/plain; charset=UTF-8\\n"

        msgid "Camera"
        msgstr "器材"

        msgid "Lens"
        msgstr "器材"

        """.write(to: po, atomically: true, encoding: .utf8)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["--check", "-o", messages.appendingPathComponent("lightbox.mo").path, po.path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        XCTAssertEqual(msgfmt.terminationStatus, 0, "msgfmt compiles the catalog")

        let report = folder.appendingPathComponent("rows.txt").path
        let status = try TestLocale.runInChild(
            "\(String(reflecting: Self.self))/testAlikeLabelsProbe", locale: "zh_CN.UTF-8",
            changing: [Self.catalogsVariable: folder.path, Self.reportVariable: report])
        XCTAssertEqual(status, 0, "the child showed the rows without stopping")
        let rows = (try? String(contentsOfFile: report, encoding: .utf8))?.split(separator: "\n").map(String.init) ?? []
        XCTAssertEqual(
            rows, ["器材: FUJIFILM X-T3", "器材: XF35mmF1.4 R", "Folder: /photos"],
            "both rows, each with its own value, under the catalog's word")
    }

    func testATitleAndACaptionAreInTheirRowsNotAmongTheFacts() throws {
        guard PinnedLocale.isInEffect(for: self) else { return }
        var photo = Photo(path: "/photos/a.jpg")
        photo.title = "Lofoten"
        photo.caption = "Reine from the bridge.\nA cold morning."
        photo.make = "FUJIFILM"
        let catalog = try Catalog(path: LibraryFixtures.temporaryFolder(self) + "/catalog.sqlite")
        let details = DetailsController(store: CatalogStore(catalog: catalog))
        _ = details.view
        details.show(photo)
        let facts = details.source.items.compactMap { item -> String? in
            guard case .field(let field, let value, _) = item else { return nil }
            return "\(field.label): \(value)"
        }
        XCTAssertEqual(facts.first, "Camera: FUJIFILM")
        let rows = details.titleEditor.view as! TitleEditorView
        XCTAssertEqual(rows.titleRow.text, "Lofoten")
        XCTAssertEqual(rows.captionRow.text, "Reine from the bridge.\nA cold morning.")
    }

    static let catalogsVariable = "LIGHTBOX_ALIKE_LABELS_CATALOGS"
    static let reportVariable = "LIGHTBOX_ALIKE_LABELS_REPORT"

    /// Run by the test above in a child process (in zh_CN, with the catalog it made): shows a
    /// photo's details and writes each row's label and value. Does nothing in an ordinary run.
    func testAlikeLabelsProbe() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let report = environment[Self.reportVariable], let catalogs = environment[Self.catalogsVariable] else { return }
        Translation.start(domain: "lightbox", folder: catalogs)
        var photo = Photo(path: "/photos/a.jpg")
        (photo.make, photo.model, photo.lens) = ("FUJIFILM", "X-T3", "XF35mmF1.4 R")
        let details = DetailsController(store: CatalogStore(catalog: try Catalog(path: catalogs + "/catalog.sqlite")))
        details.show(photo)
        let rows = details.source.items.compactMap { item -> String? in
            guard case .field(let field, let value, _) = item, field != .fileSize else { return nil }
            return "\(field.label): \(value)"
        }
        try rows.joined(separator: "\n").write(toFile: report, atomically: true, encoding: .utf8)
    }

    func testClickingAStarAndPressing4SaveTheRating() {
        let fixture = PhotosPageFixture(self)
        let photo = fixture.store.photos.first { $0.rating == 0 && $0.error == nil }!
        fixture.select(photo)
        let details = fixture.page.details
        pump(until: { details.source.boundRow(at: 1) is RatingRow }, "rating row")
        let row = details.source.boundRow(at: 1) as! RatingRow
        XCTAssertEqual(
            row.starButtons.map(\.tooltip),
            ["Rate 1 star", "Rate 2 stars", "Rate 3 stars", "Rate 4 stars", "Rate 5 stars"])
        row.starButtons[2].click()
        XCTAssertEqual(fixture.store.photos.first { $0.id == photo.id }?.rating, 3)
        XCTAssertEqual(details.source.items[1], .rating(3, isRejected: false))
        XCTAssertEqual((details.source.boundRow(at: 1) as? RatingRow)?.rating, 3, "the stars follow")
        (details.source.boundRow(at: 1) as! RatingRow).starButtons[2].click()
        XCTAssertEqual(fixture.store.photos.first { $0.id == photo.id }?.rating, 0, "the current star clears")

        // 0–5 are the window's keys (its shortcut controller on its content), wherever the focus is.
        fixture.navigation.view.add(KeyboardShortcuts.controller(for: .windowUnlessTyping))
        XCTAssertTrue(fixture.navigation.view.sendKeyPress(Key(name: "4")!, modifiers: []))
        XCTAssertEqual(fixture.page.currentPhoto?.rating, 4, "the list shows the new rating")
        XCTAssertEqual(fixture.ratingReports, [])

        // Edits are committed in the background, in order: the last one must be in first.
        fixture.store.waitUntilSaved()
        let reopened = CatalogStore(catalog: try! Catalog(path: fixture.catalogPath))
        reopened.open(folder: LibraryFixtures.samples, rescanning: false)
        pump(until: { reopened.isUpToDate })
        XCTAssertEqual(reopened.allPhotos.first { $0.id == photo.id }?.rating, 4, "saved in the catalog")
    }

    func testActivatingCameraOrDatePushesThosePhotos() {
        guard PinnedLocale.isInEffect(for: self) else { return }
        let fixture = PhotosPageFixture(self)
        let opener = RecordingOpener()
        fixture.page.opener = opener
        let photo = fixture.store.photos.first { $0.name == "IMG_1007.jpg" }!
        fixture.select(photo)
        let details = fixture.page.details
        let listWidget = (details.view as! DetailsView).list
        let cameraRow = details.source.items.firstIndex { $0.id == DetailField.camera.rawValue }!
        XCTAssertTrue(listWidget.activateAction("list.activate-item", parameter: Variant(UInt32(cameraRow))))
        guard let byCamera = fixture.navigation.topController as? PhotoCollectionController else {
            return XCTFail("no camera page pushed")
        }
        XCTAssertEqual(byCamera.title, "FUJIFILM X-T3")
        XCTAssertEqual(
            Set(byCamera.photos.map(\.name)),
            ["IMG_1002.jpg", "IMG_1007.jpg", "IMG_1012.jpg", "IMG_1017.jpg", "IMG_1022.jpg"])
        pump(until: { byCamera.view.isMapped && !fixture.page.view.isMapped }, "the camera page, done sliding in")
        _ = screenshot(fixture.window, name: "photos-by-camera")
        byCamera.reveal(byCamera.photos[1].id)
        XCTAssertEqual(byCamera.currentPhoto?.id, byCamera.photos[1].id)
        let list = (byCamera.view as! PhotoCollectionView).list
        XCTAssertTrue(list.activateAction("list.activate-item", parameter: Variant(UInt32(0))))
        XCTAssertEqual(opener.opened?.photo.id, byCamera.photos[0].id)
        XCTAssertTrue(opener.opened?.page === byCamera)
        fixture.navigation.goBack()
        pump(until: { fixture.navigation.topController === fixture.page }, "back")

        let dateRow = details.source.items.firstIndex { $0.id == DetailField.dateTaken.rawValue }!
        XCTAssertTrue(listWidget.activateAction("list.activate-item", parameter: Variant(UInt32(dateRow))))
        guard let byDay = fixture.navigation.topController as? PhotoCollectionController else {
            return XCTFail("no day page pushed")
        }
        XCTAssertEqual(byDay.photos.map(\.name), ["IMG_1007.jpg"], "the one sample taken that day")
        XCTAssertEqual(byDay.title, "Thursday 22 February 2024")
    }
}
