"""The recorder (issue 15): a game entered answer by answer gives the record back, from
every seat; slips are refused with the replayer's reason and nothing written; a
recording stopped anywhere goes on from its file; the terminal (prompt_toolkit through a
pipe, and a real pty killed with SIGKILL) and the widget's Python API."""

from __future__ import annotations

import io
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

import mclog
from mclog.games.millionclub.recorder.script import table_options, typed_lines
from mclog.games.millionclub import GAME
from mclog.games.millionclub.recorder.session import Recording
from mclog.recording import Disagreement, Slip
from mclog.games.millionclub.simulator import bots_from_names, simulate

ROOT = Path(__file__).parent.parent
SAMPLES = sorted(p for p in (ROOT / "sample_games" / "millionclub").glob("*.mclog"))


def _canonical(text: str):
    record = mclog.parse_one(text)
    return mclog.parse_one(mclog.write(record)), mclog.write(record)


def _record(record, path: str, stop_at: int | None = None) -> Recording:
    """Type ``record`` into a new recording at ``path`` (up to line ``stop_at``), checking
    that every move typed is one of the answers offered."""
    rec = Recording.start(GAME, path, **table_options(record))
    _go_on(rec, typed_lines(record)[:stop_at])
    return rec


def _go_on(rec: Recording, lines) -> None:
    for kind, text in lines:
        if kind == "move":
            offered = [a.text for a in rec.answers()]
            item = text.split(" {")[0].split(" ; ")[0]
            # (a ? the seat could have seen is accepted, but not offered: the record this
            # one was made from did not know that card either)
            assert item in offered or "?" in item.split(), (item, offered[:12], rec.question())
        rec.enter(text)


def _simulated(seed: int):
    players = 2 + seed % 5
    setup = "alternative" if seed % 2 else "standard"
    return simulate(bots_from_names("greedy,random", players, seed), seed=seed, setup=setup)


@pytest.mark.slow
@pytest.mark.parametrize("sample", SAMPLES, ids=lambda p: p.name)
def test_every_sample_typed_in_gives_its_canonical_text(sample, tmp_path):
    record, canonical = _canonical(sample.read_text())
    path = tmp_path / "typed.mclog"
    _record(record, str(path))
    assert path.read_text() == canonical
    assert mclog.replay(mclog.read_one(path)).complete


def _seat_views(game):
    for seat, name in enumerate(game.record.table.names):
        view = mclog.seat_view(game, seat)
        yield name, mclog.write(view)


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(5))  # 2 to 6 players (100 games: the benchmark)
def test_simulated_games_from_every_seat(seed, tmp_path):
    """2 to 6 players, both setups: each seat's record typed in from that seat (a ? for
    every card the seat cannot see is what the recorder offers) is the seat's record.
    (At 5 and 6 players the first, a middle and the last seat: each of their records
    takes seconds to type in, and the other seats are no different to the recorder.)"""
    game = _simulated(seed)
    views = list(_seat_views(game))
    if len(views) > 4:
        views = [views[0], views[len(views) // 2], views[-1]]
    for name, text in views:
        record, canonical = _canonical(text)
        path = tmp_path / f"{name}.mclog"
        _record(record, str(path))
        assert path.read_text() == canonical, name


@pytest.mark.parametrize("sample,seats", [("thursday-club-3p.mclog", 3),
                                          ("six-players-alternative-schemer.mclog", 1)])
@pytest.mark.slow
def test_samples_from_every_seat(sample, seats, tmp_path):
    """(The six-player game's other seats are in benchmarks/recorder.py: many unknown
    cards make each of its seats' records take a few seconds to type in.)"""
    game = mclog.replay(mclog.read_one(ROOT / "sample_games" / "millionclub" / sample))
    for name, text in list(_seat_views(game))[:seats]:
        record, canonical = _canonical(text)
        _record(record, str(tmp_path / f"{name}.mclog"))
        assert (tmp_path / f"{name}.mclog").read_text() == canonical


def test_a_seat_is_offered_only_what_it_sees(tmp_path):
    rec = Recording.start(GAME, str(tmp_path / "g.mclog"), players="Ann yellow, Ben blue, Cleo red",
                          tags={"Seat": "Ann"})
    assert [a.text for a in rec.answers()] == [
        "Ann africa", "Ann asia", "Ann america", "Ann india", "Ann oceania"]
    rec.enter("Ann india")
    assert [a.text for a in rec.answers()] == ["Ben ?"]  # Ben's colony is face down
    with pytest.raises(Slip, match="no answer 2"):
        rec.enter("2")
    rec.enter("1")
    rec.enter("Cleo ?")
    assert [a.text for a in rec.answers()] == ["Ann F", "Ann T", "Ann R"]  # face up


def test_a_disc_typed_by_a_word_a_label_shares_is_the_pawns_placement(tmp_path):
    """``colony``, ``industry`` and ``intrigue`` name discs III, V and II, and are (or
    read as) line labels too: typed alone at a placement, each is the disc, not a line
    with its label and no move (``That adds no move``); a label with items after it is
    still a whole line."""
    path = tmp_path / "g.mclog"
    rec = Recording.start(GAME, str(path), players="Ann yellow, Ben blue")
    for line in ("Ann india, Ben asia", "Ann F, Ben T", "Ann"):
        rec.enter(line)
    assert rec.enter("colony") == ["Ann III"]
    assert rec.enter("industry") == ["Ben V"]
    assert rec.enter("intrigue") == ["Ann II"]
    assert rec.enter("place Ben IV:R") == ["Ben IV:R"]
    assert path.read_text().splitlines()[-1] == "place      Ann III, Ben V, Ann II, Ben IV:R"


@pytest.mark.slow
def test_every_answer_offered_is_accepted(tmp_path):
    """Soundness of completion: at random points of random games, from a random seat,
    every answer offered is accepted by the replayer (checked without writing)."""
    rng = random.Random(5)
    for seed in range(6):
        game = _simulated(100 + seed)
        seat = rng.randrange(len(game.record.table.names))
        _, text = next((n, t) for i, (n, t) in enumerate(_seat_views(game)) if i == seat)
        record = mclog.parse_one(text)
        lines = typed_lines(record)
        stop = rng.randrange(len(lines))
        rec = _record(record, str(tmp_path / f"{seed}.mclog"), stop)
        for answer in rec.answers():
            line = rec.line_for(answer.text)
            rec._read(rec.text + line + "\n", line, answer.text)  # raises Slip if refused


def _at_round_1(path: Path) -> Recording:
    """A duel recorded up to its first placement."""
    rec = Recording.start(GAME, str(path), players="Ann yellow, Ben blue")
    rec.enter("Ann india, Ben asia, Ann T, Ben R")
    rec.enter("Ann")
    return rec


def test_a_slip_is_refused_with_its_reason_and_nothing_is_written(tmp_path):
    path = tmp_path / "g.mclog"
    rec = _at_round_1(path)
    before = path.read_bytes()
    cases = {
        "Ben IV:R": "It is Ann's decision",
        "Ann VI": "VI",
        "Ann buys asia": "next is Ann: place a pawn now, not buying a card",
        "[Event \"x\"]": "a tag is a line of its own",
        "Ann IV:R\nBen V": "one line",
        "Ann IV:R, Zed V": "Zed",
        "99": "no answer 99",
        "\u00b2": "",  # a superscript two is no answer number (it was a ValueError)
        "\u0663": "",  # nor an Arabic-Indic three
        "\x1b[31m": "",
        # (in the words of what was typed, not of a file's line 23)
        "x" * 20_000: "Not recorded: that is over 10,000 characters, the most a line of a "
                      "record may hold",
        "Ann IV:R\x00": "Not recorded: a NUL character was typed (pasted binary data?): type "
                        "the answer's words",
    }
    for typed, reason in cases.items():
        with pytest.raises(Slip) as exc:
            rec.enter(typed)
        assert reason in str(exc.value)
        assert path.read_bytes() == before
    with pytest.raises(Slip) as exc:
        rec.enter("Ann IV:R, Ben IV:Q")
    assert exc.value.column > 0  # the slip's column is in what was typed
    assert rec.enter("Ann IV:R") == ["Ann IV:R"]


def test_undo_takes_back_moves_and_what_followed_them(tmp_path):
    path = tmp_path / "g.mclog"
    rec = _at_round_1(path)
    written = path.read_text()
    rec.enter("Ann IV:R, Ben V")
    rec.enter("; Ben hesitated")
    assert rec.undo(2) == ["Ann IV:R", "Ben V"]
    assert path.read_text() == written
    assert rec.undo(99) == ["Ann india", "Ben asia", "Ann T", "Ben R", "start Ann"]
    with pytest.raises(Slip, match="no move to undo"):
        rec.undo()


def _at_the_first_rounds_end(path: Path) -> tuple[Recording, list, int]:
    """The duel sample typed in up to the end of its first round, where its check is
    asked: the recording, the sample's typed lines and how many of them were typed."""
    sample = mclog.read_one(ROOT / "sample_games" / "millionclub" / "duel-2p.mclog")
    record, _ = _canonical(mclog.write(sample))
    lines = typed_lines(record)
    rec = Recording.start(GAME, str(path), **table_options(record))
    k = 0
    while not rec.check_due():
        _go_on(rec, [lines[k]])
        k += 1
    return rec, lines, k


def test_the_end_of_a_round_asks_for_a_check(tmp_path):
    path = tmp_path / "g.mclog"
    rec, _, _ = _at_the_first_rounds_end(path)
    assert rec.state.round == 2 and rec.check_due()
    money = list(rec.state.money)
    before = path.read_bytes()
    with pytest.raises(Disagreement) as exc:
        rec.check(f"money Zoe {money[0] + 1}")
    assert f"Zoe has {money[0]} million by the rules, but the record says {money[0] + 1}" \
        in exc.value.message
    assert exc.value.moves and all(":" in m for m in exc.value.moves)  # what changed it
    assert path.read_bytes() == before and rec.check_due()
    assert rec.check("y") == [f"check money Zoe {money[0]} Yann {money[1]}",
                              "check prices " + " ".join(f"{k}{rec.state.prices[k]}"
                                                         for k in "FTR")]
    assert not rec.check_due()
    assert "check      money Zoe" in path.read_text()


def test_a_whole_check_line_typed_at_a_rounds_end_is_the_tables_answer(tmp_path):
    """The prompt's example is ``money Ann 12``, but a recorder who knows the record's
    lines types ``check money Ann 12``: either is the answer to the round's check (a count
    the rules do not reach is told with the round's moves, nothing written; one they
    reach is written and the check is not asked again), and a line that adds no move (a
    comment, a check) is said as typed, never as "agreed"."""
    path = tmp_path / "g.mclog"
    rec, _, _ = _at_the_first_rounds_end(path)
    zoe, yann = rec.state.money
    before = path.read_bytes()
    assert rec.respond("{the table counts}") == ["{the table counts}"]
    assert rec.mode() == "check"
    with pytest.raises(Disagreement) as exc:
        rec.respond(f"check money Zoe {zoe + 1} Yann {yann}")
    assert f"Zoe has {zoe} million by the rules, but the record says {zoe + 1}" \
        in exc.value.message and exc.value.moves
    assert path.read_bytes().endswith(b"{the table counts}\n") and rec.mode() == "check"
    assert rec.respond(f"check money Zoe {zoe} Yann {yann}") == [
        f"check money Zoe {zoe} Yann {yann}"]
    assert rec.mode() == "move" and len(path.read_bytes()) > len(before)
    assert path.read_text().endswith(f"check      money Zoe {zoe} Yann {yann}\n")


def test_a_move_typed_at_a_rounds_check_goes_on_as_enter_does(tmp_path):
    """A recorder who types the next placement where the round's check is asked has
    nothing to say of the round: the move is recorded and the check is not asked again
    (as Enter would have it, nothing is written for the check); what reads as neither a
    check nor a move is told as a check, with what to write."""
    path = tmp_path / "g.mclog"
    rec, lines, k = _at_the_first_rounds_end(path)
    said = {"Zoe 12 Yann 3": "Say what is checked before the name: money, prices or score "
                             "('check money ...')",
            "F9 T6 R7": "Say what is checked before 'F9': 'check prices F9 ...'",
            "Zoe": "Say what is checked before the name: money, prices or score "
                   "('check money ...')"}
    for typed, message in said.items():
        with pytest.raises(Slip) as exc:
            rec.respond(typed)
        assert exc.value.message == message and rec.mode() == "check"
    kind, placement = lines[k]   # (as typed at the prompt: the label is the recorder's)
    assert kind == "move" and placement == "Zoe III"
    assert rec.respond(placement) == ["Zoe III"]
    assert rec.mode() == "move" and not rec.check_due()
    assert "check" not in path.read_text().split("round 2")[0].split("round 1")[1]


def test_a_round_end_undone_and_played_again_is_checked_again(tmp_path):
    """The table agreed at the end of round 1; the round's last move is then undone
    (the slip was found later) and entered again: its money may differ, so the table
    is asked again, once; undoing to the middle of the round asks nothing meanwhile."""
    sample = mclog.read_one(ROOT / "sample_games" / "millionclub" / "duel-2p.mclog")
    record, _ = _canonical(mclog.write(sample))
    lines = typed_lines(record)
    rec = Recording.start(GAME, str(tmp_path / "g.mclog"), **table_options(record))
    k = 0
    while not rec.check_due():
        _go_on(rec, [lines[k]])
        k += 1
    assert rec.check("") == [] and not rec.check_due() and rec.mode() == "move"
    last = rec.undo()
    assert not rec.check_due() and rec.mode() == "move"
    rec.enter(last[0])
    assert rec.check_due() and rec.mode() == "check"
    assert rec.check("") == [] and not rec.check_due()


@pytest.mark.slow
def test_a_recording_stopped_anywhere_goes_on_from_its_file(tmp_path):
    """Stopped at random points (the process gone: only the file is left) and resumed,
    the record is the same as one typed in one go."""
    rng = random.Random(7)
    for seed in range(4):
        game = _simulated(200 + seed)
        seat = seed % len(game.record.table.names)
        text = list(_seat_views(game))[seat][1]
        record, canonical = _canonical(text)
        lines = typed_lines(record)
        cuts = sorted(rng.sample(range(1, len(lines)), 3)) + [len(lines)]
        path = str(tmp_path / f"{seed}.mclog")
        rec = Recording.start(GAME, path, **table_options(record))
        done = 0
        for cut in cuts:
            _go_on(rec, lines[done:cut])
            done = cut
            rec = Recording.resume(GAME, path)  # a new process would do just this
            assert rec.seat == seat
        assert Path(path).read_text() == canonical


def test_resuming_a_record_with_a_redundant_item_says_the_record_is_saved_without_it(
        tmp_path):
    """A pass for a question never asked, written by hand, is left out when the recorder
    next saves the record (its canonical text), as fmt leaves it out: the terminal and
    the widget say so as they open the record; before, it went in silence."""
    from mclog.recording.widget import RecorderWidget

    text = (ROOT / "sample_games" / "millionclub" / "thursday-club-3p.mclog").read_text()
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("stock      Cleo takes-over"))
    path = tmp_path / "club.mclog"
    path.write_text("\n".join(lines[:at + 1] + ["stock      Ann pass"] + lines[at + 1:at + 2])
                    + "\n")
    rec = Recording.resume(GAME, str(path))
    said = (f"{path}:{at + 2}:16: warning: Ann pass is redundant: Ann does not hold the "
            "Stock Exchange privilege this round (R10), so there is no Hostile takeover to "
            "decline (left out when the record is next saved, as fmt leaves it out)")
    assert rec.left_out() == [said]
    assert said in RecorderWidget(rec).status.value
    assert _terminal(rec, "quit\r").splitlines()[1] == said
    assert "Ann pass" in path.read_text()   # (the file as it was, until it is next saved)
    # (an undo takes back the last move, not an item that says nothing after it: it took
    # the item out, and said that the move before it was undone)
    path.write_text("\n".join(lines[:at + 1] + ["stock      Ann pass"]) + "\n")
    rec = Recording.resume(GAME, str(path))
    assert rec.undo() == ["Cleo takeover Ann R2"]
    saved = path.read_text()
    assert saved.splitlines()[-1] == "colonies   Ben buys ?" and "Ann pass" not in saved


def test_resume_refuses_a_record_with_a_mistake_and_leaves_it(tmp_path):
    path = tmp_path / "bad.mclog"
    path.write_text('[Players "Ann yellow, Ben blue"]\n\nsetup Ann india, Ben asia, Ann Q\n')
    before = path.read_bytes()
    with pytest.raises(mclog.RecordError) as exc:
        Recording.resume(GAME, str(path))
    assert f"{path}:3:" in str(exc.value)
    assert path.read_bytes() == before
    two = tmp_path / "two.mclog"
    two.write_text('[Players "Ann, Ben"]\n\nsetup Ann india\n[Players "Cleo, Dan"]\n\n')
    with pytest.raises(mclog.MclogError, match="holds 2 games"):
        Recording.resume(GAME, str(two))
    with pytest.raises(mclog.MclogError, match="already holds a record"):
        Recording.start(GAME, str(path), players="Ann, Ben")
    with pytest.raises(mclog.MclogError, match="not a player"):
        Recording.start(GAME, str(tmp_path / "new.mclog"), players="Ann, Ben", tags={"Seat": "Zed"})


@pytest.mark.slow
def test_the_reveal_is_asked_at_the_end(tmp_path):
    game = _simulated(3)
    name, text = next(_seat_views(game))
    record, canonical = _canonical(text)
    lines = typed_lines(record)
    moves = [x for x in lines if x[0] != "reveal"]
    path = tmp_path / "g.mclog"
    rec = Recording.start(GAME, str(path), **table_options(record))
    _go_on(rec, moves)
    assert rec.finished
    for kind, line in lines:
        if kind == "reveal":
            who = rec.reveal_due()
            assert line.split()[1] == who
            rec.check("") if rec.check_due() else None
            rec.reveal(who, " ".join(line.split()[2:]))
    assert rec.reveal_due() is None
    assert path.read_text() == canonical


def test_the_table_s_final_count_is_asked_after_the_reveal(tmp_path):
    """As a game night ends: the last move, each player's colonies shown, then the
    table's count of the scores, checked against the rules' and written as a ``check
    score`` line (a count the rules do not reach is refused, nothing written)."""
    sample = mclog.read_one(ROOT / "sample_games" / "millionclub" / "duel-2p.mclog")
    record, _ = _canonical(mclog.write(sample))
    path = tmp_path / "g.mclog"
    rec = Recording.start(GAME, str(path), **table_options(record))
    for kind, text in typed_lines(record):
        while rec.mode() == "check":
            rec.respond("")
        if kind == "reveal":
            assert rec.mode() == "reveal"
            rec.respond(" ".join(text.split()[2:]))
        else:
            rec.enter(text)
    assert rec.mode() == "scores" and rec.reveal_due() is None
    rows = {r.name: r.total for r in rec.played.scores()}
    saved = path.read_bytes()
    with pytest.raises(Slip, match="check failed at the end of the game: Zoe's score is"):
        rec.respond(f"Zoe {rows['Zoe'] + 1} Yann {rows['Yann']}")
    assert path.read_bytes() == saved and rec.mode() == "scores"
    assert rec.respond(f"Zoe {rows['Zoe']} Yann {rows['Yann']}") == [
        f"check score Zoe {rows['Zoe']} Yann {rows['Yann']}"]
    assert rec.mode() == "done"
    assert path.read_text().endswith(f"check      score Zoe {rows['Zoe']} Yann {rows['Yann']}\n")
    again = Recording.resume(GAME, str(path))   # (a count in the record is not asked again)
    assert again.mode() == "done"
    rec.undo()   # (the last move undone: the reveal and the count are asked again)
    assert rec.mode() == "move"


def test_a_reveal_is_typed_with_or_without_its_players_name(tmp_path):
    """The prompt names whose reveal is asked, but the record's line names the player
    too, and a recorder types either: ``Zoe india ...`` at Zoe's reveal is Zoe's, one
    typed with another player's name is that player's (and Zoe is asked next), and a slip
    points at its word in what was typed, not in the line the recorder made of it."""
    sample = mclog.read_one(ROOT / "sample_games" / "millionclub" / "duel-2p.mclog")
    record, _ = _canonical(mclog.write(sample))
    lines = typed_lines(record)
    rec = Recording.start(GAME, str(tmp_path / "g.mclog"), **table_options(record))
    for kind, text in lines:
        while rec.mode() == "check":
            rec.respond("")
        if kind != "reveal":
            rec.enter(text)
    shown = {line.split()[1]: " ".join(line.split()[2:]) for kind, line in lines
             if kind == "reveal"}
    assert rec.reveal_due() == "Zoe"
    assert rec.respond(f"Yann {shown['Yann']}") == [f"reveal Yann {shown['Yann']}"]
    assert rec.reveal_due() == "Zoe"
    with pytest.raises(Slip) as exc:
        rec.respond(f"Zoe Zoe {shown['Zoe']}")
    assert exc.value.message == ("'Zoe' is named twice in one reveal: the name comes once, "
                                 "then each colony Zoe shows") and exc.value.column == 5
    with pytest.raises(Slip) as exc:
        rec.respond("india frica")
    assert "did you mean africa?" in exc.value.message and exc.value.column == 7
    assert rec.respond(f"Zoe {shown['Zoe']}") == [f"reveal Zoe {shown['Zoe']}"]
    assert rec.reveal_due() is None and rec.mode() == "scores"


# --- the terminal ------------------------------------------------------------------------


def _terminal(rec: Recording, keys: str) -> str:
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from mclog.recording.terminal import run

    out = io.StringIO()
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        pipe.close()
        assert run(rec, input=pipe, output=DummyOutput(), out=out) == 0
    return out.getvalue()


def test_board_shows_where_a_game_without_a_table_of_its_own_stands(tmp_path):
    """``board`` in the terminal: Million Club draws its table; a game that draws none on
    a terminal (Cartel, Joakim, Millionenspiel) shows its score table, then the last moves
    (it showed the last moves alone, as after every answer)."""
    from mclog.games import game
    from mclog.recording import start_or_resume

    cartel = game("Cartel")
    rec = start_or_resume(cartel, str(tmp_path / "g.mclog"),
                          {"players": "Ann, Ben", "seat": "Ann"})
    shown = _terminal(rec, "start Ann driftwood\rstart Ben ardent\rboard\rhelp\rquit\r")
    table = "\n".join(cartel.score_lines(rec.played))
    assert shown.count(table) == 1 and "cash" in table   # (at 'board' only)
    assert "Ben starts with ardent" in shown[shown.index(table):]   # (then the last moves)
    assert "board           where the game stands" in shown


def test_a_word_typed_as_the_end_of_the_answers_is_told_why_it_ends_none(tmp_path):
    """A word typed where every answer starts alike (``start Ben <company>``), that ends
    none of them, is told why as the end of them: the rules' reason, pointing at it (it
    was told that 'juniper' is no move of this game, the company standing in the list's
    place).  A line that starts as a move keeps its own reason."""
    from mclog.games import game
    from mclog.recording import start_or_resume

    rec = start_or_resume(game("Cartel"), str(tmp_path / "g.mclog"),
                          {"players": "Ann, Ben, Cleo", "seat": "Cleo"})
    rec.enter("start Ann juniper")
    before = rec.text
    for typed, told in (("juniper", "Ben's starting company cannot be juniper: Ann owns "
                                    "it (Equipment)"),
                        ("kodak", "'kodak' is no company of this board (illustrative) "
                                  "(Equipment)"),
                        ("buy Ann calder", "Ann's purchase cannot come now: next, the "
                                           "Treasurer deals Ben's starting company")):
        with pytest.raises(Slip) as slip:
            rec.enter(typed)
        assert str(slip.value).startswith(told) and slip.value.column == 1
    assert rec.text == before
    assert rec.enter("Aldgate") == ["Ben starts with aldgate"]


def test_the_input_ending_at_the_tables_questions_stops_with_nothing_written(tmp_path,
                                                                               capsys):
    """Ctrl-D, or a piped input that ends, while the recorder asks who plays and how: a
    worded stop with nothing written (it was an internal error, EOFError)."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from mclog.cli import main
    from mclog.errors import MclogError
    from mclog.games import game
    from mclog.recording.terminal import ask_table

    with create_pipe_input() as pipe:
        pipe.send_text("Ann yellow, Ben blue\r")
        pipe.close()
        with pytest.raises(MclogError) as e:
            ask_table(game("Million Club"), input=pipe, output=DummyOutput())
    assert str(e.value) == ("mclog record: stopped before the game began (the input "
                            "ended); nothing was written")
    path = tmp_path / "new.mclog"
    done = subprocess.run([sys.executable, "-m", "mclog", "record", str(path)],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 1 and not path.exists()
    assert done.stderr.endswith("nothing was written\n") and "internal" not in done.stderr


def test_a_record_that_cannot_be_written_is_said_before_the_tables_questions(tmp_path):
    """``mclog record`` into a folder that is not there: said at once, before the
    players and the options are asked (they were asked, then nothing could be saved)."""
    path = tmp_path / "no such folder" / "night.mclog"
    done = subprocess.run([sys.executable, "-m", "mclog", "record", str(path)],
                          input="Ann, Ben\n", capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr == (f"{path}: cannot write beside it in {path.parent}: No such file "
                           "or directory\n")
    # ``-`` (standard output for the other commands): no file to save into
    done = subprocess.run([sys.executable, "-m", "mclog", "record", "--game", "cartel", "-"],
                          cwd=tmp_path, input="Ann, Ben\nstart Ann kestrel\n",
                          capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == ("-: a recording is saved after every line, so it needs a file, "
                           "not standard output (a file named - is ./-)\n")


def test_a_tables_answer_the_reader_would_refuse_is_asked_again_at_once(tmp_path):
    """A mistyped setup, two players of one name, a seat that is nobody's: each is said
    as it is typed, and its question asked again, rather than the recorder stopping with
    an error after the last question (when the table had answered them all)."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from mclog.games import game
    from mclog.recording.terminal import ask_table

    said = io.StringIO()
    path = str(tmp_path / "new.mclog")
    with create_pipe_input() as pipe:
        for line in ('', 'Ann yellow, Ann blue', 'Ann yellow, Ben blue', 'Standrad', '',
                     'pick', 'Zed', 'Ben', 'Friday'):
            pipe.send_text(line + "\r")
        options = ask_table(game("Million Club"), input=pipe, output=DummyOutput(),
                            path=path, out=said)
    assert options == {"players": "Ann yellow, Ben blue", "setup": "standard",
                       "privileges": "pick", "seat": "Ben", "event": "Friday"}
    assert said.getvalue().splitlines() == [
        "Not recorded: say who plays, in seat order. Again:",
        "Not recorded: [Players] Two players are called 'Ann'. Again:",
        'Not recorded: [Setup] is "standard" or "alternative", not "Standrad". Again:',
        "Not recorded: [Seat] 'Zed' is not a player of this game (the players are Ann, Ben). "
        "Again:"]
    assert not os.path.exists(path)   # (nothing is written until the last answer)


@pytest.mark.parametrize("name", ["Million Club", "Millionenspiel", "Cartel",
                                  "Joakim von Ankas fantastiska affärer"])
def test_every_game_asks_its_table_its_options_and_the_seat_where_cards_are_hidden(name):
    """Before a new game the recorder asks who plays, each option the game declares (a
    table sets them before play), the seat the record is written from in a game that
    hides cards (else a player at the table is asked every card they cannot see), and
    the occasion; Enter takes each default.  It asked only the players but in Million
    Club."""
    from prompt_toolkit.input import create_pipe_input
    from prompt_toolkit.output import DummyOutput

    from mclog.games import game
    from mclog.recording.terminal import ask_table

    chosen = game(name)
    questions = chosen.recorder_questions()
    with create_pipe_input() as pipe:
        pipe.send_text("Ann yellow, Ben blue\r" + "\r" * (len(questions) - 1))
        options = ask_table(chosen, input=pipe, output=DummyOutput())
    options.pop("treasurer", None)   # (Cartel's: who deals, the last player unless said)
    assert options == {"players": "Ann yellow, Ben blue",
                       **{option.name: option.default for option in chosen.options},
                       **({"seat": None} if chosen.hidden_information else {}),
                       "event": None}
    assert [q for _, q, _ in questions if q.startswith("Your name")] == (
        ["Your name, to record from your seat (Enter: you see every card)"]
        if chosen.hidden_information else [])


def test_the_command_lines_answers_are_not_asked_again(tmp_path):
    """``mclog record --seat Ann --setup alternative --event Friday`` without
    ``--players``: only what the command line left out is asked.  Each was asked, and
    the answer typed (Enter: 'standard') was then silently overridden by the command
    line's."""
    done = subprocess.run([sys.executable, "-m", "mclog", "record", "--seat", "Ann",
                           "--setup", "alternative", "--event", "Friday", "new.mclog"],
                          cwd=tmp_path, input="Ann yellow, Ben blue\npick\n",
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines()[:2] == [
        "Players in seat order, clockwise, with colours (Ann yellow, Ben blue, Cleo red)> "
        "Ann yellow, Ben blue",
        "Privileges: draw (the rulebook) or pick (Enter: draw)> pick"]
    assert (tmp_path / "new.mclog").read_text().startswith(
        '[Event "Friday"]\n[Format "mclog 1"]\n[Setup "alternative"]\n[Privileges "pick"]\n'
        '[Players "Ann yellow, Ben blue"]\n[Seat "Ann"]\n')


def test_a_record_goes_on_only_with_the_table_the_command_line_names(tmp_path):
    """``mclog record`` of a record begun already goes on with the file's table: the
    command that began it, run again, goes on; a game, players, an option or a tag it
    does not hold is refused in words, the file untouched (each was left aside, and the
    game recorded on as the file says, while the player took it for the table named)."""
    path = tmp_path / "lunch.mclog"
    sample = ROOT / "sample_games" / "cartel" / "lunch-break-2p.mclog"
    path.write_bytes(sample.read_bytes())

    def record(*args: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-m", "mclog", "record", *args, str(path)],
                              input="", capture_output=True, text=True, timeout=120)

    agreeing = record("--game", "cartel", "--players", "Ann,  Ben", "--seat", "Ann",
                      "--option", "advanced=none", "--event", "Lunch-break duel")
    assert agreeing.returncode == 0, agreeing.stderr
    assert "The game is recorded to the end. Ann wins." in agreeing.stdout
    for args, said in [
        (("--game", "joakim"), "is a game of Cartel, not Joakim von Ankas fantastiska "
                               "affärer: the game is named for a new record, which goes in a "
                               "new file"),
        (("--players", "Cleo, Dan"), 'its players are "Ann, Ben", not "Cleo, Dan": the players '
                                     "are named for a new record, which goes in a new file"),
        (("--option", "advanced=trading"), "its [Advanced] is not written (the rulebook's), "
                                           "not \"trading\": a table's options and tags are "
                                           "given for a new record, which goes in a new "
                                           "file"),
        (("--event", "Friday"), 'its [Event] is "Lunch-break duel", not "Friday": a '
                                "table's options and tags are given for a new record, which "
                                "goes in a new file"),
    ]:
        refused = record(*args)
        assert (refused.returncode, refused.stdout) == (1, ""), args
        assert refused.stderr == f"{path}: {said}\n"
    assert path.read_bytes() == sample.read_bytes()


def test_a_new_records_table_refused_names_the_file_to_be_not_a_line_of_it(tmp_path):
    """``--players`` the reader refuses: said of the record to be, with no line of a file
    that was never written; a colour after a name, in a game without colours, is told."""
    done = subprocess.run([sys.executable, "-m", "mclog", "record", "--game", "cartel",
                           "--players", "Ann yellow, Ben blue", "night.mclog"],
                          cwd=tmp_path, input="", capture_output=True, text=True, timeout=120)
    assert (done.returncode, done.stdout) == (1, "")
    assert done.stderr == ("night.mclog: [Players] 'Ann yellow' is not a name the notation "
                           "can read: one word, starting with a letter (this game's players "
                           "have no colours: 'Ann')\n")
    assert not (tmp_path / "night.mclog").exists()


def test_many_answers_are_listed_in_columns_in_every_game(tmp_path):
    """Joakim's thirty squares for a pawn: numbered along the lines, in columns that fit
    80 characters, as Million Club's answers were (they took thirty lines, and the
    question scrolled off the screen)."""
    from mclog.games import game
    from mclog.recording import start_or_resume
    from mclog.recording.terminal import summary

    recording = start_or_resume(game("Joakim"), str(tmp_path / "j.mclog"),
                                {"players": "Ann, Ben"})
    lines = summary(recording).splitlines()
    assert lines[0] == "Ann places their pawn on a square"
    assert lines[1:3] == ["   1 place Ann a1   2 place Ann b1   3 place Ann c1   4 place Ann d1",
                          "   5 place Ann e1   6 place Ann f1   7 place Ann a2   8 place Ann b2"]
    assert len(lines) == 1 + 8 and lines[-1] == "  29 place Ann e5  30 place Ann f5"
    assert max(map(len, lines)) <= 80


def test_cartels_recorder_asks_the_treasurer_and_the_seat(tmp_path):
    """Cartel's table: the Treasurer (who deals and plays last, C1) and the seat are asked,
    a slip said in the reader's words and asked again, and both written as tags."""
    done = subprocess.run([sys.executable, "-m", "mclog", "record", "--game", "cartel",
                           "night.mclog"], cwd=tmp_path,
                          input="Ann, Ben, Cleo\nZed\nBen\n\n\nann\nAnn\n\n",
                          capture_output=True, text=True, timeout=120)
    out = done.stdout
    assert "Treasurer: who deals, and plays last (Enter: the last player)> Zed\nNot " \
           "recorded: [Treasurer] 'Zed' is not a player of this game (the players are " \
           "Ann, Ben, Cleo). Again:\n" in out
    assert "> ann\nNot recorded: [Seat] 'ann' is not a player of this game (the players " \
           "are Ann, Ben, Cleo): did you mean Ann? Again:\n" in out
    assert (tmp_path / "night.mclog").read_text().startswith(
        '[Game "Cartel"]\n[Players "Ann, Ben, Cleo"]\n[Treasurer "Ben"]\n'
        '[Components "illustrative"]\n[Seat "Ann"]\n')


@pytest.mark.slow
def test_answers_from_a_file_read_as_a_session_without_the_line_editor(tmp_path):
    """``mclog record game.mclog < answers.txt``: each answer is a line, written after its
    prompt as if typed; no warning that the input is no terminal and none of the line
    editor's carriage returns (prompt_toolkit's, at a terminal).  A line longer than a
    record's is refused as one, and the lines after it still answer; the answers refused
    are said again at the end, and the exit status is 1 (a script learns that the record
    is not all the file says)."""
    from mclog.record.files import MAX_LINE

    table = "\n" * 5   # (Enter at the Treasurer, the components, the rules, the seat, the event)
    answers = ("Ann, Ann\nAnn, Ben\n" + table + "\n" + "x" * (3 * MAX_LINE) +
               "\nstart Ann kestrel\n"
               "Zed\n1\nquit\n")
    done = subprocess.run([sys.executable, "-m", "mclog", "record", "--game", "cartel",
                           "night.mclog"], cwd=tmp_path, input=answers, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 1 and done.stderr == "", done.stderr
    out = done.stdout
    assert "\r" not in out and "not a terminal" not in out
    assert "(Ann, Ben, Cleo)> Ann, Ann\nNot recorded: [Players] Two players are called " \
           "'Ann'. Again:\n" in out
    assert "> start Ann kestrel\nrecorded: Ann starts with kestrel\n" in out
    assert "> Zed\n  ^\nNot recorded: 'zed' is no company of this board" in out
    assert "> 1\nrecorded: Ben starts with aldgate\n" in out
    assert out.endswith("> quit\nStopped. The record is saved in night.mclog.\n2 answers of "
                        f"the input were not recorded: '{'x' * 60}', 'Zed'\n")
    assert (tmp_path / "night.mclog").read_text().endswith(
        "\n\nstart Ann kestrel, start Ben aldgate\n")


def test_a_finished_game_takes_the_tables_last_words(tmp_path):
    """Once the game is recorded to the end, a check (the money the table counts at the
    end, in a game that asks no final count) or a comment may still follow, and a move is
    refused; Enter stops.  A finished record opened again takes them too."""
    other = ROOT / "sample_games" / "millionenspiel" / "duel-2p.mclog"
    (tmp_path / "m.mclog").write_bytes(other.read_bytes())
    money = mclog.replay(mclog.read_one(other)).final.money
    check = f"check money Zoe {money[0]} Yann {money[1]}"
    done = subprocess.run([sys.executable, "-m", "mclog", "record", "m.mclog"], cwd=tmp_path,
                          input=f"Zoe rolls 1 1\n{check}\n; a long night\n\nnever read\n",
                          capture_output=True, text=True, timeout=600)
    out = done.stdout
    assert done.returncode == 1, done.stderr   # (the move was refused)
    assert "Not recorded: The game is recorded to the end: only comments and checks can " \
        "follow (or undo)" in out
    assert f"> {check}\nrecorded: {check}\n" in out
    assert out.count("The game is recorded to the end. Zoe is the first millionaire") == 1
    assert "never read" not in out and "Stopped" not in out
    assert (tmp_path / "m.mclog").read_text().endswith(
        f"\n{check}\n; a long night\n")


def test_a_large_undo_is_said_first_and_done_when_typed_again(tmp_path):
    """``undo 30`` typed for ``undo 3`` would take back half an evening: an undo of more
    than three moves says which moves it takes back, and takes them back only when it is
    typed again at once; ``undo 3`` and fewer are done straight away (``undo 3`` of the one
    move left says it was the only one)."""
    answers = "1\n1\n1\n1\n1\n1\nundo 5\nhelp\nundo 5\nundo 5\nundo 3\nquit\n"
    done = subprocess.run([sys.executable, "-m", "mclog", "record", "--game", "cartel",
                           "--players", "Ann, Ben", "--seat", "Ann", "night.mclog"],
                          cwd=tmp_path, input=answers, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr
    said = [line for line in done.stdout.splitlines()
            if line.startswith(("undo ", "undone: "))]
    asked = ("undo 5 takes back 5 moves, from Ben starts with ardent to Ben draws a card "
             "(unseen): type it again to take them back")
    assert said == [asked, asked,  # (help in between: said again, nothing taken back)
                    "undone: Ben starts with ardent · Ann draws bramble · Ann draws calder "
                    "· Ann draws cobalt · Ben draws a card (unseen)",
                    "undone: Ann starts with aldgate (the only move recorded)"]
    assert (tmp_path / "night.mclog").read_text().endswith('[Seat "Ann"]\n\n')


def test_the_widgets_box_takes_undo_as_the_terminal_does(tmp_path):
    """``undo`` and ``undo N`` typed in the widget's box: as in the terminal, a large undo
    is said first and done when typed again next; anything typed in between forgets it."""
    import mclog.widgets

    path = tmp_path / "w.mclog"
    widget = mclog.widgets.recorder(path, players="Ann yellow, Ben blue", seat="Ann")
    for answer in ("Ann india", "Ben ?", "Ann T, Ben R", "Ann"):
        widget.typed.value = answer
    assert len(widget.recording.played) == 5
    widget.typed.value = "undo 4"
    assert "undo 4 takes back 4 moves, from Ben ? to start Ann: type it again to take them " \
           "back" in widget.status.value
    widget.typed.value = "Zed"             # (a slip in between: the undo is asked again)
    widget.typed.value = "undo 4"
    assert len(widget.recording.played) == 5 and "takes back 4 moves" in widget.status.value
    widget.typed.value = "undo 4"
    assert len(widget.recording.played) == 1 and "undone: Ben ? · Ann T" in widget.status.value
    assert path.read_text().endswith("setup      Ann india\n")
    widget.typed.value = "undo"
    assert len(widget.recording.played) == 0


def test_the_terminal_records_a_whole_game_by_numbers_and_words(tmp_path):
    """The duel typed at the terminal as keystrokes: numbers where the answer is listed,
    words elsewhere, Enter at every end-of-round check."""
    from mclog.recording import LISTED

    record, canonical = _canonical((ROOT / "sample_games" / "millionclub" / "duel-2p.mclog").read_text())
    lines = typed_lines(record)
    path = tmp_path / "duel.mclog"
    shadow = Recording.start(GAME, str(tmp_path / "shadow.mclog"), **table_options(record))
    keys = []
    for kind, text in lines:  # what a person would type, worked out on a shadow recording
        if shadow.check_due():
            shadow.check("")
            keys.append("")
        offered = [a.text for a in shadow.answers()]
        if kind == "move" and text in offered and len(offered) <= LISTED:
            keys.append(str(offered.index(text) + 1))
        else:
            keys.append(text)
        shadow.enter(text)
    rec = Recording.start(GAME, str(path), **table_options(record))
    shown = _terminal(rec, "".join(k + "\r" for k in keys) + "\r" * 3)
    assert path.read_text() == canonical
    assert "End of round 1. By the rules: money Zoe" in shown
    assert "The game is recorded to the end." in shown or "reveal" in shown


def test_the_terminal_shows_slips_and_undoes(tmp_path):
    path = tmp_path / "g.mclog"
    rec = Recording.start(GAME, str(path), players="Ann yellow, Ben blue", tags={"Seat": "Ann"})
    shown = _terminal(rec, "Ann india\r1\rAnn Q\rhelp\r1\rundo\r3\rBen R\rundo x\r"
                           "undo \u00b3\r")
    assert "Not recorded: " in shown and "undone: Ann F" in shown
    assert shown.count("undo takes a number") == 2
    assert "Stopped. The record is saved" in shown
    assert path.read_text().splitlines()[-2:] == ["setup      Ann india, Ben ?",
                                                  "setup      Ann R, Ben R"]


def test_a_colour_code_pasted_into_the_terminal_is_ignored(tmp_path, capsys):
    """Issue 30: ``ESC[31m`` pasted at the prompt read to prompt_toolkit as a mouse report
    whose handler printed a traceback; the recorder ignores it and records the line."""
    path = tmp_path / "g.mclog"
    rec = Recording.start(GAME, str(path), players="Ann yellow, Ben blue", tags={"Seat": "Ann"})
    shown = _terminal(rec, "\x1b[31m\rAnn \x1b[31mindia\r")
    assert "recorded: Ann india" in shown
    captured = capsys.readouterr()
    assert "Traceback" not in captured.err + captured.out and "Unhandled" not in captured.err
    assert path.read_text().splitlines()[-1] == "setup      Ann india"


def test_completion_offers_exactly_the_legal_answers(tmp_path):
    from prompt_toolkit.document import Document

    from mclog.recording.terminal import AnswerCompleter

    rec = _at_round_1(tmp_path / "g.mclog")
    completer = AnswerCompleter(rec)

    def complete(text):
        return [c.text for c in completer.get_completions(Document(text), None)]

    assert complete("Ann IV:") == ["Ann IV:F", "Ann IV:T", "Ann IV:R"]
    assert complete("IV:T") == ["IV:T"]  # the name is added when typed without it
    assert complete("Ann IV:R, Ben I") == ["Ben II", "Ben III", "Ben IV:F", "Ben IV:T",
                                           "Ben IV:R"]  # the next item's answers
    assert complete("Ann IV:R, Ben Z") == []
    assert complete("Ben") == []  # not Ben's decision


@pytest.mark.slow
@pytest.mark.skipif(sys.platform != "linux", reason="a pty")
def test_mclog_record_killed_and_resumed_in_a_real_terminal(tmp_path):
    pexpect = pytest.importorskip("pexpect")
    mclog_cmd = str(Path(sys.executable).parent / "mclog")
    env = {**os.environ, "PROMPT_TOOLKIT_NO_CPR": "1"}
    path = tmp_path / "night.mclog"

    def spawn(*args):
        child = pexpect.spawn(mclog_cmd, ["record", str(path), *args], env=env,
                              encoding="utf-8", timeout=30, dimensions=(50, 120))
        child.delaybeforesend = None
        return child

    child = spawn()
    for answer in ("Ann yellow, Ben blue", "", "", "Ann", "Thursday"):
        child.expect(r"\)>")
        child.sendline(answer)
    child.expect("setup>")
    for line in ("Ann india, Ben ?", "Ann T", "Ben R", "Ann"):
        child.sendline(line)
        child.expect("recorded")
    child.sendline("Ann IV:R")
    child.expect("recorded: Ann IV:R")
    child.expect("place>")
    child.send("Ben I")  # typed, never entered: lost with the kill, and only it
    child.kill(signal.SIGKILL)
    child.wait()
    text = path.read_text()
    assert '[Seat "Ann"]' in text and '[Event "Thursday"]' in text
    assert text.endswith("start      Ann\n\nround 1\nplace      Ann IV:R\n")
    assert not [p for p in tmp_path.iterdir() if p.name != "night.mclog"]  # no temporary
    child = spawn()
    child.expect("place>")
    assert "last     " in child.before and "Ann IV:R" in child.before
    child.sendline("Ben V")
    child.expect("recorded: Ben V")
    child.expect("place>")  # (the prompt is up: Ctrl-D goes to it, not to the tty)
    child.sendcontrol("d")
    child.expect(pexpect.EOF)
    assert path.read_text().endswith("place      Ann IV:R, Ben V\n")


def test_mclog_record_opens_a_finished_game_of_another_game_and_refuses_a_broken_file(
        tmp_path, capsys):
    from mclog.cli import main

    other = ROOT / "sample_games" / "millionenspiel" / "duel-2p.mclog"
    copy = tmp_path / "m.mclog"
    copy.write_bytes(other.read_bytes())
    assert main(["record", str(copy)]) == 0  # (the shared recorder, on its engine)
    assert "The game is recorded to the end. Zoe is the first millionaire" in \
        capsys.readouterr().out
    assert copy.read_bytes() == other.read_bytes()  # (opened, not rewritten)
    bad = tmp_path / "bad.mclog"
    bad.write_text('[Players "Ann, Ben"]\n\nsetup Ann Q\n')
    assert main(["record", str(bad)]) == 1
    assert f"{bad}:3:" in capsys.readouterr().err


# --- the widget ---------------------------------------------------------------------------


@pytest.mark.parametrize("given,error,said", [
    ({"seat": 1}, TypeError, "seat is the player's name (seat='Ann'), not int"),
    ({"Event": 5}, TypeError, "Event is text (Event='...'), not int"),
    ({"Event": "the night\nof"}, ValueError,
     "the Event tag is one line of text, not 'the night\\nof'"),
])
def test_the_widgets_arguments_given_wrong_are_said_before_a_file_is_written(
        tmp_path, given, error, said):
    """``mclog.widgets.recorder`` checks what a notebook gives it (an int for the seat
    met Python's ``'int' object has no attribute 'replace'``, and a tag of two lines was
    written, then refused as a tag line of the file)."""
    import mclog.widgets

    path = tmp_path / "w.mclog"
    with pytest.raises(error) as refused:
        mclog.widgets.recorder(path, game="Cartel", players="Ann, Ben", **given)
    assert str(refused.value) == said and not path.exists()
    with pytest.raises(TypeError, match="^the recorder writes to a file's path"):
        mclog.widgets.recorder(5, game="Cartel", players="Ann, Ben")


def test_mclog_record_says_a_tag_of_two_lines_and_writes_nothing(tmp_path, capsys):
    from mclog.cli import main

    path = tmp_path / "r.mclog"
    assert main(["record", str(path), "--game", "cartel", "--players", "Ann, Ben",
                 "--event", "the night\nof"]) == 2
    assert capsys.readouterr().err == ("mclog: the Event tag is one line of text, not "
                                       "'the night\\nof'\n")
    assert not path.exists()


def test_the_widget_takes_the_players_as_a_list(tmp_path):
    import mclog.widgets

    widget = mclog.widgets.recorder(tmp_path / "w.mclog", game="Cartel",
                                    players=["Ann", "Ben"], seat="Ben")
    assert widget.recording.names == ("Ann", "Ben") and widget.recording.seat == 1


def test_the_widget_records_by_buttons_and_text(tmp_path):
    import mclog.widgets

    path = tmp_path / "w.mclog"
    widget = mclog.widgets.recorder(path, players="Ann yellow, Ben blue", seat="Ann",
                                    Event="Widget night")
    assert set(widget.buttons) == {"Ann africa", "Ann asia", "Ann america", "Ann india",
                                   "Ann oceania"}
    widget.click("Ann india")
    assert list(widget.buttons) == ["Ben ?"]
    assert widget.buttons["Ben ?"].style.button_color == "#e0e0e0"  # chance: grey
    widget.click("Ben ?")
    widget.typed.value = "Ann T, Ben R"
    widget.typed.value = "Ann"
    assert widget.typed.value == ""  # recorded, so cleared
    assert "Ann: place a pawn" in widget.where.value
    assert widget.buttons["Ann IV:R"].style.button_color  # Ann's colour
    widget.typed.value = "Ann Q"  # a slip: the box is cleared, the slip kept by its reason
    assert "Not recorded: &#x27;Ann Q&#x27;: " in widget.status.value
    assert widget.typed.value == ""
    # each button carries the number the text box takes for it
    number, label = widget.buttons["Ann IV:R"].description.split(". ", 1)
    assert label == "Ann IV:R"
    assert [a.text for a in widget.recording.answers()][int(number) - 1] == "Ann IV:R"
    widget.click("Ann IV:R")
    assert "mclog-board" in widget.board.value and "Widget night" in path.read_text()
    widget.undo()
    assert "Ann IV:R" in widget.buttons
    assert path.read_text().endswith("start      Ann\n")
    widget.note.value = "the doorbell rang"
    assert path.read_text().endswith("; the doorbell rang\n")  # (as in every game)
    again = mclog.widgets.recorder(path)  # a restarted kernel: the file goes on
    assert "Ann IV:R" in again.buttons and again.recording.seat == 0


def test_a_file_changed_behind_the_recorder_is_never_written_over(tmp_path):
    """The record edited in an editor while the recorder is open, or recorded into by a
    second recorder (the notebook's and the terminal's on one file): the next answer is
    refused, the file keeps what the other wrote, and a recorder opened again goes on
    from the file as it is.  (Each answer rewrote the whole file from the recorder's
    memory: the other change was lost.)"""
    import mclog.widgets
    from mclog.errors import MclogError

    path = tmp_path / "night.mclog"
    terminal = Recording.start(GAME, str(path), players="Ann yellow, Ben blue")
    terminal.respond("setup Ann asia")
    widget = mclog.widgets.recorder(path)
    widget.typed.value = "Ben india"            # the notebook records the next card
    held = path.read_text()
    assert held.endswith("setup      Ann asia, Ben india\n")
    with pytest.raises(MclogError) as refused:  # the terminal's view of it is old
        terminal.respond("Ben africa")
    assert str(refused.value) == (
        f"{path} changed since the recorder last wrote it (edited, or recorded into from "
        "elsewhere): nothing was written, so that nothing in it is lost; open the recorder "
        f"on it again (mclog record {path}, or the notebook's recorder cell) to go on from "
        "it as it is now")
    with pytest.raises(MclogError):             # (an undo or a comment alike)
        terminal.undo()
    assert path.read_text() == held
    # an edit in an editor: the widget refuses in words, and writes nothing either
    path.write_text(held + "; Ben's cousin arrived\n")
    widget.typed.value = "Ann F, Ben T"
    assert "Not recorded: " in widget.status.value and "changed since" in widget.status.value
    assert path.read_text().endswith("; Ben's cousin arrived\n")
    again = Recording.resume(GAME, str(path))
    again.respond("setup Ann F, Ben T")
    assert path.read_text().endswith("; Ben's cousin arrived\nsetup      Ann F, Ben T\n")
    path.unlink()                               # the file gone: said, nothing made
    with pytest.raises(MclogError, match="is gone since the recorder last wrote it"):
        again.respond("start Ann")
    assert not path.exists()


@pytest.mark.slow
def test_the_widget_plays_a_whole_game(tmp_path):
    import mclog.widgets

    record, canonical = _canonical((ROOT / "sample_games" / "millionclub" / "thursday-club-3p.mclog").read_text())
    path = tmp_path / "t.mclog"
    options = table_options(record)
    widget = mclog.widgets.recorder(path, players=options["players"], **options["tags"])
    for kind, text in typed_lines(record):
        if widget.recording.check_due():
            widget.click("agree")
        if kind == "move" and text in widget.buttons:
            widget.click(text)
        else:
            assert widget.answer(text), widget.status.value
    assert path.read_text() == canonical


def test_a_hostile_name_is_refused_and_shown_not_obeyed(tmp_path, capsys):
    """A name holding an escape sequence (which would clear the terminal) is no name a
    reader can see: the recording does not start, no file is written, and the refusal
    shows the name escaped."""
    path = tmp_path / "g.mclog"
    with pytest.raises(mclog.RecordError) as refused:
        Recording.start(GAME, str(path), players="Ann\x1b[2J yellow, Ben blue")
    assert refused.value.reason == ("[Players] 'Ann\x1b[2J' holds U+001B (a control "
                                    "character), which a reader cannot see: type the name "
                                    "again")
    assert not path.exists()
    from mclog.cli import main

    assert main(["record", "--players", "Ann\x1b[2J yellow, Ben blue", str(path)]) == 1
    said = capsys.readouterr().err
    assert "\x1b" not in said and "'Ann\\x1b[2J' holds U+001B" in said
    assert not path.exists()


@pytest.mark.slow
def test_the_widget_names_a_group_once_and_hints_only_where_several_cards_come(tmp_path):
    """Issue 25: a verb with a row of buttons for each card is named once, on its first
    row; and the hint of several cards at once shows only where more of the deck come in
    this draw, with cards of that deck."""
    import mclog.widgets

    record, _ = _canonical((ROOT / "sample_games" / "millionclub" / "thursday-club-3p.mclog").read_text())
    options = table_options(record)
    widget = mclog.widgets.recorder(tmp_path / "t.mclog", players=options["players"],
                                    **options["tags"])
    questions, grouped = [], 0
    for kind, text in typed_lines(record):
        rec = widget.recording
        if rec.check_due():
            widget.click("agree")
        if rec.mode() == "move":
            questions.append(rec.question())
            labels = [row.children[0].value for row in widget.answers_box.children
                      if len(row.children) == 2]
            named = [label for label in labels if label != "<b></b>"]
            assert len(named) == len(set(named)), labels  # (each verb once)
            grouped += len(labels) > len(named)
        assert widget.answer(text), widget.status.value
    assert grouped  # (the game has questions with a verb on several rows)
    hinted = [q for q in questions if "several at once" in q]
    assert hinted and len(hinted) < len([q for q in questions if "came up" in q])
    assert all(("Intrigue" in q) == ("racket dumping ?" in q) and
               ("Colony" in q) == ("asia india ?" in q) for q in hinted)


def test_unseen_cards_are_typed_as_seen_ones_are(tmp_path):
    """Issue 25: at a draw the recorder took ``asia india`` but refused ``? ?``."""
    rec = Recording.start(GAME, str(tmp_path / "g.mclog"), players="Ann yellow, Ben blue, Cleo red",
                          tags={"Seat": "Ann"})
    for _ in range(400):
        if "several at once" in rec.question():
            break
        if rec.mode() != "move":
            rec.respond("")
        else:
            rec.enter(rec.answers()[0].text)
    assert "several at once" in rec.question()
    assert rec.enter("? ?") == ["draws ?", "draws ?"]
