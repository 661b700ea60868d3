"""The last line of defence for players at a table: a bug in one section of the page shows as one plain sentence
(the traceback goes to the server log), and the rest of the page still works."""

from __future__ import annotations

import traceback
from collections.abc import Iterator
from contextlib import contextmanager

import streamlit as st
from sikwu.app.i18n import _


@contextmanager
def guarded(section: str) -> Iterator[None]:
    try:
        yield
    except Exception as exc:  # noqa: BLE001 - st.rerun/st.stop raise BaseExceptions and pass through
        st.error(
            _("Something went wrong in {section}: {error}. Try again, or type the hand instead of the photo.").format(
                section=section, error=exc
            )
        )
        print(f"sikwu page error in {section}:\n{traceback.format_exc()}", flush=True)
