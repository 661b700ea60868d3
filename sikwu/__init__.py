"""sikwu 食糊: score a Hong Kong mahjong hand from a photo.

One installed namespace whose sub-packages live in top-level folders of the repository (see ``pyproject.toml``):
``sikwu.scoring`` (pure rules), ``sikwu.vision`` (photo -> tiles), ``sikwu.app`` (the Streamlit page),
``sikwu.datasets`` (training data, training and evaluation) and ``sikwu.models`` (the shipped ONNX files). The
short generic names stay folder names only, so sikwu installs beside Hugging Face ``datasets`` or any ``app``.
"""

from importlib.metadata import PackageNotFoundError, version

try:
    __version__ = version("sikwu")
except PackageNotFoundError:  # imported from a checkout that was never installed
    __version__ = "0+unknown"
