"""Joakim von Ankas fantastiska affärer: the rulebook's rules and mclog's readings
(``docs/joakim/rules.md``, J1..J17), each on a record, with exact money, market values
and cards; the component files; the tags; and properties of simulated games.

Card numbers are those of the illustrative set (``rules/illustrative.json``): news 1 is a
gold boom (+5) whose drawer pays 5, news 21 a shipping boom whose drawer earns 30, and so
on.  The board (columns a-f, rows 1-5 from the top)::

    a1 exchange  b1 gold   c1 news      d1 oil       e1 joakim   f1 diamond
    a2 shipping  b2 club   c2 aeroplane d2 exchange  e2 news     f2 bank
    a3 joakim    b3 oil    c3 exchange  d3 club      e3 gold     f3 news
    a4 bank      b4 news   c4 diamond   d4 joakim    e4 shipping f4 exchange
    a5 aeroplane b5 exchange c5 club    d5 news      e5 oil      f5 joakim
"""

from __future__ import annotations

import json
import random

import pytest

import mclog
from mclog.errors import RecordError
from mclog.games import game
from mclog.games.joakim.component_files import FILES, load
from mclog.games.joakim.rules.components import HERE, ComponentError
from mclog.games.joakim.rules.moves import KINDS

GAME = game("joakim")
SETUP = """\
place Ann c3, place Ben e2
start Ann gold 6
start Ben oil 3 bank 3
value gold 3, value oil 5, value diamond 2, value aeroplane 4, value bank 6, value shipping 1
"""


def text(body: str, tags: str = "", players: str = "Ann, Ben", setup: str = SETUP) -> str:
    return f'[Game "Joakim"]\n[Players "{players}"]\n{tags}\n{setup}{body}'


def play(body: str, tags: str = "", **kw):
    return GAME.replay(mclog.parse_one(text(body, tags, **kw)))


def refused(body: str, tags: str = "", **kw) -> RecordError:
    with pytest.raises(RecordError) as info:
        play(body, tags, **kw)
    return info.value


def cash(played) -> list[int]:
    return [p.cash for p in played.final.players]


def held(played, seat: int, kind: str) -> tuple[int, int]:
    p = played.final.players[seat]
    return p.ones[kind], p.fives[kind]


# --- the setup -------------------------------------------------------------------------


def test_the_setup_places_pawns_deals_six_properties_and_rolls_the_tray():
    played = play("")
    state = played.final
    assert [p.square for p in state.players] == ["c3", "e2"]
    assert held(played, 0, "gold") == (1, 1)   # (six: a 5-card and a 1-card, J2)
    assert held(played, 1, "oil") == (3, 0) and held(played, 1, "bank") == (3, 0)
    assert state.values == {"gold": 3, "oil": 5, "diamond": 2, "aeroplane": 4, "bank": 6,
                            "shipping": 1}
    assert cash(played) == [0, 0]   # (J14: the rulebook deals no money)
    assert GAME.engine.describe(state) == "Ann's die (or a lucky crown: before, or go to " \
                                          "a square)"


def test_a_table_that_deals_money_says_so_in_a_cash_tag():
    assert cash(play("", '[Cash "50"]')) == [50, 50]


def test_six_properties_no_more_no_fewer():
    setup = SETUP.replace("start Ann gold 6", "start Ann gold 5")
    error = refused("", setup=setup)
    assert "each player takes 6 properties at the setup, not 5" in str(error)


def test_j1_two_pawns_never_start_on_one_square():
    error = refused("", setup=SETUP.replace("place Ben e2", "place Ben c3"))
    assert "Ann's pawn is on c3 already (J1)" in str(error)


def test_j16_the_tray_is_rolled_from_left_to_right():
    setup = SETUP.replace("value gold 3, value oil 5", "value oil 5, value gold 3")
    error = refused("", setup=setup)
    assert "from left to right: gold now, not oil" in str(error)


# --- moving ------------------------------------------------------------------------------


def test_the_stock_exchange_pays_one_million():
    played = play("roll Ann 2, move Ann d2\n")   # (c3 -> d3 -> d2)
    assert cash(played) == [1, 0]
    assert GAME.engine.describe(played.final).startswith("Ben's die")


def test_a_move_is_exactly_the_die_never_back_to_its_start_nor_onto_a_pawn():
    assert "no path of exactly 2 squares" in str(refused("roll Ann 2, move Ann c4\n"))
    assert "no path of exactly 2 squares" in str(refused("roll Ann 2, move Ann c3\n"))
    assert "no path of exactly 1 square (up" in str(refused("roll Ann 1, move Ann c5\n"))
    error = refused("roll Ann 3, move Ann e2\n")   # (c3 -> d3 -> e3 -> e2: Ben's square)
    assert "Ann cannot end on e2: Ben's pawn is there (Movement)" in str(error)


def test_the_move_a_die_asks_for_is_said_in_words():
    assert GAME.engine.describe(play("roll Ann 1\n").final) == "Ann moves 1 square"
    assert GAME.engine.describe(play("roll Ann 2\n").final) == "Ann moves 2 squares"


def test_a_pawn_jumps_over_another():
    # (b3 holds Ben; c3 -> b3 -> a3 passes over him)
    setup = SETUP.replace("place Ben e2", "place Ben b3")
    played = play("roll Ann 2, move Ann a3, home 1\n", setup=setup)
    assert played.final.players[0].square == "a3"


def test_no_square_on_the_board_is_a_worded_error():
    assert "there is no square g9 on this board" in str(refused("roll Ann 2, move Ann g9\n"))


@pytest.mark.parametrize("body, said, col", [
    ("roll Ann ?\n", "'?' cannot be the pips: the whole table sees it, so the record gives it "
                     "(a number from 1 to 6)", 10),
    ("roll Ann 2, move Ann c1, news ?\n", "'?' cannot be the card: the whole table sees it", 31),
])
def test_a_question_mark_for_what_the_whole_table_sees_is_told_so(body, said, col):
    """``?`` is for what the record's seat did not see (a newspaper peeked at, a tip
    card); a die, a newspaper read out or an amount paid, the table sees, and the record
    gives it."""
    error = refused(body)
    assert said in error.reason and (error.line, error.col) == (8, col)


@pytest.mark.parametrize("line, col, joined", [
    ("check cash Ann 30 000 000 Ben 18", 19, "30000000"),
    ("check cash Ann 30,000 Ben 18", 19, "30000"),
])
def test_a_checks_number_with_its_thousands_set_apart_is_told_how_to_write_it(line, col,
                                                                               joined):
    error = refused(line + "\n")
    assert error.reason == (f"'000' follows '30': a number is written without a space, a "
                            f"comma or a point in it ('{joined}')") and \
        (error.line, error.col) == (8, col)


@pytest.mark.parametrize("line, col, said", [
    ("check cash Ann 30. Ben 18", 16, "Expected Ann's cash, found '30.' (write it without the "
                                      "point: '30')"),
    ("check cash Ann. 30 Ben 18", 12, "found 'Ann.' (write it without the point: 'Ann')"),
    ("check: cash Ann 30", 1, "'check:' ends in a colon (write it without the colon: 'check')"),
    ("roll: Ann 2", 1, "'roll:' ends in a colon (write it without the colon: 'roll')"),
    ("check values oil= 3", 14, "found 'oil=' (write it without the equals sign: 'oil')"),
    ("roll Ann 2 2", 12, "'2' is a number after a whole 'roll' item, which is written 'roll "
                         "<player> <pips>'"),
    ("start Ann Ann gold 6", 11, "'Ann' is written twice: 'start <player> [gold <gold>]"),
    # (a kind a letter off; a key of a check with a mark after it)
    ("roll Ann 4, move Ann f2, buy Ann oli 7", 34, "'oli' is no kind of property (they are "
     "gold, oil, diamond, aeroplane, bank, shipping): did you mean oil?"),
    ("check values gold 5 oil. 2", 21, "found 'oil.' (write it without the point: 'oil')"),
    # (a sign typed apart from its number, or a phone's minus)
    ("values gold - 1", 13, "'-' is not a move of a market value: +2 or -1 (a sign and its "
                            "number are one word: '+2', '-1')"),
    ("values gold \u22121", 13, "'\u22121' is not a move of a market value: +2 or -1 (the "
                                "minus is typed '-': '-1')"),
    # (a word said where the item's key goes: the key)
    ("tips Ann 1 2 3, tip Ann 2 to Ben", 27, "'to' stands where 'on' goes: 'tip Ann 2 on Ben' "
                                              "('tip <player> <card> [on <on>]')"),
    # (a word of a few, a letter off: the word meant)
    ("crown Ann doubles", 11, "the use is one of before, double, go, gets, not 'doubles': "
                              "did you mean double?"),
    # (a sum in millions written with its unit, as the tray prints it: '4 M')
    ("roll Ann 4, move Ann f2, buy Ann bank 7 price 20M", 47, "'20M' cannot be the price: a "
                                                          "number is written bare, without a "
                                                          "sign or a unit ('20')"),
    # (a key written before the count it follows)
    ("roll Ann 4, move Ann f2, buy Ann bank fives 1 7", 39, "'fives' comes after the count: "
     "'buy <player> <kind> <count> [fives <fives>] [price <price>]'"),
    # (the path written out: a move item says only where the pawn ends)
    ("roll Ann 2, move Ann c1 d1", 25, "'d1' follows a whole 'move' item, which takes one "
                                       "square: a second square is a second item ('move Ann "
                                       "c1, move Ann d1')"),
    # (a word a player says between the values, which the form leaves out)
    ("roll Ann 2, move Ann to c1", 22, "'to' is not written in a 'move' item: 'move <player> "
                                       "<square>'"),
    # (a card not seen written otherwise than ?, or one card too many)
    ("tips Ann ??? 3 4", 10, "'???' cannot be the Affärstipskort: a number from 1 to 99, or "
                             "? for one the record's seat did not see"),
    ("tips Ann ? ? ? ?", 16, "'?' is one word more than a whole 'tips' item takes ('tips "
                             "<player> <first> <second> <third>')"),
    # (a player named where the item names none: the mover's)
    ("roll Ann 2, move Ann e1, home Ann 1", 31, "'home' names no player: 'home 1' ('home "
                                                "<pips>')"),
    # (the verb said once for two items, as a table says them)
    ("roll Ann 4, move Ann f2, buy Ann bank 7 shipping 1", 41, "'shipping' follows a whole "
     "'buy' item: each kind's is an item of its own, with its verb ('buy Ann shipping 1')"),
    ("roll Ann 4, move Ann f2, buy Ann bank 7 price 3 shipping 1", 49, "'shipping' follows a "
     "whole 'buy' item: each kind's is an item of its own, with its verb ('buy Ann shipping "
     "1')"),
])
def test_a_word_with_a_mark_at_its_end_is_told_to_drop_it(line, col, said):
    error = refused(line + "\n")
    assert said in error.reason and (error.line, error.col) == (8, col)


def test_the_market_values_with_the_verb_said_once_are_told_an_item_each():
    error = refused("", setup=SETUP.replace("value gold 3, value oil 5", "value gold 3 oil 5"))
    assert (error.reason, error.line, error.col) == (
        "'oil' follows a whole 'value' item: each kind's is an item of its own, with its verb "
        "('value oil 5')", 7, 14)


def test_a_square_or_a_card_number_written_as_a_table_says_it_is_told_the_item():
    """``roll Ann 2, c1`` (the move's verb and player left out, as a table says where the
    pawn went) is told the items a square alone goes in; ``news #21`` the number bare."""
    error = refused("roll Ann 2, c1, news 21\n")
    assert (error.reason, error.col) == (
        "'c1' is a square, not a move: did you mean 'place Ann c1' or 'move Ann c1'?", 13)
    error = refused("roll Ann 2, move Ann c1, news #21\n")
    assert (error.reason, error.col) == (
        "'#21' cannot be the card: a number is written bare, without a sign or a unit "
        "('21')", 31)
    # (the player named with the square, the verb left out: not a second die)
    error = refused("roll Ann 2, Ann c1, news 21\n")
    assert (error.reason, error.col) == (
        "'Ann' follows a whole 'roll' item: an item starts with its verb, then the player: "
        "did you mean 'place Ann c1' or 'move Ann c1'?", 13)


def test_a_move_with_its_verb_left_out_is_told_the_order_not_a_verb_it_is_not():
    """``Ann gold 1`` (``start`` left out): ``gold`` is a kind, not a slip of ``sold``."""
    error = refused("Ann gold 1\n", setup="")
    assert error.reason.startswith("'Ann' is a player, not a move: a move starts with its "
                                   "verb, then the player; the verbs are 'place', 'start'")


def test_it_is_the_first_named_players_turn_first_then_clockwise():
    error = refused("roll Ben 2\n")
    assert "it is Ann's move, not Ben's" in str(error)
    played = play("roll Ann 2, move Ann d2\nroll Ben 1, move Ben e1, home 2\n")
    assert GAME.engine.describe(played.final).startswith("Ann's die")


# --- property squares ---------------------------------------------------------------------


def test_buying_on_a_property_square_at_the_market_value():
    played = play("roll Ann 4, move Ann f2, buy Ann bank 7\n", '[Cash "100"]')
    assert cash(played) == [100 - 7 * 6, 100]
    assert held(played, 0, "bank") == (2, 1)   # (J2: a 5-card and two 1-cards)


def test_j2_fives_says_which_cards():
    played = play("roll Ann 4, move Ann f2, buy Ann bank 7 fives 0\n", '[Cash "100"]')
    assert held(played, 0, "bank") == (7, 0)
    error = refused("roll Ann 4, move Ann f2, buy Ann bank 7 fives 2\n", '[Cash "100"]')
    assert "2 5-cards are more than 7 bank properties (J2)" in str(error)
    five = play("roll Ann 4, move Ann f2, buy Ann bank 5 fives 1\n", '[Cash "100"]')
    assert held(five, 0, "bank") == (0, 1)   # (one 5-card is just 5 properties)


def test_nobody_makes_change():
    # (Ann holds a gold 5-card and a 1-card: three cannot be sold without change)
    error = refused("roll Ann 3, move Ann b1, sell Ann gold 3\n")
    assert "Ann has no cards that make 3 gold mines" in str(error)
    assert "nobody makes change" in str(error)


def test_only_the_squares_kind_at_most_ten_and_cash_first():
    tags = '[Cash "100"]'
    assert "on a bank square only bank properties" in str(
        refused("roll Ann 4, move Ann f2, buy Ann gold 1\n", tags))
    assert "'11' cannot be" not in str(refused("roll Ann 4, move Ann f2, buy Ann bank 11\n",
                                               tags))
    assert "at most 10 properties at a time, not 11" in str(
        refused("roll Ann 4, move Ann f2, buy Ann bank 11\n", tags))
    assert "6 banks at 6 cost 36; Ann has 0" in str(
        refused("roll Ann 4, move Ann f2, buy Ann bank 6\n"))


def test_selling_on_a_property_square():
    played = play("roll Ann 3, move Ann b1, sell Ann gold 6\n")
    assert cash(played) == [18, 0] and held(played, 0, "gold") == (0, 0)


def test_one_trade_a_landing_then_the_turn_passes():
    error = refused("roll Ann 3, move Ann b1, sell Ann gold 1, sell Ann gold 5\n")
    assert "now comes: Ben's die" in str(error)


# --- the newspaper ------------------------------------------------------------------------


def test_a_newspaper_large_heading_then_small_heading():
    played = play("roll Ann 2, move Ann c1, news 21\n")   # (shipping boom, Ann earns 30)
    assert played.final.values["shipping"] == 6 and cash(played) == [30, 0]


def test_market_values_never_leave_1_to_25():
    played = play("roll Ann 2, move Ann c1, news 22, choose Ann gold\n")
    # (shipping crash: 1 - 5 stays 1; Ann sells a gold mine at double value, 2 x 3)
    assert played.final.values["shipping"] == 1 and cash(played) == [6, 0]


def test_everyone_earns_or_pays_from_the_drawer_clockwise():
    played = play("roll Ann 2, move Ann c1, news 27, pass Ann\n", '[Cash "10"]')
    assert cash(played) == [15, 15]


def test_j4_a_drawn_newspaper_waits_for_the_shuffle():
    start = ("roll Ann 2, move Ann c1, news 21\nroll Ben 2, move Ben c2, pass Ben\n"
             "roll Ann 2, move Ann e1, home 2\n")
    error = refused(start + "roll Ben 2, move Ben e2, news 21\n")
    assert "card 21 cannot be drawn now: it has been drawn since the last shuffle (J4)" \
        in str(error)
    # (news 33: everything +1, and the drawn newspapers are shuffled back: 21 comes again)
    played = play(start + "roll Ben 2, move Ben e2, news 33\nroll Ann 2, move Ann c1, "
                          "news 21\n")
    assert played.final.values["shipping"] == 1 + 5 + 1 + 5 - 0 and cash(played) == [60, 0]


def test_j17_the_dividend_sorted_out_never_comes():
    error = refused("roll Ann 2, move Ann c1, news 32\n", '[Dividend "out"]')
    assert "card 32 cannot be drawn now: it is out of the game (a one-time card) (J4)" \
        in str(error)


def test_j17_a_dividend_is_a_share_of_everyones_cash():
    played = play("roll Ann 2, move Ann c1, news 32\n", '[Cash "55"]')
    assert cash(played) == [50, 50]


def test_j8_a_closed_club_takes_no_pawn_until_the_shuffle():
    body = "roll Ann 2, move Ann c1, news 31\nroll Ben 2, move Ben d3\n"
    assert "the Billionaires' Club is closed (J3)" in str(refused(body))
    body = "roll Ann 2, move Ann c1, news 31\nroll Ben 2, move Ben c2, pass Ben\n" \
           "roll Ann 1, move Ann b1, pass Ann\nroll Ben 2, move Ben e2, news 33\n" \
           "roll Ann 1, move Ann b2, club 1\n"
    played = play(body)
    assert played.final.closed is False and played.final.players[0].square == "b2"


def test_j10_an_auction_of_a_five_card_only_its_end_written():
    body = "roll Ann 2, move Ann c1, news 25, choose Ann bank, sold Ben 20\n"
    played = play(body, '[Cash "30"]')
    assert cash(played) == [33, 10] and held(played, 1, "bank") == (3, 1)
    error = refused(body.replace("sold Ben 20", "sold Ben 31"), '[Cash "30"]')
    assert "Ben has 30, and bid 31 (J10)" in str(error)
    played = play(body.replace("sold Ben 20", "unsold"), '[Cash "30"]')
    assert cash(played) == [33, 30]


def test_j10_the_auctions_answers_are_every_bid_the_bidders_cash_allows():
    """Listed lazily (``Sales``): unsold, then each player's every bid up to their cash,
    and nothing past the last."""
    from mclog.games.joakim.rules.moves import Sold, Unsold

    at_auction = play("roll Ann 2, move Ann c1, news 25, choose Ann bank\n", '[Cash "3"]')
    answers = GAME.engine.legal(at_auction.final)
    assert list(answers) == [Unsold(), *(Sold(seat, bid) for seat in (0, 1)
                                         for bid in (1, 2, 3))]
    assert all(Sold(0, bid) in answers for bid in (1, 2, 3))   # (the least and the most)
    assert Sold(0, 4) not in answers and Sold(1, 0) not in answers
    assert (len(answers), answers[-1], answers[1:3]) == (7, Sold(1, 3), [Sold(0, 1),
                                                                          Sold(0, 2)])
    with pytest.raises(IndexError):
        answers[7]


def test_j6_a_debt_is_paid_by_forced_sales_at_half_value_no_more_than_needed():
    # (news 1: gold +5 to 8, and Ann pays 5 with no cash; she holds a gold 1-card and a
    # 5-card, which the bank buys at 4 a property)
    body = "roll Ann 2, move Ann c1, news 1\n"
    error = refused(body + "sell Ann gold 6\n")
    assert "Ann sells only what the debt needs: 5 more, and 5 would do (General Rules)" \
        in str(error)
    played = play(body + "sell Ann gold 5\n")
    assert cash(played) == [15, 0] and held(played, 0, "gold") == (1, 0)
    played = play(body + "sell Ann gold 1\nsell Ann gold 5\n")   # (4 is not enough)
    assert cash(played) == [19, 0] and held(played, 0, "gold") == (0, 0)
    assert GAME.engine.describe(play(body).final) == \
        "Ann owes 5 and has 0: sells properties at half market value"


def test_j6_a_sale_that_one_property_fewer_would_just_cover_is_refused():
    """At the boundary: with 1 in cash and 5 to pay, Ann needs 4, which one gold (half of
    8) covers exactly: a second is one too many."""
    setup = SETUP.replace("start Ann gold 6", "start Ann gold 2 diamond 4")
    body = "roll Ann 2, move Ann c1, news 1\n"
    error = refused(body + "sell Ann gold 2\n", '[Cash "1"]', setup=setup)
    assert "Ann sells only what the debt needs: 4 more, and 1 would do (General Rules)" \
        in str(error)
    played = play(body + "sell Ann gold 1\n", '[Cash "1"]', setup=setup)
    assert cash(played)[0] == 0 and held(played, 0, "gold") == (1, 0)


def test_j6_a_player_whose_worth_just_covers_a_debt_sells_and_stays():
    """News 1 charges Ann 5: with 4 in cash and a diamond that sells for 1 (her shipping
    sells for nothing), selling everything just covers it, and she stays; with 3 she
    cannot pay, and leaves the game (General Rules), which ends it."""
    setup = SETUP.replace("start Ann gold 6", "start Ann shipping 5 diamond 1")
    body = "roll Ann 2, move Ann c1, news 1\n"
    played = play(body + "sell Ann diamond 1\n", '[Cash "4"]', setup=setup)
    assert cash(played) == [0, 4] and not played.final.players[0].out
    gone = play(body, '[Cash "3"]', setup=setup)
    assert gone.final.players[0].out and GAME.engine.decision(gone.final) is None
    # (at a table of three, the two left play on)
    three = ("place Ann c3, place Ben e2, place Cleo a4\nstart Ann shipping 5 diamond 1\n"
             "start Ben oil 3 bank 3\nstart Cleo gold 6\n" + SETUP.splitlines()[-1] + "\n")
    on = play(body, '[Cash "3"]', players="Ann, Ben, Cleo", setup=three)
    assert [p.out for p in on.final.players] == [True, False, False]
    assert GAME.engine.describe(on.final).startswith("Ben's die")
    # (and after a sale: with 3 in cash, her shipping sells for nothing, and what is left,
    # two diamonds at 1, still just covers the 2 she needs)
    setup = SETUP.replace("start Ann gold 6", "start Ann shipping 4 diamond 2")
    played = play(body + "sell Ann shipping 1\nsell Ann diamond 2\n", '[Cash "3"]',
                  setup=setup)
    assert cash(played) == [0, 3] and not played.final.players[0].out


def test_j6_on_a_property_square_its_kind_is_sold_first():
    # (Ben draws news 28, everyone pays 5; Ann stands on b1, a gold square, and holds gold)
    setup = ("place Ben e2, place Ann b1\nstart Ben oil 3 bank 3\nstart Ann gold 1 oil 5\n"
             + SETUP.splitlines()[-1] + "\n")
    body = "roll Ben 2, move Ben f3, news 28\nsell Ben bank 1\nsell Ben bank 1\n"
    error = refused(body + "sell Ann oil 5\n", players="Ben, Ann", setup=setup)
    assert "Ann is on a gold square and holds gold: those are sold first" in str(error)
    played = play(body + "sell Ann gold 1\nsell Ann oil 5\n", players="Ben, Ann",
                  setup=setup)
    # (Ben: 6 from his banks, pays 5, earns 6; Ann: 1 from her gold mine, 10 from her
    # oil wells' 5-card, pays 5)
    assert cash(played) == [7, 6]
    assert held(played, 1, "oil") == (0, 0) and held(played, 1, "gold") == (0, 0)


def test_j7_who_cannot_pay_leaves_the_game_and_the_last_one_wins():
    setup = SETUP.replace("start Ann gold 6", "start Ann shipping 6")
    played = play("roll Ann 2, move Ann c1, news 24\n", setup=setup)
    # (shipping worries: 1 - 3 stays 1; half of 1 is 0: nothing pays 8)
    state = played.final
    assert state.players[0].out and state.winner == 1 and played.complete
    assert held(played, 0, "shipping") == (0, 0)
    assert GAME.final_text(played).startswith("Ben is the last in the game. Ben wins.")
    assert [(r.name, r.rank) for r in played.scores()] == [("Ann", 2), ("Ben", 1)]


def test_j7_where_the_last_players_leave_on_one_card_the_last_one_left_wins():
    """News 28 charges everyone 5, from its reader clockwise. Neither Ann nor Ben can pay
    (no cash; shipping at 1 sells for nothing): Ann, charged first, leaves, and Ben is
    then the last in the game and has won, his 5 not asked. mclog let both leave, and
    the game went on with nobody in it: a review's rollout then crashed on the next roll
    (found on a sample of the table's, not on a record)."""
    setup = ("place Ann c3, place Ben e2\nstart Ann shipping 6\nstart Ben shipping 6\n"
             + SETUP.splitlines()[-1] + "\n")
    played = play("roll Ann 2, move Ann c1, news 28\n", setup=setup)
    state = played.final
    assert [p.out for p in state.players] == [True, False] and state.winner == 1
    assert played.complete and held(played, 1, "shipping") == (1, 1) and cash(played) == [0, 0]
    assert GAME.final_text(played).startswith("Ben is the last in the game. Ben wins.")
    assert [(r.name, r.rank) for r in played.scores()] == [("Ann", 2), ("Ben", 1)]
    error = refused("roll Ann 2, move Ann c1, news 28\nroll Ben 3\n", setup=setup)
    assert str(error) == "<text>:9:1: the game is over (Who Wins?)"

# --- cards that leave a choice ---------------------------------------------------------------


def test_j9_an_exchange_gives_and_takes_one_card():
    body = "roll Ann 2, move Ann c1, news 4, swap Ann gold Ben oil\n"
    played = play(body)
    assert held(played, 0, "oil") == (1, 0) and held(played, 1, "gold") == (1, 0)
    assert held(played, 0, "gold") == (0, 1)
    error = refused(body.replace("Ben oil", "Ben diamond"))
    assert "Ann cannot give a gold 1-card for Ben's diamond" in str(error)
    assert str(error).endswith("(J9)")


def test_j9_an_overpriced_property_is_paid_to_its_owner():
    played = play("roll Ann 2, move Ann c1, news 5, take Ann Ben oil\n", '[Cash "50"]')
    # (oil boom: 10; Ann pays twice the value, but never over 25 a property: J15)
    assert cash(played) == [30, 70] and held(played, 0, "oil") == (1, 0)


def test_j9_a_worthless_property_may_be_a_five_card_where_no_one_is_held():
    setup = SETUP.replace("start Ann gold 6", "start Ann gold 5 oil 1")
    played = play("roll Ann 2, move Ann c1, news 3, choose Ann gold\n", setup=setup)
    assert held(played, 0, "gold") == (0, 0)   # (the 5-card, given up whole)
    error = refused("roll Ann 2, move Ann c1, news 3, choose Ann bank\n", setup=setup)
    assert "the card cannot mean bank now (it may mean gold, oil) (J9)" in str(error)


def test_you_may_buy_is_a_choice_a_forced_buy_is_not():
    body = "roll Ann 1, move Ann d3, club 9, pass Ann\n"
    assert cash(play(body)) == [0, 0]
    body = "roll Ann 2, move Ann c1, news 6, pass Ann\n"   # (BUY: no choice)
    assert "it is no choice" in str(refused(body, '[Cash "20"]'))
    played = play("roll Ann 2, move Ann c1, news 6, buy Ann diamond 1\n", '[Cash "20"]')
    assert cash(played) == [18, 20] and held(played, 0, "diamond") == (1, 0)


def test_you_may_buy_with_just_the_cash_it_costs():
    """Joakim card 9, 5 bank at 5: with 25 Ann buys them (a 5-card); with 24 she cannot,
    for a 'you may buy' runs up no debt (J6)."""
    body = "roll Ann 2, move Ann d4, home 4, joakim 9, buy Ann bank 5\n"
    played = play(body, '[Cash "25"]')
    assert cash(played) == [0, 25] and held(played, 0, "bank") == (0, 1)
    assert str(refused(body, '[Cash "24"]')).endswith(
        "5 banks at 5 cost 25; Ann has 24 (a card that says 'you may buy' is no debt) (J6)")


def test_an_option_bought_then_used_on_its_square():
    body = ("roll Ann 1, move Ann d3, club 9, option Ann\n"
            "roll Ben 1, move Ben e1, home 1\n"
            "roll Ann 3, move Ann e3, exercise Ann 9\n")
    played = play(body, '[Cash "40"]')
    assert cash(played) == [40 - 4 - 30, 40] and held(played, 0, "gold") == (1, 2)
    assert played.final.players[0].options == []
    error = refused(body.replace("roll Ann 3, move Ann e3", "roll Ann 2, move Ann b3"),
                    '[Cash "40"]')
    assert "option card 9 is for gold, and this square is for oil" in str(error)


def test_j11_exchange_one_with_the_bank_pays_the_difference():
    played = play("roll Ann 1, move Ann d3, club 1, change Ann gold bank\n", '[Cash "5"]')
    assert cash(played) == [2, 5]   # (bank 6 - gold 3)
    played = play("roll Ann 1, move Ann d3, club 1, pass Ann\n")
    assert cash(played) == [0, 0]


def test_the_extra_draw_is_a_choice():
    body = "roll Ann 2, move Ann c1, news 7, draw Ann, news 21\n"
    played = play(body)
    assert cash(played) == [30, 0] and played.final.values["oil"] == 7


# --- the lucky crown ---------------------------------------------------------------------------


CROWN = "roll Ann 2, move Ann c1, news 8\n"   # (oil worries: -3; Ann borrows the crown)


def test_j12_the_crown_is_never_used_on_the_move_it_came():
    played = play(CROWN + "roll Ben 1, move Ben e1, home 1\nroll Ann 1, move Ann b1\n")
    state = played.final
    assert state.crown == 0
    from mclog.games.joakim.rules.moves import Crown

    assert Crown(0, "double") in GAME.engine.legal(state)
    state.crown_since = state.turns   # (as if it had come in this very move)
    assert Crown(0, "double") not in GAME.engine.legal(state)
    from mclog.errors import RuleError

    with pytest.raises(RuleError, match="never used on the move it was received"):
        GAME.engine.play(state, Crown(0, "double"))


def test_j12_go_to_any_square_instead_of_the_die():
    body = CROWN + "roll Ben 1, move Ben e1, home 1\ncrown Ann go to f2, buy Ann bank 1\n"
    played = play(body, '[Cash "10"]')
    assert played.final.players[0].square == "f2" and played.final.crown is None
    assert cash(played) == [4, 10]


def test_j12_double_value_is_one_card_never_over_25():
    body = CROWN + "roll Ben 1, move Ben e1, home 1\nroll Ann 1, move Ann b1, crown Ann double\n"
    played = play(body)
    assert cash(played) == [6, 0] and held(played, 0, "gold") == (0, 1)


THREE = dict(players="Ann, Ben, Cleo",
             setup=SETUP.replace("place Ben e2", "place Ben e2, place Cleo a4").replace(
                 "start Ben oil 3 bank 3", "start Ben oil 3 bank 3\nstart Cleo diamond 6"))


def test_j12_go_before_in_the_turn_order_which_goes_on_after_the_crowns_user():
    body = CROWN + "roll Ben 1, move Ben e1, home 1\ncrown Ann before\n" \
                   "roll Ann 1, move Ann b1, pass Ann\n"
    played = play(body, **THREE)
    assert GAME.engine.describe(played.final).startswith("Ben's die")   # (Cleo skipped)
    assert played.final.crown is None


def test_j12_go_before_only_another_players_turn_and_only_its_holder():
    error = refused(CROWN + "crown Ben before\n", **THREE)
    assert "Ben does not hold the lucky crown (Ann does)" in str(error)
    body = CROWN + "roll Ben 1, move Ben e1, home 1\nroll Cleo 2, move Cleo a2, pass Cleo\n" \
                   "crown Ann before\n"
    error = refused(body, **THREE)
    assert "as soon as another player has finished their move" in str(error)


# --- winning ---------------------------------------------------------------------------------


def test_j13_the_first_to_show_the_limit_wins_at_once():
    played = play("roll Ann 2, move Ann c1, news 21\n", '[Limit "30"]')
    assert played.complete and played.final.winner == 0
    assert GAME.final_text(played).startswith("Ann shows 30 in cash (the limit is 30).")
    assert "Ann wins. Cash: 1. Ann " in GAME.final_text(played)
    error = refused("roll Ann 2, move Ann c1, news 21\nroll Ben 1\n", '[Limit "30"]')
    assert "the game is over" in str(error)


def test_the_one_time_newspapers_end_when_the_forty_are_drawn():
    state_game = GAME.simulated_text(2, 3, "trader", {"newspapers": "once", "cash": "50"})
    played = GAME.replay(mclog.parse_one(state_game))
    if played.complete:
        assert played.final.news == [] or played.final.winner is not None


# --- tags and components ----------------------------------------------------------------------


@pytest.mark.parametrize("tag,said", [
    ('[Variant "Advanced"]', "'Advanced' is no variant of the game"),
    ('[Limit "lots"]', "'lots' is not a sum of money"),
    ('[Dividend "half"]', "'half' is not one of full, cap, out, once"),
    ('[Newspapers "never"]', "'never' is not one of reshuffle, once"),
    ('[Cash "-5"]', "-5 cannot be the starting cash: 0 to 1000000"),
    ('[Cash "+50"]', "'+50' is not a sum of money"),
    ('[Limit "٨٠٠"]', "'٨٠٠' is not a sum of money"),
    ('[Limit "8²"]', "'8²' is not a sum of money"),
    ('[Components "nowhere.json"]', "no component file there"),
    # (a slip: the word meant, or how a sum is written)
    ('[Variant "Buisness Sharks"]', "'Buisness Sharks' is no variant of the game: basic, or "
                                    "Business Sharks: did you mean Business Sharks?"),
    ('[Dividend "ful"]', "'ful' is not one of full, cap, out, once: did you mean full?"),
    ('[Limit "1,000"]', "'1,000' is not a sum of money (the rulebook names 800, 1000 and "
                        "1500) (a number is written without a point or a comma in it: "
                        "'1000')"),
    ('[Cash "$50"]', "'$50' is not a sum of money (a sum is written as a bare number: '50')"),
    # (in millions, as the game counts them; its thousands set apart by a space)
    ('[Limit "1000M"]', "'1000M' is not a sum of money (the rulebook names 800, 1000 and "
                        "1500) (a sum is written as a bare number: '1000')"),
    ('[Cash "50 M"]', "'50 M' is not a sum of money (a sum is written as a bare number: "
                      "'50')"),
    ('[Limit "1 000"]', "'1 000' is not a sum of money (the rulebook names 800, 1000 and "
                        "1500) (a number is written without a space in it: '1000')"),
])
def test_a_wrong_tag_is_an_error_at_its_line(tag, said):
    with pytest.raises(RecordError) as info:
        mclog.parse_one(text("", tag))
    assert said in str(info.value) and info.value.line == 3


def test_a_limit_written_with_spaces_inside_its_quotes_reads():
    played = play("roll Ann 2, move Ann c1, news 21\n", '[Limit " 30 "]')
    assert played.final.winner is not None


@pytest.mark.parametrize("word", ["+²", "+٣", "+３", "++1", "+100", "gold"])
def test_a_market_move_is_plain_digits_with_its_sign(word):
    with pytest.raises(RecordError) as info:
        inline(f"roll Ann 2, land Ann news, news 12, values gold {word}\n")
    assert f"'{word}' is not a move of a market value: +2 or -1" in str(info.value)


def test_a_market_move_without_its_sign_is_refused_not_read_as_a_rise():
    """``values gold 7 oil 5`` is how a check of the values the table counted reads after
    its ``check``: written without it, after a card's items, it was read as two rises
    (+7, +5), and the market moved with nothing said.  A move has its sign; the refusal
    says so, and how the count is written."""
    with pytest.raises(RecordError) as info:
        inline("roll Ann 2, land Ann news, news 12, values gold +2\nvalues gold 7 oil 5\n")
    assert info.value.reason == ("'7' is not a move of a market value: +7 or -7 (a move is "
                                 "written with its sign; a market value itself is written "
                                 "'value gold 7' as the game starts, and 'check values gold "
                                 "7 ...' where the table counted it)")
    with pytest.raises(RecordError) as info:   # (everyone's: no check says 'all')
        inline("roll Ann 2, land Ann news, news 12, values all 1\n")
    assert info.value.reason == ("'1' is not a move of a market value: +1 or -1 (a move is "
                                 "written with its sign)")
    played = inline("roll Ann 2, land Ann news, news 12, values gold +2 oil -1\n"
                    "check values gold 5 oil 4\n")
    assert type(played.replay.moves[-1]).__name__ == "Values"


def test_the_game_is_found_by_its_short_name_and_its_full_one():
    assert game("Joakim") is game("Joakim von Ankas fantastiska affärer") is \
        game("joakim-von-ankas-fantastiska-affarer")


def _illustrative():
    return json.loads((HERE / "illustrative.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("change,said", [
    (lambda d: d["board"].pop(), "the board has 30 squares, not 24"),
    (lambda d: d["news"].pop(), "news: the box holds 40 of these cards, not 39"),
    (lambda d: d["joakim"][0].__setitem__("shark", True),
     "10 Joakim cards carry a shark (the Business Sharks' cards), not 11"),
    (lambda d: d["properties"]["gold"].__setitem__("ones", 24),
     "the box holds 196 property cards, not 197"),
    (lambda d: d["news"][0]["all"].append({"do": "swap"}),
     "news[0].all[1]: 'swap' is for the drawer alone"),
    (lambda d: d["news"][0]["all"][0].__setitem__("by", "five"),
     'news[0].all[0].by: "five" is not a whole number'),
    (lambda d: d["board"].__setitem__(0, d["board"][0].replace("exchange", "casino", 1)),
     "board[0]: 'casino' is no kind of square"),
    (lambda d: d["news"][1].__setitem__("number", 1), "news[1].number: two cards numbered 1"),
    (lambda d: d["news"][3]["you"][0].__setitem__("amount", 5),
     "news[3].you[0]: has 'amount', which is no field here"),
    (lambda d: d["club"][9]["you"][0].__setitem__("kind", "silver"),
     'club[9].you[0].kind: "silver" is not one of "gold", '),
    (lambda d: d.pop("properties"), "the file: has no 'properties'"),
    (lambda d: d["properties"].__setitem__("gold", 5), "properties.gold: 5 is not an object"),
])
def test_a_component_file_is_checked_against_the_rulebook(change, said):
    data = _illustrative()
    change(data)
    with pytest.raises(ComponentError) as info:
        FILES.checked(data, "mine.json")
    assert said in str(info.value) and str(info.value).startswith("mine.json: ")


def test_a_board_row_has_at_most_26_squares_a_to_z():
    """A row is a line of words, ``-`` for no square: 26 columns (a to z) are the most."""
    for gaps, refused_with in ((20, None), (21, "board[0]: a row has at most 26 squares")):
        data = _illustrative()
        data["board"][0] += " -" * gaps   # (6 squares, then the empty columns)
        if refused_with is None:
            assert FILES.checked(data, "mine.json") is not None
            continue
        with pytest.raises(ComponentError) as info:
            FILES.checked(data, "mine.json")
        assert refused_with in str(info.value)


def test_a_component_file_beside_the_record_and_in_the_tag(tmp_path):
    data = _illustrative()
    data["illustrative"] = False
    data["name"] = "our box"
    (tmp_path / "box.json").write_text(json.dumps(data))
    record = tmp_path / "g.mclog"
    record.write_text(text("", '[Components "box.json"]'))
    played = GAME.replay(mclog.read_one(record))
    assert not played.final.board.illustrative
    assert "Illustrative" not in GAME.draw(played.final)
    embedded = text("", f"[Components {json.dumps(json.dumps(data))}]")
    assert not GAME.replay(mclog.parse_one(embedded)).final.board.illustrative
    # ... and from a file: the tag's line, over 17,000 characters, was refused as a line
    # over 10,000 (a tag line may hold 1,000,000)
    carried = tmp_path / "carried.mclog"
    carried.write_text(embedded)
    assert len(max(embedded.splitlines(), key=len)) > 17_000
    assert not GAME.replay(mclog.read_one(carried)).final.board.illustrative
    (tmp_path / "bad.json").write_text("{ not json")
    record.write_text(text("", '[Components "bad.json"]'))
    with pytest.raises(RecordError) as info:
        mclog.read_one(record)
    assert "bad.json: line 1, column 3: not JSON" in str(info.value)
    # the record itself named by mistake (or another record): said as a record's text
    record.write_text(text("", '[Components "g.mclog"]'))
    with pytest.raises(RecordError) as info:
        mclog.read_one(record)
    assert info.value.reason == ("[Components] g.mclog: this is a record's text, not a "
                                 "component file (a JSON file of the game's board and cards)")


def test_the_illustrative_set_is_labelled_on_the_board():
    played = play("")
    assert "Illustrative components: not the printed board or cards." in GAME.draw(
        played.final)
    assert load("illustrative").illustrative


# --- checks --------------------------------------------------------------------------------------


def test_checks_of_cash_properties_worth_and_the_trays_values():
    body = ("roll Ann 2, move Ann c1, news 21\n"
            "check cash Ann 30 Ben 0\ncheck properties Ann 6 Ben 6\n"
            "check worth Ann 48 Ben 33\n"
            "Check Values gold 3 Shipping 6\n")
    assert play(body).errors == []
    wrong = GAME.replay(mclog.parse_one(text(body.replace("Shipping 6", "shipping 5"))),
                        strict=False)
    assert [e.reason for e in wrong.errors] == [
        "the values do not match the rules: shipping has 6, not 5"]
    with pytest.raises(RecordError) as info:
        mclog.parse_one(text("check values silver 3\n"))
    assert "'silver' cannot be checked by 'check values'" in str(info.value)


# --- properties of simulated games ----------------------------------------------------------------


#: The table's options the simulated games go over, one a seed.
OPTIONS = [{}, {"dividend": "cap"}, {"dividend": "out"}, {"dividend": "once"},
           {"newspapers": "once"}, {"limit": "300"}, {"newspapers": "once", "dividend": "once"},
           {"limit": "1500"}]


@pytest.mark.parametrize("seed", range(len(OPTIONS)))
def test_simulated_games_keep_every_card_values_in_bounds_and_read_back(seed):
    players = 2 + seed % 4
    bots = "trader" if seed % 2 else "random"
    options = {"cash": str(10 * seed), **OPTIONS[seed]}
    written = GAME.simulated_text(players, seed, bots, options)
    played = GAME.replay(mclog.parse_one(written))
    board = played.final.board
    for state in played.replay.states():
        for kind in KINDS:
            ones = state.bank_ones[kind] + sum(p.ones[kind] for p in state.players)
            fives = state.bank_fives[kind] + sum(p.fives[kind] for p in state.players)
            assert (ones, fives) == board.properties[kind]
            assert state.turns == 0 or 1 <= state.values[kind] <= 25
        assert all(p.cash >= 0 for p in state.players)
        if state.turns:
            assert len({p.square for p in state.players if not p.out}) == \
                sum(not p.out for p in state.players)
    again = GAME.write(mclog.parse_one(written))
    assert again == written
    final = played.final
    if options.get("newspapers") == "once":
        assert len(final.news_gone) == final.news_drawn <= 40   # (each drawn once only)
    if options.get("dividend") == "out":
        assert not any(c.all and c.all[0].do == "dividend" for n, c in board.news.items()
                       if n in final.news)


def play_every_legal_answer(state, rng: random.Random, moves: int) -> set[str]:
    """Play ``moves`` moves from ``state``: at each decision every legal answer (the first
    30) is played on a copy, none refused, and one of them, at random, on the state;
    chance draws its own.  The decisions' kinds met, for a test to say which it wants."""
    engine = GAME.engine
    seen = set()
    for _ in range(moves):
        d = engine.decision(state)
        if d is None:
            break
        answers = engine.legal(state) if d.actor is not None else None
        if answers is None:
            move = engine.chance(state, rng)
        else:
            seen.add(d.kind)
            for move in list(answers)[:30]:
                engine.play(engine.copy(state), move)   # (none of them refused)
            move = answers[rng.randrange(len(answers))]
        engine.play(state, move)
    return seen


def test_every_legal_answer_is_played_without_error():
    state = GAME.replay(mclog.parse_one(text("", '[Cash "40"]'))).final
    assert {"trade", "move"} <= play_every_legal_answer(state, random.Random(5), 400)


def test_j5_the_basic_game_sets_the_shark_cards_aside():
    error = refused("roll Ann 2, move Ann c1, news 21\nroll Ben 1, move Ben e1, home 5, "
                    "joakim 20\n")
    assert "Joakim card 20 cannot be drawn now: a shark card: the basic game sets it " \
           "aside (J5)" in str(error)


def test_j15_prices_above_market_value_stay_within_1_to_25():
    from mclog.games.joakim.rules.engine import clamp

    assert (clamp(2 * 13), clamp(0), clamp(7)) == (25, 1, 7)


def test_the_sample_typed_at_a_table_reads_as_its_canonical_text():
    path = "sample_games/joakim/friday-at-cleos-3p.mclog"
    record = mclog.read_one(path)
    played = GAME.replay(record)
    assert not played.complete and cash(played) == [61, 32, 1]
    canonical = mclog.parse_one(GAME.write(record))
    assert [e.move for e in canonical.entries if hasattr(e, "move")] == \
        [e.move for e in record.entries if hasattr(e, "move")]
    assert "Roll" in open(path, encoding="utf-8").read()   # (typed with capitals)


@pytest.mark.parametrize("path,winner,total", [
    ("sample_games/joakim/sunday-3p.mclog", "Cleo", 622),
    ("sample_games/joakim/once-4p.mclog", "Cleo", 31),
])
def test_the_samples_results_are_pinned(path, winner, total):
    played = GAME.replay(mclog.read_one(path))
    first = [r for r in played.scores() if r.rank == 1]
    assert played.complete and [(r.name, r.total) for r in first] == [(winner, total)]


# --- an advance tip: what one seat saw (J18) ----------------------------------------------------



def test_j18_the_peek_is_asked_for_as_many_newspapers_as_the_card_allows():
    asked = [GAME.engine.describe(play(f"roll Ann 2, move Ann d4, home 4, joakim {card}\n"
                                       ).final) for card in (16, 17)]
    assert asked == [f"Ann peeks at the top {n} (? for what you did not see)"
                     for n in ("1 newspaper", "2 newspapers")]


def test_j18_a_peek_of_two_newspapers_where_the_card_allows_one_is_refused():
    one = "roll Ann 2, move Ann d4, home 4, joakim 16, peek Ann 21 and 9\n"
    assert str(refused(one)).endswith("the card lets Ann peek at 1 newspaper: 'peek Ann 17' "
                                      "(? for a card you did not see) (J18)")


def test_j18_a_peeked_newspaper_is_the_next_one_drawn():
    body = ("roll Ann 2, move Ann d4, home 4, joakim 17, peek Ann 21 and 9\n"
            "roll Ben 2, move Ben f3, news 9\n")
    error = refused(body)
    assert "the top newspaper is number 21: it was peeked at with an advance tip (J18)" \
        in str(error)
    played = play(body.replace("news 9", "news 21"))
    assert cash(played) == [0, 30]
    assert played.final.peeked == [9]
    # (the drawing shows what the peek told of the pile's top, ? where it was not seen)
    from mclog.games.joakim.board import table_html

    peeked = len(played) - 3   # (the state after the peek: Ben's roll, move and news follow)
    assert "newspaper pile 40 (on top: 21, 9) · Joakim" in table_html(played.state(peeked))
    assert "newspaper pile 39 (on top: 9) · Joakim" in table_html(played.final)
    assert "on top" not in table_html(played.state(peeked - 1))
    unseen = play(body.replace("news 9", "news 21").replace("peek Ann 21 and 9", "peek Ann ?"))
    assert "(on top: ?, ?)" in table_html(unseen.state(peeked))


def test_j18_another_seats_peek_is_unseen_and_every_seat_scores_alike():
    body = ("roll Ann 2, move Ann d4, home 4, joakim 17, peek Ann 21 and 9\n"
            "roll Ben 2, move Ben f3, news 21\n")
    played = play(body)
    for seat in range(2):
        view = GAME.seat_view(played, seat)
        written = GAME.write(view)
        assert ("peek Ann 21 and 9" in written) == (seat == 0)
        assert cash(GAME.replay(mclog.parse_one(written))) == cash(played)
    assert play(body.replace("peek Ann 21 and 9", "peek Ann ?")).errors == []


def test_j18_a_peek_shows_cards_in_the_pile_as_many_as_the_card_allows():
    start = "roll Ann 2, move Ann d4, home 4, joakim 16, "   # (a one-card tip)
    assert "peek at 1 newspaper" in str(refused(start + "peek Ann 3 and 4\n"))
    start2 = "roll Ann 2, move Ann c1, news 21\nroll Ben 1, move Ben e1, home 4, joakim 17, "
    assert "newspaper 21 is not in the pile" in str(refused(start2 + "peek Ben 21 and 4\n"))
    assert "two cards" in str(refused(start2 + "peek Ben 4 and 4\n"))


# --- a game without a component file (J19) -------------------------------------------------------

INLINE_SETUP = """\
start Ann gold 6
start Ben oil 3 bank 3
value gold 3, value oil 5, value diamond 2, value aeroplane 4, value bank 6, value shipping 1
"""


def inline(body: str, cash_tag: str = '[Cash "20"]'):
    return play(body, f'[Components "inline"]\n{cash_tag}', setup=INLINE_SETUP)


def inline_refused(body: str, cash_tag: str = '[Cash "20"]'):
    return refused(body, f'[Components "inline"]\n{cash_tag}', setup=INLINE_SETUP)


def test_a_cards_effects_written_as_a_table_says_them_are_told_how_they_are_written():
    """A kind and its change run together, an option's values without their words, a sign
    on a sum, everyone said in words: each told the item meant (J19's items)."""
    cases = {
        "roll Ann 2, land Ann news, news 12, values gold+3\n":
            ("'gold+3' is two words, its word and its value: 'gold +3' ('values [gold "
             "<gold>] [oil <oil>] [diamond <diamond>] [aeroplane <aeroplane>] [bank <bank>] "
             "[shipping <shipping>] [all <all>]')"),
        "roll Ann 3, land Ann club, club 11, option Ann gold 4 30\n":
            ("'gold' is written after its word: 'option Ann kind gold' ('option <player> "
             "[kind <kind>] [cost <cost>] [price <price>]')"),
        "roll Ann 2, land Ann news, news 12, earn Ann +10\n":
            ("'+10' cannot be the amount: a number is written bare, without a sign or a "
             "unit ('10')"),
        "roll Ann 2, land Ann news, news 12, pay everyone 5\n":
            "'everyone' is written all: everyone still in the game",
    }
    for body, reason in cases.items():
        assert inline_refused(body).reason == reason


def test_j19_a_card_written_in_the_record_is_played_as_its_text():
    played = inline("roll Ann 2, land Ann news, news 12, values gold +3 oil -1, "
                    "earn Ann 10\nroll Ben 1, land Ben news, news 33, values all -1, "
                    "pay all 5\n")
    assert cash(played) == [25, 15]
    assert played.final.values["gold"] == 5 and played.final.values["oil"] == 3
    assert played.final.values["shipping"] == 1   # (1 - 1 stays 1)


def test_a_refusal_names_the_move_in_the_records_words_not_the_engines():
    # (a die of 3 at Farbror Joakim's: he is away, and no Joakim card follows)
    error = refused("roll Ann 2, move Ann d4, home 3, joakim 3\n")
    # (and how the record writes what comes, in its words: the rules have none)
    assert str(error).endswith("now comes: Ben's die (or a lucky crown: before, or go to a "
                               "square), not 'joakim 3': here the record writes roll Ben "
                               "<pips>, or crown Ben <use> [to <square>] (How the Game Is "
                               "Played)")
    error = inline_refused("roll Ann 1, club 3\n")
    assert str(error).endswith("now comes: Ann moves 1 square: the kind of square landed on, "
                               "not 'club 3': here the record writes land Ann <square> (How "
                               "the Game Is Played)")
    error = inline_refused("roll Ann 2, land Ann news, news 12, borrow Ann 25\n")
    assert str(error).endswith(": 'borrow' by Ann is the Business Sharks variant's, and this "
                               "game is the basic one (J30)")


def test_j19_the_square_is_stated_not_moved_to():
    assert "say the kind of square: 'land Ann news'" in str(
        inline_refused("roll Ann 2, move Ann c1\n"))
    assert "say which, 'move Ann c3'" in str(refused("roll Ann 2, land Ann news\n"))
    played = inline("roll Ann 2, land Ann bank, buy Ann bank 3\n")
    assert cash(played) == [2, 20]
    assert GAME.engine.describe(inline("roll Ann 1\n").final) == \
        "Ann moves 1 square: the kind of square landed on"
    assert GAME.engine.describe(inline("roll Ann 3\n").final) == \
        "Ann moves 3 squares: the kind of square landed on"


def test_j19_a_payment_without_the_cash_is_a_debt_and_a_card_cannot_invent_cards():
    played = inline("roll Ann 2, land Ann news, news 12, pay Ann 25\n")
    assert GAME.engine.describe(played.final) == \
        "Ann owes 25 and has 20: sells properties at half market value"
    played = inline("roll Ann 2, land Ann news, news 12, pay Ann 25\nsell Ann gold 5\n"
                    "roll Ben 1\n")
    assert cash(played) == [0, 20]   # (20, and five gold mines at 1 each, less 25)
    assert "Ben holds no diamond to give back (J9)" in str(
        inline_refused("roll Ann 2, land Ann news, news 12, give Ben diamond\n"))
    assert "Ben has no gold 1-card to take (J9)" in str(inline_refused(
        "roll Ann 2, land Ann news, news 12, take Ann Ben gold price 3\n"))


def test_j19_the_effects_end_at_the_next_die_and_a_refused_die_changes_nothing():
    body = "roll Ann 2, land Ann news, news 12, earn Ann 10\n"
    error = inline_refused(body + "roll Ann 4\n")
    assert "it is Ben's move, not Ann's" in str(error)
    played = inline(body)
    assert GAME.engine.describe(played.final).startswith("what Ann's card does")


def test_j19_an_option_written_in_the_record_is_used_later():
    body = ("roll Ann 3, land Ann club, club 11, option Ann kind gold cost 4 price 30\n"
            "roll Ben 6, land Ben exchange\nroll Ann 2, land Ann gold, exercise Ann 11\n")
    played = inline(body, '[Cash "40"]')
    assert cash(played) == [6, 41] and held(played, 0, "gold") == (1, 2)
    error = inline_refused("roll Ann 3, land Ann news, news 3, option Ann kind gold cost 4 "
                           "price 30\n")
    assert "an option is bought from a Miljardärsklubben card" in str(error)
    bought = body.splitlines()[0] + "\n"   # (with just the 4 it costs, and with 3)
    assert cash(inline(bought, '[Cash "4"]')) == [0, 4]
    assert str(inline_refused(bought, '[Cash "3"]')).endswith(
        "the option card costs 4; Ann has 3 (The Miljardärsklubben)")


def test_j19_an_inline_card_is_numbered_from_1_to_the_box_count():
    for first_or_last in (1, 40):   # (the box's first newspaper and its last)
        drawn = inline(f"roll Ann 2, land Ann news, news {first_or_last}\n")
        assert GAME.engine.describe(drawn.final).startswith("what Ann's card does")
    assert str(inline_refused("roll Ann 2, land Ann news, news 41\n")).endswith(
        "the box holds 40 of these cards, numbered 1 to 40 (Setup)")


def test_j19_an_inline_game_cannot_be_simulated():
    with pytest.raises(ValueError, match="a simulated game needs the cards' texts"):
        GAME.option_tags({"components": "inline"})


def test_a_review_plays_on_with_the_unseen_peek_drawn_from_the_pile():
    from mclog.review import chances

    body = "roll Ann 2, move Ann d4, home 4, joakim 17, peek Ann ?\n"
    played = play(body, '[Limit "120"]\n[Cash "30"]')
    shares = chances(played, len(played), rollouts=6, seed=1)
    assert len(shares) == 2 and sum(shares) == pytest.approx(1)
    assert chances(played, len(played), rollouts=6, seed=1) == shares   # (the seed's)
    state = GAME.engine.copy(played.final)
    GAME.rollout_state(played, len(played), state, random.Random(3))
    assert None not in state.peeked and len(set(state.peeked)) == 2
    assert set(state.peeked) <= set(played.final.news)


def test_the_last_one_in_the_game_wins_a_rollout_even_with_no_cash():
    setup = SETUP.replace("start Ann gold 6", "start Ann shipping 6")
    played = play("roll Ann 2, move Ann c1, news 24\n", setup=setup)
    assert GAME.outcome(played.final) == [(0, False), (0, True)]


@pytest.mark.parametrize("path,cash_at_end", [
    ("sample_games/joakim/cabin-5p.mclog", [0, 69, 27, 56, 28]),
    ("sample_games/joakim/grandmas-box-2p.mclog", [46, 9]),
])
def test_the_hand_written_samples_stopped_mid_game_are_pinned(path, cash_at_end):
    played = GAME.replay(mclog.read_one(path))
    assert not played.complete and cash(played) == cash_at_end


def test_an_import_whose_component_file_is_not_beside_it_is_refused_in_words(tmp_path):
    from mclog.record.json_form import JsonRecordError

    record = mclog.read_one("sample_games/joakim/cabin-5p.mclog")
    data = json.dumps([mclog.to_json(record), mclog.to_json(record)]).encode()
    with pytest.raises(JsonRecordError) as info:
        GAME.records_from_json(data, str(tmp_path / "game.json"))
    assert str(info.value).startswith(f"{tmp_path / 'game.json'}: [0].tags: cabin-box.json: "
                                      "no component file there")


def test_the_shipped_sets_are_valid_under_their_schema():
    from mclog.games.cartel.component_files import FILES as CARTEL_FILES

    for files in (FILES, CARTEL_FILES):
        data = json.loads(open(files.illustrative, encoding="utf-8").read())
        assert files.checked(data, "illustrative").illustrative


def test_the_board_is_drawn_with_its_squares_pawns_and_the_trays_pins():
    played = GAME.replay(mclog.read_one("sample_games/joakim/friday-at-cleos-3p.mclog"))
    start, end = GAME.draw(played.state(0)), GAME.draw(played.final)
    assert start.count('<g class="square"') == 30 and 'class="pin"' not in start
    assert end.count('class="pin"') == 6 and end.count("<circle") == 6 + 3   # (3 pawns)
    assert '<title>Ann</title>' in end
    inline = GAME.replay(mclog.read_one("sample_games/joakim/grandmas-box-2p.mclog"))
    assert "No board file" in GAME.draw(inline.final)


# --- a choice left unwritten (J20) ------------------------------------------------------------


def test_j20_a_trade_the_record_goes_on_without_is_declined():
    played = play("roll Ann 3, move Ann b1\nroll Ben 1, move Ben e1, home 1\n")
    assert cash(played) == [0, 0] and played.final.players[0].square == "b1"
    written = GAME.write(played.record)
    assert "pass" not in written and mclog.parse_one(written) == played.record


def test_j20_an_option_left_unwritten_goes_back_under_the_pile():
    played = play("roll Ann 1, move Ann d3, club 9\nroll Ben 1, move Ben e1, home 1\n")
    assert 9 in played.final.club and played.final.players[0].options == []


def test_j20_what_comes_after_is_still_checked_and_a_forced_choice_is_not_declined():
    error = refused("roll Ann 3, move Ann b1\nroll Cleo 1\n")
    assert "'Cleo' is not a player of this game" in str(error)
    error = refused("roll Ann 3, move Ann b1\nroll Ann 1\n")
    assert "it is Ben's move, not Ann's" in str(error)
    error = refused("roll Ann 2, move Ann c1, news 6\nroll Ben 1\n", '[Cash "20"]')
    assert "now comes: Ann buys a property of your choice" in str(error)


def test_a_square_no_path_reaches_is_pointed_at_where_it_is_written():
    """The rules refuse the square (not the reader), and the message points at it."""
    from pathlib import Path

    sample = Path(__file__).parent.parent / "sample_games" / "joakim" / "sunday-3p.mclog"
    head = "\n".join(line for line in sample.read_text().splitlines()[:12]
                     if line.startswith("[")) + "\n\n"
    body = ("place Ann d2, place Ben e3, place Cleo e5\n"
            "start Ann gold 1 oil 1 diamond 1 aeroplane 1 bank 2\n"
            "start Ben diamond 2 bank 2 shipping 2\n"
            "start Cleo gold 1 diamond 2 aeroplane 1 shipping 2\n"
            "value gold 2, value oil 3, value diamond 1, value aeroplane 6, value bank 4, "
            "value shipping 4\nroll Ann 2, move Ann f3\n")
    with pytest.raises(mclog.RecordError) as refused:
        mclog.replay(mclog.parse_one(head + body))
    line = (head + body).splitlines()[refused.value.line - 1]
    assert refused.value.reason.startswith("Ann cannot end on f3")
    assert refused.value.col == line.index("f3") + 1


def test_a_roll_out_of_turn_names_the_lucky_crown_only_to_its_holder():
    """A roll written for the wrong player: the message names the lucky crown's way of
    going before ('crown Ann before') only where that player holds it and may use it
    there; otherwise it only says whose move it is."""
    from mclog.errors import RuleError
    from mclog.games.joakim.rules.moves import Roll

    joakim = game("Joakim von Ankas fantastiska affärer")
    engine = joakim.engine
    said = {}
    for seed in range(40):
        played = joakim.replay(mclog.parse_one(joakim.simulated_text(3, seed, "random", {})))
        for index in range(len(played)):
            state = played.state(index)
            d = engine.decision(state)
            if d is None or d.kind != "roll" or not state.fresh:
                continue
            seat = state.tasks[0].seat   # (the die is chance's: the task says whose)
            other = (seat + 1) % 3
            holder = state.crown == other and state.crown_since < state.turns
            if holder in said:
                continue
            with pytest.raises(RuleError) as refused_roll:
                engine.play(engine.copy(state), Roll(other, 3))
            said[holder] = (state.names[seat], state.names[other], refused_roll.value.reason)
        if len(said) == 2:
            break
    mover, other, reason = said[False]
    assert reason == f"it is {mover}'s move, not {other}'s"
    mover, other, reason = said[True]
    assert reason == (f"it is {mover}'s move, not {other}'s (the lucky crown goes before: "
                      f"'crown {other} before')")


def test_a_roll_for_a_player_out_of_the_game_or_missing_a_move_says_so():
    """A die written for a player the turn passes over says why: they left the game (J7),
    or THE BEAGLE BOYS made them miss this move (J27), which a table easily forgets."""
    from mclog.errors import RuleError
    from mclog.games.joakim.rules.moves import Roll

    joakim = game("Joakim von Ankas fantastiska affärer")
    engine = joakim.engine
    said: dict[str, tuple[str, str, str]] = {}
    # (a short game, 166 moves: a player is out by move 23, and a move is missed at 47)
    text = joakim.simulated_text(3, 6, "random", {"variant": "Business Sharks"})
    played = joakim.replay(mclog.parse_one(text))
    for index in range(1, len(played)):
        state, before = played.state(index), played.state(index - 1)
        d = engine.decision(state)
        if d is None or d.kind != "roll" or not state.fresh:
            continue
        for other, p in enumerate(state.players):
            why = "out" if p.out else "missed" if (
                before.players[other].beagle is not None and p.beagle is None) else None
            if why and why not in said:
                with pytest.raises(RuleError) as refused:
                    engine.play(engine.copy(state), Roll(other, 3))
                said[why] = (state.names[state.tasks[0].seat], state.names[other],
                             refused.value.reason)
    mover, other, reason = said["out"]
    assert reason == f"it is {mover}'s move, not {other}'s: {other} is out of the game"
    mover, other, reason = said["missed"]
    assert reason == (f"it is {mover}'s move, not {other}'s: {other} misses this move, "
                      "for THE BEAGLE BOYS (J27)")


def test_an_auction_is_answered_by_its_winner_whoever_it_is(tmp_path):
    """The recorder's hint at an auction names no player (``sold <player> <price>``): any
    player may win it, not only the one whose square it is, so what is typed after
    ``sold`` is not taken for that player's bid (a price alone was recorded as the
    square's player's win)."""
    from mclog.recording import Recording, Slip

    record = mclog.read_one("sample_games/joakim/friday-at-cleos-3p.mclog")
    moves = [e.move for e in record.entries if isinstance(e, record.move_entry)]
    tags = {k: v for k, v in record.tags.items() if k not in ("Game", "Players")}
    rec = Recording.start(GAME, str(tmp_path / "r.mclog"), players=record.tags["Players"],
                          tags=tags)
    for move in moves:
        if type(move).__name__ == "Sold":
            break
        rec.enter(GAME.answer_text(rec.played, move))
    assert rec.hint() == "sold <player> <price>, or unsold"
    assert (move.player, move.price) == (0, 22)   # (Ann wins it: the square is Ben's)
    saved = (tmp_path / "r.mclog").read_bytes()
    with pytest.raises(Slip):
        rec.enter("22")
    assert (tmp_path / "r.mclog").read_bytes() == saved
    assert rec.enter("sold Ann 22") == ["Ann wins the auction for 22"]


def test_a_check_said_in_the_singular_reads_as_the_check():
    """``check value gold 3 ...`` (as a table may say it) is ``check values``; the
    canonical form writes ``values``."""
    from pathlib import Path

    text = Path("sample_games/joakim/grandmas-box-2p.mclog").read_text(encoding="utf-8")
    assert "check values " in text
    record = mclog.parse_one(text.replace("check values ", "check Value ", 1))
    joakim = game(record.game)
    played = joakim.replay(record)
    assert played.errors == [] and "check value " not in joakim.write(record, played)
    assert joakim.write(record, played) == joakim.write(mclog.parse_one(text),
                                                        joakim.replay(mclog.parse_one(text)))
