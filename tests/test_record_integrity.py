"""A record is never damaged or lost (issue 13): comments keep their anchor through
read -> write -> read and fmt, fmt replaces a file only with what reads back the same and
keeps the file as the user had it, and the command line judges each file on its own."""

import json
import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, assume, given, settings

from fuzzing import comment_round_trip, commented, examples, mutated_exports, run_import

from mclog import RecordError, parse_one, read_one, replay, write
from mclog.cli import main
from mclog.errors import MclogError, readable
from mclog.printable import printable
from mclog.record.files import FileError, replace_file, write_new
from mclog.games.millionclub.notation.parse import CHECKS

SAMPLES = sorted((Path(__file__).parent.parent / "sample_games" / "millionclub").glob("*.mclog"))
THURSDAY = Path(__file__).parent.parent / "sample_games" / "millionclub" / "thursday-club-3p.mclog"
DUEL = THURSDAY.with_name("duel-2p.mclog")

@settings(max_examples=examples(120), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(commented())
def test_comments_keep_their_text_and_anchor_through_write_and_read(text):
    assume(comment_round_trip(text) == "ok")


def test_a_multi_line_comment_that_starts_a_line_is_kept(tmp_path):
    text = ('[Players "Ann yellow, Ben blue"]\n\nsetup      Ann asia, Ben india\n'
            "{Our notes from the evening:\nAnn arrived late}\n"
            "setup      Ann F, Ben T\nstart      Ann\n")
    path = tmp_path / "notes.mclog"
    path.write_text(text)
    assert main(["fmt", str(path)]) == 0
    out = path.read_text()
    assert "{Our notes from the evening:\nAnn arrived late}\nsetup      Ann F" in out


def test_comments_on_round_and_check_lines_stay_there():
    text = write(read_one(THURSDAY))
    text = text.replace("\nround 1\n", "\nround 1 ; the Lobby is closed in round 1\n", 1)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("check"))
    lines[at] += " ; we counted twice"
    text = "\n".join(lines) + "\n"
    assert write(parse_one(text)) == text  # both comments where they were written


def test_the_drawers_name_is_written_back():
    text = THURSDAY.read_text().replace("intrigue   draws dumping expansion",
                                        "intrigue   Cleo draws dumping expansion", 1)
    out = write(parse_one(text))
    assert "intrigue   Cleo draws dumping expansion" in out


# --- fmt keeps the file as the user had it ------------------------------------------------

def _messy(tmp_path, name="game.mclog") -> Path:
    path = tmp_path / name
    path.write_text(THURSDAY.read_text())  # not canonical: fmt will rewrite it
    return path


def test_fmt_keeps_the_mode(tmp_path):
    path = _messy(tmp_path)
    os.chmod(path, 0o640)
    assert main(["fmt", str(path)]) == 0
    assert stat.S_IMODE(path.stat().st_mode) == 0o640
    assert not list(tmp_path.glob(".mclog-*"))


def test_fmt_writes_through_a_symbolic_link_to_its_target(tmp_path):
    target = _messy(tmp_path, "real.mclog")
    link = tmp_path / "link.mclog"
    link.symlink_to(target)
    assert main(["fmt", str(link)]) == 0
    assert link.is_symlink() and target.read_text() == write(read_one(THURSDAY))


def test_fmt_of_a_hard_linked_file_renames_and_leaves_the_other_name_whole(tmp_path):
    """Issue 30: a copy into a file shared by hard links could be stopped half way, the
    new text over the old one's tail under every name; fmt renames instead, so this name
    holds the new record and the other the old one, each whole (``test_faults.py`` stops
    it at the rename)."""
    path = _messy(tmp_path)
    old = path.read_text()
    other = tmp_path / "also.mclog"
    os.link(path, other)
    assert main(["fmt", str(path)]) == 0
    assert path.read_text() == write(read_one(THURSDAY))
    assert other.read_text() == old


def test_fmt_refuses_a_read_only_file(tmp_path, capsys):
    path = _messy(tmp_path)
    before = path.read_text()
    os.chmod(path, 0o444)
    assert main(["fmt", str(path)]) == 1
    assert "the file is read-only; it was left unchanged" in capsys.readouterr().err
    assert path.read_text() == before


def test_a_failed_check_leaves_the_file_and_no_temporary(tmp_path):
    path = _messy(tmp_path)
    before = path.read_text()

    def refuse(text):
        raise FileError("no")

    with pytest.raises(FileError):
        replace_file(str(path), "something else\n", verify=refuse)
    assert path.read_text() == before and not list(tmp_path.glob(".mclog-*"))
    with pytest.raises(KeyboardInterrupt):
        replace_file(str(path), "x\n", verify=lambda text: (_ for _ in ()).throw(
            KeyboardInterrupt()))
    assert path.read_text() == before and not list(tmp_path.glob(".mclog-*"))


def test_a_file_written_in_pieces_is_put_in_place_whole_or_not_at_all(tmp_path):
    """``write_new`` of a text given in pieces (the games of ``mclog simulate -o
    games.mclog``, a shard at a time) writes each piece into the temporary beside the file
    as it comes, and puts the file in place once the last is written; a failure on the
    way leaves the file as it was, and no temporary."""
    path = tmp_path / "games.mclog"
    path.write_text("the games before\n", encoding="utf-8")
    seen = []

    def pieces(fail: bool):
        yield "[Game 1]\n"
        seen.append([p.name for p in tmp_path.glob(".mclog-*.tmp")])   # (being written)
        assert path.read_text(encoding="utf-8") == "the games before\n"
        if fail:
            raise KeyboardInterrupt
        yield "\n[Game 2]\n"

    with pytest.raises(KeyboardInterrupt):
        write_new(str(path), pieces(fail=True))
    assert path.read_text(encoding="utf-8") == "the games before\n"
    assert not list(tmp_path.glob(".mclog-*"))
    write_new(str(path), pieces(fail=False))
    assert path.read_text(encoding="utf-8") == "[Game 1]\n\n[Game 2]\n"
    assert not list(tmp_path.glob(".mclog-*"))
    assert [len(names) for names in seen] == [1, 1]


def test_simulated_games_get_a_new_files_permissions(tmp_path):
    old = os.umask(0o022)
    try:
        assert main(["simulate", "--players", "2", "--seed", "1", "--games", "1", "--out",
                     str(tmp_path)]) == 0
    finally:
        os.umask(old)
    (game,) = tmp_path.glob("*.mclog")
    assert stat.S_IMODE(game.stat().st_mode) == 0o644


# --- the command line judges each file on its own ---------------------------------------

def test_validate_checks_every_file_and_says_which_failed(tmp_path, capsys):
    good = tmp_path / "a.mclog"
    good.write_text(THURSDAY.read_text())
    empty = tmp_path / "empty.mclog"
    empty.write_text("")
    assert main(["validate", str(good), str(tmp_path / "missing.mclog"), str(empty),
                 str(tmp_path), str(good)]) == 1
    out, err = capsys.readouterr()
    assert out.count(f"{good}: 1 game OK") == 2
    assert f"{tmp_path / 'missing.mclog'}: cannot be read: No such file or directory" in err
    assert f"{empty}: no game in this file" in err
    assert f"{tmp_path}: is a folder, not a record file (the records in it: " \
        f"{tmp_path}/*.mclog)" in err


def test_a_folder_given_for_a_record_says_where_its_records_are(tmp_path, capsys):
    """A folder of folders (games sorted by game, as ``sample_games``) names the records in
    its folders; one with none says so, rather than a pattern that matches nothing."""
    (tmp_path / "cartel").mkdir()
    (tmp_path / "cartel" / "night.mclog").write_text(THURSDAY.read_text())
    (tmp_path / "empty").mkdir()
    assert main(["validate", str(tmp_path), str(tmp_path / "empty")]) == 1
    err = capsys.readouterr().err
    assert f"{tmp_path}: is a folder, not a record file (the records in its folders: " \
        f"{tmp_path}/*/*.mclog)" in err
    assert f"{tmp_path / 'empty'}: is a folder, not a record file (and holds no .mclog " \
        "record)" in err


def test_a_name_is_a_path_never_record_text(capsys):
    assert main(["validate", "nonexist"]) == 1
    assert "nonexist: cannot be read: No such file or directory" in capsys.readouterr().err
    assert main(["validate", ""]) == 1
    assert "an empty name is no file" in capsys.readouterr().err


def test_a_name_starting_with_a_tilde_is_told_where_the_home_folder_is(tmp_path,
                                                                        monkeypatch):
    """``mclog.read_one("~/night.mclog")`` in a notebook (or a quoted ``'~/...'``) reads
    ``~`` as written, as Python does; where the home folder holds that file, the message
    says where it is."""
    monkeypatch.setenv("HOME", str(tmp_path))
    (tmp_path / "night.mclog").write_bytes(THURSDAY.read_bytes())
    with pytest.raises(MclogError) as refused:
        read_one("~/night.mclog")
    assert str(refused.value) == ("~/night.mclog: cannot be read: No such file or directory "
                                  f"(~ is not the home folder here: the file there is "
                                  f"{tmp_path / 'night.mclog'})")
    with pytest.raises(MclogError) as refused:
        read_one("~/nowhere.mclog")
    assert str(refused.value) == "~/nowhere.mclog: cannot be read: No such file or directory"


def test_a_dash_reads_standard_input():
    done = subprocess.run([sys.executable, "-m", "mclog.cli", "validate", "-"],
                          input=THURSDAY.read_bytes(), capture_output=True, timeout=60)
    assert done.returncode == 0 and b"<stdin>: 1 game OK" in done.stdout


def test_fmt_check_of_standard_input_checks_it(tmp_path):
    """``mclog fmt --check -`` (an editor's or a hook's check) says whether standard input
    is canonical, and where not, where it parts, exit 1; it printed the canonical text and
    exited 0, a check that could not fail.  ``fmt -`` writes the canonical text."""
    def fmt(*args: str, text: bytes) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "mclog.cli", "fmt", *args, "-"],
                              input=text, capture_output=True, timeout=120)

    canonical = fmt(text=THURSDAY.read_bytes()).stdout
    assert canonical and fmt(text=canonical).stdout == canonical
    done = fmt("--check", text=canonical)
    assert (done.returncode, done.stdout, done.stderr) == (0, b"", b"")
    for text, said in ((canonical.replace(b"\n", b"\r\n"), "its lines end with CR LF (from "
                        "line 1; the canonical text's with LF)"),
                       (canonical.replace(b"setup      ", b"setup ", 1),
                        f"from line {canonical[:canonical.index(b'setup ')].count(10) + 1}"),
                       (canonical + b"\n\n", "from line "
                        f"{canonical.count(10) + 1}: the file goes on after the record's "
                        "last line")):
        done = fmt("--check", text=text)
        assert (done.returncode, done.stdout) == (1, b""), said
        assert done.stderr.decode() == (f"<stdin>: not in canonical form: {said} (mclog fmt "
                                        "- writes it)\n")


def test_version_says_which_build_runs(capsys):
    """``mclog --version`` names the build: pure Python, or every module of the compiled
    build's list compiled (a half-built copy would be neither, and is said as it is)."""
    from mclog import __version__
    from mclog.compiled import MODULES, is_compiled

    with pytest.raises(SystemExit) as exit_:
        main(["--version"])
    assert exit_.value.code == 0
    compiled = sum(map(is_compiled, MODULES))
    build = ("pure Python" if not compiled else
             f"compiled by mypyc ({compiled} of {len(MODULES)} modules)")
    assert capsys.readouterr().out.strip() == f"mclog {__version__} ({build})"
    assert compiled in (0, len(MODULES))


def test_the_compiled_modules_are_mclogs_own_and_typed_strictly():
    """Every module of the compiled build exists, and pyproject.toml holds it to mypy's
    stricter settings (every function typed: nothing reaches mypyc as an implicit Any)."""
    import importlib.util
    import tomllib

    from mclog.compiled import MODULES

    config = tomllib.loads((Path(__file__).parent.parent / "pyproject.toml").read_text())
    strict = [module for o in config["tool"]["mypy"]["overrides"]
              if o.get("disallow_untyped_defs")
              for module in ([o["module"]] if isinstance(o["module"], str) else o["module"])]
    for module in MODULES:
        assert importlib.util.find_spec(module) is not None, module
        assert any(module.startswith(s.rstrip("*")) for s in strict), module


def test_every_compiled_dataclass_that_mypyc_could_not_unpickle_says_how_it_is_pickled():
    """mypyc unpickles a compiled class by making it with no arguments and setting its
    fields one by one: a frozen dataclass refuses the setting, one whose ``__init__`` is
    written out the making.  Each such class of the compiled build is pickled as the call
    that makes it (``mclog.engine.by_fields``), in both builds.  (Read from the sources,
    which both builds have.)"""
    import ast

    from mclog.compiled import MODULES

    root = Path(__file__).parent.parent
    found = {}
    for module in MODULES:
        tree = ast.parse((root / (module.replace(".", "/") + ".py")).read_text())
        for cls in (n for n in tree.body if isinstance(n, ast.ClassDef)):
            decorator = next((d for d in cls.decorator_list if "dataclass" in ast.unparse(d)),
                             None)
            if decorator is None:
                continue
            methods = {n.name for n in cls.body if isinstance(n, ast.FunctionDef)}
            if "frozen=True" in ast.unparse(decorator) or "__init__" in methods:
                found[cls.name] = "__reduce__" in methods
    assert {"Table", "Score", "SourceLine", "RawLine", "MoveEntry"} <= set(found)
    # (the unknown cards' events are named tuples, which pickle as they are in both builds:
    # the test below sends them to another process)
    assert [name for name, reduced in found.items() if not reduced] == []


def test_a_replayed_state_and_its_scores_cross_to_another_process_as_they_are():
    """A state (with the unknown cards' events its log can hold) and the scores counted
    from it, pickled and back."""
    import pickle

    from mclog.games.millionclub.rules.scoring import score
    from mclog.games.millionclub.rules.unknown import (Drawn, Identified, OffDeck, OutOfDeck,
                                                       Relabelled, Taken)

    game = replay(read_one(Path(__file__).parent.parent / "sample_games" / "millionclub"
                           / "thursday-club-3p.mclog"))
    state = game.replay.state(40)
    state.log = [Drawn("?1", "colony", True), Taken("?1"), Identified("?1", "asia"),
                 Relabelled("colony", ("?2.1", "?2.2"), ("?2", "?3")),
                 OutOfDeck("colony", ("?4",), {"asia": 1}),
                 OffDeck("india", "colony", (("india", 3),), ("?4",))]
    back = pickle.loads(pickle.dumps(state))
    assert back == state and back.log == state.log and back.table == state.table
    assert pickle.loads(pickle.dumps(score(state))) == score(state)


def test_the_formatted_record_replays_as_before(tmp_path):
    path = _messy(tmp_path)
    assert main(["fmt", str(path)]) == 0
    assert [r.total for r in replay(read_one(path)).scores()] == [24, 12, 18]


#: Every word a check line reads as a kind of check: a check goes on from one kind to the
#: next (``check money Ann 12 prices F9``), so a player called ``Scores`` was read as the
#: start of a check of scores (``check money Ann 13 Scores 3``: "Whose score is 3?").
_CHECK_WORDS = sorted({w for kind in CHECKS for w in (kind.word, *kind.aliases)})


@pytest.mark.parametrize("name", ["none", "None", "aside", "bank", "chance", "rules",
                                  *_CHECK_WORDS, *(w.title() for w in _CHECK_WORDS)])
def test_a_word_read_specially_is_refused_as_a_name(name):
    with pytest.raises(RecordError) as info:
        parse_one(f'[Players "{name} yellow, Ben blue"]\n\nsetup      {name} asia, Ben india\n')
    assert info.value.reason == (f"[Players] '{name}' is a word of the notation: call the "
                                 "player otherwise")


# --- import checks what it reads (issue 13, item 4) ---------------------------------------

def _export(path=THURSDAY) -> dict:
    from mclog import to_json

    return to_json(read_one(path))


def _import(tmp_path, data, capsys, raw: str | None = None) -> tuple[int, str, str]:
    import json

    path = tmp_path / "game.json"
    path.write_text(raw if raw is not None else json.dumps(data))
    code = main(["import", str(path)])
    out, err = capsys.readouterr()
    return code, out, err.replace(str(path), "game.json")


def _first(data: dict, kind: str) -> int:
    return next(i for i, e in enumerate(data["entries"]) if e["type"] == kind)


def test_import_refuses_a_seat_that_is_not_at_the_table(tmp_path, capsys):
    data = _export()
    i = next(i for i, e in enumerate(data["entries"]) if e.get("player") == 1)
    data["entries"][i]["player"] = 99
    code, _, err = _import(tmp_path, data, capsys)
    assert code == 1 and err.strip() == f"game.json: entries[{i}].player: 99 is not a seat (0 to 2)"


def test_a_json_array_says_which_records_entry_is_wrong(tmp_path, capsys):
    """In an array of records, the path to a refused entry starts with the record's place,
    as every other path into it does: ``[0].entries[5]``, not ``[0]entries[5]``."""
    data = _export()
    i = next(i for i, e in enumerate(data["entries"]) if e.get("player") == 1)
    data["entries"][i]["player"] = 99
    code, _, err = _import(tmp_path, [data], capsys)
    assert code == 1 and err.strip() == f"game.json: [0].entries[{i}].player: 99 is not a seat " \
        "(0 to 2)"
    data = _export()   # (its first card is a colony dealt at the setup)
    i = _first(data, "Draw")
    data["entries"][i]["card"] = "oceana"
    code, _, err = _import(tmp_path, [data], capsys)
    assert code == 1 and err.strip() == f"game.json: [0].entries[{i}]: 'oceana' is not a card " \
        "of the Colony deck (R1)"


@pytest.mark.parametrize("change, message", [
    (lambda d: d["entries"][_first(d, "Place")].update(player=1.5),
     ".player: 1.5 is not a whole number"),
    (lambda d: d.update(entries=5), "entries: 5 is not a list"),
    # (a field the form has not, and a number past a bound, in words, as the component
    # files' are: not the schema library's "Additional properties are not allowed")
    (lambda d: d["entries"][_first(d, "Place")].update(colour="red"),
     "]: has 'colour', which is no field of a Place entry"),
    (lambda d: d["entries"][_first(d, "Place")].update(disc=9),
     ".disc: 9 is above 5, the most it may be"),
    (lambda d: d["entries"][_first(d, "Place")].update(player=-1),
     ".player: -1 is below 0, the least it may be"),
    # (a word of the form a slip away from one it takes: that one)
    (lambda d: d["entries"][_first(d, "Place")].update(type="place"),
     '"Choose", "Buy", "SetAside", "Takeover", "Target", "BuyContract", "Swap", "Raise", '
     '"Lower", "Dump", "CapitalIncrease", "check", "reveal", "comment": did you mean "Place"?'),
    (lambda d: d["tags"].update(Event="two\nlines"), "tags.Event: \"two\\nlines\" is not a one-line"),
    (lambda d: d["entries"].append({"type": "check", "what": "banana", "values": [[0, 1]]}),
     '"banana" is not one of "money", "prices", "score"'),
    (lambda d: d["entries"].append({"type": "check", "what": "money", "values": [[9, 1]]}),
     "values[0][0]: 9 is not a seat (0 to 2)"),
    # (an unseen card is ?, nothing more: '? ' and '?3' were taken, and the text written of
    # them did not read back, 'please report this file')
    *[(lambda d, card=card: d["entries"][_first(d, "Draw")].update(card=card),
       f".card: {json.dumps(card)} is not a card's name (asia, unfair, F2), or ? for one not seen")
      for card in ("? ", "?3", "?x", "asia ")],
])
def test_import_names_where_the_json_is_wrong(tmp_path, capsys, change, message):
    data = _export()
    change(data)
    code, out, err = _import(tmp_path, data, capsys)
    assert code == 1 and out == "" and message in err and "internal error" not in err


def test_import_refuses_deep_nesting_and_bad_json(tmp_path, capsys):
    code, _, err = _import(tmp_path, None, capsys, raw="[" * 5000 + "]" * 5000)
    assert code == 1 and "nested 5000 levels deep; a record is at most 32" in err
    code, _, err = _import(tmp_path, None, capsys, raw='{"format": ')
    assert code == 1 and err.startswith("game.json:1:12: not JSON: Expecting value")


@pytest.mark.parametrize("raw, said", [
    ('[{"game": "Cartel",\n  // ours\n  "players": []}]', "game.json:2:3: not JSON: Expecting "
     "property name enclosed in double quotes; JSON has no comments: take it out (a note "
     "may go in a string field)"),
    ('[{"game": "Cartel", "players": ["Ann", "Ben"],}]', "game.json:1:47: not JSON: Expecting "
     "property name enclosed in double quotes; a comma stands before this '}', and JSON "
     "takes none after the last item"),
    ('[{"game": "Cartel", "players": ["Ann", "Ben",]}]', "game.json:1:46: not JSON: Expecting "
     "value; a comma stands before this ']', and JSON takes none after the last item"),
    ("[{'game': 'Cartel'}]", "game.json:1:3: not JSON: Expecting property name enclosed in "
     'double quotes; JSON writes a string in double quotes, "..."'),
    ('[{game: "Cartel"}]', "game.json:1:3: not JSON: Expecting property name enclosed in "
     'double quotes; a key is written in double quotes, "name": ...'),
    ('[{"game": "Cartel", "x": None}]', "game.json:1:26: not JSON: Expecting value; JSON "
     "writes true, false and null, in lowercase"),
    ('[{"game": "Cartel"\n  "players": []}]', "game.json:2:3: not JSON: Expecting ',' "
     "delimiter; is a comma left out at the end of the line before?")])
def test_json_typed_by_hand_is_told_what_was_meant(tmp_path, capsys, raw, said):
    """JSON edited by hand, as a component file is typed (the same words serve it): a
    comment, a comma after the last item, single quotes, Python's None, a key without
    quotes and a comma left out are told as such, beside json's own reason."""
    code, out, err = _import(tmp_path, None, capsys, raw=raw)
    assert (code, out, err) == (1, "", said + "\n")


@pytest.mark.parametrize("game", ["millionclub/duel-2p.mclog", "cartel/duel-2p.mclog",
                                  "joakim/sunday-3p.mclog"])
def test_import_of_a_records_text_says_it_is_read_as_it_is(tmp_path, capsys, game):
    """``mclog import`` given a record's text (not an export) says what it is, where the
    JSON reader's own words were 'not JSON: Expecting value' at the tag's second column."""
    text = (Path(__file__).parent.parent / "sample_games" / game).read_text()
    code, out, err = _import(tmp_path, None, capsys, raw="\n" + text)
    assert (code, out) == (1, "")
    assert err == ("game.json:2:1: This is a record's text, not JSON: it is read as it is "
                   "(mclog validate, replay, score...), and 'mclog import' reads a JSON "
                   "record, as 'mclog export' writes one\n")


def test_import_names_the_entry_of_an_illegal_move(tmp_path, capsys):
    data = _export()
    i = next(i for i, e in enumerate(data["entries"]) if e["type"] == "Buy")
    data["entries"][i]["card"] = "racket"
    code, _, err = _import(tmp_path, data, capsys)
    assert code == 1 and err == (f"game.json: entries[{i}]: Ann was not handed a Racket "
                                 "card: the cards are Asia, Oceania (R15)\n")   # (its rule too)


@settings(max_examples=150, deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@pytest.mark.slow
@given(mutated_exports())
def test_import_of_mutated_exports_never_fails_inside_mclog(data):
    """Arbitrary JSON values put anywhere in a real export: imported (and then written as
    text that reads back the same), or refused with a message naming the file; never an
    internal error.  ``make fuzz`` runs it long."""
    run_import(data)


def test_plotly_text_from_records_is_escaped():
    """Names reach titles, legends, axes and hover text; plotly reads tags there."""
    from mclog.games.millionclub.analysis import attribution, money_flows, prices, timeline
    from mclog.games.millionclub.bots import make_bot
    from mclog.games.millionclub.simulator import simulate
    from mclog.games.millionclub.viz import (
        attribution_bars, money_chart, price_chart, score_graph, score_race,
        stock_exchange_chart, story_chart, waterfall,
    )

    game = simulate([make_bot("random", 1), make_bot("random", 2)], seed=3,
                    names=["<i>Zoe", "A&B<a>"])
    game = replay(parse_one(write(game.record, game)))
    line = timeline(game)
    points = attribution(game)
    figures = [money_chart(line), score_race(line), attribution_bars(points),
               waterfall(points, "<i>Zoe"), stock_exchange_chart(money_flows(game)),
               price_chart(prices(game)), score_graph(line), story_chart(line, prices(game))]
    from mclog.games.millionclub.board_svg import board_svg

    for step in (0, len(game) // 2, len(game)):
        svg = board_svg(game.state(step))
        assert "<i>" not in svg and "<a>" not in svg and "&lt;i&gt;Zoe" in svg
    def strings(value):
        if isinstance(value, str):
            yield value
        elif isinstance(value, dict):
            for v in value.values():
                yield from strings(v)
        elif isinstance(value, (list, tuple)):
            for v in value:
                yield from strings(v)
        elif hasattr(value, "tolist"):
            yield from strings(value.tolist())

    for fig in figures:
        shown = list(strings(fig.to_plotly_json()))
        assert not [t for t in shown if "<i>" in t or "<a>" in t]
    assert "&lt;i&gt;Zoe" in list(strings(figures[0].to_plotly_json()))


def test_control_characters_from_a_record_are_shown_not_obeyed(tmp_path, capsys):
    text = THURSDAY.read_text().replace('[Event "Thursday club"]', '[Event "club\x1b[2J"]')
    assert "\x1b" in text
    path = tmp_path / "esc.mclog"
    path.write_text(text)
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\x1b" not in out and "club\\x1b[2J" in out


def test_text_direction_controls_from_a_record_are_shown_not_obeyed(tmp_path, capsys):
    """Issue 30: a right-to-left override in a record would make a message read backwards
    on the terminal: it is shown as \\u202e, in errors and in output alike."""
    text = THURSDAY.read_text().replace('[Event "Thursday club"]', '[Event "club\u202eevil"]')
    path = tmp_path / "bidi.mclog"
    path.write_text(text.replace("start      Ann", "start      Ann\u202eZoe"), encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    err = capsys.readouterr().err
    assert "\u202e" not in err and "Ann\\u202eZoe" in err
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "\u202e" not in out and "club\\u202eevil" in out
    for control in ("\u2066", "\u2067", "\u2068", "\u2069", "\u200f", "\u061c"):
        assert control not in printable(f"a{control}b")
    assert printable("\u05e9\u05dc\u05d5\u05dd") == "\u05e9\u05dc\u05d5\u05dd"  # Hebrew letters stay


def test_an_invisible_character_in_a_word_is_shown_in_the_message(tmp_path, capsys):
    """A zero width space pasted into a name (from a chat, a web page) made the message
    read "'Zoe' is not a word of the notation (did you mean Zoe?)": the character that
    is at fault is now shown where it stands.  Emoji and scripts keep their joiners."""
    text = DUEL.read_text(encoding="utf-8").replace("place      Yann IV:R, Zoe III",
                                                    "place      Yann IV:R, Zoe\u200b III")
    path = tmp_path / "pasted.mclog"
    path.write_text(text, encoding="utf-8")
    assert main(["validate", str(path)]) == 1
    assert capsys.readouterr().err == (f"{path}:12:23: 'Zoe\\u200b' is not a word of the "
                                       "notation (did you mean Zoe?)\n")
    for invisible in ("\u00ad", "\u2060", "\ufeff"):
        assert printable(f"a{invisible}b") == f"a\\u{ord(invisible):04x}b".replace(
            "\\u00ad", "\\xad")
    assert printable("\U0001f469\u200d\U0001f467") == "\U0001f469\u200d\U0001f467"


def test_text_str_isprintable_passes_holds_nothing_printable_would_escape():
    """``printable`` returns text that ``str.isprintable`` passes as it is, without its
    pattern: so each character the pattern escapes must be one that isprintable refuses,
    and text holding any of them must be escaped."""
    import re

    from mclog.printable import CONTROL

    escaped = re.findall(CONTROL, "".join(map(chr, range(0x110000))))   # (every character)
    assert len(escaped) == 9 + 21 + 33 + 1 + 1 + 3 + 5 + 1 + 4 + 1
    assert not [c for c in escaped if c.isprintable()]
    for c in escaped:
        assert c not in printable(f"Ann{c}Ben") and printable(f"Ann{c}Ben").startswith("Ann\\")


def test_the_writer_never_writes_a_line_longer_than_the_reader_takes():
    """Long comments on several placements of one line: the canonical form, which joins a
    phase's items on one line, goes on on a new line rather than past 10,000 characters."""
    lines = write(read_one(THURSDAY)).splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("place"))
    items = lines[at][len("place      "):].split(", ")
    lines[at:at + 1] = [f"place      {item} {{{'x' * 4000}}}" for item in items]
    text = "\n".join(lines) + "\n"
    record = parse_one(text)
    written = write(record)
    assert max(map(len, written.splitlines())) <= 10_000
    assert parse_one(written) == record


def test_analysis_tells_players_from_chance_rules_and_bank_by_a_field():
    from mclog.games.millionclub.analysis import attribution, money_flows

    game = replay(read_one(THURSDAY))
    points = attribution(game)
    assert set(points[~points.actor_is_player].actor) <= {"chance", "rules", "setup", ""}
    assert set(points[points.actor_is_player].actor) <= set(game.record.table.names)
    flows = money_flows(game)
    assert flows.bank.any() and not flows.bank.all()
    assert ((flows.payer == "bank") | (flows.payee == "bank")).equals(flows.bank)


def test_the_api_never_guesses_text_or_path(tmp_path):
    from mclog import parse_one

    text = THURSDAY.read_text()
    with pytest.raises(TypeError, match=r"this is record text, not a file's path: read it "
                                        r"with mclog.parse\(text\) or mclog.parse_one\(text\)"):
        read_one(text)
    with pytest.raises(TypeError, match="a record file's path is a str or a Path, not int"):
        read_one(5)
    for path in (THURSDAY, str(THURSDAY)):   # (a file's path given as text is said so)
        with pytest.raises(TypeError, match=r"this is a file's path, not record text: read "
                                            r"it with mclog.read_one\(path\)"):
            parse_one(path)
    with pytest.raises(TypeError, match="record text is a str, not bytes"):
        parse_one(text.encode())
    (tmp_path / "[Players").write_text(text)  # an odd name is still a name
    assert read_one(str(tmp_path / "[Players")) == parse_one(text)


def test_a_device_without_end_is_refused_at_once_not_read_to_the_end(capsys):
    """/dev/zero reports no size and never ends: the limit counts the bytes read."""
    assert main(["validate", "/dev/zero"]) == 1
    err = capsys.readouterr().err
    assert err == ("/dev/zero:1:10001: Line 1 is over 10000 characters long; a line of a "
                   "record is at most 10000\n")


def test_import_refuses_a_json_file_over_the_limit(tmp_path, capsys):
    path = tmp_path / "huge.json"
    with open(path, "w") as f:
        f.write("[" + " " * (10 * 1024 * 1024) + "]")
    assert main(["import", str(path)]) == 1
    assert "a JSON record is read whole, and is at most 10 MB" in capsys.readouterr().err


# --- fmt and hide read a file game by game ----------------------------------------------

def _three_games(tmp_path, middle: str | None = None) -> Path:
    """Three games in one file, not in canonical form; ``middle`` replaces the second."""
    game = THURSDAY.read_text()
    path = tmp_path / "three.mclog"
    path.write_text("\n".join([game, middle if middle is not None else game, game]))
    return path


def test_fmt_writes_a_file_of_many_games_game_by_game(tmp_path):
    path = _three_games(tmp_path)
    assert main(["fmt", str(path)]) == 0
    canonical = write(read_one(THURSDAY))
    assert path.read_text() == "\n".join([canonical] * 3)
    assert main(["fmt", "--check", str(path)]) == 0
    assert not list(tmp_path.glob(".mclog-*"))


def test_fmt_leaves_a_file_with_a_mistake_in_a_later_game_untouched(tmp_path, capsys):
    broken = THURSDAY.read_text().replace("Ben buys", "Ben sells", 1)
    path = _three_games(tmp_path, broken)
    before = path.read_bytes()
    assert main(["fmt", str(path)]) == 1
    err = capsys.readouterr().err
    assert ": game 2: " in err and "not formatted: the record has mistakes" in err
    assert path.read_bytes() == before and not list(tmp_path.glob(".mclog-*"))


def test_fmt_check_writes_nothing(tmp_path, capsys, monkeypatch):
    """--check compares the canonical form with the file as it goes: no temporary file (so
    it works beside a read-only folder, even for root, who could write there)."""
    path = _messy(tmp_path)
    monkeypatch.setattr("tempfile.mkstemp", lambda *a, **k: pytest.fail("wrote a file"))
    assert main(["fmt", "--check", str(path)]) == 1
    canonical = write(read_one(THURSDAY)).splitlines()
    first = next(i for i, (a, b) in enumerate(zip(canonical, THURSDAY.read_text().splitlines()))
                 if a != b)
    assert capsys.readouterr().err == (f"{path}: not in canonical form: from line {first + 1} "
                                       f"(run: mclog fmt {path})\n")


@pytest.mark.parametrize("change,said", [
    (lambda t: t.replace("\n", "\r\n"), "its lines end with CR LF (from line 1; the "
                                         "canonical text's with LF)"),
    (lambda t: "\ufeff" + t, "a byte order mark at line 1"),
    (lambda t: t + "\n\n", "from line {end}: the file goes on after the record's last line"),
    (lambda t: t.replace("round 2\n", "round 2 \n", 1), "from line {round2}"),
    (lambda t: t + "\n" + t.replace("round 2\n", "round  2\n", 1),
     "from line {round2_of_second}"),
])
def test_fmt_check_says_where_the_file_parts_from_its_canonical_text(tmp_path, capsys, change,
                                                                      said):
    """What ``fmt --check`` finds is said with its line, and as a line end or a byte order
    mark where one is the cause (which an editor does not show)."""
    canonical = write(read_one(THURSDAY))
    lines = canonical.split("\n")
    round2 = lines.index("round 2") + 1
    said = said.format(end=len(lines), round2=round2, round2_of_second=len(lines) + round2)
    path = tmp_path / "game.mclog"
    path.write_bytes(change(canonical).encode("utf-8"))
    assert main(["fmt", "--check", str(path)]) == 1
    assert capsys.readouterr().err == (f"{path}: not in canonical form: {said} (run: mclog "
                                       f"fmt {path})\n")


def test_fmt_of_a_canonical_read_only_file_is_silent_and_succeeds(tmp_path, capsys):
    path = tmp_path / "done.mclog"
    path.write_text(write(read_one(THURSDAY)))
    os.chmod(path, 0o444)
    assert main(["fmt", str(path)]) == 0
    assert capsys.readouterr() == ("", "")


def test_fmt_refuses_a_canonical_form_that_loses_a_comment(tmp_path, monkeypatch, capsys):
    """The check before replacing: a writer that dropped a comment is caught."""
    from mclog.games.millionclub import MillionClub

    path = tmp_path / "notes.mclog"
    path.write_text('[Players "Ann yellow, Ben blue"]\nsetup Ann asia, Ben india ; dealt\n')
    before = path.read_text()
    real = MillionClub.write
    monkeypatch.setattr(MillionClub, "write", lambda *a: real(*a).replace(" ; dealt", ""))
    assert main(["fmt", str(path)]) == 1
    assert "would not read back as the same record" in capsys.readouterr().err
    assert path.read_text() == before and not list(tmp_path.glob(".mclog-*"))


def test_fmt_of_standard_input_prints_only_a_text_that_reads_back(monkeypatch, capsys):
    """``fmt -`` checks its canonical text reads back to the same records, as ``fmt FILE``
    does before it replaces the file: it printed whatever the writer gave (``mclog fmt -
    < a > b``: a ``b`` that lost a comment, or that no command could read)."""
    import io

    from mclog.games.millionclub import MillionClub

    text = b'[Players "Ann yellow, Ben blue"]\nsetup Ann asia, Ben india ; dealt\n'
    real = MillionClub.write
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text), encoding="utf-8"))
    assert main(["fmt", "-"]) == 0
    assert capsys.readouterr().out.endswith("setup      Ann asia, Ben india ; dealt\n")
    monkeypatch.setattr(MillionClub, "write", lambda *a: real(*a).replace(" ; dealt", ""))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text), encoding="utf-8"))
    assert main(["fmt", "-"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err == (
        "<stdin>: not formatted: the canonical form would not read back as the same record "
        "(a comment or an item would be lost or changed); nothing is printed. Please report "
        "this record.\n")


@pytest.mark.slow
def test_fmt_of_a_game_whose_canonical_form_is_over_the_limit_says_so(tmp_path, capsys):
    """A game just under the 10 MB a game may be, written close together (3.3 million
    ``;x`` comments), is over it in canonical form (``; x``): ``fmt`` leaves the file as it
    is and says so, where it asked to be told of a bug; ``fmt -`` prints nothing."""
    path = tmp_path / "packed.mclog"
    path.write_bytes(b'[Players "Ann yellow, Ben blue"]\nsetup Ann asia, Ben india\n' +
                     b";x\n" * 3_300_000)
    before = path.read_bytes()
    assert main(["fmt", str(path)]) == 1
    said = ("the canonical form of game 1 would be too large to read back (This game is over "
            "10485760 characters (10 MB); one game of a record is at most 10 MB (a file may "
            "hold many games)): it spaces out what the record writes close together; ")
    assert capsys.readouterr().err == f"{path}: not formatted: {said}the file is unchanged\n"
    assert path.read_bytes() == before and not list(tmp_path.glob(".mclog-*"))
    done = subprocess.run([sys.executable, "-m", "mclog", "fmt", "-"], input=before,
                          capture_output=True, timeout=600)
    assert (done.returncode, done.stdout) == (1, b"")
    assert done.stderr.decode() == f"<stdin>: not formatted: {said}nothing is printed\n"


def test_hide_prints_every_game_or_nothing(tmp_path, capsys):
    path = _three_games(tmp_path)
    assert main(["hide", "--seat", "Ann", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.count("[Players") == 3 and "?" in out
    other = THURSDAY.read_text().replace("Ann", "Dora")
    path = _three_games(tmp_path, other)
    assert main(["hide", "--seat", "Ann", str(path)]) == 1
    out, err = capsys.readouterr()
    assert out == "" and f"{path}: game 2: 'Ann' is not a player of this game" in err


def test_a_kept_record_holds_its_lines_text_not_their_words():
    record = read_one(THURSDAY)
    move = next(e for e in record.entries if hasattr(e, "source") and e.source)
    assert not hasattr(move.source, "words")
    assert (move.line, move.col) == (move.source.number, move.source.col(move.word))


@pytest.mark.skipif(os.geteuid() != 0, reason="only root may give a file to another user")
def test_fmt_keeps_the_owner_where_permitted(tmp_path):
    path = _messy(tmp_path)
    os.chown(path, 1234, 5678)
    assert main(["fmt", str(path)]) == 0
    assert (path.stat().st_uid, path.stat().st_gid) == (1234, 5678)


def test_fmt_refuses_a_pipe_without_waiting_for_it(tmp_path, capsys):
    fifo = tmp_path / "pipe.mclog"
    os.mkfifo(fifo)
    assert main(["fmt", str(fifo), str(tmp_path / "missing.mclog")]) == 1
    err = capsys.readouterr().err
    assert f"{fifo}: is not a regular file (a pipe or a device)" in err
    assert f"{tmp_path / 'missing.mclog'}: cannot be read: No such file or directory" in err


@pytest.mark.parametrize("check", [[], ["--check"]])
def test_fmt_of_a_folder_says_it_is_a_folder(tmp_path, capsys, check):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "night.mclog").write_text(THURSDAY.read_text())
    assert main(["fmt", *check, str(tmp_path / "games")]) == 1
    assert capsys.readouterr().err == (f"{tmp_path / 'games'}: is a folder, not a record "
                                       f"file (the records in it: {tmp_path}/games/*.mclog)\n")


@pytest.mark.parametrize("tail, message", [
    ("check money Ann " + "9" * 5000, "<text>:3:17: '99999999999999999999...' is not a number "
     "a check reads: plain digits 0 to 9, at most 16 of them"),
    ("check money Ann 4²", "<text>:3:17: '4²' is not a number a check reads: plain digits 0 "
     "to 9, at most 16 of them"),
    ("round " + "9" * 5000, "<text>:3:7: " + readable(
        "Expected a round number 1 to 9, found '" + "9" * 5000 + "'")),   # (its middle cut)
])
def test_numbers_too_long_or_not_plain_digits_are_located_mistakes(tail, message):
    """Python refuses to convert more than 4,300 digits, and a superscript digit is a
    digit to str.isdigit but no number to int: both were unlocated errors."""
    with pytest.raises(RecordError) as e:
        replay(parse_one('[Players "Ann yellow, Ben blue"]\nsetup Ann asia, Ben india\n'
                         + tail + "\n"))
    assert str(e.value) == message


def test_a_reader_that_goes_away_stops_the_command_quietly(tmp_path):
    """`mclog export big.mclog | head`: no "Broken pipe" message (the export, about 1 MB,
    is far more than a pipe holds, so the writing fails once head has gone)."""
    many = tmp_path / "many.mclog"
    many.write_text("\n".join([THURSDAY.read_text()] * 80))
    done = subprocess.run(f"{sys.executable} -m mclog.cli export {many} | head -c 10",
                          shell=True, capture_output=True, timeout=120)
    assert done.stdout == b'[\n{\n "form' and done.stderr == b""


def test_fmt_keeps_the_comments_of_a_round_line_that_ends_a_partial_record():
    """A record stopped at the start of a round (the recorder's file between rounds) with
    comments on and after its round line: fmt used to drop them."""
    import mclog
    from mclog.games.millionclub.notation.record import CommentEntry

    text = ('[Players "Ann, Ben"]\n\nsetup      Ann india, Ben asia\nsetup      Ann T, Ben R\n'
            'start      Ann\n\nround 1 ; we stopped for dinner\n{back at nine}\n')
    record = mclog.parse_one(text)
    written = mclog.write(record)
    assert "round 1 ; we stopped for dinner\n{back at nine}\n" in written
    again = mclog.parse_one(written)
    comments = [e for e in again.entries if isinstance(e, CommentEntry)]
    assert [(c.text, c.own_line) for c in comments] == [("we stopped for dinner", False),
                                                        ("back at nine", True)]
    assert mclog.write(again) == written


def test_fmt_formats_a_record_with_a_comment_on_each_side_of_its_round_line(tmp_path, capsys):
    """``; we start`` on the line before ``round 1`` and ``; Ann thinks long`` on the line
    after it are two comments, and the canonical form keeps them apart, on either side of
    the round line.  ``fmt`` predicted what its text reads back as with the round lines
    left out, so it took them for one run of ``;`` lines, one comment, and refused the
    file: "the canonical form would not read back as the same record ... Please report
    this record"."""
    text = ('[Players "Zoe black, Yann green"]\n\nsetup      Zoe oceania, Yann ?\n'
            'setup      Zoe R, Yann F\nstart      Yann\n\n; we start\nround 1\n'
            '; Ann thinks long\nplace      Yann IV:R, Zoe III, Yann IV:R, Zoe IV:F\n')
    path = tmp_path / "two-comments.mclog"
    path.write_text(text, encoding="utf-8")
    assert main(["fmt", str(path)]) == 0, capsys.readouterr().err
    written = path.read_text(encoding="utf-8")
    assert "; we start\n\nround 1\n; Ann thinks long\nplace" in written
    assert [e.text for e in read_one(path).entries if hasattr(e, "text")] == \
        ["we start", "Ann thinks long"]
    capsys.readouterr()
    assert main(["fmt", "--check", str(path)]) == 0


def test_items_after_a_comment_that_spans_lines_start_a_line_of_their_own(tmp_path, capsys):
    """A JSON record may put a comment of two lines between two items of one line
    (``Zoe up R1+1 {two`` / ``lines}``, then ``up R2+1``).  The writer went on with the
    line after the comment's ``}``, where the reader starts a line of its own, without
    the player's name: ``import`` refused the record ("the canonical form would not read
    back")."""
    data = _export(DUEL)
    entries = data["entries"]
    at = next(i for i, (e, then) in enumerate(zip(entries, entries[1:]))
              if e.get("type") == then.get("type") == "Turn" and e["player"] == then["player"])
    data["entries"].insert(at + 1, {"type": "comment", "text": "two\nlines", "brace": True,
                                    "own_line": False})
    source = tmp_path / "two-lines.json"
    source.write_text(json.dumps(data), encoding="utf-8")
    assert main(["import", str(source)]) == 0, capsys.readouterr().err
    text = capsys.readouterr().out
    assert " {two\nlines}\n" in text
    back = parse_one(text)
    assert [e for e in back.entries if type(e).__name__ == "CommentEntry"][-1].text == \
        "two\nlines"
    assert [e.move for e in back.entries if hasattr(e, "move")] == \
        [e.move for e in read_one(DUEL).entries if hasattr(e, "move")]
