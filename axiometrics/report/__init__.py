"""The HTML property-and-stability report (``axiometrics report``).

One self-contained folder a researcher can share: ``index.html`` (every
measure's claims, declared vs found, the literature's verdicts and the kind
of agreement), ``counterexamples.html`` (each refutation with its shrunk
counterexample and a reproduction line), ``stability.html`` (ranking
similarity, consistency, discriminative power, coverage and the Table 3
replication), ``report.json`` (every number the pages show) and the
generated Markdown ``property-table.md``.

Usage::

    from axiometrics.report import ReportSettings, build_report, render_files, write_report

    report = build_report(ReportSettings(jobs=2))
    write_report("reports", render_files(report))
"""

from __future__ import annotations

from axiometrics.report.build import SCHEMA, Report, ReportSettings, build_report
from axiometrics.report.render import FILES, render_files, report_json
from axiometrics.report.stability import Dataset, MetaSettings, default_datasets, file_datasets
from axiometrics.report.user_measures import UserMeasure, load_user_measure
from axiometrics.report.writer import ReportWriteError, write_report

__all__ = [
    "FILES",
    "SCHEMA",
    "Dataset",
    "MetaSettings",
    "Report",
    "ReportSettings",
    "ReportWriteError",
    "UserMeasure",
    "build_report",
    "default_datasets",
    "file_datasets",
    "load_user_measure",
    "render_files",
    "report_json",
    "write_report",
]
