"""The ``oq`` family (ordinal quantification): ``(system, gold)`` class distributions ``(..., C)``.

Inputs are arrays of distributions over ordered classes, or labelled ones
(:class:`~axiometrics.Distributions`, pandas DataFrames with one
distribution per row and the class labels as columns, Series), aligned by
label and by batch key.  Bare callables (``check(f, family="oq")``) take
``system,gold`` (default) or ``gold,system`` distributions
(:data:`DISTRIBUTION_CALL_SIGNATURES`).  ``FAMILY`` is the family's
``axiometrics.families`` entry point.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable
from typing import Any

import numpy as np

from axiometrics.distributions import Distributions, validate_distribution_pair
from axiometrics.errors import InvalidInputError
from axiometrics.family import CallSignature, Family, Prepared, values_and_batch
from axiometrics.scale import as_scale, check_unique_labels, is_pandas

from .._matrices.inputs import same_labels
from .data import LABEL_COLLECTIONS, read_runs, reference_cases

__all__ = ["DISTRIBUTION_CALL_SIGNATURES", "FAMILY"]


def _as_distributions(raw: Any, scale: Any, role: str) -> Any:
    if is_pandas(raw, "DataFrame"):
        return Distributions.from_dataframe(raw, scale=scale)
    if is_pandas(raw, "Series"):
        return Distributions.from_series(raw, scale=scale)
    if is_pandas(raw):
        return raw  # refused by validation with a message naming the constructors
    if isinstance(raw, Distributions):
        if scale is not None:
            same_labels(scale, raw.scale, role)
        return raw
    if scale is not None:
        return Distributions.from_probabilities(raw, scale=as_scale(scale, None))
    return raw


def _align_batches(system: Distributions, gold: Distributions) -> Distributions:
    """Reorder ``gold``'s batch to ``system``'s keys, or refuse different key sets."""
    if system.index is None or gold.index is None or system.index == gold.index:
        return gold
    check_unique_labels(list(system.index), name="system index")
    check_unique_labels(list(gold.index), name="gold index")
    position = {key: i for i, key in enumerate(gold.index)}
    missing = [k for k in system.index if k not in position]
    extra = sorted(map(repr, set(gold.index) - set(system.index)))
    if missing or extra:
        raise InvalidInputError(
            "system and gold must index the same distributions (got system keys missing from "
            f"gold: {list(map(repr, missing))[:5]}, gold keys missing from system: {extra[:5]})"
        )
    order = [position[k] for k in system.index]
    return Distributions(
        gold.probabilities[order],
        gold.scale,
        system.index,
        tol=gold.tol,
        index_name=gold.index_name,
    )


def _coerce_oq(inputs: tuple[Any, ...], scale: Any) -> tuple[Any, ...]:
    if len(inputs) != 2:
        raise InvalidInputError(
            f"an OQ measure takes two inputs, (system, gold) distributions (got {len(inputs)})"
        )
    system = _as_distributions(inputs[0], scale, "system")
    gold = _as_distributions(inputs[1], scale, "gold")
    if isinstance(system, Distributions) and isinstance(gold, Distributions):
        if system.scale.labels != gold.scale.labels:
            if set(system.scale.labels) == set(gold.scale.labels):
                problem = "the same classes in different orders"
            else:
                problem = "different classes"
            raise InvalidInputError(
                f"system and gold must be distributions over one scale (got {problem}: system "
                f"{list(system.scale.labels)!r}, gold {list(gold.scale.labels)!r}); build both "
                "with the same scale=[...]"
            )
        if system.scale.values != gold.scale.values:
            raise InvalidInputError(
                f"system and gold scales must have the same class values (got "
                f"{list(system.scale.values)!r} and {list(gold.scale.values)!r})"
            )
        gold = _align_batches(system, gold)
    return (system, gold)


def _prepare_oq(inputs: tuple[Any, ...], values: Any) -> Prepared:
    if len(inputs) != 2:
        raise InvalidInputError(
            f"an OQ measure takes two inputs, (system, gold) distributions (got {len(inputs)})"
        )
    system, gold = inputs
    scale_values = None
    keys: tuple[Hashable, ...] | None = None
    name: str | None = None
    for raw in (gold, system):
        if isinstance(raw, Distributions):
            scale_values = raw.scale.value_array
            if raw.index is not None:
                keys, name = raw.index, raw.index_name
    # large same-shape pairs come back class-major, the layout the OQ kernels read
    p, q = validate_distribution_pair(system, gold, class_major=True)
    c = p.shape[-1]
    batch = np.broadcast_shapes(p.shape[:-1], q.shape[:-1])
    vals, batch = values_and_batch(values, scale_values, c, batch)
    return Prepared((p, q), vals, batch, c, (1, 1), keys, name)


def _distributions(
    gold_first: bool,
) -> Callable[[tuple[np.ndarray, ...], np.ndarray | None], tuple[Any, ...]]:
    def arguments(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
        system, gold = (np.array(a) for a in inputs)
        return (gold, system) if gold_first else (system, gold)

    return arguments


def _enumerate_inputs(request: Any) -> Iterable[Any]:
    """Every ``(system, gold)`` pair up to a size (:func:`.enumeration.single_pairs`).

    Imported on first use: the enumerator needs the checker, which scoring does not.
    """
    from .enumeration import single_pairs

    return single_pairs(request)


#: Call signatures of a family whose inputs are ``(system, gold)`` distributions.
DISTRIBUTION_CALL_SIGNATURES: tuple[tuple[str, CallSignature], ...] = (
    (
        "system,gold",
        CallSignature(_distributions(False), description="f(system, gold): distributions (C,)"),
    ),
    (
        "gold,system",
        CallSignature(_distributions(True), description="f(gold, system): distributions (C,)"),
    ),
)

#: The ordinal-quantification family (the ``axiometrics.families`` entry point).
FAMILY = Family(
    "oq",
    "Ordinal quantification",
    ("system", "gold"),
    _prepare_oq,
    coerce=_coerce_oq,
    typical_inputs=(np.array([0.2, 0.5, 0.3]), np.array([0.3, 0.3, 0.4])),
    call_signatures=DISTRIBUTION_CALL_SIGNATURES,
    read_runs=read_runs,
    label_collections=LABEL_COLLECTIONS,
    reference_cases=reference_cases,
    enumerate_inputs=_enumerate_inputs,
    example_display="distributions",
    rank=20,
    abbreviation="OQ",
)
