"""The recorder in JupyterLab, for every game: where the game stands and whose decision
it is, the legal answers as numbered buttons (grouped by verb, and by card where a verb
has many; each in its player's colour where the game gives one, chance's in grey), a
text box that takes the same words as the terminal (a number, an item, a whole line; a
slip is cleared from it and shown with its reason), Undo, a comment box, the check at
the end of a round and the reveal at the end where the game has them, the record's path,
and the table drawn by the game.  Every answer is written to the record at once
(``Recording``), so a restarted kernel loses nothing: open the file again.

From Python (tests, or a notebook cell): ``widget.answer("roll Ann")`` does what typing
it does; ``widget.click(1)`` or ``widget.click("roll Ann")`` what its button does.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from mclog.errors import MclogError
from mclog.printable import counted

from . import Disagreement, Recording, large_undo_question, start_or_resume, undo_count

#: At most this many answer buttons (more: the text box, with its numbers).
BUTTONS = 60
#: A verb with more answers than this has a row of buttons for each card.
GROUPED = 8
#: A chance answer's button (or one a game gives no colour).
GREY = {"button_color": "#e0e0e0", "text_color": "#000"}


def _button_style(css: str | None) -> dict:
    """A button in a player's colour (``css``), its text readable on it."""
    if css is None:
        return GREY
    r, g, b = (int(css[i:i + 2], 16) for i in (1, 3, 5)) if len(css) == 7 else (0, 0, 0)
    light = 0.299 * r + 0.587 * g + 0.114 * b > 150
    return {"button_color": css, "text_color": "#000" if light else "#fff",
            "font_weight": "bold"}


class RecorderWidget(w.HBox):
    """Record a game at the table in a notebook (see the module docstring)."""

    def __init__(self, recording: Recording) -> None:
        self.recording = recording
        self.where = w.HTML()
        self.status = w.HTML(layout=w.Layout(min_height="24px"))
        self.answers_box = w.VBox(layout=w.Layout(max_height="420px", overflow="auto"))
        # (``continuous_update=False``: the value changes when Enter is pressed)
        self.typed = w.Text(placeholder=recording.placeholder, continuous_update=False,
                            layout=w.Layout(width="100%"))
        enter = w.Button(description="record", layout=w.Layout(width="90px"))
        undo = w.Button(description="undo", icon="undo", layout=w.Layout(width="90px"))
        self.note = w.Text(placeholder="a comment", continuous_update=False,
                           layout=w.Layout(width="100%"))
        self.last = w.HTML()
        self.board = w.HTML(layout=w.Layout(width="100%"))
        #: The answer buttons now shown, by their answer's words.
        self.buttons: dict[str, w.Button] = {}
        #: ... and by their number.
        self.numbered: dict[int, w.Button] = {}
        #: Whether the last answer was recorded.
        self.recorded = False
        #: A large ``undo N`` typed in the box and said, done if it is typed again next.
        self._undo_said: str | None = None
        for part, name in ((self.where, "mclog-where"), (self.answers_box, "mclog-answers"),
                           (self.status, "mclog-message"), (self.board, "mclog-recorder-board")):
            part.add_class(name)  # (what a browser test or a stylesheet finds)
        self.typed.observe(self._typed, names="value")
        enter.on_click(lambda _: self.answer(self.typed.value))
        undo.on_click(lambda _: self.undo())
        self.note.observe(self._commented, names="value")
        left = w.VBox([self.where, self.answers_box, w.HBox([self.typed, enter]),
                       w.HBox([self.note, undo]), self.status, self.last],
                      layout=w.Layout(flex="1 1 360px", max_width="560px"))
        # The board beside the answers when the notebook is wide enough for it to be read
        # (640 px), else under them at the notebook's full width.
        right = w.VBox([self.board], layout=w.Layout(flex="2 1 640px"))
        super().__init__([left, right], layout=w.Layout(width="100%", flex_flow="row wrap"))
        self.refresh()
        if recording.left_out():   # (the items the record is saved without, said once)
            self._say("<br>".join(map(escape, recording.left_out())), html=True)

    # --- acting ------------------------------------------------------------------------

    def answer(self, typed: str) -> bool:
        """Record what was typed (or the check's or the reveal's answer, when one is
        asked).  Returns whether something was recorded; a slip is shown in words, and
        the box is emptied either way (a slip is not left for the next answer to be typed
        after it; it stays beside its reason)."""
        rec = self.recording
        self.recorded = False
        said, self._undo_said = self._undo_said, None
        try:
            mode = rec.mode()
            if mode in ("move", "done") and not typed.strip():
                return False
            count = undo_count(typed)   # (the terminal's commands read here too)
            if count is not None:
                question = large_undo_question(rec, typed, count, said)
                if question:
                    self._undo_said = typed.strip().lower()
                    self._say(question)
                else:
                    self.undo(count)
                return False
            written = rec.respond(typed)
            self.recorded = True
            self._say("recorded: " + " · ".join(written) if written else
                      {"check": "the table agrees", "reveal": "no more reveals",
                       "scores": f"no {rec.final_count()} check"}.get(mode, "written"))
        except Disagreement as exc:
            story = "".join(f"<li>{escape(m)}</li>" for m in exc.moves)
            self._say(f"The table and the rules disagree: {escape(exc.message)}. Nothing "
                      f"was written. What changed it this round:<ul>{story}</ul>Undo back "
                      "to the slip and enter the moves again, or press <i>agree</i> if the "
                      "rules are right.", error=True, html=True)
            return False
        except MclogError as exc:
            what = f"{typed.strip()!r}: " if typed.strip() else ""
            self._say(f"Not recorded: {what}{exc}", error=True)
        finally:
            if self.typed.value == typed:
                self.typed.value = ""
            self.refresh()
        return self.recorded

    def click(self, which: int | str) -> bool:
        """Press the button of answer number ``which``, or of the answer ``which`` (its
        words, or a check's or reveal's label); ``KeyError`` if there is none now."""
        button = self.numbered[which] if isinstance(which, int) else self.buttons[which]
        self.recorded = False
        button.click()
        return self.recorded

    def undo(self, count: int = 1) -> None:
        try:
            self._say(self.recording.undo_said(count))
        except MclogError as exc:
            self._say(str(exc), error=True)
        self.refresh()

    def _typed(self, change) -> None:
        if change["new"]:
            self.answer(change["new"])

    def _commented(self, change) -> None:
        if change["new"].strip():
            try:
                self.recording.comment(change["new"])
                self._say("comment written")
                self.note.value = ""
            except MclogError as exc:
                self._say(str(exc), error=True)

    def _say(self, text: str, error: bool = False, html: bool = False) -> None:
        """Show ``text`` (plain text, escaped here; or ``html`` already escaped)."""
        colour = "#b00020" if error else "#1b5e20"
        body = text if html else escape(text)
        self.status.value = f'<span style="color:{colour}">{body}</span>'

    # --- drawing -------------------------------------------------------------------------

    def refresh(self) -> None:
        """Draw the question, its answers and the board as the game now stands.  (The
        answers go to the page before the question: once the question reads anew, its
        buttons are there to press.)"""
        rec = self.recording
        seat = rec.names[rec.seat] if rec.seat is not None else "every seat"
        place = f"<b>{escape(rec.where())}</b> &middot; " if rec.where() else ""
        where = (f"{place}recorded from {escape(seat)} &middot; {counted(len(rec.played), 'move')} "
                 f"&middot; <small>saved after every answer in <code>{escape(rec.path)}"
                 "</code></small>")
        self.buttons, self.numbered = {}, {}
        if rec.check_due():
            where += (f"<br>End of round {rec.just_ended()}: by the rules "
                      f"<b>{escape(rec.derived())}</b>. Does the table agree?")
            rows = [self._row("check", [("agree", "", None),
                                        ("write as a check line", "y", None)])]
        elif (name := rec.reveal_due()) is not None:
            known = rec.reveal_known(name)
            where += (f"<br>The game is over: {escape(name)} shows what was hidden (the "
                      f"record knows: {escape(' '.join(known) or 'none')}). Type it, or:")
            choices = [("no more reveals", "done", None)]
            if "?" not in known:
                choices.insert(0, (f"as known: {' '.join(known) or 'none'}", "", None))
            rows = [self._row("reveal", choices)]
        elif rec.scores_due():
            where += ("<br>The game is over: " + escape(rec.game.final_text(rec.played))
                      + f" Type the {rec.final_count()} the table counted (Ann 24 Ben 18) "
                      "to check it, or:")
            rows = [self._row("scores", [(f"no {rec.final_count()} check", "", None)])]
        elif rec.finished:
            where += ("<br><b>The game is recorded to the end.</b> "
                      + escape(rec.game.final_text(rec.played)))
            rows = []
        else:
            hint = rec.hint()
            answers = rec.answers()
            hint = f" ({'or ' if answers else ''}type {escape(hint)})" if hint else ""
            where += f"<br>Next: <b>{escape(rec.question())}</b>{hint}"
            rows = self._answer_rows()
        self.answers_box.children = rows
        self.where.value = where
        last = rec.last_moves(6)
        self.last.value = ("<small>last: " + " &middot; ".join(escape(t) for t in last)
                           + "</small>") if last else ""
        self.board.value = rec.game.draw(rec.state)

    def _answer_rows(self) -> list[w.Widget]:
        options = self.recording.answers()
        if len(options) > BUTTONS:
            return [w.HTML(f"{len(options)} answers: type one (the numbers are those of "
                           "the terminal's list)")]
        groups: dict[str, list] = {}
        for number, a in enumerate(options, 1):
            groups.setdefault(a.verb, []).append((number, a))
        rows = []
        for verb, group in groups.items():
            # a verb with many answers (Dumping, Lobby turns) gets a row for each card,
            # the verb named once, on its first row
            by_card: dict[str | None, list] = {}
            for number, a in group:
                by_card.setdefault(a.card if len(group) > GROUPED else None, []).append(
                    (number, a))
            for k, items in enumerate(by_card.values()):
                rows.append(self._row(verb if k == 0 else "", [
                    (a.text, a.text, self.recording.colour(a.player), number)
                    for number, a in items]))
        return rows

    def _row(self, verb: str, items: list[tuple]) -> w.Widget:
        """A row of buttons after the label ``verb``: each item ``(label, typed, colour)``,
        and the answer's number where it has one (the one the text box takes)."""
        buttons = []
        for label, typed, colour, *numbered in items:
            shown = f"{numbered[0]}. {label}" if numbered else label
            b = w.Button(description=shown, tooltip=label, style=_button_style(colour),
                         layout=w.Layout(width="auto"))
            b.on_click(lambda _, typed=typed: self.answer(typed))
            self.buttons[label] = b
            if numbered:
                self.numbered[numbered[0]] = b
            buttons.append(b)
        return w.HBox([w.HTML(f"<b>{escape(verb)}</b>", layout=w.Layout(width="90px")),
                       w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))])


def recorder(game, path: str, options: dict) -> RecorderWidget:
    """``mclog.widgets.recorder``: the widget recording ``game`` into ``path`` (new, or
    resumed)."""
    if game.engine is None:
        raise NotImplementedError(f"{game.name} has no recorder yet")
    return RecorderWidget(start_or_resume(game, path, options))


__all__ = ["RecorderWidget", "recorder"]
