"""Model sessions are opened one way (vision.onnx_session): CPU, two threads, and no spinning worker threads,
because recognition runs three sessions in turn on two cores and a spinning session takes the next one's cores."""

from __future__ import annotations

import pytest
from sikwu.models import DETECTOR_PATH
from sikwu.vision.onnx_session import ModelFileError, open_session


def _session():
    if not DETECTOR_PATH.is_file():
        pytest.skip(f"{DETECTOR_PATH} is not shipped")
    return open_session(DETECTOR_PATH, what="tile detector", fix="restore it")


def test_idle_worker_threads_do_not_spin() -> None:
    options = _session().get_session_options()
    assert options.get_session_config_entry("session.intra_op.allow_spinning") == "0"


def test_a_session_uses_two_threads_on_the_cpu() -> None:
    session = _session()
    assert session.get_session_options().intra_op_num_threads == 2
    assert session.get_providers() == ["CPUExecutionProvider"]


def test_a_missing_model_file_names_it_and_the_fix(tmp_path) -> None:  # noqa: ANN001
    with pytest.raises(ModelFileError, match="tile detector model not found at .*: restore it"):
        open_session(tmp_path / "none.onnx", what="tile detector", fix="restore it")
