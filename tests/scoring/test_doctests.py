"""The ``>>>`` examples in the public scoring API run and show what they say (real hands, real profiles)."""

from __future__ import annotations

import doctest
import importlib

import pytest

PUBLIC_MODULES = (
    "sikwu.scoring.notation",
    "sikwu.scoring.decompose",
    "sikwu.scoring.validate",
    "sikwu.scoring.scorer",
    "sikwu.scoring.profile",
    "sikwu.scoring.payments",
    "sikwu.scoring.hand_json",
    "sikwu.scoring.history_json",
)


@pytest.mark.parametrize("name", PUBLIC_MODULES)
def test_docstring_examples_run(name: str) -> None:
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE, verbose=False)
    assert result.attempted > 0, f"{name} has no >>> examples"
    assert result.failed == 0, f"{result.failed} of {result.attempted} examples in {name} failed (run pytest -s)"
