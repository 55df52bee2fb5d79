"""The settings of a meta-evaluation as one immutable object, and ``run``'s keywords."""

from __future__ import annotations

import dataclasses

import pandas as pd
import pytest

from axiometrics.meta import ANALYSES, MetaOptions, amigo_synthetic, run
from axiometrics.meta.coverage import DEFAULT_REFERENCE
from axiometrics.meta.synthetic import DEFAULT_ON_UNDEFINED

SMALL = {"trials": 20, "B": 50, "splits": (10,)}


@pytest.fixture(scope="module")
def runs():
    return amigo_synthetic(n_topics=24, n_items=40, seed=5)


def test_options_are_immutable_and_keep_the_documented_defaults():
    opts = MetaOptions()
    with pytest.raises(dataclasses.FrozenInstanceError):
        opts.seed = 3  # type: ignore[misc]
    assert opts.analyses == ANALYSES
    assert (opts.trials, opts.B, opts.alpha, opts.seed) == (1000, 5000, 0.05, 0)
    assert tuple(opts.splits) == ("full", 10)
    assert opts.reference is None
    assert opts.on_undefined is None


def test_checking_fills_the_defaults_that_depend_on_the_data(runs):
    embedded = MetaOptions().checked(None)
    assert embedded.on_undefined == DEFAULT_ON_UNDEFINED
    assert embedded.reference == DEFAULT_REFERENCE
    given = MetaOptions(splits=["full", 10], reference=["nmd"]).checked(runs)
    assert given.on_undefined == "raise"
    assert given.splits == ("full", 10)
    assert given.reference == ("nmd",)


def test_run_with_an_options_object_equals_run_with_keywords(runs):
    measures = ["accuracy", "mae_macro"]
    by_keyword = run(runs, measures=measures, seed=3, **SMALL)
    by_options = run(runs, options=MetaOptions(measures=measures, seed=3, **SMALL))
    assert by_options.settings == by_keyword.settings
    for name, frame in by_keyword.to_frames().items():
        pd.testing.assert_frame_equal(frame, by_options.to_frames()[name])


def test_keywords_override_the_options_object(runs):
    base = MetaOptions(measures=["accuracy", "mae_macro"], seed=3, **SMALL)
    result = run(runs, options=base, analyses=["similarity"])
    assert set(result.to_frames()) == {"similarity"}
    assert base.analyses == ANALYSES  # the object itself is unchanged


def test_an_unknown_keyword_is_a_type_error_with_the_nearest_setting():
    with pytest.raises(TypeError, match=r"run\(\) got an unexpected keyword argument 'trails'"):
        run(trails=10)
    with pytest.raises(TypeError, match="did you mean 'trials'"):
        run(trails=10)
