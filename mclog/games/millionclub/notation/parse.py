"""Read the body of a Million Club record: lines of tokens -> entries.

The grammar needs no knowledge of the game's position: each item is a verb
with a fixed shape, so a line reads the same wherever it stands, and the
replayer alone decides whether it is legal there.  A line is an optional
label, then items separated by spaces or commas:

    place      Ann III, Ben IV:T, Cleo V
    intrigue   draws racket expansion unfair
    intrigue   Ben plays unfair, raises F1, lowers Cleo F2
    end        Ann up F1, Ben pass, Cleo cash T3

A player's name sets the subject of the items after it on that line.  See
docs/millionclub/format.md for every verb and alias.
"""

from __future__ import annotations

import re
from collections.abc import Collection

from mclog.errors import RecordError
from mclog.record.framing import RawGame, RawLine, whole_number
from ..rules.board import ROMAN, SCHEMER
from ..rules.cards import CONTINENTS, DECK_OF, INDUSTRY_TYPES, INTRIGUE_CARDS, Industry
from ..rules.moves import (
    CAPITAL, DEVELOP, Buy, BuyContract, CapitalIncrease, Choose, Draw, Dump, Lower, Move,
    MovePawn, Pass, Pick, Place, Raise, SetAside, StartPlayer, Swap, Takeover, Target, Turn,
    UsePrivilege, interned,
)
from .record import (
    CheckEntry, CommentEntry, Entry, GameRecord, Marker, MoveEntry, RevealEntry,
    table_from_tags,
)
from ..rules.state import Table
from .vocabulary import CARDS, LABELS, SPOTS, UNKNOWN, VERBS, parse_industry, parse_spot

_PRICE = re.compile(r"^([ftr])=?([0-9]+)$", re.IGNORECASE)


class _Reader:
    """Reads the items of one line; ``pos``, the one cursor, is the index of the next
    word not yet read.  Columns are asked of the line only when an entry or an error
    needs one."""

    def __init__(self, table: Table, names: dict[str, int]) -> None:
        self.table = table
        self.names = names
        self.line = RawLine(0)
        self.words: list[str] = []
        self.pos = 0
        self.subject: int | None = None

    def start(self, line: RawLine) -> None:
        """Start reading ``line`` (one reader serves a whole game)."""
        self.line = line
        self.words = line.words
        self.pos = 0
        self.subject = None

    # --- words --------------------------------------------------------------

    def peek(self) -> str | None:
        return self.words[self.pos] if self.pos < len(self.words) else None

    def error(self, message: str, i: int, end: bool = False) -> RecordError:
        col = self.line.col(i) + (len(self.words[i]) if end else 0)
        return RecordError(message, line=self.line.number, col=col)

    def take(self, expected: str) -> str:
        """The next word; ``expected`` names it in the error if the line ends."""
        pos = self.pos
        if pos >= len(self.words):
            raise self.error(f"Expected {expected} after '{self.words[pos - 1]}', but the "
                             "line ends", pos - 1, end=True)
        self.pos = pos + 1
        return self.words[pos]

    def seat(self, expected: str = "a player's name") -> int:
        word = self.take(expected)
        if word in self.names:
            return self.names[word]
        raise self.error(f"Expected {expected} ({', '.join(self.table.names)}), "
                         f"found '{word}'{_did_you_mean(word, self.table.names)}",
                         self.pos - 1)

    def card(self, kinds: Collection[str], what: str, unknown: bool = True) -> str:
        word = self.take(what)
        if unknown and word == UNKNOWN:
            return UNKNOWN
        kind = CARDS.get(word.lower())
        if kind is None or kind not in kinds:
            words = {w: k for w, k in CARDS.items() if k in kinds}
            raise self.error(f"Expected {what}, found '{word}'"
                             f"{'' if kind else _did_you_mean(word.lower(), words)}",
                             self.pos - 1)
        return kind

    def industry(self, what: str = "an industry such as F2 or T3+1") -> Industry:
        word = self.take(what)
        card = parse_industry(word)
        if card is None:
            raise self.error(f"Expected {what}, found '{word}'", self.pos - 1)
        return card

    def player(self, verb_at: int) -> int:
        if self.subject is None:
            raise self.error(f"Whose move is '{self.words[verb_at]}'? Write the player's name "
                             "before it", verb_at)
        return self.subject


ANY_CARD = frozenset(DECK_OF)
COLONY_WORDS = frozenset(CONTINENTS)
INTRIGUE_WORDS = frozenset(INTRIGUE_CARDS)
#: The two commonest items, looked up whole: a placement in canonical form (``IV:T``) by
#: its word and then the seat placing, and a drawn card by its word in lower case.
_PLACES: dict[str, tuple[Place, ...]] = {
    word: tuple(interned(Place, seat, disc, sector) for seat in range(6))
    for word, (disc, sector) in SPOTS.items()}
_DRAWN: dict[str, Draw] = {word: interned(Draw, kind) for word, kind in CARDS.items()}
_DRAWN[UNKNOWN] = interned(Draw, UNKNOWN)


def _items(r: _Reader, label: str | None, out: list[Entry], ends: list[int]) -> None:
    """Read the items of the rest of the line into ``out``, and the index of the word after
    each into ``ends`` (where the line's comments go between them)."""
    table = r.table
    words = r.words
    names = r.names
    line = r.line.source()  # (what the entries keep of the line)
    n = len(words)
    # One cursor, ``r.pos``: the index of the next word not yet read.  Each item is read
    # from its first word ``at`` up to ``r.pos``, where the next item (or comment) starts.
    named: int | None = None  # a name just read, that an item must follow on this line
    while r.pos < n:
        at = r.pos
        word = words[at]
        r.pos = at + 1
        if word in names and label != "start":
            if named is not None:
                raise _no_item(r, named)
            r.subject, named = names[word], at
            continue
        named = None
        places = _PLACES.get(word)
        if places is not None:  # the commonest item: a placement in canonical form
            seat = r.subject if r.subject is not None else r.player(at)   # (which raises)
            out.append(MoveEntry(places[seat], seat, label, line, at))
            ends.append(r.pos)
            continue
        if label == "start":
            r.pos = at  # the word is the start player's name
            seat = r.seat("the name of the start player")
            start = StartPlayer(seat, table.seat_of_role(SCHEMER))
            out.append(MoveEntry(start, None, label, line, at))
            ends.append(r.pos)
            continue
        low = word.lower()
        move: Move | None = None
        verb = VERBS.get(low)
        spot = parse_spot(word) if verb is None else None
        if spot is not None:
            move = interned(Place, r.player(at), spot[0], spot[1])
        elif verb is None and label == "setup" and (low in CARDS or word == UNKNOWN):
            move = interned(Draw, UNKNOWN if word == UNKNOWN else CARDS[low])
        elif verb == "draws":
            first = r.pos
            while r.pos < n and (drawn := _DRAWN.get(words[r.pos].lower())) is not None:
                out.append(MoveEntry(drawn, r.subject, label, line, r.pos))
                r.pos += 1
                ends.append(r.pos)
            if r.pos == first:
                if r.peek() is None:
                    raise r.error("Expected the cards drawn after 'draws', but the line ends",
                                  at, end=True)
                raise r.error(f"Expected the cards drawn after 'draws', found '{r.peek()}'",
                              r.pos)
            continue
        elif verb == "picks":
            move = Pick(r.player(at), r.card(ANY_CARD, "the card picked"))
        elif verb in ("up", "cash"):
            move = interned(Turn, r.player(at), r.industry(), DEVELOP if verb == "up" else CAPITAL)
        elif verb == "pass":
            move = interned(Pass, r.player(at))
        elif verb == "uses":
            move = interned(UsePrivilege, r.player(at))
        elif verb == "moves":
            who = r.player(at)
            target = r.take("a disc such as III or IV:T")
            spot = parse_spot(target)
            if spot is None:
                raise r.error(f"Expected a disc such as III or IV:T, found '{target}'", r.pos - 1)
            move = MovePawn(who, *spot)
        elif verb == "plays":
            move = interned(Choose, r.player(at), r.card(INTRIGUE_WORDS, "an Intrigue card"))
        elif verb == "buys":
            move = interned(Buy, r.player(at), r.card(ANY_CARD, "the card bought"))
        elif verb == "sets":
            who = r.player(at)
            if (nxt := r.peek()) is not None and nxt.lower() == "aside":
                r.pos += 1
            move = interned(SetAside, who, r.card(ANY_CARD, "the card set aside"))
        elif verb == "takeover":
            who = r.player(at)
            move = Takeover(who, r.seat("the owner's name"), r.industry())
        elif verb == "targets":
            move = Target(r.player(at), r.seat("the opponent's name"))
        elif verb == "takes":
            move = BuyContract(r.player(at), r.card(COLONY_WORDS, "a continent"))
        elif verb == "swaps":
            who = r.player(at)
            give = r.card(COLONY_WORDS, "the continent given")
            move = Swap(who, give, r.card(COLONY_WORDS, "the continent taken"))
        elif verb == "raises":
            move = Raise(r.player(at), r.industry())
        elif verb == "lowers":
            who = r.player(at)
            move = Lower(who, r.seat("the owner's name"), r.industry())
        elif verb == "dumps":
            who = r.player(at)
            dumped = r.industry("the industry given, such as F2")
            owner = r.seat("the opponent's name")
            move = Dump(who, dumped, owner, r.industry("the industry taken, such as T3"))
        elif verb == "invests":
            move = CapitalIncrease(r.player(at), r.industry())
        if move is None:
            raise r.error(_unknown_word(word, table, first=at == 0), at)
        out.append(MoveEntry(move, r.subject, label, line, at))
        ends.append(r.pos)
    if named is not None:
        raise _no_item(r, named)


def _no_item(r: _Reader, at: int) -> RecordError:
    """A player's name with nothing after it on its line: a move left out (``place Ann
    IV:R, Ben``), which would otherwise pass unseen."""
    name = r.words[at]
    return r.error(f"'{name}' names no move: write what {name} did after the name "
                   f"(a name only sets who the items after it on its line are by)", at)


_DISC_IN_FIGURES = re.compile(r"^([0-9])(?:[:\-]?([ftrFTR]))?$")
_SPOT_MISWRITTEN = re.compile(r"^(iv|i)[-.;/_]?([ftr])$", re.IGNORECASE)


def _unknown_word(word: str, table: Table, first: bool = False) -> str:
    """Why ``word`` is no item, with the word meant where a slip makes it plain (a name in
    the wrong case, a misspelt verb, card or line label, a disc written in figures)."""
    low = word.lower()
    if low in CARDS or word == UNKNOWN:
        return (f"'{word}' is a card, but no verb says what happens to it "
                "(draws, buys, sets, plays, picks ...)")
    if parse_industry(word):
        return f"'{word}' is an industry, but no verb says what happens to it (up, cash ...)"
    names = ', '.join(table.names)
    same = [n for n in table.names if n.lower() == low]
    if len(same) == 1:
        return (f"'{word}' is not a player of this game as written: did you mean {same[0]}? "
                f"(a name is written as in [Players]: {names})")
    if word[:1].isupper() and word.isalpha():
        return f"'{word}' is not a player of this game ({names}){_did_you_mean(word, table.names)}"
    spot = _SPOT_MISWRITTEN.match(word)
    if spot:
        return (f"'{word}' is not a word of the notation: a spot and its sector are "
                f"written {spot[1].upper()}:{spot[2].upper()}")
    figures = _DISC_IN_FIGURES.match(word)
    if figures and int(figures[1]) in ROMAN:
        meant = ROMAN[int(figures[1])] + (f":{figures[2].upper()}" if figures[2] else "")
        return (f"'{word}' is not a word of the notation: a disc is written in Roman "
                f"numerals ({meant}; IV:F, IV:T or IV:R for the Stock Exchange)")
    hint = _did_you_mean(low, LABELS) if first else ""
    lowered = [n.lower() for n in table.names]  # (a name two players share but for case: none)
    names_of = {low_name: n for low_name, n in zip(lowered, table.names)
                if lowered.count(low_name) == 1}
    hint = hint or _did_you_mean(low, {**VERBS, **CARDS, **names_of,
                                       **{spot.lower(): spot for spot in SPOTS}})
    return f"'{word}' is not a word of the notation{hint or ' (see docs/millionclub/format.md)'}"


def _did_you_mean(word: str, choices: Collection[str]) -> str:
    """`` (did you mean buys?)`` for a word a slip away from one of ``choices`` (a list,
    or a mapping of each word to the one to suggest: an alias to its canonical word),
    else nothing: a suggestion only where one meaning stands out from the others."""
    if len(word) > 30:  # (no word of the notation is that long: no slip, and no cost)
        return ""
    from difflib import SequenceMatcher   # (a slip's only: mclog validate starts without it)

    meaning = choices if isinstance(choices, dict) else {c: c for c in choices}
    best: dict[str, float] = {}
    for candidate, meant in meaning.items():
        score = SequenceMatcher(None, word, candidate).ratio()
        if score >= 0.6:
            best[meant] = max(score, best.get(meant, 0.0))
    ranked = sorted(best.items(), key=lambda kv: -kv[1])
    if ranked and (len(ranked) == 1 or ranked[0][1] - ranked[1][1] >= 0.1):
        return f" (did you mean {ranked[0][0]}?)"
    return ""


def _written_as(word: str, names: dict[str, int]) -> str:
    """How a check's or a reveal's word is written, for one written another common way
    (``money:``, ``Zoe=4``, ``4M``), else nothing."""
    bare = word.rstrip(":,")
    if bare != word and (bare.lower() in ("money", "prices", "price", "score") or bare in names):
        return f" (write it without the colon: '{bare}')"
    if "=" in word:
        name, _, value = word.partition("=")
        return f" (write the two apart: '{name} {value}')"
    if word[:-1].isdigit() and word[-1] in "mM":
        return f" (a sum is written as a bare number of millions: '{word[:-1]}')"
    return ""


def _check(r: _Reader, first: int, out: list[Entry], ends: list[int]) -> None:
    what: str | None = None
    values: list[tuple[int | str, int]] = []
    start = first
    number = r.line.number

    def flush() -> None:
        if what is not None:
            if not values:
                raise r.error(f"'check {what}' needs at least one value", start, end=True)
            out.append(CheckEntry(what, tuple(values), number, r.line.col(start)))
            ends.append(r.pos)

    subject: int | None = None
    while (word := r.peek()) is not None:
        at = r.pos
        r.pos += 1
        low = word.lower()
        if low in ("money", "prices", "price", "score"):
            if what is not None and values:
                flush()
                values = []
            what, start = ("prices" if low == "price" else low), at
        elif word in r.names:
            subject = r.names[word]
        elif what == "prices" and (m := _PRICE.match(word)) and \
                (price := whole_number(m.group(2))) is not None:
            values.append((m.group(1).upper(), price))
        elif what == "prices" and low in CARDS and CARDS[low] in INDUSTRY_TYPES:
            num = r.take("a number")
            price = whole_number(num)
            if price is None:
                raise r.error(f"Expected a price, found '{num}'", r.pos - 1)
            values.append((CARDS[low], price))
        elif (amount := whole_number(word)) is not None and what in ("money", "score"):
            if subject is None:
                raise r.error(f"Whose {what} is {word}? Write the player's name before it", at)
            values.append((subject, amount))
        elif word.isdigit() and what in ("money", "score"):
            shown = word if len(word) <= 20 else word[:20] + "..."
            raise r.error(f"'{shown}' is not a number a check reads: plain digits 0 to 9, at "
                          "most 16 of them", at)
        elif word.isdigit():
            raise r.error("Say what is checked before the number: money, prices or score", at)
        else:
            raise r.error("Expected money, prices, score, a player or a number after 'check', "
                          f"found '{word}'{_written_as(word, r.names)}", at)
    if what is None:
        raise r.error("Expected money, prices or score after 'check'", first, end=True)
    flush()


def _reveal(r: _Reader, first: int, out: list[Entry], ends: list[int]) -> None:
    seat: int | None = None
    cards: list[str] = []
    where = first

    def flush() -> None:
        if seat is not None:
            out.append(RevealEntry(seat, tuple(cards), r.line.number,
                                   r.line.col(where)))
            ends.append(r.pos)

    while (word := r.peek()) is not None:
        at = r.pos
        r.pos += 1
        low = word.lower()
        if word in r.names:
            flush()
            seat, cards, where = r.names[word], [], at
        elif seat is None:
            raise r.error(f"Expected a player's name after 'reveal', found "
                          f"'{word}'{_written_as(word, r.names)}", at)
        elif low in ("none", "nothing", "-"):
            continue
        elif CARDS.get(low) in COLONY_WORDS:
            cards.append(CARDS[low])
        else:
            hint = _written_as(word, r.names) or _did_you_mean(low, CONTINENTS)
            raise r.error(f"Expected a continent in {r.table.names[seat]}'s reveal, "
                          f"found '{word}'{hint}", at)
    if seat is None:
        raise r.error("Expected a player's name after 'reveal'", first, end=True)
    flush()


def parse_game(raw: RawGame, file: str | None = None, number: int = 1) -> GameRecord:
    """Give meaning to one framed game.  Raises ``RecordError`` located in the file."""
    try:
        return _parse_game(raw, file, number)
    except RecordError as exc:
        raise exc.relocate(file=file, game=number if number > 1 else None) from None


def parse_tags(raw: RawGame) -> tuple[dict[str, str], Table]:
    tags, lines = raw.tag_values()
    if not raw.tags:
        line = raw.lines[0].number if raw.lines else raw.start
        raise RecordError('A game starts with its tags, at least [Players "Ann yellow, '
                          'Ben blue"]', line=line, col=1, code="header")
    return tags, table_from_tags(tags, lines)


def _parse_game(raw: RawGame, file: str | None, number: int) -> GameRecord:
    tags, table = parse_tags(raw)
    names = {name: seat for seat, name in enumerate(table.names)}
    record = GameRecord(tags, table, [], file, number, raw.start)
    entries = record.entries
    r = _Reader(table, names)
    label: str | None = None
    ends: list[int] = []
    for line in raw.take_lines():
        r.start(line)
        # A line without comments (the common case) reads straight into the record.
        out = [] if line.comments else entries
        ends.clear()
        if line.words:
            head = line.words[0]
            low = head.lower()
            if low in LABELS and head not in names:
                r.pos = 1
                label = LABELS[low]
                if label == "round":
                    num = r.take("the round number")
                    round_number = whole_number(num)
                    if round_number is None or not 1 <= round_number <= 9:
                        raise r.error(f"Expected a round number 1 to 9, found '{num}'", 1)
                    out.append(Marker("round", round_number, line.number, line.col(0)))
                    ends.append(r.pos)
                    label = None
                elif label == "check":
                    _check(r, 0, out, ends)
                    label = None
                elif label == "reveal":
                    _reveal(r, 0, out, ends)
                    label = None
            _items(r, label, out, ends)
        if line.comments:
            _merge_comments(entries, out, ends, line)
    return record


def _merge_comments(entries: list[Entry], items: list[Entry], ends: list[int],
                    line: RawLine) -> None:
    """Put each comment after the last item that ends before it on its line.

    A comment that follows no item of its line (a line of comments only, or a comment
    before the line's first item is complete) is anchored to a line of its own there.
    """
    comments = list(line.comments)
    own = True
    for entry, end in zip(items, ends):
        while comments and comments[0].after < end:
            c = comments.pop(0)
            entries.append(CommentEntry(c.text, c.brace, own, c.line, c.col))
        entries.append(entry)
        own = False
    for c in comments:
        entries.append(CommentEntry(c.text, c.brace, own, c.line, c.col))
