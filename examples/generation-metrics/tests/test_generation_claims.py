"""jiwer's error rates, the mean sentence BLEU and ROUGE-L, checked as their users would.

The corpus-level sacreBLEU metrics and the unadapted ``jiwer.wer`` are declared
in ``pyproject.toml``.  Every expectation is the verdict the checker finds
(profile ci, seed 0), and the built-in measure's declaration for the claim.
"""

import text_metrics

from axiometrics.testing import callable_measure, parametrize_with_claims

#: jiwer takes (reference, hypothesis) with one reference string per segment.  Cases with
#: several references for a segment lie outside every claim, so the claims about a
#: segment's references (reference_order_invariance, reference_addition_monotonicity)
#: have no case for these functions and are not listed.
JIWER = {"family": "generation", "signature": "references,hypotheses", "higher_is_better": False}

MEASURES = [
    # WER divides the edits by the number of reference words: h = 'a', r = 'a a' gives 0.5,
    # swapped 1 (symmetry violated).  It pools the edits over the corpus, a mean weighted by
    # reference length, not the mean of the segments' WER (segment_aggregation violated).
    # One word edit that brings a hypothesis closer to its reference always lowers it
    # (edit_monotonicity holds).
    callable_measure(
        text_metrics.wer,
        **JIWER,
        optimum=0.0,
        score_range=(0.0, float("inf")),
        claims=["symmetry", "edit_monotonicity", "segment_aggregation"],
        expect={
            "symmetry": "violated",
            "edit_monotonicity": "holds",
            "segment_aggregation": "violated",
        },
        reference="wer",
    ),
    # CER, the same on characters: h = 'a', r = 'a a' gives 2/3, swapped 2.
    callable_measure(
        text_metrics.cer,
        **JIWER,
        optimum=0.0,
        score_range=(0.0, float("inf")),
        claims=["symmetry"],
        expect={"symmetry": "violated"},
        reference="cer",
    ),
    # MER and WIL are in [0, 1], but an edit toward the reference need not lower them: MER
    # is 1 for h = 'a a' and for h = 'a' against an empty reference; WIL follows jiwer's
    # choice among equal alignments (h = 'a b' and its substitution 'a a' against 'b a'
    # both score 0.75).
    callable_measure(
        text_metrics.mer,
        **JIWER,
        optimum=0.0,
        score_range=(0.0, 1.0),
        claims=["edit_monotonicity"],
        expect={"edit_monotonicity": "violated"},
        reference="mer",
    ),
    callable_measure(
        text_metrics.wil,
        **JIWER,
        optimum=0.0,
        score_range=(0.0, 1.0),
        claims=["edit_monotonicity"],
        expect={"edit_monotonicity": "violated"},
        reference="wil",
    ),
    # The mean of sacreBLEU's sentence BLEU is a mean of segment scores by construction
    # (segment_aggregation holds, unlike corpus BLEU).  sacreBLEU scores an empty segment 0,
    # so an empty hypothesis equal to its empty reference misses the optimum 100 (identity
    # violated).
    callable_measure(
        text_metrics.sentence_bleu_mean,
        family="generation",
        optimum=100.0,
        score_range=(0.0, 100.0),
        claims=["segment_aggregation", "identity"],
        expect={"segment_aggregation": "holds", "identity": "violated"},
        reference="sentence_bleu",
    ),
    # ROUGE-L F1: the longest common subsequence is symmetric and so is F1 (symmetry holds);
    # rouge-score also scores a segment without a token 0 (identity violated).
    callable_measure(
        text_metrics.rouge_l_mean,
        family="generation",
        optimum=1.0,
        score_range=(0.0, 1.0),
        claims=["symmetry", "identity"],
        expect={"symmetry": "holds", "identity": "violated"},
        reference="rouge_l",
    ),
]


@parametrize_with_claims(MEASURES)
def test_claims(measure, claim, check):
    """One item per (measure, claim): passes, fails with a counterexample, or xfails."""
    check()
