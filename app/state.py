"""The hand being checked on the page: tiles (as found or typed), melds the player declared, the winning tile, context.

The page keeps one :class:`Draft` and one :class:`TableContext` in ``st.session_state``. Both are plain data with
no Streamlit import, so every correction a player can make is a small pure method that tests can call directly, and
the one way into the scoring engine is :meth:`Draft.to_hand`. Each tile keeps a stable ``uid`` so a correction
never shifts the number drawn on the photo, and remembers what the photo said so "changed" can be shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, MutableMapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Literal

from sikwu.scoring import meld_shape_problem
from sikwu.scoring.tiles import (
    BONUS_IDS,
    PLAYING_IDS,
    TILE_IDS,
    TILE_NAMES,
    WIND_IDS,
    tile_sort_key,
)

MeldKind = Literal["chow", "pung", "kong"]
KongKind = Literal["exposed", "added", "concealed"]

#: Events the page offers, in the order a player thinks of them (keys are the scoring engine's EVENTS).
EVENT_LABELS: dict[str, str] = {
    "kong_replacement": "Won on a kong replacement tile 槓上開花",
    "double_kong_replacement": "Won on a double kong replacement 槓上槓",
    "flower_replacement": "Won on a flower replacement tile 花上自摸",
    "robbing_kong": "Robbing a kong 搶槓",
    "last_tile_wall": "Last tile of the wall 海底撈月",
    "last_discard": "Last discard 河底撈魚",
    "heavenly": "Heavenly hand 天糊 (dealer wins on the deal)",
    "earthly": "Earthly hand 地糊",
    "human": "Human hand 人糊",
    "seven_flowers": "Seven flowers (robbing the eighth) 七花",
    "eight_flowers": "Eight flowers 八仙過海",
}
SEAT_LABELS: dict[int, str] = {1: "East 東", 2: "South 南", 3: "West 西", 4: "North 北"}
UNKNOWN_FACE = "back"  # a face-down tile in the photo: the player must say what it is


class DraftError(ValueError):
    """A correction that cannot be made, with a sentence a player can act on."""


@dataclass(frozen=True)
class DraftTile:
    uid: int
    tile: str  # a canonical id, or "back" for a face-down tile that still needs a face
    number: int | None = None  # the number drawn on the photo (1-based); None for typed/added tiles
    confidence: float | None = None
    top3: tuple[tuple[str, float], ...] = ()
    low_confidence: bool = False
    found_as: str | None = None  # what the photo said, so a correction shows as "changed"
    vision_changed: bool = False  # the recogniser itself swapped this tile to make the hand valid
    group: int | None = None  # the gap-separated group the tile lay in on the table (from the photo)

    @property
    def changed(self) -> bool:
        return self.vision_changed or (self.found_as is not None and self.found_as != self.tile)

    @property
    def needs_face(self) -> bool:
        return self.tile not in TILE_NAMES

    def label(self) -> str:
        """``#3 5m``: photo tiles keep their photo number (== uid); typed and added tiles number on from there."""
        return f"#{self.uid} {self.tile}"


@dataclass(frozen=True)
class DraftMeld:
    kind: MeldKind
    uids: tuple[int, ...]
    kong_kind: KongKind | None = None  # only for kongs; "concealed" is the one concealed declared meld
    fed_by: int | None = None  # seat whose discard was claimed for this meld (liability rules need it)

    @property
    def concealed(self) -> bool:
        return self.kind == "kong" and self.kong_kind == "concealed"

    def title(self) -> str:
        if self.kind == "kong":
            return {"exposed": "Exposed kong 明槓", "added": "Added kong 加槓", "concealed": "Concealed kong 暗槓"}[
                self.kong_kind or "exposed"
            ]
        return {"chow": "Exposed chow 上", "pung": "Exposed pung 碰"}[self.kind]


@dataclass(frozen=True)
class Suggestion:
    """A meld the photo's layout suggests (see :meth:`Draft.suggested_melds`)."""

    uids: tuple[int, ...]
    kind: MeldKind
    kong_kind: KongKind | None
    face: str | None  # for a concealed kong shown with two backs: the face the backs stand for

    def describe(self, draft: Draft) -> str:
        labels = " ".join(draft.tile(u).label() for u in self.uids)
        what = {"chow": "chow", "pung": "pung"}.get(self.kind) or f"{self.kong_kind} kong"
        return f"{labels} as {'an' if what[0] in 'aeiou' else 'a'} {what}"


@dataclass(frozen=True)
class TableContext:
    """How the hand was won and who sits where: everything besides the tiles that changes the score."""

    seat: int = 1  # winner's seat, 1 = East
    round_wind: str = "1z"
    dealer: int = 1
    self_drawn: bool = False
    discarder: int | None = 2
    events: frozenset[str] = frozenset()
    profile: str = ""  # built-in profile name; "" = the engine's default
    house_rules_name: str | None = None  # an uploaded TOML file's name
    house_rules_text: str | None = None

    def effective_discarder(self) -> int | None:
        if self.self_drawn:
            return None
        if self.discarder is None or self.discarder == self.seat:
            # The discarder cannot be the winner; pick the player on the winner's left (who plays before them).
            return (self.seat - 2) % 4 + 1
        return self.discarder


@dataclass(frozen=True)
class Draft:
    tiles: tuple[DraftTile, ...] = ()
    melds: tuple[DraftMeld, ...] = ()
    winning_uid: int | None = None
    source: Literal["photo", "typed", "empty"] = "empty"
    next_uid: int = 1

    # ---- building -------------------------------------------------------------------------------------------
    @classmethod
    def from_tiles(cls, tile_ids: Iterable[str], source: Literal["photo", "typed"] = "typed") -> Draft:
        tiles = tuple(DraftTile(uid=i + 1, tile=t, found_as=t) for i, t in enumerate(tile_ids))
        draft = cls(tiles=tiles, source=source, next_uid=len(tiles) + 1)
        return draft.with_default_winning()

    @classmethod
    def from_found(cls, found: Sequence[Mapping[str, Any]]) -> Draft:
        """Tiles found in a photo, in the recogniser's order; each mapping has ``tile`` and optional
        ``confidence``, ``top3``, ``low_confidence``, ``changed``, ``found_as``."""
        tiles = []
        for i, f in enumerate(found):
            tiles.append(
                DraftTile(
                    uid=i + 1,
                    tile=str(f["tile"]),
                    number=i + 1,
                    confidence=f.get("confidence"),
                    top3=tuple(f.get("top3") or ()),
                    low_confidence=bool(f.get("low_confidence", False)),
                    found_as=str(f.get("found_as") or f["tile"]),
                    vision_changed=bool(f.get("changed", False)),
                    group=f.get("group") if isinstance(f.get("group"), int) else None,
                )
            )
        return cls(tiles=tuple(tiles), source="photo", next_uid=len(tiles) + 1).with_default_winning()

    # ---- reading ----------------------------------------------------------------------------------------------
    def tile(self, uid: int) -> DraftTile:
        for t in self.tiles:
            if t.uid == uid:
                return t
        raise DraftError(f"There is no tile #{uid} any more; tap a tile that is shown.")

    def meld_of(self, uid: int) -> int | None:
        for i, m in enumerate(self.melds):
            if uid in m.uids:
                return i
        return None

    def bonus_tiles(self) -> tuple[DraftTile, ...]:
        return tuple(t for t in self.tiles if is_bonus_id(t.tile))

    def concealed_tiles(self) -> tuple[DraftTile, ...]:
        """Tiles in no declared meld and not flowers: the concealed part of the hand (with the winning tile)."""
        in_melds = {u for m in self.melds for u in m.uids}
        return tuple(t for t in self.tiles if t.uid not in in_melds and not is_bonus_id(t.tile))

    def ordered_concealed(self) -> tuple[DraftTile, ...]:
        """Photo tiles in the photo's reading order (so they can be checked left to right against it, and the
        numbers run 1, 2, 3...); typed tiles sorted as a player arranges a hand."""
        if self.source == "photo":
            return tuple(sorted(self.concealed_tiles(), key=lambda t: t.uid))
        return tuple(sorted(self.concealed_tiles(), key=lambda t: (_sort_key(t.tile), t.uid)))

    def winning(self) -> DraftTile | None:
        if self.winning_uid is None:
            return None
        try:
            return self.tile(self.winning_uid)
        except DraftError:
            return None

    def notation(self) -> str:
        """The hand as the compact notation, concealed first, then melds in brackets, then bonus tiles."""
        parts = [compact([t.tile for t in self.ordered_concealed() if not t.needs_face])]
        for m in self.melds:
            ids = [self.tile(u).tile for u in m.uids]
            parts.append(("[" if not m.concealed else "{") + compact(ids) + ("]" if not m.concealed else "}"))
        if self.bonus_tiles():
            parts.append(compact([t.tile for t in self.bonus_tiles()]))
        return " ".join(p for p in parts if p)

    def problems(self) -> list[str]:
        """What stops this draft becoming a hand, in words a player can act on (empty when it can be scored)."""
        out = []
        faceless = [t for t in self.tiles if t.needs_face]
        if faceless:
            names = ", ".join(t.label() for t in faceless)
            out.append(f"Face-down or unknown tile(s) {names}: tap each and pick its face, or delete it.")
        if not self.tiles:
            out.append("No tiles yet: upload a photo, take one, or type the hand.")
        elif not self.concealed_tiles():
            out.append("Every tile is in a declared meld: leave at least the pair and the winning tile concealed.")
        elif self.winning() is None:
            out.append("Mark the winning tile: tap it, then 'Winning tile'.")
        return out

    def suggested_melds(self) -> list[Suggestion]:
        """Melds the photo's layout suggests: players set exposed melds apart from the concealed row, so a separate
        group of 3-4 tiles that forms a chow, pung or kong is offered as one tap. Two face-down tiles between two
        equal faces are a concealed kong (the usual way to show one)."""
        groups: dict[int, list[DraftTile]] = {}
        for t in self.tiles:
            if t.group is not None and self.meld_of(t.uid) is None and not is_bonus_id(t.tile):
                groups.setdefault(t.group, []).append(t)
        if len(groups) < 2:
            return []
        largest = max(groups, key=lambda g: len(groups[g]))
        out = []
        for g, tiles in sorted(groups.items()):
            if g == largest or len(tiles) not in (3, 4):
                continue
            ids = [t.tile for t in tiles]
            uids = tuple(t.uid for t in tiles)
            faces = [i for i in ids if i != UNKNOWN_FACE]
            if len(tiles) == 4 and len(faces) == 2 and len(set(faces)) == 1 and faces[0] in PLAYING_IDS:
                out.append(Suggestion(uids, "kong", "concealed", faces[0]))
            elif len(tiles) == 4 and not _meld_shape_error("kong", ids):
                out.append(Suggestion(uids, "kong", "exposed", ids[0]))
            elif len(tiles) == 3:
                for kind in ("pung", "chow"):
                    if not _meld_shape_error(kind, ids):
                        out.append(Suggestion(uids, kind, None, None))
                        break
        return out

    def apply_suggestion(self, suggestion: Suggestion) -> Draft:
        draft = self
        if suggestion.face is not None:
            for uid in suggestion.uids:
                if draft.tile(uid).tile == UNKNOWN_FACE:
                    draft = draft.replace_tile(uid, suggestion.face)
        return draft.declare_meld(suggestion.uids, suggestion.kind, suggestion.kong_kind)

    # ---- corrections (each returns a new Draft) ------------------------------------------------------------
    def replace_tile(self, uid: int, tile: str) -> Draft:
        check_tile_id(tile)
        old = self.tile(uid)
        tiles = tuple(replace(t, tile=tile) if t.uid == uid else t for t in self.tiles)
        draft = replace(self, tiles=tiles)
        m = draft.meld_of(uid)
        if m is not None and _meld_shape_error(draft.melds[m].kind, [draft.tile(u).tile for u in draft.melds[m].uids]):
            draft = draft.release_meld(m)  # the meld no longer fits: give its tiles back rather than keep a lie
        if is_bonus_id(tile) and not is_bonus_id(old.tile) and draft.winning_uid == uid:
            draft = replace(draft, winning_uid=None)
        return draft.with_default_winning()

    def add_tile(self, tile: str) -> Draft:
        check_tile_id(tile)
        new = DraftTile(uid=self.next_uid, tile=tile)
        source = self.source if self.source != "empty" else "typed"
        draft = replace(self, tiles=self.tiles + (new,), next_uid=self.next_uid + 1, source=source)
        return draft.with_default_winning()

    def delete_tile(self, uid: int) -> Draft:
        self.tile(uid)
        draft = self
        m = self.meld_of(uid)
        if m is not None:
            draft = draft.release_meld(m)
        draft = replace(
            draft,
            tiles=tuple(t for t in draft.tiles if t.uid != uid),
            winning_uid=None if draft.winning_uid == uid else draft.winning_uid,
        )
        return draft.with_default_winning()

    def set_winning(self, uid: int) -> Draft:
        t = self.tile(uid)
        if is_bonus_id(t.tile):
            raise DraftError(f"{t.label()} is a flower/season: bonus tiles are never the winning tile.")
        if self.meld_of(uid) is not None:
            raise DraftError(
                f"{t.label()} is in a declared meld. The winning tile belongs to the concealed part: release the "
                "meld first (a pung completed by the winning discard stays concealed here)."
            )
        return replace(self, winning_uid=uid)

    def declare_meld(
        self, uids: Sequence[int], kind: MeldKind, kong_kind: KongKind | None = None, fed_by: int | None = None
    ) -> Draft:
        uids = tuple(dict.fromkeys(uids))
        picked = [self.tile(u) for u in uids]
        for t in picked:
            if self.meld_of(t.uid) is not None:
                raise DraftError(f"{t.label()} is already in a meld; release that meld first.")
            if is_bonus_id(t.tile):
                raise DraftError(f"{t.label()} is a flower/season and cannot be part of a meld.")
        problem = _meld_shape_error(kind, [t.tile for t in picked])
        if problem:
            raise DraftError(problem)
        if kind == "kong":
            kong_kind = kong_kind or "exposed"
        else:
            kong_kind = None
        ordered = tuple(t.uid for t in sorted(picked, key=lambda t: (_sort_key(t.tile), t.uid)))
        if kong_kind == "concealed" or fed_by not in (1, 2, 3, 4):
            fed_by = None
        meld = DraftMeld(kind=kind, uids=ordered, kong_kind=kong_kind, fed_by=fed_by)
        draft = replace(self, melds=self.melds + (meld,))
        if draft.winning_uid in ordered:
            draft = replace(draft, winning_uid=None)
        return draft.with_default_winning()

    def release_meld(self, index: int) -> Draft:
        if not 0 <= index < len(self.melds):
            raise DraftError("That meld is no longer there.")
        return replace(self, melds=self.melds[:index] + self.melds[index + 1 :])

    def with_default_winning(self) -> Draft:
        """Keep a winning tile marked: the player's choice if still valid, else the last concealed tile added."""
        concealed = self.concealed_tiles()
        if self.winning_uid is not None and any(t.uid == self.winning_uid for t in concealed):
            return self
        candidates = [t for t in concealed if not t.needs_face]
        return replace(self, winning_uid=candidates[-1].uid if candidates else None)

    # ---- into the scoring engine -----------------------------------------------------------------------------
    def to_hand(self, context: TableContext) -> Any:
        """The :class:`scoring.Hand` this draft and context describe (raises DraftError when not yet possible)."""
        from sikwu.scoring import Hand, Meld  # imported here: state stays importable while scoring is being built

        problems = self.problems()
        if problems:
            raise DraftError(problems[0])
        melds = []
        for m in self.melds:
            ids = tuple(sorted((self.tile(u).tile for u in m.uids), key=_sort_key))
            melds.append(
                Meld(
                    kind=m.kind,
                    tiles=ids,
                    concealed=m.concealed,
                    kong_kind=m.kong_kind,
                    fed_by=m.fed_by if m.fed_by != context.seat else None,
                )
            )
        winning = self.winning()
        assert winning is not None
        concealed = [t.tile for t in self.ordered_concealed() if t.uid != winning.uid] + [winning.tile]
        return Hand(
            concealed=tuple(concealed),
            melds=tuple(melds),
            bonus=tuple(sorted((t.tile for t in self.bonus_tiles()), key=_sort_key)),
            winning_tile=winning.tile,
            self_drawn=context.self_drawn,
            events=frozenset(context.events),
            seat=context.seat,
            round_wind=context.round_wind,
            dealer=context.dealer,
            discarder=context.effective_discarder(),
        )


# ---- helpers ------------------------------------------------------------------------------------------------------


def is_bonus_id(tile: str) -> bool:
    return tile in BONUS_IDS


def check_tile_id(tile: str) -> None:
    if tile not in TILE_NAMES:
        raise DraftError(f"'{tile}' is not a tile id; pick one from the palette (e.g. 5m, 7z, 1f).")


def _sort_key(tile: str) -> int:
    return tile_sort_key(tile) if tile in TILE_NAMES else len(TILE_IDS)


def _meld_shape_error(kind: str, ids: Sequence[str]) -> str | None:
    """The scoring engine's meld-shape rule (``meld_shape_problem``), worded for the tiles a player selected."""
    shown = " ".join(ids)
    if UNKNOWN_FACE in ids:
        return f"{shown}: a face-down tile cannot be in a meld; say what the tile is first."
    problem = meld_shape_problem(kind, ids)
    if problem is None:
        return None
    if kind not in ("chow", "pung", "kong"):
        return f"{problem[0].upper()}{problem[1:]}."
    return f"{shown} is not a {kind}: {problem}."


def compact(ids: Sequence[str]) -> str:
    """``['1m','2m','3m','5z']`` -> ``'123m5z'``: the notation's grouping of runs of one suit."""
    out: list[str] = []
    run_suit = None
    digits = ""
    for t in ids:
        s = t[1]
        if s != run_suit and digits:
            out.append(digits + run_suit)
            digits = ""
        run_suit = s
        digits += t[0]
    if digits:
        out.append(digits + str(run_suit))
    return " ".join(out)


def wind_name(tile: str) -> str:
    return SEAT_LABELS[WIND_IDS.index(tile) + 1]


# ---- session state ------------------------------------------------------------------------------------------------

DRAFT_KEY = "sikwu_draft"
CONTEXT_KEY = "sikwu_context"


def get_draft(session: MutableMapping[str, Any]) -> Draft:
    if DRAFT_KEY not in session:
        session[DRAFT_KEY] = Draft()
    return session[DRAFT_KEY]


def put_draft(session: MutableMapping[str, Any], draft: Draft) -> None:
    session[DRAFT_KEY] = draft


def get_context(session: MutableMapping[str, Any]) -> TableContext:
    if CONTEXT_KEY not in session:
        session[CONTEXT_KEY] = TableContext()
    return session[CONTEXT_KEY]


def put_context(session: MutableMapping[str, Any], context: TableContext) -> None:
    session[CONTEXT_KEY] = context


@dataclass
class Flash:
    """One message to show after a rerun (e.g. why a correction was refused)."""

    level: Literal["error", "warning", "info", "success"]
    text: str
    extra: dict[str, Any] = field(default_factory=dict)
