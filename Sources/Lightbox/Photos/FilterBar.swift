import Gtk

/// The slim bar under the photo list that says what the culling filters hide, each line
/// with the button that takes its filter back (GNOME's "N hidden · Show" pattern, as Files
/// says of hidden files): "3 rejected photos hidden [Show]" (`win.show-rejected`), once
/// shown "3 rejected photos shown [Hide]", and "12 photos with fewer than 3 stars hidden
/// [Show All]" (`win.minimum-rating(0)`). Hidden when there is nothing to say.
final class FilterBar: Box {
    let rejectedLabel = Label()
    // Translators: the button that shows the rejected photos the filter hides.
    let rejectedButton = Button(label: tr("Show"))
    let ratingLabel = Label()
    // Translators: the button that shows the photos the rating filter hides.
    let ratingButton = Button(label: tr("Show All"))
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
        ratingButton.setAccessibleLabel(tr("Show photos of every rating"))
        ratingButton.tooltip = tr("Show photos of every rating")
        isVisible = false
    }

    /// Says what `summary`'s filters hide (or the rejects shown); hides itself when nothing is.
    func show(_ summary: PhotoFilterSummary) {
        let rejected = Self.rejectedText(summary)
        rejectedLine.isVisible = rejected != nil
        rejectedLabel.text = rejected ?? ""
        let showing = summary.showsRejected
        rejectedButton.label = showing ? tr("Hide") : tr("Show")
        rejectedButton.tooltip = showing ? tr("Hide rejected photos (Ctrl+J)") : tr("Show rejected photos (Ctrl+J)")
        rejectedButton.setAccessibleLabel(showing ? tr("Hide rejected photos") : tr("Show rejected photos"))
        let belowRating = Self.ratingText(summary)
        ratingLine.isVisible = belowRating != nil
        ratingLabel.text = belowRating ?? ""
        isVisible = rejected != nil || belowRating != nil
    }

    /// "1 rejected photo hidden", "12 rejected photos hidden", "3 rejected photos shown"; nil when none.
    static func rejectedText(_ summary: PhotoFilterSummary) -> String? {
        let count = summary.showsRejected ? summary.shownRejectedCount : summary.rejectedCount
        guard count > 0 else { return nil }
        let numbers = FormattingLocale.current
        return summary.showsRejected
            ? numbers.counted(trn("%d rejected photo shown", "%d rejected photos shown", count), count)
            : numbers.counted(trn("%d rejected photo hidden", "%d rejected photos hidden", count), count)
    }

    /// "4 unrated photos hidden", "12 photos with fewer than 3 stars hidden"; nil when the
    /// rating filter hides none.
    static func ratingText(_ summary: PhotoFilterSummary) -> String? {
        let count = summary.belowRatingCount
        guard summary.minimumRating > 0, count > 0 else { return nil }
        let numbers = FormattingLocale.current
        if summary.minimumRating == 1 {
            return numbers.counted(trn("%d unrated photo hidden", "%d unrated photos hidden", count), count)
        }
        // One whole message per minimum (2 to 5), whose plural follows the photos: the stars
        // are a count too, and some languages say "2 stars" and "5 stars" differently.
        let format =
            switch summary.minimumRating {
            // Translators: the culling bar; %d is how many photos the rating filter hides.
            case 2: trn("%d photo with fewer than 2 stars hidden", "%d photos with fewer than 2 stars hidden", count)
            // Translators: the culling bar; %d is how many photos the rating filter hides.
            case 3: trn("%d photo with fewer than 3 stars hidden", "%d photos with fewer than 3 stars hidden", count)
            // Translators: the culling bar; %d is how many photos the rating filter hides.
            case 4: trn("%d photo with fewer than 4 stars hidden", "%d photos with fewer than 4 stars hidden", count)
            // Translators: the culling bar; %d is how many photos the rating filter hides.
            default: trn("%d photo with fewer than 5 stars hidden", "%d photos with fewer than 5 stars hidden", count)
            }
        return numbers.counted(format, count)
    }

    var isShowingRejectedLine: Bool { isVisible && rejectedLine.isVisible }
    var isShowingRatingLine: Bool { isVisible && ratingLine.isVisible }
}

/// How the culling filters are written for people.
enum PhotoFilterText {
    /// What the filters hide, as a sentence: "5 photos with fewer stars and 2 rejected photos
    /// are hidden.", "1 unrated photo is hidden.", "3 rejected photos are hidden."
    static func hidden(_ summary: PhotoFilterSummary) -> String {
        let numbers = FormattingLocale.current
        let below = summary.minimumRating > 0 ? summary.belowRatingCount : 0
        let rejected = summary.rejectedCount
        guard below > 0 else {
            return numbers.counted(trn("%d rejected photo is hidden.", "%d rejected photos are hidden.", rejected), rejected)
        }
        let unrated = summary.minimumRating == 1
        guard rejected > 0 else {
            return unrated
                ? numbers.counted(trn("%d unrated photo is hidden.", "%d unrated photos are hidden.", below), below)
                : numbers.counted(trn("%d photo with fewer stars is hidden.", "%d photos with fewer stars are hidden.", below), below)
        }
        return String(
            format: bothHidden(unrated: unrated, below: below, rejected: rejected),
            numbers.count(below), numbers.count(rejected))
    }

    /// The sentence for both filters at once, one whole message per case: a sentence with
    /// two counts, where gettext's plural follows one number (the rejected photos); the
    /// other count picks one of two messages, one photo or more.
    private static func bothHidden(unrated: Bool, below: Int, rejected: Int) -> String {
        switch (unrated, below == 1) {
        case (true, true):
            // Translators: both culling filters hide photos; %1$@ is 1 (one unrated photo), %2$@ how many rejected photos.
            trn(
                "%1$@ unrated photo and %2$@ rejected photo are hidden.", "%1$@ unrated photo and %2$@ rejected photos are hidden.",
                rejected)
        case (true, false):
            // Translators: both culling filters hide photos; %1$@ is how many unrated photos (2 or more), %2$@ how many rejected photos.
            trn(
                "%1$@ unrated photos and %2$@ rejected photo are hidden.", "%1$@ unrated photos and %2$@ rejected photos are hidden.",
                rejected)
        case (false, true):
            // Translators: both culling filters hide photos; %1$@ is 1 (one photo with fewer stars than the filter shows), %2$@ how many rejected photos.
            trn(
                "%1$@ photo with fewer stars and %2$@ rejected photo are hidden.",
                "%1$@ photo with fewer stars and %2$@ rejected photos are hidden.", rejected)
        case (false, false):
            // Translators: both culling filters hide photos; %1$@ is how many photos have fewer stars than the filter shows (2 or more), %2$@ how many rejected photos.
            trn(
                "%1$@ photos with fewer stars and %2$@ rejected photo are hidden.",
                "%1$@ photos with fewer stars and %2$@ rejected photos are hidden.", rejected)
        }
    }
}
