"""The import rules of the package layout (CONTRIBUTING, "The layout and its import rules").

The source is parsed, not imported: each first-party module's imports are
read from its syntax tree, relative imports resolved, ``measures/`` read as
``axiometrics.measures`` (its installed name).  Imports inside
functions count (a lazy import still makes two modules depend on each other);
imports under ``if TYPE_CHECKING:`` are annotations only and are left out.
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FAMILIES = ("oc", "oq", "nominal", "scored", "language_model")

#: Standard library only (and one another).
LEAVES = {"errors", "suggest", "atomic", "declarations", "catalogue_slot"}
#: The model: leaves and one another only.
MODEL = {"scale", "measure", "family", "claims", "scoring", "shared_claims"}
#: Subpackages that must never name a family: what differs comes from Family hooks.
FAMILY_BLIND = ("checker", "io", "stats", "meta")


@dataclass(frozen=True)
class Import:
    target: str
    names: tuple[str, ...]
    line: int


def _module_name(path: Path) -> str:
    rel = path.relative_to(ROOT).with_suffix("")
    parts = list(rel.parts)
    if parts[0] == "measures":
        parts.insert(0, "axiometrics")
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


@cache
def modules() -> dict[str, Path]:
    found = {}
    for top in ("axiometrics", "measures"):
        for path in sorted((ROOT / top).rglob("*.py")):
            found[_module_name(path)] = path
    return found


def _is_type_checking(node: ast.If) -> bool:
    test = node.test
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk(node: ast.AST) -> Iterator[ast.AST]:
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child):
            continue
        yield child
        yield from _walk(child)


@cache
def imports_of(module: str) -> tuple[Import, ...]:
    path = modules()[module]
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found = []
    for node in _walk(tree):
        if isinstance(node, ast.Import):
            found += [Import(a.name, (), node.lineno) for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            names = tuple(a.name for a in node.names)
            found.append(Import(target, names, node.lineno))
    return tuple(found)


def _first_party(target: str) -> bool:
    return target == "axiometrics" or target.startswith("axiometrics.")


def _resolved(imp: Import) -> set[str]:
    """The first-party modules an import loads (``from pkg import mod`` names a module)."""
    known = modules()
    submodules = {f"{imp.target}.{n}" for n in imp.names if f"{imp.target}.{n}" in known}
    names_other_things = not imp.names or len(submodules) < len(imp.names)
    targets = submodules | ({imp.target} if imp.target in known and names_other_things else set())
    if not targets and _first_party(imp.target):
        parts = imp.target.split(".")
        while parts and ".".join(parts) not in known:
            parts.pop()
        targets.add(".".join(parts))
    return targets


def _edges(module: str) -> set[str]:
    out: set[str] = set()
    for imp in imports_of(module):
        if _first_party(imp.target):
            out |= _resolved(imp)
    out.discard(module)
    return out


def _core(name: str) -> str:
    return f"axiometrics.{name}"


def _violations(modules_: set[str], allowed: set[str]) -> list[str]:
    bad = []
    for module in sorted(modules_):
        for imp in imports_of(module):
            if _first_party(imp.target) and not (_resolved(imp) <= allowed):
                bad.append(f"{modules()[module].relative_to(ROOT)}:{imp.line} imports {imp.target}")
    return bad


def test_the_leaves_import_the_standard_library_only():
    leaves = {_core(m) for m in LEAVES}
    stdlib = set(sys.stdlib_module_names) | {"__future__"}
    bad = _violations(leaves, leaves)
    for module in sorted(leaves):
        for imp in imports_of(module):
            if not _first_party(imp.target) and imp.target.split(".")[0] not in stdlib:
                bad.append(f"{module}:{imp.line} imports {imp.target}")
    assert not bad


def test_the_model_imports_only_leaves_and_the_model():
    allowed = {_core(m) for m in LEAVES | MODEL} | {"axiometrics"}
    assert not _violations({_core(m) for m in MODEL}, allowed)


def test_literature_does_not_import_the_registry():
    assert not [i for i in imports_of("axiometrics.literature") if "registry" in i.target]


def test_nothing_in_the_core_imports_a_family_package():
    core = {m for m in modules() if not m.startswith("axiometrics.measures")}
    bad = [
        f"{m}:{i.line} imports {i.target}"
        for m in sorted(core)
        for i in imports_of(m)
        if i.target.startswith("axiometrics.measures")
    ]
    assert not bad


def _code_strings(path: Path) -> Iterator[tuple[int, str]]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in docstrings
        ):
            yield node.lineno, node.value


@pytest.mark.parametrize("subpackage", FAMILY_BLIND)
def test_the_family_blind_subpackages_never_name_a_family(subpackage):
    bad = [
        f"{path.relative_to(ROOT)}:{line} names {text!r}"
        for path in sorted((ROOT / "axiometrics" / subpackage).rglob("*.py"))
        for line, text in _code_strings(path)
        if text in FAMILIES
    ]
    assert not bad


@pytest.mark.parametrize("family", FAMILIES)
def test_a_family_imports_public_core_modules_and_shared_family_code_only(family):
    own = f"axiometrics.measures.{family}"
    shared = "axiometrics.measures._"
    forbidden_core = ("axiometrics.meta", "axiometrics.report", "axiometrics.cli")
    bad = []
    for module in sorted(m for m in modules() if m == own or m.startswith(own + ".")):
        for imp in imports_of(module):
            for target in _resolved(imp) if _first_party(imp.target) else ():
                in_family = target == own or target.startswith(own + ".")
                if target.startswith("axiometrics.measures") and not (
                    in_family or target.startswith(shared)
                ):
                    bad.append(f"{module}:{imp.line} imports another family's {target}")
                elif not target.startswith("axiometrics.measures") and (
                    target.startswith(forbidden_core)
                    or any(part.startswith("_") for part in target.split(".")[1:])
                ):
                    bad.append(f"{module}:{imp.line} imports {target}")
    assert not bad


def _cycles() -> list[list[str]]:
    """Strongly connected components of the import graph (Tarjan), imports in functions included."""
    graph = {m: _edges(m) for m in modules()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []
    counter = [0]
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 10_000))

    def visit(v: str) -> None:
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on_stack.add(v)
        for w in graph.get(v, ()):
            if w not in graph:
                continue
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on_stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            component = []
            while True:
                w = stack.pop()
                on_stack.discard(w)
                component.append(w)
                if w == v:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for v in sorted(graph):
        if v not in index:
            visit(v)
    return components


def test_no_two_modules_import_each_other_even_lazily():
    assert _cycles() == []


def test_no_private_name_is_imported_from_another_module():
    bad = []
    for module in sorted(modules()):
        for imp in imports_of(module):
            if _first_party(imp.target) and imp.target != module:
                private = [n for n in imp.names if n.startswith("_") and not n.startswith("__")]
                modules_named = {n for n in private if f"{imp.target}.{n}" in modules()}
                for name in sorted(set(private) - modules_named):
                    bad.append(f"{module}:{imp.line} imports {imp.target}.{name}")
    assert not bad
