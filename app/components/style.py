"""CSS for fingers on a phone: every control at least 44x44 CSS px, tiles whose picture is the button, large text.

Apple's HIG asks 44 pt and Material 48 dp for a touch target; WCAG 2.5.8 sets 24 px as the floor. Streamlit's own
controls (segmented controls, pills, expander headers, the file picker's remove button, dialog close, the toolbar)
are reached by their ``data-testid`` attributes and our widgets by the ``st-key-<key>`` classes Streamlit puts on
keyed elements. These selectors were tested with the Streamlit versions pinned in pyproject.toml; the browser test
(tests/app/test_browser_phone.py) measures every control and fails when one is under 44 px.
"""

from __future__ import annotations

import streamlit as st

TARGET = 44  # CSS px

CSS = """
<style>
:root { --sikwu-target: TARGETpx; }
html { font-size: FONTSIZE; }
/* every Streamlit button, segmented-control option and pill */
button, [role="button"], [role="tab"], [data-testid="stExpander"] summary, .react-aria-ComboBox > div,
[data-testid="stFileUploaderDropzone"] button, a[download], a[data-testid="stPageLink-NavLink"] {
  min-height: var(--sikwu-target) !important;
}
a[data-testid="stPageLink-NavLink"] { display: flex; align-items: center; }
button, [role="button"], a[download] { min-width: var(--sikwu-target) !important; }
a[download] { display: inline-flex; align-items: center; padding: 0 0.5rem; }
[data-testid="stExpander"] summary { display: flex; align-items: center; }
/* text fields (names, the stake, a PIN, a join code, typed tiles) */
[data-testid="stTextInputRootElement"], [data-testid="stTextInput"] input, [data-testid="stNumberInput"] input {
  min-height: var(--sikwu-target) !important;
}
/* toggles: the whole label row is the target */
[data-testid="stCheckbox"] label, [data-testid="stToggle"] label, .stToggle label {
  min-height: var(--sikwu-target); display: flex; align-items: center;
}
/* Streamlit's small icon buttons: remove-photo x, dialog close, code copy, element toolbars, main menu */
[data-testid="stFileUploaderDeleteBtn"] button, [data-testid="stFileChipDeleteBtn"] button,
div[role="dialog"] button[aria-label="Close"],
[data-testid="stCodeCopyButton"], [data-testid="stElementToolbarButton"] button, [data-testid="stMainMenu"] button,
[data-testid="stToolbarActionButton"] button, [data-testid="stBaseButton-header"],
[data-testid="stBaseButton-headerNoPadding"] {
  min-width: var(--sikwu-target) !important; min-height: var(--sikwu-target) !important;
}
[data-testid="stCodeCopyButton"] { opacity: 1 !important; }
/* links and codes shown to copy wrap instead of scrolling sideways (a scroll box a keyboard cannot reach) */
[data-testid="stCode"] pre, [data-testid="stCode"] code { white-space: pre-wrap !important; overflow-wrap: anywhere; }
/* contrast (WCAG AA 4.5:1): Streamlit's grey captions and its red-on-pink selected options are lighter than that */
[data-testid="stCaptionContainer"], [data-testid="stCaptionContainer"] p {
  color: rgb(84, 87, 101) !important; opacity: 1 !important;
}
button[data-selected="true"], button[data-selected="true"] p { color: rgb(163, 20, 25) !important; }
/* a tile: picture and label are one button (tap the picture to correct it) */
[class*="st-key-cell_"], [class*="st-key-pcell_"], [class*="st-key-gcell_"] {
  position: relative; padding-bottom: 1.15rem !important; min-width: var(--sikwu-target);
}
[class*="st-key-cell_"] [data-testid="stImage"], [class*="st-key-pcell_"] [data-testid="stImage"],
[class*="st-key-gcell_"] [data-testid="stImage"] { pointer-events: none; }
[class*="st-key-cell_"] [data-testid="stElementToolbar"], [class*="st-key-pcell_"] [data-testid="stElementToolbar"],
[class*="st-key-gcell_"] [data-testid="stElementToolbar"] { display: none !important; }
[class*="st-key-cell_"] [class*="st-key-tile_"], [class*="st-key-pcell_"] [class*="st-key-pal_"],
[class*="st-key-pcell_"] [class*="st-key-add_"], [class*="st-key-gcell_"] [class*="st-key-guess_"] {
  position: absolute !important; inset: 0; width: 100% !important; height: 100% !important;
}
[class*="st-key-cell_"] .stButton, [class*="st-key-pcell_"] .stButton, [class*="st-key-gcell_"] .stButton,
[class*="st-key-cell_"] .stButton > div, [class*="st-key-pcell_"] .stButton > div,
[class*="st-key-gcell_"] .stButton > div, [class*="st-key-cell_"] .stButton span.stTooltipIcon,
[class*="st-key-pcell_"] .stButton span.stTooltipIcon, [class*="st-key-gcell_"] .stButton span.stTooltipIcon,
[class*="st-key-cell_"] .stButton span.stTooltipHoverTarget,
[class*="st-key-pcell_"] .stButton span.stTooltipHoverTarget,
[class*="st-key-gcell_"] .stButton span.stTooltipHoverTarget { width: 100% !important; height: 100% !important; }
[class*="st-key-cell_"] button, [class*="st-key-pcell_"] button, [class*="st-key-gcell_"] button {
  width: 100%; height: 100%; padding: 0 0 0.05rem 0 !important; background: transparent !important;
  align-items: flex-end !important; justify-content: center; border-width: 2px;
}
[class*="st-key-cell_"] button p, [class*="st-key-pcell_"] button p, [class*="st-key-gcell_"] button p {
  font-size: 0.72rem; white-space: nowrap; line-height: 1.1;
}
[class*="st-key-cell_"] button[kind="primary"], [class*="st-key-pcell_"] button[kind="primary"] {
  border-color: rgb(255, 75, 75); color: inherit;
}
[class*="st-key-tiles_"] { row-gap: 0.3rem !important; }
/* chips: what the score rests on */
.st-key-chips button { padding: 0 0.6rem !important; }
.st-key-chips button p { font-size: 0.85rem; }
/* dense on a phone: the first screen must hold the tiles and the result */
.block-container, [data-testid="stMainBlockContainer"] { padding-top: 0.75rem; }
[data-testid="stMetricValue"] { line-height: 1.1; }
@media (max-width: 480px) {
  [data-testid="stMainBlockContainer"] { padding-left: 0.6rem; padding-right: 0.6rem; padding-bottom: 2rem; }
  div[role="dialog"] { padding-left: 0.6rem !important; padding-right: 0.6rem !important; }
  [data-testid="stMetricValue"] { font-size: 1.9rem; }
  [data-testid="stVerticalBlock"] { gap: 0.5rem; }
}
</style>
"""


def apply(large: bool = False) -> None:
    st.html(CSS.replace("TARGET", str(TARGET)).replace("FONTSIZE", "125%" if large else "100%"))
