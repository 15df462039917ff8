"""Millionenspiel (issue 16): one test per rule and reading (docs/millionenspiel/rules.md,
M1..M18), the notation's errors, and property tests over random play."""

import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mclog import RecordError, RuleError, parse_one, read_one, replay, to_json, write
from mclog.cli import main
from mclog.errors import readable
from mclog.games.millionenspiel.notation.json_form import record_from_json
from mclog.games.millionenspiel.rules import (
    ILLUSTRATIVE, MILLION, Accept, Bet, BuyPension, Die, Land, Refuse, StartPlayer, Throw,
    apply, new_game, play,
)
from mclog.games.millionenspiel.simulator import bots_from_names, simulate

SAMPLES = sorted((Path(__file__).parent.parent / "sample_games" / "millionenspiel").glob("*.mclog"))
HEAD = '[Game "Millionenspiel"]\n[Players "Ann, Ben, Cleo"]\n'


def game(*moves, names=("Ann", "Ben", "Cleo"), track=None):
    state = new_game(names, track)
    for move in moves:
        play(state, move)
    return state


def bets(*amounts, roller=0):
    """The bets of one throw, from the roller's left, the roller last."""
    n = len(amounts)
    return [Bet((roller + 1 + i) % n, a) for i, a in enumerate(amounts)]


def text(body: str):
    return replay(parse_one(HEAD + body), strict=True)


def test_m1_two_to_five_players_or_a_house_rule_with_more_pension_cards():
    """The box holds five pension cards of each value and every player starts with one
    of 5: 2 to 5 players; more play a house rule naming its supply (M1)."""
    with pytest.raises(RuleError, match=r"played here by 2 to 10 players, not 1 \(M1\)"):
        new_game(["Ann"])
    with pytest.raises(RecordError, match="not 11 \\(M1\\)"):
        parse_one('[Game "Millionenspiel"]\n[Players "' + ", ".join(
            f"P{i}" for i in range(11)) + '"]\n')
    six = '[Game "Millionenspiel"]\n[Players "' + ", ".join(f"P{i}" for i in range(6)) + '"]\n'
    with pytest.raises(RecordError) as info:
        parse_one(six)
    assert str(info.value) == (
        '<text>:2:1: The box holds five pension cards of each value, so Millionenspiel is '
        'for 2 to 5 players, not 6: a table of 6 plays a house rule with more cards '
        '([PensionCards "6"]) (M1)')
    record = parse_one(six.replace("\n[Players", '\n[PensionCards "6"]\n[Players'))
    assert record.pension_cards == 6 and replay(record).final.money == [5] * 6
    with pytest.raises(RecordError, match=r'not "4"'):
        parse_one(six.replace("\n[Players", '\n[PensionCards "4"]\n[Players'))
    with pytest.raises(RecordError, match="6 players need 6 of them, not 5|2 to 5 players"):
        parse_one(six.replace("\n[Players", '\n[PensionCards "5"]\n[Players'))
    assert new_game([f"P{i}" for i in range(10)], pension_cards=10).money == [5] * 10
    assert new_game([f"P{i}" for i in range(5)]).money == [5] * 5


def test_m15_a_pension_card_bought_must_exist():
    """Seven players with seven cards of each value: when six hold a card of 500, the
    seventh can still buy one; with every card of 500 held, none is left (M15)."""
    s = new_game([f"P{i}" for i in range(7)], pension_cards=7)
    play(s, StartPlayer(0))
    s.pension[:6] = [500] * 6
    s.money[6] = 20_000
    play(s, BuyPension(6, 50))
    play(s, BuyPension(6, 500))  # the seventh card of 500
    assert s.pension == [500] * 7
    short = new_game(["Ann", "Ben", "Cleo"])
    play(short, StartPlayer(0))
    short.pension_cards = 2  # (a house rule's supply, run short)
    short.pension[:] = [500, 500, 50]
    short.money[2] = 20_000
    with pytest.raises(RuleError) as info:
        play(short, BuyPension(2, 500))
    assert str(info.value) == ("every pension card of 500 is held already (there are 2) "
                               "(M15)")


def test_m2_setup():
    s = new_game(["Ann", "Ben"], ILLUSTRATIVE)
    assert (s.money, s.pension, s.position, s.decision.kind) == ([5, 5], [5, 5], 0, "start")


def test_m3_start_player_rolls_first():
    s = game(StartPlayer(2))
    assert s.roller == 2 and s.decision == ("bet", 0)  # Ann, on Cleo's left, bets first
    for seat in (3, -1):   # (a move made in Python: the reader names players)
        with pytest.raises(RuleError) as info:
            game(StartPlayer(seat))
        assert str(info.value) == f"{seat} is not a seat at this table (0 to 2) (M1)"


def test_m4_bets_in_order_within_the_stake():
    s = game(StartPlayer(0))
    with pytest.raises(RuleError, match=r"it is Ben's turn to bet, not Cleo's: bets go "
                                        r"clockwise from the roller's left, the roller "
                                        r"last \(M4\)"):
        play(s, Bet(2, 1))
    with pytest.raises(RuleError, match=r"Ben cannot bet 6: Ben has 5 \(M4\)"):
        play(s, Bet(1, 6))
    play(s, Bet(1, 5))
    play(s, Bet(2, 0))
    assert s.decision == ("bet", 0)  # the roller last
    with pytest.raises(RecordError) as error:
        text("start Ann\nbets Ben pass, Cleo 1, Ann 1\nAnn rolls 2 3, lands green\n"
             "bets Cleo 1, Ann 1, Ben 1\n")
    assert str(error.value) == "<text>:6:21: Ben has no money and is not asked to bet (M4)"


def test_m5_the_dice_pass_left_even_to_the_broke():
    s = game(StartPlayer(0), *bets(5, 0, 0), Throw((1, 2)), Accept(0), Land("beige"))
    assert s.money == [5, 0, 5] and s.roller == 1  # Ben, broke, rolls
    assert s.decision == ("bet", 2)  # and is not asked to bet
    with pytest.raises(RecordError, match=r"5:1: Cleo is not rolling: the dice are Ann's "
                                          r"this throw \(M5\)"):
        text("start Ann\nbets Ben 1, Cleo 1, Ann 1\nCleo rolls 2 3, lands blue\n")


def test_m6_only_the_first_throw_may_be_refused():
    s = game(StartPlayer(0), *bets(1, 1, 1), Throw((3, 3)), Refuse(0), Throw((1, 2)))
    assert s.decision.kind == "land" and len(s.throws) == 1  # the refused throw is gone
    with pytest.raises(RuleError, match=r"has refused a throw already: only the first "
                                        r"throw of a turn may be refused \(M6\)"):
        play(s, Refuse(0))
    played = text("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 6 6, refuses, rolls 1 2,"
                  " lands blue\n")
    assert played.final.money == [6, 6, 6]


def test_m7_a_double_cannot_land():
    with pytest.raises(RecordError) as e:
        text("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 1 1, lands blue\n")
    assert str(e.value) == ("<text>:5:16: Ann rolled a double (1 1): a double is rolled "
                            "again, and the throws add up (M7)")


def test_m7_doubles_add_up():
    s = game(StartPlayer(0), *bets(1, 1, 1), Throw((2, 2)), Accept(0))
    assert s.decision.kind == "throw"  # a kept double is rolled again
    play(s, Throw((5, 5)))
    assert s.decision.kind == "throw"
    play(s, Throw((1, 2)))
    assert s.decision.kind == "land"
    track = ILLUSTRATIVE
    s = game(StartPlayer(0), *bets(1, 1, 1), Throw((2, 2)), Accept(0), Throw((1, 2)),
             track=track)
    with pytest.raises(RuleError, match=r"7 spaces from space 0 the track puts the pawn on "
                                        r"blue \(space 7\), not on red \(M12\)"):
        play(s, Land("red"))


@pytest.mark.parametrize("colour, money", [
    ("blue", [7, 8, 9]), ("yellow", [25, 35, 45]), ("red", [205, 305, 405]),
    ("beige", [3, 2, 1]), ("green", [2, 3, 4]),
])
def test_m8_each_colour_pays_every_player(colour, money):
    s = game(StartPlayer(2), Bet(0, 2), Bet(1, 3), Bet(2, 4), Throw((1, 2)), Accept(2),
             Land(colour))
    assert s.money == money


@pytest.mark.parametrize("value, money", [
    (1, [5, 5, 0]), (2, [5, 5, 1005]), (3, [5, 5, 1]), (4, [3, 2, 10]), (5, [5, 5, 4]),
    (6, [2, 3, 10]),
])
def test_m9_the_black_die(value, money):
    """Ann bets 2, Ben 3, Cleo (rolling) 4, everyone holding 5."""
    s = game(StartPlayer(2), Bet(0, 2), Bet(1, 3), Bet(2, 4), Throw((1, 2)), Accept(2),
             Land("black"), Die(value))
    assert s.money == money


def test_m12_a_track_checks_every_landing():
    track = " ".join(ILLUSTRATIVE)
    head = f'[Game "Millionenspiel"]\n[Players "Ann, Ben"]\n[Track "{track}"]\n'
    rec = parse_one(head + "start Ann\nbets Ben 1, Ann 1\nAnn rolls 1 2, lands blue\n")
    with pytest.raises(RecordError) as e:
        replay(rec)
    assert str(e.value) == ("<text>:6:16: 3 spaces from space 0 the track puts the pawn on "
                            "yellow (space 3), not on blue (M12)")
    with pytest.raises(RecordError, match=r'\[Track\] the track starts at the space with '
                                          r'the arrow, which is black'):
        parse_one('[Game "Millionenspiel"]\n[Players "A, B"]\n[Track "' +
                  " ".join(["blue"] * 13) + '"]\n')


def test_m13_everyone_broke_pays_pensions():
    s = game(StartPlayer(0), *bets(0, 0, 0), Throw((1, 2)), Accept(0), Land("green"))
    assert s.money == [5, 5, 5]  # all broke by green: the pensions of 5 paid at once
    s = game(StartPlayer(0), *bets(0, 0, 0), Throw((1, 2)), Accept(0), Land("green"),
             track=None)
    assert s.roller == 1


def test_m14_pensions_are_paid_before_the_landing():
    s = game(StartPlayer(0), *bets(2, 0, 1), Throw((1, 2)), Accept(0), Land("green", 1))
    assert s.money == [1, 2, 0]  # 5 + 5 pension, less the money not bet
    track = ILLUSTRATIVE
    s = game(StartPlayer(0), *bets(1, 1, 1), *[m for m in (Throw((6, 6)), Accept(0),
             Throw((6, 6)), Throw((6, 6)), Throw((3, 1)))], track=track)
    play(s, Land("black", 1))  # 40 spaces: exactly on the arrow, which is black
    assert s.decision.kind == "die" and s.money == [10, 10, 10]


def test_m14_passing_the_arrow_twice_pays_twice():
    """"As soon as the pawn reaches or passes the space with the arrow, pensions are
    paid": each time, so a run of doubles round the track twice pays twice."""
    track = ("black", *["blue"] * 12)  # a short track: 13 spaces
    s = game(StartPlayer(0), *bets(1, 1, 1), Throw((6, 6)), Accept(0), Throw((6, 6)),
             Throw((3, 1)), track=track)  # 28 spaces: past the arrow at 13 and 26
    with pytest.raises(RuleError) as info:
        apply(s, Land("blue", 1))
    assert str(info.value) == ("28 spaces from space 0 the pawn passes twice the arrow on "
                               "this track: write 'past arrow twice' (M12)")
    play(s, Land("blue", 2))
    assert s.money == [5 + 10 + 1] * 3  # two pensions of 5, and the bet won
    played = text("start Ann\nbets Ben 1, Cleo 1, Ann 1\n"
                  "Ann rolls 6 6, rolls 6 6, rolls 6 6, rolls 6 6, rolls 6 6, rolls 6 6, "
                  "rolls 6 6, rolls 3 1, past arrow twice, lands blue\n")
    assert played.final.money == [16, 16, 16]
    assert "past arrow twice, lands blue" in write(played.record)
    # the same, written as the table says it: the arrow passed, and passed again
    again = text("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 6 6, rolls 6 6, "
                 "rolls 6 6, rolls 6 6, rolls 6 6, rolls 6 6, rolls 6 6, rolls 3 1, "
                 "past arrow, past arrow, lands blue\n")
    assert again.record == played.record
    thrice = text("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 6 6, rolls 3 1, "
                  "past arrow 3 times, lands beige\n")
    assert thrice.final.money == [19, 19, 19]
    causes = [e.cause for e in thrice.money_events if e.cause.startswith("pensions")]
    assert causes == [f"pensions: the pawn passed the arrow ({n} time)"
                      for n in ("first", "second", "third") for _ in range(3)]
    once = text("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 6 5, past arrow, "
                "lands beige\n")   # (once: no count said)
    assert {e.cause for e in once.money_events if e.cause.startswith("pensions")} == \
        {"pensions: the pawn passed the arrow"}
    assert "past arrow 3 times, lands beige" in write(thrice.record)
    assert record_from_json(to_json(thrice.record)) == thrice.record


def _by_hand(text: str, rng: random.Random, names: set[str]) -> str:
    """``text`` as a hand at the table writes it: each verb in any of its words and any
    case (``Ann ROLLED 4 3, Refused``, ``past arrow, landed blue``), every other word of
    the notation in any case (``lands BLUE``), and commas with or without spaces."""
    from mclog.games.millionenspiel.notation.verbs import VERBS

    out = []
    for line in text.splitlines():
        if not line or line[0] in "[;{" or line.lower().startswith("check"):
            out.append(line)
            continue
        at = min([i for i in (line.find(";"), line.find("{")) if i >= 0], default=len(line))
        words = []
        for word in line[:at].split(" "):
            core, comma = (word[:-1], ",") if word.endswith(",") else (word, "")
            verb = VERBS.by_word.get(core)
            if verb is not None:
                core = rng.choice((core, *verb.aliases))
            if core not in names:
                core = rng.choice((core, core.upper(), core.capitalize()))
            words.append(core + comma)
        out.append(" ".join(words).replace(", ", rng.choice((", ", ",", " , "))) + line[at:])
    return "\n".join(out) + "\n"


@pytest.mark.parametrize("source", [*SAMPLES, *range(6)],
                         ids=lambda s: getattr(s, "name", f"simulated-{s}"))
def test_a_record_written_by_hand_reads_as_its_canonical_form(source):
    """Every word of every verb (``rolled``, ``landed``, ``bet``, ``refused``, ``bought``)
    in any case, at any place a move stands, reads as the same record: a sample, and
    simulated games of 2 to 5 players, whose landings pass the arrow.  (``past arrow,
    landed blue`` was refused: after the arrow only ``lands`` was looked for.)"""
    if isinstance(source, Path):
        record = read_one(source)
    else:
        record = simulate(bots_from_names("random", 2 + source % 4, source), source)
    canonical = write(record)
    hand = _by_hand(canonical, random.Random(str(source)), set(record.names))
    assert hand != canonical
    again = parse_one(hand)
    assert again == parse_one(canonical) and write(again) == canonical
    assert replay(again).final.money == replay(record).final.money


def test_m15_pension_cards_in_sequence_before_the_throw():
    s = game(StartPlayer(0))
    s.money[1] = 20_000
    with pytest.raises(RuleError, match=r"Ben holds the pension card of 5: cards are bought "
                                        r"in sequence, so the next is 50 \(M15\)"):
        play(s, BuyPension(1, 500))
    play(s, BuyPension(1, 50))
    play(s, BuyPension(1, 500))
    assert s.pension[1] == 500 and s.money[1] == 9_000
    # after the bets, before the throw: "You must buy a pension card before the pawn
    # passes the arrow" is the rulebook's only limit
    play(s, Bet(1, 1))
    s.money[2] = 1_500
    play(s, Bet(2, 600))
    with pytest.raises(RuleError) as info:
        apply(s, BuyPension(2, 50))
    assert str(info.value) == ("Cleo cannot pay 1,000 for the pension card of 50: Cleo has "
                               "1,500, of which 600 is bet (M15)")
    s.money[2] = 1_600
    play(s, BuyPension(2, 50))
    assert s.pension[2] == 50 and s.money[2] == 600
    play(s, Bet(0, 5))
    play(s, BuyPension(0, 50)) if s.money[0] - 5 >= 1000 else None
    play(s, Throw((1, 2)))  # once the dice are thrown, too late
    with pytest.raises(RuleError, match=r"only before the dice are thrown .* \(M15\)"):
        apply(s, BuyPension(1, 50))
    s.money[2] = 999
    with pytest.raises(RuleError, match="M15"):
        apply(game(StartPlayer(0)), BuyPension(2, 50))
    # in a record: the purchase written after the bets, before the roll
    played = text("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 1 2, lands red\n"
                  "bets Cleo 5, Ann 105, Ben 5\nBen rolls 1 2, lands red\n"
                  "bets Ann 5000, Ben pass\nAnn buys pension 50\nCleo 5\n"
                  "Cleo rolls 4 2, lands beige\n")
    assert played.final.pension == [50, 5, 5]
    assert write(played.record).count("Ann buys pension 50") == 1


def test_m16_the_first_millionaire_and_ties():
    s = game(StartPlayer(0), *bets(5, 5, 5), Throw((1, 2)), Accept(0))
    for seat in range(3):
        s.money[seat] = 10_000
        s.bets[seat] = 9_901  # all of them reach 1,000,000 at once on red
    play(s, Land("red"))
    assert s.finished and s.winner == 1  # Ben bet first (on Ann's left)
    assert [r.rank for r in sorted(replay(parse_one(HEAD)).scores(), key=lambda r: r.name)]
    with pytest.raises(RuleError, match="the game is over"):
        play(s, Bet(1, 1))
    assert MILLION == 1_000_000


def test_m16_ties_in_a_game_in_progress_go_to_who_bet_first_in_the_last_throw():
    """M19: a record that stops before the end ranks equal money by the betting order of
    the last throw settled (the one whose payouts made the money shown), not of the next.
    Ann rolled the last throw settled: Ben bet first in it, then Cleo."""
    played = text("start Ann\nbets Ben 1, Cleo 1, Ann pass\nAnn rolls 1 2, lands blue\n")
    assert played.final.money == [5, 6, 6] and played.final.roller == 1
    ranks = {r.name: r.rank for r in played.scores()}
    assert ranks == {"Ben": 1, "Cleo": 2, "Ann": 3}  # (the next throw's order: Cleo first)
    # a record stopped in the middle of a throw: the same, the last throw settled decides
    midway = text("start Ann\nbets Ben 1, Cleo 1, Ann pass\nAnn rolls 1 2, lands blue\n"
                  "bets Cleo 2\n")
    assert {r.name: r.rank for r in midway.scores()} == ranks
    # before any throw is settled: the first throw's order, from the roller's left
    start = text("start Cleo\n")
    assert [r.name for r in sorted(start.scores(), key=lambda r: r.rank)] == \
        ["Ann", "Ben", "Cleo"]


@pytest.mark.parametrize("seed", range(12))
def test_the_writer_names_the_rollers_its_replay_noted_as_it_names_those_it_plays(seed):
    """Given the record's replay (the recorder writes its record at every line), the
    writer names who rolls as the replay noted them, playing nothing again: the same text
    as the writer that plays the record itself, kept throws, refusals and broke players'
    passes left out included."""
    from mclog.games.millionenspiel.notation.writer import write_game

    records = [read_one(path) for path in sorted(
        (Path(__file__).parent.parent / "sample_games" / "millionenspiel").glob("*.mclog"))]
    records += [simulate(bots_from_names("random,chance", 2 + seed % 9, seed), seed)]
    for record in records if seed == 0 else records[-1:]:
        played = replay(record)
        assert write_game(record, played) == write_game(record)
        # (a replay of another reading of the record is not this one's: played again)
        assert write_game(record, replay(parse_one(write(record)))) == write_game(record)


def test_a_whole_game_written_a_line_a_round_reads_as_its_sample():
    """The format lets a line hold several items, separated by commas: every sample with
    each run of item lines joined into one (a throw's bets, then the roll, the landing,
    the next bets ...) reads as the same record, and replays to the same end."""
    for path in sorted((Path(__file__).parent.parent / "sample_games" / "millionenspiel")
                       .glob("*.mclog")):
        lines: list[str] = []
        for line in path.read_text().split("\n"):
            items = bool(line) and not line.startswith(("[", ";", "check")) and \
                "{" not in line and ";" not in line
            if items and lines and lines[-1].startswith("@"):
                lines[-1] += ", " + line
            else:
                lines.append("@" + line if items else line)
        joined = "\n".join(line.removeprefix("@") for line in lines)
        assert joined.count("\n") <= path.read_text().count("\n") - 5, path.name
        record = parse_one(joined)
        assert write(record) == write(read_one(path)), path.name
        assert replay(record).final.money == replay(read_one(path)).final.money


def test_bets_may_follow_other_items_and_go_on_on_the_next_line():
    played = text("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 1 2, lands blue, "
                  "bets Cleo 2,\n  Ann 3, Ben pass\nBen rolls 2 2, rolls 1 2, lands red\n")
    assert [s.move for s in played.steps if type(s.move).__name__ == "Bet"][3:] == [
        Bet(2, 2), Bet(0, 3), Bet(1, 0)]
    assert write(played.record).splitlines()[-2:] == [
        "bets Cleo 2, Ann 3, Ben pass", "Ben rolls 2 2, rolls 1 2, lands red"]


def test_a_broke_players_pass_is_redundant_with_a_warning(tmp_path, capsys):
    """M4: a player with no money is not asked to bet; their ``pass`` written anyway says
    what the rules say already: a warning (an error with --strict), and fmt drops it."""
    body = ("start Ann\nbets Ben 5, Cleo 1, Ann 1\nAnn rolls 1 2, lands beige\n"
            "bets Cleo 1, Ann 1, Ben pass\nBen rolls 2 1, lands blue\n")
    played = text(body)
    assert played.final.money == [5, 0, 5]
    assert [str(w) for w in played.warnings] == [
        "<text>:6:21: Ben passes is redundant: Ben has no money and is not asked to bet (M4)"]
    path = tmp_path / "broke.mclog"
    path.write_text(HEAD + body)
    assert main(["validate", "--partial", str(path)]) == 0
    assert "warning: Ben passes is redundant" in capsys.readouterr().err
    assert main(["validate", "--partial", "--strict", str(path)]) == 1
    capsys.readouterr()
    assert main(["hide", "--seat", "Cleo", str(path)]) == 0   # (written as fmt writes it)
    said = capsys.readouterr()
    assert "bets Cleo 1, Ann 1\n" in said.out and said.err == (
        f"{path}:6:21: warning: Ben passes is redundant: Ben has no money and is not asked "
        "to bet (M4) (left out, as fmt leaves it out)\n")
    assert main(["fmt", str(path)]) == 0
    assert said.err.replace(", as fmt leaves it out", "") == capsys.readouterr().err
    assert "bets Cleo 1, Ann 1\n" in path.read_text()
    assert replay(read_one(path)).warnings == []


def test_m17_a_game_in_progress(tmp_path, capsys):
    path = tmp_path / "part.mclog"
    path.write_text(HEAD + "start Ann\nbets Ben 1, Cleo 1, Ann 1\n")
    assert main(["validate", str(path)]) == 1
    assert ("the record ends at throw 1 (next: chance: Ann throws the dice); a complete game "
            "ends when a player reaches 1,000,000") in capsys.readouterr().err
    assert main(["validate", "--partial", str(path)]) == 0


def test_m18_unseen_dice():
    played = text("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls ? ?, rolls 2 1, "
                  "lands blue\n")
    assert played.final.money == [6, 6, 6]
    assert [type(step.move).__name__ for step in played.steps].count("Throw") == 2
    with pytest.raises(RecordError, match="the black space's die decides|write the number"):
        text("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 1 2, lands black, die ?\n")


# --- the notation ----------------------------------------------------------------------

@pytest.mark.parametrize("body, message", [
    ("start Dora\n", "<text>:3:7: 'Dora' is not a player of this game (the players are Ann, "
                    "Ben, Cleo)"),
    ("start Ann\nbets Ben x\n", "<text>:4:10: Expected Ben's bet (a number, or pass), found 'x' "
                               "(no bet is written pass)"),
    ("start Ann\nbets Ben y\n", "<text>:4:10: Expected Ben's bet (a number, or pass), found 'y'"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 7 1\n",
     "<text>:5:11: A die shows 1 to 6 (or ? if not seen), not '7'"),
    # (a throw written as one word, or as its sum: the record keeps both dice)
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 4+1, lands red\n",
     "<text>:5:11: A die shows 1 to 6 (or ? if not seen), not '4+1' (a throw is both dice, "
     "each a word: 'rolls 4 1')"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 4\u20131, lands red\n",
     "<text>:5:11: A die shows 1 to 6 (or ? if not seen), not '4\u20131' (a throw is both "
     "dice, each a word: 'rolls 4 1')"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 66, refuses\n",
     "<text>:5:11: A die shows 1 to 6 (or ? if not seen), not '66' (a throw is both dice, "
     "each a word: 'rolls 6 6')"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 11, lands red\n",
     "<text>:5:11: A die shows 1 to 6 (or ? if not seen), not '11' (a throw is both dice, "
     "each a word, not their sum: 'rolls 4 3')"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 5, lands red\n",
     "<text>:5:14: A die shows 1 to 6 (or ? if not seen), not 'lands': is the second die "
     "left out? A throw is both dice, each a word ('rolls 5 2'), not their sum"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 1 2, past arrow, check money Ann 1\n",
     "<text>:5:28: 'past arrow' is followed by where the pawn lands ('lands yellow'), not by "
     "'check'"),
    # (the arrow written after the landing, or said 'passes arrow'; the black space's die
    # written as a throw or a number alone)
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 1 2, lands on red, past arrow\n",
     "<text>:5:30: 'past arrow' comes before where the pawn lands ('past arrow, lands red'): "
     "the pensions are paid as the pawn passes"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 1 2, passes the arrow, lands red\n",
     "<text>:5:16: 'passes': the pawn passing the arrow is written 'past arrow', before where "
     "it lands ('past arrow, lands blue')"),
    *((f"start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 1 2, lands black{die}\n",
       f"<text>:{at}: The die thrown on the black space is written 'die 4' (one die, after "
       "'lands black')")
      for die, at in ((", rolls 4", "5:29"), ("\nAnn rolls 4", "6:1"), (" 4", "5:28"))),
    # (said the way a table says it: no bet, the whole stake, a throw, the start, the move)
    ("start Ann\nbets Ben nothing\n", "<text>:4:10: Expected Ben's bet (a number, or pass), "
     "found 'nothing' (no bet is written pass)"),
    ("start Ann\nbets Ben all\n", "<text>:4:10: Expected Ben's bet (a number, or pass), found "
     "'all' (a bet is written as its sum, even the whole stake)"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn throws 1 2\n", "<text>:5:5: 'throws' is not "
     "something a player does (bets, passes, rolls, refuses, buys pension) (a throw is "
     "written 'Ann rolls 4 3')"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn 1 2 red\n", "<text>:5:7: 'Ann 1 2' reads as "
     "Ann's bet of 1, then '2': a throw is written 'Ann rolls 1 2'"),
    ("Ann starts\n", "<text>:3:5: 'starts' is not something a player does (bets, passes, "
     "rolls, refuses, buys pension) (the start player is written 'start Ann')"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 1 2, moves red\n", "<text>:5:16: 'moves' "
     "is not a word of the notation (the pawn's move is its landing: 'lands red')"),
    ("start Ann\nAnn buys pension of 50\n", "<text>:4:18: Expected the pension card bought (50 "
     "or 500), found 'of' ('of' is not written: an item's values follow one another)"),
    ("start Ann\nAnn buys a pension card\n", "<text>:4:10: 'a' is not written: a pension "
     "card bought is written with its value, 'buys pension 50' (5, then 50, then 500: M15)"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 1 2, lands pink\n",
     "<text>:5:22: 'pink' is not a colour of the board (blue, yellow, red, beige, green, "
     "black)"),
    ("start Ann\nbets Ben " + "9" * 5000 + "\n",
     "<text>:4:10: " + readable("Expected Ben's bet (a number, or pass), found '" + "9" * 5000
                                + "'")),   # (a message's middle cut past 2,000 characters)
    ("start Ann\nAnn sings\n", "<text>:4:5: 'sings' is not something a player does (bets, "
     "passes, rolls, refuses, buys pension)"),
    # (the slip a player meant, where one stands out)
    ("start ann\n", "<text>:3:7: 'ann' is not a player of this game (the players are Ann, "
                   "Ben, Cleo): did you mean Ann?"),
    ("start Ann\nAnn rollz 1 2\n", "<text>:4:5: 'rollz' is not something a player does "
     "(bets, passes, rolls, refuses, buys pension) (did you mean 'rolls'?)"),
    ("start Ann\nbetz Ben 1\n", "<text>:4:1: 'betz' is not a word of the notation (did you "
     "mean 'bets'?)"),
    ("start Ann\nbets Ben 1, pass\n", "<text>:4:13: 'pass' follows the name of the player "
     "who passes: 'Ann pass'"),
    ("start Ann\nAnn lands red\n", "<text>:4:5: 'lands' is not something a player does "
     "(bets, passes, rolls, refuses, buys pension): 'lands ...' is written without a name"),
    # (a mark at a word's end, told as every game tells it)
    ("start: Ann\n", "<text>:3:1: 'start:' ends in a colon (write it without the colon: "
     "'start')"),
    ("start Ann\nbets Ben: 1, Cleo 1, Ann 1\n", "<text>:4:6: 'Ben:' ends in a colon (write "
     "it without the colon: 'Ben')"),
    ("start Ann\nbets Ben 1., Cleo 1, Ann 1\n", "<text>:4:10: Expected Ben's bet (a number, "
     "or pass), found '1.' (write it without the point: '1')"),
    # (a currency sign is left out; a sum is in single marks, so 5M is not said to be 5)
    ("start Ann\nbets Ben $5\n", "<text>:4:10: Expected Ben's bet (a number, or pass), found "
     "'$5' (a sum is written as a bare number: '5')"),
    ("start Ann\nbets Ben 1\nAnn rolls 1 2, red lands\n", "<text>:5:16: 'red' is a colour of "
     "the board: where the pawn lands is written 'lands red'"),
    ("start Ann\nbets Ben 1\nAnn rolls rolls 1 2\n", "<text>:5:11: A die shows 1 to 6 (or ? if "
     "not seen), not 'rolls' ('rolls' is written twice)"),
    ("start Ann\nbets Ben 1\nAnn rolls 1 2, lands lands red\n", "<text>:5:22: 'lands' is not a "
     "colour of the board (blue, yellow, red, beige, green, black) ('lands' is written twice)"),
    ("start Ann\nAnn pension buys 50\n", "<text>:4:5: 'pension' is not something a player does "
     "(bets, passes, rolls, refuses, buys pension): did you mean 'Ann buys pension ...'?"),
    ("start Ann\nbets Ben 5M\n", "<text>:4:10: Expected Ben's bet (a number, or pass), found "
     "'5M'"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 1 2, lands red.\n", "<text>:5:22: "
     "'red.' is not a colour of the board (blue, yellow, red, beige, green, black) (write it "
     "without the point: 'red')"),
    # (the words a table says about dice and a landing)
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 4 and 1\n", "<text>:5:13: A die shows 1 "
     "to 6 (or ? if not seen), not 'and' ('and' is not written: 'rolls 4 1')"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 4 1, lands on the red\n", "<text>:5:25: "
     "'the' is not a colour of the board (blue, yellow, red, beige, green, black) ('the' is "
     "not written: 'lands red')"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 4 1, lands red space\n", "<text>:5:26: "
     "'space' is not a word of the notation ('space' is not written: a landing is its colour "
     "alone, 'lands red')"),
    ("start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls= 1 2\n", "<text>:5:5: 'rolls=' is "
     "not something a player does (bets, passes, rolls, refuses, buys pension) (write it "
     "without the equals sign: 'rolls')"),
])
def test_located_errors(body, message):
    with pytest.raises(RecordError) as e:
        replay(parse_one(HEAD + body))
    assert str(e.value) == message


def test_a_name_the_notation_cannot_read_is_refused_at_the_players_tag():
    """As every game says it: the tag named, the line of the tag."""
    for names, message in (
            ("Ann, X<svg/onload=alert(1)>", "[Players] 'X<svg/onload=alert(1)>' is not a name "
                                            "the notation can read: one word, starting with "
                                            "a letter ('<' is neither a letter, a digit nor "
                                            "_ . ' -)"),
            ("Ann, Ben, Ann", "[Players] Two players are called 'Ann'")):
        with pytest.raises(RecordError) as e:
            parse_one(f'[Game "Millionenspiel"]\n[Event "x"]\n[Players "{names}"]\n')
        assert str(e.value) == f"<text>:3:1: {message}"


@pytest.mark.parametrize("name", ["pass", "Rolls", "blue", "Arrow", "none"])
def test_words_of_the_notation_are_refused_as_names(name):
    with pytest.raises(RecordError, match=rf"\[Players\] '{name}' is a word of the "
                                          "notation: call the player otherwise"):
        parse_one(f'[Game "Millionenspiel"]\n[Players "Ann, {name}"]\n')


@pytest.mark.parametrize("digits", ["\u0663", "\uff13", "\u0663\u0660", "1\uff10"])
def test_a_bet_in_other_scripts_digits_is_refused_as_everywhere_else(digits):
    """Issue 30: Arabic-Indic and full-width digits are read by nothing else in mclog."""
    with pytest.raises(RecordError) as e:
        replay(parse_one(HEAD + f"start Ann\nbets Ben {digits}\n"))
    assert str(e.value) == (f"<text>:4:10: Expected Ben's bet (a number, or pass), found "
                            f"'{digits}'")


def test_amounts_may_group_their_thousands():
    record = parse_one(HEAD + "start Ann\nbets Ben 1_000, Cleo 2'000, Ann 3k\n")
    assert [m.amount for m in record.moves[1:]] == [1000, 2000, 3000]
    assert "bets Ben 1000, Cleo 2000, Ann 3000" in write(record)


@pytest.mark.parametrize("line, message", [
    # (the rulebook is German, where a thousand is 1.000)
    ("bets Ben 1.000", "4:10: Expected Ben's bet (a number, or pass), found '1.000' (a "
                       "thousand is written 1000, 1_000, 1'000 or 1k: a point does not group "
                       "digits)"),
    ("bets Ben 1,000", "4:12: '000' is a number, but no item says what it is: a thousand is "
                       "written 1000, 1_000, 1'000 or 1k (a comma separates items)"),
    ("bets Ben 2, Cleo 3, Ann pass\nAnn rolls 1 2, lands blue\nBen buys pension 1.000",
     "6:18: Expected the pension card bought (50 or 500), found '1.000' (a thousand is written "
     "1000, 1_000, 1'000 or 1k: a point does not group digits)"),
    ("bets Ben 1.5", "4:10: Expected Ben's bet (a number, or pass), found '1.5'"),
])
def test_a_thousand_marked_as_tables_mark_it_is_told_how_to_write(line, message):
    with pytest.raises(RecordError) as e:
        replay(parse_one(HEAD + f"start Ann\n{line}\n"))
    assert str(e.value) == f"<text>:{message}"


def test_an_unknown_game_is_named():
    from mclog.games import names

    # (the games are mclog's own, then any test game registered from its folder)
    assert names()[:2] == ["Million Club", "Millionenspiel"]
    with pytest.raises(RecordError, match=r"1:1: \[Game\] mclog knows no game called 'Go': "
                                          r"the games are " + ", ".join(names())):
        parse_one('[Game "Go"]\n[Players "A, B"]\n')


@pytest.mark.parametrize("written, meant", [
    ("Kartel", "Cartel"), ("Das Millionenspiel", "Millionenspiel"),
    ("Milion Club", "Million Club"), ("Joakim von Ankas", "Joakim von Ankas fantastiska affärer")])
def test_a_game_spelt_nearly_as_one_mclog_knows_is_named(written, meant):
    with pytest.raises(RecordError) as e:
        parse_one(f'[Game "{written}"]\n[Players "A, B"]\n')
    assert f"mclog knows no game called '{written}' (did you mean {meant}?): the games " \
        "are " in str(e.value)


# --- samples and round trips -------------------------------------------------------------

#: Each sample's final money, pinned (worked out by hand from the records' checks).
PINNED = {
    "duel-2p.mclog": [("Zoe", 1_000_000, 1), ("Yann", 190_000, 2)],
    "family-3p.mclog": [("Ann", 511_015, 2), ("Ben", 1_000_000, 1),
                                       ("Cleo", 56_055, 3)],
    "club-5p.mclog": [("Ida", 1_155, 3), ("Jon", 115, 4), ("Kai", 5, 5),
                                     ("Lea", 505_615, 2), ("Max", 1_031_005, 1)],
    # simulated (mclog simulate --game millionenspiel --players 4 --bots chance,random
    # --seed 11), on the illustrative track: every landing is checked against it
    "simulated-4p-seed11.mclog": [("Ann", 634_592, 2), ("Ben", 2_613, 4),
                                  ("Cleo", 1_705_848, 1), ("Dan", 7_108, 3)],
}


def test_there_are_three_hand_written_samples_and_a_simulated_one():
    assert [p.name for p in SAMPLES] == sorted(PINNED)


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_samples_replay_to_their_pinned_result(path):
    played = replay(read_one(path))
    assert played.complete
    assert [(r.name, r.money, r.rank) for r in played.scores()] == PINNED[path.name]
    again = parse_one(write(played.record))
    assert again == played.record and write(again) == write(played.record)
    assert record_from_json(to_json(played.record)) == played.record


def ledger(before, move) -> list[int] | None:
    """Each player's money after a landing or the black die, worked out apart from the
    engine from the rulebook's table (M8, M9, M13, M14); None for other moves."""
    n, money = before.players, list(before.money)
    bets = [before.bets.get(seat, 0) for seat in range(n)]
    if isinstance(move, Land):
        if move.past_arrow:  # (each time the pawn reaches or passes the arrow: M14)
            money = [m + p * move.past_arrow for m, p in zip(money, before.pension)]
        if move.colour == "black":
            return money
        factor = {"blue": 1, "yellow": 10, "red": 100, "beige": -1}.get(move.colour)
        money = [m + factor * b for m, b in zip(money, bets)] if factor else bets  # green
    elif isinstance(move, Die):
        r, others = before.roller, [s for s in range(n) if s != before.roller]
        if move.value == 1:
            money[r] = 0
        elif move.value == 2:
            money[r] += 1000
        elif move.value in (3, 5):
            money[r] -= bets[r] if move.value == 3 else money[r] - bets[r]
        else:
            taken = {s: bets[s] if move.value == 4 else money[s] - bets[s] for s in others}
            for s in others:
                money[s] -= taken[s]
            money[r] += sum(taken.values())
    else:
        return None
    if not any(money):  # everyone broke: pensions (M13)
        money = list(before.pension)
    return money


@settings(max_examples=40, deadline=None)
@given(st.integers(2, 6), st.integers(0, 10**6), st.sampled_from(["random", "chance"]))
def test_random_play_keeps_the_rules_promises(players, seed, bots):
    """Money is never negative and moves only as the rulebook's table says (the bank
    pays and takes; M9's 4 and 6 pass through the roller), the game ends once someone
    has a million, and the text round trips."""
    record = simulate(bots_from_names(bots, players, seed), seed)
    played = replay(record)
    states = list(played.replay.states())
    for step, before, after in zip(played.steps, states, states[1:]):
        assert min(after.money) >= 0
        assert after.finished == (max(after.money) >= MILLION)
        expected = ledger(before, step.move)
        if expected is not None:
            assert after.money == expected, step
        elif not isinstance(step.move, BuyPension):
            assert after.money == before.money, step
    again = parse_one(write(record))
    assert again == record and replay(again).final.money == played.final.money
    if played.complete:
        final = played.final
        assert max(final.money) >= MILLION and final.money[final.winner] == max(final.money)


def test_the_command_line_simulates_and_reads_millionenspiel(tmp_path, capsys):
    assert main(["simulate", "--game", "millionenspiel", "--players", "3", "--seed", "4",
                 "--games", "2", "--out", str(tmp_path)]) == 0
    files = sorted(tmp_path.glob("millionenspiel-3p-*.mclog"))
    assert len(files) == 2
    assert main(["validate", *map(str, files)]) == 0
    # (every player sees the whole game: a seat's record is the record, with its [Seat])
    capsys.readouterr()
    assert main(["hide", "--seat", "Ann", str(files[0])]) == 0
    hidden = capsys.readouterr().out
    lines = hidden.splitlines()
    assert lines.count('[Seat "Ann"]') == 1 and lines.index('[Seat "Ann"]') < lines.index("")
    assert [line for line in lines if line != '[Seat "Ann"]'] == \
        files[0].read_text().splitlines()
    assert main(["simulate", "--game", "millionenspiel", "--players", "11", "--seed",
                 "1"]) == 2


# --- analysis, drawing and the widget ---------------------------------------------------

@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_attribution_adds_up_to_every_final_money(path):
    from mclog.games.millionenspiel.analysis import attribution_summary

    played = replay(read_one(path))
    totals = attribution_summary(played).groupby("player").amount.sum()
    assert {name: int(v) for name, v in totals.items()} == {
        r.name: r.money for r in played.scores()}


def test_the_throws_table_of_the_duel():
    from mclog.games.millionenspiel.analysis import throws

    table = throws(replay(read_one(SAMPLES[1])))  # duel-2p
    assert SAMPLES[1].name == "duel-2p.mclog"
    assert list(table.colour) == ["red", "red", "yellow", "black", "green", "yellow"]
    last = table.iloc[3]
    assert (last.roller, last.dice, last.refused, last.die) == ("Yann", "4 2", True, 4)
    assert (last["gain Zoe"], last["gain Yann"]) == (-100_000, 100_000)
    assert table.iloc[2].spaces == 9 and table.iloc[2].past_arrow


def test_the_board_escapes_names_and_draws_the_pawn_on_the_track():
    from mclog.games.millionenspiel.draw import state_html

    s = game(StartPlayer(0), names=("O'Neil", "Ben", "Cleo"), track=ILLUSTRATIVE)
    s.names = ("<b>x</b>", "Ben", "Cleo")  # (as a future notation might allow)
    html = state_html(s)
    assert "<b>x</b>" not in html and "&lt;b&gt;x&lt;/b&gt;" in html
    assert 'class="me-pawn"' in html and html.count("<circle") == len(ILLUSTRATIVE) + 1


def test_the_widget_steps_through_the_game():
    """Millionenspiel's replay widget is the shared one (``mclog.widgets.replay``), with
    its drawing and its money chart."""
    import mclog.widgets
    from mclog.widget_shell import StepWidget

    played = replay(read_one(SAMPLES[1]))
    widget = mclog.widgets.replay(played)
    assert type(widget) is StepWidget
    widget.slider.value = 3
    assert widget.move_html == "Step 3 of 39: Zoe bets 5" == widget.move.value
    # (the stepper's index follows the slider through their link in the page: set from
    # the kernel too, a late echo would pull a quick slider back)
    assert "Throw 1" in widget.board_html and widget.board.value == widget.board_html
    widget.next_move.click()
    assert (widget.step, widget.text) == (4, "Zoe rolls 4 1")   # (the button, from Python)
    widget.slider.value = len(played)
    assert "Zoe is the first millionaire" in widget.board_html
    assert widget.marked.step == len(played)
    assert widget.marked.figure.layout.yaxis.type == "log"  # (the game's money chart)


def test_import_finds_the_game_in_the_json_and_round_trips(tmp_path, capsys):
    path = SAMPLES[2]  # family-3p
    assert main(["export", str(path)]) == 0
    exported = tmp_path / "family.json"
    exported.write_text(capsys.readouterr().out)
    assert main(["import", str(exported)]) == 0
    assert capsys.readouterr().out == write(read_one(path))
    other = tmp_path / "go.json"
    from mclog.games import names

    # (where a record names a game mclog does not know: at that record of the array)
    for text, where in (('[{"game": "Go"}]', "[0].game"), ('{"game": "Go"}', "game"),
                        ('[{"game": "Millionenspiel"}, {"game": "Go"}]', "[1].game")):
        other.write_text(text)
        assert main(["import", str(other)]) == 1
        assert capsys.readouterr().err == (f"{other}: {where}: mclog knows no game called "
                                           f"'Go': the games are {', '.join(names())}\n")


def test_the_fillers_of_speech_are_read_and_written_short():
    record = parse_one(HEAD + "start Ann\nbets Ben 1, Cleo 1, Ann 1\nAnn rolls 6 6, rolls 5 4,"
                       " lands on red\nBen buys pension card 50\n")
    assert record.moves[-2] == Land("red") and record.moves[-1] == BuyPension(1, 50)
    assert "Ann rolls 6 6, rolls 5 4, lands red" in write(record)
    with pytest.raises(RecordError, match="'On' is a word of the notation"):
        parse_one('[Game "Millionenspiel"]\n[Players "Ann, On"]\n')


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_the_money_events_are_heard_in_the_one_replay_and_add_up(path):
    """The engine tells its watch each change of money as it makes it (issue 24: no
    ``State.changes`` read after the fact): noted in the replay asked for its events, the
    same as when the moves are played once more, and they add up to the final money."""
    record = read_one(path)
    noted = replay(record, events=True).money_events
    later = replay(record).money_events
    assert noted == later and noted
    final = replay(record).replay.current.money
    for seat in range(len(record.names)):
        assert 5 + sum(e.amount for e in noted if e.seat == seat) == final[seat]
    assert all(e.cause and 1 <= e.step for e in noted)


def test_comments_before_a_lines_first_item_all_stay_on_lines_of_their_own():
    """Found by the comment fuzz: two comments between ``bets`` and its first bet were
    read one on its own line and one after an item that was not there, so ``fmt`` moved
    the second."""
    record = parse_one(HEAD + "start Ann\nbets {} {\nand more} Ben 5, Ann 1\n")
    comments = [e for e in record.entries if type(e).__name__ == "CommentEntry"]
    assert [(c.text, c.own_line) for c in comments] == [("", True), ("\nand more", True)]
    assert parse_one(write(record)) == record


def test_the_money_sources_chart_shows_every_player_on_a_log_axis():
    """Issue 25: on a linear axis the losers' bars vanished beside the winner's million;
    a bar per cause on a log axis shows them, a loss hatched, its sign in the hover."""
    from mclog.games.millionenspiel.analysis import attribution_summary
    from mclog.games.millionenspiel.charts import attribution_chart

    played = replay(read_one(SAMPLES[1]))
    fig = attribution_chart(attribution_summary(played))
    assert fig.layout.yaxis.type == "log" and fig.layout.barmode == "group"
    shown = {x for trace in fig.data for x in trace.x}
    assert shown == set(played.record.names)
    for trace in fig.data:
        assert all(y > 0 for y in trace.y)  # (a log axis draws sizes)
        signs = [a < 0 for a in trace.customdata]
        assert list(trace.marker.pattern.shape) == ["/" if s else "" for s in signs]
    assert any(a < 0 for trace in fig.data for a in trace.customdata)


def test_the_policy_chart_has_a_fair_share_and_its_counts():
    """Issue 25: one seat betting by the odds against two at random wins 'more than half'
    only beside its fair share, a third; each bar says of how many games."""
    import pandas as pd

    from mclog.games.millionenspiel.charts import win_share_chart, win_shares

    table = pd.DataFrame({"finished": [True, True, True, False],
                          "winner bot": ["chance", "random", "chance", None],
                          "players": [3, 3, 3, 3],
                          "bots": ["chance, random, random"] * 4})
    shares = win_shares(table)
    assert shares.to_dict("records") == [
        {"bot": "chance", "won": 2, "games": 3, "share": 2 / 3, "fair": 1 / 3},
        {"bot": "random", "won": 1, "games": 3, "share": 1 / 3, "fair": 2 / 3}]
    fig = win_share_chart(table)
    assert list(fig.data[0].text) == ["2 of 3 games", "1 of 3 games"]
    assert list(fig.data[1].y) == [1 / 3, 2 / 3] and fig.data[1].name == "fair share"


def test_a_comment_between_two_bets_stays_after_the_first():
    """Found by the comment fuzz: ``bets Cleo 5 {}, Ann 2`` read the comment after the
    whole line's bets, while the writer puts it after Cleo's, so a record written and read
    again was not the record (the reader now takes the comments between bets as it goes)."""
    text = ('[Game "Millionenspiel"]\n[Players "Ann, Ben, Cleo"]\n\nstart Ben\n'
            "bets Cleo 5 {after Cleo}, Ann 2 {after Ann}, Ben pass\n")
    record = parse_one(text)
    kinds = [(type(e).__name__, getattr(e, "text", None)) for e in record.entries]
    assert kinds[1:] == [("MoveEntry", None), ("CommentEntry", "after Cleo"),
                         ("MoveEntry", None), ("CommentEntry", "after Ann"),
                         ("MoveEntry", None)]
    assert write(record).endswith(text.split("\n\n")[1]) and parse_one(write(record)) == record


# --- M20: the board a review's rollouts play on, where the record names no track ---------------


def _a_board(length: int, rng) -> tuple[str, ...]:
    """A board as printed: the arrow's black space, then a space of every colour and the
    rest drawn in the illustrative board's proportions, in any order."""
    rest = [*sorted(set(ILLUSTRATIVE)),
            *(rng.choice(ILLUSTRATIVE[1:]) for _ in range(length - 1 - len(set(ILLUSTRATIVE))))]
    rng.shuffle(rest)
    return ("black", *rest)


def _landings(board: tuple[str, ...], dice) -> tuple[list, int]:
    """The landings a record shows of ``dice`` thrown on ``board`` (a double rolled
    again), and where the pawn stands after them."""
    from mclog.games.millionenspiel.rules.track import landing

    landings, turn, position = [], [], 0
    for a, b in dice:
        turn.append((a, b))
        if a == b:
            continue   # (a double is rolled again)
        position, colour, passed = landing(board, position, sum(x + y for x, y in turn))
        landings.append((tuple(turn), colour, passed))
        turn = []
    return landings, position


@settings(max_examples=60, deadline=None)
@given(st.integers(13, 60), st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)),
                                     min_size=1, max_size=25), st.integers(0, 2**32))
def test_m20_every_board_drawn_holds_every_colour(length, dice, seed):
    """Every board a rollout plays on has a space of each colour the rulebook names: on
    one drawn without red and yellow, a rollout of the duel sample played 200,000 moves
    and the review failed."""
    from mclog.games.millionenspiel.rules.unknown_track import EVERY_COLOUR, board_drawn

    rng = random.Random(seed)   # (a seed: the boards' many draws are not Hypothesis's to shrink)
    landings, _ = _landings(_a_board(length, rng), dice)
    for _ in range(5):
        track, _ = board_drawn(tuple(landings), rng)
        assert EVERY_COLOUR <= set(track)
    assert EVERY_COLOUR == {"black", "blue", "yellow", "red", "beige", "green"}


def test_m20_landings_that_leave_no_room_for_a_colour_are_refused_in_words():
    """Twelve throws of 3 on a board of 13 spaces stand on every space, each blue: only
    13 spaces fit those landings, and that board cannot hold a red space."""
    from mclog.games.millionenspiel.rules.unknown_track import board_drawn, boards_allowed

    landings = tuple((((1, 2),), "blue", (3 * i + 3) // 13 - 3 * i // 13) for i in range(12))
    assert {b.length for b in boards_allowed(landings)} == {13}
    with pytest.raises(ValueError, match="^no board of 13 to 60 spaces with a space of every "
                                         "colour has the landings this record shows$"):
        board_drawn(landings, random.Random(1))


@settings(max_examples=60, deadline=None)
@given(st.integers(13, 60), st.lists(st.tuples(st.integers(1, 6), st.integers(1, 6)),
                                     min_size=1, max_size=25), st.integers(0, 2**32))
def test_m20_every_board_drawn_agrees_with_the_landings(length, dice, seed):
    """On a true board of any length, landings as the record would show them (a double
    rolled again): the true length is among those allowed, with the colours seen, and
    every board drawn puts each landing on its colour with its passings."""
    from mclog.games.millionenspiel.rules.track import landing
    from mclog.games.millionenspiel.rules.unknown_track import board_drawn, boards_allowed

    rng = random.Random(seed)
    landings, position = _landings(_a_board(length, rng), dice)
    allowed = boards_allowed(tuple(landings))
    assert any(b.length == length and b.position == position for b in allowed)
    track, at = board_drawn(tuple(landings), rng)
    where = 0
    for turn, colour, passed in landings:
        where, seen, times = landing(track, where, sum(x + y for x, y in turn))
        assert (seen, times) == (colour, passed)
    assert at == where


def test_m20_a_board_is_as_likely_as_it_makes_the_landings():
    from mclog.games.millionenspiel.rules.unknown_track import _SHARE, boards_allowed

    # 5 spaces to red, then 15 (a double, then 3) past the arrow to red again: on a board
    # of 15 spaces the pawn stands on the same red space, which explains the second red
    # for sure; on 13, 14, 16 to 19 it is a new space, red with the illustrative share
    boards = boards_allowed(((((4, 1),), "red", 0), (((6, 6), (1, 2)), "red", 1)))
    weight = {b.length: b.weight for b in boards}
    assert sorted(weight) == [13, 14, 15, 16, 17, 18, 19]   # (20: the arrow's black space)
    assert weight[15] == pytest.approx(_SHARE["red"])
    assert weight[16] == pytest.approx(_SHARE["red"] ** 2)


def test_m20_a_board_drawn_has_room_for_every_colour_its_landings_did_not_show():
    """A track of every colour: where the landings showed four of the six colours, a
    board with just two spaces unseen may hold the other two; one with one may not."""
    from mclog.games.millionenspiel.rules.unknown_track import Board, _may_hold_every_colour

    seen = tuple(enumerate(("beige", "black", "blue", "green")))
    assert [_may_hold_every_colour(Board(len(seen) + unseen, seen, 0, 1.0))
            for unseen in (2, 1)] == [True, False]


def test_m20_unseen_dice_move_the_pawn_as_their_dice_could():
    from mclog.games.millionenspiel.rules.moves import Throw
    from mclog.games.millionenspiel.rules.unknown_track import _sums, dice_drawn

    assert _sums(((None, None),)) == {s: n for s, n in {
        3: 2, 4: 2, 5: 4, 6: 4, 7: 6, 8: 4, 9: 4, 10: 2, 11: 2}.items()}   # (no double)
    assert _sums(((None, None), (1, 2))) == {5: 1, 7: 1, 9: 1, 11: 1, 13: 1, 15: 1}
    rng = random.Random(3)
    lasts = set()
    for _ in range(20):
        first, second = dice_drawn([Throw((None, None)), Throw((3, None))], rng)
        assert first.double and second.dice[0] == 3 and second.dice[1] is not None
        lasts.add(second.dice)
    assert len(lasts) > 1 and any(a != b for a, b in lasts)   # (the last: any pair, doubles too)


@pytest.mark.slow
def test_m20_a_record_without_a_track_is_reviewed_and_the_review_says_how():
    from mclog.review import review

    duel = replay(read_one(SAMPLES[1]))   # (duel-2p names no track)
    assert duel.record.track is None
    found = review(duel, 0, rollouts=4, seed=1)
    data = found.as_dict()
    assert data["note"].startswith("this record names no track: each rollout plays on a "
                                   "board")
    assert all(abs(sum(c for n, c in row.items() if n != "step") - 1) < 1e-9
               for row in data["chances"])


def _me_import(tmp_path, capsys, change):
    import json

    data = to_json(read_one(SAMPLES[2]))
    change(data)
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data))
    code = main(["import", str(path)])
    out, err = capsys.readouterr()
    return code, out, err.replace(str(path), "game.json").strip()


def _first_of(data, kind):
    return next(i for i, e in enumerate(data["entries"]) if e["type"] == kind)


@pytest.mark.parametrize("change, message", [
    (lambda d: d["entries"][_first_of(d, "Bet")].update(amount=-2),
     "entries[{Bet}].amount: -2 is not a sum of money"),
    (lambda d: d["entries"][_first_of(d, "Bet")].update(amount=10 ** 30),
     "entries[{Bet}].amount: a number of 31 digits is not a sum of money"),
    (lambda d: d["entries"][_first_of(d, "Bet")].update(player=7),
     "entries[{Bet}].player: 7 is not a seat (0 to 2)"),
    (lambda d: d["entries"][_first_of(d, "Bet")].pop("amount"),
     "entries[{Bet}]: has no 'amount'"),
    (lambda d: d["entries"][_first_of(d, "Throw")].update(dice=[3, 7]),
     "entries[{Throw}].dice[1]: 7 is not a die (1 to 6, or null where it was not seen)"),
    (lambda d: d["entries"][_first_of(d, "Land")].update(colour="pink"),
     "entries[{Land}].colour: \"pink\" is not a colour (blue, yellow, red, beige, green, "
     "black)"),
    (lambda d: d["entries"][_first_of(d, "Land")].update(moon=1),
     "entries[{Land}]: has 'moon', which is no field of a Land entry"),
    (lambda d: d.update(moon=1, sun=2),
     "the record: has 'moon', 'sun', which are no fields of a record"),
    (lambda d: d["entries"].append({"type": "Jump"}),
     "entries[{end}].type: \"Jump\" is not an entry of a Millionenspiel record"),
    (lambda d: d["entries"].append({"type": "check", "what": "money", "values": [[0]]}),
     "entries[{end}].values[0]: [0] is not a [seat, number] pair"),
    (lambda d: d.update(format="mclog 1"), 'format: expected "mclog millionenspiel 1"'),
    (lambda d: d["tags"].update({"9lives": "x"}),
     "tags: \"9lives\" is not a tag name (a letter, then letters, digits or _)"),
    (lambda d: d["tags"].update(Game="Cartel"),
     "tags.Game: 'Cartel': this is not a Millionenspiel record"),
    # (a move the rules refuse, and a check that fails: at their entries, having no lines)
    (lambda d: d["entries"][_first_of(d, "Bet")].update(amount=999),
     "entries[{Bet}]: Cleo cannot bet 999: Cleo has 5 (M4)"),
    (lambda d: d["entries"][_first_of(d, "check")]["values"][0].__setitem__(1, 7),
     "entries[{check}]: check money failed: Ann has 10, not 7"),
])
def test_import_says_where_a_millionenspiel_json_is_wrong_in_words(tmp_path, capsys, change,
                                                                  message):
    """Issue 24: the JSON form is checked by its schema (``record.schema.json``), each
    problem said at its place in the game's words (the schema's descriptions)."""
    data = to_json(read_one(SAMPLES[2]))
    places = {"Bet": _first_of(data, "Bet"), "Throw": _first_of(data, "Throw"),
              "Land": _first_of(data, "Land"), "check": _first_of(data, "check"),
              "end": len(data["entries"])}
    code, out, err = _me_import(tmp_path, capsys, change)
    assert (code, out, err) == (1, "", "game.json: " + message.format(**places))


def test_the_json_schemas_in_docs_are_the_ones_mclog_checks_with():
    root = Path(__file__).parent.parent
    for game in ("millionclub", "millionenspiel"):
        assert (root / "docs" / game / "record.schema.json").read_bytes() == \
            (root / "mclog" / "games" / game / "notation" / "record.schema.json").read_bytes()


# --- the notation as a table (issue 24) ------------------------------------------------

MOVES = st.one_of(
    st.builds(StartPlayer, st.integers(0, 2)),
    st.builds(Bet, st.integers(0, 2), st.integers(0, 10 ** 7)),
    st.builds(lambda a, b: Throw((a, b)), st.none() | st.integers(1, 6),
              st.none() | st.integers(1, 6)),
    st.just(Refuse(None)),
    st.builds(Land, st.sampled_from(["blue", "yellow", "red", "beige", "green", "black"]),
              st.integers(0, 99)),
    st.builds(Die, st.integers(1, 6)),
    st.builds(BuyPension, st.integers(0, 2), st.sampled_from([50, 500])))


@settings(max_examples=300, deadline=None)
@given(MOVES, st.none() | st.sampled_from(["Ann", "Ben", "Cleo"]))
def test_every_item_the_table_writes_reads_back_as_its_move(move, roller):
    """One row per item holds its reader and its writer: what a row writes, with or
    without the roller's name before it, the table reads back as the same move, and the
    name as the entry's subject."""
    from mclog.games.millionenspiel.notation.verbs import VERBS, Reading, read_line
    from mclog.record.cursor import Cursor
    from mclog.record.framing import RawLine

    names = ("Ann", "Ben", "Cleo")
    item = VERBS.item(move, names, roller)
    line_text = ("bets " if isinstance(move, Bet) else "") + item
    out: list = []
    read_line(Cursor(RawLine(4, text=line_text), out),
              Reading({n: s for s, n in enumerate(names)}))
    assert [e.move for e in out] == [move]
    named = isinstance(move, Throw) and roller is not None   # (a refusal is written bare)
    assert out[0].subject == (names.index(roller) if named else None)


@pytest.mark.parametrize("line, moves", [
    ("Ann bets 3", [Bet(0, 3)]), ("Ann passes", [Bet(0, 0)]), ("Ann pass", [Bet(0, 0)]),
    ("Ann 10k, Ben 1_000", [Bet(0, 10_000), Bet(1, 1000)]),
    ("bets Ann 3 Ben passes", [Bet(0, 3), Bet(1, 0)]),
    ("Ben Rolls 4 4, rolls 1 ?", [Throw((4, 4)), Throw((1, None))]),
    ("Cleo refuses", [Refuse(None)]),
    ("past the arrow twice, past arrow, lands on Red", [Land("red", 3)]),
    ("past arrow 3x, lands green", [Land("green", 3)]),
    ("past arrow\nlands black, die 6", [Land("black", 1), Die(6)]),
    ("Ben buys pension card 500", [BuyPension(1, 500)]),
    # a throw's bets, then the roller's throw on the same line: 'Ben rolls' was read as
    # Ben's bet ("Expected Ben's bet (a number, or pass), found 'rolls'")
    ("bets Ann 3, Ben 5, Ben rolls 2 3, lands red", [Bet(0, 3), Bet(1, 5), Throw((2, 3)),
                                                    Land("red", 0)]),
    ("bets Ann 3, Ben pass, Ben refuses", [Bet(0, 3), Bet(1, 0), Refuse(None)]),
    ("bets Ann 3, Ben bets 5, Cleo passes", [Bet(0, 3), Bet(1, 5), Bet(2, 0)]),
    ("bets Ann 3 Ben Roll 4 4", [Bet(0, 3), Throw((4, 4))]),
])
def test_every_form_a_person_may_write_is_read(line, moves):
    assert parse_one(HEAD + line + "\n").moves == moves


def test_every_word_of_the_table_is_refused_as_a_name_and_in_the_format_spec():
    from mclog.games.millionenspiel.notation.verbs import RESERVED, ROWS

    spec = (Path(__file__).parent.parent / "docs" / "millionenspiel" / "format.md").read_text()
    words = {word for row in ROWS for word in (row.word, *row.aliases)}
    assert words <= RESERVED
    for word in sorted(RESERVED - {"none", "bet"}):
        assert f"`{word}" in spec or f" {word}" in spec, word
    for word in sorted(RESERVED):
        with pytest.raises(RecordError, match="is a word of the notation: call the player"):
            parse_one(f'[Game "Millionenspiel"]\n[Players "Ann, {word.title()}"]\n')


def test_a_comment_before_a_bets_lines_first_bet_stays_before_it():
    """``bets {...} Ben 1``: the comment comes before the line's first item (``bets``
    alone is none), so it stays on a line of its own before it, by the rule every game
    reads comments by; it was moved after Ben's bet."""
    record = parse_one(HEAD + "start Ann\nbets {c} Ben 1, Cleo 1, Ann 1\n")
    kinds = [type(e).__name__ for e in record.entries]
    assert kinds == ["MoveEntry", "CommentEntry", "MoveEntry", "MoveEntry", "MoveEntry"]
    assert record.entries[1].own_line
    assert write(record).endswith("start Ann\n{c}\nbets Ben 1, Cleo 1, Ann 1\n")
    assert parse_one(write(record)) == record


def test_the_chance_bots_odds_are_those_of_the_dice_on_any_board():
    """The chance bot's odds of each colour, counted once over the dice's totals, against
    the dice thrown one by one (a double thrown again, up to four in a row): the same on
    boards of every length (a review's rollouts each meet a board of their own, M20)."""
    from mclog.games.millionenspiel.bots import colour_odds

    def thrown(track, position, spaces=0, p=1.0, depth=0, odds=None):
        odds = {} if odds is None else odds
        for a in range(1, 7):
            for b in range(1, 7):
                if a == b and depth < 4:
                    thrown(track, position, spaces + a + b, p / 36, depth + 1, odds)
                else:
                    colour = track[(position + spaces + a + b) % len(track)]
                    odds[colour] = odds.get(colour, 0) + p / 36
        return odds

    rng = random.Random(5)
    for length in (13, 14, 27, 40, 60):
        track = ("black", *(rng.choice(ILLUSTRATIVE[1:]) for _ in range(length - 1)))
        for position in (0, length // 2, length - 1):
            odds = colour_odds(track, position)
            expected = thrown(track, position)
            assert odds.keys() == expected.keys()
            assert all(odds[c] == pytest.approx(expected[c], abs=1e-12) for c in odds)
            assert sum(odds.values()) == pytest.approx(1, abs=1e-15)


def test_the_engine_words_its_questions_as_the_engine_interface_does():
    """``ENGINE.decision`` answers in the shared interface's terms (``mclog.engine.Decision``:
    ``actor``, ``kind`` and the answering ``seat``), whatever order the state keeps them
    in; a finished game has no question, and chance is not asked of it."""
    from mclog.engine import Decision
    from mclog.games.millionenspiel.rules.engine import ENGINE, Table

    state = ENGINE.new_state(Table(("Ann", "Ben")))
    assert ENGINE.decision(state) == Decision(None, "start")
    ENGINE.play(state, ENGINE.chance(state, random.Random(2)))
    d = ENGINE.decision(state)
    assert (type(d), d, d.seat) == (Decision, Decision(1, "bet"), 1)
    state.decision = None   # (as the end of the game leaves it)
    assert ENGINE.decision(state) is None
    with pytest.raises(TypeError, match="chance's move of a game that is over"):
        ENGINE.chance(state, random.Random(2))


def test_the_recorder_offers_the_roll_off_and_the_black_spaces_die_as_answers(tmp_path):
    """Chance's questions with few outcomes are answered by a button (or a number) as a
    bet is: the roll-off's winner and the one die of a black space; a throw of two dice
    (36 outcomes, ``?`` for a die not seen) and the landing are typed."""
    from mclog.games import game
    from mclog.recording import start_or_resume

    path = tmp_path / "night.mclog"
    rec = start_or_resume(game("millionenspiel"), str(path), {"players": "Ann, Ben"})
    assert [a.text for a in rec.answers()] == ["start Ann", "start Ben"]
    rec.enter("2")   # (an answer's number)
    assert path.read_text(encoding="utf-8").endswith("\nstart Ben\n")
    rec.enter("bets Ann 5, Ben 5")
    assert rec.answers() == [] and "rolls" in rec.hint()   # (the throw is typed)
    rec.enter("Ben rolls 2 5")
    rec.enter("lands black")
    assert [a.text for a in rec.answers()] == [f"die {pips}" for pips in range(1, 7)]
    rec.enter("4")
    assert path.read_text(encoding="utf-8").endswith(
        "\nBen rolls 2 5, lands black, die 4\n")


def test_the_recorder_takes_an_answer_by_its_end_as_a_player_says_it(tmp_path):
    """At the table one says the answer, not the verb and the player the question already
    names: ``Ben`` for who rolls first, ``pass`` for a bet, ``2 5`` for a throw (typed:
    its form is ``Ben rolls <die> <die>``), ``red`` for the landing.  Each is recorded as
    the one answer it is the end of; one that ends several answers, or none, is refused
    in the reader's words, nothing written."""
    from mclog.games import game
    from mclog.recording import Slip, start_or_resume

    path = tmp_path / "night.mclog"
    rec = start_or_resume(game("millionenspiel"), str(path), {"players": "Ann, Ben, Cleo"})
    assert rec.enter("Ben") == ["Ben rolls first"]
    # (a number picks an answer by its place: where that is another bet than the number
    # says, which is meant is asked)
    assert [a.text for a in rec.answers()][:2] == ["bets Cleo pass", "bets Cleo 1"]
    with pytest.raises(Slip) as exc:
        rec.enter("5")
    assert exc.value.message == ("'5' is answer 5, 'bets Cleo 4', but 'bets Cleo 5' ends "
                                 "with 5: type the one meant by its words ('Cleo 5' or "
                                 "'Cleo 4')")
    assert rec.enter("Cleo 5") == ["Cleo bets 5"]   # (a bet as the notation writes it)
    assert rec.enter("pass") == ["Ann passes"]
    assert rec.enter("pass") == ["Ben passes"]
    assert rec.enter("2 5") == ["Ben rolls 2 5"]
    assert rec.enter("red") == ["Ben keeps the throw", "lands on red"]
    saved = path.read_bytes()
    with pytest.raises(Slip, match="'5' is a number, but no item says what it is"):
        rec.enter("5 5")   # (a bet is asked: no answer or form ends so)
    assert path.read_bytes() == saved
    assert path.read_text(encoding="utf-8").endswith(
        "\nstart Ben\nbets Cleo 5, Ann pass, Ben pass\nBen rolls 2 5, lands red\n")


def test_a_verb_reads_as_it_comes_and_is_written_as_the_format_writes_it():
    """``bet``, ``rolled``, ``land on``, ``refused``, ``bought``: the same moves as the
    canonical words, which ``fmt`` writes."""
    canonical = ("start Ann\nbets Ben 1, Cleo 1, Ann pass\nAnn rolls 1 2, refuses, "
                 "rolls 3 4, lands red\nBen buys pension 50\n")
    spoken = ("start Ann\nbet Ben 1, Cleo 1, Ann pass\nAnn rolled 1 2, refused, "
              "roll 3 4, landed on red\nBen bought pension card 50\n")
    a, b = parse_one(HEAD + canonical), parse_one(HEAD + spoken)
    assert [e.move for e in a.entries] == [e.move for e in b.entries]
    assert write(b) == write(a) and canonical in write(b)


def test_the_corpus_of_simulated_games_reads_their_bots_from_their_records():
    """``analysis.corpus(games)``: each seat's bot from the record's ``Bots`` tag where no
    ``bots`` are given (as ``mclog simulate`` writes them); ``bots`` of another length
    are refused, where ``zip`` left games out or a seat's bot was read past its end."""
    from mclog.games.millionenspiel import GAME
    from mclog.games.millionenspiel.analysis import corpus

    games = [GAME.replay(parse_one(GAME.simulated_text(3, seed, "random,chance", {})))
             for seed in (1, 2)]
    table = corpus(games)
    assert list(table.bots) == ["random, chance, chance"] * 2
    assert set(table["winner bot"]) <= {"random", "chance"}
    assert corpus(games, [["a", "b", "c"]] * 2)["bots"].tolist() == ["a, b, c"] * 2
    with pytest.raises(ValueError, match="^bots name the seats of 1 games, not of the 2 "):
        corpus(games, [["a", "b", "c"]])
    with pytest.raises(ValueError, match="^bots of game 2: 2 names for its 3 players$"):
        corpus(games, [["a", "b", "c"], ["a", "b"]])


# --- a slip named where its effect is found (M12) -------------------------------------------

FAMILY = Path(__file__).parent.parent / "sample_games" / "millionenspiel" / "family-3p.mclog"


def _family_with(old: str, new: str) -> str:
    text = FAMILY.read_text(encoding="utf-8")
    assert text.count(old) == 1
    return text.replace(old, new)


def test_m12_a_past_arrow_left_out_is_named_at_the_check_it_fails():
    """A record without a [Track] writes each passing of the arrow by hand; one left out
    is seen only when the money is counted. The failed check names the landing that,
    written with it, would make the check agree."""
    text = _family_with("Ann rolls 6 2, past arrow, lands blue", "Ann rolls 6 2, lands blue")
    with pytest.raises(RecordError) as refused:
        replay(parse_one(text))
    assert str(refused.value) == (
        "<text>:14:7: check money failed: Ann has 5, not 10; Ben has 0, not 5; Cleo has "
        "1,000, not 1,005; the record would agree with it if line 13 read 'past arrow, "
        "lands blue' (not 'lands blue')")


def test_m12_a_record_played_on_from_its_last_reading_names_the_same_slip():
    """The recorder's read of its record with a line added plays on from its last read
    (``replay(..., after=...)``): a count that fails on the line added names the landing
    written before it, in the new reading's lines, as a whole replay names it."""
    import dataclasses

    from mclog.games.millionenspiel.notation.record import CheckEntry
    from mclog.games.millionenspiel.replayer import replay as played_on

    text = _family_with("Ann rolls 6 2, past arrow, lands blue", "Ann rolls 6 2, lands blue")
    record = parse_one(text)
    check = next(i for i, e in enumerate(record.entries) if isinstance(e, CheckEntry))
    # (the last reading: the lines before the count, written as the recorder writes them)
    before = parse_one(write(dataclasses.replace(record, entries=record.entries[:check])))
    last = replay(before)
    assert last.goes_on_to(record)
    with pytest.raises(RecordError) as whole:
        replay(record)
    with pytest.raises(RecordError) as after:
        played_on(record, after=last)
    assert str(after.value) == str(whole.value)
    assert "if line 13 read 'past arrow, lands blue' (not 'lands blue')" in str(after.value)
    with pytest.raises(ValueError, match="goes on from another only where"):
        played_on(record, after=replay(before, strict=False))


def test_m12_a_colour_written_wrong_is_named_where_a_bet_runs_short():
    """A landing written on the wrong colour pays the bets wrongly: the first bet the
    money then cannot cover names the landing that would allow it."""
    text = _family_with("Ben rolls 2 5, lands red", "Ben rolls 2 5, lands blue")
    with pytest.raises(RecordError) as refused:
        replay(parse_one(text))
    assert str(refused.value) == (
        "<text>:9:6: Ann cannot bet 200: Ann has 7 (M4); the rules would allow it if line 8 "
        "read 'lands red' (not 'lands blue')")


def test_m12_a_slip_in_a_json_record_is_named_by_its_entry():
    """A record read from JSON has no lines: the landing is named by its entry."""
    data = to_json(read_one(str(FAMILY)))
    landing = next(i for i, e in enumerate(data["entries"]) if e.get("past_arrow"))
    data["entries"][landing]["past_arrow"] = 0
    with pytest.raises(RecordError) as refused:
        replay(record_from_json(data))
    assert refused.value.reason.endswith(
        f"the record would agree with it if entries[{landing}] read 'past arrow, lands "
        "blue' (not 'lands blue')")


def test_m12_a_slip_a_failed_check_does_not_follow_from_is_not_named():
    """A check miscounted at the table, with every landing right: no landing written
    otherwise makes it agree, and none is named."""
    text = _family_with("check money Ann 10 Ben 5 Cleo 1005", "check money Ann 10 Ben 5 Cleo 1000")
    with pytest.raises(RecordError) as refused:
        replay(parse_one(text))
    assert refused.value.reason == "check money failed: Cleo has 1,005, not 1,000"


def test_m12_a_landing_named_as_a_slip_is_the_one_written_wrong():
    """40 simulated games with no [Track], each with a money check at its end and one
    landing written wrong (its 'past arrow' left out, or another colour): where the record
    is refused at that check, or at a bet or a pension card the money no longer covers,
    and a landing is named as the slip, the one written wrong is among those named (by its
    line, or within the lines it names from and to); and most games refused name one."""
    import re

    from mclog.games import game as game_named

    millionenspiel = game_named("Millionenspiel")
    refused = named = 0
    for seed in range(40):
        rng = random.Random(seed)
        text = re.sub(r'\[Track "[^"]*"\]\n', "", millionenspiel.simulated_text(
            rng.choice([2, 3, 4, 5]), seed, "chance", {}))
        final = replay(parse_one(text)).final
        lines = text.splitlines()
        lines.append("check money " + " ".join(f"{name} {money}" for name, money in
                                                zip(final.names, final.money)))
        landings = [i for i, line in enumerate(lines) if "lands" in line and "black" not in line]
        slipped = rng.choice(landings)
        line = lines[slipped]
        if "past arrow" in line and rng.random() < 0.6:
            lines[slipped] = re.sub(r"past arrow( twice| \d+ times)?, ", "", line, count=1)
        else:
            colour = re.search(r"lands (\w+)", line)
            other = rng.choice([c for c in ("blue", "yellow", "red", "beige", "green")
                                if c != colour.group(1)])
            lines[slipped] = line[:colour.start(1)] + other + line[colour.end(1):]
        try:
            replay(parse_one("\n".join(lines)))
        except RecordError as error:
            refused += 1
            if "would agree with it if" not in error.reason and \
                    "would allow it if" not in error.reason:
                continue
            named += 1
            hint = error.reason.partition(" if ")[2]
            lines_named = [int(n) for n in re.findall(r"line (\d+)", hint)]
            span = re.search(r"from line (\d+) to line (\d+)", hint)
            assert slipped + 1 in lines_named or (
                span and int(span.group(1)) <= slipped + 1 <= int(span.group(2))), \
                (seed, error.reason)
    assert refused >= 20 and named >= refused // 2, (refused, named)


@pytest.mark.parametrize("written,told", [
    ("Ann 10 Ben 5 Cleo 1005", "check money Ann 10 Ben 5 Cleo 1005"),
    ("Ann 10, Ben 5, Cleo 1_005", "check money Ann 10 Ben 5 Cleo 1_005"),
])
def test_a_count_of_money_written_without_its_check_is_told_where_it_is_refused(
        written, told):
    """A table's count written without 'check money' reads as bets (a name and a sum is
    a bet wherever it stands); where the rules refuse the first of them, the message asks
    whether the line is the count, and how a count is written."""
    text = FAMILY.read_text()
    assert "\ncheck money Ann 10 Ben 5 Cleo 1005\n" in text
    with pytest.raises(RecordError) as refused:
        replay(parse_one(text.replace("check money Ann 10 Ben 5 Cleo 1005", written)))
    assert str(refused.value) == (
        "<text>:14:1: it is Cleo's turn to bet, not Ann's: bets go clockwise from the "
        "roller's left, the roller last; is the line the table's count of money? A name and "
        f"a sum is a bet wherever it stands, and a count is written '{told}' (M4)")
    # (a line of bets that is not every player's sum is told as before)
    with pytest.raises(RecordError) as refused:
        replay(parse_one(text.replace("check money Ann 10 Ben 5 Cleo 1005", "Ann 10 Ben 5")))
    assert "count of money" not in str(refused.value)
