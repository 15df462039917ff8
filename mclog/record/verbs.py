"""A game's notation as a table: one ``Verb`` per move, each with its word, its move type
and how each of the move's fields is written; the parser, the writer, the phrases and the
JSON form are all driven by that one table, so a verb is read and written in one place.

Every game's notation is such a table (Million Club's and Millionenspiel's ``verbs.py``,
Cartel's and Joakim's ``notation.py``); a game built on the kit (``mclog.kit``) needs
nothing more to read and write its records.  An item is the verb and its fields' words
(``roll Ann``, ``die 4``, ``bet Ann 30``).

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Bet:
...     player: int
...     amount: int
>>> verbs = Verbs([Verb("bet", Bet, (Seat("player"), Number("amount", 0, 99)))])
>>> verbs.item(Bet(1, 30), ("Ann", "Ben"))
'bet Ben 30'
>>> verbs.read(["bet", "Ben", "30"], {"Ann": 0, "Ben": 1})
Bet(player=1, amount=30)
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import Any, ClassVar, Final

from mclog.errors import a_or_an
from mclog.printable import as_json
from mclog.record.framing import (bare_sum, comment_hint, in_figures, repeated, stray_mark,
                                  whole_number)
from mclog.record.names import closest, not_a_player, players, seats_by_name


class NotationError(ValueError):
    """A word that does not read: the message, and the index of the word in its item."""

    def __init__(self, message: str, word: int) -> None:
        super().__init__(message)
        self.message, self.word = message, word


@dataclass(frozen=True)
class Seat:
    """A field holding a seat, written as the player's name."""

    name: str
    what: ClassVar[str] = "a player's name"
    optional: ClassVar[bool] = False

    def read(self, word: str, seats: dict[str, int]) -> int:
        try:
            return seats[word]
        except KeyError:
            if word.lower() in {"all", *EVERYONE}:   # (``keep all``)
                raise ValueError(f"'{word}' names no one player: each player's is an item "
                                 "of its own, with the player's name") from None
            raise ValueError(not_a_player(word, players(seats))) from None

    def write(self, value: int, names: Sequence[str]) -> str:
        return names[value]

    def schema(self, players: int | None = None) -> dict:
        return {"type": "integer", "minimum": 0}

    def check(self, value: Any, players: int) -> str | None:
        if type(value) is not int or not 0 <= value < players:
            return f"{as_json(value)} is not a seat (0 to {players - 1})"
        return None


#: Words a table says for every player at once (a record writes ``all`` where an item may
#: be everyone's, and each player's item apart where it names one).
EVERYONE: Final = frozenset({"everyone", "everybody", "each", "every", "both"})


@dataclass(frozen=True)
class Number:
    """A field holding a whole number from ``low`` to ``high``."""

    name: str
    low: int = 0
    high: int = 10 ** 9
    #: The letters of a unit the table may write after it, which the record leaves out
    #: (a game that counts in millions: ``mM``, so that ``40M`` is told to be ``40``).
    units: str = ""
    what: ClassVar[str] = "a number"
    optional: ClassVar[bool] = False

    def read(self, word: str, seats: dict[str, int]) -> int:
        value = whole_number(word)
        if value is None or not self.low <= value <= self.high:
            if word == "?":   # (a field a seat may not see is no Number: ``?`` reads there)
                raise ValueError(f"'?' cannot be the {self.name}: the whole table sees it, so "
                                 f"the record gives it (a number from {self.low} to "
                                 f"{self.high})")
            bare = bare_sum(word, self.units) if value is None else None
            if bare is None and value is None and word[:1] == "+" and \
                    whole_number(word[1:]) is not None:   # (``earn Ann +10``)
                bare = word[1:]
            if bare is not None:
                raise ValueError(f"'{word}' cannot be the {self.name}: a number is written "
                                 f"bare, without a sign or a unit ('{bare}')")
            plain = ", in plain digits 0 to 9" if value is None and word.isdigit() else ""
            raise ValueError(f"'{word}' cannot be the {self.name}: a number from {self.low} to "
                             f"{self.high}{plain}{in_figures(word)}")
        return value

    def write(self, value: int, names: Sequence[str]) -> str:
        return str(value)

    def check(self, value: Any, players: int) -> str | None:
        if type(value) is not int or not self.low <= value <= self.high:
            return f"{as_json(value)} is not a number from {self.low} to {self.high}"
        return None


@dataclass(frozen=True)
class Choice:
    """A field holding one of a few words (``red``, ``blue``), read in any case as every
    word of the notation is (``Double``: ``double``)."""

    name: str
    words: tuple[str, ...]
    optional: ClassVar[bool] = False

    def read(self, word: str, seats: dict[str, int]) -> str:
        if word in self.words:
            return word
        if word.lower() in self.words:
            return word.lower()
        meant = closest(word.lower(), self.words)   # (``crown Ben doubles``)
        raise ValueError(f"the {self.name} is one of {', '.join(self.words)}, not '{word}'"
                         + (f": did you mean {meant}?" if meant else ""))

    def write(self, value: str, names: Sequence[str]) -> str:
        return value

    def check(self, value: Any, players: int) -> str | None:
        if value not in self.words:
            return f"{as_json(value)} is not {a_or_an(self.name)} ({', '.join(self.words)})"
        return None


@dataclass(frozen=True)
class Word:
    """A fixed word of a verb's form that holds no value (``end year 3``: ``year``)."""

    word: str
    name: ClassVar[str] = ""
    optional: ClassVar[bool] = False

    def read(self, word: str, seats: dict[str, int]) -> None:
        if word != self.word and word.lower() != self.word:
            raise ValueError(f"'{self.word}' comes here, not '{word}'")

    def write(self, value, names: Sequence[str]) -> str:
        return self.word


@dataclass(frozen=True)
class Keyed:
    """An optional field written as its key and its value (``stock 2`` in ``pay Ann bond
    20 stock 2``), after the verb's other fields, in any order; left out, it is ``None``
    (the move's field must default to None).  Its key must be no verb and no player's
    name, so an item's end is still found by the table alone."""

    key: str
    spec: Any
    optional: ClassVar[bool] = True

    @property
    def name(self) -> str:
        return self.spec.name

    def check(self, value: Any, players: int) -> str | None:
        return None if value is None else self.spec.check(value, players)


#: Words a player says between an item's values that its form leaves out (``trade Ann
#: krupp for Ben siemens``, ``move Ann to c3``): told so where its field does not read them,
#: not taken for two values the wrong way round.
FILLERS: Final = frozenset({"for", "with", "to", "at", "on", "from", "and", "by", "of"})


def filler_hint(word: str) -> str:
    """`` ('to' is not written ...)`` where ``word`` is one of ``FILLERS``, for a game
    that reads its items its own way (``lobbyist Ann moves to III``), else nothing.

    >>> filler_hint("to"), filler_hint("III")
    (" ('to' is not written: an item's values follow one another)", '')
    """
    if word.lower() in FILLERS:
        return f" ('{word}' is not written: an item's values follow one another)"
    return ""


def reads_as(words: Sequence[str], fields: Sequence, seats: dict[str, int]) -> bool:
    """Whether ``words`` read as ``fields`` (as many as there are words: a line may end
    before an item's last)."""
    return all(word.lower() == field.word if isinstance(field, Word)
               else field_reads(field.read, seats)(word)
               for word, field in zip(words, fields))


def field_reads(read: Callable[[str, dict[str, int]], Any], seats: dict[str, int]
                ) -> Callable[[str], bool]:
    """Whether a word reads as the field that ``read`` reads."""
    def reads(word: str) -> bool:
        try:
            read(word, seats)
        except ValueError:
            return False
        return True
    return reads


@dataclass(frozen=True)
class Verb:
    """One row of a game's notation: the word that starts the item, the move's type, how
    each of its fields is written (in the order written), and the move in a player's
    words (``phrase``: a format string over the fields, seats given as names, or a function
    of the move and the names where a format string cannot say it)."""

    word: str
    move: type
    fields: tuple = ()
    phrase: str | Callable[..., str] = ""
    #: Other words that start the same item (``pass`` for ``passes``).
    aliases: tuple[str, ...] = ()
    #: An item whose words no fixed fields say (fillers, a list, two words to one value:
    #: Millionenspiel's ``lands on red``, ``bets Ann 3, Ben pass``): the row's own reader,
    #: given the line's cursor (``mclog.record.cursor``) past the verb and the game's
    #: reading context; the game's parser calls it.
    reader: Callable[..., Any] | None = None
    #: ... and its own writer: the item's text, given the move, the names and whatever
    #: else the game's writer passes (``item``).
    writer: Callable[..., str] | None = None
    #: Whether the item may follow a player's name (``Ann rolls 4 3``), and whether it
    #: comes only there (``Ann passes``).
    named: bool = False
    after_name: bool = False

    @cached_property
    def immutable(self) -> bool:
        """Whether the move is a frozen dataclass, which one read may serve for every
        item written alike."""
        params = getattr(self.move, "__dataclass_params__", None)
        return bool(params and params.frozen)

    @cached_property
    def fixed(self) -> tuple:
        """The fields always written, in order (the keyed ones follow them)."""
        return tuple(f for f in self.fields if not isinstance(f, Keyed))

    @cached_property
    def keyed(self) -> dict[str, Keyed]:
        return {f.key: f for f in self.fields if isinstance(f, Keyed)}

    @cached_property
    def form(self) -> str:
        """How the item is written: ``pay <player> [bond <bond>] [stock <stock>]``."""
        return " ".join([self.word, *(f.word if isinstance(f, Word) else
                                      f"[{f.key} <{f.name}>]" if isinstance(f, Keyed) else
                                      f"<{f.name}>" for f in self.fields)])

    @cached_property
    def width(self) -> int:
        """The words of the item without its keyed fields: the verb and its fixed ones."""
        return 1 + len(self.fixed)

    def length(self, words: Sequence[str], start: int) -> int:
        """How many words the item starting at ``words[start]`` takes: the verb, its fixed
        fields, then each ``key value`` pair of its keyed fields."""
        end = start + self.width
        keys = self.keyed
        if keys:
            while end < len(words) and (words[end] in keys or words[end].lower() in keys):
                end += 2
        return end - start

    @cached_property
    def _arguments(self) -> tuple[dict[str, int], tuple]:
        """Where each of the move's fields goes among its constructor's arguments, and
        the arguments' defaults (a keyed field left out keeps its default): an item is
        read into a list and the move made from it positionally, which costs about half
        as much as keywords, at every move of every record read."""
        parameters = list(inspect.signature(self.move).parameters.values())
        return ({p.name: at for at, p in enumerate(parameters)},
                tuple(None if p.default is p.empty else p.default for p in parameters))

    @cached_property
    def _reads(self) -> tuple:
        """(its reader, its index in the item, its place among the move's arguments) of
        each fixed field, in the order written: a fixed word (``year`` in ``end year``)
        has no place and only checks its word."""
        at = self._arguments[0]
        return tuple((spec.read, i, at[spec.name] if spec.name else None)
                     for i, spec in enumerate(self.fixed, 1))

    @cached_property
    def _quick(self) -> Callable[[Sequence[str], dict[str, int]], Any] | None:
        """The reader of a verb whose words are all fixed fields, each one of the move's
        arguments in order (most verbs: ``draw Ann cobalt``): one call per field and the
        move's constructor, no loop; this is about half a read's cost, at every item of
        every record.  None for any other verb (keyed fields, fixed words, defaults)."""
        places, _ = self._arguments
        reads = [read for read, _, _ in self._reads]
        if self.keyed or len(places) != len(reads) or not 1 <= len(reads) <= 3 or \
                [at for _, _, at in self._reads] != list(range(len(reads))):
            return None
        move = self.move
        if len(reads) == 1:
            (first,) = reads
            return lambda words, seats: move(first(words[1], seats))
        if len(reads) == 2:
            first, second = reads
            return lambda words, seats: move(first(words[1], seats), second(words[2], seats))
        first, second, third = reads
        return lambda words, seats: move(first(words[1], seats), second(words[2], seats),
                                         third(words[3], seats))

    def read(self, words: Sequence[str], seats: dict[str, int]):
        """The move of an item's words (the verb, a word per fixed field, then the keyed
        fields' pairs); the first word that does not read is the ``NotationError``."""
        quick = self._quick
        if quick is not None:
            try:
                return quick(words, seats)
            except ValueError:
                pass   # (the reading below finds which word, for the message)
        places, defaults = self._arguments
        values = list(defaults)
        i = 0
        try:
            for read, i, at in self._reads:
                value = read(words[i], seats)
                if at is not None:
                    values[at] = value
        except ValueError as exc:
            early = f"'{words[i]}' comes after the {self.fixed[i - 1].name}: '{self.form}'" \
                if words[i].lower() in self.keyed else None   # (``sell Ann gold fives 1 3``)
            twice = self.written_twice(words, i)   # (``roll Ann Ann 3``)
            article = a_or_an(self.word).split()[0]   # (an 'end' item, a 'move' item)
            filler = f"'{words[i]}' is not written in {article} '{self.word}' item: " \
                f"'{self.form}'" if words[i].lower() in FILLERS else None   # (``for Ben``)
            raise NotationError(stray_mark(words[i], field_reads(read, seats)) or early or twice
                                or filler or self._swapped(words, i, seats) or str(exc),
                                i) from None
        keys = self._keyed_reads
        if keys:
            seen = set()
            for i in range(self.width, len(words), 2):
                key = words[i] if words[i] in keys else words[i].lower()   # ("Bond 20")
                read, at, name = keys[key]
                if key in seen:
                    raise NotationError(f"'{words[i]}' is written twice", i)
                seen.add(key)
                if i + 1 >= len(words):
                    raise NotationError(f"'{words[i]}' is followed by its {name}", i)
                try:
                    values[at] = read(words[i + 1], seats)
                except ValueError as exc:
                    raise NotationError(
                        stray_mark(words[i + 1], field_reads(read, seats)) or str(exc), i + 1
                    ) from None
        return self.move(*values)

    def written_twice(self, words: Sequence[str], i: int) -> str | None:
        """``'Ann' is written twice: 'bid <player> <amount>'``, where ``words[i]`` is the
        word before it again (``repeated``), with the item's form; else None."""
        twice = repeated(words, i)
        return f"{twice}: '{self.form}'" if twice else None

    def _swapped(self, words: Sequence[str], i: int, seats: dict[str, int]) -> str | None:
        """Why ``words[i]``, which its field does not read, is a slip of order, if the
        item reads with it and a word beside it the other way round (``draw ? Ann``, ``bid
        22 Cleo``); else None."""
        for j in (i + 1, i - 1):
            if not 1 <= j < self.width or j >= len(words):
                continue
            turned = list(words)
            turned[i], turned[j] = turned[j], turned[i]
            try:
                for read, index, _ in self._reads:
                    read(turned[index], seats)
            except ValueError:
                continue
            first, second = sorted((i, j))
            return (f"'{words[first]}' and '{words[second]}' are the wrong way round: "
                    f"'{self.word}' is written '{self.form}' "
                    f"('{' '.join(turned[:self.width])}')")
        return None

    @cached_property
    def _keyed_reads(self) -> dict[str, tuple]:
        """Each keyed field's (reader, place among the move's arguments, name), by key."""
        at = self._arguments[0]
        return {key: (f.spec.read, at[f.name], f.name) for key, f in self.keyed.items()}

    def _words(self, move, names: Sequence[str]) -> dict[str, str]:
        return {spec.name: spec.write(getattr(move, spec.name), names)
                for spec in self.fixed if spec.name}

    def field_word(self, name: str) -> int | None:
        """Where the fixed field ``name`` stands in the item (the verb is word 0); None for
        a keyed field (written anywhere after the fixed ones) or no field of the verb."""
        for i, spec in enumerate(self.fixed, 1):
            if spec.name == name:
                return i
        return None

    def item(self, move, names: Sequence[str], *context: Any) -> str:
        if self.writer is not None:
            return self.writer(move, names, *context)
        out = [self.word, *(spec.write(getattr(move, spec.name) if spec.name else None,
                                       names) for spec in self.fixed)]
        for key, spec in self.keyed.items():
            value = getattr(move, spec.name)
            if value is not None:
                out += [key, spec.spec.write(value, names)]
        return " ".join(out)

    def say(self, move, names: Sequence[str], *context: Any) -> str:
        if not self.phrase:
            return self.item(move, names, *context)
        if callable(self.phrase):
            return self.phrase(move, names, *context)
        return self.phrase.format(**self._words(move, names))


#: How many tables of players' names a verb table keeps the moves read for, and how many
#: items each (``Verbs.moves_read``): a club's evenings, or a corpus's simulated games,
#: are played by a few tables, and a few thousand items cover a table's moves (Cartel's
#: 2 to 4 players x 40 companies x its verbs, and the bids); at most a few megabytes,
#: whatever a file holds.
KEPT_TABLES, KEPT_MOVES = 8, 5_000


class Verbs:
    """A game's verb table: by word (reading) and by move type (writing)."""

    def __init__(self, verbs: Iterable[Verb]) -> None:
        self.rows = tuple(verbs)
        self.by_word = {word: v for v in self.rows for word in (v.word, *v.aliases)}
        #: (a move is written by the first row of its type: a row that only reads, such
        #: as an alias's own form, comes after the one that writes)
        self.by_type: dict[type, Verb] = {}
        for v in self.rows:
            self.by_type.setdefault(v.move, v)
        #: The words of the rows that read their items themselves (``Verb.reader``).
        self.own_readers = tuple(v.word for v in self.rows if v.reader is not None)
        for reserved in ("check",):
            if reserved in self.by_word:
                raise ValueError(f"'{reserved}' is the shared framing's word, not a verb")
        self._read: dict[tuple[str, ...], dict[tuple[str, ...], Any]] = {}

    def moves_read(self, names: tuple[str, ...]) -> dict[tuple[str, ...], Any]:
        """The moves already read for the players ``names`` (in seat order), by the words
        of their item.  A move is a frozen dataclass, so one object serves every item
        written alike, in this record and in every other of the same table (``draw Ann
        cobalt`` comes once a game, but in every game of a corpus): building a frozen
        dataclass costs more than a look-up, at every move read.  An item's move depends
        on its words and the seats alone (a field's reader sees nothing else).  Kept for
        the last ``KEPT_TABLES`` tables, up to ``KEPT_MOVES`` items each."""
        kept = self._read.pop(names, None)
        if kept is None or len(kept) > KEPT_MOVES:
            kept = {}
        self._read[names] = kept   # (the most recent last)
        if len(self._read) > KEPT_TABLES:
            del self._read[next(iter(self._read))]
        return kept

    def read(self, words: Sequence[str], seats: dict[str, int]):
        """The move of one item's words (``NotationError`` naming the word at fault)."""
        verb = self.verb(words[0])
        if verb is None:
            raise NotationError(self.no_move(words[0]), 0)
        if len(words) != verb.length(words, 0):
            raise NotationError(f"'{verb.word}' is written '{verb.form}'",
                                min(len(words) - 1, len(verb.fixed) + 1))
        return verb.read(words, seats)

    def item(self, move, names: Sequence[str], *context: Any) -> str:
        """The item of ``move`` as written (``context``: what the game's writer gives a
        row's own writer)."""
        return self.by_type[type(move)].item(move, names, *context)

    def say(self, move, names: Sequence[str], *context: Any) -> str:
        """``move`` in a player's words (``mclog replay``)."""
        return self.by_type[type(move)].say(move, names, *context)

    def verb(self, word: str) -> Verb | None:
        """The verb ``word`` says, in any case (a line's first word is often written with
        a capital: ``Buy Ann krupp``); None if it is none."""
        return self.by_word.get(word) or self.by_word.get(word.lower())

    def meant(self, word: str, cutoff: float = 0.6) -> str | None:
        """The verb's word ``word`` says or nearly says (``pays`` and ``paying`` for
        ``pay``), if any: one that stands out (``closest``); ``cutoff``: how near."""
        if self.verb(word) is not None:
            return word.lower()
        return closest(word.lower(), list(self.by_word), cutoff)

    def no_move(self, word: str, names: Sequence[str] = (), after: str | None = None,
                rest: Sequence[str] = ()) -> str:
        """What is wrong with ``word`` where an item starts (with the verb it may have
        meant: ``pays`` for ``pay``); a player's name before a verb (``Ann buys krupp``,
        ``after`` being the word after ``word``, ``rest`` the words after that) is told
        the order the items take, and the item meant where the words read as another
        verb's (``Ann sells Ben gold 1 for 4``: ``deal Ann Ben gold 1 for 4``)."""
        if comment_hint(word):
            return f"'{word}' is no move of this game{comment_hint(word)}"
        marked = stray_mark(word, lambda w: self.verb(w) is not None or w.lower() == "check")
        if marked is not None:   # (``buy: Ann krupp``, ``check: money ...``)
            return marked
        # (the word after a name is the verb in a player's order, ``Ann buys``: a verb's
        # form, nearer than a slip of the pen, which a field's word such as Joakim's
        # ``gold``, a letter from ``sold``, is not)
        verb = self.meant(after, cutoff=0.8) if word in names and after is not None else None
        other = self._order_meant(word, verb, rest, names) if verb is not None else None
        if other is not None:
            return (f"'{word} {after}': a move starts with its verb, then the player: did "
                    f"you mean '{other}'?")
        if verb is not None:
            return (f"'{word} {after}': a move starts with its verb, then the player: did "
                    f"you mean '{verb} {word} ...'? ('{self.by_word[verb].form}')")
        ahead = self.verb(after) if after is not None else None
        if ahead is not None and any(isinstance(f, Word) and f.word == word.lower()
                                     for f in ahead.fixed[:1]):   # (``year end 3``)
            return (f"'{word} {after}': the verb comes first: did you mean '{ahead.word} "
                    f"{word.lower()} ...'? ('{ahead.form}')")
        verbs = ", ".join(repr(v.word) for v in self.rows)
        if word in names:   # (``Ann krupp``: the verb left out, or put after the name)
            meant = self.verb_left_out(word, after, names)
            return (f"'{word}' is a player, not a move: a move starts with its verb, then the "
                    "player" + (f": did you mean {meant}?" if meant else
                                f"; the verbs are {verbs}"))
        close = self.meant(word)
        meant = f"did you mean '{close}'? " if close else ""
        return f"'{word}' is no move of this game: {meant}a move starts with {verbs}"

    def _order_meant(self, name: str, verb: str, rest: Sequence[str],
                     names: Sequence[str]) -> str | None:
        """The item ``name`` and ``rest`` make with a verb other than ``verb`` (the one the
        word after the name says), where ``rest`` does not read as ``verb``'s values and
        one other verb's read the most of it; else None."""
        seats = seats_by_name(names)
        said = self.by_word[verb].fixed[1:]
        if not rest or reads_as(rest[:len(said)], said, seats):
            return None
        fits: dict[int, list[Verb]] = {}
        for other in self.rows:
            fields = other.fixed[1:]
            if other.word != verb and other.fixed[:1] and isinstance(other.fixed[0], Seat) \
                    and fields and len(fields) <= len(rest) \
                    and reads_as(rest[:len(fields)], fields, seats):
                fits.setdefault(len(fields), []).append(other)
        best = fits.get(max(fits)) if fits else None
        if best is None or len(best) != 1:
            return None
        return " ".join((best[0].word, name, *rest[:len(best[0].fixed) - 1]))

    def verb_left_out(self, name: str, after: str | None, names: Sequence[str]) -> str:
        """The items a player's name and the value after it could be with a verb before
        them (``Ann 40`` at an auction: ``'bid Ann 40'``), where one to three verbs take a
        player and then such a value; else nothing (which was meant is not known)."""
        if after is None:
            return ""
        seats = seats_by_name(names)
        fits = [verb.word for verb in self.rows
                if len(verb.fixed) >= 2 and isinstance(verb.fixed[0], Seat)
                and not isinstance(verb.fixed[1], (Seat, Word))
                and not getattr(verb.fixed[1], "any_word", False)
                and field_reads(verb.fixed[1].read, seats)(after)]
        if not 1 <= len(fits) <= 3:
            return ""
        return " or ".join(f"'{verb} {name} {after}'" for verb in fits)

    @cached_property
    def words(self) -> frozenset[str]:
        """The words a player may not be called in a notation where a name may start an
        item (Millionenspiel's ``Ann rolls 4 3``): the verbs, and ``name_words``."""
        return frozenset(self.by_word) | self.name_words

    @cached_property
    def name_words(self) -> frozenset[str]:
        """The words a player may not be called where every item starts with its verb and
        its fields follow in their places (the kit's notation): ``check``, the keys and
        fixed words that stand among an item's fields, and the words a field reads besides
        a name (``all``, a field's ``reserved``).  A verb's word may be a name there
        (``Joakim``, in the game of that name): no item starts with a name, so a verb is
        known by its place, and a name by its field's."""
        return frozenset({"check"}) | {
            f.key if isinstance(f, Keyed) else f.word for v in self.rows for f in v.fields
            if isinstance(f, (Keyed, Word))} | {
            word for v in self.rows for f in v.fields
            for word in getattr(f.spec if isinstance(f, Keyed) else f, "reserved", ())}
