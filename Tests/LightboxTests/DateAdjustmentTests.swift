import Foundation
import XCTest

@testable import Lightbox

/// The Date and Time window's arithmetic: shifts keeping the spacing, moments set, shifts,
/// time zones and dates as typed in a locale.
final class DateAdjustmentTests: XCTestCase {
    func testAShiftMovesEveryDateByTheSameAmountAcrossDaysMonthsAndYears() {
        let shift = DateAdjustment(.shift(seconds: 3600))
        XCTAssertEqual(shift.adjusted("2024-03-01T23:30:00"), "2024-03-02T00:30:00")
        XCTAssertEqual(shift.adjusted("2024-12-31T23:59:59"), "2025-01-01T00:59:59")
        XCTAssertEqual(DateAdjustment(.shift(seconds: -86_400)).adjusted("2024-03-01T08:00:00"), "2024-02-29T08:00:00", "a leap year")
        XCTAssertEqual(
            DateAdjustment(.shift(seconds: 3600)).adjusted("2024-03-31T01:30:00"), "2024-03-31T02:30:00",
            "no daylight saving change moves a local time")
        XCTAssertNil(shift.adjusted(nil), "nothing to move")
        XCTAssertNil(shift.adjusted("2024-02-30T10:00:00"), "not a date")
        XCTAssertEqual(DateAdjustment(.set("2025-06-01T12:00:00")).adjusted("2024-01-01T08:00:00"), "2025-06-01T12:00:00")
        XCTAssertEqual(DateAdjustment(.set("2025-06-01T12:00:00")).adjusted(nil), "2025-06-01T12:00:00")
    }

    func testSecondsBetweenTwoDates() {
        XCTAssertEqual(DateAdjustment.seconds(from: "2024-01-01T08:00:00", to: "2024-01-02T09:00:30"), 90_030)
        XCTAssertEqual(DateAdjustment.seconds(from: "2024-01-01T08:00:00", to: "2023-12-31T08:00:00"), -86_400)
        XCTAssertNil(DateAdjustment.seconds(from: "2024-01-01T25:00:00", to: "2024-01-01T08:00:00"))
    }

    func testAShiftIsReadAsTypedAndWrittenSoThatItReadsBack() {
        XCTAssertEqual(DateAdjustment.shift(parsing: "+1:00"), 3600)
        XCTAssertEqual(DateAdjustment.shift(parsing: "1:00:30"), 3630)
        XCTAssertEqual(DateAdjustment.shift(parsing: "-0:30"), -1800)
        XCTAssertEqual(DateAdjustment.shift(parsing: "−8"), -28_800, "a typographic minus, hours alone")
        XCTAssertEqual(DateAdjustment.shift(parsing: "+2 d 03:00:00"), 183_600)
        XCTAssertEqual(DateAdjustment.shift(parsing: "-1d"), -86_400)
        XCTAssertEqual(DateAdjustment.shift(parsing: "+1 天 1:00", dayMark: "天"), 90_000)
        for wrong in ["", "+", "1:60", "1:00:75", "abc", "+1:x", "1::00", "+-1", "1 d 2 d"] {
            XCTAssertNil(DateAdjustment.shift(parsing: wrong), wrong)
        }
        XCTAssertEqual(DateAdjustment.text(shift: 3600), "+1:00:00")
        XCTAssertEqual(DateAdjustment.text(shift: -1830), "-0:30:30")
        XCTAssertEqual(DateAdjustment.text(shift: 183_600), "+2 d 03:00:00")
        XCTAssertEqual(DateAdjustment.text(shift: -90_000, dayMark: "天"), "-1 天 01:00:00")
        for seconds in [0, 59, 3600, -183_600, 1_000_000] {
            XCTAssertEqual(DateAdjustment.shift(parsing: DateAdjustment.text(shift: seconds)), seconds)
        }
    }

    func testATimeZoneIsReadInTheFormsPeopleTypeAndWrittenAsExifDoes() {
        XCTAssertEqual(DateAdjustment.timeZone(parsing: "+09:00"), "+09:00")
        XCTAssertEqual(DateAdjustment.timeZone(parsing: "+9"), "+09:00")
        XCTAssertEqual(DateAdjustment.timeZone(parsing: "-0530"), "-05:30")
        XCTAssertEqual(DateAdjustment.timeZone(parsing: "UTC+5:45"), "+05:45")
        XCTAssertEqual(DateAdjustment.timeZone(parsing: " gmt-3 "), "-03:00")
        XCTAssertEqual(DateAdjustment.timeZone(parsing: "Z"), "+00:00")
        for wrong in ["9", "+15", "+09:60", "+9:0", "Tokyo", "+0９"] {
            XCTAssertNil(DateAdjustment.timeZone(parsing: wrong), wrong)
        }
    }

    func testNothingChangesNothing() {
        XCTAssertTrue(DateAdjustment(.shift(seconds: 0)).isNothing)
        XCTAssertFalse(DateAdjustment(.shift(seconds: 0), timeZone: "+01:00").isNothing)
        XCTAssertEqual(DateAdjustment(.shift(seconds: 0)).adjustedTimeZone("+02:00"), "+02:00", "each photo's own zone kept")
        XCTAssertEqual(DateAdjustment(.shift(seconds: 0), timeZone: "+09:00").adjustedTimeZone("+02:00"), "+09:00")
    }

    func testDatesAreTypedAsTheLocaleWritesThem() {
        let english = DateFields(FormattingLocale(posixName: "C.UTF-8"))
        XCTAssertEqual(english.datePattern, "yyyy-MM-dd")
        XCTAssertEqual(english.text(of: "2024-03-05T14:05:09")?.date, "2024-03-05")
        XCTAssertEqual(english.text(of: "2024-03-05T14:05:09")?.time, "14:05:09")
        XCTAssertEqual(english.catalogDate(date: "2024-3-5", time: "9:05:00"), "2024-03-05T09:05:00")
        XCTAssertEqual(english.catalogDate(date: " 2024-03-05 ", time: "14:05"), "2024-03-05T14:05:00", "seconds may be left out")
        XCTAssertNil(english.catalogDate(date: "2024-02-30", time: "10:00:00"))
        XCTAssertNil(english.catalogDate(date: "2024-03-05", time: "25:00:00"))
        XCTAssertNil(english.catalogDate(date: "", time: "10:00:00"))

        let british = DateFields(FormattingLocale(posixName: "en_GB.UTF-8"))
        XCTAssertEqual(british.datePattern, "dd/MM/yyyy")
        XCTAssertEqual(british.text(of: "2024-03-05T14:05:09")?.date, "05/03/2024")
        XCTAssertEqual(british.catalogDate(date: "5/3/2024", time: "14:05:09"), "2024-03-05T14:05:09")

        let chinese = DateFields(FormattingLocale(posixName: "zh_CN.UTF-8"))
        XCTAssertEqual(chinese.datePattern, "yyyy/MM/dd")
        XCTAssertEqual(chinese.text(of: "2024-03-05T14:05:09")?.date, "2024/03/05")
        XCTAssertEqual(chinese.text(of: "2024-03-05T14:05:09")?.time, "14:05:09")
        XCTAssertEqual(chinese.catalogDate(date: "2024/03/05", time: "14:05:09"), "2024-03-05T14:05:09")
    }
}
