"""axiometrics: evidence about what evaluation measures really do.

Measures are registered plugins with declared claims (ordinal invariance,
monotonicity, imbalance, symmetry, ...).  This package provides the data
model (class scales, confusion matrices, distributions), the measure value
object and registry, and the functions to score inputs.

Quick use::

    import axiometrics as ax
    m = ax.ConfusionMatrices.from_labels(gold, system, scale=[-2, -1, 0, 1, 2])
    ax.score("mae_macro", m)
"""

from __future__ import annotations

from typing import Any

from axiometrics.claims import Claim, Precondition, register_claim, register_precondition
from axiometrics.confusion import ConfusionMatrices
from axiometrics.declarations import Holds, NotApplicable, Violated
from axiometrics.distributions import Distributions
from axiometrics.errors import (
    AxiometricsError,
    DataFileError,
    DuplicateMeasureError,
    InputTypeError,
    InvalidInputError,
    InvalidParameterError,
    MeasureImplementationError,
    PluginLoadWarning,
    RegistrationError,
    UndefinedMeasureError,
    UnknownClaimError,
    UnknownLabelError,
    UnknownMeasureError,
)
from axiometrics.measure import Measure, Param, Range, Reference
from axiometrics.plugin import MeasureDefinition, MeasurePlugin
from axiometrics.registry import Registry, Scorer, default_registry, reset_default_registry
from axiometrics.scale import ClassScale
from axiometrics.scoring import Evaluation

__version__ = "0.1.0"

__all__ = [
    "AxiometricsError",
    "Claim",
    "ClassScale",
    "ConfusionMatrices",
    "DataFileError",
    "Distributions",
    "DuplicateMeasureError",
    "Evaluation",
    "Holds",
    "InputTypeError",
    "InvalidInputError",
    "InvalidParameterError",
    "Measure",
    "MeasureDefinition",
    "MeasureImplementationError",
    "MeasurePlugin",
    "NotApplicable",
    "Param",
    "PluginLoadWarning",
    "Precondition",
    "Range",
    "Reference",
    "RegistrationError",
    "Registry",
    "Scorer",
    "UndefinedMeasureError",
    "UnknownClaimError",
    "UnknownLabelError",
    "UnknownMeasureError",
    "Violated",
    "__version__",
    "build_property_table",
    "check",
    "default_registry",
    "get_measure",
    "get_scorer",
    "list_measures",
    "register_claim",
    "register_precondition",
    "render_property_table",
    "reset_default_registry",
    "score",
]


def get_scorer(name: str | Measure | Scorer) -> Scorer:
    """The registered measure ``name`` (name, alias or ``"name(key=value)"``), ready to score."""
    return default_registry().get(name)


def get_measure(name: str) -> Measure:
    """The :class:`Measure` definition registered as ``name``."""
    return default_registry().measure(name)


def list_measures(family: str | None = None) -> list[Measure]:
    """Registered measures, optionally of one family (``"oc"``, ``"oq"``)."""
    return [s.measure for s in default_registry().scorers(family)]


def score(
    measure: str | Measure | Scorer,
    *inputs: Any,
    values: Any = None,
    on_undefined: str | float = "raise",
    scale: Any = None,
) -> Any:
    """Score inputs with a registered measure.

    Parameters
    ----------
    measure
        Name, alias, ``"name(key=value)"`` expression, :class:`Measure` or :class:`Scorer`.
    *inputs
        OC: confusion matrices ``(..., C, C)`` (rows = system, columns = gold),
        :class:`ConfusionMatrices`, a crosstab DataFrame with axes named
        ``gold``/``system``, or ``gold, system`` label vectors (gold first,
        like scikit-learn); OQ: ``system, gold`` distributions (arrays,
        :class:`Distributions`, DataFrames or Series labelled by class).
    values
        Class values; default: the inputs' scale, else ``0 .. C-1``.
    on_undefined
        ``"raise"`` (default) or a finite number to use where the measure is undefined.
    scale
        Class scale for label inputs (required for non-numeric labels).

    Returns
    -------
    float, numpy.ndarray, pandas.Series or pandas.DataFrame
        A float for one input; an array for array batches; a Series indexed
        by the batch keys (e.g. topics) for labelled batches.

    Examples
    --------
    >>> import axiometrics as ax
    >>> ax.score("accuracy", [[3, 1], [0, 4]])
    0.875
    """
    return get_scorer(measure)(*inputs, values=values, on_undefined=on_undefined, scale=scale)


_LAZY = {
    "check": "axiometrics.checker",
    "build_property_table": "axiometrics.property_table",
    "render_property_table": "axiometrics.property_table",
}


def __getattr__(name: str) -> Any:
    # The checker and the property table import Hypothesis; load them on first use
    # so that ``import axiometrics`` stays light.
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'axiometrics' has no attribute {name!r}")
