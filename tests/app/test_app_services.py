"""The page's adapters: a missing piece of the installation becomes a sentence for that feature, not a crash."""

from __future__ import annotations

import importlib

import numpy as np
import pytest
from sikwu.app import services


@pytest.fixture
def without(monkeypatch):
    """Make importing the named modules fail, as on an installation without them."""

    real = importlib.import_module

    def hide(*names):
        def fake(name, *args, **kwargs):
            if name in names:
                raise ModuleNotFoundError(f"No module named '{name}'", name=name)
            return real(name, *args, **kwargs)

        monkeypatch.setattr(services.importlib, "import_module", fake)
        services.face_png.cache_clear()

    yield hide
    services.face_png.cache_clear()


def test_missing_tile_pictures_are_reported_and_tiles_fall_back_to_names(without):
    without("sikwu.artwork")
    message = services.faces_available()
    assert message and "Tile pictures" in message and "type the hand" in message


def test_missing_recognition_is_unavailable_with_a_next_step(without):
    without("vision")
    with pytest.raises(services.Unavailable, match="Type|type"):
        services.recognize(np.zeros((64, 64, 3), dtype=np.uint8))


def test_missing_report_module_disables_only_downloads(without):
    without("sikwu.scoring.report")
    with pytest.raises(services.Unavailable, match="Report downloads"):
        services.build_report(None, None)
