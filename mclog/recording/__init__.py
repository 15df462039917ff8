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
``answer_hint(played)`` (what to type where the answers cannot be listed).  ``KitGame`` supplies both from its verb table.

This package knows no game; Million Club keeps its own, richer recorder (the reveal, the
end-of-round checks, seat views) on the same principle.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, replace
from typing import Any

from mclog.errors import MclogError, RecordError
from mclog.record.files import (MAX_GAME, FileError, clear_orphans_beside, decode,
                                read_source, replace_file, write_new)
from mclog.record.framing import escape_tag, whole_number
from mclog.record.reading import parse

#: At most this many answers are listed by number.
LISTED = 30


class Slip(MclogError):
    """What was typed is not a legal answer here, in the reader's or the rules' words, and
    the column of the typed text it points at (1-based; 0 when it is not in the text)."""

    code = "slip"

    def __init__(self, message: str, column: int = 0) -> None:
        super().__init__(message)
        self.message, self.column = message, column

    def __str__(self) -> str:
        return self.message


def check_new_record(path: str) -> None:
    """``FileError`` unless ``path`` can take a new record: a recording is saved after
    every line, so it needs a file, and one that holds no game yet."""
    if os.path.exists(path) and not os.path.isfile(path):
        raise FileError(f"{path}: is not a file (a folder, a pipe or a device): a "
                        "recording is saved after every line, so it needs a file")
    if os.path.exists(path) and os.path.getsize(path) > 0:
        raise FileError(f"{path}: already holds a record; open it to go on with it "
                        "(mclog record FILE resumes it)")


@dataclass
class Recording:
    """One game being recorded into ``path``: its game, record, replay and text."""

    game: Any       # a game the recorder can serve (``answer_text``, ``answer_hint``)
    path: str
    record: Any     # the game's record
    played: Any     # ... replayed
    text: str
    #: The answers listed for ``played`` (as written; whether every legal move has one),
    #: worked out once for each state the recording reaches.
    _listing: tuple | None = field(default=None, init=False, repr=False)

    # --- opening ------------------------------------------------------------------

    @classmethod
    def start(cls, game, path: str, *, players: str, tags: dict | None = None) -> Recording:
        """A new record at ``path`` (which must not hold a game already), its tags
        checked as the reader checks them, written at once."""
        check_new_record(path)
        header = {"Game": game.name, **(tags or {}), "Players": players}
        text = "".join(f'[{k} "{escape_tag(v)}"]\n' for k, v in header.items() if v) + "\n"
        try:
            recording = cls._from_text(game, path, text)
        except Slip as exc:
            raise FileError(f"{path}: {exc.message}") from None
        write_new(path, recording.text)
        return recording

    @classmethod
    def resume(cls, game, path: str) -> Recording:
        """The record at ``path``, checked, ready at its next decision; a file with a
        mistake is refused with the reader's located message, and left as it is.  What a
        recorder killed before left beside it is cleared."""
        clear_orphans_beside(path)
        text = decode(read_source(path, MAX_GAME, "a record to resume"), path)
        return cls._from_text(game, path, text)

    @classmethod
    def _from_text(cls, game, path: str, text: str) -> Recording:
        record, played = _read(game, path, text)
        return cls(game, path, record, played, game.write(record, played))

    # --- where the game stands ------------------------------------------------------

    @property
    def state(self):
        return self.played.replay.current

    @property
    def finished(self) -> bool:
        return self.game.engine.decision(self.state) is None

    def question(self) -> str:
        """The next question, in words."""
        return self.game.engine.describe(self.state)

    def _listed(self) -> tuple[list[str], bool]:
        """(every legal answer as the record writes it, when they can be listed: a few
        dozen at most; whether those are all there is to type)."""
        if self._listing is None or self._listing[0] is not self.played:
            moves = self.game.engine.legal(self.state)
            if moves is None or len(moves) > LISTED:
                texts, whole = [], False
            else:
                written = [self.game.answer_text(self.played, move) for move in moves]
                # (None: a move a record does not write, as keeping a throw)
                texts, whole = [t for t in written if t], all(written)
            self._listing = (self.played, texts, whole)
        return self._listing[1], self._listing[2]

    def answers(self) -> list[str]:
        """Every legal answer as the record writes it, when they can be listed (a few
        dozen at most); else none, and ``hint`` says what to type."""
        return self._listed()[0]

    def hint(self) -> str:
        """What to type beyond the listed answers, in the game's words: where none can be
        listed, or where one is not written (keeping a throw: the next item says it);
        empty where the answers listed are all there is."""
        return "" if self._listed()[1] else self.game.answer_hint(self.played)

    def last_moves(self, count: int = 5) -> list[str]:
        texts = self.game.step_texts(self.played)
        return texts[-count:] if count else []

    # --- changing the record --------------------------------------------------------

    def enter(self, typed: str) -> list[str]:
        """Record what was typed: an answer's number, or items in the notation's words.
        Returns the moves it added, in words; ``Slip`` (nothing written) if it is not
        legal here."""
        typed = typed.strip()
        if not typed:
            raise Slip("Nothing typed: type an answer, or its number")
        number = whole_number(typed)
        if number is not None:
            listed = self.answers()
            if not 1 <= number <= len(listed):
                raise Slip(f"There is no answer {number}: " + (
                    f"the answers are 1 to {len(listed)}" if listed else
                    "the answers here are typed, not numbered"))
            typed = listed[number - 1]
        if "\n" in typed or typed.lstrip().startswith("["):
            raise Slip("One line of items at a time, and no tags")
        before = len(self.played)
        # (a slip in the typed line points at its word: the line is the record's last,
        # as typed; an answer picked by its number was not typed)
        record, played = _read(self.game, self.path, self.text + typed + "\n",
                               typed_line=None if number is not None else
                               self.text.count("\n") + 1)
        if len(played) == before and record.entries == self.record.entries:
            raise Slip("That adds no move")
        self._commit(record, played)
        return self.game.step_texts(played)[before:]

    def comment(self, text: str) -> None:
        """A comment on a line of its own, after the moves so far."""
        from mclog.record.framing import escape_brace

        line = f"; {text}" if "\n" not in text else "{" + escape_brace(text) + "}"
        record, played = _read(self.game, self.path, self.text + line + "\n")
        self._commit(record, played)

    def undo(self, count: int = 1) -> list[str]:
        """Take back the last ``count`` moves (with what was written after them); returns
        them in words."""
        from mclog.record.entries import FromSource

        if count < 1:
            raise Slip("undo takes back one move or more")
        entries = self.record.entries
        moves = [i for i, e in enumerate(entries) if isinstance(e, FromSource)]
        if not moves:
            raise Slip("There is no move to take back")
        count = min(count, len(moves))
        texts = self.game.step_texts(self.played)[-count:]
        record = replace(self.record, entries=entries[:moves[-count]])
        self._commit(record, self.game.replay(record))
        return texts

    def _commit(self, record, played) -> None:
        text = self.game.write(record, played)
        replace_file(self.path, text, _reads_back(self.game))
        self.record, self.played, self.text = record, played, text


def _read(game, path: str, text: str, typed_line: int | None = None):
    """The one record of ``text`` and its strict replay; ``Slip`` in the reader's words,
    with its column where it is on ``typed_line`` (the line typed, as it was typed)."""
    try:
        records = list(parse(text, file=path))
        if len(records) != 1:
            raise Slip("A tag line starts a new game: the recorder writes one game to a file")
        record = records[0]
        if record.game != game.name:
            raise Slip(f"{path}: is a game of {record.game}, not {game.name}")
        return record, game.replay(record)
    except RecordError as exc:
        rule = f" ({exc.rule})" if exc.rule and f"({exc.rule})" not in exc.reason else ""
        column = exc.col if typed_line is not None and exc.line == typed_line else 0
        raise Slip(exc.reason + rule, column) from None


def _reads_back(game):
    """The safe writer's check of what it wrote: one game, that replays."""
    def verify(written: str) -> None:
        with open(written, encoding="utf-8") as f:
            _read(game, written, f.read())

    return verify


def start_or_resume(game, path: str, options: dict, ask=None) -> Recording:
    """The recording of ``path``: resumed if the file holds a game, else started from
    ``options`` (``players``, ``tags``); the players are asked of ``ask()`` (the
    terminal's question) if not given, or are a ``Slip``."""
    if os.path.exists(path) and os.path.isfile(path) and os.path.getsize(path) > 0:
        return Recording.resume(game, path)
    players = options.get("players")
    if not players:
        if ask is None:
            raise Slip(f"{path} holds no game yet: say who plays (players='Ann, Ben')")
        players = ask()
    return Recording.start(game, path, players=players, tags=options.get("tags") or {})


__all__ = ["Recording", "Slip", "check_new_record", "start_or_resume", "LISTED"]
