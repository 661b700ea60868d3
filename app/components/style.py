"""A few CSS rules that make the tile grid dense enough for a 390 px phone screen.

Streamlit's default button padding fits about four tile buttons per row on a phone; a hand has 14-18 tiles, so the
tile and palette buttons get tighter padding (targeted by the ``st-key-*`` classes Streamlit puts on keyed widgets).
"""

from __future__ import annotations

import streamlit as st

CSS = """
<style>
[class*="st-key-tile_"] button, [class*="st-key-pal_"] button, [class*="st-key-add_"] button {
  padding: 0.1rem 0.25rem; min-height: 1.7rem; font-size: 0.75rem;
}
[class*="st-key-tile_"] button p, [class*="st-key-pal_"] button p, [class*="st-key-add_"] button p {
  font-size: 0.75rem; white-space: nowrap;
}
.block-container, [data-testid="stMainBlockContainer"] { padding-top: 1.5rem; }
@media (max-width: 480px) {
  [data-testid="stMainBlockContainer"] { padding-left: 0.6rem; padding-right: 0.6rem; }
  div[role="dialog"] { padding-left: 0.8rem !important; padding-right: 0.8rem !important; }
}
</style>
"""


def apply() -> None:
    st.html(CSS)
