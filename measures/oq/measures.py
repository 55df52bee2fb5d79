"""Built-in ordinal-quantification (OQ) measures.

Every compute function takes the system estimate ``p`` and the gold
distribution ``q``, each ``(..., C)`` (validated: non-negative, summing to 1
within ``SUM_TOLERANCE``), and class values ``v`` broadcastable to
``(..., C)``; argument order is ``(system, gold)``.  The distributions are
rescaled to sum to exactly 1 before use, so a probability file printed with
six decimals scores as the distribution it stands for (distributions that
already sum to 1 up to rounding, ``C`` ulps, are used as given).

All measures here are divergences: lower is better and 0 is the optimum.
Measures with a distance between classes take it from the class values
``v`` and divide it by the span ``v_{C-1} - v_0``, which equals the paper's
``C - 1`` at the default values ``0 .. C-1``.

Claim declarations are argued in their notes; the checker tests them at the
default class values (all but ordinal invariance).  A note that says
"counterexample" gives an input a reader can verify by hand.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from axiometrics import (
    Evaluation,
    Holds,
    Measure,
    MeasurePlugin,
    NotApplicable,
    Param,
    Range,
    Reference,
    Violated,
)

from ._math import (
    Pair,
    cumulative_gap_rows,
    divergence_halves,
    harmonic_combination,
    jsd_rows,
    kendall_pair,
    kld_rows,
    mean_divergence_over,
    midpoint_gaps,
    pair_rows,
    raw_and_normalised,
    spread,
    uniform_step,
    value_gaps,
    value_rows,
    value_totals,
)

plugin = MeasurePlugin("axiometrics-oq")

_SAKAI_2021 = "Sakai 2021, Evaluating evaluation measures for OC and OQ (ACL-IJCNLP)"
_SAKAI_2022 = (
    "Sakai 2022, On variants of root normalised order-aware divergence and a divergence "
    "based on Kendall's tau"
)

_SQRT2 = float(np.sqrt(2.0))

_SYMBOLS = (
    "p = system distribution, q = gold distribution over C ordered classes, "
    "v = class values (default 0 .. C-1)."
)
_DW = "DW_i = sum_j w_ij (p_j - q_j)^2 is the distance-weighted sum of squares seen from class i"
_VALUE_WEIGHTS = (
    "w_ij = |v_i - v_j| / (v_{C-1} - v_0), the class-value distance divided by the span of "
    "the values; at the default values this is |i - j| / (C - 1), so the measure equals "
    "Sakai's definition with its 1/(C - 1) normalisation. Every w_ij <= 1 and "
    "sum_j (p_j - q_j)^2 <= 2, so DW_i <= 2 and the root of any average of DW_i is at most "
    "sqrt(2); scores above 1 occur on near-disjoint supports (p = [0,0,0,0,1], "
    "q = [1e-6,1e-6,0,.999998,0] gives RNOD 1.04), so the declared range is [0, sqrt(2)]"
)
_GOLD_WEIGHTS = (
    "delta_ij = sum_{k=min(i,j)}^{max(i,j)} q_k - (q_i + q_j)/2, i.e. half the gold mass of "
    "classes i and j plus all gold mass strictly between them (Sakai 2022 eq. 6, lost from "
    "the source text and reconstructed like Krippendorff's ordinal metric); it replaces "
    "|i - j| and uses the gold probabilities, never the class values"
)
_TIE_PARAM = Param(
    "tie_tolerance",
    float,
    0.0,
    "Two bin probabilities count as tied when they differ by at most this much. The default 0 "
    "means exact floating-point equality, which matches the priority-preservation claims "
    "(signs of p_i - p_j); set e.g. 1e-12 when the probabilities come from arithmetic such as "
    "0.1 + 0.2 versus 0.3.",
    minimum=0.0,
)
_TIES = (
    "Ties are exact floating-point equality by default (parameter tie_tolerance, e.g. "
    "dnkt(tie_tolerance=1e-12), widens them); the bin order is read from the inputs as given, "
    "before any rescaling."
)

_PPP_A_VIOLATED = Violated(
    note="counterexample: p = [.9, .07, .03] orders every bin pair as q = [.5, .3, .2] does, "
    "yet D(p, q) > 0 = D(q, q); the measure weighs magnitudes, not just bin order"
)
_PPP_B_HOLDS = Holds(
    note="a p that orders some bin pair differently from q differs from q, and the measure is "
    "0 only at p == q (identity), so D(p, q) > 0 = D(q, q)"
)
_OUTSIDE_SUPPORT_TIE = (
    "counterexample: gold q = [0, 0, 1]; the one-hot estimates e_1 = [0, 1, 0] and "
    "e_0 = [1, 0, 0] both put all their mass where the gold has none and score the same"
)


# Every compute function reads its pair class-major and side by side
# (``_math.pair_rows``: one contiguous row per class, the system columns then
# the gold ones; a view when the scoring contract validated the pair in that
# layout), works on rows ``(C, n)`` and reshapes the ``(n,)`` scores to the
# batch shape.


def _dnkt(raw: Pair, tie_tolerance: float) -> np.ndarray:
    return (1.0 - kendall_pair(raw, tie_tolerance)) / 2.0


def _jsd(pair: Pair) -> np.ndarray:
    return jsd_rows(pair.p, pair.q)


def _nmd(pair: Pair) -> np.ndarray:
    return np.add.reduce(cumulative_gap_rows(pair.p, pair.q), axis=0) / (pair.both.shape[0] - 1)


def _value_halves(pair: Pair, values: np.ndarray) -> tuple[np.ndarray, float]:
    """:func:`divergence_halves` at the value positions, and the factor still to apply.

    Equidistant values (the default) run with unit gaps and return their
    common gap as the factor; other values return their gaps applied and 1.
    """
    step = uniform_step(values)
    if step is not None:
        return divergence_halves(None, pair.p - pair.q), step
    return divergence_halves(value_gaps(values, pair.batch), pair.p - pair.q), 1.0


def _rnod(pair: Pair, values: np.ndarray) -> np.ndarray:
    halves, step = _value_halves(pair, values)
    od = mean_divergence_over(halves, pair.q)
    od *= step
    return np.sqrt(od)


def _mean_divergence(pair: Pair, totals: np.ndarray) -> np.ndarray:
    """The mean of ``DW_i`` over all classes: ``sum_j T_j (p_j - q_j)^2 / C`` (see ``spread``)."""
    squares = np.subtract(pair.p, pair.q)
    np.square(squares, out=squares)
    squares *= totals
    return np.add.reduce(squares, axis=0) / pair.both.shape[0]


def _combined(
    system: np.ndarray,
    gold: np.ndarray,
    tie_tolerance: float,
    other: Callable[[Pair], np.ndarray],
    values: np.ndarray | None = None,
) -> np.ndarray:
    """The harmonic combination of DNKT and ``other`` (Sakai 2022 eq. 17), batch-shaped.

    DNKT reads the pair as given, ``other`` the rescaled pair.  ``values``:
    the class values when ``other`` reads them (they may widen the batch).
    """
    raw, pair = raw_and_normalised(system, gold, values)
    both = harmonic_combination(_dnkt(raw, tie_tolerance), other(pair))
    return both.reshape(raw.batch)


@plugin.measure(
    Measure(
        name="nmd",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, 1.0),
        title="NMD",
        description=f"Normalised match distance. {_SYMBOLS} With the cumulative distributions "
        "CP_i = p_0 + ... + p_i and CQ_i = q_0 + ... + q_i, NMD = sum_{i=0}^{C-2} "
        "|CP_i - CQ_i| / (C - 1): the earth mover's distance on the line with unit steps "
        "between neighbouring classes, divided by its maximum C - 1. It uses the class order "
        "only, never the class values (see emd for the value-weighted distance).",
        aliases=("normalised_match_distance", "normalized_match_distance"),
        reference=Reference(_SAKAI_2021, "eq. 11"),
        optimum=0.0,
        claims={
            "ordinal_invariance": Holds(note="uses the bin order only, never the class values"),
            "symmetry": Holds(note="the gap between the cumulative distributions is symmetric"),
            "priority_preservation": _PPP_A_VIOLATED,
            "priority_violation": _PPP_B_HOLDS,
            "point_mass_monotonicity": Holds(
                note="e_b crosses a - b more cumulative steps with a full unit of mass than "
                "e_a; NMD(e_b) - NMD(e_a) = (a - b)/(C - 1) (Sakai 2021 Table 7: ordinal)"
            ),
            "mass_transfer_monotonicity": Holds(
                note="moving eps from bin x at or beyond all gold mass to x+1 lowers CP_x by "
                "eps while CQ_x = 1, adding eps/(C - 1)"
            ),
            "identity": Holds(note="equal cumulative distributions mean equal distributions"),
            "well_defined": Holds(),
        },
    )
)
def nmd(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Normalised match distance (Sakai 2021 eq. 11)."""
    pair = pair_rows(system, gold)
    return _nmd(pair).reshape(pair.batch)


@plugin.measure(
    Measure(
        name="emd",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, np.inf, note="at most v_{C-1} - v_0 (C - 1 at the default values)"),
        title="EMD",
        description=f"Earth mover's distance (unnormalised match distance). {_SYMBOLS} With the "
        "cumulative distributions CP_i = p_0 + ... + p_i and CQ_i = q_0 + ... + q_i, "
        "EMD = sum_{i=0}^{C-2} |CP_i - CQ_i| (v_{i+1} - v_i): the least total mass x distance "
        "needed to turn p into q when moving mass between classes costs the difference of "
        "their values. At the default values EMD = NMD * (C - 1); it is the EMD of SemEval "
        "2016/2017 Task 4 subtask E.",
        aliases=("earth_movers_distance", "match_distance"),
        reference=Reference(_SAKAI_2021, "eq. 11 without the 1/(C - 1) normalisation"),
        optimum=0.0,
        uses_class_values=True,
        claims={
            "ordinal_invariance": Violated(
                note="counterexample: p = [0, 0, 1], q = [1, 0, 0] scores 2 at values [0, 1, 2] "
                "and 3 at values [0, 1, 3]"
            ),
            "symmetry": Holds(note="the gap between the cumulative distributions is symmetric"),
            "priority_preservation": _PPP_A_VIOLATED,
            "priority_violation": _PPP_B_HOLDS,
            "point_mass_monotonicity": Holds(
                note="EMD(e_b) - EMD(e_a) = v_a - v_b > 0 when all gold mass lies beyond a"
            ),
            "mass_transfer_monotonicity": Holds(
                note="moving eps from bin x at or beyond all gold mass to x+1 adds "
                "eps (v_{x+1} - v_x)"
            ),
            "identity": Holds(note="the steps v_{i+1} - v_i are positive"),
            "well_defined": Holds(),
        },
    )
)
def emd(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Earth mover's distance with class-value steps (unnormalised NMD)."""
    pair = pair_rows(system, gold, values)
    v = value_rows(values, pair.batch)
    magnitude = np.max(np.abs(v), axis=0)
    steps = np.diff(v / magnitude, axis=0)
    gap = cumulative_gap_rows(pair.p, pair.q)
    gap *= steps
    return (np.add.reduce(gap, axis=0) * magnitude).reshape(pair.batch)


@plugin.measure(
    Measure(
        name="rnod",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, _SQRT2, note="DW_i <= 2; above 1 only on near-disjoint supports"),
        title="RNOD",
        description=f"Root normalised order-aware divergence. {_SYMBOLS} {_DW}, with "
        f"{_VALUE_WEIGHTS}. OD(p || q) = mean of DW_i over C* = {{i : q_i > 0}}, the classes "
        "with positive gold probability (each DW_i measures how much of gold class i's mass "
        "went elsewhere, weighted by distance). RNOD = sqrt(OD(p || q)).",
        aliases=("root_normalised_order_aware_divergence",),
        reference=Reference(_SAKAI_2021, "eq. 12-14"),
        optimum=0.0,
        uses_class_values=True,
        claims={
            "ordinal_invariance": Violated(
                note="assumes equidistance (Sakai 2022 Table 1 (d)); counterexample: "
                "p = [0, 1, 0], q = [1, 0, 0] scores sqrt(1/2) at values [0, 1, 2] and "
                "sqrt(1/10) at values [0, 1, 10]"
            ),
            "symmetry": Violated(
                note="averages over the gold's non-zero classes only (Sakai 2021 Table 7); "
                "counterexample: p = [0, .5, .5], q = [1, 0, 0] gives sqrt(.75/2) one way and "
                "sqrt(1.75/2) the other"
            ),
            "priority_preservation": _PPP_A_VIOLATED,
            "priority_violation": _PPP_B_HOLDS,
            "point_mass_monotonicity": Holds(
                note="for every gold class i, e_b sits strictly farther from i than e_a and "
                "the rest of DW_i is unchanged (Sakai 2021 Table 7: ordinal)"
            ),
            "mass_transfer_monotonicity": Violated(
                note="squared errors reward spreading mass out; counterexample: gold "
                "[1, 0, 0], p = [.5, .5, 0] scores sqrt(.125) = .354 but [.5, .25, .25], "
                "with mass moved further away, scores sqrt(.09375) = .306"
            ),
            "identity": Holds(
                note="p != q differs in two bins at least, and every DW_i with q_i > 0 weighs "
                "every other bin positively"
            ),
            "well_defined": Holds(note="C* is never empty"),
        },
    )
)
def rnod(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Root normalised order-aware divergence (Sakai 2021 eq. 14)."""
    pair = pair_rows(system, gold, values)
    return _rnod(pair, values).reshape(pair.batch)


@plugin.measure(
    Measure(
        name="rsnod",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, _SQRT2, note="DW_i <= 2; above 1 only on near-disjoint supports"),
        title="RSNOD",
        description=f"Root symmetric normalised order-aware divergence. {_SYMBOLS} {_DW}, with "
        f"{_VALUE_WEIGHTS}. OD(p || q) = mean of DW_i over the classes with q_i > 0, and "
        "OD(q || p) the same with the roles swapped (same squares, averaged over the classes "
        "with p_i > 0). SOD = (OD(p || q) + OD(q || p)) / 2 and RSNOD = sqrt(SOD). It equals "
        "RNOD when neither distribution has a zero bin.",
        aliases=("root_symmetric_normalised_order_aware_divergence",),
        reference=Reference(_SAKAI_2021, "eq. 12-15"),
        optimum=0.0,
        uses_class_values=True,
        claims={
            "ordinal_invariance": Violated(
                note="assumes equidistance; counterexample: p = [0, 1, 0], q = [1, 0, 0] "
                "scores sqrt(1/2) at values [0, 1, 2] and sqrt(1/10) at values [0, 1, 10]"
            ),
            "symmetry": Holds(note="SOD is symmetric by construction (Sakai 2021 Table 7)"),
            "priority_preservation": _PPP_A_VIOLATED,
            "priority_violation": _PPP_B_HOLDS,
            "point_mass_monotonicity": Holds(
                note="both halves shrink: every gold class is strictly nearer to a than to b "
                "(Sakai 2021 Table 7: ordinal)"
            ),
            "mass_transfer_monotonicity": Violated(
                note="counterexample: gold [1, 0, 0], p = [.2, .7, .1] scores .610 but "
                "[.2, .6, .2], with mass moved further away, scores .583"
            ),
            "identity": Holds(note="both halves are 0 only at p == q, as for RNOD"),
            "well_defined": Holds(),
        },
    )
)
def rsnod(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Root symmetric normalised order-aware divergence (Sakai 2021 eq. 15)."""
    pair = pair_rows(system, gold, values)
    # (q - p)^2 = (p - q)^2: both directions share DW_i and differ in the classes averaged
    halves, step = _value_halves(pair, values)
    sod = mean_divergence_over(halves, pair.q)
    sod += mean_divergence_over(halves, pair.p)
    sod *= step / 2
    return np.sqrt(sod).reshape(pair.batch)


@plugin.measure(
    Measure(
        name="rnod2",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, 1.0, note="a bound; the maximum over all inputs is lower"),
        title="RNOD2",
        description=f"RNOD with gold-mass distances. {_SYMBOLS} DW_i = sum_j delta_ij "
        f"(p_j - q_j)^2 with {_GOLD_WEIGHTS}. OD2(p || q) = mean of DW_i over C* = "
        "{i : q_i > 0} and RNOD2 = sqrt(OD2 / (C - 1)), the rest of RNOD unchanged.",
        reference=Reference(_SAKAI_2022, "eq. 2, 4-6 (eq. 6 reconstructed)"),
        optimum=0.0,
        claims={
            "ordinal_invariance": Holds(
                note="the distances come from the gold probabilities, not the class values "
                "(Sakai 2022 Table 1 (d))"
            ),
            "symmetry": Violated(
                note="averages over the gold's non-zero classes and takes its distances from "
                "the gold; counterexample: p = [0, .5, .5], q = [1, 0, 0] gives sqrt(.125) = "
                ".354 one way and sqrt(.3125) = .559 the other"
            ),
            "priority_preservation": _PPP_A_VIOLATED,
            "priority_violation": _PPP_B_HOLDS,
            "point_mass_monotonicity": Violated(
                note=f"{_OUTSIDE_SUPPORT_TIE} (RNOD2 = .5 for both): classes without gold mass "
                "add no distance, so Sakai 2022 Table 1 (b) holds only in a weaker sense"
            ),
            "mass_transfer_monotonicity": Violated(
                note="distances stop growing past the gold mass, so spreading wins; "
                "counterexample: gold [1, 0, 0], p = [0, 1, 0] scores .5 but [0, .5, .5] "
                "scores sqrt(.125) = .354"
            ),
            "identity": Holds(
                note="delta_ij >= q_i / 2 > 0 for j != i when q_i > 0, so every DW_i over C* "
                "sees every error"
            ),
            "well_defined": Holds(),
        },
    )
)
def rnod2(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """RNOD with Sakai 2022 eq. 6 gold-mass distances."""
    pair = pair_rows(system, gold)
    halves = divergence_halves(midpoint_gaps(pair.q), pair.p - pair.q)
    od = mean_divergence_over(halves, pair.q)
    return np.sqrt(od / (system.shape[-1] - 1)).reshape(pair.batch)


@plugin.measure(
    Measure(
        name="rnadw",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, _SQRT2, note="DW_i <= 2; above 1 only on near-disjoint supports"),
        title="RNADW",
        description=f"Root normalised average distance-weighted sum of squares. {_SYMBOLS} "
        f"{_DW}, with {_VALUE_WEIGHTS}. ADW = mean of DW_i over all C classes (not only the "
        "gold's non-zero ones as in RNOD) and RNADW = sqrt(ADW). It equals RNOD when the gold "
        "has no zero bin.",
        aliases=("root_normalised_average_distance_weighted",),
        reference=Reference(_SAKAI_2022, "eq. 7-8"),
        optimum=0.0,
        uses_class_values=True,
        claims={
            "ordinal_invariance": Violated(
                note="assumes equidistance (Sakai 2022 Table 1 (d)); counterexample: "
                "p = [0, 1, 0], q = [1, 0, 0] changes with values [0, 1, 2] versus [0, 1, 10]"
            ),
            "symmetry": Holds(note="ADW weighs the same squares over all classes either way"),
            "priority_preservation": _PPP_A_VIOLATED,
            "priority_violation": _PPP_B_HOLDS,
            "point_mass_monotonicity": Violated(
                note="averaging over classes without gold mass rewards estimates near the "
                "middle of the scale; counterexample (C = 5): gold e_4, e_3 scores "
                "sqrt(17/20) = .922 but e_2, further away, scores sqrt(16/20) = .894 (a tie "
                "at C = 4; contradicts Sakai 2022 Table 1 (b))"
            ),
            "mass_transfer_monotonicity": Violated(
                note="counterexample: gold [1, 0, 0], p = [.5, .5, 0] scores sqrt(5/24) = "
                ".456 but [.5, .25, .25] scores sqrt(17/96) = .421"
            ),
            "identity": Holds(
                note="ADW >= OD * (number of gold classes) / C, and OD is 0 only at p == q"
            ),
            "well_defined": Holds(),
        },
    )
)
def rnadw(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Root normalised average DW (Sakai 2022 eq. 8)."""
    pair = pair_rows(system, gold, values)
    return np.sqrt(_mean_divergence(pair, value_totals(values, pair.batch))).reshape(pair.batch)


@plugin.measure(
    Measure(
        name="rnadw2",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, 1.0, note="a bound; the maximum over all inputs is lower"),
        title="RNADW2",
        description=f"RNADW with gold-mass distances. {_SYMBOLS} DW_i = sum_j delta_ij "
        f"(p_j - q_j)^2 with {_GOLD_WEIGHTS}. ADW2 = mean of DW_i over all C classes and "
        "RNADW2 = sqrt(ADW2 / (C - 1)).",
        reference=Reference(_SAKAI_2022, "eq. 6-8 (eq. 6 reconstructed)"),
        optimum=0.0,
        claims={
            "ordinal_invariance": Holds(
                note="the distances come from the gold probabilities, not the class values "
                "(Sakai 2022 Table 1 (d))"
            ),
            "symmetry": Violated(
                note="the distances come from the gold, so swapping the roles changes them; "
                "counterexample: p = [0, .5, .5], q = [1, 0, 0] gives ADW2 = 5/12 one way and "
                "1/2 the other"
            ),
            "priority_preservation": _PPP_A_VIOLATED,
            "priority_violation": _PPP_B_HOLDS,
            "point_mass_monotonicity": Violated(
                note=f"{_OUTSIDE_SUPPORT_TIE} (RNADW2 = .5 for both): classes without gold "
                "mass add no distance"
            ),
            "mass_transfer_monotonicity": Violated(
                note="counterexample: gold [1, 0, 0], p = [0, 1, 0] has ADW2 = 1/2 but "
                "[0, .5, .5] has ADW2 = 5/12"
            ),
            "identity": Holds(note="DW_i > 0 for every i with q_i > 0 when p != q, as RNOD2"),
            "well_defined": Holds(),
        },
    )
)
def rnadw2(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """RNADW with Sakai 2022 eq. 6 gold-mass distances."""
    pair = pair_rows(system, gold)
    adw = _mean_divergence(pair, spread(midpoint_gaps(pair.q)))
    return np.sqrt(adw / (system.shape[-1] - 1)).reshape(pair.batch)


_NOMINAL_POINT_MASS = Violated(
    note=f"nominal: ignores how far the mass is; {_OUTSIDE_SUPPORT_TIE} "
    "(Sakai 2021 Table 7: not ordinal)"
)
_NOMINAL_TRANSFER = Violated(
    note="nominal: counterexample: gold [1, 0, 0], p = [0, 1, 0] and [0, .5, .5] (mass moved "
    "further away) score the same or better"
)


@plugin.measure(
    Measure(
        name="nvd",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, 1.0),
        title="NVD",
        description=f"Normalised variational distance (half the L1 distance; essentially the "
        f"mean absolute error). {_SYMBOLS} NVD = (1/2) sum_i |p_i - q_i|. Nominal: ignores the "
        "class order.",
        aliases=("normalised_variational_distance", "normalized_variational_distance"),
        reference=Reference(_SAKAI_2021, "eq. 16"),
        optimum=0.0,
        claims={
            "ordinal_invariance": Holds(note="ignores the class values"),
            "symmetry": Holds(note="abs(p_i - q_i) is symmetric"),
            "priority_preservation": _PPP_A_VIOLATED,
            "priority_violation": _PPP_B_HOLDS,
            "point_mass_monotonicity": _NOMINAL_POINT_MASS,
            "mass_transfer_monotonicity": Violated(
                note="moving mass between two bins without gold mass leaves NVD unchanged; "
                "counterexample: gold [1, 0, 0], p = [0, 1, 0] and [0, .5, .5] both score 1"
            ),
            "identity": Holds(),
            "well_defined": Holds(),
        },
    )
)
def nvd(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Normalised variational distance (Sakai 2021 eq. 16)."""
    pair = pair_rows(system, gold)
    diff = np.subtract(pair.p, pair.q)
    return (np.add.reduce(np.abs(diff, out=diff), axis=0) / 2).reshape(pair.batch)


@plugin.measure(
    Measure(
        name="rnss",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, 1.0),
        title="RNSS",
        description=f"Root normalised sum of squares (essentially the root mean squared "
        f"error). {_SYMBOLS} RNSS = sqrt(sum_i (p_i - q_i)^2 / 2); the sum of squares is at "
        "most 2. Nominal: ignores the class order.",
        aliases=("root_normalised_sum_of_squares", "root_normalized_sum_of_squares"),
        reference=Reference(_SAKAI_2021, "eq. 17"),
        optimum=0.0,
        claims={
            "ordinal_invariance": Holds(note="ignores the class values"),
            "symmetry": Holds(note="(p_i - q_i)^2 is symmetric"),
            "priority_preservation": _PPP_A_VIOLATED,
            "priority_violation": _PPP_B_HOLDS,
            "point_mass_monotonicity": _NOMINAL_POINT_MASS,
            "mass_transfer_monotonicity": Violated(
                note="squares reward spreading mass; counterexample: gold [1, 0, 0], "
                "p = [0, 1, 0] scores 1 but [0, .5, .5] scores sqrt(.75) = .866"
            ),
            "identity": Holds(),
            "well_defined": Holds(),
        },
    )
)
def rnss(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Root normalised sum of squares (Sakai 2021 eq. 17)."""
    pair = pair_rows(system, gold)
    diff = np.subtract(pair.p, pair.q)
    return np.sqrt(np.add.reduce(np.square(diff, out=diff), axis=0) / 2).reshape(pair.batch)


@plugin.measure(
    Measure(
        name="jsd",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, 1.0),
        title="JSD",
        description=f"Jensen-Shannon divergence with base-2 logarithms. {_SYMBOLS} With the "
        "midpoint m_i = (p_i + q_i)/2 and KLD(a || b) = sum_{i : a_i > 0} a_i log2(a_i / b_i), "
        "JSD = (KLD(p || m) + KLD(q || m)) / 2, with 0 log 0 = 0; it lies in [0, 1] and is 1 "
        "when p and q have disjoint supports. Nominal: ignores the class order.",
        aliases=("jensen_shannon_divergence",),
        reference=Reference(_SAKAI_2021, "eq. 19"),
        optimum=0.0,
        claims={
            "ordinal_invariance": Holds(note="ignores the class values"),
            "symmetry": Holds(note="symmetric in p and q by construction"),
            "priority_preservation": _PPP_A_VIOLATED,
            "priority_violation": _PPP_B_HOLDS,
            "point_mass_monotonicity": _NOMINAL_POINT_MASS,
            "mass_transfer_monotonicity": Violated(
                note="a bin without gold mass adds p_i / 2 whatever its position; "
                "counterexample: gold [1, 0, 0], p = [.5, .5, 0] and [.5, .25, .25] score the "
                "same"
            ),
            "identity": Holds(note="JSD is 0 only for equal distributions (Lin 1991)"),
            "well_defined": Holds(note="the midpoint is positive wherever p or q is"),
        },
    )
)
def jsd(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    """Jensen-Shannon divergence, log base 2 (Sakai 2021 eq. 19)."""
    pair = pair_rows(system, gold)
    return _jsd(pair).reshape(pair.batch)


_KLD_UNDEFINED = (
    "KLD(p || q) is infinite (undefined) when the system puts mass on a class the gold gives "
    "probability 0 (some q_i = 0 < p_i)"
)
_KLD_VACUOUS = NotApplicable(
    reason="every input the claim speaks of puts system mass where the gold has none, where "
    "KLD is undefined"
)


@plugin.measure(
    Measure(
        name="kld",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, np.inf),
        title="KLD",
        description=f"Kullback-Leibler divergence of the system from the gold, base-2 "
        f"logarithms. {_SYMBOLS} KLD(p || q) = sum_{{i : p_i > 0}} p_i log2(p_i / q_i) "
        "(0 log 0 = 0). Undefined when some q_i = 0 < p_i; unbounded above. Nominal: ignores "
        "the class order.",
        aliases=("kullback_leibler_divergence", "kl_divergence"),
        reference=Reference(_SAKAI_2021, "eq. 18"),
        optimum=0.0,
        undefined=_KLD_UNDEFINED,
        claims={
            "ordinal_invariance": Holds(note="ignores the class values"),
            "symmetry": Violated(
                note="counterexample: p = [.5, .5], q = [.25, .75] gives .2075 one way and "
                ".1887 the other"
            ),
            "priority_preservation": _PPP_A_VIOLATED,
            "priority_violation": Holds(
                note="Gibbs' inequality: KLD is 0 only at p == q (where defined)"
            ),
            "point_mass_monotonicity": _KLD_VACUOUS,
            "mass_transfer_monotonicity": _KLD_VACUOUS,
            "identity": Holds(note="Gibbs' inequality (where defined)"),
            "well_defined": Holds(note="undefined inputs are reported, never returned as inf"),
        },
    )
)
def kld(system: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> Evaluation:
    """Kullback-Leibler divergence KLD(p || q), log base 2 (Sakai 2021 eq. 18)."""
    pair = pair_rows(system, gold)
    divergence, undefined = kld_rows(pair.p, pair.q)
    return Evaluation(divergence.reshape(pair.batch), undefined.reshape(pair.batch))


@plugin.measure(
    Measure(
        name="dnkt",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, 1.0),
        title="DNKT",
        description=f"Divergence based on Kendall's tau between the bin orders. {_SYMBOLS} Over "
        "the C(C-1)/2 pairs of bins (i, j), CONC and DISC count the pairs that p and q order "
        "the same way and the opposite way; a pair tied in either counts as neither. With "
        "TIED(p), TIED(q) the tied pairs, NT = C(C-1)/2 - TIED(p) and NT* = C(C-1)/2 - "
        "TIED(q), tau = (CONC - DISC) / sqrt(max(1, NT) max(1, NT*)), NKT = (tau + 1)/2 and "
        "DNKT = 1 - NKT (Sakai 2022 eq. 13-16, reconstructed). Only the priorities across "
        "bins matter, not the magnitudes; DNKT = 0.5 whenever p or q is uniform, even for "
        f"p == q uniform. {_TIES}",
        aliases=("divergence_kendall_tau",),
        params=(_TIE_PARAM,),
        reference=Reference(_SAKAI_2022, "eq. 13-16 (reconstructed)"),
        optimum=0.0,
        claims={
            "ordinal_invariance": Holds(note="ignores the class values"),
            "symmetry": Holds(note="CONC, DISC and NT * NT* do not change when p and q swap"),
            "priority_preservation": Holds(
                note="the same bin order gives DISC = 0 and CONC = NT = NT*, so tau is that "
                "of q against itself"
            ),
            "priority_violation": Holds(
                preconditions=("gold_not_uniform",),
                note="a different order adds a discordant pair or a tie in one only, so tau "
                "< 1 while D(q, q) = 0; a uniform gold scores 0.5 whatever p is",
            ),
            "point_mass_monotonicity": Violated(
                note=f"ignores magnitudes; {_OUTSIDE_SUPPORT_TIE} (DNKT = .75 for both)"
            ),
            "mass_transfer_monotonicity": Violated(
                note="a transfer that keeps the bin order changes nothing; counterexample: "
                "gold [.6, .4, 0], p = [.6, .3, .1] and [.6, .25, .15] both score 0"
            ),
            "identity": Violated(
                note="counterexample: p = [.9, .07, .03] scores 0 against q = [.5, .3, .2]; "
                "and p == q uniform scores 0.5"
            ),
            "well_defined": Holds(note="max(1, .) guards the uniform case"),
        },
    )
)
def dnkt(
    system: np.ndarray, gold: np.ndarray, *, values: np.ndarray, tie_tolerance: float = 0.0
) -> np.ndarray:
    """Divergence based on normalised Kendall's tau (Sakai 2022 eq. 16)."""
    raw = pair_rows(system, gold, normalise=False)
    return _dnkt(raw, tie_tolerance).reshape(raw.batch)


def _combination_description(part: str, formula: str) -> str:
    return (
        f"Harmonic combination of DNKT and {part} (Sakai 2022 eq. 17). {_SYMBOLS} With "
        f"A = DNKT(p, q) and B = {formula}, the score is 2AB / (A + B), and 0 when A = B = 0. "
        f"It is 0 as soon as either part is, so it is 0 when p has q's bin order. {_TIES}"
    )


_COMBINATION_PPP_A = Holds(
    note="with q's bin order, DNKT = 0 (or p == q for a uniform q), so the combination is 0 "
    "= D(q, q)"
)
_COMBINATION_PPP_B = Holds(
    note="a different bin order gives DNKT > 0 (0.5 for a uniform gold) and a positive second "
    "part (p != q), so the harmonic mean is positive = worse than D(q, q) = 0"
)
_COMBINATION_IDENTITY = Violated(
    note="counterexample: p = [.9, .07, .03], q = [.5, .3, .2] scores 0 because DNKT does"
)
_COMBINATION_TRANSFER = Violated(
    note="counterexample: gold [.6, .4, 0], p = [.6, .3, .1] and [.6, .25, .15] keep the bin "
    "order, so DNKT = 0 and both score 0"
)
_COMBINATION_POINT_MASS = Holds(
    note="for e_b the DNKT part is above 0.5 and at least that of e_a, and the second part is "
    "strictly worse; the harmonic mean is strictly increasing in one part when the other is "
    "positive"
)


@plugin.measure(
    Measure(
        name="dnkt_jsd",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, 1.0),
        title="DNKT_JSD",
        description=_combination_description("JSD", "JSD(p, q) (base 2)"),
        params=(_TIE_PARAM,),
        reference=Reference(_SAKAI_2022, "eq. 17"),
        optimum=0.0,
        claims={
            "ordinal_invariance": Holds(note="neither part uses the class values"),
            "symmetry": Holds(note="both parts are symmetric"),
            "priority_preservation": _COMBINATION_PPP_A,
            "priority_violation": _COMBINATION_PPP_B,
            "point_mass_monotonicity": Violated(
                note=f"{_OUTSIDE_SUPPORT_TIE} (DNKT = .75 and JSD = 1 for both)"
            ),
            "mass_transfer_monotonicity": _COMBINATION_TRANSFER,
            "identity": _COMBINATION_IDENTITY,
            "well_defined": Holds(note="0 when both parts are 0"),
        },
    )
)
def dnkt_jsd(
    system: np.ndarray, gold: np.ndarray, *, values: np.ndarray, tie_tolerance: float = 0.0
) -> np.ndarray:
    """Harmonic combination of DNKT and JSD (Sakai 2022 eq. 17)."""
    return _combined(system, gold, tie_tolerance, _jsd)


@plugin.measure(
    Measure(
        name="dnkt_nmd",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, 1.0),
        title="DNKT_NMD",
        description=_combination_description("NMD", "NMD(p, q)"),
        params=(_TIE_PARAM,),
        reference=Reference(_SAKAI_2022, "eq. 17"),
        optimum=0.0,
        claims={
            "ordinal_invariance": Holds(note="neither part uses the class values"),
            "symmetry": Holds(note="both parts are symmetric"),
            "priority_preservation": _COMBINATION_PPP_A,
            "priority_violation": _COMBINATION_PPP_B,
            "point_mass_monotonicity": _COMBINATION_POINT_MASS,
            "mass_transfer_monotonicity": _COMBINATION_TRANSFER,
            "identity": _COMBINATION_IDENTITY,
            "well_defined": Holds(note="0 when both parts are 0"),
        },
    )
)
def dnkt_nmd(
    system: np.ndarray, gold: np.ndarray, *, values: np.ndarray, tie_tolerance: float = 0.0
) -> np.ndarray:
    """Harmonic combination of DNKT and NMD (Sakai 2022 eq. 17)."""
    return _combined(system, gold, tie_tolerance, _nmd)


@plugin.measure(
    Measure(
        name="dnkt_rnod",
        family="oq",
        higher_is_better=False,
        range=Range(0.0, _SQRT2, note="DW_i <= 2; above 1 only on near-disjoint supports"),
        title="DNKT_RNOD",
        description=_combination_description("RNOD", f"RNOD(p || q) (see rnod: {_VALUE_WEIGHTS})"),
        params=(_TIE_PARAM,),
        reference=Reference(_SAKAI_2022, "eq. 17"),
        optimum=0.0,
        uses_class_values=True,
        claims={
            "ordinal_invariance": Violated(
                note="RNOD assumes equidistance; counterexample: p = [0, 1, 0], q = [1, 0, 0] "
                "has DNKT = .75 and RNOD sqrt(1/2) at values [0, 1, 2] but sqrt(1/10) at "
                "values [0, 1, 10]"
            ),
            "symmetry": Violated(
                note="RNOD is asymmetric; counterexample: p = [.2, .3, .5], q = [.6, .4, 0] "
                "(DNKT = 1 both ways, RNOD differs, so the scores are .648 and .627)"
            ),
            "priority_preservation": _COMBINATION_PPP_A,
            "priority_violation": _COMBINATION_PPP_B,
            "point_mass_monotonicity": _COMBINATION_POINT_MASS,
            "mass_transfer_monotonicity": _COMBINATION_TRANSFER,
            "identity": _COMBINATION_IDENTITY,
            "well_defined": Holds(note="0 when both parts are 0"),
        },
    )
)
def dnkt_rnod(
    system: np.ndarray, gold: np.ndarray, *, values: np.ndarray, tie_tolerance: float = 0.0
) -> np.ndarray:
    """Harmonic combination of DNKT and RNOD (Sakai 2022 eq. 17)."""
    return _combined(system, gold, tie_tolerance, lambda pair: _rnod(pair, values), values)
