"""The notebooks in a real browser (issue 7): JupyterLab + Chromium, driven by Playwright.

A JupyterLab server is started on 127.0.0.1 with a random free port and a
token, on a temporary copy of the notebooks and sample games (the repository's
notebooks are never run or saved).  Each notebook is opened, all its cells
run, and the page is checked as a person would see it.  A screenshot of each
notebook is saved (to ``docs/screenshots/`` when ``MCLOG_SCREENSHOTS=1``).

In CI (``CI=true``) a missing browser is a failure; elsewhere these tests are
skipped with a message saying how to enable them.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

import labserver
from labserver import jupyter_lab, lab_file, put_notebook, run_command, run_notebook

ROOT = Path(__file__).parent.parent
CHROMIUM = os.environ.get("MCLOG_CHROMIUM", "/usr/bin/chromium")
IN_CI = os.environ.get("CI", "").lower() == "true"
HOW = ("browser tests need Debian's Chromium and Playwright for Python: "
       "apt-get install chromium, then pip install -e '.[test]' (playwright is in it)")


def _missing() -> str | None:
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed"
    if not Path(CHROMIUM).exists():
        return f"no browser at {CHROMIUM}"
    return None


missing = _missing()
if missing and IN_CI:
    raise RuntimeError(f"CI=true but {missing}: {HOW}")
pytestmark = [pytest.mark.browser, pytest.mark.slow, pytest.mark.xdist_group("browser"),  # one lab
              pytest.mark.skipif(missing is not None, reason=f"{missing}; {HOW}")]

SHOTS = ROOT / "docs" / "screenshots" if os.environ.get("MCLOG_SCREENSHOTS") else None


@pytest.fixture(scope="module")
def lab_server(tmp_path_factory):
    """A JupyterLab server on a copy of the notebooks; stopped whatever happens."""
    with jupyter_lab(tmp_path_factory.mktemp("lab")) as server:
        yield server


@pytest.fixture
def lab(lab_server):
    """The lab, for one test: every notebook page the test opened is closed after it,
    passed or failed, and every kernel shut down, so that each test's notebook starts on
    a new kernel (a page a failure left open would stay on its notebook's kernel beside
    the next test's page of the same notebook)."""
    yield lab_server
    labserver.close_notebooks(lab_server)


@pytest.fixture(scope="module")
def browser():
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=30_000)  # a busy machine: widgets and charts take their time
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=[
            "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync"])
        try:
            yield b
        finally:
            b.close()


def cell_errors(page) -> list[str]:
    """The errors the cells of the notebook shown ended in (``ename: evalue``), read from
    the notebook's model: JupyterLab draws an error's traceback as it draws a warning,
    as stderr text, so the page alone cannot tell them apart."""
    return page.evaluate("""() => window.jupyterapp.shell.currentWidget.content.widgets
        .filter(c => c.model.type === 'code')
        .flatMap(c => c.model.outputs.toJSON())
        .filter(o => o.output_type === 'error')
        .map(o => `${o.ename}: ${o.evalue}`)""")


def no_errors(page) -> None:
    errors = cell_errors(page)
    assert not errors, errors


def run_below_the_picker(page) -> None:
    """Run the cells after the game picker again (a person's *Run Selected Cell and All
    Below* once another game is picked)."""
    run_command(page, "notebook:run-all-below", active_cell=2)


def shot(page, name: str, tmp_path, element=None) -> None:
    """A screenshot of the page (kept with the test's files), and of ``element`` as a
    small PNG for the README (to docs/screenshots/ when MCLOG_SCREENSHOTS=1)."""
    page.screenshot(path=str(tmp_path / f"{name}.png"))
    if element is not None:
        folder = SHOTS or tmp_path
        folder.mkdir(parents=True, exist_ok=True)
        # JupyterLab's status bar would sit over the element: hidden; and the window made
        # tall enough for the whole element
        page.add_style_tag(content="#jp-main-statusbar{display:none !important}")
        box = element.bounding_box()
        if box:
            page.set_viewport_size({"width": 1280, "height": int(box["height"]) + 200})
        element.scroll_into_view_if_needed()
        element.screenshot(path=str(folder / f"{name}.png"))
        page.set_viewport_size({"width": 1280, "height": 900})


def click_point(page, chart, x: float) -> float:
    """A person's click on the chart's point nearest ``x`` (of its first trace that
    answers the mouse): the mouse on that point's pixels, so that plotly sends the page
    and the kernel the click a person's would (a click event made up in the page lacked
    the point's trace and index, and the kernel's plotly raised a KeyError on it).
    Returns the x of the point plotly says was clicked."""
    chart.scroll_into_view_if_needed()
    at_x, at_y = chart.evaluate("""(gd, x) => {
        const trace = gd._fullData.find(t => t.visible === true && t.hoverinfo !== 'skip'
                                             && t.x && t.x.length);
        const layout = gd._fullLayout;
        const xs = [...trace.x];
        const i = xs.reduce((best, at, j) => Math.abs(at - x) < Math.abs(xs[best] - x)
                            ? j : best, 0);
        const xaxis = layout[trace.xaxis.replace('x', 'xaxis')];
        const yaxis = layout[trace.yaxis.replace('y', 'yaxis')];
        window.__mclogClicked = undefined;
        gd.once('plotly_click', e => { window.__mclogClicked = e.points[0].x; });
        const box = gd.getBoundingClientRect();   // (an axis's _offset: its pixels in gd)
        return [box.left + xaxis._offset + xaxis.l2p(xs[i]),
                box.top + yaxis._offset + yaxis.l2p(trace.y[i])];
    }""", x)
    page.mouse.click(at_x, at_y)
    page.wait_for_function("window.__mclogClicked !== undefined")
    return page.evaluate("window.__mclogClicked")


def test_01_replay_widget_in_the_browser(browser, lab, tmp_path):
    # Widgets update through separate messages, so every check after a click waits
    # (expect retries) rather than reading the page at once.
    from playwright.sync_api import expect

    page = run_notebook(browser, lab, "01-replay.ipynb")
    no_errors(page)
    board = page.locator(".mclog-board").first
    expect(board).to_contain_text("Setup")
    expect(board).to_contain_text("Ann")
    page.get_by_role("button", name="move ▶").first.click()
    expect(page.locator("body")).to_contain_text("Step 1 of 165")
    page.get_by_role("button", name="round ▶▶").first.click()
    expect(page.locator(".mclog-board .caption").first).to_contain_text("Round 1")
    expect(page.locator("body")).to_contain_text("Step 7 of 165")
    # the move list beside the board (issue 25): the record's lines, the step's line
    # highlighted, a click on a line going to its step
    moves = page.locator(".mclog-move-list").first
    expect(moves.locator(".mclog-here")).to_contain_text("start      Ann")
    moves.get_by_text("setup      Ann T, Ben R, Cleo R").click()
    expect(page.locator("body")).to_contain_text("Step 4 of 165")
    expect(moves.locator(".mclog-here")).to_contain_text("Ann T, Ben R")
    page.get_by_role("button", name="round ▶▶").first.click()
    expect(page.locator("body")).to_contain_text("Step 7 of 165")
    expect(page.locator("body")).to_contain_text("Provisional score (the final scoring "
                                                  "applied now): 1.")
    # Ann's record leaves colonies unknown: the page was drawn at once with safe bounds
    # (Ann 4-5 here), then again with the exact ranges the kernel found meanwhile; each
    # player's place is what those ranges allow (Ben or Cleo may yet equal Ann, 4 points
    # and 7 million each: R21 shares the place)
    score = page.locator(".mclog-step-score").first
    expect(score).to_contain_text("1. Ann 4 · 1-3. Ben 3-4 · 1-3. Cleo 3-4")
    expect(score).not_to_contain_text("narrowing")
    # ... and so was the chart: Ann's line, a gap where the safe bounds left her score
    # open at move 100, now her exact 19 there
    page.wait_for_function("(() => { const gd = document.querySelector('.js-plotly-plot');"
                           " return gd && gd._fullData && gd._fullData[0].y[100] === 19; })()")
    # the jump list follows the step, in the page
    chosen = "s => s.options[s.selectedIndex].text"
    page.wait_for_function(f"document.querySelector('.mclog-step-jump select') && "
                           f"({chosen})(document.querySelector('.mclog-step-jump select'))"
                           " === 'Round 1: placement'")
    # ... and ends at the final scores (issue 25: one step count, the last step named)
    page.wait_for_function("[...document.querySelector('.mclog-step-jump select').options]"
                           ".some(o => o.text === 'Final scores' && o.value === '165')")
    # five presses quicker than the page passes them on go five rounds, not fewer
    page.evaluate("""() => { const b = [...document.querySelectorAll('button')]
        .find(b => b.textContent === 'round ▶▶'); for (let i = 0; i < 5; i++) b.click(); }""")
    expect(page.locator(".mclog-board .caption").first).to_contain_text("Round 6")
    page.get_by_role("button", name="◀◀ round").first.click()
    expect(page.locator(".mclog-board .caption").first).to_contain_text("Round 5")
    # the story chart: a plotly SVG with each player's score and the three price traces
    chart = page.locator(".js-plotly-plot").first
    # (and, where Ann's record leaves a score open, its band: two traces more each)
    import mclog
    from mclog.games.millionclub.analysis import player_colours, prices, timeline
    from mclog.games.millionclub.viz import story_chart

    sample = mclog.replay(mclog.read_one(
        ROOT / "sample_games" / "millionclub" / "thursday-club-3p.mclog"))
    traces = len(story_chart(timeline(sample), prices(sample), player_colours(sample)).data)
    assert traces > 3 + 3
    expect(chart.locator(".scatterlayer .trace")).to_have_count(traces)
    # Play advances the slider
    readout = page.locator(".widget-readout").first
    before = int(readout.inner_text())
    page.locator(".widget-play button").first.click()
    page.wait_for_function(f"Number(document.querySelector('.widget-readout').innerText)"
                           f" > {before}", timeout=20_000)
    page.locator(".widget-play button").first.click()  # pause
    jump = page.locator(".mclog-step-jump select").first
    # the chart's step marker, drawn by the page over the plot (issue 25: moving plotly's
    # own shape redrew the whole chart at every step), stands at the move shown
    marker = chart.locator(".mclog-step-marker")
    expect(marker).to_have_count(1)
    before = marker.evaluate("m => [m.dataset.x, m.style.left]")
    jump.select_option(label="Round 4: Colonies")
    expect(page.locator(".mclog-board .caption").first).to_contain_text("Round 4")
    move = page.locator(".mclog-step-move").first.inner_text().split("move ")[1].split()[0]
    expect(marker).to_have_attribute("data-x", move)
    after = marker.evaluate("m => [m.dataset.x, m.style.left]")
    assert after[1] != before[1] and marker.is_visible()
    # a click on a point of the chart goes to its move, in the page (issue 28)
    clicked = click_point(page, chart, 100)
    expect(page.locator(".mclog-step-move").first).to_contain_text(f"move {clicked} of")
    expect(marker).to_have_attribute("data-x", str(clicked))
    jump.select_option(label="Round 4: Colonies")
    expect(marker).to_have_attribute("data-x", move)
    plot = chart.locator(".draglayer .xy").first.bounding_box()
    line = marker.bounding_box()
    assert plot["x"] <= line["x"] <= plot["x"] + plot["width"]
    widget = page.locator(".widget-vbox", has=page.locator(".mclog-board")).first
    shot(page, "replay-widget", tmp_path, widget)
    # another game picked, and the cells after the picker run again
    picked = page.locator(".widget-dropdown", has_text="record").locator("select").first
    picked.select_option(label="duel-2p.mclog")
    expect(page.locator("body")).to_contain_text("duel-2p.mclog picked: Use this game shows it")
    page.get_by_role("button", name="Use this game").first.click()  # (issue 25)
    # (the kernel runs every cell below again: a loaded machine takes its time)
    expect(page.locator(".mclog-board").first).to_contain_text("Zoe", timeout=120_000)
    expect(page.locator("body")).to_contain_text("Showing duel-2p.mclog")
    # a file of an evening's games, a Cartel game first: its games listed, the first of
    # Million Club's picked, and shown
    night = tmp_path / "night" / "night.mclog"
    night.parent.mkdir()
    night.write_text((ROOT / "sample_games" / "cartel" / "duel-2p.mclog").read_text() + "\n"
                     + (ROOT / "sample_games" / "millionclub" / "duel-2p.mclog").read_text())
    folder = page.locator(".widget-text:has(label:text-is('folder')) input").first
    folder.fill(str(night.parent))
    folder.press("Enter")
    games = page.locator(".widget-dropdown:has(label:text-is('game')) select").first
    expect(games).to_be_visible(timeout=30_000)
    expect(games.locator("option")).to_have_text(["1: Cartel, Sunday duel, 2026.11.22",
                                                  "2: Million Club, Sunday duel, 2026-11-22"])
    expect(games).to_have_value("2: Million Club, Sunday duel, 2026-11-22")
    page.get_by_role("button", name="Use this game").first.click()
    expect(page.locator("body")).to_contain_text("Showing night.mclog, game 2",
                                                 timeout=120_000)
    expect(page.locator(".mclog-board").first).to_contain_text("Zoe")
    no_errors(page)
    page.close()


def test_the_review_widget_fills_its_graph_in_the_browser(browser, lab):
    """``mclog.widgets.review`` in JupyterLab: the win-chance graph fills in from the
    kernel's thread after the cell has run, to every step asked for; its marker is drawn
    and a click on a point goes to its step (issue 28)."""
    import json
    import urllib.request

    from playwright.sync_api import expect

    base, token = lab
    source = ("import mclog, mclog.widgets\n"
              "played = mclog.replay(mclog.read_one("
              "'../sample_games/cartel/duel-2p.mclog'))\n"
              "widget = mclog.widgets.review(played, rollouts=4, every=10)\n"
              "widget")
    notebook = {"cells": [{"cell_type": "code", "metadata": {}, "outputs": [],
                           "execution_count": None, "source": source}],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3",
                                            "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    request = urllib.request.Request(
        f"{base}/api/contents/review-widget.ipynb?token={token}", method="PUT",
        data=json.dumps({"type": "notebook", "format": "json",
                         "content": notebook}).encode(),
        headers={"Content-Type": "application/json"})
    urllib.request.urlopen(request, timeout=30).close()
    import mclog

    steps = len(range(0, len(mclog.replay(mclog.read_one(
        ROOT / "sample_games" / "cartel" / "duel-2p.mclog"))), 10)) + 1
    page = run_notebook(browser, lab, "review-widget.ipynb")
    no_errors(page)
    page.wait_for_function(
        "n => [...document.querySelectorAll('.js-plotly-plot')].some(g => g.data && "
        "g.data[0] && g.data[0].x && g.data[0].x.length === n)", arg=steps,
        timeout=180_000)
    chart = page.locator(".js-plotly-plot").first
    expect(chart.locator(".mclog-step-marker")).to_have_count(1)
    clicked = click_point(page, chart, 40)
    expect(page.locator(".mclog-step-move").first).to_contain_text(f"Step {clicked} of ")
    page.close()


def test_the_stepper_draws_its_step_without_waiting_for_the_chart(browser, lab):
    """The stepper draws the step shown as soon as it has its frames: the slider's and
    the chart's models it moves and marks are looked up afterwards, and one it cannot
    find (here a chart closed before the page drew the stepper) leaves the step drawn
    and the buttons working.  (It drew nothing while it waited for them.)"""
    from playwright.sync_api import expect

    name = put_notebook(lab, "stepper-alone.ipynb", [
        "import ipywidgets as w\n"
        "from mclog.page_widgets import FrameStepper\n"
        "slider, chart = w.IntSlider(max=2), w.IntSlider()\n"
        "frames = [[f'<b class=\"probe\">step {i}</b>'] for i in range(3)]\n"
        "stepper = FrameStepper(['board'], frames, slider=slider, chart=chart,\n"
        "                       marker_x=[0, 1, 2], buttons=[['next', 'next']])\n"
        "w.jslink((slider, 'value'), (stepper, 'index'))\n"
        "chart.close()\n"
        "w.VBox([slider, stepper])"])
    page = run_notebook(browser, lab, name)
    no_errors(page)
    probe = page.locator(".mclog-step-board .probe")
    expect(probe).to_have_text("step 0")
    page.get_by_role("button", name="next", exact=True).click()
    expect(probe).to_have_text("step 1")
    page.get_by_role("button", name="next", exact=True).click()
    expect(probe).to_have_text("step 2")


def test_the_chart_is_drawn_at_the_width_it_is_given(browser, lab):
    """The replay widgets' chart (``PlotlyChart``) takes the width of its place in the
    page, and again when that place is resized (a JupyterLab panel, not the window): the
    same chart twice, the second drawn with plotly.js already loaded by the first.  (A
    chart plotly draws before its view is placed takes plotly's default width, 700
    pixels, and keeps it once placed; and plotly's ``responsive`` follows the window
    only.)"""
    from playwright.sync_api import expect

    name = put_notebook(lab, "chart-width.ipynb", [
        "import ipywidgets as w, plotly.graph_objects as go\n"
        "from mclog.widget_shell import MarkedChart\n"
        "figure = go.Figure(go.Scatter(x=[0, 1, 2], y=[1, 3, 2]))\n"
        "charts = [MarkedChart(figure) for _ in range(2)]\n"
        "charts[0].view.layout.width, charts[1].view.layout.width = '500px', '560px'\n"
        "w.VBox([chart.view for chart in charts])"])
    page = run_notebook(browser, lab, name)
    no_errors(page)
    widths = ("() => [...document.querySelectorAll('.js-plotly-plot')]"
              ".map(g => g._fullLayout && g._fullLayout.width)")
    page.wait_for_function(f"({widths})().join() === '500,560'")
    # (the chart's own element, in its view's: the view's width set in the page)
    page.evaluate("() => { document.querySelector('.js-plotly-plot')"
                  ".parentElement.style.width = '800px'; }")
    page.wait_for_function(f"({widths})().join() === '800,560'")
    expect(page.locator(".js-plotly-plot").first.locator(".scatterlayer .trace")) \
        .to_have_count(1)


def test_use_this_game_says_which_cells_below_did_not_run(browser, lab):
    """The picker's *Use this game* runs the cells below it; where one raises, the kernel
    aborts the rest, and the button says so beside itself (the cells were left blank)."""
    from playwright.sync_api import expect

    name = put_notebook(lab, "run-below.ipynb", [
        "from mclog.page_widgets import RunBelow\nruns = 0\nRunBelow()",
        "runs += 1\nif runs > 1:\n    raise ValueError('the second run fails')",
        "'after it'"])
    page = run_notebook(browser, lab, name)
    no_errors(page)
    page.get_by_role("button", name="Use this game").click()
    expect(page.locator("body")).to_contain_text(
        "1 cell below did not run: see the first with an error, then Run › Run "
        "Selected Cell and All Below", timeout=60_000)
    assert cell_errors(page) == ["ValueError: the second run fails"]


@pytest.mark.parametrize("name,charts", [
    ("02-prices.ipynb", 3), ("03-score-attribution.ipynb", 3), ("04-corpus.ipynb", 4),
    ("05-teaching.ipynb", 0)])
def test_notebook_runs_in_the_browser(browser, lab, tmp_path, name, charts):
    from playwright.sync_api import expect

    page = run_notebook(browser, lab, name)
    no_errors(page)
    if charts:
        page.locator(".js-plotly-plot").nth(charts - 1).wait_for()
        assert page.locator(".js-plotly-plot").count() >= charts
    if name == "02-prices.ipynb":
        first = page.locator(".js-plotly-plot").first
        expect(first.locator(".scatterlayer .trace")).to_have_count(3)
    if name == "05-teaching.ipynb":
        page.locator("table.dataframe").nth(1).wait_for()
        expect(page.locator("body")).to_contain_text("Ann buys oceania")
    element = None
    if name == "02-prices.ipynb":
        element = page.locator(".js-plotly-plot").first
        shot(page, "price-chart", tmp_path, element)
    elif name == "03-score-attribution.ipynb":
        element = page.locator(".js-plotly-plot").first
        shot(page, "attribution-chart", tmp_path, element)
    else:
        shot(page, name.removesuffix(".ipynb"), tmp_path)
    page.close()


def test_06_millionenspiel_in_the_browser(browser, lab, tmp_path):
    """The Millionenspiel notebook: the widget's board and its steps, the money chart on a
    log scale, the attribution and the corpus charts, in Chromium."""
    from playwright.sync_api import expect

    page = run_notebook(browser, lab, "06-millionenspiel.ipynb")
    no_errors(page)
    board = page.locator(".me-board").first
    expect(board).to_contain_text("Before the roll-off")
    expect(board).to_contain_text("Cleo")
    expect(page.locator("body")).to_contain_text("Step 0 of 53: the start")
    step = _play_a_few_steps(page)
    expect(page.locator("body")).to_contain_text(f"Step {step} of 53")
    # the game's rounds (its throws) in the shared widget, as in its report: the jump
    # list goes to a throw's first step, the throw buttons to the next, and the list
    # follows the step (throws 3 and 4 of family-3p start at steps 15 and 20)
    jump = page.locator(".mclog-step-jump select").first
    jump.select_option(label="Throw 3")
    expect(page.locator("body")).to_contain_text("Step 15 of 53")
    page.get_by_role("button", name="throw ▶▶").first.click()
    expect(page.locator("body")).to_contain_text("Step 20 of 53")
    page.wait_for_function("(s => s.options[s.selectedIndex].text === 'Throw 4')"
                           "(document.querySelector('.mclog-step-jump select'))")
    # each chart once (issue 25): the widget's money chart (log scale), the money's
    # sources (log scale too), the games' length and the policies' wins
    page.locator(".js-plotly-plot").nth(3).wait_for()
    assert page.locator(".js-plotly-plot").count() == 4
    # the widget's own chart, found in the widget rather than by its place among the
    # page's charts (a run under load once found none at the first place for 30 s)
    widget = page.locator(".widget-vbox", has=board).first
    expect(widget.locator(".js-plotly-plot .ytitle")).to_have_text("money (log scale)")
    shot(page, "millionenspiel", tmp_path, widget)
    page.close()


def _play_a_few_steps(page) -> int:
    """Press the shared replay widget's Play, let it step past step 2, pause: the step."""
    readout = page.locator(".widget-readout").first
    page.locator(".widget-play button").first.click()
    page.wait_for_function("Number(document.querySelector('.widget-readout').innerText) > 2",
                           timeout=20_000)
    page.locator(".widget-play button").first.click()  # pause
    return int(readout.inner_text())


def _seat_record_stopped(game, text: str, part: int, whole: int) -> str:
    """The second seat's record of the game ``text``, stopped after ``part``/``whole`` of
    its lines (as a game night can end before the game does)."""
    import mclog

    played = game.replay(mclog.parse_one(text))
    lines = game.write(game.seat_view(played, 1)).splitlines(keepends=True)
    return "".join(lines[:len(lines) * part // whole])


def _no_sample_records(game: str, folder: Path) -> list[str]:
    """Two records of ``game`` written for the test, in ``folder``: a seat's record of a
    simulated 3-player game stopped half way (as a game night can end), and a game just
    set up, with no move yet."""
    from mclog.games import game as game_named

    rules = game_named(game)
    folder.mkdir()
    (folder / "seat-half.mclog").write_text(
        _seat_record_stopped(rules, rules.simulated_text(3, 5, rules.review_bots, {}), 1, 2),
        encoding="utf-8")
    (folder / "fresh.mclog").write_text(f'[Game "{game}"]\n[Players "Ann, Ben, Cleo"]\n\n',
                                        encoding="utf-8")
    return ["seat-half.mclog", "fresh.mclog"]


def _pick_and_run(page, folder: Path, name: str, options: int | None = None) -> None:
    """In the open notebook's game picker, the record ``name`` of ``folder`` (not the
    notebook's folder; ``options``: how many records the picker must list there), then
    the cells below the picker run again."""
    from playwright.sync_api import expect

    typed = page.locator(".widget-text", has_text="folder").locator("input").first
    typed.fill(str(folder))
    picked = page.locator(".widget-dropdown", has_text="record").locator("select").first
    if options is not None:
        expect(picked.locator("option")).to_have_count(options)
    expect(picked.locator("option", has_text=name)).to_have_count(1)
    picked.select_option(label=name)
    # (the kernel has the pick once it says so under the picker: the cells below read it)
    status = page.locator(".widget-vbox", has=picked).locator(".widget-html").last
    expect(status).to_contain_text(name)
    run_below_the_picker(page)
    expect(status).to_contain_text(f"Showing {name}")
    no_errors(page)


def test_09_cartel_in_the_browser(browser, lab, tmp_path):
    """The Cartel notebook: the board drawn diamond-wise in the replay widget, stepped by
    Play, the worth, companies, prices, auctions and bots' charts, in Chromium."""
    from playwright.sync_api import expect

    page = run_notebook(browser, lab, "09-cartel.ipynb")
    no_errors(page)
    board = page.locator("svg.cartel-board").first
    board.wait_for()
    expect(board).to_contain_text("Cleo")
    assert page.locator("svg.cartel-board g.company").count() >= 52
    expect(page.locator("body")).to_contain_text("Illustrative components")
    step = _play_a_few_steps(page)
    expect(page.locator("body")).to_contain_text(f"Step {step} of ")
    # the widget's chart, then worth, companies, prices, profits, auctions, bots' wins
    page.locator(".js-plotly-plot").nth(6).wait_for()
    assert page.locator(".js-plotly-plot").count() == 7
    shot(page, "cartel", tmp_path, page.locator(".widget-vbox", has=board).first)
    # games no sample is: a seat's record stopped half way, a game just set up
    mine = tmp_path / "mine"
    for name in _no_sample_records("Cartel", mine):
        _pick_and_run(page, mine, name)
        expect(page.locator("svg.cartel-board").first).to_contain_text("Cleo")
    page.close()


def test_10_joakim_in_the_browser(browser, lab, tmp_path):
    """The Joakim notebook: the board with the pawns and the tray in the replay widget,
    stepped by Play; the market values, cash and worth and money's sources charts; the
    kinds' table over simulated games, in Chromium."""
    from playwright.sync_api import expect

    page = run_notebook(browser, lab, "10-joakim.ipynb")
    no_errors(page)
    board = page.locator("svg.joakim-board").first
    board.wait_for()
    expect(board).to_contain_text("Tidningen")
    assert page.locator("svg.joakim-board g.square").count() == 30
    assert page.locator("svg.joakim-values circle.pin").count() == 0   # (not rolled yet)
    expect(page.locator("body")).to_contain_text("Illustrative components")
    step = _play_a_few_steps(page)
    expect(page.locator("body")).to_contain_text(f"Step {step} of 71")
    # the widget's market values, then cash and worth, then the money's sources
    page.locator(".js-plotly-plot").nth(2).wait_for()
    assert page.locator(".js-plotly-plot").count() == 3
    expect(page.locator("body")).to_contain_text("brought by winners")
    shot(page, "joakim", tmp_path, page.locator(".widget-vbox", has=board).first)
    mine = tmp_path / "mine"
    for name in _no_sample_records("Joakim", mine):
        _pick_and_run(page, mine, name)
        expect(page.locator("svg.joakim-board").first).to_contain_text("Tidningen")
    # a record of one's own box, uploaded with its component file in one choice
    cabin = ROOT / "sample_games" / "joakim"
    with page.expect_file_chooser() as chooser:   # (the button opens the file dialog)
        page.locator(".widget-upload").first.click()
    assert chooser.value.is_multiple()
    chooser.value.set_files([str(cabin / "cabin-5p.mclog"), str(cabin / "cabin-box.json")])
    status = page.locator(".widget-vbox", has=page.locator(".widget-upload")).locator(
        ".widget-html").last
    expect(status).to_contain_text("cabin-5p.mclog uploaded")
    run_below_the_picker(page)
    expect(status).to_contain_text("Showing cabin-5p.mclog")
    shown = page.locator(".widget-vbox", has=page.locator("svg.joakim-board")).first
    expect(shown).to_contain_text("Eve")   # (the cabin's fifth player)
    no_errors(page)
    page.close()


@pytest.mark.parametrize("record,width", [
    ("millionclub/six-players-alternative-schemer.mclog", 1400),
    ("millionclub/six-players-alternative-schemer.mclog", 390),
    ("millionenspiel/family-3p.mclog", 1000), ("millionenspiel/family-3p.mclog", 390),
    ("cartel/kitchen-table-3p.mclog", 1000), ("cartel/club-4p-advanced.mclog", 390),
    ("joakim/friday-at-cleos-3p.mclog", 1000), ("joakim/sunday-3p.mclog", 390),
    ("hostile", 1000)])
def test_the_report_opens_offline_and_steps(browser, tmp_path, record, width):
    """``mclog report``: one page from file://, no server, at a desktop's width and a
    phone's; it opens, steps forward and back by button, arrow key, round button, jump
    list and Play, its charts' markers follow the step, nothing is wider than the
    screen, and it logs no error."""
    from playwright.sync_api import expect

    from mclog.cli import main

    root = Path(__file__).parent.parent / "sample_games"
    if record == "hostile":  # a game in progress whose names and texts try to get out
        path = tmp_path / "hostile.mclog"
        path.write_text('[Event "</script><script>alert(1)</script>"]\n'
                        '[Players "Ann yellow, Ben blue"]\n'
                        "setup Ann asia, Ben ? {<img src=x onerror=alert(2)>}\n")
    else:
        path = root / record
    out = tmp_path / "game.html"
    assert main(["report", str(path), "-o", str(out)]) == 0
    assert out.stat().st_size < 1_500_000  # (issue 25: a page to send)
    page = browser.new_page(viewport={"width": width, "height": 900})
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.on("dialog", lambda d: (problems.append(f"dialog: {d.message}"), d.dismiss()))
    page.goto(out.as_uri())
    step = page.locator("#step")
    expect(step).to_contain_text("Step 0 of ")
    page.locator("#next").click()
    expect(step).to_contain_text("Step 1 of ")
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("Step 2 of ")
    page.keyboard.press("ArrowLeft")
    expect(step).to_contain_text("Step 1 of ")
    # with the slider in focus (a drag leaves it there) an arrow moves one step, not two
    # (the slider's own move and the page's); a key with a modifier is the browser's
    page.locator("#slider").focus()
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("Step 2 of ")
    page.keyboard.press("ArrowLeft")
    expect(step).to_contain_text("Step 1 of ")
    page.evaluate("document.activeElement.blur()")
    page.keyboard.press("Alt+ArrowRight")
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text("Step 2 of ")
    page.locator("#last").click()
    total = step.inner_text().split(" of ")[1].split(":")[0]
    expect(step).to_contain_text(f"Step {total} of {total}")
    assert page.locator("#board").inner_html()
    if record != "hostile":
        assert page.locator("svg.mclog-chart").count() >= 2
        # every chart counted in steps or in the game's rounds (Million Club's score by
        # round; the page knows each game's word for a round) shows its marker
        word = {"millionclub": "round", "millionenspiel": "throw",
                "cartel": "year", "joakim": "round"}[record.split("/")[0]]
        axes = page.eval_on_selector_all(".mclog-marker", "ms => ms.map(m => "
                                         "[m.dataset.axis, m.style.display])")
        assert axes and all(shown != "none" for axis, shown in axes
                            if axis in ("step", word)), axes
        marker = page.locator(".mclog-marker").first
        at_end = marker.get_attribute("x1")
        page.locator("#first").click()
        expect(step).to_contain_text("Step 0 of ")
        assert marker.get_attribute("x1") != at_end  # the chart follows the step
        # a click on a chart goes to the step under it (or its round's first step)
        chart = page.locator("svg.mclog-chart", has=page.locator(".mclog-marker")).first
        box = chart.bounding_box()
        chart.click(position={"x": box["width"] * 0.5, "y": box["height"] * 0.5})
        expect(step).not_to_contain_text("Step 0 of ")
        clicked = int(step.inner_text().split()[1])
        assert 0 < clicked < int(total)
        page.locator("#first").click()
        expect(step).to_contain_text("Step 0 of ")
        page.locator("#next-round").click()
        expect(step).not_to_contain_text("Step 0 of ")
        word = {"millionclub": "Round", "millionenspiel": "Throw",
                "cartel": "Year", "joakim": "Round"}[record.split("/")[0]]
        jump = page.locator("#jump")
        expect(jump).to_have_value(jump.locator("option").nth(1).get_attribute("value"))
        assert jump.locator("option").nth(1).inner_text().startswith(word)
        jump.select_option(label=f"{word} 3")
        expect(step).not_to_contain_text("Step 1 of ")
        here = int(step.inner_text().split()[1])
        page.locator("#play").click()
        expect(step).not_to_contain_text(f"Step {here} of ")  # Play steps on
        page.locator("#play").click()
        # the move list: the record's lines beside the board, the step's highlighted, and
        # a click on a line goes to its step
        line = page.locator("#moves .move").nth(3)
        line.click()
        expect(step).to_contain_text(f"Step {line.get_attribute('data-step')} of ")
        expect(page.locator("#moves .here")).to_have_text(line.inner_text())
    listed = page.locator("#players")
    if record.split("/")[0] in ("millionclub", "cartel") and width <= 600:
        # a phone's screen: the board's print is too small to read, so the players are
        # listed under it, one line each, in a readable size, and the list follows the
        # step (Millionenspiel's board lists them in a table of its own)
        import mclog

        expect(listed.locator("li")).to_have_count(len(mclog.read_one(path).players))
        assert listed.is_visible()
        box, board_box = listed.bounding_box(), page.locator("#board").bounding_box()
        assert box["y"] >= board_box["y"] + board_box["height"] - 1   # under the board
        size = page.evaluate("getComputedStyle(document.getElementById('players')).fontSize")
        assert float(size.rstrip("px")) >= 14
        before = listed.inner_text()
        page.locator("#first").click()
        expect(listed).not_to_have_text(before)
        names = mclog.read_one(path).players
        assert all(name in listed.inner_text() for name in names)
    elif record != "hostile":
        assert not listed.is_visible()   # (a desktop's board prints them readably)
    # a phone's screen: the page is no wider than it, the board scaled to fit
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert not problems, problems
    if record.startswith("cartel/") and width == 390:   # (for the README)
        page.locator("#first").click()
        page.locator("#next-round").click()
        page.screenshot(path=str((SHOTS or tmp_path) / "report-phone.png"), clip={
            "x": 0, "y": page.locator("#step").bounding_box()["y"] - 60,
            "width": width, "height": 760})
    page.close()


def _simulated_records(name: str, tmp_path: Path) -> list[tuple[Path, int]]:
    """Records of ``name`` that no sample is: a simulated game at its smallest table and
    one at its largest, and, where the game hides cards, a seat's record of the largest
    stopped two thirds of the way (a game night that ended early); each with the width
    of the screen it is opened at (a phone's, a desktop's)."""
    from mclog.games import game as game_named

    game = game_named(name)
    texts = []
    for players, width in ((game.players.start, 390), (game.players.stop - 1, 1400)):
        # (played by the game's strongest bots, as a table plays: random bots make a
        # Joakim game of 20,000 moves, whose report takes a quarter of a minute to make)
        texts.append((f"{players}p", game.simulated_text(players, 11, game.review_bots, {}),
                      width))
    if game.hidden_information:
        texts.append(("seat", _seat_record_stopped(game, texts[-1][1], 2, 3), 390))
    paths = []
    for label, text, width in texts:
        path = tmp_path / f"{label}.mclog"
        path.write_text(text, encoding="utf-8")
        paths.append((path, width))
    return paths


def _registry() -> list[str]:
    from mclog.games import names

    return names()


@pytest.mark.parametrize("name", _registry())
def test_the_report_of_games_no_sample_is_opens_and_steps(browser, tmp_path, name):
    """The report of each game of the registry on records written for this test only
    (simulated at the smallest and the largest table, a seat's record stopped early):
    it opens from file://, goes to its last step and back by key, draws a board at each,
    is no wider than the screen, and logs no error."""
    from playwright.sync_api import expect

    from mclog.cli import main

    for path, width in _simulated_records(name, tmp_path):
        out = path.with_suffix(".html")
        assert main(["report", str(path), "-o", str(out)]) == 0, path
        page = browser.new_page(viewport={"width": width, "height": 900})
        problems: list[str] = []
        page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: problems.append(str(e)))
        page.goto(out.as_uri())
        step = page.locator("#step")
        expect(step).to_contain_text("Step 0 of ")
        board = page.locator("#board").inner_html()
        page.locator("#last").click()
        total = step.inner_text().split(" of ")[1].split(":")[0]
        expect(step).to_contain_text(f"Step {total} of {total}")
        assert int(total) > 10, (path, total)
        assert page.locator("#board").inner_html() not in ("", board)
        page.keyboard.press("ArrowLeft")
        expect(step).to_contain_text(f"Step {int(total) - 1} of ")
        page.keyboard.press("Home")
        expect(step).to_contain_text("Step 0 of ")
        assert page.evaluate("document.documentElement.scrollWidth") <= width, path
        assert not problems, (path, problems)
        page.close()


@pytest.mark.parametrize("sample, players", [
    ("duel-2p.mclog", 2), ("family-4p-alternative.mclog", 4),
    ("six-players-alternative-schemer.mclog", 6)])
@pytest.mark.parametrize("width", [1000, 1400])
def test_the_svg_board_is_readable_at_both_widths(browser, tmp_path, sample, players, width):
    """Issue 14: the board for 2 to 6 players, in a page 1,000 and 1,400 px wide: the
    whole drawing in view, every player's row drawn, nothing outside the drawing."""
    import mclog
    from mclog.games.millionclub.board_svg import board_svg

    game = mclog.replay(mclog.read_one(ROOT / "sample_games" / "millionclub" / sample))
    state = game.state(game.round_start(5) + 2 * players)  # pawns placed in round 5
    page = browser.new_page(viewport={"width": width, "height": 900})
    page.set_content(f"<html><body style='margin:8px'>{board_svg(state)}</body></html>")
    svg = page.locator("svg.mclog-svg")
    box = svg.bounding_box()
    assert box["width"] <= width and box["height"] < 900
    assert page.locator("svg.mclog-svg g.pawn").count() >= players
    texts = page.evaluate("""() => [...document.querySelectorAll('svg.mclog-svg text')]
        .map(t => t.getBBox()).filter(b => b.x < 0 || b.x + b.width > 961).length""")
    assert texts == 0, f"{texts} texts reach outside the drawing"
    if width == 1400:
        shot(page, f"board-{players}p", tmp_path, svg)
    page.close()


def test_07_recorder_records_a_round_in_the_browser(browser, lab, tmp_path):
    """The recorder widget in JupyterLab: the setup and all of round 1 entered by clicking
    answer buttons (the first one offered each time, whatever it is), then the end-of-
    round check; the record on the disk grows with every click."""
    import re

    from playwright.sync_api import expect

    page = run_notebook(browser, lab, "07-record.ipynb")
    no_errors(page)
    where = page.locator(".mclog-where").first
    expect(where).to_contain_text("Setup")
    expect(where).to_contain_text("recorded from Ann")
    buttons = page.locator(".mclog-answers button")
    expect(buttons.first).to_have_text("1. Ann africa")  # (numbered as the text box takes)
    moves = 0
    for _ in range(200):
        text = where.inner_text()
        if "End of round 1" in text:
            break
        count = int(re.search(r"(\d+) moves?\b", text).group(1))
        if count == 10:  # in the middle of the placements: buttons in players' colours
            shot(page, "recorder-widget", tmp_path,
                 page.locator(".widget-hbox", has=page.locator(".mclog-where")).first)
        buttons.first.click()
        expect(where).not_to_contain_text(re.compile(rf"· {count} moves? ·"))  # (recorded)
        moves = count + 1
    expect(where).to_contain_text("End of round 1")
    assert moves > 15
    page.get_by_role("button", name="agree").click()
    expect(where).to_contain_text("Round 2")
    expect(page.locator(".mclog-recorder-board svg").first).to_be_visible()
    # a slip typed in the box is refused in words, and nothing is recorded
    box = page.get_by_placeholder("or type: a number, Ben buys asia, place Ann IV:R, V")
    box.fill("Zed IV:R")
    box.press("Enter")
    expect(page.locator(".mclog-message").first).to_contain_text("Not recorded")
    no_errors(page)
    page.close()


def test_every_games_recorder_records_in_the_browser(browser, lab):
    """The recorder widget of every registered game (notebook 07 records Million Club
    from its own cell), all in one notebook: each shows its question, takes its first
    answer typed in its box (by number) and then up to a dozen more clicked on its
    buttons (the first each time), each written to its file at once and counted in
    words; it draws its table, and refuses a slip typed in its box in words."""
    import re

    from playwright.sync_api import expect

    import mclog
    from mclog.games import game as game_named
    from mclog.games import names

    # (the games mclog ships: a test game another test registered here is not the lab's)
    games = [n for n in names() if type(game_named(n)).__module__.startswith("mclog.games.")]
    files = {name: f"recorded-{i}.mclog" for i, name in enumerate(games)}
    cells = ["import mclog.widgets"] + [
        f"mclog.widgets.recorder({files[name]!r}, game={name!r}, players='Ann, Ben, Cleo', "
        "seat='Ann')" for name in games]
    page = run_notebook(browser, lab, put_notebook(lab, "recorders.ipynb", cells))
    no_errors(page)
    for i, name in enumerate(games):
        widget = page.locator(".widget-hbox", has=page.locator(".mclog-where")).nth(i)
        where = widget.locator(".mclog-where").first
        buttons = widget.locator(".mclog-answers button")
        box = widget.locator(".widget-text input").first
        expect(where).to_contain_text("recorded from Ann · 0 moves")
        expect(buttons.first).to_have_text(re.compile(r"^1\. "))
        box.fill("1")
        box.press("Enter")
        expect(where).to_contain_text("· 1 move ·")
        moves = 1
        while moves < 13 and buttons.count():   # (a question with no list is typed)
            buttons.first.click()
            moves += 1
            expect(where).to_contain_text(re.compile(rf"· {moves} moves? ·"))
        assert moves >= 3, where.inner_text()
        text = lab_file(lab, files[name])   # (on the disk, each answer as it came)
        assert game_named(mclog.parse_one(text).game) is game_named(name), text
        expect(widget.locator(".mclog-recorder-board").locator("svg, table").first) \
            .to_be_visible()   # (the game's drawing: Millionenspiel's is a table)
        box.fill("Zed 9")
        box.press("Enter")
        expect(widget.locator(".mclog-message").first).to_contain_text("Not recorded")
        expect(where).to_contain_text(re.compile(rf"· {moves} moves? ·"))
        assert lab_file(lab, files[name]) == text   # (a slip writes nothing)
    no_errors(page)
    page.close()


def test_01_on_a_seats_record_with_hostile_names(browser, lab, tmp_path):
    """Notebook 01 on a game that is no sample: a seat's record (unknown cards) of a
    simulated 4-player game in the alternative setup, whose names try to get out of the
    page.  It is picked from another folder, stepped by button and jump list (a Stock
    Exchange settlement is a step), and shows the names as text, never as markup."""
    import re

    from playwright.sync_api import expect

    import mclog
    from mclog.games.millionclub.simulator import simulated_text

    text = simulated_text(4, "alternative", "greedy,random", 12)
    names = {"Ann": "<img/src=x/onerror=alert(1)>", "Ben": "Zoë", "Cleo": "O'Neil&co",
             "Dan": "Dan</script>"}
    for old, new in names.items():
        text = re.sub(rf"\b{old}\b", new, text)
    mine = tmp_path / "mine"
    mine.mkdir()
    seat = mclog.seat_view(mclog.replay(mclog.parse_one(text)), 1)
    (mine / "zoe-seat.mclog").write_text(mclog.write(seat), encoding="utf-8")

    page = run_notebook(browser, lab, "01-replay.ipynb")
    dialogs: list[str] = []
    page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    _pick_and_run(page, mine, "zoe-seat.mclog", options=1)
    board = page.locator(".mclog-board").first
    expect(board).to_contain_text("Zoë")
    expect(board).to_contain_text("<img/src=x/onerror=alert(1)>")  # as text
    expect(board).to_contain_text("O'Neil&co")
    page.get_by_role("button", name="round ▶▶").first.click()
    expect(page.locator(".mclog-board .caption").first).to_contain_text("Round 1")
    jump = page.locator(".mclog-step-jump select").first
    settlement = next(o for o in jump.locator("option").all_inner_texts()
                      if "Round 2: Stock Exchange settlement" in o)
    jump.select_option(label=settlement)
    expect(page.locator("body")).to_contain_text("Stock Exchange settlement · the rules")
    page.get_by_role("button", name="move ▶").first.click()
    expect(page.locator(".mclog-board .caption").first).to_contain_text("Round 2")
    assert page.locator("img[src=x]").count() == 0 and not dialogs
    no_errors(page)
    page.close()


def test_the_report_of_a_seats_record_before_and_after_the_reveal(browser, tmp_path):
    """Issue 23: the report of a seat's record shows, at a step where the unseen
    colonies leave a score open, a range before the reveal and the settled score once the
    record ends with the reveal (the same step, counted in hindsight); its last step
    names no winner while the record cannot tell who wins."""
    from playwright.sync_api import expect

    import mclog
    from mclog.cli import main
    from mclog.games.millionclub.notation.record import GameRecord, RevealEntry
    from mclog.games.millionclub.rules.scoring import sure_winners
    from mclog.games.millionclub.simulator import simulated_text

    full = mclog.replay(mclog.parse_one(simulated_text(4, "standard", "greedy,random", 5)))
    seat = mclog.seat_view(full, 0)
    cut = GameRecord(seat.tags, seat.table,
                     [e for e in seat.entries if not isinstance(e, RevealEntry)])
    after, before = mclog.replay(seat), mclog.replay(cut)
    # a step whose score the reveal settles, and that is a range without it
    step = next(i for i in range(len(before), 0, -1)
                if all(r.exact for r in after.score_at(i))
                and not all(r.exact for r in before.score_at(i)))
    for name, record, game in (("report-seat-before-reveal", cut, before),
                               ("report-seat-after-reveal", seat, after)):
        path = tmp_path / f"{name}.mclog"
        path.write_text(mclog.write(record))
        out = tmp_path / f"{name}.html"
        assert main(["report", str(path), "-o", str(out)]) == 0
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(out.as_uri())
        page.locator("#slider").fill(str(step))
        expect(page.locator("#step")).to_contain_text(f"Step {step} of ")
        board = page.locator("#board")
        for row in game.score_at(step):
            lo, hi = row.total_range
            expect(board).to_contain_text(f"{lo} point" if lo == hi else f"{lo}-{hi} points")
        result = page.locator(".result")
        if game is before:
            assert any(not r.exact for r in game.score_at(step))
            expect(result).to_contain_text("wins." if sure_winners(game.scores())
                                           else "leave the winner open")
        else:
            expect(result).to_contain_text("wins. Final scores:")
        board.screenshot(path=str((SHOTS or tmp_path) / f"{name}.png"))
        page.close()


def test_01_on_a_seats_record_before_and_after_the_reveal(browser, lab, tmp_path):
    """Issue 23: the replay widget on one seat's record of a game, with and without its
    reveal, at the last step: with it, every score is settled and the winner named; without
    it, each score the unseen colonies leave open is a range, and no winner is named
    unless none of their namings could change who wins."""
    from playwright.sync_api import expect

    import mclog
    from mclog.games.millionclub.notation.record import GameRecord, RevealEntry
    from mclog.games.millionclub.rules.scoring import sure_winners
    from mclog.games.millionclub.simulator import simulated_text

    full = mclog.replay(mclog.parse_one(simulated_text(4, "standard", "greedy,random", 5)))
    seat = mclog.seat_view(full, 0)
    cut = GameRecord(seat.tags, seat.table,
                     [e for e in seat.entries if not isinstance(e, RevealEntry)])
    mine = tmp_path / "mine"
    mine.mkdir()
    records = {"widget-seat-after-reveal": seat, "widget-seat-before-reveal": cut}
    for name, record in records.items():
        (mine / f"{name}.mclog").write_text(mclog.write(record), encoding="utf-8")
    page = run_notebook(browser, lab, "01-replay.ipynb")
    for name, record in records.items():
        # (one picked, then the other, in the notebook open: as a person compares them)
        _pick_and_run(page, mine, f"{name}.mclog", options=2)
        for _ in range(11):  # to the last step
            page.get_by_role("button", name="round ▶▶").first.click()
        text = page.locator("body")
        expect(text).to_contain_text("Final ranking")
        game = mclog.replay(record)
        rows = game.scores()
        for row in rows:
            lo, hi = row.total_range
            expect(page.locator(".mclog-board").first).to_contain_text(
                f"{lo} point" if lo == hi else f"{lo}-{hi} points")
        winners = sure_winners(rows)
        expect(text).to_contain_text(f"{winners[0].name} wins." if len(winners) == 1 else
                                     "The record does not settle who wins yet")
        if record is seat:
            assert all(r.exact for r in rows)
        else:
            assert not all(r.exact for r in rows)
        board = page.locator(".mclog-board").first
        shot(page, name, tmp_path, page.locator(".widget-vbox", has=board).first)
        no_errors(page)
    page.close()
