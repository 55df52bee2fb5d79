"""Checking procedures of the claims about ``generation`` measures.

Each procedure is a case generator (from
:mod:`axiometrics.measures.generation.strategies`, cases built by
:mod:`.cases`) and a decision rule, as the regression procedures.  Every
case entry holds the two prepared inputs, hypotheses and references;
cases carry no class values.  The strict comparisons pass no input change
to :meth:`~axiometrics.checker.Judge.compare`: a text edit is discrete,
never a rounding-sized change of a number.

A measure that refuses an input with :class:`~axiometrics.errors.InvalidInputError`
or :class:`~axiometrics.errors.InputTypeError` puts the case outside the
claim; any other exception refutes it.
"""

from __future__ import annotations

import functools
from functools import partial
from typing import Any

import numpy as np
from hypothesis import strategies as st

from axiometrics.checker.cases import Case, CaseRequest, Decide, Decision, Observation, Procedure
from axiometrics.checker.rules import (
    decide_equal,
    decide_identity,
    decide_well_defined,
    fmt,
    refusal_aware,
    unresolved,
)
from axiometrics.checker.tolerance import Judge
from axiometrics.strategies import bounded_integers

from . import enumeration
from .cases import (
    FRESH_TOKEN,
    aggregation_case,
    block_case,
    block_swap_impostor,
    edit_case,
    identity_case,
    order_case,
    reference_addition_case,
    reference_order_case,
    run_impostor,
    symmetry_case,
    tied_references,
    valid_cuts,
    well_defined_case,
    zero_match_case,
)
from .claims import STRICT_IDENTITY
from .family import SEVERAL_REFERENCES
from .strategies import (
    HYPOTHESIS_REGIMES,
    MAX_REFERENCES,
    MAX_SEGMENTS,
    MAX_TOKENS,
    VOCABULARY,
    TextCorpus,
    corpora,
    segments,
)

__all__ = [
    "BLOCK_ORDER_INVARIANCE",
    "EDIT_MONOTONICITY",
    "IDENTITY",
    "ITEM_ORDER_INVARIANCE",
    "REFERENCE_ADDITION_MONOTONICITY",
    "REFERENCE_ORDER_INVARIANCE",
    "SEGMENT_AGGREGATION",
    "SYMMETRY",
    "WELL_DEFINED",
    "ZERO_MATCH",
]

REFUSALS = ("InvalidInputError", "InputTypeError")


def _refusal_aware(decide: Decide) -> Decide:
    return refusal_aware(decide, REFUSALS, "this corpus")


@functools.lru_cache(maxsize=32)
def _permutations(n: int) -> st.SearchStrategy[list[int]]:
    return st.permutations(range(n))


# -- identity -------------------------------------------------------------------------------------


#: How the strict half of ``identity`` draws a hypothesis unlike its references: a drawn one
#: (made longer than every reference where it equals one), a run of four words or more of a
#: longer reference with a second reference of its length, or a reference whose pieces
#: between repeated three-word contexts are exchanged (both score BLEU's optimum).
IMPOSTORS = ("drawn", "run", "swap")


def _corpora(request: CaseRequest, **options: Any) -> st.SearchStrategy[TextCorpus]:
    """:func:`.strategies.corpora`, with one reference per segment for a measure that refuses more.

    Cases with several references per segment would lie outside every claim
    for such a measure (a single-reference call signature), so drawing them
    only wastes the search's budget.
    """
    if request.refuses(SEVERAL_REFERENCES):
        options["max_references"] = 1
    return corpora(**options)


def _identity_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        strict = request.wants(STRICT_IDENTITY) and draw(st.booleans())
        corpus = draw(_corpora(request, text="plain" if strict else "any"))
        choice = [int(draw(bounded_integers(0, MAX_REFERENCES - 1))) for _ in corpus.hypotheses]
        if not strict:
            return identity_case(corpus, choice)
        refs = corpus.references[0]
        impostor = draw(st.sampled_from(IMPOSTORS))
        if impostor == "run":
            start, length = (int(draw(bounded_integers(0, MAX_TOKENS))) for _ in range(2))
            other, first = run_impostor(refs[0], start, length)
            corpus = _with_segment(corpus, 0, first)
        elif impostor == "swap":
            pieces = [str(draw(st.sampled_from(VOCABULARY))) for _ in range(4)]
            context = [str(draw(st.sampled_from(VOCABULARY))) for _ in range(3)]
            other, reference = block_swap_impostor(pieces, context)
            corpus = _with_segment(corpus, 0, (reference,))
        else:
            other = corpus.hypotheses[0]
            if other in refs:  # make it differ from every reference: longer than all of them
                longest = max(len(r.split()) for r in refs)
                other = " ".join(
                    [*other.split(), *([VOCABULARY[0]] * (longest + 1))][: longest + 1]
                )
                other = other if other not in refs else other + " " + VOCABULARY[1]
        return identity_case(corpus, choice, other)

    return build()


def _with_segment(corpus: TextCorpus, i: int, references: tuple[str, ...]) -> TextCorpus:
    """``corpus`` with segment ``i``'s references replaced by ``references``."""
    refs = tuple(references if k == i else r for k, r in enumerate(corpus.references))
    return TextCorpus(corpus.hypotheses, refs)


_decide_identity = decide_identity(
    "hypotheses equal to a reference score",
    "a hypothesis unlike its references scores",
    numeric_inputs=False,
)


IDENTITY = Procedure(
    cases=_identity_cases,
    decide=_refusal_aware(_decide_identity),
    observe_crashes=True,
    needs_optimum=True,
    description="every hypothesis replaced by one of its references (any text; must score the "
    "optimum); with strict_identity, also one hypothesis unlike its references (plain text; "
    "must not): a drawn one, a run of four words or more of a longer reference beside a "
    "reference of its length, or a reference with two pieces between repeated three-word "
    "contexts exchanged",
    enumerate=enumeration.identity_levels,
)


# -- segment order, reference order, symmetry ---------------------------------------------------


def _order_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        corpus = draw(_corpora(request, min_segments=2))
        order = draw(_permutations(len(corpus.hypotheses)))
        return order_case(corpus, order)

    return build()


ITEM_ORDER_INVARIANCE = Procedure(
    cases=_order_cases,
    decide=_refusal_aware(decide_equal("as given vs segments permuted")),
    observe_crashes=True,
    description="a corpus of two segments or more and its segments (with their references) in "
    "another order",
)


def _with_tie(draw: st.DrawFn, corpus: TextCorpus) -> TextCorpus:
    """``corpus`` (plain text) with one segment given two references of equal cost and length.

    The two (:func:`~.cases.tied_references`) split hits and edits
    differently; the segment keeps some of its drawn references after them.
    """
    i = int(draw(bounded_integers(0, len(corpus.hypotheses) - 1)))
    hypothesis, tied = tied_references(
        corpus.hypotheses[i], int(draw(bounded_integers(0, MAX_TOKENS)))
    )
    kept = corpus.references[i][: int(draw(bounded_integers(0, len(corpus.references[i]))))]
    hyps = [hypothesis if k == i else h for k, h in enumerate(corpus.hypotheses)]
    refs = [(*tied, *kept) if k == i else r for k, r in enumerate(corpus.references)]
    return TextCorpus(tuple(hyps), tuple(refs))


def _reference_order_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        if draw(st.booleans()):
            corpus = draw(corpora(min_references=2, max_references=4))
        else:  # a tie of equal cost and length, split differently (MER and WIL)
            corpus = _with_tie(draw, draw(corpora(text="plain", max_references=2)))
        orders = [draw(_permutations(len(refs))) for refs in corpus.references]
        return reference_order_case(corpus, orders)

    return build()


REFERENCE_ORDER_INVARIANCE = Procedure(
    cases=_reference_order_cases,
    decide=_refusal_aware(decide_equal("as given vs references permuted")),
    observe_crashes=True,
    description="a corpus with two to four references per segment, or one (plain text) where a "
    "segment has two references of equal word distance and length that split hits and edits "
    "differently, and each segment's references in another order",
)


def _symmetry_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    return corpora(max_references=1).map(symmetry_case)


SYMMETRY = Procedure(
    cases=_symmetry_cases,
    decide=_refusal_aware(decide_equal("Eff(h, r) vs Eff(r, h)")),
    observe_crashes=True,
    description="a corpus with one reference per segment, and the same with hypotheses and "
    "references exchanged",
    enumerate=enumeration.symmetry_levels,
)


# -- reference addition ---------------------------------------------------------------------------


#: The kinds of added reference, each aimed at one way a reference can lower a score, with
#: the corpus drawn for it: its text (:data:`~.strategies.TEXTS`; plain where the kind counts
#: words, which every tokeniser of the family reads alike there), hypothesis regimes
#: (:data:`~.strategies.HYPOTHESIS_REGIMES`) and the choices of its most segments (few, so
#: that one segment's change is not averaged away).
ADDITION_KINDS: dict[str, tuple[str, tuple[str, ...], tuple[int, ...]]] = {
    # the hypothesis' length plus one, of a word no reference holds: the closest reference
    # length moves above the hypothesis' and cuts BLEU's brevity penalty, no match added
    "closer": ("plain", ("longer", "edited"), (1, 2, MAX_SEGMENTS)),
    # the hypothesis' length, no word in common, for a one-word hypothesis whose reference
    # holds it and more: fewer edits than that longer reference, and no hit (MER, WIL)
    "unlike": ("plain", HYPOTHESIS_REGIMES, (1, 2, MAX_SEGMENTS)),
    # the hypothesis' first word run into many more, in a corpus of two segments or more
    # whose other segments match well, for a one-word hypothesis whose reference shares no
    # character with it: a better sentence chrF for that segment, with many more reference
    # n-grams in the corpus recall (chrF)
    "long": ("any", ("edited",), (2, 3)),
    # about the hypothesis' length (BLEU's closest reference length)
    "length": ("any", HYPOTHESIS_REGIMES, (1, 2, MAX_SEGMENTS)),
    # the hypothesis and more: matches more, but adds reference n-grams
    "superstring": ("any", HYPOTHESIS_REGIMES, (MAX_SEGMENTS,)),
    "any": ("any", HYPOTHESIS_REGIMES, (MAX_SEGMENTS,)),
}


def _added_reference(draw: st.DrawFn, kind: str, hypothesis: str) -> str:
    words = hypothesis.split()
    if kind == "closer":
        return " ".join([FRESH_TOKEN] * (len(words) + 1))
    if kind == "unlike":
        drawn = [str(draw(st.sampled_from(VOCABULARY))) for _ in words]
        return " ".join(d if d != w else FRESH_TOKEN for d, w in zip(drawn, words, strict=True))
    if kind == "long":
        extra = draw(st.lists(st.sampled_from(VOCABULARY), min_size=3, max_size=12))
        joiner = str(draw(st.sampled_from(("", " "))))
        return joiner.join([*words[:1], *extra, *words[1:]])
    if kind == "length":
        n = max(len(words) + int(draw(bounded_integers(-1, 2))), 0)
        return str(draw(segments(min_tokens=n, max_tokens=n)))
    if kind == "superstring":
        return f"{hypothesis} {draw(segments(min_tokens=1))}"
    return str(draw(segments()))


def _one_word_segment(draw: st.DrawFn, kind: str, corpus: TextCorpus, i: int) -> TextCorpus:
    """``corpus`` with segment ``i`` a one-word hypothesis and one reference.

    ``"long"``: a reference sharing no character with the hypothesis
    (:data:`~.cases.FRESH_TOKEN`); ``"unlike"``: the hypothesis' word and
    more, so that the word is a hit.
    """
    word = str(draw(segments(min_tokens=1, max_tokens=1, text="plain")))
    if kind == "long":
        reference = FRESH_TOKEN
    else:
        reference = f"{word} {draw(segments(min_tokens=1, max_tokens=MAX_TOKENS, text='plain'))}"
    hyps = tuple(word if k == i else h for k, h in enumerate(corpus.hypotheses))
    refs = tuple((reference,) if k == i else r for k, r in enumerate(corpus.references))
    return TextCorpus(hyps, refs)


def _addition_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        kind = str(draw(st.sampled_from(tuple(ADDITION_KINDS))))
        text, regimes, most = ADDITION_KINDS[kind]
        hi = int(draw(st.sampled_from(most)))
        corpus = draw(corpora(min_segments=min(most), max_segments=hi, text=text, regimes=regimes))
        i = int(draw(bounded_integers(0, len(corpus.hypotheses) - 1)))
        if kind in ("long", "unlike"):
            corpus = _one_word_segment(draw, kind, corpus, i)
        reference = _added_reference(draw, kind, corpus.hypotheses[i])
        return reference_addition_case(corpus, i, reference)

    return build()


def _decide_not_worse(case: Case, obs: Observation, judge: Judge) -> Decision:
    a, b = float(obs.scores[0]), float(obs.scores[1])
    relation = judge.compare(b, a)
    if relation == "unresolved":
        return unresolved(b, a, judge)
    return Decision.verdict(
        relation != "worse",
        f"one reference more scores {fmt(b)}, as given {fmt(a)}: {relation}",
        # Not worse: a gain of at least minus the bound, strict_margin + 2 >= 0.
        margin=judge.strict_margin(b, a) + 2.0,
    )


REFERENCE_ADDITION_MONOTONICITY = Procedure(
    cases=_addition_cases,
    decide=_refusal_aware(_decide_not_worse),
    observe_crashes=True,
    description="a corpus of one to five segments and the same corpus with one more reference "
    "for one segment: one word longer than the hypothesis (of a word no reference holds), its "
    "length with no word in common, its first word run into many more, about its length, the "
    "hypothesis and more, or any text",
)


# -- edit monotonicity ----------------------------------------------------------------------------


def _edit_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        corpus = draw(corpora(text="plain", max_references=1))
        i = int(draw(bounded_integers(0, len(corpus.hypotheses) - 1)))
        pick = int(draw(bounded_integers(0, 20)))
        spoil = str(draw(st.sampled_from(VOCABULARY)))
        return edit_case(corpus, i, pick, spoil)

    return build()


def _decide_better(case: Case, obs: Observation, judge: Judge) -> Decision:
    a, b = float(obs.scores[0]), float(obs.scores[1])
    relation = judge.compare(b, a)
    if relation == "unresolved":
        return unresolved(b, a, judge)
    return Decision.verdict(
        relation == "better",
        f"after the edit {fmt(b)}, before {fmt(a)}: {relation}"
        + ("" if relation == "better" else ", not strictly better"),
        margin=judge.strict_margin(b, a),
    )


EDIT_MONOTONICITY = Procedure(
    cases=_edit_cases,
    decide=_refusal_aware(_decide_better),
    observe_crashes=True,
    description="plain text, one reference per segment: one hypothesis moved one word edit "
    "(of a minimum alignment) toward its reference",
    enumerate=enumeration.edit_levels,
)


# -- segment aggregation --------------------------------------------------------------------------


def _aggregation_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    return _corpora(request, min_segments=2, max_segments=4).map(aggregation_case)


def _decide_aggregation(case: Case, obs: Observation, judge: Judge) -> Decision:
    corpus = float(obs.scores[0])
    mean = float(np.mean(obs.scores[1:]))
    return Decision.verdict(
        judge.equal(corpus, mean),
        f"corpus score {fmt(corpus)} vs mean of the segment scores {fmt(mean)}",
        margin=judge.equality_margin(corpus, mean),
    )


SEGMENT_AGGREGATION = Procedure(
    cases=_aggregation_cases,
    decide=_refusal_aware(_decide_aggregation),
    observe_crashes=True,
    description="a corpus of two to four segments and each of its segments alone",
)


# -- zero match -----------------------------------------------------------------------------------


def _zero_match_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    return _corpora(request, text="plain", max_tokens=10).map(partial(zero_match_case, order=4))


def _decide_zero(case: Case, obs: Observation, judge: Judge) -> Decision:
    a = float(obs.scores[0])
    return Decision.verdict(
        judge.equal(a, 0.0),
        f"no hypothesis 4-gram in a reference, and the score is {fmt(a)}",
        margin=judge.equality_margin(a, 0.0),
    )


ZERO_MATCH = Procedure(
    cases=_zero_match_cases,
    decide=_refusal_aware(_decide_zero),
    observe_crashes=True,
    description="plain text whose hypotheses share no word 4-gram with their references",
)


# -- block order ----------------------------------------------------------------------------------


def _block_cases(request: CaseRequest) -> st.SearchStrategy[Case]:
    @st.composite
    def build(draw: st.DrawFn) -> Case:
        corpus = draw(_corpora(request, text="plain", max_tokens=10))
        i = int(draw(bounded_integers(0, len(corpus.hypotheses) - 1)))
        tokens = corpus.hypotheses[i].split()
        cuts = valid_cuts(tokens, corpus.references[i])
        chosen = [c for c in cuts if draw(st.booleans())] or cuts[:1]
        if chosen:
            order = draw(_permutations(len(chosen) + 1))
            case = block_case(corpus, i, chosen, order)
            if case is not None:
                return case
        return well_defined_case(corpus)  # no admissible move: outside the claim

    return build()


def _decide_blocks(case: Case, obs: Observation, judge: Judge) -> Decision:
    if case.n_entries == 1:
        return Decision.outside("no cut and permutation of this hypothesis is admissible")
    return decide_equal("as given vs blocks permuted")(case, obs, judge)


BLOCK_ORDER_INVARIANCE = Procedure(
    cases=_block_cases,
    decide=_refusal_aware(_decide_blocks),
    observe_crashes=True,
    description="plain text: one hypothesis cut where the crossing bigram is in no reference, "
    "its blocks permuted so that no junction bigram is in a reference",
)


# -- well-definedness ---------------------------------------------------------------------------


WELL_DEFINED = Procedure(
    cases=lambda request: _corpora(request).map(well_defined_case),
    decide=_refusal_aware(decide_well_defined),
    observe_undefined=True,
    observe_crashes=True,
    description="any corpus: empty and one-token segments, repeated tokens, hypotheses much "
    "longer and shorter than every reference, several references of different lengths, "
    "Unicode and whitespace variants",
    enumerate=enumeration.well_defined_levels,
)
