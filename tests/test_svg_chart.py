"""The report's charts drawn as SVG by mclog (issue 25): what each trace draws, gaps,
bands, log axes, hatching, the step marker, and every text escaped."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import plotly.graph_objects as go

from mclog.svg_chart import figure_svg

HOSTILE = "</svg><script>alert(1)</script>&"


def _parsed(svg: str) -> ET.Element:
    return ET.fromstring(svg)  # (well-formed XML: nothing broke out of its element)


def test_lines_with_a_gap_a_band_and_a_marker_that_maps_the_steps():
    fig = go.Figure([go.Scatter(x=[0, 1, 2, 3], y=[1, 2, float("nan"), 4], name=HOSTILE,
                                line={"shape": "hv", "color": "#123456"}),
                     go.Scatter(x=[0, 1, 2, 3], y=[0, 1, 1, 2], showlegend=False),
                     go.Scatter(x=[0, 1, 2, 3], y=[2, 3, 3, 5], fill="tonexty",
                                fillcolor="rgba(1,2,3,0.5)", showlegend=False)])
    fig.update_layout(title=HOSTILE, xaxis_title="step (move)", yaxis_title="points")
    svg = figure_svg(fig)
    root = _parsed(svg)
    assert "<script>" not in svg and "&lt;script&gt;" in svg
    ns = "{http://www.w3.org/2000/svg}"
    lines = [p for p in root.iter(f"{ns}path") if p.get("stroke") == "#123456"]
    assert len(lines) == 2  # the gap at x=2 cuts the line in two
    assert lines[0].get("d").count("L") == 2  # (a step: across, then up)
    bands = [p for p in root.iter(f"{ns}path") if p.get("fill") == "rgba(1,2,3,0.5)"]
    assert len(bands) == 1
    marker = next(e for e in root.iter(f"{ns}line") if e.get("class") == "mclog-marker")
    assert marker.get("data-axis") == "step"
    assert (marker.get("data-x0"), marker.get("data-x1")) == ("0", "3")


def test_bars_on_a_log_axis_hatched_where_lost_and_from_their_bases():
    fig = go.Figure([go.Bar(x=["Ann", "Ben"], y=[1000, 5], name="yellow",
                            marker_pattern_shape=["", "/"]),
                     go.Bar(x=["Ann", "Ben"], y=[50, 50], name="pension")])
    fig.update_layout(barmode="group", yaxis_type="log")
    root = _parsed(figure_svg(fig))
    ns = "{http://www.w3.org/2000/svg}"
    rects = [r for r in root.iter(f"{ns}rect") if r.get("height") and r.find(f"{ns}title")
             is not None]
    assert len(rects) == 4 and all(float(r.get("height")) > 0 for r in rects)
    hatched = [r for r in root.iter(f"{ns}rect") if r.get("fill") == "url(#mclog-hatch)"]
    assert len(hatched) == 1
    ticks = [t.text for t in root.iter(f"{ns}text") if t.text and re.fullmatch(r"[\d,]+",
                                                                                t.text)]
    assert "1,000" in ticks and "10" in ticks  # powers of ten on a log axis
    heights = {r.find(f"{ns}title").text: float(r.get("height")) for r in rects}
    assert math.isclose(heights["yellow: Ann 1,000"] / heights["pension: Ann 50"],
                        math.log10(1000 / 2.5) / math.log10(50 / 2.5), rel_tol=0.01)


def test_overlay_bars_stand_on_their_bases():
    fig = go.Figure([go.Bar(x=["Ann"], y=[10], base=[0], name="a"),
                     go.Bar(x=["Ann"], y=[5], base=[10], name="b")])
    fig.update_layout(barmode="overlay")
    root = _parsed(figure_svg(fig))
    ns = "{http://www.w3.org/2000/svg}"
    a, b = [r for r in root.iter(f"{ns}rect") if r.find(f"{ns}title") is not None]
    # b starts where a ends (its base), above it
    assert math.isclose(float(b.get("y")) + float(b.get("height")), float(a.get("y")),
                        abs_tol=0.2)
