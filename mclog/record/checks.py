"""The check line of every game: what the table counted, written into the record for the
rules to compare (``check money Ann 12 Ben 3``, ``check prices F9 T6 R7``, ``check
values gold 7 oil 3``).  What a check means is the game's (its replayer compares it);
how one is read and written is the same in every game, and so are its messages.

A game names the kinds of check it reads (``Check``: the word, and what the values go
by: a player's name, or words of the game such as an industry's letter) and reads a
``check`` item with ``read_check`` on its word cursor; ``check_text`` writes one back.

>>> from mclog.record.framing import RawLine
>>> from mclog.record.cursor import Cursor
>>> kinds = (Check("money"), Check("prices", keys={"f": "F", "t": "T", "r": "R"},
...                                 joined=True))
>>> out = []
>>> line = Cursor(RawLine(3, "check money Ann 12 Ben 3 prices F9 T 6".split()), out)
>>> line.at = 1
>>> read_check(line, kinds, {"Ann": 0, "Ben": 1}, several=True)
>>> [(e.what, e.values) for e in out]
[('money', ((0, 12), (1, 3))), ('prices', (('F', 9), ('T', 6)))]
>>> check_text(out[1], ("Ann", "Ben"), kinds)
'check prices F9 T6'
>>> line = Cursor(RawLine(4, "check money 12".split(), text="check money 12"), out)
>>> line.at = 1
>>> read_check(line, kinds, {"Ann": 0, "Ben": 1})
Traceback (most recent call last):
mclog.errors.RecordError: <text>:4:13: Whose money is 12? Write the player's name before it
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Final, NamedTuple

from .cursor import Cursor
from .entries import CheckEntry
from .framing import (bare_sum, in_figures, mark_hint, repeated, repeated_hint,
                      whole_number)
from .names import closest, not_a_player, players, suggestion


def count(line: Cursor, what: str) -> int:
    """The next word as a whole number (plain digits 0 to 9: a check's default)."""
    at = line.at
    word = line.take(what)
    value = whole_number(word)
    if value is not None:
        return value
    if word.isdigit():   # (superscripts, other scripts' digits, or too many of them)
        raise line.error(_not_plain(word), at)
    raise line.error(f"Expected {what}, found '{word}'", at)


def _not_plain(word: str) -> str:
    """Why a word of digits is no number a check reads."""
    shown = word if len(word) <= 20 else word[:20] + "..."
    return f"'{shown}' is not a number a check reads: plain digits 0 to 9, at most 16 of them"


class Check(NamedTuple):
    """A kind of check a game reads: its ``word``; what its values go by (``keys``: None
    for a player's name, else the game's words for them: each way of writing one, in
    lower case, to the canonical key); whether a key and its number may be one word (``joined``: ``F9``); other
    spellings of the word (``aliases``); and how a value reads (``value(line, what)``:
    the next word, which it takes, ``what`` naming it in a message); ``units``: the
    letters of the unit a table may write its values with (``M`` where money is counted
    in millions: ``15M`` is then told to be written ``15``; ``bare_sum``)."""

    word: str
    keys: Mapping[str, str] | None = None
    joined: bool = False
    aliases: tuple[str, ...] = ()
    value: Callable[[Cursor, str], int] = count
    units: str = ""

    def key(self, word: str) -> str | None:
        """The canonical key written ``word`` (in any case), or None."""
        return None if self.keys is None else self.keys.get(word.lower())

    @property
    def canonical(self) -> list[str]:
        """The keys as the canonical form writes them, in order."""
        return list(dict.fromkeys((self.keys or {}).values()))

    def split(self, word: str) -> tuple[str, int] | None:
        """``F9`` or ``F=9`` as its key and number, for a ``joined`` check."""
        if not self.joined:
            return None
        m = _JOINED.match(word)
        key = self.key(m.group(1)) if m else None
        number = whole_number(m.group(2)) if m else None
        return None if key is None or number is None else (key, number)


_JOINED = re.compile(r"^([^\W\d_]+)=?([0-9]+)$")


def _kinds(kinds: Sequence[Check]) -> str:
    words = [k.word for k in kinds]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def _by_word(kinds: Sequence[Check]) -> dict[str, Check]:
    """Each kind of check by each of its words, its own and its aliases (lower case)."""
    return {w: k for k in kinds for w in (k.word, *k.aliases)}


def read_check(line: Cursor, kinds: Sequence[Check], seats: Mapping[str, int], *,
               several: bool = False, goes_on: Callable[[str], bool] | None = None) -> None:
    """Read the check whose ``check`` word is just before the cursor into the line's
    entries (one ``CheckEntry`` a kind).  ``several``: a line may check several kinds in
    turn (``check money Ann 12 prices F9``); ``goes_on(word)``: whether ``word`` starts
    the line's next item, which ends the check (else the check takes the line to its
    end).  Every mistake is a ``RecordError`` at its word, in words."""
    first = line.at - 1
    by_word = _by_word(kinds)
    what: Check | None = None
    values: list[tuple[int | str, int]] = []
    start = first

    def flush() -> None:
        if what is not None:
            if not values:
                raise line.error(f"'check {what.word}' needs at least one value", start,
                                 end=True)
            line.add(CheckEntry(what.word, tuple(values), line.raw.number, line.col(start)),
                     start)

    while (word := line.peek()) is not None:
        at = line.at
        kind = by_word.get(word.lower())
        if kind is not None and (what is None or several):   # (a kind read, or the next)
            again = repeated(line.words, at) if what is not None and not values else None
            if again is not None:   # (``check money money Ann 5``)
                raise line.error(again, at)
            flush()
            what, values, start = kind, [], at
            line.at += 1
            continue
        pair: tuple[int | str, int] | None = None
        named = _kind_after_name(line.words, at, by_word, seats)
        if named is not None and (what is None or what is named or several):
            # (``check Ann money 12``: the player, then what is checked, then the value)
            if what is not named:
                flush()
                what, values, start = named, [], at
            line.at += 2
            pair = (seats[word], _value(line, what, f"{word}'s {what.word}", kinds, seats))
        else:
            if what is not None and values and _a_unit(word, seats):
                raise line.error(_not_a_value(word, what, kinds, seats, line.peek()),
                                 at)   # (``12 pts``)
            if what is not None and values and goes_on is not None and goes_on(word) \
                    and not (what.keys is None and word in seats):
                break   # (the next item's verb; a player's name, though a verb's word, is a value)
            if what is None:
                after = line.words[at + 1] if at + 1 < len(line.words) else None
                raise line.error(_first_word(word, kinds, seats, after), at)
            line.at += 1
            if what.keys is None and word in seats:
                pair = (seats[word], _value(line, what, f"{word}'s {what.word}", kinds,
                                            seats))
            elif what.keys is not None:
                key = what.key(word)
                pair = (key, _value(line, what, f"the {what.word} of {key}", kinds, seats)) \
                    if key is not None else what.split(word)
            if pair is None:
                raise line.error(repeated(line.words, at) or _not_a_value(
                    word, what, kinds, seats, line.peek(), set_apart(line.words, at)), at)
        if any(key == pair[0] for key, _ in values):   # (which would the table mean?)
            twice = word if what.keys is None else pair[0]   # (a player, or a key: F)
            raise line.error(f"'check {what.word}' gives {twice} twice: one number each", at)
        values.append(pair)
    if what is None:
        raise line.error(f"Expected {_kinds(kinds)} after 'check'", first, end=True)
    flush()


def _value(line: Cursor, what: Check, name: str, kinds: Sequence[Check],
           seats: Mapping[str, int]) -> int:
    """The value ``name`` of a check of ``what``: one written another common way (``4M``)
    is told how to write it."""
    word = line.peek()
    if word is not None and whole_number(word) is None:
        hint = _written_as(word, kinds, seats, what.units) or \
            repeated_hint(line.words, line.at)   # (``check money Ann Ann 5``)
        if hint:
            raise line.error(f"Expected {name}, found '{word}'{hint}")
        if word.isdigit():   # (the same refusal whatever reads the game's values)
            return count(line, name)
    return what.value(line, name)


#: Words a table says of a count that a check leaves out: ``check final score``, ``Ann 12
#: points``.
_SAID_OF_A_COUNT: Final = frozenset({"final", "total", "totals", "end", "last"})
_POINTS_SAID: Final = frozenset({"points", "point", "pts", "pt", "vp"})
_UNITS_SAID: Final = _POINTS_SAID | {"million", "millions", "chips", "dollars"}
#: What a table may call the score it counted (``check points Ann 24``), told the check's
#: word where the game checks a score.
_SCORE_SAID: Final = _POINTS_SAID | {"total", "totals"}


def _a_unit(word: str, seats: Mapping[str, int]) -> bool:
    """Whether ``word`` is a unit a table says after a count (``12 points``), which a check
    does not write (and not a player who happens to be called so)."""
    return word.lower() in _UNITS_SAID and word not in seats


def _kind_after_name(words: Sequence[str], at: int, by_word: Mapping[str, Check],
                     seats: Mapping[str, int]) -> Check | None:
    """The kind of check a player's name at ``at`` is followed by (``check Ann money 12``,
    as a table says it), where that kind goes by the players' names; else None."""
    if words[at] not in seats or at + 1 >= len(words):
        return None
    kind = by_word.get(words[at + 1].lower())
    return kind if kind is not None and kind.keys is None else None


def _first_word(word: str, kinds: Sequence[Check], seats: Mapping[str, int],
                following: str | None = None) -> str:
    by_word = _by_word(kinds)
    if word.lower() in _SAID_OF_A_COUNT and following is not None and \
            following.lower() in by_word:   # (``check final score Ann 12``)
        return (f"'{word}' is not written: 'check {by_word[following.lower()].word} ...' (a "
                "check is what the table counted where it stands)")
    if word in seats or whole_number(word) is not None or word.isdigit():
        return (f"Say what is checked before the {'name' if word in seats else 'number'}: "
                f"{_kinds(kinds)} ('check {kinds[0].word} ...')")
    keyed = re.fullmatch(r"(\D+?)[0-9]*", word)   # (a key, or one joined to its value: F9)
    kind = next((k for k in kinds if keyed and k.key(keyed[1]) is not None
                 and (k.joined or keyed[1] == word)), None)
    if kind is not None:
        return (f"Say what is checked before '{word}': 'check {kind.word} {word} ...'")
    if word.lower() in _SCORE_SAID and "score" in by_word:
        return (f"Expected {_kinds(kinds)} after 'check', found '{word}' (a player's points "
                "are checked as 'check score ...')")
    hint = _written_as(word, kinds, seats) or suggestion(
        closest(word.lower(), {w: k.word for w, k in by_word.items()}))
    return f"Expected {_kinds(kinds)} after 'check', found '{word}'{hint}"


def check_meant(word: str, following: str | None, kinds: Sequence[Check]) -> str:
    """`` (a count the table made is written as a check: 'check score ...')`` where
    ``word``, at an item's start, is a check's word (``score Ann 12``) or a word said of a
    count before one (``final score``, ``following`` being the word after it); else
    nothing.

    >>> check_meant("score", "Ann", (Check("score"),))
    " (a count the table made is written as a check: 'check score ...')"
    >>> check_meant("final", "Score", (Check("score"),)), check_meant("final", "Ann", ())
    (" (a count the table made is written as a check: 'check score ...')", '')
    """
    by_word = _by_word(kinds)
    kind = by_word.get(word.lower().rstrip(":="))   # (``Score: Ann 12``)
    if kind is None and word.lower() in _SAID_OF_A_COUNT and following is not None:
        kind = by_word.get(following.lower().rstrip(":="))
    if kind is None:
        return ""
    return f" (a count the table made is written as a check: 'check {kind.word} ...')"


def set_apart(words: Sequence[str], at: int) -> str | None:
    """Why ``words[at]`` is no word of its own, if it and the groups of three digits after
    it make one number with ``words[at - 1]``, its thousands set apart by commas or spaces
    (``30,000,000``, ``300 000``: a line's words are split at both); else None.  A check's
    value and a move's amount are told so alike.

    >>> set_apart(["Ann", "30", "000", "000", "Ben", "4"], 2).split(": ")[1]
    "a number is written without a space, a comma or a point in it ('30000000')"
    >>> set_apart(["Ann", "30", "Ben"], 2) is None
    True
    """
    end = at
    while end < len(words) and re.fullmatch(_GROUP, words[end]):
        end += 1
    joined = grouped_digits(",".join(words[at - 1:end])) if end > at and at > 0 else None
    if joined is None:
        return None
    return (f"'{words[at]}' follows '{words[at - 1]}': a number is written without a space, "
            f"a comma or a point in it ('{joined}')")


def _not_a_value(word: str, what: Check, kinds: Sequence[Check], seats: Mapping[str, int],
                 following: str | None, apart: str | None = None) -> str:
    """Why ``word`` is not the next value of a check of ``what``, in words; ``apart``:
    why, if it is the end of a number set apart (``set_apart``: ``Ann 1,000`` is read as
    ``Ann``, ``1`` and ``000``)."""
    if apart is not None:
        return apart
    if _a_unit(word, seats):   # (``check score Ann 12 points``)
        return (f"'{word}' is not written after a number in 'check {what.word}': the "
                "numbers go bare, each after its "
                + ("player" if what.keys is None else "word"))
    if what.keys is None:
        if whole_number(word) is not None:
            return f"Whose {what.word} is {word}? Write the player's name before it"
        if word.isdigit():
            return _not_plain(word)
        if following is not None and whole_number(following) is not None and \
                not _written_as(word, kinds, seats):
            return not_a_player(word, players(seats))
    elif following is not None and whole_number(following) is not None and \
            not _written_as(word, kinds, seats):
        return (f"'{word}' cannot be checked by 'check {what.word}' (it checks "
                f"{', '.join(what.canonical)})")
    others = ", ".join(k.word for k in kinds if k is not what)
    by = "a player" if what.keys is None else "one of " + ", ".join(what.canonical)
    return (f"Expected {by} and a number in 'check {what.word}'"
            + (f" (or {others})" if others else "")
            + f", found '{word}'{_written_as(word, kinds, seats)}")


def _written_as(word: str, kinds: Sequence[Check], seats: Mapping[str, int],
                units: str = "") -> str:
    return written_as(word, {w for k in kinds for w in (k.word, *k.aliases, *(k.keys or ()))},
                      seats, units)


def written_as(word: str, words: set[str], seats: Mapping[str, int], units: str = "") -> str:
    """How a word is written, for one written another common way (``money:``, ``Zoe=4``,
    ``$4``, and ``4M`` where ``units`` has ``M``), else nothing: ``words`` are those a colon
    may follow by mistake."""
    marked = mark_hint(word, lambda bare: bare.lower() in words or bare in seats
                       or whole_number(bare) is not None)
    if marked:
        return marked
    if "=" in word:
        name, _, value = word.partition("=")
        if not value:   # (``oil= 3``: the mark alone, after a key)
            return f" (write it without the equals sign: '{name}')"
        return f" (write the two apart: '{name} {value}')"
    bare = bare_sum(word, units)
    if bare is not None:
        return f" (a sum is written as a bare number: '{bare}')"
    joined = grouped_digits(word)
    if joined is not None:
        return f" (a number is written without a point or a comma in it: '{joined}')"
    return in_figures(word)


#: A number with its thousands marked as many tables mark them: ``1.000``, ``1,000``.
#: (patterns of a slip's hint: ``re`` compiles each the first time a slip asks, not at
#: every start)
_GROUPED = r"(?a)[0-9]{1,3}(?:[.,][0-9]{3})+"
_GROUP = r"(?a)[0-9]{3}"


def grouped_digits(word: str) -> str | None:
    """The digits of ``word`` if it is a number with its thousands marked by points or
    commas (``1.000``, ``12,500,000``), which no record reads, else None.

    >>> grouped_digits("1.000"), grouped_digits("1,000"), grouped_digits("1.5")
    ('1000', '1000', None)
    """
    return re.sub(r"[.,]", "", word) if re.fullmatch(_GROUPED, word) else None


def check_text(entry: CheckEntry, names: Sequence[str], kinds: Sequence[Check] = ()) -> str:
    """``entry`` as its canonical line: ``check money Ann 12 Ben 3``, ``check prices F9``
    (a ``joined`` kind's key and number as one word)."""
    kind = next((k for k in kinds if k.word == entry.what), None)
    glue = "" if kind is not None and kind.joined else " "
    return " ".join(["check", entry.what, *(
        f"{names[k] if type(k) is int else k}{glue}{v}" for k, v in entry.values)])


__all__ = ["Check", "read_check", "check_text", "count", "set_apart", "written_as"]
