"""Alembic migrations of the ledger schema (run by :func:`sikwu.ledger.db.migrate`, never by hand)."""
