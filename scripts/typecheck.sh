#!/usr/bin/env bash
# Type-check the product packages as the installed ``sikwu.*`` namespace.
# The folders are mapped into ``sikwu`` by setuptools' package-dir; mypy cannot follow an editable install's import
# hook, so it reads a tree of symlinks with the installed layout (made here, under .cache/, git-ignored).
set -euo pipefail
cd "$(dirname "$0")/.."
tree=.cache/typecheck/sikwu
mkdir -p "$tree"
for d in scoring vision artwork app datasets models ledger; do ln -sfn "../../../$d" "$tree/$d"; done
for f in sikwu/*.py; do ln -sfn "../../../$f" "$tree/$(basename "$f")"; done
PY=${PYTHON:-.venv/bin/python}
# Options (check_untyped_defs, ...) are in pyproject.toml's [tool.mypy].
exec "$PY" -m mypy "$tree/scoring" "$tree/vision" "$tree/artwork" "$tree/ledger" "$tree/app" "$@"
