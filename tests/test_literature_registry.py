"""The registry of published verdicts: registration, loud refusals, plugins and the nominal source."""

from __future__ import annotations

import importlib.metadata
import subprocess
import sys
import types
from dataclasses import replace

import pytest

from axiometrics import literature
from axiometrics import registry as registry_module
from axiometrics.catalogues import isolated_catalogues
from axiometrics.errors import PluginLoadWarning, RegistrationError, UnknownClaimError
from axiometrics.literature import (
    CLASSIFIED_KINDS,
    DISAGREEMENTS,
    LITERATURE,
    LITERATURE_ENTRY_POINT_GROUP,
    SOURCES,
    Disagreement,
    LiteratureSource,
    LiteratureVerdict,
    PublishedRange,
)
from axiometrics.registry import Registry, default_registry

TOY = "toy2026"


def toy_source(*verdicts: LiteratureVerdict, disagreements=(), key: str = TOY) -> LiteratureSource:
    """A small table: by default one verdict the checker agrees with."""
    if not verdicts:
        verdicts = (LiteratureVerdict(key, "f1", "true_negative_invariance", True, "TN"),)
    return LiteratureSource(key, "Toy 2026, Table 9", "T", verdicts, disagreements)


@pytest.fixture
def cleanup():
    """Every source a test registers goes to a copy of the catalogues, dropped after it."""
    with isolated_catalogues() as copy:
        yield copy


def test_a_registered_source_appears_in_every_view_and_leaves_with_unregister(cleanup):
    verdict = LiteratureVerdict(TOY, "precision", "prevalence_invariance", True, "Prev.")
    why = "a toy reading of a toy column"
    src = toy_source(
        verdict,
        disagreements=[Disagreement(TOY, "precision", "prevalence_invariance", "definition", why)],
    )
    literature.register(src)
    assert SOURCES[TOY] == "Toy 2026, Table 9"
    assert verdict in LITERATURE
    assert literature.literature_for("precision", "prevalence_invariance")[-1] == verdict
    assert verdict.citation == "Toy 2026, Table 9"
    assert literature.abbreviation(TOY) == "T"
    assert literature.source(TOY).disagreements[0] in DISAGREEMENTS
    assert literature.classify_agreement(
        TOY, "precision", "prevalence_invariance", "disagrees"
    ) == (
        "definition",
        why,
    )
    literature.unregister(TOY)
    assert TOY not in SOURCES
    assert verdict not in LITERATURE


def test_lists_are_frozen_so_equal_tables_compare_equal():
    verdict = LiteratureVerdict(TOY, "f1", "true_negative_invariance", True, "TN")
    as_list = LiteratureSource(TOY, "Toy 2026, Table 9", "T", [verdict])
    assert as_list.verdicts == (verdict,)
    assert as_list == toy_source()


def test_an_alias_is_stored_under_the_registered_name(cleanup):
    alias = LiteratureVerdict(TOY, "balanced_accuracy", "prevalence_invariance", True, "Prev.")
    stored = literature.register(toy_source(alias))
    assert stored.verdicts[0].measure == "maac"
    assert literature.literature_for("maac", "prevalence_invariance")[-1].source == TOY


def test_the_identical_source_again_is_not_a_clash(cleanup):
    first = literature.register(toy_source())
    assert literature.register(toy_source()) == first
    assert [s.key for s in literature.sources()].count(TOY) == 1


def test_a_key_registered_again_with_another_citation_is_refused(cleanup):
    literature.register(toy_source())
    other = toy_source(LiteratureVerdict(TOY, "recall", "true_negative_invariance", True, "TN"))
    with pytest.raises(RegistrationError, match=r"source='toy2026': .*already registered"):
        literature.register(replace(other, citation="Toy 2026, Table 10"))
    with pytest.raises(RegistrationError, match=r"repeat its citation, abbreviation and reference"):
        literature.register(replace(other, reference="another paper"))
    amigo = literature.source("amigo2020")
    with pytest.raises(RegistrationError, match=r"source='amigo2020': .*different content"):
        literature.register(replace(amigo, citation="Amigó et al. 2020, Table 3"))


def test_a_part_of_the_same_publication_adds_its_statements_to_the_source(cleanup):
    first = literature.register(toy_source())
    recall = LiteratureVerdict(TOY, "recall", "true_negative_invariance", True, "TN")
    ranged = PublishedRange(TOY, "recall", 0.0, 1.0, "§2", "between 0 and 1")
    merged = literature.register(replace(toy_source(recall), ranges=[ranged]))
    assert merged.verdicts == (*first.verdicts, recall)
    assert merged.ranges == (ranged,)
    assert literature.source(TOY) == merged
    assert [s.key for s in literature.sources()].count(TOY) == 1
    assert literature.register(toy_source(recall)) == merged  # a part registered again: no-op
    assert literature.register(toy_source()) == merged


def test_a_part_stating_only_a_range_adds_it_to_the_source(cleanup):
    first = literature.register(toy_source())
    ranged = PublishedRange(TOY, "recall", 0.0, 1.0, "§2", "between 0 and 1")
    merged = literature.register(replace(toy_source(), verdicts=(), ranges=[ranged]))
    assert merged.verdicts == first.verdicts
    assert merged.ranges == (ranged,)


@pytest.mark.parametrize(
    ("part", "what"),
    [
        (
            toy_source(LiteratureVerdict(TOY, "f1", "true_negative_invariance", False, "TN")),
            "verdict",
        ),
        (
            replace(toy_source(), ranges=[PublishedRange(TOY, "f1", 0.0, 2.0, "§3", "up to 2")]),
            "range of",
        ),
    ],
)
def test_a_part_restating_a_statement_differently_is_refused(cleanup, part, what):
    stated = PublishedRange(TOY, "f1", 0.0, 1.0, "§2", "between 0 and 1")
    literature.register(replace(toy_source(), ranges=[stated]))
    with pytest.raises(RegistrationError, match=rf"{what} .* already registered with different"):
        literature.register(part)


def test_a_source_whose_mark_is_taken_is_refused(cleanup):
    with pytest.raises(
        RegistrationError, match=r"abbreviation='A' already marks source 'amigo2020'"
    ):
        literature.register(replace(toy_source(), abbreviation="A"))
    assert len({s.abbreviation for s in literature.sources()}) == len(literature.sources())


def test_the_built_in_source_itself_registers_as_a_no_op():
    amigo = literature.source("amigo2020")
    assert literature.register(amigo) is amigo


def test_a_source_is_validated_against_the_lookup_it_is_given(cleanup):
    """The catalogue needs no registry: a registry, or a plain name -> Measure function."""
    registry = default_registry()
    asked: list[str] = []

    def lookup(name: str):
        asked.append(name)
        return registry.measure(name)

    stored = literature.register(toy_source(), lookup)
    assert set(asked) == {"f1"}
    assert literature.source(TOY) == stored
    literature.unregister(TOY)


def test_a_lookup_that_does_not_know_the_measure_refuses_the_source():
    with pytest.raises(RegistrationError, match="'f1'"):
        literature.register(toy_source(), Registry())  # an empty registry knows no measure
    with pytest.raises(RegistrationError, match="lookup=int: expected a registry"):
        literature.register(toy_source(), 3)  # type: ignore[arg-type]


def test_an_unknown_measure_is_refused_with_the_nearest_names():
    bad = LiteratureVerdict(TOY, "precison", "true_negative_invariance", True, "TN")
    with pytest.raises(RegistrationError, match=r"name='precison'; did you mean 'precision'"):
        literature.register(toy_source(bad))
    assert TOY not in SOURCES


def test_an_unknown_claim_is_refused_with_the_nearest_names():
    bad = LiteratureVerdict(TOY, "f1", "true_negative_invariace", True, "TN")
    with pytest.raises(UnknownClaimError, match="true_negative_invariance"):
        literature.register(toy_source(bad))


def test_a_claim_outside_the_measures_families_is_refused():
    bad = LiteratureVerdict(TOY, "nmd", "prevalence_invariance", False, "Prev.")
    with pytest.raises(RegistrationError, match=r"does not apply to 'nmd', whose families are oq"):
        literature.register(toy_source(bad))


def test_an_unknown_precondition_is_refused_with_the_nearest_names():
    bad = LiteratureVerdict(
        TOY, "f1", "true_negative_invariance", True, "TN", ("no_empty_gold_clas",)
    )
    with pytest.raises(UnknownClaimError, match="no_empty_gold_class"):
        literature.register(toy_source(bad))


def test_a_measure_with_parameters_is_refused():
    bad = LiteratureVerdict(TOY, "fbeta(beta=2)", "true_negative_invariance", True, "TN")
    with pytest.raises(RegistrationError, match="without parameters"):
        literature.register(toy_source(bad))


def test_a_verdict_filed_under_another_source_is_refused():
    bad = LiteratureVerdict("elsewhere", "f1", "true_negative_invariance", True, "TN")
    with pytest.raises(RegistrationError, match=r"source='elsewhere': expected 'toy2026'"):
        literature.register(toy_source(bad))


def test_one_measure_and_claim_listed_twice_is_refused():
    once = LiteratureVerdict(TOY, "f1", "true_negative_invariance", True, "TN")
    with pytest.raises(RegistrationError, match="listed twice"):
        literature.register(toy_source(once, replace(once, column="TN again")))


@pytest.mark.parametrize(
    ("disagreement", "problem"),
    [
        (
            Disagreement(TOY, "recall", "true_negative_invariance", "finding", "why"),
            "has no verdict for this measure and claim",
        ),
        (
            Disagreement(TOY, "f1", "true_negative_invariance", "defintion", "why"),
            "did you mean 'definition'",
        ),
        (
            Disagreement(TOY, "f1", "true_negative_invariance", "finding", "two\nlines"),
            "one non-empty line",
        ),
        (
            Disagreement(TOY, "f1", "true_negative_invariance", "finding", "x" * 201),
            "at most 200 characters",
        ),
        (
            Disagreement("elsewhere", "f1", "true_negative_invariance", "finding", "why"),
            "expected 'toy2026'",
        ),
    ],
)
def test_a_malformed_classification_is_refused(disagreement, problem):
    with pytest.raises(RegistrationError, match=problem):
        literature.register(toy_source(disagreements=[disagreement]))
    assert TOY not in SOURCES


def test_a_disagreement_classified_twice_is_refused():
    d = Disagreement(TOY, "f1", "true_negative_invariance", "finding", "why")
    with pytest.raises(RegistrationError, match="classified twice"):
        literature.register(toy_source(disagreements=[d, replace(d, kind="definition")]))


@pytest.mark.parametrize(
    ("source", "problem"),
    [
        ("not a source", "expected a LiteratureSource"),
        (toy_source(key="Bad Key"), "lower-case letters"),
        (replace(toy_source(), citation=""), "citation='': expected a non-empty single line"),
        (replace(toy_source(), abbreviation="A\nB"), "abbreviation="),
        (
            LiteratureSource(TOY, "Toy 2026, Table 9", "T", ()),
            "at least one verdict or published range",
        ),
        (toy_source(LiteratureVerdict(TOY, "f1", "true_negative_invariance", 1, "TN")), "holds=1"),  # type: ignore[arg-type]
    ],
)
def test_a_malformed_source_is_refused(source, problem):
    with pytest.raises(RegistrationError, match=problem):
        literature.register(source)


def test_unregister_refuses_unknown_keys():
    with pytest.raises(RegistrationError, match="unknown literature source='toy2026'"):
        literature.unregister(TOY)
    with pytest.raises(RegistrationError, match="did you mean 'amigo2020'"):
        literature.source("amigo202")


# -- the entry-point group ------------------------------------------------------------


def _entry_point(name: str, obj: object, dist_name: str) -> types.SimpleNamespace:
    module = types.ModuleType(f"_axiometrics_literature_{name}")
    module.obj = obj  # type: ignore[attr-defined]
    sys.modules[module.__name__] = module
    ep = importlib.metadata.EntryPoint(
        name=name, value=f"{module.__name__}:obj", group=LITERATURE_ENTRY_POINT_GROUP
    )
    return types.SimpleNamespace(
        name=ep.name, value=ep.value, load=ep.load, dist=types.SimpleNamespace(name=dist_name)
    )


@pytest.fixture
def installed(monkeypatch, cleanup):
    """Fake ``axiometrics.literature`` entry points next to the real plugins."""
    real = registry_module.entry_points
    created: list[str] = []

    def install(name: str, obj: object, dist_name: str = "toy-dist") -> None:
        ep = _entry_point(name, obj, dist_name)
        created.append(ep.value.partition(":")[0])

        def fake(group: str) -> list:
            found = list(real(group))
            return [*found, ep] if group == LITERATURE_ENTRY_POINT_GROUP else found

        monkeypatch.setattr(registry_module, "entry_points", fake)

    yield install
    for module in created:
        sys.modules.pop(module, None)


def test_a_literature_entry_point_is_loaded_after_the_measures(installed):
    installed("toy", [toy_source()])
    reg = Registry()
    reg.load_entry_points(strict=True)
    assert SOURCES[TOY] == "Toy 2026, Table 9"
    assert reg.failed_plugins() == {}


def test_a_failing_third_party_literature_plugin_is_skipped_as_a_whole(installed):
    good = toy_source(key="toy_good")
    good = replace(good, verdicts=tuple(replace(v, source="toy_good") for v in good.verdicts))
    bad = toy_source(LiteratureVerdict(TOY, "precison", "true_negative_invariance", True, "TN"))
    installed("mixed", [good, bad])
    reg = Registry()
    with pytest.warns(PluginLoadWarning, match=r"axiometrics\.literature plugin mixed.*precison"):
        reg.load_entry_points()
    assert "toy_good" not in literature.registered_keys()  # all of the plugin or nothing
    assert [w for w in reg.failed_plugins() if w.startswith("mixed = ")]
    with pytest.raises(RegistrationError, match="did you mean 'precision'"):
        Registry().load_entry_points(strict=True)


def test_a_literature_entry_point_giving_something_else_is_refused(installed):
    installed("odd", ["amigo2020"], "axiometrics")  # a built-in plugin's failure raises
    with pytest.raises(RegistrationError, match="must provide LiteratureSource objects"):
        Registry().load_entry_points()


# -- the sources shipped with axiometrics -------------------------------------------------


def test_every_source_comes_from_the_entry_point_of_the_family_it_is_about():
    registry = default_registry()
    eps = {ep.name: ep for ep in registry_module.entry_points(LITERATURE_ENTRY_POINT_GROUP)}
    assert {"oc", "oq", "nominal"} <= set(eps)
    names = ("oc", "oq", "nominal", "regression", "generation", "language_model")
    provided = {name: list(eps[name].load()) for name in names}
    assert {name: [s.key for s in parts] for name, parts in provided.items()} == {
        "oc": ["amigo2020", "sakai2021_t4"],
        "oq": ["sakai2021_t7", "sakai2022_t1", "sakai2022_ppp"],
        "nominal": ["potts2020"],
        "regression": ["potts2020", "sklearn_docs", "sklearn_tests", "hf_evaluate"],
        "generation": ["potts2020", "hf_evaluate", "sacrebleu_docs", "jiwer_docs"],
        "language_model": ["potts2020", "hf_evaluate"],
    }
    for family, parts in provided.items():
        for part in parts:  # what each plugin gives, before the catalogue merges parts
            for v in part.verdicts:
                assert family in registry.measure(v.measure).families, v


def test_the_built_in_sources_register_family_by_family_in_the_families_order():
    from axiometrics.family import registered_families

    by_family = {
        "oc": ["amigo2020", "sakai2021_t4"],
        "oq": ["sakai2021_t7", "sakai2022_t1", "sakai2022_ppp"],
        "nominal": ["potts2020"],
    }
    expected = [k for f in registered_families() for k in by_family.get(f.name, [])]
    code = "import axiometrics.registry\nfrom axiometrics import literature\n"
    code += "print(*(s.key for s in literature.sources()))"
    fresh = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    keys = fresh.stdout.split()  # a fresh process: no test has (un)registered anything
    assert [k for k in keys if k in set(expected)] == expected


def test_the_nominal_plugin_contributes_the_notebooks_statements():
    literature.sources()  # loads the plugins
    assert "potts2020" in literature.registered_keys()
    notebook = literature.source("potts2020")
    assert notebook.citation == "Potts 2020, CS224u metrics notebook"
    registry = default_registry()
    families = [registry.measure(v.measure).families for v in notebook.verdicts]
    nominal = [f for f in families if "nominal" in f]
    regression = [f for f in families if "regression" in f]
    generation = [f for f in families if "generation" in f]
    language_model = [f for f in families if "language_model" in f]
    # The parts in the families' order: nominal, regression, generation, language models.
    assert families == nominal + regression + generation + language_model
    assert regression
    assert generation
    assert language_model
    assert all(v.passage for v in notebook.verdicts)  # each with the notebook's own words
    assert {(d.measure, d.claim, d.kind) for d in notebook.disagreements} == {
        ("f1_macro", "prevalence_invariance", "definition"),
        ("fbeta_macro", "prevalence_invariance", "definition"),
        ("median_absolute_error", "bounded_influence", "definition"),  # the regression part's
    }
    tn = literature.literature_for("f1", "true_negative_invariance")
    assert [(v.source, v.holds) for v in tn] == [("potts2020", True)]


def test_every_classification_of_every_source_names_one_of_its_verdicts_once():
    for src in literature.sources():
        published = {(v.measure, v.claim) for v in src.verdicts}
        keys = [(d.measure, d.claim) for d in src.disagreements]
        assert len(keys) == len(set(keys)), src.key
        assert set(keys) <= published, src.key
        assert {d.kind for d in src.disagreements} <= set(CLASSIFIED_KINDS)
        assert all(d.source == src.key for d in src.disagreements)


def _ranged(*ranges, range_disagreements=()) -> LiteratureSource:
    return replace(toy_source(), ranges=ranges, range_disagreements=range_disagreements)


def test_a_published_range_is_registered_under_the_measures_canonical_name(cleanup):
    stated = literature.PublishedRange(TOY, "r2_score", 0.0, 1.0, "§2", "between 0 and 1")
    why = "y = (1, 2, 3, 4), ŷ = (4, 3, 2, 1) scores -3"
    finding = Disagreement(TOY, "r2", literature.RANGE, "finding", why)
    literature.register(_ranged(stated, range_disagreements=[finding]))
    (found,) = [r for r in literature.published_ranges() if r.source == TOY]
    assert (found.measure, found.label) == ("r2", "[0, 1]")
    assert literature.source(TOY).range_disagreements == (finding,)


@pytest.mark.parametrize(
    ("kind", "why", "message"),
    [
        ("findng", "R² has no lower bound", "did you mean 'finding'"),
        ("finding", "x" * 201, "expected one non-empty line of at most 200 characters"),
        ("finding", "two\nlines", "expected one non-empty line"),
    ],
)
def test_a_range_classification_obeys_the_rules_of_every_classification(
    cleanup, kind, why, message
):
    stated = literature.PublishedRange(TOY, "r2", 0.0, 1.0, "§2", "between 0 and 1")
    classified = Disagreement(TOY, "r2", literature.RANGE, kind, why)
    with pytest.raises(RegistrationError, match=message):
        literature.register(_ranged(stated, range_disagreements=[classified]))


@pytest.mark.parametrize(("lower", "upper"), [(1.0, 0.0), (0.5, 0.5), (float("nan"), 1.0)])
def test_an_empty_or_unordered_published_range_is_refused(lower, upper):
    with pytest.raises(ValueError, match="lower"):
        literature.PublishedRange(TOY, "r2", lower, upper, "§2", "words")


@pytest.mark.parametrize(
    ("ranges", "classified", "message"),
    [
        ((("other2026", "r2"),), (), "expected 'toy2026'"),
        (((TOY, "r2"), (TOY, "r2_score")), (), "at most one range per measure"),
        (((TOY, "r2"),), ((TOY, "mean_squared_error"),), "states no range for this measure"),
    ],
)
def test_inconsistent_published_ranges_are_refused_loudly(cleanup, ranges, classified, message):
    stated = [literature.PublishedRange(s, m, 0.0, 1.0, "§2", "words") for s, m in ranges]
    why = "a counterexample"
    found = [Disagreement(s, m, literature.RANGE, "finding", why) for s, m in classified]
    with pytest.raises(RegistrationError, match=message):
        literature.register(_ranged(*stated, range_disagreements=found))
