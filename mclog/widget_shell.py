"""The shell every game's replay widget is built on (shared: it knows no game).

``FrameStepper`` holds every step's board and texts in the browser, so a step is drawn
there without a round trip to the kernel.

``MarkedChart`` shows a plotly figure whose first shape is a marker at the step shown, as
a ``FigureWidget`` (plotly's widget, through the ``anywidget`` package): a step moves the
marker with one small message and the browser re-lays-out the chart, rather than
receiving and drawing the whole figure again.
"""

from __future__ import annotations

import base64
import gzip
import json
import tempfile
from html import escape
from pathlib import Path

import anywidget
import ipywidgets as w
import plotly.graph_objects as go
import traitlets


def packed(value) -> str:
    """``value`` as gzipped JSON in base64: what a page or a widget unpacks with the
    browser's own ``DecompressionStream`` (safe inside a ``<script>``: base64 holds no
    ``<``), and small: a 6-player game's 340 boards are 6 MB as text and ~100 kB so."""
    return base64.b64encode(gzip.compress(json.dumps(value).encode("utf-8"), 9,
                                          mtime=0)).decode("ascii")


class FrameStepper(anywidget.AnyWidget):
    """Every step's HTML sent to the browser once (``frames``: per step, one HTML string
    per part), and the step shown (``index``): the browser draws a step as soon as
    ``index`` changes there, without asking the kernel, so a slider linked to it in the
    browser (``ipywidgets.jslink``) steps the board at the speed of the page.  Each part
    is a ``div`` of class ``mclog-step-<part>``."""

    _esm = """
    async function unpack(b64) {
      const bytes = Uint8Array.from(atob(b64), c => c.charCodeAt(0));
      const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      return JSON.parse(await new Response(stream).text());
    }
    export default {
      async render({ model, el }) {
        const frames = await unpack(model.get("frames"));
        const divs = model.get("parts").map(name => {
          const div = document.createElement("div");
          div.className = "mclog-step-" + name;
          el.appendChild(div);
          return div;
        });
        const shown = divs.map(() => null);
        const draw = () => {
          const frame = frames[model.get("index")];
          if (!frame) return;
          frame.forEach((html, i) => {
            if (shown[i] !== html) { divs[i].innerHTML = html; shown[i] = html; }
          });
        };
        draw();
        model.on("change:index", draw);
      }
    };
    """
    frames = traitlets.Unicode("").tag(sync=True)
    parts = traitlets.List(traitlets.Unicode()).tag(sync=True)
    index = traitlets.Int(0).tag(sync=True)

    def __init__(self, parts: list[str], frames: list[list[str]], **kw) -> None:
        super().__init__(parts=parts, frames=packed(frames), **kw)


class MarkedChart:
    """A chart with a step marker: ``figure`` (the widget; its ``layout.shapes[0]`` is
    the marker), ``view`` (the same, to lay out), ``show(step)``."""

    def __init__(self, figure: go.Figure) -> None:
        self.figure = go.FigureWidget(figure)
        self.view = self.figure

    def show(self, step: int) -> None:
        """Move the marker to ``step`` (only the marker changes)."""
        self.figure.layout.shapes[0].update(x0=step, x1=step, visible=True)


class GamePicker:
    """Which game a notebook shows (issue 14): a record of a folder (a dropdown of its
    ``.mclog`` files; the folder may be changed), or a file uploaded from the computer.
    ``view`` is the widget to display; ``game()`` reads and replays the choice.

    A notebook is for one game (``game_name``): a record of another game, a record with
    a mistake, or a file that cannot be read is said in words under the picker, and the
    notebook goes on with its own sample (``default``) rather than stopping on a
    traceback.
    """

    def __init__(self, default: str, game_name: str = "Million Club") -> None:
        self.default = Path(default)
        self.game_name = game_name
        self.folder = w.Text(value=str(self.default.parent), description="folder",
                             layout=w.Layout(width="420px"))
        self.choice = w.Dropdown(description="record", layout=w.Layout(width="420px"))
        self.upload = w.FileUpload(accept=".mclog,.txt", multiple=False,
                                   description="or upload a record")
        self.status = w.HTML()
        self.folder.observe(lambda change: self._list(), names="value")
        self._list()
        if self.default.name in self.choice.options:
            self.choice.value = self.default.name
        self.view = w.VBox([w.HTML("Pick a game, then run the cells below it "
                                   "(<i>Run &rsaquo; Run Selected Cell and All Below</i>)."),
                            self.folder, self.choice, self.upload, self.status])

    def _list(self) -> None:
        folder = Path(self.folder.value).expanduser()
        files = sorted(p.name for p in folder.glob("*.mclog")) if folder.is_dir() else []
        self.choice.options = files
        self.status.value = "" if files else f"No .mclog record in {escape(str(folder))}"

    def path(self):
        """The record chosen: the file uploaded (kept in a temporary file), else the one
        picked in the folder, else the default."""
        if self.upload.value:
            item = self.upload.value[0]
            out = Path(tempfile.mkdtemp()) / Path(item["name"]).name
            out.write_bytes(bytes(item["content"]))
            return out
        if self.choice.value:
            return Path(self.folder.value).expanduser() / self.choice.value
        return self.default

    def game(self):
        """The chosen record, replayed; the default sample (with the reason in words)
        when the choice cannot be shown."""
        import mclog

        path = self.path()
        try:
            played = mclog.replay(mclog.read_one(path))
            if played.record.game != self.game_name:
                raise mclog.MclogError(f"{path.name} is a {played.record.game} record; this "
                                       f"notebook is for {self.game_name}")
            if played.errors:
                raise played.errors[0]
        except (mclog.MclogError, OSError, TypeError) as exc:
            self.status.value = (f"<b>{escape(path.name)}</b> cannot be shown: "
                                 f"{escape(str(exc))}; showing {escape(self.default.name)}")
            return mclog.replay(mclog.read_one(self.default))
        self.status.value = f"Showing <b>{escape(path.name)}</b>"
        return played


def game_picker(default: str, game_name: str = "Million Club") -> GamePicker:
    """A ``GamePicker`` starting at ``default`` (display ``picker.view``)."""
    return GamePicker(default, game_name)
