"""``python -m sikwu``: the same as the ``sikwu`` console script."""

import sys

from sikwu.cli import main

sys.exit(main())
