"""A failed check names the move that, written otherwise, would make it agree
(``mclog.slips``): Million Club's checks of money and prices, here; Millionenspiel's
landings in ``test_millionenspiel.py`` (M12).

The records: a random game with ``check money`` at every round's end, as the table
counted it, and one move written as another legal answer to the same question (a disc
on another sector, a card cashed instead of raised), the moves after it still legal.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from table import NAMES, random_game

from mclog import RecordError, parse_one, replay, seat_view, write
from mclog.errors import RuleError
from mclog.games.millionclub.notation.record import record_from_moves
from mclog.games.millionclub.rules import legal_moves, new_game, play
from mclog.games.millionclub.rules.moves import Draw
from mclog.games.millionclub.rules.scoring import points as scoring_points
from mclog.record.entries import CheckEntry
from mclog.slips import NAMED


def _round_ends(moves, players: int) -> list[list[int]]:
    """Each player's money at the end of each round of ``moves`` (a RuleError where they
    are no legal game)."""
    state, ends = new_game(NAMES[:players]), []
    for move in moves:
        before = state.round
        play(state, move)
        if (state.round != before and before > 0) or state.decision is None:
            ends.append(list(state.money))   # (round 0 is the setup)
    return ends


def _checked(moves, players: int, counted: list[list[int]]) -> str:
    """The record of ``moves`` with ``check money`` after each round, holding ``counted``
    (the money the table counted at each round's end)."""
    text = write(record_from_moves(new_game(NAMES[:players]).table, moves))
    checks = ["check money " + " ".join(f"{name} {money}" for name, money in
                                        zip(NAMES, round_end)) for round_end in counted]
    lines = []
    for line in text.splitlines():
        if re.fullmatch(r"round\s+[2-9]", line.strip()):
            lines.append(checks[int(line.split()[1]) - 2])
        lines.append(line)
    return "\n".join([*lines, checks[-1], ""])


def _played(seed: int, players: int) -> tuple[list, list]:
    """A random game's moves, and the state before each of them and after the last."""
    _, moves = random_game(seed, players)
    states = [new_game(NAMES[:players])]
    for move in moves:
        states.append(states[-1].copy())
        play(states[-1], move)
    return moves, states


def _each_slip(seed: int, players: int):
    """The moves of a random game, then each of them in a random order written as one
    other legal answer at random: ``(index, the game so written)``."""
    rng = random.Random(seed)
    moves, states = _played(seed, players)
    yield moves
    order = list(range(len(moves)))
    rng.shuffle(order)
    for index in order:
        others = [m for m in legal_moves(states[index]) if m != moves[index]]
        if others:
            yield index, [*moves[:index], rng.choice(others), *moves[index + 1:]]


def _slipped(seed: int, players: int):
    """A random game's round-end money, and the game with one move (at ``index``) written
    as another legal answer, which changes the money at some round's end (the moves
    tried in a random order, each written as one other answer at random)."""
    slips = _each_slip(seed, players)
    truth = _round_ends(next(slips), players)
    for index, slipped in slips:
        try:
            if _round_ends(slipped, players) != truth:
                return truth, slipped, index
        except RuleError:
            continue
    return None


def _first_refusal(text: str):
    """The record replayed past its failed checks: the first one's reason, and the game."""
    played = replay(parse_one(text), strict=False)
    assert played.errors, "the slip changed no check"
    return played.errors[0].reason, played


@pytest.mark.parametrize("seed", range(12))
def test_a_move_named_as_the_slip_is_the_one_written_otherwise(seed):
    """At the first failed check: where the move written otherwise stands after the last
    check that agreed (where the search looks), it is named, or more than three moves
    would explain the count and none is; at most three are named."""
    players = 2 + seed % 5
    found = _slipped(seed, players)
    assert found is not None
    truth, slipped, index = found
    text = _checked(slipped, players, truth)
    reason, played = _first_refusal(text)
    assert reason.startswith("check failed "), reason
    named = [int(n) for n in re.findall(r"line (\d+) read", reason)]
    line = played.steps[index].line
    if line > _last_check_before(text, played.errors[0].line):
        assert line in named or " if " not in reason, (reason, line)
    assert len(named) <= NAMED


def _last_check_before(text: str, line: int) -> int:
    """The line of the last check before ``line`` of ``text`` (0: none)."""
    return max((n for n, content in enumerate(text.splitlines(), 1)
                if content.startswith("check") and n < line), default=0)


def test_the_slip_is_named_in_most_games():
    """Over 40 games, most name the slip at their first failed check (the test above holds
    whether or not one is named; this keeps it from passing empty)."""
    refused = named = 0
    for seed in range(40):
        players = 2 + seed % 5
        found = _slipped(seed, players)
        if found is None:
            continue
        truth, slipped, index = found
        reason, played = _first_refusal(_checked(slipped, players, truth))
        refused += 1
        named += f"line {played.steps[index].line} read" in reason
    assert refused >= 30 and named >= refused * 2 // 3, (refused, named)


def test_a_named_slip_is_written_as_the_record_writes_that_move():
    """The words of a slip: the line, the move as the record would write it, and the move
    as written (a disc placed on another sector, here)."""
    _, moves = random_game(3, 3)
    truth = _round_ends(moves, 3)
    state = new_game(NAMES[:3])
    for index, move in enumerate(moves):
        if type(move).__name__ == "Place" and state.round == 1:
            others = [m for m in legal_moves(state) if m != move]
            slipped = next((s for s in ([*moves[:index], other, *moves[index + 1:]]
                                        for other in others) if _ends_or_none(s) not in
                            (None, truth)), None)
            if slipped is not None:
                break
        play(state, move)
    reason, played = _first_refusal(_checked(slipped, 3, truth))
    line = played.steps[index].line
    names = played.record.table
    from mclog.games.millionclub.notation.text import move_text

    assert f"line {line} read '{move_text(moves[index], names)}' (not " \
           f"'{move_text(slipped[index], names)}')" in reason, reason


def _ends_or_none(moves):
    try:
        return _round_ends(moves, 3)
    except RuleError:
        return None


@pytest.mark.parametrize("seed", range(6))
def test_a_seats_record_names_no_move_with_a_card_it_did_not_see(seed):
    """A seat's record of a slipped game: its first failed check names no move with a
    ``?`` (a card the seat did not see is not the record's to have meant otherwise)."""
    players = 3 + seed % 3
    found = _slipped(100 + seed, players)
    assert found is not None
    truth, slipped, _ = found
    full = replay(parse_one(_checked(slipped, players, truth)), strict=False)
    for seat in range(players):
        try:
            replay(parse_one(write(seat_view(full, seat))))
        except RecordError as error:
            hint = error.reason.partition(" if ")[2]
            assert "?" not in hint, error.reason
        else:
            raise AssertionError("the seat's record passed a check the full one fails")


def test_a_seats_refusal_names_no_move_with_a_card_it_did_not_see():
    """Each seat's record of six games, each with a move written otherwise that a later
    move's refusal follows from: no refusal names a move with a ``?``, and most name one
    (the search runs on a seat's record too)."""
    from dataclasses import replace

    from mclog.slips import written_as

    refusals = hints = 0
    for seed in range(6):
        players = 3 + seed % 4
        found = _refused_later(seed, players)
        assert found is not None
        truth, moves, index, other = found
        played = replay(parse_one(_checked(moves, players, truth)))
        for seat in range(players):
            record = parse_one(write(seat_view(played, seat)))
            entry = replay(record).replay.infos[index].entry
            with pytest.raises(RecordError) as refused:
                replay(replace(record, entries=written_as(record.entries, entry, other)))
            hint = refused.value.reason.partition(" if ")[2]
            assert "?" not in hint, refused.value.reason
            refusals, hints = refusals + 1, hints + bool(hint)
    assert hints >= refusals // 2, (hints, refusals)


def _miscounted(seed: int, players: int, check: int, only_last: bool = False,
                seat: int = 0, off: int = 1) -> str:
    """The record of a random game with ``check money`` at each round's end, the money
    of the player in ``seat`` (the first) counted ``off`` (one too many) at the
    ``check``-th (from 0); ``only_last``: the record checked at the end only."""
    _, moves = random_game(seed, players)
    counted = _round_ends(moves, players)
    counted[check][seat] += off
    text = _checked(moves, players, counted)
    if only_last:
        lines = text.splitlines()
        text = "\n".join([*(line for line in lines if not line.startswith("check")),
                          lines[-1], ""])
    return text


def test_a_miscount_that_later_checks_contradict_names_no_move():
    """Ann's money counted one too many after round 2: one placement in round 1 written
    otherwise would give that count, but the round checks after it were counted on the
    game as played and contradict it, so no move is named."""
    reason, _ = _first_refusal(_miscounted(28, 5, 1))
    assert reason == ("check failed after round 2: Ann has 1 million by the rules, but the "
                      "record says 2")


def test_a_slip_no_later_check_can_confirm_says_the_count_may_be_wrong():
    """Checked only at the end, a count one move would explain is said with its doubt."""
    reason, _ = _first_refusal(_miscounted(0, 2, -1, only_last=True))
    assert reason == (
        "check failed at the end of the game: Ann has 40 million by the rules, but the record "
        "says 41; the record would agree with it if line 71 read 'Ann IV:T' (not 'Ann IV:R'), "
        "or if the count is wrong (no later check tells)")


@pytest.mark.parametrize("old, new, message", [
    pytest.param(
        "Cleo II, Ann III, Ben V", "Cleo II, Ann V, Ben V",
        "<text>:18:18: draws oceania is on a 'colonies' line, but the game is in round 1, at "
        "the Industries (V): next is chance: draw an Industry card (an 'industries' line); "
        "the rules would allow it if line 14 read 'Ann III' (not 'Ann V')",
        id="the round skips the Colonies: their draws' line no longer fits"),
    pytest.param(
        "stock      Cleo takes-over Ann R2", "stock      Cleo pass",
        "<text>:36:1: The record says round 3 starts here, but the game is in round 2 (Ann: "
        "make the end-of-round industry turn): a move is missing or one too many; round 3 "
        "would start here if line 33 read 'Cleo takeover Ann R2' (not 'Cleo pass')",
        id="Ann keeps an industry: round 2 waits for her end-of-round turn"),
])
def test_a_line_or_round_an_earlier_slip_broke_names_it(old, new, message):
    """An earlier move written otherwise in the Thursday club's game (Ann's pawn on the
    Colonies written on the Industries; Cleo's takeover of Ann's last industry written as
    a pass) leaves a later line whose label, or a round line where the round, no longer
    fits; the money checked after round 3 lets the record name that move."""
    with pytest.raises(RecordError) as refused:
        replay(parse_one(_sample_with("millionclub/thursday-club-3p.mclog", old, new)))
    assert str(refused.value) == message


@pytest.mark.parametrize("seat", [None, 0, 1])
def test_the_nights_last_count_after_the_reveal_names_its_slip(seat):
    """The duel as a table ends it, the colonies revealed and then the scores counted,
    with Yann's last end-of-round turn written as a pass: nothing counts the money after
    it, only the score, and the failed score check names the turn (with its doubt, as no
    later count can tell), from the whole record and from either seat's."""
    text = _sample("millionclub/duel-2p.mclog")
    if seat is not None:
        text = write(seat_view(replay(parse_one(text)), seat))
    end = "Yann up F2, Zoe cash R2+1"
    assert text.count(end) == 1
    written = text.replace(end, "Yann pass, Zoe cash R2+1").rstrip("\n") + \
        "\ncheck score Zoe 12 Yann 20\n"
    line = next(number for number, row in enumerate(written.splitlines(), 1)
                if "Yann pass, Zoe" in row)
    with pytest.raises(RecordError) as refused:
        replay(parse_one(written))
    assert refused.value.reason == (
        f"check failed at the end of the game: Yann's score is 19 by the rules, but the "
        f"record says 20; the record would agree with it if line {line} read 'Yann up F2' "
        f"or 'Yann up R2+1' or 'Yann up R3' (not 'Yann pass'), or if the count is wrong (no "
        f"later check tells)")


def test_a_card_dealt_at_the_setup_is_named_as_its_line_writes_it():
    """A starting colony is written ``Ann asia`` on the setup line, not ``draws asia``:
    a random game whose only slip is Ann's starting colony, its money checked at each
    round's end (which the slip does not change) and its score at the end."""
    moves, states = _played(17, 4)
    slipped = [Draw("asia"), *moves[1:]]
    assert moves[0] == Draw("oceania") and states[0].decision.recipient == 0
    scores = " ".join(f"{name} {score}" for name, score in zip(NAMES, _final_scores(moves, 4)))
    written = _checked(slipped, 4, _round_ends(moves, 4)) + f"check score {scores}\n"
    with pytest.raises(RecordError) as refused:
        replay(parse_one(written))
    assert refused.value.reason == (
        "check failed at the end of the game: Ann's score is 6 by the rules, but the record "
        "says 7; the record would agree with it if line 4 read 'Ann oceania' (not 'Ann "
        "asia'), or if the count is wrong (no later check tells)")


def _final_scores(moves, players: int) -> list[int]:
    """Each player's score at the end of the game of ``moves``."""
    state = new_game(NAMES[:players])
    for move in moves:
        play(state, move)
    return [sum(points.values()) for points in scoring_points(state)]


def _score_slipped(seed: int, players: int):
    """A random game's record with ``check money`` at each round's end and ``check score``
    at the end, as the table counted them, with one move written as another legal answer
    that changes no money counted but the final score (a colony, a last industry turn),
    and the line the move stands on; None where no move of the game does that."""
    slips = _each_slip(seed, players)
    moves = next(slips)
    money, scores = _round_ends(moves, players), _final_scores(moves, players)
    for index, slipped in slips:
        try:
            if _round_ends(slipped, players) != money or \
                    _final_scores(slipped, players) == scores:
                continue
        except RuleError:
            continue
        counted = " ".join(f"{name} {score}" for name, score in zip(NAMES, scores))
        text = _checked(slipped, players, money) + f"check score {counted}\n"
        return text, replay(parse_one(_checked(moves, players, money))).steps[index].line
    return None


@pytest.mark.parametrize("seed", range(1, 9))
def test_a_slip_only_the_score_counts_is_named_at_the_score_check(seed):
    """The score check fails at the end, and names the move written otherwise, or more
    than three moves would explain it and none is named."""
    found = _score_slipped(seed, 2 + seed % 5)
    assert found is not None
    text, line = found
    reason, _ = _first_refusal(text)
    assert reason.startswith("check failed at the end of the game: "), reason
    named = [int(n) for n in re.findall(r"line (\d+) read", reason)]
    assert line in named or " if " not in reason, (reason, line)
    assert len(named) <= NAMED


def test_a_drawer_an_earlier_slip_changed_names_it():
    """A record that names who draws each draft's cards (``Cleo draws ...``, checked:
    R13), one of the first three rounds' placements written otherwise so that another pawn
    stands on space 1: the drawer's refusal names the placement (or none, where more would
    do), in most of the cases."""
    from dataclasses import replace

    from mclog.games.millionclub.replayer import drawer
    from mclog.slips import written_as

    moves, _ = _played(0, 3)
    record = parse_one(_checked(moves, 3, _round_ends(moves, 3)))
    played = replay(record)
    for index, facts in enumerate(played.replay.infos):   # (each drawer named)
        if type(facts.entry.move) is Draw and facts.decision.actor is None and \
                facts.label in ("intrigue", "colonies", "industries"):
            facts.entry.subject = drawer(played.replay.state(index))
    record = parse_one(write(record))
    played = replay(record)
    refused = named = 0
    for index, facts in enumerate(played.replay.infos):
        if facts.round > 3 or facts.label != "place":
            continue
        for other in legal_moves(played.replay.state(index)):
            if other == facts.entry.move:
                continue
            try:
                replay(replace(record, entries=written_as(record.entries, facts.entry, other)))
                continue   # (a placement that changes nothing the record tells)
            except RecordError as error:
                reason = error.reason
            if "draws this card, not" in reason:
                refused += 1
                named += f"line {facts.entry.line} read" in reason
                assert f"line {facts.entry.line} read" in reason or " if " not in reason, reason
    assert refused >= 10 and named >= refused // 2, (refused, named)


@pytest.mark.parametrize("sample, written, meant", [
    ("millionclub/duel-2p.mclog", {"type": "Turn", "player": 1, "industry": "R2+1",
                                    "action": "capital"}, {"action": "develop"}),
    ("cartel/club-4p-advanced.mclog", {"move": "keep", "player": 2}, {"move": "repurchase"}),
])
def test_an_imported_record_names_its_slip_by_entry_and_its_rule_once(sample, written,
                                                                       meant, tmp_path,
                                                                       capsys):
    """``mclog import`` of a JSON record whose move, written otherwise, leaves a later
    one refused: the refusal is said at its entry, with its rule once (the rule stood
    twice: in the reason the slip goes on from, and again at its end), and the slip by
    its entry."""
    import json

    from mclog import read_one, to_json
    from mclog.cli import main

    data = to_json(read_one(str(Path(__file__).parent.parent / "sample_games" / sample)))
    index = next(i for i, entry in enumerate(data["entries"])
                 if written.items() <= entry.items())
    data["entries"][index].update(meant)
    path = tmp_path / "slipped.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["import", str(path)]) != 0
    said = capsys.readouterr().err
    rule = re.search(r"\((R\d+|[A-Z][a-z ]+)\); the rules would allow it if "
                     rf"entries\[{index}\] read", said)
    assert rule is not None, said
    assert said.count(f"({rule.group(1)})") == 1, said


@pytest.mark.parametrize("sample, old, new", [
    ("millionclub/duel-2p.mclog", "check      money Zoe 4 Yann 6", "check      money Zoe 5 Yann 6"),
    ("millionenspiel/family-3p.mclog", "Ann rolls 6 2, past arrow, lands blue",
     "Ann rolls 6 2, lands blue"),
    ("cartel/club-4p-advanced.mclog", "end year 3, repurchase Ann, keep Ben",
     "end year 3, keep Ann, keep Ben"),
])
def test_a_replay_that_nobody_reads_the_message_of_looks_for_no_slip(sample, old, new):
    """``replay(..., slips=False)`` (a move list's lines, a review's worker): the failed
    check says its plain words, and its slip is not looked for; by default it is (every
    game, through the one protocol)."""
    record = parse_one(_sample_with(sample, old, new))
    said = []
    for slips in (True, False):
        with pytest.raises(RecordError) as failed:
            replay(record, slips=slips)
        said.append(failed.value.reason)
    searched, plain = said
    assert " if " in searched and searched.startswith(plain + ";"), (searched, plain)
    assert " if " not in plain, plain


def test_moves_of_one_line_written_alike_and_meant_alike_are_one_slip():
    """Four cards of one draw written ``F``, any of which may be the ``R`` the refusal
    wants: one phrase, counted once against the three slips a message names at most."""
    from mclog.slips import Slip, in_words

    found = [Slip(index, "draws F", "draws R") for index in range(4)]
    assert in_words(found, lambda slip: "line 16", str, "the rules would allow it") == (
        "; the rules would allow it if line 16 read 'draws R' (not 'draws F')")
    apart = [Slip(index, "draws F", "draws R") for index in range(NAMED + 1)]
    assert in_words(apart, lambda slip: f"line {slip.index}", str) == ""


def _refused_later(seed: int, players: int):
    """A random game's round-end money, its moves, and one move (at ``index``) written as
    another legal answer (``meant``: as it was) after which a later move is one the
    rules refuse; None where no move of the game does that."""
    rng = random.Random(seed)
    moves, states = _played(seed, players)
    order = list(range(len(moves)))
    rng.shuffle(order)
    for index in order:
        for other in legal_moves(states[index]):
            state = states[index].copy()
            play(state, other)
            try:
                for move in moves[index + 1:]:
                    play(state, move)
            except RuleError:
                return _round_ends(moves, players), moves, index, other
    return None


def _refusal_after_slip(seed: int) -> bool:
    """A game with a slip that makes a later move illegal (``_refused_later``): where the
    later one is refused (by the rules, or as its line's label no longer fits the game)
    and the slip stands after the last money check that agreed, the refusal names it, or
    more than three moves would allow the refused one and none is named; at most three
    are named.  Whether the slip was named."""
    from dataclasses import replace

    from mclog.slips import written_as

    players = 2 + seed % 5
    found = _refused_later(seed, players)
    assert found is not None
    truth, moves, index, other = found
    text = _checked(moves, players, truth)
    record = parse_one(text)
    entry = replay(record).replay.infos[index].entry
    with pytest.raises(RecordError) as refused:
        replay(replace(record, entries=written_as(record.entries, entry, other)))
    error = refused.value
    named = [int(n) for n in re.findall(r"line (\d+) read", error.reason)]
    assert len(named) <= NAMED
    if error.code != "illegal-move":
        return False   # (a check failed first: its slip is the tests' above)
    if entry.line > _last_check_before(text, error.line):
        assert entry.line in named or " if " not in error.reason, (error.reason, entry.line)
    return entry.line in named


@pytest.mark.parametrize("seed", range(200, 210))
def test_a_move_refused_for_an_earlier_slip_names_it(seed):
    """``_refusal_after_slip`` holds on each game."""
    _refusal_after_slip(seed)


def test_a_move_refused_for_an_earlier_slip_often_names_it():
    """... and names the slip in most games (the test above holds whether or not one is
    named; this keeps it from passing empty): in the rest a check fails first, the slip
    stands before the last check that agreed, or more moves would do."""
    named = sum(_refusal_after_slip(seed) for seed in range(200, 240))
    assert named >= 20, named


# --- the kit's games: Cartel, Joakim -------------------------------------------------------

def _sample(sample: str) -> str:
    """The text of the sample game ``sample`` (under ``sample_games/``)."""
    from pathlib import Path

    return (Path(__file__).parent.parent / "sample_games" / sample).read_text(encoding="utf-8")


def _sample_with(sample: str, old: str, new: str) -> str:
    """The sample game ``sample`` with its one ``old`` written ``new``."""
    text = _sample(sample)
    assert text.count(old) == 1
    return text.replace(old, new)


def _club_with(old: str, new: str) -> str:
    """Cartel's 4-player advanced sample with one line's ``old`` written ``new``."""
    return _sample_with("cartel/club-4p-advanced.mclog", old, new)


def test_a_cartel_record_names_the_year_end_written_otherwise():
    """The 4-player advanced sample with Ann's repurchase at the end of year 3 written as
    a keep: its money check names that line."""
    written = _club_with("end year 3, repurchase Ann, keep Ben", "end year 3, keep Ann, keep Ben")
    with pytest.raises(RecordError) as refused:
        replay(parse_one(written))
    assert str(refused.value) == (
        "<text>:37:7: the money does not match the rules: Ann has 40, not 25; the record "
        "would agree with it if line 36 read 'repurchase Ann' (not 'keep Ann')")


@pytest.mark.parametrize("sample, old, new, counted, refusal, hint", [
    pytest.param(
        "millionclub/duel-2p.mclog", "Zoe pass, Yann cash R2+1", "Zoe pass, Yann up R2+1",
        "check      money Zoe 0 Yann 0",
        "<text>:60:17: Yann cannot buy the Raw materials card: Yann has 2 million and it "
        "costs 4 (R15)",
        "; the rules would allow it if line 45 read 'Yann cash R2+1' (not 'Yann up R2+1')",
        id="Million Club: a turn written 'up' where Yann drew capital"),
    pytest.param(
        "cartel/club-4p-advanced.mclog", "end year 2, keep Ann, keep Ben, keep Cleo, keep Dan",
        "end year 2, keep Ann, keep Ben, repurchase Cleo, keep Dan", "check money Ann 25",
        "<text>:33:21: Cleo has 12 in cash, not the 20 still owed for whitcombe: sell more "
        "stock or take the bond (Paying)",
        "; the rules would allow it if line 29 read 'keep Cleo' (not 'repurchase Cleo')",
        id="Cartel: a repurchase written where Cleo kept her stock"),
    pytest.param(
        "cartel/club-4p-advanced.mclog", "offer Ann islay, bid Ben 60",
        "buy Ann calder, bid Ben 60", "check money Ann 25",
        "<text>:17:17: Ben's bid cannot come now: next, Ann pays for calder: here the record "
        "writes pay Ann [bond <bond>] [stock <stock>] [cash <cash>] (The Play)",
        "; the rules would allow it if line 17 read 'offer Ann islay' (not 'buy Ann calder')",
        id="Cartel: a buy written for an offer, which leaves the auction's bids no question"),
])
def test_a_move_refused_after_an_earlier_slip_names_it(
        sample, old, new, counted, refusal, hint):
    """An earlier move written otherwise leaves a player short of a later payment, or
    asks another question than the later move answers; the money check that follows the
    refusal lets the record name that move (the refusal's own reason first).  With
    nothing counted after it, the refusal is the move's own slip as likely as not, and
    nothing is named."""
    written = _sample_with(sample, old, new)
    with pytest.raises(RecordError) as refused:
        replay(parse_one(written))
    assert str(refused.value) == refusal + hint
    with pytest.raises(RecordError) as refused:
        replay(parse_one(written[:written.index(counted)]))
    assert str(refused.value) == refusal


def _kit_slipped(name: str, seed: int):
    """A simulated game of the kit game ``name`` with a money check every 25 moves (as the
    table counted it) and one move written as another of at most 40 legal answers, the
    moves after it still legal and some check now failing: the record, the entry written
    otherwise (as it was) and where it stands in the record; None where none is found."""
    from dataclasses import replace

    from mclog.games import game

    kit = game(name)
    engine, count = kit.engine, kit.checks["money"]
    rng = random.Random(seed)
    record = parse_one(kit.simulated_text(rng.choice([2, 3]), seed, kit.review_bots, {}))
    played = replay(record)
    moves = played.replay.moves
    counted = {k: list(count(played.state(k))) for k in range(25, len(moves) + 1, 25)}
    order = list(range(len(moves)))
    rng.shuffle(order)
    for index in order[:200]:
        legal = list(engine.legal(played.state(index)) or ())
        others = [m for m in legal if m != moves[index]] if len(legal) <= 40 else []
        if not others:
            continue
        other = rng.choice(others)
        state, differs = played.state(index), False
        try:
            engine.play(state, other)
            for later in range(index + 1, len(moves) + 1):
                differs = differs or (later in counted and list(count(state)) != counted[later])
                if later < len(moves):
                    engine.play(state, moves[later])
        except RuleError:
            continue
        if not differs:
            continue
        target = [e for e in record.entries if type(e).__name__ == "MoveEntry"][index]
        entries, made = [], 0
        for entry in record.entries:
            if entry is target:
                position = len(entries)   # (where the entry written otherwise stands)
            entries.append(replace(entry, move=other) if entry is target else entry)
            if type(entry).__name__ == "MoveEntry":
                made += 1
                if made in counted:
                    entries.append(CheckEntry("money", tuple(enumerate(counted[made]))))
        return replace(record, entries=entries), target, position
    return None


@pytest.mark.parametrize("name, seeds", [("Cartel", range(10)),
                                         ("Joakim von Ankas fantastiska affärer", range(6))])
def test_a_kit_games_slip_named_is_the_move_written_otherwise(name, seeds):
    """Cartel's and Joakim's records (the kit's replay): at the first failed check, where
    the move written otherwise stands after the last check that agreed, it is named (or
    more than three moves would explain the count, and none is); most games name it."""
    refused = named = 0
    for seed in seeds:
        found = _kit_slipped(name, seed)
        if found is None:
            continue
        record, target, position = found
        played = replay(record, strict=False)
        assert played.errors, seed
        refused += 1
        reason = played.errors[0].reason
        failed = played.error_entries[0]
        after = max((i for i, e in enumerate(record.entries[:failed])
                     if isinstance(e, CheckEntry)), default=-1)
        lines = [int(n) for n in re.findall(r"line (\d+) read", reason)]
        if position > after and " if " in reason:
            assert target.line in lines, (seed, target.line, reason)
        named += target.line in lines
    assert refused >= len(seeds) // 2 and named >= refused // 2, (refused, named)


def test_a_later_check_of_another_kind_does_not_vouch_for_a_slip():
    """Ann's purchase at Joakim's harbour sample written one short: the cash counted at
    midnight names the moves that would explain it, and the tray's values counted after
    it, which no purchase of hers changes, cannot tell them from a miscount."""
    from pathlib import Path

    sample = Path(__file__).parent.parent / "sample_games" / "joakim" / "harbour-sharks-4p.mclog"
    text = sample.read_text(encoding="utf-8")
    old = "roll Ann 2, move Ann e4, buy Ann shipping 3"
    assert text.count(old) == 1
    played = replay(parse_one(text.replace(old, old[:-1] + "2")), strict=False)
    reason = played.errors[0].reason
    assert reason.startswith("the cash does not match the rules: Ann has 27, not 19; the "
                             "record would agree with it if ")
    assert "line 112 read 'buy Ann shipping 3' (not 'buy Ann shipping 2')" in reason
    assert reason.endswith(", or if the count is wrong (no later check tells)")


def test_a_check_of_cash_and_one_of_money_are_one_kind():
    """Joakim's ``check cash`` and ``check money`` count the same: a search after a failed
    one starts at the last of either that agreed."""
    from mclog.games import game
    from mclog.kit.played import KitPlayed

    joakim = game("Joakim von Ankas fantastiska affärer")
    played = KitPlayed(joakim, parse_one(joakim.simulated_text(2, 3, joakim.review_bots, {})))
    assert played._kind("cash") == played._kind("money") != played._kind("values")
