"""Bounded fuzzing of the reader and replayer (a few seconds); `make fuzz` runs it long."""

from fuzzing import (
    OTHER_GAMES, arbitrary_bytes, arbitrary_text, commented, comment_round_trip, examples,
    mutated_exports, mutated_records, run_import, run_input,
)
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

FAST = settings(max_examples=examples(150), deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])


@FAST
@given(arbitrary_text)
def test_arbitrary_text_is_read_or_refused_with_a_located_error(text):
    run_input(text)


@FAST
@given(arbitrary_bytes)
def test_arbitrary_bytes_are_read_or_refused_with_a_located_error(data):
    run_input(data)


@pytest.mark.slow
@FAST
@given(mutated_records)
def test_mutated_records_replay_or_fail_at_a_located_error(text):
    run_input(text)


@pytest.mark.parametrize("game", OTHER_GAMES, ids=repr)
@FAST
@given(data=st.data())
def test_mutated_records_of_the_other_games_replay_or_fail_at_a_located_error(game, data):
    run_input(data.draw(game.mutated))


@pytest.mark.parametrize("game", OTHER_GAMES, ids=repr)
@FAST
@given(data=st.data())
def test_words_at_random_are_read_or_refused_with_a_located_error(game, data):
    run_input(data.draw(game.words))


@pytest.mark.parametrize("game", OTHER_GAMES, ids=repr)
@FAST
@given(data=st.data())
def test_comments_of_the_other_games_keep_their_text_and_anchor(game, data):
    comment_round_trip(data.draw(commented(game.paths)))


@pytest.mark.parametrize("game", OTHER_GAMES, ids=repr)
@FAST
@given(data=st.data())
def test_import_of_mutated_exports_of_the_other_games_never_fails_inside_mclog(game, data):
    run_import(data.draw(mutated_exports(game.paths)), game.name)


def test_the_inner_loop_tries_a_quarter_of_the_inputs():
    """``make test-fast`` (profile ``inner``) tries fewer inputs; ``make test`` all."""
    name = settings.get_current_profile_name()
    try:
        settings.load_profile("default")
        assert examples(150) == 150 and examples(12) == 12
        settings.load_profile("inner")
        assert examples(150) == 37 and examples(12) == 10
    finally:
        settings.load_profile(name)
