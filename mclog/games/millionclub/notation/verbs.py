"""Million Club's notation as a table: one row per item, each with its verb and the other
words a person may write for it, its move, its reader, its writer and the move in a
message's words.  The parser (``parse.py``), the writer (``writer.py``, through
``text.item_words``) and the replayer's messages all go by this table: a verb is read and
written here and nowhere else.

Two items have no verb: a placement is its spot (``Ann IV:T``), and the start player is
the name on the ``start`` line; their rows have an empty word.  A player's name before
items sets whose they are (the reader's ``subject``); ``draws`` takes a list of cards.

>>> from mclog.games.millionclub.rules.moves import Dump, Place, Turn
>>> from mclog.games.millionclub.rules.cards import Industry
>>> names = ("Ann", "Ben")
>>> VERBS.item(Place(0, 4, "T"), names), VERBS.item(Turn(1, Industry("F", 2, 1), "capital"), names)
('IV:T', 'cash F2+1')
>>> VERBS.item(Dump(1, Industry("F", 2), 0, Industry("T", 3, 1)), names)
'dumps F2 Ann T3+1'
>>> VERBS.verb("bought").word, VERBS.verb("Takes-Over").word
('buys', 'takeover')
"""

from __future__ import annotations

import re
from collections.abc import Collection
from typing import Any, Final

from mclog.record.verbs import Verb, Verbs, filler_hint
from mclog.record.cursor import Cursor
from mclog.record.framing import UNSEEN_SAID, RawLine, mark_hint, repeated_hint, unseen_hint
from mclog.record.names import closest
from ..rules.board import SCHEMER
from ..rules.cards import CONTINENTS, DECK_OF, INTRIGUE_CARDS, Industry
from ..rules.interning import interned
from ..rules.moves import (
    CAPITAL, DEVELOP, MOVE_PHRASES, Buy, BuyContract, CapitalIncrease, Choose, Draw, Dump,
    Lower, Move, MovePawn, Pass, Pick, Place, Raise, SetAside, StartPlayer, Swap, Takeover,
    Target, Turn, UsePrivilege,
)
from ..rules.state import Table
from .entry import MoveEntry
from .vocabulary import CARDS, UNKNOWN, VERB_ALIASES, parse_industry, parse_spot, spot_word


class Reader(Cursor):
    """The shared word cursor (``mclog.record.cursor``: ``at`` is the index of the next
    word not yet read, and the line's comments are put in between the items by the one
    rule), with what Million Club's items read: a player's name, a card, an industry, and
    whose the item is (``subject``: the name written before it on its line).  One reader
    serves a whole game; columns are asked of the line only when an entry or an error
    needs one."""

    def __init__(self, table: Table, names: dict[str, int]) -> None:
        super().__init__()
        self.table = table
        self.names = names
        self.subject: int | None = None
        self.label: str | None = None

    def start(self, line: RawLine, out: list) -> None:
        """Start reading ``line`` into ``out``, whose items are nobody's yet."""
        Cursor.start(self, line, out)
        self.subject = None

    def put(self, move: Move, word: int) -> None:
        """``move``, read from the item at word ``word``, as an entry of the record.

        (``Cursor.add`` written out: this is the commonest call of a read, once an item.)"""
        if self.comments is not None:
            self.comments.before(word)
        self.out.append(MoveEntry(move, self.subject, self.label, self.source, word))

    def seat(self, expected: str = "a player's name") -> int:
        word = self.take(expected)
        if word in self.names:
            return self.names[word]
        after = self.peek()   # (``takeover R1 Zoe``: the two the wrong way round)
        hint = mark_hint(word, self.names.__contains__) or filler_hint(word) or \
            (f" ('{word}' and '{after}' are the wrong way round)" if after in self.names
             else "") or did_you_mean(word, self.table.names)
        raise self.error(f"Expected {expected} ({', '.join(self.table.names)}), "
                         f"found '{word}'{hint}", self.at - 1)

    def card(self, kinds: Collection[str], what: str, unknown: bool = True) -> str:
        # (``Ben buys``, ``Ben buys a colony``: a seat's record leaving out the ? of a card
        # it did not see, or saying it in words; an Industry card is bought face up, R15)
        word = self.take(what, UNSEEN_SAID if unknown and self.label != "industries" else "")
        if unknown and word == UNKNOWN:
            return UNKNOWN
        kind = CARDS.get(word.lower())
        if kind is None or kind not in kinds:
            words = {w: k for w, k in CARDS.items() if k in kinds}
            hint = repeated_hint(self.words, self.at - 1) or \
                mark_hint(word, lambda bare: bare == UNKNOWN and unknown
                          or CARDS.get(bare.lower()) in kinds) or (
                "" if kind else filler_hint(word) or
                (_BY_NAME if word.lower() in _ARTICLES else "") or
                did_you_mean(word.lower(), words)) or \
                (unseen_hint(word, one=True) if unknown else "")
            raise self.error(f"Expected {what}, found '{word}'{hint}", self.at - 1)
        return kind

    def industry(self, what: str = "an industry such as F2 or T3+1") -> Industry:
        word = self.take(what)
        card = parse_industry(word)
        if card is None:
            hint = mark_hint(word, lambda bare: parse_industry(bare) is not None) or \
                (LEVELS if _LEVELLED.match(word) else "") or filler_hint(word)
            raise self.error(f"Expected {what}, found '{word}'{hint}", self.at - 1)
        return card

    def player(self, verb_at: int) -> int:
        if self.subject is None:
            raise self.error(f"Whose move is '{self.words[verb_at]}'? Write the player's name "
                             "before it", verb_at)
        return self.subject


def did_you_mean(word: str, choices: Collection[str]) -> str:
    """`` (did you mean buys?)`` for a word a slip away from one of ``choices`` (a list,
    or a mapping of each word to the one to suggest: an alias to its canonical word),
    else nothing: a suggestion only where one meaning stands out from the others."""
    meant = closest(word, choices)
    return f" (did you mean {meant}?)" if meant else ""


#: An industry written with a level an industry card does not print (``R6``, ``F0+1``).
_LEVELLED: Final = re.compile(r"^[ftr][0-9]+(\+[0-9]+)?$", re.IGNORECASE)
LEVELS: Final = (" (an industry card's printed level is 1 to 4, and +1 follows it for each "
                 "Capital Increase: T3+1)")

ANY_CARD: Final = frozenset(DECK_OF)
COLONY_WORDS: Final = frozenset(CONTINENTS)
INTRIGUE_WORDS: Final = frozenset(INTRIGUE_CARDS)
#: A drawn card by its word in lower case (a draft's draws are most of a record's items).
DRAWN: Final[dict[str, Draw]] = {word: interned(Draw, kind) for word, kind in CARDS.items()}
DRAWN[UNKNOWN] = interned(Draw, UNKNOWN)


# --- the readers: each takes its item's words after the verb (at ``at``) ------------------


def _draws(r: Reader, at: int) -> None:
    """``draws racket expansion ?``: a card drawn each, each an entry of its own."""
    first = r.at
    words, n = r.words, len(r.words)
    while r.at < n and (drawn := DRAWN.get(words[r.at].lower())) is not None:
        r.at += 1
        r.put(drawn, r.at - 1)
    if r.at == first:
        if r.peek() is None:
            raise r.error(f"Expected the cards drawn after 'draws', but {r.raw.ends()}",
                          at, end=True)
        word = words[r.at]
        hint = repeated_hint(words, r.at) or \
            mark_hint(word, lambda bare: bare.lower() in DRAWN) or \
            did_you_mean(word.lower(), CARDS) or unseen_hint(word)
        raise r.error(f"Expected the cards drawn after 'draws', found '{word}'{hint}", r.at)


def _picks(r: Reader, at: int) -> Move:
    return Pick(r.player(at), r.card(ANY_CARD, "the card picked"))


def _up(r: Reader, at: int) -> Move:
    return interned(Turn, r.player(at), r.industry(), DEVELOP)


def _cash(r: Reader, at: int) -> Move:
    r.optional("in")   # (``Ben cashes in F3``: no industry is called in)
    return interned(Turn, r.player(at), r.industry(), CAPITAL)


def _pass(r: Reader, at: int) -> Move:
    return interned(Pass, r.player(at))


def _uses(r: Reader, at: int) -> Move:
    return interned(UsePrivilege, r.player(at))


def _moves(r: Reader, at: int) -> Move:
    who = r.player(at)
    target = r.take("a disc such as III or IV:T")
    spot = parse_spot(target)
    if spot is None:
        hint = mark_hint(target, lambda bare: parse_spot(bare) is not None) or \
            filler_hint(target)
        raise r.error(f"Expected a disc such as III or IV:T, found '{target}'{hint}",
                      r.at - 1)
    return MovePawn(who, *spot)


def _plays(r: Reader, at: int) -> Move:
    return interned(Choose, r.player(at), r.card(INTRIGUE_WORDS, "an Intrigue card"))


def _buys(r: Reader, at: int) -> Move:
    return interned(Buy, r.player(at), r.card(ANY_CARD, "the card bought"))


def _sets(r: Reader, at: int) -> Move:
    who = r.player(at)
    r.optional("aside")   # (``sets aside asia``)
    return interned(SetAside, who, r.card(ANY_CARD, "the card set aside"))


def _takeover(r: Reader, at: int) -> Move:
    who = r.player(at)
    return Takeover(who, r.seat("the owner's name"), r.industry())


def _targets(r: Reader, at: int) -> Move:
    return Target(r.player(at), r.seat("the opponent's name"))


def _takes(r: Reader, at: int) -> Move:
    if r.optional("over"):   # (``takes over Zoe R1``: no continent is called over)
        return _takeover(r, at)
    _opponent_named_once(r, "its continent", "takes asia")
    return BuyContract(r.player(at), r.card(COLONY_WORDS, "a continent"))


def _opponent_named_once(r: Reader, values: str, example: str) -> None:
    """A player named after a contract's ``takes`` or ``swaps`` (``takes Zoe india``) told
    that ``targets`` named them already."""
    if r.at < len(r.words) and r.words[r.at] in r.names:
        raise r.error(f"'{r.words[r.at]}' is named once, by 'targets {r.words[r.at]}': "
                      f"'{example.split()[0]}' is followed by {values} alone ('{example}')",
                      r.at)


def _swaps(r: Reader, at: int) -> Move:
    who = r.player(at)
    _opponent_named_once(r, "the two continents", "swaps asia india")
    if r.at < len(r.words) and parse_industry(r.words[r.at]) is not None:   # (Dumping's)
        raise r.error(f"'{r.words[r.at]}' is an industry: Dumping exchanges industries, "
                      f"written 'dumps {r.words[r.at]} <opponent> <industry>'; 'swaps' is a "
                      "contract's exchange of colonies ('swaps asia india')", r.at)
    give = r.card(COLONY_WORDS, "the continent given")
    return Swap(who, give, r.card(COLONY_WORDS, "the continent taken"))


def _raises(r: Reader, at: int) -> Move:
    return Raise(r.player(at), r.industry())


def _lowers(r: Reader, at: int) -> Move:
    who = r.player(at)
    return Lower(who, r.seat("the owner's name"), r.industry())


def _dumps(r: Reader, at: int) -> Move:
    who = r.player(at)
    dumped = r.industry("the industry given, such as F2")
    owner = r.seat("the opponent's name")
    return Dump(who, dumped, owner, r.industry("the industry taken, such as T3"))


def _invests(r: Reader, at: int) -> Move:
    return CapitalIncrease(r.player(at), r.industry())


def _place(r: Reader, at: int) -> Move:
    """A spot written as the item itself (``IV:T``, ``stock:raw``)."""
    spot = parse_spot(r.words[at])
    if spot is None:
        raise r.error(f"Expected a disc such as III or IV:T, found '{r.words[at]}'", at)
    return interned(Place, r.player(at), spot[0], spot[1])


def _start(r: Reader, at: int) -> Move:
    """The name on the ``start`` line: the start player (the Schemer's, if one plays)."""
    r.at = at  # (the item's word is the name itself)
    after = r.words[at + 1] if at + 1 < len(r.words) else None
    if r.words[at].lower() in ("player", "is") and after in r.names:   # (``start player Ann``)
        raise r.error(f"'{r.words[at]}' is not written: 'start {after}'", at)
    seat = r.seat("the name of the start player")
    return StartPlayer(seat, r.table.seat_of_role(SCHEMER))


# --- the writers ---------------------------------------------------------------------------


#: A card said with an article (``buys a colony``, ``takes one``).
_ARTICLES: Final = frozenset({"a", "an", "one", "the"})
_BY_NAME: Final = " (a card is written by its name alone, or ? if not seen)"


def card_text(card: str) -> str:
    """Unknown cards (``?3`` inside the replayer) are written ``?``."""
    return UNKNOWN if card.startswith(UNKNOWN) else card


def _row(word: str, move: type, reader: Any, writer: Any) -> Verb:
    """A row of the table: its other words are the notation's aliases of ``word``."""
    return Verb(word, move, aliases=VERB_ALIASES.get(word, ()), reader=reader, writer=writer,
                phrase=MOVE_PHRASES[move])


#: One row per item, the commonest first: its verb (and aliases: ``bought``, ``take-over``),
#: its move, its reader, its writer (given the move and the players' names: the item's
#: words without the subject's name) and how a message names the move (``MOVE_PHRASES``, which
#: the rules use too).  Two verbs write one move (``up``, ``cash``: an industry turn):
#: the move is written by the first.
ROWS: Final[tuple[Verb, ...]] = (
    _row("", Place, _place, lambda m, names: spot_word(m.disc, m.sector)),
    _row("up", Turn, _up, lambda m, names: f"{'cash' if m.action == CAPITAL else 'up'} "
                                       f"{m.industry}"),
    _row("cash", Turn, _cash, None),
    _row("pass", Pass, _pass, lambda m, names: "pass"),
    _row("draws", Draw, _draws, lambda m, names: f"draws {card_text(m.card)}"),
    _row("buys", Buy, _buys, lambda m, names: f"buys {card_text(m.card)}"),
    _row("sets", SetAside, _sets, lambda m, names: f"sets {card_text(m.card)}"),
    _row("plays", Choose, _plays, lambda m, names: f"plays {card_text(m.card)}"),
    _row("uses", UsePrivilege, _uses, lambda m, names: "uses"),
    _row("moves", MovePawn, _moves, lambda m, names: f"moves {spot_word(m.disc, m.sector)}"),
    _row("start", StartPlayer, _start, lambda m, names: names[m.seat]),
    _row("picks", Pick, _picks, lambda m, names: f"picks {card_text(m.card)}"),
    _row("takeover", Takeover, _takeover,
         lambda m, names: f"takeover {names[m.owner]} {m.industry}"),
    _row("targets", Target, _targets, lambda m, names: f"targets {names[m.opponent]}"),
    _row("takes", BuyContract, _takes, lambda m, names: f"takes {card_text(m.continent)}"),
    _row("swaps", Swap, _swaps,
         lambda m, names: f"swaps {card_text(m.give)} {card_text(m.take)}"),
    _row("raises", Raise, _raises, lambda m, names: f"raises {m.industry}"),
    _row("lowers", Lower, _lowers, lambda m, names: f"lowers {names[m.owner]} {m.industry}"),
    _row("dumps", Dump, _dumps, lambda m, names: f"dumps {m.give} {names[m.owner]} {m.take}"),
    _row("invests", CapitalIncrease, _invests, lambda m, names: f"invests {m.industry}"),
)
VERBS: Final = Verbs(ROWS)
#: Each verb word in lower case (and its aliases) -> its reader: the parser's look-up.
#: The items with no verb word (a spot, the start player's name) are found otherwise.
READERS: Final[dict[str, Any]] = {word: row.reader for word, row in VERBS.by_word.items()
                                  if word and row.move is not StartPlayer}
#: ... and the two without: a spot in any form, and the start player's name.
read_place, read_start = _place, _start

__all__ = ["VERBS", "ROWS", "READERS", "Reader", "DRAWN", "card_text", "did_you_mean",
           "read_place", "read_start"]
