"""The generated docs: the claim-domain tables of ``docs/claims.md`` (``axiometrics.docs``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from axiometrics.catalogues import isolated_catalogues
from axiometrics.checker.cases import Procedure
from axiometrics.claims import Claim, register_claim
from axiometrics.docs import (
    CLAIM_DOMAINS_BEGIN,
    CLAIM_DOMAINS_END,
    main,
    render_claim_domains,
    with_claim_domains,
)
from axiometrics.registry import Registry

ROOT = Path(__file__).resolve().parents[1]


def _builtins() -> Registry:
    registry = Registry()
    registry.load_entry_points(third_party=False)
    return registry


def test_the_committed_claim_domains_match_the_registry():
    committed = (ROOT / "docs" / "claims.md").read_text(encoding="utf-8")
    expected = with_claim_domains(committed, render_claim_domains(_builtins()))
    assert committed == expected, "docs/claims.md is stale: run `python -m axiometrics.docs`"


def test_every_builtin_family_claim_has_a_row_with_its_formula_and_its_generator():
    registry = _builtins()
    tables = render_claim_domains(registry)
    for family in registry.catalogues.families.families():
        section = tables.split(f"`{family.name}` (", 1)[1].split("\n####", 1)[0]
        for claim in registry.catalogues.claims.claims_for_family(family.name):
            (row,) = [line for line in section.splitlines() if line.startswith(f"| `{claim.name}`")]
            cells = [cell.strip() for cell in row.strip("|").split(" | ")]
            assert len(cells) == 4, row
            assert cells[1], row
            assert cells[2], row
            assert cells[3] in ("enumerated", "random only"), row


def test_a_claim_without_an_enumerator_is_marked_random_only_and_one_with_it_enumerated():
    def cases(request):  # pragma: no cover - never drawn here
        raise AssertionError

    def levels(request):  # pragma: no cover - never enumerated here
        return iter(())

    with isolated_catalogues():
        for name, enumerate_ in (("searched_claim", None), ("enumerated_claim", levels)):
            register_claim(
                Claim(
                    name,
                    name.replace("_", " ").title(),
                    ("oc",),
                    "universal",
                    f"statement of {name}",
                    logic=f"formula of {name}",
                    procedures={
                        "oc": Procedure(
                            cases=cases,
                            decide=lambda case, obs, judge: None,
                            description=f"draws of {name}",
                            enumerate=enumerate_,
                        )
                    },
                )
            )
        tables = render_claim_domains(Registry())
    assert (
        "| `searched_claim` | formula of searched_claim | draws of searched_claim | random only |"
        in tables
    )
    assert (
        "| `enumerated_claim` | formula of enumerated_claim | draws of enumerated_claim | enumerated |"
        in tables
    )


def test_the_block_between_the_markers_is_replaced_and_the_rest_kept():
    text = f"before\n{CLAIM_DOMAINS_BEGIN}\nold table\n{CLAIM_DOMAINS_END}\nafter\n"
    updated = with_claim_domains(text, "new table\n")
    assert updated == f"before\n{CLAIM_DOMAINS_BEGIN}\n\nnew table\n\n{CLAIM_DOMAINS_END}\nafter\n"
    assert with_claim_domains(updated, "new table\n") == updated


@pytest.mark.parametrize(
    "text",
    [
        "no markers at all\n",
        f"{CLAIM_DOMAINS_END}\n{CLAIM_DOMAINS_BEGIN}\n",
        f"{CLAIM_DOMAINS_BEGIN}\n{CLAIM_DOMAINS_BEGIN}\n{CLAIM_DOMAINS_END}\n",
    ],
    ids=["missing", "reversed", "repeated"],
)
def test_missing_reversed_or_repeated_markers_are_refused(text):
    with pytest.raises(ValueError, match="expected one"):
        with_claim_domains(text, "table\n")


def test_the_generator_names_the_claims_flag_when_the_page_lacks_the_markers(tmp_path, capsys):
    page = tmp_path / "claims.md"
    page.write_text("# Claims\n", encoding="utf-8")
    with pytest.raises(SystemExit) as stopped:
        main([str(tmp_path / "measures.md"), "--claims", str(page)])
    assert stopped.value.code == 2
    assert f"--claims {page}" in capsys.readouterr().err
    assert page.read_text(encoding="utf-8") == "# Claims\n"


def test_the_generator_fills_the_claims_page_between_its_markers(tmp_path):
    page = tmp_path / "claims.md"
    page.write_text(f"# Claims\n{CLAIM_DOMAINS_BEGIN}\n{CLAIM_DOMAINS_END}\n", encoding="utf-8")
    assert main([str(tmp_path / "measures.md"), "--claims", str(page)]) == 0
    text = page.read_text(encoding="utf-8")
    assert "| `ordinal_invariance` |" in text
    assert text.endswith(f"{CLAIM_DOMAINS_END}\n")
