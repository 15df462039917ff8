"""The shell every game's replay widget is built on (shared: it knows no game).

``MarkedChart`` shows a plotly figure whose first shape is a marker at the step shown, as
a ``FigureWidget`` (plotly's widget, through the ``anywidget`` package): a step moves the
marker with one small message and the browser re-lays-out the chart, rather than
receiving and drawing the whole figure again.
"""

from __future__ import annotations

import plotly.graph_objects as go


class MarkedChart:
    """A chart with a step marker: ``figure`` (the widget; its ``layout.shapes[0]`` is
    the marker), ``view`` (the same, to lay out), ``show(step)``."""

    def __init__(self, figure: go.Figure) -> None:
        self.figure = go.FigureWidget(figure)
        self.view = self.figure

    def show(self, step: int) -> None:
        """Move the marker to ``step`` (only the marker changes)."""
        self.figure.layout.shapes[0].update(x0=step, x1=step, visible=True)
