"""The widgets whose view is a module of our own in the page (anywidget): the stepper
that draws every step in the browser (``FrameStepper``), the chart it marks
(``PlotlyChart``) and the notebook's "Use this game" button (``RunBelow``).

``mclog.widget_shell`` builds the replay widget and the picker from them.  They are apart
so that a notebook's import cell does not import anywidget (and psygnal, which it
imports): ``widget_shell`` imports this module when it first makes one of them (issue 29,
the import cell under half a second).
"""

from __future__ import annotations

import functools
import json

import anywidget
import ipywidgets as w
import plotly.graph_objects as go
import traitlets

from .page_code import MOVE_LIST_JS, UNPACK_JS, packed


class FrameStepper(anywidget.AnyWidget):
    """Every step's HTML sent to the browser once (``frames``: per step, one HTML string
    per part), and the step shown (``index``): the browser draws a step as soon as
    ``index`` changes there, without asking the kernel, so a slider linked to it in the
    browser (``ipywidgets.jslink``) steps the board at the speed of the page.  Each part
    is a ``div`` of class ``mclog-step-<part>``."""

    _esm = UNPACK_JS + MOVE_LIST_JS + """
    export default {
      async render({ model, el }) {
        let source = model.get("frames");   // (the packed frames drawn from)
        let frames;
        try {
          frames = await unpack(source);
        } catch (error) {   // (said in the page, not only in the console)
          el.textContent = "The steps could not be drawn here: " + error;
          console.error("[mclog] the stepper's frames:", error);
          return;
        }
        // the parts in a column, the record's lines (if any) in a column beside them
        const row = document.createElement("div");
        row.style.cssText = "display:flex;flex-wrap:wrap;gap:10px;align-items:flex-start";
        const column = document.createElement("div");
        column.style.cssText = "flex:1 1 560px;min-width:0";
        row.appendChild(column);
        el.appendChild(row);
        const divs = model.get("parts").map(name => {
          const div = document.createElement("div");
          div.className = "mclog-step-" + name;
          column.appendChild(div);
          return div;
        });
        const lines = model.get("lines");
        const list = document.createElement("div");
        const rows = [];
        if (lines.length) {
          list.className = "mclog-move-list";
          list.style.cssText = "flex:0 1 320px;max-height:520px;overflow:auto;"
            + "font:12px monospace;white-space:pre;border:1px solid #ddd;padding:4px";
          lines.forEach(([text, at]) => {
            const line = document.createElement("div");
            line.textContent = text || " ";
            if (at !== null) {
              line.style.cursor = "pointer";
              line.addEventListener("click", () => go(at));
            } else {
              line.style.color = "#777";
            }
            list.appendChild(line);
            rows.push([line, at]);
          });
          row.appendChild(list);
          const style = document.createElement("style");
          style.textContent = ".mclog-move-list .mclog-here{background:#fff3b0}";
          el.appendChild(style);
        }
        const highlight = moveListFollower(list, rows, "mclog-here");
        const shown = divs.map(() => null);
        // the step buttons, drawn here so that a press steps at the speed of the page
        const buttons = document.createElement("div");
        buttons.className = "mclog-step-buttons";
        buttons.style.cssText = "display:flex;gap:6px;flex-wrap:wrap;margin:4px 0";
        // a press moves the slider the stepper is linked to, as a key on the slider does
        // (its value goes to the kernel first, for the chart's marker; the link then
        // moves this stepper in the page); with no slider, or until its model is found
        // (below, once the step is drawn), the stepper itself
        let target = model, field = "index";
        // the step asked for last: quick presses count from it, not from the step the
        // linked slider has passed on so far (11 quick presses of "round" go 11 rounds)
        let asked = model.get("index");
        const echoes = [];  // steps asked for whose change has not come back yet
        const go = i => {
          const last = frames.length - 1;
          asked = Math.max(0, Math.min(last, i));
          echoes.push(asked);
          target.set(field, asked);
          target.save_changes();
        };
        const edge = direction => {
          const here = asked, marks = model.get("marks");
          if (direction > 0) {
            const later = marks.filter(m => m > here);
            return later.length ? later[0] : frames.length - 1;
          }
          const earlier = marks.filter(m => m < here);
          return earlier.length ? earlier[earlier.length - 1] : 0;
        };
        const actions = {"prev-round": () => go(edge(-1)), "prev": () => go(asked - 1),
                         "next": () => go(asked + 1), "next-round": () => go(edge(1))};
        for (const [label, action] of model.get("buttons")) {
          const b = document.createElement("button");
          b.className = "jupyter-button widget-button";
          b.style.cssText = "min-width:96px;width:auto";
          b.textContent = label;
          b.addEventListener("click", actions[action]);
          buttons.appendChild(b);
        }
        // the jump list: it goes where it is told and follows the step, all in the page
        const stops = model.get("stops");
        let jump = null;
        if (stops.length) {
          const label = document.createElement("label");
          label.className = "mclog-step-jump";
          label.style.cssText = "display:inline-flex;gap:6px;align-items:center;margin:4px 8px";
          label.append("jump to");
          jump = document.createElement("select");
          stops.forEach(([text, at]) => {
            const option = document.createElement("option");
            option.value = String(at);
            option.textContent = text;
            jump.appendChild(option);
          });
          jump.addEventListener("change", () => go(Number(jump.value)));
          label.appendChild(jump);
          buttons.appendChild(label);
        }
        const follow = index => {
          if (!jump) return;
          let here = stops[0][1];
          for (const [, at] of stops) { if (at <= index) here = at; }
          if (jump.value !== String(here)) jump.value = String(here);
        };
        if (buttons.children.length) el.insertBefore(buttons, el.firstChild);
        // The chart's step marker, drawn here over each view of the chart: a line at the
        // step's x, placed from the plot's own x axis.  (Moving a plotly shape instead
        // redraws the whole chart, 30 ms a step on a quiet machine, and twice with the
        // kernel's echo: issue 25's latency.)  It is placed again after plotly draws the
        // chart anew (a resize).
        let chart = null;   // (the chart's model, once found below)
        const xs = model.get("marker_x");
        let marked = null;
        const place = gd => {
          const full = gd._fullLayout, box = gd.querySelector(".svg-container");
          if (!full || !full.xaxis || !full._size || !box || marked === null) return;
          let line = box.querySelector(":scope > .mclog-step-marker");
          if (!line) {
            line = document.createElement("div");
            line.className = "mclog-step-marker";
            line.style.cssText = "position:absolute;width:0;border-left:2px solid #d00;"
              + "pointer-events:none;z-index:2";
            box.appendChild(line);
          }
          const xa = full.xaxis, px = xa._offset + xa.l2p(marked);
          const inside = px >= xa._offset - 1 && px <= xa._offset + xa._length + 1;
          line.style.display = inside ? "" : "none";
          line.style.left = (px - 1) + "px";
          line.style.top = full._size.t + "px";
          line.style.height = full._size.h + "px";
          line.dataset.x = String(marked);
        };
        // the first step whose marker stands nearest to ``x`` (a click on the chart)
        const nearest = x => {
          let best = 0;
          xs.forEach((at, i) => { if (Math.abs(at - x) < Math.abs(xs[best] - x)) best = i; });
          return best;
        };
        // (a view of the chart not drawn yet is marked when it is: a chart drawn says
        // ``mclog-chart-drawn`` to the page, heard below)
        const mark = async () => {
          if (!chart) return;
          const views = await Promise.all(Object.values(chart.views || {}));
          for (const view of views) {
            const gd = view.el.classList.contains("js-plotly-plot") ? view.el
              : view.el.querySelector(".js-plotly-plot");
            if (!gd || !gd._fullLayout) continue;
            if (!gd.__mclogMarked && gd.on) {   // (placed again when plotly redraws)
              gd.__mclogMarked = true;
              gd.on("plotly_afterplot", () => place(gd));
              // a click on a point of the chart goes to its step, in the page
              gd.on("plotly_click", event => {
                const point = event && event.points && event.points[0];
                if (point && typeof point.x === "number") go(nearest(point.x));
              });
            }
            place(gd);
          }
        };
        const draw = () => {
          const index = model.get("index");
          const frame = frames[index];
          if (!frame) return;
          follow(index);
          highlight(index);
          frame.forEach((html, i) => {
            if (shown[i] !== html) { divs[i].innerHTML = html; shown[i] = html; }
          });
          if (chart && xs.length > index && xs[index] !== marked) {
            marked = xs[index];
            mark();
          }
        };
        draw();
        // Frames sent again (a replay's exact score ranges, found after its first
        // drawing): the step shown is drawn anew from them.  Looked at once here too:
        // frames that came while this view was unpacking the first ones fired no change
        // it could hear.
        const reload = async () => {
          const now = model.get("frames");
          if (now === source) return;
          source = now;
          frames = await unpack(now);
          shown.fill(null);
          draw();
        };
        model.on("change:frames", reload);
        reload();
        // A step is drawn at once, so that the next frame paints it (issue 25: waiting for
        // an animation frame to draw cost a frame more); presses quicker than the frames
        // (a held arrow key) are drawn once a frame, the last step only.
        let drawnThisFrame = false, pending = false;
        model.on("change:index", () => {
          // a step this stepper asked for comes back (its own press); any other is the
          // slider dragged or Play: presses count from there
          const index = model.get("index"), echo = echoes.indexOf(index);
          if (echo >= 0) echoes.splice(0, echo + 1);
          else { echoes.length = 0; asked = index; }
          if (!drawnThisFrame) {
            drawnThisFrame = true;
            draw();
            requestAnimationFrame(() => {
              drawnThisFrame = false;
              if (pending) { pending = false; draw(); }
            });
            return;
          }
          pending = true;
        });
        // The slider's and the chart's models, looked up once the step is drawn: the board
        // never waits for them, and one not found (a widget closed meanwhile) leaves the
        // board and its buttons working, said in the console.
        const linked = async name => {
          const ref = model.get(name);
          if (!ref) return null;
          try {
            return await model.widget_manager.get_model(ref.slice("IPY_MODEL_".length));
          } catch (error) {
            console.warn(`[mclog] the stepper's ${name}:`, error);
            return null;
          }
        };
        const slider = await linked("slider");
        if (slider) { target = slider; field = "value"; }
        chart = await linked("chart");
        if (chart) {   // (the marker, now that there is a chart to put it on)
          document.addEventListener("mclog-chart-drawn", mark);
          draw();
        }
        // (this view's own model's listeners go with it; the page's stay unless removed)
        return () => document.removeEventListener("mclog-chart-drawn", mark);
      }
    };
    """
    #: Every step's parts, ``packed``; set again, the page draws the step it shows anew.
    frames = traitlets.Unicode("").tag(sync=True)
    parts = traitlets.List(traitlets.Unicode()).tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)
    #: ``[label, action]`` of each step button (``prev``, ``next``, ``prev-round``,
    #: ``next-round``), and the steps the round buttons stop at (``marks``).
    buttons = traitlets.List(traitlets.Any()).tag(sync=True)
    marks = traitlets.List(traitlets.Int()).tag(sync=True)
    #: The jump list: ``[label, step]`` of each place it offers (empty: none).
    stops = traitlets.List(traitlets.Any()).tag(sync=True)
    #: The move list beside the board: ``[text, step]`` of each of the record's lines
    #: (``step`` None for a line with no move); empty: none.
    lines = traitlets.List(traitlets.Any()).tag(sync=True)
    #: The slider the stepper is linked to (``jslink``): the buttons move it.
    slider = traitlets.Instance(w.Widget, allow_none=True).tag(sync=True,
                                                               **w.widget_serialization)
    #: The ``PlotlyChart`` the step is marked on, and the x of the mark at each step:
    #: moved in the page as the step changes.
    chart = traitlets.Instance(w.Widget, allow_none=True).tag(sync=True,
                                                              **w.widget_serialization)
    marker_x = traitlets.List(traitlets.Any()).tag(sync=True)

    def __init__(self, parts: list[str], frames: list[list[str]], **kw) -> None:
        super().__init__(parts=parts, frames=packed(frames), **kw)

    def redraw(self, frames: list[list[str]]) -> None:
        """Every step's parts anew (as many steps): the page draws the step it shows
        again from them."""
        self.frames = packed(frames)


class PlotlyChart(anywidget.AnyWidget):
    """A plotly figure (``figure``: its JSON) drawn in the page by plotly.js, which the
    page loads once, from the first chart it draws (``library``: plotly.py's own copy).

    Why not plotly's ``FigureWidget``: anywidget gives a widget's module two seconds to
    load, and the ``FigureWidget``'s is 5 MB of script; on a busy machine it missed them,
    and the chart never came (CI saw it twice: "[anywidget] Failed to initialize
    model.").  Here the module is a few lines, loaded at once, and plotly.js is loaded
    while the chart is drawn, where nothing times out.  ``draw(figure)`` draws the chart
    anew; each time it is drawn, it says so to the page (the DOM event
    ``mclog-chart-drawn``), for the stepper's marker."""

    _esm = """
    // plotly.js, loaded once for the page, by the first chart drawn (a classic script:
    // the library is not a module), then shared by every chart
    const plotly = source => {
      globalThis.__mclogPlotly ??= new Promise((resolve, reject) => {
        const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
        const script = document.createElement("script");
        script.src = url;
        script.onload = () => { URL.revokeObjectURL(url); resolve(window.Plotly); };
        script.onerror = () => {
          URL.revokeObjectURL(url);
          globalThis.__mclogPlotly = undefined;   // (the next chart tries again)
          reject(new Error("plotly.js did not load"));
        };
        document.head.appendChild(script);
      });
      return globalThis.__mclogPlotly;
    };
    export default {
      async render({ model, el }) {
        const box = document.createElement("div");
        box.className = "mclog-chart";
        el.appendChild(box);
        let Plotly;
        try {
          Plotly = await plotly(model.get("library"));
        } catch (error) {   // (said in the page, not only in the console)
          box.textContent = "The chart could not be drawn here: " + error;
          console.error("[mclog] the chart:", error);
          return;
        }
        // (each drawing a new data revision: Plotly.react does not look inside plotly's
        // packed arrays, ``{dtype, bdata}``, so without it a new figure's data went unseen)
        let revision = 0;
        const draw = async () => {
          const figure = model.get("figure");
          revision += 1;
          await Plotly.react(box, figure.data || [],
                             { ...(figure.layout || {}), datarevision: revision },
                             { responsive: true });
          box.dispatchEvent(new CustomEvent("mclog-chart-drawn", { bubbles: true }));
        };
        // drawn first once in the page, at its width there (a chart drawn before its
        // view is placed takes plotly's default width, 700 pixels, and keeps it), and
        // drawn again to each width it is given later (a JupyterLab panel resized, not
        // only the window, which is all plotly's ``responsive`` follows)
        for (let frame = 0; !el.isConnected && frame < 600; frame++)
          await new Promise(requestAnimationFrame);
        await draw();
        model.on("change:figure", draw);
        let width = box.clientWidth;
        const resized = new ResizeObserver(() => {
          if (box.clientWidth === width) return;   // (its first call, or a height's)
          width = box.clientWidth;
          Plotly.Plots.resize(box);
        });
        resized.observe(box);
        return () => {
          resized.disconnect();
          model.off("change:figure", draw);
          Plotly.purge(box);
        };
      }
    };
    """
    #: The figure as plotly.js takes it (``data``, ``layout``): ``plotly_json`` of one.
    figure = traitlets.Dict().tag(sync=True)
    #: plotly.js's text, used by the first chart the page draws.
    library = traitlets.Unicode("").tag(sync=True)

    def __init__(self, figure: go.Figure, **kw) -> None:
        # (the figure given with the widget's first state, not set after it: a view
        # drawn in between would draw an empty chart first)
        super().__init__(figure=plotly_json(figure), library=_plotly_js(), **kw)

    def draw(self, figure: go.Figure) -> None:
        """Show ``figure`` (the page draws it again)."""
        self.figure = plotly_json(figure)


@functools.cache
def _plotly_js() -> str:
    """plotly.js's text (3.5 MB), read once: every chart holds the same string."""
    from plotly.offline import get_plotlyjs

    return get_plotlyjs()


def plotly_json(figure: go.Figure) -> dict:
    """``figure`` as plotly.js takes it, in plain JSON values (plotly's own encoder: an
    array or a date becomes a list or a string, NaN becomes null).

    >>> plotly_json(go.Figure(go.Scatter(x=[1, 2], y=[3, float("nan")])))["data"]
    [{'x': [1, 2], 'y': [3, None], 'type': 'scatter'}]
    """
    return json.loads(figure.to_json())


class RunBelow(anywidget.AnyWidget):
    """A button that runs the notebook's cells after its own cell (the picker's "Use this
    game"), through JupyterLab's own command, as *Run > Run Selected Cell and All Below*
    from the next cell would.  The page must expose JupyterLab to its scripts (``make
    lab`` does: ``--LabApp.expose_app_in_browser``); where it does not, the button says
    which menu item to use."""

    _esm = """
    export default {
      render({ model, el }) {
        const button = document.createElement("button");
        button.className = "jupyter-button widget-button mclog-run-below";
        button.textContent = model.get("label");
        const note = document.createElement("span");
        note.style.marginLeft = "8px";
        button.addEventListener("click", async () => {
          const app = window.jupyterapp;
          const cell = el.closest(".jp-Cell");
          // (the notebook that holds the button, not whichever has the focus: with two
          // side by side, the command runs in the one made current here)
          const panel = app && cell && [...app.shell.widgets("main")]
            .find(w => w.content && w.content.widgets && w.node.contains(cell));
          const cells = panel && panel.content.widgets;
          const here = cells ? cells.findIndex(c => c.node === cell) : -1;
          if (here >= 0 && here + 1 < cells.length) {
            note.textContent = "";
            app.shell.activateById(panel.id);
            panel.content.activeCellIndex = here + 1;
            const ran = await app.commands.execute("notebook:run-all-below");
            // a cell that raised stops the ones after it (the kernel aborts them):
            // said here, by the button the person pressed, rather than left blank
            const left = cells.slice(here + 1).filter(
              c => c.model.type === "code" && c.model.executionCount === null).length;
            if (ran === false && left) {
              note.textContent = `${left} ${left === 1 ? "cell" : "cells"} below did ` +
                "not run: see the first with an error, then Run \u203a Run Selected Cell " +
                "and All Below";
            }
            return;
          }
          note.textContent = "select the next cell, then Run \u203a Run Selected Cell and All Below";
        });
        el.append(button, note);
      }
    };
    """
    label = traitlets.Unicode("Use this game").tag(sync=True)
