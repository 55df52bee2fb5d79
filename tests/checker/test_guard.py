"""A user's callable cannot take the checking session down: exit, output, hangs."""

from __future__ import annotations

import sys
import threading
import time

import numpy as np
import pytest

from axiometrics.checker import Outcome, check
from axiometrics.checker.guard import CallGuard, CallTimeoutError, validate_call_timeout
from axiometrics.errors import InvalidParameterError, MeasureImplementationError


def hit_rate(matrix):
    return float(np.trace(matrix) / matrix.sum())


def exits_on_asymmetric_input(matrix):
    two_rows = (matrix.sum(axis=1) > 0).sum() >= 2  # never true for a constant system
    if two_rows and matrix[0, 1] > matrix[1, 0]:
        sys.exit(3)
    return hit_rate(matrix)


def loops_forever_on_asymmetric_input(matrix):
    if matrix[0, 1] > matrix[1, 0]:
        while True:
            pass
    return hit_rate(matrix)


def sleeps_forever(matrix):
    time.sleep(10_000)


def chatty(matrix):
    print("computing the hit rate")
    print("warning: be careful", file=sys.stderr)
    return hit_rate(matrix)


def test_sys_exit_in_the_callable_is_an_error_verdict_naming_the_exit_code():
    report = check(
        exits_on_asymmetric_input, ["symmetry", "constant_system_discrimination"], family="oc"
    )
    symmetry = report.verdict("symmetry")
    assert symmetry.outcome is Outcome.ERROR
    assert (
        "MeasureImplementationError: callable 'exits_on_asymmetric_input' raised SystemExit "
        "(exit code 3); a measure must return a number, not end the process"
    ) in symmetry.reason
    assert report.verdict("constant_system_discrimination").outcome is Outcome.NOT_REFUTED
    assert report.failed


def test_a_callable_that_loops_forever_errors_the_claims_it_hangs_on_and_the_check_ends():
    started = time.perf_counter()
    report = check(
        loops_forever_on_asymmetric_input,
        ["symmetry", "count_scale_invariance"],
        family="oc",
        call_timeout=0.3,
    )
    assert time.perf_counter() - started < 20
    symmetry = report.verdict("symmetry")
    assert symmetry.outcome is Outcome.ERROR
    assert (
        "CallTimeoutError: callable 'loops_forever_on_asymmetric_input' did not return within "
        "0.3 s (call_timeout=0.3; --call-timeout on the command line)"
    ) in symmetry.reason
    # The example is the input that hung (one of M, M.T), not a shrunk stand-in.
    assert any(e.inputs[0][0, 1] > e.inputs[0][1, 0] for e in symmetry.example.entries)
    assert report.verdict("count_scale_invariance").outcome is Outcome.ERROR


def test_a_callable_that_hangs_on_the_typical_input_is_refused_before_any_claim():
    with pytest.raises(MeasureImplementationError, match=r"did not return within 0\.2 s"):
        check(sleeps_forever, family="oc", call_timeout=0.2)


def test_what_the_callable_prints_is_captured_and_summarised_in_a_note(capsys):
    report = check(chatty, ["symmetry"], family="oc")
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == ""
    assert len(report.notes) == 1
    assert report.notes[0].startswith("callable 'chatty' wrote to stdout/stderr in ")
    assert report.notes[0].endswith("first line: 'computing the hit rate'")
    assert "note: callable 'chatty' wrote" in report.render()


def test_a_pending_timer_of_the_caller_is_restored_after_each_call():
    import signal

    fired = []
    previous = signal.signal(signal.SIGALRM, lambda *a: fired.append(True))
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.5)
        guard = CallGuard("f", timeout=5.0)
        assert guard.call(lambda: 42) == 42
        remaining = signal.getitimer(signal.ITIMER_REAL)[0]
        assert 0 < remaining <= 0.5
        time.sleep(0.7)
        assert fired == [True]
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def test_outside_the_main_thread_a_hung_call_is_abandoned_after_the_limit():
    guard = CallGuard("sleeper", timeout=0.2)
    outcome = {}

    def run():
        try:
            guard.call(time.sleep, 5)
        except CallTimeoutError as exc:
            outcome["error"] = str(exc)

    worker = threading.Thread(target=run)
    started = time.perf_counter()
    worker.start()
    worker.join(10)
    assert time.perf_counter() - started < 3
    assert outcome["error"].startswith("callable 'sleeper' did not return within 0.2 s")
    assert guard.timed_out


def test_errors_raised_in_a_worker_thread_reach_the_caller():
    guard = CallGuard("f", timeout=1.0)
    result = {}

    def run():
        try:
            guard.call(lambda: 1 / 0)
        except ZeroDivisionError as exc:
            result["error"] = exc

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(5)
    assert isinstance(result["error"], ZeroDivisionError)


def test_keyboard_interrupt_is_not_contained():
    def interrupted():
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        CallGuard("f").call(interrupted)


@pytest.mark.parametrize("bad", [0, -1, float("inf"), float("nan"), "5", True])
def test_a_bad_time_limit_is_refused(bad):
    with pytest.raises(InvalidParameterError, match=r"call_timeout=.*expected a number of seconds"):
        validate_call_timeout(bad)


def test_no_time_limit_is_none():
    assert validate_call_timeout(None) is None
    assert CallGuard("f", timeout=None).call(lambda: 7) == 7
