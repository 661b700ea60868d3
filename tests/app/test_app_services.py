"""The page's adapters: a missing piece of the installation becomes a sentence for that feature, not a crash."""

from __future__ import annotations

import sys

import numpy as np
import pytest
from sikwu.app import services


def _broken(name):
    def fail(*args, **kwargs):
        raise ModuleNotFoundError(f"No module named '{name}'", name=name)

    return fail


@pytest.fixture
def without(monkeypatch):
    """Make the named modules unusable, as on an installation without them: a module the page imports on first use
    (vision: OpenCV, onnxruntime) cannot be imported; one imported with the page fails when called."""

    def hide(*names):
        for name in names:
            monkeypatch.setitem(sys.modules, name, None)
        if "sikwu.artwork" in names:
            monkeypatch.setattr(services.artwork, "face_png_bytes", _broken("sikwu.artwork"))
        if "sikwu.scoring.report" in names:
            monkeypatch.setattr(services.scoring_report, "build_report", _broken("sikwu.scoring.report"))
        services.face_png.cache_clear()

    yield hide
    services.face_png.cache_clear()


def test_missing_tile_pictures_are_reported_and_tiles_fall_back_to_names(without):
    without("sikwu.artwork")
    message = services.faces_available()
    assert message and "Tile pictures" in message and "type the hand" in message


def test_missing_recognition_is_unavailable_with_a_next_step(without):
    without("sikwu.vision")
    with pytest.raises(services.Unavailable, match="Type|type"):
        services.recognize(np.zeros((64, 64, 3), dtype=np.uint8))


def test_missing_report_module_disables_only_downloads(without):
    without("sikwu.scoring.report")
    with pytest.raises(services.Unavailable, match="Report downloads"):
        services.build_report(None, None)
