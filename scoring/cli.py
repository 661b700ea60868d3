"""``sikwu score`` and ``sikwu profiles``: score a hand typed at the terminal (or given as JSON) under a profile.

Pure scoring: no OpenCV, onnxruntime or Streamlit import, so it also runs as ``python -m sikwu.scoring``.

Meld notation (``--melds``, one argument per meld, in the order they were declared)::

    KIND:TILES[@SEAT]
    pung:777z@3     exposed pung of Red dragon, claimed from West's discard (seat 3; E/S/W/N also work)
    chow:123m@N     exposed chow claimed from North
    kong:1111p@2    exposed kong made from South's discard ("big melded kong")
    akong:5555s     added kong (a tile added to an exposed pung; @SEAT = who fed the pung)
    ckong:9999s     concealed kong (no feeder)

TILES is the project's tile notation (``scoring.notation``): digits then a suit letter (m characters, p dots,
s bamboo, z honours 1-7 = E S W N White Green Red, f flowers/seasons 1-8), e.g. ``123m 456p 77z``; the letters
``E S W N C F P`` and Chinese ``東 發 一萬`` also work.  The feeder matters for
liability (12-tile insurance, Big Three Dragons, self-draw after a kong).

What the hand does not show but liability needs -- the kongs of the replacement chain the win was drawn in
(Sparrow's Nest, Self Draw After Gong) -- is told with ``--replacement-chain 0 1`` (meld positions, 0 = first
declared), ``--history FILE`` (``{"replacement_chain": [0, 1]}``, ``scoring.history_json``) or a top-level
``"history"`` in the ``--json-in`` hand; ``sikwu game add`` takes the same three.

Bad input prints one line saying what is wrong and what to do, and exits 2.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path
from typing import Any

from sikwu.scoring.errors import NotationError, ScoringError
from sikwu.scoring.hand import EVENTS, Hand, HandHistory, KongKind, Meld, MeldKind
from sikwu.scoring.hand_json import HandJSONError, hand_and_history_from_json, hand_from_json, parse_seat
from sikwu.scoring.history_json import EXAMPLE as HISTORY_EXAMPLE
from sikwu.scoring.history_json import history_from_json
from sikwu.scoring.notation import parse_tiles as parse
from sikwu.scoring.profile import builtin_profiles, load_profile
from sikwu.scoring.report import build_report
from sikwu.scoring.tiles import WIND_IDS
from sikwu.scoring.validate import meld_shape_problem

MELD_HELP = (
    'declared melds in declaration order, e.g. "pung:777z@3" "chow:123m" "kong:1111p@W" "akong:5555s" '
    '"ckong:9999s"; @S = seat that discarded the claimed tile (1-4 or E/S/W/N)'
)
_MELD_RE = re.compile(r"^\s*(chow|pung|kong|akong|ckong)\s*:\s*([^@]+?)\s*(?:@\s*(\w+))?\s*$")


#: Meld notation kind -> (meld kind, kong kind).
_MELD_KINDS: dict[str, tuple[MeldKind, KongKind | None]] = {
    "chow": ("chow", None),
    "pung": ("pung", None),
    "kong": ("kong", "exposed"),
    "akong": ("kong", "added"),
    "ckong": ("kong", "concealed"),
}


class CliInputError(ScoringError):
    """Command-line input the scorer cannot use; the message says which argument and what to write."""


def parse_tiles(text: str, what: str = "tiles") -> tuple[str, ...]:
    """Tile notation (``scoring.notation``: ``123m 456p 77z``, ``E S W N C F P``, ``東 發 一萬``) -> canonical ids.

    The notation error is re-raised with the argument it came from, so the player knows which one to fix.
    """
    try:
        return parse(text)
    except NotationError as exc:
        raise CliInputError(f"{what}: {exc}") from None


def parse_meld(spec: str, what: str | None = None) -> Meld:
    """``pung:777z@3`` -> Meld.  Raises CliInputError naming the spec (``what``, default ``--melds 'spec'``) and
    what is wrong."""
    what = what or f"--melds {spec!r}"
    m = _MELD_RE.match(spec)
    if not m:
        raise CliInputError(f"{what}: write KIND:TILES[@SEAT] with KIND chow/pung/kong/akong/ckong")
    spec_kind, tiles_text, feeder = m.group(1), m.group(2), m.group(3)
    tiles = parse_tiles(tiles_text, what)
    fed_by = None
    if feeder is not None:
        try:
            fed_by = parse_seat(feeder, "fed_by")
        except HandJSONError:
            raise CliInputError(f"{what}: @{feeder} is not a seat; use 1-4 or E/S/W/N") from None
    if spec_kind == "ckong" and fed_by is not None:
        raise CliInputError(f"{what}: a concealed kong has no feeder; drop @{feeder}")
    kind, kong_kind = _MELD_KINDS[spec_kind]
    problem = meld_shape_problem(kind, tiles)
    if problem:
        example = " (e.g. chow:345p)" if kind == "chow" else ""
        raise CliInputError(f"{what}: {problem}{example}")
    return Meld(kind, tiles, concealed=kong_kind == "concealed", kong_kind=kong_kind, fed_by=fed_by)


def hand_from_args(args: argparse.Namespace) -> Hand:
    """Build a Hand from the ``sikwu score`` arguments (or read it from ``--json-in``)."""
    if args.json_in:
        return hand_from_json(_json_in_text(args))
    if not args.hand:
        raise CliInputError('no hand given; e.g. sikwu score "123m 456p 789s 11z 55z" --winning 5z --self-drawn')
    concealed = parse_tiles(" ".join(args.hand), "HAND")
    melds = tuple(parse_meld(s) for s in (args.melds or ()))
    bonus = parse_tiles(" ".join(args.bonus), "--bonus") if args.bonus else ()
    winning = None
    if args.winning:
        won = parse_tiles(args.winning, "--winning")
        if len(won) != 1:
            raise CliInputError(f"--winning {args.winning!r}: give exactly one tile, e.g. --winning 5p")
        winning = won[0]

    def seat(value: str | None, flag: str) -> int | None:
        if value is None:
            return None
        try:
            return parse_seat(value, flag)
        except HandJSONError:
            raise CliInputError(f"{flag} {value!r}: not a seat; use 1-4 or E/S/W/N (1 = East)") from None

    round_seat = seat(args.round, "--round") or 1
    discarder = seat(args.discarder, "--discarder")
    if args.self_drawn and discarder is not None:
        raise CliInputError("--self-drawn and --discarder contradict each other; a self-drawn win has no discarder")
    events = frozenset(args.event or ())
    for ev in events:
        if ev not in EVENTS:
            raise CliInputError(f"--event {ev!r}: unknown; use one of {', '.join(sorted(EVENTS))}")
    return Hand(
        concealed=concealed,
        melds=melds,
        bonus=bonus,
        winning_tile=winning if winning is not None else (concealed[-1] if concealed else None),
        self_drawn=args.self_drawn,
        events=events,
        seat=seat(args.seat, "--seat") or 1,
        round_wind=WIND_IDS[round_seat - 1],
        dealer=seat(args.dealer, "--dealer") or 1,
        discarder=discarder,
    )


def history_from_args(args: argparse.Namespace) -> Any:
    """The history told on the command line, as JSON data for ``scoring.history_json``: ``--history FILE`` or
    ``--replacement-chain 0 1``; None when neither is given.  Shared by ``sikwu score`` and ``sikwu game``."""
    path, chain = getattr(args, "history", None), getattr(args, "replacement_chain", None)
    if path and chain:
        raise CliInputError("give the replacement chain once: --history FILE or --replacement-chain, not both")
    if chain:
        return {"replacement_chain": list(chain)}
    if not path:
        return None
    text = _read_stdin() if path == "-" else _read_file(path, "--history", "history")
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise CliInputError(
            f"--history {path!r}: not JSON ({exc.msg} at line {exc.lineno}); write e.g. {HISTORY_EXAMPLE}"
        ) from None


def hand_and_history_from_args(args: argparse.Namespace) -> tuple[Hand, HandHistory | None]:
    """The hand (typed or ``--json-in``) and its history (options or the JSON's ``"history"``), checked together."""
    told = history_from_args(args)
    if not args.json_in:
        hand = hand_from_args(args)
        return hand, history_from_json(told, hand)
    hand, history = hand_and_history_from_json(_json_in_text(args))
    if told is not None and history is not None:
        raise CliInputError('the hand JSON has a "history"; drop --history/--replacement-chain or the JSON\'s one')
    return hand, history if told is None else history_from_json(told, hand)


def _json_in_text(args: argparse.Namespace) -> str:
    """The ``--json-in`` document's text (file or stdin)."""
    if args.hand:
        raise CliInputError("give either HAND or --json-in, not both")
    return _read_stdin() if args.json_in == "-" else _read_file(args.json_in, "--json-in", "hand")


def _read_file(path: str, option: str, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        problem = f"cannot read ({exc.strerror}); give a JSON file or - for stdin"
        raise CliInputError(f"{option} {path!r}: {problem}") from None
    except UnicodeDecodeError:
        raise CliInputError(f"{option} {path!r}: not UTF-8 text; give a {what} JSON file (UTF-8)") from None


def _read_stdin() -> str:
    try:
        return sys.stdin.read()
    except UnicodeDecodeError:
        raise CliInputError("--json-in -: standard input is not UTF-8 text; pipe in a hand JSON document") from None


def _fail(message: str) -> int:
    print(f"sikwu: error: {message}", file=sys.stderr)
    return 2


def run_score(args: argparse.Namespace) -> int:
    try:
        hand, history = hand_and_history_from_args(args)
        report = build_report(hand, args.profile, compare=not args.no_compare, history=history)
    except ScoringError as exc:
        return _fail(str(exc))
    if args.json:
        text = report.to_json()
    elif args.markdown:
        text = report.to_markdown()
    else:
        text = report.to_text()
    return _print(text)


def _print(text: str) -> int:
    """Print, tolerating a closed pipe (``sikwu score ... | head``) instead of a traceback."""
    try:
        print(text)
        sys.stdout.flush()
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return 0


def run_profiles(args: argparse.Namespace) -> int:
    try:
        names = builtin_profiles()
        rows: list[dict[str, Any]] = []
        for name, description in names.items():
            prof = load_profile(name)
            rows.append(
                {
                    "name": name,
                    "description": description,
                    "minimum_faan": prof.minimum_faan,
                    "cap_faan": prof.cap_faan,
                    "source": prof.source,
                    "name_zh": prof.name_zh,
                    "description_zh": prof.description_zh,
                }
            )
    except ScoringError as exc:
        return _fail(str(exc))
    if args.json:
        return _print(json.dumps(rows, ensure_ascii=False, indent=2))
    width = max(len(r["name"]) for r in rows) if rows else 10
    lines = [
        f"{r['name']:<{width}}  min {r['minimum_faan']:>2} cap {r['cap_faan']:>2}  {r['description']}" for r in rows
    ]
    lines.append("\nUse one with: sikwu score HAND --profile NAME (or --profile path/to/house.toml)")
    return _print("\n".join(lines))


def add_history_options(parser: argparse.ArgumentParser) -> None:
    """``--history FILE`` and ``--replacement-chain``: the same words for ``sikwu score`` and ``sikwu game``."""
    parser.add_argument(
        "--history", metavar="FILE", help='the hand\'s history as JSON, e.g. {"replacement_chain": [0, 1]} (- = stdin)'
    )
    parser.add_argument(
        "--replacement-chain",
        nargs="+",
        type=int,
        metavar="MELD",
        help="kongs of the replacement chain that ended in the self-drawn win: meld positions (0 = first declared), "
        "in the order declared (Sparrow's Nest: Self Draw After Gong liability)",
    )


def register(subparsers: Any) -> None:
    """Add ``score`` and ``profiles`` to a ``sikwu`` (or ``python -m sikwu.scoring``) parser."""
    score = subparsers.add_parser(
        "score",
        help="score a hand under a rule profile and settle payments",
        description="Score a winning hand and show faan, points and who pays whom. " + MELD_HELP + ".",
        epilog='example: sikwu score "234m 567p 55z" --melds "pung:777z@3" "chow:123s@1" --winning 5z '
        "--seat 2 --discarder 3",
    )
    score.add_argument("hand", nargs="*", help="concealed tiles incl. the winning tile, e.g. '123m 456p 77z'")
    score.add_argument("--melds", nargs="+", metavar="KIND:TILES[@S]", help=MELD_HELP)
    score.add_argument("--bonus", nargs="+", metavar="TILES", help="flowers/seasons, e.g. 1f 6f")
    score.add_argument("--winning", metavar="TILE", help="the winning tile (default: last HAND tile)")
    score.add_argument("--seat", metavar="S", help="winner's seat 1-4 or E/S/W/N (default East)")
    score.add_argument("--round", metavar="W", help="round wind 1-4 or E/S/W/N (default East)")
    score.add_argument("--dealer", metavar="S", help="dealer's seat (default East)")
    score.add_argument("--self-drawn", action="store_true", help="won on a self-drawn tile")
    score.add_argument("--discarder", metavar="S", help="seat that discarded the winning tile")
    score.add_argument("--event", action="append", metavar="NAME", help="kong_replacement, robbing_kong, ...")
    score.add_argument("--profile", default="sparrows-nest", help="built-in profile name or a .toml file")
    score.add_argument("--json-in", metavar="FILE", help="read the hand as JSON from FILE (- = stdin)")
    add_history_options(score)
    fmt = score.add_mutually_exclusive_group()
    fmt.add_argument("--json", action="store_true", help="print the report as JSON")
    fmt.add_argument("--markdown", action="store_true", help="print the report as Markdown")
    score.add_argument("--no-compare", action="store_true", help="skip the other-profiles comparison")
    score.set_defaults(handler=run_score)

    profiles = subparsers.add_parser("profiles", help="list the built-in rule profiles")
    profiles.add_argument("--json", action="store_true", help="print as JSON")
    profiles.set_defaults(handler=run_profiles)
