#!/usr/bin/env bash
# Set up a virtual environment with the project, then launch the Streamlit page.
# Used by README ("bash scripts/app.sh").
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e .
exec .venv/bin/sikwu app "$@"
