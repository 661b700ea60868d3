#!/usr/bin/env bash
# Set up a virtual environment with the project and its dev tools, then run every test.
# Used by README ("bash scripts/test.sh") and by .ci/run.
set -euo pipefail
cd "$(dirname "$0")/.."
python3 -m venv .venv
.venv/bin/python -m pip install -q --upgrade pip
.venv/bin/python -m pip install -q -e '.[dev]'
.venv/bin/python -m pytest -q -n 2 "$@"
