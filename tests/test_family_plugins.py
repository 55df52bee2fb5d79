"""Families added by plugins: the families entry point, multi-family measures, add_procedure."""

import dataclasses
import importlib.metadata
import re
import sys
import types
import warnings

import numpy as np
import pytest
from hypothesis import strategies as st

from axiometrics import (
    Claim,
    Holds,
    Measure,
    MeasurePlugin,
    NotApplicable,
    PluginLoadWarning,
    Range,
    RegistrationError,
    Registry,
    UnknownClaimError,
    Violated,
)
from axiometrics import claims as claims_module
from axiometrics import family as family_module
from axiometrics import registry as registry_module
from axiometrics.catalogues import isolated_catalogues
from axiometrics.checker import Case, Procedure, check
from axiometrics.checker.rules import decide_equal
from axiometrics.claims import add_procedure, claims_for_family
from axiometrics.family import Family, get_family
from axiometrics.measures.oc.strategies import confusion_matrices

OC_CLAIMS = {c.name: Holds() for c in claims_for_family("oc")}


def trace_share(matrices, *, values):
    return np.trace(matrices, axis1=-2, axis2=-1) / matrices.sum(axis=(-2, -1))


def toy_family(name="toy", inputs=("matrices",)):
    oc = get_family("oc")
    return Family(name, f"Toy family {name}", inputs, oc.prepare, coerce=oc.coerce)


def _transpose_cases(request):
    def build(m):
        return Case((np.stack([m, m.T]),), np.arange(m.shape[0], dtype=float), ("M", "M.T"))

    return confusion_matrices(max_classes=4, max_count=20).map(build)


TRANSPOSE = Procedure(cases=_transpose_cases, decide=decide_equal("M and M.T"))


def _scaled_cases(request):
    def build(pair):
        m, k = pair
        return Case((np.stack([m, k * m]),), np.arange(m.shape[0], dtype=float), ("M", "k M"))

    return st.tuples(confusion_matrices(max_classes=4, max_count=20), st.integers(2, 5)).map(build)


SCALED = Procedure(cases=_scaled_cases, decide=decide_equal("M and k M"))


@pytest.fixture
def catalogue():
    """Every family, claim and precondition a test registers goes to a copy, dropped after it."""
    with isolated_catalogues() as copy:
        yield copy


def _entry_point(group, name, obj, dist_name):
    module = types.ModuleType(f"fake_{group.replace('.', '_')}_{name}")
    module.obj = obj
    sys.modules[module.__name__] = module
    ep = importlib.metadata.EntryPoint(name=name, value=f"{module.__name__}:obj", group=group)
    return types.SimpleNamespace(
        name=ep.name, value=ep.value, load=ep.load, dist=types.SimpleNamespace(name=dist_name)
    )


@pytest.fixture
def installed(monkeypatch, catalogue):
    """Fake entry points: call with ``(group, name, object, distribution)`` tuples."""
    created = []

    def install(*specs):
        eps: dict[str, list] = {}
        for group, name, obj, dist_name in specs:
            ep = _entry_point(group, name, obj, dist_name)
            created.append(ep.value.partition(":")[0])
            eps.setdefault(group, []).append(ep)
        monkeypatch.setattr(registry_module, "entry_points", lambda group: eps.get(group, []))

    yield install
    for name in created:
        sys.modules.pop(name, None)


def toy_plugin(family_name="toy", measure_name="toy_hits"):
    claim = Claim(
        f"{family_name}_transpose",
        "Transpose",
        (family_name,),
        "universal",
        "Eff(M) == Eff(M.T).",
        procedures={family_name: TRANSPOSE},
        required=True,
    )
    plugin = MeasurePlugin(f"{family_name}-plugin")
    plugin.add(
        Measure(
            measure_name,
            family_name,
            True,
            Range(0, 1),
            description="Share of items on the diagonal.",
            claims={claim.name: Holds()},
        ),
        trace_share,
    )
    return claim, plugin


# -- the families entry point -----------------------------------------------------


def test_a_family_entry_point_is_loaded_before_the_claims_and_measures_that_need_it(installed):
    fam = toy_family()
    claim, plugin = toy_plugin()
    installed(
        ("axiometrics.families", "toy", fam, "toy-dist"),
        ("axiometrics.claims", "toy", [claim], "toy-dist"),
        ("axiometrics.measures", "toy", plugin, "toy-dist"),
    )
    reg = Registry()
    reg.load_entry_points(strict=True)
    assert get_family("toy") is fam
    assert reg.names(family="toy") == ["toy_hits"]
    assert reg.get("toy_hits")(np.array([[3, 1], [0, 4]])) == pytest.approx(7 / 8)


def test_a_families_entry_point_may_give_a_list_of_families(installed):
    first, second = toy_family("toy_a"), toy_family("toy_b")
    installed(("axiometrics.families", "toys", [first, second], "toy-dist"))
    Registry().load_entry_points(strict=True)
    assert get_family("toy_a") is first
    assert get_family("toy_b") is second


def test_loading_the_same_family_object_again_is_not_a_clash(installed):
    fam = toy_family()
    installed(("axiometrics.families", "toy", fam, "toy-dist"))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        Registry().load_entry_points(strict=True)
        Registry().load_entry_points(strict=True)
    assert get_family("toy") is fam


def test_a_third_party_family_clashing_with_a_registered_name_is_skipped_with_a_warning(
    installed,
):
    installed(("axiometrics.families", "evil", toy_family("OC"), "evil-dist"))
    reg = Registry()
    with pytest.warns(PluginLoadWarning, match=r"axiometrics\.families plugin evil.*'OC'"):
        reg.load_entry_points()
    assert get_family("oc").title == "Ordinal classification"
    ((where, error),) = reg.failed_plugins().items()
    assert where.startswith("evil = ")
    assert "already registered" in error


def test_a_family_entry_point_giving_something_else_registers_none_of_its_families(installed):
    installed(("axiometrics.families", "mixed", [toy_family("toy_ok"), "nominal"], "x-dist"))
    with pytest.warns(PluginLoadWarning, match="must provide Family objects"):
        Registry().load_entry_points()
    with pytest.raises(RegistrationError, match="unknown family='toy_ok'"):
        get_family("toy_ok")


def test_strict_loading_raises_a_third_party_familys_error(installed):
    installed(("axiometrics.families", "evil", toy_family("oq"), "evil-dist"))
    with pytest.raises(RegistrationError, match="family='oq': a family with this name"):
        Registry().load_entry_points(strict=True)


def test_a_failing_builtin_family_entry_point_raises(installed):
    installed(("axiometrics.families", "broken", [42], "axiometrics"))
    with pytest.raises(RegistrationError, match="got int"):
        Registry().load_entry_points()


def test_third_party_families_are_not_loaded_when_disabled(installed):
    installed(("axiometrics.families", "toy", toy_family(), "toy-dist"))
    Registry().load_entry_points(third_party=False)
    with pytest.raises(RegistrationError, match="unknown family='toy'"):
        get_family("toy")


# -- measures of several families --------------------------------------------------


@pytest.fixture
def toy_registered(catalogue):
    fam = family_module.register_family(toy_family())
    claim, _plugin = toy_plugin()
    claims_module.register_claim(claim)
    return fam, claim


def two_family_measure(**overrides):
    claims = {**OC_CLAIMS, "toy_transpose": Holds()}
    fields = {
        "name": "hits_both",
        "family": "oc",
        "higher_is_better": True,
        "range": Range(0, 1),
        "claims": claims,
        "also_families": ("toy",),
    }
    fields.update(overrides)
    return Measure(**fields)


def test_a_measure_of_two_families_is_listed_under_both(toy_registered):
    reg = Registry()
    reg.register(two_family_measure(), trace_share)
    m = reg.measure("hits_both")
    assert m.family == "oc"
    assert m.families == ("oc", "toy")
    assert reg.names(family="oc") == ["hits_both"]
    assert reg.names(family="TOY") == ["hits_both"]
    assert [s.name for s in reg.scorers(family="toy")] == ["hits_both"]
    assert reg.names(family="oq") == []


def test_extra_family_names_are_canonicalised_at_registration(toy_registered, catalogue):
    family_module.register_family(toy_family("Upper"))
    reg = Registry()
    reg.register(two_family_measure(also_families=("TOY", "upper")), trace_share)
    assert reg.measure("hits_both").also_families == ("toy", "Upper")


def test_a_measure_must_declare_the_required_claims_of_every_family(toy_registered):
    claims = dict(OC_CLAIMS)
    with pytest.raises(RegistrationError, match=r"applies to family 'toy'.*missing: toy_transpose"):
        Registry().register(two_family_measure(claims=claims), trace_share)


def test_an_unknown_extra_family_is_rejected(toy_registered):
    with pytest.raises(RegistrationError, match=r"also_families: unknown family='toyy'"):
        Registry().register(two_family_measure(also_families=("toyy",)), trace_share)


def test_an_extra_family_with_other_inputs_is_rejected(toy_registered):
    with pytest.raises(RegistrationError, match=r"family 'oq' takes inputs \['system', 'gold'\]"):
        Registry().register(two_family_measure(also_families=("oq",)), trace_share)


@pytest.mark.parametrize("extra", [("oc",), ("toy", "TOY")])
def test_a_family_listed_twice_is_rejected(toy_registered, extra):
    with pytest.raises(RegistrationError, match=r"repeat|listed twice"):
        Registry().register(two_family_measure(also_families=extra), trace_share)


def test_a_claim_of_none_of_the_measures_families_cannot_hold(toy_registered):
    claims = {**OC_CLAIMS, "toy_transpose": Holds(), "priority_preservation": Holds()}
    with pytest.raises(RegistrationError, match=r"not 'oc/toy'"):
        Registry().register(two_family_measure(claims=claims), trace_share)


def test_a_claim_of_the_extra_family_is_not_required_of_single_family_measures(toy_registered):
    reg = Registry()
    reg.register(
        two_family_measure(name="oc_only", also_families=(), claims=OC_CLAIMS), trace_share
    )
    assert reg.measure("oc_only").declaration("toy_transpose") == NotApplicable(
        "applies to toy measures only"
    )


def test_the_claim_family_is_the_first_family_with_a_procedure(toy_registered):
    _, toy_claim = toy_registered
    m = two_family_measure()
    assert m.claim_family(claims_module.get_claim("symmetry")) == "oc"
    assert m.claim_family(toy_claim) == "toy"
    assert m.claim_family(claims_module.get_claim("priority_preservation")) is None
    add_procedure("symmetry", "toy", TRANSPOSE)
    assert m.claim_family(claims_module.get_claim("symmetry")) == "oc"
    toy_first = two_family_measure(family="toy", also_families=("oc",))
    assert toy_first.claim_family(claims_module.get_claim("symmetry")) == "toy"
    assert toy_first.claim_family(claims_module.get_claim("imbalance")) == "oc"


def test_the_checker_checks_the_claims_of_every_family_of_a_measure(toy_registered):
    reg = Registry()
    claims = {**OC_CLAIMS, "toy_transpose": Holds(), "symmetry": Holds()}
    reg.register(two_family_measure(claims=claims), trace_share)
    report = check("hits_both", registry=reg, variants=False, max_examples=20)
    checked = {r.claim for r in report.results}
    assert checked >= {c.name for c in claims_for_family("oc")} | {"toy_transpose"}
    assert report.family == "oc"
    assert report.result("toy_transpose").verdict.outcome.name == "NOT_REFUTED"


def test_each_claim_is_checked_with_the_procedure_of_the_family_that_has_one(toy_registered):
    """The toy family's own procedure for count_scale_invariance is used when toy comes first."""
    add_procedure("count_scale_invariance", "toy", SCALED)
    reg = Registry()
    claims = {**OC_CLAIMS, "toy_transpose": Holds()}
    reg.register(
        two_family_measure(name="toy_first", family="toy", also_families=("oc",), claims=claims),
        trace_share,
    )
    report = check(
        "toy_first",
        ["count_scale_invariance", "imbalance"],
        registry=reg,
        variants=False,
        max_examples=10,
    )
    scaled = report.result("count_scale_invariance").verdict
    assert scaled.outcome.name == "NOT_REFUTED"
    assert report.result("imbalance").verdict.outcome.name == "REFUTED"


# -- add_procedure -----------------------------------------------------------------


def test_add_procedure_extends_an_existing_claim_to_a_new_family(toy_registered):
    before = claims_module.get_claim("symmetry").families
    updated = add_procedure("symmetry", "toy", TRANSPOSE, plugin="toy-plugin")
    assert updated.families == (*before, "toy")
    assert claims_module.get_claim("symmetry").procedure("toy") is TRANSPOSE
    assert "symmetry" in {c.name for c in claims_module.required_claims_for_family("toy")}


def test_adding_the_same_procedure_again_changes_nothing(toy_registered):
    first = add_procedure("symmetry", "toy", TRANSPOSE)
    assert add_procedure("symmetry", "toy", TRANSPOSE) == first
    assert claims_module.get_claim("symmetry").families == first.families
    assert first.families.count("toy") == 1


def test_a_second_procedure_for_the_same_family_fails_loudly(toy_registered):
    with pytest.raises(RegistrationError, match=r"plugin='late' claim='symmetry' family='oc'"):
        add_procedure("symmetry", "oc", TRANSPOSE, plugin="late")


def test_add_procedure_on_an_unknown_claim_suggests_the_nearest(toy_registered):
    with pytest.raises(UnknownClaimError, match="did you mean 'symmetry'"):
        add_procedure("symetry", "toy", TRANSPOSE)


@pytest.mark.parametrize(
    ("family_name", "procedure", "problem"),
    [
        ("Toy", TRANSPOSE, "lower_snake_case"),
        ("toy", "no_colon", "module:attribute"),
        ("toy", object(), "expected a Procedure"),
    ],
)
def test_add_procedure_validates_its_arguments(toy_registered, family_name, procedure, problem):
    before = claims_module.get_claim("symmetry").families
    with pytest.raises(RegistrationError, match=problem):
        add_procedure("symmetry", family_name, procedure)
    assert claims_module.get_claim("symmetry").families == before


def test_a_violated_declaration_of_an_added_claim_is_kept(toy_registered):
    add_procedure("symmetry", "toy", TRANSPOSE)
    reg = Registry()
    claims = {**OC_CLAIMS, "toy_transpose": Holds(), "symmetry": Violated(note="asymmetric")}
    reg.register(two_family_measure(claims=claims), trace_share)
    assert reg.measure("hits_both").declaration("symmetry") == Violated(note="asymmetric")


# -- add_predicate and claims shared by two plugins ----------------------------------


def _no_empty_rows(matrices, *, values):
    return np.all(matrices.sum(axis=-1) > 0, axis=-1)


def test_add_predicate_lets_an_existing_precondition_restrict_a_new_family(toy_registered):
    pre = claims_module.add_predicate("no_empty_system_class", "toy", _no_empty_rows)
    assert pre.families[-1] == "toy"
    assert claims_module.get_precondition("no_empty_system_class").holds(
        "toy", np.array([[[1, 0], [0, 1]], [[1, 1], [0, 0]]]), values=np.arange(2.0)
    ).tolist() == [True, False]
    assert claims_module.add_predicate("no_empty_system_class", "toy", _no_empty_rows) == pre


def test_a_second_predicate_for_the_same_family_fails_loudly(toy_registered):
    with pytest.raises(RegistrationError, match="already has a predicate"):
        claims_module.add_predicate("no_empty_gold_class", "oc", _no_empty_rows, plugin="late")
    with pytest.raises(UnknownClaimError, match="did you mean"):
        claims_module.add_predicate("no_empty_gold_clas", "toy", _no_empty_rows)


def test_a_claim_listed_by_two_claims_entry_points_gets_both_procedures(installed):
    first, second = toy_family("toy_a"), toy_family("toy_b")

    def shared(fam):
        return Claim(
            "toy_shared",
            "Shared",
            (fam,),
            "universal",
            "Eff(M) == Eff(M.T).",
            procedures={fam: TRANSPOSE},
            required=True,
        )

    installed(
        ("axiometrics.families", "toys", [first, second], "toy-dist"),
        ("axiometrics.claims", "a_claims", [shared("toy_a")], "toy-dist"),
        ("axiometrics.claims", "b_claims", [shared("toy_b")], "other-dist"),
    )
    Registry().load_entry_points(strict=True)
    merged = claims_module.get_claim("toy_shared")
    assert merged.families == ("toy_a", "toy_b")
    assert merged.procedure("toy_a") is TRANSPOSE
    assert merged.procedure("toy_b") is TRANSPOSE
    # loading again (a second registry) changes nothing and raises nothing
    Registry().load_entry_points(strict=True)
    assert claims_module.get_claim("toy_shared").families == ("toy_a", "toy_b")


def test_a_claim_listed_again_with_another_statement_is_a_clash_not_a_merge(installed):
    first, second = toy_family("toy_a"), toy_family("toy_b")

    def shared(fam, statement):
        return Claim(
            "toy_shared",
            "Shared",
            (fam,),
            "universal",
            statement,
            procedures={fam: TRANSPOSE},
            required=True,
        )

    installed(
        ("axiometrics.families", "toys", [first, second], "toy-dist"),
        ("axiometrics.claims", "a_claims", [shared("toy_a", "Eff(M) == Eff(M.T).")], "toy-dist"),
        ("axiometrics.claims", "b_claims", [shared("toy_b", "Eff(M) >= 0.")], "other-dist"),
    )
    with pytest.raises(RegistrationError, match=r"claim='toy_shared': a claim with this name"):
        Registry().load_entry_points(strict=True)
    assert claims_module.get_claim("toy_shared").families == ("toy_a",)


# -- register_family validates the fields --------------------------------------------


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"title": ""}, "title='': expected a non-empty string"),
        ({"inputs": ()}, "inputs=(): expected a non-empty tuple of input names"),
        ({"inputs": ["matrices"]}, "inputs=['matrices']: expected a non-empty tuple"),
        ({"inputs": ("scores", "values")}, "expected Python identifiers other than values"),
        ({"inputs": ("y true",)}, "got ['y true']"),
        ({"prepare": None}, "prepare=None: expected a callable"),
        ({"read_runs": "reader"}, "read_runs='reader': expected a callable"),
        ({"example_display": "bars"}, "example_display='bars': expected one of"),
        ({"rank": 2.5}, "rank=2.5: expected an integer"),
        ({"rank": True}, "rank=True: expected an integer"),
        ({"call_signatures": (("matrix", "f(m)"),)}, "expected a (name, CallSignature) pair"),
        ({"input_features": (("weights", "w"),)}, "input_features entry=('weights', 'w')"),
        ({"input_features": (("", (1,)),)}, "expected a (name, probe inputs) pair"),
        (
            {"input_features": (("w", (1,)), ("w", (2,)))},
            "input_features names=['w', 'w']: expected each name once",
        ),
    ],
)
def test_registering_a_family_with_a_bad_field_names_the_field_and_registers_nothing(
    catalogue, changes, message
):
    bad = dataclasses.replace(toy_family("toy_bad"), **changes)
    with pytest.raises(RegistrationError, match=re.escape(message)):
        family_module.register_family(bad, plugin="toy-plugin")
    with pytest.raises(RegistrationError, match="unknown family='toy_bad'"):
        get_family("toy_bad")


def test_registering_something_other_than_a_family_is_refused(catalogue):
    with pytest.raises(RegistrationError, match=r"expected an axiometrics\.family\.Family"):
        family_module.register_family("toy", plugin="toy-plugin")  # type: ignore[arg-type]
