"""The body of a Millionenspiel game read into entries, each mistake located.

A line holds items, separated by spaces or commas::

    start Cleo
    bets Ann 3, Ben pass, Cleo 5
    Cleo rolls 4 3, refuses, rolls 2 2, rolls 5 1, past arrow, lands yellow
    Ann buys pension 50
    check money Ann 40 Ben 3 Cleo 60

>>> from mclog import parse_one
>>> rec = parse_one('[Game "Millionenspiel"]\\n[Players "Ann, Ben"]\\nstart Ben\\n'
...                 'bets Ann 2, Ben pass\\nBen rolls 4 3, lands blue\\n')
>>> [type(m).__name__ for m in rec.moves]     # (keeping the throw is not written)
['StartPlayer', 'Bet', 'Bet', 'Throw', 'Land']
"""

from __future__ import annotations

import re

from mclog.errors import RecordError, RuleError
from mclog.record.framing import RawGame, RawLine, whole_number

from ..rules.moves import Bet, BuyPension, Die, Land, Refuse, StartPlayer, Throw
from ..rules.engine import HOUSE_PLAYERS, check_players
from ..rules.state import PENSION_CARDS
from ..rules.track import COLOURS, parse_track
from .record import FORMAT, CheckEntry, CommentEntry, MoveEntry, Record

#: Words the notation reads specially: no player may be called so.
RESERVED = frozenset({"start", "bets", "bet", "pass", "passes", "rolls", "refuses", "past",
                      "arrow", "lands", "die", "buys", "pension", "check", "money", "none",
                      "on", "the", "card", *COLOURS})
#: (``[0-9]``, not ``\d``: Python's ``\d`` also takes Arabic-Indic and full-width digits,
#: which nothing else in mclog reads)
_AMOUNT = re.compile(r"([0-9]{1,3}(?:[_'][0-9]{3})+|[0-9]+)([kK]?)$", re.ASCII)
_DIE = {"1", "2", "3", "4", "5", "6"}
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_.'-]*$")


def amount(word: str) -> int | None:
    """A sum of money as written: ``1000``, ``1_000`` or ``1'000``, ``10k``."""
    value = whole_number(word)
    if value is not None or len(word) > 16:  # (the common case; or no amount at all)
        return value
    m = _AMOUNT.match(word)
    if m is None:
        return None
    value = int(m.group(1).replace("_", "").replace("'", ""))
    return value * 1000 if m.group(2) else value


def parse_game(raw: RawGame, file: str | None, number: int) -> Record:
    """The record of one framed game (``RecordError`` located at its first mistake)."""
    tags, lines = raw.tag_values()
    fmt = tags.get("Format")
    if fmt is not None and fmt != FORMAT:
        raise RecordError(f'This reader knows [Format "{FORMAT}"], not "{fmt}"',
                          line=lines["Format"], col=1, code="header")
    tags.setdefault("Format", FORMAT)
    cards = _pension_cards(tags, lines)
    names = _players(tags, lines, raw, cards)
    track = None
    if "Track" in tags:
        try:
            track = parse_track(tags["Track"])
        except RuleError as exc:
            raise RecordError(f"[Track] {exc.reason}", line=lines["Track"], col=1,
                              code="header", rule=exc.rule) from None
    record = Record(tags, names, track, [], file, number, raw.start, cards)
    body = _Body({name: seat for seat, name in enumerate(names)}, record.entries)
    for line in raw.take_lines():
        _Line(line, body).read()
    if body.past_arrow is not None:
        raise RecordError("'past arrow' is followed by where the pawn lands ('lands "
                          "yellow'), but the record ends", line=body.past_arrow[0],
                          col=body.past_arrow[1])
    return record


class _Body:
    """What the lines of one game share: the players' seats, the entries read so far, and
    a 'past arrow' waiting for its landing (line, column)."""

    def __init__(self, seats: dict[str, int], out: list) -> None:
        self.seats, self.out = seats, out
        self.past_arrow: tuple[int, int] | None = None
        self.arrow_times = 0  # how often, after a run of doubles round the track


def _pension_cards(tags: dict[str, str], lines: dict[str, int]) -> int:
    """``[PensionCards "8"]``: the house rule of a table of more than five, eight pension
    cards of each value (M1); without it, the box's five."""
    if "PensionCards" not in tags:
        return PENSION_CARDS
    value = whole_number(tags["PensionCards"].strip())
    if value is None or not PENSION_CARDS <= value <= HOUSE_PLAYERS.stop - 1:
        raise RecordError(f'[PensionCards] is how many pension cards of each value the table '
                          f'plays with, {PENSION_CARDS} (the box) to {HOUSE_PLAYERS.stop - 1}, '
                          f'not "{tags["PensionCards"]}"', line=lines["PensionCards"], col=1,
                          code="header", rule="M1")
    return value


def _players(tags: dict[str, str], lines: dict[str, int], raw: RawGame,
             cards: int = PENSION_CARDS) -> tuple[str, ...]:
    def fail(message: str) -> RecordError:
        return RecordError(message, line=lines.get("Players", raw.start), col=1,
                           code="header")

    if "Players" not in tags:
        raise fail('A game needs a [Players "Ann, Ben, Cleo"] tag: the players in seat '
                   "order, clockwise")
    names = [part.strip() for part in tags["Players"].split(",")]
    for name in names:
        if not name:
            raise fail("[Players] has an empty entry: write the names between commas")
        if not _NAME.match(name):
            raise fail(f"'{name}' is not a name the notation can read: one word, starting "
                       "with a letter")
        if name.lower() in RESERVED:
            raise fail(f"The player name '{name}' is also a word of the notation; choose "
                       "another name")
    if len(set(names)) != len(names):
        twice = next(n for n in names if names.count(n) > 1)
        raise fail(f"Two players are called '{twice}'")
    try:
        check_players(tuple(names), cards)
    except RuleError as exc:
        raise fail(f"{exc.reason[0].upper()}{exc.reason[1:]} (M1)") from None
    return tuple(names)


class _Line:
    """One line's items, read left to right with one cursor (``at``: the next word)."""

    def __init__(self, raw: RawLine, body: _Body) -> None:
        self.raw, self.body = raw, body
        self.seats, self.out = body.seats, body.out
        self.words = raw.words
        self.source = raw.source()  # (what the entries keep of the line)
        self.at = 0
        self.ends: list[int] = []  # the word index after each item read (for comments)

    # --- the cursor --------------------------------------------------------------

    def error(self, message: str, at: int | None = None) -> RecordError:
        at = self.at if at is None else at
        return RecordError(message, line=self.raw.number, col=self.raw.col(at))

    def peek(self) -> str | None:
        return self.words[self.at] if self.at < len(self.words) else None

    def take(self, what: str) -> str:
        word = self.peek()
        if word is None:
            raise self.error(f"Expected {what}, but the line ends")
        self.at += 1
        return word

    def optional(self, word: str) -> None:
        """Skip ``word`` if it comes next (a filler a person may write: 'lands on red')."""
        if (self.peek() or "").lower() == word:
            self.at += 1

    def seat(self, what: str = "a player's name") -> int:
        word = self.take(what)
        if word not in self.seats:
            raise self.error(f"'{word}' is not a player of this game "
                             f"({', '.join(self.seats)})", self.at - 1)
        return self.seats[word]

    def number(self, what: str) -> int:
        word = self.take(what)
        value = amount(word)
        if value is None:
            raise self.error(f"Expected {what}, not '{word}'", self.at - 1)
        return value

    def add(self, entry, start: int) -> None:
        entry.line, entry.col = self.raw.number, self.raw.col(start)
        self.out.append(entry)

    def move(self, move, start: int, subject: int | None = None) -> None:
        self.out.append(MoveEntry(move, subject, self.source, start))

    # --- the items -----------------------------------------------------------------

    def read(self) -> None:
        self.first = len(self.out)  # (entries before it are other lines')
        self.pending = sorted(self.raw.comments, key=lambda c: c.after)
        while self.peek() is not None:
            self._comments_so_far()
            self.item()
        for c in self.pending:
            self._comment(c)

    def _comments_so_far(self) -> None:
        """The comments written before the cursor, each after the item it follows (a
        comment between two bets of one ``bets`` line stays after the first, as the
        writer puts it)."""
        while self.pending and self.pending[0].after <= self.at:
            self._comment(self.pending.pop(0))

    def _comment(self, c) -> None:
        """A comment belongs to the item before it on its line; one before the line's
        first item (``bets {...} Ann 3``) has none, and stays on a line of its own, as in
        Million Club."""
        # (every comment before the line's first item: another comment read first is no item)
        own_line = c.after == 0 or all(isinstance(e, CommentEntry)
                                       for e in self.out[self.first:])
        self.out.append(CommentEntry(c.text, c.brace, own_line, c.line, c.col))

    def item(self) -> None:
        start = self.at
        word = self.take("an item")
        low = word.lower()
        if self.body.past_arrow is not None and low not in ("lands", "past"):
            raise self.error("'past arrow' is followed by where the pawn lands ('lands "
                             f"yellow'), not by '{word}'", start)
        if low == "start":
            self.move(StartPlayer(self.seat("the start player's name")), start)
        elif low == "bets":
            self.bets()
        elif low == "check":
            self.check(start)
        elif low == "rolls":
            self.throw(start)
        elif low == "refuses":
            self.move(Refuse(None), start)
        elif low == "past":
            self.optional("the")
            if (self.peek() or "").lower() != "arrow":
                raise self.error("Expected 'past arrow'")
            self.at += 1
            times = self.times()
            if self.body.past_arrow is None:
                self.body.past_arrow = (self.raw.number, self.raw.col(start))
                self.body.arrow_times = 0
            self.body.arrow_times += times
        elif low == "lands":
            self.optional("on")
            colour = self.take("the colour the pawn lands on").lower()
            if colour not in COLOURS:
                raise self.error(f"'{colour}' is not a colour of the board "
                                 f"({', '.join(COLOURS)})", self.at - 1)
            self.move(Land(colour, self.body.arrow_times if self.body.past_arrow else 0),
                      start)
            self.body.past_arrow = None
        elif low == "die":
            value = self.take("the number the die shows")
            if value == "?":
                raise self.error("The black space's die decides who wins what: write the "
                                 "number it showed", self.at - 1)
            if value not in _DIE:
                raise self.error(f"A die shows 1 to 6, not '{value}'", self.at - 1)
            self.move(Die(int(value)), start)
        elif word in self.seats:
            self.named(self.seats[word], start)
        else:
            raise self.error(_unknown(word, self.seats), start)

    def times(self) -> int:
        """After 'past arrow': ``twice``, ``3 times``, ``3x`` (once if nothing follows)."""
        word = (self.peek() or "").lower()
        if word == "once":
            self.at += 1
            return 1
        if word == "twice":
            self.at += 1
            return 2
        count = word[:-1] if word.endswith("x") else word
        if count.isascii() and count.isdigit() and 0 < int(count) <= 99:
            self.at += 1
            if word == count:
                if (self.peek() or "").lower() not in ("times", "time"):
                    raise self.error(f"Expected 'past arrow {count} times'")
                self.at += 1
            return int(count)
        return 1

    def named(self, seat: int, start: int) -> None:
        """An item that starts with a player's name: what they do, or their bet alone
        (``Ann 3``, ``Ben pass``), as in a bets list that goes on from the line before."""
        following = self.peek()
        bet = amount(following) if following is not None else None
        if bet is not None:
            self.at += 1
            self.move(Bet(seat, bet), start)
            return
        verb = self.take(f"what {self.words[start]} does (bets, passes, rolls, refuses, "
                         "buys pension)").lower()
        if verb == "bets":
            self.move(Bet(seat, self.number("the amount bet")), start)
        elif verb in ("passes", "pass"):
            self.move(Bet(seat, 0), start)
        elif verb == "rolls":
            self.throw(start, seat)
        elif verb == "refuses":
            self.move(Refuse(None), start, subject=seat)
        elif verb == "buys":
            if self.take("'pension'").lower() != "pension":
                raise self.error("A player buys only pension cards: 'buys pension 50'",
                                 self.at - 1)
            self.optional("card")
            self.move(BuyPension(seat, self.number("the pension card bought (50 or 500)")),
                      start)
        else:
            raise self.error(f"'{self.words[self.at - 1]}' is not something a player does "
                             "(bets, passes, rolls, refuses, buys pension)", self.at - 1)

    def bets(self) -> None:
        """``bets Ann 3, Ben pass, Cleo 5``: the bets of a throw, in the order made."""
        while self.peek() is not None and self.peek() in self.seats:
            start = self.at
            seat = self.seat()
            word = self.take(f"{self.words[start]}'s bet (a number, or pass)")
            if word.lower() in ("pass", "passes"):
                self.move(Bet(seat, 0), start)
            else:
                value = amount(word)
                if value is None:
                    raise self.error(f"Expected {self.words[start]}'s bet (a number, or "
                                     f"pass), not '{word}'", self.at - 1)
                self.move(Bet(seat, value), start)
            if self.peek() is not None and self.peek() in self.seats:
                self._comments_so_far()

    def throw(self, start: int, seat: int | None = None) -> None:
        dice: list[int | None] = []
        for which in ("first", "second"):
            word = self.take(f"the {which} die (1 to 6, or ? if not seen)")
            if word == "?":
                dice.append(None)
            elif word in _DIE:
                dice.append(int(word))
            else:
                raise self.error(f"A die shows 1 to 6 (or ? if not seen), not '{word}'",
                                 self.at - 1)
        self.move(Throw((dice[0], dice[1])), start, subject=seat)

    def check(self, start: int) -> None:
        what = self.take("what is checked (money or pension)").lower()
        if what not in ("money", "pension"):
            raise self.error(f"A check is of money or pension, not '{what}'", self.at - 1)
        values = []
        while self.peek() is not None and self.peek() in self.seats:
            seat = self.seat()
            values.append((seat, self.number(f"{self.words[self.at - 1]}'s {what}")))
        if not values:
            raise self.error(f"Expected a player's name and their {what} after 'check {what}'")
        self.add(CheckEntry(what, tuple(values)), start)


def _unknown(word: str, seats: dict[str, int]) -> str:
    if amount(word) is not None:
        return f"'{word}' is a number, but no item says what it is (bets Ann {word}, ...)"
    if word[:1].isupper() and word.isalpha():
        return f"'{word}' is not a player of this game ({', '.join(seats)})"
    return f"'{word}' is not a word of the notation (see docs/millionenspiel/format.md)"
