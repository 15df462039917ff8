"""A kit game's record: its body read and written by the game's verb table
(``mclog.record.verbs``), one item after another.

An item is the verb and its fields' words (``roll Ann``, ``die 4``, ``bet Ann 30``).  A
line holds one item or several separated by commas; the writer puts each on its own line.
Checks (``check score Ann 12 Ben 9``, ``check money ...``) and comments are the shared
framing's (``mclog.record``): a comment on a line of its own stays on its own line, one
after an item belongs to that item.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from itertools import takewhile
from typing import Any

from mclog.record.entries import (CheckEntry, CommentEntry, FromSource, RecordBase,
                                  ends_its_line, inline_comments_length)
from mclog.errors import RecordError
from mclog.record.checks import Check, check_meant, check_text, read_check, set_apart
from mclog.record.cursor import Cursor
from mclog.record.files import MAX_LINE
from mclog.record.framing import (SourceLine, comment_text, escape_tag, stray_mark,
                                  whole_number)
from mclog.record.names import closest, near, seats_by_name
from mclog.record.verbs import (FILLERS, NotationError, Seat, Verb, Verbs, Word, field_reads,
                                reads_as)

@dataclass(slots=True)
class MoveEntry(FromSource):
    """A move as written, with where it was read."""

    move: Any
    source: SourceLine | None = field(default=None, compare=False, repr=False)
    word: int = field(default=0, compare=False, repr=False)


@dataclass(slots=True, eq=False, repr=False)
class KitRecord(RecordBase):
    """One game of a kit game: its name, tags (in order), players and body."""

    game: str
    tags: dict[str, str]
    names: tuple[str, ...]
    entries: list = field(default_factory=list)
    file: str | None = None
    number: int = 1
    start_line: int = 1

    @property
    def players(self) -> tuple[str, ...]:
        return self.names


#: The checks every kit game reads: what the table counts, by player.
CHECKS = ("score", "money")


#: ... as the check line's reader takes them.
CHECK_KINDS = (Check("score"), Check("money"))


def parse_body(record: KitRecord, lines, verbs: Verbs,
               kinds: Sequence[Check] = CHECK_KINDS) -> None:
    """Read the body ``lines`` (``framing.RawLine``) into ``record.entries``, each mistake a
    ``RecordError`` at its line and column.  Every verb takes a fixed number of words, so
    the items of a line are found by the table alone (commas between them are optional).
    ``kinds``: the checks the game reads (``mclog.record.checks``)."""
    if verbs.own_readers:   # (a mistake of the game's, not of the record: said to its author)
        raise TypeError(f"the kit reads each item by its fixed fields; the rows "
                        f"{', '.join(map(repr, verbs.own_readers))} have their own readers, "
                        "which the game's own parser calls (docs/adding-a-game.md, section 8)")
    seats = seats_by_name(record.names)
    read = verbs.moves_read(tuple(record.names))   # (each item's words read once)
    out = record.entries
    verb_of, by_word = verbs.verb, verbs.by_word

    def goes_on(word: str) -> bool:   # (an item after a check, on its line)
        return verb_of(word) is not None or word.lower() == "check"

    cursor = Cursor()   # (one for the body, line after line)
    for line in lines:
        words = line.words
        # (the comments anchored as in every game: ``mclog.record.cursor``)
        cursor.start(line, out)
        comments = cursor.comments
        if not words:
            if comments is not None:
                comments.rest()
            continue
        i = 0
        source = line.source()  # (one for the line's items)
        last: Verb | None = None  # the verb of the item before, on this line
        last_at = 0               # ... and where that item starts
        while i < len(words):
            if comments is not None:
                comments.before(i)
            verb = by_word.get(words[i]) or verb_of(words[i])   # (as written: most are)
            if verb is None and words[i].lower() == "check":   # ("Check money ...")
                cursor.at = i + 1
                try:
                    read_check(cursor, kinds, seats, goes_on=goes_on)
                except RecordError as exc:
                    raise record.error(exc.reason, exc.line, exc.col) from None
                end = cursor.at
            else:
                if verb is None:
                    # (``pool Ann krupp``: 'Ann' was read as the company, a field that
                    # takes any word)
                    needless = _named_needlessly(last, words, last_at, seats) \
                        if last is not None else None
                    if needless is not None:
                        raise record.error(needless[0], line.number,
                                           line.col(last_at + needless[1]))
                    # (``draw Ann, buy Ben quarry``: 'buy' was read as the card before)
                    swallowed = _swallowed(last, words[last_at:i], goes_on, seats) \
                        if last is not None else None
                    if swallowed is not None:
                        raise record.error(swallowed[0], line.number,
                                           line.col(last_at + swallowed[1]))
                    said = _after_item(words, i, last, last_at, verbs, seats) \
                        if last is not None else None
                    following = words[i + 1] if i + 1 < len(words) else None
                    meant = "" if said else check_meant(words[i], following, kinds)
                    raise record.error(   # (``price Ann 10``: a count the table made)
                        said or (f"'{words[i]}' is no move of this game{meant}" if meant else
                                 verbs.no_move(words[i], record.names, following,
                                               words[i + 2:])),
                        line.number, line.col(i))
                last, last_at = verb, i
                end = i + (verb.length(words, i) if verb.keyed else verb.width)
                item = tuple(words[i:end])
                move = read.get(item)
                if move is None:
                    try:
                        if len(item) < end - i:
                            raise NotationError(f"'{verb.word}' is written '{verb.form}', "
                                                f"but {line.ends()}", len(item))
                        move = verb.read(item, seats)
                    except NotationError as exc:
                        said, at = _named_needlessly(verb, words, i, seats) or \
                            _short(verb, item, exc, goes_on, seats, verbs)
                        raise record.error(said, line.number, line.col(i + at)) from None
                    if verb.immutable:
                        read[item] = move
                out.append(MoveEntry(move, source, i))
            i = end
        if comments is not None:
            comments.rest()


def _short(verb: Verb, item: tuple[str, ...], exc: NotationError, goes_on,
           seats: dict[str, int], verbs: Verbs) -> tuple[str, int]:
    """What is wrong where ``verb``'s item could not be read, and at which of its words:
    a fixed word left out, with the item it makes (``deal Ann Ben gold 1 4``: 'for'); a
    verb a letter away whose item the words make (``tips Ann 4``: 'tip Ann 4'); else the
    reader's words at the word it could not read, or that a word of the item is left out,
    at the word of the next item read in its place."""
    left_out = _fixed_word_left_out(verb, item, goes_on, seats)
    if left_out is not None:
        return left_out
    swallowed = _swallowed(verb, item[:exc.word + 1], goes_on, seats)
    message, at = swallowed or (exc.message, exc.word)
    if len(item) < verb.width:   # (the line ended inside the item)
        message += _other_verb(verb, item, verbs, seats) or \
            ("" if swallowed else _unseen_left_out(verb, len(item), seats))
    return message, at


def _named_needlessly(verb: Verb, words: Sequence[str], i: int, seats: dict[str, int]
                      ) -> tuple[str, int] | None:
    """Where ``verb``'s item, which names no player, is written with one after its verb
    (``home Ann 1``, ``pool Ann redwood``) and reads whole without it: that it names none,
    with the item, at the name; else None."""
    if i + 1 >= len(words) or words[i + 1] not in seats or verb.keyed or \
            any(isinstance(field, Seat) for field in verb.fixed):
        return None
    without = (words[i], *words[i + 2:i + 1 + verb.width])
    if not _reads_whole(verb, without, seats):
        return None
    return (f"'{verb.word}' names no player: '{' '.join(without)}' ('{verb.form}')", 1)


def _fixed_word_left_out(verb: Verb, item: tuple[str, ...], goes_on, seats: dict[str, int]
                         ) -> tuple[str, int] | None:
    """Where the words of ``verb``'s item read as a whole item once one of its fixed
    words is put back (``deal Ann Ben gold 1 4``, ``for`` left out): that it is left out,
    with the item, at the word it goes before; else None."""
    for at, field in enumerate(verb.fixed, 1):
        if not isinstance(field, Word) or field.word in (w.lower() for w in item[at:]):
            continue   # (there, or written elsewhere in the item: ``end 1 year``)
        # (the words up to the next item's, if the item swallowed one)
        rest = takewhile(lambda word: not goes_on(word), item[at:verb.width - 1])
        whole = (*item[:at], field.word, *rest)
        if not _reads_whole(verb, whole, seats):
            return None
        return (f"'{field.word}' is left out of the '{verb.word}' item: '{' '.join(whole)}' "
                f"('{verb.form}')", min(at, len(item) - 1))
    return None


def _other_verb(verb: Verb, item: tuple[str, ...], verbs: Verbs, seats: dict[str, int]
                ) -> str:
    """``: did you mean 'tip Ann 4'?`` where ``item``, too short for ``verb``, reads as a
    whole item of a verb a slip away (``tips Ann 4``), else nothing."""
    others = [v.word for v in verbs.rows if v is not verb and v.width == len(item)]
    for word, _ in near(verb.word, others, 0.7):
        other = verbs.by_word[word]
        meant = (other.word, *item[1:])
        if _reads_whole(other, meant, seats):
            return f": did you mean '{' '.join(meant)}'? ('{other.form}')"
    return ""


def _reads_whole(verb: Verb, words: tuple[str, ...], seats: dict[str, int]) -> bool:
    """Whether ``words`` are one whole item of ``verb``, as a slip's repair is tried."""
    if len(words) != verb.width:
        return False
    try:
        verb.read(words, seats)
    except (NotationError, ValueError):
        return False
    return True


def _unseen_left_out(verb: Verb, written: int, seats: dict[str, int]) -> str:
    """`` (? for a card not seen)`` where a line ends at a field that a card not seen
    stands in (``draw Ben``: a seat's record leaving out the ``?`` of Ben's card), that is
    where ``?`` reads; else nothing.  ``written``: the item's words there are."""
    if written > len(verb.fixed):   # (a keyed value left out: ``pay Ann bond``)
        return ""
    unseen = field_reads(verb.fixed[written - 1].read, seats)("?")
    return " (? for a card not seen)" if unseen else ""


def _swallowed(verb: Verb, item: Sequence[str], goes_on, seats: dict[str, int]
               ) -> tuple[str, int] | None:
    """Where a word among ``verb``'s values in ``item`` (the item as read) starts the next
    item (``tips Ben ? ? tip Ben 23``, ``draw Ann, buy Ben quarry``): that a word of the
    item is left out, naming which value the next item's word stands in for, and that
    word's place in ``item``; else None.  (A seat's record that leaves out a card it did
    not see meets this.)  A value that is a verb's word by right is no slip: one of the
    words its field takes (``keep Ann inspect``, where ``inspect`` is also a verb), unless
    the field takes any word (a company's: ``buy`` read as one); nor is one of the field's
    ``slip_words``, which its reader tells as a slip of its own (Cartel's ``bid Ben
    pass``: no bid is written X)."""
    for at in range(1, min(len(item), verb.width)):
        if at == 1 and item[1].lower() == item[0].lower():
            return None   # (``discard discard Ann krupp``: the verb written twice)
        field = verb.fixed[at - 1]
        if item[at].lower() in getattr(field, "slip_words", ()):
            return None   # (``bid Ben pass``: the field's own reader says how it is written)
        if goes_on(item[at]) and (getattr(field, "any_word", False)
                                  or not field_reads(field.read, seats)(item[at])):
            return (f"'{verb.word}' is written '{verb.form}', but '{item[at]}' stands where "
                    f"its <{field.name}> goes: is a word of it left out?", at)
    return None


def _after_item(words: Sequence[str], i: int, last: Verb, last_at: int, verbs: Verbs,
                seats: dict[str, int]) -> str | None:
    """Why ``words[i]``, which starts no item, is a slip in the item before it on its line
    (``last``'s, from ``words[last_at]``), if it is one: the end of a number set apart
    (``bid Ann 40 000``), a key or the next verb with a mark after it (``pay Ann cash:
    5``, ``draw= Ann ...``), a value with no key (``pay Ann 20``), a second card where an
    item takes one (``draw Ann ? ?``), a word written twice (``start Eve Eve ...``)."""
    apart = set_apart(words, i)
    if apart is not None:
        return apart
    keys = last.keyed
    mark = stray_mark(words[i], lambda word: word.lower() in keys
                      or verbs.verb(word) is not None)
    if mark is not None:
        return mark
    again = _one_more(words, i, last, last_at, seats, verbs)   # (``draw Ann ? ?``)
    if again is not None:
        return again
    # (``start Eve Eve gold 2``; a number again is told as a number after a whole item)
    twice = last.written_twice(words, i) if whole_number(words[i]) is None else None
    if twice is not None:
        return twice
    if keys and words[i] in seats:   # (``pay Ann cash 5 Ann draw ...``: the order, below)
        return _key_left_out(words, i, last, last_at, verbs)
    after = words[i + 1] if i + 1 < len(words) else None
    if after is not None and words[i] in seats and verbs.meant(after, 0.8) is not None:
        return None   # (``offer Ben redwood, Cleo bids 22``: the order, as no_move says it)
    once = _verb_once(words, i, last, last_at, seats)   # (``bid Ann 40, Ben 37``)
    if once is not None:
        return once
    if words[i] in seats and last_at + last.length(words, last_at) == i:
        meant = verbs.verb_left_out(words[i], after, list(seats))   # (``roll Ben 3, Ben f2``)
        if meant:
            return (f"'{words[i]}' follows a whole '{last.word}' item: an item starts with "
                    f"its verb, then the player: did you mean {meant}?")
    if not keys and words[i].lower() in FILLERS:   # (``buy Ann cobalt for 20``)
        return (f"'{words[i]}' is not written: '{' '.join(words[last_at:i])}' is a whole "
                f"item ('{last.form}'), and what follows it is an item of its own, with its "
                "verb")
    if keys and after is not None and after.lower() in keys and \
            whole_number(words[i]) is not None:   # (``pay Ben 2 stock 3 cash``)
        return (f"'{words[i]} {after}': the number follows its word, '{after.lower()} "
                f"{words[i]}' ('{last.form}')")
    if keys and after is not None and words[i].lower() in FILLERS:   # (``tip Ben 23 to Dan``)
        if after.lower() in keys:   # (``pay Ann bond 10 with stock 3``)
            meant = " ".join((*words[last_at:i], *words[i + 1:i + 3]))
            return f"'{words[i]}' is not written: '{meant}' ('{last.form}')"
        fits = [key for key, field in keys.items()
                if field_reads(field.spec.read, seats)(after)]
        if len(fits) == 1:
            meant = " ".join((*words[last_at:i], fits[0], after))
            return (f"'{words[i]}' stands where '{fits[0]}' goes: '{meant}' "
                    f"('{last.form}')")
    if keys:
        written = {w.lower() for w in words[last_at:i]}
        joined = _key_joined(words[i], keys, written, seats)   # (``values gold+3``)
        if joined is not None:
            return (f"'{words[i]}' is two words, its word and its value: '{joined}' "
                    f"('{last.form}')")
        fits = [key for key, field in keys.items() if key not in written
                and whole_number(words[i]) is None
                and field_reads(field.spec.read, seats)(words[i])]
        if len(fits) == 1:   # (``option Ann gold 4 30``: the value without its word)
            meant = " ".join((*words[last_at:i], fits[0], words[i]))
            return (f"'{words[i]}' is written after its word: '{meant}' "
                    f"('{last.form}')")
        key = closest(words[i].lower(), list(keys))   # (``start Ann gold 3 ojl 3``)
        if key is None and verbs.meant(words[i]) is not None:   # (``pay ..., draws Ann``)
            return verbs.no_move(words[i], tuple(seats), after)
        said = f": did you mean '{key}'? ('{last.form}')" if key is not None else \
            f", say what it is: '{last.form}'"
        return f"'{words[i]}' is no move of this game; after '{last.word}'{said}"
    if whole_number(words[i]) is not None:   # (``roll Ann 1 1``: one word too many)
        return (f"'{words[i]}' is a number after a whole '{last.word}' item, which is "
                f"written '{last.form}'")
    return _value_alone(words[i], words[last_at:i], last, verbs, seats)


def _value_alone(word: str, item: Sequence[str], last: Verb, verbs: Verbs,
                 seats: dict[str, int]) -> str | None:
    """Why ``word`` is a slip if it is a value that only an item of a player and that
    value takes (one or two such verbs), written without its verb and player after an
    item of that player (``roll Ann 2, f2``: a square, which only ``place`` and ``move``
    take): the items meant; else None.  (Not a number, nor a word a field of any word
    reads, nor a value many verbs take: which item was meant is not known.)"""
    player = next((w for w, field in zip(item[1:], last.fixed) if isinstance(field, Seat)),
                  None)
    fits = [(verb, field) for verb in verbs.rows if not verb.keyed
            for field in verb.fixed if not isinstance(field, (Seat, Word))
            and not getattr(field, "any_word", False)
            and field_reads(field.read, seats)(word)]
    if player is None or not 1 <= len(fits) <= 2 or any(
            len(verb.fixed) != 2 or not isinstance(verb.fixed[0], Seat) for verb, _ in fits):
        return None
    meant = " or ".join(f"'{verb.word} {player} {word}'" for verb, _ in fits)
    return f"'{word}' is a {fits[0][1].name}, not a move: did you mean {meant}?"


def _verb_once(words: Sequence[str], i: int, last: Verb, last_at: int,
               seats: dict[str, int]) -> str | None:
    """Why ``words[i]`` is a slip if it starts another item of ``last``'s kind, the verb
    said once for several, as a table says them (``bid Ann 40, Ben 37``, ``value gold 2
    oil 3``, ``buy Ann bank 7 shipping 1``): the item meant, with its verb; else None.
    (A number is not: ``roll Ann 1 1`` is told otherwise; nor a word where a field reads
    any word, which cannot tell a value from a slip.)"""
    if whole_number(words[i]) is not None or last_at + last.length(words, last_at) != i:
        return None
    for at, field in enumerate(last.fixed):
        if isinstance(field, Word) or getattr(field, "any_word", False) or \
                not field_reads(field.read, seats)(words[i]):
            continue
        if not reads_as(words[i + 1:i + len(last.fixed) - at], last.fixed[at + 1:], seats):
            return None   # (``roll Ben 3, Ben f2``: not another die, but a move)
        again = " ".join([last.word, *words[last_at + 1:last_at + 1 + at],
                          *words[i:i + len(last.fixed) - at]])
        return (f"'{words[i]}' follows a whole '{last.word}' item: each {field.name}'s is an "
                f"item of its own, with its verb ('{again}')")
    return None


def _key_joined(word: str, keys: dict, said: set[str], seats: dict[str, int]) -> str | None:
    """``word`` as the key of a field not written yet and its value, written apart
    (``gold+3``: ``gold +3``), where it is such a pair; else None."""
    low = word.lower()
    for key, field in keys.items():
        rest = word[len(key):]
        if key not in said and low.startswith(key) and rest and \
                field_reads(field.spec.read, seats)(rest):
            return f"{key} {rest}"
    return None


def _key_left_out(words: Sequence[str], i: int, last: Verb, last_at: int,
                  verbs: Verbs) -> str | None:
    """Why the player's name ``words[i]`` is a slip if it ends the item before it, where
    the item's one keyed field that holds a player is not written (``tip Ben 23 Dan``: the
    Beagle Boys' victim, ``on Dan``): the item meant; else None (the name starts the next
    item in a player's order, told as such)."""
    if last_at + last.length(words, last_at) != i:
        return None
    said = {w.lower() for w in words[last_at:i]}
    keyed = [key for key, field in last.keyed.items()
             if isinstance(field.spec, Seat) and key not in said]
    if len(keyed) != 1 or (i + 1 < len(words) and verbs.meant(words[i + 1], 0.8)):
        return None   # (``tip Ben 23, Dan draws``: a player's order, told as such)
    meant = " ".join((*words[last_at:i], keyed[0], words[i]))
    return (f"'{words[i]}' follows a whole '{last.word}' item, and a player is written there "
            f"after '{keyed[0]}': '{meant}' ('{last.form}')")


def _one_more(words: Sequence[str], i: int, last: Verb, last_at: int,
               seats: dict[str, int], verbs: Verbs) -> str | None:
    """Why ``words[i]`` is a slip if it is one more of what ends the item before it (``draw
    Ann ? ?``, ``choose Ann gold oil``: a card an item, as a player draws them), else None.
    (A number, a player's name and a fixed word are not: ``roll Ann 1 1`` is told
    otherwise.)  Where the field reads any word (``any_word``: Cartel's companies, which
    the notation does not know), a word near a verb is a slip of the verb (``offer Ben
    redwood bids ...``), and another is said to be a second value only as what it may
    be (``draw Cleo ironside dunmore``)."""
    if last.keyed or not last.fixed or last_at + last.width != i or words[i] in seats or \
            whole_number(words[i]) is not None or words[i].lower() in FILLERS:
        return None   # (``buy Ann cobalt for 20``: a word of speech, told as such)
    field = last.fixed[-1]
    any_word = words[i] != "?" and getattr(field, "any_word", False)
    if isinstance(field, (Seat, Word)) or (any_word and verbs.meant(words[i]) is not None):
        return None
    if not field_reads(field.read, seats)(words[i]):
        return None
    before = last.fixed[-2] if len(last.fixed) > 1 else None
    if type(before) is type(field) and getattr(before, "what", None) == \
            getattr(field, "what", None):   # (``tips Ann ? ? ? ?``: it ends in three cards)
        return (f"'{words[i]}' is one word more than a whole '{last.word}' item takes "
                f"('{last.form}')")
    item = " ".join(words[last_at:i])
    again = " ".join([*words[last_at:i - 1], words[i]])
    if any_word:
        return (f"'{words[i]}' is no move of this game; if it is a second {field.name} of "
                f"the '{last.word}' item before it, that is a second item ('{item}, {again}')")
    return (f"'{words[i]}' follows a whole '{last.word}' item, which takes one {field.name}: "
            f"a second {field.name} is a second item ('{item}, {again}')")


def write_body(record: KitRecord, verbs: Verbs, tag_order: Sequence[str],
               joins=None) -> str:
    """The canonical text of ``record``: its tags in ``tag_order`` (then any others), then
    its items, each comment after its item (``{...}``) or on its own line.  An item goes
    on a line of its own unless ``joins(previous move, move)`` says it continues the line
    of the move before (a turn a line, as a player tells it); a check, a comment on its
    own line and a ``;`` comment always end a line."""
    tags = {k: record.tags[k] for k in tag_order if k in record.tags}
    tags.update((k, v) for k, v in record.tags.items() if k not in tags)
    out = [f'[{k} "{escape_tag(v)}"]' for k, v in tags.items()] + [""]
    body_from = len(out)
    open_line = False  # the last line ends in a ``; ...`` comment: nothing may follow it
    previous = None    # the move the last line ends with (None: a check or a comment line)
    entries = record.entries
    for index, entry in enumerate(entries):
        if isinstance(entry, CommentEntry):
            own = entry.own_line or len(out) == body_from or open_line
            text = comment_text(entry.text, entry.brace, own)
            if own:
                out.append(text)  # (a comment after a ``;`` one can only go on its own line:
                # the reader then sees it so, and ``fmt`` refuses rather than change it)
            else:  # after its item, on the item's line
                out[-1] += " " + text
            open_line = text.startswith(";")
            if own or ends_its_line(entry):
                previous = None  # (no item joins a comment's line, nor one that ends its
                # line: a ``;`` comment's, or one a comment that spans lines closes on)
            continue
        open_line = False
        if isinstance(entry, CheckEntry):
            out.append(check_text(entry, record.names))
            previous = None
        else:
            item = verbs.item(entry.move, record.names)
            if previous is not None and joins is not None and joins(previous, entry.move) \
                    and _fits(out[-1], item, entries, index):
                out[-1] += ", " + item
            else:
                out.append(item)
            previous = entry.move
    return "\n".join(out) + "\n"


def _fits(line: str, item: str, entries: list, index: int) -> bool:
    """Whether ``item`` (the entry at ``index``) and the comments written after it on its
    line still fit on ``line`` under the longest line a record may have: joining items
    is the writer's choice, never a reason for a line the reader refuses."""
    added = 2 + len(item) + inline_comments_length(entries, index)
    return len(line.rsplit("\n", 1)[-1]) + added <= MAX_LINE


__all__ = ["MoveEntry", "KitRecord", "parse_body", "write_body", "CHECKS"]
