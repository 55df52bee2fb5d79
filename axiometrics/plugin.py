"""The public plugin API: a named collection of measure definitions.

A plugin module creates a :class:`MeasurePlugin`, attaches compute functions
to :class:`~axiometrics.measure.Measure` definitions with
:meth:`MeasurePlugin.measure`, and exposes the plugin object through the
``axiometrics.measures`` entry-point group::

    # my_package/measures.py
    from axiometrics import Measure, MeasurePlugin, Range, Holds, Violated

    plugin = MeasurePlugin("my-measures")

    @plugin.measure(Measure(name="my_error", family="oc", higher_is_better=False,
                            range=Range(0, 1), claims={...}))
    def my_error(matrices, *, values):
        ...

    # pyproject.toml
    [project.entry-points."axiometrics.measures"]
    my_measures = "my_package.measures:plugin"

The built-in measures use exactly this API and entry-point group.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from axiometrics.measure import Measure

__all__ = ["MeasureDefinition", "MeasurePlugin", "lazy_exports"]

F = TypeVar("F", bound=Callable[..., Any])


@dataclass(frozen=True)
class MeasureDefinition:
    """A measure paired with the function that computes it."""

    measure: Measure
    compute: Callable[..., Any]
    vectorized: bool = True


class MeasurePlugin:
    """A named, ordered collection of measure definitions.

    Parameters
    ----------
    name
        Plugin name shown in registration errors and in ``axiometrics list``.
    """

    def __init__(self, name: str) -> None:
        self.name = name
        self._definitions: list[MeasureDefinition] = []

    def measure(self, definition: Measure, *, vectorized: bool = True) -> Callable[[F], F]:
        """Decorator attaching the decorated compute function to ``definition``.

        Parameters
        ----------
        definition
            The measure's declaration.
        vectorized
            ``True`` if the function handles batches over leading axes; a
            scalar function (``False``) is looped over the batch for you.
        """

        def attach(compute: F) -> F:
            self.add(definition, compute, vectorized=vectorized)
            return compute

        return attach

    def add(
        self, definition: Measure, compute: Callable[..., Any], *, vectorized: bool = True
    ) -> None:
        """Attach ``compute`` to ``definition`` (the non-decorator form)."""
        self._definitions.append(MeasureDefinition(definition, compute, vectorized))

    def __iter__(self) -> Iterator[MeasureDefinition]:
        return iter(tuple(self._definitions))

    def __len__(self) -> int:
        return len(self._definitions)

    def __repr__(self) -> str:
        return f"MeasurePlugin(name={self.name!r}, measures={len(self)})"


def lazy_exports(package: str, exports: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` that imports a family package's parts on first use.

    A family package exposes ``FAMILY``, ``CLAIMS``, ``SOURCES`` and
    ``plugin`` from its modules, but importing the package must stay cheap:
    loading the family's input convention (an entry point) must not import
    its measures, Hypothesis strategies or literature tables.

    Parameters
    ----------
    package
        The package's ``__name__``.
    exports
        ``{attribute: submodule}``, e.g. ``{"FAMILY": "family"}``.

    Returns
    -------
    Callable
        The function to assign to the package's ``__getattr__``.

    Examples
    --------
    >>> __getattr__ = lazy_exports(__name__, {"FAMILY": "family", "plugin": "measures"})
    """
    table = dict(exports)

    def exported(name: str) -> Any:
        submodule = table.get(name)
        if submodule is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        return getattr(importlib.import_module(f"{package}.{submodule}"), name)

    return exported
