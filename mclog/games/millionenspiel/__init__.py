"""Millionenspiel: one pawn for all, bets on the colour it lands on, and the first
millionaire wins (``../shared/rules/millionenspiel.en.txt``; readings M1..M18 in
docs/millionenspiel/rules.md).

The folder reads as the data flows: ``rules/`` (track, moves, state, engine),
``notation/`` (the record format), ``replayer``, ``terminal``, ``bots`` and
``simulator``.  ``GAME`` is what the shared parts of mclog use (``mclog.protocol``).
"""

from __future__ import annotations

from mclog.protocol import FRAMING_TAGS, Game


class Millionenspiel(Game):
    name = "Millionenspiel"
    players = range(2, 11)
    file_prefix = "millionenspiel"
    hidden_information = False
    round_word = "throw"
    tag_names = (*FRAMING_TAGS, "Format", "PensionCards", "Track")

    def parse(self, raw, file, number):
        from .notation.parse import parse_game

        return parse_game(raw, file, number)

    def replay(self, record, *, strict=True, events=False, slips=True):
        from .replayer import replay

        # (with ``events``, every change of money is noted with its cause as it is played:
        # the analysis's attribution reads it, and plays nothing again)
        return replay(record, strict=strict, events=events, slips=slips)

    def replay_after(self, played, record):
        """The moves ``played`` holds are not played again where ``record`` goes on from
        its record (``GameReplay.goes_on_to``): the recorder's line is played alone."""
        from .replayer import GameReplay, replay

        if isinstance(played, GameReplay) and played.goes_on_to(record):
            return replay(record, after=played)
        return self.replay(record)

    def write(self, record, played=None):
        from .notation.writer import write_game

        return write_game(record, played)

    def kept(self, played):
        from mclog.record.entries import as_read

        return as_read([e for e in played.record.entries if id(e) not in played.redundant])

    def to_json(self, record):
        from .notation.writer import to_json

        return to_json(record)

    def record_from_json(self, data, file=None):
        from .notation.json_form import record_from_json

        return record_from_json(data, file)

    def records_from_json(self, data, file):
        from .notation.json_form import records_from_json

        return records_from_json(data, file)

    def unfinished(self, played):
        from .rules.flow import describe_decision

        state = played.replay.current
        return (f"the record ends at throw {state.throw} (next: {describe_decision(state)}); "
                "a complete game ends when a player reaches 1,000,000")

    def replay_text(self, played):
        from .terminal import replay_text

        return replay_text(played)

    def score_lines(self, played):
        from .terminal import score_lines

        return score_lines(played)

    def draw(self, state):
        from .draw import state_html

        return state_html(state)

    def step_texts(self, played, start=0):
        from .rules.flow import play

        names, moves = played.record.names, played.replay.moves
        start = slice(start, None).indices(len(moves))[0]   # (as ``moves[start:]`` starts)
        before = played.state(start)   # (played on in place: each text reads the state
        texts = []                     # before its move)
        for move in moves[start:]:
            texts.append(_said(move, names, before))
            play(before, move)
        return texts

    # --- a review by rollouts --------------------------------------------------------

    review_bots = "chance"

    @property
    def bot_registry(self):
        from .bots import BOTS

        return BOTS

    def outcome(self, state):
        return list(state.money)

    def rollout_state(self, played, index, state, rng):
        """Where the pawn lands is chance's, on the track the record names; on a record
        that names none, on a board drawn among those that agree with every landing up
        to this step (M20, ``rules/unknown_track.py``)."""
        if played.record.track is None:
            from mclog.errors import ReviewError

            from .rules.state import LAND, THROW, Decision
            from .rules.unknown_track import board_drawn, dice_drawn

            if any(t.spaces is None for t in state.throws):   # (this turn's dice unseen)
                state.throws = dice_drawn(state.throws, rng)
                if state.decision is not None and state.decision.kind in (LAND, THROW):
                    state.decision = Decision(THROW if state.throws[-1].double else LAND)
            try:
                state.track, state.position = board_drawn(tuple(state.landings), rng)
            except ValueError as exc:
                raise ReviewError(f"this record names no track ([Track]), and {exc}: where "
                                  "the pawn lands cannot be rolled out") from None
        return state

    def rollout_note(self, played):
        """What a rollout of a record without a track assumes (M20)."""
        if played.record.track is not None:
            return None
        return ("this record names no track: each rollout plays on a board drawn among "
                "those that agree with every landing up to its step (13 to 60 spaces; the "
                "spaces the pawn has not stood on coloured in the proportions of mclog's "
                "illustrative board, not the printed one, and a space of every colour on "
                "each), each as likely as it makes the landings (M20)")

    def move_text(self, played, index, move):
        return _said(move, played.record.names, played.state(index))

    def final_text(self, played):
        rows = sorted(played.scores(), key=lambda r: r.rank)
        ranking = ", ".join(f"{r.rank}. {r.name} {r.money:,}" for r in rows)
        if not played.complete:
            return f"In progress, throw {played.replay.current.throw}; money: {ranking}"
        return f"{rows[0].name} is the first millionaire. Money: {ranking}"

    def report_charts(self, played):
        from .analysis import attribution_summary
        from .charts import attribution_chart, money_chart

        return [("Money over the game (log scale)", money_chart(played)),
                ("Where the money came from", attribution_chart(attribution_summary(played)))]

    def corpus_schema(self):
        from .analysis import CORPUS_SCHEMA

        return CORPUS_SCHEMA

    def corpus_rows(self, played, game_id, source):
        from .analysis import corpus_rows

        return corpus_rows(played, game_id, source)

    def answer_text(self, played, move):
        """A legal answer as a line of the record says it (the shared recorder's answers);
        None for keeping the throw, which a record does not write."""
        from .notation.writer import answer_line

        return answer_line(move, played.record.names, played.replay.current)

    def answer_hint(self, played):
        from .rules.flow import describe_decision
        from .rules.state import ACCEPT, BET, DIE, LAND, START, THROW

        state = played.replay.current
        d = state.decision
        names = played.record.names
        roller = names[state.roller] if state.roller is not None else "<name>"
        return {
            START: "start <name>",
            BET: f"bets {names[d.actor] if d.actor is not None else '<name>'} <amount> (or "
                 "pass), or <name> buys pension 50",
            THROW: f"{roller} rolls <die> <die> (? for a die not seen)",
            ACCEPT: "what comes next, to keep the throw (lands <colour>)",
            LAND: "lands <colour> (past arrow, lands <colour> when it passed the arrow)",
            DIE: "die <1 to 6>",
        }.get(d.kind, describe_decision(state)) if d else "nothing: the game is over"

    @property
    def check_kinds(self):
        from .notation.verbs import CHECKS

        return CHECKS

    @property
    def engine(self):
        from .rules.engine import ENGINE

        return ENGINE

    def check_bots(self, bots, players=None):
        from mclog.simulate import check_bots

        from .bots import BOTS

        check_bots(bots, BOTS, players)

    def simulated_text(self, players, seed, bots, options):
        from .simulator import simulated_text

        return simulated_text(players, seed, bots)


def _said(move, names, before) -> str:
    """A move in words, from the state ``before`` it (keeping a throw, which a record does
    not write, said too)."""
    from .terminal import move_text

    return move_text(move, names, before) or f"{names[before.roller]} keeps the throw"


GAME = Millionenspiel()
