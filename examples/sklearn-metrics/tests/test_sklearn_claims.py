"""scikit-learn's classification metrics, checked as a library author would check their own."""

from sklearn.metrics import accuracy_score, cohen_kappa_score, f1_score, mean_absolute_error

from axiometrics.testing import callable_measure, parametrize_with_claims

MEASURES = [
    callable_measure(
        cohen_kappa_score,
        name="cohen_kappa_linear",
        family="oc",
        signature="gold,system",  # y_true first
        params={"weights": "linear"},
        undefined="nan",  # NaN (with a RuntimeWarning) where kappa is 0/0
        claims=["ordinal_invariance", "ordinal_monotonicity", "symmetry"],
        expect={
            # scikit-learn weights disagreements by label *positions*, not values:
            "ordinal_invariance": "holds",
            "ordinal_monotonicity": "violated",
            "symmetry": "holds",
        },
    ),
    callable_measure(
        mean_absolute_error,
        family="oc",
        signature="gold,system",
        higher_is_better=False,
        claims=["ordinal_invariance", "ordinal_monotonicity", "imbalance"],
        expect={
            "ordinal_invariance": "violated",
            "ordinal_monotonicity": "holds",
            "imbalance": "violated",
        },
    ),
    callable_measure(
        f1_score,
        name="f1_macro",
        family="oc",
        signature="gold,system",
        params={"average": "macro", "zero_division": 0},
        # labels= is filled with the full class list, so absent classes count.
        claims=["ordinal_invariance", "ordinal_monotonicity", "imbalance"],
        expect={
            "ordinal_invariance": "holds",
            "ordinal_monotonicity": "violated",
            "imbalance": "holds",
        },
    ),
    callable_measure(
        accuracy_score,
        family="oc",
        signature="gold,system",
        claims=["ordinal_invariance", "ordinal_monotonicity", "symmetry"],
        expect={
            "ordinal_invariance": "holds",
            "ordinal_monotonicity": "violated",
            "symmetry": "holds",
        },
    ),
]


@parametrize_with_claims(MEASURES)
def test_claims(measure, claim, check):
    """One item per (measure, claim): passes, fails with a counterexample, or xfails."""
    check()
