"""Case builders of the ``generation`` claims, shared by the random search and the bounded pass.

Each builder turns a corpus (:class:`~.strategies.TextCorpus`: hypotheses
and each segment's references, as strings) and the claim's parameters into
a :class:`~axiometrics.checker.Case` whose entries hold the family's two
inputs as prepared arrays: hypotheses, an object array ``(n,)`` of ``str``,
and references, an object array ``(n,)`` of tuples of ``str``.  Entries of
one number of segments are stacked on a leading axis; a corpus and its
segments alone (``segment_aggregation``) form a ragged case.

The token-level builders (``edit_case``, ``zero_match_case``,
``block_case``, the strict half of ``identity_case``) read plain text, whose
words are its single-space-separated tokens.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from axiometrics.checker.cases import Case

from .strategies import VOCABULARY, TextCorpus

__all__ = [
    "FRESH_TOKEN",
    "aggregation_case",
    "arrays",
    "block_case",
    "block_swap_impostor",
    "edit_case",
    "edit_script",
    "identity_case",
    "order_case",
    "reference_addition_case",
    "reference_order_case",
    "run_impostor",
    "symmetry_case",
    "tied_references",
    "valid_cuts",
    "well_defined_case",
    "zero_match_case",
]

_NAMES = ("hypotheses", "references")
#: A plain word outside :data:`~.strategies.VOCABULARY`, which no drawn reference holds.
FRESH_TOKEN = "zz"


def arrays(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]]
) -> tuple[np.ndarray, np.ndarray]:
    """A corpus as prepared arrays: hypotheses ``(n,)`` of str, references ``(n,)`` of tuples."""
    hyps = np.empty(len(hypotheses), dtype=object)
    refs = np.empty(len(references), dtype=object)
    for i, (h, r) in enumerate(zip(hypotheses, references, strict=True)):
        hyps[i] = str(h)
        refs[i] = tuple(str(x) for x in r)
    return hyps, refs


def _case(
    corpora: Sequence[tuple[Sequence[str], Sequence[Sequence[str]]]],
    names: Sequence[str],
    **info: object,
) -> Case:
    return Case.from_entries([arrays(h, r) for h, r in corpora], names, info=info)


def identity_case(corpus: TextCorpus, choice: Sequence[int], other: str | None = None) -> Case:
    """``identity``: each hypothesis replaced by reference ``choice[i]`` of its segment.

    With ``other`` (the strict half, plain text), a second entry replaces the
    first segment's hypothesis by ``other``, which differs from every one of
    its references.
    """
    refs = corpus.references
    equal = [seg[c % len(seg)] for seg, c in zip(refs, choice, strict=True)]
    if other is None:
        return _case([(equal, refs)], ["h = a reference"])
    return _case(
        [(equal, refs), ([other, *equal[1:]], refs)],
        ["h = a reference", "h_0 != every reference"],
    )


def run_impostor(
    reference: str, start: int, length: int, order: int = 4
) -> tuple[str, tuple[str, str]]:
    """A hypothesis that is a run of ``order`` words or more of a longer reference (plain text).

    The reference's words (repeated until there are more than ``order``;
    :data:`~.strategies.VOCABULARY` words for an empty one) give a run of
    ``order + length % ...`` words from position ``start % ...``, shorter
    than the reference; the second reference has the run's length
    (:data:`FRESH_TOKEN` words).  Every n-gram of the hypothesis up to
    ``order`` is in the first reference and the closest reference length is
    its own: clipped n-gram precisions of 1 and no brevity penalty, an
    optimal BLEU for a hypothesis equal to neither reference.

    Returns ``(hypothesis, (reference, second reference))``.
    """
    words = reference.split() or list(VOCABULARY[:order])
    while len(words) <= order:
        words = words + words
    n = len(words)
    size = order + length % (n - order)
    at = start % (n - size + 1)
    run = words[at : at + size]
    return " ".join(run), (" ".join(words), " ".join([FRESH_TOKEN] * size))


def block_swap_impostor(pieces: Sequence[str], context: Sequence[str]) -> tuple[str, str]:
    """A hypothesis and a reference of one length whose n-grams up to ``len(context) + 1`` agree.

    Plain text.  The reference is ``p0 C p1 C p2 C p3`` for the four words
    ``pieces`` and the words ``context`` (C); the hypothesis exchanges ``p1``
    and ``p2`` (``p2`` becomes :data:`FRESH_TOKEN` where they are equal).  An
    n-gram of at most ``len(C) + 1`` words holds one piece at most, with the
    same context on either side: the two have the same n-grams and lengths,
    and BLEU (``max_order = len(C) + 1``) scores the hypothesis optimal,
    though it differs from its only reference.

    Returns ``(hypothesis, reference)``.
    """
    p0, p1, p2, p3 = pieces
    if p1 == p2:
        p2 = FRESH_TOKEN
    c = list(context)
    reference = [p0, *c, p1, *c, p2, *c, p3]
    hypothesis = [p0, *c, p2, *c, p1, *c, p3]
    return " ".join(hypothesis), " ".join(reference)


def order_case(corpus: TextCorpus, order: Sequence[int]) -> Case:
    """``item_order_invariance``: the corpus and its segments in ``order``."""
    h, r = corpus
    return _case(
        [(h, r), ([h[i] for i in order], [r[i] for i in order])],
        ["as given", "segments permuted"],
        permutation=str(list(order)),
    )


def symmetry_case(corpus: TextCorpus) -> Case:
    """``symmetry``: one reference per segment, and hypotheses and references exchanged."""
    h = list(corpus.hypotheses)
    r = [seg[0] for seg in corpus.references]
    return _case([(h, [(x,) for x in r]), (r, [(x,) for x in h])], ["(h, r)", "(r, h)"])


def reference_order_case(corpus: TextCorpus, orders: Sequence[Sequence[int]]) -> Case:
    """``reference_order_invariance``: each segment's references in ``orders[i]``."""
    h, r = corpus
    moved = [tuple(seg[j] for j in order) for seg, order in zip(r, orders, strict=True)]
    return _case(
        [(h, r), (h, moved)],
        ["as given", "references permuted"],
        orders=str([list(o) for o in orders]),
    )


def tied_references(hypothesis: str, position: int) -> tuple[str, tuple[str, str]]:
    """A hypothesis and two references at equal word distance and length that split it differently.

    Plain text.  The hypothesis' words ``position`` and ``position + 1`` (taken
    modulo the pairs of different adjacent words; two words are appended to a
    hypothesis without such a pair) are swapped in the first reference, which
    keeps one of them as a hit (a deletion and an insertion), and both replaced
    by :data:`FRESH_TOKEN` in the second (two substitutions).  Both cost two
    edits at the hypothesis' length: a rule that keeps the first of equal
    references reads hits and substitutions that depend on their order.

    Returns ``(hypothesis, (swapped, replaced))``.
    """
    words = hypothesis.split()
    pairs = [p for p in range(len(words) - 1) if words[p] != words[p + 1]]
    if not pairs:
        last = words[-1] if words else ""
        words = [*words, *(("b", "a") if last == "a" else ("a", "b"))]
        pairs = [p for p in range(len(words) - 1) if words[p] != words[p + 1]]
    p = pairs[position % len(pairs)]
    swapped = [*words[:p], words[p + 1], words[p], *words[p + 2 :]]
    replaced = [*words[:p], FRESH_TOKEN, FRESH_TOKEN, *words[p + 2 :]]
    return " ".join(words), (" ".join(swapped), " ".join(replaced))


def reference_addition_case(corpus: TextCorpus, segment: int, reference: str) -> Case:
    """``reference_addition_monotonicity``: ``reference`` added to segment ``segment``."""
    h, r = corpus
    more = [(*seg, reference) if i == segment else seg for i, seg in enumerate(r)]
    return _case(
        [(h, r), (h, more)],
        ["as given", "one reference more"],
        added=f"segment {segment}: {reference!r}",
    )


def edit_script(hypothesis: Sequence[str], reference: Sequence[str]) -> list[tuple[str, int, int]]:
    """The non-matching operations of one minimum word alignment, in hypothesis order.

    Returns ``(kind, i, j)`` triples: ``("substitute", i, j)`` hypothesis
    word ``i`` for reference word ``j``, ``("insert", i, -1)`` hypothesis
    word ``i`` not in the reference, ``("delete", i, j)`` reference word
    ``j`` missing before hypothesis position ``i``.  Applying the inverse of
    any one of them lowers the Levenshtein distance by exactly one.
    """
    n, m = len(hypothesis), len(reference)
    table = np.zeros((n + 1, m + 1), dtype=np.int64)
    table[:, 0] = np.arange(n + 1)
    table[0, :] = np.arange(m + 1)
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            table[i, j] = min(
                table[i - 1, j] + 1,
                table[i, j - 1] + 1,
                table[i - 1, j - 1] + (hypothesis[i - 1] != reference[j - 1]),
            )
    ops: list[tuple[str, int, int]] = []
    i, j = n, m
    while i or j:
        if i and j and table[i, j] == table[i - 1, j - 1] + (hypothesis[i - 1] != reference[j - 1]):
            if hypothesis[i - 1] != reference[j - 1]:
                ops.append(("substitute", i - 1, j - 1))
            i, j = i - 1, j - 1
        elif i and table[i, j] == table[i - 1, j] + 1:
            ops.append(("insert", i - 1, -1))
            i -= 1
        else:
            ops.append(("delete", i, j - 1))
            j -= 1
    return ops[::-1]


def _fix(hypothesis: list[str], reference: Sequence[str], op: tuple[str, int, int]) -> list[str]:
    kind, i, j = op
    out = list(hypothesis)
    if kind == "substitute":
        out[i] = reference[j]
    elif kind == "insert":
        del out[i]
    else:
        out.insert(i, reference[j])
    return out


def edit_case(corpus: TextCorpus, segment: int, pick: int, spoil: str) -> Case:
    """``edit_monotonicity``: one hypothesis moved one word edit toward its (single) reference.

    Plain text, the first reference of each segment.  A hypothesis equal to
    its reference is first spoiled (``spoil`` appended): the "before" entry
    then differs from it, and the edit is the one that undoes the spoiling.
    """
    hyps = [h.split() for h in corpus.hypotheses]
    refs = [seg[0] for seg in corpus.references]
    ref = refs[segment].split()
    before = list(hyps[segment])
    if before == ref:
        before = [*before, spoil]
    ops = edit_script(before, ref)
    op = ops[pick % len(ops)]
    after = _fix(before, ref, op)
    h0 = [" ".join(t) for t in hyps]
    h0[segment] = " ".join(before)
    h1 = list(h0)
    h1[segment] = " ".join(after)
    single = [(r,) for r in refs]
    return _case(
        [(h0, single), (h1, single)],
        ["before", "after the edit"],
        edit=f"segment {segment}: {op[0]} ({' '.join(before)!r} -> {' '.join(after)!r})",
    )


def aggregation_case(corpus: TextCorpus) -> Case:
    """``segment_aggregation``: the corpus, then each segment alone."""
    h, r = corpus
    entries = [(h, r)] + [([h[i]], [r[i]]) for i in range(len(h))]
    return _case(entries, ["corpus", *(f"segment {i}" for i in range(len(h)))])


def _grams(tokens: Sequence[str], n: int) -> set[tuple[str, ...]]:
    return {tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1)}


def zero_match_case(corpus: TextCorpus, order: int = 4) -> Case:
    """``zero_match``: every hypothesis word ``order``-gram found in a reference broken.

    The last word of each matching ``order``-gram is replaced by
    :data:`FRESH_TOKEN`, left to right, until no ``order``-gram of the
    hypothesis occurs in its segment's references (plain text).
    """
    hyps = []
    for hyp, refs in zip(corpus.hypotheses, corpus.references, strict=True):
        seen = set().union(*(_grams(r.split(), order) for r in refs))
        tokens = hyp.split()
        for i in range(len(tokens) - order + 1):
            if tuple(tokens[i : i + order]) in seen:
                tokens[i + order - 1] = FRESH_TOKEN
        hyps.append(" ".join(tokens))
    return _case([(hyps, corpus.references)], ["no 4-gram matches"])


def valid_cuts(hypothesis: Sequence[str], references: Sequence[str]) -> list[int]:
    """Positions ``p`` (1..len-1) where the bigram ``hypothesis[p-1:p+1]`` is in no reference."""
    seen = set().union(*(_grams(r.split(), 2) for r in references))
    return [p for p in range(1, len(hypothesis)) if (hypothesis[p - 1], hypothesis[p]) not in seen]


def block_case(
    corpus: TextCorpus, segment: int, cuts: Sequence[int], order: Sequence[int]
) -> Case | None:
    """``block_order_invariance``: segment ``segment``'s blocks (cut at ``cuts``) in ``order``.

    ``None`` when the permuted blocks would form a bigram found in a
    reference at a junction, or leave the hypothesis unchanged.
    """
    tokens = corpus.hypotheses[segment].split()
    refs = corpus.references[segment]
    seen = set().union(*(_grams(r.split(), 2) for r in refs))
    bounds = [0, *sorted(cuts), len(tokens)]
    blocks = [tokens[a:b] for a, b in itertools.pairwise(bounds)]
    moved = [blocks[i] for i in order]
    for left, right in itertools.pairwise(moved):
        if (left[-1], right[0]) in seen:
            return None
    after = [t for block in moved for t in block]
    if after == tokens:
        return None
    hyps = list(corpus.hypotheses)
    hyps[segment] = " ".join(after)
    return _case(
        [(corpus.hypotheses, corpus.references), (hyps, corpus.references)],
        ["as given", "blocks permuted"],
        blocks=f"segment {segment}: {[' '.join(b) for b in blocks]} in order {list(order)}",
    )


def well_defined_case(corpus: TextCorpus) -> Case:
    """``well_defined``: the corpus as it is."""
    return _case([corpus], ["x"])
