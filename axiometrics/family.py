"""The family model: what the measures of a family take as input.

A :class:`Family` names the positional inputs of its measures and knows how
to validate them into arrays with a common batch shape (:class:`Prepared`).
Families are data conventions; each one, the built-in ``oc``, ``oq``,
``nominal`` and ``scored`` included, registers through the
``axiometrics.families`` entry-point group (or :func:`register_family`), and
the registry loads them before the claims and measures that need them.  A
measure may belong to several families taking the same inputs
(``Measure.also_families``).

A family also tells the checker what its inputs look like: whether they
carry class values (:attr:`Family.class_values`), one typical input
(:attr:`Family.typical_inputs`) and how a bare callable of the family is
called (:attr:`Family.call_signatures`).

Labelled inputs (pandas objects, or the family's own labelled containers)
are turned into arrays by *label* in :attr:`Family.coerce`, never by
position; pandas objects that reach :attr:`Family.prepare` directly are
refused.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from axiometrics.errors import InvalidInputError, InvalidParameterError, RegistrationError
from axiometrics.scale import validate_values

__all__ = [
    "CallSignature",
    "Family",
    "Prepared",
    "companion_families",
    "family",
    "label_batch",
    "label_values",
    "register_family",
    "registered_families",
    "values_and_batch",
]


@dataclass(frozen=True)
class Prepared:
    """Validated inputs ready for a compute function."""

    arrays: tuple[np.ndarray, ...]
    values: np.ndarray
    batch_shape: tuple[int, ...]
    n_classes: int
    core_ndims: tuple[int, ...]
    batch_index: tuple[Hashable, ...] | None = None
    index_name: str | None = None

    def broadcast_arrays(self) -> tuple[np.ndarray, ...]:
        """The inputs broadcast to the full batch shape (read-only views)."""
        return tuple(
            np.broadcast_to(a, (*self.batch_shape, *a.shape[a.ndim - k :]))
            for a, k in zip(self.arrays, self.core_ndims, strict=True)
        )


@dataclass(frozen=True)
class CallSignature:
    """How a bare callable of a family is called on one of the family's inputs.

    Used by :mod:`axiometrics.checker.callables` to check a plain function
    (``check(f, family=...)``); a family lists the signatures its callables
    may have in :attr:`Family.call_signatures`.

    Attributes
    ----------
    arguments
        ``arguments(inputs, values) -> args``: the positional arguments of one
        call, from the family's unbatched inputs and the class values
        (``None`` for a family without class values).
    label_vectors
        The arguments are label vectors whose labels are the class values
        (one entry per item): the checker caps the counts, keeps transformed
        class values integral and may pass the full class list as ``labels=``.
    description
        How the callable is called, for help texts.
    """

    arguments: Callable[[tuple[np.ndarray, ...], np.ndarray | None], tuple[Any, ...]]
    label_vectors: bool = False
    description: str = ""


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
    coerce
        Optional ``coerce(inputs, scale) -> inputs``: turns labelled or
        alternative inputs (pandas objects, label vectors) into the family's
        inputs, aligned by label, using the caller's ``scale=`` argument.
        Families without it refuse ``scale=``.
    class_values
        Whether the inputs carry class values (``False``: e.g. scored items,
        whose last axis holds items, not classes); checker cases of such a
        family have no values and counterexamples show none.
    typical_inputs
        One ordinary unbatched input of the family, which the checker scores
        once with a bare callable before checking its claims (a broken
        callable then fails clearly); ``None``: no preflight.
    call_signatures
        ``(name, CallSignature)`` pairs: the ways a bare callable of this
        family may be called, the first being the default (empty: bare
        callables of this family cannot be checked).
    coverage_reference
        Registered measure names whose unanimous improvements define the
        coverage (UIR) reference on this family's data (empty: the
        meta-evaluation's default, :data:`axiometrics.meta.coverage.DEFAULT_REFERENCE`).
    """

    name: str
    title: str
    inputs: tuple[str, ...]
    prepare: Callable[[tuple[Any, ...], Any], Prepared]
    coerce: Callable[[tuple[Any, ...], Any], tuple[Any, ...]] | None = None
    class_values: bool = field(default=True, compare=False)
    typical_inputs: tuple[Any, ...] | None = field(default=None, compare=False, repr=False)
    call_signatures: tuple[tuple[str, CallSignature], ...] = field(
        default=(), compare=False, repr=False
    )
    coverage_reference: tuple[str, ...] = field(default=(), compare=False, repr=False)

    @property
    def signature_names(self) -> tuple[str, ...]:
        """The names of :attr:`call_signatures`, the default first."""
        return tuple(name for name, _ in self.call_signatures)

    def call_signature(self, name: str) -> CallSignature:
        """The call signature ``name`` (``KeyError`` if the family has none so named)."""
        for key, sig in self.call_signatures:
            if key == name:
                return sig
        raise KeyError(name)

    def coerce_inputs(self, inputs: tuple[Any, ...], scale: Any = None) -> tuple[Any, ...]:
        """Apply :attr:`coerce` (or refuse ``scale=`` when the family has none)."""
        if self.coerce is not None:
            return self.coerce(inputs, scale)
        if scale is not None:
            raise InvalidParameterError(
                f"scale={scale!r}: family {self.name!r} takes no scale argument"
            )
        return inputs


def values_and_batch(
    values: Any, scale_values: np.ndarray | None, n_classes: int, batch: tuple[int, ...]
) -> tuple[np.ndarray, tuple[int, ...]]:
    """Validate class values and broadcast them with the inputs' batch shape.

    ``values`` defaults to ``scale_values`` (a labelled input's scale), else
    ``0 .. n_classes - 1``; one set of values broadcasts with every batch.
    """
    if values is None and scale_values is not None:
        values = scale_values
    vals = validate_values(values, n_classes)
    if vals.ndim == 1:
        return vals, batch  # one set of values broadcasts with every batch
    try:
        shape = np.broadcast_shapes(batch, vals.shape[:-1])
    except ValueError as exc:
        raise InvalidInputError(
            f"values batch shape {vals.shape[:-1]} does not broadcast with the inputs' "
            f"batch shape {batch}"
        ) from exc
    return vals, shape


def label_batch(result: float | np.ndarray, prepared: Prepared, name: str) -> Any:
    """Scores of a labelled batch as a pandas Series (1-D) or DataFrame (2-D).

    The batch keys label the last batch axis; results of unlabelled inputs
    are returned unchanged.
    """
    keys = prepared.batch_index
    if keys is None or not isinstance(result, np.ndarray) or result.ndim not in (1, 2):
        return result
    if result.shape[-1] != len(keys):
        return result
    import pandas as pd

    index = pd.Index(list(keys), name=prepared.index_name, tupleize_cols=False)
    if result.ndim == 1:
        return pd.Series(result, index=index, name=name)
    return pd.DataFrame(result, columns=index)


def label_values(values: np.ndarray) -> np.ndarray:
    """Class values as labels: int64 when they are integral (categorical metrics want ints)."""
    arr = np.asarray(values)
    return arr.astype(np.int64) if np.all(arr == np.round(arr)) else arr


_FAMILIES: dict[str, Family] = {}


def register_family(new: Family, *, plugin: str = "axiometrics") -> Family:
    """Add a family; raise :class:`RegistrationError` if the name is taken (in any case)."""
    if new.name.lower() in _FAMILIES:
        raise RegistrationError(
            f"plugin={plugin!r} family={new.name!r}: a family with this name is already registered"
        )
    _FAMILIES[new.name.lower()] = new
    return new


def family(name: str) -> Family:
    """Look a family up by name, case-insensitively."""
    try:
        return _FAMILIES[name.lower()]
    except (KeyError, AttributeError):
        raise RegistrationError(
            f"unknown family={name!r} (known: {', '.join(_FAMILIES)})"
        ) from None


def registered_families() -> tuple[Family, ...]:
    """All registered families."""
    return tuple(_FAMILIES.values())


def companion_families(name: str) -> list[str]:
    """The other registered families whose measures take the inputs of family ``name``.

    Data of one family feed the measures of its companions unchanged: OC runs
    give confusion matrices, so with the built-in plugins
    ``companion_families("oc")`` is ``["nominal"]`` (and ``"nominal"``'s
    companion is ``"oc"``).  Plugin families register when the default
    registry loads, so call this after it has.
    """
    own = family(name)
    return [f.name for f in _FAMILIES.values() if f.name != own.name and f.inputs == own.inputs]
