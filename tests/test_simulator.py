"""Bots and the simulator (issue 4)."""

import random
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from invariants import check_move, check_state

from mclog import parse_one, replay, write
from mclog.arguments import most_processes
from mclog.cli import main
from mclog.corpus.simulate import SimulationTask
from mclog.games.millionclub.bots import GreedyBot, RandomBot, below, make_bot
from mclog.games.millionclub.simulator import bots_from_names, simulate, simulated_text

ROOT = Path(__file__).parent.parent


@pytest.mark.slow
@pytest.mark.parametrize("setup", ["standard", "alternative"])
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_simulated_game_writes_rereads_and_replays_the_same(players, setup):
    """Seeds 0..199: the record re-reads to the same game, and the writer is canonical."""
    for seed in range(200):
        game = simulate(bots_from_names("random", players, seed), seed=seed, setup=setup)
        states = game.replay.states()  # the invariants after every move (issue 6)
        before = next(states)
        for move, after in zip(game.replay.moves, states):
            check_move(before, move, after)
            before = after
        text = write(game.record, game)
        back = parse_one(text)
        again = replay(back)
        assert again.final == game.final, seed
        assert write(back, again) == text, seed  # canonical: fmt changes nothing
        assert back.tags["Seed"] == str(seed) and back.tags["Bots"].startswith("random")


def test_simulated_games_keep_every_invariant():
    for seed in range(20):
        game = simulate(bots_from_names("greedy,random", 2 + seed % 5, seed), seed=seed,
                        setup="alternative" if seed % 2 else "standard")
        states = game.replay.states()
        before = next(states)
        check_state(before)
        for move, after in zip(game.replay.moves, states):
            check_move(before, move, after)
            before = after


def test_the_same_seed_gives_the_same_bytes():
    assert simulated_text(4, "standard", "greedy,random", 7) == \
        simulated_text(4, "standard", "greedy,random", 7)
    assert simulated_text(4, "standard", "random", 7) != simulated_text(4, "standard", "random", 8)


def test_alternative_setup_deals_colours_at_random_and_green_only_at_six():
    tables = [simulate(bots_from_names("random", 5, s), seed=s, setup="alternative").record.table
              for s in range(10)]
    assert all("green" not in t.colours for t in tables)
    assert len({t.colours for t in tables}) > 1
    six = simulate(bots_from_names("random", 6, 0), seed=0, setup="alternative").record.table
    assert "Schemer" in six.roles


def test_greedy_beats_random_in_a_small_sample():
    """The real figure (1,000 games) is benchmarks/bot_strength.py; this guards the trend."""
    wins = 0
    for seed in range(24):
        seat = seed % 4
        bots = [RandomBot(seed * 10 + s) for s in range(4)]
        bots[seat] = GreedyBot(seed)
        wins += simulate(bots, seed=seed).scores()[seat].rank == 1
    assert wins >= 18


def test_bots_by_name():
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    with pytest.raises(ValueError, match="unknown bot 'clever': the bots are random, greedy"):
        make_bot("clever")
    bots = bots_from_names("greedy,random", 4, 3)
    assert [b.name for b in bots] == ["greedy", "random", "random", "random"]


def test_cli_simulate(tmp_path, capsys):
    assert main(["simulate", "--players", "3", "--seed", "4", "--games", "3", "--out",
                 str(tmp_path), "--bots", "greedy,random"]) == 0
    files = sorted(p.name for p in tmp_path.iterdir())
    assert files == ["game-3p-000004.mclog", "game-3p-000005.mclog", "game-3p-000006.mclog"]
    assert main(["validate", *map(str, sorted(tmp_path.iterdir()))]) == 0
    assert main(["fmt", "--check", *map(str, sorted(tmp_path.iterdir()))]) == 0
    capsys.readouterr()
    assert main(["simulate", "--players", "2", "--seed", "1", "--bots", "nobody"]) == 2
    assert "unknown bot 'nobody'" in capsys.readouterr().err


@pytest.mark.parametrize("bots,said", [
    ("greedy,random,random", "mclog: bots 'greedy,random,random' name 3 bots, for a table "
                             "of 2 players (a name for each seat, the last filling the table)"),
    ("greedy,,random", "mclog: bots 'greedy,,random': seat 2's bot is not named (a name for "
                       "each seat, with a comma between two names)"),
    ("greedy,", "mclog: bots 'greedy,': seat 2's bot is not named"),
])
def test_bots_the_table_cannot_seat_as_written_are_refused_not_dropped(bots, said, capsys):
    """A name more than the table's seats, or a seat's name left out between commas, was
    dropped unsaid: the bots after a gap sat one seat early."""
    assert main(["simulate", "--players", "2", "--seed", "1", "--bots", bots]) == 2
    out = capsys.readouterr()
    assert out.err.startswith(said) and not out.out
    duel = ROOT / "sample_games" / "millionclub" / "duel-2p.mclog"
    assert main(["review", str(duel), "--rollouts", "1", "--bots", bots]) == 2
    assert capsys.readouterr().err.startswith(said)


def test_simulate_says_which_games_its_bots_did_not_end(tmp_path, capsys):
    """Random bots may never end a game of Joakim at five: such a game stops at the
    game's limit, its record ends in progress (with a comment saying so), and simulate
    says which seeds did, not only a comment deep in a file."""
    assert main(["simulate", "--game", "joakim", "--players", "5", "--seed", "1",
                 "--games", "4", "--out", str(tmp_path)]) == 0
    said = capsys.readouterr().err
    assert said.startswith(
        "mclog: 1 of the 4 games did not end (seed 3): the bots played the game's limit "
        "of moves, and its record ends in progress, with a comment saying so (mclog "
        "validate --partial reads it); the game's strongest bots end more games: "
        "--bots trader\n"), said
    stopped = tmp_path / "joakim-5p-000003.mclog"
    assert stopped.read_text(encoding="utf-8").rstrip().endswith(
        "mclog validate --partial reads it")
    assert main(["validate", str(stopped)]) == 1
    assert main(["validate", "--partial", str(stopped)]) == 0
    capsys.readouterr()
    # the same games by the strongest bots all end, and nothing is said of them
    assert main(["simulate", "--game", "joakim", "--players", "5", "--seed", "1",
                 "--games", "4", "--bots", "trader"]) == 0
    printed = capsys.readouterr()
    assert printed.err == "" and printed.out.count("[Players") == 4
    assert "stopped here" not in printed.out


@given(st.integers(0, 2**32), st.integers(1, 10**6))
def test_below_draws_what_randrange_and_choice_draw(seed, n):
    """The simulator's draws are the standard library's: the same seed gives the same
    games as before ``below`` was written out, and as ``randrange`` would."""
    ours, theirs = random.Random(seed), random.Random(seed)
    assert [below(ours, n) for _ in range(5)] == [theirs.randrange(n) for _ in range(5)]
    items = list(range(n % 50 + 1))
    assert below(ours, len(items)) == items.index(theirs.choice(items))
    with pytest.raises(ValueError):
        below(ours, 0)


@pytest.mark.parametrize("name, stop", [
    ("Joakim von Ankas fantastiska affärer", "40 moves"),
    ("Cartel", "40 moves"),
    ("Millionenspiel", "3 throws"),
])
def test_a_simulated_game_stopped_at_the_limit_says_so_and_reads_in_progress(
        name, stop, monkeypatch, tmp_path, capsys):
    """Random bots may never end a game of Joakim (they trade for ever): the simulator
    stops it at its limit, in progress.  Its record then ends with a comment that says
    why, so that ``validate``'s refusal of it without ``--partial`` is no riddle; with
    ``--partial`` it reads, and it writes back as it is."""
    from mclog.games import game as named
    import mclog.games.millionenspiel.simulator as millionenspiel

    game = named(name)
    monkeypatch.setattr(type(game), "simulation_limit", 40, raising=False)
    monkeypatch.setattr(millionenspiel, "MAX_THROWS", 3)
    path = tmp_path / "stopped.mclog"
    path.write_text(game.simulated_text(3, 7, "random", {}), encoding="utf-8")
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[-1] == (f"; stopped here, in progress: after {stop} the bots had not ended "
                         "the game (mclog simulate stops there); mclog validate --partial "
                         "reads it")
    assert main(["validate", str(path)]) == 1   # (at the last move: the comment follows it)
    assert f"{path}:{len(lines) - 1}:1: the record ends" in capsys.readouterr().err
    assert main(["validate", "--partial", str(path)]) == 0
    assert main(["fmt", "--check", str(path)]) == 0
    played = replay(parse_one(path.read_text(encoding="utf-8")))
    assert not played.complete


def test_a_simulated_game_that_ends_has_no_stop_comment():
    from mclog.games import game as named

    text = named("Joakim von Ankas fantastiska affärer").simulated_text(3, 7, "trader", {})
    assert "stopped here" not in text


def test_simulate_out_that_is_a_file_is_refused_in_words(tmp_path, capsys):
    """``--out`` is a folder, or a .mclog file for all the games: a file of another name is
    refused, not written into or over; a folder that cannot be made says why."""
    taken = tmp_path / "games.txt"
    taken.write_text("mine", encoding="utf-8")
    assert main(["simulate", "--seed", "1", "--out", str(taken)]) == 1
    assert capsys.readouterr().err == (f"{taken}: is a file; --out is a folder for the games "
                                       "(one file each, or shards), or a new .mclog file for "
                                       "them all\n")
    assert taken.read_text(encoding="utf-8") == "mine"
    assert main(["simulate", "--seed", "1", "--out", str(taken / "sub")]) == 1
    assert capsys.readouterr().err == (f"{taken / 'sub'}: the folder cannot be made: Not a "
                                       "directory\n")


def test_simulate_out_a_record_files_name_writes_the_games_into_it(tmp_path, capsys):
    """``-o friday.mclog`` writes the games into that one file, as they are printed (a folder
    of a record file's name would be refused as a record by every command); it writes over
    games mclog simulated, never a person's record, and shards need a folder."""
    assert main(["simulate", "--seed", "5", "--games", "2", "--game", "Cartel"]) == 0
    printed = capsys.readouterr().out
    meant = tmp_path / "Friday.MCLOG"
    assert main(["simulate", "--seed", "5", "--games", "2", "--game", "Cartel", "-o",
                 str(meant)]) == 0
    assert capsys.readouterr().err == f"2 games written to {meant}\n"
    assert meant.read_text(encoding="utf-8") == printed
    assert main(["simulate", "--seed", "6", "-o", str(meant)]) == 0   # (its own games)
    assert "[Seed \"6\"]" in meant.read_text(encoding="utf-8")
    capsys.readouterr()
    kept = tmp_path / "thursday.mclog"
    kept.write_bytes((ROOT / "sample_games" / "millionclub" / "duel-2p.mclog").read_bytes())
    assert main(["simulate", "--seed", "1", "-o", str(kept)]) == 1
    assert capsys.readouterr().err == (
        f"{kept}: holds something other than games mclog simulated (a record? a component "
        "file?), and is not written over: name another file, or remove this one first\n")
    assert kept.read_bytes() == \
        (ROOT / "sample_games" / "millionclub" / "duel-2p.mclog").read_bytes()
    assert main(["simulate", "--seed", "1", "--games", "4", "--shard-size", "2", "-o",
                 str(tmp_path / "new.mclog")]) == 2
    assert capsys.readouterr().err == (
        f"mclog: --shard-size splits the games among the files of a folder, and "
        f"{tmp_path / 'new.mclog'} is a record file's name: name a folder\n")
    assert not (tmp_path / "new.mclog").exists()


def test_a_huge_count_of_games_is_played_as_it_is_printed(tmp_path):
    """``mclog simulate --games 1000000000000`` prints its first games at once and stops
    when its reader does, in bounded memory: the seeds and the tasks are made as they are
    reached (it made a list of every seed first, and ran out of memory before any game: a
    billion seeds alone are some 36 GB)."""
    import resource

    def bounded() -> None:   # (a failure here must not take the machine's memory)
        resource.setrlimit(resource.RLIMIT_AS, (2 << 30, 2 << 30))

    with subprocess.Popen([sys.executable, "-m", "mclog", "simulate", "--players", "2",
                           "--seed", "7", "--games", "1000000000000"], cwd=tmp_path,
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                          preexec_fn=bounded) as run:
        assert run.stdout is not None and run.stderr is not None
        first = run.stdout.read(20_000).decode("utf-8")
        run.stdout.close()   # (the reader stops: ``| head``)
        said = run.stderr.read().decode("utf-8")
        run.wait(timeout=300)
    assert first.startswith('[Event "Simulated game"]'), said
    assert '[Seed "7"]' in first and '[Seed "8"]' in first
    assert "memory" not in said and "Traceback" not in said, said


def test_games_into_one_file_are_written_as_they_are_played(tmp_path, capsys, monkeypatch):
    """``-o games.mclog`` writes each task's games into the file's temporary as they are
    played (it held every game's text until the last was played: a million games, some
    gigabytes), and the file is put in place once all are: stopped on the way, the games
    mclog simulated there before are left as they were.  (The tasks' games are stood in
    for: what is tested is how their texts are written.)"""
    from mclog.corpus.simulate import Simulated

    out = tmp_path / "games.mclog"
    assert main(["simulate", "--players", "2", "--seed", "3", "-o", str(out)]) == 0
    before = out.read_bytes()
    capsys.readouterr()
    temporaries = []

    def game(seed: int) -> str:   # (a few hundred bytes, as a game is a few thousand)
        return f"[Seed \"{seed}\"]\n; {'x' * 200}\n"

    def run(task):   # (a task of 100 games; the third stopped, if asked)
        temporaries.append([p.stat().st_size for p in tmp_path.glob(".mclog-*.tmp")])
        if stop and len(temporaries) == 3:
            raise KeyboardInterrupt
        return Simulated("".join(game(seed) for seed in task.seeds))

    monkeypatch.setattr(SimulationTask, "run", run)
    stop = True
    assert main(["simulate", "--players", "2", "--seed", "9", "--games", "250", "-o",
                 str(out)]) == 130
    assert capsys.readouterr().err.endswith("mclog: interrupted\n")
    assert out.read_bytes() == before and not list(tmp_path.glob(".mclog-*"))
    assert temporaries[0] == [0] and len(temporaries[1]) == len(temporaries[2]) == 1
    assert 0 < temporaries[1][0] < temporaries[2][0]   # (written as the tasks gave them)
    stop = False
    assert main(["simulate", "--players", "2", "--seed", "9", "--games", "250", "-o",
                 str(out)]) == 0
    assert out.read_text(encoding="utf-8") == "".join(
        game(seed) + ("\n" if seed in (108, 208) else "") for seed in range(9, 259))


def test_a_shard_is_written_as_its_games_are_played(tmp_path, capsys, monkeypatch):
    """A shard's games go into its file's temporary as they are played (``--shard-size
    1000000`` held a million games' text until the last), and the shard is put in place
    once all are: stopped on the way, nothing is left."""
    from mclog.games.millionclub import MillionClub

    assert main(["simulate", "--players", "2", "--seed", "3", "--games", "90", "--shard-size",
                 "90", "--out", str(tmp_path / "whole")]) == 0
    (shard,) = (tmp_path / "whole").iterdir()
    assert main(["simulate", "--players", "2", "--seed", "3", "--games", "90"]) == 0
    assert shard.read_text(encoding="utf-8") == capsys.readouterr().out
    played = MillionClub.simulated_text
    sizes = []

    def simulated_text(game, *args):
        sizes.append(sum(p.stat().st_size for p in (tmp_path / "cut").glob(".mclog-*.tmp")))
        if len(sizes) == 80:
            raise KeyboardInterrupt
        return played(game, *args)

    monkeypatch.setattr(MillionClub, "simulated_text", simulated_text)
    assert main(["simulate", "--players", "2", "--seed", "3", "--games", "90", "--shard-size",
                 "90", "--out", str(tmp_path / "cut")]) == 130
    assert sizes[0] == 0 and sizes[40] > 0 and sizes[-1] > sizes[40]   # (written as it went)
    assert list((tmp_path / "cut").iterdir()) == []


def test_out_dash_is_standard_output_for_simulate_and_refused_for_a_corpus(
        tmp_path, capsys, monkeypatch):
    """``-`` is standard output, as ``-o -`` is for the other commands: ``simulate --out -``
    prints the games as with no ``--out``, rather than making a folder called ``-``; and
    a corpus, which is a folder, says it cannot go there."""
    monkeypatch.chdir(tmp_path)
    assert main(["simulate", "--seed", "4", "--games", "2"]) == 0
    printed = capsys.readouterr().out
    assert main(["simulate", "--seed", "4", "--games", "2", "--out", "-"]) == 0
    assert capsys.readouterr().out == printed and not (tmp_path / "-").exists()
    (tmp_path / "games.mclog").write_text(printed, encoding="utf-8")
    assert main(["corpus", "build", "games.mclog", "-o", "-", "--quiet"]) == 1
    assert capsys.readouterr().err == ("-: a corpus is a folder of Parquet files, not "
                                       "standard output: name a folder\n")
    assert not (tmp_path / "-").exists()


@pytest.mark.parametrize("argv, said", [
    (["simulate", "--seed", "1", "--games", "0"], "--games is at least 1, not 0"),
    (["simulate", "--seed", "1", "--jobs", "-2"], "--jobs is at least 1, not -2"),
    (["simulate", "--seed", "1", "--shard-size", "0", "--out", "{tmp}/games"],
     "--shard-size is at least 1, not 0"),
    (["corpus", "build", "{tmp}", "-o", "{tmp}/corpus", "--jobs", "0"],
     "--jobs is at least 1, not 0"),
    (["corpus", "build", "{tmp}", "-o", "{tmp}/corpus", "--chunk-games", "0"],
     "--chunk-games is at least 1, not 0"),
    # (a process a game asked for: hundreds of processes would fill the machine's memory)
    (["simulate", "--seed", "1", "--games", "500", "--jobs", "500", "--out", "{tmp}/games"],
     f"--jobs is at most {most_processes()} on this machine (four processes a processor: "
     "more would only share them, and fill its memory), not 500"),
    (["corpus", "build", "{tmp}", "-o", "{tmp}/corpus", "--chunk-games", "1000000"],
     "--chunk-games is at most 10,000 (a chunk's rows are held until its tables are "
     "written, some 50 KB a game), not 1,000,000"),
    (["corpus", "build", "{tmp}", "-o", "{tmp}/corpus", "--jobs", "500"],
     f"--jobs is at most {most_processes()} on this machine (four processes a processor: "
     "more would only share them, and fill its memory), not 500"),
])
def test_a_count_below_one_on_the_command_line_is_refused_as_python_refuses_it(
        tmp_path, capsys, argv, said):
    """A count of games, jobs or games a shard or a task below 1 is refused, before
    anything is written, in the words a Python function uses for its own counts
    (``mclog.arguments.whole``)."""
    assert main([a.replace("{tmp}", str(tmp_path)) for a in argv]) == 2
    assert capsys.readouterr().err.splitlines()[-1] == f"mclog: {said}"
    assert list(tmp_path.iterdir()) == []
