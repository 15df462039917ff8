"""``mclog record FILE`` for every game: the question, the legal answers numbered (Tab
completes them, and after a comma the next item's answers), and the last moves (or the
game's own table on one screen); an answer is its number or the notation's words.  At
the end of a round whose values the table can compare, the rules' are shown and the
table says whether it agrees; at the end of a game with hidden cards, each player's are
asked; then the table's final count (``check score``), where the game reads one.  Commands: ``undo`` (``undo 3``), ``; comment``, ``board``, ``help``, ``quit``
(or Ctrl-D).  The record is saved after every line.  Line editing, history and
completion are prompt_toolkit's, at a terminal; from a file or a pipe the answers are
read a line each (``PipedAnswers``)."""

from __future__ import annotations

import sys
from typing import TextIO

from prompt_toolkit import PromptSession
from prompt_toolkit.completion import Completer, Completion
from prompt_toolkit.history import InMemoryHistory
from prompt_toolkit.key_binding import KeyBindings
from prompt_toolkit.keys import Keys

from mclog.errors import MclogError
from mclog.printable import counted, printable
from mclog.record.files import MAX_LINE

from . import (LISTED, Disagreement, Recording, Slip, large_undo_question, in_columns,
               start_or_resume, table_problem, undo_count)


def _ignored(event) -> None:
    """A key the recorder has no use for."""


#: A colour code pasted into the prompt (``ESC[31m``) reads to prompt_toolkit as a mouse
#: report, whose own handler then fails with a traceback (issue 30): the recorder takes no
#: mouse input, so such reports are ignored.
IGNORE_PASTED_ESCAPES = KeyBindings()
IGNORE_PASTED_ESCAPES.add(Keys.Vt100MouseEvent)(_ignored)


class AnswerCompleter(Completer):
    """Completes the item being typed with the legal answers: after a comma, the answers
    to the question the items before it lead to; at a reveal, its words."""

    def __init__(self, recording: Recording):
        self.recording = recording

    def get_completions(self, document, complete_event):
        text = document.text_before_cursor
        mode = self.recording.mode()
        if mode == "reveal":
            fragment = text.rsplit(" ", 1)[-1]
            for word in self.recording.reveal_words():
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
            if head in names and rest and not before.strip() and \
                    self.recording.label():   # (the name is added where it is typed without)
                forms.append(rest)
            for form in forms:
                if form.lower().startswith(low) and form not in seen:
                    seen.add(form)
                    yield Completion(form, start_position=-len(fragment))


class PipedAnswers:
    """Answers read a line each from a file or a pipe (``mclog record game.mclog <
    answers.txt``), for a recorder whose input is no terminal: prompt_toolkit would warn
    that it is none and draw its line editor, carriage returns and all, into the output.
    Each prompt is written with the answer read after it, so that the output reads as the
    session would have; the end of the input is Ctrl-D's.  A line longer than a record's
    (``MAX_LINE``) is read no further than that, and refused as too long: what follows it
    is not kept in memory."""

    def __init__(self, lines: TextIO | None, out: TextIO) -> None:
        self.lines, self.out = lines, out

    def prompt(self, text: str) -> str:
        lines = self.lines
        if lines is None:   # (no standard input at all)
            raise EOFError
        try:
            line = lines.readline(MAX_LINE + 1)
        except (OSError, ValueError):   # (an input that cannot be read, or is closed)
            raise EOFError from None
        if not line:
            raise EOFError
        if not line.endswith("\n"):
            # over MAX_LINE (or the input's last line): the rest of it is dropped, read a
            # piece at a time
            while (rest := lines.readline(MAX_LINE)) and not rest.endswith("\n"):
                pass
        answer = line.rstrip("\r\n")
        self.out.write(text + printable(answer) + "\n")
        self.out.flush()
        return answer


def _session(input, output, out: TextIO, **options) -> PromptSession | PipedAnswers:
    """Where the answers come from: prompt_toolkit's line editor at a terminal (and for
    the ``input`` a test gives), else the lines of the file or pipe standing in for it."""
    if input is None and output is None and not (sys.stdin and sys.stdin.isatty()):
        return PipedAnswers(sys.stdin, out)
    return PromptSession(input=input, output=output, key_bindings=IGNORE_PASTED_ESCAPES,
                         **options)


def ask(session: PromptSession | PipedAnswers, prompt: str, path: str, say,
        finished: bool = False) -> str | None:
    """The line typed at ``prompt``; None once the recorder is done (Ctrl-D, ``quit``),
    which is said with where the record is (``finished``: the game is recorded to the
    end, and nothing is left to go on with).  Ctrl-C drops the line being typed, nothing
    else, and asks again."""
    while True:
        try:
            typed = session.prompt(prompt)
        except KeyboardInterrupt:
            continue
        except EOFError:
            if not finished:
                say(f"\nStopped. The record is saved in {path}; mclog record {path} goes "
                    "on from here.")
            return None
        if typed.strip().lower() in ("quit", "exit", "q"):
            say(f"Stopped. The record is saved in {path}.")
            return None
        return typed


def summary(recording: Recording) -> str:
    """The table on one screen where the game draws one, else the last moves; the
    question and its answers, numbered."""
    board = recording.board_text()
    if board is not None:
        return board
    out = [f"  {text}" for text in recording.last_moves(3)]
    out.append(recording.question())
    answers = recording.answers()
    if len(answers) <= LISTED:
        out += in_columns(answers)
    else:
        out.append(f"  ({len(answers)} answers: Tab completes them)")
    hint = recording.hint()
    if hint:
        out.append(f"  ({'or ' if answers else ''}type {hint})")
    return "\n".join(out)


def run(recording: Recording, *, input=None, output=None, out: TextIO | None = None) -> int:
    """Record until the game is over (and revealed), or the recorder quits.  ``input`` and
    ``output`` are prompt_toolkit's (a pipe and ``DummyOutput`` in tests); ``out`` is
    where the table is printed.  Returns the exit status: 1 where answers read from a
    file or a pipe were refused (they are said again at the end: a script that records
    from a file learns that the record is not what the file says), else 0."""
    out = out or sys.stdout
    session = _session(input, output, out, history=InMemoryHistory(),
                       completer=AnswerCompleter(recording), complete_while_typing=False)
    refused: list[str] = []   # (the answers of a file that were not recorded)

    def status() -> int:
        if not refused or not isinstance(session, PipedAnswers):
            return 0
        shown = ", ".join(f"'{printable(r)[:60]}'" for r in refused[:5])
        more = f" and {len(refused) - 5} more" if len(refused) > 5 else ""
        were = "was" if len(refused) == 1 else "were"
        say(f"{counted(len(refused), 'answer')} of the input {were} not recorded: "
            f"{shown}{more}")
        return 1

    def say(text: str) -> None:
        out.write(printable(text) + "\n")  # (a name's escape sequence is shown, not obeyed)
        out.flush()

    say(f"Recording {recording.path}. Type help for help; the record is saved after "
        "every line.")
    for said in recording.left_out():
        say(said)
    shown: object = None
    undo_said: str | None = None   # (a large undo said, to be typed again to be done)
    while True:
        mode = recording.mode()
        if mode == "check":
            say(f"\nEnd of round {recording.just_ended()}. By the rules: "
                f"{recording.derived()}")
            prompt = ("check (Enter: the table agrees; y: write it as a check line; or type "
                      "what the table shows, money Ann 12 ...)> ")
        elif mode == "reveal" and (name := recording.reveal_due()) is not None:
            known = recording.reveal_known(name)
            say(f"\nThe game is over. What {name} shows, as the record knows it: "
                f"{' '.join(known) or 'none'}")
            prompt = f"reveal {name} (Enter: as known; done: no more reveals)> "
        elif mode == "scores":
            say("\nThe game is over. " + recording.game.final_text(recording.played))
            prompt = (f"check {recording.final_count()} (Enter: no check; or type what the "
                      f"table counted, {recording.names[0]} 24 ...)> ")
        elif mode == "done":
            # (the table's last words may follow: a count of the money, a comment)
            if shown != "done":
                say("\nThe game is recorded to the end. " +
                    recording.game.final_text(recording.played))
                shown = "done"
            prompt = "a check or a comment may follow (Enter: stop)> "
        else:
            if shown is not recording.played:
                say("\n" + summary(recording))
                shown = recording.played
            prompt = f"{recording.label()}> "
        prompt = printable(prompt)
        typed = ask(session, prompt, recording.path, say, finished=mode == "done")
        if typed is None or mode == "done" and not typed.strip():
            return status()
        command = typed.strip()
        low = command.lower()
        if low != undo_said:
            undo_said = None   # (said again at once, or not at all)
        try:
            if low in ("help", "h"):
                say(recording.help_text())
            elif low == "board":
                if recording.board_text() is None:   # (where the game stands, in its table)
                    say("\n" + "\n".join(recording.game.score_lines(recording.played)))
                shown = None
            elif (count := undo_count(command)) is not None:
                question = large_undo_question(recording, command, count, undo_said)
                if question:
                    say(question)
                    undo_said = low
                    continue
                say(recording.undo_said(count))
                shown = None
            elif command.startswith(";") or low.startswith("comment "):
                recording.comment(command[1 if command.startswith(";") else 8:].strip())
                say("comment written")
            elif command or mode != "move":
                written = recording.respond(command)
                say("recorded: " + " · ".join(written) if written else
                    {"check": "agreed", "reveal": "no more reveals",
                     "scores": f"no {recording.final_count()} check"}.get(mode, "written"))
        except Disagreement as exc:
            refused.append(typed)
            say(f"The table and the rules disagree: {exc.message}. Nothing was written.")
            if exc.moves:
                say("What changed it this round, move by move:")
                for line in exc.moves:
                    say("  " + line)
            say("Find the slip, then undo back to it (undo N) and enter the moves again; "
                "or press Enter if the rules are right.")
        except Slip as exc:   # (pointing at the word typed, where it is one)
            refused.append(typed)
            lead = len(typed) - len(typed.lstrip())
            where = (" " * (len(prompt) + lead + exc.column - 1) + "^\n"
                     if exc.column else "")
            say(where + (exc.message if exc.message.startswith("Not recorded") else
                         f"Not recorded: {exc.message}"))
        except MclogError as exc:
            refused.append(typed)
            say(f"Not recorded: {exc}")


def ask_table(game, session: PromptSession | PipedAnswers | None = None, *, input=None,
              output=None, path: str | None = None, out: TextIO | None = None,
              given: dict | None = None) -> dict:
    """The questions before a new game, as the game asks them (``recorder_questions``:
    who plays where, and the table's options, each with its default), but for those
    ``given`` answers (the command line's: ``--seat Ann``, ``--option setup=...``,
    ``--event`` as the ``Event`` of its ``tags``), which are kept: asked again, Enter
    would seem to take the default and the command line's answer would be recorded.
    With ``path`` (the record to be), each answer is checked as it is given, the
    questions after it at their defaults (``table_problem``): one the reader would refuse
    is said, and its question asked again, rather than the recorder stopping after the
    last question.  Ctrl-D (or an input that ends) before the last answer stops the
    recorder with nothing written."""
    out = out or sys.stdout
    session = session or _session(input, output, out)
    questions = game.recorder_questions()
    options: dict = {key: value for key, value in (given or {}).items() if value}
    for index, (key, question, default) in enumerate(questions):
        if options.get(key) or (options.get("tags") or {}).get(key.capitalize()):
            continue   # (answered on the command line)
        while True:
            try:
                answer = session.prompt(f"{question}> ")
            except EOFError:
                raise MclogError("mclog record: stopped before the game began (the input "
                                 "ended); nothing was written") from None
            options[key] = answer.strip() or default
            if path is None:
                break
            later = {k: d for k, _, d in questions[index + 1:]}
            problem = table_problem(game, path, {**later, **options})
            if problem is None:
                break
            said = problem.rstrip(".")
            stop = "" if said.endswith("?") else "."   # (``did you mean Ann? Again:``)
            out.write(printable(f"Not recorded: {said}{stop} Again:") + "\n")
            out.flush()
    return options


def record(game, path: str, options: dict) -> int:
    """``mclog record``: record ``game`` into ``path`` (new, or resumed) in the terminal;
    the exit status."""
    if game.engine is None:
        raise NotImplementedError(f"{game.name} has no recorder yet: write its record by "
                                  "hand (see its format in docs/)")
    return run(start_or_resume(game, path, options,
                               ask=lambda: ask_table(game, path=path, given=options)))


__all__ = ["run", "summary", "ask", "ask_table", "record",
           "AnswerCompleter", "PipedAnswers", "IGNORE_PASTED_ESCAPES"]
