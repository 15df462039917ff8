"""``mclog report GAME -o game.html``: one self-contained page a player sends to friends
after game night (shared: it asks the game, through ``mclog.protocol``, for its board,
its step texts and its charts).

The page works offline from ``file://``, with no server and no Jupyter: plotly.js is
inlined once (4.8 MB of the page), every state's board is drawn in advance and the
stepper only swaps them (the boards, alike from step to step, and the charts' data
travel gzipped: a 6-player game's 340 boards take 6 MB as text and about 100 kB so;
the browser unpacks them with its own ``DecompressionStream``, then draws the charts
once plotly.js is loaded), and the record is shown as written, comments included.  Every
text from the record is escaped: the boards by the game's drawing, the steps by the
page's script (``textContent``), the rest here.
"""

from __future__ import annotations

import json
from html import escape

from . import games
from .errors import MclogError
from .widget_shell import UNPACK_JS, packed


#: The most steps a report page holds: every step's board is drawn in advance, and a
#: browser cannot unpack much more (a 10 MB record of 100,000 throws made a page whose
#: boards, unpacked, were longer than a browser's longest string: "Unexpected end of JSON
#: input", issue 30).
MAX_STEPS = 20_000


class TooLongForAReport(MclogError):
    """A game with more steps than a report page can hold."""

    code = "too-large"


def report_html(played) -> str:
    """The page for one replayed game."""
    from plotly.offline import get_plotlyjs

    game = games.game(played.record.game)
    n = len(played)
    if n > MAX_STEPS:
        where = played.record.file or "<text>"
        game_number = f" game {played.record.number}" if played.record.number > 1 else ""
        raise TooLongForAReport(
            f"{where}:{game_number} this game has {n:,} steps; a report page holds at most "
            f"{MAX_STEPS:,} (every "
            "step's board is drawn in advance, and a browser cannot unpack more): replay it "
            "with mclog replay, or open it in notebook 01")
    boards = [game.draw_step(played, i) for i in range(n + 1)]
    texts = ["the start", *game.step_texts(played)]
    figures = game.report_charts(played)
    charts = "".join(f'<section><h2>{escape(title)}</h2><div class="chart" id="chart-{i}">'
                     "</div></section>" for i, (title, _) in enumerate(figures))
    tags = played.record.tags
    title = tags.get("Event") or game.name
    players = ", ".join(played.record.players)
    record = game.write(played.record, played)
    data = packed({"boards": boards, "texts": texts,
                    "charts": [json.loads(figure.to_json()) for _, figure in figures]})
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<title>{escape(title)}</title>
<style>
body{{font-family:sans-serif;max-width:1100px;margin:1em auto;padding:0 1em}}
.stepper{{display:flex;gap:8px;align-items:center;flex-wrap:wrap;margin:8px 0}}
.stepper input[type=range]{{flex:1;min-width:200px}}
#board{{min-height:240px}}
pre{{background:#f6f6f6;padding:8px;overflow-x:auto}}
</style>
</head><body>
<h1>{escape(title)}</h1>
<p>{escape(game.name)}: {escape(players)}{escape(_when(tags))}</p>
<p class="result">{escape(game.final_text(played))}</p>
<section><h2>Replay</h2>
<div class="stepper"><button id="first">&#9198;</button><button id="prev">&#9664; step</button>
<input id="slider" type="range" min="0" max="{n}" value="0">
<button id="next">step &#9654;</button><button id="last">&#9197;</button></div>
<div id="step">Step 0 of {n}: the start</div>
<div id="board">{boards[0]}</div></section>
<script type="application/octet-stream" id="data">{data}</script>
<script>{_STEPPER.replace("LAST", str(n))}</script>
<script>{get_plotlyjs()}</script>
{charts}
<section><h2>The record</h2><pre>{escape(record)}</pre></section>
</body></html>
"""


#: The stepper: the boards unpacked, then shown one at a time (``LAST``: the last step).
#: It comes before plotly.js in the page, so that the board is drawn first.
_STEPPER = UNPACK_JS + """
let data = null;
const slider = document.getElementById("slider");
let wanted = 0;  // the step asked for (kept while the boards are being unpacked)
function show(i) {
  i = Math.max(0, Math.min(LAST, i));
  wanted = i;
  slider.value = i;
  if (data === null) return;
  document.getElementById("board").innerHTML = data.boards[i];
  document.getElementById("step").textContent = "Step " + i + " of LAST: " + data.texts[i];
}
slider.addEventListener("input", () => show(Number(slider.value)));
document.getElementById("prev").onclick = () => show(Number(slider.value) - 1);
document.getElementById("next").onclick = () => show(Number(slider.value) + 1);
document.getElementById("first").onclick = () => show(0);
document.getElementById("last").onclick = () => show(LAST);
document.addEventListener("keydown", e => {
  if (e.key === "ArrowRight") show(Number(slider.value) + 1);
  if (e.key === "ArrowLeft") show(Number(slider.value) - 1);
});
const loaded = new Promise(done => window.addEventListener("load", done));
const packed = document.getElementById("data").textContent;
unpack(packed).then(d => { data = d; show(wanted); return loaded; }).then(() => {
  data.charts.forEach((f, i) =>
    Plotly.newPlot("chart-" + i, f.data, f.layout, {responsive: true}));
});
"""


def _when(tags: dict[str, str]) -> str:
    parts = [tags[k] for k in ("Site", "Date") if tags.get(k)]
    return f" ({', '.join(parts)})" if parts else ""
