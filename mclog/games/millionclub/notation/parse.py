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
from typing import Final

from mclog.errors import RecordError
from mclog.record.checks import Check, check_meant, read_check, written_as
from mclog.record.framing import (MARKS, RawGame, RawLine, comment_hint, in_figures, mark_hint,
                                  stray_mark, unseen_hint, whole_number)
from mclog.record.names import (case_slip, closest, near, not_a_player, player_meant,
                                seats_by_name)
from mclog.record.verbs import filler_hint
from ..rules.board import ROMAN
from ..rules.cards import CONTINENTS, INDUSTRY_TYPES
from ..rules.interning import interned
from ..rules.moves import Place
from .record import GameRecord, Marker, RevealEntry, table_from_tags
from ..rules.state import Table
from .verbs import COLONY_WORDS, DRAWN, READERS, Reader, did_you_mean, read_place, read_start
from .vocabulary import CARDS, LABELS, SPOTS, UNKNOWN, VERBS, parse_industry, parse_spot

#: The commonest item, looked up whole: a placement in canonical form (``IV:T``) by its
#: word and then the seat placing.
_PLACES: Final[dict[str, tuple[Place, ...]]] = {
    word: tuple(interned(Place, seat, disc, sector) for seat in range(6))
    for word, (disc, sector) in SPOTS.items()}


def _items(r: Reader) -> None:
    """Read the items of the rest of the line into ``r.out``, each by its row of the verb
    table (``verbs.py``)."""
    words = r.words
    names = r.names
    label = r.label
    n = len(words)
    # One cursor, ``r.at``: the index of the next word not yet read.  Each item is read
    # from its first word ``at`` up to ``r.at``, where the next item (or comment) starts.
    named: int | None = None  # a name just read, that an item must follow on this line
    while r.at < n:
        at = r.at
        word = words[at]
        r.at = at + 1
        if word in names and label != "start":
            if named is not None:
                raise _no_item(r, named)
            r.subject, named = names[word], at
            continue
        named = None
        places = _PLACES.get(word)
        if places is not None:  # the commonest item: a placement in canonical form
            if r.subject is None and label == "start":   # (``start Yann`` above it)
                raise r.error(f"'{word}' is a placement, on a 'start' line (a line with no "
                              "label goes on with the label of the line before it): begin "
                              "the line with 'place'", at)
            seat = r.subject if r.subject is not None else r.player(at)   # (which raises)
            r.put(places[seat], at)
            continue
        if label == "start":
            r.put(read_start(r, at), at)
            continue
        low = word.lower()
        reader = READERS.get(low)
        if reader is None:
            if parse_spot(word) is not None:   # (a spot in another form: ``stock:raw``)
                reader = read_place
            elif label == "setup" and (low in CARDS or word == UNKNOWN):  # a card dealt
                r.put(DRAWN[low if word != UNKNOWN else UNKNOWN], at)
                continue
            elif label == "setup" and (industry := parse_industry(word)) is not None:
                raise r.error(f"'{word}': a starting Industry card is written by its type "
                              f"alone, '{industry[0]}' (each starts at level 1)", at)
            elif label is None and r.subject is not None and (low in CARDS or word == UNKNOWN) \
                    and not any(hasattr(e, "move") for e in r.out):   # (``Ann asia, Ben ?``)
                name = r.table.names[r.subject]
                raise r.error(f"'{name} {word}' is written as a starting deal, which stands "
                              f"on a 'setup' line: 'setup {name} {word}'", at)
            else:
                meant = check_meant(word, words[at + 1] if at + 1 < n else None, CHECKS)
                if meant:   # (``score Ann 12``, ``final score ...``: a count the table made)
                    raise r.error(f"'{word}' is not a word of the notation{meant}", at)
                raise r.error(_unknown_word(word, r.table, first=at == 0,
                                            before=words[at - 1] if at else None,
                                            swapped=_swapped(r, at)), at)
        move = reader(r, at)
        if move is not None:   # (None: the row put its items in itself, as ``draws`` does)
            r.put(move, at)
    if named is not None:
        raise _no_item(r, named)


def _no_item(r: Reader, at: int) -> RecordError:
    """A player's name with nothing after it on its line: a move left out (``place Ann
    IV:R, Ben``), which would otherwise pass unseen."""
    name = r.words[at]
    if r.label == "setup":   # (``setup Ann india, Ben, Cleo``: a seat's record's ? left out)
        return r.error(f"'{name}' names no card: write the card {name} was dealt after the "
                       f"name (a colony not seen is ?: '{name} ?')", at)
    return r.error(f"'{name}' names no move: write what {name} did after the name "
                   f"(a name only sets who the items after it on its line are by)", at)


#: Slips a hint names (patterns ``re`` compiles the first time a slip asks, not at every
#: start): a disc in figures (``4:F``), a spot written apart from its sector (``IV-F``; a
#: phone's dashes and a full-width colon too, ``IV–F``, ``IV：F``).
_DISC_IN_FIGURES: Final = r"^([0-9])(?:[:\-]?([ftrFTR]))?$"
_SPOT_MISWRITTEN: Final = r"(?i)^(iv|i)[-.;/_\u2013\u2014\uff1a\u2236]?([ftr])$"
#: A sector that is no industry type (``IV:X``, ``I:G``).
_SECTOR_MISWRITTEN: Final = r"(?i)^(iv|i):(.*)$"


def _is_a_word(word: str, table: Table) -> bool:
    """Whether ``word`` is a word of the notation as written: a player's name, a line's
    label, a verb, a card, a spot or an industry."""
    low = word.lower()
    return (word in table.names or low in LABELS or low in READERS or low in CARDS
            or word == UNKNOWN or parse_spot(word) is not None
            or parse_industry(word) is not None)


def _swapped(r: Reader, at: int) -> str | None:
    """The item the word at ``at`` and the one after it make the other way round (``Ann
    R1 up``: ``up R1``), where it reads as one whole item on this line, else None."""
    words = r.words
    if at + 1 >= len(words) or words[at + 1].lower() not in READERS:
        return None
    trial = Reader(r.table, r.names)
    trial.start(RawLine(r.raw.number, [words[at + 1], words[at]]), [])
    trial.label, trial.subject, trial.at = r.label, r.subject, 1
    try:
        READERS[words[at + 1].lower()](trial, 0)
    except (RecordError, ValueError):
        return None
    return f"{words[at + 1]} {words[at]}" if trial.at == 2 else None


def _unknown_word(word: str, table: Table, first: bool = False,
                  before: str | None = None, swapped: str | None = None) -> str:
    """Why ``word`` is no item, with the word meant where a slip makes it plain (a name in
    the wrong case, a misspelt verb, card or line label, a disc written in figures, a
    sector set apart from its disc: ``before`` is the word before it; a card or an
    industry before its verb: ``swapped``, the item the two make the other way round)."""
    marked = stray_mark(word, lambda bare: _is_a_word(bare, table))
    if marked is not None:   # (``Eve.``, ``R:``, ``I:T.``)
        return marked
    low = word.lower()
    if low in ("skip", "skips", "skipped"):   # (not a word of the notation: a name may be Skip)
        return f"'{word}' is not a word of the notation (a choice let go is written pass)"
    if before in table.names and low in _SHOWS:   # (``Zoe shows india``)
        return (f"'{before} {word}': the colonies a player shows at the end are written "
                f"'reveal {before} <continent> ...'")
    if before in table.names and low in ("start", "starts", "started", "begins", "first"):
        return f"'{before} {word}': the start player is written 'start {before}'"
    if before is not None and low in ("f", "t", "r") and before.upper() in ("I", "IV"):
        return (f"'{word}' follows '{before}': a pawn's disc and its sector are one word, "
                f"{before.upper()}:{word.upper()}")
    if before is not None and re.fullmatch(r"\+[0-9]*", word) and \
            parse_industry(before + (word if word != "+" else "+1")) is not None:   # (``R2 +1``)
        meant = before.upper() + (word if word != "+" else "+1")
        return (f"'{word}' follows '{before}': a Capital Increase is one word with its "
                f"industry, {meant}")
    if before is not None and len(before) == 1 and parse_industry(before + word) is not None:
        return (f"'{word}' follows '{before}': an industry and its level are one word, "
                f"{before.upper()}{word}")   # (``up R 1``)
    if before is not None and low == "for" and (before.lower() in CARDS or before == UNKNOWN
                                                 or parse_industry(before) is not None):
        return (f"'for' is not written after '{before}', nor a price: the rules work it "
                "out")   # (``Ann buys africa for 2``, ``takeover Ben F1 for 3``)
    if before is not None and low == "to" and parse_industry(before) is not None:
        return (f"'to' is not written after '{before}', nor the level it goes to: the rules "
                "work it out")   # (``up F2 to F3``)
    carried = _CARRIED_OUT.get(CARDS.get(before.lower(), "")) if before else None
    if carried is not None and (parse_industry(word) or CARDS.get(low) in COLONY_WORDS
                                or word in table.names):   # (``plays increase R2``)
        return (f"'{word}' follows the card '{before}': what it does is written with its "
                f"verbs, '{carried}'")
    if swapped is not None:   # (``Ann R1 up``)
        return (f"'{word} {swapped.split()[0]}': the verb comes before the "
                f"{'card' if low in CARDS or word == UNKNOWN else 'industry'}: '{swapped}'")
    if low in CARDS or word == UNKNOWN:
        return (f"'{word}' is a card, but no verb says what happens to it "
                "(draws, buys, sets, plays, picks ...)")
    if parse_industry(word):
        return f"'{word}' is an industry, but no verb says what happens to it (up, cash ...)"
    spot = re.match(_SPOT_MISWRITTEN, word)   # (before a name: ``IVR`` is capitalised)
    if spot:
        return (f"'{word}' is not a word of the notation: a spot and its sector are "
                f"written {spot[1].upper()}:{spot[2].upper()}")
    if case_slip(word, table.names) or (word[:1].isupper() and word.isalpha()):
        return not_a_player(word, table.names)
    sector = re.match(_SECTOR_MISWRITTEN, word)
    if sector:
        disc = sector[1].upper()
        return (f"'{word}' is not a word of the notation: a pawn on {disc} stands in a "
                f"sector, F, T or R ({disc}:F, {disc}:T or {disc}:R)")
    figures = re.match(_DISC_IN_FIGURES, word)
    if figures and int(figures[1]) in ROMAN:
        meant = ROMAN[int(figures[1])] + (f":{figures[2].upper()}" if figures[2] else "")
        return (f"'{word}' is not a word of the notation: a disc is written in Roman "
                f"numerals ({meant}; IV:F, IV:T or IV:R for the Stock Exchange)")
    if not first and low in LABELS:   # (``place place Ann II``)
        return f"'{word}' is a line's label, which comes once, first on its line"
    hint = comment_hint(word) or (_label_meant(low) if first else "") or \
        unseen_hint(word, one=before != UNKNOWN) or \
        filler_hint(word) or (_CARD_SAID if low in ("card", "cards") else "")
    lowered = [n.lower() for n in table.names]  # (a name two players share but for case: none)
    names_of = {low_name: n for low_name, n in zip(lowered, table.names)
                if lowered.count(low_name) == 1}
    hint = hint or did_you_mean(low, {**VERBS, **CARDS, **names_of,
                                       **{spot.lower(): spot for spot in SPOTS}})
    return f"'{word}' is not a word of the notation{hint or ' (see docs/millionclub/format.md)'}"


#: ``buys india card``: the word a player may say after a card's name.
_CARD_SAID: Final = " ('card' is not written: a card is written by its name alone)"


#: What each Intrigue card that asks more of its player is written with, after ``plays``
#: (docs/millionclub/format.md, "Moves"): a value written straight after the card is told so.
_CARRIED_OUT: Final = {
    "increase": "plays increase, invests <industry>",
    "dumping": "plays dumping, dumps <industry> <opponent> <industry>",
    "unfair": "plays unfair, raises <industry>, lowers <opponent> <industry>",
    "contract": "plays contract, targets <opponent>, takes <continent>",
    "unrest": "plays unrest, targets <opponent>, swaps <continent> <continent>",
    "expansion": "plays expansion, up <industry>",
}


def _label_meant(word: str) -> str:
    """`` (did you mean lobby?)`` for a line's first word a slip away from a label; where
    two labels are as near (``lobbys``: lobby or lobbyist), both, rather than a guess among
    the verbs and cards."""
    labels = [label for label, _ in near(word, LABELS)]
    if len(labels) > 1 and closest(word, LABELS) is None:
        return f" (did you mean {' or '.join(labels[:2])}?)"
    return did_you_mean(word, LABELS)


#: The checks a record reads (docs/millionclub/format.md, "Checks"): each player's money
#: and score, and the price markers by industry (``F9`` or ``F 9``).
CHECKS: Final = (Check("money", units="mM",    # (money is counted in millions: 15M is 15)
                       aliases=("cash",)),     # (as Cartel's and Joakim's tables say it)
                 Check("prices", keys={w: k for w, k in CARDS.items() if k in INDUSTRY_TYPES},
                       joined=True, aliases=("price",)),
                 Check("score", aliases=("scores",),
                       units="VvPpts"))   # (victory points: 24VP, 24pts, 24p is 24)
_CHECK_WORDS: Final = {w for kind in CHECKS for w in (kind.word, *kind.aliases)}


def _reveal(r: Reader, first: int) -> None:
    seat: int | None = None
    cards: list[str] = []
    where = first
    nothing: int | None = None   # (where ``none`` was said of the player being read)

    def flush() -> None:
        if seat is not None:
            r.add(RevealEntry(seat, tuple(cards), r.raw.number, r.raw.col(where)), where)

    while (word := r.peek()) is not None:
        at = r.at
        r.at += 1
        low = word.lower()
        if word in r.names and r.names[word] == seat:
            raise r.error(f"'{word}' is named twice in one reveal: the name comes once, then "
                          f"each colony {word} shows", at)
        if word in r.names:
            flush()
            seat, cards, where, nothing = r.names[word], [], at, None
        elif seat is None:
            hint = written_as(word, _CHECK_WORDS, r.names) or player_meant(word, list(r.names))
            raise r.error(f"Expected a player's name after 'reveal', found '{word}'{hint}", at)
        elif low in ("none", "nothing", "-"):
            if cards:
                raise _none_and_cards(r, seat, at)
            nothing = at
            continue
        elif low == "reveal":   # (``reveal Ann asia, reveal Ben africa``: one line, as
            continue            # ``reveal Ann asia Ben africa``)
        elif CARDS.get(low) in COLONY_WORDS:
            if nothing is not None:
                raise _none_and_cards(r, seat, nothing)
            cards.append(CARDS[low])
        elif (low in _SHOWS or low in _HAS) and not cards:   # (``reveal Zoe has india``)
            raise r.error(f"Expected a continent in {r.table.names[seat]}'s reveal, found "
                          f"'{word}' ('{word}' is not written: 'reveal "
                          f"{r.table.names[seat]} {r.peek() or '<continent>'} ...')", at)
        else:
            counted = _count_of(low, cards, (r.peek() or "").lower())
            hint = written_as(word, _CHECK_WORDS, r.names) or did_you_mean(low, CONTINENTS) \
                or _counted(word, counted) or player_meant(word, list(r.names))
            raise r.error(f"Expected a continent in {r.table.names[seat]}'s reveal, "
                          f"found '{word}'{hint}", at)
    if seat is None:
        raise r.error("Expected a player's name after 'reveal'", first, end=True)
    flush()


def _none_and_cards(r: Reader, seat: int, at: int) -> RecordError:
    """A reveal that says both that a player shows no colony and which ones they show: the
    record cannot tell which the table meant."""
    name = r.table.names[seat]
    return r.error(f"'{r.words[at]}' says {name} shows no colony, but this reveal names "
                   f"{name}'s colonies too: write one or the other", at)


#: What a table says a player does at the reveal (``Zoe shows india``), which the record
#: does not write; and, inside a reveal, what the player holds (``reveal Zoe has india``).
_SHOWS: Final = frozenset({"reveal", "reveals", "revealed", "shows", "show", "showed"})
_HAS: Final = frozenset({"has", "holds", "had", "held"})


#: A count written in a reveal: ``4``, ``x4``, ``4x``, ``×4``.
_COUNT: Final = r"^(?:[x×*]?([0-9]+)|([0-9]+)[x×*])$"


def _count_of(word: str, cards: list[str], after: str) -> str:
    """The continent a count in a reveal would count: the one before it where the count
    is written after it (``asia x3``, ``asia 3x``) or nothing follows, else the one after
    it (``3 asia``, ``3x asia``)."""
    before = cards[-1] if cards else None
    following = CARDS[after] if CARDS.get(after) in COLONY_WORDS else None
    if before is not None and (word[:1] in "x×*" or following is None):
        return before
    return following or before or "asia"


def _counted(word: str, continent: str) -> str:
    """``: a reveal names each card ...`` where ``word`` counts cards (``reveal Ann 4
    asia``, ``asia x4``), as a player counting their colonies might write, shown with
    ``continent`` (the one it counts); else nothing."""
    count = re.match(_COUNT, word.lower())
    if count is None:
        return ""
    n = int(count[1] or count[2])
    cards = " ".join([continent] * n) if 1 <= n <= 6 else f"{continent} {continent} ..."
    return f": a reveal names each colony card shown, not a count ({cards})"


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
    names = seats_by_name(table.names)
    record = GameRecord(tags, table, [], file, number, raw.start)
    entries = record.entries
    r = Reader(table, names)
    label: str | None = None
    for line in raw.take_lines():
        r.start(line, entries)
        if r.words:
            head = r.words[0]
            low = head.lower()
            if head[-1] in MARKS and head not in names:   # (``colonies: Ann buys asia``)
                marked = stray_mark(head, lambda word: word.lower() in LABELS)
                if marked is not None:
                    raise r.error(marked, 0)
            if low in LABELS and head not in names:
                r.at = 1
                label = LABELS[low]
                if label == "round":
                    num = r.take("the round number")
                    round_number = whole_number(num)
                    if round_number is None or not 1 <= round_number <= 9:
                        hint = mark_hint(num, lambda bare: whole_number(bare) is not None) \
                            or in_figures(num)
                        raise r.error(f"Expected a round number 1 to 9, found '{num}'{hint}",
                                      1)
                    r.add(Marker("round", round_number, line.number, line.col(0)), 0)
                    label = None
                elif label == "check":
                    read_check(r, CHECKS, r.names, several=True)
                    label = None
                elif label == "reveal":
                    _reveal(r, 0)
                    label = None
            r.label = label
            _items(r)
        r.end()
    return record
