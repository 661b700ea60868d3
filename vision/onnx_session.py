"""Open an onnxruntime session for one of the shipped models: one place for the thread settings and the errors.

Why one helper: the detector and the classifier are both small CPU models run once per photo, so they want the same
session options, and a missing or broken model file must fail the same way for both (a message naming the file and
saying how to get a good one), never with onnxruntime's private exception types.
"""

from __future__ import annotations

from pathlib import Path

import onnxruntime as ort

#: Threads one model may use inside an operator.  The project runs on two CPU cores; the models are small enough
#: (a few MB) that more threads would spend more on hand-over than they save.
INTRA_OP_THREADS = 2
#: The graphs run their operators one after another (sequential execution), so one inter-operator thread.
INTER_OP_THREADS = 1
#: Whether a session's idle worker threads spin waiting for the next operator. Recognition runs three sessions in
#: turn (two detectors, the classifier) on two cores, so one session's spinning threads would take the cores the
#: next session and the Python between them need.
ALLOW_SPINNING = False


class ModelFileError(RuntimeError):
    """A model file is missing or is not a readable ONNX model; the message says which file and what to do."""


def open_session(
    path: Path,
    *,
    what: str,
    fix: str,
    error: type[ModelFileError] = ModelFileError,
    threads: int | None = None,
) -> ort.InferenceSession:
    """A CPU session for the model at ``path``.

    ``what`` names the model in messages ("tile detector"), ``fix`` says how to get a good file, ``error`` is the
    caller's own subclass of :class:`ModelFileError`, ``threads`` overrides INTRA_OP_THREADS.
    """
    if not path.is_file():
        raise error(f"{what} model not found at {path}: {fix}")
    options = ort.SessionOptions()
    options.intra_op_num_threads = threads or INTRA_OP_THREADS
    options.inter_op_num_threads = INTER_OP_THREADS
    options.add_session_config_entry("session.intra_op.allow_spinning", "1" if ALLOW_SPINNING else "0")
    try:
        return ort.InferenceSession(str(path), sess_options=options, providers=["CPUExecutionProvider"])
    except Exception as exc:  # onnxruntime raises several private exception types for bad files
        raise error(
            f"cannot load {what} model {path}: not a readable ONNX model ({exc.__class__.__name__}: {exc}); {fix}"
        ) from exc
