"""The catalogues a registry owns: families, claims and literature sources (axiometrics.catalogues)."""

from __future__ import annotations

import pytest

from axiometrics import claims, family, literature
from axiometrics.catalogue_slot import CatalogueSlot
from axiometrics.catalogues import Catalogues, isolated_catalogues
from axiometrics.claims import Claim, ClaimCatalogue
from axiometrics.errors import RegistrationError, UnknownClaimError
from axiometrics.family import Family
from axiometrics.literature import LiteratureSource, LiteratureVerdict
from axiometrics.registry import Registry, default_registry

TOY_CLAIM = Claim(
    "toy_catalogue_claim",
    "Toy catalogue claim",
    ("oc",),
    "universal",
    "A claim registered by the catalogue tests only.",
)


def toy_family(name: str = "toy_catalogue_family") -> Family:
    oc = family.get_family("oc")
    return Family(name, "Toy catalogue family", oc.inputs, oc.prepare)


def toy_source() -> LiteratureSource:
    verdict = LiteratureVerdict("toycat2026", "f1", "true_negative_invariance", True, "TN")
    return LiteratureSource("toycat2026", "Toy 2026, Table 1", "TC", [verdict])


def test_a_slot_hands_back_the_catalogue_it_replaces():
    slot: CatalogueSlot[str] = CatalogueSlot("process")
    assert slot.use("other") == "process"
    assert (slot.current, slot.process) == ("other", "process")
    assert slot.use("process") == "other"
    assert slot.current == "process"


def test_what_an_isolated_block_registers_is_gone_after_it():
    with isolated_catalogues() as copy:
        claims.register_claim(TOY_CLAIM, plugin="test")
        family.register_family(toy_family())
        literature.register(toy_source(), default_registry())
        assert claims.get_claim(TOY_CLAIM.name) is TOY_CLAIM
        assert family.get_family("toy_catalogue_family").title == "Toy catalogue family"
        assert "toycat2026" in literature.SOURCES
        assert copy.claims.get_claim(TOY_CLAIM.name) is TOY_CLAIM
    with pytest.raises(UnknownClaimError):
        claims.get_claim(TOY_CLAIM.name)
    with pytest.raises(RegistrationError, match="unknown family"):
        family.get_family("toy_catalogue_family")
    assert "toycat2026" not in literature.SOURCES


def test_an_isolated_copy_starts_with_everything_installed():
    before = (
        [c.name for c in claims.registered_claims()],
        [f.name for f in family.registered_families()],
        [s.key for s in literature.sources()],
    )
    with isolated_catalogues():
        inside = (
            [c.name for c in claims.registered_claims()],
            [f.name for f in family.registered_families()],
            [s.key for s in literature.sources()],
        )
    assert inside == before
    assert {"oc", "oq", "nominal", "scored"} <= set(before[1])


def test_activation_is_undone_when_the_block_raises():
    process = Catalogues.current()
    with pytest.raises(KeyError), Catalogues.fresh().activated():
        raise KeyError("boom")
    assert Catalogues.current() == process


def test_the_default_registry_owns_the_process_catalogues():
    assert default_registry().catalogues == Catalogues.process()


def test_a_registry_with_its_own_catalogues_loads_its_plugins_into_them():
    own = Catalogues.fresh()
    reg = Registry(catalogues=own)
    reg.load_entry_points(third_party=False)
    assert reg.catalogues is own
    assert [f.name for f in own.families.families()][:4] == ["oc", "oq", "nominal", "scored"]
    assert own.claims.get_claim("symmetry").families == claims.get_claim("symmetry").families
    assert [s.key for s in own.literature.sources()] == [s.key for s in literature.sources()]
    own.claims.register_claim(TOY_CLAIM, plugin="test")
    with pytest.raises(UnknownClaimError):
        claims.get_claim(TOY_CLAIM.name)  # the current catalogue never saw it
    with own.activated():
        assert claims.get_claim(TOY_CLAIM.name) is TOY_CLAIM


def test_a_registry_validates_declarations_against_its_own_claims():
    own = Catalogues.fresh()
    Registry(catalogues=own).load_entry_points(third_party=False)
    required = Claim(
        "toy_required_claim",
        "Toy required claim",
        ("oc",),
        "universal",
        "Every OC measure must declare it (in this registry's catalogue only).",
        required=True,
    )
    own.claims.register_claim(required, plugin="test")
    strict = Registry(catalogues=own)
    scorer = default_registry().get("accuracy")
    with pytest.raises(RegistrationError, match="missing: toy_required_claim"):
        strict.register(scorer.measure, scorer.compute)
    Registry().register(scorer.measure, scorer.compute)  # the current catalogue does not require it


def test_copies_are_independent():
    original = ClaimCatalogue()
    original.load_installed()
    twin = original.copy()
    twin.register_claim(TOY_CLAIM, plugin="test")
    assert twin.get_claim(TOY_CLAIM.name) is TOY_CLAIM
    with pytest.raises(UnknownClaimError, match="toy_catalogue_claim"):
        original.get_claim(TOY_CLAIM.name)
    assert [c.name for c in original.claims_for_family("oc")] == [
        c.name for c in twin.claims_for_family("oc") if c.name != TOY_CLAIM.name
    ]
