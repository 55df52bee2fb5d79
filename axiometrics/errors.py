"""Typed errors raised by axiometrics.

Every error subclasses :class:`AxiometricsError` and one built-in exception
(``ValueError``, ``TypeError`` or ``KeyError``), so callers can catch either
the precise type or the built-in one they already expect.  Messages follow
the ``name=value!r`` style: they name the argument, state what was expected
and show what was received.

Every public error is defined here, whichever subpackage raises it, except
:class:`axiometrics.strategies.StrategyArgumentError`, which also subclasses
Hypothesis' ``InvalidArgument`` (this module imports the standard library
only).
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

__all__ = [
    "AgreementInputError",
    "AxiometricsError",
    "CallTimeoutError",
    "DataFileError",
    "DuplicateMeasureError",
    "HypothesisInternalsError",
    "InputTypeError",
    "InvalidInputError",
    "InvalidParameterError",
    "MeasureImplementationError",
    "MetaInputError",
    "MissingDependencyError",
    "MissingRatingError",
    "MixedLabelTypesError",
    "NoPairableUnitsError",
    "PluginLoadWarning",
    "RegistrationError",
    "ReportWriteError",
    "ScaleRangeError",
    "SchedulerUnreachableError",
    "ScoreOutOfRangeError",
    "ScoreRangeError",
    "SignatureRefusalError",
    "UndeclaredNaNError",
    "UndefinedMeasureError",
    "UndefinedScoreError",
    "UnknownClaimError",
    "UnknownDatasetError",
    "UnknownLabelError",
    "UnknownMeasureError",
]


class AxiometricsError(Exception):
    """Base class of every error axiometrics raises on purpose."""


class InvalidInputError(AxiometricsError, ValueError):
    """Data handed to axiometrics is malformed (shape, sign, finiteness, sums, ...)."""


class SignatureRefusalError(InvalidInputError):
    """A bare callable's call signature cannot pass this input to it.

    Raised by a family's call-signature adapter (e.g. sample weights other
    than all ones for a callable declared ``signature="y_true,y_pred"``,
    which takes none).  The checker treats such a case as outside the
    callable's domain (claims and ``reference=`` comparisons alike), never
    as a failure of the callable.
    """


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


class UndeclaredNaNError(MeasureImplementationError):
    """A bare callable returned NaN on an input it does not declare undefined.

    A finding of ``well_defined`` only: the other claims leave such inputs
    out, as they leave out declared undefined ones, so one cause fails one
    item.  The message says how to declare it (``undefined="nan"``).
    """


class ScoreOutOfRangeError(MeasureImplementationError):
    """A measure returned a defined score outside the range it declares.

    Like :class:`UndeclaredNaNError`, a finding of ``well_defined`` only: the
    other claims leave such inputs out, so that one wrong range fails one
    item instead of every claim whose cases reach it.
    """


class PluginLoadWarning(UserWarning):
    """A third-party plugin could not be loaded and was skipped.

    The message names the entry point (``name = module:object``), the
    exception type and message; the built-in measures keep working.
    """


class AgreementInputError(InvalidInputError):
    """Annotations are malformed: wrong shape, mismatched lengths, fewer than two coders.

    Also raised for labelled (pandas) annotations that cannot be aligned by
    item: repeated item labels, Series that share no item, a DataFrame whose
    orientation is neither stated nor named by its axes.
    """


class MissingRatingError(AgreementInputError):
    """A coefficient that needs complete units met a missing rating (NaN or ``None``).

    Cohen's kappa, Scott's pi and Fleiss' kappa need every coder's label on
    every unit; pass ``missing="drop"`` to leave incomplete units out, or use
    Krippendorff's alpha, which is defined with missing values.
    """


class NoPairableUnitsError(AgreementInputError):
    """No unit carries two or more labels, so there is nothing to compare."""


class MixedLabelTypesError(AgreementInputError):
    """Labels (or labels and categories) of more than one type, such as ``1`` and ``"1"``.

    Numbers, text and booleans are never compared with one another: ``1``
    and ``"1"`` would be two categories, ``True`` and ``1`` one.  As in
    scikit-learn, such a mixture is refused; convert the labels to one type.
    """


class ScaleRangeError(AgreementInputError):
    """Interval labels so large (or so close to zero) that ``D_o`` and ``D_e`` are not floats.

    Interval alpha itself is computed exactly at any magnitude (on values
    scaled by a power of two), but its disagreements are reported in squared
    label units, which overflow beyond about ``1e154`` and underflow below
    about ``1e-154``.  Alpha does not change when every label is multiplied
    by one number, so rescale the labels.

    Attributes
    ----------
    largest
        The largest label magnitude.
    problem
        ``"exceed"`` (overflow) or ``"fall below"`` (underflow).
    """

    def __init__(self, message: str, *, largest: float, problem: str) -> None:
        super().__init__(message)
        self.largest = largest
        self.problem = problem


class ScoreRangeError(InvalidInputError):
    """A result in score units (a mean, an interval, a sum of squares) is not a finite float.

    The tests themselves are scale invariant and are computed on rescaled
    scores, so their p-values, statistics and effect sizes are exact at any
    magnitude; but a number reported in the scores' own units (for example
    the sum of squares of scores near ``1e300``) can lie outside the float
    range.  The message names the quantity and says to divide the scores by
    a constant first.
    """


class UndefinedScoreError(UndefinedMeasureError):
    """A measure is undefined for some (topic, system) cells of a score matrix.

    Attributes
    ----------
    cells
        The ``(topic, system)`` keys of the undefined cells.
    """

    def __init__(
        self,
        measure: str,
        cells: Sequence[tuple[Hashable, Hashable]],
        reason: str,
        hint: str = "pass on_undefined=<number> to fill these cells or on_undefined='drop' to "
        "leave the measure out",
    ) -> None:
        self.cells = tuple(cells)
        super().__init__(measure, [], reason)
        shown = ", ".join(f"(topic={t!r}, system={s!r})" for t, s in self.cells[:5])
        more = f" and {len(self.cells) - 5} more" if len(self.cells) > 5 else ""
        self.args = (f"measure={measure!r} is undefined at {shown}{more}: {reason}; {hint}",)

    def __str__(self) -> str:
        return str(self.args[0])


class MissingDependencyError(AxiometricsError, ImportError):
    """An optional dependency needed for the requested feature is not installed.

    The message says what to install (e.g. ``pip install pyarrow`` for Parquet files).
    """


class SchedulerUnreachableError(AxiometricsError, ConnectionError):
    """No dask scheduler answered at the address given (``--scheduler``, ``Tasks(scheduler=)``)."""


class UnknownDatasetError(InvalidParameterError):
    """No shipped collection has the requested name; the message lists the available ones."""


class ReportWriteError(AxiometricsError, OSError):
    """The report could not be written; the previous report (if any) is intact."""


class CallTimeoutError(MeasureImplementationError):
    """A call of a user's callable did not return within the time limit."""


class HypothesisInternalsError(AxiometricsError, RuntimeError):
    """The installed Hypothesis lacks (or changed) an internal the checker relies on.

    Attributes
    ----------
    version
        The installed Hypothesis version.
    attribute
        The dotted name of the missing or changed internal.
    """

    def __init__(self, message: str, *, version: str, attribute: str) -> None:
        super().__init__(message)
        self.version = version
        self.attribute = attribute


#: Meta-evaluation input is malformed: runs, topics, items or score matrices
#: (a run missing topics or items, duplicate ids, too few systems or topics).
#: It is :class:`DataFileError`, which the shared readers of
#: :mod:`axiometrics.io` raise, so catching either name catches every data
#: problem.
MetaInputError = DataFileError
