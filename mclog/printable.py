"""Text from a record, safe to print on a terminal (shared by every command and view).

A player's name or a comment may hold control characters (an escape sequence that
would recolour or clear the terminal); they are shown as ``\\x1b`` rather than obeyed.

>>> printable("Ann\\x1b[2J")
'Ann\\\\x1b[2J'
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def printable(text: str) -> str:
    return _CONTROL.sub(lambda m: f"\\x{ord(m.group()):02x}", text)


__all__ = ["printable"]
