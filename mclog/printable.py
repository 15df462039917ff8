"""Text from a record, safe to print on a terminal (shared by every command and view).

A player's name or a comment may hold control characters (an escape sequence that
would recolour or clear the terminal); they are shown as ``\\x1b`` rather than obeyed.
So are the Unicode controls of text direction (U+202E RIGHT-TO-LEFT OVERRIDE and the
like), which would make a message read backwards, shown as ``\\u202e``; letters of
right-to-left scripts are left as they are.

>>> printable("Ann\\x1b[2J")
'Ann\\\\x1b[2J'
>>> printable("Ann \\u202egnp.exe")
'Ann \\\\u202egnp.exe'
"""

from __future__ import annotations

import re

_CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                      r"\u2066-\u2069]")


def _shown(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    return _CONTROL.sub(_shown, text)


__all__ = ["printable"]
