"""Fixtures of the report tests: a small report written once, and hostile measures."""

from __future__ import annotations

import contextlib
import importlib.metadata
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import axiometrics as ax
from axiometrics import Holds, Measure, MeasurePlugin, Range
from axiometrics import registry as registry_module
from axiometrics.claims import claims_for_family
from axiometrics.cli import main

#: Hostile text: a script element, an attribute break-out and javascript: links.
HOSTILE_TITLE = "<script>alert('title')</script>"
HOSTILE_DOC = (
    "Evil \"><img src=x onerror=alert('doc')> measure; see "
    "<a href=\"javascript:alert('link')\">this</a> and [that](javascript:alert(1)). "
    "</script><script>alert('blob')</script>"
)
HOSTILE_STRINGS = ("<script>alert(", "<img src=x onerror", '<a href="javascript:')

MY_MEASURE = '''
import numpy as np


def my_mae(matrix):
    """Micro-averaged absolute error between system and gold class indices."""
    c = matrix.shape[0]
    i, j = np.indices((c, c))
    return float((matrix * np.abs(i - j)).sum() / matrix.sum())
'''


def write_my_measure(folder: Path) -> Path:
    """``my.py`` with ``my_mae`` in ``folder``."""
    path = folder / "my.py"
    path.write_text(MY_MEASURE, encoding="utf-8")
    return path


@pytest.fixture(scope="session")
def my_measure_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """``my.py`` with ``my_mae``, a user measure in a file of its own (written once per session)."""
    return write_my_measure(tmp_path_factory.mktemp("my-measure"))


@pytest.fixture(scope="session")
def small_report(
    tmp_path_factory: pytest.TempPathFactory, fast_report_args: tuple[str, ...]
) -> Path:
    """A report folder with a user measure beside four built-ins (written once per session)."""
    folder = tmp_path_factory.mktemp("small-report")
    path = write_my_measure(folder)
    out = folder / "reports"
    status = main(
        [
            "report",
            "--measure",
            f"{path}:my_mae",
            "--family",
            "oc",
            "--lower-is-better",
            "--measures",
            "mae_macro,accuracy,cem_ord,nmd,rnod",
            "-o",
            str(out),
            *fast_report_args,
        ]
    )
    assert status == 0
    return out


def _share(matrices: np.ndarray, *, values: np.ndarray) -> np.ndarray:
    return np.trace(matrices, axis1=-2, axis2=-1) / matrices.sum(axis=(-2, -1))


@contextlib.contextmanager
def hostile_plugin() -> Iterator[str]:
    """Install a third-party plugin whose measure's title and description are hostile HTML.

    Yields the measure's registered name; the default registry is rebuilt on
    entry and on exit.
    """
    plugin = MeasurePlugin("hostile")
    plugin.add(
        Measure(
            name="hostile_share",
            family="oc",
            higher_is_better=True,
            range=Range(0, 1),
            title=HOSTILE_TITLE,
            description=HOSTILE_DOC,
            claims={c.name: Holds() for c in claims_for_family("oc")},
        ),
        _share,
    )
    module = types.ModuleType("fake_hostile_plugin")
    module.plugin = plugin  # type: ignore[attr-defined]
    ep = importlib.metadata.EntryPoint(
        name="hostile", value=f"{module.__name__}:plugin", group="axiometrics.measures"
    )
    fake = types.SimpleNamespace(
        name=ep.name, load=ep.load, dist=types.SimpleNamespace(name="hostile-dist")
    )
    real = registry_module.entry_points

    def entry_points(group: str) -> list[Any]:
        found = list(real(group=group))
        return [*found, fake] if group == "axiometrics.measures" else found

    with pytest.MonkeyPatch.context() as patch:
        patch.setitem(sys.modules, module.__name__, module)
        patch.setattr(registry_module, "entry_points", entry_points)
        ax.reset_default_registry()
        try:
            yield "hostile_share"
        finally:
            patch.undo()
            ax.reset_default_registry()


@pytest.fixture(scope="session")
def kit(fast_report_args: tuple[str, ...]) -> types.SimpleNamespace:
    """The helpers above, for test modules (conftest is not importable under importlib mode)."""
    return types.SimpleNamespace(
        FAST=fast_report_args,
        HOSTILE_TITLE=HOSTILE_TITLE,
        HOSTILE_DOC=HOSTILE_DOC,
        HOSTILE_STRINGS=HOSTILE_STRINGS,
        hostile_plugin=hostile_plugin,
        write_my_measure=write_my_measure,
    )
