"""``axiometrics meta``: the empirical meta-evaluation on the embedded data or on user files.

Without file arguments it runs on the embedded synthetic data of Amigó et
al. (2020) §5.3, once with every registered OC measure and once with every
OQ measure (on the systems' label distributions).  With ``--gold`` and
``--runs`` it reads SemEval-2016/2017 Task 4 subtask C (``--family oc``)
or subtask E (``--family oq``) files; with ``--scores`` a long CSV (or
Parquet) of ``topic, system, measure, score``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import pandas as pd

from axiometrics.cli.output import FORMATS
from axiometrics.errors import InvalidParameterError
from axiometrics.io.rows import parse_label
from axiometrics.meta.coverage import DEFAULT_REFERENCE
from axiometrics.meta.evaluate import ANALYSES, MetaEvaluation, run
from axiometrics.meta.inputs import (
    SEMEVAL_SCALE,
    read_distribution_runs,
    read_label_runs,
    read_score_file,
)
from axiometrics.meta.runs import DistributionRuns, LabelRuns
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.meta.synthetic import DEFAULT_ON_UNDEFINED, default_label_runs
from axiometrics.registry import default_registry
from axiometrics.scale import ClassScale

__all__ = ["add_parser", "meta"]

_TITLES = {
    "similarity": "ranking similarity (Kendall's tau, Long & Cliff CI)",
    "consistency": "ranking consistency (mean tau over random topic splits)",
    "discriminative": "discriminative power (randomised Tukey HSD)",
    "coverage": "coverage (Spearman with the UIR of the reference set)",
}


def _names(text: str) -> list[str]:
    return [part.strip() for part in text.split(",") if part.strip()]


def _splits(text: str) -> list[str | int]:
    out: list[str | int] = []
    for part in _names(text):
        if part == "full":
            out.append("full")
            continue
        try:
            out.append(int(part))
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"split sizes must be 'full' or integers (got {part!r})"
            ) from None
    if not out:
        raise argparse.ArgumentTypeError("give at least one split, e.g. full,10")
    return out


def _on_undefined(text: str) -> str | float:
    if text in ("raise", "drop"):
        return text
    try:
        return float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"must be 'raise', 'drop' or a number (got {text!r})"
        ) from None


def _positive(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a positive integer (got {text!r})") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a positive integer (got {text!r})")
    return value


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
    source.add_argument("--gold", metavar="FILE", help="gold file (SemEval Task 4 C or E format)")
    source.add_argument("--runs", metavar="FILE", nargs="+", help="one file per system run")
    source.add_argument(
        "--family",
        choices=("oc", "oq", "all"),
        help="oc: label files (subtask C); oq: distribution files (subtask E); with the embedded "
        "data 'all' (default) runs the OC and the OQ measures separately",
    )
    source.add_argument(
        "--scale",
        default=None,
        help="comma-separated class labels in order (default: -2,-1,0,1,2)",
    )
    source.add_argument(
        "--scores", metavar="FILE", help="long CSV/Parquet with topic,system,measure,score"
    )
    options = parser.add_argument_group("analysis")
    options.add_argument("--measures", type=_names, help="comma-separated measure names")
    options.add_argument(
        "--analyses",
        type=_names,
        default=list(ANALYSES),
        help=f"comma-separated subset of {','.join(ANALYSES)} (default: all)",
    )
    options.add_argument("--trials", type=_positive, default=1000, help="topic splits (1000)")
    options.add_argument("--B", type=_positive, default=5000, help="Tukey HSD trials (5000)")
    options.add_argument(
        "--split", type=_splits, default=["full", 10], help="split kinds, e.g. full,10 (default)"
    )
    options.add_argument("--seed", type=int, default=0, help="random seed (0)")
    options.add_argument("--alpha", type=float, default=0.05, help="significance level (0.05)")
    options.add_argument("--tau", choices=("a", "b"), default="b", help="Kendall variant (b)")
    options.add_argument(
        "--reference",
        type=_names,
        default=list(DEFAULT_REFERENCE),
        help="coverage reference measures (default: " + ",".join(DEFAULT_REFERENCE) + ")",
    )
    options.add_argument(
        "--on-undefined",
        type=_on_undefined,
        default=None,
        help="undefined scores: raise (default for files), drop the measure, or a fill number",
    )
    out = parser.add_argument_group("output")
    out.add_argument("--format", choices=FORMATS, default="table", help="output format (table)")
    out.add_argument("--output", "-o", metavar="FILE", help="write to FILE instead of stdout")
    out.add_argument("--quiet", "-q", action="store_true", help="no progress bar")
    parser.set_defaults(func=meta)


class _UsageError(Exception):
    pass


def _groups(args: argparse.Namespace) -> list[tuple[str, Any, Any]]:
    """(label, data, measures) per meta-evaluation to run."""
    files = args.gold is not None or args.runs is not None
    if args.scores is not None and files:
        raise _UsageError("give either --scores or --gold/--runs, not both")
    if files and (args.gold is None or args.runs is None):
        raise _UsageError("--gold and --runs go together")
    if args.scale is not None and not files:
        raise _UsageError("--scale applies to --gold/--runs files only")
    if args.scores is not None:
        if args.family is not None:
            raise _UsageError("--family applies to --gold/--runs files or the embedded data")
        scores: ScoreMatrices = read_score_file(args.scores)
        return [("scores", scores, args.measures)]
    if files:
        family = args.family or "oc"
        if family == "all":
            raise _UsageError("--family must be oc or oq with --gold/--runs files")
        scale = SEMEVAL_SCALE if args.scale is None else ClassScale(_scale_labels(args.scale))
        data: LabelRuns | DistributionRuns
        if family == "oc":
            data = read_label_runs(args.gold, args.runs, scale=scale)
        else:
            data = read_distribution_runs(args.gold, args.runs, scale=scale)
        return [(family, data, args.measures)]
    runs = default_label_runs()
    family = args.family or "all"
    if args.measures is not None:
        if args.family is not None:
            raise _UsageError("--measures chooses the measures; drop --family")
        return [("synthetic", runs, args.measures)]
    groups = []
    for fam in ("oc", "oq") if family == "all" else (family,):
        names = default_registry().names(fam)
        if names:
            groups.append((f"synthetic {fam}", runs, names))
    return groups


def _scale_labels(text: str) -> list[Any]:
    return [parse_label(part) for part in _names(text)]


def _number(x: float) -> str:
    """Four decimals, or three significant digits for tiny values such as VE2."""
    return f"{x:.4f}" if x == 0 or abs(x) >= 1e-3 else f"{x:.3g}"


def _render(results: list[tuple[str, MetaEvaluation]], fmt: str) -> str:
    if fmt == "json":
        payload: dict[str, Any] = {"groups": {}}
        for label, result in results:
            sections = {
                name: json.loads(frame.to_json(orient="records"))
                for name, frame in result.to_frames().items()
            }
            payload["groups"][label] = {
                "settings": result.settings,
                "notes": list(result.notes),
                **sections,
            }
        return json.dumps(payload, indent=2, ensure_ascii=False) + "\n"
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
            with pd.option_context("display.width", 200, "display.max_columns", None):
                lines.append(frame.to_string(index=False, float_format=_number))
        lines.append("")
    return "\n".join(lines) + "\n"


def meta(args: argparse.Namespace) -> int:
    """Run the meta-evaluation; exit status 0, 1 on bad data, 2 on bad usage."""
    unknown = [a for a in args.analyses if a not in ANALYSES]
    if unknown:
        raise InvalidParameterError(
            f"--analyses: unknown {unknown!r} (choose from {', '.join(ANALYSES)})"
        )
    if not 0.0 < args.alpha < 1.0:
        raise InvalidParameterError(f"--alpha must lie in (0, 1) (got {args.alpha!r})")
    try:
        groups = _groups(args)
    except _UsageError as exc:
        print(f"axiometrics meta: error: {exc}", file=sys.stderr)
        return 2
    show_progress = not args.quiet and sys.stderr.isatty()
    results = []
    for label, data, measures in groups:
        if args.on_undefined is not None:
            policy: Any = args.on_undefined
        elif label.startswith("synthetic"):
            policy = DEFAULT_ON_UNDEFINED
        else:
            policy = "raise"
        result = run(
            data,
            measures=measures,
            analyses=args.analyses,
            trials=args.trials,
            splits=args.split,
            B=args.B,
            alpha=args.alpha,
            variant=args.tau,
            reference=args.reference,
            seed=args.seed,
            on_undefined=policy,
            progress=show_progress,
        )
        results.append((label, result))
    text = _render(results, args.format)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return 0
