"""The folders show the data's path (issue 16): a game is a folder under mclog/games/, the
shared parts never import a game, no game imports another, and a game's rules import
only themselves and mclog's errors (read from every module's imports with ``ast``)."""

import ast
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


def test_there_are_two_games():
    assert GAMES == ["millionclub", "millionenspiel"]


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
    allowed = ("mclog.errors", game + ".rules", game + ".draw", game + ".board_svg")
    others = {name for name in MODULES[module] if name.startswith("mclog")
              and not name.startswith(allowed)}
    assert not others, f"{module} imports {others}"
