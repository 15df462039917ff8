"""Bounded fuzzing of the reader and replayer (a few seconds); `make fuzz` runs it long."""

from fuzzing import arbitrary_bytes, arbitrary_text, mutated_records, run_input
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


@FAST
@given(mutated_records)
def test_mutated_records_replay_or_fail_at_a_located_error(text):
    run_input(text)
