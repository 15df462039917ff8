"""Bounded fuzzing of the reader and replayer (a few seconds); `make fuzz` runs it long."""

from fuzzing import (
    CARTEL_PATHS, ME_PATHS, cartel_words, mutated_cartel, arbitrary_bytes, arbitrary_text, commented, comment_round_trip,
    millionenspiel_words, mutated_exports, mutated_millionenspiel, mutated_records,
    run_import, run_input,
)
import pytest
from hypothesis import HealthCheck, given, settings

FAST = settings(max_examples=150, deadline=None,
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


@FAST
@given(mutated_millionenspiel)
def test_mutated_millionenspiel_records_replay_or_fail_at_a_located_error(text):
    run_input(text)


@FAST
@given(millionenspiel_words)
def test_millionenspiel_words_at_random_are_read_or_refused_with_a_located_error(text):
    run_input(text)


@FAST
@given(commented(ME_PATHS))
def test_millionenspiel_comments_keep_their_text_and_anchor(text):
    comment_round_trip(text)


@FAST
@given(mutated_exports(ME_PATHS))
def test_millionenspiel_import_of_mutated_exports_never_fails_inside_mclog(data):
    run_import(data, "Millionenspiel")


@FAST
@given(mutated_cartel)
def test_mutated_cartel_records_replay_or_fail_at_a_located_error(text):
    run_input(text)


@FAST
@given(cartel_words)
def test_cartel_words_at_random_are_read_or_refused_with_a_located_error(text):
    run_input(text)


@FAST
@given(commented(CARTEL_PATHS))
def test_cartel_comments_keep_their_text_and_anchor(text):
    comment_round_trip(text)


@FAST
@given(mutated_exports(CARTEL_PATHS))
def test_cartel_import_of_mutated_exports_never_fails_inside_mclog(data):
    run_import(data, "Cartel")
