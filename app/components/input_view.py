"""Getting the hand in: a photo (file picker or camera) or typed notation, and the photo with its tiles numbered."""

from __future__ import annotations

import streamlit as st
from sikwu.app import flow
from sikwu.app.components.overlay import annotate
from sikwu.app.draft import Draft
from sikwu.app.session import Session, W

PHOTO_TYPES = ["jpg", "jpeg", "png", "webp", "heic", "heif"]
PHOTO_TIPS = (
    "Lay the hand face up in one row, exposed melds and flowers a little apart, on a plain table; "
    "fill the frame from above and avoid glare."
)
NOTATION_HELP = (
    "Digits then suit: m characters 萬, p dots 筒, s bamboo 索, z honours (1-4 winds E S W N, "
    "5 White 白, 6 Green 發, 7 Red 中), f flowers/seasons. Put the winning tile last."
)


def _take(session: Session, data: bytes, name: str) -> None:
    with st.spinner("Finding and naming the tiles..."):
        flow.take_photo(session, data, name)


def _use_typed() -> None:
    session = Session(st.session_state)
    flow.use_typed(session, str(session.widget(W.TYPED_HAND, "")))


def render_input(session: Session) -> None:
    mode = st.segmented_control(
        "Hand from", ["Photo", "Camera", "Type"], default="Photo", key=W.INPUT_MODE, required=True
    )
    if mode == "Photo":
        up = st.file_uploader(
            "Photo of the winning hand, laid face up", type=PHOTO_TYPES, key=W.PHOTO_UPLOAD, help=PHOTO_TIPS
        )
        if up is not None:
            _take(session, up.getvalue(), up.name)
    elif mode == "Camera":
        shot = st.camera_input("Photo of the winning hand, laid face up", key=W.PHOTO_CAMERA, help=PHOTO_TIPS)
        if shot is not None:
            _take(session, shot.getvalue(), "camera.jpg")
    else:
        st.text_input("Tiles in notation", key=W.TYPED_HAND, placeholder="123m 456p 789s 111z 55z", help=NOTATION_HELP)
        st.button("Use these tiles", key=W.USE_TYPED, on_click=_use_typed, type="primary")


def photo_states(draft: Draft, count: int) -> list[str]:
    """Per found tile (by photo number): "deleted", "changed", "low" (check it) or "ok"."""
    by_number = {t.number: t for t in draft.tiles if t.number is not None}
    states = []
    for i in range(count):
        t = by_number.get(i + 1)
        if t is None:
            states.append("deleted")
        elif t.changed:
            states.append("changed")
        elif t.low_confidence or t.needs_face:
            states.append("low")
        else:
            states.append("ok")
    return states


def render_photo(session: Session, draft: Draft) -> None:
    photo = session.photo
    if photo is None:
        return
    if photo.error:
        st.error(photo.error)
        return
    if photo.unavailable:
        st.warning(photo.unavailable)
    if photo.rgb is None:
        return
    found = photo.found
    if found is None:
        st.image(photo.rgb, caption="Your photo (no tiles recognised)", width="stretch")
        return
    states = photo_states(draft, len(found.tiles))
    labels = [str(i + 1) for i in range(len(found.tiles))]
    img = annotate(photo.rgb, found.boxes, found.quads, states, labels, coord_scale=photo.scale)
    low = states.count("low")
    caption = f"{len(found.tiles)} tiles found in {found.seconds:.1f} s"
    if low:
        caption += f" · {low} to check (orange)"
    st.image(img, caption=caption, width="stretch")
    for note in found.notes:
        st.caption(f"Recogniser: {note}")
