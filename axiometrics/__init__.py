"""axiometrics: evidence about what evaluation measures really do.

Measures are registered plugins with declared claims (ordinal invariance,
monotonicity, imbalance, symmetry, ...).  This package provides the data
model (class scales, confusion matrices, distributions), the measure value
object and registry, and the functions to score inputs.

Quick use::

    import axiometrics as ax
    m = ax.ConfusionMatrices.from_labels(gold, system, scale=[-2, -1, 0, 1, 2])
    ax.score("mae_macro", m)

Importing the package is cheap: it loads the error classes only, and every
other public name is imported from its module on first use (PEP 562), so
the pytest plugin, ``axiometrics --help`` and scripts that never score do
not pay for numpy, the data model or the registry.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

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

if TYPE_CHECKING:
    from axiometrics.checker.check import check
    from axiometrics.claims import Claim, Precondition, register_claim, register_precondition
    from axiometrics.confusion import ConfusionMatrices
    from axiometrics.declarations import Holds, NotApplicable, Violated, When
    from axiometrics.distributions import Distributions
    from axiometrics.measure import Measure, Param, Range, Reference
    from axiometrics.plugin import MeasureDefinition, MeasurePlugin
    from axiometrics.property_table import build_property_table, render_property_table
    from axiometrics.registry import Registry, Scorer, default_registry, reset_default_registry
    from axiometrics.scale import ClassScale
    from axiometrics.scoring import Evaluation

__version__ = "0.1.0"

__all__ = [
    "AxiometricsError",
    "CheckSettings",
    "Claim",
    "ClassScale",
    "ConfusionMatrices",
    "DataFileError",
    "Distributions",
    "DuplicateMeasureError",
    "Evaluation",
    "Family",
    "Holds",
    "InputTypeError",
    "InvalidInputError",
    "InvalidParameterError",
    "Measure",
    "MeasureDefinition",
    "MeasureImplementationError",
    "MeasurePlugin",
    "MeasureSpec",
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
    "When",
    "__version__",
    "build_property_table",
    "check",
    "default_registry",
    "get_claim",
    "get_family",
    "get_measure",
    "get_scorer",
    "list_measures",
    "register_claim",
    "register_precondition",
    "render_property_table",
    "reset_default_registry",
    "score",
]


_registry_module: Any = None


def _registry() -> Registry:
    """The default registry (``axiometrics.registry`` is imported on the first call)."""
    global _registry_module
    if _registry_module is None:
        _registry_module = importlib.import_module("axiometrics.registry")
    registry: Registry = _registry_module.default_registry()
    return registry


def get_scorer(name: str | Measure | Scorer) -> Scorer:
    """The registered measure ``name`` (name, alias or ``"name(key=value)"``), ready to score."""
    return _registry().get(name)


def get_measure(name: str) -> Measure:
    """The :class:`Measure` definition registered as ``name``."""
    return _registry().measure(name)


def list_measures(family: str | None = None) -> list[Measure]:
    """Registered measures, optionally of one family (``"oc"``, ``"oq"``)."""
    return [s.measure for s in _registry().scorers(family)]


def score(
    measure: str | Measure | Scorer,
    *inputs: Any,
    values: Any = None,
    on_undefined: str | float = "raise",
    scale: Any = None,
    **named_inputs: Any,
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
    **named_inputs
        Inputs given by their name in the measure's family (e.g. a family
        with inputs ``("y_true", "y_pred", "sample_weight")`` takes
        ``sample_weight=w``); ``None`` leaves an optional input out.

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
    return get_scorer(measure)(
        *inputs, values=values, on_undefined=on_undefined, scale=scale, **named_inputs
    )


#: Public names and the module defining each, imported on first access (PEP 562).
#: ``import axiometrics`` then costs almost nothing (the errors only): the
#: pytest plugin, loaded by every pytest session in the environment, and the
#: command line's ``--help`` do not pay for numpy and the data model; the
#: checker and the property table (Hypothesis) load only when used.
_LAZY = {
    "Claim": "axiometrics.claims",
    "Precondition": "axiometrics.claims",
    "register_claim": "axiometrics.claims",
    "register_precondition": "axiometrics.claims",
    "ConfusionMatrices": "axiometrics.confusion",
    "Holds": "axiometrics.declarations",
    "NotApplicable": "axiometrics.declarations",
    "Violated": "axiometrics.declarations",
    "When": "axiometrics.declarations",
    "Distributions": "axiometrics.distributions",
    "Measure": "axiometrics.measure",
    "Param": "axiometrics.measure",
    "Range": "axiometrics.measure",
    "Reference": "axiometrics.measure",
    "MeasureDefinition": "axiometrics.plugin",
    "MeasurePlugin": "axiometrics.plugin",
    "Registry": "axiometrics.registry",
    "Scorer": "axiometrics.registry",
    "default_registry": "axiometrics.registry",
    "reset_default_registry": "axiometrics.registry",
    "ClassScale": "axiometrics.scale",
    "Evaluation": "axiometrics.scoring",
    "check": "axiometrics.checker",
    "CheckSettings": "axiometrics.checker",
    "MeasureSpec": "axiometrics.checker",
    "Family": "axiometrics.family",
    "get_family": "axiometrics.family",
    "get_claim": "axiometrics.claims",
    "build_property_table": "axiometrics.property_table",
    "render_property_table": "axiometrics.property_table",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        # Python's traceback adds "Did you mean: ...?" from __dir__, which lists the lazy names.
        raise AttributeError(f"module 'axiometrics' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups are plain attribute reads
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})
