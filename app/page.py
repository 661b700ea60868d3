"""sikwu 食糊 - the Streamlit page: photo -> confirm or correct the tiles -> faan and payments.

Run with ``sikwu app`` (or ``streamlit run app/page.py``). One column, top to bottom in the order a table uses it:
get the hand in (upload, camera or typing), check the tiles against the numbered photo and fix any by tapping, set the
table context, read the result. Every step below the input re-runs from ``st.session_state`` on each tap, so a
correction re-scores at once. Missing parts of the installation (the classifier, tile pictures, payments) disable
only their feature, with a sentence saying so.
"""

from __future__ import annotations

import hashlib
import traceback

import streamlit as st
from sikwu.app import services
from sikwu.app import state as S
from sikwu.app.components import hand_view, style
from sikwu.app.components.context_form import load_profile_for, render_context
from sikwu.app.components.overlay import annotate
from sikwu.app.components.report_view import render_report

DISPLAY_MAX_SIDE = services.PHOTO_MAX_SIDE  # decode_photo already caps the size: no second resize
PHOTO_TYPES = ["jpg", "jpeg", "png", "webp", "heic", "heif"]
PHOTO_TIPS = (
    "Lay the hand face up in one row, exposed melds and flowers a little apart, on a plain table; "
    "fill the frame from above and avoid glare."
)
ss = st.session_state


# ---- input --------------------------------------------------------------------------------------------------------


def take_photo(data: bytes, name: str) -> None:
    """Decode and recognise a new photo once (reruns with the same file reuse the result)."""
    digest = hashlib.sha1(data).hexdigest()
    if ss.get("photo_digest") == digest:
        return
    ss["photo_digest"] = digest
    for key in ("photo_rgb", "photo_found", "photo_error", "photo_unavailable"):
        ss.pop(key, None)
    hand_view.close_editor()
    S.put_draft(ss, S.Draft())  # a new photo replaces the hand, even when it turns out unreadable
    try:
        rgb = services.decode_photo(data)
    except services.PhotoError as exc:
        ss["photo_error"] = str(exc)
        return
    # keep a reduced copy for display: a 12-megapixel array per session would hold ~36 MB of server memory
    display_scale = min(1.0, DISPLAY_MAX_SIDE / max(rgb.shape[:2]))
    ss["photo_rgb"] = rgb if display_scale == 1.0 else services.downscale(rgb, display_scale)
    ss["photo_scale"] = display_scale
    ss["photo_name"] = name
    try:
        with st.spinner("Finding and naming the tiles..."):
            found = services.recognize(rgb)
    except services.Unavailable as exc:
        ss["photo_unavailable"] = str(exc)
        return
    except services.PhotoError as exc:
        ss["photo_error"] = str(exc)
        return
    ss["photo_found"] = found
    S.put_draft(ss, S.Draft.from_found(found.tiles))


def use_typed() -> None:
    text = (ss.get("typed_hand") or "").strip()
    if not text:
        ss[hand_view.FLASH_KEY] = S.Flash("warning", "Type the tiles first, e.g. 123m 456p 789s 111z 55z.")
        return
    try:
        ids = services.parse_tiles(text)
    except services.Unavailable as exc:
        ss[hand_view.FLASH_KEY] = S.Flash("error", str(exc))
        return
    except ValueError as exc:  # NotationError names the bad token and its position
        hint = "" if "123m" in str(exc) else " Write digits then the suit letter (m p s z f), e.g. 123m 456p 55z."
        ss[hand_view.FLASH_KEY] = S.Flash("warning", f"Cannot read the tiles: {exc}.{hint}")
        return
    for key in ("photo_rgb", "photo_found", "photo_error", "photo_unavailable", "photo_digest"):
        ss.pop(key, None)
    hand_view.close_editor()
    S.put_draft(ss, S.Draft.from_tiles(ids, "typed"))


def render_input() -> None:
    mode = st.segmented_control(
        "Hand from", ["Photo", "Camera", "Type"], default="Photo", key="input_mode", required=True
    )
    if mode == "Photo":
        up = st.file_uploader(
            "Photo of the winning hand, laid face up",
            type=PHOTO_TYPES,
            key="photo_upload",
            help=PHOTO_TIPS,
        )
        if up is not None:
            take_photo(up.getvalue(), up.name)
    elif mode == "Camera":
        shot = st.camera_input("Photo of the winning hand, laid face up", key="photo_camera", help=PHOTO_TIPS)
        if shot is not None:
            take_photo(shot.getvalue(), "camera.jpg")
    else:
        st.text_input(
            "Tiles in notation",
            key="typed_hand",
            placeholder="123m 456p 789s 111z 55z",
            help="Digits then suit: m characters 萬, p dots 筒, s bamboo 索, z honours (1-4 winds E S W N, "
            "5 White 白, 6 Green 發, 7 Red 中), f flowers/seasons. Put the winning tile last.",
        )
        st.button("Use these tiles", key="use_typed", on_click=use_typed, type="primary")


def render_photo(draft: S.Draft) -> None:
    if "photo_error" in ss:
        st.error(ss["photo_error"])
        return
    if "photo_unavailable" in ss:
        st.warning(ss["photo_unavailable"])
    rgb = ss.get("photo_rgb")
    if rgb is None:
        return
    found: services.FoundTiles | None = ss.get("photo_found")
    if found is None:
        st.image(rgb, caption="Your photo (no tiles recognised)", width="stretch", alt="Your photo")
        return
    by_number = {t.number: t for t in draft.tiles if t.number is not None}
    states, labels = [], []
    for i in range(len(found.tiles)):
        t = by_number.get(i + 1)
        if t is None:
            states.append("deleted")
        elif t.changed:
            states.append("changed")
        elif t.low_confidence or t.needs_face:
            states.append("low")
        else:
            states.append("ok")
        labels.append(str(i + 1))
    img = annotate(rgb, found.boxes, found.quads, states, labels, coord_scale=ss.get("photo_scale", 1.0))
    low = sum(1 for s in states if s == "low")
    caption = f"{len(found.tiles)} tiles found in {found.seconds:.1f} s"
    if low:
        caption += f" · {low} to check (orange)"
    alt = f"Your photo with {len(found.tiles)} tiles outlined and numbered"
    st.image(img, caption=caption, width="stretch", alt=alt)
    for note in found.notes:
        st.caption(f"Recogniser: {note}")


# ---- result -------------------------------------------------------------------------------------------------------


def render_result(draft: S.Draft, ctx: S.TableContext, profiles: dict[str, str] | None) -> None:
    problems = draft.problems()
    if not draft.tiles:
        if ss.get("photo_digest"):
            st.info("No tiles from this photo yet: try another photo, or choose Type above and enter the tiles.")
        else:
            st.info("Upload or take a photo of the winning hand laid face up, or choose Type and enter the tiles.")
        return
    if problems:
        for p in problems:
            st.warning(p)
        return
    try:
        profile = load_profile_for(ctx)
    except services.Unavailable as exc:
        st.error(str(exc))
        return
    except ValueError as exc:  # ProfileError: names the file, the key and the problem
        where = "house-rules file" if ctx.house_rules_text is not None else f"profile '{ctx.profile}'"
        st.error(f"The {where} cannot be used: {exc}. Fix it and upload again, or remove it to use a built-in one.")
        return
    hand = draft.to_hand(ctx)
    others = [n for n in (profiles or {}) if n != ctx.profile or ctx.house_rules_text is not None]
    try:
        scored = services.score(hand, profile, compare_with=others)
    except services.Unavailable as exc:
        st.error(str(exc))
        return
    except ValueError as exc:
        if type(exc).__name__ == "NotAWinningHandError":
            st.warning(f"Not a winning hand. {exc}")
            st.caption(
                "Next: compare the tiles with the photo (orange = unsure), tap a wrong one to replace it, add a "
                "missed tile or delete an extra one; declared melds must match what is on the table."
            )
        else:
            st.error(f"This hand cannot be scored: {for_players(str(exc))}")
            st.caption("Next: check the tiles against the photo and the table settings above, then try again.")
        return
    render_report(scored, ctx, hand, profile, draft.notation())


#: The engine's messages name its fields; on the page the same thing is a labelled control.
FIELD_WORDS = {
    "set self_drawn to false": "choose Won by: Discard under Table",
    "set self_drawn to true": "choose Won by: Self-drawn under Table",
    "self_drawn": "'Won by'",
    "discarder": "'Who discarded'",
    "winning_tile": "winning tile",
}


def for_players(message: str) -> str:
    for field, words in FIELD_WORDS.items():
        message = message.replace(field, words)
    return message


# ---- page ---------------------------------------------------------------------------------------------------------


def _guard(section: str, fn, *args) -> None:  # noqa: ANN001
    """A bug in one section shows as a plain message, not a traceback, and the rest of the page still works."""
    try:
        fn(*args)
    except Exception as exc:  # noqa: BLE001 - the last line of defence for players at a table
        st.error(f"Something went wrong in {section}: {exc}. Try again, or type the hand instead of the photo.")
        print(f"sikwu page error in {section}:\n{traceback.format_exc()}", flush=True)


def main() -> None:
    st.set_page_config(page_title="sikwu 食糊 - score a mahjong hand", page_icon="🀄", layout="centered")
    ss.pop(hand_view.RERUN_KEY, None)  # this is a whole-page run already
    style.apply()
    st.markdown("### 食糊 sikwu")
    st.caption("Photo of the winning hand → check the tiles → faan and who pays what.")
    _guard("the photo input", render_input)
    hand_view.show_flash()
    draft = S.get_draft(ss)
    _guard("the photo view", render_photo, draft)

    pictures_problem = services.faces_available()
    if draft.tiles:
        st.markdown("#### Tiles 牌")
        if pictures_problem:
            st.caption(pictures_problem)
        _guard("the tile view", hand_view.render_hand, draft, pictures_problem is None)
        _guard("the meld builder", hand_view.render_meld_builder, draft)

    try:
        profiles = services.builtin_profiles()
        default_profile = services.default_profile_name()
    except services.Unavailable as exc:
        st.error(str(exc))
        profiles, default_profile = None, ""
    ctx_holder: list[S.TableContext] = []
    _guard("the table settings", lambda: ctx_holder.append(render_context(profiles, default_profile)))
    ctx = ctx_holder[0] if ctx_holder else S.get_context(ss)
    _guard("the result", render_result, S.get_draft(ss), ctx, profiles)


main()
