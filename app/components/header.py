"""The page's top line: its name, the language switch (English / 繁體中文) and the large-text switch.

The language follows the browser (``st.context.locale``: zh-HK, zh-TW, zh-Hant... -> 繁體中文) until a player picks
one; both switches write their value to the URL (``?lang=zh_Hant_HK&large=true``), so a reload or a shared link
keeps them.
"""

from __future__ import annotations

import streamlit as st
from sikwu.app import i18n
from sikwu.app.i18n import _
from sikwu.app.session import Session, W


def page_language(session: Session) -> str:
    chosen = session.widget(W.LANGUAGE) or st.query_params.get(W.LANGUAGE)
    return chosen if chosen in i18n.LANGUAGES else i18n.from_browser(st.context.locale)


def activate_language(session: Session) -> str:
    """Set this run's language (the page calls it first; so do the widget callbacks, which run before the page)."""
    return i18n.activate(page_language(session))


def large_text(session: Session) -> bool:
    value = session.widget(W.LARGE_TEXT)
    if value is None:
        value = st.query_params.get(W.LARGE_TEXT) == "true"
    return bool(value)


def _remember(key: str) -> None:
    value = Session(st.session_state).widget(key)
    st.query_params[key] = str(value).lower() if isinstance(value, bool) else str(value)


def render_header(session: Session) -> None:
    with st.container(horizontal=True, wrap=True, vertical_alignment="center", gap="small", key="header"):
        st.markdown("**食糊 sikwu**", width="content")
        st.segmented_control(
            _("Language"),
            list(i18n.LANGUAGES),
            format_func=i18n.LANGUAGES.__getitem__,
            default=page_language(session),
            required=True,
            key=W.LANGUAGE,
            label_visibility="collapsed",
            on_change=_remember,
            args=(W.LANGUAGE,),
        )
        st.toggle(
            _("Large text"), value=large_text(session), key=W.LARGE_TEXT, on_change=_remember, args=(W.LARGE_TEXT,)
        )
