"""Million Club (Arnaud Ladagnous, Playad Games, 2016): 2 to 6 players, nine rounds.

The folder reads as the data flows: ``rules/`` (the engine), ``notation/`` (the record
format), ``replayer`` (a record played through the rules, with its unknown cards),
``seat_view`` and ``redundant`` (records from one seat), ``events`` (what each step
changed), ``terminal`` and ``draw`` (the game as text and as an HTML board), ``bots/``
and ``simulator``.  ``GAME`` is what the shared parts of mclog use (``mclog.protocol``).
"""

from __future__ import annotations

from mclog.protocol import EVENT_QUESTION, FRAMING_TAGS, SEAT_QUESTION, Game, GameOption


class MillionClub(Game):
    name = "Million Club"
    players = range(2, 7)
    file_prefix = "game"
    hidden_information = True
    options = (GameOption("setup", ("standard", "alternative"), "standard",
                          "the board's setup (the alternative: roles dealt at random)"),
               GameOption("privileges", ("draw", "pick"), "draw",
                          "privileges drawn as the rulebook says, or picked (a house rule)"))
    tag_names = (*FRAMING_TAGS, "Format", "Setup", "Privileges")

    def parse(self, raw, file, number):
        from .notation.reader import parse_record

        return parse_record(raw, file, number)

    def replay(self, record, *, strict=True, events=False, slips=True):
        from .replayer import replay

        return replay(record, strict=strict, events=events, slips=slips)

    def write(self, record, played=None):
        from .notation.writer import write_game

        return write_game(record, played)

    def kept(self, played):
        from mclog.record.entries import as_read

        from .notation.record import Marker
        from .notation.writer import kept_entries

        # (the round lines, which the canonical form writes where the record has them, left
        # in until the comments are read as its text holds them: one on a line of its own
        # before a round line and one after it are two comments, where two with nothing
        # between them are one)
        entries = [e for e in kept_entries(played.record, played.redundant)
                   if not isinstance(e, Marker) or e.label == "round"]
        return [e for e in as_read(entries) if not isinstance(e, Marker)]

    def to_json(self, record):
        from .notation.writer import to_json

        return to_json(record)

    def record_from_json(self, data, file=None):
        from mclog.games import spelt_json
        from mclog.record.json_form import BadValue, record_error

        from .notation.reader import from_json

        try:   # (the game and its tags in any spelling, as records_from_json reads them)
            data = spelt_json(data, self)
        except BadValue as exc:
            raise record_error(exc, file) from None
        return from_json(data, file)

    def records_from_json(self, data, file):
        from .notation.json_import import records_from_json

        return records_from_json(data, file)

    def unfinished(self, played):
        from .rules.flow import describe_decision

        state = played.replay.current
        return (f"the record ends in round {state.round} (next: {describe_decision(state)}); "
                "a complete game ends after round 9")

    def replay_text(self, played):
        from .terminal import replay_text

        return replay_text(played)

    def score_lines(self, played):
        from .terminal import score_lines

        return score_lines(played)

    def draw(self, state):
        from .board_svg import board_svg
        from .rules.flow import describe_decision

        return board_svg(state, next_question=describe_decision(state))

    def draw_step(self, played, index):
        from .board_svg import board_svg
        from .rules.flow import describe_decision

        state = played.state(index)
        return board_svg(state, next_question=describe_decision(state),
                         scores=played.score_at(index))

    def step_players(self, played, index):
        from .board_svg import player_lines

        return player_lines(played.state(index), played.score_at(index))

    def step_texts(self, played, start=0):
        return [step.text for step in played.steps[start:]]

    # --- a review by rollouts --------------------------------------------------------

    review_bots = "greedy"

    @property
    def bot_registry(self):
        from .bots import BOTS

        return BOTS

    def outcome(self, state):
        """Points, with money breaking a tie (rule 13)."""
        from .rules.scoring import points

        return [(sum(p.values()), state.money[seat]) for seat, p in enumerate(points(state))]

    def rollout_state(self, played, index, state, rng):
        """The position with every card the record's seat did not see named, a deal drawn
        in proportion to how likely it was among those the record allows up to this step
        (``deals.py``).  The position is then the one the seat knew: a card that only a
        later move names is drawn, not told (``state`` shows it in hindsight)."""
        if not played.variables:
            return state
        try:
            deals = played.deals(index)
        except ValueError as exc:
            from mclog.errors import ReviewError

            raise ReviewError(f"step {index}: {exc}") from None
        if not deals.handles:
            return state
        state = self.engine.copy(deals.state)
        for handle, kind in deals.draw(rng).items():
            state.identify(handle, kind)
        return state

    def rollout_note(self, played):
        """What the rollouts of a seat's record assume of the cards it did not see."""
        if not played.variables:
            return None
        return ("the cards this record's seat did not see are drawn for each rollout "
                "among the deals the record allows up to its step, each as likely as the "
                "shuffled decks make it (a card a player took unseen from several: any of "
                "them alike)")

    def options_known(self, played, index, seat):
        """Not where the decision is among cards the record's seat did not see (another
        player's draft hand), nor where the record does not say what was chosen (``Cleo
        sets aside ?``: a rollout cannot play the move as written, and which card it was
        is what a review would weigh)."""
        if not played.variables:
            return True
        from .rules.cards import is_handle, unseen

        if any(isinstance(value, str) and unseen(value)
               for value in _values(played.steps[index].move)):
            return False
        state = played.replay.state(index)
        return not any(is_handle(value) for move in self.engine.legal(state)
                       for value in _values(move))

    def move_text(self, played, index, move):
        from .notation.text import move_text

        return move_text(move, played.record.table)

    def final_text(self, played):
        from .rules.scoring import sure_winners
        from .terminal import ranking_text

        rows = played.scores()
        ranking = ranking_text(rows)
        if not played.complete:
            return (f"In progress, round {played.replay.current.round}; provisional "
                    f"scores: {ranking}")
        winners = sure_winners(rows)
        if not winners:
            return (f"Final scores: {ranking}: colonies not revealed leave the winner open "
                    f"(ties: money decides, R21)")
        said = " and ".join(r.name for r in winners)
        return (f"{said} {'wins' if len(winners) == 1 else 'share first place'}. Final "
                f"scores: {ranking} (ties: money decides, R21)")

    def report_charts(self, played):
        from .analysis import attribution, player_colours, prices, timeline
        from .viz import attribution_bars, price_chart, score_race

        return [("The score over the game", score_race(timeline(played),
                                                       player_colours(played))),
                ("The price markers", price_chart(prices(played))),
                ("Where the points came from", attribution_bars(attribution(played)))]

    def replay_widget(self, played):
        from .widget import replay_widget

        return replay_widget(played)

    @property
    def engine(self):
        from .rules.engine import ENGINE

        return ENGINE

    def seat_view(self, played, seat):
        from .seat_view import seat_view

        return seat_view(played, seat)

    def corpus_schema(self):
        from .analysis.rows import SCHEMA

        return SCHEMA

    def corpus_rows(self, played, game_id, source):
        from .analysis.rows import corpus_rows

        return corpus_rows(played, game_id, source)

    @property
    def check_kinds(self):
        from .notation.parse import CHECKS

        return CHECKS

    @property
    def recording_class(self):
        from .recorder.session import Recording

        return Recording

    def recorder_questions(self):
        return [("players", "Players in seat order, clockwise, with colours (Ann yellow, "
                            "Ben blue, Cleo red)", None),
                ("setup", "Setup: standard or alternative (Enter: standard)", "standard"),
                ("privileges", "Privileges: draw (the rulebook) or pick (Enter: draw)",
                 "draw"),
                SEAT_QUESTION, EVENT_QUESTION]

    def recording_tags(self, options, path):
        """``Setup`` and ``Privileges`` where not the rulebook's (a record leaves the
        defaults unwritten, as fmt does), then ``Seat`` and ``Event`` as every game's."""
        tags = {}
        for option in self.options:   # (the tag of each is its name: Setup, Privileges)
            value = options.get(option.name) or option.default
            if value.lower() != option.default:   # (a choice in any case; a slip as typed)
                tags[option.name.capitalize()] = \
                    value.lower() if value.lower() in option.choices else value
        return {**tags, **super().recording_tags(options, path)}

    def check_bots(self, bots, players=None):
        from mclog.simulate import check_bots

        from .bots import BOTS

        check_bots(bots, BOTS, players)

    def simulated_text(self, players, seed, bots, options):
        from .simulator import simulated_text

        return simulated_text(players, options.get("setup", "standard"), bots, seed,
                              options.get("privileges", "draw"))


GAME = MillionClub()


def _values(move) -> tuple:
    """The fields of a move, as values (a card a move names is one)."""
    from dataclasses import fields

    return tuple(getattr(move, f.name) for f in fields(move))
