"""Pattern catalogue: importing this package registers every pattern class in ``REGISTRY`` by key."""

from sikwu.scoring.patterns import flowers, honours, sets, suits, terminals, winning  # noqa: F401  (registration)
from sikwu.scoring.patterns.base import REGISTRY, Context, Pattern, SetInfo

__all__ = ["REGISTRY", "Context", "Pattern", "SetInfo"]
