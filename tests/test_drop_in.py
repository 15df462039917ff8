"""A game is a folder (issue 24): Pig, a made-up game of a few dozen lines of rules in
``tests/games/pig/`` (rules, a verb table and a drawing), registered from its folder
alone, gets every command, the report, the widgets, the recorder and a corpus, with no
edit outside its folder.  Each command runs as a user runs it: ``mclog`` in a process of
its own, the folder named by ``MCLOG_GAMES``."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).parent.parent
PIG = ROOT / "tests" / "games" / "pig"


def mclog(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    env = {**os.environ, "MCLOG_GAMES": str(PIG)}
    return subprocess.run([sys.executable, "-m", "mclog", *args], cwd=cwd, env=env,
                          input=stdin, capture_output=True, text=True, timeout=600)


def test_nothing_outside_the_folder_names_the_game():
    """The registry, the command line, the report, the widgets, the recorder and the
    corpus know Pig only through the folder given them."""
    named = []
    for path in (ROOT / "mclog").rglob("*.py"):
        if re.search(r"\bpig\b", path.read_text(encoding="utf-8"), re.IGNORECASE):
            named.append(str(path.relative_to(ROOT)))
    assert named == []
    # (the folder holds rules, a verb table and a drawing: a few dozen lines of rules)
    rules = (PIG / "rules.py").read_text(encoding="utf-8").count("\n")
    assert rules < 120


@pytest.mark.slow
def test_every_command_works_on_a_game_dropped_in_as_a_folder(tmp_path):
    out = mclog("simulate", "--game", "pig", "--players", "3", "--games", "4", "--seed", "2",
                "--out", "sims", cwd=tmp_path)
    assert out.returncode == 0, out.stderr
    files = sorted((tmp_path / "sims").glob("pig-3p-*.mclog"))
    assert len(files) == 4
    first = str(files[0].relative_to(tmp_path))
    assert mclog("validate", *[str(f) for f in files], cwd=tmp_path).returncode == 0
    replay = mclog("replay", first, cwd=tmp_path)
    assert replay.returncode == 0 and " wins. Points: 1. " in replay.stdout
    score = mclog("score", "--json", first, cwd=tmp_path)
    table = json.loads(score.stdout)[0]
    assert sorted(row["rank"] for row in table)[0] == 1 and max(
        row["total"] for row in table) >= 30
    assert mclog("fmt", "--check", first, cwd=tmp_path).returncode == 0
    exported = mclog("export", first, cwd=tmp_path).stdout
    (tmp_path / "g.json").write_text(exported)
    imported = mclog("import", "g.json", cwd=tmp_path)
    assert imported.returncode == 0 and imported.stdout == files[0].read_text()
    report = mclog("report", first, "-o", "r.html", cwd=tmp_path)
    assert report.returncode == 0
    page = (tmp_path / "r.html").read_text()
    assert "The points over the game" in page and "<table class='pig'>" in page
    built = mclog("corpus", "build", "sims", "-o", "corpus", "--quiet", cwd=tmp_path)
    assert built.returncode == 0, built.stderr
    import pandas as pd

    players = pd.read_parquet(tmp_path / "corpus" / "pig" / "players")
    assert len(players) == 12 and players.win.sum() == 4
    hide = mclog("hide", first, "--seat", "Ann", cwd=tmp_path)   # (Pig hides nothing)
    assert hide.returncode == 0 and '[Seat "Ann"]' in hide.stdout.splitlines()
    (tmp_path / "ann.mclog").write_text(hide.stdout)
    assert mclog("validate", "ann.mclog", cwd=tmp_path).returncode == 0


@pytest.mark.slow
def test_a_dropped_in_game_is_recorded_at_the_table_and_its_slips_are_worded(tmp_path):
    typed = "1\n4\n2\nhold Ann\n; a good start\nroll Ben\n7\ndie 1\nundo\ndie 2\nquit\n"
    run = mclog("record", "night.mclog", "--game", "pig", "--players", "Ann, Ben",
                "--event", "Test night", cwd=tmp_path, stdin=typed)
    assert run.returncode == 1, run.stderr   # (two answers of the input were refused)
    assert run.stdout.endswith("2 answers of the input were not recorded: 'hold Ann', '7'\n")
    assert "Not recorded: it is Ben's turn, not Ann's (P2)" in run.stdout
    assert "Not recorded: There is no answer 7: the answers are 1 to 6" in run.stdout
    assert "undone: the die shows 1" in run.stdout
    assert (tmp_path / "night.mclog").read_text() == (
        '[Game "Pig"]\n[Event "Test night"]\n[Players "Ann, Ben"]\n\nroll Ann\ndie 4\n'
        "hold Ann\n; a good start\nroll Ben\ndie 2\n")
    again = mclog("record", "night.mclog", cwd=tmp_path, stdin="hold Ben\nquit\n")
    assert again.returncode == 0 and "Ben rolls or holds" in again.stdout
    assert (tmp_path / "night.mclog").read_text().endswith("die 2\nhold Ben\n")


def test_the_widgets_of_a_dropped_in_game(tmp_path):
    import mclog as api
    import mclog.widgets
    from mclog.games import register

    register(PIG)
    played = api.replay(api.read_one(PIG / "samples" / "kitchen-table.mclog"))
    widget = mclog.widgets.replay(played)
    widget.slider.value = 3
    assert widget.move_html == f"Step 3 of {len(played)}: Ann rolls"
    assert "Ann" in widget.board_html and widget.marked.step == 3
    path = tmp_path / "w.mclog"
    rec = mclog.widgets.recorder(path, game="Pig", players="Ann, Ben")
    assert rec.click(1) and rec.answer("die 6")
    rec.typed.value = "die 6"  # (typed, then Enter): no die is rolling
    assert rec.typed.value == "" and "&#x27;die 6&#x27;: no die is rolling" in \
        rec.status.value
    rec.typed.value = "hold Ann"  # (the slip mended: written, and the box emptied)
    assert rec.typed.value == "" and "recorded: Ann holds" in rec.status.value
    rec.note.value = "a fine start"
    assert path.read_text().endswith("roll Ann\ndie 6\nhold Ann\n; a fine start\n")


def test_a_kit_game_whose_row_has_its_own_reader_is_told_to_read_it_itself():
    """The kit's parser reads fixed fields; a row with its own reader (as Million Club's
    and Millionenspiel's) is read by the game's own parser: a kit game that declares one
    is told so, naming the row, rather than having the item misread."""
    from dataclasses import dataclass

    from mclog.kit.notation import KitRecord, parse_body
    from mclog.record.verbs import Verb, Verbs
    from mclog.record.framing import RawLine

    @dataclass(frozen=True)
    class Shout:
        player: int

    verbs = Verbs([Verb("shout", Shout, reader=lambda line, context: Shout(0))])
    record = KitRecord("Test", {}, ("Ann", "Ben"))
    with pytest.raises(TypeError, match="'shout' have their own readers"):
        parse_body(record, [RawLine(3, text="shout")], verbs)
