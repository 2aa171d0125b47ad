import Gtk

/// The look of the Albums and Months pages and the photo page.
@MainActor
public enum MonthsStyle {
    private static var installed = false

    /// Adds the style sheet to the display (once).
    public static func install() {
        guard !installed else { return }
        installed = true
        StyleSheet.apply(css)
    }

    static let css = """
        .months-list > row, .months-list > row:selected, .months-list > row:hover
            { padding: 0; background: none; color: inherit; }
        .months-list > row:focus-visible { outline: none; }
        .month-strip-page { padding: 12px 18px 6px 18px; }
        .month-heading { font-weight: 700; font-size: 1.1em; margin-left: 6px; }
        .month-count { margin-left: 2px; }
        .month-strip { background: none; }
        .month-strip > row { padding: 4px; border-radius: 10px; margin: 2px; transition: none; }
        .month-strip > row:hover { background-color: alpha(currentColor, 0.07); }
        .month-strip > row:selected { background-color: alpha(@accent_bg_color, 0.35); }
        .month-strip > row:focus-visible { outline: 2px solid @accent_color; outline-offset: -2px; }
        .month-strip .thumbnail { background: none; }
        .albums-grid { background: none; padding: 6px; }
        .albums-grid > child { border-radius: 12px; padding: 0; }
        .albums-grid > child:selected { background-color: alpha(@accent_bg_color, 0.25); }
        .album-cover { background-color: alpha(currentColor, 0.08); border-radius: 10px; }
        .album-card:drop(active) .album-cover { outline: 3px solid @accent_color; outline-offset: -3px; }
        .search-badge { background-color: rgba(0, 0, 0, 0.55); color: white; border-radius: 999px; padding: 6px; margin: 8px; }
        .album-bar { border-bottom: 1px solid alpha(currentColor, 0.15); }
        .album-choice { padding: 6px 8px; }
        .photo-page { background-color: #1c1c1c; color: white; }
        .photo-page scrolledwindow, .photo-page viewport { background: none; }
        .photo-page .photo-status { color: rgba(255, 255, 255, 0.85); }
        .photo-page .photo-status .dim-label { color: rgba(255, 255, 255, 0.6); }
        .photo-bar { background-color: rgba(0, 0, 0, 0.55); color: white; border-radius: 999px;
                     padding: 6px 16px; margin: 18px; }
        .photo-bar .star-on { color: @yellow_3; }
        .photo-bar .star-off { color: rgba(255, 255, 255, 0.45); }
        .photo-bar .rejected-mark { color: #ff7b63; font-weight: bold; }
        .photo-caption { background-color: rgba(0, 0, 0, 0.55); color: white; border-radius: 12px;
                         padding: 8px 16px; margin: 18px 18px 0 18px; }
        .photo-nav { margin: 18px; min-width: 40px; min-height: 40px; }
        """
}
