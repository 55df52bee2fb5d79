"""A user's new measure in the report: loaded from ``FILE:CALLABLE``, checked and scored.

The callable is described by the same :class:`~axiometrics.checker.MeasureSpec`
as ``axiometrics check`` builds, and loaded by the same
:func:`axiometrics.loading.load_callable`, so its claims are checked
with the same machinery and its :class:`~axiometrics.registry.Scorer`
(called once per topic x system cell) feeds the meta-evaluation beside the
built-in measures.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from axiometrics.checker import MeasureSpec, Subject
from axiometrics.checker.callable_options import source_location
from axiometrics.checker.check import subject_for
from axiometrics.errors import InvalidParameterError
from axiometrics.loading import load_callable
from axiometrics.registry import Registry, Scorer

__all__ = ["UserMeasure", "load_user_measure"]


@dataclass(frozen=True)
class UserMeasure:
    """A bare callable under test, with how to call it.

    Attributes
    ----------
    target
        ``FILE:CALLABLE`` (or ``MODULE:CALLABLE``) as given.
    func
        The callable.
    family
        ``"oc"`` or ``"oq"``.
    signature
        How to call it (``None``: the family's default).
    higher_is_better
        Its direction.
    options
        The other :class:`~axiometrics.checker.MeasureSpec` options, as
        ``axiometrics check`` takes them: ``optimum``, ``score_range``,
        ``expect``, ``params``, ``undefined``, ``integer_labels``,
        ``call_timeout``, ``name``.
    """

    target: str
    func: Callable[..., Any]
    family: str
    signature: str | None
    higher_is_better: bool
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def spec(self) -> MeasureSpec:
        """The measure's description, as ``axiometrics check`` gives it to the checker."""
        return MeasureSpec(
            self.func,
            family=self.family,
            signature=self.signature,
            higher_is_better=self.higher_is_better,
            **self.options,
        )

    def subject(self) -> Subject:
        """The measure wrapped for the checker (and its scorer for the meta-evaluation)."""
        return subject_for(self.spec)

    @property
    def scorer(self) -> Scorer:
        """The scorer the meta-evaluation calls on every topic x system cell.

        A declared range is a claim the checks test (``well_defined``), not a
        limit on scoring: the meta-evaluation takes the values as returned,
        so a wrong declaration is a finding of the report, not its failure.
        """
        return subject_for(replace(self.spec, score_range=None)).scorer

    @property
    def name(self) -> str:
        """The measure's name in every table of the report."""
        return self.subject().measure.name

    @property
    def title(self) -> str:
        """Its display title (``name`` if given, else the callable's name)."""
        return self.subject().measure.title

    @property
    def doc(self) -> str:
        """The callable's docstring, cleaned (empty when it has none)."""
        return inspect.getdoc(self.func) or ""

    @property
    def location(self) -> str:
        """``file:line`` where the callable is defined."""
        return source_location(self.func)


def load_user_measure(
    target: str,
    *,
    family: str,
    signature: str | None = None,
    higher_is_better: bool = True,
    registry: Registry | None = None,
    **options: Any,
) -> UserMeasure:
    """Import ``FILE:CALLABLE`` and check that it can stand beside the registered measures.

    Parameters
    ----------
    target
        ``path/to/file.py:function`` or ``package.module:function``.
    family
        ``"oc"`` or ``"oq"``.
    signature
        ``"matrix"``, ``"gold,system"`` or ``"system,gold"`` (default: the family's).
    higher_is_better
        The measure's direction.
    registry
        Registered measures its name must not clash with (default: the default registry).
    **options
        Any other option of :class:`~axiometrics.checker.MeasureSpec` for a
        bare callable (``optimum``, ``score_range``, ``expect``, ``params``,
        ``undefined``, ``integer_labels``, ``call_timeout``, ``name``).

    Raises
    ------
    InvalidParameterError
        On a missing file, a failed import, a missing or non-callable
        attribute, a wrong signature, a bad option, or a name that clashes
        with a registered measure.
    """
    from axiometrics.registry import default_registry

    func = load_callable(target)
    user = UserMeasure(target, func, family, signature, bool(higher_is_better), dict(options))
    name = user.name  # wraps the callable once: a bad family or signature fails here
    reg = registry if registry is not None else default_registry()
    if name in reg:
        raise InvalidParameterError(
            f"measure={target!r} is named {name!r}, which is a registered measure; rename the "
            "function so the report can show both"
        )
    return user
