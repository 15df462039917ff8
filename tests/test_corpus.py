"""Corpora as Parquet on Dask (issue 17): the tables read back equal the tables of the same
games made in memory (unknown cards and partial games included), a re-run builds only
what changed, failures are listed located, and a real scheduler with two worker
processes gives the same corpus as the local run."""

from __future__ import annotations

import hashlib
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest
from labserver import free_port, stop

import mclog
from mclog.analysis import corpus
from mclog.cli import main
from mclog.corpus import build
from mclog.games import game as game_named
from mclog.lazy import LazyModule

# (imported by the first test: make test-fast collects this module but runs none of it,
# and pandas with Dask's scheduler take most of a second to import in each worker)
pd = LazyModule("pandas")


@pytest.fixture(autouse=True)
def _dask_and_pyarrow():
    pytest.importorskip("pyarrow")
    pytest.importorskip("dask.distributed")

ROOT = Path(__file__).parent.parent
pytestmark = [pytest.mark.xdist_group("dask"), pytest.mark.slow]  # one cluster at a time

BROKEN = '[Players "Ann yellow, Ben blue"]\n\nsetup      Ann india, Ben asia, Ann Q\n'


def _sources(folder: Path) -> Path:
    """Samples of both games, a seat's record (unknown cards), a partial game, a broken
    record, and one file of many games (cut into pieces), in ``folder``."""
    src = folder / "src"
    shutil.copytree(ROOT / "sample_games", src)
    thursday = mclog.replay(mclog.read_one(
        ROOT / "sample_games" / "millionclub" / "thursday-club-3p.mclog"))
    (src / "ben.mclog").write_text(mclog.write(mclog.seat_view(thursday, 1)))
    duel = (ROOT / "sample_games" / "millionclub" / "duel-2p.mclog").read_text()
    (src / "partial.mclog").write_text(duel[:duel.index("round 5")])
    (src / "broken.mclog").write_text(BROKEN)
    from mclog.games.millionclub.simulator import simulated_text

    many = "\n".join(simulated_text(3, "standard", "greedy,random", s) for s in range(30))
    (src / "many.mclog").write_text(many + "\n" + BROKEN)
    return src


def _in_memory(src: Path, name: str = "Million Club") -> dict[str, pd.DataFrame]:
    """The tables of the same games, made in this process from ``mclog.replay``."""
    game = game_named(name)
    tables: dict[str, list[pd.DataFrame]] = {}
    for path in sorted(src.rglob("*.mclog")):
        digest = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
        records, _ = mclog.read_lenient(path)
        for record in records:
            if record.game != name:
                continue
            try:
                played = mclog.replay(record)
            except mclog.MclogError:
                continue
            rows = game.corpus_rows(played, f"{digest}-{record.number}", str(path))
            for table, columns in rows.items():
                tables.setdefault(table, []).append(pd.DataFrame(columns))
    return {t: pd.concat(frames, ignore_index=True) for t, frames in tables.items()}


def _same(a: pd.DataFrame, b: pd.DataFrame) -> None:
    keys = list(a.columns)
    a = a.sort_values(keys).reset_index(drop=True)
    b = b[keys].sort_values(keys).reset_index(drop=True)
    pd.testing.assert_frame_equal(a, b, check_dtype=False)


@pytest.fixture(scope="module")
def built(tmp_path_factory):
    folder = tmp_path_factory.mktemp("corpus")
    src = _sources(folder)
    out = folder / "out"
    report = build([src], out, jobs=2, chunk_games=4)
    return src, out, report


def test_the_tables_read_back_equal_the_tables_made_in_memory(built):
    src, out, report = built
    from mclog.games import GAMES   # (mclog's own: a test may have registered Pig)

    for name in GAMES:
        expected = _in_memory(src, name)
        read = corpus(out, name)
        assert read.tables == sorted(expected)
        for table, frame in expected.items():
            _same(read.table(table).astype(object).where(read.table(table).notna(), None),
                  frame.astype(object).where(frame.notna(), None))
    games = corpus(out).table("games")
    assert len(games) == 5 + 1 + 1 + 30  # samples, Ben's view, the partial game, 30 of many
    assert sorted(games[~games.complete].source.str.rsplit("/", n=1).str[-1]) == [
        "partial.mclog"]
    players = corpus(out).table("players", columns=["game_id", "exact"])
    assert not players.exact.all()  # Ben's record: ranges before the reveal


def many_lines(src: Path) -> list[str]:
    return (src / "many.mclog").read_text().splitlines()


def test_failures_are_listed_located_never_dropped(built):
    src, out, report = built
    errors = sorted(report.errors)
    assert len(errors) == 2 and errors == sorted(corpus(out).errors)
    broken = next(e for e in errors if "broken.mclog" in e)
    assert broken.endswith("broken.mclog:3:37: 'Q' is not a player of this game (the players "
                           "are Ann, Ben)")
    many = next(e for e in errors if "many.mclog" in e)
    # located in the whole file, not in its piece
    assert many.endswith(f"many.mclog:{len(many_lines(src)) - 0}:37: game 31: 'Q' is not a "
                         "player of this game (the players are Ann, Ben)")


def test_pushdown_reads_only_what_is_asked(built):
    _, out, _ = built
    four = corpus(out).table("players", columns=["game_id", "total"],
                             filters=[("players", "==", 4)])
    assert list(four.columns) == ["game_id", "total"] and four.game_id.nunique() == 1
    dataset = corpus(out).dataset("events")
    assert "money" in dataset.schema.names
    with pytest.raises(KeyError, match="the players table has no column 'totl': its columns "
                                       "are game_id, players, setup, seat, name"):
        corpus(out).table("players", columns=["game_id", "totl"])
    with pytest.raises(KeyError, match="no column 'seats'"):
        corpus(out).table("players", filters=[[("seats", "==", 1)], [("seat", "==", 2)]])
    with pytest.raises(mclog.MclogError, match="mclog knows no game called 'Cartell'"):
        corpus(out, "Cartell")
    assert corpus(out, "millionenspiel").game == "Millionenspiel"


def test_a_re_run_builds_only_what_changed(built, tmp_path):
    src, out, _ = built
    copy = tmp_path / "src"
    shutil.copytree(src, copy)
    mine = tmp_path / "out"
    first = build([copy], mine, jobs=1, chunk_games=4)
    again = build([copy], mine, jobs=1, chunk_games=4)
    assert again.built == 0 and again.kept == first.built and again.games == first.games
    (copy / "ben.mclog").unlink()
    (copy / "partial.mclog").write_text((copy / "partial.mclog").read_text() + "; more\n")
    third = build([copy], mine, jobs=1, chunk_games=4)
    assert 1 <= third.built <= 2 and third.removed >= 1
    assert third.games == first.games - 1
    from mclog.games import GAMES   # (mclog's own: a test may have registered Pig)

    assert sum(len(corpus(mine, name).table("games")) for name in GAMES) == third.games


def test_a_corpus_built_by_another_mclog_is_built_again_whole(built, tmp_path, monkeypatch):
    """Rows another version made (or with other columns) are never kept beside this
    one's: the manifest says what made them, and a build by anything else builds every
    chunk again."""
    import json

    from mclog.corpus.build import MANIFEST, rows_made_by

    src, _, _ = built
    mine = tmp_path / "out"
    first = build([src], mine, jobs=1, chunk_games=4)
    manifest = json.loads((mine / MANIFEST).read_text())
    assert manifest["rows"] == rows_made_by() and rows_made_by().startswith("mclog ")
    manifest["rows"] = "mclog 0.0.9 0123456789abcdef"   # (as an older mclog would leave it)
    (mine / MANIFEST).write_text(json.dumps(manifest))
    again = build([src], mine, jobs=1, chunk_games=4)
    assert again.built == first.built and again.kept == 0 and again.games == first.games
    assert json.loads((mine / MANIFEST).read_text())["rows"] == rows_made_by()
    # a column more in a game's rows is another making of them too
    million_club = game_named("Million Club")
    schema = million_club.corpus_schema()
    monkeypatch.setattr(type(million_club), "corpus_schema",
                        lambda self: {**schema, "players": [*schema["players"],
                                                            ("extra", "int8")]})
    assert rows_made_by() != json.loads((mine / MANIFEST).read_text())["rows"]


def test_a_folder_that_is_not_a_corpus_is_refused(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(mclog.MclogError, match="holds no corpus"):
        build([ROOT / "sample_games" / "millionclub" / "duel-2p.mclog"], tmp_path, jobs=1)
    assert (tmp_path / "notes.txt").read_text() == "mine"
    bad = tmp_path / "bad"
    bad.mkdir()
    (bad / "_manifest.json").write_text("{not json")
    with pytest.raises(mclog.MclogError, match="cannot be read as a corpus manifest"):
        build([ROOT / "sample_games" / "millionclub" / "duel-2p.mclog"], bad, jobs=1)
    with pytest.raises(mclog.MclogError, match="holds no corpus"):
        corpus(tmp_path / "nowhere")
    with pytest.raises(mclog.MclogError, match="notes.txt: is a file; a corpus is a folder"):
        build([ROOT / "sample_games" / "millionclub" / "duel-2p.mclog"], tmp_path / "notes.txt",
              jobs=1)
    assert (tmp_path / "notes.txt").read_text() == "mine"
    # a source that is not there: said before the corpus's folder is made
    with pytest.raises(mclog.MclogError, match="games-typo: no such file or folder"):
        build([tmp_path / "games-typo"], tmp_path / "new corpus", jobs=1)
    assert not (tmp_path / "new corpus").exists()


def test_a_game_the_corpus_does_not_hold_is_said_with_the_games_it_does(tmp_path):
    build([ROOT / "sample_games" / "cartel" / "duel-2p.mclog"], tmp_path / "c", jobs=1)
    cartel = corpus(tmp_path / "c", game="cartel")
    assert cartel.table("players")["name"].tolist() == ["Ann", "Ben"]
    with pytest.raises(KeyError, match="the corpus has no table 'events' of Cartel: its "
                                       "tables are games, players"):
        cartel.table("events")
    with pytest.raises(KeyError, match=re.escape(
            "the corpus holds no game of Million Club: it holds Cartel (corpus(path, "
            "game=...) chooses)")):
        corpus(tmp_path / "c").table("players")


def test_a_real_scheduler_and_two_workers_build_the_same_corpus(built, tmp_path):
    """``dask scheduler`` and two ``dask worker`` processes (what dask-scheduler and
    dask-worker were), reached by address as a real cluster would be."""
    src, out, _ = built
    bin_dir = Path(sys.executable).parent
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    procs = [subprocess.Popen([str(bin_dir / "dask"), "scheduler", "--host", "127.0.0.1",
                               "--port", str(port), "--dashboard-address", ":0"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)]
    try:
        for _ in range(2):
            procs.append(subprocess.Popen(
                [str(bin_dir / "dask"), "worker", address, "--nthreads", "1", "--nworkers", "1",
                 "--no-dashboard"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
        from dask.distributed import Client

        with Client(address, timeout="30s") as client:
            deadline = time.time() + 60
            while len(client.scheduler_info()["workers"]) < 2:
                assert time.time() < deadline, "the two workers did not come up"
                time.sleep(0.2)
        remote = tmp_path / "remote"
        assert main(["corpus", "build", str(src), "-o", str(remote), "--scheduler", address,
                     "--chunk-games", "4", "--quiet"]) == 1  # (the broken records)
        for table in corpus(out).tables:
            _same(corpus(out).table(table), corpus(remote).table(table))
        with Client(address, timeout="30s") as client:  # and a query on the cluster
            totals = corpus(remote, client=client).table("players", columns=["total"])
        assert totals.total.sum() == corpus(out).table("players").total.sum()
    finally:
        stop(procs)


def test_a_scheduler_with_no_worker_is_said_not_waited_for(tmp_path, monkeypatch):
    """The tasks would wait for ever on a scheduler no worker has joined."""
    import importlib

    # (the module, not the function ``build`` the package names after it)
    monkeypatch.setattr(importlib.import_module("mclog.corpus.build"), "WORKER_WAIT", 2)
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    scheduler = subprocess.Popen(
        [str(Path(sys.executable).parent / "dask"), "scheduler", "--host", "127.0.0.1",
         "--port", str(port), "--dashboard-address", ":0"],
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        with pytest.raises(mclog.MclogError, match=f"{address}: the scheduler has no worker "
                                                   f"\\(waited 2 s\\): start one with "
                                                   f"'dask worker {address}'"):
            build([ROOT / "sample_games" / "millionclub" / "duel-2p.mclog"], tmp_path / "out",
                  scheduler=address)
    finally:
        stop([scheduler])


def test_simulate_gives_the_same_games_on_any_number_of_workers(tmp_path, capsys):
    assert main(["simulate", "--players", "3", "--seed", "5", "--games", "7", "--out",
                 str(tmp_path / "one"), "--shard-size", "3"]) == 0
    assert main(["simulate", "--players", "3", "--seed", "5", "--games", "7", "--out",
                 str(tmp_path / "two"), "--shard-size", "3", "--jobs", "2"]) == 0
    one = sorted(p.name for p in (tmp_path / "one").iterdir())
    assert one == ["game-3p-000005-000007.mclog", "game-3p-000008-000010.mclog",
                   "game-3p-000011-000011.mclog"]
    for name in one:
        assert (tmp_path / "one" / name).read_bytes() == (tmp_path / "two" / name).read_bytes()
    assert capsys.readouterr().err.endswith(
        f"7 games written to {tmp_path / 'two'}/ (3 shards of up to 3)\n")
    assert main(["simulate", "--players", "3", "--seed", "5", "--out",
                 str(tmp_path / "single"), "--shard-size", "3"]) == 0
    assert capsys.readouterr().err.endswith(   # (one game, one shard: no "1 games")
        f"1 game written to {tmp_path / 'single'}/ (1 shard of up to 3)\n")
    assert main(["simulate", "--players", "3", "--seed", "5", "--games", "7"]) == 0
    printed = capsys.readouterr().out
    shards = "\n".join((tmp_path / "one" / n).read_text() for n in one)
    assert printed == shards
    assert main(["simulate", "--players", "3", "--seed", "5", "--games", "0"]) == 2


@pytest.mark.parametrize("given,error,said", [
    ({"players": 9}, ValueError, "Million Club is for 2 to 6 players, not 9"),
    ({"players": "4"}, TypeError, "players is a whole number, not a str"),
    ({"games_count": 0}, ValueError, "games_count is at least 1, not 0"),
    ({"shard_size": 0}, ValueError, "shard_size is at least 1, not 0"),
    ({"jobs": 10_000}, ValueError, "jobs is at most "),
    ({"bots": "nonsense"}, ValueError, "unknown bot 'nonsense'"),
    ({"bots": "greedy,random,random,greedy"}, ValueError,
     "bots 'greedy,random,random,greedy' name 4 bots, for a table of 3 players"),
    ({"bots": "greedy, ,random"}, ValueError, "bots 'greedy, ,random': seat 2's bot is not "
     "named"),
    ({"game": "Million Club", "options": {"setup": "x"}}, ValueError,
     "Million Club's setup is one of standard, alternative, not 'x'"),
])
def test_simulate_from_python_checks_its_settings_before_writing(tmp_path, given, error,
                                                                said):
    """``mclog.corpus.simulate`` checks what it is given as ``mclog simulate`` does: it
    wrote six-player games into files named ``game-9p-...``, with nine bots in their tags,
    when asked for nine players."""
    from mclog.corpus import simulate

    settings = {"players": 3, "games_count": 2, "seed": 1, **given}
    with pytest.raises(error) as refused:
        simulate(tmp_path / "out", **settings)
    assert said in str(refused.value)
    assert not (tmp_path / "out").exists()


@pytest.mark.parametrize("given,error,said", [
    ({"chunk_games": 0}, ValueError, "chunk_games is at least 1, not 0"),
    ({"chunk_games": 20_000}, ValueError, "chunk_games is at most 10,000 (a chunk's rows are "
                                          "held until its tables are written, some 50 KB a "
                                          "game), not 20,000"),
    ({"jobs": 0}, ValueError, "jobs is at least 1, not 0"),
    ({"jobs": 10_000}, ValueError, "jobs is at most "),
    ({"paths": 5}, TypeError, "build reads record files and folders (a path, or a list of "
                              "them), not int"),
])
def test_build_from_python_checks_its_settings_before_making_anything(tmp_path, given,
                                                                      error, said):
    """``mclog.corpus.build`` given ``chunk_games=0`` failed on ``integer modulo by zero``,
    and ``jobs=0`` on a Dask nanny that could not start."""
    from mclog.corpus import build

    settings = {"paths": [str(ROOT / "sample_games" / "cartel")], **given}
    with pytest.raises(error) as refused:
        build(settings.pop("paths"), tmp_path / "out", **settings)
    assert str(refused.value).startswith(said) and not (tmp_path / "out").exists()


def test_the_corpus_agrees_with_the_score_table_and_adds_up(built):
    """Independent of the rows' own code: each player's total is the score table's
    (``mclog score``), and a complete, fully known game's events add up to it."""
    src, out, _ = built
    players = corpus(out).table("players")
    games = corpus(out).table("games")
    for source, number in games[["source", "number"]].itertuples(index=False):
        record = [r for r in mclog.read_lenient(source)[0] if r.number == number][0]
        played = mclog.replay(record)
        game_id = games[(games.source == source) & (games.number == number)].game_id.iloc[0]
        mine = players[players.game_id == game_id].sort_values("seat")
        assert list(mine.total) == [r.total for r in played.scores()], source
        assert list(mine["rank"]) == [r.rank for r in played.scores()], source
    events = corpus(out).table("events", columns=["game_id", "seat", "points"])
    summed = events.groupby(["game_id", "seat"])["points"].sum()
    exact = players.merge(games[games.complete][["game_id"]], on="game_id")
    exact = exact[exact.exact]
    for row in exact.itertuples():
        assert summed.get((row.game_id, row.seat), 0) == row.total, row.game_id


def test_strategy_tables_count_only_what_the_records_settle(tmp_path):
    """Ann's record of the Thursday club settles every total with its reveal but leaves
    some events' points open (which colonies Ben and Cleo held when); without its reveal
    it leaves the totals open too.  The start player's figures count the complete games
    whose totals are settled, the points per pawn the games whose every event is, unless
    asked to count the others too."""
    from mclog.games.millionclub.analysis.strategy import points_per_pawn, start_player
    from mclog.games.millionclub.simulator import simulated_text

    src = tmp_path / "src"
    src.mkdir()
    thursday = (ROOT / "sample_games" / "millionclub" / "thursday-club-3p.mclog").read_text()
    (src / "thursday.mclog").write_text(thursday)
    (src / "unrevealed.mclog").write_text(
        "".join(line for line in thursday.splitlines(keepends=True)
                if not line.startswith("reveal")))
    (src / "simulated.mclog").write_text(
        "\n".join(simulated_text(3, "standard", "greedy,random", s) for s in range(3)))
    build([src], tmp_path / "out", jobs=1)
    read = corpus(tmp_path / "out")
    games = read.table("games", columns=["game_id", "source"])
    name = dict(zip(games.game_id, games.source.str.rsplit("/", n=1).str[-1]))
    players = read.table("players", columns=["game_id", "exact"])
    events = read.table("events", columns=["game_id", "exact"])
    assert {name[g] for g in players.game_id[~players.exact]} == {"unrevealed.mclog"}
    assert {name[g] for g in events.game_id[~events.exact]} == \
        {"unrevealed.mclog", "thursday.mclog"}
    assert start_player(read).games.sum() == 4   # (the Thursday game and the simulated)
    holdings = read.table("placements", columns=["game_id", "round", "disc", "seat"]) \
        .drop_duplicates()
    simulated = holdings.game_id.map(name) == "simulated.mclog"
    assert points_per_pawn(read).pawns.sum() == simulated.sum()
    assert points_per_pawn(read, settled_only=False).pawns.sum() == len(holdings)


def test_seats_count_from_one_in_every_games_tables(built):
    """docs/corpus.md: a seat is 1 for the first name of ``Players``, in every game's
    tables (``actor`` 0 is chance or the rules), as the names of the records say."""
    _, out, _ = built
    for game in ("Million Club", "Millionenspiel", "Cartel",
                 "Joakim von Ankas fantastiska affärer"):
        players = corpus(out, game=game).table("players")
        games = corpus(out, game=game).table("games")
        assert len(players) > 0, game
        for game_id, rows in players.groupby("game_id"):
            source, number = games[games.game_id == game_id][["source", "number"]].iloc[0]
            record = [r for r in mclog.read_lenient(source)[0] if r.number == number][0]
            names = list(record.players if game != "Million Club" else record.table.names)
            assert sorted(rows.seat) == list(range(1, len(names) + 1)), game
            assert [names[seat - 1] for seat in rows.seat] == list(rows.name), game


def test_a_large_file_is_cut_where_its_framing_starts_a_game(tmp_path):
    """A ``[`` opening a line inside a comment is no tag: the file is not cut there."""
    from mclog.corpus.sources import SPLIT_BYTES, game_starts
    from mclog.games.millionclub.simulator import simulated_text

    games = [simulated_text(3, "standard", "random", s) for s in range(30)]
    games[4] = games[4].replace("\nround 2\n", "\n{ the table's note:\n[not a tag] still the "
                                "note }\nround 2\n", 1)
    path = tmp_path / "many.mclog"
    path.write_text("\n".join(games))
    assert path.stat().st_size > SPLIT_BYTES
    assert len(game_starts(str(path))) == 30
    report = build([path], tmp_path / "out", jobs=1, chunk_games=2)
    assert report.errors == [] and report.games == 30


def test_a_file_named_twice_or_copied_is_in_the_corpus_once_and_said(tmp_path, capsys):
    """The same file named twice (``dir/../dir/game.mclog``), or a copy of it in another
    folder, holds the same games: they were in the corpus twice, under one ``game_id``,
    and weighed twice in every mean.  They are in it once, as the first file's (by path),
    and each other file is named; no mistake, so the build succeeds."""
    import pandas as pd

    sample = ROOT / "sample_games" / "cartel" / "duel-2p.mclog"
    (tmp_path / "copies").mkdir()
    shutil.copy(sample, tmp_path / "copies" / "b.mclog")
    shutil.copy(sample, tmp_path / "copies" / "c.mclog")
    (tmp_path / "copies" / "link.mclog").symlink_to(tmp_path / "copies" / "b.mclog")
    again = sample.parent / ".." / "cartel" / sample.name
    out = tmp_path / "out"
    report = build([sample, again, tmp_path / "copies"], out, jobs=1)
    assert (report.games, report.errors) == (1, [])
    first, *others = sorted(map(str, [sample, again, *(tmp_path / "copies").iterdir()]))
    assert report.same == [f"{path}: holds the same bytes as {first}: its games are in the "
                           "corpus once, as that file's" for path in others]
    games = pd.read_parquet(out / "cartel" / "games")
    assert list(games["source"]) == [first]   # (the first of them by path)
    assert main(["corpus", "build", str(sample), str(tmp_path / "copies"), "-o", str(out),
                 "--jobs", "1", "--quiet"]) == 0
    said = capsys.readouterr()
    assert said.err.count("holds the same bytes as") == 3
    assert said.out.startswith(f"{out}: 1 game (") and \
        "3 files the same as another (counted once)" in said.out


def test_files_that_cannot_be_records_are_named_never_skipped(tmp_path, capsys):
    """Issue 30: an empty .mclog, a link to nothing and a FIFO named .mclog are each named
    with why they were left out (as validate names them), and the build says it failed."""
    import os

    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(ROOT / "sample_games" / "millionclub" / "duel-2p.mclog", src)
    (src / "empty.mclog").write_text("")
    (src / "gone.mclog").symlink_to(tmp_path / "nowhere.mclog")
    os.mkfifo(src / "pipe.mclog")
    # (a record saved by Windows Notepad as 'Unicode', and one with a byte order mark)
    text = (ROOT / "sample_games" / "cartel" / "duel-2p.mclog").read_text()
    (src / "wide.mclog").write_bytes(text.encode("utf-16"))
    (src / "marked.mclog").write_bytes(b"\xef\xbb\xbf" + text.encode())
    out = tmp_path / "out"
    report = build([src], out, jobs=1, chunk_games=4)
    assert report.games == 2
    assert sorted(report.errors) == [
        f"{src / 'empty.mclog'}: is empty: it holds no game; left out of the corpus",
        f"{src / 'gone.mclog'}: is a link to nothing; left out of the corpus",
        f"{src / 'pipe.mclog'}: is not a file (a FIFO or a device); left out of the corpus",
        f"{src / 'wide.mclog'}:1:1: This is UTF-16 text (what Windows Notepad saves as "
        "'Unicode'), not UTF-8: save the record as UTF-8"]
    assert main(["corpus", "build", str(src), "-o", str(tmp_path / "again"), "--jobs", "1",
                 "--quiet"]) == 1
    assert "gone.mclog: is a link to nothing" in capsys.readouterr().err


def test_a_file_validate_refuses_the_corpus_refuses_in_the_same_words(tmp_path, capsys):
    """The corpus decoded a file's bytes itself: a file whose lines end with CR alone was
    told 'A tag pair is written [Name "value"] ...', a NUL 'this line does not end with
    ]', bytes that are not UTF-8 'not UTF-8 text (byte 45)' with no line, and a line of
    two million characters was built into the corpus.  Each is now refused as ``mclog
    validate`` refuses it, located in its file, and the records beside it are built."""
    src = tmp_path / "src"
    src.mkdir()
    text = (ROOT / "sample_games" / "millionenspiel" / "duel-2p.mclog").read_text()
    (src / "good.mclog").write_text(text)
    (src / "mac.mclog").write_bytes(text.replace("\n", "\r").encode())
    (src / "binary.mclog").write_bytes(text.replace("\n", "\x00\n", 3).encode())
    (src / "latin.mclog").write_bytes(text.replace("Zoe", "Zoë").encode("latin-1"))
    (src / "wide-line.mclog").write_text(text + "; " + "x" * 2_000_000 + "\n")
    # (a small file of several games: game 1's mistake numbered, as the others' are)
    wrong = text.replace("bets Yann 5, Zoe 5", "bets Yann 50, Zoe 5", 1)
    assert wrong != text
    (src / "two-first-wrong.mclog").write_text(wrong + "\n" + text)
    (src / "two-second-wrong.mclog").write_text(text + "\n" + wrong)
    said = {}
    for bad in ("mac", "binary", "latin", "wide-line", "two-first-wrong", "two-second-wrong"):
        assert main(["validate", "--partial", str(src / f"{bad}.mclog")]) == 1
        said[bad] = capsys.readouterr().err.strip()
    report = build([src], tmp_path / "out", jobs=1, chunk_games=4)
    assert report.games == 3
    assert sorted(report.errors) == sorted(said.values())
    assert ": game 1: Yann cannot bet 50" in said["two-first-wrong"]
    assert ": game 2: Yann cannot bet 50" in said["two-second-wrong"]
    assert "mac.mclog:1:24: A carriage return (CR) stands inside this line" in said["mac"]
    assert "wide-line.mclog:26:10001: Line 26 is 2000002 characters long" in said["wide-line"]


def test_a_damaged_chunk_is_named_and_built_again(tmp_path):
    """Issue 30: a Parquet chunk cut short is named when read (not pyarrow's bare
    ArrowInvalid), and the next build checks each chunk against the checksum it kept and
    builds the damaged one anew."""
    from mclog.corpus.read import CorpusDamaged

    src = tmp_path / "src"
    src.mkdir()
    for name in ("duel-2p.mclog", "thursday-club-3p.mclog"):
        shutil.copy(ROOT / "sample_games" / "millionclub" / name, src)
    out = tmp_path / "out"
    first = build([src], out, jobs=1, chunk_games=1)
    assert first.built >= 1
    chunk = sorted((out / "millionclub" / "players").glob("*.parquet"))[0]
    chunk.write_bytes(chunk.read_bytes()[:100])  # a disk that filled, a copy cut short
    with pytest.raises(CorpusDamaged) as info:
        corpus(out).table("players")
    assert str(chunk) in str(info.value) and "build again" in str(info.value)
    again = build([src], out, jobs=1, chunk_games=1)
    assert again.built == 1 and again.kept == first.built - 1
    assert len(corpus(out).table("players")) == 2 + 3


def test_files_deleted_during_a_build_are_each_named_and_the_corpus_goes_on(tmp_path,
                                                                             monkeypatch):
    """Issue 30: files deleted after the build was planned were a Dask traceback naming
    one of them, with no manifest, and the re-run refused the folder.  Each is named, the
    manifest is written, and a re-run builds what is there."""
    import importlib

    from mclog.games.millionclub.simulator import simulated_text

    build_module = importlib.import_module("mclog.corpus.build")  # (the module, not its build)

    src = tmp_path / "src"
    src.mkdir()
    for seed in range(12):
        (src / f"g{seed:02d}.mclog").write_text(simulated_text(2, "standard", "random", seed))
    real_plan = build_module.plan
    doomed = sorted(src.glob("*.mclog"))[::2]

    def plan_then_delete(*args, **kw):
        chunks = real_plan(*args, **kw)
        for path in doomed:  # (deleted by another program, once the build was planned)
            path.unlink()
        return chunks

    monkeypatch.setattr(build_module, "plan", plan_then_delete)
    out = tmp_path / "out"
    report = build([src], out, jobs=1, chunk_games=3)
    assert sorted(e.split(":")[0] for e in report.errors) == sorted(map(str, doomed))
    assert all("could not be read during the build" in e for e in report.errors)
    assert report.games == 12 - len(doomed)
    monkeypatch.setattr(build_module, "plan", real_plan)
    again = build([src], out, jobs=1, chunk_games=3)
    assert again.errors == [] and again.games == 12 - len(doomed)
    assert len(corpus(out).table("games")) == again.games


def test_a_first_build_stopped_before_its_end_is_finished_by_the_next(tmp_path, monkeypatch):
    """Issue 30, found by the kill test: a first build killed before it wrote its manifest
    left chunk files and no manifest, and the next build refused the folder ("holds no
    corpus").  A new corpus now says so first (an empty manifest), so the next build
    knows the folder as its own and finishes it."""
    import importlib

    module = importlib.import_module("mclog.corpus.build")
    sources = [ROOT / "sample_games" / "cartel"]
    out = tmp_path / "out"

    def stopped(client, todo, out_, results, progress):
        module.build_chunk(todo[0], out=out_)  # (one chunk written, then the stop)
        raise KeyboardInterrupt

    monkeypatch.setattr(module, "_run", stopped)
    with pytest.raises(KeyboardInterrupt):
        build(sources, out, jobs=1, chunk_games=1)
    assert (out / "_manifest.json").exists() and list(out.rglob("*.parquet"))
    monkeypatch.undo()
    report = build(sources, out, jobs=1, chunk_games=1)
    samples = len(list(sources[0].glob("*.mclog")))
    assert samples >= 3 and report.games == samples and not report.errors
    assert len(corpus(out, "Cartel").table("games")) == samples


def test_a_chunk_leaves_the_garbage_collector_as_it_found_it():
    """The collector is tuned while chunks are built (frozen, a higher threshold) and
    restored once the last one ends, even by an error, however they overlap."""
    import gc

    from mclog.corpus.build import CHUNK_THRESHOLD, _collector_tuned as tuned

    before, frozen = gc.get_threshold(), gc.get_freeze_count()
    with tuned:
        assert gc.get_threshold()[0] == CHUNK_THRESHOLD and gc.get_freeze_count() > 0
        with pytest.raises(ValueError):
            with tuned:   # (a second chunk at once, in another thread of a worker)
                raise ValueError("a chunk that fails")
        assert gc.get_threshold()[0] == CHUNK_THRESHOLD
    assert gc.get_threshold() == before and gc.get_freeze_count() == frozen
