"""Issue 30's reproducers that this suite covers: round trips that stopped at a limit, and
input that reached the user as Python's own message.

(The recorder's superscript digits are in ``test_recorder.py``, the text direction
controls in ``test_record_integrity.py``, Millionenspiel's other scripts' digits in
``test_millionenspiel.py``.)
"""

from __future__ import annotations

import json
from pathlib import Path

from mclog import read_one, write
from mclog.cli import main

ROOT = Path(__file__).parent.parent
DUEL = ROOT / "sample_games" / "duel-2p.mclog"


def test_import_takes_back_every_export_of_many_comments(tmp_path, capsys):
    """A valid record with 20,001 one-line comments exports, and its export imports back
    to the same text (the schema's limit on entries was below what a record may hold)."""
    lines = DUEL.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("setup"))
    text = "\n".join(lines[:at] + [f"; note {i}" for i in range(20_001)] + lines[at:]) + "\n"
    path = tmp_path / "many.mclog"
    path.write_text(text)
    assert main(["export", str(path)]) == 0
    exported = tmp_path / "many.json"
    exported.write_text(capsys.readouterr().out)
    assert main(["import", str(exported)]) == 0
    assert capsys.readouterr().out == write(read_one(path))  # the same record, canonical


def test_a_huge_integer_in_json_is_named_where_it_is(tmp_path, capsys):
    exported = tmp_path / "duel.json"
    assert main(["export", str(DUEL)]) == 0
    data = json.loads(capsys.readouterr().out)
    text = json.dumps(data).replace('"player": 0', '"player": ' + "9" * 4401, 1)
    exported.write_text(text)
    assert main(["import", str(exported)]) == 1
    err = capsys.readouterr().err
    assert "a number of 4401 digits is not of type 'integer'" in err
    assert "set_int_max_str_digits" not in err and len(err) < 400


def test_a_schema_error_does_not_print_a_large_value(tmp_path, capsys):
    assert main(["export", str(DUEL)]) == 0
    data = json.loads(capsys.readouterr().out)
    game = data[0] if isinstance(data, list) else data
    game["players"] = ["Zoe"] * 5000  # far more than six players
    path = tmp_path / "big.json"
    path.write_text(json.dumps(data))
    assert main(["import", str(path)]) == 1
    err = capsys.readouterr().err
    assert "players" in err and len(err) < 600
