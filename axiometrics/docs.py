"""Generate the measure reference (``docs/measures.md``) from the registry.

Run ``python -m axiometrics.docs [PATH]``; the test suite checks that the
committed file matches what the registry produces, so the reference never
drifts from the declarations.
"""

from __future__ import annotations

import sys
from pathlib import Path

from axiometrics.claims import claims_for_family
from axiometrics.families import registered_families
from axiometrics.registry import Registry, default_registry

__all__ = ["render_measure_reference"]

DEFAULT_PATH = Path("docs") / "measures.md"


def _cell(text: object) -> str:
    """Text safe inside a Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def render_measure_reference(registry: Registry | None = None) -> str:
    """Markdown reference of every registered measure, grouped by family."""
    reg = registry or default_registry()
    out = [
        "# Measure reference",
        "",
        "Generated from the registry by `python -m axiometrics.docs`; do not edit by hand.",
        "",
        "Conventions: OC measures take confusion matrices `M[i, j]` (rows = system class `i`,",
        "columns = gold class `j`, `c_ij` counts, `c_.j` gold class sizes, `N` items, `C+` the",
        "non-empty gold classes); OQ measures take `(p, q)` = (system, gold) distributions.",
        "`v` are the class values (default `0 .. C-1`).",
        "",
    ]
    for fam in registered_families():
        scorers = reg.scorers(fam.name)
        if not scorers:
            continue
        claims = claims_for_family(fam.name)
        out += [f"## {fam.title} ({fam.name})", ""]
        out += [
            "| measure | title | direction | range | optimum | reference |",
            "|---|---|---|---|---|---|",
        ]
        for s in scorers:
            m = s.measure
            direction = "higher is better" if m.higher_is_better else "lower is better"
            optimum = "" if m.optimum is None else f"{m.optimum:g}"
            out.append(
                f"| [`{m.name}`](#{m.name}) | {_cell(m.title)} | {direction} | {m.range} "
                f"| {optimum} | {_cell(m.reference)} |"
            )
        out += ["", "### Declared claims", ""]
        out.append("| measure | " + " | ".join(c.name for c in claims) + " |")
        out.append("|---" * (len(claims) + 1) + "|")
        for s in scorers:
            cells = [_cell(s.measure.declaration(c.name).label) for c in claims]
            out.append(f"| `{s.measure.name}` | " + " | ".join(cells) + " |")
        out.append("")
        for s in scorers:
            m = s.measure
            direction = "higher is better" if m.higher_is_better else "lower is better"
            out += [f"### {m.name}", ""]
            out.append(
                f"**{m.title}**" + (f" (aliases: {', '.join(m.aliases)})" if m.aliases else "")
            )
            out += ["", m.description or "(no description)", ""]
            if m.params:
                out.append("Parameters:")
                for p in m.params:
                    out.append(
                        f"- `{p.name}` ({p.kind.__name__}, default {p.default!r}): {p.description}"
                    )
                out.append("")
            out.append(
                f"- Direction: {direction}; range {m.range}"
                + (f" ({m.range.note})" if m.range.note else "")
            )
            out.append(f"- Uses class values: {'yes' if m.uses_class_values else 'no'}")
            out.append(f"- Undefined: {m.undefined or 'never (defined on every valid input)'}")
            out.append(f"- Reference: {m.reference}")
            out.append(f"- Plugin: `{s.plugin}`")
            out.append("")
            out.append("| claim | declaration | note |")
            out.append("|---|---|---|")
            for c in claims:
                d = m.declaration(c.name)
                note = getattr(d, "note", "") or getattr(d, "reason", "")
                out.append(f"| {c.name} | {_cell(d.label)} | {_cell(note)} |")
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    """Write the built-in measures' reference to the given path (default ``docs/measures.md``)."""
    args = sys.argv[1:] if argv is None else argv
    path = Path(args[0]) if args else DEFAULT_PATH
    path.parent.mkdir(parents=True, exist_ok=True)
    builtins = Registry()
    builtins.load_entry_points(third_party=False)
    path.write_text(render_measure_reference(builtins), encoding="utf-8")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
