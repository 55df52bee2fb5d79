"""Case builders of the ``regression`` claims, shared by the random search and the bounded pass.

Each builder turns one input ``(y, ŷ, w)`` and the claim's parameters into a
:class:`~axiometrics.checker.Case` whose entries hold the three inputs
``(y_true, y_pred, sample_weight)``; :mod:`.procedures` draws the parameters
with Hypothesis and :mod:`.enumeration` lists them, so a drawn case and an
enumerated one have the same entries, names and ``info``.

The relations are exact in float64: a shift c, a factor k or an affine map
is applied only where every sum and product it makes is exact (otherwise
the case falls back to the identity relation and says so), a strictly
increasing map only where it keeps the order (else the dense rank).

A shift is applied as drawn only where it leaves the values resolvable:
|c| at most :data:`MAX_SHIFT_RATIO` times the spread (max - min) of each
shifted vector.  Past that, every float implementation of a centred
statistic (a mean, a variance, a correlation) loses the spread to rounding
when it sums the shifted values, by far more than the checker's tolerance:
predictions of about 1e-18 shifted by 2**-10 differ only in their last
bits, and ``numpy.corrcoef`` then moves by 3e-5.  Such an input is
ill-conditioned for the claim, not a counterexample to it, so a larger
drawn shift is shrunk to the largest power of two of its sign within the
ratio (:func:`resolvable_shift_within`): the case still tests the claim,
with the largest well-posed shift.  At the ratio 2**16 a sum still
keeps about 36 bits of the spread (a relative error near 1e-11, the
equality tolerance), and the naive variance E[x²] - E[x]² still loses far
more than the tolerance (about 2**-20), so the bug translation invariance
is there to catch is still caught.
"""

from __future__ import annotations

import math

import numpy as np

from axiometrics.checker.cases import Case, CaseRequest

from .claims import DEGREES

__all__ = [
    "MAPS",
    "MAX_SHIFT_RATIO",
    "affine_case",
    "degree",
    "error_case",
    "exact_sum",
    "identity_case",
    "influence_case",
    "keeps_order",
    "monotone_case",
    "order_case",
    "resolvable_shift",
    "resolvable_shift_within",
    "scale_case",
    "symmetry_case",
    "translation_case",
    "weight_case",
    "well_defined_case",
]

_NAMES = ("y_true", "y_pred", "sample_weight")


def _case(entries: list[tuple[np.ndarray, ...]], names: list[str], **info: object) -> Case:
    return Case.from_entries(entries, names, info=info)


def _ones(y: np.ndarray) -> np.ndarray:
    return np.ones(y.shape)


def exact_sum(x: np.ndarray, c: float) -> bool:
    """Whether ``x + c`` is exact (and finite) for every entry: the TwoSum error is zero."""
    with np.errstate(all="ignore"):
        s = x + c
        if not np.all(np.isfinite(s)):
            return False
        back = s - x
        return bool(np.all((x - (s - back)) + (c - back) == 0.0))


#: Largest shift, relative to the spread (max - min) of the values shifted, that a
#: translation case applies (see the module docstring).
MAX_SHIFT_RATIO = 2.0**16


def resolvable_shift(x: np.ndarray, c: float) -> bool:
    """Whether ``x + c`` keeps the spread of ``x`` resolvable: ``|c| <= 2**16 (max - min)``.

    A constant ``x`` stays constant under any exact shift: always resolvable.
    """
    if x.size == 0:
        return True
    with np.errstate(all="ignore"):
        spread = float(np.max(x)) - float(np.min(x))
    return spread == 0.0 or abs(c) <= MAX_SHIFT_RATIO * spread


def resolvable_shift_within(c: float, *vectors: np.ndarray) -> float:
    """``c``, or the largest power of two of its sign resolvable on every vector (0 if none).

    A shift over :data:`MAX_SHIFT_RATIO` times the smallest non-zero spread is
    shrunk to the largest power of two within it, so that an unresolvable
    draw still tests the claim with the largest shift that is well-posed
    rather than not at all.  The result need not be exact on the vectors:
    callers check that as for any shift.
    """
    if all(resolvable_shift(x, c) for x in vectors):
        return c
    with np.errstate(all="ignore"):
        spreads = [float(np.max(x)) - float(np.min(x)) for x in vectors if x.size]
    bound = MAX_SHIFT_RATIO * min(s for s in spreads if s > 0.0)
    if not (math.isfinite(bound) and bound > 0.0):
        return 0.0
    return math.copysign(2.0 ** (math.frexp(bound)[1] - 1), c)


def _exact_product(x: np.ndarray, k: float) -> bool:
    with np.errstate(all="ignore"):
        kx = x * k
        if not np.all(np.isfinite(kx)):
            return False
        if math.frexp(k)[0] == 0.5:  # a power of two: exact unless it leaves the normal range
            return bool(
                np.all(
                    (kx / k == x) & ((kx == 0) | (np.abs(kx) >= 2.2250738585072014e-308)) | (x == 0)
                )
            )
        return bool(np.all((x == np.round(x)) & (np.abs(x) < 2.0**40)))


def symmetry_case(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Case:
    """The ``symmetry`` case: ``(y, p)`` and ``(p, y)``."""
    return _case([(y, p, w), (p, y, w)], ["(y, p)", "(p, y)"])


def order_case(y: np.ndarray, p: np.ndarray, w: np.ndarray, order: np.ndarray, shown: str) -> Case:
    """The ``item_order_invariance`` case: the input and its items in ``order`` (``shown``)."""
    return _case(
        [(y, p, w), (y[order], p[order], w[order])], ["as given", "permuted"], permutation=shown
    )


def translation_case(y: np.ndarray, p: np.ndarray, w: np.ndarray, c: float) -> Case:
    """The ``translation_invariance`` case: ``(y, p)`` and ``(y + c, p + c)`` (c = 0 if inexact)."""
    drawn, c = c, resolvable_shift_within(c, y, p)
    shown = f"c = {c!r}"
    if c != drawn:
        shown += f" (c = {drawn!r} is over 2**16 times the spread of these values)"
    if not (exact_sum(y, c) and exact_sum(p, c)):
        c, shown = 0.0, f"c = 0 (c = {c!r} is not exact on these values)"
    return _case([(y, p, w), (y + c, p + c, w)], ["(y, p)", "(y + c, p + c)"], shift=shown)


def degree(request: CaseRequest) -> int:
    """The degree d a measure declares through a ``degree_<d>`` precondition (0 without one)."""
    for d in DEGREES:
        if request.wants(f"degree_{d}"):
            return d
    return 0


def scale_case(y: np.ndarray, p: np.ndarray, w: np.ndarray, k: float, d: int) -> Case:
    """The ``scale_homogeneity`` case: ``(y, p)``, ``(k y, k p)`` (k = 1 if inexact), degree d."""
    if not (_exact_product(y, k) and _exact_product(p, k)):
        k = 1.0
    return _case([(y, p, w), (k * y, k * p, w)], ["(y, p)", "(k y, k p)"], k=k, degree=d)


def affine_case(y: np.ndarray, p: np.ndarray, w: np.ndarray, a: float, b: float) -> Case:
    """The ``prediction_affine_invariance`` case: ``(y, p)`` and ``(y, a p + b)`` (exact parts)."""
    if not _exact_product(p, a):
        a = 1.0
    b = resolvable_shift_within(b, a * p)
    if not exact_sum(a * p, b):
        b = 0.0
    return _case([(y, p, w), (y, a * p + b, w)], ["(y, p)", "(y, a p + b)"], a=a, b=b)


def keeps_order(before: np.ndarray, after: np.ndarray) -> bool:
    """Whether ``after`` is finite and orders every pair of items exactly as ``before``."""
    if not np.all(np.isfinite(after)):
        return False
    order = np.argsort(before, kind="stable")
    b, a = before[order], after[order]
    return bool(np.all((b[1:] > b[:-1]) == (a[1:] > a[:-1])) and np.all(a[1:] >= a[:-1]))


#: The strictly increasing maps of prediction monotone invariance, by name.
MAPS = ("cube", "arctan", "exp2", "dense_rank", "subnormal_rank", "huge_rank")


def _monotone(kind: str, p: np.ndarray) -> np.ndarray:
    rank = np.unique(p, return_inverse=True)[1].reshape(p.shape).astype(float)
    with np.errstate(all="ignore"):
        if kind == "cube":
            return p**3
        if kind == "arctan":
            return np.arctan(p)
        if kind == "exp2":
            return np.exp2(np.clip(p, -2000, 2000))
        if kind == "subnormal_rank":
            return rank * 5e-324
        if kind == "huge_rank":
            return np.ldexp(rank - rank.max() / 2, 1018)
    return rank


def monotone_case(y: np.ndarray, p: np.ndarray, w: np.ndarray, kind: str) -> Case:
    """The ``prediction_monotone_invariance`` case: ``(y, p)`` and ``(y, f(p))``, f of :data:`MAPS`.

    A map that loses the order of ``p`` in float64 is replaced by the dense rank.
    """
    moved = _monotone(kind, p)
    if not keeps_order(p, moved):
        kind, moved = f"dense rank ({kind} loses the order in float64)", _monotone("", p)
    return _case([(y, p, w), (y, moved, w)], ["(y, p)", "(y, f(p))"], map=kind)


def identity_case(y: np.ndarray, p: np.ndarray | None, w: np.ndarray) -> Case:
    """The ``identity`` case: ``(y, y)``, and with ``p`` (multiples of 1/8) ``(y, p)``, p != y.

    Where ``p`` equals ``y`` on every item of positive weight, the first such
    prediction is moved by 1/8.
    """
    if p is None:
        return _case([(y, y, w)], ["(y, y)"])
    p = p.copy()
    live = w > 0
    if np.all(p[live] == y[live]):
        i = int(np.argmax(live))
        p[i] = y[i] + 0.125
    return _case([(y, y, w), (y, p, w)], ["(y, y)", "(y, p), p != y"])


def error_case(y: np.ndarray, p: np.ndarray, i: int, t: float) -> Case:
    """The ``error_monotonicity`` case: prediction ``i`` moved to ``y_i + t (p_i - y_i)``.

    Unit weights; a prediction equal to its true value is first moved away by
    a multiple of 1/8.
    """
    p = p.copy()
    if p[i] == y[i]:
        p[i] = y[i] + 0.125 * (1 + i % 3)
    moved = p.copy()
    moved[i] = y[i] + t * (p[i] - y[i])
    w = _ones(y)
    return _case([(y, p, w), (y, moved, w)], ["before", "after"], item=i, fraction=t)


def weight_case(kind: str, y: np.ndarray, p: np.ndarray, w: np.ndarray, k: float = 1.0) -> Case:
    """The ``weight_semantics`` case of ``kind`` (:data:`WEIGHT_KINDS`).

    ``"scale"``: weights ``w`` and ``k w``; ``"drop"``: zero weights and those
    rows removed; ``"repeat"``: integer weights and every row repeated that
    many times with unit weights.
    """
    if kind == "scale":
        return _case([(y, p, w), (y, p, k * w)], ["w", "k w"], k=k)
    if kind == "drop":
        keep = w > 0
        return _case(
            [(y, p, w), (y[keep], p[keep], w[keep])],
            ["zero weights", "rows removed"],
        )
    reps = w.astype(np.int64)
    return _case(
        [(y, p, w), (np.repeat(y, reps), np.repeat(p, reps), np.ones(int(reps.sum())))],
        ["integer weights", "rows repeated"],
    )


def _outside(others: np.ndarray, up: bool, gap: float) -> float | None:
    with np.errstate(all="ignore"):
        edge = float(np.max(others)) if up else float(np.min(others))
        v = edge + gap if up else edge - gap
    if not math.isfinite(v) or v == edge:
        return None
    return v


def influence_case(
    y: np.ndarray, p: np.ndarray, w: np.ndarray, i: int, up: bool, near: float, far: float
) -> Case:
    """The ``bounded_influence`` case: prediction ``i`` past the others by ``near``, then ``far``.

    Above the largest of the other values if ``up``, else below the smallest.
    Where either gap is lost in float64 the other direction with gaps 1 and
    2**40 is tried; where that fails too, both entries keep ``p``.
    """
    others = np.concatenate([y, np.delete(p, i)])
    v, v2 = _outside(others, up, near), _outside(others, up, far)
    if v is None or v2 is None or v == v2:
        up = not up
        v, v2 = _outside(others, up, 1.0), _outside(others, up, 2.0**40)
    a, b = p.copy(), p.copy()
    if v is not None and v2 is not None and v != v2:
        a[i], b[i] = v, v2
    return _case([(y, a, w), (y, b, w)], ["outlier", "further out"], item=i)


def well_defined_case(y: np.ndarray, p: np.ndarray, w: np.ndarray) -> Case:
    """The ``well_defined`` case of one input."""
    return _case([(y, p, w)], ["x"])
