"""The folders show the data's path (issues 16 and 24): a game is a folder under
mclog/games/, the shared parts never import a game, no game imports another, a game's
rules import only themselves and mclog's errors, and the shared parts stand in layers
that import only their own layer and those below (read from every module's imports
with ``ast``)."""

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PACKAGE = ROOT / "mclog"
GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir()
               if (p / "__init__.py").exists())


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, as absolute names (inside functions too)."""
    module = _module(path)
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                name = ".".join(base + ([node.module] if node.module else []))
            else:
                name = node.module
            found.add(name)
            found.update(f"{name}.{a.name}" for a in node.names)
    return found


MODULES = {_module(p): _imports(p) for p in PACKAGE.rglob("*.py")}


def _game_of(module: str) -> str | None:
    parts = module.split(".")
    in_games = len(parts) > 2 and parts[:2] == ["mclog", "games"] and parts[2] in GAMES
    return parts[2] if in_games else None


def test_there_are_four_games():
    assert GAMES == ["cartel", "joakim", "millionclub", "millionenspiel"]


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _game_of(m) is None))
def test_the_shared_parts_import_no_game(module):
    games = {_game_of(name) for name in MODULES[module]} - {None}
    assert not games, f"{module} imports {games}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if _game_of(m)))
def test_no_game_imports_another(module):
    games = {_game_of(name) for name in MODULES[module]} - {None, _game_of(module)}
    assert not games, f"{module} imports {games}"


@pytest.mark.parametrize("module", sorted(m for m in MODULES if ".rules" in m))
def test_rules_import_only_themselves_and_errors(module):
    game = module.split(".rules")[0]
    # (a state may draw itself in a notebook, importing the drawing when asked, as
    # python-chess's Board._repr_svg_ does)
    allowed = ("mclog.errors", "mclog.engine", game + ".rules", game + ".draw",
               game + ".board_svg", game + ".board")
    others = {name for name in MODULES[module] if name.startswith("mclog")
              and not name.startswith(allowed)}
    assert not others, f"{module} imports {others}"


#: The shared modules in layers, lowest first: each imports only its own layer and those
#: below it (no arrow runs back up).  Text becomes a record, a record is played by its
#: game's engine, and tables, figures, widgets and commands stand on top.
LAYERS = [
    # what everything may use: errors, printable text, the engine interface, replay
    # with snapshots, the unknown-card solver, which build runs (each imports nothing of
    # mclog)
    ["mclog.errors", "mclog.printable", "mclog.engine", "mclog.replay", "mclog.unknowns",
     "mclog.lazy", "mclog.compiled", "mclog.background"],
    # text <-> records, knowing no game: framing, entries, safe files, JSON loading
    ["mclog.record", "mclog.record.files", "mclog.record.framing", "mclog.record.entries",
     "mclog.record.json_form", "mclog.record.cursor", "mclog.record.checks",
     "mclog.record.verbs", "mclog.record.names"],
    # what a game supplies (the protocol), what its engine is played with (bots), and
    # the search for the slip behind a failed check
    ["mclog.protocol", "mclog.simulate", "mclog.slips"],
    # the registry, and reading files of any game (the [Game] tag picks the game)
    ["mclog.games", "mclog.record.reading"],
    # what a game built from rules, a verb table and a drawing gets: the kit; the
    # shared recorder
    ["mclog.kit", "mclog.kit.notation", "mclog.kit.played", "mclog.kit.json_form",
     "mclog.kit.components", "mclog.kit.game", "mclog.recording", "mclog.recording.terminal",
     "mclog.recording.widget"],
    # the package's API: read, replay, write any game, and what its functions are given
    # (a record, a replayed game), checked in words
    ["mclog", "mclog.arguments"],
    # tables, corpora, figures, widgets and the report page
    ["mclog.analysis", "mclog.corpus", "mclog.corpus.build", "mclog.corpus.read",
     "mclog.corpus.simulate", "mclog.corpus.sources", "mclog.page_code",
     "mclog.page_widgets", "mclog.widget_shell", "mclog.widgets", "mclog.svg_chart",
     "mclog.move_list", "mclog.report", "mclog.review"],
    # the command line
    ["mclog.cli", "mclog.__main__"],
]
LAYER_OF = {module: i for i, layer in enumerate(LAYERS) for module in layer}


def _shared(name: str) -> str | None:
    """The shared module ``name`` is (or is in), if any (``mclog.record.files.X`` ->
    ``mclog.record.files``)."""
    while name and name not in LAYER_OF:
        if "." not in name:
            return None
        name = name.rsplit(".", 1)[0]
    return name or None


def test_every_shared_module_has_a_layer():
    shared = sorted(m for m in MODULES if _game_of(m) is None)
    assert [m for m in shared if m not in LAYER_OF] == []


@pytest.mark.parametrize("module", sorted(LAYER_OF))
def test_a_shared_module_imports_only_its_layer_and_below(module):
    up = {name for name in MODULES.get(module, ()) if name.startswith("mclog")
          and _shared(name) is not None and LAYER_OF[_shared(name)] > LAYER_OF[module]}
    assert not up, f"{module} (layer {LAYER_OF[module]}) imports from above: {up}"


#: What a fresh process imports for each way in, and what it must not (issue 29, instant
#: start): validating a record needs no tables, charts, widgets or Dask; the replay
#: widget's import cell (notebook 01's) needs no pandas until a table is made, and no
#: anywidget until a widget is; the report page is made without Jupyter's widgets.
STARTS = {
    "mclog validate": ("import sys; from mclog.cli import main; "
                       "main(['validate', 'sample_games/millionclub/duel-2p.mclog'])",
                       ("pandas", "numpy", "plotly", "ipywidgets", "dask", "pyarrow",
                        "mclog.corpus", "mclog.analysis", "mclog.kit.game", "difflib",
                        "shutil", "signal", "json", "mclog.record.json_form")),
    "the replay widget's import cell": (
        "from mclog.analysis import shown; import mclog; "
        "from mclog.widget_shell import game_picker; "
        "from mclog.games.millionclub.widget import replay_widget",
        ("pandas", "numpy", "dask", "pyarrow", "anywidget", "psygnal", "mclog.page_widgets")),
    "mclog report": ("import tempfile; from mclog.cli import main; "
                     "main(['report', 'sample_games/millionclub/duel-2p.mclog', '-o', "
                     "tempfile.mkdtemp() + '/page.html'])",
                     ("ipywidgets", "anywidget", "IPython", "mclog.widget_shell",
                      "mclog.page_widgets", "dask")),
}


@pytest.mark.parametrize("start", sorted(STARTS))
def test_a_start_imports_only_what_it_uses(start):
    code, never = STARTS[start]
    shown = (f"{code}\nimport sys\n"
             f"print('imported:', *(m for m in {list(never)!r} if m in sys.modules))")
    done = subprocess.run([sys.executable, "-c", shown], cwd=ROOT, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "imported:", done.stdout
