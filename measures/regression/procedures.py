"""Checking procedures of the claims about ``regression`` measures.

Each procedure is a case generator (from
:mod:`axiometrics.measures.regression.strategies`) and a decision rule,
as the built-in scored procedures.  Every case entry holds the three inputs
``(y_true, y_pred, sample_weight)`` (unit weights where the claim is about
unweighted inputs); entries of one length are stacked, others form a
ragged case (``weight_semantics`` compares an input with its repeated
rows).  Cases carry no class values.

The relations are exact in float64 (see :mod:`.cases`), so an equality
claim is refuted by a property of the measure, never by rounding of the
relation.

Measures without a weighted form refuse weights other than all ones with
:class:`~axiometrics.errors.InvalidInputError`; such refusals put the case
outside the claim.  Any other exception refutes it.

Every procedure also enumerates its claim's cases for the bounded pass
(:mod:`axiometrics.measures.regression.enumeration`).  Both ways build a
case with the same builder of :mod:`.cases` (:func:`translation_case`,
:func:`weight_case`, ...), so a drawn case and an enumerated one have the
same entries, names and ``info``.
"""

from __future__ import annotations

import functools
import math

import numpy as np
from hypothesis import strategies as st

from axiometrics.checker.cases import (
    Case,
    CaseRequest,
    Decide,
    Decision,
    Observation,
    Procedure,
)
from axiometrics.checker.rules import (
    decide_better,
    decide_equal,
    decide_identity,
    decide_well_defined,
    fmt,
    refusal_aware,
)
from axiometrics.checker.tolerance import Judge
from axiometrics.strategies import bounded_integers, sampled_options

from . import enumeration
from .cases import (
    MAPS,
    affine_case,
    degree,
    error_case,
    identity_case,
    influence_case,
    monotone_case,
    order_case,
    scale_case,
    symmetry_case,
    translation_case,
    weight_case,
    well_defined_case,
)
from .family import WEIGHTS_FEATURE
from .strategies import EIGHTHS, MAX_ITEMS, REGIMES, item_lists

__all__ = [
    "BOUNDED_INFLUENCE",
    "ERROR_MONOTONICITY",
    "GAPS",
    "IDENTITY",
    "ITEM_ORDER_INVARIANCE",
    "PREDICTION_AFFINE_INVARIANCE",
    "PREDICTION_MONOTONE_INVARIANCE",
    "SCALE_FACTORS",
    "SCALE_HOMOGENEITY",
    "SHIFTS",
    "STEPS",
    "SYMMETRY",
    "TRANSLATION_INVARIANCE",
    "WEIGHT_FACTORS",
    "WEIGHT_KINDS",
    "WEIGHT_SEMANTICS",
    "WELL_DEFINED",
]

REFUSALS = ("InvalidInputError",)
_SEEDS = bounded_integers(0, 2**32 - 1)
#: Factors k of scale homogeneity (and a of the affine map): powers of two scale every
#: float exactly; 3 and 10 only integer values below 2**40.
SCALE_FACTORS = (2.0, 0.5, 4.0, 2.0**-20, 2.0**30, 3.0, 10.0, 2.0**-600, 2.0**600)
#: Shifts c of translation invariance (and b of the affine map).
SHIFTS = (1.0, -1.0, 0.5, 1000.0, -(2.0**40), 2.0**-10, 1e300, -3.0)


def _refusal_aware(decide: Decide) -> Decide:
    return refusal_aware(decide, REFUSALS, "this input")


def _inputs(request: CaseRequest, **options: object) -> st.SearchStrategy:
    """Item lists for ``request``: unit weights only for a measure that refuses weights.

    Its weighted inputs would lie outside every claim (it refuses them), so
    drawing them would only spend the search's budget.  A procedure that
    names its ``weights`` (``weight_semantics``) keeps them.
    """
    if request.refuses(WEIGHTS_FEATURE) and "weights" not in options:
        options = {**options, "weights": ("ones",)}
    return item_lists(min_items=1, max_items=MAX_ITEMS, **options)  # type: ignore[arg-type]


# -- symmetry and item order ----------------------------------------------------------------


def _symmetry_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    return _inputs(request).map(lambda it: symmetry_case(it.y_true, it.y_pred, it.sample_weight))


SYMMETRY = Procedure(
    cases=_symmetry_cases,
    decide=_refusal_aware(decide_equal("Eff(y, p) vs Eff(p, y)")),
    observe_crashes=True,
    description="an input and the same input with y_true and y_pred exchanged",
    enumerate=enumeration.symmetry_levels,
)


@functools.lru_cache(maxsize=32)
def _permutations(n: int) -> st.SearchStrategy[list[int]]:
    return st.permutations(range(n))


def _order_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        it = draw(_inputs(request))
        core_order = np.asarray(draw(_permutations(it.core)), dtype=np.int64)
        seed = draw(_SEEDS)
        if it.y_true.size == it.core:
            order, shown = core_order, str(core_order.tolist())
        else:
            order = np.random.default_rng(seed).permutation(it.y_true.size)
            shown = f"random permutation of {it.y_true.size} items (seed {seed})"
        return order_case(it.y_true, it.y_pred, it.sample_weight, order, shown)

    return build()


ITEM_ORDER_INVARIANCE = Procedure(
    cases=_order_cases,
    decide=_refusal_aware(decide_equal("as given vs permuted")),
    observe_crashes=True,
    description="an input and its items (values and weights together) in another order",
    enumerate=enumeration.order_levels,
)


# -- translation, scale, affine and monotone maps ------------------------------------------------


def _translation_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        it = draw(_inputs(request))
        c = float(draw(sampled_options(SHIFTS)))
        return translation_case(it.y_true, it.y_pred, it.sample_weight, c)

    return build()


TRANSLATION_INVARIANCE = Procedure(
    cases=_translation_cases,
    decide=_refusal_aware(decide_equal("Eff(y, p) vs Eff(y + c, p + c)")),
    observe_crashes=True,
    description="an input and the input with c added to every value (exact sums; a |c| over "
    "2**16 times the spread of a vector shrunk to the largest power of two within it)",
    enumerate=enumeration.translation_levels,
)


def _scale_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    d = degree(request)

    @st.composite
    def build(draw: st.DrawFn) -> Case:
        it = draw(_inputs(request))
        k = float(draw(sampled_options(SCALE_FACTORS)))
        return scale_case(it.y_true, it.y_pred, it.sample_weight, k, d)

    return build()


def _decide_scale(case: Case, obs: Observation, judge: Judge) -> Decision:
    k, d = float(case.info["k"]), int(case.info["degree"])
    a, b = float(obs.scores[0]), float(obs.scores[1])
    # Multiplied d times rather than ``a * k**d``: float ``**`` raises OverflowError
    # where a product only reaches inf, and a tiny score times a huge k^d can be finite.
    expected = a
    for _ in range(d):
        expected *= k
    if not math.isfinite(expected):
        return Decision.outside(f"k^{d} Eff(y, p) overflows float64")
    return Decision.verdict(
        judge.equal(b, expected),
        f"Eff(k y, k p) = {fmt(b)} vs k^{d} Eff(y, p) = {fmt(expected)} (k = {k:g})",
        margin=judge.equality_margin(b, expected),
    )


SCALE_HOMOGENEITY = Procedure(
    cases=_scale_cases,
    decide=_refusal_aware(_decide_scale),
    observe_crashes=True,
    description="an input and the input with every value times k > 0 (exact products), "
    "compared with k^d times the score",
    enumerate=enumeration.scale_levels,
)


def _affine_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        it = draw(_inputs(request))
        a = float(draw(sampled_options(SCALE_FACTORS)))
        b = float(draw(sampled_options(SHIFTS)))
        return affine_case(it.y_true, it.y_pred, it.sample_weight, a, b)

    return build()


PREDICTION_AFFINE_INVARIANCE = Procedure(
    cases=_affine_cases,
    decide=_refusal_aware(decide_equal("Eff(y, p) vs Eff(y, a p + b)")),
    observe_crashes=True,
    description="an input and the input with predictions a p + b, a > 0 (exact; a |b| over "
    "2**16 times the spread of a p shrunk to the largest power of two within it)",
    enumerate=enumeration.affine_levels,
)


def _monotone_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        it = draw(_inputs(request))
        kind = str(draw(sampled_options(MAPS)))
        return monotone_case(it.y_true, it.y_pred, it.sample_weight, kind)

    return build()


PREDICTION_MONOTONE_INVARIANCE = Procedure(
    cases=_monotone_cases,
    decide=_refusal_aware(decide_equal("Eff(y, p) vs Eff(y, f(p))")),
    observe_crashes=True,
    description="an input and the input with predictions f(p) for a strictly increasing f",
    enumerate=enumeration.monotone_levels,
)


# -- identity and error monotonicity -------------------------------------------------------------


def _identity_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        strict = draw(st.booleans())
        it = draw(_inputs(request, regimes=(EIGHTHS,) if strict else REGIMES))
        return identity_case(it.y_true, it.y_pred if strict else None, it.sample_weight)

    return build()


_decide_identity = decide_identity("p = y scores", "p != y scores")


IDENTITY = Procedure(
    cases=_identity_cases,
    decide=_refusal_aware(_decide_identity),
    observe_crashes=True,
    needs_optimum=True,
    description="p = y on any input (must score the optimum); with it, p != y on multiples of "
    "1/8 (must not)",
    enumerate=enumeration.identity_levels,
)


#: Fractions t of the remaining error a moved prediction keeps.
STEPS = (0.0, 0.5, 0.25, 0.75, 0.875)


def _error_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        it = draw(_inputs(request, regimes=(EIGHTHS,), weights=("ones",)))
        i = int(draw(bounded_integers(0, max(it.core - 1, 0))))
        t = float(draw(sampled_options(STEPS)))
        return error_case(it.y_true, it.y_pred, i, t)

    return build()


ERROR_MONOTONICITY = Procedure(
    cases=_error_cases,
    decide=_refusal_aware(decide_better("before the move", "after the move")),
    observe_crashes=True,
    description="one prediction moved toward its true value without passing it (multiples of "
    "1/8, unit weights)",
    enumerate=enumeration.error_levels,
)


# -- weights -------------------------------------------------------------------------------------


#: The three kinds of ``weight_semantics`` cases.
WEIGHT_KINDS = ("repeat", "drop", "scale")
#: Factors k of the weights' scale kind.
WEIGHT_FACTORS = (2.0, 0.5, 3.0, 10.0, 2.0**-30, 2.0**40)


def _exercised(kind: str, w: np.ndarray) -> np.ndarray:
    """``w`` made to exercise ``kind``: a zero weight to drop, a weight of 2 to repeat.

    Unit weights would compare an input with itself and say nothing about
    weights (a measure that takes none would pass on them).
    """
    if kind == "drop" and not np.any(w == 0) and np.any(w[1:] > 0):
        return np.concatenate([[0.0], w[1:]])
    if kind == "repeat" and not np.any(w >= 2):
        return np.concatenate([w[:-1], [2.0]])
    return w


def _weight_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        kind = str(draw(sampled_options(WEIGHT_KINDS)))
        it = draw(
            _inputs(
                request, weights=("integers", "zeros") if kind != "scale" else ("integers", "reals")
            )
        )
        if kind == "drop" and it.sample_weight.size == 1:
            kind = "repeat"  # one item cannot lose a row: repeat it instead
        k = float(draw(sampled_options(WEIGHT_FACTORS))) if kind == "scale" else 1.0
        return weight_case(kind, it.y_true, it.y_pred, _exercised(kind, it.sample_weight), k)

    return build()


WEIGHT_SEMANTICS = Procedure(
    cases=_weight_cases,
    decide=_refusal_aware(decide_equal("weighted vs expanded")),
    observe_crashes=True,
    description="integer weights against repeated rows, zero weights against removed rows, "
    "weights against weights times k",
    enumerate=enumeration.weight_levels,
)


# -- bounded influence ---------------------------------------------------------------------------

#: Gaps of the outlier beyond the other values.
GAPS = (1.0, 0.5, 1000.0, 2.0**40, 1e300)


def _influence_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        it = draw(_inputs(request))
        y, p, w = it.y_true, it.y_pred, it.sample_weight
        i = int(draw(bounded_integers(0, max(it.core - 1, 0))))
        up = draw(st.booleans())
        near, far = sorted((draw(sampled_options(GAPS)), draw(sampled_options(GAPS))))
        return influence_case(y, p, w, i, up, near, far)

    return build()


BOUNDED_INFLUENCE = Procedure(
    cases=_influence_cases,
    decide=_refusal_aware(decide_equal("outlier vs further out")),
    observe_crashes=True,
    description="one prediction beyond every other value, and the same prediction further out",
    enumerate=enumeration.influence_levels,
)


# -- well-definedness ----------------------------------------------------------------------------


def _well_defined_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    return _inputs(request).map(
        lambda it: well_defined_case(it.y_true, it.y_pred, it.sample_weight)
    )


WELL_DEFINED = Procedure(
    cases=_well_defined_cases,
    decide=_refusal_aware(decide_well_defined),
    observe_undefined=True,
    observe_crashes=True,
    description="any valid input: one item to a thousand, ties, constant vectors, subnormal, "
    "huge and mixed magnitudes, values near zero and below -1, weights with zeros",
    enumerate=enumeration.well_defined_levels,
)
