"""The recorder in JupyterLab: the terminal recorder's session as buttons, beside the board.

``RecorderWidget(recording)`` (``mclog.widgets.recorder(FILE, ...)``) shows where the game
stands and whose decision it is, the legal answers as buttons grouped by verb (and by
card where a verb has many), each in its player's colour (chance's in grey), a text box
that takes the same words as the terminal (a number, an item, a whole line), Undo, a
comment box, the check at the end of every round and the reveal at the end, and the SVG
board of the game so far.  Every answer is written to the record file at once (see
``session.Recording``), so a restarted kernel loses nothing: open the file again.

From Python (tests, or a notebook cell): ``widget.answer("Ben buys asia")`` does what
typing it does, ``widget.click("Ben buys asia")`` what its button does.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from mclog.errors import MclogError
from ..board_svg import board_svg
from ..draw import COLOUR_CSS
from ..rules.flow import describe_decision
from .session import Disagreement, Recording

#: At most this many answer buttons (more: the text box, with its numbers).
BUTTONS = 60
#: A verb with more answers than this has a row of buttons for each card.
GROUPED = 8


def _button_style(colour: str | None) -> dict:
    if colour is None:
        return {"button_color": "#e0e0e0", "text_color": "#000"}
    css = COLOUR_CSS.get(colour, "#888")
    dark = colour not in ("yellow", "white")
    return {"button_color": css if colour != "white" else "#f4f4f4",
            "text_color": "#fff" if dark else "#000", "font_weight": "bold"}


class RecorderWidget(w.HBox):
    """Record a game at the table in a notebook (see the module docstring)."""

    def __init__(self, recording: Recording) -> None:
        self.recording = recording
        self.where = w.HTML()
        self.message = w.HTML(layout=w.Layout(min_height="24px"))
        self.answers_box = w.VBox(layout=w.Layout(max_height="420px", overflow="auto"))
        self.text = w.Text(placeholder="or type: a number, Ben buys asia, place Ann IV:R, V",
                           continuous_update=False, layout=w.Layout(width="100%"))
        self.enter_button = w.Button(description="record", layout=w.Layout(width="90px"))
        self.undo_button = w.Button(description="undo", icon="undo",
                                    layout=w.Layout(width="90px"))
        self.comment_text = w.Text(placeholder="a comment", continuous_update=False,
                                   layout=w.Layout(width="100%"))
        self.last = w.HTML()
        self.board = w.HTML(layout=w.Layout(width="100%"))
        #: The answer buttons now shown, by their answer's words.
        self.buttons: dict[str, w.Button] = {}
        for part, name in ((self.where, "mclog-where"), (self.answers_box, "mclog-answers"),
                           (self.message, "mclog-message"), (self.board, "mclog-recorder-board")):
            part.add_class(name)  # (what a browser test or a stylesheet finds)
        self.text.observe(self._typed, names="value")
        self.enter_button.on_click(lambda _: self.answer(self.text.value))
        self.undo_button.on_click(lambda _: self.undo())
        self.comment_text.observe(self._commented, names="value")
        left = w.VBox([self.where, self.answers_box,
                       w.HBox([self.text, self.enter_button]),
                       w.HBox([self.comment_text, self.undo_button]),
                       self.message, self.last],
                      layout=w.Layout(flex="1 1 360px", max_width="560px"))
        # The board beside the answers when the notebook is wide enough for it to be read
        # (640 px), else under them at the notebook's full width.
        right = w.VBox([self.board], layout=w.Layout(flex="2 1 640px"))
        super().__init__([left, right], layout=w.Layout(width="100%", flex_flow="row wrap"))
        self.refresh()

    # --- acting ------------------------------------------------------------------------

    def answer(self, typed: str) -> bool:
        """Record what was typed (or the check's or the reveal's answer, when one is
        asked).  Returns whether something was recorded; a slip is shown in words."""
        rec = self.recording
        try:
            mode = rec.mode()
            if mode == "move" and not typed.strip():
                return False
            written = rec.respond(typed)
            self._say("recorded: " + " · ".join(written) if written else
                      {"check": "the table agrees", "reveal": "no more reveals"}.get(
                          mode, "written"))
        except Disagreement as exc:
            story = "".join(f"<li>{escape(m)}</li>" for m in exc.moves)
            self._say(f"The table and the rules disagree: {escape(exc.message)}. Nothing "
                      f"was written. What changed it this round:<ul>{story}</ul>Undo back "
                      "to the slip and enter the moves again, or press <i>agree</i> if the "
                      "rules are right.", error=True, html=True)
            return False
        except MclogError as exc:
            # (the slip leaves the box, so the next answer is not typed after it; what was
            # typed stays beside the reason, to mend)
            self._say(f"Not recorded: {typed.strip()!r}: {exc}", error=True)
            if self.text.value == typed:
                self.text.value = ""
            return False
        finally:
            self.refresh()
        return True

    def click(self, text: str) -> None:
        """Press the button of the answer ``text`` (``KeyError`` if there is none now)."""
        self.buttons[text].click()

    def undo(self, count: int = 1) -> None:
        try:
            undone = self.recording.undo(count)
            self._say("undone: " + " · ".join(undone))
        except MclogError as exc:
            self._say(str(exc), error=True)
        self.refresh()

    def _typed(self, change) -> None:
        if change["new"]:
            if self.answer(change["new"]):
                self.text.value = ""

    def _commented(self, change) -> None:
        if change["new"].strip():
            try:
                self.recording.comment(change["new"])
                self._say("comment written")
                self.comment_text.value = ""
            except MclogError as exc:
                self._say(str(exc), error=True)

    def _say(self, text: str, error: bool = False, html: bool = False) -> None:
        """Show ``text`` (plain text, escaped here; or ``html`` already escaped)."""
        colour = "#b00020" if error else "#1b5e20"
        body = text if html else escape(text)
        self.message.value = f'<span style="color:{colour}">{body}</span>'

    # --- drawing -------------------------------------------------------------------------

    def refresh(self) -> None:
        """Draw the question, its answers and the board as the game now stands.  (The
        answers go to the page before the question: once the question reads anew, its
        buttons are there to press.)"""
        rec = self.recording
        seat = rec.names[rec.seat] if rec.seat is not None else "every seat"
        where = (f"<b>{escape(rec.where())}</b> &middot; recorded from {escape(seat)} "
                 f"&middot; {len(rec.game)} moves &middot; <code>{escape(rec.path)}</code>")
        self.buttons = {}
        if rec.check_due():
            ended = 9 if rec.finished else rec.state.round - 1
            where += (f"<br>End of round {ended}: by the rules "
                      f"<b>{escape(rec.derived())}</b>. Does the table agree?")
            rows = [self._row("check", [("agree", "", None),
                                        ("write as a check line", "y", None)])]
        elif (name := rec.reveal_due()) is not None:
            known = rec.known_colonies(name)
            where += (f"<br>The game is over: {escape(name)} shows their colonies (the "
                      f"record knows: {escape(' '.join(known) or 'none')}). Type them, or:")
            choices = [("no more reveals", "done", None)]
            if "?" not in known:
                choices.insert(0, (f"as known: {' '.join(known) or 'none'}", "", None))
            rows = [self._row("reveal", choices)]
        elif rec.finished:
            where += "<br>The game is recorded to the end."
            rows = []
        else:
            where += f"<br>Next: <b>{escape(rec.question())}</b>"
            rows = self._answer_rows()
        self.answers_box.children = rows
        self.where.value = where
        last = rec.last_moves(6)
        self.last.value = ("<small>last: " + " &middot; ".join(escape(t) for t in last)
                           + "</small>") if last else ""
        state = rec.game.state(len(rec.game))
        self.board.value = board_svg(state, next_question=describe_decision(state))

    def _answer_rows(self) -> list[w.Widget]:
        options = self.recording.answers()
        if len(options) > BUTTONS:
            return [w.HTML(f"{len(options)} answers: type one (the numbers are those of "
                           "the terminal's list)")]
        colours = self.recording.record.table.colours
        number = {id(a): i for i, a in enumerate(options, 1)}  # (the text box's numbers)
        groups: dict[str, list] = {}
        for a in options:
            groups.setdefault(a.verb, []).append(a)
        rows = []
        for verb, group in groups.items():
            # a verb with many answers (Dumping, Lobby turns) gets a row for each card,
            # the verb named once, on its first row
            by_card: dict[str | None, list] = {}
            for a in group:
                by_card.setdefault(a.card if len(group) > GROUPED else None, []).append(a)
            for k, items in enumerate(by_card.values()):
                rows.append(self._row(verb if k == 0 else "", [
                    (a.text, a.text, colours[a.player] if a.player is not None else None,
                     number[id(a)]) for a in items]))
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
            buttons.append(b)
        return w.HBox([w.HTML(f"<b>{escape(verb)}</b>", layout=w.Layout(width="90px")),
                       w.HBox(buttons, layout=w.Layout(flex_flow="row wrap"))])


__all__ = ["RecorderWidget"]
