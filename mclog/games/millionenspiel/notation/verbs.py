"""Millionenspiel's notation as a table: one row per item, each with its words, its move,
its reader, its writer and the move in a player's words (the phrase ``mclog replay``
prints).  The parser, the writer, the recorder's answers and the replay's text all go by
this table: a verb is read and written here and nowhere else.

An item may start with a player's name (``Ann rolls 4 3``, ``Ann buys pension 50``,
``Ann 3``: a bet), may take fillers of speech (``lands on red``, ``past the arrow``,
``buys pension card 50``), and ``bets`` takes a list (``bets Ann 3, Ben pass``): so each
row reads its own words from the line's cursor (``mclog.record.cursor``), rather than a
fixed number of fields.

>>> from mclog.record.framing import RawLine
>>> from mclog.record.cursor import Cursor
>>> context = Reading({"Ann": 0, "Ben": 1})
>>> line = Cursor(RawLine(5, "Ben rolls 4 3, lands on red".replace(",", "").split()), [])
>>> read_item(line, context), read_item(line, context)
(Throw(dice=(4, 3)), Land(colour='red', past_arrow=0))
>>> VERBS.item(Land("red", 2), ("Ann", "Ben")), VERBS.item(BuyPension(0, 50), ("Ann", "Ben"))
('past arrow twice, lands red', 'Ann buys pension 50')
>>> VERBS.say(Throw((4, None)), ("Ann", "Ben"), "Ben")
'Ben rolls 4 ?'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from mclog.engine import required
from mclog.record.verbs import Verb, Verbs, filler_hint
from mclog.record.checks import Check, check_meant, grouped_digits, read_check
from mclog.record.cursor import Cursor
from mclog.record.framing import (bare_sum, comment_hint, in_figures, mark_hint, repeated_hint,
                                  stray_mark, whole_number)
from mclog.record.names import closest, not_a_player, players

from ..rules.moves import Bet, BuyPension, Die, Land, Refuse, StartPlayer, Throw
from ..rules.track import COLOURS
from .record import MoveEntry

#: (``[0-9]``, not ``\d``: Python's ``\d`` also takes Arabic-Indic and full-width digits,
#: which nothing else in mclog reads)
_AMOUNT = re.compile(r"([0-9]{1,3}(?:[_'][0-9]{3})+|[0-9]+)([kK]?)$", re.ASCII)
_DIE = {"1", "2", "3", "4", "5", "6"}
#: What a player does, after their name (for the messages).
DOINGS = "bets, passes, rolls, refuses, buys pension"


def amount(word: str) -> int | None:
    """A sum of money as written: ``1000``, ``1_000`` or ``1'000``, ``10k``.

    >>> amount("1_000"), amount("10k"), amount("1,000")
    (1000, 10000, None)
    """
    value = whole_number(word)
    if value is not None or len(word) > 16:  # (the common case; or no amount at all)
        return value
    m = _AMOUNT.match(word)
    if m is None:
        return None
    value = int(m.group(1).replace("_", "").replace("'", ""))
    return value * 1000 if m.group(2) else value


@dataclass
class Reading:
    """What the items of one game's body share as they are read: the players' seats, and
    a ``past arrow`` waiting for its landing (its line and column, and how often the pawn
    went round: ``past arrow`` may be written again, and may end a line)."""

    seats: dict[str, int]
    past_arrow: tuple[int, int] | None = None
    arrow_times: int = 0
    #: Whether the item just read landed the pawn on black (its die is written next,
    #: ``die 2``, which a table may write as a throw or a bare number).
    on_black: bool = False
    #: The seat of the name written before the item being read (``Ann rolls``), if any.
    subject: int | None = field(default=None, repr=False)

    def put(self, line: Cursor, move: Any, start: int) -> None:
        """``move``, read from the item at word ``start`` of ``line``, as an entry: with
        the name written before it where the move names no player (``Ann rolls``: the
        replayer checks it is the roller's)."""
        subject = self.subject if getattr(move, "player", None) is None else None
        line.add(MoveEntry(move, subject, line.source, start), start)


# --- the readers: each takes its item's words after the verb from the cursor -------------


def seat(line: Cursor, context: Reading, what: str = "a player's name") -> int:
    word = line.take(what)
    if word not in context.seats:
        raise line.error(not_a_player(word, players(context.seats)), line.at - 1)
    return context.seats[word]


def _meant(word: str, words: Iterable[str]) -> str:
    """`` (did you mean 'rolls'?)`` for a word a slip away from one of ``words`` (the
    verb's own word, not another word for it: ``rolls``, not ``roll``)."""
    rows = VERBS.by_word
    # (each word to the verb's own, so that roll and rolled stand for rolls together)
    meaning = {w: rows[w].word if w in rows else w for w in words}
    close = closest(word.lower(), meaning, 0.7)   # (one that stands out, as everywhere)
    return f" (did you mean '{close}'?)" if close is not None else ""


#: How a thousand is written, for the messages (where one is written ``1.000``, as German
#: tables write it, or ``1,000``).
_THOUSAND = "a thousand is written 1000, 1_000, 1'000 or 1k"


def money(line: Cursor, what: str) -> int:
    word = line.take(what)
    value = amount(word)
    if value is None:
        raise line.error(f"Expected {what}, found '{word}'"
                         f"{_grouping(word) or filler_hint(word)}", line.at - 1)
    return value


def _grouping(word: str) -> str:
    """A hint where ``word`` is an amount with its thousands marked by a point or a comma,
    which the notation does not read (a comma separates items), or with a mark after it
    (``500.``)."""
    marked = mark_hint(word, lambda bare: amount(bare) is not None)
    if marked:
        return marked
    bare = bare_sum(word)   # (a sum is in single marks, no unit: 5M is no 5)
    if bare is not None:
        return f" (a sum is written as a bare number: '{bare}')"   # (as a check says it)
    return (f" ({_THOUSAND}: a point does not group digits)"
            if grouped_digits(word) is not None else in_figures(word))


def _start(line: Cursor, context: Reading) -> StartPlayer:
    return StartPlayer(seat(line, context, "the start player's name"))


def _bets(line: Cursor, context: Reading) -> Bet | None:
    """``bets Ann 3, Ben pass, Cleo 5``: a throw's bets in the order made, each an entry
    of its own after the comments before it; ``Ann bets 3``: one."""
    if context.subject is not None:
        return Bet(context.subject, money(line, "the amount bet"))
    while line.peek() is not None and line.peek() in context.seats:
        start = line.at
        if _does(line.words[start + 1] if start + 1 < len(line.words) else None):
            break   # (``..., Ben 5, Ben rolls 2 3``: the bets are over; the roller's item)
        who = seat(line, context)
        word = line.take(f"{line.words[start]}'s bet (a number, or pass)")
        if word.lower() in ("pass", "passes"):
            context.put(line, Bet(who, 0), start)
        else:
            value = amount(word)
            if value is None:
                raise line.error(f"Expected {line.words[start]}'s bet (a number, or "
                                 f"pass), found '{word}'{_grouping(word) or _bet_said(word)}",
                                 line.at - 1)
            context.put(line, Bet(who, value), start)
    return None


#: What a table says for no bet, and for the whole stake.
_NO_BET = frozenset({"nothing", "none", "no", "zero", "x", "-"})
_ALL_IN = frozenset({"all", "everything", "all-in", "allin"})


def _bet_said(word: str) -> str:
    """`` (no bet is written pass)`` where ``word`` says a bet another way (``nothing``,
    ``all``), else nothing: a bet is written as its sum, ``pass`` for none."""
    low = word.lower()
    if low in _NO_BET:
        return " (no bet is written pass)"
    if low in _ALL_IN:
        return " (a bet is written as its sum, even the whole stake)"
    return ""


def _does(word: str | None) -> bool:
    """Whether ``word``, after a player's name, says what they do (``rolls``, ``refuses``,
    ``buys``: an item of its own) rather than bet (an amount, ``pass``)."""
    return word is not None and word.lower() not in ("pass", "passes") and \
        VERBS.verb(word) is not None


def _passes(line: Cursor, context: Reading) -> Bet:
    return Bet(_subject(context), 0)


def _throw(line: Cursor, context: Reading) -> Throw:
    dice: list[int | None] = []
    for which in ("first", "second"):
        word = line.take(f"the {which} die (1 to 6, or ? if not seen)")
        if word == "?":
            dice.append(None)
        elif word in _DIE:
            dice.append(int(word))
        else:
            hint = mark_hint(word, _DIE.__contains__) or \
                repeated_hint(line.words, line.at - 1) or \
                _two_dice(word, which, dice, line.peek())
            raise line.error(f"A die shows 1 to 6 (or ? if not seen), not '{word}'{hint}",
                             line.at - 1)
    return Throw((dice[0], dice[1]))


#: Two dice written as one word: ``4+1``, ``4-1``, ``4/1``, ``4x1`` (and a phone's ``4–1``).
_DICE_JOINED = re.compile(r"^([1-6])[+\-/x&\u2013\u2014]([1-6])$")


def _two_dice(word: str, which: str, dice: list[int | None], after: str | None) -> str:
    """`` (a throw is two dice ...)`` where a throw is written as one word or as its sum
    (``rolls 4+1``, ``rolls 66``, ``rolls 5, lands red``, ``rolls 11``: ``after`` is the word
    after it),
    else nothing: the dice decide a refusal and a double, so the record keeps both."""
    joined = _DICE_JOINED.match(word)
    if joined:
        return f" (a throw is both dice, each a word: 'rolls {joined[1]} {joined[2]}')"
    if which == "second" and word.lower() in ("and", "&") and (after in _DIE or after == "?"):
        first = "?" if dice[0] is None else dice[0]   # (``rolls 4 and 1``)
        return f" ('{word}' is not written: 'rolls {first} {after}')"
    if len(word) == 2 and all(c in "123456" for c in word) and int(word) > 12:
        # (``rolls 66``: the dice's digits run together, for no sum is over 12)
        return f" (a throw is both dice, each a word: 'rolls {word[0]} {word[1]}')"
    total = whole_number(word)
    if which == "second" and (VERBS.verb(word) is not None or total is None):
        first = "?" if dice[0] is None else dice[0]
        return (f": is the second die left out? A throw is both dice, each a word ('rolls "
                f"{first} 2'), not their sum")
    if which == "first" and total is not None and 7 <= total <= 12 and after not in _DIE:
        return " (a throw is both dice, each a word, not their sum: 'rolls 4 3')"
    return ""


def _refuses(line: Cursor, context: Reading) -> Refuse:
    return Refuse(None)


def _past(line: Cursor, context: Reading) -> None:
    """``past [the] arrow [once|twice|N times|Nx]``: kept until the landing it comes
    before (a landing after a run of doubles may go round more than once, M14)."""
    start = line.at - 1
    landed = [w.lower() for w in line.words[max(0, start - 3):start]]
    if landed and landed[-1] in COLOURS and any(VERBS.verb(w) is LANDS for w in landed[:-1]):
        raise line.error(f"'past arrow' comes before where the pawn lands ('past arrow, "
                         f"lands {landed[-1]}'): the pensions are paid as the pawn passes", start)
    line.optional("the")
    if (line.peek() or "").lower() != "arrow":
        raise line.error("Expected 'past arrow'")
    line.at += 1
    times = _times(line)
    if context.past_arrow is None:
        context.past_arrow = (line.raw.number, line.col(start))
        context.arrow_times = 0
    context.arrow_times += times


def _times(line: Cursor) -> int:
    """After 'past arrow': ``twice``, ``3 times``, ``3x`` (once if nothing follows)."""
    word = (line.peek() or "").lower()
    if word == "once":
        line.at += 1
        return 1
    if word == "twice":
        line.at += 1
        return 2
    count = word[:-1] if word.endswith("x") else word
    if count.isascii() and count.isdigit() and 0 < int(count) <= 99:
        line.at += 1
        if word == count:
            if (line.peek() or "").lower() not in ("times", "time"):
                raise line.error(f"Expected 'past arrow {count} times'")
            line.at += 1
        return int(count)
    return 1


def _lands(line: Cursor, context: Reading) -> Land:
    line.optional("on")
    colour = line.take("the colour the pawn lands on").lower()
    if colour not in COLOURS:
        after = (line.peek() or "").lower()
        hint = mark_hint(colour, COLOURS.__contains__) or \
            repeated_hint(line.words, line.at - 1) or \
            (f" ('{colour}' is not written: 'lands {after}')"   # (``lands on the red``)
             if colour in ("the", "a") and after in COLOURS else "")
        raise line.error(f"'{colour}' is not a colour of the board ({', '.join(COLOURS)})"
                         f"{hint}", line.at - 1)
    times = context.arrow_times if context.past_arrow else 0
    context.past_arrow = None
    context.on_black = colour == "black"
    return Land(colour, times)


def _die(line: Cursor, context: Reading) -> Die:
    value = line.take("the number the die shows")
    if value == "?":
        raise line.error("The black space's die decides who wins what: write the number "
                         "it showed", line.at - 1)
    if value not in _DIE:
        raise line.error(f"A die shows 1 to 6, not '{value}'"
                         f"{mark_hint(value, _DIE.__contains__)}", line.at - 1)
    return Die(int(value))


def _buys(line: Cursor, context: Reading) -> BuyPension:
    word = line.take("'pension'")
    if word.lower() in ("a", "an", "the", "one", "another") and \
            (line.peek() or "").lower() == "pension":   # (``buys a pension card``)
        raise line.error(f"'{word}' is not written: a pension card bought is written with "
                         "its value, 'buys pension 50' (5, then 50, then 500: M15)", line.at - 1)
    if word.lower() != "pension":
        raise line.error("A player buys only pension cards: 'buys pension 50'", line.at - 1)
    line.optional("card")
    return BuyPension(_subject(context), money(line, "the pension card bought (50 or 500)"))


def _subject(context: Reading) -> int:
    """The player whose name the item follows (the table reads such rows after a name
    only)."""
    return required(context.subject, "an item read without the name it follows")


# --- the writers and the phrases ---------------------------------------------------------


def _dice(move: Throw) -> str:
    return " ".join("?" if d is None else str(d) for d in move.dice)


def arrow_words(times: int, words: str) -> str:
    """``past arrow, `` before a landing, ``past arrow twice, `` or ``past arrow 3 times, ``
    after a run of doubles round the track (M14); nothing if the pawn did not reach it."""
    if not times:
        return ""
    return f"{words}{'' if times == 1 else ' twice' if times == 2 else f' {times} times'}, "


#: One row per item: its words (the verb, then other words for it), its move, its reader,
#: how it is written (given the names, and the roller's name where the item starts a
#: line), and the move in a player's words (given the names and the roller's name).
#: ``named``: the item may follow a player's name (``Ann rolls``); ``after_name``: only
#: there (``Ann passes``).
ROWS: tuple[Verb, ...] = (
    Verb("start", StartPlayer, reader=_start,
         writer=lambda m, names, who=None: f"start {names[m.player]}",
         phrase=lambda m, names, who=None: f"{names[m.player]} rolls first"),
    Verb("bets", Bet, aliases=("bet",), reader=_bets, named=True,
         writer=lambda m, names, who=None:
             f"{names[m.player]} {m.amount if m.amount else 'pass'}",
         phrase=lambda m, names, who=None: f"{names[m.player]} " + (
             f"bets {m.amount:,}" if m.amount else "passes")),
    Verb("passes", Bet, aliases=("pass",), reader=_passes, after_name=True),
    Verb("rolls", Throw, aliases=("roll", "rolled"), reader=_throw, named=True,
         writer=lambda m, names, who=None: f"{who + ' ' if who else ''}rolls {_dice(m)}",
         phrase=lambda m, names, who=None: f"{who or '?'} rolls {_dice(m)}"),
    Verb("refuses", Refuse, aliases=("refuse", "refused"), reader=_refuses, named=True,
         writer=lambda m, names, who=None: "refuses",
         phrase=lambda m, names, who=None: f"{who or '?'} refuses"),
    Verb("lands", Land, aliases=("land", "landed"), reader=_lands,
         writer=lambda m, names, who=None:
             arrow_words(m.past_arrow, "past arrow") + f"lands {m.colour}",
         phrase=lambda m, names, who=None:
             arrow_words(m.past_arrow, "past the arrow") + f"lands on {m.colour}"),
    Verb("past", Land, reader=_past),
    Verb("die", Die, reader=_die,
         writer=lambda m, names, who=None: f"die {m.value}",
         phrase=lambda m, names, who=None: f"die {m.value}"),
    Verb("buys", BuyPension, aliases=("buy", "bought"), reader=_buys, after_name=True,
         writer=lambda m, names, who=None: f"{names[m.player]} buys pension {m.value}",
         phrase=lambda m, names, who=None:
             f"{names[m.player]} buys the pension card of {m.value}"),
)
#: The rows by move: a move is written by the first row of its type (``lands``, not
#: ``past``; ``bets``, not ``passes``).
VERBS = Verbs(ROWS)
LANDS, ROLLS, PAST = VERBS.by_word["lands"], VERBS.by_word["rolls"], VERBS.by_word["past"]

#: The fillers of speech a person may write, and the words read inside items: no player
#: may be called so either.
OTHER_WORDS = frozenset({"bet", "arrow", "pension", "check", "money", "none", "on", "the", "card",
                         *COLOURS})
RESERVED = VERBS.words | OTHER_WORDS


def read_line(line: Cursor, context: Reading) -> None:
    """Every item of one line into the record's entries, each comment after the item
    before it; a mistake is a located ``RecordError``."""
    while line.peek() is not None:
        start = line.at
        move = read_item(line, context)
        if move is not None:
            context.put(line, move, start)
    line.end()


def read_item(line: Cursor, context: Reading) -> Any:
    """The move of the item at the cursor, its words taken (None: a check, a part of the
    next move, or items the row put in itself, as ``bets`` does)."""
    start = line.at
    word = line.take("an item")
    # (the landing in any of its words, ``landed``, or the arrow passed again)
    if context.past_arrow is not None and VERBS.verb(word) not in (LANDS, PAST):
        raise line.error("'past arrow' is followed by where the pawn lands ('lands "
                         f"yellow'), not by '{word}'", start)
    context.subject = None
    black, context.on_black = context.on_black, False
    if word.lower() == "check":
        return _check(line, context)
    verb = VERBS.verb(word)
    if black:   # (``lands black, 2``, ``lands black, Ben rolls 2``: the black space's die)
        _black_die(line, start, context.seats)
    if verb is not None and verb.reader is not None and not verb.after_name:
        return verb.reader(line, context)
    if word in context.seats:
        return _named(line, context, context.seats[word])
    if word.lower() in ("passes", "passed", "pass") and \
            (line.peek() or "").lower() in ("arrow", "the"):   # (no item starts so)
        raise line.error(f"'{word}': the pawn passing the arrow is written 'past arrow', "
                         "before where it lands ('past arrow, lands blue')", start)
    after = line.words[start - 1] if start else ""
    if word in _DIE and after in _DIE and start >= 2 and line.words[start - 2] in context.seats:
        who = line.words[start - 2]   # (``Zoe 4 1 red``: a throw, its verb left out)
        raise line.error(f"'{who} {after} {word}' reads as {who}'s bet of {after}, then "
                         f"'{word}': a throw is written '{who} rolls {after} {word}'", start)
    meant = check_meant(word, line.peek(), CHECKS)   # (``money Ann 10``: a count the table made)
    if meant:
        raise line.error(f"'{word}' is not a word of the notation{meant}", start)
    raise line.error(_unknown(word, context.seats, grouped=f"{after},{word}"), start)


def _black_die(line: Cursor, start: int, seats: dict[str, int]) -> None:
    """After a landing on black, refuse the item at word ``start`` if it writes the black
    space's one die as a number alone or as a throw of one die (``2``, ``rolls 2``, ``Ben
    rolls 2``), saying how it is written (``die 2``)."""
    words = line.words
    at = start + (words[start] in seats)   # (past the roller's name)
    if at < len(words) and VERBS.verb(words[at]) is ROLLS:
        at += 1
    elif at != start:
        return   # (``Ben 2``: a bet)
    die = words[at] if at < len(words) else None
    if die in _DIE and (at + 1 >= len(words) or words[at + 1] not in _DIE | {"?"}):
        raise line.error(f"The die thrown on the black space is written 'die {die}' (one "
                         "die, after 'lands black')", start)


#: The checks a record reads: each player's money and pension cards, as sums of money.
CHECKS = (Check("money", aliases=("cash",), value=money),   # (as a table may say them)
          Check("pension", aliases=("pensions",), value=money))


def _check(line: Cursor, context: Reading) -> None:
    """``check money Ann 40 Ben 3`` (or ``check pension ...``): what the table showed; the
    line's next item starts at the first word that is not a player's name."""
    seats = context.seats
    read_check(line, CHECKS, seats, goes_on=lambda word: word not in seats)


def _named(line: Cursor, context: Reading, who: int) -> Any:
    """An item that starts with a player's name: what they do, or their bet alone
    (``Ann 3``, ``Ben pass``), as in a bets list that goes on from the line before."""
    following = line.peek()
    bet = amount(following) if following is not None else None
    if bet is not None:
        line.at += 1
        return Bet(who, bet)
    name = line.words[line.at - 1]
    word = line.take(f"what {name} does ({DOINGS})")
    verb = VERBS.verb(word)
    if verb is None or verb.reader is None or not (verb.named or verb.after_name):
        doings = [w for w, row in VERBS.by_word.items() if row.named or row.after_name]
        after = line.peek()
        doing = VERBS.verb(after) if after is not None else None
        why = (f": '{verb.word} ...' is written without a name" if verb is not None else
               mark_hint(word, lambda bare: VERBS.verb(bare) is not None)
               or _said_otherwise(word, name)
               or _meant(word, doings)
               # (``Zoe pension buys 500``: the two words the wrong way round)
               or (f": did you mean '{name} {after} {word} ...'?" if doing is not None
                   and (doing.named or doing.after_name) else ""))
        raise line.error(f"'{word}' is not something a player does ({DOINGS}){why}",
                         line.at - 1)
    context.subject = who
    return verb.reader(line, context)


#: What a table says another way: a throw, the start, the pawn's move.
_THROWS = frozenset({"throws", "throw", "threw", "thrown"})
_STARTS = frozenset({"starts", "begins", "first"})
_MOVES = frozenset({"moves", "moved", "move", "goes", "went", "stops", "stopped"})


def _said_otherwise(word: str, name: str) -> str:
    """`` (a throw is written 'rolls 4 3')`` where ``word`` says a throw, the start or the
    pawn's move in other words, else nothing."""
    low = word.lower()
    if low in _THROWS:
        return f" (a throw is written '{name} rolls 4 3')"
    if low in _STARTS:
        return f" (the start player is written 'start {name}')"
    if low in _MOVES:
        return " (the pawn's move is its landing: 'lands red')"
    if low in ("space", "square", "field"):   # (``lands on red space``)
        return f" ('{word}' is not written: a landing is its colour alone, 'lands red')"
    return ""


def _unknown(word: str, seats: dict[str, int], grouped: str = "") -> str:
    """What is wrong with ``word``, which starts no item; ``grouped``: the word before
    it, a comma and it (``1,000`` is read as two words, ``1`` and ``000``)."""
    marked = stray_mark(word, lambda bare: bare in seats or VERBS.verb(bare) is not None
                        or bare.lower() == "check" or amount(bare) is not None)
    if marked is not None:   # (``start= Ann``, ``Jon. 5``)
        return marked
    if amount(word) is not None:
        if grouped_digits(grouped) is not None:
            return (f"'{word}' is a number, but no item says what it is: {_THOUSAND} "
                    "(a comma separates items)")
        return f"'{word}' is a number, but no item says what it is (bets Ann {word}, ...)"
    row = VERBS.verb(word)
    if row is not None:   # (a row read only after a name: ``Ben pass``)
        return (f"'{word}' follows the name of the player who {row.word}: "
                f"'{next(iter(seats))} {word}{' pension 50' if row.word == 'buys' else ''}'")
    if word.lower() in COLOURS:   # (``beige lands``: the words the wrong way round)
        return f"'{word}' is a colour of the board: where the pawn lands is written 'lands " \
               f"{word.lower()}'"
    meant = _said_otherwise(word, next(iter(seats))) or \
        _meant(word, [w for w, row in VERBS.by_word.items() if not row.after_name] + ["check"])
    if meant:
        return f"'{word}' is not a word of the notation{meant}"
    if word[:1].isupper() and word.isalpha() or word.lower() in {s.lower() for s in seats}:
        return not_a_player(word, players(seats))
    return f"'{word}' is not a word of the notation" + (
        comment_hint(word) or " (see docs/millionenspiel/format.md)")


__all__ = ["VERBS", "ROWS", "RESERVED", "Reading", "read_line", "read_item", "amount",
           "arrow_words"]
