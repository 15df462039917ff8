"""Pig, the test game that proves a game is a folder: rules (``rules.py``), a verb table
and a drawing, registered from this folder alone (``MCLOG_GAMES=tests/games/pig``)."""

from html import escape

from mclog.kit import KitGame, Number, Seat, Verb, Verbs

from .rules import Die, Hold, PigEngine, Roll


class Pig(KitGame):
    name = "Pig"
    players = range(2, 7)
    file_prefix = "pig"
    engine = PigEngine()
    verbs = Verbs([Verb("roll", Roll, (Seat("player"),), "{player} rolls"),
                   Verb("hold", Hold, (Seat("player"),), "{player} holds"),
                   Verb("die", Die, (Number("pips", 1, 6),), "the die shows {pips}")])

    def score_parts(self, state):
        return [{"banked": points} for points in state.banked]

    def draw(self, state):
        cells = "".join(f"<tr><td>{escape(n)}</td><td>{p}</td></tr>"
                        for n, p in zip(state.names, state.banked))
        return (f"<table class='pig'>{cells}</table><p>{escape(state.names[state.turn])} "
                f"has {state.pending} at stake</p>")


GAME = Pig()
