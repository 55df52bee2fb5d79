"""``axiometrics meta``: the empirical meta-evaluation on the embedded data or on user files.

Without file arguments it runs on the embedded synthetic data of Amigó et
al. (2020) §5.3, once for each family that loads the label collections
(OC, and OQ on the systems' label distributions) and each family sharing
their inputs (nominal).  With ``--gold`` and ``--runs`` it reads the files
with the reader of ``--family`` (a family with a
:attr:`~axiometrics.family.Family.read_runs` hook, e.g. SemEval-2016/2017
Task 4 subtask C label files for ``oc``, subtask E distribution files for
``oq``; the first in rank order by default); with ``--scores`` a long CSV
(or Parquet) of ``topic, system, measure, score``.

A shipped collection that declares its systems' true quality
(:attr:`~axiometrics.family.GeneratedDataset.truth`) adds the agreement of
every measure's ranking with the true order; ``--truth FILE``
(``system<TAB>quality``, lower is better) gives one for any data.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Hashable, Mapping, Sequence
from typing import Any, NamedTuple

import pandas as pd

from axiometrics.cli.arguments import (
    add_backend_arguments,
    add_jobs_argument,
    comma_names,
    fill_policy,
    non_negative_int,
    open_unit_interval,
    positive_int,
    tasks_from_args,
)
from axiometrics.cli.cells import format_number
from axiometrics.cli.output import FORMATS, dumps, json_records, table_text, write_output
from axiometrics.cli.run_files import fill_flag_hint, read_run_files, run_family_choices
from axiometrics.cli.truth_file import read_truth_file
from axiometrics.errors import InvalidParameterError
from axiometrics.io.runs import default_run_family
from axiometrics.meta.consistency import split_sizes
from axiometrics.meta.corpus_level import MAX_CORRECTION
from axiometrics.meta.coverage import DEFAULT_REFERENCE
from axiometrics.meta.errors import UndefinedScoreError
from axiometrics.meta.evaluate import ANALYSES, MetaEvaluation, run
from axiometrics.meta.inputs import (
    read_score_file,
)
from axiometrics.meta.options import OPTIONAL_ANALYSES, TRUTH
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.meta.synthetic import DEFAULT_ON_UNDEFINED, default_label_runs
from axiometrics.meta.truth import check_truth
from axiometrics.meta.validate import unknown_name_message
from axiometrics.registry import default_registry
from axiometrics.stats.corpus import CORPUS_TESTS
from axiometrics.stats.corrections import CORRECTIONS

__all__ = ["add_parser", "meta"]

_TITLES = {
    "similarity": "ranking similarity (Kendall's tau, Long & Cliff CI)",
    "consistency": "ranking consistency (mean tau over random topic splits)",
    "discriminative": "discriminative power (randomised Tukey HSD)",
    "coverage": "coverage (Spearman with the UIR of the reference set)",
    "truth": "agreement with the known truth (Kendall's tau with the true order, Long & "
    "Cliff CI; pairs ordered as the truth)",
    "corpus_scores": "corpus-level scores (each system's score from its summed segment "
    "statistics; rank 1 the best)",
    "corpus_truth": "corpus level: agreement of the corpus scores with the known truth "
    "(Kendall's tau with the true order, Long & Cliff CI)",
    "corpus_similarity": "corpus level: ranking similarity of the corpus scores (Kendall's "
    "tau, Long & Cliff CI)",
    "corpus_consistency": "corpus level: consistency over random splits of the segments into "
    "halves (mean tau, swap rate)",
    "corpus_discriminative": "corpus level: discriminative power (paired corpus tests of "
    "every system pair, adjusted p-values below alpha)",
}


def _splits(text: str) -> list[str | int]:
    out: list[str | int] = []
    for part in comma_names(text):
        if part == "full":
            out.append("full")
            continue
        try:
            size = int(part)
        except ValueError:
            size = 0
        if size < 1:
            raise argparse.ArgumentTypeError(
                f"split sizes must be 'full' or positive integers (got {part!r})"
            )
        out.append(size)
    if not out:
        raise argparse.ArgumentTypeError("give at least one split, e.g. full,10")
    return out


def _analyses(text: str) -> list[str]:
    names = comma_names(text)
    if not names:
        raise argparse.ArgumentTypeError(
            f"give at least one of {','.join(ANALYSES)} (got {text!r})"
        )
    for name in names:
        if name not in ANALYSES and name not in OPTIONAL_ANALYSES:
            raise argparse.ArgumentTypeError(unknown_name_message(name, ANALYSES))
    return names


def _reference(text: str) -> list[str]:
    names = comma_names(text)
    if not names:
        raise argparse.ArgumentTypeError(f"give at least one measure name (got {text!r})")
    return names


def add_parser(subparsers: Any) -> None:
    """Register the ``meta`` subcommand."""
    parser = subparsers.add_parser(
        "meta",
        help="meta-evaluate measures: ranking similarity, consistency, discriminative power, "
        "coverage",
        description="Empirical meta-evaluation of measures (Sakai 2021/2022, Amigó et al. 2020). "
        "Without file arguments it uses the embedded synthetic data of Amigó et al. (2020).",
    )
    source = parser.add_argument_group("data (default: the embedded synthetic data)")
    source.add_argument(
        "--data",
        type=comma_names,
        metavar="NAMES",
        help="comma-separated shipped collections (see axiometrics.datasets.names(): "
        "synthetic, the collections families generate such as synthetic_scored, "
        "synthetic_regression, diabetes, friedman1 and synthetic_generation, and the "
        "real-classifier collections "
        "era, esl, lev, swd, balance_scale); default: synthetic",
    )
    source.add_argument(
        "--gold",
        metavar="FILE",
        nargs="+",
        help="gold file (SemEval Task 4 C or E format); generation: one or more reference files",
    )
    source.add_argument("--runs", metavar="FILE", nargs="+", help="one file per system run")
    source.add_argument("--family", type=_family_name, help=_family_help())
    source.add_argument(
        "--scale",
        default=None,
        help="comma-separated class labels in order (default: -2,-1,0,1,2)",
    )
    source.add_argument(
        "--scores", metavar="FILE", help="long CSV/Parquet with topic,system,measure,score"
    )
    options = parser.add_argument_group("analysis")
    options.add_argument("--measures", type=comma_names, help="comma-separated measure names")
    options.add_argument(
        "--analyses",
        type=_analyses,
        default=list(ANALYSES),
        help=f"comma-separated subset of {','.join(ANALYSES + OPTIONAL_ANALYSES)} (default: "
        f"{','.join(ANALYSES)}, and {TRUTH} when the data has a known truth)",
    )
    options.add_argument(
        "--truth",
        metavar="FILE",
        help="each system's known true quality, lower is better (system<TAB>quality lines): "
        "adds each measure's agreement with the true order; a shipped collection that "
        "declares a truth (e.g. synthetic_regression) brings its own",
    )
    options.add_argument("--trials", type=positive_int, default=1000, help="topic splits (1000)")
    options.add_argument("--B", type=positive_int, default=5000, help="Tukey HSD trials (5000)")
    options.add_argument(
        "--split",
        type=_splits,
        default=None,
        help="split kinds, e.g. full,10; default full,10, where a size that does not fit the "
        "topics twice is skipped with a note (a size given here must fit)",
    )
    options.add_argument("--seed", type=non_negative_int, default=0, help="random seed, >= 0 (0)")
    options.add_argument(
        "--alpha", type=open_unit_interval, default=0.05, help="significance level (0.05)"
    )
    options.add_argument("--tau", choices=("a", "b"), default="b", help="Kendall variant (b)")
    options.add_argument(
        "--corpus-test",
        choices=CORPUS_TESTS,
        default="bootstrap",
        help="corpus-level measures (runs with segment statistics, e.g. --family generation): "
        "the paired test of their discriminative power, segments resampled (bootstrap)",
    )
    options.add_argument(
        "--corpus-correction",
        choices=(MAX_CORRECTION, *CORRECTIONS),
        default=MAX_CORRECTION,
        help="corpus-level discriminative power: 'max' adjusts every pair by the largest "
        "resampled difference of all pairs (as the randomised Tukey HSD), or a correction of "
        "the pairs' p-values (max)",
    )
    options.add_argument(
        "--reference",
        type=_reference,
        default=None,
        help="coverage reference measures (default: the data's family's own, else "
        + ",".join(DEFAULT_REFERENCE)
        + ")",
    )
    options.add_argument(
        "--on-undefined",
        type=fill_policy,
        default=None,
        help="undefined scores: raise (default for files), drop the measure, or a fill number",
    )
    how = parser.add_argument_group("where it runs (the same numbers anywhere)")
    add_jobs_argument(how, "the blocks of consistency and Tukey HSD trials")
    add_backend_arguments(how, "the blocks of trials")
    out = parser.add_argument_group("output")
    out.add_argument("--format", choices=FORMATS, default="table", help="output format (table)")
    out.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of stdout")
    out.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    parser.set_defaults(func=meta)


Truth = Mapping[Hashable, float]


class _Group(NamedTuple):
    """One meta-evaluation to run."""

    label: str
    data: Any
    measures: Any
    #: The undefined-score policy a generated collection declares for its own
    #: family's measures (``None``: the command's default).
    policy: Any = None
    #: The systems' known true quality a generated collection declares.
    truth: Truth | None = None


def _groups(args: argparse.Namespace) -> list[_Group]:
    """One :class:`_Group` per meta-evaluation to run."""
    files = args.gold is not None or args.runs is not None
    if args.scores is not None and files:
        raise InvalidParameterError("give either --scores or --gold/--runs, not both")
    if files and (args.gold is None or args.runs is None):
        raise InvalidParameterError("--gold and --runs go together")
    if args.data is not None and (files or args.scores is not None):
        raise InvalidParameterError("--data names shipped collections; drop --gold/--runs/--scores")
    if args.scale is not None and not files:
        raise InvalidParameterError("--scale applies to --gold/--runs files only")
    if args.scores is not None:
        if args.family is not None:
            raise InvalidParameterError(
                "--family applies to --gold/--runs files or the embedded data"
            )
        scores: ScoreMatrices = read_score_file(args.scores)
        return [_Group("scores", scores, args.measures)]
    if files:
        family = args.family or default_run_family()
        if family == "all":
            raise InvalidParameterError("--family must name one family with --gold/--runs files")
        readable = run_family_choices()
        base = _feeding(family, readable)
        if base is None:
            raise InvalidParameterError(
                f"--family {family}: the {family} family reads no --gold/--runs files and shares "
                f"the inputs of none that does; expected one of {', '.join(readable)} or a "
                "family sharing their inputs"
            )
        data = read_run_files(base, args.gold, args.runs, args.scale)
        measures = args.measures
        if measures is None and data.family != family:
            # The runs' own family is not the one asked for (e.g. label runs for
            # the measures of a family sharing their inputs): name its measures.
            measures = default_registry().names(family)
        return [_Group(family, data, measures)]
    return _shipped_groups(args)


def _family_help() -> str:
    """The help of ``--family``, listing the registered families (plugins included)."""
    from axiometrics.family import registered_families

    readers = run_family_choices()
    others = [f.name for f in registered_families() if f.name not in readers]
    rest = f"; or a family sharing their inputs ({', '.join(others)})" if others else ""
    default = f" (default: {readers[0]})" if readers else ""
    return (
        "the family whose measures are meta-evaluated. With --gold/--runs files: a family "
        f"whose reader reads them, {', '.join(readers)}{default}{rest}. With shipped "
        "collections: one the collection feeds, or 'all' (default), which runs each family "
        "the collection feeds separately, and the families sharing its inputs"
    )


def _family_name(text: str) -> str:
    """``--family``: a registered family name or ``all`` (unknown names suggest the nearest)."""
    from axiometrics.family import registered_families

    default_registry()  # plugin families register when the registry loads
    known = [f.name for f in registered_families()]
    if text == "all" or text in known:
        return text
    raise argparse.ArgumentTypeError(unknown_name_message(text, [*known, "all"]))


def _feeding(family: str, candidates: Sequence[str]) -> str | None:
    """The first of ``candidates`` whose data the measures of ``family`` take, if any."""
    from axiometrics.family import companion_families

    default_registry()
    if family in candidates:
        return family
    sharing = companion_families(family)
    return next((c for c in candidates if c in sharing), None)


def _shipped_groups(args: argparse.Namespace) -> list[_Group]:
    """Groups for the shipped collections named by ``--data`` (default: synthetic).

    A collection a family generates brings its undefined-score policy for its
    own family's measures (:func:`axiometrics.datasets.on_undefined`) and its
    systems' known truth (:func:`axiometrics.datasets.truth`), if it declares them.
    """
    from axiometrics import datasets

    names = args.data if args.data is not None else [datasets.SYNTHETIC]
    if not names:
        raise InvalidParameterError("--data: give at least one collection name")
    available = datasets.names()
    for name in names:
        if name not in available:
            raise InvalidParameterError(f"--data: {unknown_name_message(name, available)}")
    from axiometrics.family import companion_families

    family = args.family or "all"
    if args.measures is not None and args.family is not None:
        raise InvalidParameterError("--measures chooses the measures; drop --family")
    registry = default_registry()
    groups: list[_Group] = []
    for name in names:
        own = datasets.families(name)
        known = datasets.truth(name)
        # (family whose measures run, family of the collection's data that feeds them)
        runs: list[tuple[str, str]] = []
        if args.measures is not None:
            runs = [(own[0], own[0])]
        elif family == "all":
            for fam in own:
                runs.append((fam, fam))
                runs += [(c, fam) for c in companion_families(fam) if c not in own]
        else:
            base = _feeding(family, own)
            if base is None:
                raise InvalidParameterError(
                    f"--family {family}: collection {name!r} holds {', '.join(own)} data, which "
                    f"the {family} measures do not take"
                )
            runs = [(family, base)]
        for fam, base in runs:
            measures = args.measures
            if measures is None:
                measures = registry.names(fam)
                if not measures:
                    continue
            if name == datasets.SYNTHETIC:
                # The synthetic systems' label distributions serve the OQ measures too.
                data: Any = default_label_runs()
            else:
                data = datasets.load(name, base)
            label = name if args.measures is not None else f"{name} {fam}"
            policy = datasets.on_undefined(name) if fam == base == own[0] else None
            groups.append(_Group(label, data, measures, policy, known))
    return groups


def _number(x: float) -> str:
    """Four decimals, or three significant digits for tiny values such as VE2; no ``-0.0000``."""
    return format_number(x) if x == 0 or abs(x) >= 1e-3 else f"{x:.3g}"


def _check_against_data(args: argparse.Namespace, groups: list[_Group]) -> None:
    """Splits given with --split must fit every data set; --reference names must exist."""
    registered = set(default_registry().names())
    for data in (g.data for g in groups):
        topics = len(data.topics) if data is not None else 0
        for split in args.split or ():
            try:
                split_sizes(topics, split)
            except InvalidParameterError as exc:
                raise InvalidParameterError(
                    f"--split {split}: {str(exc).split(': ', 1)[-1]}"
                ) from None
        if "coverage" in args.analyses:
            known = registered | set(getattr(data, "measures", ()))
            for name in args.reference or ():
                if name not in known:
                    raise InvalidParameterError(f"--reference: {unknown_name_message(name, known)}")


def _render(results: list[tuple[str, MetaEvaluation]], fmt: str) -> str:
    if fmt == "json":
        payload: dict[str, Any] = {"groups": {}}
        for label, result in results:
            sections = {name: json_records(frame) for name, frame in result.to_frames().items()}
            payload["groups"][label] = {
                "settings": result.settings,
                "notes": list(result.notes),
                **sections,
            }
        return dumps(payload)
    if fmt == "csv":
        frames = [result.to_frame().assign(group=label) for label, result in results]
        stacked = pd.concat(frames, ignore_index=True)
        columns = ["group", *[c for c in stacked.columns if c != "group"]]
        return str(stacked[columns].to_csv(index=False))
    lines: list[str] = []
    for label, result in results:
        settings = result.settings
        lines.append(
            f"# {label}: {settings['topics']} topics, {settings['systems']} systems, "
            f"{len(settings['measures'])} measures; seed={settings['seed']} "
            f"trials={settings['trials']} B={settings['B']} alpha={settings['alpha']} "
            f"{settings['kendall']}"
        )
        lines += [f"# note: {note}" for note in result.notes]
        for name, frame in result.to_frames().items():
            lines.append(f"\n## {label}: {_TITLES[name]}")
            lines.append(table_text(frame, _number))
        lines.append("")
    return "\n".join(lines) + "\n"


def _file_truth(given: Mapping[str, float], data: Any, path: str) -> Truth:
    """A ``--truth`` file's qualities keyed by the data's systems (matched by name), checked."""
    systems: Sequence[Hashable] = tuple(data.systems)
    by_name = {str(s): s for s in systems}
    truth = {by_name.get(name, name): value for name, value in given.items()}
    try:
        check_truth(truth, systems)
    except InvalidParameterError as exc:
        raise InvalidParameterError(f"--truth {path!r}: {exc}") from None
    return truth


def _truths(args: argparse.Namespace, groups: list[_Group]) -> list[Truth | None]:
    """The known truth of each group, or ``None``: ``--truth FILE``, else the collection's own."""
    truths: list[Truth | None]
    if args.truth is not None:
        given = read_truth_file(args.truth)
        truths = [_file_truth(given, g.data, args.truth) for g in groups]
    else:
        truths = [g.truth for g in groups]
    if TRUTH in args.analyses:
        for g, truth in zip(groups, truths, strict=True):
            if truth is None:
                raise InvalidParameterError(
                    f"--analyses {TRUTH}: {g.label!r} declares no known truth; give --truth FILE "
                    "(system<TAB>quality, lower is better)"
                )
    return truths


def meta(args: argparse.Namespace) -> int:
    """Run the meta-evaluation; exit status 0, 1 on bad data, 2 on bad usage."""
    tasks = tasks_from_args(args)
    groups = _groups(args)
    _check_against_data(args, groups)
    truths = _truths(args, groups)
    show_progress = not args.quiet and sys.stderr.isatty()
    with tasks.opened() as running:  # one cluster for every group
        results = _run_groups(args, groups, truths, show_progress, running)
    write_output(_render(results, args.format), args.output)
    return 0


def _run_groups(
    args: argparse.Namespace,
    groups: list[_Group],
    truths: list[Truth | None],
    show_progress: bool,
    tasks: Any,
) -> list[tuple[str, MetaEvaluation]]:
    """Every group's meta-evaluation, in order, with the undefined-score policy that fits it."""
    results = []
    files = args.gold is not None or args.runs is not None
    for (label, data, measures, own_policy, _), truth in zip(groups, truths, strict=True):
        if args.on_undefined is not None:
            policy: Any = args.on_undefined
        elif own_policy is not None:
            # A collection a family generates, scored by that family's measures.
            policy = own_policy
        elif args.scores is not None or (files and data.family == label):
            # The user's scores, or runs scored by their own family's measures.
            policy = "raise"
        else:
            # Shipped collections include constant systems, on which the correlation
            # measures are undefined, and runs scored by the measures of a family
            # sharing their inputs may leave some undefined: the documented default fill.
            policy = DEFAULT_ON_UNDEFINED
        try:
            result = _run(data, measures, policy, args, show_progress, truth, tasks)
        except UndefinedScoreError as exc:
            raise fill_flag_hint(exc) from None
        results.append((label, result))
    return results


def _run(
    data: Any,
    measures: Any,
    policy: Any,
    args: argparse.Namespace,
    progress: bool,
    truth: Truth | None = None,
    tasks: Any = None,
) -> MetaEvaluation:
    return run(
        data,
        measures=measures,
        analyses=args.analyses,
        trials=args.trials,
        splits=args.split or ("full", 10),
        B=args.B,
        alpha=args.alpha,
        variant=args.tau,
        reference=args.reference,
        seed=args.seed,
        on_undefined=policy,
        progress=progress,
        truth=truth,
        tasks=tasks,
        corpus_test=args.corpus_test,
        corpus_correction=args.corpus_correction,
    )
