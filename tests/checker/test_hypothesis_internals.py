"""The one module that reaches into Hypothesis' internals: it works, or it fails loudly.

Run on the pinned Hypothesis in the suite and on the oldest supported one in
``tests/test_oldest_versions.py``.
"""

from __future__ import annotations

import importlib
from types import SimpleNamespace

import hypothesis
import hypothesis.control
import numpy as np
import pytest
from hypothesis import Phase, given, seed, settings
from hypothesis import strategies as st
from hypothesis.database import InMemoryExampleDatabase
from hypothesis.internal import entropy
from hypothesis.internal.conjecture import providers

from axiometrics.checker import hypothesis_internals as internals
from axiometrics.checker.profiles import PROFILES
from axiometrics.checker.reference import check_reference
from axiometrics.checker.runner import run_claim
from axiometrics.checker.subject import Subject
from axiometrics.checker.tolerance import Tolerance
from axiometrics.claims import get_claim
from axiometrics.errors import AxiometricsError
from axiometrics.registry import default_registry

VERSION = hypothesis.__version__
EXPECTED = (
    "expected the internals of Hypothesis 6.131.9 or later (pip install "
    "'hypothesis>=6.131.9'; if it already is, please report this with the version)"
)
SEEDING = "seed NumPy's global generator once per claim"
CONSTANTS = "draw the same cases for a seed whatever modules are imported"
COUNTER = "keep the simplest deciding case when a shrink budget is spent"
DIGEST = "tell claims apart in an example database"


@pytest.fixture(autouse=True)
def _fresh_check():
    """``require`` caches its success: every test checks the internals as it finds them."""
    internals.require.cache_clear()
    yield
    internals.require.cache_clear()


def _quiet(**changes):
    base = {
        "max_examples": 20,
        "database": None,
        "deadline": None,
        "derandomize": False,
        "print_blob": False,
        "phases": [Phase.generate],
    }
    return settings(**{**base, **changes})


def test_the_oldest_supported_hypothesis_is_the_declared_lower_bound():
    assert internals.MIN_HYPOTHESIS == "6.131.9"
    assert hypothesis.version.__version_info__ >= (6, 131, 9)


@pytest.mark.parametrize(
    ("module", "name", "purpose"),
    [
        ("hypothesis.control", "current_build_context", COUNTER),
        ("hypothesis.internal.conjecture.shrinker", "sort_key", COUNTER),
        ("hypothesis.internal.entropy", "NP_RANDOM", SEEDING),
        ("hypothesis.internal.entropy", "RANDOMS_TO_MANAGE", SEEDING),
        ("hypothesis.internal.entropy", "get_seeder_and_restorer", SEEDING),
        ("hypothesis.internal.conjecture.providers", "_local_constants", CONSTANTS),
        ("hypothesis.internal.conjecture.providers", "_get_local_constants", CONSTANTS),
        ("hypothesis.internal.conjecture.providers", "CONSTANTS_CACHE", CONSTANTS),
        ("hypothesis.internal.reflection", "function_digest", DIGEST),
    ],
)
def test_a_missing_internal_is_a_typed_error_naming_the_version_and_the_attribute(
    monkeypatch, module, name, purpose
):
    monkeypatch.delattr(importlib.import_module(module), name)
    with pytest.raises(internals.HypothesisInternalsError) as info:
        internals.require()
    assert str(info.value) == (
        f"hypothesis version={VERSION!r} has no {module}.{name}, which the checker uses to "
        f"{purpose}; {EXPECTED}"
    )
    assert info.value.version == VERSION
    assert info.value.attribute == f"{module}.{name}"
    assert isinstance(info.value, AxiometricsError)
    assert isinstance(info.value, RuntimeError)


def test_a_database_key_that_ignores_the_extra_digest_is_refused(monkeypatch):
    from hypothesis.internal import reflection

    monkeypatch.setattr(reflection, "function_digest", lambda function: b"one key for all")
    with pytest.raises(internals.HypothesisInternalsError) as info:
        internals.require()
    assert str(info.value) == (
        f"hypothesis version={VERSION!r} changed hypothesis.internal.reflection.function_digest "
        f"(it ignores _hypothesis_internal_add_digest), which the checker uses to {DIGEST}; "
        f"{EXPECTED}"
    )


def test_a_constant_pool_of_another_shape_is_refused(monkeypatch):
    # Hypothesis 6.131.6 to 6.131.8 kept the pool as a dict keyed by choice type.
    pool = {"integer": set(), "float": set(), "bytes": set(), "string": set()}
    monkeypatch.setattr(providers, "_local_constants", pool)
    with pytest.raises(internals.HypothesisInternalsError) as info:
        internals.require()
    assert str(info.value) == (
        f"hypothesis version={VERSION!r} changed "
        "hypothesis.internal.conjecture.providers._local_constants (a dict, not an "
        f"empty-constructible Constants pool), which the checker uses to {CONSTANTS}; "
        f"{EXPECTED}"
    )


def test_a_sort_key_that_no_longer_takes_choice_nodes_is_refused(monkeypatch):
    from hypothesis.internal.conjecture import shrinker

    def sort_key(buffer: bytes):
        return (len(buffer), buffer.hex())

    monkeypatch.setattr(shrinker, "sort_key", sort_key)
    with pytest.raises(internals.HypothesisInternalsError) as info:
        internals.require()
    assert str(info.value).startswith(
        f"hypothesis version={VERSION!r} changed hypothesis.internal.conjecture.shrinker.sort_key "
        "(AttributeError: 'tuple' object has no attribute 'hex'"
    )
    assert str(info.value).endswith(f"which the checker uses to {COUNTER}; {EXPECTED}")


@pytest.mark.parametrize("missing", ["testcounter", "nodes"])
def test_a_running_test_without_its_counter_or_choices_is_refused(monkeypatch, missing):
    data = SimpleNamespace(
        **{k: v for k, v in {"testcounter": 1, "nodes": ()}.items() if k != missing}
    )
    monkeypatch.setattr(
        hypothesis.control, "current_build_context", lambda: SimpleNamespace(data=data)
    )
    with pytest.raises(internals.HypothesisInternalsError) as info:
        internals.require()
    assert str(info.value) == (
        f"hypothesis version={VERSION!r} has no "
        f"hypothesis.internal.conjecture.data.ConjectureData.{missing}, which the checker uses "
        f"to {COUNTER}; {EXPECTED}"
    )


def test_numpys_generator_missing_from_hypothesis_registry_is_refused(monkeypatch):
    internals.require()
    monkeypatch.setattr(entropy, "NP_RANDOM", None)
    monkeypatch.setattr(entropy, "get_seeder_and_restorer", lambda seed=0: (None, None))
    with (
        pytest.raises(internals.HypothesisInternalsError) as info,
        internals.numpy_seeded_once(0),
    ):
        pytest.fail("the block must not run")
    assert str(info.value) == (
        f"hypothesis version={VERSION!r} changed hypothesis.internal.entropy.NP_RANDOM "
        "(NumPy's generator is not registered in RANDOMS_TO_MANAGE), which the checker uses "
        f"to {SEEDING}; {EXPECTED}"
    )


def test_checking_a_claim_with_changed_internals_raises_instead_of_returning_a_verdict(
    monkeypatch,
):
    monkeypatch.delattr(providers, "_local_constants")
    subject = Subject(default_registry().get("mae_macro"))
    with pytest.raises(internals.HypothesisInternalsError) as info:
        run_claim(
            subject,
            get_claim("identity"),
            profile=PROFILES["ci"],
            seed_value=11,
            tolerance=Tolerance(),
        )
    assert info.value.attribute == "hypothesis.internal.conjecture.providers._local_constants"


def test_a_reference_check_with_changed_internals_raises_instead_of_returning_a_verdict(
    monkeypatch,
):
    from hypothesis.internal import reflection

    monkeypatch.delattr(reflection, "function_digest")
    subject = Subject(default_registry().get("mae_macro"))
    with pytest.raises(internals.HypothesisInternalsError) as info:
        check_reference(subject, "mae_macro", profile=PROFILES["ci"], seed_value=11)
    assert info.value.attribute == "hypothesis.internal.reflection.function_digest"


def test_the_constant_pool_is_empty_inside_the_block_and_restored_after_it():
    original = providers._get_local_constants
    with internals.reproducible_constants():
        assert len(providers._get_local_constants()) == 0
        assert providers._get_local_constants is not original
    assert providers._get_local_constants is original


def test_numpys_generator_leaves_hypothesis_hands_inside_the_block_and_returns_after_it():
    np.random.seed(5)  # noqa: NPY002 - the global generator is under test
    before = np.random.get_state()[1].copy()  # noqa: NPY002
    with internals.numpy_seeded_once(3):
        wrapper = entropy.NP_RANDOM
        assert wrapper is not None
        assert all(r is not wrapper for r in entropy.RANDOMS_TO_MANAGE.values())
        first = np.random.random()  # noqa: NPY002
        with internals.numpy_seeded_once(4):
            # An inner claim keeps the outer claim's stream (no second reseed).
            second = np.random.random()  # noqa: NPY002
    assert any(r is wrapper for r in entropy.RANDOMS_TO_MANAGE.values())
    stream = np.random.RandomState(3)
    assert [first, second] == [stream.random_sample(), stream.random_sample()]
    np.testing.assert_array_equal(np.random.get_state()[1], before)  # noqa: NPY002


def test_runs_so_far_counts_test_runs_and_simplicity_ranks_smaller_choices_first():
    seen = []

    @seed(3)
    @_quiet(max_examples=30)
    @given(st.integers(0, 1000))
    def probe(value):
        seen.append((value, internals.runs_so_far(), internals.simplicity()))

    internals.require()
    probe()
    counters = [c for _, c, _ in seen]
    assert counters == sorted(counters)
    assert len(set(counters)) == len(counters)
    distinct = {value: key for value, _, key in seen}
    assert len(distinct) >= 10
    assert sorted(distinct, key=distinct.__getitem__) == sorted(distinct)


def _failing_probe_keys(digest: bytes) -> set[bytes]:
    database = InMemoryExampleDatabase()

    def probe(value):
        raise ValueError(value)

    internals.add_database_digest(probe, digest)
    # No @seed here: Hypothesis turns the database off for a seeded test.
    test = _quiet(database=database, max_examples=5)(given(st.integers())(probe))
    with pytest.raises(ValueError, match=r"^-?\d+\b"):
        test()
    return set(database.data)


def test_the_database_digest_separates_tests_that_share_one_probe_function():
    first = _failing_probe_keys(b"claim one")
    assert first
    assert _failing_probe_keys(b"claim one") == first
    assert _failing_probe_keys(b"claim two").isdisjoint(first)
