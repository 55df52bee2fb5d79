import importlib.metadata
import re
import sys
import types

import numpy as np
import pytest

import axiometrics as ax
from axiometrics import (
    DuplicateMeasureError,
    Holds,
    InvalidParameterError,
    Measure,
    MeasurePlugin,
    NotApplicable,
    Param,
    PluginLoadWarning,
    Range,
    RegistrationError,
    Registry,
    UnknownClaimError,
    UnknownMeasureError,
    Violated,
)
from axiometrics import registry as registry_module
from axiometrics.claims import claims_for_family

OC_CLAIMS = {c.name: Holds() for c in claims_for_family("oc")}


def trace_share(matrices, *, values):
    return np.trace(matrices, axis1=-2, axis2=-1) / matrices.sum(axis=(-2, -1))


def make_measure(**overrides):
    fields = {
        "name": "hits",
        "family": "oc",
        "higher_is_better": True,
        "range": Range(0, 1),
        "claims": dict(OC_CLAIMS),
    }
    fields.update(overrides)
    return Measure(**fields)


def test_registered_measure_scores_inputs():
    reg = Registry()
    scorer = reg.register(make_measure(), trace_share, plugin="test")
    assert scorer([[2, 0], [1, 1]]) == 0.75


def test_lookup_by_alias_is_case_insensitive():
    reg = Registry()
    reg.register(make_measure(aliases=("Hit-Rate",)), trace_share)
    assert reg.get("hit-rate").name == "hits"
    assert "HIT-RATE" in reg


def test_unknown_name_suggests_the_nearest_registered_names():
    reg = Registry()
    reg.register(make_measure(), trace_share)
    with pytest.raises(
        UnknownMeasureError, match=r"unknown measure name='hitz'; did you mean 'hits'\?"
    ) as info:
        reg.get("hitz")
    assert isinstance(info.value, KeyError)
    assert info.value.suggestions == ("hits",)


def test_unknown_name_without_a_close_match_points_to_the_list_command():
    reg = Registry()
    reg.register(make_measure(), trace_share)
    with pytest.raises(UnknownMeasureError, match="axiometrics list"):
        reg.get("zzzzzz")


def test_duplicate_registration_names_both_plugins():
    reg = Registry()
    reg.register(make_measure(), trace_share, plugin="first-plugin")
    with pytest.raises(
        DuplicateMeasureError,
        match=r"plugin='second-plugin' measure='hits': name 'hits' is already registered by plugin='first-plugin'",
    ):
        reg.register(make_measure(), trace_share, plugin="second-plugin")


def test_an_alias_clashing_with_another_measure_is_a_duplicate():
    reg = Registry()
    reg.register(make_measure(aliases=("h",)), trace_share, plugin="a")
    with pytest.raises(DuplicateMeasureError, match="name 'H' is already registered by plugin='a'"):
        reg.register(make_measure(name="other", aliases=("H",)), trace_share, plugin="b")


def test_unknown_claim_is_rejected_with_a_suggestion():
    claims = dict(OC_CLAIMS, symetry=Holds())
    with pytest.raises(
        UnknownClaimError,
        match=r"plugin='p' measure='hits': unknown claim name='symetry'; did you mean 'symmetry'",
    ):
        Registry().register(make_measure(claims=claims), trace_share, plugin="p")


def test_every_applicable_claim_must_be_declared():
    claims = dict(OC_CLAIMS)
    del claims["imbalance"]
    with pytest.raises(RegistrationError, match="missing: imbalance"):
        Registry().register(make_measure(claims=claims), trace_share, plugin="p")


def test_claims_of_other_families_are_filled_as_not_applicable():
    scorer = Registry().register(make_measure(), trace_share)
    decl = scorer.measure.declaration("priority_preservation")
    assert isinstance(decl, NotApplicable)


def test_declaring_a_claim_of_another_family_as_holding_is_rejected():
    claims = dict(OC_CLAIMS, priority_preservation=Holds())
    with pytest.raises(
        RegistrationError,
        match="claim 'priority_preservation' applies to families \\['oq'\\], not 'oc'",
    ):
        Registry().register(make_measure(claims=claims), trace_share, plugin="p")


def test_unknown_precondition_is_rejected():
    claims = dict(OC_CLAIMS, ordinal_monotonicity=Holds(preconditions=("no_empty_gold_clas",)))
    with pytest.raises(
        UnknownClaimError,
        match="unknown precondition name='no_empty_gold_clas'; did you mean 'no_empty_gold_class'",
    ):
        Registry().register(make_measure(claims=claims), trace_share, plugin="p")


def test_precondition_of_another_family_is_rejected():
    claims = dict(OC_CLAIMS, symmetry=Holds(preconditions=("gold_not_uniform",)))
    with pytest.raises(
        RegistrationError, match="precondition 'gold_not_uniform' applies to families \\['oq'\\]"
    ):
        Registry().register(make_measure(claims=claims), trace_share, plugin="p")


def test_bad_parameter_default_is_rejected_at_registration():
    bad = make_measure(params=(Param("n", int, default=-1, minimum=0),))
    with pytest.raises(
        RegistrationError, match=r"plugin='p' measure='hits': bad default for parameter 'n'"
    ):
        Registry().register(bad, lambda m, *, values, n: trace_share(m, values=values), plugin="p")


def test_parameter_with_an_unsupported_kind_is_rejected():
    bad = make_measure(params=(Param("w", list, default=[]),))
    with pytest.raises(RegistrationError, match="kind must be int, float, str or bool"):
        Registry().register(bad, lambda m, *, values, w: 0.0, plugin="p")


def test_reserved_parameter_names_are_rejected():
    bad = make_measure(params=(Param("values", int, default=0),))
    with pytest.raises(
        RegistrationError, match="parameter name='values' must be an identifier and not one of"
    ):
        Registry().register(bad, lambda m, *, values: 0.0, plugin="p")


def test_compute_must_accept_the_declared_parameters():
    m = make_measure(params=(Param("n", int, default=1),))
    with pytest.raises(RegistrationError, match=r"must accept keyword arguments \['n'\]"):
        Registry().register(m, trace_share, plugin="p")


def test_compute_must_take_the_family_inputs_positionally():
    m = make_measure(family="oq", claims={c.name: Holds() for c in claims_for_family("oq")})
    with pytest.raises(
        RegistrationError, match=r"must take the family inputs \['system', 'gold'\]"
    ):
        Registry().register(m, trace_share, plugin="p")


def test_unknown_family_is_rejected():
    with pytest.raises(RegistrationError, match="unknown family='ir'"):
        Registry().register(make_measure(family="ir"), trace_share, plugin="p")


def test_bad_names_and_directions_are_rejected():
    with pytest.raises(RegistrationError, match="lower_snake_case"):
        Registry().register(make_measure(name="Bad Name"), trace_share)
    with pytest.raises(RegistrationError, match="higher_is_better must be a bool"):
        Registry().register(make_measure(higher_is_better="yes"), trace_share)


def test_optimum_must_lie_in_the_range():
    with pytest.raises(RegistrationError, match="optimum=2 lies outside range"):
        Registry().register(make_measure(optimum=2), trace_share)


def test_parameters_bind_through_an_expression_and_validate():
    def within(matrices, *, values, n):
        c = matrices.shape[-1]
        idx = np.arange(c)
        near = np.abs(idx[:, None] - idx[None, :]) <= n
        return (matrices * near).sum(axis=(-2, -1)) / matrices.sum(axis=(-2, -1))

    reg = Registry()
    reg.register(
        make_measure(name="within", params=(Param("n", int, default=1, minimum=0),)), within
    )
    matrix = [[1, 0, 1], [0, 0, 0], [0, 0, 0]]
    assert reg.get("within")(matrix) == 0.5
    assert reg.get("within(n=2)")(matrix) == 1.0
    assert str(reg.get("within(n=2)").measure) == "within(n=2)"
    with pytest.raises(
        InvalidParameterError, match=r"measure='within' parameter n=-1: expected int >= 0"
    ):
        reg.get("within(n=-1)")
    with pytest.raises(InvalidParameterError, match=r"has no parameter nn=3; did you mean 'n'\?"):
        reg.get("within").with_params(nn=3)
    with pytest.raises(InvalidParameterError, match=r"has no parameter zzz=3 \(accepted: n\)"):
        reg.get("within").with_params(zzz=3)
    with pytest.raises(InvalidParameterError, match="key=literal"):
        reg.get("within(n=)")


def test_plugin_registration_stops_at_the_first_invalid_definition():
    plugin = MeasurePlugin("demo")
    plugin.add(make_measure(), trace_share)
    plugin.add(make_measure(), trace_share)
    reg = Registry()
    with pytest.raises(DuplicateMeasureError, match="plugin='demo'"):
        reg.register_plugin(plugin)
    assert reg.names() == ["hits"]


def test_unregister_removes_name_and_aliases():
    reg = Registry()
    reg.register(make_measure(aliases=("h",)), trace_share)
    reg.unregister("h")
    assert "hits" not in reg
    assert "h" not in reg


@pytest.fixture
def installed_plugins(monkeypatch):
    """Fake the ``axiometrics.measures`` entry points of installed distributions.

    Call it with ``(plugin_name, distribution_name, measure_names)`` triples;
    each becomes a plugin registering those measures.
    """

    def install(*specs):
        eps = []
        for name, dist_name, measure_names in specs:
            plugin = MeasurePlugin(name)
            for measure_name in measure_names:
                plugin.add(make_measure(name=measure_name), trace_share)
            module = types.ModuleType(f"fake_{name}")
            module.plugin = plugin
            monkeypatch.setitem(sys.modules, module.__name__, module)
            ep = importlib.metadata.EntryPoint(
                name=name, value=f"{module.__name__}:plugin", group="axiometrics.measures"
            )
            eps.append(
                types.SimpleNamespace(
                    name=ep.name,
                    value=ep.value,
                    load=ep.load,
                    dist=types.SimpleNamespace(name=dist_name),
                )
            )
        monkeypatch.setattr(
            registry_module,
            "entry_points",
            lambda group: eps if group == "axiometrics.measures" else [],
        )

    return install


def test_third_party_entry_points_load_unless_disabled(installed_plugins):
    installed_plugins(
        ("third", "someone-else", ["third_party_measure"]),
        ("builtin", "axiometrics", ["builtin_measure"]),
    )
    everything = Registry()
    everything.load_entry_points()
    assert everything.names() == ["builtin_measure", "third_party_measure"]
    assert everything.plugins() == {"builtin": "axiometrics", "third": "someone-else"}
    builtins_only = Registry()
    builtins_only.load_entry_points(third_party=False)
    assert builtins_only.names() == ["builtin_measure"]


def test_environment_switch_disables_third_party_plugins(installed_plugins, monkeypatch):
    installed_plugins(
        ("third", "someone-else", ["third_party_measure"]),
        ("builtin", "axiometrics", ["builtin_measure"]),
    )
    monkeypatch.setenv("AXIOMETRICS_DISABLE_THIRD_PARTY_PLUGINS", "1")
    try:
        assert ax.reset_default_registry().names() == ["builtin_measure"]
    finally:
        monkeypatch.undo()
        ax.reset_default_registry()


def test_a_clashing_third_party_plugin_is_skipped_with_a_warning_naming_both_plugins(
    installed_plugins,
):
    installed_plugins(
        ("builtin", "axiometrics", ["shared"]),
        ("intruder", "x", ["own", "shared"]),
    )
    reg = Registry()
    with pytest.warns(
        PluginLoadWarning,
        match=r"plugin intruder = fake_intruder:plugin \(from x\): DuplicateMeasureError: "
        r"plugin='intruder' measure='shared'.*plugin='builtin'",
    ):
        reg.load_entry_points()
    assert reg.names() == ["shared"]  # the intruder's "own" measure was rolled back too
    assert reg.get("shared").plugin == "builtin"
    assert list(reg.failed_plugins()) == ["intruder = fake_intruder:plugin"]


def test_strict_loading_raises_a_clashing_plugins_error(installed_plugins):
    installed_plugins(
        ("builtin", "axiometrics", ["shared"]),
        ("intruder", "x", ["shared"]),
    )
    with pytest.raises(
        DuplicateMeasureError, match=r"plugin='intruder' measure='shared'.*plugin='builtin'"
    ):
        Registry().load_entry_points(strict=True)


def test_default_registry_holds_the_builtin_measures_of_both_families():
    reg = ax.default_registry()
    assert "accuracy" in reg.names("oc")
    assert "nmd" in reg.names("oq")
    assert {p for p in reg.plugins().values()} == {"axiometrics"}


def test_violated_and_not_applicable_declarations_are_kept():
    claims = dict(OC_CLAIMS, imbalance=Violated(note="x"), symmetry=NotApplicable(reason="y"))
    m = Registry().register(make_measure(claims=claims), trace_share).measure
    assert m.declaration("imbalance").label == "violated"
    assert m.declaration("symmetry").label == "n/a"


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("accuracy_within(n=1,n=0)", r"parameter 'n' is repeated"),
        ("accuracy_within(n=1)(n=2)", r"unexpected text after the closing parenthesis"),
        ("accuracy_within(1)", r"positional values are not accepted"),
        ("accuracy_within(**{'n': 1})", r"\*\* unpacking is not accepted"),
        ("accuracy_within(n=len)", r"n= is not a literal"),
        ("accuracy_within(n=)", r""),
    ],
)
def test_malformed_measure_expressions_are_parse_errors(text, problem):
    with pytest.raises(InvalidParameterError) as info:
        ax.get_scorer(text)
    message = str(info.value)
    assert message.startswith(
        "measure='accuracy_within': parameters must be written as name(key=literal, ...) "
        f"(got {text!r}"
    )
    assert re.search(problem, message)


def test_canonical_names_match_case_insensitively_like_aliases():
    reg = Registry()
    reg.register(make_measure(), trace_share)
    assert reg.get("HITS").name == "hits"
    assert reg.get("Hits()").name == "hits"
    assert "HiTs" in reg
    assert ax.get_scorer("MAE_Macro").name == "mae_macro"


def test_family_names_match_case_insensitively():
    reg = Registry()
    scorer = reg.register(make_measure(family="OC"), trace_share)
    assert scorer.measure.family == "oc"
    assert reg.names("OC") == ["hits"]
    assert [m.name for m in ax.list_measures("OQ")] == ax.default_registry().names("oq")
    assert ax.default_registry().names("Oc") == ax.default_registry().names("oc")
