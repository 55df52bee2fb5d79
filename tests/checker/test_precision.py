"""A measure's precision: declared or inferred, and the tolerance every comparison then uses."""

from __future__ import annotations

import numpy as np
import pytest

from axiometrics.checker import CheckSettings, MeasureSpec, check
from axiometrics.checker.precision import (
    PRECISIONS,
    ResultPrecision,
    declared_tolerance,
    floating_dtype,
    tolerance_for_dtype,
)
from axiometrics.checker.tolerance import Tolerance
from axiometrics.claims import claims_for_family
from axiometrics.declarations import Holds, Violated
from axiometrics.errors import InvalidParameterError
from axiometrics.registry import default_registry

F = np.float32


# -- float32 reimplementations of built-in measures, computed in float32 throughout ------------


def accuracy32(matrix):
    """``accuracy``: the diagonal over the total."""
    m = np.asarray(matrix, dtype=F)
    return np.trace(m) / m.sum(dtype=F)


def mae_macro32(matrix, values):
    """``mae_macro``: mean over the non-empty gold classes (columns) of their MAE."""
    m = np.asarray(matrix, dtype=F)
    v = np.asarray(values, dtype=F)
    distance = np.abs(v[:, None] - v[None, :])  # [system class i, gold class j]
    gold = m.sum(axis=0, dtype=F)
    present = gold > 0
    return ((distance * m).sum(axis=0, dtype=F)[present] / gold[present]).mean(dtype=F)


def emd32(system, gold, values=None):
    """``emd``: the gaps between the cumulative distributions times the value steps."""
    p, q = np.asarray(system, dtype=F), np.asarray(gold, dtype=F)
    v = np.arange(p.size, dtype=F) if values is None else np.asarray(values, dtype=F)
    gaps = np.abs(np.cumsum(p, dtype=F) - np.cumsum(q, dtype=F))[:-1]
    return (gaps * np.diff(v)).sum(dtype=F)


def brier32(gold, scores):
    """``brier``: the mean squared gap between probabilities and 0/1 labels."""
    s, y = np.asarray(scores, dtype=F), np.asarray(gold, dtype=F)
    if np.any((s < 0) | (s > 1)):
        raise ValueError("scores must be probabilities")
    return np.mean((s - y) ** 2, dtype=F)


FLOAT32_MEASURES = {
    "accuracy": (accuracy32, {"family": "nominal", "optimum": 1.0, "score_range": (0.0, 1.0)}),
    "mae_macro": (
        mae_macro32,
        {"family": "oc", "higher_is_better": False, "optimum": 0.0},
    ),
    "emd": (emd32, {"family": "oq", "higher_is_better": False, "optimum": 0.0}),
    "brier": (
        brier32,
        {
            "family": "scored",
            "higher_is_better": False,
            "optimum": 0.0,
            "score_range": (0.0, 1.0),
            "undefined": "raise:ValueError",
        },
    ),
}


def _declared_verdicts(name, family):
    """The built-in's declarations as ``expect`` entries."""
    measure = default_registry().measure(name)
    out = {}
    for claim in claims_for_family(family):
        declared = measure.declaration(claim.name)
        if isinstance(declared, Holds):
            pres = " & ".join(declared.preconditions)
            out[claim.name] = f"holds if {pres}" if pres else "holds"
        elif isinstance(declared, Violated):
            out[claim.name] = "violated"
    return out


def _check32(name, **extra):
    func, options = FLOAT32_MEASURES[name]
    return check(
        func,
        expect=_declared_verdicts(name, options["family"]),
        settings=CheckSettings(profile="ci", variants=False, discover=False),
        **options,
        **extra,
    )


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FLOAT32_MEASURES))
def test_a_float32_reimplementation_keeps_every_declared_verdict_under_its_inferred_precision(
    name,
):
    report = _check32(name)
    assert report.tolerance == str(PRECISIONS["float32"]) + (
        " (float32, inferred from the returned scores)"
    )
    assert [(r.claim, r.mismatch) for r in report.results if r.mismatch is not None] == []
    # The false claims are still refuted, with their counterexamples.
    declared = _declared_verdicts(name, FLOAT32_MEASURES[name][1]["family"])
    violated = [c for c, v in declared.items() if v == "violated"]
    assert violated
    for claim in violated:
        verdict = report.result(claim).verdict
        assert verdict.outcome.value == "refuted"
        assert verdict.example is not None
        assert verdict.tolerance == report.tolerance


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(FLOAT32_MEASURES))
def test_the_same_float32_measure_judged_by_the_float64_rule_is_refuted_by_rounding(name):
    report = _check32(name, tolerance=Tolerance())
    spurious = [r for r in report.results if r.mismatch is not None]
    assert spurious
    assert {r.mismatch.kind for r in spurious} == {"declared_holds_refuted"}


# -- the parts -----------------------------------------------------------------------------------


def test_every_precision_names_a_floating_dtype_and_coarser_ones_have_wider_tolerances():
    assert list(PRECISIONS) == ["float64", "float32", "float16", "bfloat16"]
    rtols = [t.rtol for t in PRECISIONS.values()]
    assert rtols == sorted(rtols)
    assert PRECISIONS["float64"] == Tolerance()
    for name in ("float32", "float16"):
        eps = float(np.finfo(name).eps)
        assert PRECISIONS[name].rtol > eps  # rounding of the result is absorbed


def test_a_dtype_gives_its_tolerance_with_its_origin():
    tol = tolerance_for_dtype("float32")
    assert (tol.atol, tol.rtol) == (1e-6, 1e-5)
    assert tol.describe() == "|a - b| <= 1e-06 + 1e-05 * max(|a|, |b|) (float32, declared)"


def test_an_unknown_dtype_is_refused_with_the_nearest_name():
    with pytest.raises(InvalidParameterError, match=r"dtype='floot32'.*did you mean 'float32'"):
        tolerance_for_dtype("floot32")


def test_a_dtype_and_a_tolerance_together_are_refused():
    with pytest.raises(InvalidParameterError, match="give one"):
        declared_tolerance("float32", Tolerance())
    assert declared_tolerance(None, None) is None
    assert declared_tolerance(None, Tolerance(1e-9, 1e-7)).describe().endswith("(declared)")


class _FakeTensor:
    """Prints its dtype as torch does."""

    class dtype:  # noqa: N801 - mimics ``torch.float32``, a value with a dotted name
        def __str__(self):
            return "torch.float32"

    dtype = dtype()

    def __float__(self):
        return 0.5


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (np.float32(0.5), "float32"),
        (np.array(0.5, dtype=np.float16), "float16"),
        (np.float64(0.5), "float64"),
        (0.5, None),
        (1, None),
        (np.int64(3), None),
        (_FakeTensor(), "float32"),
    ],
)
def test_the_floating_dtype_of_a_returned_score_is_read_from_its_dtype(value, expected):
    assert floating_dtype(value) == expected


def test_the_least_precise_dtype_seen_sets_the_inferred_tolerance():
    record = ResultPrecision()
    assert record.tolerance() is None
    record.observe(0.25)
    record.observe(np.float64(0.25))
    assert record.tolerance() is None  # float64: the default applies
    record.observe(np.float32(0.25))
    record.observe(np.float64(0.25))
    assert record.least == "float32"
    assert record.tolerance().origin == "float32, inferred from the returned scores"


def test_a_spec_declares_its_precision_by_dtype_or_by_tolerance():
    assert MeasureSpec(accuracy32, family="nominal").declared_tolerance is None
    by_dtype = MeasureSpec(accuracy32, family="nominal", dtype="float32").declared_tolerance
    assert by_dtype.origin == "float32, declared"
    assert MeasureSpec("accuracy", dtype="float16").declared_tolerance.rtol == 4e-3
    with pytest.raises(InvalidParameterError, match="give one"):
        MeasureSpec(accuracy32, family="nominal", dtype="float32", tolerance=Tolerance())
    with pytest.raises(InvalidParameterError, match="did you mean 'float32'"):
        MeasureSpec(accuracy32, family="nominal", dtype="float23")


def test_every_verdict_states_the_tolerance_it_was_judged_by():
    settings = CheckSettings(max_examples=5, variants=False, discover=False)
    inferred = check(accuracy32, ["symmetry"], family="nominal", settings=settings)
    assert "(float32, inferred from the returned scores)" in inferred.tolerance
    assert inferred.result("symmetry").verdict.tolerance == inferred.tolerance
    assert inferred.to_records()[0]["tolerance"] == inferred.tolerance
    assert f"equality {inferred.tolerance}" in inferred.render()

    def python_float(matrix):
        return float(accuracy32(matrix))

    default = check(python_float, ["symmetry"], family="nominal", settings=settings)
    assert default.tolerance.endswith("(float64, the default)")
    declared = check(
        python_float, ["symmetry"], family="nominal", settings=settings, dtype="float32"
    )
    assert declared.tolerance.endswith("(float32, declared)")
