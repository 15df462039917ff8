"""What Million Club's table asks of the shared recorder (``mclog.recording``) beyond
the answers: a line's label and the name of whoever decides are added to what is typed
(``Ann IV:R`` goes on the ``place`` line; ``asia ?`` is a draw); the answers are those
the recorder's seat can give (``answers.answers``); at the end of every round the table
is asked to compare its money and prices with the rules'; and at the end of the game
each player shows their colonies (the reveal).  Everything else (reading the line
through the game's own reader and rules, the safe writer, undo, resuming a file) is the
shared recorder's.

>>> import tempfile, os
>>> from mclog.games.millionclub import GAME
>>> path = os.path.join(tempfile.mkdtemp(), "game.mclog")
>>> rec = Recording.start(GAME, path, players="Ann yellow, Ben blue")
>>> rec.question()
'chance: deal a starting Colony card to Ann'
>>> rec.enter("Ann india, Ben asia")
['Ann india', 'Ben asia']
>>> rec.undo()
['Ben asia']
>>> open(path).read().splitlines()[-1]
'setup      Ann india'
"""

from __future__ import annotations

from typing import ClassVar

from mclog.recording import Answer, Recording as SharedRecording, Slip
from ..draw import COLOUR_CSS
from ..notation.record import Marker, RevealEntry
from ..notation.vocabulary import LABELS
from ..replayer import phase_label
from ..rules.board import DISC_NAMES, ROMAN
from ..rules.cards import CONTINENTS, INDUSTRY_TYPES
from ..rules.flow import describe_decision
from ..rules.moves import StartPlayer
from ..rules.unknown import is_handle
from .answers import answer_text, answers

HELP = """\
Type the answer as a record line says it (Ann IV:R, Ben buys asia, draws ? ?), its
number, its end where no other answer ends so (dumping for Cleo plays dumping), or a
whole line of items (place Ann IV:R, Ben V). Tab completes the legal answers. The label
and the name of whoever decides are added for you.
  undo [N]        take back the last move (or N moves; more than 3: typed twice)
  ; text          a comment on a line of its own ({text} works too)
  check ...       a checkpoint: check money Ann 12 Ben 3, check prices F9 T6 R7
  board           show the table again
  quit            stop (the record is saved after every line: nothing is lost)"""


class Recording(SharedRecording):
    """A Million Club game recorded at the table (see the module text)."""

    help: ClassVar[str] = HELP
    placeholder: ClassVar[str] = "or type: a number, Ben buys asia, place Ann IV:R, V"

    @classmethod
    def header(cls, game, players: str, tags: dict) -> dict:
        # (a record without a Game tag is Million Club's: the recorder writes none)
        return {**tags, "Players": players}

    # --- the question -------------------------------------------------------------

    def question(self) -> str:
        """Who decides what now, in a player's words: ``Ben: buy a card or set one aside``."""
        d = self.state.decision
        if d is not None and d.kind == "draw" and d.dest == "deal" and d.recipient is not None:
            return (f"chance: deal a starting {_deck_word(d.deck)} card to "
                    f"{self.names[d.recipient]}")
        if d is not None and d.kind == "draw":  # a chance move: which cards came up
            who = "" if d.recipient is None else f" (to {self.names[d.recipient]})"
            # (the hint only where more cards of the deck come in this draw)
            top: tuple = self.state.agenda[-1] if self.state.agenda else ()
            more = top[:2] == ("draw", d.deck) and top[2] > 0
            example = _EXAMPLE_DRAWS.get(d.deck or "", "")
            hint = f" (several at once: {example})" if more and example else ""
            return f"chance: which {_deck_word(d.deck)} card came up{who}?{hint}"
        return describe_decision(self.state)

    def answers_at(self, played) -> tuple[list[Answer], bool]:
        """Every legal answer, as this seat writes it (``answers.answers``): always all
        of them (the terminal lists a few dozen, and completes the rest)."""
        return answers(played.replay.current, self.seat), True

    def colour(self, player: int | None) -> str | None:
        """Each player's colour on the board (white a shade darker, to be seen)."""
        if player is None:
            return None
        colour = self.record.table.colours[player]
        return "#f4f4f4" if colour == "white" else COLOUR_CSS.get(colour, "#888888")

    def label(self) -> str:
        """The label of the line the next move goes on (``colonies``, ``place``...)."""
        return phase_label(self.state) if not self.finished else "reveal"

    def where(self) -> str:
        """``Round 3 · II Intrigue`` (or ``Setup``, ``Game over``)."""
        s = self.state
        if s.finished:
            return "Game over"
        if s.round == 0:
            return "Setup"
        if s.phase == "resolve" and s.resolving is not None:
            return f"Round {s.round} · {ROMAN[s.resolving]} {DISC_NAMES[s.resolving]}"
        return f"Round {s.round} · {'placement' if s.phase == 'placement' else 'end of round'}"

    def board_text(self) -> str:
        from .terminal import summary

        return summary(self)

    def step_texts(self, start: int, stop: int | None = None) -> list[str]:
        """The steps from ``start`` (0-based) in the words they are answered with
        (``Ann india`` for a starting card dealt, ``Ben buys ?``)."""
        replay, table = self.played.replay, self.record.table
        return [("start " if isinstance(move, StartPlayer) else "")
                + answer_text(move, facts.decision, table)
                for move, facts in zip(replay.moves[start:stop], replay.infos[start:stop])]

    # --- entering -----------------------------------------------------------------

    def line_for(self, typed: str) -> str:
        """The record line for what was typed: a number picks that answer; the phase's
        label goes in front unless the line starts with one, and the name of whoever
        decides unless it starts with a name (a draw needs neither: ``asia ?``)."""
        typed = super().line_for(typed)
        words = typed.split()
        if not words or typed[0] in ";{" or self._labelled(typed):
            return typed
        head = words[0]
        label = self.label()
        d = self.state.decision
        if head == "?" and d is not None and d.kind == "draw" and d.dest != "deal":
            return f"{label} draws {typed}"  # (unseen cards, as ``asia india`` are seen ones)
        if head in self.names or head.lower() in ("draws", "draw", "drew", "?") or label in (
                "check", "reveal"):
            return f"{label} {typed}"
        if d is not None and d.actor is None:
            if d.dest == "deal" and d.recipient is not None:
                return f"{label} {self.names[d.recipient]} {typed}"
            if d.kind == "draw":
                return f"{label} draws {typed}"
            return f"{label} {typed}"
        if d is not None and d.actor is not None:
            return f"{label} {self.names[d.actor]} {typed}"
        return f"{label} {typed}"

    def _labelled(self, typed: str) -> bool:
        """Whether ``typed`` starts with its line's label (``colonies Ann buys asia``).  A
        word typed alone is an answer, though a label may be spelt so: ``colony``,
        ``stock`` or ``lobby`` is the disc a pawn is placed on."""
        words = typed.split()
        return len(words) > 1 and words[0].lower() in LABELS and words[0] not in self.names

    def kept_before(self, entries: list) -> list:
        """A round's or a label's line left with no move after it goes too."""
        kept = list(entries)
        while kept and isinstance(kept[-1], Marker):
            kept.pop()
        return kept

    # --- the end of every round: the table's money and prices ------------------------

    def rounds_ended(self) -> int:
        return 9 if self.finished else max(0, self.state.round - 1)

    def just_ended(self) -> int | None:
        s = self.state
        if s.finished:
            return 9
        return s.round - 1 if s.phase == "placement" and s.placed == 0 else None

    def rules_check_lines(self) -> list[str]:
        s = self.state
        return ["check money " + " ".join(f"{n} {m}" for n, m in zip(self.names, s.money)),
                "check prices " + " ".join(f"{k}{s.prices[k]}" for k in INDUSTRY_TYPES)]

    def story(self, number: int) -> list[str]:
        """The moves of round ``number`` that changed money or prices, with the changes:
        ``Ben buys R: Ben -4, R 2->3`` (what to look at when the table disagrees)."""
        out = []
        states = self.played.replay.states()
        before = next(states)
        for step, after in zip(self.played.steps, states):
            if step.round == number:
                parts = [f"{n} {a - b:+d}" for n, a, b in zip(self.names, after.money,
                                                                before.money) if a != b]
                parts += [f"{k} {before.prices[k]}->{after.prices[k]}" for k in INDUSTRY_TYPES
                          if after.prices[k] != before.prices[k]]
                if parts:
                    out.append(f"{step.text}: {', '.join(parts)}")
            before = after
        return out

    # --- the end of the game: each player's colonies ------------------------------

    def reveal_due(self) -> str | None:
        """At the end of the game, the next player whose colonies are to be shown
        (``None`` once every player has, or the recorder said ``done``)."""
        if not self.finished or self.reveal_done:
            return None
        shown = {e.seat for e in self.record.entries if isinstance(e, RevealEntry)}
        return next((name for seat, name in enumerate(self.names) if seat not in shown),
                    None)

    def reveal_known(self, name: str) -> list[str]:
        """A player's colonies as the record knows them (``?`` for each unknown one)."""
        held = self.state.colonies[self.names.index(name)]
        return [c for c in CONTINENTS for _ in range(held[c])] + [
            "?" for c, n in held.items() if is_handle(c) for _ in range(n)]

    def reveal_words(self) -> tuple[str, ...]:
        return (*CONTINENTS, "none", "done")

    def reveal(self, name: str, typed: str) -> list[str]:
        """``name`` shows the colonies typed (``asia india``, ``none``); empty: the colonies
        the record knows, when it knows them all; ``done``: no more reveals.  What is
        typed may name its player, as the record's line does (``Ann asia``, or ``Ben
        africa`` where Ben shows his first)."""
        typed = typed.strip()
        if typed.lower() in ("done", "skip"):
            self.reveal_done = True
            return []
        if not typed:
            known = self.reveal_known(name)
            if "?" in known:
                raise Slip(f"The record does not know all of {name}'s colonies: type the "
                           f"ones {name} shows (the record knows {', '.join(known)})")
            typed = " ".join(known) or "none"
        line = f"reveal {typed}" if typed.split()[0] in self.names else f"reveal {name} {typed}"
        return self.enter(typed, line) or [line]   # (a reveal adds no move: said as its line)


#: What several cards of a deck typed at once look like (the recorder's hint).
_EXAMPLE_DRAWS = {"colony": "asia india ?", "industry": "F T ?",
                  "intrigue": "racket dumping ?"}


def _deck_word(deck: str | None) -> str:
    return {"colony": "Colony", "industry": "Industry", "intrigue": "Intrigue"}.get(deck or "", "")


__all__ = ["Recording"]
