"""A new family is one folder plus entry points: a toy family installed from a temporary package.

The package and its distribution metadata are written to a temporary
folder and put on the path of a fresh interpreter, which finds the entry
points the way it finds any installed plugin's; nothing in the repository
is edited or imported specially.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

FAMILY = '''
"""A toy family: square count matrices, any orientation."""

import numpy as np

from axiometrics.errors import InvalidInputError
from axiometrics.family import Family, Prepared


def prepare(inputs, values):
    if len(inputs) != 1:
        raise InvalidInputError(f"a toy measure takes one input (got {len(inputs)})")
    m = np.asarray(inputs[0], dtype=float)
    if m.ndim < 2 or m.shape[-1] != m.shape[-2] or (m < 0).any():
        raise InvalidInputError(f"matrices={m!r}: expected non-negative (..., C, C) counts")
    c = m.shape[-1]
    vals = np.arange(c, dtype=float) if values is None else np.asarray(values, dtype=float)
    return Prepared((m,), vals, m.shape[:-2], c, (2,))


FAMILY = Family("toy", "Toy matrices", ("matrices",), prepare, abbreviation="TM")
'''

CLAIMS = '''
"""The toy family's one claim: transposing the matrix changes nothing."""

import numpy as np

from axiometrics.checker.cases import Case, Procedure
from axiometrics.checker.rules import decide_equal
from axiometrics.claims import Claim
from axiometrics.measures.oc.strategies import confusion_matrices


def _cases(request):
    def build(m):
        return Case((np.stack([m, m.T]),), np.arange(m.shape[0], dtype=float), ("M", "M.T"))

    return confusion_matrices(max_classes=4, max_count=20).map(build)


CLAIMS = [
    Claim(
        "toy_transpose",
        "Transpose invariance",
        ("toy",),
        "universal",
        "Eff(M) == Eff(M.T) for every matrix M.",
        procedures={"toy": Procedure(cases=_cases, decide=decide_equal("M and M.T"))},
        required=True,
    )
]
'''

MEASURES = '''
"""Two toy measures: one keeps the claim, one breaks it."""

import numpy as np

from axiometrics import Holds, Measure, MeasurePlugin, Range, Violated

plugin = MeasurePlugin("toy-measures")


@plugin.measure(
    Measure(
        "toy_trace",
        "toy",
        True,
        Range(0, 1),
        description="Share of the counts on the diagonal.",
        claims={"toy_transpose": Holds()},
    )
)
def toy_trace(matrices, *, values):
    return np.trace(matrices, axis1=-2, axis2=-1) / matrices.sum(axis=(-2, -1))


@plugin.measure(
    Measure(
        "toy_first_row",
        "toy",
        True,
        Range(0, 1),
        description="Share of the counts in the first row.",
        claims={"toy_transpose": Violated(note="rows and columns swap")},
    )
)
def toy_first_row(matrices, *, values):
    return matrices[..., 0, :].sum(axis=-1) / matrices.sum(axis=(-2, -1))
'''

ENTRY_POINTS = """\
[axiometrics.claims]
toy = toy_family.claims:CLAIMS

[axiometrics.families]
toy = toy_family.family:FAMILY

[axiometrics.measures]
toy = toy_family.measures:plugin
"""

PROBE = """
import json
import numpy as np
import axiometrics as ax
from axiometrics.family import get_family, registered_families

report = ax.check("toy_first_row", ["toy_transpose"], max_examples=50)
kept = ax.check("toy_trace", ["toy_transpose"], max_examples=50)
print(json.dumps({
    "families": [f.name for f in registered_families()],
    "heading": get_family("toy").heading,
    "trace": float(ax.score("toy_trace", np.array([[3, 1], [0, 4]]))),
    "first_row_verdict": report.result("toy_transpose").verdict.outcome.value,
    "trace_verdict": kept.result("toy_transpose").verdict.outcome.value,
    "toy_measures": ax.default_registry().names(family="toy"),
}))
"""


def _write_distribution(root: Path) -> None:
    package = root / "toy_family"
    package.mkdir()
    (package / "__init__.py").write_text('"""A toy axiometrics family."""\n')
    (package / "family.py").write_text(textwrap.dedent(FAMILY))
    (package / "claims.py").write_text(textwrap.dedent(CLAIMS))
    (package / "measures.py").write_text(textwrap.dedent(MEASURES))
    dist_info = root / "toy_family-0.1.dist-info"
    dist_info.mkdir()
    (dist_info / "METADATA").write_text("Metadata-Version: 2.1\nName: toy-family\nVersion: 0.1\n")
    (dist_info / "entry_points.txt").write_text(ENTRY_POINTS)


def test_a_toy_family_from_a_temporary_package_registers_without_touching_the_core(tmp_path):
    _write_distribution(tmp_path)
    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    env.pop("AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        env=env,
        cwd=tmp_path,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert found["families"] == [
        "oc",
        "oq",
        "nominal",
        "scored",
        "regression",
        "generation",
        "language_model",
        "toy",
    ]
    assert found["heading"] == "Toy matrices (TM)"
    assert found["trace"] == pytest.approx(7 / 8)
    assert found["toy_measures"] == ["toy_trace", "toy_first_row"]
    assert found["first_row_verdict"] == "refuted"
    assert found["trace_verdict"] == "not_refuted"
