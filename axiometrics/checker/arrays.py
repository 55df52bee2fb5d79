"""Calling a measure written for another array library (torch, JAX, CuPy, array-api-strict).

The checker builds every input as a NumPy array.  A metric of a tensor library
wants its own arrays; :class:`~axiometrics.checker.MeasureSpec` says how to
convert them, once per argument, just before each call:

* ``array_namespace="array_api_strict"`` (or ``"torch"``, ``"jax.numpy"``,
  ``"cupy"``, any module with an array-API ``asarray``): each array argument
  becomes ``namespace.asarray(argument)``;
* ``convert=function`` (or ``"module:function"`` in a pyproject entry or on
  the command line): each array argument becomes ``function(argument)``, e.g.
  ``torch.from_numpy`` or a lambda that also moves it to a device.

The score the measure returns may be a 0-d array or tensor of any of these
libraries: it is read with ``float()``, and its floating dtype sets the
inferred precision (:mod:`axiometrics.checker.precision`).  Counterexamples
and reproduction lines still show NumPy arrays.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from typing import Any

import numpy as np

from axiometrics.errors import InvalidParameterError

__all__ = ["LABEL_ENCODINGS", "Converter", "array_converter", "check_label_encoding"]

#: How class labels reach a label-vector callable: its class values, or
#: indices ``0 .. C-1`` (with ``num_classes=C`` where the callable takes it).
LABEL_ENCODINGS = ("values", "indices")

#: Turns one NumPy argument into the callable's array type.
Converter = Callable[[np.ndarray], Any]


def check_label_encoding(labels: Any) -> str:
    """``labels`` checked against :data:`LABEL_ENCODINGS`.

    Raises
    ------
    InvalidParameterError
        For another value.
    """
    if labels not in LABEL_ENCODINGS:
        raise InvalidParameterError(
            f"labels={labels!r}: expected 'values' (the class values as labels) or 'indices' "
            "(class indices 0 .. C-1, and num_classes=C where the callable takes it)"
        )
    return str(labels)


def array_converter(array_namespace: str | None, convert: Any) -> Converter | None:
    """The function that converts each array argument, or ``None`` (NumPy arrays as they are).

    Parameters
    ----------
    array_namespace
        A module name whose ``asarray`` builds the callable's arrays.
    convert
        A callable, or a ``"module:function"`` string naming one.

    Raises
    ------
    InvalidParameterError
        When both are given, the module cannot be imported or has no
        ``asarray``, or ``convert`` is neither callable nor loadable.
    """
    if array_namespace is not None and convert is not None:
        raise InvalidParameterError(
            f"array_namespace={array_namespace!r} and convert={convert!r}: give one (the "
            "namespace's asarray is the conversion)"
        )
    if array_namespace is not None:
        return _namespace_asarray(array_namespace)
    if convert is None:
        return None
    if isinstance(convert, str):
        from axiometrics.loading import load_callable

        loaded: Converter = load_callable(convert, prefix=f"convert={convert!r}: ")
        return loaded
    if not callable(convert):
        raise InvalidParameterError(
            f"convert={convert!r}: expected a function of one NumPy array, or 'module:function'"
        )
    converter: Converter = convert
    return converter


def _namespace_asarray(name: str) -> Converter:
    if not isinstance(name, str) or not name.strip():
        raise InvalidParameterError(
            f"array_namespace={name!r}: expected a module name such as 'array_api_strict', "
            "'torch' or 'jax.numpy'"
        )
    try:
        module = importlib.import_module(name)
    except ImportError as exc:
        raise InvalidParameterError(
            f"array_namespace={name!r}: cannot import it ({exc}); install it or name another module"
        ) from None
    asarray = getattr(module, "asarray", None)
    if not callable(asarray):
        raise InvalidParameterError(
            f"array_namespace={name!r}: the module has no asarray function; give convert= instead"
        )
    converter: Converter = asarray
    return converter
