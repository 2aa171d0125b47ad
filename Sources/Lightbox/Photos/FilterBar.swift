import Gtk

/// The slim bar under the photo list that says what the culling filters hide, each line
/// with the button that takes its filter back (GNOME's "N hidden · Show" pattern, as Files
/// says of hidden files): "3 rejected photos hidden [Show]" (`win.show-rejected`), once
/// shown "3 rejected photos shown [Hide]", and "12 photos with fewer than 3 stars hidden
/// [Show All]" (`win.minimum-rating(0)`). Hidden when there is nothing to say.
final class FilterBar: Box {
    let rejectedLabel = Label()
    let rejectedButton = Button(label: "Show")
    let ratingLabel = Label()
    let ratingButton = Button(label: "Show All")
    private let rejectedLine = Box(orientation: .horizontal, spacing: 12)
    private let ratingLine = Box(orientation: .horizontal, spacing: 12)

    init() {
        super.init(orientation: .vertical, spacing: 0)
        addCssClass("filter-bar")
        for (line, label, button) in [(rejectedLine, rejectedLabel, rejectedButton), (ratingLine, ratingLabel, ratingButton)] {
            label.xalign = 0
            label.horizontalExpand = true
            label.ellipsize = .end
            label.addCssClass("dim-label")
            button.addCssClass("flat")
            button.verticalAlignment = .center
            line.append(label)
            line.append(button)
            append(line)
        }
        rejectedButton.actionName = "win.show-rejected"
        ratingButton.actionTarget = Variant(Int32(0))  // the target first: GTK checks it against the action's parameter
        ratingButton.actionName = "win.minimum-rating"
        ratingButton.setAccessibleLabel("Show photos of every rating")
        ratingButton.tooltip = "Show photos of every rating"
        isVisible = false
    }

    /// Says what `summary`'s filters hide (or the rejects shown); hides itself when nothing is.
    func show(_ summary: PhotoFilterSummary) {
        let rejected = Self.rejectedText(summary)
        rejectedLine.isVisible = rejected != nil
        rejectedLabel.text = rejected ?? ""
        let showing = summary.showsRejected
        rejectedButton.label = showing ? "Hide" : "Show"
        rejectedButton.tooltip = showing ? "Hide rejected photos (Ctrl+J)" : "Show rejected photos (Ctrl+J)"
        rejectedButton.setAccessibleLabel(showing ? "Hide rejected photos" : "Show rejected photos")
        let belowRating = Self.ratingText(summary)
        ratingLine.isVisible = belowRating != nil
        ratingLabel.text = belowRating ?? ""
        isVisible = rejected != nil || belowRating != nil
    }

    /// "1 rejected photo hidden", "12 rejected photos hidden", "3 rejected photos shown"; nil when none.
    static func rejectedText(_ summary: PhotoFilterSummary) -> String? {
        let count = summary.showsRejected ? summary.shownRejectedCount : summary.rejectedCount
        guard count > 0 else { return nil }
        return "\(PhotoFilterText.photos(count, "rejected photo")) \(summary.showsRejected ? "shown" : "hidden")"
    }

    /// "4 unrated photos hidden", "12 photos with fewer than 3 stars hidden"; nil when the
    /// rating filter hides none.
    static func ratingText(_ summary: PhotoFilterSummary) -> String? {
        let count = summary.belowRatingCount
        guard summary.minimumRating > 0, count > 0 else { return nil }
        if summary.minimumRating == 1 { return "\(PhotoFilterText.photos(count, "unrated photo")) hidden" }
        return "\(PhotoFilterText.photos(count, "photo")) with fewer than \(summary.minimumRating) stars hidden"
    }

    var isShowingRejectedLine: Bool { isVisible && rejectedLine.isVisible }
    var isShowingRatingLine: Bool { isVisible && ratingLine.isVisible }
}

/// How the culling filters are written for people.
enum PhotoFilterText {
    /// "1 photo", "3 photos" ("1 rejected photo", "3 rejected photos").
    static func photos(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }

    /// What the filters hide, as a sentence: "5 photos with fewer stars and 2 rejected photos
    /// are hidden.", "1 unrated photo is hidden.", "3 rejected photos are hidden."
    static func hidden(_ summary: PhotoFilterSummary) -> String {
        var parts: [String] = []
        if summary.minimumRating > 0, summary.belowRatingCount > 0 {
            parts.append(summary.minimumRating == 1 ? photos(summary.belowRatingCount, "unrated photo")
                : photos(summary.belowRatingCount, "photo") + " with fewer stars")
        }
        if summary.rejectedCount > 0 { parts.append(photos(summary.rejectedCount, "rejected photo")) }
        return parts.joined(separator: " and ") + (summary.hiddenCount == 1 ? " is hidden." : " are hidden.")
    }
}
