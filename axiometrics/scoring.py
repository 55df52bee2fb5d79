"""Running a compute function under the measure contract.

The contract every compute function (built-in or third-party) obeys:

* vectorised functions take validated float arrays with leading batch axes
  and ``values`` (class values, ``(..., C)``), plus the measure's parameters
  as keywords, and return an array of the batch shape, or an
  :class:`Evaluation` that also marks the undefined entries;
* scalar functions (registered with ``vectorized=False``) take one input at
  a time and may raise :class:`~axiometrics.errors.UndefinedMeasureError`;
* no NaN, inf, numpy floating-point warning or stray exception escapes.

This module enforces the contract and turns undefined entries into the
caller's choice: a typed error (default) or a fill value.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple

import numpy as np

from axiometrics.errors import (
    InvalidParameterError,
    MeasureImplementationError,
    ScoreOutOfRangeError,
    UndefinedMeasureError,
)
from axiometrics.family import Prepared
from axiometrics.measure import Measure

__all__ = [
    "Evaluation",
    "check_on_undefined",
    "checked_evaluation",
    "evaluate_compute",
    "run_compute",
]

#: Slack allowed when checking that scores lie in the declared range.
RANGE_SLACK = 1e-9


class Evaluation(NamedTuple):
    """Scores plus a mask of the entries where the measure is undefined.

    The scores at undefined entries are ignored (any finite value will do).
    """

    scores: np.ndarray
    undefined: np.ndarray


def check_on_undefined(on_undefined: Any) -> None:
    """Accept ``"raise"`` or a finite real number (not a bool), else raise.

    Raises
    ------
    InvalidParameterError
        For NaN, infinities, booleans, other strings and non-numbers:
        axiometrics never returns NaN or inf, so it will not fill them in.
    """
    if isinstance(on_undefined, str) and on_undefined == "raise":
        return
    number = isinstance(on_undefined, int | float | np.integer | np.floating) and not isinstance(
        on_undefined, bool | np.bool_
    )
    if number and math.isfinite(float(on_undefined)):
        return
    raise InvalidParameterError(
        f"on_undefined={on_undefined!r}: expected 'raise' or a finite number (NaN and inf are "
        "refused: axiometrics never returns them)"
    )


def _call_scalar(compute: Callable[..., Any], measure: Measure, prepared: Prepared) -> Evaluation:
    batch = prepared.batch_shape
    scores = np.zeros(batch)
    undefined = np.zeros(batch, dtype=bool)
    arrays = prepared.broadcast_arrays()
    values = np.broadcast_to(prepared.values, (*batch, prepared.n_classes))
    for idx in np.ndindex(*batch):
        args = [a[idx] for a in arrays]
        try:
            scores[idx] = float(compute(*args, values=values[idx], **measure.bound))
        except UndefinedMeasureError:
            undefined[idx] = True
    return Evaluation(scores, undefined)


def _guarded_call(
    compute: Callable[..., Any], measure: Measure, prepared: Prepared, vectorized: bool
) -> Any:
    """Call ``compute`` under the floating-point guard and return what it returns."""
    with np.errstate(divide="raise", invalid="raise", over="raise", under="ignore"):
        try:
            if vectorized:
                return compute(*prepared.arrays, values=prepared.values, **measure.bound)
            return _call_scalar(compute, measure, prepared)
        except FloatingPointError as exc:
            raise MeasureImplementationError(
                f"measure={measure.name!r} raised a floating-point error ({exc}); "
                "its compute function must guard divisions and logarithms"
            ) from exc


#: Result types of a compute function on one input that :func:`_plain_score` reads directly.
_PLAIN_FLOATS = (float, np.float64)


def _plain_score(raw: Any, measure: Measure) -> float:
    """A plain float result on one input, checked and clipped with Python arithmetic.

    The array route (:func:`_shaped_scores`, :func:`_clipped`) costs about as
    much as a small measure's own computation; a float needs none of it.
    """
    value = float(raw)
    if not _spans_within_contract(value, value, measure):
        _check_contract(np.asarray(value), np.zeros((), dtype=bool), measure)
    return min(max(value, measure.range.lower), measure.range.upper)


def _raw_scores(
    compute: Callable[..., Any], measure: Measure, prepared: Prepared, vectorized: bool
) -> tuple[np.ndarray, np.ndarray | None]:
    """Call ``compute`` under the floating-point guard: scores, and the mask or ``None``."""
    return _shaped_scores(_guarded_call(compute, measure, prepared, vectorized), measure, prepared)


def _shaped_scores(
    raw: Any, measure: Measure, prepared: Prepared
) -> tuple[np.ndarray, np.ndarray | None]:
    """A compute function's result as scores of the batch shape, and the mask or ``None``."""
    undefined: np.ndarray | None = None
    if isinstance(raw, Evaluation):
        scores = np.asarray(raw.scores, dtype=float)
        undefined = np.asarray(raw.undefined, dtype=bool)
    else:
        scores = np.asarray(raw, dtype=float)
    batch = prepared.batch_shape
    try:
        if scores.shape != batch:
            scores = np.broadcast_to(scores, batch)
        if undefined is not None and undefined.shape != batch:
            undefined = np.broadcast_to(undefined, batch)
    except ValueError:
        raise MeasureImplementationError(
            f"measure={measure.name!r} returned shape {scores.shape}; expected the batch shape "
            f"{batch}"
        ) from None
    if undefined is not None and not undefined.any():
        undefined = None
    return scores, undefined


def _within_contract(scores: np.ndarray, measure: Measure) -> bool:
    """Whether every score is finite and inside the declared range (up to the slack).

    ``s < low - slack(s)`` and ``s > high + slack(s)`` are monotone in ``s``
    (the slack grows by a factor ``1e-9`` of ``|s|``), so the smallest and
    the largest score decide for all of them; ``min`` propagates NaN.
    """
    if scores.size == 0:
        return True
    if scores.ndim == 0:
        smallest = largest = float(scores)
    else:
        smallest, largest = float(scores.min()), float(scores.max())
    return _spans_within_contract(smallest, largest, measure)


def _spans_within_contract(smallest: float, largest: float, measure: Measure) -> bool:
    """Whether scores from ``smallest`` to ``largest`` are finite and inside the range."""
    if not (math.isfinite(smallest) and math.isfinite(largest)):
        return False
    low, high = measure.range.lower, measure.range.upper
    return smallest >= low - RANGE_SLACK * (1.0 + abs(smallest)) and largest <= high + (
        RANGE_SLACK * (1.0 + abs(largest))
    )


def _check_contract(scores: np.ndarray, undefined: np.ndarray, measure: Measure) -> None:
    """Raise :class:`MeasureImplementationError` for NaN, inf or out-of-range defined scores."""
    defined = ~undefined
    if not np.all(np.isfinite(scores[defined])):
        raise MeasureImplementationError(
            f"measure={measure.name!r} returned NaN or inf on an input it does not declare "
            "undefined"
        )
    low, high = measure.range.lower, measure.range.upper
    slack = RANGE_SLACK * (1.0 + np.abs(scores[defined]))
    if np.any(scores[defined] < low - slack) or np.any(scores[defined] > high + slack):
        bad = scores[defined][(scores[defined] < low - slack) | (scores[defined] > high + slack)]
        raise ScoreOutOfRangeError(
            f"measure={measure.name!r} returned {float(bad[0])!r}, outside its declared range "
            f"{measure.range}"
        )


def _checked_scores(
    compute: Callable[..., Any], measure: Measure, prepared: Prepared, vectorized: bool
) -> tuple[np.ndarray, np.ndarray | None]:
    """Scores clipped to the declared range (0 where undefined) and the mask (``None``: none)."""
    return _clipped(*_raw_scores(compute, measure, prepared, vectorized), measure)


def _clipped(
    scores: np.ndarray, undefined: np.ndarray | None, measure: Measure
) -> tuple[np.ndarray, np.ndarray | None]:
    """:func:`_checked_scores` after the call: contract checks, clipping, the mask."""
    low, high = measure.range.lower, measure.range.upper
    if undefined is None:
        if not _within_contract(scores, measure):
            _check_contract(scores, np.zeros(scores.shape, dtype=bool), measure)
        if scores.ndim == 0:  # one input: clip the Python float
            return np.asarray(min(max(float(scores), low), high)), None
        return np.clip(scores, low, high), None
    # Undefined entries may hold anything (NaN included): replaced by a score inside the
    # range, the min/max check of the defined case decides for the defined ones.
    filled = np.where(undefined, _inside(measure), scores)
    if not _within_contract(filled, measure):
        _check_contract(scores, undefined, measure)
    np.clip(filled, low, high, out=filled)
    filled[undefined] = 0.0
    return filled, undefined


def _inside(measure: Measure) -> float:
    """A score inside the measure's declared range (a finite end, else 0)."""
    low, high = measure.range.lower, measure.range.upper
    if math.isfinite(low):
        return low
    return high if math.isfinite(high) else 0.0


def checked_evaluation(scores: Any, undefined: Any, measure: Measure) -> Evaluation:
    """Scores computed outside the compute function, under the same contract.

    What :func:`evaluate_compute` does after calling the compute function:
    the contract checks, clipping to the declared range, 0 where undefined.
    The meta-evaluation uses it for corpus-level scores it sums from segment
    statistics (:class:`~axiometrics.io.runs.CorpusBatch`).

    Raises
    ------
    MeasureImplementationError
        If the scores break the contract.
    """
    mask = np.asarray(undefined, dtype=bool)
    checked, kept = _clipped(np.asarray(scores, dtype=float), mask, measure)
    return Evaluation(np.array(checked), np.array(kept if kept is not None else mask))


def evaluate_compute(
    compute: Callable[..., Any],
    measure: Measure,
    prepared: Prepared,
    *,
    vectorized: bool = True,
) -> Evaluation:
    """Call ``compute`` on prepared inputs, enforce the contract, and keep the undefined mask.

    Returns
    -------
    Evaluation
        Scores of the batch shape (0 where undefined, clipped to the
        declared range) and the boolean mask of undefined entries.

    Raises
    ------
    MeasureImplementationError
        If the compute function breaks the contract.
    """
    scores, undefined = _checked_scores(compute, measure, prepared, vectorized)
    if undefined is None:
        return Evaluation(np.array(scores), np.zeros(scores.shape, dtype=bool))
    return Evaluation(np.array(scores), np.array(undefined))


def run_compute(
    compute: Callable[..., Any],
    measure: Measure,
    prepared: Prepared,
    *,
    vectorized: bool = True,
    on_undefined: str | float = "raise",
) -> float | np.ndarray:
    """Call ``compute`` on prepared inputs and enforce the measure contract.

    Parameters
    ----------
    compute
        The measure's compute function.
    measure
        The measure (parameters, range, undefined cases).
    prepared
        Validated inputs.
    vectorized
        Whether ``compute`` handles batches itself.
    on_undefined
        ``"raise"`` (default) raises :class:`UndefinedMeasureError` when any
        entry is undefined; a finite number fills undefined entries with it.

    Returns
    -------
    float or numpy.ndarray
        A float for unbatched input, else an array of the batch shape.
    """
    check_on_undefined(on_undefined)
    raw = _guarded_call(compute, measure, prepared, vectorized)
    if type(raw) in _PLAIN_FLOATS and not prepared.batch_shape:  # one input, a plain float
        return _plain_score(raw, measure)
    scores, undefined = _clipped(*_shaped_scores(raw, measure, prepared), measure)
    if undefined is not None:
        if isinstance(on_undefined, str):
            idx = [tuple(int(i) for i in row) for row in np.argwhere(undefined)]
            raise UndefinedMeasureError(measure.name, idx, measure.undefined or "undefined input")
        scores[undefined] = float(on_undefined)  # scores is a fresh array of ours
    if scores.ndim == 0:
        return float(scores)
    return scores
