"""``python -m mclog``: the command line (as the ``mclog`` command)."""

import sys

from .cli import main

sys.exit(main())
