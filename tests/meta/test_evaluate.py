import numpy as np
import pandas as pd
import pytest

from axiometrics.errors import InvalidParameterError
from axiometrics.meta import MetaInputError, amigo_synthetic, run, score_runs

SMALL = {"trials": 20, "B": 50}


@pytest.fixture(scope="module")
def runs():
    return amigo_synthetic(n_topics=24, n_items=40, seed=5)


def test_run_performs_every_analysis_with_tidy_frames(runs):
    result = run(runs, measures=["accuracy", "mae_macro", "nmd"], splits=("full", 10), **SMALL)
    frames = result.to_frames()
    assert set(frames) == {"similarity", "consistency", "discriminative", "coverage"}
    assert len(frames["similarity"]) == 3
    assert set(frames["consistency"]["split"]) == {"full split (12 vs. 12)", "10 vs. 10"}
    assert len(frames["discriminative"]) == 3
    # The reference measures were scored from the runs for coverage only.
    assert list(frames["coverage"]["measure"].sort_values()) == ["accuracy", "mae_macro", "nmd"]
    stacked = result.to_frame()
    assert stacked.columns[0] == "section"
    assert set(stacked["section"]) == set(frames)
    assert result.settings["p_value"] == "count / B"
    assert result.settings["systems"] == 50


def test_same_seed_gives_identical_results_and_another_seed_differs(runs):
    kwargs = {"measures": ["accuracy", "mae_macro"], "splits": (10,), **SMALL}
    a = run(runs, seed=1, **kwargs)
    b = run(runs, seed=1, **kwargs)
    c = run(runs, seed=2, **kwargs)
    for name, frame in a.to_frames().items():
        pd.testing.assert_frame_equal(frame, b.to_frames()[name])
    assert not np.array_equal(a.consistency[0].taus, c.consistency[0].taus)
    assert not np.array_equal(a.discriminative.p_values, c.discriminative.p_values)


def test_splits_that_do_not_fit_are_skipped_with_a_note(runs):
    result = run(
        runs,
        measures=["accuracy", "mae_macro"],
        splits=("full", 20),
        analyses=["consistency"],
        **SMALL,
    )
    assert [c.split for c in result.consistency] == ["full"]
    assert any("split 20 skipped" in note for note in result.notes)


def test_coverage_is_skipped_with_a_note_when_the_reference_cannot_be_scored(runs):
    dist = runs.to_distribution_runs()
    result = run(dist, measures=["nmd", "jsd"], analyses=["coverage"], **SMALL)
    assert result.coverage is None
    assert any("coverage skipped" in note for note in result.notes)


def test_score_frames_and_score_matrices_are_accepted(runs):
    scores = score_runs(runs, ["accuracy", "kendall_tau_a", "mutual_information", "mae_macro"])
    from_frame = run(scores.to_frame(), analyses=["coverage", "similarity"], **SMALL)
    from_matrices = run(scores, measures=["accuracy", "mae_macro"], analyses=["similarity"])
    assert from_frame.coverage is not None
    assert from_matrices.similarity.measures == ("accuracy", "mae_macro")


def test_bad_arguments_raise_typed_errors(runs):
    with pytest.raises(
        InvalidParameterError,
        match=r"^analyses=\['speed'\]: unknown name 'speed' \(choose from consistency, coverage, "
        r"discriminative, similarity\)$",
    ):
        run(runs, measures=["accuracy"], analyses=["speed"])
    with pytest.raises(MetaInputError, match="data must be LabelRuns"):
        run([1, 2, 3])
