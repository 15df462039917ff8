"""Analysis tables, figures and the replay widget (issue 5)."""

from pathlib import Path

import pytest
from hidden import as_seen_by
from table import random_game

import mclog
from mclog.games.millionclub.analysis import (
    attribution, consequences, corpus, final_scores, money_flows, player_colours, prices,
    timeline,
)
from mclog.games.millionclub.notation.record import GameRecord, record_from_moves
from mclog.games.millionclub.rules.scoring import score

SAMPLES = sorted((Path(__file__).parent.parent / "sample_games" / "millionclub").glob("*.mclog"))


def load(name):
    return mclog.replay(mclog.read_one(
        Path(__file__).parent.parent / "sample_games" / "millionclub" / name))


@pytest.fixture(scope="module")
def thursday():
    return load("thursday-club-3p.mclog")


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_attribution_adds_up_exactly_to_every_final_score(path):
    game = mclog.replay(mclog.read_one(path))
    points = attribution(game).groupby("player")["points"].sum()
    finals = final_scores(game).set_index("name")["total"]
    for name in finals.index:
        assert points[name] == finals[name]  # exactly: quarters are exact in floating point


def test_attribution_answers_the_questions_of_the_issue(thursday):
    points = attribution(thursday)
    by_disc = points.groupby(["player", "disc"])["points"].sum()
    assert by_disc["Ann", "Colonies"] == 17.0  # where Ann's 24 came from
    rounding = points[points.category == "wealth rounding"].set_index("player")["points"]
    assert rounding.to_dict() == {"Ben": -0.5, "Cleo": -0.25}  # 2 and 29 million
    cost = points[(points.actor == "Cleo") & (points.player == "Ann")]["points"].sum()
    assert cost == -1.5  # what Cleo's moves cost Ann (Dumping, takeover...)
    racket = points[(points.card == "racket")]
    assert set(racket.player) == {"Ann", "Ben", "Cleo"}  # a Racket touches everyone's wealth
    assert set(points.actor) >= {"setup", "chance", "rules", "Ann", "Ben", "Cleo"}


def test_timeline_is_tidy_and_its_scores_are_the_final_scoring_applied_now(thursday):
    tl = timeline(thursday)
    assert len(tl) == (len(thursday) + 1) * 3 and tl.step.max() == len(thursday)
    for step in (0, 40, 100, len(thursday)):
        rows = tl[tl.step == step]
        state = thursday.state(step)
        shown = thursday.score_at(step)  # the one answer every view gives
        assert list(rows.total_low) == [r.total_range[0] for r in shown]
        assert list(rows.total_high) == [r.total_range[1] for r in shown]
        assert list(rows.total[rows.exact]) == [r.total for r in shown if r.exact]
        assert list(rows.money) == state.money
        assert rows.price_F.iloc[0] == state.prices["F"]
    last = tl[tl.step == len(thursday)].set_index("player")
    assert last.loc["Ann", "n_colonies"] == 11 and last.loc["Ann", "n_industries"] == 0
    assert tl[tl.step == 50].iloc[0].move == "Cleo takeover Ann R2"
    # Ann wrote Cleo's two starting colonies as ?; the reveal shows them, so the score at
    # step 40 is counted with them: Ann 8, where counting them as nothing said 9
    at_40 = tl[tl.step == 40].set_index("player")
    assert at_40.loc["Ann", "total"] == 8 and bool(at_40.loc["Ann", "exact"])
    assert score(thursday.state(40))[0].total == 9


def test_unknown_cards_stay_unknown_before_the_reveal():
    final, moves = random_game(3, 3)
    full = as_seen_by(record_from_moves(final.table, moves), 0, final)
    cut = GameRecord(full.tags, full.table, [e for e in full.entries
                                             if type(e).__name__ != "RevealEntry"])
    game = mclog.replay(cut)
    tl = timeline(game)
    last = tl[tl.step == tl.step.max()]
    held = game.final.colonies
    assert list(last.unknown_colonies) == [sum(v for k, v in c.items() if k[0] == "?")
                                           for c in held]
    assert last.unknown_colonies.sum() > 0  # shown as unknown, never guessed
    assert list(last.n_colonies) == [sum(c.values()) for c in held]


def test_prices_and_spreads(thursday):
    pr = prices(thursday)
    assert (pr.spread_F == pr["F"] - pr["R"]).all() and (pr.spread_T == pr["T"] - pr["F"]).all()
    ends = pr[pr.round_end]
    assert list(ends["round"]) == list(range(0, 10))
    row = ends[ends["round"] == 6].iloc[0]
    assert (row["F"], row["T"], row["R"]) == (3, 3, 6)  # the recorder's own checkpoint after round 6


def test_money_flows_account_for_every_million(thursday):
    flows = money_flows(thursday)
    start, end = thursday.state(0).money, thursday.final.money
    for seat, name in enumerate(thursday.record.table.names):
        got = flows[flows.payee == name].amount.sum() - flows[flows.payer == name].amount.sum()
        assert got == end[seat] - start[seat]
    takeover = flows[flows.cause == "Cleo takeover Ann R2"].iloc[0]
    assert (takeover.payer, takeover.payee, takeover.amount) == ("Cleo", "Ann", 6)
    assert (flows.amount > 0).all()


def test_consequences_lists_every_legal_move(thursday):
    step = thursday.disc_start(4, 3) + 3
    table = consequences(thursday, step)
    assert table.attrs["question"] == "Ann: buy a card or set one aside"
    buy = table[table.move == "Ann buys america"].iloc[0]
    assert (buy["Ann points"], buy["Ann money"], buy["Ben points"]) == (1, -2, 0)
    placing = consequences(thursday, thursday.round_start(5))
    assert (placing.note == "worth shows when the disc resolves").all()


def test_corpus_over_the_samples_in_parallel():
    games = corpus(SAMPLES, jobs=2)
    assert not games.errors and len(games.players) == 2 + 3 + 4 + 5 + 6
    assert games.players.win.sum() == 5
    assert games.win_rate("players").to_dict() == {2: 0.5, 3: 1 / 3, 4: 0.25, 5: 0.2, 6: 1 / 6}
    assert set(games.players.dropna(subset=["role"]).role) >= {"Schemer", "Heir"}
    total = games.discs.groupby("game").points.sum()
    assert total.sum() == games.players.total.sum()
    assert set(games.players.bot.dropna()) == {"greedy"}


def test_corpus_counts_a_file_named_twice_or_copied_once(tmp_path):
    """A folder and a file in it, or a copy of a record: the same games counted twice in
    every rate; they are counted once, and each other file is named in ``same``."""
    import shutil

    copy = tmp_path / "copy.mclog"
    shutil.copy(SAMPLES[0], copy)
    games = corpus([SAMPLES[0].parent, SAMPLES[0], copy], jobs=1)
    assert not games.errors and len(games.players) == 2 + 3 + 4 + 5 + 6
    assert games.same == [f"{path}: holds the same bytes as {SAMPLES[0]}: its games are "
                          "counted once, as that file's" for path in (SAMPLES[0], copy)]


def test_corpus_keeps_errors_not_half_results(tmp_path):
    bad = tmp_path / "bad.mclog"
    bad.write_text(SAMPLES[0].read_text().replace("start      Yann", "start      Nobody"))
    games = corpus([SAMPLES[0], bad], jobs=1)
    assert len(games.players) == 2 and len(games.errors) == 1 and "Nobody" in games.errors[0]


def test_corpus_of_a_folder_with_other_games_records_leaves_them_out_in_words(tmp_path):
    """A folder of records of several games: the others are left out, each named (the
    corpus stopped on "'KitRecord' object has no attribute 'table'"); a path that is no
    path is said so."""
    cartel = Path(__file__).parent.parent / "sample_games" / "cartel" / "duel-2p.mclog"
    games = corpus([SAMPLES[0], cartel], jobs=1)
    assert len(games.players) == 2
    assert games.errors == [f"{cartel}: game 1: a Cartel record, left out (this corpus is "
                            "of Million Club games)"]
    with pytest.raises(TypeError, match="^corpus reads a file or folder's path, or a list of "
                                        "them, not int$"):
        corpus(5)


@pytest.mark.parametrize("step,error,said", [
    ("5", TypeError, "step is a whole number, not a str"),
    (5.0, TypeError, "step is a whole number, not a float"),
    (-1, ValueError, "step is from 0 to 157, not -1"),
    (158, ValueError, "step is from 0 to 157, not 158"),
])
def test_the_consequences_of_a_step_that_is_none_are_said(thursday, step, error, said):
    """``consequences(game, step)``: a step from the end paired the state after every move
    with the last move as "played"; a text or a float met Python's own words."""
    assert len(thursday) == 157
    with pytest.raises(error) as refused:
        consequences(thursday, step)
    assert str(refused.value) == said


def test_a_corpus_table_given_a_folder_or_a_game_says_what_it_reads(thursday):
    from mclog.games.millionclub.analysis.strategy import points_per_pawn, start_player

    for table in (points_per_pawn, start_player):
        for given, what in ((thursday, "a GameReplay"), ("corpus/", "a str")):
            with pytest.raises(TypeError, match=f"^{table.__name__} reads a corpus, not "
                                                f"{what}: give it mclog.analysis.corpus"):
                table(given)


def test_figures(thursday):
    from mclog.games.millionclub import viz

    pr = prices(thursday)
    fig = viz.price_chart(pr, step=12)
    assert [t.name for t in fig.data] == ["Factories", "Transport", "Raw materials"]
    assert fig.layout.shapes[0].x0 == 12 and len(fig.data[0].x) == len(thursday) + 1
    points = attribution(thursday)
    bars = viz.attribution_bars(points)
    assert {t.name for t in bars.data} >= {"Colonies", "Stock Exchange", "final score"}
    fall = viz.waterfall(points, "Ann")
    assert fall.data[0].text[-1] == "24"
    for by in viz.WATERFALL_BY:   # (each a column: each adds up to the final score)
        assert viz.waterfall(points, "Ben", by=by).data[0].text[-1] == "12"
    with pytest.raises(ValueError, match=r"^'ann' is not a player of this table \(the "
                                         r"players are Ann, Ben, Cleo\)$"):
        viz.waterfall(points, "ann")   # (it drew an empty chart)
    with pytest.raises(ValueError, match="^by is one of disc, round, card, actor, category, "
                                         "not 'seat'$"):
        viz.waterfall(points, "Ann", by="seat")
    race = viz.score_race(timeline(thursday), player_colours(thursday))
    lines = [t for t in race.data if t.showlegend is not False]  # a line per player
    assert [list(t.y)[-1] for t in lines] == [24, 12, 18]
    # Cleo's two starting colonies are unseen by Ann's record until the reveal: early on
    # Cleo's score is a band from its lowest to its highest, with no line through it
    band = [t for t in race.data if t.name == "Cleo (range)"]
    assert band and band[0].fill == "tonexty"
    assert viz.money_chart(timeline(thursday)).data[2].y[-1] == 29
    assert len(viz.stock_exchange_chart(money_flows(thursday)).data) == 3


def test_replay_widget_steps_and_buttons(thursday):
    from mclog.games.millionclub.widget import replay_widget

    w = replay_widget(thursday)
    assert "Setup" in w.move.value and "Round 1 &mdash;" not in w.board.value
    w.go(50)
    assert "Cleo takeover Ann R2" in w.move.value and "line 33" in w.move.value
    assert "6 million to me" in w.move.value  # the comment of that move
    assert "Round 2 &mdash;" in w.board.value
    assert w.marked.step == 50   # (the page draws the marker there)
    assert [t.name for t in w.chart.data if t.showlegend is not False] == [
        *thursday.record.table.names, "Factories",
                                              "Transport", "Raw materials"]
    w.next_round.click()
    assert w.step == thursday.round_start(3)
    assert "Round 3 &mdash; next: Cleo: place a pawn" in w.board.value
    w.prev_move.click()
    assert w.step == thursday.round_start(3) - 1
    w.prev_round.click()
    assert w.step == thursday.round_start(2)
    w.selector.value = dict(w.stops)["Round 4: Colonies"]
    assert w.step == thursday.disc_start(4, 3)
    w.play.value = 7  # what the Play button does, step by step
    assert w.step == 7 and "start Ann" in w.move.value
    w.go(10_000)
    assert w.step == len(thursday) and "game over" in w.board.value
    assert w.slider.max == len(w.positions) - 1 == len(thursday) + len(
        [e for events in w.settled.values() for e in events])


def test_points_by_disc_is_attribution_summed(thursday):
    from mclog.games.millionclub.analysis.tables import points_by_disc

    summed = attribution(thursday).groupby(["player", "disc"])["points"].sum()
    fast = points_by_disc(thursday)
    assert {k: v for k, v in summed.items() if v} == {k: v for k, v in fast.items() if v}


def test_decisions_list_the_moments_with_a_choice_and_consequences_mark_the_move_played():
    """Issue 14: a teacher picks a moment from the game itself, not by step arithmetic."""
    from mclog.games.millionclub.analysis import consequences, decisions

    game = mclog.replay(mclog.read_one(SAMPLES[-1]))  # thursday-club-3p
    moments = decisions(game)
    assert (moments.options >= 2).all() and moments.step.is_monotonic_increasing
    first_draft = moments[moments.kind == "draft"].iloc[0]
    assert (first_draft["round"], first_draft.player, first_draft.played) == (1, "Ann",
                                                                            "Ann buys oceania")
    table = consequences(game, int(first_draft.step))
    assert list(table.played).count("played") == 1
    assert table[table.played == "played"].move.iloc[0] == "Ann buys oceania"
    points = list(table["Ann points"])
    assert points == sorted(points, reverse=True)  # the best for Ann first


def test_the_moment_a_teacher_is_shown_is_the_widest_draft_or_none_before_any_choice():
    """``chosen_step``: notebook 05 shows the draft with the most cards to choose from and
    the last Hostile takeover (else the last decision); a record with no decision with a
    choice yet gives ``None``, which the notebook says (it met an IndexError)."""
    from mclog.games.millionclub.analysis import chosen_step, decisions

    game = mclog.replay(mclog.read_one(SAMPLES[-1]))  # thursday-club-3p
    moments = decisions(game)
    widest = chosen_step(moments, ["draft", "choose"], widest=True)
    drafts = moments[moments.kind.isin(["draft", "choose"])]
    assert widest == int(drafts[drafts.options == drafts.options.max()].step.iloc[0])
    assert chosen_step(moments, ["takeover"]) == int(
        moments[moments.kind == "takeover"].step.iloc[-1]
        if (moments.kind == "takeover").any() else moments.step.iloc[-1])
    assert chosen_step(moments, ["no such kind"]) == int(moments.step.iloc[-1])
    begun = mclog.replay(mclog.parse_one('[Players "Ann, Ben, Cleo"]\n'))
    assert len(decisions(begun)) == 0
    assert chosen_step(decisions(begun), ["draft"], widest=True) is None


def test_the_replay_widget_tells_the_score_story():
    """Issue 14: the provisional score and rank at every step, the winner at the end, the
    jump list following the step."""
    from mclog.games.millionclub.widget import replay_widget

    game = mclog.replay(mclog.read_one(SAMPLES[-1]))  # thursday-club-3p
    widget = replay_widget(game)
    assert widget.ranges_ready.wait(timeout=300)   # (drawn first with safe bounds)
    widget.go(118)
    # (Ann's record: Cleo's two starting colonies are ? until the reveal, which settles
    # them: counted with them, Ann has 19 here, not the 20 of counting them as nothing)
    assert widget.score.value == ("Provisional score (the final scoring applied now): "
                                  "1. Ann 19 &middot; 2. Cleo 18 &middot; 3. Ben 9")
    assert "19 points" in widget.board.value  # the board says the same
    label = dict((s, label) for label, s in widget.stops)[widget.selector.value]
    assert label.startswith("Round 7") and widget.step == 118
    widget.go(len(game))
    assert widget.score.value.startswith("<b>Ann wins.</b> Final ranking: 1. Ann 24 &middot; "
                                         "2. Cleo 18 &middot; 3. Ben 12")
    widget.go(40)   # (a click on the chart goes there in the page: tests/test_browser.py)
    assert widget.step == 40 and widget.marked.step == 40
    # the chart the page draws is the figure's JSON, sent whole again when it changes
    assert widget.marked.view.figure["data"][0]["name"] == widget.chart.data[0].name


def test_win_rates_say_how_many_games_and_the_fair_share(tmp_path):
    """Issue 14: a corpus chart says what its bars are of, against the fair share."""
    from mclog.games.millionclub.analysis import corpus
    from mclog.games.millionclub.viz import win_rate_chart

    games = corpus([Path(__file__).parent.parent / "sample_games" / "millionclub"], jobs=1)
    rates = games.win_rate("players")
    counts = games.players.groupby("players").size().to_dict()
    assert rates.attrs["games"] == counts
    assert rates.attrs["fair"] == {n: 1 / n for n in counts}
    fig = win_rate_chart(rates, "Win rate by table size")
    assert fig.layout.title.text == f"Win rate by table size ({sum(counts.values())} player-games)"
    assert list(fig.data[1].y) == [1 / n for n in rates.index]


@pytest.mark.parametrize("path", SAMPLES, ids=lambda p: p.name)
def test_attribution_bars_end_at_the_score(path):
    """Issue 14: gains stacked up, losses hanging down from their top: the bar's solid part
    ends exactly at the player's score, never taller."""
    from mclog.games.millionclub.viz import attribution_bars

    game = mclog.replay(mclog.read_one(path))
    fig = attribution_bars(attribution(game))
    scores = {r.name: r.total for r in game.scores()}
    for name, total in scores.items():
        parts = [(b, h, v) for t in fig.data[:-1] for x, b, h, v in
                 zip(t.x, t.base, t.y, t.customdata) if x == name]
        gains = sum(h for _, h, v in parts if v >= 0)
        losses = [b for b, h, v in parts if v < 0 and h]
        bottom = min(losses) if losses else gains
        assert abs(bottom - total) < 1e-9, (name, bottom, total)


def test_the_replay_widget_has_a_tempo_for_play(thursday):
    from mclog.games.millionclub.widget import replay_widget

    widget = replay_widget(thursday)
    assert (widget.speed.value, widget.play.interval) == (600, 600)
    widget.speed.value = 150
    assert widget.play.interval == 150


def test_the_widget_says_what_the_rules_did_on_their_own(thursday):
    """Issue 14: a money jump after a step is explained (the Stock Exchange settlement)."""
    from mclog.games.millionclub.widget import replay_widget

    widget = replay_widget(thursday)
    widget.go(27)
    assert widget.move.value.endswith("<br>&rarr; then the rules: Stock Exchange settlement: "
                                      "Ann +1, Ben +1, Cleo +1 (million)")


def test_the_jump_list_names_the_settlements(thursday):
    from mclog.games.millionclub.widget import replay_widget

    widget = replay_widget(thursday)
    labels = dict((at, label) for label, at in widget.stops)
    assert labels[28] == "Round 1: Stock Exchange settlement, then Industries"
    assert [at for _, at in widget.stops] == sorted(at for _, at in widget.stops)
    assert len(set(labels)) == len(widget.stops)  # one label to a place


def test_a_settlement_is_a_step_of_its_own(thursday):
    """Issue 14: what the rules do on their own is a step: the board before it shows the
    money as the move left it, and the step after it the money the settlement moved."""
    import re

    from mclog.games.millionclub.widget import replay_widget

    widget = replay_widget(thursday)
    widget.go(27)  # Ann buys india; the Stock Exchange then pays
    money = lambda: [int(m) for m in re.findall(r">(\d+) million<", widget.board.value)]
    before = money()
    assert "next: the rules: Stock Exchange settlement" in widget.board.value
    widget.next_move.click()
    last = len(widget.positions) - 1  # (one count: the slider's, the text's, the list's)
    assert widget.slider.max == last == 165
    assert widget.move.value == (f"<b>Step 28 of {last}</b> &middot; <b>Round 1: Stock "
                                 "Exchange settlement</b> &middot; the rules, after move 27 "
                                 "&middot; Ann +1, Ben +1, Cleo +1 (million)")
    assert widget.slider.value == 28
    assert money() == [m + 1 for m in before]
    assert widget.step == 27 and widget.marked.step == 27
    widget.next_move.click()
    assert widget.step == 28 and f"<b>Step 29 of {last}</b> &middot; move 28 of 157" in \
        widget.move.value
    widget.prev_move.click()
    widget.prev_move.click()
    assert widget.step == 27 and widget.move.value.startswith(
        f"<b>Step 27 of {last}</b> &middot; move 27 of 157")
    assert widget.stops[-1] == ("Final scores", last)  # the jump list ends at the scores


def test_the_board_says_one_point_not_one_points(thursday):
    from mclog.games import game

    board = game("Million Club").draw_step(thursday, 0)  # the setup: 5 million, 1 point
    assert ">1 point (#1)<" in board and "1 points" not in board
