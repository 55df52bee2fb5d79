import numpy as np
import pytest

from axiometrics.errors import InvalidParameterError
from axiometrics.meta import run
from axiometrics.meta.validate import check_count, check_seed, check_splits


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"seed": -1}, "seed=-1 must be a non-negative integer"),
        ({"seed": 1.5}, "seed=1.5 must be a non-negative integer"),
        ({"seed": True}, "seed=True must be a non-negative integer"),
        ({"trials": 0}, "trials=0 must be a positive integer"),
        ({"B": -5}, "B=-5 must be a positive integer"),
        (
            {"splits": ["full", 0]},
            "splits=['full', 0]: each split must be 'full' or a positive subset size (got 0)",
        ),
        (
            {"splits": ["half"]},
            "splits=['half']: each split must be 'full' or a positive subset size (got 'half')",
        ),
        (
            {"analyses": []},
            "analyses=[] must name at least one of ['consistency', 'coverage', "
            "'discriminative', 'similarity']",
        ),
        (
            {"analyses": ["coverag"]},
            "analyses=['coverag']: unknown name 'coverag'; did you mean 'coverage'?",
        ),
        ({"alpha": 1.0}, "alpha=1.0 must lie strictly between 0 and 1"),
    ],
)
def test_bad_settings_raise_invalid_parameter_errors_before_any_work(kwargs, message):
    with pytest.raises(InvalidParameterError) as info:
        run(**kwargs)
    assert str(info.value) == message


def test_an_unknown_reference_measure_is_refused_with_the_nearest_names():
    with pytest.raises(InvalidParameterError) as info:
        run(measures=["accuracy", "mae_macro"], analyses=["coverage"], reference=["kendal_tau_a"])
    assert str(info.value) == (
        "reference=['kendal_tau_a']: unknown name 'kendal_tau_a'; did you mean "
        "'kendall_tau_a', 'kendall_tau_b', 'kendalltau'?"
    )


def test_valid_settings_are_normalised():
    assert check_seed(np.int64(3)) == 3
    assert check_count("B", 10) == 10
    assert check_splits(["full", np.int32(5)]) == ("full", 5)
    assert check_splits("full") == ("full",)
