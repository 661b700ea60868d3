"""Error types of the game ledger.

Every error is a ``ValueError`` subclass whose message says what is wrong *and* what to do, because it is shown
verbatim on the page and on the CLI (exit status 2).  Callers that only want "bad input" catch :class:`LedgerError`.
"""

from __future__ import annotations


class LedgerError(ValueError):
    """Base class: the request cannot be carried out as given; nothing was written."""


class GameNotFoundError(LedgerError):
    """No game (or hand) with that id / number in this database."""


class PlayerError(LedgerError):
    """An unknown player name or seat, or a bad table of players."""


class GameFinishedError(LedgerError):
    """A hand for a game that has already played all its rounds."""


class EntryError(LedgerError):
    """A hand entry that cannot be recorded (not a legal win, discarder missing, ...)."""


class StaleVersionError(LedgerError):
    """An edit of a version that is no longer the current one: somebody changed it meanwhile."""


class StorageError(LedgerError):
    """The database cannot be opened or used: corrupt file, unreachable server, schema from a newer sikwu."""


class ImportFormatError(LedgerError):
    """An import file that is not a sikwu game export, or comes from a newer version."""


class GameRulesError(LedgerError):
    """A ledger rules file (dealer, rounds, simultaneous wins) is invalid; message names the file and key."""

    def __init__(self, where: str, key: str, problem: str) -> None:
        self.where, self.key, self.problem = where, key, problem
        super().__init__(f"{where}: key '{key}': {problem}" if key else f"{where}: {problem}")
