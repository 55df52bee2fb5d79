"""scikit-learn's classification and regression metrics, checked as their authors would."""

import metric_adapters
from sklearn import metrics
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


#: Regression metrics (family "regression", (y_true, y_pred[, sample_weight])).  The adapters
#: pass sample_weight by position and report an inf/NaN result (overflow) as undefined.
REGRESSION = [
    # Unadapted: scikit-learn's MSE returns inf with "RuntimeWarning: overflow encountered in
    # subtract" on y_true = (1.8e308,), y_pred = (-1.8e308,); the built-in declares that
    # input undefined.
    callable_measure(
        metrics.mean_squared_error,
        family="regression",
        higher_is_better=False,
        optimum=0.0,
        score_range=(0.0, float("inf")),
        claims=["well_defined"],
        expect={"well_defined": "violated"},
    ),
    callable_measure(
        metric_adapters.mean_absolute_error,
        family="regression",
        signature="y_true,y_pred,sample_weight",
        higher_is_better=False,
        optimum=0.0,
        claims=["error_monotonicity"],
        expect={"error_monotonicity": "holds"},
    ),
    # "Best possible score is 1.0": reached by y_pred = y_true + c (a constant bias), as for
    # the built-in, and, with force_finite=True, by any prediction of a single item (y_true
    # = (0,), y_pred = (1,) scores 1.0 with no warning, where R² gives NaN and a warning).
    callable_measure(
        metric_adapters.explained_variance_score,
        family="regression",
        signature="y_true,y_pred,sample_weight",
        optimum=1.0,
        claims=["identity", "error_monotonicity"],
        expect={"identity": "violated", "error_monotonicity": "violated"},
    ),
    # No sample_weight parameter: called as f(y_true, y_pred), so weighted cases lie outside
    # every claim.  Only the largest error counts: y_true = (0, 0), y_pred = (1, 1) and (0, 1)
    # both score 1.
    callable_measure(
        metric_adapters.max_error,
        family="regression",
        higher_is_better=False,
        optimum=0.0,
        claims=["symmetry", "error_monotonicity", "bounded_influence"],
        expect={
            "symmetry": "holds",
            "error_monotonicity": "violated",
            "bounded_influence": "violated",
        },
    ),
    # SciPy's Pearson r, in [-1, 1] as its docstring says; NaN (with ConstantInputWarning)
    # for a constant input.  One outlier moves it without bound: y_true = (0, 0, 1) with
    # y_pred = (2, 0, 1) scores 0, with y_pred = (1001, 0, 1) -0.499.
    callable_measure(
        metric_adapters.pearson_r,
        family="regression",
        optimum=1.0,
        score_range=(-1.0, 1.0),
        undefined="nan",
        claims=["prediction_affine_invariance", "bounded_influence", "identity", "well_defined"],
        expect={
            "prediction_affine_invariance": "holds",
            "bounded_influence": "violated",
            "identity": "violated",
            "well_defined": "holds",
        },
    ),
]


@parametrize_with_claims(REGRESSION)
def test_regression_claims(measure, claim, check):
    """One item per (regression measure, claim)."""
    check()
