"""Replay a recorded game of Million Club through the rules engine.

Every move is checked by the engine; besides, the replayer checks what the
recorder wrote that the rules can work out: the round lines, the line labels
(a ``colonies`` line holds Colonies moves), who drew a card, the
checkpoints, and the end-of-game reveal.  The first mistake stops the replay
with a ``RecordError`` at its line and column; in lenient mode checkpoint
mismatches are collected and the replay goes on (an illegal move still stops
the game: what follows it cannot be known without guessing).

Unknown cards (``?``) are followed by the engine as handles (``unknown.py``),
moves are played exactly as recorded, and what the record tells of the unknown
cards (a card named later, a reveal, how many cards of a kind exist) becomes a
constraint problem (``mclog.unknowns``).  The record fits if some identities of
its ``?`` cards meet every constraint; a card is shown as known only when every
such assignment agrees on it, never by a guess.

What the replay makes, the replayed game that every view reads (its states, its scores,
what it settles of the unknown cards), is ``replayed.py``'s ``GameReplay``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from typing import Any, Final, cast

from mclog.errors import RecordError, RuleError
from mclog.unknowns import SAT_SECONDS, Problem, Rule, TooHard
from mclog.replay import Replay
from .rules.board import COLONIES, DISC_NAMES, INDUSTRIES, INTRIGUE, LOBBY, ROMAN, STOCK
from .rules.cards import CONTINENTS, DECK_NAMES, DECK_TOTALS, INDUSTRY_NAMES, article, card_name
from .rules.decks import hand_of
from .rules.flow import describe_decision, legal_moves, play
from .rules.moves import (
    CapitalIncrease, Choose, Draw, Dump, Lower, Move, MovePawn, Pass, Place, Raise, Takeover,
    Target, Turn,
)
from .notation.record import (
    CheckEntry, CommentEntry, Entry, GameRecord, Marker, MoveEntry, RevealEntry,
)
from .redundant import not_asked
from .replayed import DealHistory, GameReplay, MoveFacts, move_facts, step_maker
from .rules.score_range import ColonyScoring, exact_ranges, totals_rule
from .rules.setup import new_game
from .rules.state import State, Table
from .notation.text import item_words, move_text
from .notation.verbs import card_text
from .rules.unknown import (
    Drawn, Identified, OffDeck, OutOfDeck, Relabelled, Taken, is_handle, out_handles,
)
from .notation.vocabulary import SHORT

DISC_LABEL: Final = {INTRIGUE: "intrigue", COLONIES: "colonies", INDUSTRIES: "industries"}
#: Moves that name an industry, with each industry field and the field of its owner.
_NAMES_INDUSTRY: Final = {
    Turn: (("industry", "player"),), Raise: (("industry", "player"),),
    CapitalIncrease: (("industry", "player"),), Takeover: (("industry", "owner"),),
    Lower: (("industry", "owner"),), Dump: (("give", "player"), ("take", "owner")),
}


def phase_label(state: State) -> str:
    """The label of the line a move belongs to, worked out from the state before it.

    On Intrigue, Colonies and Industries the moves after the draft are the
    privilege's: they start once the privilege step has named a holder (the disc's
    entry in ``state.privileges`` is ``None`` until then; with no holder, the disc
    has no more moves).
    """
    phase = state.phase
    if phase == "resolve":
        disc = state.resolving
        if disc == LOBBY:
            d = state.decision
            return "lobbyist" if d is not None and d.kind == "lobbyist" else "lobby"
        if disc == STOCK:
            return "stock"
        assert disc is not None   # (a disc is resolved in the resolve phase)
        return DISC_LABEL[disc] if state.privileges.get(disc) is None else "privilege"
    if phase == "placement":
        return "place"
    if phase == "round end":
        return "end"
    d = state.decision
    return "start" if d is not None and d.kind == "start player" else "setup"


def _how_written(move: Move, state: State, table: Table) -> str:
    """How a move the rules refuse is written, where the record left out a verb the
    rules cannot see (the rules name what comes in their words; the verbs are the
    notation's): the Lobbyist's move written as a placement (``lobbyist Ben III``),
    ``: the Lobbyist's move is written 'Ben moves III'``; a privilege's card drawn without
    ``uses`` (``privilege Zoe draws asia``), ``: a privilege used is written 'Zoe uses,
    draws asia'``; else nothing."""
    d = state.decision
    if d is None or d.actor is None:
        return ""
    name = table.names[d.actor]
    if type(move) is Place and d.kind == "lobbyist":
        place = cast(Place, move)
        moved = MovePawn(place.player, place.disc, place.sector)
        return (f": the Lobbyist's move is written '{table.names[place.player]} "
                f"{item_words(moved, table)}'")
    if type(move) is Draw and d.kind == "privilege":
        return (f": a privilege used is written '{name} uses, "
                f"{item_words(move, table)}' ('{name} pass' where it is not)")
    return ""


def _a_line(label: str) -> str:
    """``an 'intrigue' line``, ``a 'place' line``."""
    return f"{article(label).split()[0]} '{label}' line"


def drawer(state: State) -> int | None:
    """Who physically draws the card the state asks chance for."""
    d = state.decision
    if d is not None and d.recipient is not None:
        return d.recipient
    pawns = state.pawns.get(state.resolving or 0) or []
    return pawns[0][0] if pawns else None


class _Reader:
    def __init__(self, record: GameRecord, strict: bool, snapshot_every: int,
                 events: bool = False, searching: bool = True) -> None:
        self.record = record
        self.strict = strict
        t = record.table
        self.initial = new_game(t.names, t.colours, setup=t.setup,
                                privilege_pick=t.privilege_pick, seat=t.seat)
        self.replay: Replay = Replay(self.initial, State.copy, play, snapshot_every,
                                     step_maker(record.table))
        self.errors: list[RecordError] = []
        self.problem = Problem()
        self.var: dict[str, int] = {}
        self.history = DealHistory()
        self.revealed: dict[int, tuple[str, ...]] = {}
        self.reveals: dict[int, RevealEntry] = {}   # (each player's reveal, to say where)
        self.replay.current.log = []
        self.last_entry: Entry | None = None
        self.last_card: tuple | None = None  # (seat, card) of the last Intrigue card played
        self.warnings: list[RecordError] = []
        self.redundant: set[int] = set()
        self.took: dict[int, list[str]] = {}  # step -> the unknown cards its ? words meant
        self.round_mark: Marker | None = None
        #: The moves played when a check of money, one of prices, and one of the scores
        #: with every colony settled last agreed (none: 0): where a failed one's slip is
        #: looked for from (``slip``).
        self.agreed: dict[str, int] = {}
        #: Whether a failed check looks for its slip (not while a slip is being tried).
        self.searching = searching
        self.entry: MoveEntry | None = None  # the move being played
        #: What a comment that follows a check or the reveal on its line is about ("after
        #: the check"): such a comment is no move's, and is shown so on the step before it.
        self.after_entry: str | None = None
        #: Notes the events as the moves are played, if asked to.
        if events:
            from .events import Capture   # (the analysis's: mclog validate starts without it)

            self.capture: Capture | None = Capture(self.replay.current)
        else:
            self.capture = None

    def fail(self, message: str, line: int, col: int, **kw: Any) -> RecordError:
        return self.record.error(message, line, col, **kw)

    # --- entries ------------------------------------------------------------------

    def run(self, entries: list[Entry]) -> None:
        """Play every entry in order; an illegal move is reported at its own line."""
        try:
            self.replay.extend(self.plays(entries),
                               self.capture.play if self.capture is not None else None)
        except RuleError as exc:
            entry = self.entry
            assert entry is not None   # (a rule is broken by the move being played)
            self.replay.current.log.clear()
            self.settle(entry)  # an unknown card that stopped fitting earlier is the first slip
            reason = exc.reason + _how_written(entry.move, self.replay.current,
                                               self.record.table)
            from mclog.slips import refused_with   # (on a refusal only: see ``slip``)

            error = self.fail(refused_with(reason, exc.rule, self.refusal_slip(entry)),
                              entry.line, entry.col, rule=exc.rule, code="illegal-move")
            error.entry = entry  # which entry (a JSON record has no lines to point at)
            raise error from None
        except RecordError as exc:
            log = self.replay.current.log
            if log and self.entry is not None:
                self.note_unknowns(self.entry)
            self.settle()
            exc.entry = self.last_entry
            raise
        if self.replay.current.log and self.entry is not None:
            self.note_unknowns(self.entry)
        if self.problem.constraints or self.var:
            self.note_end(self.last_entry)
        self.settle()

    def plays(self, entries: list[Entry]) -> Iterator[tuple[Move, MoveFacts]]:
        """Check each move against what the record says of it, and yield it with its facts
        (see ``step_maker``) for the replay to play.  Entries that are not moves are dealt
        with here, between the moves (a few hundred a game: this loop is written out)."""
        state = self.replay.current  # played in place: the same object all game long
        for entry in entries:
            if state.log and self.entry is not None:   # (the unknown cards a move told of)
                self.note_unknowns(self.entry)
            self.last_entry = entry
            if type(entry) is not MoveEntry:
                self.other(entry)
                continue
            self.after_entry = None
            d = state.decision
            move = entry.move
            if d is None:
                raise self.fail(f"The game is over after round 9, but the record goes on: "
                                f"{move_text(move, self.record.table)}", entry.line, entry.col,
                                code="illegal-move")
            if self.round_mark is not None:
                self.check_round(state)
            label = phase_label(state)
            kind = type(move)
            if (kind is Pass or kind is Target) and (
                    entry.label not in (None, label) or move.player != d.actor
                    or (kind is Target and d.kind != "target")):
                reason = not_asked(state, move, entry.label or label, self.last_card)
                if reason is not None:
                    warning = self.fail(
                        f"{move_text(move, self.record.table)} is redundant: {reason}",
                        entry.line, entry.col, code="redundant")
                    warning.entry = entry   # (a JSON record's import names the entry)
                    self.warnings.append(warning)
                    self.redundant.add(id(entry))
                    continue
            if kind is Choose or (kind is Draw and d.dest == "machiavelli"):
                self.last_card = (d.actor if kind is Choose else d.recipient,
                                  cast("Choose | Draw", move).card)
            if entry.label != label and entry.label is not None:
                written = entry.label
                raise self.fail(
                    f"{move_text(move, self.record.table)} is on {_a_line(entry.label)}, but "
                    f"the game is {_when(state)}: next is {describe_decision(state)} "
                    f"({_a_line(label)})"
                    f"{self.refusal_slip(entry, lambda state: phase_label(state) == written)}",
                    entry.line, entry.col, code="illegal-move")
            if kind in _NAMES_INDUSTRY:
                move = self.complete(move, state, entry)
            if d.actor is None and kind is Draw and entry.subject is not None:
                self.check_drawer(state, entry)
            self.entry = entry
            yield move, move_facts((state.round, state.phase, d, entry, state.resolving,
                                    label))

    def other(self, entry: Entry) -> None:
        """An entry that is not a move: a comment, a round line, a checkpoint, a reveal."""
        if isinstance(entry, CommentEntry):
            about = self.after_entry if not entry.own_line else None
            self.replay.comment(f"{about}: {entry.text}" if about else entry.text)
            return
        self.after_entry = None
        if isinstance(entry, Marker):
            if entry.label == "round":
                self.round_mark = entry
        elif isinstance(entry, CheckEntry):
            self.check(entry)
            self.after_entry = "after the check"
        elif isinstance(entry, RevealEntry):
            self.reveal(entry)
            self.after_entry = "at the reveal"
        self.history.mark(self.problem, len(self.replay.moves))

    def complete(self, move: Move, state: State, entry: MoveEntry) -> Move:
        """An industry written by its type alone (``Kim cash R``, ``SHORT``) is the player's
        only one of that type, or one of several identical ones: written out in full, in
        the move and in the record (so ``fmt`` and ``export`` write the full name)."""
        changes = {}
        for name, owner_field in _NAMES_INDUSTRY[type(move)]:
            card = getattr(move, name)
            if card.level != SHORT:
                continue
            owner = getattr(move, owner_field)
            owned = sorted({c for c in state.industries[owner] if c.kind == card.kind})
            who = self.record.table.names[owner]
            if not owned:
                raise self.fail(f"{who} owns no {INDUSTRY_NAMES[card.kind]} industry",
                                entry.line, entry.col, code="illegal-move")
            if len(owned) > 1:
                raise self.fail(
                    f"Which {INDUSTRY_NAMES[card.kind]} industry? {who} owns "
                    f"{' and '.join(map(str, owned))}: write the one meant in full",
                    entry.line, entry.col, code="illegal-move")
            changes[name] = owned[0]
        if changes:
            move = replace(move, **changes)
            entry.move = move
        return move

    def check_round(self, state: State) -> None:
        """The first move after a round line: the round must start here."""
        mark, self.round_mark = self.round_mark, None
        assert mark is not None   # (asked only after a round line)
        number = mark.number

        def starts(state: State) -> bool:
            return state.phase == "placement" and not state.placed and state.round == number

        if not starts(state):
            raise self.fail(
                f"The record says round {mark.number} starts here, but the game is "
                f"{'in round ' + str(state.round) if state.round else 'still in its setup'}"
                f" ({describe_decision(state)}): a move is missing or one too many"
                f"{self.refused_here(mark, starts, f'round {mark.number} would start here')}",
                mark.line, mark.col, code="illegal-move")

    def check_drawer(self, state: State, entry: MoveEntry) -> None:
        """R13: the player the record says draws a card is the one who does."""
        who = drawer(state)
        if who is not None and who != entry.subject:
            names = self.record.table.names
            named = "nobody" if entry.subject is None else names[entry.subject]
            d = state.decision
            if d is not None and d.kind == "draw" and d.dest == "deal":   # (dealt at setup)
                # (the slip of a seat's record that leaves out the cards it did not see)
                deck = article(DECK_NAMES.get(d.deck or "", "")).rstrip()
                raise self.fail(f"{deck} card is dealt to {names[who]} now, not to {named}: "
                                "the cards are dealt in seat order, and one this seat did "
                                f"not see is written '{names[who]} ?'",
                                entry.line, entry.col, code="illegal-move", rule="R13")
            from mclog.slips import refused_with   # (on a refusal only: see ``slip``)

            subject = entry.subject
            slip = self.refusal_slip(entry, lambda state: drawer(state) == subject)
            raise self.fail(refused_with(f"{names[who]} draws this card, not {named}", "R13",
                                         slip), entry.line, entry.col, code="illegal-move",
                            rule="R13")

    # --- unknown cards -----------------------------------------------------------------

    def note_unknowns(self, entry: MoveEntry) -> None:
        """Turn what the engine did with unknown cards during the last move (``unknown.py``)
        into constraints on their identities, tagged with the move's entry."""
        log = self.replay.current.log
        for event in log:
            match event:
                case Drawn(handle, deck, in_draft):
                    self.var[handle] = self.problem.variable(DECK_TOTALS[deck])
                    # Cards drawn unseen into a draft hand are alike, and which of them a
                    # later move names is not known: the draw itself stays "?" (a dealt
                    # card is itself).
                    self.took.setdefault(len(self.replay.moves), []).append(
                        "" if in_draft else handle)
                case Taken(handle):
                    self.took.setdefault(len(self.replay.moves), []).append(handle)
                case Identified(handle, kind):
                    self.problem.fix(self.var[handle], kind, tag=(entry, "is", kind))
                case Relabelled(deck, new, old):
                    for handle in new:
                        self.var[handle] = self.problem.variable(DECK_TOTALS[deck])
                    known = Counter(c for c in old if not is_handle(c))
                    self.problem.same([self.var[h] for h in new],
                                      [self.var[h] for h in old if is_handle(h)], known,
                                      tag=(entry, "same", deck))
                    self.history.relabels.append((len(self.replay.moves), event))
                case OutOfDeck(deck, handles, caps):
                    self.problem.at_most([self.var[h] for h in handles], caps,
                                         tag=(entry, "out", deck))
                case OffDeck():
                    self.history.draws.append((len(self.replay.moves), event))
        log.clear()
        self.history.mark(self.problem, len(self.replay.moves))

    def note_end(self, entry: Entry | None) -> None:
        """At the end of the record, the cards out of each deck are bounded as well (R1)."""
        state = self.replay.current
        for deck in DECK_NAMES:
            if state.hidden[deck]:
                handles = out_handles(state, deck, hand_of(state, deck))
                self.problem.at_most([self.var[h] for h in handles], dict(state.decks[deck]),
                                     tag=(entry, "out", deck))
        self.history.mark(self.problem, len(self.replay.moves))

    def settle(self, failed_at: Entry | None = None) -> None:
        """Check that some identities of the unknown cards fit the whole record; if none
        does, report the first line after which none remains."""
        if not self.problem.constraints:
            return
        try:
            index = self.problem.first_conflict_index()
        except TooHard:
            entry = failed_at or self.last_entry
            raise self.fail(
                f"Too many unknown cards to check (no answer in {SAT_SECONDS:g} seconds of "
                f"search): name some of the ? cards", *_where(entry), code="unknown") from None
        if index is None:
            return
        # (each constraint's tag: the entry that set it, what it says, and a detail)
        entry, what, detail = cast(tuple[Any, str, Any],
                                   self.problem.constraints[index].tag)
        names = self.record.table.names
        kinds: list[str]
        if what == "is":
            kinds = [detail]
            message = (f"The unknown cards cannot be named to fit this line: no way of naming "
                       f"the ? cards recorded so far leaves {article(card_name(detail))} card "
                       f"here")
        elif what == "check":
            kinds = []
            message = ("The unknown cards cannot be named to fit this check: no way of naming "
                       "the ? cards recorded so far gives these scores")
        elif what == "reveal":
            kinds = sorted(set(entry.colonies))
            message = (f"{names[entry.seat]} cannot show {_list(list(entry.colonies))}: no way "
                       f"of naming the ? cards recorded so far gives {names[entry.seat]} these "
                       f"colonies")
        else:
            kinds = [str(kind) for kind in self.problem.kinds_at_fault(index)] \
                if what == "out" else []
            which = _and([f"{card_name(k)}" for k in kinds]) + " cards" if kinds else \
                "cards of a kind"
            message = (f"The unknown cards cannot be named to fit this line: however the ? cards "
                       f"recorded so far are named, more {which} would be out of the "
                       f"{DECK_NAMES[detail]} deck than it holds")
        seen = self.named_at(kinds, entry.line)
        if seen:
            message += f" ({seen})"
        raise self.fail(message + self.counts_at_fault(index), *_where(entry), rule="R1",
                        code="unknown")

    def counts_at_fault(self, index: int) -> str:
        """Where the conflict at constraint ``index`` hangs on scores the table counted
        earlier (``check score``, evidence about the unknown cards), which of them: a
        miscount is told as such (``; it fits without the score counted at line 97: is
        that count right?``), not left for the reveal it contradicts; else nothing."""
        # (each constraint's tag: the entry that set it, what it says, and a detail)
        tags = [cast(tuple, c.tag) for c in self.problem.constraints[:index + 1]]

        def a_check(tag: Any) -> bool:
            return tag[1] == "check"

        def that_check(entry: Any) -> Callable[[Any], bool]:
            return lambda tag: a_check(tag) and tag[0] is entry

        counted: list[Any] = []   # (each check once: an entry is no dict key)
        for tag in tags[:-1]:
            if a_check(tag) and not any(tag[0] is entry for entry in counted):
                counted.append(tag[0])
        if not counted or a_check(tags[-1]):
            return ""
        try:
            alone = [entry for entry in counted
                     if self.problem.fits_without(index + 1, that_check(entry))]
            if not alone and not self.problem.fits_without(index + 1, a_check):
                return ""
        except TooHard:
            return ""
        lines = sorted({entry.line for entry in alone or counted})
        at = _and([str(n) for n in lines])
        which = "the score counted at line" if len(lines) == 1 else "the scores counted at " \
            "lines"
        more = "" if alone else " (together)"
        that = "that count" if len(lines) == 1 else "those counts"
        return f"; it fits without {which} {at}{more}: is {that} right?"

    def named_at(self, kinds: Sequence[str], upto: int) -> str:
        """Where the record names cards of ``kinds`` up to line ``upto``, for a message:
        ``Asia cards named at lines 12, 30 and 41``."""
        parts = []
        for kind in kinds:
            lines = []
            for e in self.record.entries:
                if e.line > upto and upto:
                    break
                if isinstance(e, MoveEntry):
                    m = e.move
                    if kind in (getattr(m, "card", None), getattr(m, "continent", None),
                                getattr(m, "give", None), getattr(m, "take", None)):
                        lines.append(e.line)
                elif isinstance(e, RevealEntry) and kind in e.colonies:
                    lines.append(e.line)
            if lines:
                lines = sorted(set(lines))
                at = _and([str(n) for n in lines[:12]]) + (" ..." if len(lines) > 12 else "")
                word = "lines" if len(lines) > 1 else "line"
                parts.append(f"{card_name(kind)} cards named at {word} {at}")
        return "; ".join(parts)

    # --- checkpoints and the reveal --------------------------------------------------------

    def check(self, entry: CheckEntry) -> None:
        """A checkpoint: what the table counted.  Money and prices are compared as they
        stand (nothing unknown enters them); a score that unknown colonies can change is
        evidence about them (``check_score``)."""
        state = self.replay.current
        names = self.record.table.names
        if entry.what == "score":
            self.check_score(entry, state)
            return
        slip: str | None = None   # (said once, with the first value that differs)

        def agrees(state: State) -> bool:
            return all((state.prices[key] if isinstance(key, str) else state.money[key])
                       == expected for key, expected in entry.values)

        for key, expected in entry.values:
            if isinstance(key, str):   # (prices go by industry, money by seat)
                actual, what = state.prices[key], f"the {card_name(key)} price is"
            else:
                actual, what = state.money[key], f"{names[key]} has"
            if actual != expected:
                unit = " million" if entry.what == "money" else ""
                slip = "" if slip is not None or self.errors or not self.searching else \
                    self.slip(agrees, entry, entry.what)
                self.check_failed(entry, f"check failed {_when(state)}: {what} {actual}{unit} "
                                         f"by the rules, but the record says {expected}{slip}")
        if slip is None:
            self.agreed[entry.what] = len(self.replay.moves)

    def slip(self, fits: Callable[[State], bool], at: Entry, kind: str,
             outcome: str = "the record would agree with it", budget: int | None = None) -> str:
        """The move since the last check of ``kind`` (money, prices, score) that agreed that,
        written as another legal answer to its question, would leave a state that ``fits``
        where the entry ``at`` stands (a check that agrees there, a move the rules allow),
        played on with the rest of the record, in words to add to its message
        (``mclog.slips``), or "".  A move or a card a seat did not see (``?``) is not
        tried: the record cannot have meant it otherwise."""
        # (imported when a check fails: ``mclog validate`` starts without it)
        from mclog.slips import (
            BUDGET, checked_after, confirmed, entry_place, find_slips, in_words,
        )

        table = self.record.table

        def others(state: State, written: Move) -> list[Move]:
            return [move for move in legal_moves(state) if "?" not in move_text(move, table)]

        def seen(written: Move) -> bool:
            return "?" not in move_text(written, table)

        found = find_slips(self.replay, self.agreed.get(kind, 0), fits, others, play,
                           considers=seen, budget=budget or BUDGET)

        def where(slip: Any) -> str:
            return entry_place(self.replay.infos[slip.index].entry, self.record.entries)

        worded = [replace(slip, written=self.as_written(slip.index, slip.written),
                          meant=self.as_written(slip.index, slip.meant))
                  for slip in confirmed(found, self.record_holds)]
        return in_words(worded, where, str, outcome,
                        unconfirmed=not checked_after(self.record.entries, at, (kind,)))

    def as_written(self, index: int, move: Move) -> str:
        """``move``, in the place of the replay's ``index``-th, as its line writes it: a
        card dealt at the setup as its player's name and the card (``Ann asia``), where
        a card drawn later is ``draws asia``."""
        table = self.record.table
        recipient = self.replay.infos[index].decision.recipient
        if type(move) is Draw and self.replay.infos[index].label == "setup" and \
                recipient is not None:
            return f"{table.names[recipient]} {card_text(cast(Draw, move).card)}"
        return move_text(move, table)

    def refusal_slip(self, entry: MoveEntry,
                     also: Callable[[State], bool] | None = None) -> str:
        """The move since the last check of money that agreed that, written otherwise,
        would let the rules allow ``entry``'s move, which they or the record refused, in
        a state that is ``also`` as the record has it (its line's label fits the game,
        the player it names draws), in words to add to the refusal, or "": a colony
        bought with money an earlier ``up`` written for a ``cash`` never paid, a round's
        draws on a line of the privilege an earlier ``pass`` written for ``uses`` left out
        (``refused_here``)."""
        from mclog.slips import allows

        move = entry.move

        def fits(state: State) -> bool:
            return (also is None or also(state)) and allows(play, state, move)

        return self.refused_here(entry, fits, "the rules would allow it")

    def refused_here(self, at: Entry, fits: Callable[[State], bool], outcome: str) -> str:
        """The slip (``slip``) behind a refusal of the entry ``at``, where ``fits`` says
        the state before it is one the record could go on from, in words to add to the
        refusal, or "".  Searched only where a check of money follows: most refusals are
        the entry's own slip, and only the table's later counts can tell one that comes
        from earlier."""
        from mclog.slips import REFUSAL_BUDGET, checked_after

        if not self.searching or self.errors or \
                not checked_after(self.record.entries, at, ("money",)):
            return ""
        return self.slip(fits, at, "money", outcome, REFUSAL_BUDGET)

    def record_holds(self, slip: Any) -> bool:
        """Whether the whole record replays, every check agreeing, with the move of
        ``slip`` written as it meant (``mclog.slips.confirmed``)."""
        from mclog.slips import written_as

        entries = written_as(self.record.entries, self.replay.infos[slip.index].entry,
                             slip.meant)
        record = self.record
        again = _Reader(GameRecord(record.tags, record.table, entries, record.file,
                                   record.number, record.start_line),
                        False, self.replay.every, searching=False)
        try:
            again.run(entries)
        except RecordError:
            return False
        return not again.errors

    def check_failed(self, entry: CheckEntry, message: str) -> None:
        err = self.fail(message, entry.line, entry.col, code="check")
        if self.strict:
            raise err
        self.errors.append(err)

    def check_score(self, entry: CheckEntry, state: State) -> None:
        """``check score``: a condition on the unknown colonies held now, added to the
        constraint problem (``ColonyScoring``).  It fails only when no naming of the ``?``
        cards fits it together with everything before it, and then says, for each player
        counted, what the rules allow; a true check may settle cards (every view then shows
        them as known)."""
        scoring = ColonyScoring(state)
        handles = scoring.handles
        expected = {seat: value for seat, value in entry.values
                    if isinstance(seat, int)}   # (the reader gives a score check by seat)
        shown = self.shown_at_reveal(scoring)
        if shown is not None:  # (nothing unknown: the count is compared as it stands)
            exact = scoring.totals(shown)
            slip: str | None = None   # (said once, with the first score that differs)
            for seat, value in expected.items():
                if exact[seat] != value:
                    slip = "" if slip is not None or self.errors or not self.searching else \
                        self.slip(self.scores_are(expected), entry, "score")
                    self.check_failed(entry, f"check failed {_when(state)}: "
                                             f"{self.record.table.names[seat]}'s score is "
                                             f"{exact[seat]} by the rules, but the record says "
                                             f"{value}{slip}")
            if slip is None:
                self.agreed["score"] = len(self.replay.moves)
            return
        self.problem.rule([self.var[h] for h in handles], Rule(*totals_rule(scoring, expected)),
                          tag=(entry, "check", None))
        try:
            fits = self.problem.part_fits()
        except TooHard:
            raise self.fail(f"Too many unknown cards to check (no answer in {SAT_SECONDS:g} "
                            f"seconds of search): name some of the ? cards", entry.line,
                            entry.col, code="unknown") from None
        if fits:
            return
        self.problem.drop_last()
        self.settle(entry)  # a line before it that no naming fits is the first slip
        self.check_failed(entry, self.score_mismatch(state, expected))

    def scores_are(self, expected: dict[int, int]) -> Callable[[State], bool]:
        """Whether a state's scores are settled (its unknown colonies shown at the reveal)
        and are ``expected`` (by seat): what a failed ``check score``'s slip must make true
        (``slip``)."""
        def agrees(state: State) -> bool:
            scoring = ColonyScoring(state)
            shown = self.shown_at_reveal(scoring)
            if shown is None:
                return False
            totals = scoring.totals(shown)
            return all(totals[seat] == value for seat, value in expected.items())

        return agrees

    def shown_at_reveal(self, scoring: ColonyScoring) -> dict[str, str] | None:
        """What the unknown colonies held count as when the reveal has shown them all (the
        night's last count comes after it): each player's unknown colonies are what they
        showed beyond the named ones, in whatever order, so the scores are settled and
        nothing is left to search.  ``None`` while some are not shown."""
        out: dict[str, str] = {}
        for seat, held in enumerate(scoring.held):
            if not held:
                continue
            shown = self.revealed.get(seat)
            if shown is None or len(shown) != len(held):
                return None
            out.update(zip(sorted(held), sorted(shown)))
        return out

    def score_mismatch(self, state: State, expected: dict[int, int]) -> str:
        """Why a ``check score`` fits no naming of the unknown colonies: the players whose
        count is out of the range the rules allow, or, if each alone is within it, that the
        counts cannot all hold at once."""
        names = self.record.table.names
        ranges = exact_ranges(state, self.problem, self.var)
        fixed = ColonyScoring(state).base  # (the categories no colony changes)
        allowed = {}
        for seat in expected:
            lo, hi = ranges[seat]["total"]
            allowed[seat] = (fixed[seat] + lo, fixed[seat] + hi)

        def can_be(seat: int) -> str:
            lo, hi = allowed[seat]
            return (f"{names[seat]}'s score is {lo}" if lo == hi else
                    f"{names[seat]}'s score can be {lo} to {hi}")

        out = [s for s, v in expected.items() if not allowed[s][0] <= v <= allowed[s][1]]
        if out:
            parts = [f"{can_be(s)} by the rules, but the record says {expected[s]}" for s in out]
            return f"check failed {_when(state)}: " + "; ".join(parts)
        parts = [f"{can_be(s)}" for s in expected]
        said = _and([f"{names[s]} {v}" for s, v in expected.items()])
        return (f"check failed {_when(state)}: these scores cannot all be true at once "
                f"({said}): by the rules {_and(parts)}, but no naming of the ? cards "
                f"recorded so far gives them together")

    def reveal(self, entry: RevealEntry) -> None:
        state = self.replay.current
        name = self.record.table.names[entry.seat]
        if not state.finished:
            raise self.fail(f"The colonies are revealed at the end of the game, but it is "
                            f"still round {state.round} ({describe_decision(state)})",
                            entry.line, entry.col, code="reveal")
        first = self.reveals.get(entry.seat)
        if first is not None:   # (a JSON record has no lines to say)
            where = f", at line {first.line}" if first.line else ""
            raise self.fail(f"{name}'s colonies are shown already{where}: a player shows "
                            f"them once", entry.line, entry.col, code="reveal")
        self.reveals[entry.seat] = entry
        held = state.colonies[entry.seat]
        known = [c for c in CONTINENTS for _ in range(held[c])]
        unknown = [c for c, n in held.items() if n and is_handle(c)]
        shown = list(entry.colonies)
        rest = list(shown)
        for c in known:
            if c in rest:
                rest.remove(c)
            else:
                raise self.fail(
                    f"{name} shows {_list(shown)}, but the game gives {name} "
                    f"{_list(known + ['?'] * len(unknown))}: {card_name(c)} is missing",
                    entry.line, entry.col, code="reveal")
        if len(rest) != len(unknown):
            raise self.fail(
                f"{name} shows {len(shown)} {'colony' if len(shown) == 1 else 'colonies'} "
                f"({_list(shown)}), but the game gives "
                f"{name} {len(known) + len(unknown)} ({_list(known + ['?'] * len(unknown))})",
                entry.line, entry.col, code="reveal")
        if unknown:
            self.problem.exactly([self.var[h] for h in unknown], Counter(rest),
                                 tag=(entry, "reveal", None))
        self.revealed[entry.seat] = tuple(rest)


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _list(cards: list[str]) -> str:
    return ", ".join(cards) if cards else "none"


def replay(record: GameRecord, *, strict: bool = True, snapshot_every: int = 32,
           events: bool = False, slips: bool = True) -> GameReplay:
    """Replay ``record`` through the engine.  Raises ``RecordError`` at the first mistake
    (in lenient mode, failed checkpoints are collected in ``.errors`` instead).

    ``events``: note the game's events as it plays (``game.noted``), for a caller that
    will read them (analysis, the corpus): the game is then played once, not twice.
    ``slips``: a failed check or a refused move names the move it may come from
    (``_Reader.slip``); off where nobody reads the message."""
    reader = _Reader(record, strict, snapshot_every, events, searching=slips)
    reader.run(record.entries)
    current = reader.replay.current
    current.log = None
    game = GameReplay(record, reader.replay, reader.errors, reader.problem, reader.var,
                      reader.revealed, reader.warnings, reader.redundant, reader.took,
                      history=reader.history)
    if reader.capture is not None:
        game.noted = reader.capture.finish(game, current)
    return game


def _when(state: State) -> str:
    """Where the game stands, in a player's words: ``after round 3``."""
    r = state.round
    if state.finished:
        return "at the end of the game"
    if state.phase == "setup":   # (its deals and picks, then the start player)
        return "during the setup" if phase_label(state) == "setup" else \
            "after the starting deals and picks"
    if state.phase == "placement":
        if not state.placed:
            return f"after round {r - 1}" if r > 1 else "before round 1"
        return f"during the placements of round {r}"
    if state.phase == "round end":
        return f"at the end-of-round turns of round {r}"
    disc = state.resolving
    assert disc is not None   # (the resolve phase: a disc is being resolved)
    return f"in round {r}, at the {DISC_NAMES[disc]} ({ROMAN[disc]})"


def _where(entry: Entry | None) -> tuple[int, int]:
    return (entry.line, entry.col) if entry is not None else (0, 0)
