"""Which build of mclog is running: pure Python, or with its hot path compiled by mypyc.

mclog is a pure-Python package, and the pure build is the reference.  ``setup.py`` can
also compile the modules listed in ``MODULES`` with mypyc (a C extension each, found by
Python before the ``.py`` beside it): the same code, type-checked, run about twice as fast.
Only modules that pass mypy as they are go on the list, and only those no interpreted
class inherits from (mypyc's classes cannot be subclassed by interpreted ones).

``__init__``: mypyc compiles a dataclass's own methods, but the ones ``dataclass`` writes
(``__init__``, ``__eq__``, ``__repr__``) are made from text as the class is, and run in
the interpreter, setting each field through the compiled class's descriptors: slower
than in the pure build.  A dataclass made for every line or item read (``RawLine``,
``SourceLine``, Million Club's ``MoveEntry``), or for every event a corpus notes (Million
Club's ``Event``, of fifteen fields), therefore writes its ``__init__`` out, as
``dataclass`` would (``dataclass`` keeps an ``__init__`` the class defines), and the
compiled build compiles it; ``tests/test_framing.py`` checks that each takes the
arguments its fields say.

This file is read by ``setup.py`` before mclog is installed, so it imports nothing of
mclog's.

>>> build_name(["mclog.games.millionclub.rules.flow"], lambda name: False)
'pure Python'
>>> build_name(["a", "b"], lambda name: name == "a")
'compiled by mypyc (1 of 2 modules)'
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
from collections.abc import Callable, Sequence

#: The modules the compiled build compiles: the path of reading, validating and replaying a
#: record (the framing of its text, the word cursor, the checks of the players' names, the
#: replay with snapshots, Million Club's reader, its verb table and vocabulary, the entry it
#: makes of each move, its replayer and the replayed game it makes), a corpus's rows (the
#: events noted as the game plays, the rows made of them), Million Club's rules (its engine:
#: every move of a replay, a simulation or a rollout goes through them), the rules engines
#: of Cartel and Joakim, and Millionenspiel's rules, reader and replayer.  (Its package
#: reaches dask through its analysis: pyproject.toml has mypy take dask as Any, as reading
#: dask's sources, with distributed, bokeh and jupyter_server behind them, kept mypyc's
#: check for more than five minutes.)  Left out: ``handle.py`` (its ``Handle`` is a ``str``
#: subclass, which mypyc does not compile), each game's ``moves.py`` (its dataclasses are
#: the record's values, shared with every other layer as they are), the record's other
#: entries and its ``GameRecord`` (built on the shared, interpreted ``RecordBase``, which
#: mypyc cannot build on; the move entry, made for every item, is a module of its own:
#: ``notation/entry.py``) and the package's ``__init__`` (a compiled package sets its
#: ``__path__`` from the group's shared library, inside ``mclog/``, and its submodules are
#: then looked for in the wrong place).
MODULES: tuple[str, ...] = tuple(
    f"mclog.games.millionclub.rules.{name}" for name in (
        "board", "cards", "common", "decks", "drafts", "flow", "interning", "intrigue", "lobby",
        "placement", "round_end", "score_range", "scoring", "setup", "state", "stock",
        "unknown",
    )) + (
    "mclog.record.framing", "mclog.record.cursor", "mclog.record.names", "mclog.replay",
    "mclog.games.millionclub.notation.parse", "mclog.games.millionclub.notation.verbs",
    "mclog.games.millionclub.notation.vocabulary", "mclog.games.millionclub.notation.entry",
    "mclog.games.millionclub.replayer", "mclog.games.millionclub.replayed",
    "mclog.games.millionclub.events", "mclog.games.millionclub.analysis.rows",
) + (
    "mclog.games.cartel.rules.engine", "mclog.games.joakim.rules.engine",
    "mclog.games.joakim.rules.sharks",
) + tuple(
    f"mclog.games.millionenspiel.{name}" for name in (
        "rules.engine", "rules.flow", "rules.state", "rules.track", "rules.unknown_track",
        "notation.parse", "notation.verbs", "replayer",
    ))


def is_compiled(module: str) -> bool:
    """Whether ``module`` would be imported from a compiled extension (it is not
    imported to tell)."""
    try:
        spec = importlib.util.find_spec(module)
    except (ImportError, ValueError):
        return False
    origin = spec.origin if spec is not None else None
    return origin is not None and origin.endswith(
        tuple(importlib.machinery.EXTENSION_SUFFIXES))


def build_name(modules: Sequence[str] = MODULES,
               compiled: Callable[[str], bool] = is_compiled) -> str:
    """The build in use, in words (``mclog --version`` says it)."""
    count = sum(1 for module in modules if compiled(module))
    if not count:
        return "pure Python"
    return f"compiled by mypyc ({count} of {len(modules)} modules)"


__all__ = ["MODULES", "build_name", "is_compiled"]
