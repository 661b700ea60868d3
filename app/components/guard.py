"""The last line of defence for players at a table: a bug in one section of the page shows as one plain sentence
(the traceback goes to the server log), and the rest of the page still works."""

from __future__ import annotations

import traceback
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st


@contextmanager
def guarded(section: str) -> Iterator[None]:
    try:
        yield
    except Exception as exc:  # noqa: BLE001 - st.rerun/st.stop raise BaseExceptions and pass through
        st.error(f"Something went wrong in {section}: {exc}. Try again, or type the hand instead of the photo.")
        print(f"sikwu page error in {section}:\n{traceback.format_exc()}", flush=True)
