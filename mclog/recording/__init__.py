"""The recorder every game gets: a game recorded at the table, answer by answer, from its
engine (``mclog.engine``: the question in words, the legal answers) and its notation (the
answers as a record writes them).  The terminal (``recording.terminal``) and the notebook
widget (``recording.widget``) are two faces of one ``Recording``.

How an answer is checked: it is added to the record's text as a line of its own, and the
whole game is read and replayed again through the game's own reader and rules, so the
recorder accepts exactly what ``mclog validate`` accepts, and every slip is the reader's
own message.  After every change the whole record is written in canonical form through
the safe writer (``replace_file``: a temporary file beside the record, flushed, read back
and checked, then put in its place): a crash loses at most the line being typed.

A game gives the recorder what it cannot work out: ``answer_text(played, move)`` (a legal
move as a line of the record writes it; None for a move a record leaves unwritten) and
``answer_hint(played)`` (what to type where the answers cannot be listed).  ``KitGame``
supplies both from its verb table.

A game whose table asks more of its recorder (Million Club: a line's label and the name
of whoever decides added to what is typed, answers as one seat sees them, the table's
check of money and prices at the end of every round, each player's colonies shown at
the end) gives a subclass (``Game.recording_class``) that overrides the hooks below:
``line_for``, ``answers_at``, ``step_texts``, ``label``, ``where``, ``board_text``, the
checkpoints (``rounds_ended``, ``just_ended``, ``rules_check_lines``, ``story``) and the
reveal (``reveal_due``, ``reveal``).  The terminal and the widget ask these hooks, so
they serve every game alike.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from mclog.errors import MclogError, RecordError
from mclog.record.entries import CheckEntry
from mclog.record.files import (MAX_GAME, FileError, check_writable, clear_orphans_beside,
                                decode, line_limit, over_limit, read_source, replace_file,
                                write_new)
from mclog.record.framing import escape_brace, escape_tag, whole_number
from mclog.protocol import without_redundant
from mclog.record.names import seat_named, written_from
from mclog.record.reading import parse

#: At most this many answers are listed by number.
LISTED = 30

#: The tag that names the seat a record is written from.
SEAT_TAG = "Seat"

#: What a round's check is answered with to write the rules' values as check lines.
WRITE_CHECK = ("y", "yes", "ok", "write")

#: What the recorder's commands are, said by ``help`` (``Recording.help_text``: its
#: examples are the game's, from the question asked; a game's subclass may say its own).
HELP = """\
Type the answer as a record line says it, its number, or its end where no other answer
ends so{example}.
  undo [N]        take back the last move (or N moves; more than 3: typed twice)
  ; text          a comment on a line of its own ({{text}} works too)
  check ...       what the table counted, as the record writes it{check}
  board           where the game stands (each player's score table), and the last moves
  quit            stop (the record is saved after every line: nothing is lost)"""


class Slip(MclogError):
    """What was typed is not a legal answer here, in the reader's or the rules' words, and
    the column of the typed text it points at (1-based; 0 when it is not in the text)."""

    code = "slip"

    def __init__(self, message: str, column: int = 0) -> None:
        super().__init__(message)
        self.message, self.column = message, column

    def __str__(self) -> str:
        return self.message


@dataclass
class Disagreement(MclogError):
    """A check the table gave that the rules do not reach, with the moves that led there
    (``story``: what changed the values the check compares, move by move)."""

    message: str
    moves: list[str] = field(default_factory=list)
    code = "check"

    def __str__(self) -> str:
        return self.message


@dataclass(frozen=True, slots=True)
class Answer:
    """One answer to the question asked: its words (what is typed), the verb and card it
    is grouped by in the widget, and the player who gives it (``None``: chance, or a game
    that does not say)."""

    text: str
    verb: str = ""
    card: str | None = None
    player: int | None = None


def check_new_record(path: str) -> None:
    """``FileError`` unless ``path`` can take a new record: a recording is saved after
    every line, so it needs a file, and one that holds no game yet."""
    if path == "-":   # (standard input and output elsewhere: nothing to save into)
        raise FileError("-: a recording is saved after every line, so it needs a file, not "
                        "standard output (a file named - is ./-)")
    if os.path.exists(path) and not os.path.isfile(path):
        raise FileError(f"{path}: is not a file (a folder, a pipe or a device): a "
                        "recording is saved after every line, so it needs a file")
    if os.path.exists(path) and os.path.getsize(path) > 0:
        raise FileError(f"{path}: already holds a record; open it to go on with it "
                        "(mclog record FILE resumes it)")
    check_writable(path)   # (a folder that is not there, a link that leads nowhere)


@dataclass
class Recording:
    """One game being recorded into ``path``: its game, record, replay and text."""

    game: Any       # a game the recorder can serve (``answer_text``, ``answer_hint``)
    path: str
    record: Any     # the game's record
    played: Any     # ... replayed
    text: str
    #: The seat the record is written from (``None``: a recorder who sees every card).
    seat: int | None = None
    #: The last round (checkpoint) whose end the table has been asked to check.
    checked: int = 0
    #: Set once the recorder is done with the reveal (or said ``done``).
    reveal_done: bool = False
    #: Set once the table's final scores are checked, or the recorder said it has none.
    scores_done: bool = False
    #: The answers listed for ``played``, worked out once for each state reached.
    _listing: tuple | None = field(default=None, init=False, repr=False)
    #: The items of the record as it was opened that it is saved without (``left_out``).
    said_left_out: list[str] = field(default_factory=list, repr=False)
    #: What the file held when this recording last read or wrote it: a change is written
    #: over it only while it still holds that (``_commit``), so that an edit made in the
    #: meantime (in an editor, by a second recorder on the same file) is never lost.
    on_disk: bytes | None = field(default=None, init=False, repr=False)

    #: What ``help`` says in the terminal, if the game says its own; else ``HELP``, with
    #: examples from the game (``help_text``).
    help: ClassVar[str | None] = None
    #: What the widget's text box says before anything is typed in it.
    placeholder: ClassVar[str] = "or type: an answer's number, or the record's words"

    # --- opening ------------------------------------------------------------------

    @classmethod
    def start(cls, game, path: str, *, players: str, tags: dict | None = None) -> Recording:
        """A new record at ``path`` (which must not hold a game already), its tags
        checked as the reader checks them, written at once."""
        check_new_record(path)
        recording = cls.opened(game, path, players=players, tags=tags)
        write_new(path, recording.text)
        recording.on_disk = recording.text.encode("utf-8")
        return recording

    @classmethod
    def opened(cls, game, path: str, *, players: str, tags: dict | None = None
               ) -> Recording:
        """The recording a new record of these players and tags would start, checked as
        the reader checks them, nothing written (``start`` writes it)."""
        header = cls.header(game, players, tags or {})
        for name, value in header.items():   # (a tag of two lines would be no tag line)
            if value and ("\n" in value or "\r" in value):
                raise ValueError(f"the {name} tag is one line of text, not {value!r}")
        text = "".join(f'[{k} "{escape_tag(v)}"]\n' for k, v in header.items() if v) + "\n"
        return cls._from_text(game, path, text)

    @classmethod
    def header(cls, game, players: str, tags: dict) -> dict:
        """The tags a new record starts with: the game's name, the tags given, the
        players (a game whose records name it by default leaves its name out)."""
        return {"Game": game.name, **tags, "Players": players}

    @classmethod
    def resume(cls, game, path: str, seat: str | None = None) -> Recording:
        """The record at ``path``, checked, ready at its next decision; a file with a
        mistake is refused with the reader's located message, and left as it is.  What a
        recorder killed before left beside it is cleared.  ``seat``, if given, must be
        the one the record is written from."""
        clear_orphans_beside(path)
        data = read_source(path, MAX_GAME, "a record to resume")
        recording = cls._from_text(game, path, decode(data, path), seat)
        recording.on_disk = data
        # (a round that ended before the file was opened is not asked about again)
        recording.checked = recording.rounds_ended()
        return recording

    @classmethod
    def _from_text(cls, game, path: str, text: str, seat: str | None = None) -> Recording:
        records = list(parse(text, file=path))
        if len(records) != 1:
            raise FileError(f"{path}: holds {len(records)} games; the recorder writes one "
                            "game to a file")
        record = records[0]
        if record.game != game.name:
            raise FileError(f"{path}: is a game of {record.game}, not {game.name}")
        names = tuple(record.players)
        # (seats compared, as a name reads: ' Ben', or Zoë with her accent typed apart)
        written = written_from(record.tags, names)
        asked = seat_named(seat, names) if seat else None
        if seat and asked is None:
            raise FileError(f"{path}: the seat '{seat}' is not a player; the players are "
                            f"{', '.join(names)}")
        if asked is not None and written is not None and asked != written:
            raise FileError(f"{path}: is written from {names[written]}'s seat, not "
                            f"{names[asked]}'s")
        who = asked if asked is not None else written
        if who is not None and SEAT_TAG not in record.tags:
            # (read again with the tag: a game may read the seat with its other tags, and
            # its rules draw conclusions from what that seat saw)
            record.tags[SEAT_TAG] = names[who]
            record = next(iter(parse(game.write(record), file=path)))
        played = game.replay(record)
        text = game.write(record, played)
        said = [f"{warning.located(warning=True)} (left out when the record is next saved, "
                "as fmt leaves it out)" for warning in played.warnings]
        if said:   # (the record as it is saved: its moves, without the items that say
            # nothing, which an undo would otherwise count as moves)
            record = without_redundant(played)
            played = game.replay(record)
        return cls(game, path, record, played, text, who, said_left_out=said)

    # --- where the game stands ------------------------------------------------------

    @property
    def state(self):
        return self.played.replay.current

    def left_out(self) -> list[str]:
        """What the recorder says as it opens a record: each item of it that declines a
        question never asked (``Played.warnings``), which the record is saved without, as
        ``fmt`` writes it (said, never dropped in silence)."""
        return self.said_left_out

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(self.record.players)

    @property
    def finished(self) -> bool:
        return self.game.engine.decision(self.state) is None

    def question(self) -> str:
        """The next question, in words."""
        return self.game.engine.describe(self.state)

    def where(self) -> str:
        """Where the game stands, in a few words (a round, a phase), or empty."""
        return ""

    def label(self) -> str:
        """What the prompt says before ``>`` (the label of the line the next move goes
        on, where the notation has labels), or empty."""
        return ""

    def board_text(self) -> str | None:
        """The table on one screen, with the numbered answers, for the terminal; None:
        the last moves, the question and the answers as they are."""
        return None

    def colour(self, player: int | None) -> str | None:
        """The CSS colour of ``player``'s answers in the widget (None: grey)."""
        return None

    def answers_at(self, played) -> tuple[list[Answer], bool]:
        """(every legal answer at ``played``'s end as the record writes it, where they can
        be listed: a few dozen at most; whether those are all there is to type)."""
        moves = self.game.engine.legal(played.replay.current)
        if moves is None or len(moves) > LISTED:
            return [], False
        written = [self.game.answer_text(played, move) for move in moves]
        # (None: a move a record does not write, as keeping a throw)
        return [Answer(t, t.split()[0]) for t in written if t], all(written)

    def _listed(self) -> tuple[list[Answer], bool]:
        if self._listing is None or self._listing[0] is not self.played:
            self._listing = (self.played, *self.answers_at(self.played))
        return self._listing[1], self._listing[2]

    def answers(self) -> list[Answer]:
        """Every legal answer as the record writes it, where they can be listed; else
        none, and ``hint`` says what to type."""
        return self._listed()[0]

    def answers_after(self, typed: str) -> list[Answer]:
        """The answers once the items ``typed`` are played too (completion of the next
        item of a line); none if they do not fit."""
        try:
            line = self.line_for(typed.rstrip().rstrip(","))
            _, played = self._read(self.text + line + "\n", line, typed)
        except MclogError:
            return []
        return self.answers_at(played)[0]

    def help_text(self) -> str:
        """What ``help`` says: the commands, with examples of this game and question (an
        answer listed now, the end of it that is enough, a check line of this game)."""
        if self.help is not None:
            return self.help
        texts = [answer.text for answer in self.answers()]
        ends = [(text, _own_end(text, texts)) for text in texts]
        # (where none are listed, the form the game says to type: Joakim's 'start Ann
        # [gold <gold>] ...')
        text, end = next(((t, e) for t, e in ends if e != t),
                         ends[0] if ends else (self.hint(), ""))
        example = f" (here: {text}, or {end})" if end and end != text else \
            (f" (here: {text})" if text else "")
        kinds = self.game.check_kinds
        check = ""
        if kinds:
            first = kinds[0]
            said = first.canonical[0] if first.keys is not None else self.names[0]
            words = ", ".join(kind.word for kind in kinds)
            check = f": check {first.word} {said} 12\n{' ' * 18}(what it checks: {words})"
        return HELP.format(example=example, check=check)

    def hint(self) -> str:
        """What to type beyond the listed answers, in the game's words: where none can be
        listed, or where one is not written (keeping a throw: the next item says it);
        empty where the answers listed are all there is."""
        return "" if self._listed()[1] else self.game.answer_hint(self.played)

    def step_texts(self, start: int, stop: int | None = None) -> list[str]:
        """The steps from ``start`` (0-based) in words."""
        if stop is not None:   # (a slice of them all)
            return self.game.step_texts(self.played)[start:stop]
        return self.game.step_texts(self.played, start)

    def last_moves(self, count: int = 5) -> list[str]:
        """The last ``count`` steps in words (the most recent last)."""
        return self.step_texts(max(0, len(self.played) - count)) if count else []

    # --- checkpoints and the reveal (none, unless the game's recording has them) ------

    def rounds_ended(self) -> int:
        """How many rounds (checkpoints) have ended in the game so far."""
        return 0

    def just_ended(self) -> int | None:
        """The round (checkpoint) that has just ended, where the game stands at one."""
        return None

    def rules_check_lines(self) -> list[str]:
        """The values the table is asked to compare at a checkpoint, by the rules, as the
        record's ``check`` lines."""
        return []

    def story(self, number: int) -> list[str]:
        """What changed the checked values in round ``number``, move by move."""
        return []

    def reveal_due(self) -> str | None:
        """At the end of the game, the next player who shows what was hidden."""
        return None

    def reveal_known(self, name: str) -> list[str]:
        """What the record knows of what ``name`` shows (``?`` for each unknown)."""
        return []

    def reveal_words(self) -> tuple[str, ...]:
        """The words a reveal is typed in (completion)."""
        return ()

    def reveal(self, name: str, typed: str) -> list[str]:
        raise Slip("This game has no reveal")

    def check_due(self) -> bool:
        """Whether a round has just ended: the table is asked to compare its values with
        the rules' (once per round)."""
        ended = self.just_ended()
        return ended is not None and ended >= 1 and ended > self.checked

    def derived(self) -> str:
        """The checked values by the rules: ``money Ann 12 Ben 3 · prices F9 T6 R7``."""
        return " · ".join(line.removeprefix("check ") for line in self.rules_check_lines())

    def final_count(self) -> str | None:
        """The check the table's final count is written with (``score``; Cartel's
        ``worth``), or None where the game reads none (``Game.final_count``)."""
        return self.game.final_count(self.played)

    def scores_due(self) -> bool:
        """Whether the table is asked its final count: the game is over, what was hidden
        is shown, the game reads a count (``final_count``) and the record holds none yet
        after its last move (as a game night ends: the reveal, then the table's count)."""
        if self.scores_done or not self.finished or self.reveal_due() is not None:
            return False
        counted = self.final_count()
        if counted is None:
            return False
        for entry in reversed(self.record.entries):
            if isinstance(entry, self.record.move_entry):
                return True
            if isinstance(entry, CheckEntry) and entry.what in ("score", counted):
                return False
        return True

    def final_scores(self, typed: str) -> list[str]:
        """The table's final count (``Ann 24 Ben 18``, or a whole ``check`` line), written
        as a check line of ``final_count`` when the rules agree (else a ``Slip`` saying
        where they do not, nothing written); empty or ``done``: no check.  A check of
        another kind typed here (``check price ...``) is written, and the count is still
        asked."""
        typed = typed.strip()
        if typed.lower() in ("", "done", "skip", "no"):
            self.scores_done = True
            return []
        words = typed.split()
        line = typed if words[0].lower() == "check" else f"check {self.final_count()} {typed}"
        return self.enter(typed, line) or [line]

    def mode(self) -> str:
        """What the recorder is asked now: ``check`` (a round has ended), ``reveal`` (the
        game has, and a player is to show what was hidden), ``scores`` (the table's final
        count), ``move``, or ``done``."""
        if self.check_due():
            return "check"
        if self.reveal_due() is not None:
            return "reveal"
        if self.scores_due():
            return "scores"
        return "done" if self.finished else "move"

    # --- changing the record --------------------------------------------------------

    def line_for(self, typed: str) -> str:
        """The record line for what was typed: a number picks that answer.  Where another
        answer ends with that number (a bet of 5 beside answer 5, the bet of 4), which
        is meant is asked, not guessed: a table says its bet, a list is read by place."""
        typed = typed.strip()
        number = whole_number(typed)   # (not "²": a superscript is no number)
        if number is not None:
            listed, whole = self._listed()
            if not 1 <= number <= len(listed):
                raise Slip(f"There is no answer {number}: " + (
                    f"the answers are 1 to {len(listed)}" if listed else
                    "the answers here are typed, not numbered"))
            picked = listed[number - 1].text
            valued = [a.text for a in listed if a.text.split()[-1] == str(number)]
            if not valued and not whole:   # (the number as a form takes it)
                valued = [line for line in [self._form_filled(typed)] if line]
            if valued and picked not in valued:
                texts, meant = [a.text for a in listed], valued[0]
                said = _own_end(meant, texts) if meant in texts else meant   # (a form's)
                raise Slip(f"'{number}' is answer {number}, '{picked}', but '{meant}' "
                           f"ends with {number}: type the one meant by its words "
                           f"('{said}' or '{_own_end(picked, texts)}')")
            typed = picked
        return typed

    def respond(self, typed: str) -> list[str]:
        """Whatever is typed at the prompt, as the question asked now takes it (a check
        answer, a reveal, a move); a comment or a line with its own label is taken as that
        whatever is asked, but a whole ``check`` line typed where a check is asked is its
        answer (the prompt's example is ``money Ann 12``, but the record's line is ``check
        money Ann 12``, and either is typed).  A move typed where a round's check is asked
        is the table going on with nothing to say of the round, as Enter is: it is
        recorded, and the check is not asked again; what reads neither as a check nor as a
        move is told as a check.  Returns what was written, in words: a line that adds no
        move (a ``check``, a ``reveal``, a comment) is said as typed."""
        head = typed.split()[0].lower() if typed.split() else ""
        explicit = typed.lstrip()[:1] in (";", "{") or self._labelled(typed)
        mode = self.mode()
        if mode == "check" and (head == "check" or not explicit and self._answers_check(head)):
            return self.check(typed)
        if mode == "reveal" and not explicit:
            return self.reveal(self.reveal_due() or "", typed)
        if mode == "scores" and (not explicit or head == "check"):
            return self.final_scores(typed)
        if mode == "done" and not explicit and head and head != "check":
            raise Slip("The game is recorded to the end: only comments and checks can "
                       "follow (or undo)")
        ended = self.just_ended() if mode == "check" else None
        moves = len(self.played)
        try:
            written = self.enter(typed) or [" ".join(typed.split())]
        except Slip:
            if mode == "check" and not explicit:
                return self.check(typed)   # (not a move: what it says as a check)
            raise
        if ended is not None and len(self.played) > moves:
            self.checked = max(self.checked, ended)   # (the table went on)
        return written

    def _answers_check(self, head: str) -> bool:
        """Whether a line starting with ``head`` answers a round's check: nothing (the
        table agrees), ``y``, or a kind of check (``money Ann 12``)."""
        return head in ("", *WRITE_CHECK) or any(
            head in (kind.word, *kind.aliases) for kind in self.game.check_kinds)

    def _labelled(self, typed: str) -> bool:
        """Whether ``typed`` starts with a line's own label (``check ...``)."""
        return False

    def enter(self, typed: str, line: str | None = None) -> list[str]:
        """Record what was typed (see ``line_for``).  Returns the steps it added, in
        words; ``Slip`` (nothing written) if it is not legal here.  ``line``: the record's
        line, where the question puts words before what was typed (``reveal Ann`` before
        ``asia``), so that a slip still points into what was typed.  What does not read
        as typed, but is the end of the one answer the question allows so (``Ben`` for
        ``start Ben``: ``completed``), is that answer."""
        try:
            return self._enter(typed, line)
        except Slip:
            meant = self.completed(typed) if line is None else None
            if meant is not None:
                return self._enter(meant, None)
            told = self._as_an_end(typed) if line is None else None
            if told is None:
                raise
            raise told from None

    def _as_an_end(self, typed: str) -> Slip | None:
        """Why ``typed`` is none of the answers, said as the end of them: where every
        answer listed starts with the same words (``start Ben`` of Cartel's starting
        company) and ``typed`` is no longer than the rest of one, the slip of those words
        and ``typed`` (``juniper``: "Ben's starting company cannot be juniper: Ann owns
        it", where the line alone is told that 'juniper' is no move).  None where those
        words and ``typed`` read, or ``typed`` starts as an answer does."""
        listed, whole = self._listed()
        words = typed.split()
        if not listed or not whole or not words or whole_number(typed.strip()) is not None:
            return None
        answers = [answer.text.split() for answer in listed]
        shortest = min(len(answer) for answer in answers)
        common = 0   # (the words every answer starts with: one at least is left after)
        while common < shortest - 1 and len({a[common].lower() for a in answers}) == 1:
            common += 1
        if not common or len(words) > shortest - common or \
                words[0].lower() == answers[0][0].lower():
            return None
        line = self.line_for(" ".join(answers[0][:common] + [typed.strip()]))
        try:
            _check_typed(line)
            self._read(self.text + line + "\n", line, typed)
        except Slip as slip:
            return slip
        return None

    def _enter(self, typed: str, line: str | None) -> list[str]:
        line = self.line_for(typed) if line is None else line
        _check_typed(line)
        before = len(self.played)
        warned = len(getattr(self.played, "warnings", ()))
        # (a slip in the typed line points at its word; an answer picked by its number
        # was not typed)
        record, played = self._read(self.text + line + "\n", line,
                                    "" if whole_number(typed.strip()) is not None else typed)
        warnings: list = list(getattr(played, "warnings", ()))
        if len(warnings) > warned:
            raise Slip(f"Not recorded: {warnings[-1].message}")
        # (a second ``;`` line joins the comment before it: the entries change, not their
        # number)
        if len(played) == before and record.entries == self.record.entries:
            raise Slip("That adds no move")
        self._commit(record, played)
        return self.step_texts(before)

    def completed(self, typed: str) -> str | None:
        """The answer ``typed`` is the end of, where it is the end of one only: the words
        after the verb and the player the question names, as a player at the table says
        them (``Ben`` for ``start Ben``, ``b5`` for ``place Ann b5``), where the answers
        listed are all there are; else the words after the fixed words of the one form the
        question is typed in (``2 5`` for ``Ben rolls <die> <die>``, ``pass`` for ``bets
        Cleo <amount> (or pass)``).  None where no answer or form, or more than one, ends
        so; a number picks a listed answer by its place (``line_for``), so it completes
        none of them."""
        if "\n" in typed or "\r" in typed:
            return None
        words = _words(typed)
        listed, whole = self._listed()
        if not words or listed and whole_number(typed.strip()) is not None:
            return None
        # (only where the answers listed are all there are: an end that one of them has
        # alone may be another's too, not listed, as another player's pension bought
        # in Millionenspiel while the bets are asked)
        found = [a.text for a in listed
                 if _words(a.text)[-len(words):] == words
                 and len(a.text.split()) > len(words)] if whole else []
        if not found:
            filled = self._form_filled(typed)
            found = [filled] if filled else []
        return found[0] if len(found) == 1 else None

    def _form_filled(self, typed: str) -> str | None:
        """``typed`` after the fixed words of the one form the question is typed in
        (``hint``: ``Ben rolls`` of ``Ben rolls <die> <die>``), where that reads as the
        record writes it; else None.  Words that would fill several forms (Joakim's
        ``all 5``: a value's move, or a payment) are the recorder's to ask, not to
        guess."""
        fixed = {re.split(r"[<\[]", form)[0].rsplit("(", 1)[-1].strip()
                 for form in self.hint().split(", or ") if "<" in form} - {""}
        if len(fixed) != 1:
            return None
        [before] = fixed
        line = f"{before} {typed.strip()}"
        if typed.lower().startswith(before.lower()) or not self._reads_as_written(line):
            return None
        return line

    def _reads_as_written(self, typed: str) -> bool:
        """Whether ``typed`` reads here (nothing is written) as one move that the record
        writes just so: the words typed fill the form, and neither start an item of their
        own (``bets Ann buys pension 50`` reads, as Ann's pension bought, but is no bet)
        nor stand for another of its words (``sold 22`` reads, as sold to the player the
        reader takes, but the form names the player first)."""
        try:
            line = self.line_for(typed)
            _, played = self._read(self.text + line + "\n", line, typed)
        except MclogError:
            return False
        moves = played.replay.moves
        if len(moves) == len(self.played.replay.moves):
            return False
        said = self.game.answer_text(played, moves[-1]) or ""
        return _words(said) == _words(typed)

    def comment(self, text: str) -> None:
        """A comment on a line of its own, after the moves so far."""
        line = f"; {text}" if "\n" not in text else "{" + escape_brace(text) + "}"
        record, played = self._read(self.text + line + "\n", "", "")
        self._commit(record, played)

    def undoable(self, count: int) -> list[str]:
        """The moves ``undo(count)`` would take back, in words (nothing is changed): the
        terminal says them before a large undo."""
        moves = sum(1 for e in self.record.entries if isinstance(e, self.record.move_entry))
        return self.step_texts(len(self.played) - min(count, moves)) if moves else []

    def undo(self, count: int = 1) -> list[str]:
        """Take back the last ``count`` moves (with what was written after them); returns
        them in words.  The record on the disk is rewritten without them."""
        if count < 1:
            raise Slip("undo takes back one move or more")
        entries = self.record.entries
        moves = [i for i, e in enumerate(entries) if isinstance(e, self.record.move_entry)]
        if not moves:
            raise Slip("There is no move to undo")
        count = min(count, len(moves))
        undone = self.undoable(count)
        kept = replace(self.record, entries=self.kept_before(entries[:moves[-count]]))
        text = self.game.write(kept, self.game.replay(kept))
        record, played = self._read(text, "", "")
        self._commit(record, played)
        self.reveal_done = self.scores_done = False
        self.checked = min(self.checked, self.rounds_ended())
        return undone

    def undo_said(self, count: int = 1) -> str:
        """``undo(count)``, as the recorder says it: the moves taken back, and, where the
        record held fewer than asked, that they were all there were (``undo 5`` of one
        move took it back and said nothing of the other four)."""
        undone = self.undo(count)
        fewer = "" if count <= len(undone) else \
            " (the only move recorded)" if len(undone) == 1 else \
            f" (all {len(undone)} moves recorded)"
        return "undone: " + " · ".join(undone) + fewer

    def kept_before(self, entries: list) -> list:
        """The entries kept when the moves after them are undone (a game drops a round's
        or a label's line left with no move after it)."""
        return entries

    def check(self, typed: str) -> list[str]:
        """The table's answer to a check prompt.  Empty: the table agrees (nothing is
        written).  ``y``/``write``: the rules' values are written as ``check`` lines.
        Otherwise what the table shows (``money Ann 12 Ben 3``), written as a ``check``
        line if the rules agree; if not, ``Disagreement`` says where, with the moves of
        the round that changed it (nothing is written)."""
        ended = self.just_ended() or self.rounds_ended()
        typed = typed.strip()
        words = typed.lower().split()
        if not words:
            self.checked = ended
            return []
        if words[0] in WRITE_CHECK:
            lines = self.rules_check_lines()
        else:
            lines = [typed if words[0] == "check" else f"check {typed}"]
        text, read = self.text, None
        for line in lines:
            try:
                read = self._read(text + line + "\n", line, typed)
            except Slip as slip:
                if "check failed" in slip.message:
                    raise Disagreement(slip.message.split(": ", 1)[-1],
                                       self.story(ended)) from None
                raise
            text = self.game.write(*read)
        if read is not None:
            self._commit(*read)
        self.checked = ended
        return lines

    # --- reading and writing ----------------------------------------------------------

    def _read(self, text: str, line: str, typed: str):
        """The one record of ``text`` and its strict replay; a mistake is a ``Slip`` in
        the reader's words, pointing into what was typed (``line`` is the record's last
        line, made of ``typed``: the column is in ``typed`` as stripped)."""
        try:
            records = list(parse(text, file=self.path))
            if len(records) != 1:
                raise Slip("A tag line starts a new game: the recorder writes one game to a "
                           "file")
            record = records[0]
            if record.game != self.game.name:
                raise Slip(f"{self.path}: is a game of {record.game}, not {self.game.name}")
            # (played on from the record as it stood, where the game can: the line
            # typed, not the whole game again)
            return record, self.game.replay_after(self.played, record)
        except RecordError as exc:
            column = 0
            if line and typed.strip() and exc.line == text.count("\n") and exc.col:
                # (the line is the typed text after what the recorder put before it)
                offset = len(line) - len(line.lstrip()) + len(line.strip()) - \
                    len(typed.strip())
                column = max(1, exc.col - offset)
            raise Slip(exc.told(), column) from None

    def _commit(self, record, played) -> None:
        self._still_as_written()
        text = self.game.write(record, played)
        replace_file(self.path, text, self._reads_back)
        self.record, self.played, self.text = record, played, text
        self.on_disk = text.encode("utf-8")

    def _still_as_written(self) -> None:
        """Refuse to write if the file no longer holds what this recording last read or
        wrote there: another program changed it since (an editor, a second recorder, the
        notebook's and the terminal's on one file), and writing would lose that change."""
        if self.on_disk is None:
            return
        try:
            now = read_source(self.path, MAX_GAME, "a record being recorded")
        except MclogError:   # (gone, unreadable, grown past any record)
            now = None
        if now != self.on_disk:
            raise FileError(
                f"{self.path} {'is gone' if now is None else 'changed'} since the recorder "
                "last wrote it (edited, or recorded into from elsewhere): nothing was "
                "written, so that nothing in it is lost; open the recorder on it again "
                f"(mclog record {self.path}, or the notebook's recorder cell) to go on from "
                "it as it is now")

    def _reads_back(self, written: str) -> None:
        """The safe writer's check of what it wrote: one game, of these players, that
        replays."""
        with open(written, encoding="utf-8") as f:
            record, _ = self._read(f.read(), "", "")
        if tuple(record.players) != self.names:
            raise FileError(f"{written}: the record written did not read back as this game")


def _check_typed(line: str) -> None:
    """A ``Slip`` where the record line made of what was typed cannot be read as one: in
    the words of what was typed (the reader's would speak of a file's line)."""
    if not line.strip():
        raise Slip("Nothing typed: type an answer, or its number")
    if "\n" in line or "\r" in line:
        raise Slip("Type one line at a time")
    if "\x00" in line:
        raise Slip("Not recorded: a NUL character was typed (pasted binary data?): type "
                   "the answer's words")
    if over_limit(line):
        raise Slip(f"Not recorded: that is over {line_limit(line):,} characters, the most a "
                   "line of a record may hold")


def _words(text: str) -> list[str]:
    """An answer's words as they are compared: in lower case, commas as spaces."""
    return text.replace(",", " ").lower().split()


def _own_end(text: str, answers: list[str]) -> str:
    """The shortest end of the answer ``text`` that no other of ``answers`` ends with
    and that is no number (``Cleo 5`` of ``bets Cleo 5``): what to type for it."""
    words = text.split()
    for k in range(1, len(words)):
        end = words[-k:]
        if whole_number(" ".join(end)) is None and \
                sum(answer.split()[-k:] == end for answer in answers) == 1:
            return " ".join(end)
    return text


#: An undo of more moves than this is said first, and done when it is typed again: a
#: slip of one key (``undo 30`` for ``undo 3``) would otherwise take back half an evening.
UNDO_UNASKED = 3


def undo_count(command: str) -> int | None:
    """How many moves ``undo`` or ``undo 3`` takes back; None for another command; a
    ``Slip`` for ``undo`` with no number after it (not ``undo ³``: no number)."""
    low = command.strip().lower()
    if low != "undo" and not low.startswith("undo "):
        return None
    count = whole_number(low[4:].strip() or "1")
    if count is None:
        raise Slip("undo takes a number of moves: undo 3")
    return count


def large_undo_question(recording: Recording, command: str, count: int,
                        said: str | None) -> str | None:
    """What a typed ``undo N`` (``command``, ``count`` moves) asks first, where it would
    take back more than ``UNDO_UNASKED`` moves and is not the undo said just before
    (``said``): which moves it takes back.  None where it is done now.  The terminal and
    the widget's box both ask it."""
    undone = recording.undoable(count)
    if len(undone) <= UNDO_UNASKED or said == command.strip().lower():
        return None
    return (f"{command.strip()} takes back {len(undone)} moves, from {undone[0]} to "
            f"{undone[-1]}: type it again to take them back")


def in_columns(answers: list, width: int = 78) -> list[str]:
    """The lines of the answers, numbered, in as many columns as fit in ``width`` (a
    terminal is 80 wide at the least), 1, 2, 3 along the first line: thirty squares take
    six lines, not thirty, and the table above them stays on the screen."""
    cells = [f"{i:>2} {answer.text}" for i, answer in enumerate(answers, 1)]
    if not cells:
        return []
    wide = max(map(len, cells)) + 2
    per_line = max(1, width // wide)
    return ["  " + "".join(cell.ljust(wide) for cell in cells[i:i + per_line]).rstrip()
            for i in range(0, len(cells), per_line)]


def table_problem(game, path: str, options: dict) -> str | None:
    """Why a new record of ``options`` (the table's answers: ``players``, the game's own)
    would be refused, in the reader's words, or None: the terminal asks a question again
    until its answer reads, rather than stop after the last one.  Nothing is written."""
    if not options.get("players"):
        return "say who plays, in seat order"
    cls = game.recording_class or Recording
    try:
        tags = {**(options.get("tags") or {}), **game.recording_tags(options, path)}
        cls.opened(game, path, players=options["players"], tags=tags)
    except RecordError as exc:
        return exc.reason
    except (MclogError, ValueError) as exc:
        return str(exc)
    return None


def table_differs(game, recording: Recording, options: dict) -> str | None:
    """What ``options`` (the command line's, or the widget's keywords) say of the table
    that the record ``recording`` goes on with does not: its game (``game``: the name
    asked for), its players, an option of the game or a tag; None where they agree, as
    they do when the command that began the record is run again.  (Such an option was
    left aside, and the game recorded on as the file says, while the player took it for
    the table they named.)  The seat is ``resume``'s to check."""
    record, path = recording.record, recording.path
    asked = options.get("game")
    if asked and asked != game.name:
        return (f"is a game of {game.name}, not {asked}: the game is named for a new record, "
                "which goes in a new file")
    players, written = options.get("players"), record.tags.get("Players", "")
    if players and _listed(players) != _listed(written):
        return (f'its players are "{written}", not "{players}": the players are named for '
                "a new record, which goes in a new file")
    given = {key: value for key, value in options.items()
             if value and key not in ("game", "players", "seat", "tags")}
    try:
        plain = game.recording_tags({}, path)
        chosen = {**(options.get("tags") or {}), **game.recording_tags(given, path)}
    except ValueError as exc:
        return str(exc)
    for tag, value in chosen.items():
        if tag != SEAT_TAG and plain.get(tag) != value and record.tags.get(tag) != value:
            now = record.tags.get(tag)
            return (f"its [{tag}] is " + (f'"{now}"' if now else "not written (the rulebook's)")
                    + f', not "{value}": a table\'s options and tags are given for a new '
                    "record, which goes in a new file")
    return None


def _listed(players: str) -> list[str]:
    """The players as a list says them, however spaced (``Ann yellow,Ben  blue``), and
    however a name's accents are typed (``Zoë`` as one letter or two: ``spellings``).

    >>> _listed("Zoe\\u0308,Ben  blue") == _listed("Zo\\u00eb, Ben blue")
    True
    """
    import unicodedata

    return [unicodedata.normalize("NFC", " ".join(part.split())) for part in players.split(",")]


def start_or_resume(game, path: str, options: dict, ask=None) -> Recording:
    """The recording of ``path``: resumed if the file holds a game, else started from
    ``options`` (``players``, ``seat``, ``tags`` and the game's own); what they leave
    out is asked of ``ask()`` (the terminal's questions: the players, or a dict of
    options), or is a ``Slip``."""
    cls = game.recording_class or Recording
    if path != "-" and os.path.isfile(path) and os.path.getsize(path) > 0:
        recording = cls.resume(game, path, seat=options.get("seat"))
        problem = table_differs(game, recording, options)
        if problem is not None:
            raise FileError(f"{path}: {problem}")
        return recording
    check_new_record(path)   # (before the table's questions: not after them)
    if not options.get("players"):
        if ask is None:
            raise Slip(f"{path} holds no game yet: say who plays (players='Ann, Ben')")
        asked = ask()
        asked = asked if isinstance(asked, dict) else {"players": asked}
        options = {**asked, **{k: v for k, v in options.items() if v}}
        if not options.get("players"):
            raise Slip(f"{path} holds no game yet: say who plays (Ann, Ben)")
    tags = {**(options.get("tags") or {}), **game.recording_tags(options, path)}
    try:
        return cls.start(game, path, players=options["players"], tags=tags)
    except RecordError as exc:   # (the table given: no file holds it yet, no line to show)
        raise FileError(f"{path}: {exc.reason}") from None


__all__ = ["Answer", "Disagreement", "Recording", "Slip", "check_new_record",
           "start_or_resume", "table_problem", "table_differs", "undo_count",
           "large_undo_question", "in_columns", "LISTED", "SEAT_TAG", "UNDO_UNASKED"]
