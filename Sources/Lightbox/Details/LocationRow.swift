import Gtk
import LightboxKit

/// Where the photo was taken: its coordinates ("48.8566° N, 2.3522° E"), the nearest
/// place ("Near Paris, France") when the locations database knows one close by, and
/// buttons to copy the coordinates and to open them in the maps app (the window's
/// `win.copy-coordinates` and `win.open-in-maps`, so what went wrong shows in its bar).
public final class LocationRow: ListRowView {
    // Translators: the key of the details row with where a photo was taken.
    public let keyLabel = Label(tr("Location"))
    public let coordinatesLabel = Label()
    public let placeLabel = Label()
    public let copyButton = Button(iconName: "edit-copy-symbolic")
    public let mapsButton = Button(iconName: "mark-location-symbolic")
    public private(set) var location: PhotoLocation?

    public required init() {
        super.init()
        addCssClass("detail-field")
        addCssClass("location-row")
        keyLabel.xalign = 0
        keyLabel.verticalAlignment = .start
        keyLabel.addCssClass("dim-label")
        keyLabel.widthChars = 11
        let text = Box(orientation: .vertical, spacing: 2)
        text.horizontalExpand = true
        for label in [placeLabel, coordinatesLabel] {
            label.xalign = 1
            label.wraps = true
            label.justify = .right
            text.append(label)
        }
        coordinatesLabel.addCssClass("numeric")
        for (button, name) in [(copyButton, tr("Copy Coordinates")), (mapsButton, tr("Open in Maps"))] {
            button.hasFrame = false
            button.verticalAlignment = .center
            button.tooltip = name
            button.setAccessibleLabel(name)
        }
        copyButton.onClicked(owner: self) { [weak self] in self?.activate("win.copy-coordinates") }
        mapsButton.onClicked(owner: self) { [weak self] in self?.activate("win.open-in-maps") }
        [keyLabel, text, copyButton, mapsButton].forEach(contentView.append)
        setMargins(top: 8, bottom: 8, start: 6, end: 6)
    }

    public func configure(_ location: PhotoLocation, place: String?) {
        self.location = location
        coordinatesLabel.text = location.readable
        // Translators: %@ is the place nearest where a photo was taken, "Near Paris, France".
        placeLabel.text = place.map { String(format: tr("Near %@"), $0) } ?? ""
        placeLabel.isVisible = place != nil
    }

    private func activate(_ action: String) {
        guard let location else { return }
        activateAction(action, parameter: Variant(location.parameter))
    }
}
