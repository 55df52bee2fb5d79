"""Which families a table shows, in what order, under what heading."""

from __future__ import annotations

from axiometrics.family import get_family, registered_families
from axiometrics.property_table import (
    build_property_table,
    family_title,
    ordered_families,
    render_property_table,
)
from axiometrics.registry import default_registry


def test_plugin_families_are_headed_by_their_registered_title():
    default_registry()  # plugin families register when the registry loads
    assert family_title("nominal") == get_family("nominal").title
    assert family_title("scored") == get_family("scored").title
    assert family_title("no_such_family") == "no_such_family"


def test_the_ordinal_families_keep_their_abbreviated_headings():
    assert family_title("oc") == "Ordinal classification (OC)"
    assert family_title("oq") == "Ordinal quantification (OQ)"


def test_families_come_in_registration_order_and_unknown_ones_last():
    default_registry()
    registered = [f.name for f in registered_families()]
    asked = ["unknown", *reversed(registered), registered[0]]
    assert ordered_families(asked) == [*registered, "unknown"]


def test_a_measure_of_two_families_has_a_row_in_each_family_table():
    table = build_property_table(measures=["accuracy", "mcc"], max_examples=5)
    assert table.families == ["oc", "nominal"]
    assert "class_permutation_invariance" in table.claim_names("nominal")
    assert "ordinal_invariance" not in table.claim_names("nominal")
    md = render_property_table(table, "markdown")
    oc_section = md.split("## Ordinal classification (OC)")[1].split("## ")[0]
    nominal_section = md.split("## Nominal classification")[1].split("## ")[0]
    assert "(`accuracy`)" in oc_section
    assert "(`mcc`)" not in oc_section
    assert "(`accuracy`)" in nominal_section
    assert "(`mcc`)" in nominal_section
