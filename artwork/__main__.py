"""``python -m sikwu.artwork [out.png] [height]``: every face on one preview sheet, to look at the drawing."""

from __future__ import annotations

import sys

from sikwu.artwork import font_description, preview_sheet

out = sys.argv[1] if len(sys.argv) > 1 else "faces_preview.png"
height = int(sys.argv[2]) if len(sys.argv) > 2 else 96
preview_sheet(height).save(out)
print(f"wrote {out} ({font_description()})")
