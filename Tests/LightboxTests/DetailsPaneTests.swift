import Foundation
import Gtk
import GtkTestSupport
@testable import Lightbox
import LightboxKit
import XCTest

final class DetailsPaneTests: GtkTestCase {
    @MainActor
    private func value(_ key: String, in details: DetailsController) -> String? {
        for item in details.source.items {
            if case .field(key, let value, _) = item { return value }
        }
        return nil
    }

    func testTheDetailsShowTheSelectedPhotosFacts() {
        let fixture = PhotosPageFixture(self, inNavigation: false)
        let photo = fixture.store.photos.first { $0.latitude != nil && $0.iso != nil && $0.lens != nil }!
        fixture.select(photo)
        let details = fixture.page.details
        XCTAssertEqual(details.source.items.first, .preview(photo))
        XCTAssertEqual(details.source.items[1], .rating(photo.rating))
        XCTAssertEqual(value("Date taken", in: details), PhotoFormat.date(photo.taken))
        XCTAssertEqual(value("Camera", in: details), photo.camera)
        XCTAssertEqual(value("Lens", in: details), photo.lens)
        XCTAssertEqual(value("Exposure", in: details), "\(photo.exposure!) s")
        XCTAssertEqual(value("Aperture", in: details), "ƒ/\(PhotoFormat.number(photo.aperture!))")
        XCTAssertEqual(value("ISO", in: details), "\(photo.iso!)")
        XCTAssertEqual(value("Focal length", in: details), "\(PhotoFormat.number(photo.focalLength!)) mm")
        XCTAssertEqual(value("Dimensions", in: details), "\(photo.displaySize.width) × \(photo.displaySize.height)")
        XCTAssertEqual(value("File size", in: details), PhotoFormat.fileSize(photo.fileSize))
        XCTAssertEqual(value("Location", in: details), "48.8582° N, 2.2945° E")
        XCTAssertEqual(value("Folder", in: details), LibraryFixtures.samples)
        let withoutGPS = fixture.store.photos.first { $0.latitude == nil }!
        fixture.select(withoutGPS)
        XCTAssertNil(value("Location", in: details), "no Location row without GPS")
        fixture.select(photo)
        pump(until: { (details.source.boundRow(at: 0) as? PreviewRow)?.thumbnail.isLoaded == true },
             timeout: 10, "preview to load")
        pump(until: { fixture.list.source.boundRow(at: 0).map { ($0 as! PhotoRow).thumbnail.isLoaded } == true },
             timeout: 10, "thumbnails to load")
        pumpUntilPainted(fixture.window)
        let path = screenshot(fixture.window, name: "photos-details")
        XCTAssertTrue(FileManager.default.fileExists(atPath: path))
    }

    func testClickingAStarAndPressing4SaveTheRating() {
        let fixture = PhotosPageFixture(self)
        let photo = fixture.store.photos.first { $0.rating == 0 && $0.error == nil }!
        fixture.select(photo)
        let details = fixture.page.details
        pump(until: { details.source.boundRow(at: 1) is RatingRow }, "rating row")
        let row = details.source.boundRow(at: 1) as! RatingRow
        XCTAssertEqual(row.starButtons.map(\.tooltip), (1...5).map { RatingRow.starName($0) })
        XCTAssertEqual(RatingRow.starName(3), "Rate 3 stars")
        row.starButtons[2].click()
        XCTAssertEqual(fixture.store.photos.first { $0.id == photo.id }?.rating, 3)
        XCTAssertEqual(details.source.items[1], .rating(3))
        XCTAssertEqual((details.source.boundRow(at: 1) as? RatingRow)?.rating, 3, "the stars follow")
        (details.source.boundRow(at: 1) as! RatingRow).starButtons[2].click()
        XCTAssertEqual(fixture.store.photos.first { $0.id == photo.id }?.rating, 0, "the current star clears")

        let listWidget = (details.view as! DetailsView).list
        XCTAssertTrue(listWidget.sendKeyPress(Key(name: "4")!, modifiers: []))
        XCTAssertEqual(fixture.page.currentPhoto?.rating, 4, "the list shows the new rating")
        XCTAssertNil(details.errorMessage)

        let reopened = CatalogStore(catalog: try! Catalog(path: fixture.catalogPath))
        reopened.open(folder: LibraryFixtures.samples, rescanning: false)
        pump(until: { reopened.isUpToDate })
        XCTAssertEqual(reopened.allPhotos.first { $0.id == photo.id }?.rating, 4, "saved in the catalog")
    }

    func testARatingThatCannotBeSavedIsShown() {
        let fixture = PhotosPageFixture(self)
        let details = fixture.page.details
        details.show(Photo(path: "/nonexistent/gone.jpg"))
        details.rate(2)
        XCTAssertNotNil(details.errorMessage)
        XCTAssertTrue(details.errorMessage?.contains("gone.jpg") == true, details.errorMessage ?? "")
        fixture.select(fixture.store.photos[0])
        XCTAssertNil(details.errorMessage, "the message goes with the photo")
    }

    func testActivatingCameraOrDatePushesThosePhotos() {
        let fixture = PhotosPageFixture(self)
        let opener = RecordingOpener()
        fixture.page.opener = opener
        let photo = fixture.store.photos.first { $0.camera != nil && $0.taken != nil }!
        fixture.select(photo)
        let details = fixture.page.details
        let listWidget = (details.view as! DetailsView).list
        let cameraRow = details.source.items.firstIndex { $0.id == "Camera" }!
        XCTAssertTrue(listWidget.activateAction("list.activate-item", parameter: Variant(UInt32(cameraRow))))
        guard let byCamera = fixture.navigation.topController as? PhotoCollectionController else {
            return XCTFail("no camera page pushed")
        }
        XCTAssertEqual(byCamera.title, photo.camera)
        XCTAssertEqual(Set(byCamera.photos.map(\.id)),
                       Set(fixture.store.allPhotos.filter { $0.camera == photo.camera }.map(\.id)))
        pump(until: { byCamera.view.isMapped && !fixture.page.view.isMapped }, "the camera page, done sliding in")
        _ = screenshot(fixture.window, name: "photos-by-camera")
        byCamera.reveal(byCamera.photos[1].id)
        XCTAssertEqual(byCamera.currentPhoto?.id, byCamera.photos[1].id)
        let list = (byCamera.view as! ScrolledWindow).child as! ListView
        XCTAssertTrue(list.activateAction("list.activate-item", parameter: Variant(UInt32(0))))
        XCTAssertEqual(opener.opened?.photo.id, byCamera.photos[0].id)
        XCTAssertTrue(opener.opened?.page === byCamera)
        fixture.navigation.goBack()
        pump(until: { fixture.navigation.topController === fixture.page }, "back")

        let dateRow = details.source.items.firstIndex { $0.id == "Date taken" }!
        XCTAssertTrue(listWidget.activateAction("list.activate-item", parameter: Variant(UInt32(dateRow))))
        guard let byDay = fixture.navigation.topController as? PhotoCollectionController else {
            return XCTFail("no day page pushed")
        }
        let day = String(photo.taken!.prefix(10))
        XCTAssertEqual(Set(byDay.photos.map(\.id)),
                       Set(fixture.store.allPhotos.filter { $0.taken?.hasPrefix(day) == true }.map(\.id)))
        XCTAssertEqual(byDay.title, PhotoFormat.day(photo.taken))
    }
}
