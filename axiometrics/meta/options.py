"""The settings of a meta-evaluation as one immutable object.

:class:`MetaOptions` holds every setting of :func:`axiometrics.meta.run`
with its default; :meth:`MetaOptions.checked` validates them (before any
work is done) and fills the defaults that depend on the data.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from axiometrics.errors import InvalidParameterError
from axiometrics.meta.corpus_level import check_corpus_correction, check_corpus_test
from axiometrics.meta.coverage import DEFAULT_REFERENCE
from axiometrics.meta.scoring import OnUndefined
from axiometrics.meta.synthetic import DEFAULT_ON_UNDEFINED
from axiometrics.meta.validate import check_analyses, check_count, check_seed, check_splits
from axiometrics.parallel import Tasks, checked_tasks
from axiometrics.registry import Registry
from axiometrics.stats.tukey import DEFAULT_MAX_ELEMENTS
from axiometrics.suggest import closest

__all__ = ["ANALYSES", "OPTIONAL_ANALYSES", "TRUTH", "MetaOptions", "default_reference"]

#: The analyses :func:`axiometrics.meta.run` performs by default, in report order.
ANALYSES = ("similarity", "consistency", "discriminative", "coverage")
#: Agreement with a known truth (:mod:`axiometrics.meta.truth`): it runs whenever a
#: ``truth`` is given; naming it in ``analyses`` (e.g. alone) needs one.
TRUTH = "truth"
#: Analyses beyond :data:`ANALYSES` that ``analyses`` may name.
OPTIONAL_ANALYSES = (TRUTH,)


def default_reference(data: Any) -> tuple[str, ...]:
    """The coverage reference for ``data``: its family's own, else :data:`DEFAULT_REFERENCE`.

    A family plugin names measures of its own as ``Family.coverage_reference``
    (the scored family: a ranking, a probability and a threshold measure),
    because the default reference measures take confusion matrices.
    """
    from axiometrics.family import get_family
    from axiometrics.registry import default_registry

    default_registry()  # plugin families register when the registry loads
    name = getattr(data, "family", None)
    own = get_family(name).coverage_reference if isinstance(name, str) else ()
    return tuple(own) or DEFAULT_REFERENCE


def _checked_analyses(requested: Sequence[str]) -> tuple[str, ...]:
    """The analyses asked for: a non-empty subset of :data:`ANALYSES` and :data:`OPTIONAL_ANALYSES`.

    An unknown name is reported with the nearest of :data:`ANALYSES`.
    """
    chosen = (requested,) if isinstance(requested, str) else tuple(requested)
    if chosen and all(a in ANALYSES or a in OPTIONAL_ANALYSES for a in chosen):
        return chosen
    check_analyses([a for a in chosen if a not in OPTIONAL_ANALYSES], ANALYSES)  # raises
    return chosen


@dataclass(frozen=True)
class MetaOptions:
    """Every setting of a meta-evaluation (see :func:`axiometrics.meta.run`).

    Attributes
    ----------
    measures
        Measures to score (runs) or select (scores); default: every
        registered measure of the runs' family / every measure of the scores.
    analyses
        Any of ``"similarity"``, ``"consistency"``, ``"discriminative"``,
        ``"coverage"`` (default: these four), and ``"truth"`` (which needs
        ``truth``).
    trials
        Random topic splits per split kind (ranking consistency).
    splits
        Split kinds: ``"full"`` and/or subset sizes (default ``("full", 10)``;
        a size that does not fit the topics twice is skipped with a note).
    B
        Trials of every randomised Tukey HSD test.
    alpha
        Significance level (consistency markers, significant pairs).
    variant
        Kendall's tau variant, ``"b"`` (default) or ``"a"``.
    confidence
        Level of the ranking-similarity intervals.
    reference
        Coverage reference measures (scored from the runs if needed);
        default: :func:`default_reference` (the runs' family's own, else
        :data:`~axiometrics.meta.coverage.DEFAULT_REFERENCE`).
    seed
        Master seed (a non-negative integer); each analysis draws from its
        own derived stream.
    on_undefined
        Undefined-cell policy for scoring (see :mod:`axiometrics.meta.scoring`);
        default ``"raise"``, or
        :data:`~axiometrics.meta.synthetic.DEFAULT_ON_UNDEFINED` for the
        embedded data (``data=None``).
    include_observed
        Tukey p-value convention (see :mod:`axiometrics.stats.tukey`).
    max_elements
        Memory bound per chunk of randomisation trials.
    registry
        Measure registry (default: the default registry).
    progress
        Show a tqdm progress bar on standard error.
    truth
        Each system's known true quality, **lower is better** (e.g. its
        expected squared error); when given, the agreement of every
        measure's ranking with the true order is computed too (see
        :mod:`axiometrics.meta.truth`), whatever ``analyses`` says.
    tasks
        Where the consistency trials and the Tukey HSD tests' randomisation
        trials run, in blocks: an :class:`axiometrics.parallel.Tasks` (local
        worker processes, or a cluster through joblib, e.g.
        ``Tasks(jobs=8, backend="dask")``).  Every number is the same for any
        backend and number of workers.  Default ``None``: this process.
    """

    measures: Sequence[str] | None = None
    analyses: Sequence[str] = ANALYSES
    trials: int = 1000
    splits: Sequence[str | int] = ("full", 10)
    B: int = 5000
    alpha: float = 0.05
    variant: str = "b"
    confidence: float = 0.95
    reference: Sequence[str] | None = None
    seed: int = 0
    on_undefined: OnUndefined | None = None
    include_observed: bool = False
    max_elements: int = DEFAULT_MAX_ELEMENTS
    registry: Registry | None = None
    progress: bool = False
    truth: Mapping[Hashable, float] | None = None
    tasks: Tasks | None = None
    corpus_level: bool = True
    corpus_test: str = "bootstrap"
    corpus_correction: str = "max"

    @classmethod
    def names(cls) -> tuple[str, ...]:
        """The settings' names, in declaration order."""
        return tuple(f.name for f in fields(cls))

    def updated(self, function: str = "run", **changes: Any) -> MetaOptions:
        """A copy with ``changes`` applied.

        Raises
        ------
        TypeError
            A keyword that names no setting (as for an unknown keyword
            argument of ``function``; the nearest names are suggested).
        """
        for name in changes:
            if name not in self.names():
                hints = closest(name, self.names())
                hint = f"; did you mean {', '.join(repr(h) for h in hints)}?" if hints else ""
                raise TypeError(f"{function}() got an unexpected keyword argument {name!r}{hint}")
        return replace(self, **changes)

    def checked(self, data: Any) -> MetaOptions:
        """The options validated, with the defaults that depend on ``data`` filled in.

        ``analyses``, ``splits`` and ``reference`` become tuples; ``reference``
        and ``on_undefined`` get their defaults for ``data``.

        Raises
        ------
        InvalidParameterError
            A negative or non-integer seed, ``trials`` or ``B`` below 1, a
            split that is neither ``"full"`` nor a positive size, no or
            unknown analyses, an alpha outside (0, 1), ``"truth"`` among
            the analyses without a ``truth``, ``tasks`` that is not a
            :class:`~axiometrics.parallel.Tasks`, ``corpus_level`` that is
            not a bool, or an unknown ``corpus_test`` or
            ``corpus_correction`` (the nearest names suggested).
        """
        analyses = _checked_analyses(self.analyses)
        if TRUTH in analyses and self.truth is None:
            raise InvalidParameterError(
                f"analyses={list(analyses)!r}: {TRUTH!r} compares the rankings with a known "
                "truth; give truth={system: true quality (lower is better)}"
            )
        seed = check_seed(self.seed)
        trials = check_count("trials", self.trials)
        B = check_count("B", self.B)
        splits = check_splits(self.splits)
        checked_tasks(self.tasks)
        if not 0.0 < self.alpha < 1.0:
            raise InvalidParameterError(f"alpha={self.alpha!r} must lie strictly between 0 and 1")
        if not isinstance(self.corpus_level, bool):
            raise InvalidParameterError(
                f"corpus_level={self.corpus_level!r}: expected True or False"
            )
        corpus_test = check_corpus_test(self.corpus_test, "corpus_test")
        corpus_correction = check_corpus_correction(self.corpus_correction, "corpus_correction")
        reference = default_reference(data) if self.reference is None else tuple(self.reference)
        on_undefined = self.on_undefined
        if on_undefined is None:
            on_undefined = DEFAULT_ON_UNDEFINED if data is None else "raise"
        return replace(
            self,
            analyses=analyses,
            seed=seed,
            trials=trials,
            B=B,
            splits=splits,
            reference=reference,
            on_undefined=on_undefined,
            corpus_test=corpus_test,
            corpus_correction=corpus_correction,
        )
