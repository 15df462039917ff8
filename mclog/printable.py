"""Text from a record, safe to print on a terminal (shared by every command and view).

A player's name or a comment may hold control characters (an escape sequence that
would recolour or clear the terminal); they are shown as ``\\x1b`` rather than obeyed.
So are the Unicode controls of text direction (U+202E RIGHT-TO-LEFT OVERRIDE and the
like), which would make a message read backwards, shown as ``\\u202e``; letters of
right-to-left scripts are left as they are.  So are the characters that show nothing
and join nothing (U+00AD SOFT HYPHEN, U+200B ZERO WIDTH SPACE, U+2060 WORD JOINER, U+FEFF),
which a name or word pasted from a chat or a web page can carry: ``'Zoe\\u200b' is not a
word of the notation (did you mean Zoe?)`` says what ``'Zoe' ... (did you mean Zoe?)``
would hide.  (The joiners U+200C and U+200D are left: scripts and emoji need them.)

>>> printable("Ann\\x1b[2J")
'Ann\\\\x1b[2J'
>>> printable("Ann \\u202egnp.exe")
'Ann \\\\u202egnp.exe'
>>> printable("Zoe\\u200b")
'Zoe\\\\u200b'
"""

from __future__ import annotations

import re
from typing import Final

#: The characters ``printable`` shows escaped.  Each is a control or a format character,
#: which ``str.isprintable`` refuses, so text it passes holds none (most text: the pattern
#: is compiled the first time a text may hold one, and mclog validate starts without it).
CONTROL: Final = (r"[\x00-\x08\x0b-\x1f\x7f-\x9f\xad\u061c\u200b\u200e\u200f"
                  r"\u202a-\u202e\u2060\u2066-\u2069\ufeff]")


def _shown(m: re.Match) -> str:
    code = ord(m.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str) -> str:
    return text if text.isprintable() else re.sub(CONTROL, _shown, text)


_PATH_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


def one_line_path(path: str) -> str:
    """A file's name as the start of a ``file:line:col: message`` line: a line break or a
    tab in the name (a file may be called so) is shown as ``\\x0a``, so that the message
    stays one line, which editors and scripts read by its colons.

    >>> one_line_path("new\\nline.mclog")
    'new\\\\x0aline.mclog'
    """
    return _PATH_CONTROL.sub(_shown, path)


def as_json(value: object) -> str:
    """A value read from a JSON file, written as JSON writes it (``true``, ``null``,
    ``"10"``, ``NaN``), for a message about it: Python's spelling of it (``True``,
    ``None``, ``'10'``) is not what the file says.

    >>> as_json(True), as_json(None), as_json("10"), as_json(2.5), as_json([1, "a"])
    ('true', 'null', '"10"', '2.5', '[1, "a"]')
    """
    import json   # (only a message about a JSON value needs it)

    if type(value) not in (str, int, float, bool, list, dict, type(None)):
        return repr(value)   # (a reader's own kind says itself: a number of 5,000 digits)
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):   # (not JSON's: as Python says it)
        return repr(value)


def counted(n: int, noun: str) -> str:
    """``n`` things in words, the noun singular for one: what every count shown to a
    player says (``1 move``, not ``1 moves``).

    >>> counted(1, "move"), counted(0, "game"), counted(1200, "record")
    ('1 move', '0 games', '1,200 records')
    """
    return f"{n:,} {noun}{'' if n == 1 else 's'}"


__all__ = ["printable", "one_line_path", "as_json", "counted"]
