"""Bootstrap intervals: seeded, vectorised over resamples, equal to a per-resample loop."""

import numpy as np
import pytest

from axiometrics.agreement import (
    LEVELS,
    cohen_kappa,
    fleiss_kappa,
    krippendorff_alpha,
    scotts_pi,
)
from axiometrics.agreement import bootstrap as bootstrap_module
from axiometrics.meta.annotators import annotate

GOLD = np.random.default_rng(7).integers(0, 4, size=60)
LABELS = annotate(GOLD, n_annotators=3, noise=0.4, n_classes=4, seed=3).astype(float)
GAPPY = np.where(np.random.default_rng(8).random(LABELS.shape) < 0.25, np.nan, LABELS)


def looped_interval(compute, data, bootstrap, seed, confidence=0.95):
    """The percentile interval computed the slow way: one coefficient call per resample."""
    rng = np.random.default_rng(seed)
    n = data.shape[1]
    draws = rng.integers(0, n, size=(bootstrap, n))
    values = [compute(data[:, rows]).value for rows in draws]
    tail = (1 - confidence) / 2
    return tuple(np.quantile(values, [tail, 1 - tail]))


CASES = {
    "cohen": lambda d, **kw: cohen_kappa(d[0], d[1], **kw),
    "cohen_quadratic": lambda d, **kw: cohen_kappa(
        d[0], d[1], weights="quadratic", categories=[0, 1, 2, 3], **kw
    ),
    "scott": lambda d, **kw: scotts_pi(d[0], d[1], **kw),
    "fleiss": lambda d, **kw: fleiss_kappa(d, **kw),
    **{
        f"alpha_{level}": (lambda d, level=level, **kw: krippendorff_alpha(d, level=level, **kw))
        for level in LEVELS
    },
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_vectorised_interval_equals_a_loop_over_resampled_data_sets(name):
    compute = CASES[name]
    data = LABELS if not name.startswith("alpha") else GAPPY
    if name.startswith("alpha"):
        # Resample the pairable units only, as krippendorff_alpha does.
        data = data[:, (~np.isnan(data)).sum(axis=0) >= 2]
    result = compute(data, bootstrap=300, seed=11)
    assert result.ci == pytest.approx(looped_interval(compute, data, 300, 11), abs=1e-12)
    assert (result.bootstrap, result.confidence, result.seed) == (300, 0.95, 11)


def test_the_interval_is_reproducible_with_a_seed_and_varies_without_one():
    first = fleiss_kappa(LABELS, bootstrap=200, seed=5)
    assert first.ci == fleiss_kappa(LABELS, bootstrap=200, seed=5).ci
    assert first.ci != fleiss_kappa(LABELS, bootstrap=200, seed=6).ci
    generator = fleiss_kappa(LABELS, bootstrap=200, seed=np.random.default_rng(5))
    assert generator.ci == first.ci
    assert generator.seed is None


def test_the_interval_does_not_depend_on_the_block_size(monkeypatch):
    whole = krippendorff_alpha(GAPPY, level="ordinal", bootstrap=250, seed=2)
    monkeypatch.setattr(bootstrap_module, "_BLOCK_CELLS", 70)
    blocked = krippendorff_alpha(GAPPY, level="ordinal", bootstrap=250, seed=2)
    assert blocked.ci == pytest.approx(whole.ci, abs=1e-12)


def test_a_wider_confidence_gives_a_wider_interval_around_the_estimate():
    narrow = krippendorff_alpha(LABELS, level="interval", bootstrap=500, seed=0, confidence=0.5)
    wide = krippendorff_alpha(LABELS, level="interval", bootstrap=500, seed=0, confidence=0.99)
    assert wide.ci[0] < narrow.ci[0] <= narrow.value <= narrow.ci[1] < wide.ci[1]


def test_to_dict_is_json_ready_with_the_interval_split_out():
    result = cohen_kappa(LABELS[0], LABELS[1], bootstrap=20, seed=1).to_dict()
    assert result["ci"] == [result["ci_low"], result["ci_high"]]
    assert isinstance(result["value"], float)
    assert result["coefficient"] == "cohen_kappa"
    assert cohen_kappa(LABELS[0], LABELS[1]).to_dict()["ci"] is None
