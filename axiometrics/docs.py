"""Generate the measure reference (``docs/measures.md``) from the registry.

Run ``python -m axiometrics.docs [PATH]``; the test suite checks that the
committed file matches what the registry produces, so the reference never
drifts from the declarations.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

from axiometrics.atomic import write_text
from axiometrics.claims import claims_for_family
from axiometrics.family import registered_families
from axiometrics.registry import Registry, default_registry

__all__ = ["md_code", "md_escape", "md_fence", "render_measure_reference"]

DEFAULT_PATH = Path("docs") / "measures.md"


_MD_SPECIAL = re.compile(r"([\\`<>\[\]])")


def md_escape(text: object, *, cell: bool = False) -> str:
    r"""Untrusted text as literal Markdown text: no HTML, links, images or code spans.

    Backslash-escapes ``\\``, backticks, ``<``, ``>``, ``[`` and ``]`` (and
    ``|`` with ``cell=True``, for a table cell) and joins lines, so a
    plugin's title, note or message renders as the characters it holds.
    """
    escaped = _MD_SPECIAL.sub(r"\\\1", str(text)).replace("\r", " ").replace("\n", " ")
    return escaped.replace("|", "\\|") if cell else escaped


def md_code(text: object, *, cell: bool = False) -> str:
    """Untrusted text as one inline code span that its own backticks cannot close."""
    body = str(text).replace("\r", " ").replace("\n", " ")
    if cell:
        body = body.replace("|", "\\|")
    runs = [len(r) for r in re.findall(r"`+", body)]
    fence = "`" * (max(runs, default=0) + 1)
    pad = " " if body.startswith("`") or body.endswith("`") else ""
    return f"{fence}{pad}{body}{pad}{fence}"


def md_fence(text: str) -> str:
    """A fence for a code block holding ``text``: longer than any backtick run inside it."""
    runs = [len(r) for r in re.findall(r"`+", text)]
    return "`" * max(3, max(runs, default=0) + 1)


def _cell(text: object) -> str:
    """Text safe inside a Markdown table cell."""
    return md_escape(text, cell=True)


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
                f"| [{md_code(m.name, cell=True)}](#{_anchor(m.name)}) | {_cell(m.title)} "
                f"| {direction} | {_cell(m.range)} | {optimum} | {_cell(m.reference)} |"
            )
        out += ["", "### Declared claims", ""]
        out.append("| measure | " + " | ".join(_cell(c.name) for c in claims) + " |")
        out.append("|---" * (len(claims) + 1) + "|")
        for s in scorers:
            cells = [_cell(s.measure.declaration(c.name).label) for c in claims]
            out.append(f"| {md_code(s.measure.name, cell=True)} | " + " | ".join(cells) + " |")
        out.append("")
        for s in scorers:
            m = s.measure
            direction = "higher is better" if m.higher_is_better else "lower is better"
            out += [f"### {md_escape(m.name)}", ""]
            aliases = ", ".join(md_escape(a) for a in m.aliases)
            out.append(f"**{md_escape(m.title)}**" + (f" (aliases: {aliases})" if aliases else ""))
            out += ["", md_escape(m.description or "(no description)"), ""]
            if m.params:
                out.append("Parameters:")
                for p in m.params:
                    out.append(
                        f"- {md_code(p.name)} ({md_escape(p.kind.__name__)}, default "
                        f"{md_escape(repr(p.default))}): {md_escape(p.description)}"
                    )
                out.append("")
            out.append(
                f"- Direction: {direction}; range {md_escape(m.range)}"
                + (f" ({md_escape(m.range.note)})" if m.range.note else "")
            )
            out.append(f"- Uses class values: {'yes' if m.uses_class_values else 'no'}")
            undefined = m.undefined or "never (defined on every valid input)"
            out.append(f"- Undefined: {md_escape(undefined)}")
            out.append(f"- Reference: {md_escape(m.reference)}")
            out.append(f"- Plugin: {md_code(s.plugin)}")
            out.append("")
            out.append("| claim | declaration | note |")
            out.append("|---|---|---|")
            for c in claims:
                d = m.declaration(c.name)
                note = getattr(d, "note", "") or getattr(d, "reason", "")
                out.append(f"| {_cell(c.name)} | {_cell(d.label)} | {_cell(note)} |")
            out.append("")
    return "\n".join(out).rstrip() + "\n"


def _anchor(name: str) -> str:
    """The heading anchor of a measure name (GitHub style: lower case, word characters and -)."""
    return re.sub(r"[^\w-]", "", name.lower().replace(" ", "-"))


def main(argv: list[str] | None = None) -> int:
    """Write the built-in measures' reference to the given path (default ``docs/measures.md``)."""
    parser = argparse.ArgumentParser(
        prog="python -m axiometrics.docs",
        description="Write the generated reference of the built-in measures (Markdown).",
    )
    parser.add_argument(
        "path",
        nargs="?",
        type=Path,
        default=DEFAULT_PATH,
        help=f"where to write it (default: {DEFAULT_PATH})",
    )
    path = parser.parse_args(sys.argv[1:] if argv is None else argv).path
    path.parent.mkdir(parents=True, exist_ok=True)
    builtins = Registry()
    builtins.load_entry_points(third_party=False)
    write_text(path, render_measure_reference(builtins))
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
