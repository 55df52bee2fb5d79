"""pytest plugin: measures' claims as test items (registered by the ``pytest11`` entry point).

What it adds to every pytest run once axiometrics is installed:

* options ``--axiometrics-off``, ``--axiometrics-profile``, ``--axiometrics-seed``
  and the ini keys ``axiometrics_profile``, ``axiometrics_seed``,
  ``axiometrics_database`` (a directory for Hypothesis' example database; by
  default none, so runs are reproducible from the seed alone);
* a report-header line with the profile and the seed;
* the settings used by :func:`axiometrics.testing.parametrize_with_claims`;
* items for the measures declared in the ``[tool.axiometrics]`` table of the
  project's ``pyproject.toml`` (``[[tool.axiometrics.measures]]`` entries),
  collected when pytest runs the project's default test selection (no paths
  given) or is given ``pyproject.toml``; ``--axiometrics-off`` disables them.
  A misconfigured entry becomes one failing item per problem, named after the
  ``pyproject.toml`` key.

With pytest-xdist the controller chooses the seed (a fresh one under the
``dev`` and ``thorough`` profiles) and hands it to every worker, so all
workers check the same cases and the item ids are the same everywhere.

Importing this module is cheap: Hypothesis, pandas and the measures are
imported only when an axiometrics item is collected or run.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from axiometrics import check_session
from axiometrics.check_session import PROFILE_NAMES, current_settings

__all__ = ["PROFILE_NAMES", "current_settings"]

#: Keys of the ``[tool.axiometrics]`` table.
TABLE_KEYS = ("profile", "seed", "bound", "measures")
#: Keys of an entry naming a registered measure (``name`` without ``callable``).
REGISTERED_KEYS = ("name", "claims", "dtype", "tolerance")


def pytest_addoption(parser: Any) -> None:
    """Register the ``--axiometrics-*`` command-line options and their ini keys."""
    group = parser.getgroup("axiometrics", "axiometrics claim checks")
    group.addoption(
        "--axiometrics-off",
        action="store_true",
        default=False,
        help="do not collect the measures declared in [tool.axiometrics] of pyproject.toml",
    )
    group.addoption(
        "--axiometrics-profile",
        default=None,
        help="checker profile for claim checks: ci (default, seed 0), dev or thorough "
        "(fresh seed each run); ini: axiometrics_profile",
    )
    group.addoption(
        "--axiometrics-seed",
        default=None,
        help="integer seed >= 0 for claim checks (replays a reported failure); "
        "ini: axiometrics_seed",
    )
    group.addoption(
        "--axiometrics-bound",
        default=None,
        help="cases of the bounded pass per claim check (every case up to a size, smallest "
        "first, before the random search; 0 turns it off; default: the profile's); "
        "ini: axiometrics_bound",
    )
    parser.addini("axiometrics_profile", "checker profile for claim checks", default="")
    parser.addini("axiometrics_bound", "cases of the bounded pass per claim check", default="")
    parser.addini("axiometrics_seed", "integer seed for claim checks", default="")
    parser.addini(
        "axiometrics_database",
        "directory of a Hypothesis example database for claim checks (default: none)",
        default="",
    )


def _project_table(config: Any) -> tuple[Path | None, dict[str, Any] | None, str | None]:
    """``(path, table, error)``: the rootdir's pyproject and its ``[tool.axiometrics]`` table."""
    cached = config.stash.get(_TABLE_KEY, None)
    if cached is not None:
        return cached
    path = Path(str(config.rootpath)) / "pyproject.toml"
    found: tuple[Path | None, dict[str, Any] | None, str | None] = (None, None, None)
    if path.is_file():
        if sys.version_info >= (3, 11):
            import tomllib
        else:  # pragma: no cover - exercised on Python 3.10 only
            import tomli as tomllib
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, ValueError) as exc:
            found = (path, None, f"{path}: cannot read: {exc}")
        else:
            table = data.get("tool", {}).get("axiometrics")
            found = (path, table, None) if isinstance(table, dict) else (path, None, None)
    config.stash[_TABLE_KEY] = found
    return found


_TABLE_KEY: Any = pytest.StashKey()
_PREVIOUS_KEY: Any = pytest.StashKey()


def _setting(config: Any, option: str, ini: str, table_key: str) -> tuple[Any, str]:
    """The value of a setting and where it came from: the option, the ini key or pyproject."""
    value = config.getoption(option)
    if value is not None:
        return value, f"--{option.replace('_', '-')}"
    ini_value = config.getini(ini)
    if ini_value:
        return ini_value, f"ini key {ini}"
    _, table, _ = _project_table(config)
    if table is not None and table_key in table:
        return table[table_key], f"[tool.axiometrics] {table_key}"
    return None, ""


def pytest_configure(config: Any) -> None:
    """Read the profile and seed; a bad value is a usage error naming its option."""
    profile, source = _setting(config, "axiometrics_profile", "axiometrics_profile", "profile")
    if profile is None:
        profile = check_session.DEFAULT_PROFILE
    if profile not in PROFILE_NAMES:
        raise pytest.UsageError(f"{source} {profile!r}: expected one of {', '.join(PROFILE_NAMES)}")
    raw_seed, seed_source = _setting(config, "axiometrics_seed", "axiometrics_seed", "seed")
    seed: int | None = None
    if raw_seed is not None:
        try:
            seed = int(str(raw_seed).strip())
        except ValueError:
            seed = -1
        if seed < 0 or isinstance(raw_seed, bool):
            raise pytest.UsageError(f"{seed_source} {raw_seed!r}: expected an integer >= 0")
    worker = getattr(config, "workerinput", None)
    if worker is not None and worker.get("axiometrics_seed") is not None:
        seed = int(worker["axiometrics_seed"])
    if seed is None and profile in check_session.RANDOM_SEEDED:
        import secrets

        seed = secrets.randbelow(2**32)
    raw_bound, bound_source = _setting(config, "axiometrics_bound", "axiometrics_bound", "bound")
    bound: int | None = None
    if raw_bound is not None:
        try:
            bound = int(str(raw_bound).strip())
        except ValueError:
            bound = -1
        if bound < 0 or isinstance(raw_bound, bool):
            raise pytest.UsageError(
                f"{bound_source} {raw_bound!r}: expected an integer >= 0 (0: no bounded pass)"
            )
    database = config.getini("axiometrics_database")
    settings = check_session.SessionSettings(
        profile=str(profile),
        seed=seed,
        database=str(Path(str(config.rootpath)) / database) if database else None,
        bound=bound,
    )
    config.stash[_PREVIOUS_KEY] = check_session.configure(settings)


def pytest_unconfigure(config: Any) -> None:
    """Restore the settings of an enclosing session (pytester runs sessions in-process)."""
    previous = config.stash.get(_PREVIOUS_KEY, None)
    if previous is not None:
        check_session.configure(previous)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node: Any) -> None:
    """pytest-xdist: every worker uses the controller's seed."""
    node.workerinput["axiometrics_seed"] = check_session.current().seed


def pytest_report_header(config: Any) -> str:
    """One header line: the profile and seed of claim checks, and the pyproject measures."""
    profile, seed, _ = current_settings()
    shown = seed if seed is not None else "0 (derandomized)"
    line = f"axiometrics: profile {profile}, seed {shown}"
    bound = check_session.current().bound
    if bound is not None:
        line += f", bound {bound} cases"
    path, table, _ = _project_table(config)
    if table is not None and not config.getoption("axiometrics_off"):
        measures = table.get("measures", [])
        count = len(measures) if isinstance(measures, list) else 0
        line += f"; {count} measure(s) from {path.name if path else 'pyproject.toml'}"
    return line


def _wanted(config: Any, path: Path | None, table: dict[str, Any] | None, err: str | None) -> bool:
    return (
        path is not None
        and (table is not None or err is not None)
        and not config.getoption("axiometrics_off")
    )


def pytest_collect_file(file_path: Path, parent: Any) -> Any:
    """Collect the rootdir's ``pyproject.toml`` when pytest walks over it."""
    config = parent.config
    path, table, err = _project_table(config)
    if path is None or Path(file_path) != path or not _wanted(config, path, table, err):
        return None
    return ProjectMeasures.from_parent(parent, path=path)


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(session: Any, config: Any, items: list[Any]) -> None:
    """Add the pyproject items to a default run (no paths given) before ``-k`` selects."""
    if any(isinstance(item.parent, ProjectMeasures) for item in items):
        return  # pytest walked over pyproject.toml itself
    path, table, err = _project_table(config)
    if not _wanted(config, path, table, err):
        return
    if config.args_source == pytest.Config.ArgsSource.ARGS:
        return
    node = ProjectMeasures.from_parent(session, path=path)
    added = list(node.collect())
    items.extend(added)
    if added:
        # Reported like a collected file, so that "collected N items" counts them.
        report = pytest.CollectReport(node.nodeid, "passed", None, list[Any](added))
        config.hook.pytest_collectreport(report=report)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: Any, call: Any) -> Any:
    """Carry a failing check's root cause or an undeclared refutation on its report.

    As user properties, which cross pytest-xdist.
    """
    report = yield
    from axiometrics.testing import CAUSE_ATTRIBUTE, FINDING_ATTRIBUTE

    excinfo = call.excinfo
    for attribute in (CAUSE_ATTRIBUTE, FINDING_ATTRIBUTE):
        value = getattr(excinfo.value, attribute, None) if excinfo is not None else None
        if value is not None:
            report.user_properties = [*report.user_properties, (attribute, value)]
    return report


def pytest_terminal_summary(terminalreporter: Any) -> None:
    """The undeclared refutations, then one line per root cause of the failures."""
    _summarise_findings(terminalreporter)
    _summarise_causes(terminalreporter)


def _summarise_findings(terminalreporter: Any) -> None:
    """Each refuted claim that had no expectation, shown as a failure would show it."""
    from axiometrics.testing import FINDING_ATTRIBUTE

    findings = [
        (report.nodeid, str(value))
        for report in terminalreporter.stats.get("xfailed", [])
        for key, value in getattr(report, "user_properties", ())
        if key == FINDING_ATTRIBUTE
    ]
    if not findings:
        return
    terminalreporter.section(
        f"axiometrics: {len(findings)} refuted claim(s) with no expectation declared", sep="-"
    )
    terminalreporter.write_line(
        'declare each verdict to make it a test: expect={CLAIM: "violated"} in Python, '
        'expect = { CLAIM = "violated" } in pyproject.toml (or "holds" once fixed)'
    )
    for nodeid, text in sorted(findings):
        terminalreporter.write_line("")
        terminalreporter.write_line(_short_id(nodeid), bold=True)
        for line in text.splitlines():
            terminalreporter.write_line(line)


def _summarise_causes(terminalreporter: Any) -> None:
    """One line per root cause of the failing claim checks, with the items it broke."""
    from axiometrics.testing import CAUSE_ATTRIBUTE

    causes: dict[str, list[str]] = {}
    for report in terminalreporter.stats.get("failed", []):
        for key, value in getattr(report, "user_properties", ()):
            if key == CAUSE_ATTRIBUTE:
                causes.setdefault(str(value), []).append(_short_id(report.nodeid))
    if not causes:
        return
    n_items = sum(len(items) for items in causes.values())
    terminalreporter.section(
        f"axiometrics: {n_items} failing claim check(s), {len(causes)} cause(s)", sep="-"
    )
    for cause, items in causes.items():
        terminalreporter.write_line(f"{cause}: broke {', '.join(items)}")


def _short_id(nodeid: str) -> str:
    """``measure[claim]`` of an item id (the last ``::`` part, brackets kept)."""
    return nodeid.rsplit("::", 1)[-1]


class ClaimItem(pytest.Item):
    """One claim check of a pyproject-declared measure."""

    def __init__(self, *, check: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.check = check

    def runtest(self) -> None:
        """Run the check (it fails, xfails or skips the item itself)."""
        self.check()

    def reportinfo(self) -> tuple[Any, int | None, str]:
        """Location shown in reports."""
        return self.path, None, f"axiometrics claim check {self.name}"


class ConfigErrorItem(pytest.Item):
    """A problem in ``[tool.axiometrics]``: fails with a message naming the key."""

    def __init__(self, *, message: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.message = message

    def runtest(self) -> None:
        """Fail with the configuration problem."""
        pytest.fail(self.message, pytrace=False)

    def reportinfo(self) -> tuple[Any, int | None, str]:
        """Location shown in reports."""
        return self.path, None, f"pyproject.toml {self.name}"


class ProjectMeasures(pytest.File):
    """The measures of ``[tool.axiometrics]`` in ``pyproject.toml``, one item per claim."""

    def collect(self) -> Iterator[pytest.Item]:
        """Items ``measure[claim]``, or one error item per configuration problem."""
        _, table, err = _project_table(self.config)
        if err is not None:
            yield ConfigErrorItem.from_parent(self, name="tool.axiometrics", message=err)
            return
        measures, problems = parse_table(table or {})
        for key, message in problems:
            yield ConfigErrorItem.from_parent(self, name=key, message=f"{key}: {message}")
        if not measures:
            return
        from axiometrics.testing import claim_checks

        for item_id, _measure, _claim, check in claim_checks(measures):
            yield ClaimItem.from_parent(self, name=item_id, check=check)


def _unknown_keys(
    table: Mapping[str, Any], allowed: tuple[str, ...], prefix: str
) -> list[tuple[str, str]]:
    from axiometrics.suggest import closest

    out = []
    for key in table:
        if key not in allowed:
            near = closest(key, allowed)
            hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
            out.append((f"{prefix}.{key}", f"unknown key (expected one of {list(allowed)}){hint}"))
    return out


def parse_table(table: Mapping[str, Any]) -> tuple[list[Any], list[tuple[str, str]]]:
    """Measures declared in a ``[tool.axiometrics]`` table, and the problems found.

    Returns
    -------
    measures
        One :class:`~axiometrics.checker.spec.MeasureSpec` per valid entry
        (a registered measure or a callable).
    problems
        ``(key, message)`` per problem, ``key`` being the pyproject key at fault
        (e.g. ``tool.axiometrics.measures[2].callable``).
    """
    problems = _unknown_keys(table, TABLE_KEYS, "tool.axiometrics")
    entries = table.get("measures", [])
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        return [], [
            *problems,
            (
                "tool.axiometrics.measures",
                "expected an array of tables [[tool.axiometrics.measures]]",
            ),
        ]
    measures: list[Any] = []
    for index, entry in enumerate(entries):
        prefix = f"tool.axiometrics.measures[{index}]"
        found, entry_problems = _parse_entry(entry, prefix)
        problems.extend(entry_problems)
        if found is not None:
            measures.append(found)
    return measures, problems


def _parse_entry(entry: Mapping[str, Any], prefix: str) -> tuple[Any, list[tuple[str, str]]]:
    from axiometrics.checker.spec import MeasureSpec, pyproject_keys
    from axiometrics.errors import AxiometricsError

    keys = pyproject_keys()
    problems = _unknown_keys(entry, keys, prefix)
    if "callable" not in entry:
        if "name" not in entry:
            return None, [
                *problems,
                (
                    prefix,
                    "give callable = 'pkg.module:function' or the name of a registered measure",
                ),
            ]
        extra = [k for k in entry if k not in REGISTERED_KEYS and k in keys]
        if extra:
            problems.append(
                (
                    f"{prefix}.{extra[0]}",
                    "applies to callable measures only; a "
                    "registered measure brings its own family and declarations",
                )
            )
        from axiometrics.testing import claim_checks

        try:
            claim_checks([MeasureSpec(str(entry["name"]))])
        except (AxiometricsError, KeyError) as exc:
            return None, [*problems, (f"{prefix}.name", str(exc))]
        try:
            tolerance = _tolerance(entry.get("tolerance"))
        except (AxiometricsError, TypeError) as exc:
            return None, [*problems, (f"{prefix}.tolerance", str(exc))]
        try:
            _precision(entry)
        except (AxiometricsError, TypeError) as exc:
            return None, [*problems, (f"{prefix}.dtype", str(exc))]
        claims = entry.get("claims")
        try:
            found = MeasureSpec(
                str(entry["name"]),
                claims=tuple(claims) if claims else None,
                dtype=entry.get("dtype"),
                tolerance=tolerance,
            )
            claim_checks([found])
        except (AxiometricsError, KeyError, TypeError) as exc:
            return None, [*problems, (f"{prefix}.claims", str(exc))]
        return (found if not problems else None), problems
    from axiometrics.loading import load_callable

    text = str(entry["callable"])
    try:
        func = load_callable(text, prefix=f"{text!r}: ")
    except AxiometricsError as exc:
        return None, [*problems, (f"{prefix}.callable", str(exc))]
    from axiometrics.checker.callable_options import (
        SIGNATURES,
        callable_family,
        parse_expectations,
        undefined_policy,
    )

    if "family" not in entry:
        known = ", ".join(repr(name) for name in sorted(SIGNATURES))
        return None, [*problems, (f"{prefix}.family", f"missing: give family = one of {known}")]
    try:
        family = callable_family(str(entry["family"])).name
    except AxiometricsError as exc:
        return None, [*problems, (f"{prefix}.family", str(exc))]
    checks: list[tuple[str, Any]] = [
        ("signature", lambda: _signature(entry.get("signature"), SIGNATURES[family])),
        ("undefined", lambda: undefined_policy(entry.get("undefined"))),
        ("expect", lambda: _expect(entry.get("expect", {}), family, parse_expectations)),
        ("tolerance", lambda: _tolerance(entry.get("tolerance"))),
        ("dtype", lambda: _precision(entry)),
    ]
    for key, run in checks:
        try:
            run()
        except (AxiometricsError, KeyError, TypeError) as exc:
            problems.append((f"{prefix}.{key}", str(exc)))
    if problems:
        return None, problems
    from axiometrics.testing import callable_measure

    names = _field_names()
    try:
        options = {
            names[k]: _value(k, v) for k, v in entry.items() if k not in ("callable", "family")
        }
        measure = callable_measure(func, family=family, **options)
    except (AxiometricsError, KeyError, TypeError) as exc:
        message = str(exc)
        key = next(
            (
                k
                for k, name in names.items()
                if message.startswith((f"{name}=", f"{name} ", f"{name} key"))
            ),
            "callable",
        )
        if "reference=" in message or "unknown measure" in message:
            key = "reference"
        if "claim" in message and "claims" in entry:
            key = "claims"
        return None, [(f"{prefix}.{key}", message)]
    return measure, problems


def _field_names() -> dict[str, str]:
    """``{pyproject key: MeasureSpec field}`` (``range`` is ``score_range``)."""
    from dataclasses import fields

    from axiometrics.checker.spec import MeasureSpec

    return {f.metadata.get("key", f.name): f.name for f in fields(MeasureSpec)}


def _value(key: str, value: Any) -> Any:
    """A pyproject value as the spec takes it."""
    if key == "range":
        return tuple(value)
    if key in ("higher_is_better", "integer_labels"):
        return bool(value)
    if key == "tolerance":
        return _tolerance(value)
    return value


def _tolerance(value: Any) -> Any:
    """``tolerance = {atol = ..., rtol = ...}`` as a :class:`Tolerance` (``None``: the default)."""
    if value is None:
        return None
    from axiometrics.checker.tolerance import Tolerance

    if not isinstance(value, dict) or not set(value) <= {"atol", "rtol"}:
        raise TypeError(f"{value!r}: expected a table {{atol = 1e-13, rtol = 1e-11}}")
    return Tolerance(**value)


def _precision(entry: Mapping[str, Any]) -> None:
    """Check ``dtype`` (a known name, not beside ``tolerance``; that is checked on its own)."""
    from axiometrics.checker.precision import tolerance_for_dtype

    dtype = entry.get("dtype")
    if dtype is None:
        return
    if "tolerance" in entry:
        raise TypeError(f"{dtype!r} beside tolerance: give one (a dtype stands for its tolerance)")
    if not isinstance(dtype, str):
        raise TypeError(f'{dtype!r}: expected a string such as "float32"')
    tolerance_for_dtype(dtype)


def _signature(value: Any, accepted: tuple[str, ...]) -> None:
    if value is None:
        return
    if not isinstance(value, str) or value.replace(" ", "") not in accepted:
        raise TypeError(f"{value!r}: expected one of {list(accepted)}")


def _expect(value: Any, family: str, parse: Any) -> None:
    if not isinstance(value, dict):
        raise TypeError(f'{value!r}: expected a table {{claim = "holds" | "violated"}}')
    parse(value, family)
