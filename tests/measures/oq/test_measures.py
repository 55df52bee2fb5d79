"""The built-in OQ measures: hand-computed values, declared properties, batches, bad input.

Golden values are worked out by hand from the formulas (Sakai 2021 eq. 11-19,
Sakai 2022 eq. 2-17 with eq. 6 and 13-16 as reconstructed in DESIGN §4); the
arithmetic is in the comments.  Cross-checks against independent
implementations live in ``test_oq_crosschecks.py``.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import axiometrics as ax
from axiometrics import (
    ClassScale,
    Distributions,
    InputTypeError,
    InvalidInputError,
    InvalidParameterError,
    UndefinedMeasureError,
)
from axiometrics.claims import claims_for_family, registered_preconditions

OQ_NAMES = (
    "nmd",
    "emd",
    "rnod",
    "rsnod",
    "rnod2",
    "rnadw",
    "rnadw2",
    "nvd",
    "rnss",
    "jsd",
    "kld",
    "dnkt",
    "dnkt_jsd",
    "dnkt_nmd",
    "dnkt_rnod",
)
SYMMETRIC = ("nmd", "emd", "rsnod", "rnadw", "nvd", "rnss", "jsd", "dnkt", "dnkt_jsd", "dnkt_nmd")

# The running example: system p and gold q over 3 classes, no zero bins.
P = [0.4, 0.35, 0.25]
Q = [0.5, 0.3, 0.2]
# p - q = (-.1, .05, .05); squares (.01, .0025, .0025).

# A gold with a zero bin: p - q = (-.1, -.1, .2); squares (.01, .01, .04).
P_Z = [0.5, 0.3, 0.2]
Q_Z = [0.6, 0.4, 0.0]

# SemEval-like 5-class toy (tweet polarity -2..2): p - q = (.1, 0, -.1, 0, 0).
P5 = [0.2, 0.2, 0.3, 0.2, 0.1]
Q5 = [0.1, 0.2, 0.4, 0.2, 0.1]


def score(name: str, p, q, **kwargs):
    return ax.get_scorer(name)(p, q, **kwargs)


def kld2(a, b) -> float:
    """Reference KLD(a || b) in bits, straight from eq. 18 (only for hand-made inputs)."""
    return sum(x * math.log2(x / y) for x, y in zip(a, b, strict=True) if x > 0)


# --------------------------------------------------------------------------- registry


def test_every_oq_measure_is_registered_as_a_lower_is_better_divergence_with_optimum_zero():
    registered = {m.name: m for m in ax.list_measures("oq")}
    assert set(OQ_NAMES) <= set(registered)
    for name in OQ_NAMES:
        m = registered[name]
        assert m.higher_is_better is False
        assert m.optimum == 0.0
        assert m.range.lower == 0.0
        assert m.title
        assert m.description
        assert m.reference.equation


def test_every_oq_measure_declares_every_oq_claim_with_known_preconditions():
    known = {p.name for p in registered_preconditions()}
    for name in OQ_NAMES:
        m = ax.get_measure(name)
        for c in claims_for_family("oq"):
            decl = m.claims[c.name]
            assert decl.status in ("holds", "violated", "not_applicable"), (name, c.name)
            assert set(getattr(decl, "preconditions", ())) <= known


def test_violated_declarations_carry_a_note_explaining_why():
    for name in OQ_NAMES:
        for claim_name, decl in ax.get_measure(name).claims.items():
            if decl.status == "violated":
                assert len(decl.note) > 20, (name, claim_name)


def test_aliases_resolve_case_insensitively_to_their_measure():
    assert ax.get_scorer("Normalised_Match_Distance").name == "nmd"
    assert ax.get_scorer("JENSEN_SHANNON_DIVERGENCE").name == "jsd"
    assert ax.get_scorer("earth_movers_distance").name == "emd"
    assert ax.get_scorer("kl_divergence").name == "kld"


def test_only_distance_based_measures_declare_that_they_use_class_values():
    users = {n for n in OQ_NAMES if ax.get_measure(n).uses_class_values}
    assert users == {"emd", "rnod", "rsnod", "rnadw", "dnkt_rnod"}


def test_declarations_match_the_literature_tables():
    # Sakai 2021 Table 7 (ii) symmetric: NMD, RSNOD, NVD, RNSS, JSD yes; RNOD no.
    for name in ("nmd", "rsnod", "nvd", "rnss", "jsd"):
        assert ax.get_measure(name).claims["symmetry"].status == "holds"
    assert ax.get_measure("rnod").claims["symmetry"].status == "violated"
    # Sakai 2022 Table 1 (d) no equidistance assumed: NMD, RNOD2, RNADW2.
    for name in ("nmd", "rnod2", "rnadw2"):
        assert ax.get_measure(name).claims["ordinal_invariance"].status == "holds"
    for name in ("rnod", "rsnod", "rnadw"):
        assert ax.get_measure(name).claims["ordinal_invariance"].status == "violated"
    # Sakai 2021 Table 7 (i) ordinal: NMD, RSNOD, RNOD yes; NVD, RNSS, JSD no.
    for name in ("nmd", "rnod", "rsnod"):
        assert ax.get_measure(name).claims["point_mass_monotonicity"].status == "holds"
    for name in ("nvd", "rnss", "jsd"):
        assert ax.get_measure(name).claims["point_mass_monotonicity"].status == "violated"
    dnkt_ppp = ax.get_measure("dnkt").claims["priority_violation"]
    assert dnkt_ppp.status == "holds"
    assert dnkt_ppp.preconditions == ("gold_not_uniform",)


# --------------------------------------------------------------------------- golden values


def test_nmd_of_the_running_example_is_0_075():
    # CP - CQ = (.4 - .5, .75 - .8) = (-.1, -.05); (.1 + .05) / (3 - 1) = .075
    assert score("nmd", P, Q) == pytest.approx(0.075, abs=1e-12)


def test_rnod_of_the_running_example_is_0_084163():
    # DW_0 = 1*.0025 + 2*.0025 = .0075; DW_1 = 1*.01 + 1*.0025 = .0125;
    # DW_2 = 2*.01 + 1*.0025 = .0225; OD = (.0075 + .0125 + .0225)/3 = .0141667;
    # RNOD = sqrt(.0141667 / 2) = .0841625
    assert round(score("rnod", P, Q), 6) == 0.084163
    assert score("rnod", P, Q) == pytest.approx(math.sqrt(0.0425 / 3 / 2), abs=1e-12)


def test_emd_is_the_unnormalised_match_distance_weighted_by_value_steps():
    # default steps (1, 1): .1 + .05 = .15; values [0, 1, 3] -> steps (1, 2): .1 + .05*2 = .2
    assert score("emd", P, Q) == pytest.approx(0.15, abs=1e-12)
    assert score("emd", P, Q, values=[0, 1, 3]) == pytest.approx(0.2, abs=1e-12)
    # scale values enter through Distributions too
    scale = ClassScale(["neg", "neu", "pos"], values=[0, 1, 3])
    p = Distributions.from_probabilities(P, scale=scale)
    q = Distributions.from_probabilities(Q, scale=scale)
    assert score("emd", p, q) == pytest.approx(0.2, abs=1e-12)


def test_nominal_measures_of_the_running_example():
    # NVD = (.1 + .05 + .05)/2 = .1; RNSS = sqrt((.01 + .0025 + .0025)/2) = sqrt(.0075)
    assert score("nvd", P, Q) == pytest.approx(0.1, abs=1e-12)
    assert score("rnss", P, Q) == pytest.approx(math.sqrt(0.0075), abs=1e-12)
    # m = (.45, .325, .225); JSD = (KLD(p||m) + KLD(q||m))/2 = (.0074505 + .0073740)/2
    m = [0.45, 0.325, 0.225]
    expected_jsd = (kld2(P, m) + kld2(Q, m)) / 2
    assert expected_jsd == pytest.approx(0.0074122, abs=1e-7)
    assert score("jsd", P, Q) == pytest.approx(expected_jsd, abs=1e-12)
    # KLD = .4 log2(.8) + .35 log2(7/6) + .25 log2(1.25) = -.128771 + .077837 + .080482
    assert score("kld", P, Q) == pytest.approx(0.0295481, abs=1e-7)


def test_rnod2_uses_gold_mass_between_classes_as_distance():
    # delta_01 = (.5 + .3)/2 = .4; delta_12 = (.3 + .2)/2 = .25; delta_02 = 1 - (.5 + .2)/2 = .65
    # DW_0 = .4*.0025 + .65*.0025 = .002625; DW_1 = .4*.01 + .25*.0025 = .004625;
    # DW_2 = .65*.01 + .25*.0025 = .007125; OD2 = .014375/3; RNOD2 = sqrt(OD2/2) = .0489473
    expected = math.sqrt(0.014375 / 3 / 2)
    assert score("rnod2", P, Q) == pytest.approx(expected, abs=1e-12)
    assert round(expected, 6) == 0.048947
    # no zero gold bin: averaging over all classes (RNADW2) changes nothing
    assert score("rnadw2", P, Q) == pytest.approx(expected, abs=1e-12)


def test_order_aware_variants_on_a_gold_with_a_zero_bin():
    # squares (.01, .01, .04); DW_0 = .01 + 2*.04 = .09; DW_1 = .01 + .04 = .05;
    # DW_2 = 2*.01 + .01 = .03.
    # RNOD: mean over C* = {0, 1}: .07 -> sqrt(.07/2) = .187083
    assert score("rnod", P_Z, Q_Z) == pytest.approx(math.sqrt(0.035), abs=1e-12)
    # RNADW: mean over all classes: .17/3 -> sqrt(.17/6) = .168325
    assert score("rnadw", P_Z, Q_Z) == pytest.approx(math.sqrt(0.17 / 6), abs=1e-12)
    # RSNOD: OD(q||p) averages over p's non-zero classes (all three): .17/3;
    # SOD = (.07 + .17/3)/2 -> sqrt(SOD/2) = .177951
    sod = (0.07 + 0.17 / 3) / 2
    assert score("rsnod", P_Z, Q_Z) == pytest.approx(math.sqrt(sod / 2), abs=1e-12)
    # RNOD2: delta_01 = .5, delta_12 = .2, delta_02 = 1 - .3 = .7;
    # DW_0 = .5*.01 + .7*.04 = .033; DW_1 = .5*.01 + .2*.04 = .013; DW_2 = .7*.01 + .2*.01 = .009
    assert score("rnod2", P_Z, Q_Z) == pytest.approx(math.sqrt(0.046 / 2 / 2), abs=1e-12)
    assert score("rnadw2", P_Z, Q_Z) == pytest.approx(math.sqrt(0.055 / 3 / 2), abs=1e-12)


def test_rnod_equals_rsnod_without_zero_bins_and_differs_when_the_gold_has_one():
    assert score("rnod", P, Q) == pytest.approx(score("rsnod", P, Q), abs=1e-15)
    assert score("rnod", P_Z, Q_Z) == pytest.approx(0.187083, abs=1e-6)
    assert score("rsnod", P_Z, Q_Z) == pytest.approx(0.177951, abs=1e-6)


def test_semeval_like_five_class_toy_values():
    # p - q = (.1, 0, -.1, 0, 0); CP - CQ = (.1, .1, 0, 0)
    assert score("nmd", P5, Q5) == pytest.approx(0.2 / 4, abs=1e-12)
    assert score("emd", P5, Q5) == pytest.approx(0.2, abs=1e-12)
    assert score("nvd", P5, Q5) == pytest.approx(0.1, abs=1e-12)
    assert score("rnss", P5, Q5) == pytest.approx(math.sqrt(0.02 / 2), abs=1e-12)
    # DW_i = |i - 0|*.01 + |i - 2|*.01 = (.02, .02, .02, .04, .06); OD = .16/5; RNOD = sqrt(.032/4)
    for name in ("rnod", "rsnod", "rnadw"):
        assert score(name, P5, Q5) == pytest.approx(math.sqrt(0.008), abs=1e-12)
    # JSD: only bins 0 (m = .15) and 2 (m = .35) differ
    expected_jsd = (
        0.2 * math.log2(0.2 / 0.15)
        + 0.3 * math.log2(0.3 / 0.35)
        + 0.1 * math.log2(0.1 / 0.15)
        + 0.4 * math.log2(0.4 / 0.35)
    ) / 2
    assert score("jsd", P5, Q5) == pytest.approx(expected_jsd, abs=1e-12)
    # KLD = .2 log2(2) + .3 log2(.75) = .2 - .124511
    assert score("kld", P5, Q5) == pytest.approx(0.2 + 0.3 * math.log2(0.75), abs=1e-12)
    # DNKT: ties in p (0,1), (0,3), (1,3); in q (0,4), (1,3); the six other pairs are
    # concordant, none discordant: tau = 6 / sqrt(7 * 8); DNKT = (1 - tau)/2 = .099108
    assert score("dnkt", P5, Q5) == pytest.approx((1 - 6 / math.sqrt(56)) / 2, abs=1e-12)


@pytest.mark.parametrize("name", ["nmd", "rnod", "rsnod", "rnadw", "nvd", "rnss", "jsd"])
def test_opposite_one_hot_distributions_score_exactly_one(name):
    first, last = [1.0, 0, 0, 0, 0], [0, 0, 0, 0, 1.0]
    assert score(name, first, last) == 1.0
    assert score(name, last, first) == 1.0


def test_emd_of_opposite_one_hots_is_the_span_of_the_values():
    assert score("emd", [1.0, 0, 0, 0, 0], [0, 0, 0, 0, 1.0]) == 4.0
    assert score("emd", [1.0, 0, 0], [0, 0, 1.0], values=[-2, 0, 5]) == 7.0


def test_dnkt_is_zero_when_the_system_keeps_the_gold_priorities():
    assert score("dnkt", [0.9, 0.07, 0.03], Q) == 0.0


def test_dnkt_counts_concordant_discordant_and_tied_bin_pairs():
    # (0,1) discordant, (0,2) and (1,2) concordant: tau = 1/3, DNKT = 1/3
    assert score("dnkt", [0.3, 0.45, 0.25], Q) == pytest.approx(1 / 3, abs=1e-12)
    # (0,1) tied in p only: CONC = 2, NT = 2, NT* = 3: tau = 2/sqrt(6)
    assert score("dnkt", [0.4, 0.4, 0.2], Q) == pytest.approx((1 - 2 / math.sqrt(6)) / 2)
    # completely reversed order: tau = -1
    assert score("dnkt", [0.2, 0.3, 0.5], Q) == 1.0


def test_dnkt_is_one_half_when_either_distribution_is_uniform():
    uniform = [0.25] * 4
    other = [0.1, 0.2, 0.3, 0.4]
    assert score("dnkt", uniform, other) == 0.5
    assert score("dnkt", other, uniform) == 0.5
    assert score("dnkt", uniform, uniform) == 0.5


def test_dnkt_ties_are_exact_by_default_and_widen_with_tie_tolerance():
    p = [0.1 + 0.2, 0.3, 0.4]  # 0.30000000000000004 vs 0.3: not a tie by default
    gold = [0.5, 0.3, 0.2]
    # default: (0,1) concordant, (0,2), (1,2) discordant -> tau = -1/3, DNKT = 2/3
    assert score("dnkt", p, gold) == pytest.approx(2 / 3, abs=1e-12)
    # tolerance 1e-12: (0,1) tied in p -> CONC = 0, DISC = 2, NT = 2, NT* = 3
    widened = ax.get_scorer("dnkt(tie_tolerance=1e-12)")
    assert widened(p, gold) == pytest.approx((1 + 2 / math.sqrt(6)) / 2, abs=1e-12)


def test_harmonic_combinations_are_zero_when_both_parts_are_zero():
    for name in ("dnkt_jsd", "dnkt_nmd", "dnkt_rnod"):
        assert score(name, Q, Q) == 0.0


def test_harmonic_combinations_follow_two_ab_over_a_plus_b():
    p = [0.3, 0.45, 0.25]
    a = 1 / 3  # DNKT, see test_dnkt_counts_...
    # NMD: CP - CQ = (-.2, -.05) -> .25/2 = .125; 2 * (1/3) * .125 / (1/3 + .125) = 2/11
    assert score("dnkt_nmd", p, Q) == pytest.approx(2 / 11, abs=1e-12)
    # RNOD: squares (.04, .0225, .0025); DW = (.0275, .0425, .1025); OD = .1725/3
    b = math.sqrt(0.1725 / 3 / 2)
    assert score("dnkt_rnod", p, Q) == pytest.approx(2 * a * b / (a + b), abs=1e-12)
    j = score("jsd", p, Q)
    assert score("dnkt_jsd", p, Q) == pytest.approx(2 * a * j / (a + j), abs=1e-12)


def test_harmonic_combinations_are_zero_when_one_part_is_zero():
    # same bin order: DNKT = 0 although NMD, RNOD, JSD > 0
    for name in ("dnkt_jsd", "dnkt_nmd", "dnkt_rnod"):
        assert score(name, [0.9, 0.07, 0.03], Q) == 0.0


# --------------------------------------------------------------------------- KLD undefined


def test_kld_is_undefined_where_the_gold_has_no_mass_but_the_system_does():
    with pytest.raises(UndefinedMeasureError, match=r"measure='kld' is undefined.*q_i = 0 < p_i"):
        score("kld", P_Z, Q_Z)


def test_kld_reports_the_undefined_batch_entries_and_fills_them_on_request():
    p = np.array([P, P_Z])
    q = np.array([Q, Q_Z])
    with pytest.raises(UndefinedMeasureError) as info:
        score("kld", p, q)
    assert info.value.indices == ((1,),)
    filled = score("kld", p, q, on_undefined=-1.0)
    assert filled[1] == -1.0
    assert filled[0] == pytest.approx(0.0295481, abs=1e-7)


def test_kld_is_defined_when_only_the_system_has_a_zero_bin():
    # 0 log 0 = 0: KLD([.5, .5, 0] || [.25, .25, .5]) = .5 * 1 + .5 * 1 = 1
    assert score("kld", [0.5, 0.5, 0.0], [0.25, 0.25, 0.5]) == pytest.approx(1.0, abs=1e-12)


# --------------------------------------------------------------------------- claim witnesses


def test_rnod_fails_mass_transfer_monotonicity_as_design_states():
    gold = [1.0, 0.0, 0.0]
    assert score("rnod", [0.5, 0.5, 0.0], gold) > score("rnod", [0.5, 0.25, 0.25], gold)
    assert score("nmd", [0.5, 0.5, 0.0], gold) < score("nmd", [0.5, 0.25, 0.25], gold)


def test_rnadw_prefers_a_point_mass_further_from_the_gold_on_five_classes():
    gold = [0, 0, 0, 0, 1.0]
    near, far = [0, 0, 0, 1.0, 0], [0, 0, 1.0, 0, 0]
    assert score("rnadw", near, gold) == pytest.approx(math.sqrt(17 / 20), abs=1e-12)
    assert score("rnadw", far, gold) == pytest.approx(math.sqrt(16 / 20), abs=1e-12)
    assert score("rnod", near, gold) < score("rnod", far, gold)


def test_gold_mass_distances_ignore_empty_classes_beyond_the_gold():
    gold = [0.0, 0.0, 1.0]
    for name in ("rnod2", "rnadw2"):
        assert score(name, [0, 1.0, 0], gold) == score(name, [1.0, 0, 0], gold) == 0.5


def test_rnod2_and_rnadw2_are_asymmetric_because_the_gold_sets_the_distances():
    p, q = [0.0, 0.5, 0.5], [1.0, 0.0, 0.0]
    assert score("rnod2", p, q) == pytest.approx(math.sqrt(0.125), abs=1e-12)
    assert score("rnod2", q, p) == pytest.approx(math.sqrt(0.3125), abs=1e-12)
    assert score("rnadw2", p, q) ** 2 * 2 == pytest.approx(5 / 12, abs=1e-12)
    assert score("rnadw2", q, p) ** 2 * 2 == pytest.approx(1 / 2, abs=1e-12)


def test_measures_that_ignore_class_values_give_the_same_score_for_any_values():
    p, q = [0.1, 0.6, 0.3], [0.5, 0.5, 0.0]
    for name in ("nmd", "rnod2", "rnadw2", "nvd", "rnss", "jsd", "dnkt", "dnkt_nmd"):
        assert score(name, p, q, values=[0, 1, 50]) == score(name, p, q)
    assert score("rnod", p, q, values=[0, 1, 50]) != score("rnod", p, q)


# --------------------------------------------------------------------------- properties

_counts = st.lists(st.integers(0, 4), min_size=2, max_size=7).filter(lambda c: sum(c) > 0)


@st.composite
def distribution_pairs(draw, positive: bool = False):
    c = draw(st.integers(2, 7))
    low = 1 if positive else 0
    counts = st.lists(st.integers(low, 4), min_size=c, max_size=c).filter(lambda x: sum(x) > 0)
    p, q = np.array(draw(counts), float), np.array(draw(counts), float)
    return p / p.sum(), q / q.sum()


@given(distribution_pairs())
def test_nmd_equals_emd_over_c_minus_one_at_the_default_values(pair):
    p, q = pair
    assert score("nmd", p, q) == pytest.approx(score("emd", p, q) / (len(p) - 1), abs=1e-12)


@given(distribution_pairs())
def test_symmetric_measures_do_not_care_which_side_is_the_gold(pair):
    p, q = pair
    for name in SYMMETRIC:
        assert score(name, p, q) == pytest.approx(score(name, q, p), abs=1e-12), name


@given(distribution_pairs(positive=True))
def test_rnod_equals_rsnod_and_rnadw_when_no_bin_is_zero(pair):
    p, q = pair
    rnod = score("rnod", p, q)
    assert score("rsnod", p, q) == pytest.approx(rnod, abs=1e-12)
    assert score("rnadw", p, q) == pytest.approx(rnod, abs=1e-12)


@given(distribution_pairs())
def test_every_score_lies_in_the_declared_range_and_is_optimal_on_identical_inputs(pair):
    p, q = pair
    for name in OQ_NAMES:
        m = ax.get_measure(name)
        s = score(name, p, q, on_undefined=0.0)
        assert m.range.lower <= s <= m.range.upper, name
        if not name.startswith("dnkt") or len(set(q)) > 1:
            assert score(name, q, q) == 0.0, name


def _generated_batch(n: int, c: int, seed: int) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    counts = rng.integers(0, 4, size=(2, n, c)).astype(float)
    counts[..., 0] += counts.sum(axis=-1) == 0
    p, q = counts / counts.sum(axis=-1, keepdims=True)
    q[:10] = 1.0 / c  # uniform golds
    p[10:20] = np.eye(c)[rng.integers(0, c, 10)]  # one-hot systems
    q[20:30] = p[20:30]  # identical pairs
    return p, q


@pytest.mark.parametrize("name", OQ_NAMES)
def test_a_batch_scores_like_its_elements_one_by_one(name):
    p, q = _generated_batch(60, 4, seed=7)
    batch = score(name, p, q, on_undefined=-1.0)
    assert batch.shape == (60,)
    singles = [score(name, a, b, on_undefined=-1.0) for a, b in zip(p, q, strict=True)]
    np.testing.assert_allclose(batch, singles, rtol=0, atol=1e-12)


@pytest.mark.parametrize("name", OQ_NAMES)
def test_batches_broadcast_against_each_other_and_against_values(name):
    p, q = _generated_batch(60, 3, seed=3)
    systems = p[:4].reshape(4, 1, 3)
    golds = q[4:7].reshape(1, 3, 3)
    values = np.array([[0.0, 1.0, 2.0], [0.0, 1.0, 5.0]]).reshape(2, 1, 1, 3)
    out = score(name, systems, golds, values=values, on_undefined=-1.0)
    assert out.shape == (2, 4, 3)
    for v in range(2):
        for i in range(4):
            for j in range(3):
                sys_ij, gold_ij, values_v = systems[i, 0], golds[0, j], values[v, 0, 0]
                expected = score(name, sys_ij, gold_ij, values=values_v, on_undefined=-1.0)
                assert out[v, i, j] == pytest.approx(expected, abs=1e-12)


def test_probabilities_within_the_sum_tolerance_score_as_their_rescaled_distribution():
    # printed with four decimals: sums 1.00005 and 0.99995
    p = np.array([1.00005, 0.0, 0.0])
    q = np.array([0.0, 0.0, 0.99995])
    for name in ("nmd", "rnod", "rsnod", "rnadw", "nvd", "rnss", "jsd"):
        assert score(name, p, q) == pytest.approx(1.0, abs=1e-12), name


def test_tiny_and_huge_inputs_give_finite_scores_without_floating_point_errors():
    tiny = [1.0 - 5e-324, 5e-324, 0.0]
    for name in OQ_NAMES:
        s = score(name, tiny, [0.5, 0.25, 0.25], values=[-1e300, 0.0, 1e300])
        assert math.isfinite(s), name


# --------------------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("system", "gold", "error", "message"),
    [
        (
            [0.5, -0.1, 0.6],
            Q,
            InvalidInputError,
            r"system must be non-negative \(got minimum -0\.1\)",
        ),
        (P, [0.5, float("nan"), 0.5], InvalidInputError, r"gold must be finite \(got NaN or inf\)"),
        (P, [0.5, 0.3, 0.13], InvalidInputError, r"gold must sum to 1 \(got 0\.93; tolerance"),
        ([3.0, 1.0, 1.0], Q, InvalidInputError, r"system must sum to 1 \(got 5;"),
        (P, [0.5, 0.5], InvalidInputError, r"got system C=3 and gold C=2"),
        ([1.0], [1.0], InvalidInputError, r"system must have at least 2 classes.*\(1,\)"),
        ([P, P], [Q, Q, Q], InvalidInputError, r"batch shapes must broadcast \(got \(2, 3\)"),
        (["a", "b"], Q, InputTypeError, r"system must be numeric probabilities \(got \['a', 'b'\]"),
    ],
)
def test_invalid_distributions_raise_typed_errors_naming_the_argument(system, gold, error, message):
    with pytest.raises(error, match=message):
        score("rnod", system, gold)


def test_a_bad_batch_element_is_located_in_the_message():
    with pytest.raises(
        InvalidInputError, match=r"gold must sum to 1 \(got 0\.9 at batch index \(1,\)"
    ):
        score("nmd", [P, P], [Q, [0.5, 0.2, 0.2]])


@pytest.mark.parametrize(
    ("values", "message"),
    [
        ([0, 1], r"values must have 3 entries"),
        ([0, 2, 1], r"values must be strictly increasing"),
        ([0, 1, float("inf")], r"values must be finite"),
    ],
)
def test_invalid_class_values_raise_naming_the_values(values, message):
    with pytest.raises(InvalidInputError, match=message):
        score("emd", P, Q, values=values)


def test_an_oq_measure_needs_exactly_two_inputs():
    with pytest.raises(InvalidInputError, match=r"takes two inputs, \(system, gold\).*got 1"):
        ax.get_scorer("nmd")(P)


def test_tie_tolerance_must_be_a_non_negative_float():
    with pytest.raises(InvalidParameterError, match=r"tie_tolerance=-1\.0: expected float >= 0"):
        ax.get_scorer("dnkt").with_params(tie_tolerance=-1.0)
    with pytest.raises(InvalidParameterError, match=r"has no parameter tie_tolerance"):
        ax.get_scorer("nmd").with_params(tie_tolerance=0.1)
