"""sikwu game ledger: a whole night at one table -- dealer, 連莊, round wind, pot, totals, edits, 找數.

Data flows one way: scoring's hand JSON -> an entry (:mod:`~sikwu.ledger.entries`, players by table position) ->
the engine (:mod:`~sikwu.ledger.engine`, pure: state before + entry -> payments + state after, scoring via
:mod:`~sikwu.ledger.scorecache`) -> the store (:mod:`~sikwu.ledger.store`, one transaction per hand, versions,
audit, recompute after an edit) -> views (:mod:`~sikwu.ledger.views`) -> CLI text / the page.

Modules:
  service    the page's and CLI's calls: new_game, table_context, add_win/add_draw/add_false_mahjong,
             edit_hand, undo_hand (player names, scoring's hand JSON in seat winds)
  settings   how a game runs per profile (ledger/rules/*.toml): dealer repeats, rounds, simultaneous wins
  edits      an edit of a past hand in the table's words (a draw, a false mahjong, another winner)
  history    a hand's history (replacement chain) as plain data, stored with it and given to scoring
  night_card the night's summary as a PNG card (``sikwu game show --picture``, the Game page's download)
  frozen     the profile's data frozen into a game and rebuilt from it
  money      exact Decimal stake and the one rounding rule
  models     SQLAlchemy tables; migrations/ the Alembic revisions; db: URL, SQLite WAL, migrate with a backup
  queries, records   reading a game back as plain records
  transfer   JSON export/import (identical game) and CSV
  cli, cli_args, text   ``sikwu game ...``;  thumbs: photo thumbnails
  errors     LedgerError and its kinds: every message says what to do
"""
