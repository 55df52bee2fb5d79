"""Typed errors raised by axiometrics.

Every error subclasses :class:`AxiometricsError` and one built-in exception
(``ValueError``, ``TypeError`` or ``KeyError``), so callers can catch either
the precise type or the built-in one they already expect.  Messages follow
the ``name=value!r`` style: they name the argument, state what was expected
and show what was received.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "AxiometricsError",
    "DataFileError",
    "DuplicateMeasureError",
    "InputTypeError",
    "InvalidInputError",
    "InvalidParameterError",
    "MeasureImplementationError",
    "PluginLoadWarning",
    "RegistrationError",
    "UndefinedMeasureError",
    "UnknownClaimError",
    "UnknownLabelError",
    "UnknownMeasureError",
]


class AxiometricsError(Exception):
    """Base class of every error axiometrics raises on purpose."""


class InvalidInputError(AxiometricsError, ValueError):
    """Data handed to axiometrics is malformed (shape, sign, finiteness, sums, ...)."""


class DataFileError(InvalidInputError):
    """Evaluation data read from files or frames is malformed.

    Raised for unreadable or ragged files, repeated ids or topics, runs that
    miss (or add) items or topics, and probabilities that are not
    distributions.  The message names the file and line, or the run, topic
    and item at fault.
    """


class UnknownLabelError(InvalidInputError):
    """A label lies outside the declared class scale."""


class InputTypeError(AxiometricsError, TypeError):
    """An argument has the wrong type altogether (e.g. a string where counts are expected)."""


class InvalidParameterError(AxiometricsError, ValueError):
    """A measure parameter is unknown, of the wrong type, or out of its allowed range."""


class RegistrationError(AxiometricsError, ValueError):
    """A measure or plugin could not be registered.

    The message names the plugin, the measure and the problem.
    """


class DuplicateMeasureError(RegistrationError):
    """A measure name or alias is already taken by another registered measure."""


class UnknownClaimError(RegistrationError, KeyError):
    """A declaration or request names a claim (or precondition) that does not exist."""

    def __str__(self) -> str:  # KeyError would quote the whole message
        return str(self.args[0]) if self.args else ""


class UnknownMeasureError(AxiometricsError, KeyError):
    """No registered measure has the requested name or alias.

    Attributes
    ----------
    name
        The name that was looked up.
    suggestions
        Registered names closest to ``name`` (possibly empty).
    failed_plugins
        Plugins (``"entry = module:object (ErrorType: message)"``) that
        failed to load, whose measures may be the one asked for.
    """

    def __init__(
        self, name: str, suggestions: Sequence[str] = (), failed_plugins: Sequence[str] = ()
    ) -> None:
        self.name = name
        self.suggestions = tuple(suggestions)
        self.failed_plugins = tuple(failed_plugins)
        hint = (
            f"; did you mean {', '.join(repr(s) for s in self.suggestions)}?"
            if self.suggestions
            else "; run `axiometrics list` to see the registered measures"
        )
        if self.failed_plugins:
            hint += "; these plugins failed to load, so their measures are missing: " + "; ".join(
                self.failed_plugins
            )
        super().__init__(f"unknown measure name={name!r}{hint}")

    def __str__(self) -> str:
        return str(self.args[0])


class UndefinedMeasureError(AxiometricsError, ValueError):
    """A measure is mathematically undefined on (part of) the input.

    Raised by axiometrics with the measure's name, the batch indices and the
    documented reason; a user's own measure may raise it with a message
    alone (``raise UndefinedMeasureError("no gold item")``) to tell the
    checker that an input lies outside the measure's domain.

    Attributes
    ----------
    measure
        Name of the measure (``None`` when raised with a message alone).
    indices
        Batch indices (tuples) of the undefined inputs; ``()`` for a single input.
    reason
        The measure's documented undefined case, or the message.
    """

    def __init__(
        self,
        measure: str | None = None,
        indices: Sequence[tuple[int, ...]] = (),
        reason: str | None = None,
    ) -> None:
        if reason is None and not indices:
            # Message-only form: UndefinedMeasureError("why").
            self.measure = None
            self.indices: tuple[tuple[int, ...], ...] = ()
            self.reason = measure or "undefined input"
            super().__init__(self.reason)
            return
        self.measure = measure
        self.indices = tuple(indices)
        self.reason = reason or "undefined input"
        where = ""
        if self.indices and self.indices[0] != ():
            shown = ", ".join(str(i) for i in self.indices[:5])
            more = f" and {len(self.indices) - 5} more" if len(self.indices) > 5 else ""
            where = f" at batch index {shown}{more}"
        super().__init__(f"measure={measure!r} is undefined{where}: {self.reason}")


class MeasureImplementationError(AxiometricsError, RuntimeError):
    """A compute function broke its contract (wrong shape, or NaN/inf not declared undefined)."""


class PluginLoadWarning(UserWarning):
    """A third-party plugin could not be loaded and was skipped.

    The message names the entry point (``name = module:object``), the
    exception type and message; the built-in measures keep working.
    """
