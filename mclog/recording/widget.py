"""The shared recorder in JupyterLab: the question, the legal answers as numbered buttons,
a text box that takes the same words as the terminal (a number or an item; a slip is
cleared from it and shown with its reason), Undo, a comment box, the record's path, and
the table drawn by the game.  Every answer is written to the record at
once (``Recording``), so a restarted kernel loses nothing: open the file again.

From Python: ``widget.answer("roll Ann")`` does what typing it does; ``widget.click(1)``
what the first button does.
"""

from __future__ import annotations

from html import escape

import ipywidgets as w

from mclog.errors import MclogError

from . import Recording


class RecorderWidget(w.VBox):
    def __init__(self, recording: Recording) -> None:
        self.recording = recording
        self.status = w.HTML()
        self.question = w.HTML()
        self.buttons = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        # (``continuous_update=False``: the value changes when Enter is pressed)
        self.typed = w.Text(placeholder="an answer's number, or the record's words",
                            continuous_update=False, layout=w.Layout(width="420px"))
        self.typed.observe(lambda change: change["new"] and self.answer(change["new"]),
                           names="value")
        undo = w.Button(description="Undo")
        undo.on_click(lambda _: self._do(lambda: "undone: " + " · ".join(
            self.recording.undo())))
        self.note = w.Text(placeholder="a comment", continuous_update=False,
                           layout=w.Layout(width="420px"))
        self.note.observe(self._comment_typed, names="value")
        self.board = w.HTML()
        where = w.HTML(f"<small>saved after every answer in <code>{escape(recording.path)}"
                       "</code></small>")
        super().__init__([self.question, self.buttons, w.HBox([self.typed, undo]),
                          self.note, self.status, where, self.board])
        self._show()

    def _show(self) -> None:
        rec = self.recording
        moves = "".join(f"<li>{escape(t)}</li>" for t in rec.last_moves(3))
        if rec.finished:
            self.question.value = (f"<ul>{moves}</ul><b>The game is recorded to the end.</b> "
                                   f"{escape(rec.game.final_text(rec.played))}")
            self.buttons.children = []
        else:
            answers = rec.answers()
            hint = rec.hint()
            hint = f" ({'or ' if answers else ''}type {escape(hint)})" if hint else ""
            self.question.value = f"<ul>{moves}</ul><b>{escape(rec.question())}</b>{hint}"
            buttons = []
            for i, text in enumerate(answers, 1):
                b = w.Button(description=f"{i}. {text}", layout=w.Layout(width="auto"))
                b.on_click(lambda _, i=i: self.click(i))
                buttons.append(b)
            self.buttons.children = buttons
        self.board.value = rec.game.draw(rec.state)

    def _do(self, action, typed: str = "") -> bool:
        try:
            said = action()
        except MclogError as exc:
            what = f"{typed.strip()!r}: " if typed.strip() else ""
            self.status.value = (f"<span style='color:#b00'>Not recorded: {escape(what)}"
                                 f"{escape(str(exc))}</span>")
            return False
        self.status.value = escape(said)
        self._show()
        return True

    def answer(self, typed: str) -> bool:
        """Record ``typed`` (a number or items).  The box is emptied either way: a slip is
        not left for the next answer to be typed after it, and stays beside its reason."""
        done = self._do(lambda: "recorded: " + " · ".join(self.recording.enter(typed)),
                        typed)
        if self.typed.value == typed:
            self.typed.value = ""
        return done

    def click(self, number: int) -> bool:
        return self._do(lambda: "recorded: " + " · ".join(self.recording.enter(str(number))))

    def _comment_typed(self, change: dict) -> None:
        if change["new"].strip():
            self._comment(change["new"])

    def _comment(self, text: str) -> None:
        def write() -> str:
            self.recording.comment(text)
            return "comment written"
        if self._do(write):
            self.note.value = ""


__all__ = ["RecorderWidget"]
