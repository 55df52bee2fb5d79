"""Every use the checker makes of Hypothesis' internals, in one module.

The checker needs four things for which Hypothesis has no public API:

* the running test's counter and the sort key of its choice sequence
  (:func:`runs_so_far`, :func:`simplicity`), so that a spent shrink budget
  reports the simplest deciding case seen, in Hypothesis' own order;
* its registry of managed random generators (:func:`numpy_seeded_once`), so
  NumPy's global generator is seeded once per claim instead of once per run;
* its pool of constants collected from imported modules
  (:func:`reproducible_constants`), pinned empty so that a seed gives the same
  cases whatever else happens to be imported;
* the extra digest of a test function's database key
  (:func:`add_database_digest`), so that claims sharing one probe function do
  not share examples in a database.

Nothing else in axiometrics imports ``hypothesis.internal``.  :func:`require`
checks once per process that the installed Hypothesis still has every
attribute used here, and that they still behave as relied on; when one has
changed it raises :class:`HypothesisInternalsError` naming the installed
version and the attribute, rather than letting the checker search differently
and report verdicts that would change with unrelated imports.  The attributes
are those of Hypothesis :data:`MIN_HYPOTHESIS` (the lower bound declared in
``pyproject.toml``, tested in the oldest-versions test) through the pinned
test version.
"""

from __future__ import annotations

import functools
import importlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import hypothesis
import numpy as np
from hypothesis import strategies as st

from axiometrics.errors import HypothesisInternalsError

__all__ = [
    "MIN_HYPOTHESIS",
    "HypothesisInternalsError",
    "add_database_digest",
    "numpy_seeded_once",
    "reproducible_constants",
    "require",
    "runs_so_far",
    "simplicity",
]

#: The oldest Hypothesis whose internals match this module: 6.131.9 is the
#: first release whose pool of local constants is a ``Constants`` object in
#: ``hypothesis.internal.conjecture.providers`` (6.131.6 to 6.131.8 keep a
#: dict there; 6.125.0 is the first whose ``sort_key`` ranks choice nodes
#: rather than a byte buffer).
MIN_HYPOTHESIS = "6.131.9"


def _internals_error(
    attribute: str, purpose: str, changed: str | None = None
) -> HypothesisInternalsError:
    """The error naming the installed Hypothesis, the internal and what the checker needs it for."""
    version = hypothesis.__version__
    what = f"has no {attribute}" if changed is None else f"changed {attribute} ({changed})"
    return HypothesisInternalsError(
        f"hypothesis version={version!r} {what}, which the checker "
        f"uses to {purpose}; expected the internals of Hypothesis {MIN_HYPOTHESIS} or "
        f"later (pip install 'hypothesis>={MIN_HYPOTHESIS}'; if it already is, please "
        "report this with the version)",
        version=version,
        attribute=attribute,
    )


_COUNTER = "keep the simplest deciding case when a shrink budget is spent"
_SEEDING = "seed NumPy's global generator once per claim"
_CONSTANTS = "draw the same cases for a seed whatever modules are imported"
_DIGEST = "tell claims apart in an example database"


def _attribute(module: str, name: str, purpose: str) -> Any:
    """``module.name``, or :class:`HypothesisInternalsError` naming it."""
    try:
        return getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError):
        raise _internals_error(f"{module}.{name}", purpose) from None


@functools.cache
def require() -> None:
    """Check, once per process, every Hypothesis internal this module uses.

    Raises
    ------
    HypothesisInternalsError
        An attribute is missing, or no longer behaves as relied on (the
        message names the installed version and the attribute).
    """
    _attribute("hypothesis.control", "current_build_context", _COUNTER)
    _attribute("hypothesis.internal.conjecture.shrinker", "sort_key", _COUNTER)
    entropy = "hypothesis.internal.entropy"
    _attribute(entropy, "NP_RANDOM", _SEEDING)
    _attribute(entropy, "RANDOMS_TO_MANAGE", _SEEDING)
    _attribute(entropy, "get_seeder_and_restorer", _SEEDING)
    providers = "hypothesis.internal.conjecture.providers"
    pool = _attribute(providers, "_local_constants", _CONSTANTS)
    try:
        empty = type(pool)()
        sizes = [len(empty.set_for_type(kind)) for kind in ("integer", "float", "bytes", "string")]
    except (TypeError, AttributeError, KeyError, ValueError):
        sizes = [-1]
    if sizes != [0, 0, 0, 0]:
        raise _internals_error(
            f"{providers}._local_constants",
            _CONSTANTS,
            changed=f"a {type(pool).__name__}, not an empty-constructible Constants pool",
        )
    _attribute(providers, "_get_local_constants", _CONSTANTS)
    cache = _attribute(providers, "CONSTANTS_CACHE", _CONSTANTS)
    if not hasattr(cache, "cache"):
        raise _internals_error(
            f"{providers}.CONSTANTS_CACHE", _CONSTANTS, changed="no .cache to clear"
        )
    _require_digest()
    _require_running_test_data()


def _require_digest() -> None:
    """Hypothesis must still mix ``_hypothesis_internal_add_digest`` into a test's key."""
    digest = _attribute("hypothesis.internal.reflection", "function_digest", _DIGEST)

    def probe() -> None:  # pragma: no cover - never called, only digested
        return None

    plain = digest(probe)
    _set_digest(probe, b"axiometrics")
    if digest(probe) == plain:
        raise _internals_error(
            "hypothesis.internal.reflection.function_digest",
            _DIGEST,
            changed="it ignores _hypothesis_internal_add_digest",
        )


def _require_running_test_data() -> None:
    """A running test's data must still carry ``testcounter`` and ``nodes`` that rank."""
    found: dict[str, Any] = {}

    def body(_: int) -> None:
        from hypothesis.control import current_build_context

        data = current_build_context().data
        found["missing"] = [name for name in ("testcounter", "nodes") if not hasattr(data, name)]
        if not found["missing"]:
            try:
                simplicity() < simplicity()  # noqa: B015 - only whether the keys compare
            except Exception as error:  # reported below, outside Hypothesis
                found["error"] = error

    test = hypothesis.settings(
        max_examples=1,
        database=None,
        deadline=None,
        derandomize=True,
        phases=[hypothesis.Phase.generate],
    )(hypothesis.given(st.integers(0, 1))(body))
    test()
    if found["missing"]:
        raise _internals_error(
            f"hypothesis.internal.conjecture.data.ConjectureData.{found['missing'][0]}", _COUNTER
        )
    if "error" in found:
        error = found["error"]
        raise _internals_error(
            "hypothesis.internal.conjecture.shrinker.sort_key",
            _COUNTER,
            changed=f"{type(error).__name__}: {error}",
        ) from error


def runs_so_far() -> int:
    """Hypothesis' count of test runs so far (``ConjectureData.testcounter``).

    Call inside a running Hypothesis test, after :func:`require`.
    """
    from hypothesis.control import current_build_context

    return int(current_build_context().data.testcounter)


def simplicity() -> Any:
    """Hypothesis' sort key of the running test's choices: smaller is simpler.

    Call inside a running Hypothesis test, after :func:`require`.
    """
    from hypothesis.control import current_build_context
    from hypothesis.internal.conjecture.shrinker import sort_key

    return sort_key(current_build_context().data.nodes)


def add_database_digest(test: Callable[..., Any], key: bytes) -> None:
    """Make ``key`` part of the example-database key of ``test`` (set before ``@given``).

    Raises
    ------
    HypothesisInternalsError
        See :func:`require`.
    """
    require()
    _set_digest(test, key)


def _set_digest(test: Callable[..., Any], key: bytes) -> None:
    test._hypothesis_internal_add_digest = key  # type: ignore[attr-defined]


#: Nesting depth of :func:`numpy_seeded_once` (an inner claim finds the
#: generator already taken out of Hypothesis' hands by the outer one).
_seeding_depth = 0


@contextmanager
def numpy_seeded_once(seed_value: int) -> Iterator[None]:
    """Seed NumPy's global generator once per claim instead of once per test run.

    Hypothesis saves, reseeds and restores NumPy's legacy global generator
    around every run of a test (a 624-word state copied twice: about a tenth
    of a checker case's cost).  Inside this block it is taken off
    Hypothesis' list and seeded once with ``seed_value``, so measures that
    draw from it (none of the built-in ones do) still see a stream fixed by
    the claim's seed; the state and Hypothesis' list are restored on exit.

    Raises
    ------
    HypothesisInternalsError
        Hypothesis no longer registers NumPy's generator where expected.
    """
    global _seeding_depth
    require()
    if _seeding_depth:
        yield
        return
    from hypothesis.internal import entropy

    if entropy.NP_RANDOM is None:
        # Hypothesis registers its wrapper on the first test run: do it now.
        entropy.get_seeder_and_restorer(0)
    wrapper = entropy.NP_RANDOM
    managed = entropy.RANDOMS_TO_MANAGE
    keys = [k for k, r in list(managed.items()) if r is wrapper]
    if wrapper is None or not keys:
        raise _internals_error(
            "hypothesis.internal.entropy.NP_RANDOM",
            _SEEDING,
            changed="NumPy's generator is not registered in RANDOMS_TO_MANAGE",
        )
    # The legacy global generator is the very thing managed here.
    state = np.random.get_state()  # noqa: NPY002
    for key in keys:
        del managed[key]
    np.random.seed(seed_value % 2**32)  # noqa: NPY002
    _seeding_depth += 1
    try:
        yield
    finally:
        _seeding_depth -= 1
        for key in keys:
            managed[key] = wrapper
        np.random.set_state(state)  # noqa: NPY002


@contextmanager
def reproducible_constants() -> Iterator[None]:
    """Stop Hypothesis from mixing literals of the imported modules into the search.

    Hypothesis draws, with probability 0.05, constants it collects from every
    non-library module in ``sys.modules``; the same seed then generates
    different cases depending on what happens to be imported (the CLI, a
    pytest session, a notebook) and on every literal of axiometrics itself
    when it is installed editable, so a derandomized verdict could change
    with unrelated code.  Inside this block the collection is pinned empty
    (Hypothesis' library-wide constants are still used).

    Raises
    ------
    HypothesisInternalsError
        Hypothesis no longer keeps the pool where expected.
    """
    require()
    from hypothesis.internal.conjecture import providers

    empty = type(providers._local_constants)()
    original = providers._get_local_constants
    providers._get_local_constants = lambda: empty
    providers.CONSTANTS_CACHE.cache.clear()
    try:
        yield
    finally:
        providers._get_local_constants = original
        providers.CONSTANTS_CACHE.cache.clear()
