"""``mclog report GAME -o game.html``: one self-contained page a player sends to friends
after game night (shared: it asks the game, through ``mclog.protocol``, for its board,
its step texts and its charts).

The page works offline from ``file://``, with no server and no Jupyter, and is light
enough to send (issue 25: under 1.5 MB, painted at once): every state's board is drawn
in advance and the stepper only swaps them (the boards, alike from step to step, travel
gzipped: a 6-player game's 340 boards take 6 MB as text and about 100 kB so; the browser
unpacks them with its own ``DecompressionStream``); the charts are drawn here as SVG
(``svg_chart``: plotly.js alone would be 4.8 MB), each with a marker the stepper moves to
the step shown; and the record is shown as written, comments included.  The controls
are the replay widget's: step and round buttons, a jump list, Play, the arrow keys (and
Home and End, to the start and the end).
Every text from the record is escaped: the boards by the game's drawing, the steps by
the page's script (``textContent``), the rest here.  Below the replay, the score by what
makes it up (``Game.score_lines``, as ``mclog score`` prints it), then the charts.
"""

from __future__ import annotations

from html import escape

from . import games
from .errors import MclogError
from .move_list import record_lines
from .page_code import MOVE_LIST_JS, UNPACK_JS, packed
from .svg_chart import figure_svg


#: The most steps a report page holds: every step's board is drawn in advance, and a
#: browser cannot unpack much more (a 10 MB record of 100,000 throws made a page whose
#: boards, unpacked, were longer than a browser's longest string: "Unexpected end of JSON
#: input", issue 30).
MAX_STEPS = 20_000


class TooLongForAReport(MclogError):
    """A game with more steps than a report page can hold."""

    code = "too-large"


def report_html(played, extra_charts: list | None = None) -> str:
    """The page for one replayed game; ``extra_charts`` (``(title, figure)`` pairs, as
    ``Game.report_charts`` gives) follow the game's own (a review's win chances)."""
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
    # (each board drawn as the packing takes it: only their gzip is held, see ``packed``)
    first_board = game.draw_step(played, 0)
    boards = (first_board if i == 0 else game.draw_step(played, i) for i in range(n + 1))
    listed = [_players_html(game.step_players(played, i)) for i in range(n + 1)]
    texts = ["the start", *game.step_texts(played)]
    # the round (throw...) of each step, for the round buttons, the jump list and the
    # markers of charts drawn by round
    rounds = [0, *(step.round for step in played.steps)]
    charts = "".join(f"<section><h2>{escape(title)}</h2>"
                     f'<div class="chart">{figure_svg(figure)}</div></section>'
                     for title, figure in [*game.report_charts(played),
                                           *(extra_charts or [])])
    # the score by what makes it up (Million Club's categories, Cartel's parts of the
    # worth), as ``mclog score`` prints it: what the result line only totals
    heading = "The final score" if played.complete else "The score where the record stops"
    score = (f"<section><h2>{heading}</h2><pre class=\"score\">"
             f"{escape(chr(10).join(game.score_lines(played)))}</pre></section>")
    tags = played.record.tags
    title = tags.get("Event") or game.name
    players = ", ".join(played.record.players)
    record = game.write(played.record, played)
    moves = "".join(_move_line(text, step) for text, step in record_lines(played))
    data = packed({"boards": boards, "players": listed, "texts": texts,
                   "rounds": rounds, "word": game.round_word})
    return f"""<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(title)}</title>
<style>
body{{font-family:sans-serif;max-width:1100px;margin:1em auto;padding:0 1em}}
.stepper{{display:flex;gap:6px;align-items:center;flex-wrap:wrap;margin:8px 0}}
.stepper button,.stepper select{{font-size:15px;padding:4px 8px}}
.stepper input[type=range]{{flex:1;min-width:160px}}
.replay{{display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start}}
#board{{min-height:240px;overflow-x:auto;flex:1 1 620px;min-width:0}}
#moves{{flex:0 1 330px;max-height:560px;overflow:auto;font:12px monospace;
white-space:pre;border:1px solid #ddd;padding:4px;min-width:0}}
#moves .line{{color:#777}} #moves .move{{color:#000;cursor:pointer}}
#moves .here{{background:#fff3b0}}
#board svg,.chart svg{{max-width:100%;height:auto}}
#players{{display:none;list-style:none;padding:0;margin:4px 0;font-size:15px;flex:1 1 100%}}
#players li{{margin:3px 0;line-height:1.35}}
#players .dot{{display:inline-block;width:.8em;height:.8em;border-radius:50%;
border:1px solid #333;margin-right:.35em;vertical-align:-.05em}}
pre{{background:#f6f6f6;padding:8px;overflow-x:auto}}
@media (max-width:600px){{body{{padding:0 6px}} h1{{font-size:1.3em}}
#players{{display:block}}}}
</style>
</head><body>
<h1>{escape(title)}</h1>
<p>{escape(game.name)}: {escape(players)}{escape(_when(tags))}</p>
<p class="result">{escape(game.final_text(played))}</p>
<section><h2>Replay</h2>
<div class="stepper"><button id="first" title="the start">&laquo; start</button>
<button id="prev-round" title="the round before">&lsaquo;&lsaquo; round</button>
<button id="prev" title="the step before (left arrow)">&lsaquo; step</button>
<button id="next" title="the next step (right arrow)">step &rsaquo;</button>
<button id="next-round" title="the next round">round &rsaquo;&rsaquo;</button>
<button id="last" title="the end">end &raquo;</button>
<button id="play" title="play the game step by step">play</button>
<select id="jump" title="jump to"></select>
<input id="slider" type="range" min="0" max="{n}" value="0" aria-label="step"></div>
<div id="step">Step 0 of {n}: the start</div>
<div class="replay"><div id="board">{first_board}</div>
<ul id="players" aria-label="the players">{listed[0]}</ul>
<div id="moves" title="the record: click a line to go there">{moves}</div></div></section>
<script type="application/octet-stream" id="data">{data}</script>
<script>{_STEPPER.replace("LAST", str(n))}</script>
{score}
{charts}
<section><h2>The record</h2><pre>{escape(record)}</pre></section>
</body></html>
"""


#: The stepper: the boards unpacked, then shown one at a time (``LAST``: the last step),
#: the charts' markers moved to the step (a click on a chart goes to the step under it),
#: the round buttons and the jump list from each step's round, Play at one step a half
#: second.
_STEPPER = UNPACK_JS + MOVE_LIST_JS + """
let data = null;
const slider = document.getElementById("slider");
const jump = document.getElementById("jump");
let wanted = 0;  // the step asked for (kept while the boards are being unpacked)
function marker(i) {
  document.querySelectorAll(".mclog-marker").forEach(m => {
    const axis = m.dataset.axis;
    const value = axis === "step" ? i : data.rounds[i];
    const x0 = Number(m.dataset.x0), x1 = Number(m.dataset.x1);
    const p0 = Number(m.dataset.px0), p1 = Number(m.dataset.px1);
    const inside = byStep(axis) && value >= x0 && value <= x1;
    const px = x1 > x0 ? p0 + (value - x0) / (x1 - x0) * (p1 - p0) : p0;
    m.setAttribute("x1", px); m.setAttribute("x2", px);
    m.style.display = inside ? "" : "none";
  });
}
function show(i) {
  i = Math.max(0, Math.min(LAST, i));
  wanted = i;
  slider.value = i;
  if (data === null) return;
  document.getElementById("board").innerHTML = data.boards[i];
  document.getElementById("players").innerHTML = data.players[i];
  document.getElementById("step").textContent = "Step " + i + " of LAST: " + data.texts[i];
  marker(i);
  lines(i);
  let here = 0;
  for (const option of jump.options) { if (Number(option.value) <= i) here = option.value; }
  jump.value = String(here);
}
const moveLines = [...document.querySelectorAll("#moves .move")];
// the record's line of step i, marked and scrolled into view
const lines = moveListFollower(document.getElementById("moves"),
                               moveLines.map(l => [l, Number(l.dataset.step)]), "here");
moveLines.forEach(l => l.addEventListener("click", () => show(Number(l.dataset.step))));
function roundEdge(direction) {
  const i = Number(slider.value), starts = [...jump.options].map(o => Number(o.value));
  if (direction > 0) { const later = starts.filter(s => s > i); return later.length ? later[0] : LAST; }
  const earlier = starts.filter(s => s < i); return earlier.length ? earlier[earlier.length - 1] : 0;
}
// a click on a chart goes to the step (or the round's first step) under it (the charts
// follow this script in the page: made clickable once the boards are unpacked)
function clickable() {
  document.querySelectorAll("svg.mclog-chart").forEach(svg => {
    const m = svg.querySelector(".mclog-marker");
    if (!m || !byStep(m.dataset.axis)) return;
    svg.style.cursor = "pointer";
    svg.addEventListener("click", e => {
      const point = svg.createSVGPoint();
      point.x = e.clientX; point.y = e.clientY;
      const at = point.matrixTransform(svg.getScreenCTM().inverse()).x;
      const x0 = Number(m.dataset.x0), x1 = Number(m.dataset.x1);
      const p0 = Number(m.dataset.px0), p1 = Number(m.dataset.px1);
      if (p1 <= p0 || at < p0 || at > p1) return;
      const value = Math.round(x0 + (at - p0) / (p1 - p0) * (x1 - x0));
      if (m.dataset.axis === "step") { show(value); return; }
      const first = data.rounds.indexOf(value);
      if (first >= 0) show(first);
    });
  });
}
// whether a chart's x axis counts steps or the game's rounds (round, throw, year)
function byStep(axis) { return axis === "step" || (data !== null && axis === data.word); }
slider.addEventListener("input", () => show(Number(slider.value)));
document.getElementById("prev").onclick = () => show(Number(slider.value) - 1);
document.getElementById("next").onclick = () => show(Number(slider.value) + 1);
document.getElementById("first").onclick = () => show(0);
document.getElementById("last").onclick = () => show(LAST);
document.getElementById("prev-round").onclick = () => show(roundEdge(-1));
document.getElementById("next-round").onclick = () => show(roundEdge(1));
jump.addEventListener("change", () => show(Number(jump.value)));
let playing = null;
const play = document.getElementById("play");
play.onclick = () => {
  if (playing) { clearInterval(playing); playing = null; play.textContent = "play"; return; }
  if (Number(slider.value) >= LAST) show(0);
  play.textContent = "pause";
  playing = setInterval(() => {
    if (Number(slider.value) >= LAST) { play.onclick(); return; }
    show(Number(slider.value) + 1);
  }, 500);
};
// the arrows, Home and End step through the game; where the slider or the jump list has
// the focus, it moves on its own (and a step here too would move two), and a key with a
// modifier is the browser's
document.addEventListener("keydown", e => {
  if (e.target === jump || e.target === slider || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.key === "ArrowRight") show(Number(slider.value) + 1);
  if (e.key === "ArrowLeft") show(Number(slider.value) - 1);
  if (e.key === "Home") show(0);
  if (e.key === "End") show(LAST);
});
unpack(document.getElementById("data").textContent).then(d => {
  data = d;
  const word = d.word.charAt(0).toUpperCase() + d.word.slice(1);
  const add = (label, at) => {
    const option = document.createElement("option");
    option.value = String(at); option.textContent = label; jump.appendChild(option);
  };
  add("The start", 0);
  d.rounds.forEach((r, i) => { if (i && r && r !== d.rounds[i - 1]) add(word + " " + r, i); });
  add("The end", LAST);
  clickable();
  const rounds = jump.options.length > 2;
  for (const id of ["prev-round", "next-round"]) {
    const b = document.getElementById(id);
    b.textContent = b.textContent.replace("round", d.word);
    b.style.display = rounds ? "" : "none";
  }
  show(wanted);
});
"""


def _players_html(lines) -> str:
    """The players at a step as list items (shown under the board on a narrow screen,
    where the board's own print is too small to read): a dot in each one's colour, the
    name, and what the board shows of them."""
    return "".join(f'<li><span class="dot" style="background:{escape(line.colour)}">'
                   f"</span><b>{escape(line.name)}</b>: {escape(line.facts)}</li>"
                   for line in lines)


def _move_line(text: str, step: int | None) -> str:
    """A line of the move list: one that holds a move goes to its step when clicked."""
    if step is None:
        return f'<div class="line">{escape(text) or "&nbsp;"}</div>'
    return f'<div class="line move" data-step="{step}">{escape(text)}</div>'


def _when(tags: dict[str, str]) -> str:
    parts = [tags[k] for k in ("Site", "Date") if tags.get(k)]
    return f" ({', '.join(parts)})" if parts else ""
