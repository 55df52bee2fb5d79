"""Cases whose entries differ in length, and families whose inputs carry no class values."""

from __future__ import annotations

import contextlib
import io
import json

import numpy as np
import pytest

import axiometrics as ax
from axiometrics.checker import Case, check
from axiometrics.checker.check import resolve_subject
from axiometrics.checker.subject import Subject
from axiometrics.checker.verdicts import Outcome
from axiometrics.errors import UndefinedMeasureError
from axiometrics.measure import Measure, Range
from axiometrics.measures.scored.procedures import MAX_REPEAT, repeat_positives
from axiometrics.registry import Scorer
from axiometrics.report.model import refutations_model

SHORT = (np.array([0.2, 0.9]), np.array([0.0, 1.0]))
LONG = (np.array([0.2, 0.9, 0.9, 0.4]), np.array([0.0, 1.0, 1.0, 0.0]))


def _auc(scores: np.ndarray, gold: np.ndarray) -> float:
    """ROC AUC as the Mann-Whitney statistic, ties counting one half."""
    pos, neg = scores[gold == 1], scores[gold == 0]
    if pos.size == 0 or neg.size == 0:
        raise UndefinedMeasureError("one class only")
    wins = (pos[:, None] > neg[None, :]).sum() + 0.5 * (pos[:, None] == neg[None, :]).sum()
    return float(wins / (pos.size * neg.size))


def _auc_first_four_items(scores: np.ndarray, gold: np.ndarray) -> float:
    """A mutant: AUC of the first four items only (a truncated buffer)."""
    return _auc(scores[:4], gold[:4])


def _auc_summed_over_positives(scores: np.ndarray, gold: np.ndarray) -> float:
    """A mutant: the share of negatives below each positive, summed (weights by the count)."""
    return _auc(scores, gold) * float((gold == 1).sum())


def _scored_subject(name: str, fn, *, lower: float = 0.0, upper: float = np.inf) -> Subject:
    measure = Measure(
        name=name,
        family="scored",
        higher_is_better=True,
        range=Range(lower, upper),
        title=name,
        description="a scored mutant of the ragged-case tests",
        optimum=1.0,
        undefined="one class only",
    )

    def compute(scores: np.ndarray, gold: np.ndarray, *, values: np.ndarray) -> float:
        return fn(np.asarray(scores, dtype=float), np.asarray(gold, dtype=float))

    return Subject(Scorer(measure, compute, plugin="tests", vectorized=False))


def test_entries_of_one_shape_are_stacked_and_entries_of_different_lengths_are_ragged():
    same = Case.from_entries([SHORT, (SHORT[0] + 1, SHORT[1])], ("a", "b"))
    assert not same.ragged
    assert same.inputs[0].shape == (2, 2)
    ragged = Case.from_entries([SHORT, LONG], ("short", "long"))
    assert ragged.ragged
    assert ragged.n_entries == 2
    assert [e[0].size for e in (ragged.entry(0), ragged.entry(1))] == [2, 4]
    assert np.array_equal(ragged.entry(1)[1], LONG[1])
    assert ragged.values is None
    assert ragged.entry_values(0) is None


def test_a_ragged_case_groups_its_entries_by_shape_in_entry_order():
    case = Case.from_entries([SHORT, LONG, SHORT], ("a", "b", "c"))
    groups = case.groups()
    assert [g[0].tolist() for g in groups] == [[0, 2], [1]]
    assert groups[0][1][0].shape == (2, 2)
    assert groups[1][1][0].shape == (1, 4)


def test_a_ragged_case_may_carry_one_value_vector_per_entry():
    m2, m3 = np.eye(2), np.eye(3)
    case = Case(((m2,), (m3,)), (np.arange(2.0), np.array([0.0, 2.0, 5.0])), ("M2", "M3"))
    assert case.ragged
    assert case.entry_values(1).tolist() == [0.0, 2.0, 5.0]
    assert case.n_classes == 2


def test_a_case_refuses_a_name_count_or_value_shape_that_does_not_match_its_entries():
    with pytest.raises(ValueError, match="one name per entry"):
        Case.from_entries([SHORT, LONG], ("only one",))
    with pytest.raises(ValueError, match="do not match an entry"):
        Case(((np.eye(2),), (np.eye(3),)), (np.arange(2.0), np.arange(2.0)), ("a", "b"))


def test_a_ragged_case_is_scored_as_each_entry_alone():
    subject = resolve_subject("roc_auc")
    case = Case.from_entries([SHORT, LONG, (LONG[0][:3], LONG[1][:3])], ("a", "b", "c"))
    obs = subject.observe(case)
    alone = [ax.score("roc_auc", *case.entry(k)) for k in range(3)]
    assert obs.crash is None
    assert obs.scores.tolist() == pytest.approx(alone)


def test_undefined_entries_of_a_ragged_case_are_marked_and_the_others_scored():
    subject = resolve_subject("roc_auc")
    one_class = (np.array([0.1, 0.5, 0.7]), np.array([1.0, 1.0, 1.0]))
    obs = subject.observe(Case.from_entries([SHORT, one_class], ("both", "one class")))
    assert obs.undefined.tolist() == [False, True]
    assert obs.scores[0] == 1.0
    assert np.isnan(obs.scores[1])


def test_an_exception_in_any_group_is_the_case_crash_with_every_score_missing():
    def picky(scores: np.ndarray, gold: np.ndarray) -> float:
        if scores.size > 2:
            raise RuntimeError("too long")
        return 0.5

    obs = _scored_subject("picky", picky).observe(Case.from_entries([SHORT, LONG], ("a", "b")))
    assert obs.crash is not None
    assert obs.crash.kind == "RuntimeError"
    assert np.isnan(obs.scores).all()


def test_warnings_of_every_group_are_collected():
    def noisy(scores: np.ndarray, gold: np.ndarray) -> float:
        import warnings

        warnings.warn(f"scored {scores.size} items", UserWarning, stacklevel=1)
        return 0.5

    obs = _scored_subject("noisy", noisy).observe(Case.from_entries([SHORT, LONG], ("a", "b")))
    assert sorted(w.split(" (at")[0] for w in obs.warnings) == [
        "UserWarning: scored 2 items",
        "UserWarning: scored 4 items",
    ]


def test_a_precondition_is_evaluated_on_every_group_of_a_ragged_case():
    distinct = ax.claims.get_precondition("distinct_scores").predicate("scored")
    other = (np.array([0.1, 0.2, 0.3]), np.ones(3))
    assert Case.from_entries([SHORT, other], ("a", "b")).satisfies(distinct)
    assert not Case.from_entries([SHORT, LONG], ("a", "b")).satisfies(distinct)


def test_repeating_the_positives_keeps_the_negatives_and_repeats_each_positive_in_place():
    scores, gold = repeat_positives(np.array([0.3, 0.8, 0.1]), np.array([0.0, 1.0, 0.0]), 3)
    assert scores.tolist() == [0.3, 0.8, 0.8, 0.8, 0.1]
    assert gold.tolist() == [0.0, 1.0, 1.0, 1.0, 0.0]


def test_the_prevalence_procedure_compares_the_input_with_its_positives_repeated():
    from hypothesis import find, settings

    procedure = ax.claims.get_claim("prevalence_invariance").procedure("scored")
    strategy = procedure.cases(ax.checker.CaseRequest(family="scored"))
    for k in (2, MAX_REPEAT):
        case = find(
            strategy,
            lambda c, k=k: c.info["k"] == str(k),
            settings=settings(max_examples=500, database=None),
        )
        (s, y), (more_s, _) = case.entry(0), case.entry(1)
        assert case.names == ("Eff(s, y)", f"positives x{k}")
        assert more_s.size == s.size + (k - 1) * int(y.sum())
        assert np.array_equal(more_s, repeat_positives(s, y, k)[0])
        assert case.values is None


@pytest.mark.parametrize(
    ("mutant", "name"),
    [
        (_auc_first_four_items, "auc_first_four_items"),
        (_auc_summed_over_positives, "auc_summed_over_positives"),
    ],
)
def test_prevalence_mutants_are_refuted_with_a_small_ragged_counterexample(mutant, name):
    report = check(_scored_subject(name, mutant), ["prevalence_invariance"], variants=False)
    verdict = report.verdict("prevalence_invariance")
    assert verdict.outcome is Outcome.REFUTED
    entries = verdict.example.entries
    sizes = [e.inputs[0].size for e in entries]
    assert sizes[1] > sizes[0]
    assert max(sizes) <= 10, sizes
    assert all(e.values is None for e in entries)
    k = int(verdict.example.info["k"])
    expected = repeat_positives(*entries[0].inputs, k)
    assert all(np.array_equal(a, b) for a, b in zip(entries[1].inputs, expected, strict=True))


@pytest.mark.parametrize(
    ("name", "outcome"),
    [
        ("roc_auc", Outcome.NOT_REFUTED),
        ("average_precision", Outcome.REFUTED),
        ("precision_at_k", Outcome.REFUTED),
        ("r_precision", Outcome.REFUTED),
        ("log_loss", Outcome.REFUTED),
        ("brier", Outcome.REFUTED),
        ("f1_at", Outcome.REFUTED),
    ],
)
def test_every_scored_measure_keeps_its_committed_prevalence_verdict(name, outcome):
    # The outcomes of reports/report.json before cases could be ragged.
    result = check(name, ["prevalence_invariance"]).result("prevalence_invariance")
    assert result.verdict.outcome is outcome
    assert result.mismatch is None


def test_a_ragged_counterexample_round_trips_through_json_and_the_report():
    report = check("average_precision", ["prevalence_invariance"])
    example = report.verdict("prevalence_invariance").example
    text = example.render()
    assert "scores [" in text
    assert "gold [" in text
    assert "class values" not in text
    record = json.loads(json.dumps(report.to_records(), default=str))[0]
    assert "positives x" in record["counterexample"]
    (model,) = json.loads(json.dumps(refutations_model([report], {})))
    assert [len(e["inputs"][0]) for e in model["entries"]] == [
        e.inputs[0].size for e in example.entries
    ]
    assert all(e["default_values"] and e["values"] == [] for e in model["entries"])
    assert "values=" not in model["reproduce"]
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(model["reproduce"], {})
    assert [float(x) for x in out.getvalue().split()] == pytest.approx(
        [e.score for e in example.entries]
    )


def test_the_property_table_renders_ragged_scored_counterexamples_in_every_format():
    from axiometrics.property_table import build_property_table, render_property_table

    table = build_property_table(measures=["average_precision"], max_examples=20)
    html = render_property_table(table, "html")
    assert "positives x" in html
    assert "scores [" in html
    assert "positives x" in render_property_table(table, "markdown")
    assert "average_precision" in render_property_table(table, "csv")
    assert "AP" in render_property_table(table, "latex")
