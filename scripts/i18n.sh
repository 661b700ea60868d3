#!/usr/bin/env bash
# The page's translations: extract the messages from app/ (Babel), merge them into the catalogues, compile the .mo
# files the page reads. Run after changing a message; then translate the new entries in
# app/locale/zh_Hant_HK/LC_MESSAGES/sikwu.po and run it again (tests/app/test_i18n.py checks the result).
set -euo pipefail
cd "$(dirname "$0")/.."
PYBABEL=${PYBABEL:-.venv/bin/pybabel}
pot=app/locale/sikwu.pot
"$PYBABEL" -q extract -F app/locale/babel.cfg -k _ -k N_ -k ngettext:1,2 --no-location --sort-output \
  --project sikwu --copyright-holder "sikwu contributors" -o "$pot" app
# the engine's keyed messages (pattern reasons, payment lines, input errors, recogniser notes): context = key
"${PYTHON:-.venv/bin/python}" -q scripts/i18n_engine.py "$pot" >/dev/null
for lang in zh_Hant_HK; do
  po=app/locale/$lang/LC_MESSAGES/sikwu.po
  if [ -f "$po" ]; then
    "$PYBABEL" -q update -i "$pot" -d app/locale -D sikwu -l "$lang" --no-fuzzy-matching --ignore-obsolete
  else
    "$PYBABEL" -q init -i "$pot" -d app/locale -D sikwu -l "$lang"
  fi
done
"$PYBABEL" -q compile -d app/locale -D sikwu --statistics
