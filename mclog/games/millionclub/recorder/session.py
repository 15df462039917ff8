"""A game being recorded at the table: what the terminal and the widget recorders share.

A ``Recording`` holds one game's record file and its replay.  It asks the rules engine
what can happen next (``answers``: every legal answer, as the recorder's seat writes
it), takes what the recorder types in the notation's own words (one item, or a whole
line of them: ``place Ann IV:R, Ben V``), and after every change writes the whole
record in canonical form through the project's safe writer (``replace_file``: a
temporary file beside the record, flushed to the disk, read back and checked, then put
in the record's place).  So the file on the disk is always a complete, valid record of
the game so far: a crash, a killed terminal or a restarted kernel loses at most the
line being typed, and ``Recording.resume(path)`` goes on from the file's next decision.

How a typed line is checked: it is added to the record's text under the label of the
phase the game is in (and with the name of whoever decides, if it does not start with
one), and the whole game is read and replayed again.  A game is a few hundred moves, so
this costs a few milliseconds, and it is the same reader and replayer as ``mclog
validate``: whatever the recorder accepts, a hand-written record would be accepted for,
and every slip is the replayer's own located message.

>>> import tempfile, os
>>> path = os.path.join(tempfile.mkdtemp(), "game.mclog")
>>> rec = Recording.start(path, players="Ann yellow, Ben blue")
>>> rec.question()
'chance: deal a starting Colony card to Ann'
>>> rec.enter("Ann india, Ben asia")
['Ann india', 'Ben asia']
>>> rec.undo()
['Ben asia']
>>> open(path).read().splitlines()[-1]
'setup      Ann india'
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from mclog.errors import MclogError, RecordError
from mclog.record.files import (
    MAX_GAME, FileError, clear_orphans_beside, decode, read_source, replace_file, write_new,
)
from mclog.record.framing import escape_tag, whole_number
from mclog.record.reading import parse
from mclog.recording import Slip, check_new_record
from ..notation.record import GameRecord, Marker, MoveEntry, RevealEntry
from ..notation.vocabulary import LABELS
from ..notation.writer import write_game
from ..replayer import GameReplay, phase_label, replay
from ..rules.board import DISC_NAMES, ROMAN
from ..rules.cards import CONTINENTS, INDUSTRY_TYPES
from ..rules.flow import describe_decision
from ..rules.moves import StartPlayer
from ..rules.state import State
from ..rules.unknown import is_handle
from .answers import Answer, answer_text, answers

#: The tag that names the seat a record is written from (``docs/millionclub/format.md``).
SEAT_TAG = "Seat"


@dataclass
class Disagreement(MclogError):
    """A check the table gave that the rules do not reach, with the moves that led there."""

    message: str
    moves: list[str] = field(default_factory=list)
    code = "check"

    def __str__(self) -> str:
        return self.message


@dataclass
class Recording:
    """One game's record being written at the table (see the module text)."""

    path: str
    record: GameRecord
    game: GameReplay
    #: The seat the record is written from (``None``: a recorder who sees every card).
    seat: int | None
    text: str = ""
    #: The last round whose end the table has been asked to check.
    checked_round: int = 0
    #: Set once the recorder is done with the reveal (or said ``done``).
    reveal_done: bool = False

    # --- opening ------------------------------------------------------------------

    @classmethod
    def start(cls, path: str, *, players: str, setup: str = "standard",
              privileges: str = "draw", seat: str | None = None,
              tags: dict[str, str] | None = None) -> Recording:
        """A new record at ``path`` (which must not hold a game already): its tags are
        checked as the reader checks them, and the file is written at once."""
        check_new_record(path)
        header = {**(tags or {}), "Players": players}
        if setup != "standard":  # (the defaults are not written, as fmt leaves them)
            header["Setup"] = setup
        if privileges != "draw":
            header["Privileges"] = privileges
        if seat:
            header[SEAT_TAG] = seat
        text = "".join(f'[{k} "{escape_tag(v)}"]\n' for k, v in header.items() if v) + "\n"
        recording = cls._from_text(path, text)
        write_new(path, recording.text)
        return recording

    @classmethod
    def resume(cls, path: str, seat: str | None = None) -> Recording:
        """The record at ``path``, checked, ready at its next decision.  A file with a
        mistake is refused with the replayer's located message, and left as it is.  What
        a recorder killed before left beside it is cleared."""
        clear_orphans_beside(path)
        text = decode(read_source(path, MAX_GAME, "a record to resume"), path)
        recording = cls._from_text(path, text, seat)
        # (a round that ended before the file was opened is not asked about again; the
        # players whose colonies are not yet shown are)
        recording.checked_round = 9 if recording.finished else recording.state.round - 1
        return recording

    @classmethod
    def _from_text(cls, path: str, text: str, seat: str | None = None) -> Recording:
        records = list(parse(text, file=path))
        if len(records) != 1:
            raise FileError(f"{path}: holds {len(records)} games; the recorder writes one "
                            "game to a file")
        record = records[0]
        if record.game != "Million Club":
            raise FileError(f"{path}: is a game of {record.game}, which has no recorder yet")
        game = replay(record)
        names = record.table.names
        written = record.tags.get(SEAT_TAG)
        if seat and written and seat != written:
            raise FileError(f"{path}: is written from {written}'s seat, not {seat}'s")
        who = seat or written
        if who and who not in names:
            raise FileError(f"{path}: the seat '{who}' is not a player; the players are "
                            f"{', '.join(names)}")
        if who and SEAT_TAG not in record.tags:
            record.tags[SEAT_TAG] = who
        recording = cls(path, record, game, names.index(who) if who else None)
        recording.text = write_game(record, game)
        return recording

    # --- where the game stands ---------------------------------------------------------

    @property
    def state(self) -> State:
        """The game now (unknown cards as handles: the engine's own view)."""
        return self.game.replay.current

    @property
    def names(self) -> tuple[str, ...]:
        return self.record.table.names

    @property
    def finished(self) -> bool:
        return self.state.finished

    def question(self) -> str:
        """Who decides what now, in a player's words: ``Ben: buy a card or set one aside``."""
        d = self.state.decision
        if d is not None and d.kind == "draw" and d.dest == "deal" and d.recipient is not None:
            return (f"chance: deal a starting {_deck_word(d.deck)} card to "
                    f"{self.names[d.recipient]}")
        if d is not None and d.kind == "draw":  # a chance move: which cards came up
            who = "" if d.recipient is None else f" (to {self.names[d.recipient]})"
            # (the hint only where more cards of the deck come in this draw)
            top = self.state.agenda[-1] if self.state.agenda else ()
            more = top[:2] == ("draw", d.deck) and top[2] > 0
            example = _EXAMPLE_DRAWS.get(d.deck or "", "")
            hint = f" (several at once: {example})" if more and example else ""
            return f"chance: which {_deck_word(d.deck)} card came up{who}?{hint}"
        return describe_decision(self.state)

    def answers(self) -> list[Answer]:
        """Every legal answer now, as this seat writes it (``answers.answers``)."""
        return answers(self.state, self.seat)

    def answers_after(self, typed: str) -> list[Answer]:
        """The answers once the items ``typed`` are played too (completion of the next item
        of a line); none if they do not fit."""
        try:
            line = self.line_for(typed.rstrip().rstrip(","))
            _, game = self._read(self.text + line + "\n", line, typed)
        except MclogError:
            return []
        return answers(game.replay.current, self.seat)

    def label(self) -> str:
        """The label of the line the next move goes on (``colonies``, ``place``...)."""
        return phase_label(self.state) if not self.finished else "reveal"

    def where(self) -> str:
        """``Round 3 · II Intrigue`` (or ``Setup``, ``Game over``)."""
        s = self.state
        if s.finished:
            return "Game over"
        if s.round == 0:
            return "Setup"
        if s.phase == "resolve" and s.resolving is not None:
            return f"Round {s.round} · {ROMAN[s.resolving]} {DISC_NAMES[s.resolving]}"
        return f"Round {s.round} · {'placement' if s.phase == 'placement' else 'end of round'}"

    def last_moves(self, count: int = 5) -> list[str]:
        """The last ``count`` steps in words (the most recent last)."""
        return self.step_texts(max(0, len(self.game) - count))

    def step_texts(self, start: int, stop: int | None = None) -> list[str]:
        """The steps from ``start`` (0-based) in the words they are answered with
        (``Ann india`` for a starting card dealt, ``Ben buys ?``)."""
        replay, table = self.game.replay, self.record.table
        return [("start " if isinstance(move, StartPlayer) else "")
                + answer_text(move, facts.decision, table)
                for move, facts in zip(replay.moves[start:stop], replay.infos[start:stop])]

    # --- entering ---------------------------------------------------------------------

    def line_for(self, typed: str) -> str:
        """The record line for what was typed: a number picks that answer; the phase's
        label goes in front unless the line starts with one, and the name of whoever
        decides unless it starts with a name (a draw needs neither: ``asia ?``)."""
        typed = typed.strip()
        k = whole_number(typed)  # (not "²": a superscript is no number)
        if k is not None:
            options = self.answers()
            if not 1 <= k <= len(options):
                raise Slip(f"There is no answer {k}: the answers are numbered 1 to "
                           f"{len(options)}")
            typed = options[k - 1].text
        words = typed.split()
        if not words or typed[0] in ";{":
            return typed
        head = words[0]
        if head.lower() in LABELS and head not in self.names:
            return typed
        label = self.label()
        d = self.state.decision
        if head == "?" and d is not None and d.kind == "draw" and d.dest != "deal":
            return f"{label} draws {typed}"  # (unseen cards, as ``asia india`` are seen ones)
        if head in self.names or head.lower() in ("draws", "draw", "drew", "?") or label in (
                "check", "reveal"):
            return f"{label} {typed}"
        if d is not None and d.actor is None:
            if d.dest == "deal" and d.recipient is not None:
                return f"{label} {self.names[d.recipient]} {typed}"
            if d.kind == "draw":
                return f"{label} draws {typed}"
            return f"{label} {typed}"
        if d is not None and d.actor is not None:
            return f"{label} {self.names[d.actor]} {typed}"
        return f"{label} {typed}"

    def enter(self, typed: str) -> list[str]:
        """Record what was typed (see ``line_for``) and write the record.  Returns the
        steps it added, in words; raises ``Slip`` (nothing written) if it does not fit."""
        line = self.line_for(typed)
        if not line.strip():
            return []
        if "\n" in line or "\r" in line:
            raise Slip("Type one line at a time")
        before = len(self.game)
        warnings = len(self.game.warnings)
        record, game = self._read(self.text + line + "\n", line, typed)
        if len(game.warnings) > warnings:
            raise Slip(f"Not recorded: {game.warnings[-1].message}")
        added = len(game) - before
        # (a second ``;`` line joins the comment before it: the entries change, not
        # their number)
        if added == 0 and record.entries == self.record.entries:
            raise Slip("That line holds no move")
        self._commit(record, game)
        return self.step_texts(before)

    def comment(self, text: str) -> None:
        """A comment on a line of its own, after what was recorded last."""
        body = text.replace("\\", "\\\\").replace("}", "\\}")
        record, game = self._read(self.text + "{" + body + "}\n", "", text)
        self._commit(record, game)

    def undo(self, count: int = 1) -> list[str]:
        """Take back the last ``count`` moves (and anything written after them); returns
        them in words.  The record on the disk is rewritten without them."""
        entries = self.record.entries
        moves = [i for i, e in enumerate(entries) if isinstance(e, MoveEntry)]
        if not moves:
            raise Slip("There is no move to undo")
        count = max(1, min(count, len(moves)))
        cut = moves[-count]
        undone = self.step_texts(len(self.game) - count)
        kept = entries[:cut]
        while kept and isinstance(kept[-1], Marker):
            kept.pop()
        record = GameRecord(dict(self.record.tags), self.record.table, kept, self.path)
        text = write_game(record, replay(record))
        record, game = self._read(text, "", "")
        self._commit(record, game)
        self.reveal_done = False
        if self.state.round < self.checked_round or (
                self.state.round == self.checked_round and self.state.placed == 0
                and self.state.phase == "placement"):
            self.checked_round = self.state.round - 1 if self.state.round else 0
        return undone

    def mode(self) -> str:
        """What the recorder is asked now: ``check`` (a round has ended), ``reveal`` (the
        game has, and a player's colonies are to be shown), ``move``, or ``done``."""
        if self.check_due():
            return "check"
        if self.reveal_due() is not None:
            return "reveal"
        return "done" if self.finished else "move"

    def respond(self, typed: str) -> list[str]:
        """Whatever is typed at the prompt, as the question asked now takes it (a check
        answer, a reveal, a move); a line that starts with its own label (``check ...``,
        ``reveal ...``, a comment) is taken as that line whatever is asked.  Returns what
        was written, in words."""
        words = typed.split()
        head = words[0].lower() if words else ""
        explicit = typed.lstrip()[:1] in (";", "{") or (
            head in LABELS and words[0] not in self.names)
        mode = self.mode()
        if mode == "check" and not explicit:
            return self.check(typed)
        if mode == "reveal" and not explicit:
            return self.reveal(self.reveal_due() or "", typed)
        if mode == "done" and not explicit:
            raise Slip("The game is recorded to the end: only comments and checks can "
                       "follow (or undo)")
        return self.enter(typed)

    # --- checks and the reveal --------------------------------------------------------------

    def check_due(self) -> bool:
        """Whether a round has just ended (or the game): the table is asked to compare its
        money and prices with the rules' (once per round)."""
        s = self.state
        ended = s.round - 1 if s.phase == "placement" and s.placed == 0 else None
        if s.finished:
            ended = 9
        return ended is not None and ended >= 1 and ended > self.checked_round

    def derived(self) -> str:
        """The money and prices by the rules: ``money Ann 12 Ben 3 · prices F9 T6 R7``."""
        return " · ".join(line.removeprefix("check ") for line in self._check_lines())

    def _check_lines(self) -> list[str]:
        """The rules' money and prices as ``check`` lines."""
        s = self.state
        return ["check money " + " ".join(f"{n} {m}" for n, m in zip(self.names, s.money)),
                "check prices " + " ".join(f"{k}{s.prices[k]}" for k in INDUSTRY_TYPES)]

    def check(self, typed: str) -> list[str]:
        """The table's answer to a check prompt.  Empty: the table agrees (nothing is
        written).  ``y``/``write``: the rules' money and prices are written as ``check``
        lines.  Otherwise what the table shows (``money Ann 12 Ben 3``, ``prices F9 T6
        R7``), written as a ``check`` line if the rules agree; if not, ``Disagreement``
        says where, with the moves of the round that changed it (nothing is written)."""
        s = self.state
        ended = 9 if s.finished else s.round - 1
        typed = typed.strip()
        words = typed.lower().split()
        if not words:
            self.checked_round = ended
            return []
        if words[0] in ("y", "yes", "ok", "write"):
            lines = self._check_lines()
        else:
            lines = [typed if words[0] == "check" else f"check {typed}"]
        text = self.text
        for line in lines:
            try:
                record, game = self._read(text + line + "\n", line, typed)
            except Slip as slip:
                if "check failed" in slip.message:
                    raise Disagreement(slip.message.split(": ", 1)[-1],
                                       self.round_story(ended)) from None
                raise
            text = write_game(record, game)
        self._commit(record, game)
        self.checked_round = ended
        return lines

    def round_story(self, number: int) -> list[str]:
        """The moves of round ``number`` that changed money or prices, with the changes:
        ``Ben buys R: Ben -4, R 2->3`` (what to look at when the table disagrees)."""
        out = []
        states = self.game.replay.states()
        before = next(states)
        for step, after in zip(self.game.steps, states):
            if step.round == number:
                parts = [f"{n} {a - b:+d}" for n, a, b in zip(self.names, after.money,
                                                                before.money) if a != b]
                parts += [f"{k} {before.prices[k]}->{after.prices[k]}" for k in INDUSTRY_TYPES
                          if after.prices[k] != before.prices[k]]
                if parts:
                    out.append(f"{step.text}: {', '.join(parts)}")
            before = after
        return out

    def reveal_due(self) -> str | None:
        """At the end of the game, the next player whose colonies are to be shown
        (``None`` once every player has, or the recorder said ``done``)."""
        if not self.finished or self.reveal_done:
            return None
        shown = {e.seat for e in self.record.entries if isinstance(e, RevealEntry)}
        for seat, name in enumerate(self.names):
            if seat not in shown:
                return name
        return None

    def known_colonies(self, name: str) -> list[str]:
        """A player's colonies as the record knows them (``?`` for each unknown one)."""
        held = self.state.colonies[self.names.index(name)]
        return [c for c in CONTINENTS for _ in range(held[c])] + [
            "?" for c, n in held.items() if is_handle(c) for _ in range(n)]

    def reveal(self, name: str, typed: str) -> list[str]:
        """``name`` shows the colonies typed (``asia india``, ``none``); empty: the colonies
        the record knows, when it knows them all; ``done``: no more reveals."""
        typed = typed.strip()
        if typed.lower() in ("done", "skip"):
            self.reveal_done = True
            return []
        if not typed:
            known = self.known_colonies(name)
            if "?" in known:
                raise Slip(f"The record does not know all of {name}'s colonies: type the "
                           f"ones {name} shows (the record knows {', '.join(known)})")
            typed = " ".join(known) or "none"
        return self.enter(f"reveal {name} {typed}")

    # --- writing ----------------------------------------------------------------------

    def _read(self, text: str, line: str, typed: str) -> tuple[GameRecord, GameReplay]:
        """The record of ``text`` and its replay; a mistake is a ``Slip`` pointing into
        what was typed (``line`` is the record line made of it)."""
        try:
            records = list(parse(text, file=self.path))
            if len(records) != 1:
                raise Slip("A tag line starts a new game: the recorder writes one game")
            record = records[0]
            return record, replay(record)
        except RecordError as exc:
            rule = exc.rule and f"({exc.rule})" not in exc.reason
            message = exc.reason + (f" ({exc.rule})" if rule else "")
            last = text.count("\n")
            column = 0
            if line and exc.line == last and typed:
                offset = len(line) - len(line.lstrip()) + (len(line.strip()) - len(typed.strip()))
                column = max(1, exc.col - offset) if exc.col else 0
            raise Slip(message, column) from None

    def _commit(self, record: GameRecord, game: GameReplay) -> None:
        text = write_game(record, game)
        replace_file(self.path, text, _reads_back(record.table.players))
        self.record, self.game, self.text = record, game, text


def start_or_resume(path: str, options: dict, ask=None) -> Recording:
    """The recording of ``path``: resumed if the file holds a game, else started from
    ``options`` (``players``, ``setup``, ``privileges``, ``seat``, ``tags``); what they
    leave out is asked of ``ask()`` (the terminal's questions), or is a ``Slip``."""
    if os.path.exists(path) and os.path.getsize(path) > 0:
        return Recording.resume(path, seat=options.get("seat"))
    if not options.get("players"):
        if ask is None:
            raise Slip(f"{path} holds no game yet: say who plays (players='Ann yellow, Ben "
                       "blue')")
        options = {**ask(), **{k: v for k, v in options.items() if v}}
    return Recording.start(path, players=options["players"],
                           setup=options.get("setup") or "standard",
                           privileges=options.get("privileges") or "draw",
                           seat=options.get("seat"), tags=options.get("tags") or {})


def _reads_back(players: int):
    """The safe writer's check of what it wrote: one game, that replays."""
    def verify(written: str) -> None:
        with open(written, encoding="utf-8") as f:
            records = list(parse(f.read(), file=written))
        if len(records) != 1 or records[0].table.players != players:
            raise FileError(f"{written}: the record written did not read back as one game")
        replay(records[0])

    return verify


#: What several cards of a deck typed at once look like (the recorder's hint).
_EXAMPLE_DRAWS = {"colony": "asia india ?", "industry": "F T ?",
                  "intrigue": "racket dumping ?"}


def _deck_word(deck: str | None) -> str:
    return {"colony": "Colony", "industry": "Industry", "intrigue": "Intrigue"}.get(deck or "", "")


__all__ = ["Recording", "Slip", "Disagreement", "SEAT_TAG", "start_or_resume"]
