"""Error types of the scoring engine.

Every error is a ``ValueError`` subclass whose message says what is wrong *and* what to do about it, because the
messages are shown verbatim to a player at the table (CLI stderr, the Streamlit page).  Callers that only want
"bad input" catch :class:`ScoringError`.
"""

from __future__ import annotations


class ScoringError(ValueError):
    """Base class: the input cannot be scored as given."""


class NotationError(ScoringError):
    """A tile string could not be parsed; ``token`` is the offending text, ``position`` its 0-based offset."""

    def __init__(self, message: str, token: str = "", position: int = 0) -> None:
        super().__init__(message)
        self.token = token
        self.position = position


class HandError(ScoringError):
    """The hand is impossible or inconsistent (counts, tile number, melds, events)."""


class NotAWinningHandError(HandError):
    """The tiles do not form any winning shape allowed by the profile."""


class ProfileError(ScoringError):
    """A rule profile file is invalid; message reads ``file.toml: key 'x.y': problem``."""

    def __init__(self, path: str, key: str, problem: str) -> None:
        from sikwu.scoring.profile_texts import say_profile  # keyed messages: the page says the problem in Chinese

        self.path = str(path)
        self.key = key
        self.problem = problem
        if key:
            super().__init__(say_profile("profile.where_key", file=self.path, key=key, problem=problem))
        else:
            super().__init__(say_profile("profile.where", file=self.path, problem=problem))
