"""The cards a seat did not see, drawn in proportion to how likely each deal was.

A review rolls a game out from a position (``mclog.review``).  From a seat's record the
position holds unknown cards (``?``, followed as handles: ``rules/unknown.py``), and a
rollout must name them first.  Naming them among the deals the record allows is not
enough: each such deal must come up as often as it would have at the table.

**What a deal is.**  Every card drawn unseen is a *card* whose kind is not known.  A place
re-labelled when someone took a ``?`` from it (``Relabelled``) holds the same cards in an
unknown order: a *permutation* of its old cards onto its new handles.  A deal names the
kind of every card and the order of every re-labelled place.  The record allows it when
every constraint the record put on the unknown cards **up to the step** holds (a card
named by a later move, a later reveal or a later ``check score`` is not known yet at the
step, so a rollout does not know it either), and at most as many cards of a kind are out
of each deck as it holds.

**How likely a deal is.**  The deck is shuffled: each card off a deck (``OffDeck``, a card
seen or unseen) is a given kind with the chance *that kind's cards still in the deck / the
cards in the deck*.  Which kinds are still in the deck depends on the unknown cards out of
it at that moment, so a deal's weight is the product, over every card off a deck while
unknown cards were out (and every unseen one), of the cards of its kind left then; the
deck's size is the same in every deal.  A card a player took unseen, by choice, from a
place (a ``?`` set aside, bought or given away) is counted as any of the place's cards
alike: the record gives no reason to prefer one, so every order of a re-labelled place
weighs the same.  A ``Pick`` from a deck is weighed as a draw, for the same reason.

**How it is drawn.**  Counting the deals exactly is out of reach (a 6-player seat's record
holds a hundred unknown cards), so a Markov chain walks among them: it changes one
card's kind, swaps the kinds of two cards, or swaps two cards of a re-labelled place, and
keeps each change with Metropolis's rule, which makes each deal come up in proportion to
its weight (after a table's ``check score``, changes made together too: ``_sweep``).  A
walk starts from a deal the exact solver finds (``mclog.unknowns``), runs ``BURN_IN``
sweeps, then keeps ``POOL`` deals a sweep apart; a rollout takes one of them at random and
walks ``SWEEPS`` more with its own random numbers, so it is the same for a seed on any
process.  ``tests/test_deals.py`` checks the frequencies against an exact enumeration of
small cases (chi-square).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable
from typing import TYPE_CHECKING

from mclog.unknowns import Problem, TooHard, _Constraint
from .rules.cards import is_handle

if TYPE_CHECKING:
    from .replayed import DealHistory

#: Sweeps of the chain before its first deal is kept.
BURN_IN = 30
#: Deals kept per position, a sweep apart; a rollout starts from one of them...
POOL = 256
#: ...and walks this many sweeps on with its own random numbers.
SWEEPS = 3


class _Deal:
    """One deal: every card's kind and every re-labelled place's order, with each handle's
    kind worked out from them."""

    __slots__ = ("kind", "order", "next_of")

    def __init__(self, kind: dict, order: list[list[int]], next_of: dict) -> None:
        self.kind = kind          # handle -> its kind, for every handle
        self.order = order        # relabel r: new[j] holds old[order[r][j]]
        self.next_of = next_of    # old handle -> the new handle holding it

    def copy(self) -> "_Deal":
        return _Deal(dict(self.kind), [list(o) for o in self.order], dict(self.next_of))


class Deals:
    """The deals a seat's record allows after ``step`` moves, and a walk among them.

    ``state`` is the position as the record's seat knew it (no later move's hindsight);
    ``handles`` the unknown cards in it; ``draw(rng)`` names them for a rollout
    (``{handle: kind}``).
    """

    def __init__(self, problem: Problem, variables: dict[str, int], history: "DealHistory",
                 step: int, state, seed: int = 0) -> None:
        self.state = state
        self.handles = sorted(_handles_in(state))
        if not self.handles:
            return
        draws = [e for s, e in history.draws if s <= step]
        self.relabels = [e for s, e in history.relabels if s <= step]
        #: The cards drawn unseen (the deal's free kinds), each with the kinds it can be.
        self.cards = [e.card for e in draws if is_handle(e.card)]
        self.kinds = {e.card: tuple(k for k, _ in e.counts) for e in draws
                      if is_handle(e.card)}
        deck_of = {e.card: e.deck for e in draws if is_handle(e.card)}
        deck_of.update((h, e.deck) for e in self.relabels for h in e.new)
        self.deck_of = deck_of
        #: Each card off a deck that weighs a deal: (its kind or handle, counts, out).
        self.terms = [(e.card, is_handle(e.card), dict(e.counts), e.out) for e in draws
                      if e.out or is_handle(e.card)]
        count = sum(1 for s in history.constraint_steps if s <= step)
        name = {x: h for h, x in variables.items()}
        #: R1 at the step itself: no more cards of a kind out of a deck than it holds.
        caps = []
        for deck, held in state.decks.items():
            out = tuple(h for h in self.handles if deck_of.get(h) == deck)
            if out:
                caps.append(("at_most", out, dict(held)))
        self.checks = [_check(c, name) for c in problem.constraints[:count]
                       if not (c.kind == "same" and c.right)] + caps  # (an order holds
        self._index()                                                  # the "same" ones)
        rng = random.Random(seed)
        deal = self._first(problem, variables, problem.constraints[:count], caps)
        for _ in range(BURN_IN):
            self._sweep(deal, rng)
        self.drawn: dict[int, dict[str, str]] = {}
        self.pool = []
        for _ in range(POOL):
            self._sweep(deal, rng)
            self.pool.append(deal.copy())

    # --- what a rollout asks -------------------------------------------------------------

    def draw(self, rng: random.Random) -> dict[str, str]:
        """A deal for one rollout, as each unknown card of the position's kind: the same
        for the same random numbers (kept: every option of a decision is rolled out with
        the same ones, common random numbers)."""
        if not self.handles:
            return {}
        key = hash(rng.getstate())   # (64 bits: two states of 4,096 kept meet once in 10^12)
        if key not in self.drawn:
            deal = self.pool[rng.randrange(len(self.pool))].copy()
            for _ in range(SWEEPS):
                self._sweep(deal, rng)
            if len(self.drawn) >= 4096:
                self.drawn.clear()
            self.drawn[key] = {h: deal.kind[h] for h in self.handles}
        return dict(self.drawn[key])

    # --- the chain -----------------------------------------------------------------------

    def _index(self) -> None:
        """Which checks and which weighing terms each handle takes part in."""
        self.checks_of: dict[str, list[int]] = {}
        for i, check in enumerate(self.checks):
            for h in set(check[1]):
                self.checks_of.setdefault(h, []).append(i)
        self.terms_of: dict[str, list[int]] = {}
        for i, (card, _, _, out) in enumerate(self.terms):
            for h in {card, *out}:
                if is_handle(h):
                    self.terms_of.setdefault(h, []).append(i)
        self.places = [r for r, e in enumerate(self.relabels) if len(e.new) > 1]
        by_deck: dict[str, list[str]] = {}
        for c in self.cards:
            by_deck.setdefault(self.deck_of[c], []).append(c)
        self.by_deck = [cards for cards in by_deck.values() if len(cards) > 1]
        #: How many changes a sweep proposes: a change of kind a card, a swap of two
        #: cards' kinds a card of a deck with two or more, a swap in a place a handle.
        self.pairs = sum(len(cards) for cards in self.by_deck)
        self.moves = len(self.cards) + self.pairs + sum(len(self.relabels[r].new)
                                                          for r in self.places)
        #: Whether the table counted a score the unknown cards make (``check score``):
        #: then changes are also proposed together (``_sweep``), at a cost.
        self.counted = any(check[0] == "rule" for check in self.checks)

    def _first(self, problem: Problem, variables: dict, constraints: list, caps: list):
        """A deal the exact solver allows (the walk's start)."""
        start = Problem()
        start.domains = problem.domains
        start.constraints = list(constraints) + [
            _Constraint("at_most", tuple(variables[h] for h in out), known=held)
            for _, out, held in caps]
        try:
            found = start.solve()
        except TooHard:
            found = None
        if found is None:
            raise ValueError("no deal of the unknown cards fits the record up to this step")
        kind = {h: found.get(variables[h], self.kinds[h][0]) for h in self.cards}
        order, next_of = [], {}
        for e in self.relabels:
            # (the solver's kinds of the new handles are the old cards' in some order: the
            # first old card of each kind goes to the first new handle of that kind)
            free = list(range(len(e.old)))
            row = []
            for h in e.new:
                want = found.get(variables.get(h, -1))   # (-1: no variable, no kind)
                j = next((j for j in free if _kind(e.old[j], kind) == want), free[0])
                free.remove(j)
                row.append(j)
                kind[h] = _kind(e.old[j], kind)
                if is_handle(e.old[j]):
                    next_of[e.old[j]] = h
            order.append(row)
        deal = _Deal(kind, order, next_of)
        if not all(self._holds(i, deal.kind) for i in range(len(self.checks))):
            raise ValueError("the deal found does not hold the record's constraints")
        return deal

    def _sweep(self, deal: _Deal, rng: random.Random) -> None:
        """As many proposals as the deal has cards and places' handles, one change at a
        time, each kept or not by Metropolis's rule.  Where the table counted a score
        (``check score``), as many again of two changes together, of three, and of an
        exchange (``_exchange``): a count can hold two players' cards so tight that only
        changes made together keep it, a card for another and the order of a place."""
        size = self.moves
        for together in (1, 2, 3) if self.counted else (1,):
            for _ in range(size):
                self._try(deal, rng, [self._move(rng) for _ in range(together)])
        if self.counted and self.places and self.by_deck:
            for _ in range(size):
                self._exchange(deal, rng)

    def _exchange(self, deal: _Deal, rng: random.Random) -> None:
        """Two cards' kinds swapped, and in a place two handles of those kinds swapped too:
        what keeps two players' colonies as the table counted them when one holds a card
        the other's place passed on (two changes that, made one at a time, each break the
        count).  The handles are drawn among those of the two kinds, so the change is
        proposed as often as its undoing only in proportion to how many there are before
        and after: Hastings's factor puts that right."""
        cards = self.by_deck[rng.randrange(len(self.by_deck))]
        a, b = rng.sample(cards, 2)
        r = self.places[rng.randrange(len(self.places))]
        ka, kb = deal.kind[a], deal.kind[b]
        xs, ys = self._of_kinds(deal, r, ka, kb)
        if ka == kb or not xs or not ys:
            return
        i, j = xs[rng.randrange(len(xs))], ys[rng.randrange(len(ys))]

        def undoing_odds() -> float:   # (after the change: how the undoing is drawn)
            xs_after, ys_after = self._of_kinds(deal, r, deal.kind[a], deal.kind[b])
            if not xs_after or not ys_after:
                return 0.0
            return len(xs) * len(ys) / (len(xs_after) * len(ys_after))

        self._try(deal, rng, [("cards", a, b), ("order", r, i, j)], undoing_odds)

    def _of_kinds(self, deal: _Deal, r: int, ka: str, kb: str) -> tuple[list, list]:
        """The positions in place ``r`` whose handles are a ``ka``, and those a ``kb``."""
        new = self.relabels[r].new
        return ([k for k, h in enumerate(new) if deal.kind[h] == ka],
                [k for k, h in enumerate(new) if deal.kind[h] == kb])

    def _move(self, rng: random.Random) -> tuple:
        """One change, drawn without a look at the deal (so that each is proposed as often
        as the one that undoes it, as Metropolis's rule asks): a card's kind, any of its
        deck's (perhaps its own); two cards' kinds swapped; two handles of a place swapped
        (perhaps a handle with itself: a walk that could only swap would keep the order's
        parity, and never reach half of the orders)."""
        pick = rng.randrange(self.moves)
        if pick < len(self.cards):
            card = self.cards[pick]
            options = self.kinds[card]
            return ("kind", card, options[rng.randrange(len(options))])
        pick -= len(self.cards)
        if pick < self.pairs:
            cards = self.by_deck[rng.randrange(len(self.by_deck))]
            return ("cards", *rng.sample(cards, 2))
        r = self.places[rng.randrange(len(self.places))]
        size = len(self.relabels[r].new)
        return ("order", r, rng.randrange(size), rng.randrange(size))

    def _try(self, deal: _Deal, rng: random.Random, moves: list[tuple],
             hastings: Callable[[], float] | None = None) -> None:
        """Make ``moves`` on the deal; keep them with probability min(1, weight after /
        weight before, times ``hastings()`` where the change is proposed more or less often
        than its undoing) if every check still holds, else take them back."""
        was: dict[str, str] = {}   # each handle changed: its kind before
        for move in moves:
            if move[0] == "kind":
                self._follow(deal, move[1], move[2], was)
            elif move[0] == "cards":
                a, b = move[1], move[2]
                ka, kb = deal.kind[a], deal.kind[b]
                self._follow(deal, a, kb, was)
                self._follow(deal, b, ka, was)
            else:
                _, r, i, j = move
                self._swap(deal, r, i, j, was)
        kinds = deal.kind
        now = {h: kinds[h] for h, k in was.items() if kinds[h] != k}
        if not now:
            return   # (an order changed with no kind: it weighs the same, and holds)
        if all(self._holds(i, kinds) for i in
               {i for h in now for i in self.checks_of.get(h, ())}):
            terms = {i for h in now for i in self.terms_of.get(h, ())}
            after = [self._term(i, kinds) for i in terms]
            odds = hastings() if hastings is not None else 1.0
            kinds.update(was)   # (the deal as it was, to weigh it)
            if min(after, default=1) > 0:
                before = [self._term(i, kinds) for i in terms]
                ratio = math.prod(after) / math.prod(before) * odds \
                    if min(before, default=1) > 0 else 1.0   # (from a deal the decks
                if ratio >= 1 or (ratio > 0 and rng.random() < ratio):   # could not give)
                    kinds.update(now)
                    return
        kinds.update(was)
        for move in reversed(moves):   # (taken back: the orders too)
            if move[0] == "order":
                _, r, i, j = move
                self._swap(deal, r, i, j, None)

    def _follow(self, deal: _Deal, handle: str, kind: str, was: dict) -> None:
        """``handle`` and every later handle holding the same card become ``kind``."""
        following: str | None = handle
        while following is not None:
            was.setdefault(following, deal.kind[following])
            deal.kind[following] = kind
            following = deal.next_of.get(following)

    def _swap(self, deal: _Deal, r: int, i: int, j: int, was: dict | None) -> None:
        """Handles ``i`` and ``j`` of place ``r`` hold each other's cards; with ``was``,
        their kinds (and the later handles holding them) follow."""
        if i == j:
            return
        e, row = self.relabels[r], deal.order[r]
        row[i], row[j] = row[j], row[i]
        for k in (i, j):
            h, item = e.new[k], e.old[row[k]]
            if is_handle(item):
                deal.next_of[item] = h
        if was is not None:
            for k in (i, j):
                item = e.old[row[k]]
                self._follow(deal, e.new[k], _kind(item, deal.kind), was)

    def _holds(self, i: int, kind: dict) -> bool:
        check = self.checks[i]
        what, handles = check[0], check[1]
        if what == "fix":
            return kind[handles[0]] == check[2]
        if what == "at_most":
            counts = Counter(kind[h] for h in handles)
            caps = check[2]
            return all(n <= caps.get(k, 0) for k, n in counts.items())
        if what == "exactly":
            return Counter(kind[h] for h in handles) == check[2]
        return check[2].holds(tuple(kind[h] for h in handles))

    def _term(self, i: int, kind: dict) -> int:
        """The cards of the kind that came off the deck still in it then."""
        card, unseen, counts, out = self.terms[i]
        k = kind[card] if unseen else card
        left = counts.get(k, 0)
        for h in out:
            if kind[h] == k:
                left -= 1
        return left


def _check(c: _Constraint, name: dict) -> tuple:
    """A record's constraint as the walk checks it, on handles."""
    handles = tuple(name[x] for x in c.left)
    if c.kind == "fix":
        return ("fix", handles, next(iter(c.known)))
    if c.kind == "at_most":
        return ("at_most", handles, dict(c.known))
    if c.kind == "same":
        return ("exactly", handles, Counter({k: n for k, n in c.known.items() if n}))
    return ("rule", handles, c.rule)


def _kind(item: str, kind: dict) -> str:
    return kind[item] if is_handle(item) else item


def _handles_in(state) -> set[str]:
    """The unknown cards of a position: in the hand, set aside, among colonies."""
    found = {c for c in state.hand if is_handle(c)}
    for pile in (*state.set_aside.values(), *state.colonies):
        found.update(c for c, n in pile.items() if n and is_handle(c))
    return found
