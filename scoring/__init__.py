"""sikwu scoring engine: Hong Kong mahjong hands -> faan under a selectable rule profile.

Public API (stable; the vision pipeline, the app and the CLI use only these names)::

    parse_tiles, format_tiles            # compact notation  "123m 456p 789s 111z 55z"
    Hand, Meld, EVENTS                   # the hand
    score_hand, Score, Reading, PatternHit
    load_profile, profile_from_mapping, builtin_profiles, Profile, DEFAULT_PROFILE
    check_counts, validate_hand, is_winning_hand, winning_shapes, meld_shape_problem
    errors (ScoringError, NotationError, HandError, NotAWinningHandError, ProfileError)
"""

from sikwu.scoring import errors
from sikwu.scoring.errors import HandError, NotationError, NotAWinningHandError, ProfileError, ScoringError
from sikwu.scoring.evaluate import PatternHit, Reading
from sikwu.scoring.hand import EVENTS, Hand, HandHistory, Meld
from sikwu.scoring.notation import format_tiles, parse_tiles
from sikwu.scoring.profile import DEFAULT_PROFILE, Profile, builtin_profiles, load_profile, profile_from_mapping
from sikwu.scoring.scorer import Score, score_hand
from sikwu.scoring.validate import check_counts, is_winning_hand, meld_shape_problem, validate_hand, winning_shapes

__all__ = [
    "DEFAULT_PROFILE",
    "EVENTS",
    "Hand",
    "HandError",
    "HandHistory",
    "Meld",
    "NotAWinningHandError",
    "NotationError",
    "PatternHit",
    "Profile",
    "ProfileError",
    "Reading",
    "Score",
    "ScoringError",
    "builtin_profiles",
    "check_counts",
    "errors",
    "format_tiles",
    "is_winning_hand",
    "load_profile",
    "meld_shape_problem",
    "parse_tiles",
    "profile_from_mapping",
    "score_hand",
    "validate_hand",
    "winning_shapes",
]
