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
docs/format.md for every verb and alias.
"""

from __future__ import annotations

import re

from ..errors import RecordError
from ..record.framing import RawGame, RawLine, Token
from .board import SCHEMER
from .cards import CONTINENTS, DECK_OF, INDUSTRY_TYPES, INTRIGUE_CARDS
from .moves import (
    CAPITAL, DEVELOP, Buy, BuyContract, CapitalIncrease, Choose, Draw, Dump, Lower, MovePawn,
    Pass, Pick, Place, Raise, SetAside, StartPlayer, Swap, Takeover, Target, Turn, UsePrivilege,
)
from .record import (
    CheckEntry, CommentEntry, Entry, GameRecord, Marker, MoveEntry, RevealEntry,
    table_from_tags,
)
from .state import Table
from .vocabulary import CARDS, LABELS, UNKNOWN, VERBS, parse_industry, parse_spot

_PRICE = re.compile(r"^([ftr])=?([0-9]+)$", re.IGNORECASE)


class _Reader:
    """Reads the items of one line; ``pos`` walks its tokens."""

    def __init__(self, table: Table, line: RawLine, names: dict[str, int]) -> None:
        self.table = table
        self.tokens = line.tokens
        self.names = names
        self.pos = 0
        self.subject: int | None = None

    # --- tokens -----------------------------------------------------------

    def peek(self) -> Token | None:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else None

    def take(self, expected: str, after: Token) -> Token:
        tok = self.peek()
        if tok is None:
            raise _error(f"Expected {expected} after '{after.text}', but the line ends", after,
                         end=True)
        self.pos += 1
        return tok

    def seat(self, tok: Token | None = None, expected: str = "a player's name") -> int:
        tok = tok or self.take(expected, self.tokens[self.pos - 1])
        if tok.text in self.names:
            return self.names[tok.text]
        raise _error(f"Expected {expected} ({', '.join(self.table.names)}), "
                     f"found '{tok.text}'", tok)

    def card(self, after: Token, kinds, what: str, unknown: bool = True) -> str:
        tok = self.take(what, after)
        if unknown and tok.text == UNKNOWN:
            return UNKNOWN
        kind = CARDS.get(tok.text.lower())
        if kind is None or kind not in kinds:
            raise _error(f"Expected {what}, found '{tok.text}'", tok)
        return kind

    def industry(self, after: Token, what: str = "an industry such as F2 or T3+1"):
        tok = self.take(what, after)
        card = parse_industry(tok.text)
        if card is None:
            raise _error(f"Expected {what}, found '{tok.text}'", tok)
        return card

    def player(self, verb: Token) -> int:
        if self.subject is None:
            raise _error(f"Whose move is '{verb.text}'? Write the player's name before it", verb)
        return self.subject


def _error(message: str, tok: Token, end: bool = False) -> RecordError:
    col = tok.col + len(tok.text) if end else tok.col
    return RecordError(message, line=tok.line, col=col)


ANY_CARD = frozenset(DECK_OF)
COLONY_WORDS = frozenset(CONTINENTS)
INTRIGUE_WORDS = frozenset(INTRIGUE_CARDS)


def _items(r: _Reader, label: str | None, out: list[tuple[Entry, int]]) -> None:
    """Read the items of the rest of the line into ``out`` as (entry, last token index)."""
    table = r.table
    while (tok := r.peek()) is not None:
        r.pos += 1
        word = tok.text
        low = word.lower()
        if label == "start":
            seat = r.seat(tok, "the name of the start player")
            move = StartPlayer(seat, table.seat_of_role(SCHEMER))
            out.append((MoveEntry(move, tok.line, tok.col, None, label), r.pos))
            continue
        if word in r.names:
            r.subject = r.names[word]
            continue
        move = None
        verb = VERBS.get(low)
        spot = parse_spot(word) if verb is None else None
        if spot is not None:
            move = Place(r.player(tok), *spot)
        elif verb is None and label == "setup" and (low in CARDS or word == UNKNOWN):
            r.pos -= 1
            move = Draw(r.card(tok, ANY_CARD, "a card"))
            out.append((MoveEntry(move, tok.line, tok.col, r.subject, label), r.pos))
            continue
        elif verb == "draws":
            first = r.pos
            while (nxt := r.peek()) is not None and (nxt.text == UNKNOWN
                                                     or nxt.text.lower() in CARDS):
                r.pos += 1
                card = UNKNOWN if nxt.text == UNKNOWN else CARDS[nxt.text.lower()]
                out.append((MoveEntry(Draw(card), nxt.line, nxt.col, r.subject, label), r.pos))
            if r.pos == first:
                nxt = r.peek()
                if nxt is None:
                    raise _error("Expected the cards drawn after 'draws', but the line ends",
                                 tok, end=True)
                raise _error(f"Expected the cards drawn after 'draws', found '{nxt.text}'", nxt)
            continue
        elif verb == "picks":
            move = Pick(r.player(tok), r.card(tok, ANY_CARD, "the card picked"))
        elif verb in ("up", "cash"):
            move = Turn(r.player(tok), r.industry(tok), DEVELOP if verb == "up" else CAPITAL)
        elif verb == "pass":
            move = Pass(r.player(tok))
        elif verb == "uses":
            move = UsePrivilege(r.player(tok))
        elif verb == "moves":
            who = r.player(tok)
            target = r.take("a disc such as III or IV:T", tok)
            spot = parse_spot(target.text)
            if spot is None:
                raise _error(f"Expected a disc such as III or IV:T, found '{target.text}'",
                             target)
            move = MovePawn(who, *spot)
        elif verb == "plays":
            move = Choose(r.player(tok), r.card(tok, INTRIGUE_WORDS, "an Intrigue card"))
        elif verb == "buys":
            move = Buy(r.player(tok), r.card(tok, ANY_CARD, "the card bought"))
        elif verb == "sets":
            who = r.player(tok)
            if (nxt := r.peek()) is not None and nxt.text.lower() == "aside":
                r.pos += 1
            move = SetAside(who, r.card(tok, ANY_CARD, "the card set aside"))
        elif verb == "takeover":
            who = r.player(tok)
            move = Takeover(who, r.seat(None, "the owner's name"), r.industry(tok))
        elif verb == "targets":
            move = Target(r.player(tok), r.seat(None, "the opponent's name"))
        elif verb == "takes":
            move = BuyContract(r.player(tok), r.card(tok, COLONY_WORDS, "a continent"))
        elif verb == "swaps":
            who = r.player(tok)
            give = r.card(tok, COLONY_WORDS, "the continent given")
            move = Swap(who, give, r.card(tok, COLONY_WORDS, "the continent taken"))
        elif verb == "raises":
            move = Raise(r.player(tok), r.industry(tok))
        elif verb == "lowers":
            who = r.player(tok)
            move = Lower(who, r.seat(None, "the owner's name"), r.industry(tok))
        elif verb == "dumps":
            who = r.player(tok)
            give = r.industry(tok, "the industry given, such as F2")
            owner = r.seat(None, "the opponent's name")
            move = Dump(who, give, owner, r.industry(tok, "the industry taken, such as T3"))
        elif verb == "invests":
            move = CapitalIncrease(r.player(tok), r.industry(tok))
        if move is None:
            raise _error(_unknown_word(word, table), tok)
        out.append((MoveEntry(move, tok.line, tok.col, r.subject, label), r.pos))


def _unknown_word(word: str, table: Table) -> str:
    low = word.lower()
    if low in CARDS or word == UNKNOWN:
        return (f"'{word}' is a card, but no verb says what happens to it "
                "(draws, buys, sets, plays, picks ...)")
    if parse_industry(word):
        return f"'{word}' is an industry, but no verb says what happens to it (up, cash ...)"
    if word[:1].isupper() and word.isalpha():
        return f"'{word}' is not a player of this game ({', '.join(table.names)})"
    return f"'{word}' is not a word of the notation (see docs/format.md)"


def _check(r: _Reader, first: Token, out: list[tuple[Entry, int]]) -> None:
    what: str | None = None
    values: list[tuple[int | str, int]] = []
    start = first

    def flush() -> None:
        if what is not None:
            if not values:
                raise _error(f"'check {what}' needs at least one value", start, end=True)
            out.append((CheckEntry(what, tuple(values), start.line, start.col), r.pos))

    subject: int | None = None
    while (tok := r.peek()) is not None:
        r.pos += 1
        low = tok.text.lower()
        if low in ("money", "prices", "price", "score"):
            if what is not None and values:
                flush()
                values = []
            what, start = ("prices" if low == "price" else low), tok
        elif tok.text in r.names:
            subject = r.names[tok.text]
        elif what == "prices" and (m := _PRICE.match(tok.text)):
            values.append((m.group(1).upper(), int(m.group(2))))
        elif what == "prices" and low in CARDS and CARDS[low] in INDUSTRY_TYPES:
            num = r.take("a number", tok)
            if not num.text.isdigit():
                raise _error(f"Expected a price, found '{num.text}'", num)
            values.append((CARDS[low], int(num.text)))
        elif tok.text.isdigit() and what in ("money", "score"):
            if subject is None:
                raise _error(f"Whose {what} is {tok.text}? Write the player's name before it", tok)
            values.append((subject, int(tok.text)))
        elif tok.text.isdigit():
            raise _error("Say what is checked before the number: money, prices or score", tok)
        else:
            raise _error(f"Expected money, prices, score, a player or a number after 'check', "
                         f"found '{tok.text}'", tok)
    if what is None:
        raise _error("Expected money, prices or score after 'check'", first, end=True)
    flush()


def _reveal(r: _Reader, first: Token, out: list[tuple[Entry, int]]) -> None:
    seat: int | None = None
    cards: list[str] = []
    where = first

    def flush() -> None:
        if seat is not None:
            out.append((RevealEntry(seat, tuple(sorted(cards)), where.line, where.col), r.pos))

    while (tok := r.peek()) is not None:
        r.pos += 1
        low = tok.text.lower()
        if tok.text in r.names:
            flush()
            seat, cards, where = r.names[tok.text], [], tok
        elif seat is None:
            raise _error(f"Expected a player's name after 'reveal', found '{tok.text}'", tok)
        elif low in ("none", "nothing", "-"):
            continue
        elif CARDS.get(low) in COLONY_WORDS:
            cards.append(CARDS[low])
        else:
            raise _error(f"Expected a continent in {r.table.names[seat]}'s reveal, "
                         f"found '{tok.text}'", tok)
    if seat is None:
        raise _error("Expected a player's name after 'reveal'", first, end=True)
    flush()


def parse_game(raw: RawGame, file: str | None = None, number: int = 1) -> GameRecord:
    """Give meaning to one framed game.  Raises ``RecordError`` located in the file."""
    try:
        return _parse_game(raw, file, number)
    except RecordError as exc:
        raise exc.relocate(file=file, game=number if number > 1 else None) from None


def parse_tags(raw: RawGame) -> tuple[dict[str, str], Table]:
    tags: dict[str, str] = {}
    lines: dict[str, int] = {}
    for tag in raw.tags:
        if tag.name in tags:
            raise RecordError(f"The tag [{tag.name}] is given twice", line=tag.line, col=1,
                              code="header")
        tags[tag.name] = tag.value
        lines[tag.name] = tag.line
    if not raw.tags:
        line = raw.lines[0].number if raw.lines else raw.start
        raise RecordError('A game starts with its tags, at least [Players "Ann yellow, '
                          'Ben blue"]', line=line, col=1, code="header")
    return tags, table_from_tags(tags, lines)


def _parse_game(raw: RawGame, file: str | None, number: int) -> GameRecord:
    tags, table = parse_tags(raw)
    names = {name: seat for seat, name in enumerate(table.names)}
    record = GameRecord(tags, table, [], file, number, raw.start)
    label: str | None = None
    for line in raw.lines:
        items: list[tuple[Entry, int]] = []
        r = _Reader(table, line, names)
        if line.tokens:
            head = line.tokens[0]
            low = head.text.lower()
            if low in LABELS and head.text not in names:
                r.pos = 1
                label = LABELS[low]
                if label == "round":
                    num = r.take("the round number", head)
                    if not num.text.isdigit() or not 1 <= int(num.text) <= 9:
                        raise _error(f"Expected a round number 1 to 9, found '{num.text}'", num)
                    items.append((Marker("round", int(num.text), head.line, head.col), r.pos))
                    label = None
                elif label == "check":
                    _check(r, head, items)
                    label = None
                elif label == "reveal":
                    _reveal(r, head, items)
                    label = None
                else:
                    items.append((Marker(label, None, head.line, head.col), r.pos))
            _items(r, label, items)
        _merge_comments(record.entries, items, line)
    return record


def _merge_comments(entries: list[Entry], items: list[tuple[Entry, int]], line: RawLine) -> None:
    """Put each comment after the last item that ends before it on its line."""
    comments = list(line.comments)
    for entry, end in items:
        while comments and comments[0].after < end:
            c = comments.pop(0)
            entries.append(CommentEntry(c.text, c.brace, c.line, c.col))
        entries.append(entry)
    for c in comments:
        entries.append(CommentEntry(c.text, c.brace, c.line, c.col))
