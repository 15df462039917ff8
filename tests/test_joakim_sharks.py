"""Joakim von Ankas fantastiska affärer, the Business Sharks variant
(``[Variant "Business Sharks"]``): each of its rules and of mclog's readings (J21..J30,
``docs/joakim/rules.md``) on a record, with exact money, market values and cards; a
seat's record with the hidden Affärstipskort; and properties of simulated games.

The illustrative set's cards (``rules/illustrative.json``): Affärstipskort 1 to 12 are
rumours (1 gold +3, 2 gold -3, 3 oil +3, ... 12 shipping -3), 13 and 14 rumours of a kind
the player chooses (+2, -2), 15 to 17 FARBROR JOAKIM DEMANDS INTEREST, 18 to 20 CLOSED
AUCTION, 21 to 23 THE BEAGLE BOYS, 24 and 25 FARBROR JOAKIM IS AWAY, 26 and 27 A NEWLY
BOUGHT PROPERTY TURNS OUT TO BE WORTHLESS, 28 earn 10, 29 earn 15, 30 pay 6, 31 you may
buy one property.  Joakim cards 20, 21, 22 and 27 are YOU MAY BORROW MONEY, 23, 24 and
28 YOU MAY INSPECT, 25, 26 and 29 DON'T BELIEVE ALL THE RUMOURS; the loan cards are three
of 10, three of 25 and two of 50.  The board is ``tests/test_joakim.py``'s: Ann starts on
c3 (a Stock Exchange), Ben on e2 (a newspaper); d2 is a Stock Exchange two squares from
c3, e1 Farbror Joakim's square and e3 a gold square beside e2, b3 an oil square beside c3.
"""

from __future__ import annotations

import json
import random

import pytest

import mclog
from mclog.engine import Watch
from mclog.errors import RecordError
from mclog.games import game
from mclog.games.joakim.rules.components import HERE
from mclog.games.joakim.rules.moves import KINDS, Tips
from mclog.games.joakim.rules.sharks import steps
from test_joakim import play_every_legal_answer

GAME = game("joakim")
SHARKS = '[Variant "Business Sharks"]\n[Cash "100"]\n'
SETUP = """\
place Ann c3, place Ben e2
start Ann gold 6
start Ben oil 3 bank 3
value gold 3, value oil 5, value diamond 2, value aeroplane 4, value bank 6, value shipping 1
"""
#: The setup with a third player, Cleo, on a1 with six shipping companies.
THREE = SETUP.replace("place Ben e2", "place Ben e2, place Cleo a1").replace(
    "start Ben oil 3 bank 3\n", "start Ben oil 3 bank 3\nstart Cleo shipping 6\n")
#: Ann draws three Affärstipskort on d2, then Ben's move ends at Farbror Joakim's, away.
TIPS = "roll Ann 2, move Ann d2, tips Ann {}\nroll Ben 1, move Ben e1, home 2\n"


def text(body: str, tags: str = SHARKS, players: str = "Ann, Ben", setup: str = SETUP) -> str:
    return f'[Game "Joakim"]\n[Players "{players}"]\n{tags}\n{setup}{body}'


def play(body: str, tags: str = SHARKS, **kw):
    return GAME.replay(mclog.parse_one(text(body, tags, **kw)))


def refused(body: str, tags: str = SHARKS, **kw) -> RecordError:
    with pytest.raises(RecordError) as info:
        play(body, tags, **kw)
    return info.value


def cash(played) -> list[int]:
    return [p.cash for p in played.final.players]


def with_tips(*cards: int) -> str:
    return TIPS.format(" ".join(map(str, cards)))


# --- the tag, and what the variant needs -------------------------------------------------


def test_the_variant_is_named_in_a_tag_and_an_unknown_one_is_refused():
    assert play("").final.table.sharks and not play("", "").final.table.sharks
    assert play("", '[Variant "business-sharks"]\n').final.table.sharks
    with pytest.raises(RecordError, match="'Advanced' is no variant of the game: basic, or "
                                          "Business Sharks") as info:
        mclog.parse_one(text("", '[Variant "Advanced"]\n'))
    assert info.value.line == 3


def test_j30_a_component_file_for_the_variant_has_the_tips_and_the_loans():
    data = json.loads((HERE / "illustrative.json").read_text(encoding="utf-8"))
    del data["tips"]
    tag = json.dumps(json.dumps(data, ensure_ascii=False))   # (the JSON itself, quoted)
    with pytest.raises(RecordError, match="the component set written in the tag has "
                                          "no Affärstipskort \\(J30\\)") as info:
        mclog.parse_one(text("", f'[Components {tag}]\n[Variant "Business Sharks"]\n'))
    assert info.value.line == 4


def test_the_component_file_counts_31_tips_and_8_loan_cards():
    from mclog.games.joakim.rules.components import ComponentError, check

    data = json.loads((HERE / "illustrative.json").read_text(encoding="utf-8"))
    data["loans"]["50"] = 3
    with pytest.raises(ComponentError, match="the box holds 8 loan cards, not 9"):
        check(data, "x")
    data["loans"]["50"] = 2
    data["tips"].pop()
    with pytest.raises(ComponentError, match="tips: the box holds 31 of these cards, not 30"):
        check(data, "x")
    data = json.loads((HERE / "illustrative.json").read_text(encoding="utf-8"))
    data["news"][0]["you"] = [{"do": "beagle"}]
    with pytest.raises(ComponentError, match="'beagle' is an Affärstipskort's"):
        check(data, "x")


# --- J21: trades at a property square move the market ----------------------------------------


def test_j21_a_trade_of_4_to_7_moves_the_value_one_step_8_to_10_two():
    assert [steps(n) for n in range(1, 11)] == [0, 0, 0, 1, 1, 1, 1, 2, 2, 2]
    three = play("roll Ann 1, move Ann b3, buy Ann oil 3\n")
    assert three.final.values["oil"] == 5 and cash(three) == [85, 100]
    four = play("roll Ann 1, move Ann b3, buy Ann oil 4\n")
    assert four.final.values["oil"] == 6 and cash(four) == [80, 100]   # (paid at 5, then up)
    ten = play("roll Ann 1, move Ann b3, buy Ann oil 10\n")
    assert ten.final.values["oil"] == 7 and cash(ten) == [50, 100]


def test_j21_selling_moves_it_down_and_the_basic_game_never():
    body = "roll Ann 1, move Ann b3, buy Ann oil 10\nroll Ben 1, move Ben e3, pass Ben\n" \
           "roll Ann 2, move Ann b1, sell Ann gold 6\n"
    assert play(body).final.values["gold"] == 2   # (6 sold: one step down)
    assert play(body, '[Cash "100"]\n').final.values == {
        "gold": 3, "oil": 5, "diamond": 2, "aeroplane": 4, "bank": 6, "shipping": 1}


def test_j21_a_card_s_purchase_does_not_move_the_market():
    played = play("roll Ann 2, move Ann d2, tips Ann 1 2 3\nroll Ben 1, move Ben e1, home 5, "
                  "joakim 5, buy Ben gold 5\n")
    assert played.final.values["gold"] == 3 and cash(played) == [100, 80]


# --- J24: Affärstipskort at a Stock Exchange -------------------------------------------------


def test_j24_a_stock_exchange_deals_three_tips_and_no_million():
    played = play(with_tips(1, 2, 3))
    assert cash(played) == [100, 100]
    assert played.final.players[0].tips == [1, 2, 3]
    assert played.final.tips_fresh == 28


def test_j24_three_tips_written_as_two_are_told_as_a_card_left_out():
    """From Ben's seat, Ann's three cards are ``? ? ?``; a record that writes two of them
    runs into the next item on its line, or into the line's end, and is told so."""
    seat = SHARKS + '[Seat "Ben"]\n'
    error = refused(TIPS.format("? ?").replace("\n", ", ", 1), tags=seat)
    assert error.reason == ("'tips' is written 'tips <player> <first> <second> <third>', but "
                            "'roll' stands where its <third> goes: is a word of it left out?")
    assert (error.line, error.col) == (11, 40)   # (Ben's roll, on the line of the tips)
    ended = refused(TIPS.format("? ?"), tags=seat)
    assert ended.reason == ("'tips' is written 'tips <player> <first> <second> <third>', but "
                            "the line ends (? for a card not seen)")
    # (a value that is also a verb's word by right, as 'inspect' is, is no word left out:
    # the slip is the next word's)
    kept = refused("roll Ann 2, move Ann d2, keep Ann inspect, frobnicate\n")
    assert kept.reason.startswith("'frobnicate' is no move of this game")


def test_j24_a_player_holding_tips_draws_none():
    body = with_tips(1, 2, 3) + "roll Ann 2, move Ann c3\nroll Ben 1"
    played = play(body)
    assert played.final.players[0].tips == [1, 2, 3]
    assert GAME.engine.describe(play(with_tips(1, 2, 3) + "roll Ann 2, move Ann c3\n")
                                .final).startswith("the end of Ann's move")


def test_j24_a_tip_drawn_is_one_nobody_holds():
    error = refused(with_tips(1, 2, 3) + "roll Ann 1, move Ann c2\n"
                    "roll Ben 2, move Ben d2, tips Ben 4 1 5\n")
    assert "Affärstipskort 1 cannot be drawn now: Ann holds it (J24)" in str(error)
    error = refused("roll Ann 2, move Ann d2, tips Ann 1 2 2\n")
    assert "three Affärstipskort are three cards (J24)" in str(error)
    error = refused("roll Ann 2, move Ann d2, tips Ann 1 2 40\n")
    assert "there is no Affärstipskort 40 (they are numbered 1 to 31)" in str(error)


def test_j24_once_every_card_was_drawn_the_played_ones_come_in_the_order_played():
    engine = GAME.engine
    state = play(with_tips(1, 2, 3) + "roll Ann 1, move Ann c2\nroll Ben 2, move Ben d2\n"
                 ).final
    assert engine.describe(state) == "Ben draws three Affärstipskort (? for cards you did " \
                                     "not see)"
    # (as if 30 were the last card never drawn, and 7, 5 and 9 had been played since)
    state.tips_fresh, state.tips_unknown, state.tips_under = 1, {30}, [7, 5, 9]
    assert engine.chance(engine.copy(state), random.Random(1)) == Tips(1, 30, 7, 5)  # (a deal)
    twin = engine.copy(state)
    with pytest.raises(Exception, match="the next Affärstipskort is number 7"):
        engine.play(twin, Tips(1, 30, 5, 7))
    engine.play(state, Tips(1, 30, None, 5))
    assert state.players[1].tips == [30, 7, 5] and state.tips_under == [9]
    assert state.tips_fresh == 0


# --- J25: one a move, at its start or end; the two exceptions -------------------------------


def test_j25_a_tip_is_played_at_the_start_of_the_move_before_the_die():
    played = play(with_tips(1, 2, 3) + "tip Ann 1, roll Ann 2, move Ann c3\n")
    assert played.final.values["gold"] == 6 and played.final.players[0].tips == [2, 3]
    assert played.final.tips_under == [1]


def test_j25_a_tip_is_played_at_the_end_of_the_move_and_only_one():
    played = play(with_tips(28, 29, 3) + "roll Ann 2, move Ann c3, tip Ann 28\n")
    assert cash(played) == [110, 100]
    error = refused(with_tips(28, 29, 3) + "tip Ann 28, roll Ann 2, move Ann c3, tip Ann 29\n")
    assert "Ann has played an Affärstipskort this move already" in str(error)


def test_j25_on_a_property_square_a_tip_comes_before_or_after_the_trade():
    # (the rulebook: "first lower the market value of aeroplane companies and then
    # immediately buy a number of them", or sell first and then lower it)
    body = with_tips(4, 2, 3) + "roll Ann 1, move Ann d1, "
    first = play(body + "tip Ann 4, buy Ann oil 5\n")
    assert cash(first) == [90, 100] and first.final.values["oil"] == 3   # (5-3, bought at 2, +1)
    after = play(body + "buy Ann oil 5, tip Ann 4\n")
    assert cash(after) == [75, 100] and after.final.values["oil"] == 3   # (bought at 5, +1, -3)


def test_j25_not_in_the_middle_of_a_move_nor_on_another_s():
    error = refused(with_tips(28, 29, 3) + "roll Ann 1, move Ann e2, tip Ann 28, news 5\n")
    assert "now comes: the next number of Ankeborgstidningen, for Ann, not 'tip' by Ann" \
        in str(error)
    # (after a property square's trade let go, it is the end of the move: J20)
    assert play(with_tips(28, 29, 3) + "roll Ann 1, move Ann c2, tip Ann 28\n"
                ).final.players[0].cash == 110
    # (on Ben's move, Ann's card says Ben let his trade and the end of his move go, J20:
    # it is played at the start of Ann's next move)
    played = play(with_tips(28, 29, 3) + "roll Ann 1, move Ann c2, pass Ann\n"
                  "roll Ben 1, move Ben d1, tip Ann 28\n")
    assert cash(played) == [110, 100]
    assert GAME.engine.describe(played.final).startswith("Ann's die")


def test_j25_a_tip_not_in_the_hand_is_refused():
    error = refused(with_tips(1, 2, 3) + "tip Ann 4\n")
    assert "Ann does not hold Affärstipskort 4" in str(error)
    error = refused("roll Ann 1, move Ann c2, pass Ann\nroll Ben 1, move Ben e1, home 2\n"
                    "tip Ann 4\n")
    assert "Ann holds no Affärstipskort" in str(error)


def test_j25_farbror_joakim_is_away_is_played_on_another_s_move():
    body = with_tips(24, 2, 3) + "roll Ann 1, move Ann c2, pass Ann\n" \
        "roll Ben 2, move Ben e1"
    played = play(body.replace("roll Ben 2, move Ben e1", "roll Ben 1, move Ben d1, pass Ben\n"
                               "roll Ann 1, move Ann d2\nroll Ben 1, move Ben e1, home 5, "
                               "tip Ann 24\n"))
    assert played.final.tips_under == [24] and played.final.players[1].keeps == []
    assert GAME.engine.describe(played.final).startswith("the end of Ben's move")
    error = refused(with_tips(24, 2, 3) + "tip Ann 24\n")
    assert "FARBROR JOAKIM IS AWAY is played when another player stands on Farbror " \
           "Joakim's square, before his card is drawn (J25)" in str(error)
    error = refused(with_tips(24, 2, 3) + "pass Ben\ntip Ann 24\n")
    assert "is played on another player's move, as its text says (J25)" in str(error)


def test_j25_a_newly_bought_property_turns_out_worthless():
    body = with_tips(26, 2, 3) + "roll Ann 1, move Ann c2, pass Ann\n" \
        "roll Ben 2, move Ben e3, buy Ben gold 2, tip Ann 26\n"
    played = play(body)
    assert played.final.players[1].ones["gold"] == 1 and cash(played) == [100, 94]
    error = refused(with_tips(26, 2, 3) + "roll Ann 1, move Ann c2, pass Ann\n"
                    "roll Ben 2, move Ben e3, pass Ben, tip Ann 26\n")
    assert "is played right after another player bought properties (J25)" in str(error)


# --- J26: the closed auction -------------------------------------------------------------------


def test_j26_the_highest_closed_bid_buys_the_card():
    played = play(with_tips(18, 2, 3) + "tip Ann 18, lot Ann gold 5, bid Ann 12, bid Ben 15\n")
    assert cash(played) == [100, 85] and played.final.players[1].fives["gold"] == 1
    one = play(with_tips(18, 2, 3) + "tip Ann 18, lot Ann oil 1, bid Ann 4, roll Ann 1\n")
    assert cash(one) == [96, 100] and one.final.players[0].ones["oil"] == 1


def test_j26_a_tie_is_raised_and_a_second_tie_costs_each_2():
    raised = play(with_tips(18, 2, 3) + "tip Ann 18, lot Ann gold 5, bid Ann 20, bid Ben 20, "
                  "raise Ann 5, raise Ben 6\n")
    assert cash(raised) == [100, 74] and raised.final.players[1].fives["gold"] == 1
    still = play(with_tips(18, 2, 3) + "tip Ann 18, lot Ann gold 5, bid Ann 20, bid Ben 20, "
                 "raise Ann 5, raise Ben 5\n")
    assert cash(still) == [98, 98] and still.final.players[1].fives["gold"] == 0
    assert GAME.engine.describe(still.final) == "Ann's die (or a lucky crown: before, or go " \
                                                "to a square)"
    one_raised = play(with_tips(18, 2, 3) + "tip Ann 18, lot Ann gold 5, bid Ann 20, "
                      "bid Ben 20, raise Ann 1\n")
    assert GAME.engine.describe(one_raised.final) == "Ben adds to their tied bid (or not)"


def test_j26_a_player_with_no_cash_is_not_asked_to_bid():
    broke = play(with_tips(18, 2, 3) + "tip Ann 18, lot Ann gold 5\n",
                 '[Variant "Business Sharks"]\n[Cash "0"]\n')
    assert GAME.engine.describe(broke.final) == "Ann's die (or a lucky crown: before, or go " \
                                                "to a square)"   # (no bid: the card stays)
    assert broke.final.bank_fives["gold"] == play(with_tips(18, 2, 3)).final.bank_fives["gold"]


def test_j26_a_bid_is_cash_in_hand_and_the_card_is_in_the_bank():
    error = refused(with_tips(18, 2, 3) + "tip Ann 18, lot Ann gold 5, bid Ann 101\n")
    assert "a bid is cash in hand: Ann has 100, and bid 101 (J26)" in str(error)
    error = refused(with_tips(18, 2, 3) + "tip Ann 18, lot Ann gold 3\n")
    assert "the closed auction is of one property card, a 1 or a 5 (J26)" in str(error)


# --- J27: rumours, don't believe them, the Beagle Boys ----------------------------------------


def test_j27_a_rumour_moves_a_value_and_may_be_of_a_kind_chosen():
    played = play(with_tips(2, 13, 3) + "roll Ann 2, move Ann c3, tip Ann 2\n")
    assert played.final.values["gold"] == 1   # (3 - 3, kept within 1 to 25)
    chosen = play(with_tips(2, 13, 3) + "tip Ann 13, choose Ann bank, roll Ann 1\n")
    assert chosen.final.values["bank"] == 8


def test_j27_dont_believe_all_the_rumours_cancels_one():
    body = ("roll Ann 1, move Ann c2, pass Ann\nroll Ben 1, move Ben e1, home 5, joakim 25\n"
            "roll Ann 1, move Ann d2, tips Ann 1 2 3\nroll Ben 1, move Ben d1, pass Ben\n"
            "tip Ann 1, disbelieve Ben, roll Ann 1\n")
    played = play(body)
    assert played.final.values["gold"] == 3 and played.final.players[1].keeps == []
    assert played.final.joakim[-1] == 25   # (back under the pile)
    believed = play(body.replace("disbelieve Ben, ", ""))
    assert believed.final.values["gold"] == 6 and believed.final.players[1].keeps == [25]
    error = refused(body.replace("disbelieve Ben", "disbelieve Ann"))
    assert "DON'T BELIEVE ALL THE RUMOURS cancels another player's rumour" in str(error)


def test_j27_the_beagle_boys_make_a_player_miss_a_move():
    body = with_tips(21, 2, 3) + "tip Ann 21 on Ben, roll Ann 1, move Ann c2, pass Ann\n"
    played = play(body + "roll Ann 1, move Ann c3\n")
    assert played.final.tips_under == [21] and played.final.players[1].beagle is None
    error = refused(body + "roll Ben 1\n")
    assert "it is Ann's move, not Ben's" in str(error)
    error = refused(with_tips(21, 2, 3) + "tip Ann 21\n")
    assert "the Beagle Boys are placed in front of another player in the game" in str(error)
    error = refused(with_tips(28, 2, 3) + "tip Ann 28 on Ben\n")
    assert "is placed in front of nobody: write it without 'on' (J27)" in str(error)
    # (the victim named as a table says it, without 'on')
    error = refused(with_tips(21, 2, 3) + "tip Ann 21 Ben\n")
    assert error.reason == ("'Ben' follows a whole 'tip' item, and a player is written there "
                            "after 'on': 'tip Ann 21 on Ben' ('tip <player> <card> [on <on>]')")


# --- J23: loans -------------------------------------------------------------------------------


def test_j23_a_loan_from_a_joakim_card_is_repaid_with_more():
    body = "roll Ann 1, move Ann c2, pass Ann\nroll Ben 1, move Ben e1, home 5, joakim 20, " \
           "borrow Ben 50\n"
    played = play(body)
    assert cash(played) == [100, 150] and played.final.players[1].loans == [50]
    assert played.final.loans_left == {10: 3, 25: 3, 50: 1}
    repaid = play(body + "repay Ben 50\n")
    assert cash(repaid) == [100, 90] and repaid.final.loans_left[50] == 2
    error = refused(body.replace("borrow Ben 50", "borrow Ben 30"))
    assert "a loan card is of 10, 25, 50, not 30 (Loans)" in str(error)
    state = play(body.replace(", borrow Ben 50", "")).final
    last = GAME.engine.copy(state)
    last.loans_left[50] = 1   # (as if one 50 were out: the other may still be taken)
    GAME.engine.play(last, mclog.games.joakim.rules.moves.Borrow(1, 50))
    assert last.loans_left[50] == 0 and last.players[1].loans == [50]
    state.loans_left[50] = 0   # (as if both 50s were out)
    with pytest.raises(Exception, match="no loan card of 50 is left in the bank \\(there "
                                        "are 10, 25\\)"):
        GAME.engine.play(state, mclog.games.joakim.rules.moves.Borrow(1, 50))
    error = refused(body + "repay Ben 25\n")
    assert error.reason == "Ben has no loan of 25 (Ben's loan cards: 50)"
    # (the sum paid back, written for the card: told which card it repays)
    error = refused(body + "repay Ben 60\n")
    assert error.reason == ("Ben has no loan of 60 (Ben's loan cards: 50): the loan of 50 is "
                            "repaid with 60, and named by its card, 50")
    repay = mclog.games.joakim.rules.moves.Repay(1, 50)
    for money, repaid_then in ((60, True), (59, False)):   # (the 60 a 50 is repaid with)
        state = play(body).final
        state.players[1].cash = money
        assert (repay in GAME.engine.legal(state)) == repaid_then   # (offered, or not)
        if repaid_then:
            GAME.engine.play(state, repay)
            assert (state.players[1].cash, state.players[1].loans) == (0, [])
            continue
        with pytest.raises(Exception, match=r"a loan of 50 is repaid with 60; Ben has 59 "
                                            r"\(Loans\)"):
            GAME.engine.play(state, repay)


def test_j23_a_player_with_a_loan_does_not_win_until_it_is_repaid():
    body = "roll Ann 1, move Ann c2, pass Ann\nroll Ben 1, move Ben e1, home 5, joakim 20, " \
           "borrow Ben 50\n"
    played = play(body, '[Variant "Business Sharks"]\n[Cash "100"]\n[Limit "140"]\n')
    state = played.final
    assert cash(played) == [100, 150] and not state.over   # (150 shown, and a loan)
    assert GAME.score_parts(state)[1] == {"cash": 150, "loans": -60}
    # (the total is named as what it is, cash less the loans: 'money -11' read as a bug)
    assert GAME.final_text(played) == ("In progress after 18 moves; cash less loans: 1. Ann "
                                       "100, 2. Ben 90")
    state.players[1].loans = []   # (as if it had been repaid from money found elsewhere)
    GAME.engine.play(state, mclog.games.joakim.rules.moves.Pass(1))
    assert state.over and state.winner == 1


def test_j23_leaving_the_game_gives_the_loans_back_to_the_bank():
    from mclog.games.joakim.rules.engine import _leave

    state = play("roll Ann 1, move Ann c2, pass Ann\nroll Ben 1, move Ben e1, home 5, "
                 "joakim 20, borrow Ben 25\n").final
    _leave(state, 1, None, "a test", None)
    assert state.loans_left == {10: 3, 25: 3, 50: 2} and state.players[1].loans == []


def test_the_variant_s_checks_count_loans_and_tips():
    body = "roll Ann 2, move Ann d2, tips Ann 1 2 3\nroll Ben 1, move Ben e1, home 5, " \
           "joakim 20, borrow Ben 25\ncheck loans Ann 0 Ben 25\ncheck tips Ann 3 Ben 0\n" \
           "check score Ann 100 Ben 95\ncheck worth Ann 118 Ben 128\n"
    assert play(body).errors == []
    error = refused(body.replace("check loans Ann 0 Ben 25", "check loans Ann 0 Ben 30"))
    assert "Ben has 25, not 30" in str(error)


def test_j23_interest_is_paid_on_every_loan():
    body = ("roll Ann 1, move Ann c2, pass Ann\nroll Ben 1, move Ben e1, home 5, joakim 20, "
            "borrow Ben 25\nroll Ann 1, move Ann d2, tips Ann 15 2 3\n"
            "roll Ben 1, move Ben d1, pass Ben\ntip Ann 15, roll Ann 1\n")
    played = play(body)
    assert cash(played) == [100, 120]   # (125 less 5)


# --- J22: trades between players -------------------------------------------------------------


def test_j22_players_trade_on_the_mover_s_move_at_an_agreed_price():
    played = play("deal Ann Ben gold 5 for 40, roll Ann 1, move Ann c2, pass Ann, "
                  "deal Ben Ann oil 2 for 3\n")
    final = played.final
    assert cash(played) == [137, 63]
    assert final.players[1].fives["gold"] == 1 and final.players[0].ones["oil"] == 2
    assert final.values == {"gold": 3, "oil": 5, "diamond": 2, "aeroplane": 4, "bank": 6,
                            "shipping": 1}   # (no market move)


def test_j22_a_trade_without_the_mover_or_the_cash_is_refused():
    error = refused("deal Ann Ben gold 5 for 101\n")
    assert "Ben has 100, not the 101 agreed (J22)" in str(error)
    error = refused("roll Ann 2, move Ann c1, deal Ann Ben gold 1 for 2\n")
    assert "now comes: the next number of Ankeborgstidningen, for Ann" in str(error)
    error = refused("deal Ben Cleo oil 1 for 2\n", players="Ann, Ben, Cleo", setup=THREE)
    assert "players trade on the move of the player whose turn it is, who is one of the " \
           "two (Ann now), at its start, on a property square, or at its end (J22)" \
        in str(error)
    error = refused("deal Ann Ben gold 4 for 10\n")
    assert "nobody makes change" in str(error)
    # (a sale to another player said in a player's order: the item is a deal, not a sale)
    error = refused("Ann sells Ben gold 5 for 20\n")
    assert error.reason == ("'Ann sells': a move starts with its verb, then the player: did "
                            "you mean 'deal Ann Ben gold 5 for 20'?")


def test_a_trade_or_a_tip_written_short_is_told_the_item_meant():
    """``for`` left out of a deal; ``tips`` (three cards drawn) for ``tip`` (one played)."""
    error = refused("deal Ann Ben gold 5 40, roll Ann 1\n")
    assert error.reason == ("'for' is left out of the 'deal' item: 'deal Ann Ben gold 5 for "
                            "40' ('deal <player> <other> <kind> <count> for <price> [fives "
                            "<fives>]')")
    assert error.col == len("deal Ann Ben gold 5 ") + 1
    error = refused("tips Ann 4\n")
    assert error.reason == ("'tips' is written 'tips <player> <first> <second> <third>', but "
                            "the line ends: did you mean 'tip Ann 4'? ('tip <player> <card> "
                            "[on <on>]')")


def test_j22_a_player_in_debt_may_sell_to_another_player():
    tags = '[Variant "Business Sharks"]\n[Cash "3"]\n'
    body = "roll Ann 2, move Ann c1, news 1\n"   # (a gold boom: Ann pays 5, and has 3)
    assert GAME.engine.describe(play(body, tags).final) == \
        "Ann owes 5 and has 3: sells properties at half market value"
    sold = play(body + "deal Ann Ben gold 1 for 3\n", tags)
    assert cash(sold) == [1, 0] and sold.final.players[1].ones["gold"] == 1
    error = refused(body + "deal Ben Ann oil 1 for 1\n", tags)
    assert "Ann is selling to pay a debt: only they sell now (J22)" in str(error)


# --- J28: YOU MAY INSPECT, and the kept cards ------------------------------------------------


def test_j28_inspect_looks_at_another_hand_on_one_s_own_move():
    body = ("roll Ann 2, move Ann d2, tips Ann 1 2 3\nroll Ben 1, move Ben e1, home 5, "
            "joakim 23\nroll Ann 1, move Ann c2, pass Ann\n"
            "inspect Ben Ann 1 2 3, roll Ben 1\n")
    played = play(body)
    assert played.final.players[1].keeps == [] and played.final.joakim[-1] == 23
    error = refused(body.replace("inspect Ben Ann 1 2 3", "inspect Ben Ann 1 2 -"))
    assert "Ann holds 3 Affärstipskort, not 2" in str(error)
    error = refused(body.replace("inspect Ben Ann 1 2 3", "inspect Ben Ann 1 2 4"))
    assert "Ann does not hold Affärstipskort 4" in str(error)


def test_j28_a_seat_s_record_learns_the_cards_it_inspects():
    body = ("roll Ann 2, move Ann d2, tips Ann ? ? ?\nroll Ben 1, move Ben e1, home 5, "
            "joakim 23\nroll Ann 1, move Ann c2, pass Ann\n"
            "inspect Ben Ann 1 2 3, roll Ben 1, move Ben d1, pass Ben\n"
            "tip Ann 2, roll Ann 1\n")
    played = play(body, SHARKS + '[Seat "Ben"]\n')
    assert played.final.players[0].tips == [1, 3] and played.final.values["gold"] == 1
    error = refused(body.replace("tip Ann 2", "tip Ann 4"), SHARKS + '[Seat "Ben"]\n')
    assert "Ann does not hold Affärstipskort 4" in str(error)


# --- a seat's record and simulated games --------------------------------------------------------


def test_a_seat_s_record_writes_another_s_tips_unseen_and_plays_them_when_shown():
    body = with_tips(28, 2, 3) + "roll Ann 2, move Ann c3, tip Ann 28\n"
    played = play(body)
    view = GAME.write(GAME.seat_view(played, 1))
    assert "tips Ann ? ? ?" in view and "tip Ann 28" in view
    seen = GAME.replay(mclog.parse_one(view))
    assert cash(seen) == cash(played) == [110, 100]
    assert seen.final.players[0].tips_unseen == 2 and seen.final.players[0].tips == []


class _Ledger(Watch):
    def __init__(self, players: int) -> None:
        self.moved = [0] * players

    def money_moved(self, seat: int, amount: int, why: str) -> None:
        self.moved[seat] += amount


@pytest.mark.parametrize("seed", [0, 1, *(pytest.param(seed, marks=pytest.mark.slow)
                                           for seed in (2, 3))])   # (2: a long game)
def test_simulated_business_sharks_keep_every_card_and_read_back(seed):
    players = 2 + seed % 4
    written = GAME.simulated_text(players, seed, "random" if seed % 2 == 0 else "trader",
                                  {"variant": "sharks", "cash": str(20 * seed)})
    played = GAME.replay(mclog.parse_one(written))
    assert played.errors == []
    board = played.final.board
    for state in played.replay.states():
        held = [c for p in state.players for c in p.tips]
        placed = held + state.tips_under + [p.beagle for p in state.players
                                            if p.beagle is not None]
        assert len(placed) == len(set(placed))
        assert sorted(placed + sorted(state.tips_unknown)) == sorted(board.tips)
        assert state.tips_fresh == len(state.tips_unknown)
        for amount in (10, 25, 50):
            assert state.loans_left[amount] + sum(p.loans.count(amount)
                                                  for p in state.players) == \
                board.loans[amount]
        assert all(p.hand <= 3 for p in state.players)
        assert state.turns == 0 or all(1 <= state.values[k] <= 25 for k in KINDS)
        for kind in KINDS:   # (property cards: between the bank and the players only)
            ones = state.bank_ones[kind] + sum(p.ones[kind] for p in state.players)
            fives = state.bank_fives[kind] + sum(p.fives[kind] for p in state.players)
            assert (ones, fives) == board.properties[kind]
    assert GAME.write(mclog.parse_one(written)) == written
    books = _Ledger(players)   # (every million that moved told to a watch: the books add up)
    state = played.state(0)
    for move in played.replay.moves:
        GAME.engine.play(state, move, books)
    assert [20 * seed + moved for moved in books.moved] == cash(played)
    truth = [r.total for r in played.scores()]
    for seat in range(players):
        view = GAME.write(GAME.seat_view(played, seat))
        seen = GAME.replay(mclog.parse_one(view))
        assert [r.total for r in seen.scores()] == truth and seen.errors == []


def test_every_legal_answer_of_the_variant_is_played_without_error():
    state = play(with_tips(18, 21, 13)).final
    assert {"end", "trade"} <= play_every_legal_answer(state, random.Random(11), 1500)


# --- the sample: an evening from Ann's seat ------------------------------------------------------

SAMPLE = "sample_games/joakim/harbour-sharks-4p.mclog"


def test_the_business_sharks_sample_from_ann_s_seat_is_pinned():
    played = GAME.replay(mclog.read_one(SAMPLE))
    final = played.final
    assert played.errors == [] and not played.complete   # (stopped at midnight)
    assert cash(played) == [19, 101, 15, 121]
    assert final.values == {"gold": 15, "oil": 11, "diamond": 12, "aeroplane": 10,
                            "bank": 12, "shipping": 11}
    assert [p.loans for p in final.players] == [[25], [], [], []]
    assert [(p.tips, p.tips_unseen) for p in final.players] == [
        ([], 0), ([], 0), ([], 1), ([], 0)]   # (Cleo's last card: Ann did not see it)
    assert [(r.total, r.rank) for r in played.scores()] == [(19 - 30, 4), (101, 2), (15, 3),
                                                             (121, 1)]   # (J23: net)
    text = open(SAMPLE, encoding="utf-8").read()
    assert "tips Ben ? ? ?" in text and "inspect Ann Ben 9 27 -" in text
    assert "tip Ann 25" in text and "tip Ann 26" in text   # (out of turn, J25)
    assert "pass" not in text   # (every choice let go is left out: J20)


def test_the_board_shows_loans_tips_and_the_piles_of_the_variant():
    from mclog.games.joakim.board import player_lines, table_html

    final = GAME.replay(mclog.read_one(SAMPLE)).final
    lines = {line.name: line.facts for line in player_lines(final)}
    assert "loans 25 (repaid with 30)" in lines["Ann"] and "worth 494" in lines["Ann"]
    assert lines["Cleo"].endswith("Affärstipskort ?")
    drawn = table_html(final)
    assert "Affärstipskort 30 · loan cards 3×10, 2×25, 2×50" in drawn
    assert drawn.count("Börsen: tips") == 5 and "Börsen +1" not in drawn


def test_money_sources_name_the_variant_s_sources():
    from mclog.games.joakim.analysis import money_sources

    sources = money_sources(GAME.replay(mclog.read_one(SAMPLE)))
    assert sources.loc["Ann", "trades between players"] == -11   # (4 in, 7 and 8 out)
    assert sources.loc["Ann", "loans"] == 20   # (25 borrowed, 5 of interest)
    assert sources.loc["Ben", "loans"] == -5   # (25 borrowed, repaid with 30)


def test_a_rumour_about_every_kind_and_the_crown_after_a_move_has_begun():
    from mclog.games.joakim.rules.components import Effect
    from mclog.games.joakim.rules.sharks import believe

    state = play("").final
    believe(state, Effect("rumour", kind="all", by=-2), "all")
    assert state.values == {"gold": 1, "oil": 3, "diamond": 1, "aeroplane": 2, "bank": 4,
                            "shipping": 1}
    # (Ben's tip begins his move: Ann's lucky crown can no longer go before him)
    body = ("roll Ann 2, move Ann c1, news 8\nroll Ben 1, move Ben d2, tips Ben 28 2 3\n"
            "roll Ann 1, move Ann d1, pass Ann\n")
    assert play(body + "crown Ann before\n").final.turn == 0
    error = refused(body + "tip Ben 28, crown Ann before\n")
    assert "the lucky crown goes before in the turn order as soon as another player has " \
           "finished their move, before the next one rolls" in str(error)


# --- J30: the variant without a component file -------------------------------------------------

INLINE = '[Variant "Business Sharks"]\n[Components "inline"]\n[Cash "100"]\n'
NO_BOARD = SETUP.replace("place Ann c3, place Ben e2\n", "")


def inline(body: str):
    return play(body, INLINE, setup=NO_BOARD)


def test_j30_without_a_card_file_the_record_writes_what_the_variant_s_cards_do():
    loan = inline("roll Ann 2, land Ann exchange, tips Ann 1 2 3\nroll Ben 1, land Ben joakim, "
                  "home 5, joakim 20, borrow Ben 25\n")
    assert cash(loan) == [100, 125] and loan.final.players[0].tips == [1, 2, 3]
    assert loan.final.loans_left == {10: 3, 25: 2, 50: 2}   # (the illustrative split)
    body = ("roll Ann 2, land Ann exchange, tips Ann 1 2 3\nroll Ben 1, land Ben joakim, "
            "home 5, joakim 25, keep Ben disbelieve\ntip Ann 1, rumour gold +3, ")
    cancelled = inline(body + "disbelieve Ben, roll Ann 1\n")
    assert cancelled.final.values["gold"] == 3 and cancelled.final.players[1].keeps == []
    believed = inline(body + "roll Ann 1\n")
    assert believed.final.values["gold"] == 6 and believed.final.players[1].keeps == [25]
    auction = inline("roll Ann 2, land Ann exchange, tips Ann 1 2 3\nroll Ben 1, land Ben "
                     "joakim, home 2\ntip Ann 2, lot Ann gold 5, bid Ann 10, bid Ben 12, "
                     "roll Ann 1\n")
    assert cash(auction) == [100, 88] and auction.final.players[1].fives["gold"] == 1


def test_j30_inline_the_beagle_boys_are_a_card_placed_and_out_of_turn_is_when_it_comes():
    start = "roll Ann 2, land Ann exchange, tips Ann 1 2 3\n"
    beagle = inline(start + "roll Ben 1, land Ben gold\ntip Ann 2 on Ben, roll Ann 1, "
                    "land Ann oil\nroll Ann 2\n")
    assert beagle.final.tips_under == [2] and beagle.final.turn == 0
    away = inline(start + "roll Ben 1, land Ben joakim, tip Ann 2\n")
    assert away.final.tips_under == [2] and away.final.players[1].keeps == []
    worthless = inline(start + "roll Ben 1, land Ben gold, buy Ben gold 2, tip Ann 2\n")
    assert worthless.final.players[1].ones["gold"] == 1 and cash(worthless) == [100, 94]


def test_j30_the_variant_s_items_belong_to_its_cards():
    error = refused("roll Ann 2, land Ann news, news 3, borrow Ann 10\n", INLINE,
                    setup=NO_BOARD)
    assert "a loan and a card kept come from a Joakim card (J30)" in str(error)
    error = refused("roll Ann 2, land Ann news, news 3, interest\n",
                    '[Components "inline"]\n', setup=NO_BOARD)
    assert "is the Business Sharks variant's, and this game is the basic one (J30)" \
        in str(error)
    error = refused("roll Ann 2, land Ann exchange, tips Ann 1 2 32\n", INLINE,
                    setup=NO_BOARD)
    assert "there is no Affärstipskort 32 (they are numbered 1 to 31)" in str(error)


def test_j29_a_player_leaving_shuffles_their_tips_into_the_pile():
    from mclog.games.joakim.rules.engine import _leave

    body = ("roll Ann 2, move Ann d2, tips Ann 21 2 3\nroll Ben 1, move Ben e1, home 5, "
            "joakim 23\ntip Ann 21 on Ben, roll Ann 1, move Ann c2, pass Ann\n")
    state = play(body).final
    assert state.players[1].beagle == 21 and state.players[1].keeps == [23]
    fresh = state.tips_fresh
    _leave(state, 0, None, "a test", None)   # (Ann, holding 2 and 3)
    assert state.tips_fresh == fresh + 2 and {2, 3} <= state.tips_unknown
    _leave(state, 1, None, "a test", None)   # (Ben: the Beagle Boys before him, a card kept)
    assert state.tips_under == [21] and state.joakim[-1] == 23


# --- J31: what a seat's record cannot name ------------------------------------------------------


def test_j31_a_seat_s_record_cannot_name_what_the_seat_did_not_see():
    seat = SHARKS + '[Seat "Ben"]\n'
    error = refused("roll Ann 2, move Ann d2, tips Ann 1 2 3\n", seat)
    assert "the record is written from Ben's seat, and Ben does not see Ann's " \
           "Affärstipskort: write 'tips Ann ? ? ?' (J31)" in str(error)
    assert play("roll Ann 2, move Ann d2, tips Ann ? ? ?\n", seat).errors == []
    body = ("roll Ann 2, move Ann d4, home 4, joakim 17, peek Ann 21 and 9\n")
    error = refused(body, '[Seat "Ben"]\n')
    assert "Ben does not see what Ann peeked at: write 'peek Ann ?' (J31)" in str(error)
    assert play(body, '[Seat "Ann"]\n').errors == []


def test_j31_an_inspection_is_seen_by_its_two_players_only():
    body = ("roll Ann 2, move Ann d2, tips Ann ? ? ?\nroll Ben 1, move Ben e1, home 5, "
            "joakim 23\nroll Cleo 1, move Cleo a2, pass Cleo\n"
            "roll Ann 1, move Ann c2, pass Ann\ninspect Ben Ann 1 2 3, roll Ben 1\n")
    for seat, fine in (("Ben", True), ("Cleo", False)):
        tags = SHARKS + f'[Seat "{seat}"]\n'
        if fine:
            assert play(body, tags, players="Ann, Ben, Cleo", setup=THREE).errors == []
        else:
            error = refused(body, tags, players="Ann, Ben, Cleo", setup=THREE)
            assert "Cleo does not see what Ben saw in Ann's hand: write ? for each card " \
                   "(J31)" in str(error)
    hidden = body.replace("inspect Ben Ann 1 2 3", "inspect Ben Ann ? ? ?")
    assert play(hidden, SHARKS + '[Seat "Cleo"]\n', players="Ann, Ben, Cleo",
                setup=THREE).errors == []


def test_j23_a_rollout_s_winner_is_the_winner_even_beside_a_richer_player_with_a_loan():
    state = play("").final
    state.players[0].cash, state.players[0].loans = 1100, [50]   # (1040 net, a loan)
    state.players[1].cash, state.winner, state.over = 1005, 1, True
    assert GAME.outcome(state) == [(1005, False), (1005, True)]
    assert max(GAME.outcome(state)) == (1005, True)
