"""The embedded default data: Amigó et al. (2020) §5.3 synthetic OC experiment.

Gold
    ``n_topics`` test cases (default 100) of ``n_items`` items (default
    200) over 11 classes with values ``1 .. 11``.  Topic ``t``'s gold labels
    are ``Normal(4, sigma_t)`` draws rounded to the closest class (values
    below 1 or above 11 go to the end classes), with ``sigma_t`` spread
    evenly over ``[1, 3]`` (``linspace``) so that imbalance varies across
    topics.
Systems
    50 = 10 error ratios ``r = 0.1, 0.2, ..., 1.0`` x 5 mistake types.  A
    system with ratio ``r`` picks, in each topic, ``round(r * n)`` items
    uniformly at random and replaces their gold label with its mistake:

    ``majority``  class 4 (the majority class);
    ``random``    a class drawn uniformly from ``1 .. 11``;
    ``tag``       tag displacement, the next class ``g + 1`` (11 stays 11);
    ``ordinal``   ordinal displacement: with the topic's items sorted by
                  gold class (ties in random order), the item at position
                  ``p`` takes the gold class of the item at position
                  ``p + n/10`` (the last position when that overflows);
    ``proximity`` the gold class of the item at position
                  ``floor((p + r_pos) / 2)`` with ``r_pos`` uniform over the
                  ``n`` positions: between the item's own and a random one.

System names read ``"<type>_r<ratio>"`` (e.g. ``"random_r0.3"``).  Every
draw comes from one seeded NumPy Generator, so a seed fixes the data.  The
OQ counterpart is :meth:`LabelRuns.to_distribution_runs`: per topic, each
system's label distribution against the gold label distribution.
"""

from __future__ import annotations

import numpy as np

from axiometrics.errors import InvalidParameterError
from axiometrics.meta.runs import DistributionRuns, LabelRuns
from axiometrics.scale import ClassScale

__all__ = [
    "DEFAULT_ON_UNDEFINED",
    "DEFAULT_SEED",
    "MISTAKE_TYPES",
    "RATIOS",
    "amigo_synthetic",
    "default_distribution_runs",
    "default_label_runs",
    "system_type",
]

#: The five mistake types, in the paper's order.
MISTAKE_TYPES = ("majority", "random", "tag", "ordinal", "proximity")
#: The ten error ratios.
RATIOS = tuple(round(0.1 * i, 1) for i in range(1, 11))
#: Seed of the embedded default data.
DEFAULT_SEED = 2020
_N_CLASSES = 11
_MAJORITY = 4


def system_type(name: str) -> str:
    """The mistake type of a synthetic system name (``"random_r0.3"`` -> ``"random"``)."""
    return name.rsplit("_r", 1)[0]


def _check_positive(value: int, name: str, minimum: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int | np.integer) or value < minimum:
        raise InvalidParameterError(f"{name} must be an integer >= {minimum} (got {value!r})")
    return int(value)


def amigo_synthetic(
    *,
    n_topics: int = 100,
    n_items: int = 200,
    seed: int = DEFAULT_SEED,
    sigma_range: tuple[float, float] = (1.0, 3.0),
) -> LabelRuns:
    """Generate the synthetic OC runs of Amigó et al. (2020) §5.3.

    Parameters
    ----------
    n_topics
        Test cases (default 100; at least 2).
    n_items
        Items per test case (default 200; at least 10, so that the ordinal
        displacement ``n/10`` is at least one position).
    seed
        Seed of every random draw.
    sigma_range
        Smallest and largest standard deviation of the gold distribution.

    Returns
    -------
    LabelRuns
        50 systems over the 11-class scale ``1 .. 11``.
    """
    t = _check_positive(n_topics, "n_topics", 2)
    n = _check_positive(n_items, "n_items", 10)
    rng = np.random.default_rng(seed)
    sigma = np.linspace(sigma_range[0], sigma_range[1], t)
    gold = np.clip(np.rint(rng.normal(4.0, sigma[:, None], size=(t, n))), 1, _N_CLASSES).astype(int)

    # Sorting of each topic's items by gold class, ties in random order.
    order = np.argsort(gold + rng.random((t, n)) * 0.5, axis=-1)
    sorted_gold = np.take_along_axis(gold, order, axis=-1)
    position = np.empty_like(order)
    np.put_along_axis(position, order, np.arange(n)[None, :].repeat(t, axis=0), axis=-1)

    n_types, n_ratios = len(MISTAKE_TYPES), len(RATIOS)
    shape = (n_types, n_ratios, t, n)
    mistakes = np.empty(shape, dtype=int)
    mistakes[0] = _MAJORITY
    mistakes[1] = rng.integers(1, _N_CLASSES + 1, size=shape[1:])
    mistakes[2] = np.minimum(gold + 1, _N_CLASSES)
    shifted = np.minimum(position + n // 10, n - 1)
    mistakes[3] = np.take_along_axis(sorted_gold, shifted, axis=-1)
    random_positions = rng.integers(0, n, size=shape[1:])
    midpoint = (position[None] + random_positions) // 2
    mistakes[4] = np.take_along_axis(
        np.broadcast_to(sorted_gold, midpoint.shape), midpoint, axis=-1
    )

    # Each system errs on exactly round(r * n) random items of each topic.
    ranks = np.argsort(np.argsort(rng.random(shape), axis=-1), axis=-1)
    wrong_counts = np.rint(np.asarray(RATIOS) * n).astype(int)
    wrong = ranks < wrong_counts[None, :, None, None]
    labels = np.where(wrong, mistakes, gold[None, None])

    names = [f"{kind}_r{ratio:.1f}" for kind in MISTAKE_TYPES for ratio in RATIOS]
    # Class values 1..11 are scale labels; the runs store class indices 0..10.
    return LabelRuns(
        scale=ClassScale(range(1, _N_CLASSES + 1)),
        topics=tuple(f"t{i + 1:03d}" for i in range(t)),
        systems=tuple(names),
        item_topics=np.repeat(np.arange(t), n),
        gold=(gold - 1).ravel(),
        labels=(labels - 1).reshape(n_types * n_ratios, t * n),
    )


def default_label_runs() -> LabelRuns:
    """The embedded default OC data (100 topics x 200 items, 50 systems, seed 2020)."""
    return amigo_synthetic()


def default_distribution_runs() -> DistributionRuns:
    """The embedded default OQ data: label distributions of the default OC data."""
    return default_label_runs().to_distribution_runs()


#: Undefined-score policy for the embedded data (see :mod:`axiometrics.meta.scoring`):
#: correlation-type measures score 0 ("no association") against a constant
#: system (the ``majority_r1.0`` run), as in the Table 3 replication; any
#: other measure undefined somewhere (e.g. KLD when a system puts mass on a
#: class the gold leaves empty) is left out, with a note.
DEFAULT_ON_UNDEFINED: dict[str, str | float] = {
    "pearson": 0.0,
    "spearman": 0.0,
    "kendall_tau_b": 0.0,
    "cosine": 0.0,
    "*": "drop",
}
