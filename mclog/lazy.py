"""A module imported when it is first used, not when the module naming it is.

pandas takes 0.4 s to import: the replay widget's import cell and ``mclog validate``
need none of it, and a table asks for it the first time it is made (issue 29, instant
start).  ``pd = LazyModule("pandas")`` stands where ``import pandas as pd`` did; every
``pd.DataFrame`` then imports pandas once (later uses find it in ``sys.modules``).
Annotations are strings in mclog (``from __future__ import annotations``), so a
signature naming ``pd.DataFrame`` imports nothing.

>>> json = LazyModule("json")
>>> json.dumps([1])
'[1]'

Tools that look over a module's names ask each object for names of their own: pytest asks
for ``__test__`` and ``_mock_name``, doctest and ``inspect`` for ``__wrapped__``.  Such a
question must not import the module (pytest's collection imported nbformat in every
worker that way, 2.5 s each), so a name that starts with ``_`` (never one mclog uses of
a module it imports lazily) is answered only once the module is imported:

>>> lazy = LazyModule("this_module_is_never_imported")
>>> hasattr(lazy, "__wrapped__")
False
"""

from __future__ import annotations

import importlib
import sys
from typing import Any


class LazyModule:
    """The module ``name``, imported at the first attribute asked of it."""

    def __init__(self, name: str) -> None:
        self._name = name

    def __getattr__(self, attribute: str) -> Any:
        if attribute.startswith("_"):
            # (a tool's look at every object, not a use: see the module's docstring)
            if self._name not in sys.modules:
                raise AttributeError(attribute)
            return getattr(sys.modules[self._name], attribute)
        return getattr(importlib.import_module(self._name), attribute)

    def __repr__(self) -> str:
        return f"<module {self._name!r}, imported when first used>"


__all__ = ["LazyModule"]
