"""``check`` on registered measures: declarations, variants, profiles, reproducibility."""

from __future__ import annotations

import pickle

import numpy as np
import pytest
from hypothesis.database import InMemoryExampleDatabase

from axiometrics import Evaluation, Holds, Measure, MeasurePlugin, NotApplicable, Range, Violated
from axiometrics.checker import PROFILES, Outcome, Profile, check, resolve_profile
from axiometrics.checker.profiles import Profile as ProfileClass
from axiometrics.checker.runner import hypothesis_settings
from axiometrics.claims import claims_for_family
from axiometrics.errors import InvalidParameterError, UnknownClaimError, UnknownMeasureError
from axiometrics.registry import Registry

OC_CLAIMS = [c.name for c in claims_for_family("oc")]


def _declare(**overrides):
    claims = dict.fromkeys(OC_CLAIMS, NotApplicable("not studied in this test"))
    claims.update(overrides)
    return claims


def _registry() -> Registry:
    plugin = MeasurePlugin("test-oc")

    @plugin.measure(
        Measure(
            name="test_accuracy",
            family="oc",
            higher_is_better=True,
            range=Range(0.0, 1.0),
            optimum=1.0,
            claims=_declare(
                symmetry=Holds(),
                # Wrong on purpose: accuracy ignores ordinal distances.
                ordinal_monotonicity=Holds(),
                # Wrong on purpose: accuracy is scale invariant.
                count_scale_invariance=Violated(),
            ),
        )
    )
    def test_accuracy(matrices, *, values):
        return np.trace(matrices, axis1=-2, axis2=-1) / matrices.sum(axis=(-2, -1))

    @plugin.measure(
        Measure(
            name="test_macro_recall",
            family="oc",
            higher_is_better=True,
            range=Range(0.0, 1.0),
            optimum=1.0,
            undefined="never: empty gold classes are skipped",
            claims=_declare(
                # Wrong on purpose: macro recall is not symmetric, even
                # without empty classes.
                symmetry=Holds(preconditions=("no_empty_gold_class", "no_empty_system_class")),
                imbalance=Holds(),
            ),
        )
    )
    def test_macro_recall(matrices, *, values):
        gold = matrices.sum(axis=-2)
        diag = np.diagonal(matrices, axis1=-2, axis2=-1)
        recall = np.divide(diag, gold, out=np.zeros_like(diag), where=gold > 0)
        return recall.sum(axis=-1) / (gold > 0).sum(axis=-1)

    @plugin.measure(
        Measure(
            name="test_first_class_recall",
            family="oc",
            higher_is_better=True,
            range=Range(0.0, 1.0),
            undefined="gold class 0 is empty",
            claims=_declare(count_scale_invariance=Holds()),
        )
    )
    def test_first_class_recall(matrices, *, values):
        gold = matrices[..., :, 0].sum(axis=-1)
        ok = gold > 0
        score = np.divide(matrices[..., 0, 0], gold, out=np.zeros_like(gold), where=ok)
        return Evaluation(score, ~ok)

    reg = Registry()
    reg.register_plugin(plugin)
    return reg


@pytest.fixture(scope="module")
def registry():
    return _registry()


def test_every_claim_of_the_family_is_checked_declared_or_not(registry):
    report = check("test_accuracy", registry=registry)
    assert [r.claim for r in report.results] == OC_CLAIMS
    assert report.verdict("imbalance").outcome is Outcome.REFUTED  # declared n/a: discovered
    assert report.result("imbalance").mismatch is None


def test_a_refuted_holds_declaration_is_a_mismatch_that_fails_the_report(registry):
    report = check("test_accuracy", ["ordinal_monotonicity"], registry=registry)
    result = report.result("ordinal_monotonicity")
    assert result.verdict.outcome is Outcome.REFUTED
    assert result.mismatch.kind == "declared_holds_refuted"
    assert result.mismatch.severity == "error"
    assert report.failed


def test_an_unfound_violation_is_a_warning_mismatch(registry):
    report = check("test_accuracy", ["count_scale_invariance"], registry=registry)
    result = report.result("count_scale_invariance")
    assert result.verdict.outcome is Outcome.NOT_REFUTED
    assert result.mismatch.kind == "declared_violated_not_refuted"
    assert result.mismatch.severity == "warning"
    assert not report.failed


def test_a_precondition_is_checked_and_its_necessity_reported(registry):
    report = check("test_macro_recall", ["symmetry"], registry=registry)
    result = report.result("symmetry")
    assert result.verdict.preconditions == ("no_empty_gold_class", "no_empty_system_class")
    without = result.variant("without preconditions")
    assert without is not None
    assert without.preconditions == ()
    assert without.outcome is Outcome.REFUTED
    # Refuted under the preconditions too, by a counterexample that respects them.
    assert result.verdict.outcome is Outcome.REFUTED
    (m, _) = (e.inputs[0] for e in result.verdict.example.entries)
    assert np.all(m.sum(axis=0) > 0)
    assert np.all(m.sum(axis=1) > 0)


def test_requested_preconditions_replace_the_declared_ones(registry):
    report = check(
        "test_accuracy",
        ["ordinal_monotonicity"],
        preconditions={"ordinal_monotonicity": ["no_empty_gold_class"]},
        registry=registry,
        variants=False,
    )
    verdict = report.verdict("ordinal_monotonicity")
    assert verdict.preconditions == ("no_empty_gold_class",)
    (before, after) = (e.inputs[0] for e in verdict.example.entries)
    assert np.all(before.sum(axis=0) > 0)
    assert np.all(after.sum(axis=0) > 0)


def test_inputs_where_the_measure_is_undefined_lie_outside_the_claim(registry):
    report = check("test_first_class_recall", ["count_scale_invariance"], registry=registry)
    verdict = report.verdict("count_scale_invariance")
    assert verdict.outcome is Outcome.NOT_REFUTED
    assert verdict.n_outside > 0


def test_well_defined_accepts_declared_undefined_inputs(registry):
    report = check("test_first_class_recall", ["well_defined"], registry=registry)
    assert report.verdict("well_defined").outcome is Outcome.NOT_REFUTED


def test_the_same_seed_gives_the_same_verdicts_and_counterexamples(registry):
    a = check("test_accuracy", ["imbalance", "symmetry"], settings="dev", seed=7, registry=registry)
    b = check("test_accuracy", ["imbalance", "symmetry"], settings="dev", seed=7, registry=registry)
    assert a.seed == b.seed == 7
    for claim in ("imbalance", "symmetry"):
        va, vb = a.verdict(claim), b.verdict(claim)
        assert va.outcome is vb.outcome
        assert va.n_cases == vb.n_cases
        if va.example is not None:
            assert va.example.one_line() == vb.example.one_line()


def test_ci_is_derandomized_and_dev_reports_a_fresh_seed(registry):
    assert check("test_accuracy", ["symmetry"], registry=registry).seed == 0
    dev = check("test_accuracy", ["symmetry"], settings="dev", registry=registry)
    assert dev.verdict("symmetry").seed == dev.seed


def test_profiles_set_the_number_of_cases_and_no_example_database_by_default():
    assert PROFILES["ci"].derandomize
    assert PROFILES["ci"].max_examples == 100
    assert PROFILES["thorough"].max_examples > PROFILES["dev"].max_examples
    assert hypothesis_settings(PROFILES["ci"], None).database is None
    assert resolve_profile("ci", max_examples=5).max_examples == 5
    assert isinstance(resolve_profile(ProfileClass("mine", 3, True)), Profile)


def test_an_example_database_stores_the_counterexample_and_the_next_run_replays_it_first():
    # Hypothesis' @seed drops a settings' database: the checker must apply its
    # settings after the seed, or the database silently stays empty.
    db = InMemoryExampleDatabase()
    first = check("accuracy", ["ordinal_monotonicity"], database=db, bound=0, variants=False)
    assert first.verdict("ordinal_monotonicity").outcome is Outcome.REFUTED
    assert first.verdict("ordinal_monotonicity").n_cases > 1
    assert any(db.fetch(key) for key in db.data)
    again = check("accuracy", ["ordinal_monotonicity"], database=db, bound=0, variants=False)
    assert again.verdict("ordinal_monotonicity").outcome is Outcome.REFUTED
    assert again.verdict("ordinal_monotonicity").n_cases == 1  # replayed before any generation
    without = check("accuracy", ["ordinal_monotonicity"], bound=0, variants=False)
    assert (
        without.verdict("ordinal_monotonicity").n_cases
        == first.verdict("ordinal_monotonicity").n_cases
    )


@pytest.mark.parametrize(
    ("kwargs", "error"),
    [
        ({"settings": "fast"}, InvalidParameterError),
        ({"max_examples": 0}, InvalidParameterError),
        ({"seed": -1}, InvalidParameterError),
        ({"claims": ["symetry"]}, UnknownClaimError),
        ({"family": "oq"}, InvalidParameterError),
        ({"higher_is_better": False}, InvalidParameterError),
    ],
)
def test_bad_check_arguments_raise_typed_errors(registry, kwargs, error):
    with pytest.raises(error):
        check("test_accuracy", registry=registry, **kwargs)


def test_unknown_measure_names_get_suggestions(registry):
    with pytest.raises(UnknownMeasureError, match="test_accuracy"):
        check("test_acuracy", registry=registry)


def test_a_claim_of_another_family_is_not_applicable(registry):
    report = check("test_accuracy", ["priority_preservation"], registry=registry)
    verdict = report.verdict("priority_preservation")
    assert verdict.outcome is Outcome.NOT_APPLICABLE
    assert "oq" in verdict.reason


def test_reports_render_serialise_and_pickle(registry):
    report = check("test_accuracy", ["imbalance", "symmetry"], registry=registry)
    text = report.render()
    assert "imbalance" in text
    assert "refuted" in text
    assert "sys\\gold" in text
    records = report.to_records()
    assert {r["claim"] for r in records} == {"imbalance", "symmetry"}
    assert all(r["seed"] == 0 for r in records)
    clone = pickle.loads(pickle.dumps(report))
    assert clone.verdict("imbalance").example.one_line() == (
        report.verdict("imbalance").example.one_line()
    )


def test_a_one_line_example_shows_vector_inputs_of_other_families_as_vectors():
    from axiometrics.checker.verdicts import Entry, Example

    entry = Entry("x", (np.array([1, 0, 1]), np.array([0.5, 0.25, 1.0])), np.arange(2.0), 0.5)
    example = Example("scored", (entry,), "an explanation", {}, None, ())
    assert example.one_line().startswith("x: ([1 0 1], [0.5 0.25 1])=0.5")


def test_progress_is_called_before_the_first_claim_and_after_each_with_done_and_total():
    calls = []
    report = check(
        "accuracy",
        ["symmetry", "identity"],
        max_examples=5,
        bound=0,
        variants=False,
        progress=lambda done, total, result: calls.append((done, total, result and result.claim)),
    )
    assert calls == [(0, 2, None), (1, 2, "symmetry"), (2, 2, "identity")]
    assert [r.claim for r in report.results] == ["symmetry", "identity"]
