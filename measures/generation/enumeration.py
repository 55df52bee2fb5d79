"""Enumerators of the ``generation`` claims for the bounded pass (:mod:`~axiometrics.checker`).

The enumerated corpora are the smallest ones: one segment with one
reference, hypothesis and reference words over the two-word alphabet
``a``, ``b`` (plain text), in increasing total number of words ``T``
(hypothesis plus reference): ``(T + 1) 2**T`` corpora of size ``T``, 769
up to ``T = 6``.  Each case is built by the same builder of :mod:`.cases`
as a drawn one.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator

from axiometrics.checker.cases import Case, CaseRequest, Level

from .cases import edit_case, edit_script, identity_case, symmetry_case, well_defined_case
from .claims import STRICT_IDENTITY
from .strategies import TextCorpus

__all__ = [
    "ALPHABET",
    "MAX_WORDS",
    "edit_levels",
    "identity_levels",
    "input_levels",
    "symmetry_levels",
    "well_defined_levels",
]

#: The words of the enumerated texts.
ALPHABET = ("a", "b")
#: The largest total number of words enumerated.
MAX_WORDS = 12


def _texts(n: int) -> list[str]:
    return [" ".join(t) for t in itertools.product(ALPHABET, repeat=n)]


def _pairs(total: int) -> Iterator[TextCorpus]:
    for n_hyp in range(total + 1):
        for h in _texts(n_hyp):
            for r in _texts(total - n_hyp):
                yield TextCorpus((h,), ((r,),))


def _levels(build: Callable[[TextCorpus], Case | None]) -> Iterator[Level]:
    for total in range(MAX_WORDS + 1):

        def cases(total: int = total) -> Iterator[Case]:
            for corpus in _pairs(total):
                case = build(corpus)
                if case is not None:
                    yield case

        yield Level((("T", total),), cases)


def input_levels(request: CaseRequest) -> Iterator[Level]:
    """Every one-segment corpus as a one-entry case: the family's ``enumerate_inputs``."""
    return _levels(well_defined_case)


def well_defined_levels(request: CaseRequest) -> Iterator[Level]:
    """``well_defined``: the corpora of :func:`input_levels`."""
    return _levels(well_defined_case)


def symmetry_levels(request: CaseRequest) -> Iterator[Level]:
    """``symmetry``: every corpus against the corpus with hypothesis and reference exchanged."""
    return _levels(symmetry_case)


def identity_levels(request: CaseRequest) -> Iterator[Level]:
    """``identity``: the reference as hypothesis; with ``strict_identity``, also each other one."""
    strict = request.wants(STRICT_IDENTITY)

    def build(corpus: TextCorpus) -> Case | None:
        hyp, ref = corpus.hypotheses[0], corpus.references[0][0]
        if hyp == ref:
            return identity_case(corpus, [0])
        return identity_case(corpus, [0], hyp) if strict else None

    return _levels(build)


def edit_levels(request: CaseRequest) -> Iterator[Level]:
    """``edit_monotonicity``: every corpus with each one-word edit toward its reference."""

    def build(corpus: TextCorpus) -> Case | None:
        hyp, ref = corpus.hypotheses[0].split(), corpus.references[0][0].split()
        if hyp == ref:
            return None
        return edit_case(corpus, 0, len(edit_script(hyp, ref)) - 1, "a")

    return _levels(build)
