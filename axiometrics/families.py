"""Measure families: what a measure of each family takes as input.

A :class:`Family` names the positional inputs of its measures and knows how
to validate them into arrays with a common batch shape.  Two families are
built in, because they are data conventions rather than measures:

``oc``
    ordinal classification: ``(matrices,)``, confusion matrices
    ``(..., C, C)`` with rows = system and columns = gold.
``oq``
    ordinal quantification: ``(system, gold)``, distributions ``(..., C)``.

Plugins may register further families with :func:`register_family`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from axiometrics.confusion import ConfusionMatrices, validate_confusion_matrices
from axiometrics.distributions import Distributions, validate_distribution_pair
from axiometrics.errors import InvalidInputError, RegistrationError
from axiometrics.scale import validate_values

__all__ = ["Family", "Prepared", "family", "register_family", "registered_families"]


@dataclass(frozen=True)
class Prepared:
    """Validated inputs ready for a compute function."""

    arrays: tuple[np.ndarray, ...]
    values: np.ndarray
    batch_shape: tuple[int, ...]
    n_classes: int
    core_ndims: tuple[int, ...]

    def broadcast_arrays(self) -> tuple[np.ndarray, ...]:
        """The inputs broadcast to the full batch shape (read-only views)."""
        return tuple(
            np.broadcast_to(a, (*self.batch_shape, *a.shape[a.ndim - k :]))
            for a, k in zip(self.arrays, self.core_ndims, strict=True)
        )


@dataclass(frozen=True)
class Family:
    """A family of measures sharing an input convention.

    Attributes
    ----------
    name
        Short identifier (``"oc"``).
    title
        Display name.
    inputs
        Names of the positional inputs of its compute functions.
    prepare
        ``prepare(inputs, values) -> Prepared``; validates and raises typed errors.
    """

    name: str
    title: str
    inputs: tuple[str, ...]
    prepare: Callable[[tuple[Any, ...], Any], Prepared]


def _values_and_batch(
    values: Any, scale_values: np.ndarray | None, n_classes: int, batch: tuple[int, ...]
) -> tuple[np.ndarray, tuple[int, ...]]:
    if values is None and scale_values is not None:
        values = scale_values
    vals = validate_values(values, n_classes)
    try:
        shape = np.broadcast_shapes(batch, vals.shape[:-1])
    except ValueError as exc:
        raise InvalidInputError(
            f"values batch shape {vals.shape[:-1]} does not broadcast with the inputs' "
            f"batch shape {batch}"
        ) from exc
    return vals, shape


def _prepare_oc(inputs: tuple[Any, ...], values: Any) -> Prepared:
    if len(inputs) != 1:
        raise InvalidInputError(
            f"an OC measure takes one input, the confusion matrices (got {len(inputs)} inputs)"
        )
    (raw,) = inputs
    scale_values = raw.scale.value_array if isinstance(raw, ConfusionMatrices) else None
    matrices = validate_confusion_matrices(raw, name="matrices")
    c = matrices.shape[-1]
    vals, batch = _values_and_batch(values, scale_values, c, matrices.shape[:-2])
    return Prepared((matrices,), vals, batch, c, (2,))


def _prepare_oq(inputs: tuple[Any, ...], values: Any) -> Prepared:
    if len(inputs) != 2:
        raise InvalidInputError(
            f"an OQ measure takes two inputs, (system, gold) distributions (got {len(inputs)})"
        )
    system, gold = inputs
    scale_values = None
    for raw in (system, gold):
        if isinstance(raw, Distributions):
            scale_values = raw.scale.value_array
    p, q = validate_distribution_pair(system, gold)
    c = p.shape[-1]
    batch = np.broadcast_shapes(p.shape[:-1], q.shape[:-1])
    vals, batch = _values_and_batch(values, scale_values, c, batch)
    return Prepared((p, q), vals, batch, c, (1, 1))


_FAMILIES: dict[str, Family] = {}


def register_family(new: Family, *, plugin: str = "axiometrics") -> Family:
    """Add a family; raise :class:`RegistrationError` if the name is taken."""
    if new.name in _FAMILIES:
        raise RegistrationError(
            f"plugin={plugin!r} family={new.name!r}: a family with this name is already registered"
        )
    _FAMILIES[new.name] = new
    return new


def family(name: str) -> Family:
    """Look a family up by name."""
    try:
        return _FAMILIES[name]
    except KeyError:
        raise RegistrationError(
            f"unknown family={name!r} (known: {', '.join(_FAMILIES)})"
        ) from None


def registered_families() -> tuple[Family, ...]:
    """All registered families."""
    return tuple(_FAMILIES.values())


register_family(Family("oc", "Ordinal classification", ("matrices",), _prepare_oc))
register_family(Family("oq", "Ordinal quantification", ("system", "gold"), _prepare_oq))
