"""Built-in measures of the ``regression`` family, under scikit-learn's and SciPy's names.

Every compute function takes ``y_true``, ``y_pred`` and ``sample_weight`` of
shape ``(..., n)`` (validated by :mod:`axiometrics.measures.regression.family`;
the weights are all ones when none are given) and returns an
:class:`~axiometrics.Evaluation` marking the undefined entries.  The kernels
live in :mod:`axiometrics.measures.regression._math`.

Sample weights are frequencies: an integer weight k counts the item k
times, a zero weight removes it.  ``max_error``, ``pearsonr``, ``spearmanr``
and ``kendalltau`` have no weighted form (neither in scikit-learn nor in
SciPy) and refuse weights other than all ones with
:class:`~axiometrics.errors.InvalidInputError`.

Conventions that differ from scikit-learn and SciPy (each pinned by a test,
see ``docs/families/regression.md``): where they return a fallback or NaN
(constant ``y_true`` for R², explained variance and D²; constant input for
the correlations; a true value of 0 for MAPE; fewer than two items), these
measures declare the input undefined; a value that overflows float64 is
declared undefined instead of returned as ``inf``.
"""

from __future__ import annotations

import math
from collections.abc import Callable

import numpy as np

from axiometrics import (
    Evaluation,
    Holds,
    InvalidInputError,
    Measure,
    MeasurePlugin,
    NotApplicable,
    Range,
    Reference,
    Violated,
)
from axiometrics.declarations import ClaimDeclaration

from . import _math

__all__ = ["plugin"]

plugin = MeasurePlugin("regression")

_ERROR = Range(0.0, math.inf)
_FRACTION = Range(-math.inf, 1.0, note="1 for a perfect fit; unbounded below (R² is not in [0, 1])")
_CORRELATION = Range(-1.0, 1.0)
_SYMBOLS = (
    "y_i = true value of item i, p_i = its prediction, w_i = its sample weight (1 when none "
    "are given), W = sum_i w_i."
)
_SKLEARN = "scikit-learn user guide, sklearn.metrics"
_SCIPY = "SciPy reference, scipy.stats"
_OVERFLOW = "the value overflows float64 (errors near the largest float)"
_CONSTANT_TRUE = (
    "y_true is constant over the items of positive weight (one item included): the "
    f"denominator is 0; or {_OVERFLOW}"
)
_CONSTANT_EITHER = "y_true or y_pred is constant (one item included): the standard deviation is 0"

_MEAN = "a weighted mean over items, whatever their order"
_DIFFERENCES = "depends on the differences y_i - p_i only"
_FREQUENCY = (
    "a weighted mean: an integer weight counts its item that many times, a zero weight "
    "drops it, and a common factor cancels"
)
_NO_WEIGHTS = NotApplicable(
    reason="takes no sample weights (weights other than all ones are refused)"
)
_RANKS = "reads the order of each vector only (average ranks for ties)"


def _deg(d: int, note: str) -> Holds:
    """``scale_homogeneity`` holds with degree ``d`` (the ``degree_<d>`` precondition)."""
    return Holds(preconditions=(f"degree_{d}",), note=note)


def _claims(**declared: ClaimDeclaration) -> dict[str, ClaimDeclaration]:
    return dict(declared)


def _unit_weights(name: str, w: np.ndarray) -> None:
    if not np.all(w == 1.0):
        raise InvalidInputError(
            f"{name} takes no sample weights: sample_weight must be all ones or absent (got "
            f"weights from {float(np.min(w))!r} to {float(np.max(w))!r})"
        )


def _compute(
    kernel: Callable[[np.ndarray, np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]],
    name: str | None = None,
) -> Callable[..., Evaluation]:
    """A compute function running ``kernel``; ``name``: refuse weights other than ones."""

    def compute(
        y_true: np.ndarray, y_pred: np.ndarray, sample_weight: np.ndarray, *, values: np.ndarray
    ) -> Evaluation:
        if name is not None:
            _unit_weights(name, sample_weight)
        return Evaluation(*kernel(y_true, y_pred, sample_weight))

    compute.__name__ = kernel.__name__
    compute.__doc__ = kernel.__doc__
    return compute


def _register(measure: Measure, kernel: Callable[..., tuple[np.ndarray, np.ndarray]]) -> None:
    weighted = measure.claims["weight_semantics"].status != "not_applicable"
    plugin.add(measure, _compute(kernel, None if weighted else measure.name))


# -- errors -------------------------------------------------------------------------------------

_register(
    Measure(
        name="mean_squared_error",
        family="regression",
        higher_is_better=False,
        range=_ERROR,
        title="MSE",
        description=f"Mean squared error. {_SYMBOLS} MSE = (1/W) sum_i w_i (y_i - p_i)^2 "
        "(scikit-learn's mean_squared_error).",
        aliases=(),
        reference=Reference(_SKLEARN, "mean_squared_error"),
        optimum=0.0,
        undefined=_OVERFLOW,
        claims=_claims(
            symmetry=Holds(note="(y - p)^2 = (p - y)^2"),
            item_order_invariance=Holds(note=_MEAN),
            translation_invariance=Holds(note=_DIFFERENCES),
            scale_homogeneity=_deg(2, "(k y - k p)^2 = k^2 (y - p)^2"),
            prediction_affine_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives 1; 2 p = (2) gives 4"
            ),
            prediction_monotone_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives 1; p + 1 = (2) gives 4"
            ),
            identity=Holds(note="a sum of squares, 0 only when every error is 0"),
            error_monotonicity=Holds(note="one squared error shrinks, the others stay"),
            weight_semantics=Holds(note=_FREQUENCY),
            bounded_influence=Violated(
                note="counterexample: y = (0, 0), p = (0, 2) gives 2; moving the outlier to 3 "
                "gives 4.5"
            ),
            well_defined=Holds(note=f"finite and >= 0; undefined only when {_OVERFLOW}"),
        ),
    ),
    _math.mean_squared,
)

_register(
    Measure(
        name="root_mean_squared_error",
        family="regression",
        higher_is_better=False,
        range=_ERROR,
        title="RMSE",
        description=f"Root mean squared error. {_SYMBOLS} RMSE = sqrt((1/W) sum_i w_i "
        "(y_i - p_i)^2) (scikit-learn's root_mean_squared_error).",
        aliases=("rmse",),
        reference=Reference(_SKLEARN, "root_mean_squared_error"),
        optimum=0.0,
        undefined=_OVERFLOW,
        claims=_claims(
            symmetry=Holds(note="(y - p)^2 = (p - y)^2"),
            item_order_invariance=Holds(note=_MEAN),
            translation_invariance=Holds(note=_DIFFERENCES),
            scale_homogeneity=_deg(1, "sqrt(k^2 MSE) = k RMSE"),
            prediction_affine_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives 1; 2 p = (2) gives 2"
            ),
            prediction_monotone_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives 1; p + 1 = (2) gives 2"
            ),
            identity=Holds(note="0 only when every error is 0"),
            error_monotonicity=Holds(note="the square root of a strictly smaller MSE"),
            weight_semantics=Holds(note=_FREQUENCY),
            bounded_influence=Violated(
                note="counterexample: y = (0, 0), p = (0, 2) gives sqrt(2); moving the outlier to "
                "3 gives sqrt(4.5)"
            ),
            well_defined=Holds(note=f"finite and >= 0; undefined only when {_OVERFLOW}"),
        ),
    ),
    _math.root_mean_squared,
)

_register(
    Measure(
        name="mean_absolute_error",
        family="regression",
        higher_is_better=False,
        range=_ERROR,
        title="MAE",
        description=f"Mean absolute error. {_SYMBOLS} MAE = (1/W) sum_i w_i |y_i - p_i| "
        "(scikit-learn's mean_absolute_error).",
        aliases=(),
        reference=Reference(_SKLEARN, "mean_absolute_error"),
        optimum=0.0,
        undefined=_OVERFLOW,
        claims=_claims(
            symmetry=Holds(note="|y - p| = |p - y|"),
            item_order_invariance=Holds(note=_MEAN),
            translation_invariance=Holds(note=_DIFFERENCES),
            scale_homogeneity=_deg(1, "|k y - k p| = k |y - p|"),
            prediction_affine_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives 1; 2 p = (2) gives 2"
            ),
            prediction_monotone_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives 1; p + 1 = (2) gives 2"
            ),
            identity=Holds(note="0 only when every error is 0"),
            error_monotonicity=Holds(note="one absolute error shrinks, the others stay"),
            weight_semantics=Holds(note=_FREQUENCY),
            bounded_influence=Violated(
                note="counterexample: y = (0, 0), p = (0, 2) gives 1; moving the outlier to 3 "
                "gives 1.5"
            ),
            well_defined=Holds(note=f"finite and >= 0; undefined only when {_OVERFLOW}"),
        ),
    ),
    _math.mean_abs_error,
)

_register(
    Measure(
        name="median_absolute_error",
        family="regression",
        higher_is_better=False,
        range=_ERROR,
        title="MedAE",
        description=f"Median absolute error. {_SYMBOLS} The weighted median of |y_i - p_i|: "
        "with the errors sorted and F their cumulative weight, the first error whose F "
        "reaches W/2, or, when F equals W/2 exactly, the mean of that error and the next one "
        "of positive weight (scikit-learn's median_absolute_error, which uses "
        "_weighted_percentile(average=True) with weights and numpy.median without: the same "
        "value for unit weights).",
        aliases=("medae",),
        reference=Reference(_SKLEARN, "median_absolute_error"),
        optimum=0.0,
        undefined=_OVERFLOW,
        claims=_claims(
            symmetry=Holds(note="|y - p| = |p - y|"),
            item_order_invariance=Holds(note="a median of the errors, ties included"),
            translation_invariance=Holds(note=_DIFFERENCES),
            scale_homogeneity=_deg(1, "the median of k |e| is k times the median of |e|"),
            prediction_affine_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives 1; 2 p = (2) gives 2"
            ),
            prediction_monotone_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives 1; p + 1 = (2) gives 2"
            ),
            identity=Violated(
                note="counterexample: y = (0, 0, 0), p = (0, 0, 1) gives 0, the optimum, with "
                "p != y"
            ),
            error_monotonicity=Violated(
                note="counterexample: y = (0, 0, 0), p = (0, 0, 2) and p' = (0, 0, 1) both give "
                "0: the median ignores the largest error"
            ),
            weight_semantics=Holds(
                note="the weighted median with the mean at an exact half is the median of the "
                "repeated items; zero weights never count"
            ),
            bounded_influence=Violated(
                note="counterexample: y = (0, 0, 10), p = (0, 5, 11) gives 1; moving the "
                "outlier 11 to 100 gives 5 (its error passes the median)"
            ),
            well_defined=Holds(note=f"finite and >= 0; undefined only when {_OVERFLOW}"),
        ),
    ),
    _math.median_abs_error,
)

_register(
    Measure(
        name="max_error",
        family="regression",
        higher_is_better=False,
        range=_ERROR,
        title="Max error",
        description=f"Maximum residual error. {_SYMBOLS} max_i |y_i - p_i| (scikit-learn's "
        "max_error). No sample weights.",
        aliases=(),
        reference=Reference(_SKLEARN, "max_error"),
        optimum=0.0,
        undefined=_OVERFLOW,
        claims=_claims(
            symmetry=Holds(note="|y - p| = |p - y|"),
            item_order_invariance=Holds(note="a maximum"),
            translation_invariance=Holds(note=_DIFFERENCES),
            scale_homogeneity=_deg(1, "max k |e| = k max |e|"),
            prediction_affine_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives 1; 2 p = (2) gives 2"
            ),
            prediction_monotone_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives 1; p + 1 = (2) gives 2"
            ),
            identity=Holds(note="0 only when every error is 0"),
            error_monotonicity=Violated(
                note="counterexample: y = (0, 0), p = (2, 1) and p' = (2, 0.5) both give 2: "
                "only the largest error counts"
            ),
            weight_semantics=_NO_WEIGHTS,
            bounded_influence=Violated(
                note="counterexample: y = (0, 0), p = (0, 2) gives 2; moving the outlier to 3 "
                "gives 3"
            ),
            well_defined=Holds(note=f"finite and >= 0; undefined only when {_OVERFLOW}"),
        ),
    ),
    _math.max_abs_error,
)

_register(
    Measure(
        name="mean_absolute_percentage_error",
        family="regression",
        higher_is_better=False,
        range=_ERROR,
        title="MAPE",
        description=f"Mean absolute percentage error, as a fraction. {_SYMBOLS} MAPE = (1/W) "
        "sum_i w_i |y_i - p_i| / |y_i|. Undefined when a true value of positive weight is 0; "
        "scikit-learn's mean_absolute_percentage_error divides by max(|y_i|, eps) with eps = "
        "2.220446049250313e-16 (float64 machine epsilon) instead, so it returns |p_i| / eps "
        "(about 4.5e15 |p_i|) for a zero true value and differs for 0 < |y_i| < eps.",
        aliases=("mape",),
        reference=Reference(_SKLEARN, "mean_absolute_percentage_error"),
        optimum=0.0,
        undefined="a true value of positive weight is 0 (division by zero); or the value "
        "overflows float64 (true values near 0 against large predictions)",
        claims=_claims(
            symmetry=Violated(
                note="counterexample: y = (1, 2), p = (2, 2) gives 0.5; swapped, 0.25"
            ),
            item_order_invariance=Holds(note=_MEAN),
            translation_invariance=Violated(
                note="counterexample: y = (1, 2), p = (2, 2) gives 0.5; both plus 1, 0.25"
            ),
            scale_homogeneity=_deg(0, "|k y - k p| / |k y| = |y - p| / |y|"),
            prediction_affine_invariance=Violated(
                note="counterexample: y = (1), p = (2) gives 1; 2 p = (4) gives 3"
            ),
            prediction_monotone_invariance=Violated(
                note="counterexample: y = (1), p = (2) gives 1; p + 1 = (3) gives 2"
            ),
            identity=Holds(note="0 only when every error is 0 (true values are nonzero)"),
            error_monotonicity=Holds(note="one relative error shrinks, the others stay"),
            weight_semantics=Holds(note=_FREQUENCY),
            bounded_influence=Violated(
                note="counterexample: y = (1, 1), p = (1, 2) gives 0.5; moving the outlier to "
                "3 gives 1"
            ),
            well_defined=Holds(note="finite and >= 0; zero true values declared undefined"),
        ),
    ),
    _math.mean_abs_percentage_error,
)

_register(
    Measure(
        name="mean_squared_log_error",
        family="regression",
        higher_is_better=False,
        range=_ERROR,
        title="MSLE",
        description=f"Mean squared logarithmic error. {_SYMBOLS} MSLE = (1/W) sum_i w_i "
        "(ln(1 + y_i) - ln(1 + p_i))^2 (scikit-learn's mean_squared_log_error). Defined for "
        "values above -1 (where ln(1 + x) is), as scikit-learn 1.9 accepts them; older "
        "scikit-learn versions refused every negative value.",
        aliases=("msle",),
        reference=Reference(_SKLEARN, "mean_squared_log_error"),
        optimum=0.0,
        undefined="a true value or prediction of positive weight is <= -1 (ln(1 + x) is not "
        "finite there; scikit-learn raises ValueError)",
        claims=_claims(
            symmetry=Holds(note="the squared difference of ln(1 + y) and ln(1 + p)"),
            item_order_invariance=Holds(note=_MEAN),
            translation_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives ln(2)^2 = 0.48; both plus 1, "
                "ln(3/2)^2 = 0.164"
            ),
            scale_homogeneity=Violated(
                note="not homogeneous of any degree: y = (0), p = (1) gives ln(2)^2 = 0.48; "
                "times 2, ln(3)^2 = 1.207, times 4, ln(5)^2 = 2.59 (ratios 2.51 and 2.15)"
            ),
            prediction_affine_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives 0.48; 2 p = (2) gives 1.207"
            ),
            prediction_monotone_invariance=Violated(
                note="counterexample: y = (0), p = (1) gives 0.48; p + 1 = (2) gives 1.207"
            ),
            identity=Holds(note="ln(1 + x) is injective: 0 only when p = y"),
            error_monotonicity=Holds(
                note="ln(1 + x) is strictly increasing: a prediction moved toward its true "
                "value without passing it gets strictly closer in log"
            ),
            weight_semantics=Holds(note=_FREQUENCY),
            bounded_influence=Violated(
                note="counterexample: y = (0, 0), p = (0, 1) gives ln(2)^2 / 2; moving the "
                "outlier to 2 gives ln(3)^2 / 2"
            ),
            well_defined=Holds(note="finite and >= 0; values <= -1 declared undefined"),
        ),
    ),
    _math.mean_squared_log,
)

# -- explained fractions ------------------------------------------------------------------------

_register(
    Measure(
        name="r2",
        family="regression",
        higher_is_better=True,
        range=_FRACTION,
        title="R²",
        description=f"Coefficient of determination. {_SYMBOLS} R² = 1 - sum_i w_i (y_i - "
        "p_i)^2 / sum_i w_i (y_i - ybar)^2 with ybar the weighted mean of y (scikit-learn's "
        "r2_score). It is 1 for a perfect fit and unbounded below: y = (1, 2, 3, 4), "
        "p = (4, 3, 2, 1) gives -3. Undefined for constant y_true, where scikit-learn returns "
        "1.0 (perfect fit) or 0.0 (force_finite=True) and warns for fewer than two items.",
        aliases=("r2_score", "r_squared", "coefficient_of_determination"),
        reference=Reference(_SKLEARN, "r2_score"),
        optimum=1.0,
        undefined=_CONSTANT_TRUE,
        claims=_claims(
            symmetry=Violated(note="counterexample: y = (0, 1), p = (0, 3) gives -7; swapped, 1/9"),
            item_order_invariance=Holds(note="sums over items"),
            translation_invariance=Holds(note="errors and deviations from the mean stay"),
            scale_homogeneity=_deg(0, "numerator and denominator both scale by k^2"),
            prediction_affine_invariance=Violated(
                note="counterexample: y = (0, 1), p = (0, 1) gives 1; 2 p = (0, 2) gives -1"
            ),
            prediction_monotone_invariance=Violated(
                note="counterexample: y = (0, 1), p = (0, 1) gives 1; p + 1 = (1, 2) gives -3"
            ),
            identity=Holds(note="1 exactly when the residual sum of squares is 0"),
            error_monotonicity=Holds(
                note="the residual sum of squares shrinks, the denominator stays"
            ),
            weight_semantics=Holds(note="weighted sums: frequencies, common factors cancel"),
            bounded_influence=Violated(
                note="counterexample: y = (0, 1), p = (0, 2) gives -1; moving the outlier to 3 "
                "gives -7"
            ),
            well_defined=Holds(
                note="finite in (-inf, 1]; constant y_true declared undefined. A declared "
                "range [0, 1] is refuted: y = (1, 2, 3, 4), p = (4, 3, 2, 1) gives -3"
            ),
        ),
    ),
    _math.r2,
)

_register(
    Measure(
        name="explained_variance",
        family="regression",
        higher_is_better=True,
        range=_FRACTION,
        title="Explained variance",
        description=f"Explained variance score. {_SYMBOLS} EV = 1 - Var_w(y - p) / Var_w(y), "
        "weighted population variances (scikit-learn's explained_variance_score). Unlike R² "
        "it ignores a constant bias: p = y + c scores 1. Undefined for constant y_true, where "
        "scikit-learn returns 1.0 or 0.0 (force_finite=True).",
        aliases=("explained_variance_score",),
        reference=Reference(_SKLEARN, "explained_variance_score"),
        optimum=1.0,
        undefined=_CONSTANT_TRUE,
        claims=_claims(
            symmetry=Violated(note="counterexample: y = (0, 1), p = (0, 3) gives -3; swapped, 5/9"),
            item_order_invariance=Holds(note="weighted means over items"),
            translation_invariance=Holds(note="variances do not move with a common shift"),
            scale_homogeneity=_deg(0, "both variances scale by k^2"),
            prediction_affine_invariance=Violated(
                note="counterexample: y = (0, 1), p = (0, 1) gives 1; 2 p = (0, 2) gives 0"
            ),
            prediction_monotone_invariance=Violated(
                note="counterexample: y = (0, 1), p = (0, 1) gives 1; p^3 + p = (0, 2) gives 0"
            ),
            identity=Violated(
                note="counterexample: y = (0, 1), p = (1, 2) gives 1, the optimum, with p != y"
            ),
            error_monotonicity=Violated(
                note="counterexample: y = (0, 1), p = (1, 2) gives 1; moving p_1 to 0.5 gives "
                "0.75: the bias it removes made the errors unequal"
            ),
            weight_semantics=Holds(note="weighted variances: frequencies, common factors cancel"),
            bounded_influence=Violated(
                note="counterexample: y = (0, 1), p = (0, 2) gives 0; moving the outlier to 3 "
                "gives -3"
            ),
            well_defined=Holds(note="finite in (-inf, 1]; constant y_true declared undefined"),
        ),
    ),
    _math.explained_variance,
)

_register(
    Measure(
        name="d2_absolute_error",
        family="regression",
        higher_is_better=True,
        range=_FRACTION,
        title="D² (absolute error)",
        description=f"D² score of the absolute error. {_SYMBOLS} D² = 1 - sum_i w_i |y_i - "
        "p_i| / sum_i w_i |y_i - m| with m the weighted median of y (as median_absolute_error "
        "defines it): the fraction of absolute deviation explained (scikit-learn's "
        "d2_absolute_error_score). Undefined for constant y_true, where scikit-learn returns "
        "1.0 or 0.0 (force_finite=True) and, for fewer than two items, NaN with a warning.",
        aliases=("d2_absolute_error_score",),
        reference=Reference(_SKLEARN, "d2_absolute_error_score"),
        optimum=1.0,
        undefined=_CONSTANT_TRUE,
        claims=_claims(
            symmetry=Violated(note="counterexample: y = (0, 1), p = (0, 3) gives -1; swapped, 1/3"),
            item_order_invariance=Holds(note="weighted sums and a weighted median"),
            translation_invariance=Holds(note="the median moves with the values"),
            scale_homogeneity=_deg(0, "numerator and denominator both scale by k"),
            prediction_affine_invariance=Violated(
                note="counterexample: y = (0, 1), p = (0, 1) gives 1; 2 p = (0, 2) gives 0"
            ),
            prediction_monotone_invariance=Violated(
                note="counterexample: y = (0, 1), p = (0, 1) gives 1; p + 1 = (1, 2) gives -1"
            ),
            identity=Holds(note="1 exactly when every absolute error is 0"),
            error_monotonicity=Holds(note="the numerator shrinks, the denominator stays"),
            weight_semantics=Holds(note="weighted sums and median: frequencies"),
            bounded_influence=Violated(
                note="counterexample: y = (0, 1), p = (0, 2) gives 0; moving the outlier to 3 "
                "gives -1"
            ),
            well_defined=Holds(note="finite in (-inf, 1]; constant y_true declared undefined"),
        ),
    ),
    _math.d2_absolute,
)

# -- correlations -------------------------------------------------------------------------------

_AFFINE = "standardising removes a positive affine map"


_register(
    Measure(
        name="pearsonr",
        family="regression",
        higher_is_better=True,
        range=_CORRELATION,
        title="Pearson r",
        description=f"Pearson's correlation coefficient. {_SYMBOLS} r = sum_i (y_i - ybar)(p_i - "
        "pbar) / sqrt(sum_i (y_i - ybar)^2 sum_i (p_i - pbar)^2) (scipy.stats.pearsonr's "
        "statistic). No sample weights. Undefined for constant input, where SciPy returns NaN "
        "with a ConstantInputWarning; SciPy refuses fewer than two items.",
        aliases=(),
        reference=Reference(_SCIPY, "pearsonr"),
        optimum=1.0,
        undefined=_CONSTANT_EITHER,
        claims=_claims(
            symmetry=Holds(note="symmetric in the two vectors"),
            item_order_invariance=Holds(note="sums over items"),
            translation_invariance=Holds(note="centring removes a common shift"),
            scale_homogeneity=_deg(0, "standardising removes a common factor"),
            prediction_affine_invariance=Holds(note=_AFFINE),
            prediction_monotone_invariance=Violated(
                note="counterexample: y = (0, 1, 2), p = (0, 1, 2) gives 1; p^3 = (0, 1, 8) "
                "gives 0.945"
            ),
            identity=Violated(
                note="counterexample: y = (0, 1, 2), p = (0, 2, 4) gives 1, the optimum, with "
                "p != y"
            ),
            error_monotonicity=Violated(
                note="counterexample: y = (0, 1), p = (1, 2) and p' = (0.5, 2) both give 1 "
                "(two items always give +-1)"
            ),
            weight_semantics=_NO_WEIGHTS,
            bounded_influence=Violated(
                note="counterexample: y = (0, 1, 2), p = (0, 1, 3) gives 0.982; moving the "
                "outlier to 4 gives 0.961: Pearson's r follows an outlier however far it goes"
            ),
            well_defined=Holds(note="finite in [-1, 1]; constant input declared undefined"),
        ),
    ),
    _math.pearson,
)

_register(
    Measure(
        name="spearmanr",
        family="regression",
        higher_is_better=True,
        range=_CORRELATION,
        title="Spearman rho",
        description=f"Spearman's rank correlation. {_SYMBOLS} Pearson's r of the average ranks "
        "of y and of p (ties share the mean of their ranks; scipy.stats.spearmanr's "
        "statistic). No sample weights. Undefined for constant input, where SciPy returns NaN.",
        aliases=(),
        reference=Reference(_SCIPY, "spearmanr"),
        optimum=1.0,
        undefined=_CONSTANT_EITHER,
        claims=_claims(
            symmetry=Holds(note="symmetric in the two vectors"),
            item_order_invariance=Holds(note="ranks ignore the storage order"),
            translation_invariance=Holds(note=_RANKS),
            scale_homogeneity=_deg(0, _RANKS),
            prediction_affine_invariance=Holds(note=_RANKS),
            prediction_monotone_invariance=Holds(note=_RANKS),
            identity=Violated(
                note="counterexample: y = (0, 1, 2), p = (0, 2, 4) gives 1, the optimum, with "
                "p != y"
            ),
            error_monotonicity=Violated(
                note="counterexample: y = (0, 1), p = (1, 2) and p' = (0.5, 2) both give 1"
            ),
            weight_semantics=_NO_WEIGHTS,
            bounded_influence=Holds(
                note="a prediction beyond every other value keeps the top (or bottom) rank "
                "however far it moves"
            ),
            well_defined=Holds(note="finite in [-1, 1]; constant input declared undefined"),
        ),
    ),
    _math.spearman,
)

_register(
    Measure(
        name="kendalltau",
        family="regression",
        higher_is_better=True,
        range=_CORRELATION,
        title="Kendall tau-b",
        description=f"Kendall's tau-b. {_SYMBOLS} Over the pairs of items, tau-b = (C - D) / "
        "sqrt((n0 - T_y)(n0 - T_p)) with C and D the concordant and discordant pairs, n0 = "
        "n(n-1)/2 and T_y, T_p the pairs tied in y and in p (scipy.stats.kendalltau's "
        "default). No sample weights. Undefined for constant input, where SciPy returns NaN.",
        aliases=(),
        reference=Reference(_SCIPY, "kendalltau (variant='b')"),
        optimum=1.0,
        undefined=_CONSTANT_EITHER,
        claims=_claims(
            symmetry=Holds(note="symmetric in the two vectors"),
            item_order_invariance=Holds(note="counts of pairs"),
            translation_invariance=Holds(note=_RANKS),
            scale_homogeneity=_deg(0, _RANKS),
            prediction_affine_invariance=Holds(note=_RANKS),
            prediction_monotone_invariance=Holds(note=_RANKS),
            identity=Violated(
                note="counterexample: y = (0, 1, 2), p = (0, 2, 4) gives 1, the optimum, with "
                "p != y"
            ),
            error_monotonicity=Violated(
                note="counterexample: y = (0, 1), p = (1, 2) and p' = (0.5, 2) both give 1"
            ),
            weight_semantics=_NO_WEIGHTS,
            bounded_influence=Holds(
                note="a prediction beyond every other value keeps the same order against "
                "every other item however far it moves"
            ),
            well_defined=Holds(note="finite in [-1, 1]; constant input declared undefined"),
        ),
    ),
    _math.kendall_tau_b,
)

_register(
    Measure(
        name="concordance_correlation",
        family="regression",
        higher_is_better=True,
        range=_CORRELATION,
        title="Lin's CCC",
        description=f"Lin's concordance correlation coefficient. {_SYMBOLS} CCC = 2 s_yp / "
        "(s_y^2 + s_p^2 + (ybar - pbar)^2) with weighted means and population (1/W) variances "
        "and covariance: 1 only on the identity line p = y. Neither scikit-learn nor SciPy "
        "ships it; weights are frequencies.",
        aliases=("ccc", "lin_ccc", "concordance_correlation_coefficient"),
        reference=Reference("Lin 1989, Biometrics 45(1)", "eq. 2 (sample version, 1/n moments)"),
        optimum=1.0,
        undefined="y_true and y_pred are the same constant (0 / 0)",
        claims=_claims(
            symmetry=Holds(note="symmetric in the two vectors"),
            item_order_invariance=Holds(note="weighted means over items"),
            translation_invariance=Holds(note="moments about the means and their difference stay"),
            scale_homogeneity=_deg(0, "numerator and denominator both scale by k^2"),
            prediction_affine_invariance=Violated(
                note="counterexample: y = (0, 1), p = (0, 1) gives 1; 2 p = (0, 2) gives 2/3"
            ),
            prediction_monotone_invariance=Violated(
                note="counterexample: y = (0, 1), p = (0, 1) gives 1; p + 1 = (1, 2) gives 1/3"
            ),
            identity=Holds(note="CCC = 1 - MSE / (MSE + 2 s_yp): 1 exactly when MSE = 0"),
            error_monotonicity=Violated(
                note="counterexample: y = (0, 0), p = (0, 1) and p' = (0, 0.5) both give 0: "
                "against a constant y_true the covariance is 0"
            ),
            weight_semantics=Holds(note="weighted moments: frequencies, common factors cancel"),
            bounded_influence=Violated(
                note="counterexample: y = (0, 1), p = (0, 2) gives 2/3; moving the outlier to 3 "
                "gives 3/7"
            ),
            well_defined=Holds(note="finite in [-1, 1]; the 0 / 0 case declared undefined"),
        ),
    ),
    _math.concordance,
)
