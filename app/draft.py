"""The hand being checked on the page: tiles (as found or typed), melds the player declared, the winning tile.

The page keeps one :class:`Draft` (and one :class:`sikwu.app.table.TableContext`) in its session. Both are plain data
with no Streamlit import, so every correction a player can make is a small pure method that tests can call directly, and
the one way into the scoring engine is :meth:`Draft.to_hand`. Each tile keeps a stable ``uid`` so a correction
never shifts the number drawn on the photo, and remembers what the photo said so "changed" can be shown.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Literal, NotRequired, TypedDict

from sikwu.app.engine_text import engine
from sikwu.app.i18n import N_, _
from sikwu.app.table import TableContext
from sikwu.scoring import Hand, Meld, format_tiles, meld_shape_problem
from sikwu.scoring.tiles import PLAYING_IDS, TILE_IDS, TILE_NAMES, is_bonus, tile_sort_key

MeldKind = Literal["chow", "pung", "kong"]
KongKind = Literal["exposed", "added", "concealed"]

#: The meld kinds by name, for messages (translated where they are shown).
MELD_WORDS = (N_("chow"), N_("pung"), N_("kong"))
UNKNOWN_FACE = "back"  # a face-down tile in the photo: the player must say what it is


class FoundTile(TypedDict):
    """One tile as the photo gave it (``sikwu.app.services.recognize`` makes these; tests write them by hand)."""

    tile: str
    confidence: NotRequired[float | None]
    top3: NotRequired[tuple[tuple[str, float], ...]]
    low_confidence: NotRequired[bool]
    changed: NotRequired[bool]
    found_as: NotRequired[str]
    group: NotRequired[int | None]


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
            return {
                "exposed": N_("Exposed kong 明槓"),
                "added": N_("Added kong 加槓"),
                "concealed": N_("Concealed kong 暗槓"),
            }[self.kong_kind or "exposed"]
        return {"chow": N_("Exposed chow 上"), "pung": N_("Exposed pung 碰")}[self.kind]


@dataclass(frozen=True)
class Suggestion:
    """A meld the photo's layout suggests (see :meth:`Draft.suggested_melds`)."""

    uids: tuple[int, ...]
    kind: MeldKind
    kong_kind: KongKind | None
    face: str | None  # for a concealed kong shown with two backs: the face the backs stand for

    def describe(self, draft: Draft) -> str:
        labels = " ".join(draft.tile(u).label() for u in self.uids)
        what = {
            "chow": _("as a chow 上"),
            "pung": _("as a pung 碰"),
            "exposed": _("as an exposed kong 明槓"),
            "added": _("as an added kong 加槓"),
            "concealed": _("as a concealed kong 暗槓"),
        }
        return f"{labels} {what[self.kong_kind or self.kind]}"


@dataclass(frozen=True)
class Draft:
    tiles: tuple[DraftTile, ...] = ()
    melds: tuple[DraftMeld, ...] = ()
    winning_uid: int | None = None
    source: Literal["photo", "typed", "empty"] = "empty"
    next_uid: int = 1
    #: False while ``winning_uid`` is only a proposal (the photo's last concealed tile): the page marks it and the
    #: result says so until the player taps the winning tile. Typed notation puts the winning tile last on purpose.
    winning_confirmed: bool = False
    not_tiles: tuple[int, ...] = ()  # photo numbers of boxes the players marked "Not a tile" (their table's)

    # ---- building -------------------------------------------------------------------------------------------
    @classmethod
    def from_tiles(cls, tile_ids: Iterable[str], source: Literal["photo", "typed"] = "typed") -> Draft:
        tiles = tuple(DraftTile(uid=i + 1, tile=t, found_as=t) for i, t in enumerate(tile_ids))
        draft = cls(tiles=tiles, source=source, next_uid=len(tiles) + 1).with_default_winning()
        return replace(draft, winning_confirmed=source == "typed" and draft.winning_uid is not None)

    @classmethod
    def from_found(cls, found: Sequence[FoundTile]) -> Draft:
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
        raise DraftError(_("There is no tile #{uid} any more; tap a tile that is shown.").format(uid=uid))

    def meld_of(self, uid: int) -> int | None:
        for i, m in enumerate(self.melds):
            if uid in m.uids:
                return i
        return None

    def bonus_tiles(self) -> tuple[DraftTile, ...]:
        return tuple(t for t in self.tiles if is_bonus(t.tile))

    def concealed_tiles(self) -> tuple[DraftTile, ...]:
        """Tiles in no declared meld and not flowers: the concealed part of the hand (with the winning tile)."""
        in_melds = {u for m in self.melds for u in m.uids}
        return tuple(t for t in self.tiles if t.uid not in in_melds and not is_bonus(t.tile))

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
        parts = [format_tiles([t.tile for t in self.ordered_concealed() if not t.needs_face])]
        for m in self.melds:
            ids = [self.tile(u).tile for u in m.uids]
            parts.append(("[" if not m.concealed else "{") + format_tiles(ids) + ("]" if not m.concealed else "}"))
        if self.bonus_tiles():
            parts.append(format_tiles([t.tile for t in self.bonus_tiles()]))
        return " ".join(p for p in parts if p)

    def problems(self) -> list[str]:
        """What stops this draft becoming a hand, in words a player can act on (empty when it can be scored)."""
        out = []
        faceless = [t for t in self.tiles if t.needs_face]
        if faceless:
            names = ", ".join(t.label() for t in faceless)
            out.append(
                _("Face-down or unknown tile(s) {names}: tap each and pick its face, or delete it.").format(names=names)
            )
        if not self.tiles:
            out.append(_("No tiles yet: upload a photo, take one, or type the hand."))
        elif not self.concealed_tiles():
            out.append(_("Every tile is in a declared meld: leave at least the pair and the winning tile concealed."))
        elif self.winning() is None:
            out.append(_("Mark the winning tile: tap it, then 'Winning tile'."))
        return out

    def suggested_melds(self) -> list[Suggestion]:
        """Melds the photo's layout suggests: players set exposed melds apart from the concealed row, so a separate
        group of 3-4 tiles that forms a chow, pung or kong is offered as one tap. Two face-down tiles between two
        equal faces are a concealed kong (the usual way to show one)."""
        groups: dict[int, list[DraftTile]] = {}
        for t in self.tiles:
            if t.group is not None and self.meld_of(t.uid) is None and not is_bonus(t.tile):
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
        if is_bonus(tile) and not is_bonus(old.tile) and draft.winning_uid == uid:
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

    def mark_not_a_tile(self, uid: int) -> Draft:
        """Remove a box with no tile in it, keeping its photo number so the set can learn the table from it."""
        if (number := self.tile(uid).number) is None:
            raise DraftError(_("Only a tile found in the photo can be marked 'not a tile'; delete a tile you added."))
        return replace(self.delete_tile(uid), not_tiles=(*self.not_tiles, number))

    def set_winning(self, uid: int) -> Draft:
        t = self.tile(uid)
        if is_bonus(t.tile):
            raise DraftError(
                _("{tile} is a flower/season: bonus tiles are never the winning tile.").format(tile=t.label())
            )
        if self.meld_of(uid) is not None:
            raise DraftError(
                _(
                    "{tile} is in a declared meld. The winning tile belongs to the concealed part: release the "
                    "meld first (a pung completed by the winning discard stays concealed here)."
                ).format(tile=t.label())
            )
        return replace(self, winning_uid=uid, winning_confirmed=True)

    def declare_meld(
        self, uids: Sequence[int], kind: MeldKind, kong_kind: KongKind | None = None, fed_by: int | None = None
    ) -> Draft:
        uids = tuple(dict.fromkeys(uids))
        picked = [self.tile(u) for u in uids]
        for t in picked:
            if self.meld_of(t.uid) is not None:
                raise DraftError(_("{tile} is already in a meld; release that meld first.").format(tile=t.label()))
            if is_bonus(t.tile):
                raise DraftError(_("{tile} is a flower/season and cannot be part of a meld.").format(tile=t.label()))
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
            raise DraftError(_("That meld is no longer there."))
        return replace(self, melds=self.melds[:index] + self.melds[index + 1 :])

    def with_default_winning(self) -> Draft:
        """Keep a winning tile marked: the player's choice if still valid, else the last concealed tile added."""
        concealed = self.concealed_tiles()
        if self.winning_uid is not None and any(t.uid == self.winning_uid for t in concealed):
            return self
        candidates = [t for t in concealed if not t.needs_face]
        return replace(self, winning_uid=candidates[-1].uid if candidates else None, winning_confirmed=False)

    # ---- into the scoring engine -----------------------------------------------------------------------------
    def to_hand(self, context: TableContext) -> Hand:
        """The :class:`scoring.Hand` this draft and context describe (raises DraftError when not yet possible)."""
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


def check_tile_id(tile: str) -> None:
    if tile not in TILE_NAMES:
        raise DraftError(_("'{tile}' is not a tile id; pick one from the palette (e.g. 5m, 7z, 1f).").format(tile=tile))


def _sort_key(tile: str) -> int:
    return tile_sort_key(tile) if tile in TILE_NAMES else len(TILE_IDS)


def _meld_shape_error(kind: str, ids: Sequence[str]) -> str | None:
    """The scoring engine's meld-shape rule (``meld_shape_problem``), worded for the tiles a player selected."""
    shown = " ".join(ids)
    if UNKNOWN_FACE in ids:
        return _("{tiles}: a face-down tile cannot be in a meld; say what the tile is first.").format(tiles=shown)
    if (problem := meld_shape_problem(kind, ids)) is None:
        return None
    said = engine(problem)  # the engine's keyed message, in the page's language
    if kind not in ("chow", "pung", "kong"):
        return f"{said[0].upper()}{said[1:]}."
    return _("{tiles} is not a {kind}: {problem}.").format(tiles=shown, kind=_(kind), problem=said)
