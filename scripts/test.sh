#!/usr/bin/env bash
# The project's test command (README, and CI through .ci/run): set up the virtual environment with the project and
# its dev tools, check the habits (ruff lint, ruff format, mypy), then run every test: unit, property, doctests
# (tests/scoring/test_doctests.py), contracts, code habits, the wheel test and, where Chromium is, the browser.
# Extra arguments go to pytest (e.g. `bash scripts/test.sh tests/scoring -x`).
set -uo pipefail
cd "$(dirname "$0")/.."

# (Re)install only when pyproject.toml (dependencies, package layout) or the Python changed: the install is
# editable, so source edits need none.  SIKWU_REINSTALL=1 forces it.
stamp=.venv/.sikwu-dev-install
want="$(sha256sum pyproject.toml | cut -d' ' -f1) $(python3 -V 2>&1)"
if [ "${SIKWU_REINSTALL:-0}" = 1 ] || [ ! -x .venv/bin/python ] || [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
  set -e
  python3 -m venv .venv
  .venv/bin/python -m pip install -q --upgrade pip
  .venv/bin/python -m pip install -q -e '.[dev]'
  echo "$want" >"$stamp"
  set +e
fi

failed=()
.venv/bin/ruff check --quiet . || failed+=("ruff check (fix: .venv/bin/ruff check --fix .)")
.venv/bin/ruff format --check --quiet . || failed+=("ruff format (fix: .venv/bin/ruff format .)")

bash scripts/typecheck.sh || failed+=("mypy (bash scripts/typecheck.sh: scoring/, vision/, artwork/, ledger/, app/)")

.venv/bin/python -m pytest -q -n 2 "$@"
tests=$?

if [ ${#failed[@]} -gt 0 ]; then
  printf 'habit check failed: %s\n' "${failed[@]}" >&2
  exit 1
fi
exit "$tests"
