"""The shell every game's replay widget is built on (shared: it knows no game).

``FrameStepper`` (``mclog.page_widgets``) holds every step's board and texts in the
browser, so a step is drawn there without a round trip to the kernel.

``MarkedChart`` shows a plotly figure (a ``PlotlyChart``) with a marker at the step
shown, which the stepper draws over the plot in the page: a step changes one line's
position there, and neither the chart nor the kernel is asked anything.
"""

from __future__ import annotations

import errno
import tempfile
import weakref
from html import escape
from pathlib import Path

import ipywidgets as w
import plotly.graph_objects as go

from .arguments import replayed
from .errors import MclogError
from .record.json_form import shown as cut


class MarkedChart:
    """A chart with a step marker: ``figure`` (the ``go.Figure`` it shows), ``view`` (the
    widget that shows it, a ``PlotlyChart``), ``step`` (where the marker stands) and
    ``show(step)``.

    The page draws the marker: a ``FrameStepper`` given the chart puts a line over the
    plot at the step it shows, in the browser, as the report page does.  A marker the
    figure draws itself (a shape named ``step``, as a chart drawn alone shows it) is
    hidden here: moving a plotly shape redraws the whole chart, 30 ms a step in the
    browser and a message from the kernel each time.  So ``show`` only notes the step:
    the stepper follows the slider, which Python moves too."""

    def __init__(self, figure: go.Figure) -> None:
        figure = go.Figure(figure)
        figure.update_shapes(visible=False, selector={"name": "step"})
        self.figure = figure
        from .page_widgets import PlotlyChart   # (imported when first used: see its module)

        self.view = PlotlyChart(figure)
        self.step = 0

    def show(self, step: int) -> None:
        """Note that the marker stands at ``step`` (the page moves it)."""
        self.step = step

    def redraw(self, figure: go.Figure | None = None) -> None:
        """The chart drawn again: with ``figure``'s traces and axis ranges (the same
        chart with other figures: a replay's exact score ranges; the layout otherwise
        stays), or, with no ``figure``, as ``self.figure`` now stands (changed in place:
        the review's win chances as they fill)."""
        if figure is not None:
            chart = self.figure
            chart.data = ()
            chart.add_traces([trace.to_plotly_json() for trace in figure.data])
            for axis in ("yaxis", "yaxis2"):
                if axis in figure.layout and figure.layout[axis].range is not None:
                    chart.layout[axis].range = figure.layout[axis].range
        self.view.draw(self.figure)


#: What each notebook's picker last showed, in this kernel: (folder, record, upload, the
#: game's number in its file) by (default record, game).
_CHOSEN: dict[tuple[str, str], tuple[str, str | None, Path | None, int]] = {}

#: The most games of one file the picker lists (an evening's file holds a few; a corpus's
#: file may hold thousands, which a notebook reads with ``mclog.read``).
LISTED_GAMES = 200


class GamePicker:
    """Which game a notebook shows (issue 14): a record of a folder (a dropdown of its
    ``.mclog`` files; the folder may be changed), or a file uploaded from the computer.
    ``view`` is the widget to display; ``game()`` reads and replays the choice.

    A notebook is for one game (``game_name``): a record of another game, a record with
    a mistake, or a file that cannot be read is said in words under the picker, and the
    notebook goes on with its own sample (``default``) rather than stopping on a
    traceback.

    A file may hold an evening's games: then a second dropdown (``number``) lists them,
    and starts at the first of this notebook's game.
    """

    def __init__(self, default: str, game_name: str = "Million Club") -> None:
        self.default = Path(default)
        self.game_name = game_name
        self.folder = w.Text(value=str(self.default.parent), description="folder",
                             layout=w.Layout(width="420px"))
        self.choice = w.Dropdown(description="record", layout=w.Layout(width="420px"))
        self.number = w.Dropdown(description="game", options=[("1", 1)], value=1,
                                 layout=w.Layout(width="420px", display="none"))
        # (several files at once: a record and the component file it names, which it
        # finds beside it only if they are uploaded together)
        self.upload = w.FileUpload(accept=".mclog,.txt,.json", multiple=True,
                                   description="or upload a record",
                                   tooltip="a record (.mclog), with the component file it "
                                           "names if it names one: choose both at once")
        self.status = w.HTML()
        self._uploaded: Path | None = None
        #: The replayed game ``game`` gave last (its widgets are closed at the next).
        self._given = None
        self.folder.observe(lambda change: self._list(), names="value")
        self._list()
        if self.default.name in self.choice.options:
            self.choice.value = self.default.name
        # Re-running the picker's cell (Run Selected Cell and All Below, once a click on
        # the dropdown has selected that cell) keeps the choice made before, in this kernel:
        # each choice is remembered as it is made, not only once a game is shown from it.
        self._key = (str(self.default), game_name)
        remembered = _CHOSEN.get(self._key)
        number = None
        if remembered is not None:
            folder, choice, uploaded, number = remembered
            self.folder.value = folder
            if choice in self.choice.options:
                self.choice.value = choice
            self._uploaded = uploaded
        self._list_games(number)
        self.choice.observe(self._picked, names="value")
        self.upload.observe(self._took_upload, names="value")
        self.folder.observe(lambda change: self._remember(), names="value")
        self.number.observe(lambda change: self._remember(), names="value")
        #: Runs the cells after the picker's (they read the choice).
        from .page_widgets import RunBelow   # (imported when first used: see its module)

        self.use = RunBelow()
        self.view = w.VBox([w.HTML("Pick a game, then <b>Use this game</b> (or <i>Run "
                                   "&rsaquo; Run Selected Cell and All Below</i>: the picker "
                                   "keeps your choice)."),
                            self.folder, self.choice, self.number, self.upload, self.use,
                            self.status])

    def _list(self) -> None:
        folder = Path(self.folder.value).expanduser()
        files = sorted(p.name for p in folder.glob("*.mclog")) if folder.is_dir() else []
        self.choice.options = files
        if not files:
            self.status.value = f"No .mclog record in {escape(str(folder))}"

    def _picked(self, change) -> None:
        """A record picked in the folder (the one shown after an upload), said under the
        picker: the kernel has it, and the cells below will read it."""
        self._uploaded = None
        self._list_games()
        self._remember()
        if change["new"]:
            self.status.value = (f"<b>{escape(change['new'])}</b> picked: <b>Use this "
                                 "game</b> shows it")

    def _took_upload(self, change) -> None:
        """The files uploaded: kept in a temporary folder of their own at once (so that
        running the picker's cell again keeps them too), and said under the picker.

        A record may name a file beside it (Cartel's and Joakim's component file,
        ``[Components "our-box.json"]``): uploaded with it, in one choice of the file
        dialog, it lies beside the record in that folder, so the record finds it.  The
        record shown is the one file uploaded that is not ``.json``."""
        if not change["new"]:
            return
        items = list(change["new"])
        folder = Path(tempfile.mkdtemp())
        kept: list[tuple[str, Path]] = []   # (each file's name as uploaded, and where kept)
        for number, item in enumerate(items, 1):
            name = Path(item["name"]).name
            plain = "upload.mclog" if len(items) == 1 else f"upload-{number}"
            try:
                kept.append((name, _kept(folder, name, bytes(item["content"]), plain)))
            except OSError as exc:
                self.status.value = (f"<b>{escape(cut(name, 100))}</b> could not be kept: "
                                     f"{escape(exc.strerror or str(exc))}")
                return
        records = [(name, path) for name, path in kept if path.suffix.lower() != ".json"]
        if not records:
            listed = ", ".join(path.name for _, path in kept)
            self.status.value = (f"<b>{escape(listed)}</b>: no record uploaded (a .json file "
                                 "is taken for a component file, which a record names: "
                                 "upload it together with that record, choosing both in the "
                                 "file dialog; a record exported as JSON is made text again "
                                 "by <code>mclog import</code>)")
            return
        name, self._uploaded = records[0]
        self._list_games()
        self._remember()
        renamed = name not in _NO_NAME and name != self._uploaded.name
        said = (f" (kept as {escape(self._uploaded.name)}: this disk takes no such name)"
                if renamed else "")
        if len(records) > 1:
            said += (" (one record at a time: "
                     f"{escape(', '.join(path.name for _, path in records[1:]))} not shown)")
        self.status.value = (f"<b>{escape(cut(name if renamed else self._uploaded.name, 100))}"
                             f"</b> uploaded: <b>Use this game</b> shows it{said}")

    def _remember(self) -> None:
        _CHOSEN[self._key] = (self.folder.value, self.choice.value, self._uploaded,
                              self.number.value or 1)

    def _list_games(self, number: int | None = None) -> None:
        """The games of the chosen file in the ``number`` dropdown (shown only for a file
        of several), at ``number`` if it is one of them, else at the first of this
        notebook's game.  Only the tags are read; a file that cannot be read lists
        nothing here (``game()`` says why)."""
        from mclog import games
        from mclog.record.reading import read_headers

        listed: list[tuple[str, int]] = []
        ours: list[int] = []
        try:
            for count, tags in enumerate(read_headers(self.path()), 1):
                if count > LISTED_GAMES:
                    break
                try:
                    name = games.game(tags.get("Game")).name
                except MclogError:
                    name = tags.get("Game") or "?"
                if name == self.game_name:
                    ours.append(count)
                about = ", ".join(v for v in (tags.get("Event"), tags.get("Date")) if v)
                listed.append((f"{count}: {name}" + (f", {about}" if about else ""), count))
        except (MclogError, OSError, ValueError):
            listed = []
        keep = number if number is not None and 1 <= number <= len(listed) else None
        self.number.options = listed or [("1", 1)]
        self.number.value = keep or (ours[0] if ours else 1)
        self.number.layout.display = None if len(listed) > 1 else "none"

    def path(self):
        """The record chosen: the file uploaded (kept in a temporary file), else the one
        picked in the folder, else the default.  (Each choice was remembered as it was
        made: reading it remembers nothing more.)"""
        if self._uploaded is not None and self._uploaded.exists():
            return self._uploaded
        if self.choice.value:
            return Path(self.folder.value).expanduser() / self.choice.value
        return self.default

    def game(self):
        """The chosen record, replayed; the default sample (with the reason in words)
        when the choice cannot be shown.  The step widgets made of the game it gave
        before are closed (``close_widgets_of``): the cells below it show this one."""
        played = self._game()
        # (the cells below show the new game: the widgets of the one given before go,
        # rather than stay in the kernel unseen)
        if self._given is not None and self._given is not played:
            close_widgets_of(self._given)
        self._given = played
        return played

    def _game(self):
        import mclog

        path = self.path()
        number = self.number.value or 1
        several = len(self.number.options) > 1
        which = f"{path.name}, game {number}" if several else path.name
        # (replayed plainly: a notebook's first view is its widget, which draws at once;
        # the events, which count a seat's score ranges in full, are worked out when a
        # table first asks, by a replay that costs a few milliseconds)
        try:
            record = _game_of_file(path, number, several)
            played = mclog.replay(record)
            if played.record.game != self.game_name:
                raise mclog.MclogError(f"{which} is a {played.record.game} record; this "
                                       f"notebook is for {self.game_name}")
            if played.errors:
                raise played.errors[0]
        except (mclog.MclogError, OSError, TypeError) as exc:
            self.status.value = (f"<b>{escape(which)}</b> cannot be shown: "
                                 f"{escape(self._in_upload_words(str(exc)))}; showing "
                                 f"{escape(self.default.name)}")
            return mclog.replay(mclog.read_one(self.default))
        self.status.value = f"Showing <b>{escape(which)}</b>"
        return played

    def _in_upload_words(self, message: str) -> str:
        """A refusal of an uploaded record, said without the temporary folder it was kept
        in (a name the user never gave): a file the record names and looked for there
        was not uploaded with it, which the user is told how to mend."""
        if self._uploaded is None or self.path() != self._uploaded:
            return message
        folder = str(self._uploaded.parent) + "/"
        if folder not in message:
            return message
        return (message.replace(folder, "") + " (an uploaded record finds a file it names "
                "only among the files uploaded with it: upload the record and that file "
                "together, choosing both in the file dialog)")


#: What an uploaded file's name may be that names no file (kept under a plain name).
_NO_NAME = ("", ".", "..")


def _kept(folder: Path, name: str, content: bytes, plain: str) -> Path:
    """``content`` written in ``folder`` under the uploaded file's ``name``, or under
    ``plain`` (with the name's ending: ``.json`` says a component file) where the name
    cannot be a file's here: none (``..``), or one this disk refuses (a name of 300
    bytes, as 100 Chinese characters are).  A record kept under a plain name is shown
    all the same; only a file named by the record must keep its name."""
    if name not in _NO_NAME:
        try:
            (folder / name).write_bytes(content)
            return folder / name
        except OSError as exc:
            if exc.errno not in (errno.ENAMETOOLONG, errno.EINVAL, errno.EILSEQ):
                raise
    ending = Path(name).suffix if len(Path(name).suffix) <= 10 else ""
    out = folder / (plain if plain.endswith(ending) else plain + ending)
    out.write_bytes(content)
    return out


def _game_of_file(path, number: int, several: bool):
    """The record of game ``number`` of the file ``path``, read past the games before it
    whatever their mistakes (an evening's file whose first game has a slip still shows
    its second); its own mistake (numbered where the file holds ``several`` games), or
    ``MclogError`` where the file holds no such game."""
    import mclog
    from mclog.record.files import iter_lines
    from mclog.record.reading import iter_lenient, unnumbered

    for count, item in iter_lenient(iter_lines(str(path)), str(path)):
        if count == number:
            if isinstance(item, mclog.RecordError) and not several:
                raise unnumbered(item)
            if isinstance(item, mclog.MclogError):
                raise item
            return item
    raise mclog.MclogError(f"{path.name} holds no game {number}")


def widgets_of(widget: w.Widget) -> list[w.Widget]:
    """``widget`` and every widget it holds, however deep: in its attributes (lists,
    tuples and dicts of them too) and a box's children, each once."""
    out: list[w.Widget] = []
    seen: set[int] = set()
    stack: list = [widget]
    while stack:
        item = stack.pop()
        if id(item) in seen:
            continue
        seen.add(id(item))
        if isinstance(item, w.Widget):
            out.append(item)
            stack.extend(vars(item).values())
            if isinstance(item, w.Box):
                stack.extend(item.children)
        elif isinstance(item, (list, tuple)):
            stack.extend(item)
        elif isinstance(item, dict):
            stack.extend(item.values())
    return out


#: Every step widget made in this kernel, by weak reference: a picker closes those of the
#: game it gave before (``GamePicker.game``).
_MADE: weakref.WeakSet = weakref.WeakSet()


def close_widgets_of(played) -> None:
    """Close every step widget (a replay widget, a review's) made of the replayed game
    ``played``."""
    for widget in [widget for widget in _MADE if widget.played is played]:
        widget.close()


def game_picker(default: str, game_name: str = "Million Club") -> GamePicker:
    """A ``GamePicker`` starting at ``default`` (display ``picker.view``)."""
    return GamePicker(default, game_name)


class Shown:
    """What one part of a replay widget shows now, as HTML (``value``), for Python to
    read (the page draws the same from the stepper's frames)."""

    value: str = ""


class StepWidget(w.VBox):
    """The replay widget every game gets (``Game.replay_widget``): Play with its tempo
    and a slider over the steps, previous/next buttons, the step in words, the game's
    drawing of the table (``Game.draw_step``), and the game's first report chart (or
    ``chart``, a ``(title, figure)`` pair: a review's win chances) with a marker at the
    step shown.  Every step's frame is sent to the browser once (``FrameStepper``), so
    stepping is drawn in the page without a round trip to the kernel.

    A game whose replay stands at more places than its moves, or that has rounds to jump
    between, subclasses it (Million Club's: the rules' settlements are steps of their own,
    with a jump list and round buttons) through these hooks: ``parts`` (a frame's
    parts), ``make_positions`` (where the slider stands, each ``step_of`` a move),
    ``make_stops`` (the jump list), ``make_round_starts``, ``make_chart`` and ``frame``.

    ``show(position)`` (or moving ``slider``) steps from Python, ``go(step)`` goes to a
    move; ``text`` is the step's words, ``move.value`` and ``board.value`` what the page
    shows.
    """

    #: A frame's parts, as the page lays them out (each a ``div`` of class
    #: ``mclog-step-<part>``).
    parts: list[str] = ["move", "board"]
    #: What one press of the step buttons goes by, as they say it.
    step_word = "step"

    def __init__(self, game, played, *, interval_ms: int = 600,
                 chart: tuple | None = None) -> None:
        self.game, self.played = game, replayed(played, "StepWidget")
        _MADE.add(self)
        self.texts = ["the start", *game.step_texts(played)]
        #: Where the replay can stand (by default each move, 0 being the setup).
        self.positions: list = self.make_positions()
        last = len(self.positions) - 1
        self.slider = w.IntSlider(value=0, min=0, max=last, description="step",
                                  layout=w.Layout(width="380px"))
        self.play = w.Play(value=0, min=0, max=last, interval=interval_ms, description="Play")
        #: The links between its widgets in the page (kept: ``close`` closes them too).
        self.links = [w.jslink((self.play, "value"), (self.slider, "value"))]
        # Outside a browser jslink does nothing; keep the two in step from Python too.
        self.play.observe(self._from_play, names="value")
        button = w.Layout(width="auto", min_width="96px")
        self.prev_move = w.Button(description=f"◀ {self.step_word}", layout=button)
        self.next_move = w.Button(description=f"{self.step_word} ▶", layout=button)
        word = game.round_word
        self.prev_round = w.Button(description=f"◀◀ {word}", layout=button)
        self.next_round = w.Button(description=f"{word} ▶▶", layout=button)
        #: The jump list, ``(label, position)`` each (empty: none).
        self.stops: list[tuple[str, int]] = self.make_stops()
        #: Where each round starts (the round buttons stop there; none: no round buttons).
        self.round_starts: list[int] = self.make_round_starts()
        self.selector = w.Dropdown(options=self.stops or [("the start", 0)], value=0,
                                   description="jump to", layout=w.Layout(width="auto"))
        self._following = False  # (the jump list is being set to follow the step)
        #: What ``show`` last drew (the stepper draws the same in the browser).
        self.board, self.move = Shown(), Shown()
        self.marked = self.make_chart(chart)
        #: Every position's parts, as the page draws them.
        self.frames = [self.frame(p) for p in range(len(self.positions))]
        from .move_list import record_lines
        from .page_widgets import FrameStepper   # (imported when first used: see its module)

        # (the step buttons the page shows are the stepper's own, drawn in the browser;
        # ``prev_move`` and the others do the same from Python)
        rounds = [[f"◀◀ {word}", "prev-round"]] if self.round_starts else []
        self.stepper = FrameStepper(
            self.parts, self.frames,
            buttons=[*rounds, [f"◀ {self.step_word}", "prev"], [f"{self.step_word} ▶", "next"],
                     *([[f"{word} ▶▶", "next-round"]] if rounds else [])],
            marks=self.round_starts, stops=[list(stop) for stop in self.stops],
            slider=self.slider, chart=self.marked.view if self.marked else None,
            marker_x=[self.step_of(p) for p in range(len(self.positions))]
            if self.marked else [],
            lines=[[text, None if step is None else self.position_at(step)]
                   for text, step in record_lines(played)])
        self.links.append(w.jslink((self.slider, "value"), (self.stepper, "index")))
        self.prev_move.on_click(lambda _: self.go_to(self.slider.value - 1))
        self.next_move.on_click(lambda _: self.go_to(self.slider.value + 1))
        self.prev_round.on_click(lambda _: self.go_to(self._round_edge(-1)))
        self.next_round.on_click(lambda _: self.go_to(self._round_edge(+1)))
        self.selector.observe(self._from_selector, names="value")
        self.slider.observe(lambda change: self.show(change["new"]), names="value")
        #: Play's tempo: the time between two steps (the Play button's interval).
        self.speed = w.Dropdown(options=[("slow", 1200), ("normal", 600), ("fast", 300),
                                         ("fastest", 150)],
                                value=min((1200, 600, 300, 150),
                                          key=lambda ms: abs(ms - interval_ms)),
                                description="tempo", layout=w.Layout(width="160px"))
        self.speed.observe(lambda change: setattr(self.play, "interval", change["new"]),
                           names="value")
        controls = w.HBox([self.play, self.speed, self.slider],
                          layout=w.Layout(flex_flow="row wrap"))
        # (the jump list the page shows is the stepper's, which jumps and follows the step
        # in the page; ``selector`` does the same from Python)
        super().__init__([controls, self.stepper, *([self.marked.view] if self.marked
                                                     else [])])
        self.show(0)

    # --- the hooks ----------------------------------------------------------------

    def make_positions(self) -> list:
        """Where the replay can stand: each move (0: the table before the first)."""
        return list(range(len(self.played) + 1))

    def step_of(self, position: int) -> int:
        """The move the replay stands at, at ``position``."""
        return self.positions[position]

    def position_at(self, step: int) -> int:
        """The position of the move ``step`` (before anything after it)."""
        return step

    def make_stops(self) -> list[tuple[str, int]]:
        """The jump list: the start, where each round begins (its first move: "Round 3",
        "Throw 12", as the game calls its rounds, ``Game.round_word``, and as the report
        offers them), and the end; none for a game without rounds."""
        word = self.game.round_word[:1].upper() + self.game.round_word[1:]
        rounds = [0, *(step.round for step in self.played.steps)]
        at = {0: "The start"}
        for i, r in enumerate(rounds):
            if i and r and r != rounds[i - 1]:
                at.setdefault(self.position_at(i), f"{word} {r}")
        if len(at) == 1:
            return []
        at.setdefault(len(self.positions) - 1, "The end")
        return [(label, position) for position, label in sorted(at.items())]

    def make_round_starts(self) -> list[int]:
        """The positions where rounds start (the round buttons stop there; none: no round
        buttons)."""
        return [position for label, position in self.stops
                if label not in ("The start", "The end")]

    def make_chart(self, chart: tuple | None) -> MarkedChart | None:
        """The chart under the board, its marker at the step shown: ``chart``, else the
        game's first report chart (None: no chart)."""
        charts = [chart] if chart is not None else self.game.report_charts(self.played)
        if not charts:
            return None
        figure = go.Figure(charts[0][1])
        figure.update_layout(title=escape(charts[0][0]))
        return MarkedChart(figure)

    def frame(self, position: int) -> list[str]:
        """The parts at ``position``: its caption and the table drawn."""
        step = self.step_of(position)
        return [self.caption(step), self.game.draw_step(self.played, step)]

    # --- navigation -----------------------------------------------------------------

    @property
    def step(self) -> int:
        """The move the replay stands at."""
        return self.step_of(self.slider.value)

    def go(self, step: int) -> None:
        """Move to the move ``step`` (clamped to the game)."""
        self.slider.value = self.position_at(max(0, min(len(self.played), step)))

    def go_to(self, position: int) -> None:
        """Move to ``position`` (see ``positions``), clamped."""
        self.slider.value = max(0, min(len(self.positions) - 1, position))

    def _from_selector(self, change) -> None:
        if not self._following:
            self.go_to(change["new"])

    def close(self) -> None:
        """Close it and every widget it made (``widgets_of``): ipywidgets keeps a widget
        in the kernel until it is closed, and a replay widget holds every frame of its
        game (some 16 MB for a six-player Million Club game), so that a notebook that
        showed one game after another kept them all.  (``GamePicker.game`` closes the
        widgets of the game it gave before.)"""
        for widget in widgets_of(self):
            if widget is not self:
                widget.close()
        super().close()

    def _from_play(self, change) -> None:
        # A change the browser sent has moved the slider already, through their link
        # there; following it here too would send the slider an older step back when quick
        # presses outrun the kernel (ipywidgets holds the names the browser is setting in
        # ``_property_lock`` while the observers run).  From Python (no browser), follow.
        if "value" in getattr(self.play, "_property_lock", {}):
            return
        if self.slider.value != change["new"]:
            self.slider.value = change["new"]

    def _round_edge(self, direction: int) -> int:
        """The start of the next round, or of this round (or the previous one)."""
        starts = [0, *self.round_starts]
        here = self.slider.value
        if direction > 0:
            later = [s for s in starts if s > here]
            return later[0] if later else len(self.positions) - 1
        earlier = [s for s in starts if s < here]
        return earlier[-1] if earlier else 0

    # --- drawing ------------------------------------------------------------------------

    def caption(self, step: int) -> str:
        """"Step 3 of 40: Ann rolls" (escaped), the same count as the slider's."""
        return f"Step {step} of {len(self.played)}: {escape(self.texts[step])}"

    @property
    def text(self) -> str:
        """The step shown, in words."""
        return self.texts[self.step]

    @property
    def move_html(self) -> str:
        """The caption the page shows at the step shown (``Step 3 of 40: ...``)."""
        return self.frames[self.slider.value][0]

    @property
    def board_html(self) -> str:
        """The board the page shows at the step shown."""
        return self.frames[self.slider.value][1]

    def show(self, position: int) -> None:
        """Stand at ``position`` (clamped): the chart's marker and the jump list follow
        (the parts are drawn by the stepper, in the browser)."""
        position = max(0, min(len(self.positions) - 1, position))
        if self.slider.value != position:
            self.slider.value = position  # (which calls back here)
            return
        # (the stepper's own ``index`` is set by its link to the slider, in the browser:
        # setting it from here too would echo an older step back during quick presses)
        self.shown(position)
        if self.marked:
            self.marked.show(self.step_of(position))
        if self.stops:   # the jump list follows
            here = max(s for _, s in self.stops if s <= position)
            if self.selector.value != here:
                self._following = True
                try:
                    self.selector.value = here
                finally:
                    self._following = False

    def shown(self, position: int) -> None:
        """What the parts show at ``position``, for Python to read (``move``, ``board``)."""
        self.move.value, self.board.value = self.frames[position][:2]
