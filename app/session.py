"""The page's session state: every key the page reads or writes in ``st.session_state``, in one place.

Streamlit keeps one ``st.session_state`` per browser tab across reruns. Two kinds of keys live there:

* the page's own data, always under the ``sikwu_`` prefix (:class:`Key`), read and written only through the typed
  properties of :class:`Session` (the hand being checked, the table context, the photo, the open dialog, a message
  to show after a rerun, the undo history);
* widget keys (:class:`W`): Streamlit stores each keyed widget's value under its key and puts a ``st-key-<key>``
  class on it, so these names are also the selectors the CSS and the browser tests use. They are declared here so no
  other module spells a session key.

:class:`Session` wraps any mutable mapping, so tests can drive it with a plain dict.
"""

from __future__ import annotations

from collections.abc import MutableMapping
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Literal

import numpy as np
from sikwu.app.draft import Draft
from sikwu.app.services import FoundTiles
from sikwu.app.table import TableContext

#: Corrections kept for undo (a hand has at most 18 tiles; a player rarely makes more than a few corrections).
UNDO_DEPTH = 20


class Key(StrEnum):
    """The page's own data."""

    DRAFT = "sikwu_draft"
    CONTEXT = "sikwu_context"
    PHOTO = "sikwu_photo"
    SELECTED = "sikwu_selected"  # uid of the tile whose correction dialog is open
    ADDING = "sikwu_adding"  # the add-a-tile dialog is open
    FLASH = "sikwu_flash"
    RERUN = "sikwu_rerun_app"  # a correction made inside a dialog: the whole page must re-score
    UNDO = "sikwu_undo"
    TILE_SET = "sikwu_tile_set"  # the taught set photos are read as ("": the shipped model; absent: not chosen)
    TAUGHT = "sikwu_taught"  # what the last teaching step on the teach page did, or why it could not
    LEARN = "sikwu_learn"  # opt-in: tiles the player corrects are added to the set
    LEARNED = "sikwu_learned"  # (photo digest, tile uid, face) already added, so a tile is added once


class W(StrEnum):
    """Widget keys (fixed ones; per-tile keys are built by :func:`tile_key` and friends)."""

    INPUT_MODE = "input_mode"
    PHOTO_UPLOAD = "photo_upload"
    PHOTO_CAMERA = "photo_camera"
    TYPED_HAND = "typed_hand"
    USE_TYPED = "use_typed"
    ADD_TILE_OPEN = "add_tile_open"
    ADD_DONE = "add_done"
    DELETE_TILE = "delete_tile"
    NOT_A_TILE = "not_a_tile"
    MARK_WINNING = "mark_winning"
    CLOSE_EDITOR = "close_editor"
    TILE_EDITOR = "tile_editor"
    UNDO = "undo"
    MELD_PICK = "meld_pick"
    MELD_KIND = "meld_kind"
    MELD_KONG_KIND = "meld_kong_kind"
    MELD_FED_BY = "meld_fed_by"
    DECLARE_MELD = "declare_meld"
    MELDS_EXPANDER = "melds_expander"
    CTX_EXPANDER = "ctx_expander"
    CTX_SEAT = "ctx_seat"
    CTX_ROUND = "ctx_round"
    CTX_DEALER = "ctx_dealer"
    CTX_WIN = "ctx_win"
    CTX_DISCARDER = "ctx_discarder"
    CTX_EVENTS = "ctx_events"
    CTX_PROFILE = "ctx_profile"
    CTX_HOUSE_RULES = "ctx_house_rules"
    CTX_CONFIRM = "ctx_confirm"
    RULES_EXPANDER = "rules_expander"
    CHIP_SEAT = "chip_seat"
    CHIP_WIN = "chip_win"
    CHIP_DEALER = "chip_dealer"
    CHIP_ROUND = "chip_round"
    CHIP_PROFILE = "chip_profile"
    LANGUAGE = "lang"  # bound to the URL: ?lang=zh_Hant_HK
    LARGE_TEXT = "large"  # bound to the URL: ?large=true
    NEW_HAND_EXPANDER = "new_hand"
    TEACH_NAME = "teach_name"
    TEACH_PHOTO = "teach_photo"
    TEACH_AFRESH = "teach_afresh"
    TEACH_IN_ORDER = "teach_in_order"
    TEACH_GO = "teach_go"
    TEACH_EMPTY = "teach_empty"
    TEACH_CHECK_SAVE = "teach_check_save"
    TILE_SET = "tile_set"  # the teach page's choice of set
    LEARN = "learn_corrections"  # the scoring page's opt-in checkbox


def tile_key(uid: int) -> str:
    return f"tile_{uid}"


def palette_key(prefix: str, tile: str) -> str:
    """``pal_5m`` (replace with 5m) or ``add_5m`` (add a 5m)."""
    return f"{prefix}_{tile}"


def guess_key(tile: str) -> str:
    return f"guess_{tile}"


def release_key(index: int) -> str:
    return f"release_{index}"


def suggestion_key(index: int) -> str:
    return f"suggest_{index}"


@dataclass(frozen=True)
class Flash:
    """One message to show after a rerun (e.g. why a correction was refused)."""

    level: Literal["error", "warning", "info", "success"]
    text: str


@dataclass(frozen=True)
class PhotoState:
    """The photo in use: its digest (so a rerun with the same file does not recognise it again), a reduced copy for
    display, and what recognition made of it (or why it could not)."""

    digest: str
    name: str = ""
    rgb: np.ndarray | None = None
    scale: float = 1.0  # display copy / recognised photo
    found: FoundTiles | None = None
    error: str | None = None
    unavailable: str | None = None


class Session:
    """Typed access to the page's session state (``st.session_state`` on the page, a dict in tests)."""

    def __init__(self, store: MutableMapping[Any, Any]) -> None:
        self._store = store

    # ---- the hand and its context ---------------------------------------------------------------------------
    @property
    def draft(self) -> Draft:
        draft = self._store.get(Key.DRAFT)
        if not isinstance(draft, Draft):
            draft = self._store[Key.DRAFT] = Draft()
        return draft

    @draft.setter
    def draft(self, draft: Draft) -> None:
        self._store[Key.DRAFT] = draft

    def correct(self, draft: Draft) -> None:
        """Replace the draft by a player's correction, keeping the previous one for :meth:`undo`."""
        history = list(self._store.get(Key.UNDO) or ())
        self._store[Key.UNDO] = (history + [self.draft])[-UNDO_DEPTH:]
        self.draft = draft

    def new_hand(self, draft: Draft) -> None:
        """A new photo or typed hand: nothing before it can be undone into it."""
        self._store[Key.UNDO] = []
        self.draft = draft

    def can_undo(self) -> bool:
        return bool(self._store.get(Key.UNDO))

    def undo(self) -> bool:
        history = list(self._store.get(Key.UNDO) or ())
        if not history:
            return False
        self.draft = history.pop()
        self._store[Key.UNDO] = history
        return True

    @property
    def context(self) -> TableContext:
        ctx = self._store.get(Key.CONTEXT)
        if not isinstance(ctx, TableContext):
            ctx = self._store[Key.CONTEXT] = TableContext()
        return ctx

    @context.setter
    def context(self, ctx: TableContext) -> None:
        self._store[Key.CONTEXT] = ctx

    # ---- the photo ------------------------------------------------------------------------------------------
    @property
    def photo(self) -> PhotoState | None:
        photo = self._store.get(Key.PHOTO)
        return photo if isinstance(photo, PhotoState) else None

    @photo.setter
    def photo(self, photo: PhotoState | None) -> None:
        if photo is None:
            self._store.pop(Key.PHOTO, None)
        else:
            self._store[Key.PHOTO] = photo

    # ---- dialogs and messages -------------------------------------------------------------------------------
    @property
    def selected(self) -> int | None:
        value = self._store.get(Key.SELECTED)
        return value if isinstance(value, int) else None

    @selected.setter
    def selected(self, uid: int | None) -> None:
        self._store[Key.SELECTED] = uid

    @property
    def adding(self) -> bool:
        return bool(self._store.get(Key.ADDING))

    @adding.setter
    def adding(self, value: bool) -> None:
        self._store[Key.ADDING] = value

    def close_dialogs(self) -> None:
        self.selected = None
        self.adding = False

    def flash(self, level: Literal["error", "warning", "info", "success"], text: str) -> None:
        self._store[Key.FLASH] = Flash(level, text)

    def pop_flash(self) -> Flash | None:
        flash = self._store.pop(Key.FLASH, None)
        return flash if isinstance(flash, Flash) else None

    def request_page_rerun(self) -> None:
        self._store[Key.RERUN] = True

    def take_page_rerun(self) -> bool:
        """True once after :meth:`request_page_rerun` (a dialog's callback changed the hand)."""
        return bool(self._store.pop(Key.RERUN, False))

    # ---- widget values --------------------------------------------------------------------------------------
    def widget(self, key: str, default: Any = None) -> Any:
        """A widget's current value (None-valued widgets read as ``default``)."""
        value = self._store.get(key)
        return default if value is None else value

    def set_widget(self, key: str, value: Any) -> None:
        """Set a widget's value from a callback (Streamlit allows it before the widget is drawn again)."""
        self._store[key] = value

    def forget_widget(self, key: str) -> None:
        self._store.pop(key, None)

    # ---- the table's taught tile set (app.teach_flow) ---------------------------------------------------------
    @property
    def tile_set(self) -> str | None:
        """The taught set photos are read as; None: the shipped model alone."""
        return str(self._store.get(Key.TILE_SET) or "") or None

    @tile_set.setter
    def tile_set(self, name: str | None) -> None:
        self._store[Key.TILE_SET] = name or ""

    def tile_set_chosen(self) -> bool:
        """A set (or none) was chosen in this session: the URL's choice no longer applies."""
        return Key.TILE_SET in self._store

    @property
    def taught(self) -> object:
        return self._store.get(Key.TAUGHT)

    @taught.setter
    def taught(self, outcome: object) -> None:
        self._store[Key.TAUGHT] = outcome

    @property
    def learn(self) -> bool:
        return bool(self._store.get(Key.LEARN))

    @learn.setter
    def learn(self, value: bool) -> None:
        self._store[Key.LEARN] = bool(value)

    @property
    def learned(self) -> frozenset[tuple[str, int, str]]:
        return frozenset(self._store.get(Key.LEARNED) or ())

    def mark_learned(self, keys: frozenset[tuple[str, int, str]]) -> None:
        self._store[Key.LEARNED] = self.learned | keys
