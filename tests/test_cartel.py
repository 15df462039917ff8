"""Cartel (issue 26): one test a rule of the rulebook and a reading of docs/cartel/rules.md
(named after it), the component file's checks, the notation's located errors, the samples
pinned to their results, and property tests over random play (money, worth, cards, seat
views)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mclog
from mclog.errors import RecordError, RuleError
from mclog.games.cartel import GAME
from mclog.games.cartel.component_files import FILES, load
from mclog.games.cartel.rules.components import ComponentError, check
from mclog.games.cartel.rules.moves import Buy, Draw, Pass, Pay, Start
from mclog.kit.notation import MoveEntry
from mclog.protocol import PlayerLine

ROOT = Path(__file__).parent.parent
SAMPLES = sorted((ROOT / "sample_games" / "cartel").glob("*.mclog"))
BOARD = load("illustrative")
ENGINE = GAME.engine

#: Ann and Ben, Ben the Treasurer (so Ann plays first); Ann starts with Ardent (10, profit
#: 4), Ben with Kestrel (10, profit 2).  Ann holds Fenwick (20, next to Ardent), Ellery
#: and Calder; Ben holds Islay, Dunmore and Juniper; the Pool is Quillon, Ravensworth and
#: Bramble.
SETUP = """start Ann ardent, start Ben kestrel
draw Ann fenwick, draw Ann ellery, draw Ann calder
draw Ben islay, draw Ben dunmore, draw Ben juniper
pool quillon, pool ravensworth, pool bramble
"""


#: The same deal written from Ben's seat (``[Seat "Ben"]``): Ann's cards unseen.
BENS_SEAT = SETUP.replace("draw Ann fenwick, draw Ann ellery, draw Ann calder",
                          "draw Ann ?, draw Ann ?, draw Ann ?")


def text(body: str, tags: str = "", players: str = "Ann, Ben", setup: str = SETUP) -> str:
    return f'[Game "Cartel"]\n[Players "{players}"]\n{tags}\n{setup}{body}'


def play(body: str, **kw):
    """The strict replay of the setup and ``body``."""
    return mclog.replay(mclog.parse_one(text(body, **kw)))


def refused(body: str, **kw) -> RecordError:
    with pytest.raises(RecordError) as caught:
        play(body, **kw)
    return caught.value


def cartel(played, name: str):
    return played.final.cartels[played.record.names.index(name)]


# --- setup and the three options -----------------------------------------------------------

def test_setup_deals_the_starting_companies_hands_and_pool():
    played = play("")
    ann, ben = cartel(played, "Ann"), cartel(played, "Ben")
    assert ann.companies == ["ardent"] and ann.profits == 4 and ann.money == 10
    assert ann.hand == ["fenwick", "ellery", "calder"] and ann.blocks == 9 and ann.price == 10
    assert ben.companies == ["kestrel"] and ben.profits == 2
    assert played.final.pool == ["quillon", "ravensworth", "bramble"]
    assert played.final.pile == 52 - 2 - 6 - 3
    assert GAME.engine.describe(played.final) == \
        "Ann buys from the hand, offers a Pool company, or passes"


def test_buying_from_the_hand_pays_gains_profits_and_refills():
    played = play("buy Ann fenwick, pay Ann stock 1 cash 10, draw Ann wexford")
    ann = cartel(played, "Ann")
    bonus = BOARD.bonus[frozenset(("ardent", "fenwick"))]
    assert ann.money == 0 and ann.blocks == 8 and ann.companies == ["ardent", "fenwick"]
    assert ann.new == 2 + bonus and ann.hand == ["ellery", "calder", "wexford"]


def test_the_year_end_pays_current_and_new_profits_then_moves_the_price():
    played = play("buy Ann calder, pay Ann stock 1 cash 10, draw Ann wexford\n"
                  "buy Ben islay, pay Ben bond 10, draw Ben aldgate\n"
                  "end year 1\ncheck money Ann 10 Ben 4\ncheck profits Ann 10 Ben 4\n"
                  "check price Ann 15 Ben 10")
    ann, ben = cartel(played, "Ann"), cartel(played, "Ben")
    # Ann: Ardent's 4 carried, Calder's 6 new; Ben: Kestrel's 2, Islay's 4 halved (C6)
    assert (ann.money, ann.profits, ann.price, ann.paid) == (10, 10, 15, [10])
    assert (ben.money, ben.profits, ben.price, ben.paid) == (4, 4, 10, [4])
    assert ben.bonds == [10] and ben.repay == [15]
    wrong = refused("buy Ann calder, pay Ann stock 1 cash 10, draw Ann wexford\n"
                    "buy Ben islay, pay Ben bond 10, draw Ben aldgate\n"
                    "end year 1\ncheck price Ann 10 Ben 10")
    # (and a payment with a bond, selling less stock, would have kept Ann's price at 10)
    assert wrong.reason == (
        "the price does not match the rules: Ann has 15, not 10; the record would agree "
        "with it if line 8 read 'pay Ann bond 10 cash 10' or 'pay Ann bond 10 stock 1' (not "
        "'pay Ann stock 1 cash 10'), or if the count is wrong (no later check tells)")
    assert wrong.line == 11
    # money checked as 'cash', the word a payment says it with
    wrong = refused("buy Ann calder, pay Ann stock 1 cash 10, draw Ann wexford\n"
                    "buy Ben islay, pay Ben bond 10, draw Ben aldgate\n"
                    "end year 1\ncheck cash Ann 10 Ben 4\ncheck cash Ann 10 Ben 5")
    assert (wrong.reason, wrong.line) == ("the cash does not match the rules: Ben has 4, not 5",
                                          12)
    # the year's end left out (docs/cartel/format.md says why it is written): the table's
    # count after the profits is refused with the hint that the line is missing
    wrong = refused("buy Ann calder, pay Ann stock 1 cash 10, draw Ann wexford\n"
                    "buy Ben islay, pay Ben bond 10, draw Ben aldgate\n"
                    "check price Ann 15 Ben 10")
    assert wrong.reason == ("the price does not match the rules: Ann has 10, not 15 (the "
                            "record stands before the end of year 1: is its line missing?)")
    assert "Ann's purchase cannot come now: next, the end of year 1" in refused(
        "buy Ann calder, pay Ann stock 1 cash 10, draw Ann wexford\n"
        "buy Ben islay, pay Ben bond 10, draw Ben aldgate\n"
        "buy Ann wexford").reason


def test_an_auction_goes_to_the_highest_bid_and_the_offerer_draws_and_discards():
    played = play("offer Ann quillon, bid Ben 24, bid Ann 22\n"
                  "pay Ben bond 10 stock 1 cash 4\ndraw Ann wexford, discard Ann ellery")
    ben, ann = cartel(played, "Ben"), cartel(played, "Ann")
    assert ben.companies == ["kestrel", "quillon"] and ben.money == 10 + 10 + 10 - 24
    assert ben.blocks == 8 and ben.new == 6 // 2
    assert ann.hand == ["fenwick", "calder", "wexford"]
    assert played.final.pool == ["ravensworth", "bramble", "ellery"]
    assert played.final.auctions[0].price == 24 and played.final.auctions[0].buyer == 1


def test_passing_draws_two_and_discards_two_into_the_pool():
    played = play("pass Ann, draw Ann wexford, draw Ann aldgate\n"
                  "discard Ann ellery, discard Ann wexford")
    assert cartel(played, "Ann").hand == ["fenwick", "calder", "aldgate"]
    assert played.final.pool[-2:] == ["ellery", "wexford"]
    assert played.final.turn == 1


def test_a_bid_below_the_value_is_refused():
    error = refused("offer Ann quillon, bid Ben 15")
    assert "Ben's bid of 15 is below quillon's value (20)" in error.reason


def test_only_a_pool_company_can_be_offered_and_a_hand_card_bought():
    assert "Ann cannot offer fenwick" in refused("offer Ann fenwick").reason
    assert "Ann's hand holds fenwick, ellery, calder" in refused("buy Ann islay").reason


# --- the readings ------------------------------------------------------------------------

def test_C1_the_player_left_of_the_treasurer_plays_first():
    error = refused("buy Ann fenwick", tags='[Treasurer "Ann"]\n',
                    setup=SETUP.replace("start Ann ardent, start Ben kestrel",
                                        "start Ben kestrel, start Ann ardent")
                    .replace("draw Ann fenwick, draw Ann ellery, draw Ann calder\n", "")
                    .replace("draw Ben juniper\n", "draw Ben juniper\n"
                             "draw Ann fenwick, draw Ann ellery, draw Ann calder\n"))
    assert "it is Ben's move, not Ann's" in error.reason
    wrong_order = refused("", tags='[Treasurer "Ann"]\n')
    assert "the Treasurer deals Ben's starting company now, not Ann's" in wrong_order.reason


def test_a_card_written_to_the_wrong_seat_names_whose_it_is():
    dealt = refused("", setup=SETUP.replace("draw Ann fenwick,", "draw Ben fenwick,"))
    assert dealt.reason == "a Private Offering is dealt to Ann now, not to Ben"
    drawn = refused("buy Ann fenwick, pay Ann bond 10, draw Ben ?")
    assert drawn.reason == "Ann draws a card now, not Ben"


def test_C2_the_starting_company_is_one_of_the_eleven():
    state = play("").final.copy()
    ann = state.cartels[0]
    ann.companies += [w for w in ("ellery", "juniper", "wexford", "aldgate", "driftwood",
                                  "redwood", "quarry", "dunmore", "jasper")]
    assert len(ann.companies) == 10
    pile = state.pile
    ENGINE.play(state, Buy(0, "fenwick"))
    ENGINE.play(state, Pay(0, None, 1, None))
    assert len(ann.companies) == 11 and ann.out and ann.hand == []
    assert state.pile == pile + 2            # (the rest of the hand, shuffled in: C12)
    assert {"ellery", "calder"} <= state.unseen
    assert ENGINE.decision(state).actor == 1  # (no refill for a player out of play)


def test_C3_a_stock_price_never_falls_and_follows_the_index():
    assert [BOARD.price(p) for p in (0, 9, 10, 19, 20, 95)] == [10, 10, 15, 15, 20, 55]
    rows = [{"profits": 0, "price": 10}, {"profits": 5, "price": 8}]
    data = json.loads((ROOT / "mclog/games/cartel/rules/illustrative.json").read_text())
    data["stock_price_index"] = rows
    with pytest.raises(ComponentError, match=r"stock_price_index\[1\]: .*never below"):
        check(data)
    data["stock_price_index"] = [rows[0], {"profits": 5, "price": 10}]   # (a price kept)
    assert check(data).price(7) == 10
    data["stock_price_index"] = [rows[0], {"profits": 5, "price": 15},
                                 {"profits": 5, "price": 20}]   # (profits that do not rise)
    with pytest.raises(ComponentError, match=r"stock_price_index\[2\]: the rows go by rising"):
        check(data)


def test_C4_bond_then_stock_then_cash_and_no_spare_block():
    played = play("buy Ann calder, pay Ann bond 10, draw Ann wexford")
    assert cartel(played, "Ann").money == 0 and cartel(played, "Ann").blocks == 9
    change = play("buy Ann calder, pay Ann stock 2, draw Ann wexford")
    assert cartel(change, "Ann").money == 10 and cartel(change, "Ann").blocks == 7
    spare = refused("buy Ann calder, pay Ann stock 3")
    assert spare.reason == ("Ann sells 3 stock blocks at 10 for 20 owed: one fewer would do "
                            "(a purchase sells no spare block)") and spare.rule == "C4"
    wrong_cash = refused("buy Ann calder, pay Ann stock 1 cash 5")
    assert "Ann owes 10 in cash after 1 stock block, not 5" in wrong_cash.reason
    short = refused("buy Ann calder, pay Ann cash 20")
    assert "Ann has 10 in cash, not the 20 still owed for calder" in short.reason


def test_C5_the_penalty_when_even_every_block_and_a_bond_cannot_pay():
    # Ann can raise 10 + 9 x 10 + a bond of 10: 110; she bids 500 and must buy
    played = play("offer Ann quillon, bid Ben X, bid Ann 500\n"
                  "draw Ann wexford, discard Ann ellery")
    ann = cartel(played, "Ann")
    assert ann.penalty and ann.companies == ["ardent"] and ann.money == 10
    assert "quillon" in played.final.pool and played.final.auctions[0].penalty
    assert "pay Ann" not in GAME.write(played.record)
    assert "Ann must pay" not in str(played.errors)


def test_C5_a_bid_of_just_what_the_buyer_can_raise_is_paid_not_a_penalty():
    """110 is all Ann can raise (10 in cash, 9 blocks at 10, a bond of 10): she pays it
    all; at 111 she could not, and the penalty applies."""
    played = play("offer Ann quillon, bid Ben X, bid Ann 110, pay Ann bond 10 stock 9 cash 10")
    ann = cartel(played, "Ann")
    assert (ann.penalty, ann.companies[-1], ann.money, ann.blocks) == (False, "quillon", 0, 0)
    assert cartel(play("offer Ann quillon, bid Ben X, bid Ann 111"), "Ann").penalty


def test_C6_a_bond_halves_the_own_profit_rounded_down_never_the_bonus():
    played = play("buy Ann fenwick, pay Ann bond 10, draw Ann wexford")
    bonus = BOARD.bonus[frozenset(("ardent", "fenwick"))]
    ann = cartel(played, "Ann")
    assert ann.sheet[-1].base == 1 and ann.sheet[-1].bonus == bonus
    assert ann.new == 1 + bonus


def test_C7_a_bond_needs_its_denomination_in_the_treasury(tmp_path):
    data = json.loads((ROOT / "mclog/games/cartel/rules/illustrative.json").read_text())
    for row in data["bonds"]:
        if row["value"] == 10:
            row["count"] = 1
    (tmp_path / "tight.json").write_text(json.dumps(data))
    record = tmp_path / "game.mclog"
    record.write_text(text("buy Ann calder, pay Ann bond 10, draw Ann wexford\n"
                           "buy Ben islay, pay Ben bond 10",
                           tags='[Components "tight.json"]\n'))
    with pytest.raises(RecordError) as caught:
        mclog.replay(mclog.read_one(record))
    assert caught.value.reason == ("Ben cannot borrow a $10 million bond for islay: none is "
                                   "left in the Treasury") and caught.value.rule == "C7"
    assert (caught.value.line, caught.value.col) == (10, 16)
    ten = refused("buy Ann ellery, pay Ann bond 5")
    assert "no $5 million bonds exist" in ten.reason
    # (the reading holds where an owner's Treasury has $5 million bonds after all: the
    # rulebook says a $10 million company is not paid with a bond)
    data["bonds"].append({"value": 5, "count": 4, "repay": 8})
    (tmp_path / "fives.json").write_text(json.dumps(data))
    record.write_text(text("buy Ann ellery, pay Ann bond 5", tags='[Components "fives.json"]\n'))
    with pytest.raises(RecordError) as caught:
        mclog.replay(mclog.read_one(record))
    assert (caught.value.reason, caught.value.rule) == (ten.reason, ten.rule)
    for company, bonds in (("ellery", {None}), ("calder", {None, 10})):   # (10 and 20)
        record.write_text(text(f"buy Ann {company}", tags='[Components "fives.json"]\n'))
        state = mclog.replay(mclog.read_one(record)).final
        assert {pay.bond for pay in ENGINE.legal(state)} == bonds   # (the payments offered)


def test_C8_ties_rebid_higher_and_a_tie_of_x_goes_to_the_first_revealed():
    tie = "offer Ann quillon, bid Ben 25, bid Ann 25\n"
    assert "the new bid must be higher, not 25" in refused(tie + "bid Ben 25").reason
    played = play(tie + "bid Ben 27, bid Ann 26\npay Ben stock 3")
    assert cartel(played, "Ben").companies[-1] == "quillon"
    assert played.final.auctions[0].rounds == (((1, 25), (0, 25)), ((1, 27), (0, 26)))
    both_out = play(tie + "bid Ben X, bid Ann X\npay Ben stock 2 cash 5")
    assert both_out.final.auctions[0].buyer == 1 and both_out.final.auctions[0].price == 25


def test_C9_the_offerer_must_bid_and_may_win():
    assert "Ann offered quillon and must bid" in refused(
        "offer Ann quillon, bid Ben X, bid Ann X").reason
    played = play("offer Ann quillon, bid Ben 21, bid Ann 30, pay Ann bond 10 stock 2")
    assert cartel(played, "Ann").companies[-1] == "quillon"


def test_C9_bids_written_in_the_tables_order_are_told_the_order_revealed():
    """A table writing its bids clockwise from the first player, not from the offerer's
    left, is told the order the record keeps, at the first bid out of it."""
    error = refused("offer Ann quillon, bid Ann 21, bid Ben 22")
    assert error.reason == ("it is Ben's bid, not Ann's: the bids are written in the order "
                            "they are revealed, from the offerer's left (Ben, Ann)")
    assert error.rule == "C9" and error.col == len("offer Ann quillon, ") + 1
    # Cleo's record of a Friday night, its bids written clockwise from Ann
    night = (ROOT / "sample_games" / "cartel" / "kitchen-table-3p.mclog").read_text()
    slip = night.replace("offer Ben redwood, bid Cleo 22, bid Ann 21, bid Ben 23",
                         "offer Ben redwood, bid Ann 21, bid Cleo 22, bid Ben 23")
    with pytest.raises(RecordError) as caught:
        mclog.replay(mclog.parse_one(slip))
    assert str(caught.value) == (
        "<text>:18:20: it is Cleo's bid, not Ann's: the bids are written in the order they "
        "are revealed, from the offerer's left (Cleo, Ann, Ben) (C9)")


def _drive(state, until, limit=5000):
    """Play on with a plain policy (pass where one can, else buy or offer; the first
    discard; chance's first known card) until ``until(state)``."""
    for _ in range(limit):
        if until(state):
            return state
        d = ENGINE.decision(state)
        moves = ENGINE.legal(state)
        if d.actor is None:
            move = next((m for m in moves if getattr(m, "company", "") is not None), moves[0])
        elif d.kind == "turn":
            move = next((m for m in moves if isinstance(m, Pass)), moves[-1])
        else:
            move = moves[0]
        ENGINE.play(state, move)
    raise AssertionError("never reached")


def test_C10_an_exhausted_pile_a_pass_draws_what_is_left_and_discards_as_many():
    state = _drive(play("").final.copy(),
                   lambda s: s.pile == 1 and ENGINE.decision(s).kind == "turn")
    seat = ENGINE.decision(state).actor
    hand = state.cartels[seat].hand_size
    ENGINE.play(state, Pass(seat))
    ENGINE.play(state, ENGINE.legal(state)[1])          # the last card
    assert state.pile == 0 and ENGINE.decision(state).kind == "discard"
    ENGINE.play(state, ENGINE.legal(state)[0])          # one discard, not two
    assert state.cartels[seat].hand_size == hand
    assert ENGINE.decision(state).kind != "discard"
    assert not any(isinstance(m, Pass) for m in (ENGINE.legal(state) or [])
                   if ENGINE.decision(state).kind == "turn")


def test_C11_a_player_with_nothing_to_do_is_passed_over():
    state = play("").final.copy()
    state.cartels[0].hand.clear()
    state.pool.clear()
    state.pile = 0
    from mclog.games.cartel.rules.engine import _advance
    from mclog.engine import Watch

    _advance(state, Watch())
    assert ENGINE.decision(state).actor == 1


def test_C12_a_player_out_of_play_is_not_asked_to_bid():
    state = play("").final.copy()
    state.cartels[1].out = True
    from mclog.games.cartel.rules.moves import Offer

    ENGINE.play(state, Offer(0, "quillon"))
    assert [k for k, _ in state.todo] == ["bid"] and state.todo[0][1] == 0


def test_C13_a_penalty_year_pays_nothing_but_carries_the_profits():
    played = play("offer Ann quillon, bid Ben X, bid Ann 500\n"
                  "draw Ann wexford, discard Ann ellery\n"
                  "buy Ben islay, pay Ben bond 10, draw Ben aldgate\nend year 1")
    ann = cartel(played, "Ann")
    assert ann.paid == [0] and ann.profits == 4 and ann.money == 10 and not ann.penalty


def test_C14_two_players_an_unused_cartel_takes_a_card_after_each_year_but_the_last():
    record = mclog.read_one(ROOT / "sample_games/cartel/duel-2p.mclog")
    moves = [type(e.move).__name__ for e in record.entries if isinstance(e, MoveEntry)]
    ends = [i for i, m in enumerate(moves) if m == "EndYear"]
    assert len(ends) == 10 and all(moves[i + 1] == "Dummy" for i in ends[:-1])
    assert moves[-1] == "EndYear"
    played = mclog.replay(record)
    assert len(played.final.out_of_play) == 9


def test_C15_stock_repurchase_at_the_price_before_it_moves():
    record = mclog.read_one(ROOT / "sample_games/cartel/club-4p-advanced.mclog")
    played = mclog.replay(record)
    for step in played.steps:
        if type(step.move).__name__ == "Repurchase":
            before, after = played.state(step.index - 1), played.state(step.index)
            seat = step.move.player
            assert after.cartels[seat].money == before.cartels[seat].money - \
                before.cartels[seat].price
            assert after.cartels[seat].blocks == before.cartels[seat].blocks + 1
    assert "Ann" not in {played.record.names[s.move.player] for s in played.steps
                         if type(s.move).__name__ in ("Repurchase", "Keep")
                         and s.round == 1 and played.state(s.index - 1).cartels[0].blocks == 9}


def test_every_player_said_at_once_is_told_each_is_an_item():
    """``keep all`` (as a table says that nobody buys back a block) names no one player."""
    text = (ROOT / "sample_games/cartel/club-4p-advanced.mclog").read_text(encoding="utf-8")
    written = "end year 2, keep Ann, keep Ben, keep Cleo, keep Dan"
    assert written in text
    with pytest.raises(RecordError) as caught:
        mclog.parse_one(text.replace(written, "end year 2, keep all"))
    assert (caught.value.line, caught.value.col, caught.value.reason) == (
        29, 18, "'all' names no one player: each player's is an item of its own, with the "
        "player's name")


def test_C15_a_repurchase_is_asked_of_a_player_with_just_the_price():
    """After the profits, Ann has exactly the price of a block (10): she is asked; with a
    million less she is not."""
    from mclog.games.cartel.rules.moves import EndYear, Repurchase

    played = play("buy Ann calder, pay Ann stock 2, draw Ann wexford",
                  tags='[Advanced "repurchase"]\n')
    at_year_end = _drive(ENGINE.copy(played.final),
                         lambda state: ENGINE.describe(state) == "the end of year 1")
    ann = at_year_end.cartels[0]
    assert (ann.blocks, ann.price, ann.profits + ann.new) == (7, 10, 10)
    for profits, asked in ((10, True), (9, False)):   # (with no cash before them)
        state = ENGINE.copy(at_year_end)
        state.cartels[0].money, state.cartels[0].new = 0, profits - ann.profits
        ENGINE.play(state, EndYear(1))
        assert (state.cartels[0].money, Repurchase(0) in ENGINE.legal(state)) == \
            (profits, asked)


def test_C16_raising_cash_borrows_at_most_the_stock_price():
    tag = '[Advanced "raising"]\n'
    played = play("pass Ann borrow 10", tags=tag)
    ann = cartel(played, "Ann")
    assert ann.money == 20 and ann.bonds == [10] and ann.repay == [15]
    assert GAME.score_parts(played.final)[0]["bonds"] == -15
    assert refused("pass Ann borrow 15", tags=tag).rule == "C16"
    offered = {move.borrow for move in ENGINE.legal(play("", tags=tag).final)
               if isinstance(move, Pass)}
    assert offered == {None, 10}   # (a bond of the price, 10, and none above it)
    assert "Raising Cash is an Advanced rule this game does not play" in \
        refused("pass Ann borrow 10").reason


def test_C17_defensive_discarding_one_face_down_discard_of_a_pass():
    tag = '[Advanced "defensive"]\n'
    body = "pass Ann, draw Ann wexford, draw Ann aldgate\nbury Ann ellery"
    played = play(body, tags=tag)
    assert played.final.buried == ["ellery"] and "ellery" not in played.final.pool
    assert refused(body + ", bury Ann wexford", tags=tag).rule == "C17"
    assert "Defensive Discarding is an Advanced rule" in refused(body).reason
    assert "may discard face down only when passing" in refused(
        "offer Ann quillon, bid Ben X, bid Ann 20, pay Ann stock 2\n"
        "draw Ann wexford, bury Ann ellery", tags=tag).reason


def test_C18_trading_before_a_turn_with_money_and_at_most_three_cards_after():
    tag = '[Advanced "trading"]\n'
    played = play("trade Ann ellery Ben islay cash 3\n"
                  "trade Ann - Ben juniper cash 2\ntrade Ann calder Ben -\n"
                  "buy Ann islay, pay Ann stock 2", tags=tag)
    ann, ben = cartel(played, "Ann"), cartel(played, "Ben")
    assert ann.money == 10 - 3 - 2 and ben.money == 10 + 3 + 2
    assert ann.hand == ["fenwick", "juniper"] and ann.companies[-1] == "islay"
    assert ben.hand == ["dunmore", "ellery", "calder"]
    assert GAME.step_texts(played)[11:14] == [
        "Ann trades ellery and 3 in cash for Ben's islay",
        "Ann takes Ben's juniper for 2 in cash", "Ann gives calder to Ben"]
    four = refused("trade Ann - Ben juniper\nbuy Ann calder", tags=tag)
    assert four.reason == ("Ann holds 4 cards after the trades: a trading session ends "
                           "with at most 3 cards in each hand") and four.rule == "C18"
    assert "Trading Company Cards is an Advanced rule this game does not play" in \
        refused("trade Ann ellery Ben islay").reason
    assert refused("trade Ann ellery Ben islay cash 11", tags=tag).reason == \
        "Ann has 10 in cash, not the 11 offered in the trade"
    all_in = play("trade Ann ellery Ben islay cash 10", tags=tag)   # (every million she has)
    assert (cartel(all_in, "Ann").money, cartel(all_in, "Ben").money) == (0, 20)
    assert "Ben cannot trade kestrel" in refused("trade Ann ellery Ben kestrel",
                                                 tags=tag).reason
    # Ben's turn comes after Ann's: a trade of Ben's then, not now
    later = play("buy Ann calder, pay Ann stock 2, draw Ann wexford\n"
                 "trade Ben dunmore Ann ellery", tags=tag)
    assert "dunmore" in cartel(later, "Ann").hand
    assert "a trade moves a card at least" in refused("trade Ann - Ben - cash 4",
                                                      tags=tag).reason


def test_C18_a_trade_of_unseen_cards_moves_an_unknown_card():
    played = play("trade Ann ? Ben islay cash 1\nbuy Ann islay, pay Ann stock 2",
                  tags='[Seat "Ben"]\n[Advanced "trading"]\n', setup=BENS_SEAT)
    ann, ben = cartel(played, "Ann"), cartel(played, "Ben")
    assert (ann.dealt_unseen, ann.hand, ben.drawn_unseen) == (2, [], 1)
    assert ben.hand == ["dunmore", "juniper"] and ann.money == 9


def test_C19_the_worth_is_cash_companies_stock_less_repayment():
    played = play("buy Ann calder, pay Ann bond 10, draw Ann wexford")
    parts = GAME.score_parts(played.final)[0]
    assert parts == {"cash": 0, "companies": 10 + 20, "stock": 9 * 10, "bonds": -15}
    assert GAME.points(played.final)[0] == 105


def test_C20_the_bids_listed_reach_what_the_bidder_could_pay():
    state = play("offer Ann quillon").final
    bids = ENGINE.legal(state)
    assert bids[0].amount is None and bids[1].amount == 20
    assert bids[-1].amount == 10 + 9 * 10 + 10
    assert cartel(play("offer Ann quillon, bid Ben 900, bid Ann 20"), "Ben").penalty


def test_C21_cards_dealt_at_the_start_are_cheap_and_a_seat_record_is_held_to_it():
    assert "dealt from the $10 and $20 million companies only" in refused(
        "", setup=SETUP.replace("draw Ben juniper", "draw Ben vantage")).reason
    error = refused("buy Ann vantage", tags='[Seat "Ben"]\n', setup=BENS_SEAT)
    assert error.reason == ("Ann cannot buy vantage: Ann's unknown cards were dealt from the "
                            "$10 and $20 million companies") and error.rule == "C21"
    played = play("buy Ann calder, pay Ann stock 1 cash 10, draw Ann ?",
                  tags='[Seat "Ben"]\n', setup=BENS_SEAT)
    assert cartel(played, "Ann").dealt_unseen == 2 and cartel(played, "Ann").drawn_unseen == 1
    assert "Ann cannot buy kestrel: Ben owns it" in refused(
        "buy Ann kestrel", tags='[Seat "Ben"]\n', setup=BENS_SEAT).reason


def test_C21_the_last_cheap_companies_are_kept_for_the_cards_dealt_unseen():
    """From Ben's seat, Ann's three cards were dealt unseen from the cheap companies: a
    cheap company may be dealt into the Pool only while more of them are unseen than those
    three slots need (the spare); at a spare of none, none is offered, and one written is
    refused."""
    from mclog.games.cartel.rules.moves import Pool

    head = "".join(BENS_SEAT.splitlines(keepends=True)[:3])   # (the starts and both deals)
    state = play("", tags='[Seat "Ben"]\n', setup=head).final
    assert (state.cheap_unseen, state.cartels[0].dealt_unseen) == (15, 3)
    state.cheap_unseen = 4   # (as if all but four were placed: a spare of one)
    assert len(ENGINE.legal(state)) == 15
    state.cheap_unseen = 3   # (a spare of none)
    assert ENGINE.legal(state) == []
    with pytest.raises(RuleError) as caught:
        ENGINE.play(state, Pool("quillon"))
    assert (str(caught.value), caught.value.rule) == (
        "a Pool card cannot be quillon: every $10 and $20 million company left must be "
        "among the cards dealt unseen at the start (C21)", "C21")


def test_C21_a_card_is_dealt_unseen_only_while_a_cheap_company_is_left_for_it():
    from mclog.games.cartel.rules.moves import Draw

    state = play("", tags='[Seat "Ben"]\n', setup=BENS_SEAT.splitlines(keepends=True)[0]).final
    state.cheap_unseen = 1   # (as if one cheap company were left unseen: a spare of one)
    ENGINE.play(state, Draw(0, None))
    with pytest.raises(RuleError) as caught:
        ENGINE.play(state, Draw(0, None))
    assert (caught.value.reason, caught.value.rule) == (
        "no $10 or $20 million company is left unseen to deal", "C21")


def test_C22_no_card_no_purchase_from_the_hand():
    state = play("").final.copy()
    state.cartels[0].hand.clear()
    with pytest.raises(RuleError) as caught:
        ENGINE.play(state, Buy(0, "fenwick"))
    assert caught.value.rule == "C22"


def test_C23_a_seat_record_names_its_own_cards_and_no_one_elses():
    own = refused("", tags='[Seat "Ann"]\n',
                  setup=SETUP.replace("draw Ann calder", "draw Ann ?"))
    assert own.reason == "the record is written from Ann's seat: Ann sees this card, so " \
                         "name it" and own.rule == "C23"
    other = refused("", tags='[Seat "Ann"]\n')
    assert other.reason == ("the record is written from Ann's seat, and Ann does not see "
                            "Ben's cards: write ?")
    # (written at the table from Ben's seat, leaving out the cards dealt to Ann face down)
    left_out = refused("", tags='[Seat "Ben"]\n', setup=BENS_SEAT.replace(
        "draw Ann ?, draw Ann ?, draw Ann ?\n", ""))
    assert left_out.reason == ("a Private Offering is dealt to Ann now, not to Ben (every "
                               "card is written, ? for one Ben did not see)")


# --- components and notation --------------------------------------------------------------

@pytest.mark.parametrize("change,message", [
    (lambda d: d["companies"].pop(), r"companies: the board has 52 companies, not 51"),
    (lambda d: d["companies"][0].update(value=30),
     r"the rulebook deals 10 companies of \$10 million; this file has 9"),
    (lambda d: d["companies"][1].update(word="x"), r"companies\[1\].word: 'x' cannot be"),
    (lambda d: d["companies"][1].update(word="the"),   # (an article: 'draw Ben a card')
     r"companies\[1\].word: 'the' cannot be written in a record"),
    (lambda d: d["bonus"].pop(0), r"bonus: no Bonus Profit between ardent and borealis"),
    (lambda d: d["special"][0].update(around=["ardent", "borealis", "calder", "dunmore"]),
     r"special\[0\]: ardent, borealis, calder, dunmore do not form a square"),
    (lambda d: d["bonds"][0].update(repay=5), r"bonds\[0\].repay: the repayment price"),
    (lambda d: d["bonds"][0].update(repay=d["bonds"][0]["value"]),   # (greater, not equal)
     r"bonds\[0\].repay: the repayment price"),
    (lambda d: d["companies"][2].update(value="ten"),
     r"companies\[2\].value: \"ten\" is not a whole number"),
    (lambda d: d.update(extra=1), r"the file: has 'extra', which is no field here"),
    (lambda d: d.pop("bonds"), r"the file: has no 'bonds'"),
])
def test_a_component_file_is_checked_against_the_rulebook(change, message):
    data = json.loads((ROOT / "mclog/games/cartel/rules/illustrative.json").read_text())
    change(data)
    with pytest.raises(ComponentError, match=message):
        FILES.checked(data, "board.json")


def test_a_count_of_a_component_file_too_long_for_any_box_is_said_so(tmp_path):
    """A number of 31 digits is kept as its text when read (``careful_loads``), so the
    schema calls it no integer; the owner who typed it is told what it is instead."""
    data = json.loads((ROOT / "mclog/games/cartel/rules/illustrative.json").read_text())
    data["bonds"][0]["count"] = 10 ** 30
    (tmp_path / "box.json").write_text(json.dumps(data))
    record = tmp_path / "game.mclog"
    record.write_text(text("", tags='[Components "box.json"]\n'))
    with pytest.raises(RecordError) as caught:
        mclog.read_one(record)
    assert caught.value.line == 3 and caught.value.reason == (
        "[Components] box.json: bonds[0].count: a number of 31 digits, far out of any range")


def test_a_key_typed_twice_in_a_component_file_is_refused_not_dropped(tmp_path):
    """An owner typing a bond's count again (``"count": 4, "count": 40``) would have
    JSON keep the last unsaid; the file is refused, naming the key and where it stands."""
    data = json.loads((ROOT / "mclog/games/cartel/rules/illustrative.json").read_text())
    data["bonds"][1]["count"] = "<count>"
    (tmp_path / "box.json").write_text(json.dumps(data).replace('"count": "<count>"',
                                                                '"count": 3, "count": 30'))
    record = tmp_path / "game.mclog"
    record.write_text(text("", tags='[Components "box.json"]\n'))
    with pytest.raises(RecordError) as caught:
        mclog.read_one(record)
    assert caught.value.line == 3 and caught.value.reason == (
        "[Components] box.json: bonds[1]: the key 'count' is given twice in one object: "
        "JSON would keep the last and drop the other unsaid, so write it once, with the "
        "value meant")


def test_a_components_tag_names_a_file_beside_the_record(tmp_path):
    (tmp_path / "bad.json").write_text("{ not json")
    record = tmp_path / "game.mclog"
    record.write_text(text("", tags='[Components "bad.json"]\n'))
    with pytest.raises(RecordError) as caught:
        mclog.read_one(record)
    assert caught.value.line == 3 and "bad.json: line 1, column 3: not JSON" in \
        caught.value.reason
    # (an owner types the file by hand: a comment in it is told as such)
    (tmp_path / "bad.json").write_text('{\n "name": "ours", // our box\n}')
    with pytest.raises(RecordError) as caught:
        mclog.read_one(record)
    assert caught.value.reason == (
        "[Components] bad.json: line 2, column 18: not JSON (Expecting property name "
        "enclosed in double quotes; JSON has no comments: take it out (a note may go in a "
        "string field))")
    record.write_text(text("", tags='[Components "game.mclog"]\n'))
    with pytest.raises(RecordError) as caught:
        mclog.read_one(record)
    assert caught.value.reason == ("[Components] game.mclog: this is a record's text, not a "
                                   "component file (a JSON file of the game's board and "
                                   "cards)")
    record.write_text(text("", tags='[Components "missing.json"]\n'))
    with pytest.raises(RecordError, match="missing.json: no component file there"):
        mclog.read_one(record)
    # (a path typed as Windows types it: its backslashes kept, and told how it is written)
    record.write_text(text("", tags='[Components "our\\box.json"]\n'))
    with pytest.raises(RecordError) as caught:
        mclog.read_one(record)
    assert caught.value.reason.endswith("our\\box.json: no component file there (looked for "
                                        f"{tmp_path}/our\\box.json) (here a path's folders "
                                        "are set apart by '/', not '\\')"), caught.value
    shutil_copy = (ROOT / "mclog/games/cartel/rules/illustrative.json").read_text()
    (tmp_path / "ours.json").write_text(shutil_copy.replace('"illustrative": true',
                                                            '"illustrative": false'))
    record.write_text(text("", tags='[Components "ours.json"]\n'))
    played = mclog.replay(mclog.read_one(record))
    assert not played.final.board.illustrative
    assert "Illustrative components" not in GAME.draw(played.final)
    assert "Illustrative components" in GAME.draw(play("").final)


@pytest.mark.parametrize("line,message,col", [
    ("pay Ann bond", "'pay' is written 'pay <player> [bond <bond>] [stock <stock>] "
                     "[cash <cash>]', but the line ends", 13),
    # (a seat's card left out, or said with an article: ? where a card not seen reads)
    ("draw Ann", "'draw' is written 'draw <player> <company>', but the line ends (? for a "
                 "card not seen)", 9),
    ("discard Ann", "'discard' is written 'discard <player> <company>', but the line ends",
     12),   # (a discard is shown: no ?)
    ("draw Ann a card", "'a' cannot be a company: a card is written by its word alone, or ? "
                        "for a card you did not see", 10),
    ("buy Ann the krupp", "'the' cannot be a company: a card is written by its word alone", 9),
    # (a word a player says between the item's parts: the item without it)
    ("pay Ann bond 10 with stock 3", "'with' is not written: 'pay Ann bond 10 stock 3' ('pay "
                                     "<player> [bond <bond>] [stock <stock>] [cash <cash>]')",
     17),
    ("buy Ann krupp for 40", "'for' is not written: 'buy Ann krupp' is a whole item ('buy "
                             "<player> <company>'), and what follows it is an item of its "
                             "own, with its verb", 15),
    ("bid Ann 5x", "'5x' cannot be the amount: a number from 1 to 1000000, or X for no bid",
     9),
    ("buy Ann krupp.", "'krupp.' ends in a point (write it without the point: 'krupp')", 9),
    ("bid Ann: 30", "'Ann:' ends in a colon (write it without the colon: 'Ann')", 5),
    ("bid Ann= 30", "'Ann=' ends in an equals sign (write it without the equals sign: "
                    "'Ann')", 5),
    ("pay Ann cash: 5", "'cash:' ends in a colon (write it without the colon: 'cash')", 9),
    ("pay Ann cash 5, draw= Ann ?", "'draw=' ends in an equals sign (write it without the "
                                    "equals sign: 'draw')", 17),
    ("end year 3.", "'3.' ends in a point (write it without the point: '3')", 10),
    ("bid Ann 40 000", "'000' follows '40': a number is written without a space, a comma or "
                       "a point in it ('40000')", 12),
    ("bid Ann 1,040,000", "'040' follows '1': a number is written without a space, a comma "
                          "or a point in it ('1040000')", 11),
    ("bid Ann $22", "'$22' cannot be the amount: a number is written bare, without a sign "
                    "or a unit ('22'), or X for no bid", 9),
    ("bid Ann ２２", "'２２' cannot be the amount: a number from 1 to 1000000, in plain digits "
                   "0 to 9", 9),
    ("bid Ann 22M", "'22M' cannot be the amount: a number is written bare, without a sign "
                    "or a unit ('22'), or X for no bid", 9),   # (Cartel counts in millions)
    ("pay Ann bond 10 cash 10m", "'10m' cannot be the cash: a number is written bare, "
                                 "without a sign or a unit ('10')", 22),
    ("bid Ann pass", "'pass' cannot be the amount: no bid is written X ('bid <player> X')",
     9),   # (a verb too: not told as the next item)
    ("bid Ann for 40", "'for' is not written in a 'bid' item: 'bid <player> <amount>'", 9),
    ("end of year 1", "'of' is not written in an 'end' item: 'end year <year>'", 5),
    ("trade Ann krupp for Ben siemens", "'for' is not written in a 'trade' item: 'trade "
     "<player> <gives> <other> <takes> [cash <cash>]'", 17),   # (not: 'for' and 'Ben' swapped)
    # (the bids as a table says them, the verb once)
    ("bid Ann 40, Ben 37", "'Ben' follows a whole 'bid' item: each player's is an item of its "
                           "own, with its verb ('bid Ben 37')", 13),
    ("bid Ann 40 Ben 37", "'Ben' follows a whole 'bid' item: each player's is an item of its "
                          "own, with its verb ('bid Ben 37')", 12),
    ("start Ann ?", "'?' cannot be a company here: the whole table sees this card, so the "
                    "record names it (its word in the component file)", 11),
    ("discard Ann ?", "'?' cannot be a company here: the whole table sees this card", 13),
    ("pay Ann stock 1 stock 2", "'stock' is written twice", 17),
    ("end yeer 1", "'year' comes here, not 'yeer'", 5),
    ("buy Ann Krupp&Co", "'Krupp&Co' cannot be a company", 9),   # (as written, not lowered)
    ("end year 1 bid Zed 30", "'Zed' is not a player of this game (the players are Ann, "
                              "Ben)", 16),
    # (several cards to one item, as a player says them: a card is an item of its own)
    ("draw Ann ? ?", "'?' follows a whole 'draw' item, which takes one company: a second "
                     "company is a second item ('draw Ann ?, draw Ann ?')", 12),
    ("draw Ann ?, ?", "'?' follows a whole 'draw' item, which takes one company: a second "
                      "company is a second item ('draw Ann ?, draw Ann ?')", 13),
    # (any word may be a company: the component file says which; so a slip of a verb
    # after a whole item is told as one)
    ("offer Ann krupp bids Ben 3", "'bids' is no move of this game: did you mean 'bid'?", 17),
    # (and another word is told as what it may be: a second company, a second item)
    ("draw Ann krupp siemens", "'siemens' is no move of this game; if it is a second company "
                               "of the 'draw' item before it, that is a second item ('draw Ann "
                               "krupp, draw Ann siemens')", 16),
    # (a check's kind a letter away: Million Club's plural, 'check prices')
    ("check pricse Ann 10 Ben 10", "Expected score, worth, money, cash, profits or price after "
                                   "'check', found 'pricse': did you mean price?", 7),
    ("check proffits Ann 10", "found 'proffits': did you mean profits?", 7),
    # (a fixed word left out: the item it makes, where the words then read)
    ("end 1", "'year' is left out of the 'end' item: 'end year 1' ('end year <year>')", 5),
    ("end 1, buy Ann krupp", "'year' is left out of the 'end' item: 'end year 1'", 5),
    # (a payment's number before its word; a name before its verb after a whole item)
    ("pay Ann 10 cash", "'10 cash': the number follows its word, 'cash 10' ('pay <player> "
                        "[bond <bond>] [stock <stock>] [cash <cash>]')", 9),
    ("offer Ann krupp, Ben bids 30", "'Ben bids': a move starts with its verb, then the "
                                     "player: did you mean 'bid Ben ...'?", 18),
    # (a player named where the item names none)
    ("end year 1, pool Ann krupp", "'pool' names no player: 'pool krupp' ('pool <company>')",
     18),
])
def test_a_slip_of_notation_is_located_and_worded(line, message, col):
    with pytest.raises(RecordError) as caught:
        mclog.parse_one(text(line))
    assert message in caught.value.reason and caught.value.line == 8 and \
        caught.value.col == col


@pytest.mark.parametrize("line,message,col", [
    ("pays Ann stock 1", "'pays' is no move of this game: did you mean 'pay'?", 1),
    ("paying Ann stock 1", "'paying' is no move of this game: did you mean 'pay'?", 1),
    ("pay Ann stok 1", "'stok' is no move of this game; after 'pay': did you mean 'stock'? "
                       "('pay <player> [bond <bond>] [stock <stock>] [cash <cash>]')", 9),
    # (two words the wrong way round: the item as it reads the right way)
    ("draw ? Ann", "'?' and 'Ann' are the wrong way round: 'draw' is written 'draw <player> "
                   "<company>' ('draw Ann ?')", 6),
    ("bid 22 Ann", "'22' and 'Ann' are the wrong way round: 'bid' is written 'bid <player> "
                   "<amount>' ('bid Ann 22')", 5),
    ("end 1 year", "'1' and 'year' are the wrong way round: 'end' is written 'end year "
                   "<year>' ('end year 1')", 5),
    # (a fixed word before its verb; a name before its verb after a keyed item)
    ("year end 1", "'year end': the verb comes first: did you mean 'end year ...'? ('end year "
                   "<year>')", 1),
    ("pay Ann cash 5 Ann draw krupp", "'Ann draw': a move starts with its verb, then the "
                                      "player: did you mean 'draw Ann ...'?", 16),
    # (a word written twice)
    ("discard discard Ann krupp", "'discard' is written twice: 'discard <player> <company>'", 9),
    ("bid Ann Ann 22", "'Ann' is written twice: 'bid <player> <amount>'", 9),
    ("bid ann 30", "'ann' is not a player of this game (the players are Ann, Ben): did you "
                   "mean Ann?", 5),
    # a player's name first, as Million Club's notation has it: the order is told
    ("Ann buys krupp", "'Ann buys': a move starts with its verb, then the player: did you "
                       "mean 'buy Ann ...'? ('buy <player> <company>')", 1),
    ("end year 1, Ben pass", "'Ben pass': a move starts with its verb, then the player: did "
                             "you mean 'pass Ben ...'?", 13),
    ("Ann krupp", "'Ann' is a player, not a move: a move starts with its verb, then the "
                  "player; the verbs are 'start', 'draw'", 1),
    ("Ann bond 10", "'Ann' is a player, not a move", 1),   # (no verb near 'bond')
    # a word left out, the next item's verb read in its place (a seat's record that leaves
    # out a card it did not see, ``draw Ben ?``)
    ("draw Ben, buy Ann krupp", "'draw' is written 'draw <player> <company>', but 'buy' "
                                "stands where its <company> goes: is a word of it left "
                                "out?", 11),
    ("bid Ann, check money Ann 3", "'bid' is written 'bid <player> <amount>', but 'check' "
                                   "stands where its <amount> goes", 10),
])
def test_a_near_miss_is_told_what_it_may_have_meant(line, message, col):
    with pytest.raises(RecordError) as caught:
        mclog.parse_one(text(line))
    assert message in caught.value.reason and caught.value.col == col


@pytest.mark.parametrize("line, col", [("start jo ellery", 7), ("check money jo 3", 13)])
def test_a_name_in_another_case_is_matched_to_no_one_where_two_players_share_it(line, col):
    """Two players called Jo and JO: ``jo`` may mean either, so neither is named (as
    Million Club's reader and Millionenspiel's say it: ``case_slip``)."""
    record = '[Game "Cartel"]\n[Players "Jo, JO"]\n[Components "illustrative"]\n\n' + line
    with pytest.raises(RecordError) as caught:
        mclog.replay(mclog.parse_one(record + "\n"))
    assert caught.value.reason.startswith("'jo' is not a player of this game (") and \
        caught.value.reason.endswith("Jo, JO)") and caught.value.col == col


def test_the_notations_words_read_in_any_case():
    """A line's first word is often written with a capital: ``Buy``, ``End Year 1``,
    ``Check Money``, ``Bond 10`` read as their lowercase words (names and companies as
    before: a name exactly, a company in any case)."""
    body = "Buy Ann Fenwick, Pay Ann Bond 10 Cash 10, Draw Ann Wexford\n"
    played = play(body)
    lower = play(body.lower().replace("ann", "Ann"))
    assert [s.move for s in played.steps] == [s.move for s in lower.steps]
    assert cartel(played, "Ann").bonds == [10]
    record = mclog.parse_one(text("Check Money Ann 10 Ben 10\nEnd Year 1\n"))
    assert [type(e).__name__ for e in record.entries][-2:] == ["CheckEntry", "MoveEntry"]
    assert record.entries[-2].what == "money"


def test_a_player_cannot_be_called_by_a_word_among_an_items_values_but_may_by_a_verb():
    """``stock`` stands among a payment's values (``pay Ann bond 10 stock 2``): no player
    may be called so.  A verb's word may be a name: an item starts with its verb, so
    ``pay Pay cash 10`` is Pay's payment."""
    with pytest.raises(RecordError, match="'stock' is a word of the notation"):
        mclog.parse_one('[Game "Cartel"]\n[Players "Ann, stock"]\n')
    with pytest.raises(RecordError, match="'Cash' is a word of the notation"):
        mclog.parse_one('[Game "Cartel"]\n[Players "Ann, Cash"]\n')
    assert mclog.parse_one('[Game "Cartel"]\n[Players "Ann, Pay"]\n').players == \
        ("Ann", "Pay")


# --- the samples ---------------------------------------------------------------------------

PINNED = {"club-4p-advanced.mclog": [("Ben", 680, 1), ("Ann", 655, 2), ("Dan", 544, 3),
                                     ("Cleo", 527, 4)],
          "duel-2p.mclog": [("Ben", 562, 1), ("Ann", 463, 2)],
          "kitchen-table-3p.mclog": [("Ann", 759, 1), ("Ben", 547, 2), ("Cleo", 459, 3)],
          "lunch-break-2p.mclog": [("Ann", 572, 1), ("Ben", 405, 2)]}


def test_there_are_samples_of_two_three_and_four_players():
    assert [p.name for p in SAMPLES] == sorted(PINNED)
    sizes = sorted(len(mclog.read_one(p).players) for p in SAMPLES)
    assert sizes == [2, 2, 3, 4]


def test_the_hand_typed_sample_reads_as_a_player_writes():
    """``lunch-break-2p`` is typed as a player writes at the table, not as ``fmt`` writes:
    an item a line in places, several in others, commas left out, the cards' names
    capitalised, blank lines between the years.  It reads to the moves of its canonical
    text, and from Ann's seat every card of Ben's is ``?``."""
    path = ROOT / "sample_games/cartel/lunch-break-2p.mclog"
    typed = path.read_text()
    record = mclog.read_one(path)
    canonical = GAME.write(record)
    assert canonical != typed and "start Ann Ellery\nstart Ben Kestrel\n" in typed
    assert "draw Ben ? draw Ben ?" in typed and "\n\n; --- year 2\n" in typed
    again = mclog.parse_one(canonical)
    moves = [e.move for e in record.entries if isinstance(e, MoveEntry)]
    assert moves == [e.move for e in again.entries if isinstance(e, MoveEntry)]
    assert moves[:2] == [Start(0, "ellery"), Start(1, "kestrel")]   # (read lowercased)
    assert record.tags["Seat"] == "Ann"
    assert {m.company for m in moves if isinstance(m, Draw) and m.player == 1} == {None}


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_a_sample_replays_to_its_pinned_worth_with_its_checks(path):
    played = mclog.replay(mclog.read_one(path))
    assert played.complete and played.errors == []
    rows = sorted(played.scores(), key=lambda r: r.rank)
    assert [(r.name, r.total, r.rank) for r in rows] == PINNED[path.name]
    checks = [e for e in played.record.entries if type(e).__name__ == "CheckEntry"]
    assert len(checks) >= 10 and checks[-1].what == "worth"


def test_the_players_listed_under_the_board_say_what_their_areas_say():
    """On a phone the report lists the players under the board (issue 25), in words."""
    played = mclog.replay(mclog.read_one(ROOT / "sample_games/cartel/lunch-break-2p.mclog"))
    assert GAME.step_players(played, len(played)) == [
        PlayerLine("Ann · out of play", "#c0392b", "price 45 · 2 blocks · cash 207 · "
                   "profits 76 · bonds 10+10+10+40+20 · hand 0"),
        PlayerLine("Ben", "#2471a3", "price 35 · 2 blocks · cash 172 · profits 50 · "
                   "bonds 35+20+10 · hand 3")]
    first = GAME.step_players(played, 0)
    assert first[0].name == "Ann" and first[0].facts == ("price 10 · 9 blocks · cash 10 · "
                                                         "profits 0 · bonds none · hand 0")


def test_the_drawing_shows_the_cards_in_hand_the_record_knows():
    """Cleo's record of the kitchen-table game: after the deal, her three cards are named
    above the board and in her line under it, and the others' hands, which she did not
    see, are their size alone; a Cartel's last stock block is '1 block'."""
    from mclog.games.cartel.board_svg import player_lines, table_html

    played = mclog.replay(mclog.read_one(ROOT / "sample_games/cartel/kitchen-table-3p.mclog"))
    state = played.state(12)
    drawn = table_html(state)
    assert '<p class="cartel-hands" style="margin:2px 0">In hand: Cleo: Ironside, Dunmore, ' \
        "Bramble</p>" in drawn
    assert drawn.count("In hand") == 1 and "Ann:" not in drawn
    lines = GAME.step_players(played, 12)
    assert [line.facts.split(" · ")[-1] for line in lines] == \
        ["hand 3", "hand 3", "hand Ironside, Dunmore, Bramble"]
    state.cartels[1].blocks = 1
    assert "price 10 · 1 block · cash" in player_lines(state)[1].facts
    assert ">price 10 · 1 block</text>" in table_html(state)


def test_the_seat_sample_is_a_seat_view_with_unknown_cards():
    record = mclog.read_one(ROOT / "sample_games/cartel/kitchen-table-3p.mclog")
    assert record.tags["Seat"] == "Cleo"
    unseen = [e for e in record.entries if isinstance(e, MoveEntry)
              and isinstance(e.move, Draw) and e.move.company is None]
    assert len(unseen) > 20 and all(e.move.player != 2 for e in unseen)


# --- properties over random play -----------------------------------------------------------

def _conserved(state) -> int:
    """Every card is somewhere: owned, in the Pool, in a hand (known or not), in the pile,
    out of play, or bought and not paid for yet."""
    return (sum(len(c.companies) + c.hand_size for c in state.cartels) + len(state.pool)
            + state.pile + len(state.out_of_play) + len(state.buried)
            + (state.purchase is not None))


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10 ** 6), st.sampled_from(["random", "profit"]),
       st.sampled_from(["none", "repurchase,raising,defensive"]))
def test_random_play_keeps_the_rules_promises(players, seed, bots, advanced):
    text_ = GAME.simulated_text(players, seed, bots, {"advanced": advanced})
    record = mclog.parse_one(text_)
    played = mclog.replay(record)
    assert played.complete
    for state in played.replay.states():
        owned = [w for c in state.cartels for w in c.companies]
        assert len(owned) == len(set(owned))
        assert all(c.money >= 0 and len(c.companies) <= 11 for c in state.cartels)
        assert _conserved(state) == 52
        assert all(sum(p.values()) == t for p, t in
                   zip(GAME.score_parts(state), GAME.points(state)))
    prices = [[c.price for c in s.cartels] for s in played.replay.states()]
    assert all(a <= b for before, after in zip(prices, prices[1:])
               for a, b in zip(before, after))
    final = played.final
    for seat, c in enumerate(final.cartels):
        assert GAME.points(final)[seat] == c.money + sum(
            BOARD.companies[w].value for w in c.companies) + c.blocks * c.price - sum(c.repay)
    assert GAME.write(mclog.parse_one(GAME.write(record))) == text_


@settings(max_examples=12, deadline=None)
@given(st.integers(2, 4), st.integers(0, 10 ** 6))
def test_every_seat_view_validates_scores_alike_and_every_prefix_replays(players, seed):
    played = mclog.replay(mclog.parse_one(GAME.simulated_text(players, seed, "profit", {})))
    worth = [r.total for r in played.scores()]
    for seat in range(players):
        hidden = GAME.write(GAME.seat_view(played, seat))
        view = mclog.replay(mclog.parse_one(hidden))
        assert [r.total for r in view.scores()] == worth
        # every view at every step is the full record's: no hidden card moves money
        for index in range(0, len(view) + 1, 7):
            assert GAME.score_parts(view.state(index)) == \
                GAME.score_parts(played.state(index))
        lines = hidden.splitlines()
        body = lines.index("") + 1
        for cut in sorted(random.Random(seed).sample(range(body, len(lines)), 5)):
            partial = mclog.replay(mclog.parse_one("\n".join(lines[:cut]) + "\n"),
                                   strict=False)
            assert partial.errors == []


def test_a_record_may_embed_its_components_in_the_tag(tmp_path, capsys):
    from mclog.cli import main
    from mclog.record.framing import escape_tag

    data = json.loads((ROOT / "mclog/games/cartel/rules/illustrative.json").read_text())
    data["illustrative"] = False
    duel = (ROOT / "sample_games/cartel/duel-2p.mclog").read_text()
    embedded = duel.replace('[Components "illustrative"]',
                            f'[Components "{escape_tag(json.dumps(data))}"]')
    played = mclog.replay(mclog.parse_one(embedded))
    assert [r.total for r in played.scores()] == [463, 562]
    assert not played.final.board.illustrative and mclog.write(played.record) == embedded
    # a record that travels without its file is a file too: its tag line of 15,000
    # characters was refused as a line over 10,000 (a tag line may hold 1,000,000)
    carried = tmp_path / "carried.mclog"
    carried.write_text(embedded)
    assert main(["validate", str(carried)]) == 0 and main(["fmt", str(carried)]) == 0
    assert capsys.readouterr().out == f"{carried}: 1 game OK\n"
    assert carried.read_text() == embedded
    data["companies"][0]["value"] = 11
    with pytest.raises(RecordError) as caught:
        mclog.parse_one(duel.replace('[Components "illustrative"]',
                                     f'[Components "{escape_tag(json.dumps(data))}"]'))
    assert caught.value.line == 6 and "[Components] written in the tag: companies[0].value" in \
        caught.value.reason


def test_mclog_hide_writes_a_seats_record_that_validates(tmp_path, capsys):
    from mclog.cli import main

    path = ROOT / "sample_games/cartel/club-4p-advanced.mclog"
    assert main(["hide", "--seat", "Ben", str(path)]) == 0
    hidden = capsys.readouterr().out
    assert '[Seat "Ben"]' in hidden and "draw Ann ?" in hidden and "draw Ben ?" not in hidden
    (tmp_path / "ben.mclog").write_text(hidden)
    assert main(["score", str(tmp_path / "ben.mclog")]) == 0
    assert "680" in capsys.readouterr().out
    assert main(["hide", "--seat", "Zed", str(path)]) == 1
    assert "'Zed' is not a player of this game" in capsys.readouterr().err


def test_C18_a_trade_comes_before_the_turn_of_one_of_its_players():
    from mclog.games.cartel.rules.moves import Trade

    played = mclog.replay(mclog.parse_one(GAME.simulated_text(3, 4, "profit",
                                                              {"advanced": "trading"})))
    state = played.state(next(s.index for s in played.steps if s.phase == "turn") - 1)
    turn = ENGINE.decision(state).actor
    a, b = [seat for seat in range(3) if seat != turn]
    move = Trade(a, state.cartels[a].hand[0], b, state.cartels[b].hand[0])
    with pytest.raises(RuleError) as caught:
        ENGINE.play(state, move)
    assert caught.value.reason.startswith("a trade comes before the turn of one of its "
                                          f"players: it is {state.names[turn]}'s turn")


def test_a_turn_whose_comments_would_make_too_long_a_line_is_written_on_several():
    """Issue 30: the writer joins a turn's items on one line, but never past the longest
    line a record may have (10,000 characters): the record it writes reads back."""
    duel = (ROOT / "sample_games/cartel/duel-2p.mclog").read_text()
    long = duel.replace("buy Ann calder, pay Ann bond 10 cash 10, draw Ann larkspur",
                        "buy Ann calder {" + "x" * 6000 + "}\npay Ann bond 10 cash 10 {"
                        + "y" * 6000 + "}\ndraw Ann larkspur")
    record = mclog.parse_one(long)
    written = mclog.write(record)
    assert max(len(line) for line in written.splitlines()) <= 10_000
    assert mclog.parse_one(written) == record and mclog.write(mclog.parse_one(written)) == \
        written
    assert "draw Ann larkspur" in written.splitlines()[13]


@pytest.mark.parametrize("named", ["/dev/zero", "/dev/stdin", ".", "/etc/hostname"])
def test_a_components_tag_naming_no_json_file_is_refused_at_once(named):
    """A record is input like any other: a tag naming a device, a pipe, a folder or a
    file that is not JSON is refused at its line, never read for ever."""
    with pytest.raises(RecordError) as caught:
        mclog.parse_one(text("", tags=f'[Components "{named}"]\n'))
    assert caught.value.line == 3
    assert ("is not a file" in caught.value.reason or "not JSON" in caught.value.reason
            or "no component file there" in caught.value.reason)


def test_slips_a_player_makes_at_the_table_are_said_in_their_words():
    """A number without its key, a company as the table says it, a move out of turn."""
    error = refused("buy Ann calder, pay Ann 20")
    assert error.reason == ("'20' is no move of this game; after 'pay', say what it is: "
                            "'pay <player> [bond <bond>] [stock <stock>] [cash <cash>]'")
    assert (error.line, error.col) == (8, 25)
    played = play("buy Ann Calder, pay Ann stock 2")
    assert cartel(played, "Ann").companies[-1] == "calder"
    assert "buy Ann calder, pay Ann stock 2" in mclog.write(played.record)
    assert refused("buy Ann calder, draw Ann wexford").reason == \
        "Ann's draw cannot come now: next, Ann pays for calder: here the record writes " \
        "pay Ann [bond <bond>] [stock <stock>] [cash <cash>]"
    # (the bids as a table calls them out, the verb left out: the item meant)
    assert refused("offer Ann quillon\nBen 37").reason == \
        "'Ben' is a player, not a move: a move starts with its verb, then the player: did " \
        "you mean 'bid Ben 37'?"
    assert refused("offer Ann quillon, Ben 37").reason == \
        "'Ben' follows a whole 'offer' item: an item starts with its verb, then the player: " \
        "did you mean 'bid Ben 37'?"
    # (a table's word for no bid is told the record's)
    assert refused("offer Ann quillon, pass Ben").reason == \
        "Ben's pass cannot come now: next, Ben bids for quillon (or X): here the record " \
        "writes bid Ben <amount> (X for no bid)"


def test_a_refused_move_leaves_the_state_as_it_was():
    """play checks everything before it changes anything: a refused purchase after trades
    does not end the trading session, and a ? dealt when no cheap company is left unseen
    changes neither the pile nor the hand."""
    state = play("trade Ann - Ben juniper", tags='[Advanced "trading"]\n').final.copy()
    with pytest.raises(RuleError):
        ENGINE.play(state, Buy(0, "vantage"))
    with pytest.raises(RuleError, match="Ann holds 4 cards after the trades"):
        ENGINE.play(state, Buy(0, "calder"))
    dealt = play("", setup=SETUP.split("draw Ben")[0]).final.copy()
    dealt.cheap_unseen = sum(c.dealt_unseen for c in dealt.cartels)  # (none to spare)
    pile, hand = dealt.pile, dealt.cartels[1].hand_size
    with pytest.raises(RuleError, match="no \\$10 or \\$20 million company is left"):
        ENGINE.play(dealt, Draw(1, None))
    assert (dealt.pile, dealt.cartels[1].hand_size) == (pile, hand)


def test_moves_read_are_shared_by_the_records_of_one_table_only():
    """A move read once serves every record of the same players (``Verbs.moves_read``),
    and a table of other names, or the same names in other seats, reads its own; the
    tables kept are bounded."""
    from mclog.record import verbs

    def moves(players: str) -> list:
        record = mclog.parse_one(text("", players=players))
        return [e.move for e in record.entries if type(e) is MoveEntry]

    first, again = moves("Ann, Ben"), moves("Ann, Ben")
    assert first[0] == Start(0, "ardent") and all(a is b for a, b in zip(first, again))
    swapped = moves("Ben, Ann")
    assert swapped[0] == Start(1, "ardent") and swapped[1] == Start(0, "kestrel")
    kept = GAME.verbs._read
    for i in range(verbs.KEPT_TABLES + 5):
        GAME.verbs.moves_read(("Cleo", f"Dan{i}"))
    assert len(kept) == verbs.KEPT_TABLES
    assert ("Ann", "Ben") not in kept and ("Ben", "Ann") not in kept


@pytest.mark.parametrize("line, word", [
    ("start Ann ardent, start Ben kestrel\ndraw Ann fenwik\n", "fenwik"),
    ("start Ann ardent, start Ben {the Treasurer} kestrell\n", "kestrell"),
])
def test_a_company_no_board_has_is_pointed_at_where_it_is_written(line, word):
    """The board's companies are the component file's, so the rules (not the reader)
    refuse a misspelt one: the message still points at the word, not at its item's
    start (a comment before it on the line too)."""
    error = refused("", setup=line)
    row = text("", setup=line).splitlines()[error.line - 1]
    assert error.reason == (f"'{word}' is no company of this board (illustrative): did you "
                            f"mean {word[:-1] if word.endswith('ll') else 'fenwick'}?")
    assert error.col == row.index(word) + 1, (error, row)


def test_a_move_out_of_its_place_is_named_with_its_article():
    """"a unused Cartel's card cannot come now" read wrong: a kind that begins with a
    vowel takes "an"."""
    assert refused("buy Ann calder, pay Ann bond 10 cash 10, draw Ann larkspur\n"
                   "dummy upland").reason == \
        "an unused Cartel's card cannot come now: next, Ben buys from the hand, offers a " \
        "Pool company, or passes: here the record writes buy Ben <company>, or offer Ben " \
        "<company>, or pass Ben [borrow <borrow>]; a company is its word in the component file"


def test_a_game_in_progress_counts_its_moves_in_words():
    one = GAME.replay(mclog.parse_one('[Game "Cartel"]\n[Players "Ann, Ben"]\n\n'
                                      "start Ann driftwood\n"))
    assert GAME.final_text(one).startswith("In progress after 1 move; worth: ")
    assert GAME.final_text(play("")).startswith(f"In progress after {len(play(''))} moves; ")


def test_the_recorders_hint_names_who_decides_and_what_a_company_is_only_where_asked():
    """What the recorder says to type where it lists no answer: the verbs' forms with the
    deciding player named (``bid Cleo <amount>``), and the word about companies only where
    a form names one (it followed a bid too)."""
    text = (DOCS_EXAMPLE.split("offer Ben redwood")[0] + "offer Ben redwood\n")
    played = GAME.replay(mclog.parse_one(text))
    assert GAME.answer_hint(played) == "bid Cleo <amount> (X for no bid)"
    played = GAME.replay(mclog.parse_one(DOCS_EXAMPLE.split("draw Ben ?, draw Ben ?")[0]))
    assert GAME.answer_hint(played) == ("draw Ben <company> (? for a card you did not see); "
                                        "a company is its word in the component file")
    played = GAME.replay(mclog.parse_one(DOCS_EXAMPLE.split("buy Ann cobalt")[0]))
    assert GAME.answer_hint(played) == (
        "buy Ann <company>, or offer Ann <company>, or pass Ann [borrow <borrow>]; a company "
        "is its word in the component file")


DOCS_EXAMPLE = (Path(__file__).parent.parent / "docs" / "cartel" / "format.md").read_text(
    encoding="utf-8").split("```")[1].lstrip("\n")


@pytest.mark.parametrize("field, value, said", [
    ("company", "Dunmore", '.company: "Dunmore" is not a company\'s word (lowercase: '
                           '"dunmore")'),
    ("amount", "22", '.amount: "22" is not a number from 1 to 1000000'),
    ("move", "Strt", 'repurchase, keep): did you mean "start"?'),
])
def test_a_json_records_wrong_value_is_said_with_what_it_should_be(field, value, said):
    """A JSON record edited by hand: a company in capitals is told its word, a number
    in quotes the numbers its field takes."""
    import json

    from mclog.record.json_form import JsonRecordError

    data = mclog.to_json(mclog.read_one("sample_games/cartel/duel-2p.mclog"))
    next(e for e in data["entries"] if field in e)[field] = value
    with pytest.raises(JsonRecordError) as refused:
        GAME.records_from_json(json.dumps(data).encode("utf-8"), "game.json")
    assert str(refused.value).endswith(said), str(refused.value)


def test_a_json_move_the_rules_refuse_is_said_at_the_field_they_refuse():
    """A company the board does not have passes the form's check, and the rules refuse it:
    the message names the entry and its field, as a text's names the word."""
    import json

    from mclog.record.json_form import JsonRecordError

    data = mclog.to_json(mclog.read_one("sample_games/cartel/duel-2p.mclog"))
    at = next(i for i, e in enumerate(data["entries"]) if e.get("move") == "buy")
    data["entries"][at]["company"] = "zzz"
    with pytest.raises(JsonRecordError) as refused:
        GAME.records_from_json(json.dumps(data).encode("utf-8"), "game.json")
    assert str(refused.value) == (f"game.json: entries[{at}].company: 'zzz' is no company "
                                  "of this board (illustrative) (Equipment)")


def test_an_advanced_rule_misspelt_is_told_the_rule_meant():
    caught = refused("", tags='[Advanced "repurchase, raisng"]\n')
    assert caught.reason == ("[Advanced] 'raisng' is no Advanced Cartel rule (they are "
                                   "repurchase, raising, defensive, trading): did you mean "
                                   "raising?")


@pytest.mark.parametrize("written,apart", [
    ("defensive raising repurchase", "defensive, raising, repurchase"),
    ("repurchase; trading", "repurchase, trading"),
    ("stock repurchase raising", "repurchase, raising")])
def test_advanced_rules_set_apart_otherwise_than_by_commas_are_told_so(written, apart):
    """``[Advanced "defensive raising"]`` was told "is no Advanced Cartel rule: did you
    mean defensive?", as if one rule were misspelt."""
    caught = refused("", tags=f'[Advanced "{written}"]\n')
    assert caught.reason == f"[Advanced] '{written}': commas set the rules apart ('{apart}')"


@pytest.mark.parametrize("written, read", [("check prices Ann 10 Ben 10", "price"),
                                           ("check profit Ann 7 Ben 4", "profits"),
                                           ("check Scores Ann 112 Ben 109", "score")])
def test_a_check_said_as_a_table_says_it_reads_as_the_check(written, read):
    """``check prices`` (as a table says it) is read as ``check price``, and so on; the
    canonical form writes the check's own word."""
    text = Path("sample_games/cartel/duel-2p.mclog").read_text(encoding="utf-8")
    text = text.replace("check price Ann 10 Ben 10", written, 1)
    record = mclog.parse_one(text)
    played = GAME.replay(record)
    checks = [e for e in record.entries if hasattr(e, "what")]
    assert checks[0].what == read and played.errors == []
    assert f"check {read} Ann" in GAME.write(record, played).split("\n")[15]


def test_a_verb_said_otherwise_after_a_payment_is_told_the_verb():
    """After an item with optional keys (``pay``), a word a slip away from a verb was told
    to be no key of the payment ("say what it is"); it is told the verb meant."""
    text = Path("sample_games/cartel/duel-2p.mclog").read_text(encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        mclog.replay(mclog.parse_one(text.replace("draw Ann larkspur", "draws Ann larkspur")))
    assert refused.value.reason.startswith(
        "'draws' is no move of this game: did you mean 'draw'? a move starts with 'start', ")


def test_a_sum_written_in_words_is_told_in_figures():
    text = Path("sample_games/cartel/duel-2p.mclog").read_text(encoding="utf-8")
    with pytest.raises(RecordError) as refused:
        mclog.replay(mclog.parse_one(text.replace("pay Ann bond 10 cash 10",
                                                  "pay Ann bond ten cash 10")))
    assert refused.value.reason == ("'ten' cannot be the bond: a number from 1 to 1000000 (a "
                                    "number is written in figures: '10')")
