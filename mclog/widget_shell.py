"""The shell every game's replay widget is built on (shared: it knows no game).

``MarkedChart`` shows a plotly figure whose first shape is a marker at the step shown,
in an ``Output`` widget, re-sending only the figure's JSON with the marker moved: no
``FigureWidget`` (and its extra front-end package) is needed, and a step costs a few
milliseconds however large the chart.
"""

from __future__ import annotations

import json

import ipywidgets as w
import plotly.graph_objects as go


class MarkedChart:
    """A chart with a step marker: ``figure`` (its ``layout.shapes[0]`` is the marker),
    ``view`` (the widget to lay out), ``show(step)``."""

    def __init__(self, figure: go.Figure) -> None:
        self.figure = figure
        self._json = json.loads(figure.to_json())
        self.view = w.Output()

    def show(self, step: int) -> None:
        """Draw the chart with its marker at ``step`` (only the marker changes)."""
        self.figure.layout.shapes[0].update(x0=step, x1=step, visible=True)
        layout = dict(self._json["layout"])
        shapes = list(layout["shapes"])
        shapes[0] = {**shapes[0], "x0": step, "x1": step, "visible": True}
        layout["shapes"] = shapes
        figure = {"data": self._json["data"], "layout": layout}
        self.view.outputs = ({"output_type": "display_data", "metadata": {},
                              "data": {"application/vnd.plotly.v1+json": figure}},)
