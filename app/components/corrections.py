"""Every correction a player can make by tapping, as button callbacks.

Streamlit runs a callback before the script reruns, so the result below is always computed from the corrected draft
in the same run ("every correction re-scores at once"). Each correction goes through :meth:`Session.correct`, which
keeps the previous draft for Undo.
"""

from __future__ import annotations

from collections.abc import Callable

import streamlit as st
from sikwu.app.components.header import activate_language
from sikwu.app.draft import Draft, DraftError
from sikwu.app.i18n import _
from sikwu.app.session import Session, W
from sikwu.app.tile_names import tile_name


def session() -> Session:
    """The session, with this run's language active (callbacks run before the page sets it)."""
    s = Session(st.session_state)
    activate_language(s)
    return s


def _apply(change: Callable[[Draft], Draft], done: str | None = None) -> None:
    s = session()
    s.request_page_rerun()
    try:
        s.correct(change(s.draft))
        if done:
            s.flash("success", done)
    except DraftError as exc:
        s.flash("warning", str(exc))


def select_tile(uid: int) -> None:
    s = session()
    s.selected = None if s.selected == uid else uid
    s.adding = False


def close_dialog() -> None:
    s = session()
    s.close_dialogs()
    s.request_page_rerun()


def start_adding() -> None:
    s = session()
    s.adding = not s.adding
    s.selected = None


def replace_tile(uid: int, tile: str) -> None:
    session()  # this run's language, for the message
    _apply(lambda d: d.replace_tile(uid, tile), _("Tile changed to {tile}.").format(tile=tile_name(tile)))
    session().close_dialogs()


def add_tile(tile: str) -> None:
    session()  # this run's language, for the message
    _apply(lambda d: d.add_tile(tile), _("Added {tile}.").format(tile=tile_name(tile)))


def delete_tile(uid: int) -> None:
    session()  # this run's language, for the message
    _apply(lambda d: d.delete_tile(uid), _("Tile removed."))
    session().close_dialogs()


def mark_not_a_tile(uid: int) -> None:
    session()  # this run's language, for the message
    _apply(lambda d: d.mark_not_a_tile(uid), _("Removed: not a tile."))
    session().close_dialogs()


def mark_winning(uid: int) -> None:
    session()  # this run's language, for the message
    _apply(lambda d: d.set_winning(uid), _("Winning tile marked."))
    session().close_dialogs()


def release_meld(index: int) -> None:
    session()  # this run's language, for the message
    _apply(lambda d: d.release_meld(index), _("Meld released back into the concealed hand."))


def accept_suggestion(index: int) -> None:
    session()  # this run's language, for the message

    def change(d: Draft) -> Draft:
        suggestions = d.suggested_melds()
        if index >= len(suggestions):
            raise DraftError(_("That suggestion no longer applies; declare the meld below instead."))
        return d.apply_suggestion(suggestions[index])

    _apply(change, _("Meld declared from the photo's layout."))


def declare_meld() -> None:
    s = session()
    picked = s.widget(W.MELD_PICK, [])
    kind = s.widget(W.MELD_KIND, "pung")
    kong_kind = s.widget(W.MELD_KONG_KIND, "exposed")
    fed = s.widget(W.MELD_FED_BY)
    _apply(
        lambda d: d.declare_meld(picked, kind, kong_kind if kind == "kong" else None, fed_by=fed),
        _("Meld declared."),
    )
    s.set_widget(W.MELD_PICK, [])
    s.set_widget(W.MELD_FED_BY, None)


def undo() -> None:
    s = session()
    if s.undo():
        s.flash("info", _("Last correction undone."))
    s.close_dialogs()
