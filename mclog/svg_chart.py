"""A plotly figure drawn as SVG by mclog itself, for the report page: a report to send
must be light and paint at once, and plotly.js alone is 4.8 MB (issue 25).  It draws what
the games' report charts use, from the figure's data, and nothing more:

- line traces (``mode="lines"``, straight or ``line_shape="hv"`` steps), a band filled
  to the trace before (``fill="tonexty"``), markers with text above them;
- bars on categories: side by side (``barmode="group"``), stacked (``"relative"``,
  ``"stack"``), or from a ``base`` each (``"overlay"``), hatched where the figure hatches;
- a linear or log y axis, the layout's vertical lines and their labels, the title, the
  axis titles and a legend;
- a step marker (``class="mclog-marker"``) that the page moves to the step shown: its
  ``data-axis`` is what the x axis counts (its title's first word: ``step``, ``round``),
  and ``data-x0``/``data-x1`` map that count to the plot's left and right edges
  (``data-px0``/``data-px1``).

Every text comes from the figure and is escaped here, once.  A figure's texts are
plotly's markup, which the games' charts escape for plotly (``O&#x27;Neil``, ``Tom &amp;
Jerry``): they are read as plotly shows them, then escaped for the SVG.

>>> import plotly.graph_objects as go
>>> svg = figure_svg(go.Figure(go.Scatter(x=[0, 1, 2], y=[1, 3, 2], name="<Ann>")))
>>> svg.startswith("<svg") and "&lt;Ann&gt;" in svg and "mclog-marker" in svg
True
>>> bars = figure_svg(go.Figure(go.Bar(x=["O&#x27;Neil"], y=[3], name="Tom &amp; Jerry")))
>>> "O&#x27;Neil" in bars and "Tom &amp; Jerry" in bars and "&amp;#x27;" not in bars
True
"""

from __future__ import annotations

import math
from html import escape, unescape

#: Colours of traces that name none (plotly's own first ten).
PALETTE = ("#636efa", "#ef553b", "#00cc96", "#ab63fa", "#ffa15a", "#19d3f3", "#ff6692",
           "#b6e880", "#ff97ff", "#fecb52")
WIDTH = 760
LEFT, RIGHT, TOP, BOTTOM = 64, 170, 36, 48


def _text(value, limit: int = 120) -> str:
    """A title, name, category or label as plotly holds it (a string, or ``{"text":
    ...}``), escaped for the SVG.  It is plotly's markup: its entities are read as plotly
    shows them (a chart escapes a player's ``O'Neil`` for plotly, which must not show
    ``&#x27;``), and a ``<br>`` becomes a space."""
    if isinstance(value, dict):
        value = value.get("text")
    if value is None:
        return ""
    text = unescape(str(value).replace("<br>", " "))
    return escape(text if len(text) <= limit else text[:limit - 1] + "…", quote=True)


def _number(value: float) -> str:
    if value == int(value):
        return f"{int(value):,}"
    return f"{value:,.2f}".rstrip("0").rstrip(".")


def _nice_ticks(low: float, high: float, count: int = 5) -> list[float]:
    """About ``count`` round numbers (1, 2 or 5 times a power of ten apart) spanning
    ``low`` to ``high``."""
    if high <= low:
        high = low + 1
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step) * step
    ticks = []
    value = first
    while value <= high + step * 1e-9:
        ticks.append(round(value, 10))
        value += step
    return ticks


class _Axis:
    """A numeric axis: data to pixels, linear or log (base 10)."""

    def __init__(self, low: float, high: float, pixels: tuple[float, float], log: bool):
        self.log = log
        if log:
            low, high = math.log10(max(low, 1e-9)), math.log10(max(high, 1e-9))
        if high <= low:
            high = low + 1
        self.low, self.high, self.pixels = low, high, pixels

    def __call__(self, value: float) -> float:
        if self.log:
            value = math.log10(max(value, 1e-9))
        p0, p1 = self.pixels
        return p0 + (value - self.low) / (self.high - self.low) * (p1 - p0)

    def ticks(self) -> list[float]:
        if self.log:
            return [10.0 ** k for k in range(math.ceil(self.low), math.floor(self.high) + 1)]
        return [t for t in _nice_ticks(self.low, self.high) if self.low <= t <= self.high]


def _colour(trace: dict, index: int) -> str:
    for key in ("line", "marker"):
        colour = (trace.get(key) or {}).get("color")
        if isinstance(colour, str):
            return colour
    return PALETTE[index % len(PALETTE)]


def _list(values) -> list:
    """A trace's array as a list: plotly gives a list, a numpy array, or (plotly 6) a
    typed array as ``{"dtype": "f8", "bdata": base64}``."""
    if values is None:
        return []
    if isinstance(values, dict) and "bdata" in values:
        import base64

        import numpy as np

        array = np.frombuffer(base64.b64decode(values["bdata"]), dtype=values["dtype"])
        return array.tolist()
    return list(values.tolist() if hasattr(values, "tolist") else values)


def _points(at: list[tuple[float, float] | None], run: list[int]
            ) -> list[tuple[float, float]]:
    """The points of a run of drawn values (``_runs`` gives only indices whose point is
    drawn)."""
    return [p for p in (at[i] for i in run) if p is not None]


def _runs(indexes: list[int]) -> list[list[int]]:
    """``indexes`` cut into runs of consecutive numbers (a line is not drawn across a
    gap)."""
    runs: list[list[int]] = []
    for i in indexes:
        if runs and runs[-1][-1] == i - 1:
            runs[-1].append(i)
        else:
            runs.append([i])
    return runs


def _path(points: list[tuple[float, float]], shape: str | None) -> str:
    """An SVG path through ``points``: straight, or in steps (``hv``: across, then up).
    A point on the level of the one before (and, straight, of the one after) draws
    nothing of its own and is left out: a game of thousands of steps whose values change
    now and then is a path of its changes, not of every step.

    >>> _path([(0, 5), (1, 5), (2, 5), (3, 7)], "hv")
    'M0.0,5.0 L3.0,5.0 L3.0,7.0'
    """
    kept = [(f"{px:.1f}", f"{py:.1f}") for px, py in points]
    last = len(kept) - 1
    parts = []
    previous = None
    for i, (px, py) in enumerate(kept):
        if 0 < i < last and py == kept[i - 1][1] and (shape == "hv" or
                                                      py == kept[i + 1][1]):
            continue
        if previous is not None and shape == "hv":
            parts.append(f"L{px},{previous[1]}")
        parts.append(f"{'M' if previous is None else 'L'}{px},{py}")
        previous = (px, py)
    return " ".join(parts)


def figure_svg(figure, *, width: int = WIDTH) -> str:
    """``figure`` (a plotly ``Figure``) as one SVG element that scales to its container."""
    spec = figure.to_plotly_json()
    data, layout = spec.get("data", []), spec.get("layout", {})
    height = int(layout.get("height") or 340)
    x0, y0, x1, y1 = LEFT, TOP, width - RIGHT, height - BOTTOM  # the plot area
    bars = [t for t in data if t.get("type") == "bar"]
    categories: list[str] = []
    for t in data:
        if t.get("type") == "bar" or (bars and t.get("type") == "scatter"):
            for x in _list(t.get("x")):
                if str(x) not in categories:
                    categories.append(str(x))
    log = (layout.get("yaxis") or {}).get("type") == "log"
    # the y range: every value drawn (bars from their bases, stacks summed)
    ys: list[float] = []  # (NaN, a gap, is left out below)
    mode = layout.get("barmode") or "group"
    stacked: dict[str, list[float]] = {}
    for t in data:
        values = [v for v in _list(t.get("y")) if v is not None and v == v]
        if t.get("type") == "bar":
            bases = _list(t.get("base")) or [0.0] * len(values)
            if mode in ("relative", "stack"):
                for x, v in zip(_list(t.get("x")), values):
                    tops = stacked.setdefault(str(x), [0.0, 0.0])
                    tops[0 if v >= 0 else 1] += v
                    ys.append(tops[0 if v >= 0 else 1])
            else:
                ys += [b + v for b, v in zip(bases, values)] + list(bases)
            if not log:
                ys.append(0.0)
        else:
            ys += values
    yrange = (layout.get("yaxis") or {}).get("range")
    low = min(ys) if ys else 0.0
    high = max(ys) if ys else 1.0
    if yrange:
        low, high = yrange
        if log:
            low, high = 10 ** low, 10 ** high
    elif log:  # (half the least value: the smallest bar still shows)
        low = max(min((v for v in ys if v > 0), default=1.0) / 2, 1e-9)
    elif high > low:
        pad = (high - low) * 0.05
        low, high = (low - pad if low < 0 else low), high + pad
    y = _Axis(low, high, (y1, y0), log)
    xs = [v for t in data if t.get("type") != "bar" for v in _list(t.get("x"))
          if isinstance(v, (int, float))]
    numeric_x = not categories
    xlow, xhigh = (min(xs), max(xs)) if xs and numeric_x else (0, 1)
    x = _Axis(xlow, xhigh, (x0, x1), False)
    out = [f'<svg class="mclog-chart" viewBox="0 0 {width} {height}" width="100%" '
           f'role="img" xmlns="http://www.w3.org/2000/svg" '
           f'style="max-width:{width}px;font:12px sans-serif">',
           '<defs><pattern id="mclog-hatch" width="6" height="6" '
           'patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
           '<rect width="6" height="6" fill="#fff" fill-opacity="0.55"/>'
           '<line x1="0" y1="0" x2="0" y2="6" stroke="#333" stroke-width="1.5"/>'
           "</pattern></defs>"]
    title = _text(layout.get("title"))
    if title:
        out.append(f'<text x="{x0}" y="18" font-size="14" font-weight="bold">{title}</text>')
    # the y grid and ticks
    for tick in y.ticks():
        py = y(tick)
        out.append(f'<line x1="{x0}" x2="{x1}" y1="{py:.1f}" y2="{py:.1f}" stroke="#e5e5e5"/>'
                   f'<text x="{x0 - 6}" y="{py + 4:.1f}" text-anchor="end">'
                   f"{_number(tick)}</text>")
    ytitle = _text((layout.get("yaxis") or {}).get("title"))
    if ytitle:
        out.append(f'<text transform="translate(14,{(y0 + y1) / 2:.0f}) rotate(-90)" '
                   f'text-anchor="middle">{ytitle}</text>')
    xtitle = _text((layout.get("xaxis") or {}).get("title"))
    if xtitle:
        out.append(f'<text x="{(x0 + x1) / 2:.0f}" y="{height - 8}" text-anchor="middle">'
                   f"{xtitle}</text>")
    out.append(f'<line x1="{x0}" x2="{x1}" y1="{y1}" y2="{y1}" stroke="#888"/>')
    # x ticks: the categories, or round numbers
    if categories:
        slot = (x1 - x0) / len(categories)
        for i, name in enumerate(categories):
            out.append(f'<text x="{x0 + slot * (i + 0.5):.1f}" y="{y1 + 16}" '
                       f'text-anchor="middle">{_text(name)}</text>')
    else:
        for tick in _nice_ticks(xlow, xhigh, 6):
            if xlow <= tick <= xhigh:
                out.append(f'<text x="{x(tick):.1f}" y="{y1 + 16}" text-anchor="middle">'
                           f"{_number(tick)}</text>")
    # the layout's vertical lines (rounds) and their labels
    for shape in layout.get("shapes") or []:
        if shape.get("type") == "line" and shape.get("x0") == shape.get("x1") and \
                shape.get("yref") == "paper" and numeric_x and \
                isinstance(shape.get("x0"), (int, float)) and xlow <= shape["x0"] <= xhigh:
            px = x(shape["x0"])
            colour = escape(str((shape.get("line") or {}).get("color") or "#bbb"))
            out.append(f'<line x1="{px:.1f}" x2="{px:.1f}" y1="{y0}" y2="{y1}" '
                       f'stroke="{colour}" stroke-dasharray="3,3"/>')
    for note in layout.get("annotations") or []:
        if note.get("yref") == "paper" and numeric_x and isinstance(note.get("x"),
                                                                     (int, float)):
            out.append(f'<text x="{x(note["x"]):.1f}" y="{y0 - 4}" text-anchor="middle" '
                       f'fill="#666" font-size="10">{_text(note.get("text"))}</text>')
    # the traces
    legend: list[tuple[str, str, bool]] = []
    previous: list | None = None
    stack_tops: dict[str, list[float]] = {}
    for index, t in enumerate(data):
        colour = _colour(t, index)
        name = _text(t.get("name"), 28)
        if t.get("type") == "bar":
            slot = (x1 - x0) / max(1, len(categories))
            k = bars.index(t)
            grouped = mode == "group"
            width_each = slot * 0.8 / (len(bars) if grouped else 1)
            hatches = _list((t.get("marker") or {}).get("pattern", {}).get("shape")) \
                if isinstance((t.get("marker") or {}).get("pattern"), dict) else []
            bases = _list(t.get("base"))
            for i, (cx, v) in enumerate(zip(_list(t.get("x")), _list(t.get("y")))):
                if v is None:
                    continue
                c = categories.index(str(cx))
                left = x0 + slot * c + slot * 0.1 + (width_each * k if grouped else 0)
                if mode in ("relative", "stack"):
                    pair = stack_tops.setdefault(str(cx), [0.0, 0.0])
                    side = 0 if v >= 0 else 1
                    base = pair[side]
                    pair[side] += v
                else:
                    base = bases[i] if i < len(bases) else 0.0
                a, b = base, base + v
                if log:
                    a = max(a, 10 ** y.low)  # (a bar from 0 starts at the axis)
                top, bottom = sorted((y(a), y(b)))
                hatched = i < len(hatches) and hatches[i]
                out.append(f'<rect x="{left:.1f}" y="{top:.1f}" width="{width_each:.1f}" '
                           f'height="{max(bottom - top, 0.5):.1f}" fill="{escape(colour)}">'
                           f"<title>{name}: {_text(cx)} {_number(v)}</title></rect>")
                if hatched:
                    out.append(f'<rect x="{left:.1f}" y="{top:.1f}" width="{width_each:.1f}" '
                               f'height="{max(bottom - top, 0.5):.1f}" '
                               'fill="url(#mclog-hatch)"/>')
            if t.get("showlegend") is not False and name:
                legend.append((name, colour, False))
            continue
        # each point's position, None where the trace has no value (a gap: plotly does
        # not join across it)
        at: list[tuple[float, float] | None] = []
        for px, py in zip(_list(t.get("x")), _list(t.get("y"))):
            missing = py is None or py != py or (log and py <= 0)
            if missing:
                at.append(None)
            elif categories:
                slot = (x1 - x0) / len(categories)
                at.append((x0 + slot * (categories.index(str(px)) + 0.5), y(py)))
            else:
                at.append((x(px), y(py)))
        mode_ = t.get("mode") or "lines"
        line = t.get("line") or {}
        if "lines" in mode_:
            if t.get("fill") == "tonexty" and previous:
                fill = escape(str(t.get("fillcolor") or colour))
                for run in _runs([i for i in range(min(len(at), len(previous)))
                                  if at[i] is not None and previous[i] is not None]):
                    band = _path(_points(at, run), line.get("shape")) + " " + " ".join(
                        f"L{previous[i][0]:.1f},{previous[i][1]:.1f}" for i in reversed(run))
                    out.append(f'<path d="{band}Z" fill="{fill}" fill-opacity="0.5" '
                               'stroke="none"/>')
            dash = ' stroke-dasharray="5,4"' if line.get("dash") in ("dash", "dot") else ""
            for run in _runs([i for i, p in enumerate(at) if p is not None]):
                out.append(f'<path d="{_path(_points(at, run), line.get("shape"))}" '
                           f'fill="none" stroke="{escape(colour)}" '
                           f'stroke-width="{line.get("width") or 2}"{dash}><title>{name}'
                           "</title></path>")
        if "markers" in mode_:
            texts = _list(t.get("text"))
            for i, point in enumerate(at):
                if point is None:
                    continue
                px, py = point
                out.append(f'<line x1="{px - 9:.1f}" x2="{px + 9:.1f}" y1="{py:.1f}" '
                           f'y2="{py:.1f}" stroke="{escape(colour)}" stroke-width="2"/>')
                if "text" in mode_ and i < len(texts):
                    out.append(f'<text x="{px:.1f}" y="{py - 6:.1f}" text-anchor="middle">'
                               f"{_text(texts[i])}</text>")
        previous = at
        if t.get("showlegend") is not False and name:
            legend.append((name, colour, True))
    # the legend, right of the plot
    for i, (name, colour, is_line) in enumerate(legend[:16]):
        ly = y0 + 6 + i * 17
        mark = (f'<line x1="{x1 + 12}" x2="{x1 + 30}" y1="{ly}" y2="{ly}" '
                f'stroke="{escape(colour)}" stroke-width="3"/>') if is_line else (
            f'<rect x="{x1 + 14}" y="{ly - 6}" width="12" height="12" '
            f'fill="{escape(colour)}"/>')
        out.append(f'{mark}<text x="{x1 + 36}" y="{ly + 4}">{name}</text>')
    # the step marker, moved by the page (numeric x only)
    if numeric_x:
        axis = str(_text((layout.get("xaxis") or {}).get("title")) or "step").split()[0]
        out.append(f'<line class="mclog-marker" data-axis="{escape(axis.lower())}" '
                   f'data-x0="{xlow}" data-x1="{xhigh}" '
                   f'data-px0="{x0}" data-px1="{x1}" x1="{x0}" x2="{x0}" y1="{y0}" '
                   f'y2="{y1}" stroke="#222" stroke-width="1.5" stroke-dasharray="4,3"/>')
    out.append("</svg>")
    return "".join(out)


__all__ = ["figure_svg"]
