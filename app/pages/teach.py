"""sikwu 食糊 - the teach page: "teach sikwu my tiles", once per table's set (issue 14, item 3 "Your set").

The players lay their set out and take one photo; recognition then reads their photos as that set (the
classifier's last layer refitted on the set's tiles, ``vision.teach``; nothing is retrained). The page explains the
layout, takes the set's name and photo, shows which faces were learned and which are missing (or why the photo
taught nothing), and lets the players choose the set the scoring page reads photos as.
"""

from __future__ import annotations

import streamlit as st
from sikwu.app.components import header, style, teach_check, teach_view
from sikwu.app.components.guard import guarded
from sikwu.app.i18n import _
from sikwu.app.session import Session

st.set_page_config(page_title="sikwu 食糊 · your tiles", page_icon="🀄", layout="centered")
session = Session(st.session_state)
header.activate_language(session)
style.apply(large=header.large_text(session))
header.render_header(session)

teach_view.render_how()
with guarded(_("teaching your set")):
    teach_view.render_form(session)
    teach_view.render_outcome(session)
    teach_check.render(session)
with guarded(_("the choice of set")):
    teach_view.render_choice(session)
