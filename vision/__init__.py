"""Photo -> tiles.  ``vision.recognize(image)`` is imported lazily so ``import vision`` stays cheap (no OpenCV).

The function lives in the submodule of the same name.  Importing a submodule makes Python set the package
attribute of that name to the module, which would hide the function; the package's module class therefore keeps
``recognize`` pointing at the function (the module stays reachable as ``sys.modules["sikwu.vision.recognize"]``).
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import Any

__all__ = ["recognize", "Recognition"]


class _VisionPackage(types.ModuleType):
    @property
    def recognize(self) -> Any:
        return importlib.import_module("sikwu.vision.recognize").recognize

    @recognize.setter
    def recognize(self, value: Any) -> None:  # the import system storing the submodule: ignore
        pass

    @property
    def Recognition(self) -> Any:  # noqa: N802 - a class re-export
        return importlib.import_module("sikwu.vision.recognize").Recognition


sys.modules[__name__].__class__ = _VisionPackage
