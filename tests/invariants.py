"""Invariants checked after every move of every simulated game in the suite (issue 6).

The money ledger re-derives, from the rules and independently of the engine's
code, how each move may change each player's money: the bank is the only
other party, and every change has a rule behind it.
"""

from __future__ import annotations

from collections import Counter

from mclog.games.millionclub.rules import (
    Buy, BuyContract, Choose, Draw, MovePawn, Pick, Place, Takeover, Turn,
)
from mclog.games.millionclub.rules.board import unavailable_disc
from mclog.games.millionclub.rules.cards import DECK_TOTALS, DEPENDS_ON, INDUSTRY_TYPES

ALL_TOTALS = {card: n for totals in DECK_TOTALS.values() for card, n in totals.items()}
PRICE = {3: 2, 5: 4}


def card_totals(s) -> dict[str, int]:
    counts = dict.fromkeys(ALL_TOTALS, 0)
    for pile in (*s.decks.values(), *s.set_aside.values()):
        for card, n in pile.items():
            counts[card] += n
    for card in s.hand:
        counts[card] += 1
    for cards in s.industries:
        for card in cards:
            counts[card.kind] += 1
    for held in s.colonies:
        for continent, n in held.items():
            counts[continent] += n
    return counts


def check_state(s) -> None:
    for m in s.money:
        assert type(m) is int and m >= 0, s.money
    assert card_totals(s) == ALL_TOTALS
    for kind in INDUSTRY_TYPES:
        assert s.prices[kind] == sum(c.value for cards in s.industries for c in cards
                                     if c.kind == kind)
    for disc, holder in s.privileges.items():  # each privilege to at most one player (R10)
        if holder is not None and disc != 1:  # (the Lobbyist may since have moved a pawn)
            counts = Counter(seat for seat, _ in s.pawns[disc])
            assert all(counts[holder] > n for seat, n in counts.items() if seat != holder)


def expected_money(before, move, after) -> list[int]:
    """Each player's money after ``move``, by the rules, from ``before`` alone."""
    money = list(before.money)
    d = before.decision
    p = move.player
    if isinstance(move, Buy):
        money[p] -= PRICE[d.disc]
    elif isinstance(move, Turn) and move.action == "capital":
        money[p] += move.industry.value
    elif isinstance(move, Takeover):
        money[p] -= 3 * move.industry.value
        money[move.owner] += 3 * move.industry.value
    elif isinstance(move, BuyContract):
        money[p] -= 3
        money[d.target] += 3
    card = move.card if isinstance(move, Choose) else (
        move.card if isinstance(move, (Draw, Pick)) and d.dest == "machiavelli" else None)
    actor = p if isinstance(move, Choose) else d.recipient
    if card == "racket":
        money[actor] += 3
        for other in range(len(money)):
            if other != actor:
                money[other] -= min(3, money[other])
    elif card == "capitalisation":
        money[actor] += 6
    # the Stock Exchange is settled when the game passes through disc IV after this move
    pawns = list(before.pawns[4])
    if isinstance(move, (Place, MovePawn)) and move.disc == 4:
        pawns.append((p, move.sector))
    before_iv = before.phase == "placement" or (before.phase == "resolve"
                                                 and before.resolving < 4)
    past_iv = after.round != before.round or after.phase in ("round end", "game over") or (
        after.phase == "resolve" and after.resolving >= 4)
    settled = pawns and unavailable_disc(before.round) != 4 and before_iv and past_iv
    if settled:
        totals: dict[int, int] = {}
        for seat, sector in pawns:
            totals[seat] = totals.get(seat, 0) + (after.prices[sector]
                                                  - after.prices[DEPENDS_ON[sector]])
        for seat, amount in totals.items():
            money[seat] = max(0, money[seat] + amount)
    return money


def check_move(before, move, after) -> None:
    check_state(after)
    assert after.money == expected_money(before, move, after), (move, before.money, after.money)
