"""Checker power: mutants refuted at equal budget by the checker and two random searches.

Run from the repository root (a plain script, not part of the test run)::

    python benchmarks/bench_checker_power.py                  # budgets 100 and 2000
    python benchmarks/bench_checker_power.py --budgets 100    # quick
    python benchmarks/bench_checker_power.py --no-target      # checker without hypothesis.target
    python benchmarks/bench_checker_power.py --budgets 100 --searches checker --families scored
    python benchmarks/bench_checker_power.py --budgets 100 --json power.json  # also a record

For every mutant of ``benchmarks/mutants.py`` (which loads the nominal,
scored and regression suites, ``benchmarks/mutants_nominal.py``,
``benchmarks/mutants_scored.py`` and ``benchmarks/mutants_regression.py``)
and every budget B (cases per
claim) three searches look for a counterexample to the mutant's claim:

``checker``
    :func:`axiometrics.checker.check` at the ``ci`` profile with
    ``max_examples=B`` (no variants, no precondition discovery): the bounded
    pass (its ``ci`` bound, 1000 cases per claim), then the random search;
``bounded``
    the bounded pass alone: the same check with one random case, counted
    only when the bounded pass itself found the counterexample (the
    verdict's ``smallest`` size is set);
``random``
    the random search alone: the same check with ``bound=0``;
``thorough``
    the same at the ``thorough`` profile (search aimed at the boundary with
    :func:`hypothesis.target`), seed 0 so that the run replays;
``naive``
    B cases drawn uniformly: 2 to 12 classes, every count uniform in
    ``0 .. cap``, Dirichlet(1) distributions, uniform gaps and factors;
``corners``
    B cases from a random search that aims at corners on purpose (zeros,
    single-class golds, few items, one-hot and tiny probabilities, near
    ties, near-identical pairs, extreme class values and scale factors).

Both random searches build the same kind of case as the claim's procedure
and decide it with the procedure's own rule, so only the search differs.
It prints refuted/total per search and budget, in all and per family (oc,
oq, nominal, scored, regression), the mutants each missed, and how many of the
controls' claims (correct measures, which must never be refuted) each
search refuted; ``--json PATH`` also records the per-family results.
``--families scored`` (a comma list) runs the suites of some families only.

``--equal-time`` compares the passes at equal time: after ``checker``
(both passes) and ``random`` at budget B, it runs the random search again
with B scaled by the ratio of their wall times on each family
(``random@time``), so that the random search alone gets the time both
passes took.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import numpy as np

from axiometrics.checker import check
from axiometrics.checker.cases import Case
from axiometrics.checker.tolerance import Judge, Tolerance
from axiometrics.checker.verdicts import Outcome
from axiometrics.claims import STRICT_MAX_COUNT, get_claim

_SPEC = importlib.util.spec_from_file_location(
    "bench_mutants", Path(__file__).with_name("mutants.py")
)
assert _SPEC is not None
assert _SPEC.loader is not None
mutants = importlib.util.module_from_spec(_SPEC)
sys.modules[_SPEC.name] = mutants
_SPEC.loader.exec_module(mutants)

_STRICT = {
    "ordinal_monotonicity",
    "imbalance",
    "priority_violation",
    "point_mass_monotonicity",
    "mass_transfer_monotonicity",
    "identity",
}
Sampler = Callable[[np.random.Generator, str, bool], Case]


# -- shared pieces ----------------------------------------------------------------------


def _classes(rng: np.random.Generator, corners: bool, floor: int = 2) -> int:
    if corners and rng.random() < 0.5:
        return int(rng.choice([floor, floor + 1, 10, 11, 12]))
    return int(rng.integers(floor, 13))


def _matrix(rng: np.random.Generator, c: int, cap: int, corners: bool) -> np.ndarray:
    if not corners:
        return rng.integers(0, cap + 1, size=(c, c))
    shape = rng.integers(0, 6)
    m = np.zeros((c, c), dtype=np.int64)
    if shape == 0:  # a few items
        for _ in range(rng.integers(1, c + 4)):
            m[rng.integers(c), rng.integers(c)] += 1
    elif shape == 1:  # single gold class
        m[:, rng.integers(c)] = rng.integers(0, cap + 1, size=c)
    elif shape == 2:  # constant system
        m[rng.integers(c)] = rng.integers(0, cap + 1, size=c)
    elif shape == 3:  # sparse with zeros
        m = rng.integers(0, cap + 1, size=(c, c)) * (rng.random((c, c)) < 0.3)
    elif shape == 4:  # dense near the cap
        m = rng.integers(cap // 2, cap + 1, size=(c, c))
    else:
        m = rng.integers(0, cap + 1, size=(c, c))
    return m


def _nonempty(m: np.ndarray) -> np.ndarray:
    if m.sum() == 0:
        m = m.copy()
        m[0, 0] = 1
    return m


def _dist(rng: np.random.Generator, c: int, corners: bool, tiny: bool = True) -> np.ndarray:
    """A distribution; ``tiny=False`` leaves out subnormal-scale bins.

    Identity and mass transfer compare scores whose difference must be
    resolvable in float64 (the checker's procedures draw counts there), so
    their cases keep to resolvable bins: otherwise a correct measure is
    "refuted" by a difference of 1e-200 that float64 cannot see.
    """
    if not corners:
        return rng.dirichlet(np.ones(c))
    kind = rng.integers(0, 5 if tiny else 3)
    if kind == 0:
        return np.eye(c)[rng.integers(c)]
    if kind == 1:
        return np.full(c, 1.0 / c)
    if kind == 2:  # counts with zeros and ties
        w = rng.integers(0, 4, size=c).astype(float)
    elif kind == 3:  # tiny bins
        w = rng.integers(1, 10, size=c).astype(float)
        w[rng.integers(c)] = float(rng.choice([1e-30, 1e-200, 5e-324]))
    else:
        w = rng.dirichlet(np.ones(c))
    if w.sum() == 0:
        w[0] = 1.0
    return w / w.sum()


def _values(rng: np.random.Generator, c: int, corners: bool) -> np.ndarray:
    if not corners or rng.random() < 0.3:
        return np.cumsum(np.concatenate([[0.0], rng.uniform(0.1, 10.0, c - 1)]))
    layout = rng.integers(0, 3)
    if layout == 0:  # tiny relative gaps
        base = float(rng.uniform(-1e9, 1e9))
        return base + np.cumsum(np.concatenate([[0.0], np.full(c - 1, max(abs(base), 1) * 1e-8)]))
    if layout == 1:  # nearly merged
        gaps = rng.uniform(1, 1000, c - 1)
        gaps[rng.integers(c - 1)] = 1e-9
        return np.cumsum(np.concatenate([[0.0], gaps]))
    return np.cumsum(np.concatenate([[-float(rng.integers(1, 10**6))], rng.uniform(1, 1e6, c - 1)]))


def _pair_case(a: Any, b: Any, values: np.ndarray, values_b: np.ndarray | None = None) -> Case:
    va = values
    vb = values if values_b is None else values_b
    return Case(
        (np.stack([np.asarray(a, float), np.asarray(b, float)]),), np.stack([va, vb]), ("a", "b")
    )


def _oq_case(pairs: list[tuple[np.ndarray, np.ndarray]], values: list[np.ndarray]) -> Case:
    return Case(
        (np.stack([p for p, _ in pairs]), np.stack([q for _, q in pairs])),
        np.stack(values),
        tuple(f"e{k}" for k in range(len(pairs))),
    )


# -- one sampler per claim ------------------------------------------------------------------


def _oc(rng: np.random.Generator, claim: str, corners: bool) -> Case:
    cap = STRICT_MAX_COUNT if claim in _STRICT else 10**6
    if corners and claim not in _STRICT and rng.random() < 0.5:
        cap = 9
    floor = 3 if claim == "imbalance" else 2
    c = _classes(rng, corners, floor)
    eq = np.arange(c, dtype=float)
    m = _nonempty(_matrix(rng, c, cap, corners))
    if claim == "ordinal_invariance":
        return _pair_case(
            m, m, eq if rng.random() < 0.5 else _values(rng, c, corners), _values(rng, c, corners)
        )
    if claim == "symmetry":
        return _pair_case(m, m.T, eq)
    if claim == "count_scale_invariance":
        if corners:
            k = float(rng.choice([rng.uniform(1e-6, 1), rng.uniform(1, 1000), 1e9, 1.0 / 3]))
        else:
            k = float(rng.integers(2, 1001))
        return _pair_case(m, m * min(k, 2.0**50 / m.sum()), eq)
    if claim == "ordinal_monotonicity":
        cells = [(s, g) for s in range(c) for g in range(c) if s != g and m[s, g] > 0]
        if not cells:
            m[1, 0] += 1
            cells = [(1, 0)]
        s, g = cells[rng.integers(len(cells))]
        t = s - 1 if s > g else s + 1
        after = m.copy()
        after[s, g] -= 1
        after[t, g] += 1
        return _pair_case(m, after, eq)
    gold = m.sum(axis=0)
    if claim == "identity":
        return Case.single((np.diag(gold),), values=eq)
    if claim == "well_defined":
        return Case.single((m,), values=eq)
    if claim == "constant_system_discrimination":
        return mutants._constant_case(gold)
    # imbalance: every qualifying triple of the gold
    if corners and rng.random() < 0.5:
        gold = np.full(c, int(rng.integers(cap // 2, cap)))
        c2 = int(rng.integers(1, c - 1))
        gold[c2 + 1] = gold[c2 - 1] + 1
    ok = any(gold[k + s] > gold[k - s] >= 1 for k in range(1, c - 1) for s in (-1, 1))
    if not ok:
        gold = np.arange(1, c + 1)
    return mutants._imbalance_case(gold)


def _support_gold(
    rng: np.random.Generator, c: int, corners: bool, tiny: bool = True
) -> tuple[np.ndarray, int]:
    start = int(rng.integers(1, c))
    gold = np.zeros(c)
    gold[start:] = _dist(rng, c - start, corners, tiny) if c - start > 1 else 1.0
    return gold, start


def _oq(rng: np.random.Generator, claim: str, corners: bool) -> Case:
    floor = 3 if claim == "point_mass_monotonicity" else 2
    c = _classes(rng, corners, floor)
    eq = np.arange(c, dtype=float)
    resolvable = claim in ("identity", "mass_transfer_monotonicity")
    p, q = _dist(rng, c, corners, not resolvable), _dist(rng, c, corners, not resolvable)
    if claim == "ordinal_invariance":
        return _oq_case([(p, q), (p, q)], [eq, _values(rng, c, corners)])
    if claim == "symmetry":
        return _oq_case([(p, q), (q, p)], [eq, eq])
    if claim == "well_defined":
        return _oq_case([(p, q)], [eq])
    if claim == "identity":
        if corners and rng.random() < 0.5:
            d = float(rng.choice([1e-9, 1e-8, 1e-6]))
            i = int(np.argmax(q))
            p = q.copy()
            p[i] -= d
            p[(i + 1) % c] += d
        return _oq_case([(q, q), (p, q)], [eq, eq])
    if claim in ("priority_preservation", "priority_violation"):
        if corners and rng.random() < 0.5:
            i, j = rng.permutation(c)[:2]
            q = q.copy()
            q[j] = q[i] = max(q[i], 1.0 / c)
            q[i] *= 1 + float(rng.choice([1e-12, 1e-9, 1e-6]))
            q /= q.sum()
        if claim == "priority_preservation":
            p = q**2 / (q**2).sum() if rng.random() < 0.5 else q.copy()
        elif corners and rng.random() < 0.5:
            i, j = rng.permutation(c)[:2]
            p = q.copy()
            p[i], p[j] = q[j], q[i] + 0.05
            p /= p.sum()
        return _oq_case([(p, q), (q, q)], [eq, eq])
    if claim == "point_mass_monotonicity":
        gold, _ = _support_gold(rng, c, corners)
        if rng.random() < 0.5:
            gold = gold[::-1].copy()
        return mutants._point_mass_case(gold)
    # mass transfer: move mass one bin away from all gold mass
    gold, start = _support_gold(rng, c, corners, tiny=False)
    source = 1 if corners and rng.random() < 0.5 else int(rng.integers(1, start + 1))
    p = _dist(rng, c, corners, tiny=False)
    if p[source] == 0:
        p = (p + np.eye(c)[source]) / 2
    eps = p[source] * (float(rng.choice([1e-6, 1e-4, 1.0])) if corners else rng.uniform(0, 1))
    after = p.copy()
    after[source] -= eps
    after[source - 1] += eps
    if rng.random() < 0.5:
        gold, p, after = gold[::-1].copy(), p[::-1].copy(), after[::-1].copy()
    return _oq_case([(after, gold), (p, gold)], [eq, eq])


def random_search(mutant: Any, budget: int, *, corners: bool, seed: int = 0) -> bool:
    """Whether ``budget`` random cases contain one on which the mutant contradicts its claim."""
    rng = np.random.default_rng(seed)
    subject = mutants.subject_of(mutant)
    procedure = get_claim(mutant.claim).procedure(mutant.family)
    judge = Judge(Tolerance(), mutant.higher_is_better, mutant.optimum, undefined_declared=False)
    suite = mutants.family_suite(mutant.family)
    sampler: Sampler
    if suite is not None:

        def sampler(r: np.random.Generator, claim: str, corner: bool) -> Case:
            return suite.random_case(r, claim, mutant.family, corner)

    else:
        sampler = _oc if mutant.family == "oc" else _oq
    for _ in range(budget):
        case = sampler(rng, mutant.claim, corners)
        obs = subject.observe(case, enforce_range=procedure.observe_crashes)
        if obs.crash is not None and not procedure.observe_crashes:
            return True  # the checker reports a crash as an error; count it as found
        if np.any(obs.undefined) and not procedure.observe_undefined:
            continue
        if procedure.decide(case, obs, judge).status == "fails":
            return True
    return False


def checker_search(
    mutant: Any,
    budget: int,
    *,
    targeting: bool = True,
    profile: str = "ci",
    bound: int | None = None,
    bounded_only: bool = False,
) -> bool:
    """Whether the checker (``profile``, ``max_examples=budget``, seed 0) refutes the mutant.

    ``bound`` overrides the profile's bounded-pass budget (0: random search
    only); ``bounded_only`` counts a refutation only when the bounded pass
    found it.
    """
    if not targeting:
        check_module: Any = importlib.import_module("axiometrics.checker.check")
        original = check_module.run_claim
        check_module.run_claim = lambda *a, **k: original(*a, **{**k, "targeting": False})
        try:
            return checker_search(
                mutant, budget, profile=profile, bound=bound, bounded_only=bounded_only
            )
        finally:
            check_module.run_claim = original
    report = check(
        mutants.subject_of(mutant),
        [mutant.claim],
        settings=profile,
        seed=0,
        max_examples=budget,
        bound=bound,
        variants=False,
        discover=False,
    )
    verdict = report.verdict(mutant.claim)
    if verdict.outcome is not Outcome.REFUTED:
        return False
    return not bounded_only or bool(verdict.example is not None and verdict.example.smallest)


def bounded_search(mutant: Any) -> bool:
    """Whether the bounded pass alone (the ``ci`` bound) refutes the mutant."""
    return checker_search(mutant, 1, bounded_only=True)


#: The searches compared: the checker at the ``ci`` profile (derandomized, no
#: targeting), at the ``thorough`` profile (targeting on; seed 0 so the run
#: replays), and the two random searches.
SEARCHES = ("checker", "bounded", "random", "thorough", "naive", "corners")


def _search(name: str, mutant: Any, budget: int, targeting: bool) -> bool:
    if name == "bounded":
        return bounded_search(mutant)
    if name in ("random", "random@time"):
        return checker_search(mutant, budget, targeting=targeting, bound=0)
    if name in ("checker", "thorough"):
        profile = "ci" if name == "checker" else "thorough"
        return checker_search(mutant, budget, targeting=targeting, profile=profile)
    return random_search(mutant, budget, corners=name == "corners")


#: The families of the suite, in the order the per-family lines are printed.
FAMILIES = ("oc", "oq", "nominal", "scored", "regression", "language_model", "generation")


@dataclass(frozen=True)
class FamilyResult:
    """One search at one budget on one family's mutants and controls.

    Attributes
    ----------
    family, search, budget
        What was run.
    refuted, mutants
        Mutants refuted, of how many.
    missed
        Names of the mutants not refuted.
    controls_refuted, controls
        Control claims refuted (``name/claim``: false alarms), of how many.
    seconds
        Wall time of the family's searches.
    """

    family: str
    search: str
    budget: int
    refuted: int
    mutants: int
    missed: tuple[str, ...]
    controls_refuted: tuple[str, ...]
    controls: int
    seconds: float

    def line(self) -> str:
        """The family's line of the printed table."""
        return (
            f"    {self.family:8s} B={self.budget:<6d} "
            f"refuted {self.refuted:3d}/{self.mutants:<3d} controls refuted "
            f"{len(self.controls_refuted)}/{self.controls} ({self.seconds:6.1f}s)  "
            f"missed: {', '.join(self.missed) or '-'}"
            + (
                f"  CONTROLS REFUTED: {', '.join(self.controls_refuted)}"
                if self.controls_refuted
                else ""
            )
        )


def _controls_refuted(
    name: str, budget: int, targeting: bool, controls: Sequence[Any] | None = None
) -> list[str]:
    """The controls (correct measures) a search refutes on any of their claims: none, ideally."""
    refuted = []
    for control in mutants.CONTROLS if controls is None else controls:
        for claim in control.claims:
            item = SimpleNamespace(**vars(control), claim=claim)
            if _search(name, item, budget, targeting):
                refuted.append(f"{control.name}/{claim}")
    return refuted


def run_family(family: str, name: str, budget: int, targeting: bool = True) -> FamilyResult:
    """Run one search at one budget on every mutant and control of ``family``."""
    started = time.perf_counter()
    items = [m for m in mutants.MUTANTS if m.family == family]
    controls = [c for c in mutants.CONTROLS if c.family == family]
    missed = tuple(m.name for m in items if not _search(name, m, budget, targeting))
    refuted = tuple(_controls_refuted(name, budget, targeting, controls))
    return FamilyResult(
        family,
        name,
        budget,
        len(items) - len(missed),
        len(items),
        missed,
        refuted,
        sum(len(c.claims) for c in controls),
        time.perf_counter() - started,
    )


def _equal_time_budget(budget: int, both: FamilyResult, alone: FamilyResult) -> int:
    """The random search's budget that takes about the time both passes took on a family."""
    return max(budget, round(budget * both.seconds / max(alone.seconds, 1e-9)))


def _print_search(
    name: str, budget: int, results: Sequence[FamilyResult], total: int, n_controls: int
) -> None:
    missed = [m for r in results for m in r.missed]
    controls = [c for r in results for c in r.controls_refuted]
    seconds = sum(r.seconds for r in results)
    print(
        f"budget {budget:5d}  {name:11s} refuted {total - len(missed):3d}/{total} "
        f"controls refuted {len(controls)}/{n_controls} ({seconds:6.1f}s)  "
        f"missed: {', '.join(missed) or '-'}"
        + (f"  CONTROLS REFUTED: {', '.join(controls)}" if controls else ""),
        flush=True,
    )
    for result in results:
        print(result.line(), flush=True)


def main() -> None:
    """Run the searches at each budget and print refuted/total, in all and per family."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--budgets", default="100,2000")
    parser.add_argument(
        "--searches", default=",".join(SEARCHES), help=f"comma list of {', '.join(SEARCHES)}"
    )
    parser.add_argument(
        "--families", default=",".join(FAMILIES), help=f"comma list of {', '.join(FAMILIES)}"
    )
    parser.add_argument("--no-target", action="store_true", help="checker without targeting")
    parser.add_argument(
        "--equal-time",
        action="store_true",
        help="after checker and random, run random again with the time both passes took",
    )
    parser.add_argument(
        "--json", type=Path, default=None, help="also record the per-family results in this file"
    )
    args = parser.parse_args()
    budgets = [int(b) for b in args.budgets.split(",")]
    searches = [s.strip() for s in args.searches.split(",")]
    unknown_searches = sorted(set(searches) - set(SEARCHES))
    if unknown_searches:
        parser.error(f"--searches: unknown {unknown_searches}; known {list(SEARCHES)}")
    if args.equal_time and not {"checker", "random"} <= set(searches):
        parser.error("--equal-time needs both 'checker' and 'random' in --searches")
    families = [f.strip() for f in args.families.split(",")]
    unknown = sorted(set(families) - set(FAMILIES))
    if unknown:
        parser.error(f"--families: unknown {unknown}; known {list(FAMILIES)}")
    chosen = [m for m in mutants.MUTANTS if m.family in families]
    chosen_controls = [c for c in mutants.CONTROLS if c.family in families]
    total = len(chosen)
    n_controls = sum(len(c.claims) for c in chosen_controls)
    print(
        f"{total} mutants over {len({m.claim for m in chosen})} claims; "
        f"{len(chosen_controls)} controls over {n_controls} claims"
    )
    records: list[FamilyResult] = []
    for budget in budgets:
        by_search: dict[str, list[FamilyResult]] = {}
        for name in searches:
            results = [run_family(f, name, budget, not args.no_target) for f in families]
            by_search[name] = results
            _print_search(name, budget, results, total, n_controls)
            records.extend(results)
        if args.equal_time:
            timed = [
                run_family(f, "random@time", _equal_time_budget(budget, both, alone))
                for f, both, alone in zip(
                    families, by_search["checker"], by_search["random"], strict=True
                )
            ]
            _print_search("random@time", budget, timed, total, n_controls)
            records.extend(timed)
    if args.json is not None:
        args.json.write_text(
            json.dumps([asdict(r) for r in records], indent=2) + "\n", encoding="utf-8"
        )


if __name__ == "__main__":
    main()
