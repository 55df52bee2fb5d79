"""``axiometrics compare``: which differences between systems are significant.

Input (one of)
    ``--gold FILE --runs FILE FILE ...`` — run files read by the reader of
    the ``--family`` (any registered family that reads run files, the first
    in rank order by default: SemEval Task 4 subtask C label files for
    ``oc``, subtask E distribution files for ``oq``, ...), read as
    ``axiometrics meta`` reads them and scored per topic with the
    ``--measure`` measures;
    ``--scores FILE`` — either the long format of ``axiometrics meta
    --scores`` (columns ``topic, system, measure, score``; every measure
    in the file unless ``--measure`` picks some) or a wide topic x system
    CSV/TSV: a first column of topics and one column per system (header
    row = system names; a measure named ``score``, higher is better).

Score files are read by :mod:`axiometrics.io.score_tables`: every problem
names the file and the line (a repeated column name, a row with another
number of fields than the header, a score that is not a finite number, a
repeated or missing cell); runs are read by
:func:`axiometrics.cli.run_files.read_run_files`.  Errors name the flag
or the file at fault, never a Python keyword.

Every pair of systems is tested under ``--test`` with ``--correction``
over the pairs of each measure and the ``--alternative`` of the paired
tests (see :func:`axiometrics.stats.compare`).

Corpus-level measures
    Runs whose measures are functions of summed segment statistics (runs
    of the :class:`~axiometrics.io.runs.CorpusLevelRuns` protocol, e.g. the
    ``generation`` family's reference and hypothesis files) are compared
    on the whole corpus for every measure they give a
    :class:`~axiometrics.io.runs.CorpusBatch` for: ``--test bootstrap``
    (the default for them) is the paired bootstrap resampling of segments
    and ``--test randomisation`` approximate randomisation
    (:func:`axiometrics.stats.corpus.compare_corpus`, with ``--trials``,
    ``--seed``, ``--alpha``, ``--alternative`` and ``--correction``); any
    other ``--test`` is refused.  Their rows hold the corpus scores in
    ``mean_a``/``mean_b``, the difference as the ``statistic``, the
    bootstrap interval of the difference, the number of segments in
    ``n_used``, empty effect sizes (their columns are left out when every
    measure is corpus-level), and a ``method`` that says the test is
    corpus-level (segments resampled); ``status`` says how many trials
    were left out where a resampled score is undefined.  A measure whose
    corpus score is undefined for some system is refused, or left out
    with ``--on-undefined drop``.  These tests run in this process
    (``--jobs`` and ``--backend`` apply to the topic-wise tests).
The output has one row per (measure, pair) with means, the test
statistic, raw and corrected p-values, Cohen's d_z and Sakai's ES_E (with
their intervals where the statistics library gives them), the
``1 - alpha`` interval of the mean difference, the ``better`` system (by
the measure's direction) when the difference is significant, and a
``status`` column (``"zero variance"`` where the differences are constant:
infinite statistics or effect sizes then show as empty cells in every
format, ``null`` in JSON).
"""

from __future__ import annotations

import argparse
import re
from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from axiometrics.cli.arguments import (
    add_backend_arguments,
    add_jobs_argument,
    distinct_names,
    fill_policy,
    flagged,
    non_negative_int,
    open_unit_interval,
    positive_int,
    tasks_from_args,
)
from axiometrics.cli.output import add_output_arguments, emit
from axiometrics.cli.run_files import (
    add_run_family_option,
    fill_flag_hint,
    read_run_files,
    run_family,
)
from axiometrics.errors import (
    DataFileError,
    InvalidInputError,
    InvalidParameterError,
    UnknownMeasureError,
)
from axiometrics.io.runs import CorpusLevelRuns, SystemRuns
from axiometrics.io.score_tables import (
    LONG_SCORE_COLUMNS,
    LongScores,
    ScoreTable,
    read_table,
    wide_scores,
)
from axiometrics.meta.corpus_level import CorpusMeasure, corpus_measures, undefined_systems
from axiometrics.meta.errors import UndefinedScoreError
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.meta.scoring import ScoringReport, score_runs
from axiometrics.meta.validate import unknown_name_message
from axiometrics.registry import default_registry
from axiometrics.stats import CORRECTIONS, TESTS, Comparison, compare
from axiometrics.stats.choices import ALTERNATIVES
from axiometrics.stats.corpus import CORPUS_TESTS, CorpusComparison, compare_corpus

__all__ = ["add_parser", "compare_systems", "read_scores", "read_wide_scores"]

HELP = "significance of differences between systems (paired tests, corrections, effect sizes)"

#: What the command needs data for, in messages about too few systems or topics.
PURPOSE = "comparing systems"
#: The test of topic-wise scores when ``--test`` is not given.
DEFAULT_TEST = "t"
#: The test of corpus-level measures when ``--test`` is not given.
DEFAULT_CORPUS_TEST = "bootstrap"

_COLUMNS = [
    "measure",
    "system_a",
    "system_b",
    "mean_a",
    "mean_b",
    "mean_diff",
    "statistic",
    "p_value",
    "p_adjusted",
    "significant",
    "better",
    "effect_size",
    "effect_size_low",
    "effect_size_high",
    "sakai_es",
    "sakai_es_low",
    "sakai_es_high",
    "ci_low",
    "ci_high",
    "n_used",
    "method",
    "status",
]

#: The effect-size columns, which corpus-level rows leave empty (no topic-wise differences).
_EFFECT_SIZES = (
    "effect_size",
    "effect_size_low",
    "effect_size_high",
    "sakai_es",
    "sakai_es_low",
    "sakai_es_high",
)

#: Keywords of :func:`axiometrics.stats.compare` and the flags that set them, so that an
#: error about a setting names the flag (``--trials 10: ...``), never the keyword.
_FLAGS = {
    "test": "--test",
    "correction": "--correction",
    "alternative": "--alternative",
    "alpha": "--alpha",
    "trials": "--trials",
    "seed": "--seed",
}


def add_parser(subparsers: Any) -> None:
    """Register the ``compare`` subcommand."""
    parser = subparsers.add_parser(
        "compare",
        help=HELP,
        description="Compare every pair of systems on per-topic scores: a paired significance "
        "test, a multiple-comparison correction, effect sizes (Cohen's d_z, Sakai's ES_E) and "
        "confidence intervals of the mean difference.",
    )
    source = parser.add_argument_group("data")
    source.add_argument(
        "--gold",
        metavar="FILE",
        nargs="+",
        help="gold file (SemEval Task 4 C or E format); generation: one or more reference files",
    )
    source.add_argument("--runs", metavar="FILE", nargs="+", help="one file per system run")
    add_run_family_option(source)
    source.add_argument(
        "--scale", default=None, help="comma-separated class labels in order (default: -2..2)"
    )
    source.add_argument(
        "--on-undefined",
        type=fill_policy,
        default=None,
        metavar="raise|drop|NUMBER",
        help="with --gold/--runs, cells where a measure is undefined: raise (default) stops with "
        "an error, drop leaves the measure out, a finite NUMBER fills the cells",
    )
    source.add_argument(
        "--scores",
        metavar="FILE",
        help="long CSV/TSV/JSON/Parquet (topic,system,measure,score) or a wide topic x system CSV",
    )
    options = parser.add_argument_group("test")
    options.add_argument(
        "--measure",
        type=distinct_names(1, "measure names"),
        default=None,
        help="comma-separated measure names (required with --runs; default: every measure of "
        "a long score file)",
    )
    options.add_argument(
        "--systems",
        type=distinct_names(2, "system names"),
        default=None,
        help="compare only these (comma-separated, at least 2)",
    )
    options.add_argument(
        "--test",
        choices=TESTS,
        default=None,
        help="paired test (default: t); corpus-level measures (e.g. generation files): "
        f"{' or '.join(CORPUS_TESTS)} of the corpus scores, resampling segments (default: "
        f"{DEFAULT_CORPUS_TEST})",
    )
    options.add_argument(
        "--correction",
        choices=CORRECTIONS,
        default=None,
        help="multiple-comparison correction over the pairs: holm, bonferroni, holm-sidak, "
        "sidak (family-wise error), bh, by (false discovery rate) or none (default: holm; "
        "none for tukey)",
    )
    options.add_argument(
        "--alternative",
        choices=ALTERNATIVES,
        default="two-sided",
        help="alternative hypothesis of the paired tests for system_a - system_b of each pair "
        "(default: two-sided; greater: system_a scores higher; tukey is two-sided only)",
    )
    options.add_argument(
        "--alpha", type=open_unit_interval, default=0.05, help="significance level (0.05)"
    )
    options.add_argument("--seed", type=non_negative_int, default=0, help="random seed, >= 0 (0)")
    options.add_argument(
        "--trials",
        type=positive_int,
        default=10_000,
        help="resamples of the randomisation (when not exact), bootstrap and tukey tests (10000)",
    )
    how = parser.add_argument_group("where it runs (the same numbers anywhere)")
    add_jobs_argument(how, "the blocks of resampling trials")
    add_backend_arguments(how, "the blocks of resampling trials")
    add_output_arguments(parser)
    parser.set_defaults(func=compare_systems)


def _check_counts(where: str, scores: ScoreTable) -> None:
    """At least 2 systems and 2 topics, in the words of a comparison."""
    for kind, names in (("systems", scores.systems), ("topics", scores.topics)):
        if len(names) < 2:
            raise DataFileError(
                f"{where}: {PURPOSE} needs at least 2 {kind} (got {len(names)}: "
                f"{[str(n) for n in names[:5]]!r})"
            )


def _directions(scores: ScoreTable) -> dict[str, bool]:
    """Each measure's direction: from the file, else from the registry; unknown ones refused."""
    registry = default_registry()
    out = dict(scores.higher_is_better)
    for name in scores.measures:
        if name in out:
            continue
        try:
            out[name] = registry.get(name).measure.higher_is_better
        except (UnknownMeasureError, InvalidParameterError):
            raise DataFileError(
                f"path={scores.path!r}: the direction of measure={name!r} is unknown (it is not "
                "a registered measure): add a higher_is_better column to the file, true where "
                "a higher score is better and false for errors"
            ) from None
    return out


def read_wide_scores(path: str | Path) -> ScoreMatrices:
    """Read a wide topic x system file: first column topics, one column per system.

    Raises
    ------
    DataFileError
        Missing or unreadable file, a repeated system column, a row with
        another number of fields than the header, fewer than 2 systems or
        topics, repeated topics, missing, non-numeric or non-finite scores
        (file and line named).
    """
    table = wide_scores(read_table(path))
    _check_counts(f"path={str(path)!r}", table)
    return ScoreMatrices.from_frame(table.frame, higher_is_better={"score": True})


def read_scores(path: str | Path, measures: list[str] | None = None) -> ScoreMatrices:
    """Read a long or wide score file (see the module docstring), restricted to ``measures``.

    Raises
    ------
    InvalidParameterError
        ``measures`` naming a measure the file does not hold (the nearest
        suggested), or given for a wide file (``--measure``).
    DataFileError
        Any problem of the file, named with its line; fewer than 2 systems
        or topics; a measure of unknown direction.
    UndefinedMeasureError
        A chosen measure marked undefined in the file (file and line named).
    """
    table = read_table(path)
    where = f"path={str(path)!r}"
    long = table.kind != "text" or all(c in table.header for c in LONG_SCORE_COLUMNS)
    if not long:
        if measures is not None:
            raise InvalidParameterError(
                "--measure: a wide topic x system score file holds one unnamed measure; leave "
                "--measure out"
            )
        return read_wide_scores(path)
    cells = LongScores.from_table(table)
    for name in measures or ():
        if name not in cells.measures:
            raise InvalidParameterError(
                f"--measure: {unknown_name_message(name, cells.measures)} (the measures of {where})"
            )
    scores = cells.select(measures)
    _check_counts(where, scores)
    return ScoreMatrices.from_frame(scores.frame, higher_is_better=_directions(scores))


@dataclass(frozen=True, eq=False)
class _Loaded:
    """What ``compare`` tests: topic-wise scores and corpus-level measures.

    Attributes
    ----------
    scores
        The topic x system scores of the measures tested per topic
        (``None`` when every measure is corpus-level).
    corpus
        The corpus-level measures.
    where
        Where the data comes from, for messages.
    topics, systems
        The topics (segments of corpus-level runs) and systems.
    order
        The measures' names in the order given.
    dropped
        Corpus-level measures left out as undefined (``--on-undefined drop``).
    """

    scores: ScoreMatrices | None
    corpus: tuple[CorpusMeasure, ...]
    where: str
    topics: tuple[Hashable, ...]
    systems: tuple[Hashable, ...]
    order: tuple[str, ...]
    dropped: tuple[str, ...] = ()


def _scored(scores: ScoreMatrices, where: str) -> _Loaded:
    return _Loaded(scores, (), where, scores.topics, scores.systems, scores.measures)


def _split_corpus(runs: SystemRuns, names: Sequence[str]) -> tuple[list[CorpusMeasure], list[str]]:
    """The corpus-level measures of ``names`` (those the runs give statistics for) and the rest.

    Only runs of the :class:`~axiometrics.io.runs.CorpusLevelRuns` protocol
    have corpus-level measures; a name that is not a measure is named with
    the ``--measure`` flag.
    """
    if not isinstance(runs, CorpusLevelRuns):
        return [], list(names)
    registry = default_registry()
    corpus: list[CorpusMeasure] = []
    rest: list[str] = []
    for name in names:
        try:
            scorer = registry.get(name)
        except (UnknownMeasureError, InvalidParameterError) as exc:
            raise flagged("--measure", exc) from None
        found = corpus_measures(runs, [scorer])
        corpus.extend(found)
        if not found:
            rest.append(name)
    return corpus, rest


def _defined_corpus(
    corpus: list[CorpusMeasure], runs: SystemRuns, policy: Any, where: str
) -> tuple[list[CorpusMeasure], list[str]]:
    """The corpus-level measures whose corpus score every system has, and those dropped.

    An undefined corpus score cannot be filled before resampling: ``raise``
    and a fill number refuse it, ``drop`` leaves the measure out.
    """
    kept, dropped = [], []
    for item in corpus:
        systems = undefined_systems(item, runs.systems)
        if not systems:
            kept.append(item)
            continue
        if policy == "drop":
            dropped.append(item.name)
            continue
        raise DataFileError(
            f"{where} measure={item.name!r}: the corpus score of systems {systems!r} is "
            "undefined, so no corpus-level test applies; pass --on-undefined drop to leave the "
            "measure out"
        )
    return kept, dropped


def _topic_scores(runs: SystemRuns, names: list[str], args: argparse.Namespace) -> ScoreMatrices:
    """The topic x system scores of ``names``, errors naming the flags."""
    policy = "raise" if args.on_undefined is None else args.on_undefined
    report = ScoringReport()
    try:
        return score_runs(runs, names, on_undefined=policy, report=report)
    except UndefinedScoreError as exc:
        raise fill_flag_hint(exc) from None
    except UnknownMeasureError as exc:
        raise flagged("--measure", exc) from None
    except InvalidParameterError as exc:
        raise flagged("--measure", exc) from None
    except DataFileError as exc:
        if report.dropped and len(report.dropped) == len(names):
            raise DataFileError(
                f"--on-undefined drop: every measure was left out as undefined "
                f"({', '.join(report.dropped)}); nothing to compare"
            ) from None
        raise flagged("--measure", exc) from None


def _load_runs(args: argparse.Namespace) -> _Loaded:
    """Read ``--gold``/``--runs`` and score or gather every ``--measure``."""
    if args.measure is None:
        raise InvalidParameterError("--measure: name the measure(s) to score the runs with")
    family = run_family(args.family)
    runs = read_run_files(family, args.gold, args.runs, args.scale, purpose=PURPOSE)
    where = "--gold " + " ".join(repr(str(g)) for g in args.gold)
    corpus, rest = _split_corpus(runs, args.measure)
    corpus, dropped = _defined_corpus(corpus, runs, args.on_undefined, where)
    if dropped and not corpus and not rest:
        raise DataFileError(
            f"--on-undefined drop: every measure was left out as undefined "
            f"({', '.join(dropped)}); nothing to compare"
        )
    scores = _topic_scores(runs, rest, args) if rest else None
    order = [*(scores.measures if scores is not None else ()), *(c.name for c in corpus)]
    return _Loaded(
        scores, tuple(corpus), where, runs.topics, runs.systems, tuple(order), tuple(dropped)
    )


def _load(args: argparse.Namespace) -> _Loaded:
    """The data to compare and where it comes from (for messages)."""
    files = args.gold is not None or args.runs is not None
    if args.scores is not None and files:
        raise InvalidParameterError("give either --scores or --gold/--runs, not both")
    if args.scores is None and not files:
        raise InvalidParameterError("give --scores FILE, or --gold FILE with --runs FILE FILE ...")
    if files and (args.gold is None or args.runs is None):
        raise InvalidParameterError("--gold and --runs go together")
    if args.scores is not None:
        for option, given in (
            ("--family", args.family),
            ("--scale", args.scale),
            ("--on-undefined", args.on_undefined),
        ):
            if given is not None:
                raise InvalidParameterError(
                    f"{option} applies to --gold/--runs files only (a score file holds the "
                    "scores already)"
                )
        return _scored(read_scores(args.scores, args.measure), f"path={args.scores!r}")
    return _load_runs(args)


def _rows(measure: str, higher_is_better: bool, result: Comparison) -> pd.DataFrame:
    frame = result.to_frame()
    frame.insert(0, "measure", measure)
    diff = frame["mean_diff"].to_numpy() * (1.0 if higher_is_better else -1.0)
    better = np.where(diff > 0, frame["system_a"], frame["system_b"])
    frame["better"] = np.where(frame["significant"] & (diff != 0), better, "")
    frame["status"] = np.where(frame["zero_variance"], "zero variance", "ok")
    return frame[[c for c in _COLUMNS if c in frame.columns]]


def _in_flags(exc: InvalidParameterError) -> InvalidParameterError:
    """The error of a setting, each keyword written as its flag (``trials=10``: ``--trials 10``)."""
    text = str(exc)
    for keyword, flag in _FLAGS.items():
        text = re.sub(rf"(?<![\w-]){keyword}=", f"{flag} ", text)
    return InvalidParameterError(text)


def _restrict(matrix: pd.DataFrame, systems: list[str] | None) -> pd.DataFrame:
    """The columns of ``--systems`` (in that order), unknown names suggested."""
    if systems is None:
        return matrix
    index = _selected(tuple(matrix.columns), systems)
    matrix = matrix.copy()
    matrix.columns = pd.Index([str(s) for s in matrix.columns], name=matrix.columns.name)
    return matrix.iloc[:, index]


def _compare_measures(
    args: argparse.Namespace, scores: ScoreMatrices, where: str, tasks: Any
) -> tuple[list[pd.DataFrame], str]:
    """Each measure's rows, and the correction used (the last measure's: they all share it)."""
    frames = []
    correction = "none"
    for index, measure in enumerate(scores.measures):
        matrix = _restrict(scores.matrix(measure), args.systems)
        try:
            result = compare(
                matrix,
                test=args.test or DEFAULT_TEST,
                correction=args.correction,
                alpha=args.alpha,
                trials=args.trials,
                seed=args.seed,
                alternative=args.alternative,
                tasks=tasks,
            )
        except InvalidParameterError as exc:
            raise _in_flags(exc) from None
        except InvalidInputError as exc:
            raise DataFileError(f"{where} measure={measure!r}: {exc}") from None
        correction = result.correction
        frames.append(_rows(measure, scores.higher_is_better[index], result))
    return frames, correction


def _corpus_test(args: argparse.Namespace, corpus: Sequence[CorpusMeasure]) -> str:
    """The corpus-level test ``--test`` names (bootstrap by default); others are refused."""
    test = args.test or DEFAULT_CORPUS_TEST
    if test not in CORPUS_TESTS:
        names = ", ".join(repr(c.name) for c in corpus)
        kind = "is a corpus-level measure" if len(corpus) == 1 else "are corpus-level measures"
        raise InvalidParameterError(
            f"--test {test}: {names} {kind}, "
            f"compared on the whole corpus by resampling segments; expected --test "
            f"{' or --test '.join(CORPUS_TESTS)}"
        )
    return test


def _selected(systems: Sequence[Hashable], chosen: list[str] | None) -> list[int]:
    """The positions of ``--systems`` among the systems (all, in order, without it)."""
    names = [str(s) for s in systems]
    if chosen is None:
        return list(range(len(names)))
    for name in chosen:
        if name not in names:
            raise InvalidParameterError(f"--systems: {unknown_name_message(name, names)}")
    return [names.index(name) for name in chosen]


def _corpus_rows(item: CorpusMeasure, result: CorpusComparison) -> pd.DataFrame:
    """The rows of a corpus-level comparison, in the columns of the topic-wise ones."""
    tests = result.tests
    frame = pd.DataFrame(
        {
            "measure": item.name,
            "system_a": list(tests.system_a),
            "system_b": list(tests.system_b),
            "mean_a": tests.score_a,
            "mean_b": tests.score_b,
            "mean_diff": tests.difference,
            "statistic": tests.difference,
            "p_value": tests.p_value,
            "p_adjusted": result.p_adjusted,
            "significant": result.significant,
        }
    )
    diff = tests.difference * (1.0 if item.higher_is_better else -1.0)
    better = np.where(diff > 0, frame["system_a"], frame["system_b"])
    frame["better"] = np.where(frame["significant"] & (diff != 0), better, "")
    for column in _EFFECT_SIZES:
        frame[column] = np.nan
    frame["ci_low"] = tests.ci_low
    frame["ci_high"] = tests.ci_high
    frame["n_used"] = tests.n_segments
    frame["method"] = f"corpus-level {tests.test} (segments resampled)"
    frame["status"] = [
        "ok" if used == tests.trials else f"{used} of {tests.trials} trials defined"
        for used in tests.trials_used
    ]
    return frame[_COLUMNS]


def _compare_corpus(
    args: argparse.Namespace, loaded: _Loaded, test: str
) -> tuple[list[pd.DataFrame], str]:
    """Each corpus-level measure's rows (:func:`~axiometrics.stats.corpus.compare_corpus`)."""
    index = _selected(loaded.systems, args.systems)
    names = [str(loaded.systems[i]) for i in index]
    frames = []
    correction = "none"
    for item in loaded.corpus:
        try:
            result = compare_corpus(
                item.batch.statistics[index],
                item.batch.from_totals,
                test=test,
                correction=args.correction or "holm",
                alpha=args.alpha,
                trials=args.trials,
                seed=args.seed,
                alternative=args.alternative,
                systems=names,
            )
        except InvalidParameterError as exc:
            raise _in_flags(exc) from None
        except InvalidInputError as exc:
            raise DataFileError(f"{loaded.where} measure={item.name!r}: {exc}") from None
        correction = result.correction
        frames.append(_corpus_rows(item, result))
    return frames, correction


def _in_order(frames: list[pd.DataFrame], order: tuple[str, ...]) -> pd.DataFrame:
    """The rows of every measure, measures in the order given (pairs in order within one)."""
    table = pd.concat(frames, ignore_index=True)
    rank = table["measure"].map({name: i for i, name in enumerate(order)})
    return table.iloc[np.argsort(rank.to_numpy(), kind="stable")].reset_index(drop=True)


def compare_systems(args: argparse.Namespace) -> int:
    """Run ``axiometrics compare``; exit status 0, 1 on bad data, 2 on bad usage."""
    if args.test == "tukey" and args.correction not in (None, "none"):
        raise InvalidParameterError(
            f"--correction {args.correction}: the randomised Tukey HSD test already controls the "
            "family-wise error; use --correction none"
        )
    if args.test == "tukey" and args.alternative != "two-sided":
        raise InvalidParameterError(
            f"--alternative {args.alternative}: the randomised Tukey HSD test is two-sided only; "
            "leave --alternative out or pick a paired test (--test t, wilcoxon, ...)"
        )
    tasks = tasks_from_args(args)
    loaded = _load(args)
    corpus_test = _corpus_test(args, loaded.corpus) if loaded.corpus else ""
    frames: list[pd.DataFrame] = []
    correction = "none"
    if loaded.scores is not None:
        with tasks.opened() as running:  # one cluster for every measure
            frames, correction = _compare_measures(args, loaded.scores, loaded.where, running)
    if loaded.corpus:
        corpus_frames, correction = _compare_corpus(args, loaded, corpus_test)
        frames += corpus_frames
    table = _in_order(frames, loaded.order)
    if loaded.scores is None:  # corpus-level tests only: no effect sizes to show
        table = table.drop(columns=[c for c in table.columns if c in _EFFECT_SIZES])
    meta: dict[str, Any] = {
        "test": args.test or (DEFAULT_TEST if loaded.scores is not None else corpus_test),
        "correction": correction,
        "alternative": args.alternative,
        "alpha": args.alpha,
        "seed": args.seed,
        "trials": args.trials,
        "topics": len(loaded.topics),
        "systems": len(loaded.systems) if args.systems is None else len(args.systems),
    }
    if loaded.corpus:
        meta["corpus-level"] = (
            f"{', '.join(c.name for c in loaded.corpus)}: {corpus_test} test of the corpus "
            f"scores, {loaded.corpus[0].batch.statistics.shape[1]} segments resampled"
        )
    if loaded.dropped:
        meta["left out (undefined)"] = ", ".join(loaded.dropped)
    emit(table, args, meta=meta)
    return 0
