"""``mclog record FILE``: record a game at the table, in a terminal.

At each decision the terminal shows the table on one screen (round, disc, whose
decision, every player's money, industries and colonies, the prices, the cards on
offer, the last moves) and the legal answers, numbered; the prompt completes exactly
those answers with Tab (``Ben buys <Tab>`` offers what Ben can buy, and after a comma the
next item's answers).  An answer is a number, the notation's own words, or a whole
line of items (``place Ann IV:R, Ben V, Cleo II``).  At the end of every round the
table is asked to compare its money and prices with the rules'; at the end of the
game, each player's colonies.  Line editing, history and completion are prompt_toolkit's.

Commands: ``undo`` (``undo 3``), ``; comment`` or ``{comment}``, ``check ...``,
``board``, ``help``, ``quit`` (or Ctrl-D).  The record is saved after every line, so
quitting is never needed to keep it.
"""

from __future__ import annotations

import sys
from typing import TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.history import InMemoryHistory

from mclog.errors import MclogError
from mclog.printable import printable
from ..rules.board import DISCS, ROMAN
from ..rules.cards import CONTINENTS, INDUSTRY_TYPES
from ..rules.unknown import is_handle
from mclog.recording.terminal import ask, undo_count

from .session import Disagreement, Recording, Slip

#: At most this many answers are listed by number (more: Tab completes them).
LISTED = 30

HELP = """\
Type the answer as a record line says it (Ann IV:R, Ben buys asia, draws ? ?), its
number, or a whole line of items (place Ann IV:R, Ben V). Tab completes the legal
answers. The label and the name of whoever decides are added for you.
  undo [N]        take back the last move (or N moves)
  ; text          a comment on a line of its own ({text} works too)
  check ...       a checkpoint: check money Ann 12 Ben 3, check prices F9 T6 R7
  board           show the table again
  quit            stop (the record is saved after every line: nothing is lost)"""


class AnswerCompleter(Completer):
    """Completes the item being typed with the legal answers: after a comma, the answers
    to the question the items before it lead to."""

    def __init__(self, recording: Recording):
        self.recording = recording

    def get_completions(self, document, complete_event):
        text = document.text_before_cursor
        mode = self.recording.mode()
        if mode == "reveal":
            fragment = text.rsplit(" ", 1)[-1]
            for word in (*CONTINENTS, "none", "done"):
                if word.startswith(fragment.lower()):
                    yield Completion(word, start_position=-len(fragment))
            return
        if mode != "move":
            return
        before, _, fragment = text.rpartition(",")
        fragment = fragment.lstrip()
        options = (self.recording.answers() if not before.strip() else
                   self.recording.answers_after(before))
        names = self.recording.names
        low = fragment.lower()
        seen = set()
        for answer in options:
            forms = [answer.text]
            head, _, rest = answer.text.partition(" ")
            if head in names and rest and not before.strip():
                forms.append(rest)  # what is typed without the name (it is added)
            for form in forms:
                if form.lower().startswith(low) and form not in seen:
                    seen.add(form)
                    yield Completion(form, start_position=-len(fragment))


def summary(recording: Recording, listed: int = LISTED) -> str:
    """The table on one screen, and the numbered answers."""
    s = recording.state
    names = recording.names
    seat = names[recording.seat] if recording.seat is not None else "every seat"
    width = max(map(len, names))
    out = [f"== {recording.where()} " + "=" * max(4, 48 - len(recording.where()))
           + f" (recorded from {seat})"]
    roles = recording.record.table.roles
    if any(roles):  # the alternative setup: each colour brings its role
        names = tuple(f"{n} ({r})" for n, r in zip(names, roles))
        width = max(map(len, names))
    for p, name in enumerate(names):
        colonies = recording.known_colonies(recording.names[p])
        industries = " ".join(str(c) for c in sorted(s.industries[p])) or "-"
        out.append(f"  {name:<{width}}  {s.money[p]:>3} million  industries {industries}"
                   f"  colonies {' '.join(colonies) or '-'}")
    out.append("  prices   " + "   ".join(f"{k} {s.prices[k]}" for k in INDUSTRY_TYPES))
    pawns = []
    for disc in DISCS:
        on = s.pawns.get(disc) or []
        if on:
            pawns.append(f"{ROMAN[disc]}: " + ", ".join(
                recording.names[p] + (f" {sector}" if sector else "") for p, sector in on))
    if pawns:
        out.append("  pawns    " + " · ".join(pawns))
    if s.hand and s.phase == "resolve":
        out.append("  on offer " + ", ".join("?" if is_handle(c) else c for c in s.hand))
    last = recording.last_moves(4)
    if last:
        out.append("  last     " + " · ".join(last))
    out.append(f"  next     {recording.question()}")
    options = recording.answers()
    if 0 < len(options) <= listed:
        cells = [f"{i:>2} {a.text}" for i, a in enumerate(options, 1)]
        wide = max(map(len, cells)) + 2
        per_line = max(1, 78 // wide)
        for i in range(0, len(cells), per_line):
            out.append("  " + "".join(c.ljust(wide) for c in cells[i:i + per_line]).rstrip())
    elif options:
        out.append(f"  ({len(options)} answers: Tab completes them)")
    return "\n".join(out)


def _ignored(event) -> None:
    """A key the recorder has no use for."""


#: A colour code pasted into the prompt (``ESC[31m``) reads to prompt_toolkit as a mouse
#: report, whose own handler then fails with a traceback (issue 30): the recorder takes no
#: mouse input, so such reports are ignored.
IGNORE_PASTED_ESCAPES = KeyBindings()
IGNORE_PASTED_ESCAPES.add(Keys.Vt100MouseEvent)(_ignored)


def run(recording: Recording, *, input=None, output=None, out: TextIO | None = None) -> int:
    """Record until the game is over and revealed, or the recorder quits.  ``input`` and
    ``output`` are prompt_toolkit's (a pipe and ``DummyOutput`` in tests); ``out`` is
    where the table is printed.  Returns the exit status."""
    out = out or sys.stdout
    session: PromptSession = PromptSession(
        input=input, output=output, history=InMemoryHistory(),
        completer=AnswerCompleter(recording), complete_while_typing=False,
        key_bindings=IGNORE_PASTED_ESCAPES)

    def say(text: str) -> None:
        out.write(printable(text) + "\n")  # (a name's escape sequence is shown, not obeyed)
        out.flush()

    say(f"Recording {recording.path}. Type help for help; the record is saved after "
        "every line.")
    shown = None
    while True:
        mode = recording.mode()
        if mode == "check":
            ended = 9 if recording.finished else recording.state.round - 1
            say(f"\nEnd of round {ended}. By the rules: {recording.derived()}")
            prompt = ("check (Enter: the table agrees; y: write it as a check line; or type "
                      "what the table shows, money Ann 12 ...)> ")
        elif mode == "reveal" and (name := recording.reveal_due()) is not None:
            known = recording.known_colonies(name)
            say(f"\nThe game is over. {name}'s colonies, as the record knows them: "
                f"{' '.join(known) or 'none'}")
            prompt = f"reveal {name} (Enter: as known; done: no more reveals)> "
        elif mode == "done":
            say("\nThe game is recorded to the end. " + _result(recording))
            return 0
        else:
            if shown != len(recording.game) or shown is None:
                say("\n" + summary(recording))
                shown = len(recording.game)
            prompt = f"{recording.label()}> "
        prompt = printable(prompt)
        typed = ask(session, prompt, recording.path, say)  # (the shared recorder's prompt)
        if typed is None:
            return 0
        command = typed.strip()
        low = command.lower()
        try:
            if low in ("help", "h"):
                say(HELP)
            elif low == "board":
                shown = None
            elif (count := undo_count(command)) is not None:
                undone = recording.undo(count)
                say("undone: " + " · ".join(undone))
                shown = None
            elif low.startswith("comment "):
                recording.comment(command[8:])
                say("comment written")
            elif command or mode != "move":
                written = recording.respond(command)
                if written:
                    say("recorded: " + " · ".join(written))
                else:
                    say({"check": "agreed", "reveal": "no more reveals"}.get(mode,
                                                                           "written"))
        except Disagreement as exc:
            say(f"The table and the rules disagree: {exc.message}. Nothing was written.")
            if exc.moves:
                say("What changed it this round, move by move:")
                for line in exc.moves:
                    say("  " + line)
            say("Find the slip, then undo back to it (undo N) and enter the moves again; "
                "or press Enter if the rules are right.")
        except Slip as exc:
            where = (" " * (len(prompt) + exc.column - 1) + "^\n") if exc.column else ""
            say(f"{where}Not recorded: {exc.message}" if not exc.message.startswith(
                "Not recorded") else f"{where}{exc.message}")
        except MclogError as exc:
            say(f"Not recorded: {exc}")


def _result(recording: Recording) -> str:
    rows = sorted(recording.game.scores(), key=lambda r: r.rank)
    return "Scores: " + ", ".join(f"{r.rank}. {r.name} {r.total}" + (
        "" if r.exact else f" ({r.total_range[0]}-{r.total_range[1]})") for r in rows)


def ask_table(session: PromptSession | None = None, *, input=None, output=None) -> dict:
    """The questions before a new game, in the rulebook's order: who plays where (and in
    which colour), which setup, which privilege rule, and from which seat the record is
    written."""
    session = session or PromptSession(input=input, output=output,
                                       key_bindings=IGNORE_PASTED_ESCAPES)
    players = session.prompt("Players in seat order, clockwise, with colours "
                             "(Ann yellow, Ben blue, Cleo red)> ").strip()
    setup = session.prompt("Setup: standard or alternative (Enter: standard)> ").strip() \
        or "standard"
    privileges = session.prompt("Privileges: draw (the rulebook) or pick (Enter: draw)> ") \
        .strip() or "draw"
    seat = session.prompt("Your name, to record from your seat (Enter: you see every "
                          "card)> ").strip() or None
    event = session.prompt("Event (Enter: none)> ").strip()
    return {"players": players, "setup": setup.lower(), "privileges": privileges.lower(),
            "seat": seat, "tags": {"Event": event} if event else {}}


__all__ = ["run", "summary", "ask_table", "AnswerCompleter"]
