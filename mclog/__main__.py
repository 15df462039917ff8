"""``python -m mclog``: the command line (as the ``mclog`` command)."""

from .cli import run

run()
