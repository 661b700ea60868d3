"""Getting the hand in: a photo (file picker or camera) or typed notation, and the photo with its tiles numbered."""

from __future__ import annotations

import os
from typing import Final

import streamlit as st
from sikwu.app import flow
from sikwu.app.address import PHONE_URL_ENV, qr_png
from sikwu.app.components.header import activate_language
from sikwu.app.components.overlay import annotate
from sikwu.app.draft import Draft
from sikwu.app.engine_text import engine
from sikwu.app.i18n import N_, _
from sikwu.app.session import Session, W

PHOTO_TYPES = ["jpg", "jpeg", "png", "webp", "heic", "heif"]
#: The live camera's picture height (Streamlit's presets: 480p, 720p, 1080p); recognition down-scales big photos
#: itself, so the largest preset costs nothing but the upload.
CAMERA_RESOLUTION: Final = "1080p"
PHOTO_TIPS = N_(
    "Lay the hand face up in one row, exposed melds and flowers a little apart, on a plain table; fill the frame "
    "from above and avoid glare. On a phone the picker opens the camera at full resolution."
)
NOTATION_HELP = N_(
    "Digits then suit: m characters 萬, p dots 筒, s bamboo 索, z honours (1-4 winds E S W N, "
    "5 White 白, 6 Green 發, 7 Red 中), f flowers/seasons. Put the winning tile last."
)
MODES = {"Photo": N_("Photo"), "Camera": N_("Camera"), "Type": N_("Type")}


def _take(session: Session, data: bytes, name: str) -> None:
    with st.spinner(_("Finding and naming the tiles...")):
        flow.take_photo(session, data, name)


def _use_typed() -> None:
    session = Session(st.session_state)
    activate_language(session)  # a callback runs before the page sets the language: its message is in it too
    flow.use_typed(session, str(session.widget(W.TYPED_HAND, "")))


def secure_context(url: str | None) -> bool:
    """Browsers give the live camera only to secure pages: HTTPS, or this computer itself (localhost)."""
    if not url:
        return True  # not in a browser (tests): nothing to warn about
    scheme, _sep, rest = url.partition("://")
    host = rest.split("/")[0].rsplit(":", 1)[0].strip("[]")
    return scheme == "https" or host in {"localhost", "127.0.0.1", "::1"}


def render_input(session: Session) -> None:
    mode = st.segmented_control(
        _("Hand from"),
        list(MODES),
        default="Photo",
        key=W.INPUT_MODE,
        required=True,
        format_func=lambda m: _(MODES[m]),
    )
    if mode == "Photo":
        up = st.file_uploader(_("Photo of the winning hand, laid face up"), type=PHOTO_TYPES, key=W.PHOTO_UPLOAD)
        st.caption(_(PHOTO_TIPS))
        if up is not None:
            _take(session, up.getvalue(), up.name)
    elif mode == "Camera":
        if not secure_context(st.context.url):
            st.warning(
                _(
                    "The live camera needs a secure page (https, see 'sikwu app --https'); here use Photo: "
                    "on a phone it opens the camera."
                )
            )
            return
        # Without ``resolution`` the picture is as wide as the widget on screen: about 390 px on a phone, where a
        # hand's tiles come out ~25 px wide. 1080p asks the camera for its stream at up to 1080 px high instead.
        shot = st.camera_input(
            _("Photo of the winning hand, laid face up"), key=W.PHOTO_CAMERA, resolution=CAMERA_RESOLUTION
        )
        st.caption(_(PHOTO_TIPS))
        if shot is not None:
            _take(session, shot.getvalue(), "camera.jpg")
    else:
        st.text_input(_("Tiles in notation"), key=W.TYPED_HAND, placeholder="123m 456p 789s 111z 55z")
        st.caption(_(NOTATION_HELP))
        st.button(_("Use these tiles"), key=W.USE_TYPED, on_click=_use_typed, type="primary")


def render_phone_link() -> None:
    """The address ``sikwu app`` found for phones on this network, as a QR code to scan at the table."""
    url = os.environ.get(PHONE_URL_ENV)
    if not url:
        return
    with st.expander(_("Open this page on a phone")):
        st.image(qr_png(url), width=180, alt=_("QR code of {url}").format(url=url))
        st.code(url, language=None)
        if url.startswith("http:"):
            st.caption(_("Over http the photo picker still opens the phone's camera; the live Camera tab needs https."))


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
        st.image(photo.rgb, caption=_("Your photo (no tiles recognised)"), width="stretch", alt=_("Your photo"))
        return
    states = photo_states(draft, len(found.tiles))
    labels = [str(i + 1) for i in range(len(found.tiles))]
    img = annotate(photo.rgb, found.boxes, found.quads, states, labels, coord_scale=photo.scale)
    low = states.count("low")
    caption = _("{n} tiles found in {seconds} s").format(n=len(found.tiles), seconds=f"{found.seconds:.1f}")
    if low:
        caption += " · " + _("{n} to check (orange)").format(n=low)
    st.image(img, caption=caption, width="stretch", alt=_("Your photo with the tiles outlined and numbered"))
    for note in found.notes:
        st.caption(_("Recogniser: {note}").format(note=engine(note)))
