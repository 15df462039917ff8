"""``mclog record FILE`` for any game with the shared recorder: the question, the legal
answers numbered (Tab completes them), and the last moves; an answer is its number or the
notation's words.  Commands: ``undo`` (``undo 3``), ``; comment``, ``help``, ``quit``
(or Ctrl-D).  The record is saved after every line."""

from __future__ import annotations

import sys
from typing import TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import WordCompleter
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys

from mclog.errors import MclogError
from mclog.printable import printable
from mclog.record.framing import whole_number

from . import Recording, Slip

HELP = """\
Type the answer as a record line says it, or its number.
  undo [N]        take back the last move (or N moves)
  ; text          a comment on a line of its own
  quit            stop (the record is saved after every line: nothing is lost)"""


def _ignored(event) -> None:
    """A key the recorder has no use for (a pasted colour code reads as a mouse report)."""


IGNORE_PASTED_ESCAPES = KeyBindings()
IGNORE_PASTED_ESCAPES.add(Keys.Vt100MouseEvent)(_ignored)


def ask(session: PromptSession, prompt: str, path: str, say) -> str | None:
    """The line typed at ``prompt``; None once the recorder is done (Ctrl-D, ``quit``),
    which is said with where the record is.  Ctrl-C drops the line being typed, nothing
    else, and asks again."""
    while True:
        try:
            typed = session.prompt(prompt)
        except KeyboardInterrupt:
            continue
        except EOFError:
            say(f"\nStopped. The record is saved in {path}; mclog record {path} goes on "
                "from here.")
            return None
        if typed.strip().lower() in ("quit", "exit", "q"):
            say(f"Stopped. The record is saved in {path}.")
            return None
        return typed


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


def summary(recording: Recording) -> str:
    """The last moves, the question and its answers, numbered."""
    out = [f"  {text}" for text in recording.last_moves(3)]
    out.append(recording.question())
    answers = recording.answers()
    out += [f"  {i:>2}. {a}" for i, a in enumerate(answers, 1)]
    hint = recording.hint()
    if hint:
        out.append(f"  ({'or ' if answers else ''}type {hint})")
    return "\n".join(out)


def run(recording: Recording, *, input=None, output=None, out: TextIO | None = None) -> int:
    """Record until the game is over or the recorder quits; the exit status."""
    out = out or sys.stdout
    session: PromptSession = PromptSession(input=input, output=output,
                                           history=InMemoryHistory(),
                                           key_bindings=IGNORE_PASTED_ESCAPES)

    def say(text: str) -> None:
        out.write(printable(text) + "\n")
        out.flush()

    say(f"Recording {recording.path}. Type help for help; the record is saved after "
        "every line.")
    while True:
        if recording.finished:
            say("\nThe game is recorded to the end. " +
                recording.game.final_text(recording.played))
            return 0
        say("\n" + summary(recording))
        session.completer = WordCompleter(recording.answers(), sentence=True)
        typed = ask(session, "> ", recording.path, say)
        if typed is None:
            return 0
        command = typed.strip()
        try:
            if command.lower() in ("help", "h"):
                say(HELP)
            elif (count := undo_count(command)) is not None:
                say("undone: " + " · ".join(recording.undo(count)))
            elif command.startswith(";"):
                recording.comment(command[1:].strip())
                say("comment written")
            elif command:
                say("recorded: " + " · ".join(recording.enter(command)))
        except Slip as exc:   # (pointing at the word typed, where it is one)
            lead = len(typed) - len(typed.lstrip())
            say((" " * (len("> ") + lead + exc.column - 1) + "^\n" if exc.column else "")
                + f"Not recorded: {exc}")
        except MclogError as exc:
            say(f"Not recorded: {exc}")


def ask_players(session: PromptSession | None = None, *, input=None, output=None) -> str:
    session = session or PromptSession(input=input, output=output,
                                       key_bindings=IGNORE_PASTED_ESCAPES)
    return session.prompt("Players in seat order, clockwise (Ann, Ben, Cleo)> ").strip()


__all__ = ["run", "summary", "ask_players", "HELP"]
