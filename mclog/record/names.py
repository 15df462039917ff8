"""What a player's name may be, in every game's record.

A name is written in the ``[Players]`` tag and again before the moves in the body, so it
must read back as the same one word there.  The rules, the same in every game
(``name_problem`` asks them all, and says what is wrong as every game says it):

* ``framing_problem``: a name holds none of the characters the framing gives a meaning
  (``;`` and ``{ }`` start comments, ``"`` ends the tag's value, ``,`` separates the
  players).  A body line with ``Ann;2`` on it would be read as ``Ann`` and a comment.
* ``word_problem``: a name is one word that starts with a letter, then letters, digits
  and ``_ . ' ’ -``: for the games whose notation reads a bare number where a name could
  stand (Millionenspiel's ``Ann 3`` is a bet), so a name must not look like one.  A letter
  is any script's: Åsa, Jürgen, Élodie and 陳 are names (a table writes its players'
  names as they are spelt), and a letter may carry combining accents (``Zoë`` typed as
  ``e`` and U+0308).

* ``invisible_problem``: a name holds no character that shows nothing (a control, a
  mark of text direction, a zero-width space, a soft hyphen: what ``printable`` shows
  escaped).  Pasted from a chat or a web page, ``Ann`` with U+200B after it looks like
  ``Ann`` and is another name: the body's ``Ann`` would not be this player.

Million Club's notation tells a name by its place and reads any word there, so it asks
only the first and the last rule (``3`` or ``Mc-2`` have always been names to it); the
others ask all three.

And in every game a name is none of the recorder's commands (``COMMANDS``): at the table
``Comment rolls 4 3`` would be kept as a comment, and ``Undo 3`` would take moves back.

>>> framing_problem("Ann;2")
"';' starts a comment in a record"
>>> word_problem("Åsa"), word_problem("Zoe\\u0308"), word_problem("Anne-Marie")
(None, None, None)
>>> word_problem("3")
"one word, starting with a letter ('3' is not a letter)"
"""

from __future__ import annotations

import re
from collections.abc import Callable, Collection, Mapping, Sequence
from typing import Final

from ..printable import CONTROL
from .framing import WIDE_COMMAS

#: The framing's characters a name cannot hold, with what each does in a record.
FRAMING = {";": "starts a comment", "{": "starts a comment", "}": "ends a comment",
           '"': "ends the tag's value", ",": "separates the players"}
#: The characters a name may hold beside letters and digits (the apostrophe as typed, and
#: as a phone or a word processor writes it: O'Neil, O’Neil).
JOINING = "_.'\u2019-"
#: The longest name, in characters: a name is written before the moves on every line of
#: the body, and a record's JSON form holds its players' names to this length (each
#: game's ``record.schema.json``), so text and JSON take the same names.
MAX_NAME = 100
#: The words the shared recorder (``mclog.recording``) reads as its commands when a line
#: starts with them, in any case: no player may be called so.
COMMANDS = frozenset({"comment", "undo", "board", "help", "quit", "exit"})


def framing_problem(name: str) -> str | None:
    """Why ``name`` cannot be read back from a record's body, or None.

    >>> framing_problem("Ann\uff0cBen").endswith("set the players apart with a plain ','")
    True
    """
    for char in name:
        if char in FRAMING:
            return f"'{char}' {FRAMING[char]} in a record" + _apart(name)
        if char in WIDE_COMMAS:   # (``[Players "Ann，Ben"]``, from an East Asian keyboard)
            return (f"'{char}' is a comma typed full width, which a record's body reads as a "
                    "comma: set the players apart with a plain ','")
    return None


#: Words a table may write between two players' names (``Ann and Ben``, ``Ann & Ben``).
BETWEEN_NAMES: Final = frozenset({"and", "&", "und", "och", "et", "y", "e", "+"})


def _apart(entry: str) -> str:
    """`` (commas separate the players: 'Ann, Ben')`` where ``entry`` is several names
    written as one (``Ann and Ben``, ``Ann Ben``, ``Ann; Ben``), else nothing.

    >>> _apart("Ann and Ben"), _apart("Ann;Ben"), _apart("Ann 2")
    (" (commas separate the players: 'Ann, Ben')", " (commas separate the players: 'Ann, \
Ben')", '')
    """
    parts = [p for p in re.split(r"[\s;/]+", entry) if p and p.lower() not in BETWEEN_NAMES]
    if len(parts) < 2 or not all(p[0].isalpha() for p in parts):
        return ""
    return f" (commas separate the players: '{', '.join(parts)}')"


#: Colours a table may write after a name, as Million Club's players tag has them: where
#: a game's players have none, ``Ann yellow`` is told so.
COLOUR_WORDS: Final = frozenset({"yellow", "black", "blue", "white", "red", "green", "orange",
                                 "purple", "pink", "brown", "grey", "gray"})


def word_problem(name: str) -> str | None:
    """Why ``name`` is not one word starting with a letter, or None.

    >>> word_problem("Ann yellow")
    "one word, starting with a letter (this game's players have no colours: 'Ann')"
    >>> word_problem("1st"), word_problem("Ann\U0001f600")
    ("one word, starting with a letter ('1' is not a letter)", "one word, starting with a \
letter ('\U0001f600' is neither a letter, a digit nor _ . ' -)")
    """
    at = next((i for i, c in enumerate(name) if not (
        c.isalpha() if i == 0 else c.isalnum() or c in JOINING or _combining(c))), None)
    if at is None and name:
        return None
    words = name.split()
    if len(words) == 2 and words[1].lower() in COLOUR_WORDS:
        return f"one word, starting with a letter (this game's players have no colours: " \
            f"'{words[0]}')"
    if at is None or name[at].isspace():
        return "one word, starting with a letter" + _apart(name)
    char = name[at]   # (a joiner between two letters is named: U+200D ZERO WIDTH JOINER)
    shown = f"'{char}'" if char.isprintable() else _named(char)
    said = f"{shown} is not a letter" if at == 0 else \
        f"{shown} is neither a letter, a digit nor _ . ' -"
    return f"one word, starting with a letter ({said})"


#: The zero-width non-joiner and joiner: a letter's or an emoji's, between two characters.
_JOINERS = ("\u200c", "\u200d")


def invisible_problem(name: str) -> str | None:
    """Why ``name`` holds a character a reader cannot see, or None (the joiners U+200C
    and U+200D are letters' and emoji's, and stay, as ``printable`` leaves them, between
    two characters: at either end of a name they join nothing, and only hide).

    >>> invisible_problem("Ann\\u200b")
    'holds U+200B ZERO WIDTH SPACE, which a reader cannot see: type the name again'
    >>> invisible_problem("Åsa"), invisible_problem("\U0001f469\u200d\U0001f467")
    (None, None)
    >>> invisible_problem("Ann\\u200d")
    'holds U+200D ZERO WIDTH JOINER, which a reader cannot see: type the name again'
    """
    if name.isprintable():
        return None
    import re   # (here: few names ask, and mclog validate starts without it)

    found = re.search(CONTROL, name)
    if found is not None:
        char = found.group()
    elif name[:1] in _JOINERS or name[-1:] in _JOINERS:
        char = name[0] if name[:1] in _JOINERS else name[-1]
    else:
        return None
    return f"holds {_named(char)}, which a reader cannot see: type the name again"


def _named(char: str) -> str:
    """A character no one sees, by its code and name (``U+200B ZERO WIDTH SPACE``)."""
    import unicodedata   # (here: few names ask, and mclog validate starts without it)

    return f"U+{ord(char):04X} {unicodedata.name(char, '(a control character)')}"


def _combining(char: str) -> bool:
    """Whether ``char`` is a combining mark (an accent typed apart, a vowel sign of an
    Indic script): part of the letter before it."""
    import unicodedata   # (here: few names ask, and mclog validate starts without it)

    return unicodedata.category(char).startswith("M")


def command_problem(name: str) -> str | None:
    """Why ``name`` would be taken for a command of the recorder, or None."""
    if name.lower() in COMMANDS:
        return f"'{name.lower()}' is a command of the recorder"
    return None


def name_problem(name: str, is_word: Callable[[str], bool], *, one_word: bool = True
                 ) -> str | None:
    """Why ``name`` cannot be a player's name, in words, or None: in a game whose
    notation's words are those ``is_word`` says (given a word in lower case), and, with
    ``one_word``, whose notation asks ``word_problem``'s rule.

    >>> name_problem("Undo", lambda word: False)
    "'Undo' cannot be a player's name: 'undo' is a command of the recorder"
    >>> name_problem("Pass", {"pass"}.__contains__)
    "'Pass' is a word of the notation: call the player otherwise"
    >>> name_problem("A" * 101, lambda word: False)
    "'AAAAAAAAAAAAAAAAAAAA…' is 101 characters long: a player's name is at most 100"
    """
    if len(name) > MAX_NAME:
        return (f"'{name[:20]}…' is {len(name)} characters long: a player's name is at most "
                f"{MAX_NAME}")
    problem = invisible_problem(name)
    if problem:
        return f"'{name}' {problem}"
    problem = framing_problem(name) or (word_problem(name) if one_word else None)
    if problem:
        return f"'{name}' is not a name the notation can read: {problem}"
    problem = command_problem(name)
    if problem:
        return f"'{name}' cannot be a player's name: {problem}"
    if is_word(name.lower()):
        return f"'{name}' is a word of the notation: call the player otherwise"
    return None


def twice(names: Sequence[str]) -> str | None:
    """``Two players are called 'Ann'``, where two of ``names`` are the same, or None
    (the same to a reader: ``Zoë`` with its accent typed apart is ``Zoë``, ``spellings``).

    >>> twice(["Zo\\u00eb", "Ben", "Zoe\\u0308"]) == "Two players are called 'Zoe\\u0308'"
    True
    """
    seen: set[str] = set()
    for name in names:
        if name in seen or not name.isascii() and not seen.isdisjoint(spellings(name)):
            return f"Two players are called '{name}'"
        seen.add(name)
    return None


def spellings(name: str) -> tuple[str, ...]:
    """``name`` and the other ways Unicode spells it alike: an accented letter typed as
    one character (``ë``, NFC) or as its letter and a combining accent (``e`` and U+0308,
    NFD), as one keyboard, phone or pasted text writes it and another does not.  A reader
    sees one name; the notation reads each of them as that player.

    >>> [len(spelt) for spelt in spellings("Zo\\u00eb")], spellings("Ann")
    ([3, 4], ('Ann',))
    """
    if name.isascii():
        return (name,)
    import unicodedata   # (here: only a name beyond ASCII asks)

    return tuple(dict.fromkeys((name, unicodedata.normalize("NFC", name),
                                unicodedata.normalize("NFD", name))))


def seats_by_name(names: Sequence[str]) -> dict[str, int]:
    """Each player's seat by name, as a record's body reads it: the players' own names
    first, in seat order (``players`` gives them back), then each name's other spellings
    (``spellings``), so that ``Zoë`` written in the body with its accent typed apart is
    Zoë, as a reader sees it.  (``twice`` refuses two names spelt alike.)

    >>> seats_by_name(["Ann", "Zo\\u00eb"]) == {"Ann": 0, "Zo\\u00eb": 1, "Zoe\\u0308": 1}
    True
    """
    seats = {name: seat for seat, name in enumerate(names)}
    for seat, name in enumerate(names):
        for spelt in spellings(name)[1:]:
            seats.setdefault(spelt, seat)
    return seats


def players(seats: Mapping[str, int]) -> list[str]:
    """The players' names of a mapping ``seats_by_name`` made, in seat order, without the
    other spellings (for a message that lists the players)."""
    return list(seats)[:max(seats.values(), default=-1) + 1]


def seat_named(name: str, names: Sequence[str]) -> int | None:
    """The seat of the player ``name`` names as a record's body reads a name (spaces
    around it, or an accent typed apart as another keyboard types it, are no matter), or
    None: what ``seat_of`` reads, and a command's ``--seat``.

    >>> seat_named(" Zoe\\u0308", ["Ann", "Zo\\u00eb"]), seat_named("ann", ["Ann"])
    (1, None)
    """
    return seats_by_name(names).get(name.strip())


def seat_of(name: str, names: Sequence[str]) -> int:
    """The seat of the player a tag names (``[Seat "Ann"]``, Cartel's ``[Treasurer]``);
    ``ValueError`` in words where no player is called so (``not_a_player``).

    >>> seat_of(" Ben ", ("Ann", "Ben"))
    1
    >>> seat_of("ann", ("Ann", "Ben"))
    Traceback (most recent call last):
    ValueError: 'ann' is not a player of this game (the players are Ann, Ben): did you mean Ann?
    >>> seat_of("2", ("Ann", "Ben"))
    Traceback (most recent call last):
    ValueError: '2' is not a player of this game (the players are Ann, Ben): a player is named, not numbered ('Ben')
    >>> seat_of("Ann yellow", ("Ann", "Ben"))
    Traceback (most recent call last):
    ValueError: 'Ann yellow' is not a player of this game: the tag names the player alone, without a colour ('Ann')
    """
    seat = seat_named(name, names)
    if seat is not None:
        return seat
    name = name.strip()
    meant = numbered(name, names)
    if meant is not None:
        raise ValueError(f"'{name}' is not a player of this game (the players are "
                         f"{', '.join(names)}): a player is named, not numbered ('{meant}')")
    words = re.split(r"[\s,()]+", name)
    alone = seat_named(words[0], names)
    if alone is not None and len(words) > 1 and all(
            w.lower() in COLOUR_WORDS for w in words[1:] if w):   # (``Ann yellow``)
        raise ValueError(f"'{name}' is not a player of this game: the tag names the player "
                         f"alone, without a colour ('{names[alone]}')")
    raise ValueError(not_a_player(name, names))


def written_from(tags: Mapping[str, str], names: Sequence[str]) -> int | None:
    """The seat a record is written from: its ``[Seat]`` tag read as ``seat_of`` reads it
    (``[Seat " Ben "]``, or Zoë with her accent typed apart, is that player's seat), or
    None for a record that has none.  A record read has a ``[Seat]`` that names a player
    (``seat_problem``): compare seats, not the tag's text with a name.

    >>> written_from({"Seat": " Ben "}, ["Ann", "Ben"]), written_from({}, ["Ann", "Ben"])
    (1, None)
    """
    return seat_of(tags["Seat"], names) if "Seat" in tags else None


def numbered(word: str, names: Sequence[str]) -> str | None:
    """The player a seat's number means where a player is given by it (``[Seat "2"]``,
    ``--seat 2``: the second in the ``Players`` tag), else None.

    >>> numbered("2", ["Ann", "Ben"]), numbered("3", ["Ann", "Ben"])
    ('Ben', None)
    """
    if word.isdigit() and 1 <= int(word) <= len(names) and word not in names:
        return names[int(word) - 1]
    return None


def player_meant(word: str, names: Sequence[str]) -> str:
    """``: did you mean Ann?`` for a name a slip away from a player's (of case, or a letter
    or two), or a player's name with more after it (``Ann yellow``, as Million Club's
    ``[Players]`` writes a player with her colour), else nothing: what every place that
    names a player offers.

    >>> player_meant("Ann yellow", ["Ann", "Ben"]), player_meant("Zed", ["Ann", "Ben"])
    (': did you mean Ann?', '')
    """
    words = word.split()
    return suggestion(case_slip(word, names) or closest(word, names)
                      or (case_slip(words[0], names) if len(words) > 1 else None))


def not_a_player(word: str, names: Sequence[str]) -> str:
    """Why ``word``, written where a player's name goes, is none: the players, and the one
    a slip meant where one stands out (a slip of case, ``case_slip``, or of a letter or
    two, ``closest``).  Every game, its checks, its tags and the command line's
    ``--seat`` say it so.

    >>> not_a_player("Zed", ["Ann", "Ben"])
    "'Zed' is not a player of this game (the players are Ann, Ben)"
    >>> not_a_player("Joe", ["Jo", "JO"])
    "'Joe' is not a player of this game (the players are Jo, JO): did you mean Jo?"
    """
    return (f"'{word}' is not a player of this game (the players are {', '.join(names)})"
            + player_meant(word, names))


def suggestion(meant: str | None) -> str:
    """``: did you mean Ann?`` after a reason, for the word a slip meant (``closest``,
    ``case_slip``), else nothing: every reader offers it in these words.

    >>> suggestion(closest("raisng", ["raising", "trading"])), suggestion(None)
    (': did you mean raising?', '')
    """
    return f": did you mean {meant}?" if meant else ""


def case_slip(name: str, names: Sequence[str]) -> str | None:
    """The one player of ``names`` whose name is ``name`` but for case and the spaces at
    its ends (the player a slip meant), or None: none between Jo and JO, who may be two."""
    same = [n for n in names if n.lower() == name.strip().lower()]
    return same[0] if len(same) == 1 else None


def closest(word: str, choices: Collection[str] | Mapping[str, str],
            cutoff: float = 0.6) -> str | None:
    """The one of ``choices`` that ``word`` is a slip away from (a list, or a mapping of
    each word to the one to suggest: an alias to its canonical word), where one meaning
    stands out from the others; else None.  ``cutoff``: how near (difflib's ratio).

    >>> closest("bys", ["buys", "sets"]), closest("Bem", ["Ann", "Ben"])
    ('buys', 'Ben')
    >>> closest("xyz", ["buys"]) is None, closest("Jo", ["Joe", "Jon"]) is None
    (True, True)
    """
    ranked = near(word, choices, cutoff)
    if ranked and (len(ranked) == 1 or ranked[0][1] - ranked[1][1] >= 0.1):
        return ranked[0][0]
    return None


def near(word: str, choices: Collection[str] | Mapping[str, str],
         cutoff: float = 0.6) -> list[tuple[str, float]]:
    """Each of ``choices`` (as ``closest`` takes them) that ``word`` is near, with how near,
    the nearest first: ``closest`` names one where it stands out; a caller may name them
    all where none does (``lobbys``: lobby or lobbyist).

    >>> [meant for meant, _ in near("lobbys", ["lobby", "lobbyist", "stock"])]
    ['lobby', 'lobbyist']
    """
    if len(word) > 30:  # (no word of a notation, and no name, is that long: no slip)
        return []
    from difflib import SequenceMatcher   # (a slip's only: mclog validate starts without it)

    meaning = choices if isinstance(choices, Mapping) else {c: c for c in choices}
    best: dict[str, float] = {}
    for candidate, meant in meaning.items():
        score = SequenceMatcher(None, word, candidate).ratio()
        if score >= cutoff:
            best[meant] = max(score, best.get(meant, 0.0))
    return sorted(best.items(), key=lambda kv: -kv[1])


def seat_problem(tags: Mapping[str, str], names: Sequence[str]) -> str | None:
    """``[Seat] ...``: why a record's ``[Seat]`` tag (where it has one) names no player,
    in any game (the seat it is written from is a player's), or None."""
    if "Seat" not in tags:
        return None
    try:
        seat_of(tags["Seat"], names)
    except ValueError as exc:
        return f"[Seat] {exc}"
    return None


__all__ = ["framing_problem", "word_problem", "command_problem", "name_problem",
           "invisible_problem", "twice", "spellings", "seats_by_name", "players", "seat_named",
           "seat_of", "written_from",
           "seat_problem", "case_slip", "not_a_player", "closest", "near", "suggestion",
           "FRAMING", "JOINING", "BETWEEN_NAMES", "COMMANDS", "MAX_NAME"]
