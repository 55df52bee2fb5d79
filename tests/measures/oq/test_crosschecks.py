"""Cross-checks of the OQ measures against independent implementations.

* mlquantify 0.5.1 (test-only dependency, ``mlquantify==0.5.1`` in the
  ``test`` extra): ``mlquantify.metrics.NMD(prev_real, prev_pred,
  distances=None)`` and ``mlquantify.metrics.RNOD(prev_real, prev_pred,
  distances=None)`` take the GOLD first, the reverse of our (system, gold).
  Its ``NMD`` with ``distances`` = the steps between class values is
  ``EMD / (C - 1)``.  Both are scalar functions, so they are called per row.
* SciPy: ``scipy.spatial.distance.jensenshannon(p, q, base=2)`` returns the
  Jensen-Shannon *distance*, whose square is JSD; ``scipy.special.rel_entr``
  gives the KLD terms in nats.

Each check runs on a few hundred seeded distributions that include exact
zeros, ties, one-hot and uniform rows, scored by our measures in one
vectorised batch call.
"""

from __future__ import annotations

import numpy as np
import pytest
from mlquantify import metrics as mlq
from scipy.spatial.distance import jensenshannon
from scipy.special import rel_entr

import axiometrics as ax

N_PAIRS = 300


def _distributions(rng: np.random.Generator, n: int, c: int) -> np.ndarray:
    """Rows mixing small-count ratios (exact zeros and ties), Dirichlet draws, one-hots, uniforms."""
    counts = rng.integers(0, 4, size=(n, c)).astype(float)
    counts[counts.sum(axis=1) == 0, rng.integers(0, c)] = 1.0
    rows = counts / counts.sum(axis=1, keepdims=True)
    kind = rng.integers(0, 6, size=n)
    rows[kind == 0] = rng.dirichlet(np.full(c, 0.5), size=int((kind == 0).sum()))
    rows[kind == 1] = np.eye(c)[rng.integers(0, c, size=int((kind == 1).sum()))]
    rows[kind == 2] = 1.0 / c
    return rows


@pytest.fixture(params=[2, 3, 5, 7], ids=lambda c: f"C={c}")
def pairs(request) -> tuple[np.ndarray, np.ndarray]:
    c = request.param
    rng = np.random.default_rng(1000 + c)
    p = _distributions(rng, N_PAIRS, c)
    q = _distributions(rng, N_PAIRS, c)
    q[:20] = p[:20]  # identical pairs
    return p, q


def test_generated_pairs_reach_the_corner_cases(pairs):
    p, q = pairs
    c = p.shape[1]
    assert np.any(p == 0)
    assert np.any(q == 0)
    assert np.any(np.all(q == 1.0 / c, axis=1))
    assert np.any(np.max(p, axis=1) == 1.0)
    assert np.any(np.all(p == q, axis=1))


def test_nmd_matches_mlquantify(pairs):
    p, q = pairs
    ours = ax.get_scorer("nmd")(p, q)
    theirs = [mlq.NMD(gold, system) for system, gold in zip(p, q, strict=True)]
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-12)


def test_emd_matches_mlquantify_nmd_with_class_value_steps(pairs):
    p, q = pairs
    c = p.shape[1]
    values = np.cumsum(np.random.default_rng(c).uniform(0.1, 3.0, size=c))
    ours = ax.get_scorer("emd")(p, q, values=values)
    steps = np.diff(values)
    theirs = [
        mlq.NMD(gold, system, distances=steps) * (c - 1) for system, gold in zip(p, q, strict=True)
    ]
    np.testing.assert_allclose(ours, theirs, rtol=1e-12, atol=1e-12)


def test_rnod_matches_mlquantify(pairs):
    p, q = pairs
    ours = ax.get_scorer("rnod")(p, q)
    theirs = [mlq.RNOD(gold, system) for system, gold in zip(p, q, strict=True)]
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-12)


def test_rnod_with_class_values_matches_mlquantify_with_a_rescaled_distance_matrix(pairs):
    # our weights are |v_i - v_j| / (v_{C-1} - v_0); mlquantify divides by C - 1 itself
    p, q = pairs
    c = p.shape[1]
    values = np.cumsum(np.random.default_rng(c).uniform(0.1, 3.0, size=c))
    ours = ax.get_scorer("rnod")(p, q, values=values)
    distances = np.abs(values[:, None] - values[None, :]) * (c - 1) / (values[-1] - values[0])
    theirs = [
        mlq.RNOD(gold, system, distances=distances) for system, gold in zip(p, q, strict=True)
    ]
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-12)


def test_jsd_matches_the_square_of_scipys_base_two_jensen_shannon_distance(pairs):
    p, q = pairs
    ours = ax.get_scorer("jsd")(p, q)
    theirs = np.array([jensenshannon(a, b, base=2) ** 2 for a, b in zip(p, q, strict=True)])
    np.testing.assert_allclose(ours, theirs, rtol=0, atol=1e-12)


def test_kld_matches_scipys_relative_entropy_in_bits_where_defined(pairs):
    p, q = pairs
    theirs = rel_entr(p, q).sum(axis=1) / np.log(2)  # inf where some q_i = 0 < p_i
    ours, undefined = ax.get_scorer("kld").evaluate(p, q)
    ours = np.where(undefined, np.inf, ours)
    defined = np.isfinite(theirs)
    assert 0 < defined.sum() < len(p)
    np.testing.assert_allclose(ours[defined], theirs[defined], rtol=0, atol=1e-12)
    assert np.all(np.isinf(ours[~defined]))
