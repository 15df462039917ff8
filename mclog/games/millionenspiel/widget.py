"""The replay widget of Millionenspiel: the shared one (``mclog.widget_shell.StepWidget``:
Play and a slider over the steps, the table drawn by ``draw.state_html``, the move in
words, and the money chart with a marker at the step shown).  Nothing of it is the
game's own but the drawing and the chart, which the shared widget asks the game for."""

from __future__ import annotations

from mclog.arguments import of_game

from .charts import money_chart


@of_game
def replay_widget(game):
    """The widget for ``game`` (a replayed record; display it as a cell's last value)."""
    from mclog.widget_shell import StepWidget

    from . import GAME

    return StepWidget(GAME, game)


__all__ = ["replay_widget", "money_chart"]
