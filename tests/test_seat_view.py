"""Records written from one seat (issue 12): every seat's view of real and simulated games
validates, scores exactly after the reveal, brackets the true score before it, never
shows a guess, and every prefix of it replays in every view.

The 500-game run of the same property is ``benchmarks/seat_views.py`` (and ``make fuzz``).
"""

import itertools
import math
from collections import Counter
from pathlib import Path

import pytest
from table import random_game

import mclog
from mclog import RecordError, parse_one, read_one, replay, seat_view, write
from mclog.cli import main
from mclog.games import game as game_named
from mclog.games.millionclub.rules.cards import CONTINENTS, INDUSTRY_NAMES, card_name
from mclog.games.millionclub.rules.drafts import CHOOSE, DRAFT, pawn_choosing
from mclog.games.millionclub.notation.record import GameRecord, RevealEntry, record_from_moves
from mclog.games.millionclub.rules.score_range import ColonyScoring
from mclog.games.millionclub.rules.scoring import score
from mclog.unknowns import Problem

MILLION_CLUB = game_named("Million Club")
SAMPLES = sorted((Path(__file__).parent.parent / "sample_games" / "millionclub").glob("*.mclog"))
#: 2 to 6 players, both setups, both readings of the privileges (R16).
SIMULATED = [(seed, 2 + seed % 5, "alternative" if seed % 3 == 0 else "standard", seed % 4 == 1)
             for seed in range(24)]


def full_game(seed, players, setup, pick):
    final, moves = random_game(seed, players, setup, privilege_pick=pick)
    return replay(record_from_moves(final.table, moves, {"Event": f"sim {seed}"}))


def without_reveal(record: GameRecord) -> GameRecord:
    return GameRecord(dict(record.tags), record.table,
                      [e for e in record.entries if not isinstance(e, RevealEntry)])


def known_colonies(state, seat) -> Counter:
    return Counter({c: state.colonies[seat][c] for c in CONTINENTS if state.colonies[seat][c]})


def _options(text: str) -> list[str]:
    """``Ben buys ? (India or Africa)`` -> ``["India", "Africa"]``."""
    return text.split("(")[1].split(")")[0].split(" or ")


def _first_reaches(state, seat: int) -> bool:
    """Whether ``state`` asks ``seat`` to choose from a draft hand that reaches it for the
    first time (its first pawn on the disc, or the privilege's card it drew).  A hand
    that comes back to a second pawn of the seat holds what the pawns between took from
    cards it saw: which ones, its record cannot say."""
    d = state.decision
    if d is None or d.actor != seat or d.kind not in (CHOOSE, DRAFT):
        return False
    now = pawn_choosing(state)
    if now is None:
        return True   # (the privilege's card, drawn by the seat)
    return [pawn_seat for pawn_seat, _ in state.pawns[state.resolving]].index(seat) == now


def check_every_seat(full):
    truth = [(r.total, r.rank) for r in full.scores()]
    true_states = [full.state(i) for i in range(len(full) + 1)]  # as the full record knows
    for seat in range(full.record.table.players):
        hidden = seat_view(full, seat)
        game = replay(hidden)  # it validates
        text = write(hidden)  # in canonical form: fmt would change nothing
        assert write(parse_one(text)) == text
        assert [(r.total, r.rank) for r in game.scores()] == truth
        assert all(r.exact for r in game.scores())
        # before the reveal, the score is a range that holds the truth, and so is the place
        # (at the end and at steps on the way, each scored in hindsight)
        before = replay(without_reveal(hidden))
        for row, (total, rank) in zip(before.scores(), truth):
            lo, hi = row.total_range
            assert lo <= total <= hi
            best, worst = row.rank_range
            assert best <= rank <= worst, (seat, row.name)
        for i in range(0, len(full) + 1, max(1, len(full) // 3)):
            for mine, true in zip(before.score_at(i), full.score_at(i)):
                assert mine.total_range[0] <= true.total <= mine.total_range[1], (seat, i)
                assert mine.rank_range[0] <= true.rank <= mine.rank_range[1], (seat, i)
        # a ? card the replay names is what the card was; one it narrows down is among them
        # (a sample game is itself written from one seat: its own text may narrow a card down)
        for mine, true in zip(game.steps, full.steps):
            if "?" not in mine.text:
                assert mine.text == true.text or "?" in true.text, (seat, mine.index)
            elif "(" in mine.text and "? " not in true.text + " ":
                named = {card_name(w) for w in true.text.split()}
                assert named & set(_options(mine.text)), (seat, mine.index)
            elif "(" in mine.text and "(" in true.text:
                assert set(_options(true.text)) & set(_options(mine.text)), (seat, mine.index)
        # the seat saw every hand that first reached it: each card is named, as it was, so
        # a review weighs the decision (the pawns before it took the cards it did not see;
        # docs/millionclub/format.md, "What a seat sees")
        for i, got in enumerate(game.replay.states()):
            if _first_reaches(got, seat) and \
                    not any(c.startswith("?") for c in true_states[i].hand):
                assert Counter(got.hand) == Counter(true_states[i].hand), (seat, i)
                if MILLION_CLUB.options_known(full, i, seat):   # (a sample's own ? aside)
                    assert MILLION_CLUB.options_known(game, i, seat), (seat, i)
        # at every step, what the seat's replay shows agrees with the game: the same money,
        # prices and industries, as many colonies, and a colony shown by name is there
        assert len(game) == len(full)
        for i in range(0, len(game) + 1, 7):
            got, true = game.state(i), true_states[i]
            assert got.money == true.money and got.prices == true.prices
            assert sorted(map(sorted, got.industries)) == sorted(map(sorted, true.industries))
            assert len(got.hand) == len(true.hand)
            for p in range(true.players):
                assert got.colony_count(p) == true.colony_count(p)
                assert not known_colonies(got, p) - known_colonies(true, p), (seat, i, p)


@pytest.mark.slow
@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.stem)
def test_every_seat_view_of_every_sample(path):
    check_every_seat(replay(read_one(path)))


@pytest.mark.slow
@pytest.mark.parametrize("seed,players,setup,pick", SIMULATED)
def test_every_seat_view_of_simulated_games(seed, players, setup, pick):
    check_every_seat(full_game(seed, players, setup, pick))


@pytest.mark.slow
@pytest.mark.parametrize("seed", [5, 9])
def test_every_prefix_of_a_seat_view_replays_in_every_view(seed):
    """Cut after each line, a seat's record is a game in progress: it validates with
    --partial, and every step of it can be sought, drawn, scored and analysed."""
    from mclog.games.millionclub.analysis import attribution, timeline
    from mclog.games.millionclub.widget import replay_widget

    full = full_game(seed, 2 + seed % 5, "standard", False)
    text = write(seat_view(full, 1))
    lines = text.splitlines(keepends=True)
    body = next(i for i, line in enumerate(lines) if not line.startswith("[")) + 1
    for cut in range(body, len(lines) + 1, 3):
        game = replay(parse_one("".join(lines[:cut])))
        states = list(game.replay.states())
        for i in range(len(game) + 1):
            assert game.replay.state(i) == states[i]  # seeking is playing from the start
        game.state(len(game))._repr_html_()
        if cut % 9 == 0:
            rows = game.scores()
            widget = replay_widget(game)  # the widget steps through every state too
            for i in range(0, len(game) + 1, 11):
                widget.go(i)
                assert widget.slider.value == i
            timeline(game)
            points = attribution(game)
            totals = points.groupby("player")["points"].sum()
            # attribution adds up to the points on what the record settles (the score with
            # unknown colonies left out)
            provisional = {r.name: r.total for r in score(game.final)}
            assert {name: totals[name] for name in totals.index} == provisional
            assert [r.name for r in rows] == list(provisional)


@pytest.mark.slow
@pytest.mark.parametrize("seed", [4, 11, 17])
def test_a_seats_record_cut_anywhere_gives_ranges_that_hold_the_truth_at_every_step(seed):
    """A seat's record stopped mid-evening (after any line) is scored at each step in the
    hindsight of what it holds so far: each player's total and place at that step is a
    range holding what the whole game, every card known, scores there; a category no
    unknown card changes is exact."""
    import random

    rng = random.Random(seed)
    players = 2 + seed % 5
    full = full_game(seed, players, "alternative" if seed % 3 == 0 else "standard", seed % 2)
    lines = write(seat_view(full, rng.randrange(players))).splitlines(keepends=True)
    body = next(i for i, line in enumerate(lines) if not line.startswith("[")) + 1
    ranged = 0   # (the rows a range gives: the test is of something)
    for cut in sorted(rng.sample(range(body, len(lines) + 1), 5)):
        game = replay(parse_one("".join(lines[:cut])))
        steps = len(game)
        for i in sorted({0, steps, *rng.sample(range(steps + 1), min(5, steps + 1))}):
            for mine, true in zip(game.score_at(i), full.score_at(i)):
                ranged += mine.total_range[0] < mine.total_range[1]
                assert mine.total_range[0] <= true.total <= mine.total_range[1], (cut, i)
                assert mine.rank_range[0] <= true.rank <= mine.rank_range[1], (cut, i)
                for category in ("industries", "market_leader", "consortium", "colonies",
                                 "wealth", "money"):
                    assert getattr(mine, category) == getattr(true, category), (cut, i)
    assert ranged


def test_a_place_the_ranges_leave_open_is_given_as_the_places_they_allow(capsys):
    """Ben's record of the Thursday game, stopped after round 5: Ann's and Cleo's totals
    overlap (15-20 and 15-17), so either may be first; every view says 1-2, not the
    place of the lowest totals (it said Cleo 1, Ann 2)."""
    from mclog.games.millionclub.analysis import final_scores
    from mclog.games.millionclub.board_svg import board_svg
    from mclog.games.millionclub.terminal import ranking_text, score_lines

    full = replay(read_one(SAMPLES[-1]))
    assert SAMPLES[-1].name == "thursday-club-3p.mclog"
    lines = write(seat_view(full, 1)).splitlines(keepends=True)
    game = replay(parse_one("".join(lines[:lines.index("round 6\n")])))
    rows = game.scores()
    assert [(r.name, r.total_text, r.rank, r.rank_text) for r in rows] == [
        ("Ann", "15-20", 2, "1-2"), ("Ben", "7-8", 3, "3"), ("Cleo", "15-17", 1, "1-2")]
    table = score_lines(game)
    assert [line.split()[-1] for line in table[2:5]] == ["1-2", "3", "1-2"]
    assert ranking_text(rows) == "1-2. Cleo 15-17, 1-2. Ann 15-20, 3. Ben 7-8"
    assert "(#1-2)" in board_svg(game.final, scores=rows)
    frame = final_scores(game)
    assert frame[["rank_best", "rank_worst"]].values.tolist() == [[1, 2], [3, 3], [1, 2]]
    assert [r["range"]["rank"] for r in (row.as_dict() for row in rows) if "range" in r
            and "rank" in r["range"]] == [[1, 2], [1, 2]]   # (score --json's rows)
    assert main(["score", "--json", str(SAMPLES[-1])]) == 0   # (settled: no range at all)
    assert '"range"' not in capsys.readouterr().out


def test_hide_on_the_command_line(tmp_path, capsys):
    path = SAMPLES[0]
    names = read_one(path).table.names
    assert main(["hide", "--seat", names[0], str(path)]) == 0
    out = capsys.readouterr().out
    hidden = tmp_path / "hidden.mclog"
    hidden.write_text(out)
    assert "?" in out and main(["validate", str(hidden)]) == 0
    assert main(["hide", "--seat", "Nobody", str(path)]) == 1
    assert capsys.readouterr().err == (f"{path}: 'Nobody' is not a player of this game (the "
                                       f"players are {', '.join(names)})\n")
    # (a name in another case: the one meant, as a [Seat] tag's says it)
    assert main(["hide", "--seat", names[0].lower(), str(path)]) == 1
    assert capsys.readouterr().err.endswith(f"'{names[0].lower()}' is not a player of this "
                                            f"game (the players are {', '.join(names)}): "
                                            f"did you mean {names[0]}?\n")
    # (a seat given by its number: the name it takes)
    assert main(["hide", "--seat", "2", str(path)]) == 1
    assert capsys.readouterr().err.endswith(f"(the players are {', '.join(names)}): --seat "
                                            f"takes the player's name (--seat {names[1]})\n")


# --- the fits the reveal used to refuse (issue 12, "What fails today") -----------------

def test_a_draft_written_with_only_the_cards_the_seat_saw_is_told_to_draw_the_rest_as_unseen():
    """A seat's record at the table names the cards its seat saw of a draft; the cards taken
    before the hand reached it are drawn all the same, as ``?``.  Written without them, the
    record is refused at the item the draws run into, saying how many the draft draws and
    how to write a card not seen."""
    played = replay(read_one(SAMPLES[-2]))   # six-players-alternative-schemer
    seats = (seat_view(played, seat) for seat in range(len(played.record.players)))
    texts = (write(record).splitlines() for record in seats)
    lines, at = next((lines, i) for lines in texts for i, line in enumerate(lines)
                     if " draws " in line and "?" in line.split(" draws ")[1].split(",")[0]
                     and set(line.split(" draws ")[1].split(",")[0].split()) != {"?"})
    label, rest = lines[at].split(" draws ")
    cards = rest.split(",")[0].split()
    seen = [card for card in cards if card != "?"]
    lines[at] = f"{label} draws {' '.join(seen)}{rest[len(' '.join(cards)):]}"
    with pytest.raises(RecordError) as info:
        replay(parse_one("\n".join(lines) + "\n"))
    assert info.value.line > at
    assert (f"(the draft draws {len(cards)} cards, {len(seen)} of them so far; a card not "
            "seen is drawn as ?)") in str(info.value)


DUEL = """[Players "Ann yellow, Ben blue"]

setup      Ann asia, Ben ?
setup      Ann F, Ben T
start      Ann

round 1
place      Ann III, Ben III, Ann V, Ben V
colonies   draws asia india africa
colonies   Ann buys asia
colonies   Ben buys ?
"""


def test_a_card_no_one_named_is_called_unseen_in_a_message_never_by_its_handle():
    """The engine follows a ``?`` card by a handle (``?3.5``); a message names it as the
    player wrote it: Ann, out of money, cannot buy "the unseen card" (it said "the
    '?49.50' card")."""
    from mclog.errors import RuleError
    from mclog.games.millionclub.rules.flow import play
    from mclog.games.millionclub.rules.moves import Buy

    text = DUEL.replace("colonies   draws asia india africa", "colonies   draws ? ? ?")
    played = replay(parse_one(text.replace("colonies   Ann buys asia\n", "")
                              .replace("colonies   Ben buys ?\n", "")))
    state = played.replay.current.copy()
    state.money[0] = 0
    with pytest.raises(RuleError) as info:
        play(state, Buy(0, "?"))
    assert info.value.reason == "Ann cannot buy the unseen card: Ann has 0 million and it " \
                                "costs 2"


def test_a_card_taken_unseen_from_a_hand_i_saw_is_one_of_what_was_left():
    """Ann saw the hand (asia, india, africa), bought the Asia and passed the rest: Ben's
    colony is India or Africa, the card set aside the other one, and nothing more."""
    game = replay(parse_one(DUEL))
    state = game.state(len(game))
    bought = [c for c, n in state.colonies[1].items() if n and c.startswith("?")]
    assert len(bought) == 2  # the setup colony and this one, both unknown
    possible = game.problem.possible()
    can_be = sorted(sorted(possible[game.variables[h]]) for h in bought)
    assert can_be == [["africa", "america", "asia", "india", "oceania"], ["africa", "india"]]
    assert all(r.exact for r in game.scores()[:1])  # Ann's points do not depend on them


def test_a_named_colony_taken_from_a_rival_is_not_a_guess():
    full = full_game(11, 3, "standard", False)
    hidden = seat_view(full, 2)
    game = replay(hidden)
    text = write(hidden, game)
    assert parse_one(text) == hidden and write(parse_one(text)) == text  # ? stays ?


def test_a_record_no_identities_fit_is_refused_at_the_first_line_that_breaks():
    """Seven Asias in the Colony deck cannot be: the seventh named Asia is refused where
    it is named, whatever the ? cards before it."""
    full = full_game(3, 3, "standard", False)
    text = write(seat_view(full, 0))
    lines = text.splitlines()
    reveal = next(i for i, line in enumerate(lines) if line.startswith("reveal"))
    name = lines[reveal].split()[1]
    held = sum(1 for w in lines[reveal].split()[2:] if w != "none")
    lines[reveal] = f"reveal     {name} " + " ".join(["asia"] * held) if held else lines[reveal]
    bad = "\n".join(lines) + "\n"
    try:
        replay(parse_one(bad))
    except RecordError as exc:
        assert exc.line <= reveal + 1
        assert exc.code in ("unknown", "reveal")
    else:  # the player really could hold that many Asias: nothing to refuse
        assert held <= 6


def test_the_search_says_where_a_record_stops_fitting():
    p = Problem()
    kinds = ("a", "b")
    xs = [p.variable(kinds) for _ in range(3)]
    p.at_most(xs, {"a": 1, "b": 2}, tag="line 4")
    p.fix(xs[0], "a", tag="line 7")
    p.exactly(xs[1:], {"a": 1, "b": 1}, tag="line 9")
    assert p.first_conflict() == "line 9"
    assert p.possible()[xs[0]] == set()  # nothing fits: no card is "known"


def test_known_means_every_fitting_assignment_agrees():
    p = Problem()
    xs = [p.variable(("a", "b", "c")) for _ in range(3)]
    p.exactly(xs, {"a": 1, "b": 1, "c": 1}, tag="reveal")
    p.fix(xs[0], "a", tag="named")
    possible = p.possible()
    assert possible[xs[0]] == {"a"}
    assert possible[xs[1]] == possible[xs[2]] == {"b", "c"}


def test_public_api_names_the_seat_view():
    assert mclog.seat_view is seat_view


def test_errors_cross_process_boundaries_whole():
    import pickle

    from mclog.errors import RuleError

    rule = pickle.loads(pickle.dumps(RuleError("Ben was not handed an Asia card", "R15")))
    assert (str(rule), rule.rule) == ("Ben was not handed an Asia card (R15)", "R15")
    rec = RecordError("check failed", line=3, col=4, file="a.mclog", rule="R1", game=2,
                      code="check")
    back = pickle.loads(pickle.dumps(rec))
    assert (str(back), back.code, back.line) == (str(rec), "check", 3)


THURSDAY = SAMPLES[-1]


@pytest.mark.slow
def test_every_prefix_of_the_thursday_sample_that_validates_replays_everywhere():
    """Cut anywhere (here every 41 bytes from the first round on), a record that
    validates with --partial also replays, scores and draws every step."""
    from mclog.games.millionclub.terminal import replay_text as _render_replay

    text = THURSDAY.read_text()
    accepted = 0
    for cut in range(900, len(text), 23):
        try:
            game = replay(parse_one(text[:cut]))
        except RecordError:
            continue
        accepted += 1
        _render_replay(game)
        game.scores()
        for i in range(0, len(game) + 1, 5):
            game.state(i)._repr_html_()
    assert accepted > 20


# --- items that decline a question the rules never ask (issue 12, item 5) -------------

def _with_redundant_items() -> str:
    lines = THURSDAY.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("stock      Cleo takes-over"))
    assert lines[at + 1].startswith("end        Ben cash F3")
    lines[at + 1] = lines[at + 1].replace("end        Ben", "end        Ann pass, Ben")
    lines.insert(at + 1, "stock      Ann pass                   ; Cleo held the privilege")
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("seat", [0, 1, 2])
def test_a_seats_record_of_a_record_with_a_redundant_item_is_that_of_the_record_without(seat):
    """A redundant item is no move: each move after it was paired with the state before
    the next move, so Ben's record of a game with one showed ``Ann uses, draws india,
    buys india``, a card only Ann saw, and hid cards Ben drew (two such items: an internal
    error)."""
    redundant = _with_redundant_items().replace("end        Ann pass, Ben", "end        Ben")
    plain = replay(parse_one(THURSDAY.read_text()))
    with_it = replay(parse_one(redundant))
    assert len(with_it.warnings) == 1
    assert write(seat_view(with_it, seat)) == write(seat_view(plain, seat)).replace(
        "; 6 million to me, and I have no industry left\n",
        "; 6 million to me, and I have no industry left\n; Cleo held the privilege\n")


def test_the_json_of_a_record_with_a_redundant_item_imports_back_as_the_record_without(
        tmp_path, capsys):
    """A redundant pass is told from a move by its line's label (``stock ... Ben pass``
    when the question is Cleo's end-of-round turn), which JSON does not keep: exported,
    it read as Ben answering Cleo's question, and the JSON did not import.  ``export``
    leaves it out, as fmt does, and says so."""
    text = THURSDAY.read_text()
    assert text.count("\nstock      Cleo takeover Ben F3\n") == 1
    path = tmp_path / "club.mclog"
    path.write_text(text.replace("\nstock      Cleo takeover Ben F3\n",
                                 "\nstock      Cleo takeover Ben F3, Ben pass\n"))
    assert main(["export", str(path)]) == 0
    said = capsys.readouterr()
    assert said.err == (f"{path}:58:38: warning: Ben pass is redundant: Ben does not hold "
                        "the Stock Exchange privilege this round (R10), so there is no "
                        "Hostile takeover to decline (left out, as fmt leaves it out)\n")
    exported = tmp_path / "club.json"
    exported.write_text(said.out)
    assert main(["import", str(exported)]) == 0
    assert capsys.readouterr().out == write(read_one(THURSDAY))


def test_a_pass_for_a_question_never_asked_is_a_warning(tmp_path, capsys):
    text = _with_redundant_items()
    game = replay(parse_one(text))
    assert [w.reason for w in game.warnings] == [
        "Ann pass is redundant: Ann does not hold the Stock Exchange privilege this round "
        "(R10), so there is no Hostile takeover to decline",
        "Ann pass is redundant: Ann has no industry, so has no end-of-round turn to decline "
        "(R19)"]
    assert [r.total for r in game.scores()] == [24, 12, 18]  # the same game
    path = tmp_path / "club.mclog"
    path.write_text(text)
    assert main(["validate", str(path)]) == 0
    err = capsys.readouterr().err
    assert f"{path}:34:16: warning: Ann pass is redundant: Ann does not hold" in err
    assert main(["validate", "--strict", str(path)]) == 1
    capsys.readouterr()
    assert main(["hide", "--seat", "Ben", str(path)]) == 0   # (a record without them)
    said = capsys.readouterr()
    assert "stock      Ann pass" not in said.out and \
        said.err.count(" (left out, as fmt leaves it out)\n") == 2
    assert main(["fmt", "--check", str(path)]) == 1
    assert capsys.readouterr().err.startswith(
        f"{path}:34:16: warning: Ann pass is redundant: Ann does not hold the Stock Exchange "
        "privilege this round (R10), so there is no Hostile takeover to decline (fmt leaves "
        "it out)\n")
    assert main(["fmt", str(path)]) == 0  # fmt leaves the redundant items out, not comments
    said = capsys.readouterr()   # (and says each one: it was left out in silence)
    assert said.err.count(" (left out)\n") == 2 and said.out == f"{path}: formatted\n"
    formatted = path.read_text()
    assert "stock      Ann pass" not in formatted and "; Cleo held the privilege" in formatted
    assert formatted.replace("; Cleo held the privilege\n", "") == write(read_one(THURSDAY))
    assert not replay(parse_one(formatted)).warnings


def test_a_contract_that_cannot_be_paid_names_no_one():
    from mclog.games.millionclub.rules.cards import CONTRACT
    from mclog.games.millionclub.rules.moves import Target
    from mclog.games.millionclub.redundant import not_asked
    from table import dealt

    s = dealt(3)
    s.phase, s.resolving, s.money[0] = "resolve", 2, 2
    assert not_asked(s, Target(0, 1), "intrigue", (0, CONTRACT)) == (
        "Ann cannot pay 3 million, so Buy a colonial contract is not carried out and names "
        "no opponent (R23)")
    assert not_asked(s, Target(0, 1), "intrigue", (1, CONTRACT)) is None  # not Ann's card


# --- shorter where unambiguous (issue 12, item 6) -----------------------------------------

def test_an_industry_may_be_named_by_its_type_alone_when_unambiguous():
    canonical = THURSDAY.read_text()
    short = canonical.replace("Ben up F2", "Ben up F", 1).replace(
        "Cleo takes-over Ann R2", "Cleo takes-over Ann raw", 1)
    assert short != canonical
    game = replay(parse_one(short))
    assert [r.total for r in game.scores()] == [24, 12, 18]
    assert write(game.record, game) == write(read_one(THURSDAY))  # written out in full
    assert "Ben up F2" in write(game.record, game)


def test_a_type_alone_is_refused_when_the_player_owns_different_ones():
    from mclog.games.millionclub.rules.moves import Turn

    full = full_game(1, 3, "standard", False)
    states = list(full.replay.states())
    text = write(full.record, full)
    for step in full.steps:
        move = step.move
        owned = {c for c in states[step.index - 1].industries[move.player or 0]
                 if type(move) is Turn and c.kind == move.industry.kind}
        if type(move) is Turn and len(owned) > 1:
            break
    else:
        pytest.skip("no such turn in this game")
    record = parse_one(text)
    entry = [e for e in record.entries if type(e).__name__ == "MoveEntry"][step.index - 1]
    lines = text.splitlines()
    word, line = str(move.industry), lines[entry.line - 1]
    at = line.index(f" {word}", entry.col - 1)
    lines[entry.line - 1] = line[:at] + f" {word[0]}" + line[at + 1 + len(word):]
    with pytest.raises(RecordError) as info:
        replay(parse_one("\n".join(lines) + "\n"))
    assert info.value.line == entry.line
    assert info.value.reason.startswith(f"Which {INDUSTRY_NAMES[word[0]]} industry? ")
    assert " and ".join(map(str, sorted(owned))) in info.value.reason


def test_attribution_marks_the_points_that_depend_on_unknown_colonies():
    from mclog.games.millionclub.analysis import attribution

    full = full_game(7, 4, "standard", False)
    game = replay(seat_view(full, 0))
    points = attribution(game)
    assert points.unknown.any() and not points.unknown.all()
    marked = points[points.unknown]
    assert set(marked.category) <= {"dominance", "globalisation", "colonies"}
    totals = points.groupby("player")["points"].sum()
    assert {n: totals[n] for n in totals.index} == {r.name: r.total for r in game.scores()}
    assert not attribution(full).unknown.any()  # a record that names every card


def test_a_deck_count_conflict_names_the_kind_at_fault():
    p = Problem()
    xs = [p.variable(("a", "b")) for _ in range(2)]
    p.fix(xs[0], "a", tag="line 3")
    p.fix(xs[1], "a", tag="line 5")
    p.at_most(xs, {"a": 1, "b": 2}, tag="line 8")
    index = p.first_conflict_index()
    assert p.constraints[index].tag == "line 8"
    assert p.kinds_at_fault(index) == ["a"]


def test_final_scores_table_gives_the_exact_range_before_the_reveal():
    from mclog.games.millionclub.analysis import final_scores

    full = full_game(9, 6, "standard", False)
    table = final_scores(replay(without_reveal(seat_view(full, 0))))
    truth = {r.name: r.total for r in full.scores()}
    assert not table.exact.all()
    for row in table.itertuples():
        assert row.total_low <= truth[row.name] <= row.total_high
        assert row.exact == (row.total_low == row.total_high)


@pytest.mark.parametrize("seed,players", [(9, 6), (13, 3)])
def test_every_table_gives_a_ranged_category_as_its_lowest_and_highest(seed, players):
    """Dominance and globalisation, the categories unknown colonies change, are given as
    their lowest and ``<category>_high`` in every table of a seat's record before the
    reveal (the step table at every step, the final scores, the corpus's players): what
    the whole game scores lies between them, and they are one value where the record
    settles it.  (A lone lowest, with ``exact`` true where colonies trade one bonus for
    the other, read as a settled score.)"""
    from mclog.games.millionclub.analysis import final_scores, timeline
    from mclog.games.millionclub.analysis.rows import corpus_rows

    full = full_game(seed, players, "standard", False)
    game = replay(without_reveal(seat_view(full, 0)), events=True)
    truth = timeline(full).set_index(["step", "player"])
    steps = timeline(game)
    final = final_scores(game).set_index("name")
    rows = corpus_rows(game, "g", "x")["players"]
    corpus = {name: {c: rows[c][i] for c in rows} for i, name in enumerate(rows["name"])}
    ranged = 0
    for category in ("dominance", "globalisation"):
        high = f"{category}_high"
        for row in steps.itertuples():
            true = truth.loc[(row.step, row.player), category]
            assert getattr(row, category) <= true <= getattr(row, high), (row.step, category)
            ranged += getattr(row, category) < getattr(row, high)
        for r in full.scores():
            assert final.loc[r.name, category] <= getattr(r, category) <= final.loc[r.name, high]
            assert (corpus[r.name][category], corpus[r.name][high]) == \
                (final.loc[r.name, category], final.loc[r.name, high])
    mine = game.scores()
    assert [final.loc[r.name, "dominance_high"] for r in mine] == \
        [r.range_of("dominance")[1] for r in mine]
    assert ranged   # (the test is of something)


def _ranges_by_enumeration(state, problem, variables) -> list[dict[str, tuple[int, int]]]:
    """Each player's lowest and highest dominance, globalisation and their total over
    every naming of the colonies held that the record allows, found by trying each one
    (a naming of the handles held, fixed in the problem, that the problem's own search
    can complete)."""
    scoring = ColonyScoring(state)
    handles = scoring.handles
    possible = problem.possible()
    out = [{c: [None, None] for c in ("dominance", "globalisation", "total")}
           for _ in range(state.players)]
    for kinds in itertools.product(*(sorted(possible[variables[h]]) for h in handles)):
        for h, kind in zip(handles, kinds):
            problem.fix(variables[h], kind)
        fits = problem.solve() is not None
        for _ in handles:
            problem.drop_last()
        if not fits:
            continue
        for row, got in zip(out, scoring.points_if(dict(zip(handles, kinds)))):
            values = {"dominance": got["dominance"], "globalisation": got["globalisation"],
                      "total": got["dominance"] + got["globalisation"]}
            for what, v in values.items():
                low, high = row[what]
                row[what] = [v if low is None else min(low, v),
                             v if high is None else max(high, v)]
    return [{c: tuple(v) for c, v in row.items()} for row in out]


@pytest.mark.parametrize("seed,players", [(s, 2 + s % 3) for s in range(40, 51)])
def test_score_ranges_are_the_exact_lowest_and_highest(seed, players):
    """``exact_ranges`` at every distinct set of colonies held before the reveal against
    trying every naming: the lowest and the highest of each category and of their sum,
    neither wider nor narrower (the total bounds, the categories found from them where
    the other is certain, and the witnesses that prove a bound without a search)."""
    from mclog.games.millionclub.rules.score_range import exact_ranges

    full = full_game(seed, players, "standard", seed % 2 == 1)
    game = replay(without_reveal(seat_view(full, 0)))
    checked, seen = 0, set()
    for index in range(0, len(game) + 1, 7):
        state = game.known_view(game.replay.state(index))
        scoring = ColonyScoring(state)
        handles = scoring.handles
        space = math.prod(len(game.problem.possible()[game.variables[h]]) for h in handles)
        key = tuple(tuple(sorted(held.items())) for held in state.colonies)
        if not handles or space > 400 or key in seen:
            continue
        seen.add(key)
        truth = _ranges_by_enumeration(state, game.problem, game.variables)
        named = {h: game.example[x] for h, x in game.variables.items()}
        for example, ask_first in ((None, False), (named, False), (named, True)):
            got = exact_ranges(state, game.problem, game.variables, example, True,
                               ask_first=ask_first)
            assert got == truth, (index, example is None, ask_first)
        checked += 1
    assert checked >= 1


@pytest.mark.parametrize("seed,players", [(23, 4), (5, 3)])   # (5: its chart changes too)
def test_the_replay_widget_shows_safe_ranges_at_once_then_the_exact_ones(seed, players):
    """A seat's record before the reveal: the widget is drawn at once from safe bounds
    (each holding the exact range, marked as narrowing), and once the background has found
    the exact ranges its frames, chart and texts are those of a widget built with them;
    asked from Python, a score is exact at any time."""
    from mclog.games.millionclub.widget import FINDING, replay_widget

    full = full_game(seed, players, "standard", False)
    text = write(without_reveal(seat_view(full, 0)))
    game = replay(parse_one(text))
    quick = game.with_safe_ranges()
    for i in range(len(game) + 1):   # the safe bounds hold the exact ranges, at every step
        for safe, exact in zip(quick.score_at(i), game.score_at(i)):
            assert safe.total_range[0] <= exact.total_range[0] <= exact.total_range[1] \
                <= safe.total_range[1]
    assert quick.range_budget.spent and not game.range_budget.spent
    widget = replay_widget(replay(parse_one(text)))
    first = list(widget.frames)
    last = len(widget.positions) - 1
    assert widget.scores_at(last) == game.score_at(len(game))   # exact from Python at once
    assert widget.ranges_ready.wait(timeout=300) and widget.ranges_error is None
    waited = replay_widget(replay(parse_one(text)), wait_for_ranges=True)
    assert waited.ranges_ready.is_set()
    assert widget.frames == waited.frames
    assert widget.chart.to_json() == waited.chart.to_json()
    # ... and so is the chart the page is sent (it was drawn first from the safe bounds)
    assert widget.marked.view.figure == waited.marked.view.figure
    changed = [i for i, (a, b) in enumerate(zip(first, widget.frames)) if a != b]
    assert changed and all(FINDING in first[i][2] for i in changed)
    assert not any(FINDING in frame[2] for frame in widget.frames)
    assert widget.score.value == widget.frames[widget.slider.value][2]


#: A script that makes a replay widget of ``sys.argv[1]`` and ends while the widget's
#: background thread is inside a CP-SAT search (told by the search itself).
_ENDS_MID_SEARCH = """
import sys, threading
from ortools.sat.python import cp_model
import mclog
from mclog.games.millionclub.widget import replay_widget
inside = threading.Event()
solve = cp_model.CpSolver.solve
def solving(self, *args, **kwargs):
    if threading.current_thread() is not threading.main_thread():
        inside.set()
    return solve(self, *args, **kwargs)
cp_model.CpSolver.solve = solving
widget = replay_widget(mclog.replay(mclog.read_one(sys.argv[1])))
print("searching at exit:", inside.wait(300) and not widget.ranges_ready.is_set())
"""


@pytest.mark.slow
def test_python_exits_cleanly_while_a_widget_still_searches_for_ranges(tmp_path):
    """A script (or a kernel shut down) that ends while a replay widget still searches
    for exact ranges exits with status 0: its thread, frozen inside CP-SAT's C++ threads
    at exit, aborted the process (``terminate called without an active exception``,
    status 134)."""
    import subprocess
    import sys

    path = tmp_path / "seat.mclog"
    path.write_text(write(without_reveal(seat_view(full_game(23, 4, "standard", False), 0))))
    done = subprocess.run([sys.executable, "-c", _ENDS_MID_SEARCH, str(path)],
                          capture_output=True, text=True, timeout=600)
    assert done.stdout == "searching at exit: True\n", (done.stdout, done.stderr[-2000:])
    assert done.returncode == 0 and "terminate called" not in done.stderr, done.stderr[-2000:]


def test_the_replay_widget_of_a_record_that_names_every_card_needs_no_background():
    from mclog.games.millionclub.widget import replay_widget

    widget = replay_widget(full_game(3, 3, "standard", False))
    assert widget.ranges_ready.is_set()


def test_scores_after_the_reveal_ask_no_search(monkeypatch):
    """Once the reveal names every colony each player holds, the final scores are
    counted from it: no CP-SAT search (this six-player record once asked two, to settle
    which of a rival's unseen cards the reveal's kinds were)."""
    from ortools.sat.python import cp_model

    solves = []
    original = cp_model.CpSolver.Solve
    monkeypatch.setattr(cp_model.CpSolver, "Solve",
                        lambda self, *a, **k: solves.append(1) or original(self, *a, **k))
    full = full_game(3, 6, "alternative", False)
    game = replay(parse_one(write(seat_view(full, 0))))
    rows = game.scores()
    assert solves == [] and all(r.exact for r in rows)
    assert [(r.total, r.rank) for r in rows] == [(r.total, r.rank) for r in full.scores()]


def test_the_replay_widget_says_so_when_the_exact_ranges_cannot_be_found(monkeypatch):
    """A failure in the background leaves the safe bounds (true, if wider), and the page
    says they are the safe bounds instead of promising the exact ones."""
    from mclog.games.millionclub import widget as widgets

    game = replay(without_reveal(seat_view(full_game(23, 4, "standard", False), 0)))
    real = widgets.timeline
    calls = []

    def failing(played):
        calls.append(played)
        if len(calls) > 1:   # (the first is the widget's own, drawn at once)
            raise RuntimeError("out of memory")
        return real(played)

    monkeypatch.setattr(widgets, "timeline", failing)
    widget = widgets.replay_widget(game)
    assert widget.ranges_ready.wait(timeout=300)
    assert str(widget.ranges_error) == "out of memory"
    assert not any(widgets.FINDING in frame[2] for frame in widget.frames)
    assert any("(safe bounds: the exact ranges could not be found: out of memory)" in frame[2]
               for frame in widget.frames)
