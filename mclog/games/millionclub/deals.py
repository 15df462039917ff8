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
its weight.  A walk starts from a deal the exact solver finds (``mclog.unknowns``), runs
``BURN_IN`` sweeps, then keeps ``POOL`` deals a sweep apart; a rollout takes one of them at
random and walks one more sweep with its own random numbers, so it is the same for a seed
on any process.  ``tests/test_deals.py`` checks the frequencies against an exact
enumeration of small cases (chi-square).
"""

from __future__ import annotations

import math
import random
from collections import Counter
from typing import TYPE_CHECKING

from mclog.unknowns import Problem, TooHard, _Constraint
from .rules.cards import is_handle

if TYPE_CHECKING:
    from .replayer import DealHistory

#: Sweeps of the chain before its first deal is kept.
BURN_IN = 30
#: Deals kept per position, a sweep apart; a rollout starts from one of them...
POOL = 128
#: ...and walks this many sweeps on with its own random numbers.
SWEEPS = 2


class _Deal:
    """One deal: every card's kind and every re-labelled place's order, with each handle's
    kind worked out from them."""

    __slots__ = ("kind", "order", "source_of", "next_of")

    def __init__(self, kind: dict, order: list[list[int]], source_of: dict,
                 next_of: dict) -> None:
        self.kind = kind            # handle -> its kind, for every handle
        self.order = order          # relabel r: new[j] holds old[order[r][j]]
        self.source_of = source_of  # new handle -> the old item it holds
        self.next_of = next_of      # old handle -> the new handle holding it

    def copy(self) -> "_Deal":
        return _Deal(dict(self.kind), [list(o) for o in self.order], dict(self.source_of),
                     dict(self.next_of))


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
        self.decks = deck_of
        #: Each card off a deck that weighs a deal: (its kind or handle, counts, out).
        self.terms = [(e.card, dict(e.counts), e.out) for e in draws
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
        self.rng = random.Random(seed)
        deal = self._first(problem, variables, problem.constraints[:count], caps)
        for _ in range(BURN_IN):
            self._sweep(deal, self.rng)
        self.pool = []
        for _ in range(POOL):
            self._sweep(deal, self.rng)
            self.pool.append(deal.copy())

    # --- what a rollout asks -------------------------------------------------------------

    def draw(self, rng: random.Random) -> dict[str, str]:
        """A deal for one rollout, as each unknown card of the position's kind."""
        if not self.handles:
            return {}
        deal = self.pool[rng.randrange(len(self.pool))].copy()
        for _ in range(SWEEPS):
            self._sweep(deal, rng)
        return {h: deal.kind[h] for h in self.handles}

    # --- the chain -----------------------------------------------------------------------

    def _index(self) -> None:
        """Which checks and which weighing terms each handle takes part in."""
        self.checks_of: dict[str, list[int]] = {}
        for i, check in enumerate(self.checks):
            for h in set(check[1]):
                self.checks_of.setdefault(h, []).append(i)
        self.terms_of: dict[str, list[int]] = {}
        for i, (card, _, out) in enumerate(self.terms):
            for h in {card, *out}:
                if is_handle(h):
                    self.terms_of.setdefault(h, []).append(i)
        self.places = [r for r, e in enumerate(self.relabels) if len(e.new) > 1]
        by_deck: dict[str, list[str]] = {}
        for c in self.cards:
            by_deck.setdefault(self.decks[c], []).append(c)
        self.by_deck = [cards for cards in by_deck.values() if len(cards) > 1]

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
        order, source_of, next_of = [], {}, {}
        for e in self.relabels:
            # (the solver's kinds of the new handles are the old cards' in some order: the
            # first old card of each kind goes to the first new handle of that kind)
            free = list(range(len(e.old)))
            row = []
            for h in e.new:
                want = found.get(variables.get(h))
                j = next((j for j in free if _kind(e.old[j], kind) == want), free[0])
                free.remove(j)
                row.append(j)
                kind[h] = _kind(e.old[j], kind)
                source_of[h] = e.old[j]
                if is_handle(e.old[j]):
                    next_of[e.old[j]] = h
            order.append(row)
        deal = _Deal(kind, order, source_of, next_of)
        if not all(self._holds(i, deal.kind) for i in range(len(self.checks))):
            raise ValueError("the deal found does not hold the record's constraints")
        return deal

    def _sweep(self, deal: _Deal, rng: random.Random) -> None:
        """As many proposed changes as the deal has cards and places (each kept or not by
        Metropolis's rule)."""
        for card in self.cards:
            options = self.kinds[card]
            new = options[rng.randrange(len(options))]
            if new != deal.kind[card]:
                self._try(deal, rng, {card: new}, None)
        for cards in self.by_deck:
            for _ in range(len(cards)):
                a, b = rng.sample(cards, 2)
                if deal.kind[a] != deal.kind[b]:
                    self._try(deal, rng, {a: deal.kind[b], b: deal.kind[a]}, None)
        for r in self.places:
            size = len(self.relabels[r].new)
            for _ in range(size - 1):
                # (i may be j: a walk that could only swap would keep the order's parity
                # from sweep to sweep, and never reach half of the orders)
                i, j = rng.randrange(size), rng.randrange(size)
                if i != j:
                    self._try(deal, rng, {}, (r, i, j))

    def _try(self, deal: _Deal, rng: random.Random, recolour: dict, swap) -> None:
        """Propose new kinds for some cards, or two handles of a place swapped; keep the
        change with probability min(1, weight after / weight before) if every check
        holds after it."""
        changed: dict[str, str] = {}
        for card, new in recolour.items():
            self._follow(deal, card, new, changed)
        if swap is not None:
            r, i, j = swap
            e = self.relabels[r]
            a, b = e.new[i], e.new[j]
            ka, kb = deal.kind[a], deal.kind[b]
            if ka != kb:
                self._follow(deal, a, kb, changed)
                self._follow(deal, b, ka, changed)
        if not changed and swap is None:
            return
        trial = {**deal.kind, **changed} if changed else deal.kind
        checks = {i for h in changed for i in self.checks_of.get(h, ())}
        if not all(self._holds(i, trial) for i in checks):
            return
        terms = {i for h in changed for i in self.terms_of.get(h, ())}
        before = [self._term(i, deal.kind) for i in terms]
        after = [self._term(i, trial) for i in terms]
        if min(after, default=1) <= 0:
            return
        if min(before, default=1) > 0:
            ratio = math.prod(after) / math.prod(before)
            if ratio < 1 and rng.random() >= ratio:
                return
        deal.kind.update(changed)
        if swap is not None:
            self._swap(deal, *swap)

    def _follow(self, deal: _Deal, handle: str, kind: str, changed: dict) -> None:
        """``handle`` and every later handle holding the same card become ``kind``."""
        while handle is not None:
            changed[handle] = kind
            handle = deal.next_of.get(handle)

    def _swap(self, deal: _Deal, r: int, i: int, j: int) -> None:
        e, row = self.relabels[r], deal.order[r]
        row[i], row[j] = row[j], row[i]
        for k in (i, j):
            h, item = e.new[k], e.old[row[k]]
            deal.source_of[h] = item
            if is_handle(item):
                deal.next_of[item] = h

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
        card, counts, out = self.terms[i]
        k = kind[card] if is_handle(card) else card
        return counts.get(k, 0) - sum(1 for h in out if kind[h] == k)


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
