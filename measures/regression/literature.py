"""Published statements about the regression measures: the ``axiometrics.literature`` entry point.

The regression family contributes its literature the way it contributes its
claims: :data:`SOURCES` is listed under the ``axiometrics.literature``
entry-point group and validated against the registry that loads it
(:func:`axiometrics.literature.register`).  Only statements that say what a
registered claim says are entered, each with the source's own words
(``passage``) and how they were read (``note``); nothing is filled in from
memory.  Quotations keep the words and drop the markup: the notebook's
LaTeX (``R$^{2}$`` is written R², its infinity sign ∞) and the User Guide's
reStructuredText roles (``:func:``, double back-quotes) are plain text.

Four sources are registered, in this order:

* ``potts2020`` (mark ``P``): Potts' CS224u notebook "Evaluation metrics
  in NLP" (Stanford, spring 2020), its regression section (mean squared
  error and related measures, R², Pearson, Spearman), read in
  ``../shared/seeds/001_22267556ebe6ca49.txt``.  The nominal family
  registers the same notebook's classification statements under the same
  key; this plugin registers the regression part, repeating the citation,
  mark and reference, and the catalogue adds it to the one source
  (:meth:`axiometrics.literature.LiteratureCatalogue.register`).
* ``sklearn_docs`` (mark ``SK``): scikit-learn's User Guide, "Metrics and
  scoring: quantifying the quality of predictions", section "Regression
  metrics" (``doc/modules/model_evaluation.rst`` of scikit-learn/scikit-learn,
  read at commit 0082d834d4f054dd551d9714deb324247219aea5), and the
  docstrings of the regression functions of :mod:`sklearn.metrics` in
  scikit-learn 1.9.1 (read from the installed package).
* ``sklearn_tests`` (mark ``SKt``): the properties scikit-learn's own test
  suite declares for its regression metrics, in
  ``sklearn/metrics/tests/test_common.py`` of scikit-learn 1.9.1 (read from
  the installed package; the repository's snapshot was too large to fetch,
  and the indexed copy of the file is an old version): ``SYMMETRIC_METRICS``
  and ``NOT_SYMMETRIC_METRICS``, ``test_sample_order_invariance`` (every
  metric) and ``check_sample_weight_invariance`` (every regression metric
  outside ``METRICS_WITHOUT_SAMPLE_WEIGHT``).  Its ``r2_score`` entry is
  ``partial(r2_score, multioutput="variance_weighted")``, the same function
  for one output.
* ``hf_evaluate`` (mark ``HF``): the metric cards of Hugging Face
  ``evaluate`` for the regression metrics it ships that are registered here
  (``mse``, ``mae``, ``mape``, ``r_squared``, ``pearsonr``, ``spearmanr``):
  ``metrics/<name>/README.md`` and the description strings of
  ``metrics/<name>/<name>.py`` of huggingface/evaluate, read at commit
  a7dd338386a4fae9a1767e05eb9ef9479513d9e8 (2026-04-08).

Published ranges.  A stated range ("[0, 1], with 0 the worst and 1 the
best") is a statement about the range ``well_defined`` checks, not a
verdict on a claim: the property table checks ``well_defined`` against the
range the measure declares, so a published ✓ there would read as an
agreement whatever range the source states.  The ranges are therefore kept
apart, in :data:`RANGES` (:class:`~axiometrics.literature.PublishedRange`,
registered as each source's ``ranges``), and the ones the checker refutes
are classified in :data:`RANGE_DISAGREEMENTS`: the CS224u notebook's and
the ``r_squared`` card's R² in [0, 1] (y = (1, 2, 3, 4), ŷ = (4, 3, 2, 1)
gives -3) and the ``mse`` card's MSE in [0, 1] (y = (0), ŷ = (2) gives 4).
The property table checks each one as the ``well_defined`` variant
``range [0, 1]`` (:func:`axiometrics.property_table.comparison.range_variants`).

Not entered: statements that match no registered claim (MSLE "penalizes an
under-predicted estimate greater than an over-predicted estimate", a
direction of the error rather than an exchange of truth and predictions;
MSLE suits targets with exponential growth; MAE "may underestimate the
impact of big, but infrequent, errors"; Pearson "equivalent to a linear
regression using ŷ and a bias term", which implies prediction affine
invariance only through an argument the notebook does not make); the
conventions for undefined inputs (R² and explained variance of a constant
``y_true``, MAPE at a true value 0), which
``test_against_sklearn_scipy.py`` pins; and ``max_error``'s place in
``METRICS_WITHOUT_SAMPLE_WEIGHT``, which says the function takes no
weights, as the registry's ``weight_semantics: n/a`` does, not that weights
would break the claim.
"""

from __future__ import annotations

import math
from dataclasses import replace

from axiometrics.literature import (
    RANGE,
    Disagreement,
    LiteratureSource,
    LiteratureVerdict,
    PublishedRange,
)

__all__ = [
    "HF_EVALUATE",
    "POTTS2020_REGRESSION",
    "RANGES",
    "RANGE_DISAGREEMENTS",
    "SKLEARN_DOCS",
    "SKLEARN_TESTS",
    "SOURCES",
]

_POTTS = "potts2020"
_SK_DOCS = "sklearn_docs"
_SK_TESTS = "sklearn_tests"
_HF = "hf_evaluate"
_INF = math.inf


def _v(
    source: str,
    measure: str,
    claim: str,
    holds: bool,
    column: str,
    passage: str,
    note: str = "",
    preconditions: tuple[str, ...] = (),
) -> LiteratureVerdict:
    return LiteratureVerdict(source, measure, claim, holds, column, preconditions, note, passage)


# -- Potts 2020, the CS224u notebook's regression section ------------------------------------

_PEARSON_OUTLIERS = (
    "Pearson correlations are highly sensitive to the magnitude of the differences between "
    "the gold and predicted values. As a result, they are also very sensitive to outliers."
)
_SPEARMAN = (
    "Unlike Pearson, Spearman is not sensitive to the magnitude of the differences. In fact, "
    "it's invariant under all monotonic rescaling, since the values are converted to ranks."
)
_OUTLIER_READ = (
    "'less sensitive to outliers' read as bounded influence, the property the claim "
    "formalises from this notebook"
)

_POTTS_VERDICTS = (
    _v(
        _POTTS,
        "pearsonr",
        "bounded_influence",
        False,
        "Pearson correlation",
        _PEARSON_OUTLIERS,
        "one prediction moved further out keeps moving r: y = (0, 0, 1), ŷ = (2, 0, 1) gives 0, "
        "ŷ = (1001, 0, 1) gives -0.499",
    ),
    _v(
        _POTTS,
        "pearsonr",
        "prediction_monotone_invariance",
        False,
        "Spearman correlation",
        _SPEARMAN,
        "'unlike Pearson' read as: Pearson is not invariant under a strictly increasing map of "
        "the predictions (it is under an increasing affine one); y = (0, 0, 1), ŷ = (0, 1, 2) "
        "gives 0.866, ŷ cubed 0.993",
    ),
    _v(
        _POTTS,
        "spearmanr",
        "prediction_monotone_invariance",
        True,
        "Spearman correlation",
        _SPEARMAN,
        "monotonic rescaling read as a strictly increasing map of the predictions (a "
        "decreasing one flips the sign)",
    ),
    _v(
        _POTTS,
        "spearmanr",
        "bounded_influence",
        True,
        "Spearman correlation",
        "This also makes it less sensitive to outliers than Pearson.",
        _OUTLIER_READ + ": once a prediction is the largest value its rank stops changing",
    ),
    _v(
        _POTTS,
        "median_absolute_error",
        "bounded_influence",
        True,
        "Mean squared error (related measures)",
        "The median absolute error will be less sensitive to outliers than the others.",
        _OUTLIER_READ + ", as for Spearman",
    ),
    _v(
        _POTTS,
        "mean_squared_error",
        "scale_homogeneity",
        False,
        "Mean squared error",
        "These values are highly dependent on scale of the output variables, making them very "
        "hard to interpret in isolation.",
        "read as: MSE is not scale invariant (scale_homogeneity without a degree, d = 0); "
        "y = (0), ŷ = (1) gives 1, both doubled 4. The notebook does not state its degree, 2",
    ),
    _v(
        _POTTS,
        "r2",
        "scale_homogeneity",
        True,
        "R-squared",
        "it's nice that R² is scaled between [0, 1]; as noted above, this lack of scaling makes "
        "mean squared error hard to interpret. But this also represents a trade-off: R² doesn't "
        "tell us about the magnitude of the errors.",
        "read as scale invariance (degree 0): unlike MSE, R² does not move when y and ŷ are "
        "rescaled together. The bounds [0, 1] are wrong: see RANGES",
        ("degree_0",),
    ),
)

_MEDAE_OUTLIERS_WHY = (
    "the median moves at most to the next absolute error, so less than a mean does, but the "
    "claim asks for no move: y = (2, 0, 0), ŷ = (3, 0, 2) gives 1, ŷ_1 = 1002 gives 2"
)

#: Potts' CS224u notebook, regression section: its statements mapped onto regression claims
#: (the regression part of the source ``potts2020``; the citation, mark and reference repeat
#: the nominal part's, as the catalogue requires of a part of one publication).
POTTS2020_REGRESSION = LiteratureSource(
    key=_POTTS,
    citation="Potts 2020, CS224u metrics notebook",
    abbreviation="P",
    reference=(
        "Christopher Potts, 'Evaluation metrics in NLP', CS224u notebook "
        "(evaluation_metrics.ipynb), Stanford, spring 2020"
    ),
    verdicts=_POTTS_VERDICTS,
    disagreements=(
        Disagreement(
            _POTTS,
            "median_absolute_error",
            "bounded_influence",
            "definition",
            _MEDAE_OUTLIERS_WHY,
            "The median absolute error will be less sensitive to outliers than the others.",
        ),
    ),
)


# -- scikit-learn's documentation ------------------------------------------------------------

_NOT_SYMMETRIC = "This is not a symmetric function."
_MEDAE_ROBUST = (
    "The median_absolute_error is particularly interesting because it is robust to outliers."
)

_SK_DOCS_VERDICTS = (
    _v(_SK_DOCS, "r2", "symmetry", False, "r2_score docstring, Notes", _NOT_SYMMETRIC),
    _v(
        _SK_DOCS,
        "explained_variance",
        "symmetry",
        False,
        "explained_variance_score docstring, Notes",
        _NOT_SYMMETRIC,
    ),
    _v(
        _SK_DOCS,
        "explained_variance",
        "identity",
        False,
        "explained_variance_score docstring",
        "the former does not account for systematic offsets in the prediction (such as the "
        "intercept in linear models, i.e. different intercepts give the same Explained "
        "Variance score)",
        "a prediction shifted by a constant scores as the exact one, the optimum: y = (0, 1), "
        "ŷ = (1, 2) gives 1",
    ),
    _v(
        _SK_DOCS,
        "mean_absolute_percentage_error",
        "scale_homogeneity",
        True,
        "User Guide, Mean absolute percentage error",
        "The idea of this metric is to be sensitive to relative errors. It is for example not "
        "changed by a global scaling of the target variable.",
        "a global scaling multiplies the true values and the predictions by the same k > 0: "
        "degree 0",
        ("degree_0",),
    ),
    _v(
        _SK_DOCS,
        "mean_squared_error",
        "scale_homogeneity",
        True,
        "User Guide, Mean Poisson, Gamma, and Tweedie deviances",
        "when power=0 it is equivalent to mean_squared_error ... Tweedie deviance is a "
        "homogeneous function of degree 2-power ... for Normal distribution (power=0), "
        "quadratically",
        "degree 2 - 0 = 2 for the mean squared error",
        ("degree_2",),
    ),
    _v(
        _SK_DOCS,
        "median_absolute_error",
        "bounded_influence",
        True,
        "User Guide, Median absolute error",
        _MEDAE_ROBUST,
        "'robust to outliers' read as bounded influence of one outlier",
    ),
)

#: scikit-learn's User Guide and docstrings: their statements mapped onto regression claims.
SKLEARN_DOCS = LiteratureSource(
    key=_SK_DOCS,
    citation="scikit-learn documentation, regression metrics",
    abbreviation="SK",
    reference=(
        "scikit-learn developers, User Guide 'Metrics and scoring: quantifying the quality of "
        "predictions', section 'Regression metrics' (doc/modules/model_evaluation.rst, "
        "scikit-learn/scikit-learn commit 0082d834d4f054dd551d9714deb324247219aea5), and the "
        "docstrings of sklearn.metrics' regression functions, scikit-learn 1.9.1"
    ),
    verdicts=_SK_DOCS_VERDICTS,
    disagreements=(
        Disagreement(
            _SK_DOCS,
            "median_absolute_error",
            "bounded_influence",
            "definition",
            _MEDAE_OUTLIERS_WHY,
            _MEDAE_ROBUST,
        ),
    ),
)


# -- scikit-learn's test suite ---------------------------------------------------------------

#: scikit-learn's function names, by registered name, for the measures its tests cover.
_SKLEARN_NAMES = {
    "mean_squared_error": "mean_squared_error",
    "root_mean_squared_error": "root_mean_squared_error",
    "mean_absolute_error": "mean_absolute_error",
    "median_absolute_error": "median_absolute_error",
    "max_error": "max_error",
    "mean_absolute_percentage_error": "mean_absolute_percentage_error",
    "mean_squared_log_error": "mean_squared_log_error",
    "r2": "r2_score",
    "explained_variance": "explained_variance_score",
    "d2_absolute_error": "d2_absolute_error_score",
}
_SYMMETRIC = (
    "mean_squared_log_error",
    "root_mean_squared_error",
    "mean_absolute_error",
    "mean_squared_error",
    "median_absolute_error",
    "max_error",
)
_NOT_SYMMETRIC_SET = (
    "explained_variance",
    "r2",
    "d2_absolute_error",
    "mean_absolute_percentage_error",
)
_WITHOUT_WEIGHTS = ("max_error",)

_SYMMETRIC_PASSAGE = (
    "Symmetric with respect to their input arguments y_true and y_pred "
    "metric(y_true, y_pred) == metric(y_pred, y_true)."
)
_NOT_SYMMETRIC_PASSAGE = (
    "Asymmetric with respect to their input arguments y_true and y_pred "
    "metric(y_true, y_pred) != metric(y_pred, y_true)."
)
_ORDER_PASSAGE = "%s is not sample order invariant"
_WEIGHTS_PASSAGE = (
    "check that integer weights is the same as repeated samples ... check that ignoring a "
    "fraction of the samples is equivalent to setting the corresponding weights to zero ... "
    "Check the score is invariant under scaling of weights by a constant factor"
)


def _test_suite_verdicts() -> tuple[LiteratureVerdict, ...]:
    out = []
    for measure, sk_name in _SKLEARN_NAMES.items():
        symmetric = measure in _SYMMETRIC
        out.append(
            _v(
                _SK_TESTS,
                measure,
                "symmetry",
                symmetric,
                "SYMMETRIC_METRICS" if symmetric else "NOT_SYMMETRIC_METRICS",
                _SYMMETRIC_PASSAGE if symmetric else _NOT_SYMMETRIC_PASSAGE,
                f"{sk_name} is listed there",
            )
        )
    for measure, sk_name in _SKLEARN_NAMES.items():
        out.append(
            _v(
                _SK_TESTS,
                measure,
                "item_order_invariance",
                True,
                "test_sample_order_invariance",
                _ORDER_PASSAGE,
                f"{sk_name}: y_true and y_pred shuffled together must give the same score",
            )
        )
    for measure, sk_name in _SKLEARN_NAMES.items():
        if measure in _WITHOUT_WEIGHTS:
            continue
        note = f"{sk_name}: repeated rows, zeroed weights and weights times 2 and 0.3"
        if measure == "median_absolute_error":
            note = (
                f"{sk_name}: repeated rows, zeroed weights and weights times 2 only (the test "
                "cites floating-point instability of the cumulative sum for other factors)"
            )
        out.append(
            _v(
                _SK_TESTS,
                measure,
                "weight_semantics",
                True,
                "check_sample_weight_invariance",
                _WEIGHTS_PASSAGE,
                note,
            )
        )
    return tuple(out)


#: The properties scikit-learn's common metric tests declare for the regression metrics.
SKLEARN_TESTS = LiteratureSource(
    key=_SK_TESTS,
    citation="scikit-learn 1.9.1, sklearn/metrics/tests/test_common.py",
    abbreviation="SKt",
    reference=(
        "scikit-learn developers, sklearn/metrics/tests/test_common.py of scikit-learn 1.9.1: "
        "SYMMETRIC_METRICS, NOT_SYMMETRIC_METRICS, test_sample_order_invariance, "
        "check_sample_weight_invariance (test_regression_sample_weight_invariance)"
    ),
    verdicts=_test_suite_verdicts(),
)


# -- Hugging Face evaluate's metric cards ----------------------------------------------------

_HF_VERDICTS = (
    _v(
        _HF,
        "mean_squared_error",
        "bounded_influence",
        False,
        "mse card, Limitations and Bias",
        "MSE has the disadvantage of heavily weighting outliers -- given that it squares them, "
        "this results in large errors weighing more heavily than small ones.",
    ),
    _v(
        _HF,
        "pearsonr",
        "identity",
        False,
        "pearsonr card, Metric Description",
        "Correlations of -1 or +1 imply an exact linear relationship.",
        "+1 for every exact increasing linear relation, so a prediction other than the truth "
        "reaches the optimum: y = (0, 1), ŷ = (0, 2) scores 1, as ŷ = y does",
    ),
    _v(
        _HF,
        "spearmanr",
        "identity",
        False,
        "spearmanr card, Metric Description",
        "Correlations of -1 or +1 imply an exact monotonic relationship.",
        "+1 for every strictly increasing relation: y = (0, 1), ŷ = (0, 2) scores 1",
    ),
    _v(
        _HF,
        "mean_absolute_percentage_error",
        "symmetry",
        False,
        "mape card, Limitations and Bias",
        "This metric is also asymmetric in that it puts a heavier penalty on predictions less "
        "than the ground truth and a smaller penalty on predictions bigger than the ground truth",
        "agrees that exchanging truth and predictions changes MAPE, but not with the direction "
        "stated: at y = 2, ŷ = 1 and ŷ = 3 both give 0.5, and exchanged, the under-prediction "
        "costs less (y = 2, ŷ = 1: 0.5; y = 1, ŷ = 2: 1)",
    ),
)

#: Hugging Face evaluate's metric cards: their statements mapped onto regression claims.
HF_EVALUATE = LiteratureSource(
    key=_HF,
    citation="Hugging Face evaluate, metric cards",
    abbreviation="HF",
    reference=(
        "Hugging Face, evaluate: metrics/<name>/README.md and the description strings of "
        "metrics/<name>/<name>.py for mse, mae, mape, r_squared, pearsonr, spearmanr (regression), "
        "bleu, sacrebleu, chrf, ter, wer, cer (generation) and perplexity (language models), "
        "huggingface/evaluate commit "
        "a7dd338386a4fae9a1767e05eb9ef9479513d9e8 (2026-04-08)"
    ),
    verdicts=_HF_VERDICTS,
)


# -- published ranges ------------------------------------------------------------------------

_NON_NEGATIVE = "A non-negative floating point value (the best value is 0.0)"
_SK_NEGATIVE = (
    "Best possible score is 1.0 and it can be negative (because the model can be arbitrarily "
    "worse)."
)
_CORRELATION_BOUNDS = (
    "[-1, 1], where -1 is a complete negative linear correlation, +1 is a complete positive "
    "linear correlation, and 0 is no linear correlation at all."
)

#: Every range the sources state for a registered measure, with the source's words.
RANGES: tuple[PublishedRange, ...] = (
    PublishedRange(
        _POTTS,
        "mean_squared_error",
        0.0,
        _INF,
        "Mean squared error, bounds",
        "[0, ∞), with 0 the best.",
    ),
    PublishedRange(
        _POTTS,
        "r2",
        0.0,
        1.0,
        "R-squared, bounds",
        "[0, 1], with 0 the worst and 1 the best.",
        "false: R² has no lower bound and no worst value; y = (1, 2, 3, 4), ŷ = (4, 3, 2, 1) "
        "gives -3",
    ),
    PublishedRange(
        _POTTS, "pearsonr", -1.0, 1.0, "Pearson correlation, bounds", _CORRELATION_BOUNDS
    ),
    PublishedRange(
        _POTTS,
        "spearmanr",
        -1.0,
        1.0,
        "Spearman correlation, bounds",
        _CORRELATION_BOUNDS,
        "the notebook gives Spearman the same bounds sentence as Pearson",
    ),
    PublishedRange(_SK_DOCS, "mean_squared_error", 0.0, _INF, "docstring, Returns", _NON_NEGATIVE),
    PublishedRange(
        _SK_DOCS, "root_mean_squared_error", 0.0, _INF, "docstring, Returns", _NON_NEGATIVE
    ),
    PublishedRange(
        _SK_DOCS, "mean_squared_log_error", 0.0, _INF, "docstring, Returns", _NON_NEGATIVE
    ),
    PublishedRange(
        _SK_DOCS,
        "mean_absolute_error",
        0.0,
        _INF,
        "docstring",
        "The mean absolute error is a non-negative floating point value, where best value is 0.0.",
    ),
    PublishedRange(
        _SK_DOCS,
        "median_absolute_error",
        0.0,
        _INF,
        "docstring",
        "Median absolute error output is non-negative floating point. The best value is 0.0.",
    ),
    PublishedRange(
        _SK_DOCS,
        "mean_absolute_percentage_error",
        0.0,
        _INF,
        "docstring, Returns",
        "MAPE output is non-negative floating point. The best value is 0.0. But note that bad "
        "predictions can lead to arbitrarily large MAPE values",
    ),
    PublishedRange(
        _SK_DOCS,
        "max_error",
        0.0,
        _INF,
        "docstring, Returns",
        "A positive floating point value (the best value is 0.0).",
        "'positive' read as non-negative: the best value 0.0 is reached",
    ),
    PublishedRange(
        _SK_DOCS,
        "r2",
        -_INF,
        1.0,
        "docstring and User Guide, R² score",
        _SK_NEGATIVE,
    ),
    PublishedRange(
        _SK_DOCS,
        "explained_variance",
        -_INF,
        1.0,
        "docstring",
        "Best possible score is 1.0, lower values are worse.",
        "no lower bound stated",
    ),
    PublishedRange(
        _SK_DOCS,
        "d2_absolute_error",
        -_INF,
        1.0,
        "docstring",
        _SK_NEGATIVE,
    ),
    PublishedRange(
        _HF,
        "mean_squared_error",
        0.0,
        1.0,
        "mse card, Output Values",
        "Each MSE `float` value ranges from `0.0` to `1.0`, with the best value being `0.0`.",
        "false: MSE has no upper bound; y = (0), ŷ = (2) gives 4",
    ),
    PublishedRange(
        _HF,
        "mean_absolute_error",
        0.0,
        _INF,
        "mae card, Output Values",
        "Each MAE `float` value ranges from `0.0` to `+inf`, with the best value being 0.0.",
    ),
    PublishedRange(
        _HF,
        "mean_absolute_percentage_error",
        0.0,
        _INF,
        "mape module, Returns",
        "MAPE output is non-negative floating point. The best value is 0.0.",
    ),
    PublishedRange(
        _HF,
        "r2",
        0.0,
        1.0,
        "r_squared module, description",
        "The R^2 value ranges from 0 to 1, with a higher value indicating a better fit.",
        "false: y = (1, 2, 3, 4), ŷ = (4, 3, 2, 1) gives -3; the card's own formula, "
        "1 - SSR/SST, has no lower bound",
    ),
    PublishedRange(
        _HF,
        "pearsonr",
        -1.0,
        1.0,
        "pearsonr card, Output Values",
        "Minimum possible value is -1. Maximum possible value is 1.",
    ),
    PublishedRange(
        _HF,
        "spearmanr",
        -1.0,
        1.0,
        "spearmanr card, Output Values",
        "Spearman rank-order correlations can take on any value from `-1` to `1`, inclusive.",
    ),
)

_R2_WHY = (
    "R² = 1 - SSE/SST has no lower bound: a prediction worse than the mean of y scores below "
    "0 (y = (1, 2, 3, 4), ŷ = (4, 3, 2, 1) gives -3)"
)

#: Classification of every published range the checker refutes (claim ``RANGE``).
RANGE_DISAGREEMENTS: tuple[Disagreement, ...] = (
    Disagreement(
        _POTTS, "r2", RANGE, "finding", _R2_WHY, "[0, 1], with 0 the worst and 1 the best."
    ),
    Disagreement(
        _HF,
        "mean_squared_error",
        RANGE,
        "finding",
        "a mean of squared errors has no upper bound: y = (0), ŷ = (2) gives 4",
        "Each MSE `float` value ranges from `0.0` to `1.0`",
    ),
    Disagreement(
        _HF,
        "r2",
        RANGE,
        "finding",
        _R2_WHY,
        "The R^2 value ranges from 0 to 1, with a higher value indicating a better fit.",
    ),
)


#: The sources this plugin registers (the entry point's object), in registration order.
def _with_ranges(src: LiteratureSource) -> LiteratureSource:
    """``src`` with the ranges it states and their classifications."""
    return replace(
        src,
        ranges=tuple(r for r in RANGES if r.source == src.key),
        range_disagreements=tuple(d for d in RANGE_DISAGREEMENTS if d.source == src.key),
    )


SOURCES = tuple(
    _with_ranges(s) for s in (POTTS2020_REGRESSION, SKLEARN_DOCS, SKLEARN_TESTS, HF_EVALUATE)
)
