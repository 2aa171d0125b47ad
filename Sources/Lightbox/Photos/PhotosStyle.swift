import Gtk

/// The look of the Photos page and its details pane (GNOME HIG: sidebar lists,
/// boxed lists, dim labels, generous padding). Install once at startup.
@MainActor
public enum PhotosStyle {
    private static var isInstalled = false

    public static let css = """
        .photo-list > row { border-radius: 8px; margin: 2px 6px; padding: 0; }
        .photo-row .thumbnail { border-radius: 6px; background-color: alpha(currentColor, 0.08); }
        .photo-row .thumbnail picture { border-radius: 6px; }
        .photo-row .thumbnail.thumbnail-selected { outline: 2px solid @accent_color; outline-offset: 1px; }
        .photo-row .rating-stars { color: @yellow_5; letter-spacing: 1px; }
        .photo-row .rating-stars.unrated { color: alpha(currentColor, 0.35); }
        .photo-row .error { color: @error_color; }
        .photo-row.rejected .thumbnail, .photo-row.rejected .heading, .photo-row.rejected .caption { opacity: 0.5; }
        .photo-row .rating-stars.rejected-mark { color: @error_color; font-weight: bold; font-size: smaller; letter-spacing: 0; }
        .filter-bar { border-top: 1px solid alpha(currentColor, 0.12); padding: 3px 6px 3px 14px; }
        .filter-bar button { padding: 2px 10px; min-height: 24px; }
        .rating-row .rejected-mark { color: @error_color; font-weight: bold; }
        .rating-row.rejected .star-button { opacity: 0.5; }
        .scan-progress { border-bottom: 1px solid alpha(currentColor, 0.12); }
        .details-pane { background-color: @view_bg_color; }
        .details-list { border-radius: 12px; }
        .details-list > row { padding: 2px 8px; }
        .details-list > row:first-child { background: none; }
        .preview-row .thumbnail { border-radius: 8px; }
        .rating-row .star-button { min-width: 28px; min-height: 28px; padding: 2px; color: alpha(currentColor, 0.45); }
        .rating-row .star-button.star-on { color: @yellow_5; }
        .detail-field label { min-height: 20px; }
        .keyword-chips > flowboxchild.keyword-chip { padding: 2px 2px 2px 10px; border-radius: 999px;
            background-color: alpha(currentColor, 0.1); }
        .keyword-chips > flowboxchild.keyword-chip.partial { background-color: transparent;
            box-shadow: inset 0 0 0 1px alpha(currentColor, 0.25); }
        .keyword-chip .keyword-share { font-size: smaller; }
        .keyword-chip button { min-width: 22px; min-height: 22px; padding: 0; }
        .keyword-suggestions { padding: 4px; border-radius: 8px; background-color: @view_bg_color;
            border: 1px solid alpha(currentColor, 0.15); }
        .keyword-suggestion { padding: 6px 8px; border-radius: 6px; }
        .keyword-suggestion.highlighted { background-color: alpha(@accent_bg_color, 0.2); }
        .keywords-list > row { padding: 0; }
        .photo-grid > child box { margin: 0; border-spacing: 4px; }
        .photo-grid > child { padding: 3px; border-radius: 10px; }
        .photo-grid > child:selected { background-color: alpha(@theme_selected_bg_color, 0.25); color: inherit; }
        .photo-grid > child:hover:not(:selected) { background-color: alpha(currentColor, 0.06); }
        .photo-cell .thumbnail picture { border-radius: 4px; }
        .thumbnail .duration-badge { margin: 4px; padding: 0 5px; border-radius: 5px; font-size: smaller;
            font-feature-settings: "tnum"; color: white; background-color: alpha(black, 0.6); }
        .photo-cell .rating-stars { color: #e5a50a; letter-spacing: 1px; }
        .photo-cell .rating-stars.unrated { color: alpha(currentColor, 0.35); }
        .photo-cell .rating-stars.rejected-mark { color: @error_color; font-weight: bold; letter-spacing: 0; }
        .photo-cell.rejected .thumbnail, .photo-cell.rejected .photo-cell-title { opacity: 0.5; }
        """

    /// Applies `css` to the display (once; later calls do nothing).
    public static func install() {
        guard !isInstalled else { return }
        isInstalled = true
        StyleSheet.apply(css)
    }
}
