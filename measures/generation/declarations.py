"""What each generation measure declares about each claim of the family (:mod:`.measures`).

One table, measure by claim, so that the verdicts read side by side (the
docs' verdict table is this one).  Every ``Violated`` note carries a
counterexample small enough to check by hand; the tests score each one.
"""

from __future__ import annotations

from axiometrics.declarations import ClaimDeclaration, Holds, Violated, When

from .claims import STRICT_IDENTITY

__all__ = ["CLAIMS_WHEN", "DECLARATIONS"]

_STRICT = (STRICT_IDENTITY,)


def _no_ngram_zero(score: str) -> Violated:
    """``zero_match`` of a measure without word n-gram precisions: violated, with its case."""
    return Violated(
        note="the claim states BLEU's n-gram precision; this measure counts edits or a "
        f"common subsequence instead: h = ('a a a zz',), r = ('a a a a',), without a common "
        f"4-gram, gives {score}, not 0"
    )


_SUMS = Holds(note="sums of segment statistics: the order of the segments does not count")
_MEAN = Holds(note="a mean of segment scores: the order of the segments does not count")
_WELL = Holds(note="finite and in range on every corpus; undefined only where declared")

_H = Holds
_V = Violated

_BLOCKS_H = Holds(
    note="clipped n-gram counts and lengths: an n-gram crossing a cut or a new junction "
    "contains a bigram of no reference and matches nothing, before and after"
)
_ORDER_H = Holds(note="the references of a segment enter through a maximum or a union only")
_SYM_CHRF = Violated(
    note="beta = 2 weighs recall: h = ('a',), r = ('a a',) gives 55.6, swapped 83.3 "
    "(sentence_chrf(beta=1) is symmetric: its own declaration below)"
)
_SYM_CHRF_CORPUS = Violated(
    note="beta = 2 weighs recall: h = ('a',), r = ('a a',) gives 55.6, swapped 83.3; at "
    "beta = 1 too, since a segment whose reference has no n-gram of an order drops its "
    "hypothesis n-grams of that order and not the reverse: chrf(beta=1) gives 100 on "
    "h = ('a', 'a'), R = (('a',), ('',)) and 66.7 swapped"
)
_CHRF_ID = Violated(
    note="an empty hypothesis ties every reference (sentence chrF 0) and the first is kept: "
    "h = ('a', ''), R = (('a',), ('a', '')) scores below 100 although h_1 = ''"
)
_CHRF_ORDER = Violated(
    note="the best reference per segment is the first of equal sentence scores: h = ('a', ''), "
    "R = (('a',), ('', 'a')) gives 100, R = (('a',), ('a', '')) 55.6"
)
_CHRF_ADD = Violated(
    note="the chosen reference's n-grams enter the corpus recall: h = ('語', 'b'), "
    "R = (('語',), ('',)) gives 100; adding 'é\\tab' to segment 1 gives 55.6"
)
_CHRF_EDIT = Violated(
    note="h = ('a b',), r = ('b a',) gives 50; substituting b by a ('a a') gives 25"
)
_CHRF_BLOCKS = Violated(
    note="character n-grams cross word boundaries (whitespace removed): moving a block changes them"
)
_SENT_ID = Violated(
    note="an empty segment scores 0 (sacreBLEU's sentence_score): h = ('',), R = (('',),) "
    "gives 0, not 100"
)
_AGG_MEAN = Holds(note="defined as the mean of the segment scores")
_EDIT_EMPTY = Violated(
    note="h = ('a',), r = ('',) gives 0; deleting the word (h = ('',)) still gives 0"
)
_ZERO_SENT = Violated(
    note="with effective order a hypothesis without 4-grams is scored on its lower orders: "
    "h = ('a',), r = ('a',) gives 100"
)
_SYM_WER = Violated(note="h = ('a',), r = ('a a',) gives 0.5, swapped 1 (divides by N)")
_ADD_WER = Violated(
    note="a reference with fewer edits may be shorter: h = ('a', ''), R = (('a a a',), "
    "('a',)) gives 0.75; adding '' to segment 0 (one edit, N = 0) gives 2"
)
_AGG_RATIO = Violated(
    note="a ratio of sums (a mean weighted by reference length for WER and CER): "
    "h = ('a', ''), R = (('a',), ('a a',)) gives 2/3, the mean of 0 and 1 is 1/2"
)
_BLOCKS_EDIT = Violated(
    note="the alignment follows word order: h = ('b a c',), r = ('a a c',) gives 1/3, "
    "its blocks ('b', 'a c') permuted ('a c b') 2/3"
)

DECLARATIONS: dict[str, dict[str, ClaimDeclaration]] = {
    "bleu": {
        "identity": Holds(
            note="all clipped precisions 1 and BP 1; not only then: with two references the "
            "hypothesis 'a b c d y' of R = ('a b c d e', 'x b c d y') scores 100"
        ),
        "item_order_invariance": _SUMS,
        "symmetry": Violated(
            note="precision-based: h = ('a b c d e',), r = ('a b c d',) and swapped differ (BP)"
        ),
        "well_defined": _WELL,
        "reference_order_invariance": _ORDER_H,
        "reference_addition_monotonicity": Violated(
            note="the closest reference length sets the brevity penalty: h = ('a a a a a',), "
            "R = (('a a',),) gives 21.36; adding 'a a b a b a' (closer, longer) 20.80"
        ),
        "edit_monotonicity": Violated(
            note="h = ('a a a a a',), r = ('',) gives 0; deleting a word still 0"
        ),
        "segment_aggregation": Violated(
            note="statistics are pooled: h = ('a a a a', 'a a a a'), R = (('', 'a a a a'), "
            "('a',)) gives 52.87, the mean of its segments 57.99"
        ),
        "zero_match": Violated(
            note="smooth='exp' gives a missing order 100 / (2^k n-grams): h = ('a a a zz',), "
            "r = ('a a a a',) gives 59.46; holds with bleu(smooth='none')"
        ),
        "block_order_invariance": _BLOCKS_H,
    },
    "sentence_bleu": {
        "identity": _SENT_ID,
        "item_order_invariance": _MEAN,
        "symmetry": Violated(note="h = ('a',), r = ('a a',) gives 36.8, swapped 50"),
        "well_defined": _WELL,
        "reference_order_invariance": _ORDER_H,
        "reference_addition_monotonicity": Violated(
            note="h = ('a a a',), R = (('', 'a a a a a a a'),) gives 100; adding 'a a a a' "
            "(now the closest length, longer) 71.65"
        ),
        "edit_monotonicity": _EDIT_EMPTY,
        "segment_aggregation": _AGG_MEAN,
        "zero_match": _ZERO_SENT,
        "block_order_invariance": _BLOCKS_H,
    },
    **{
        name: {
            "identity": _CHRF_ID,
            "item_order_invariance": _SUMS,
            "symmetry": _SYM_CHRF_CORPUS,
            "well_defined": _WELL,
            "reference_order_invariance": _CHRF_ORDER,
            "reference_addition_monotonicity": _CHRF_ADD,
            "edit_monotonicity": _CHRF_EDIT,
            "segment_aggregation": Violated(
                note="statistics are pooled: h = ('a a a a a', 'a'), R = (('', 'a a a a'), "
                "('a',)) differs from the mean of its segments"
            ),
            "zero_match": Violated(
                note="character n-grams still match: h = ('a a a zz',), r = ('a a a a',) "
                "scores above 0"
            ),
            "block_order_invariance": _CHRF_BLOCKS,
        }
        for name in ("chrf", "chrf_plus_plus")
    },
    "sentence_chrf": {
        "identity": _SENT_ID,
        "item_order_invariance": _MEAN,
        "symmetry": _SYM_CHRF,
        "well_defined": _WELL,
        "reference_order_invariance": Holds(note="each segment keeps its best sentence score"),
        "reference_addition_monotonicity": Holds(
            note="each segment keeps its best sentence score, a maximum over more references"
        ),
        "edit_monotonicity": _EDIT_EMPTY,
        "segment_aggregation": _AGG_MEAN,
        "zero_match": Violated(note="h = ('a',), r = ('a',) gives 100 without any 4-gram"),
        "block_order_invariance": _CHRF_BLOCKS,
    },
    "ter": {
        "identity": Holds(_STRICT, note="0 edits exactly when the words equal a reference's"),
        "item_order_invariance": _SUMS,
        "symmetry": Violated(note="h = ('a',), r = ('a a',) gives 50, swapped 100"),
        "well_defined": _WELL,
        "reference_order_invariance": _ORDER_H,
        "reference_addition_monotonicity": Violated(
            note="the denominator is the average length of all references: adding a short "
            "reference raises TER (h = ('a b',), R = (('a c',),) gives 50; adding '' 100)"
        ),
        "edit_monotonicity": Violated(
            note="a shift can stand for two word edits: h = ('a b',), r = ('b a',) gives 50; "
            "substituting b by a ('a a') still 50"
        ),
        "segment_aggregation": _AGG_RATIO,
        "zero_match": _no_ngram_zero("25"),
        "block_order_invariance": Violated(
            note="shifts cost one edit each: permuted blocks add edits"
        ),
    },
    "wer": {
        "identity": Holds(_STRICT, note="no edit exactly when the words equal a reference's"),
        "item_order_invariance": _SUMS,
        "symmetry": _SYM_WER,
        "well_defined": _WELL,
        "reference_order_invariance": Holds(
            note="the reference of fewest edits, then the shortest: WER depends on both only"
        ),
        "reference_addition_monotonicity": _ADD_WER,
        "edit_monotonicity": Holds(note="one edit fewer over the same N reference words"),
        "segment_aggregation": _AGG_RATIO,
        "zero_match": _no_ngram_zero("0.25"),
        "block_order_invariance": _BLOCKS_EDIT,
    },
    "cer": {
        "identity": Holds(_STRICT, note="no edit exactly when the text equals a reference"),
        "item_order_invariance": _SUMS,
        "symmetry": Violated(note="h = ('a',), r = ('a a',) gives 2/3, swapped 2"),
        "well_defined": _WELL,
        "reference_order_invariance": Holds(
            note="the reference of fewest edits, then the shortest: CER depends on both only"
        ),
        "reference_addition_monotonicity": _ADD_WER,
        "edit_monotonicity": Holds(
            note="a word edit toward the reference lowers the character distance too"
        ),
        "segment_aggregation": _AGG_RATIO,
        "zero_match": _no_ngram_zero("2/7"),
        "block_order_invariance": _BLOCKS_EDIT,
    },
    **{
        name: {
            "identity": Holds(_STRICT, note="no edit exactly when the words equal a reference's"),
            "item_order_invariance": _SUMS,
            "symmetry": Violated(
                note="jiwer's choice among equal alignments is not symmetric: h = ('a a b',), "
                "r = ('b a a',) and swapped differ"
            ),
            "well_defined": _WELL,
            "reference_order_invariance": Holds(
                note="the reference of fewest edits, then the shorter, then the one with more "
                "hits: equal edits, length and hits give equal counts, whatever the order"
            ),
            "reference_addition_monotonicity": Violated(
                note="a reference with fewer edits may have fewer hits: h = ('a',), "
                "R = (('a b c',),) gives 2/3; adding 'b' (one edit, no hit) gives 1"
            ),
            "edit_monotonicity": Violated(
                note="h = ('a a',), r = ('',) gives 1; deleting a word still 1"
                if name == "mer"
                else "jiwer's alignment choice: h = ('a b',), r = ('b a',) gives 0.75; "
                "substituting b by a ('a a') still 0.75"
            ),
            "segment_aggregation": _AGG_RATIO,
            "zero_match": _no_ngram_zero("0.25" if name == "mer" else "0.4375"),
            "block_order_invariance": _BLOCKS_EDIT,
        }
        for name in ("mer", "wil")
    },
    "rouge_l": {
        "identity": Violated(
            note="a segment without a token scores 0 (rouge-score): h = ('',), R = (('',),) "
            "gives 0, not 1"
        ),
        "item_order_invariance": _MEAN,
        "symmetry": Holds(note="the LCS is symmetric and F1 symmetric in P and R"),
        "well_defined": _WELL,
        "reference_order_invariance": _ORDER_H,
        "reference_addition_monotonicity": Holds(note="each segment keeps its best F1"),
        "edit_monotonicity": _EDIT_EMPTY,
        "segment_aggregation": _AGG_MEAN,
        "zero_match": _no_ngram_zero("0.75"),
        "block_order_invariance": Violated(
            note="the LCS follows word order: permuted blocks shorten it"
        ),
    },
}


#: Declarations that change with a parameter (:class:`~axiometrics.declarations.When`):
#: each smoothing method's ``zero_match`` and sentence chrF's symmetry at beta = 1.
CLAIMS_WHEN: dict[str, tuple[When, ...]] = {
    "bleu": (
        When(
            {"smooth": "none"},
            {"zero_match": Holds(note="no smoothing: a zero top-order precision gives 0")},
        ),
        When(
            {"smooth": "floor"},
            {
                "zero_match": Violated(
                    note="a missing order counts 0.1 matches: h = ('a a a zz',), "
                    "r = ('a a a a',) gives 39.76"
                )
            },
        ),
        When(
            {"smooth": "add-k"},
            {
                "zero_match": Violated(
                    note="k is added to matches and counts from order 2: h = ('a a a zz',), "
                    "r = ('a a a a',) gives 65.80"
                )
            },
        ),
    ),
    "sentence_bleu": (
        When(
            {"smooth": "none", "effective_order": False},
            {"zero_match": Holds(note="no smoothing, every order counted: 0 without a 4-gram")},
        ),
    ),
    "sentence_chrf": (
        When(
            {"beta": 1.0},
            {
                "symmetry": Holds(
                    note="F1 is symmetric in precision and recall, and an order counts only "
                    "where both sides have n-grams of it"
                )
            },
        ),
    ),
}
