"""Built-in measures of the ``generation`` family, on sacreBLEU's, jiwer's and rouge-score's scales.

Every compute function takes ``hypotheses`` and ``references``, object
arrays of shape ``(..., n)`` (validated by :mod:`.family`), scores each
corpus of the batch from its summed segment statistics
(``from_totals(statistics.sum(axis=-2))``, :mod:`.corpus`) and returns an
:class:`~axiometrics.Evaluation` marking the undefined entries.  Text
cannot be vectorised: the statistics are computed corpus by corpus, then
scored in one vectorised call.

Conventions that differ from the reference implementations (each pinned by
a test, see ``docs/families/generation.md``): where sacreBLEU or jiwer
return a fallback for a degenerate corpus (BLEU 0 without any n-gram of
some order, WER = the number of insertions without a reference word, TER
100 without a reference word, ...), these measures declare the corpus
undefined; the sentence-level means keep sacreBLEU's 0 for a segment whose
own score is undefined, and ROUGE-L rouge-score's 0 for a segment without
a token.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np

from axiometrics import Evaluation, Measure, MeasurePlugin, Range, Reference
from axiometrics.measure import Param

from .corpus import NORMALIZATIONS, kernel
from .declarations import CLAIMS_WHEN, DECLARATIONS
from .ngram_kernels import BLEU_SMOOTHING, BLEU_TOKENIZERS

__all__ = ["plugin"]

plugin = MeasurePlugin("generation")

_PERCENT = Range(0.0, 100.0)
_FRACTION = Range(0.0, 1.0)
_UNBOUNDED = Range(0.0, math.inf, note="exceeds 100 % when hypotheses are much longer")
_RATE = Range(0.0, math.inf, note="exceeds 1 when hypotheses hold many more words")
_SACREBLEU = "Post 2018, A Call for Clarity in Reporting BLEU Scores (sacreBLEU 2.6.0)"
_JIWER = "Morris, Maier and Green 2004; jiwer 4.0.0"


def _compute(name: str) -> Callable[..., Evaluation]:
    """The compute function of ``name``: statistics per corpus, one scoring of the sums."""

    def compute(
        hypotheses: np.ndarray, references: np.ndarray, *, values: np.ndarray, **params: Any
    ) -> Evaluation:
        bound = kernel(name, params)
        n = hypotheses.shape[-1]
        batch = np.broadcast_shapes(hypotheses.shape[:-1], references.shape[:-1])
        hyps = np.broadcast_to(hypotheses, (*batch, n))
        refs = np.broadcast_to(references, (*batch, n))
        rows: list[np.ndarray] = []
        for index in np.ndindex(*batch):
            stats = bound.statistics(list(hyps[index]), [list(r) for r in refs[index]])
            rows.append(stats.sum(axis=-2))
        totals = np.stack(rows).reshape(*batch, rows[0].shape[-1])
        scores, undefined = bound.from_totals(totals)
        return Evaluation(scores, undefined)

    compute.__name__ = name
    return compute


def _register(measure: Measure) -> None:
    plugin.add(measure, _compute(measure.name))


# -- parameters ---------------------------------------------------------------------------------

_MAX_ORDER = Param("max_order", int, 4, "the largest word n-gram order", minimum=1, maximum=10)
_TOKENIZE = Param(
    "tokenize",
    str,
    "13a",
    "sacreBLEU's tokenizer: '13a' (mteval-v13a, the default) or 'none' (whitespace)",
    choices=tuple(BLEU_TOKENIZERS),
)
_LOWERCASE = Param("lowercase", bool, False, "lower-case hypotheses and references first")


def _smooth(default: str) -> Param:
    return Param(
        "smooth",
        str,
        default,
        "sacreBLEU's smoothing: 'exp' (Chen and Cherry method 3), 'floor' (0.1), 'add-k' (1) "
        "or 'none'",
        choices=tuple(BLEU_SMOOTHING),
    )


_EFFECTIVE = Param(
    "effective_order",
    bool,
    True,
    "average the log precisions over the orders the hypothesis has n-grams of",
)
# Upper bounds keep a parameter from asking for billions of empty n-gram orders
# (each order is a loop and three statistics columns); sacreBLEU uses 6 and 2.
_CHAR_ORDER = Param(
    "char_order", int, 6, "the largest character n-gram order", minimum=1, maximum=32
)
_BETA = Param("beta", float, 2.0, "the weight of recall (F-beta)", minimum=1e-6)
_WHITESPACE = Param("whitespace", bool, False, "keep whitespace in the character n-grams")


def _word_order(default: int) -> Param:
    return Param(
        "word_order",
        int,
        default,
        "the largest word n-gram order (chrF++: 2)",
        minimum=0,
        maximum=10,
    )


_NORMALIZE = Param(
    "normalize",
    str,
    "none",
    "text normalisation before tokenising: 'none' (jiwer's default), 'lowercase', or 'basic' "
    "(lower case, Unicode punctuation removed, whitespace collapsed)",
    choices=NORMALIZATIONS,
)

# -- BLEU ------------------------------------------------------------------------------------------

_BLEU_TEXT = (
    "Text is tokenised with sacreBLEU's 13a tokenizer (or 'none': whitespace); c = hypothesis "
    "words, r = the closest reference length per segment (the shorter on ties), summed over "
    "segments; p_n = clipped n-gram matches / hypothesis n-grams of order n, summed over "
    "segments (a hypothesis n-gram counts at most as often as in any one reference). "
    "BLEU = 100 BP exp((1/N) sum_n log p_n), BP = min(1, exp(1 - r/c)), N = max_order."
)
_BLEU_UNDEFINED = (
    "the hypotheses hold no token, or (without effective order) some order up to max_order has "
    "no hypothesis n-gram (a corpus of hypotheses shorter than max_order words); sacreBLEU "
    "returns 0 there"
)
_BLOCKS_HOLD = (
    "its statistics are clipped n-gram counts and lengths: an n-gram crossing a cut or a new "
    "junction contains a bigram of no reference and matches nothing either way"
)

_register(
    Measure(
        name="bleu",
        family="generation",
        higher_is_better=True,
        range=_PERCENT,
        title="BLEU",
        description=f"Corpus BLEU on 0-100 as sacreBLEU's corpus_score (smooth 'exp', "
        f"max_order 4, tokenize '13a'). {_BLEU_TEXT} Smoothing (sacreBLEU's, Chen and Cherry "
        "2014): 'exp' gives the k-th order without a match precision 100 / (2^k n-grams); "
        "without a single match the score is 0.",
        aliases=("sacrebleu",),
        params=(_MAX_ORDER, _TOKENIZE, _LOWERCASE, _smooth("exp")),
        reference=Reference(
            "Papineni, Roukos, Ward and Zhu 2002 (ACL); " + _SACREBLEU, "BLEU, sec. 2.3"
        ),
        optimum=100.0,
        undefined=_BLEU_UNDEFINED,
        claims=DECLARATIONS["bleu"],
        claims_when=CLAIMS_WHEN["bleu"],
    )
)

_register(
    Measure(
        name="sentence_bleu",
        family="generation",
        higher_is_better=True,
        range=_PERCENT,
        title="sentence BLEU (mean)",
        description="The mean over segments of sentence BLEU on 0-100, with sacreBLEU's "
        "sentence defaults (smooth 'exp', effective order). "
        f"{_BLEU_TEXT} Each segment is scored alone; a segment whose BLEU is undefined (no "
        "token) scores 0, as sacreBLEU's sentence_score.",
        params=(_MAX_ORDER, _TOKENIZE, _LOWERCASE, _smooth("exp"), _EFFECTIVE),
        reference=Reference("Chen and Cherry 2014 (WMT); " + _SACREBLEU, "sentence_score"),
        optimum=100.0,
        claims=DECLARATIONS["sentence_bleu"],
        claims_when=CLAIMS_WHEN["sentence_bleu"],
    )
)

# -- chrF ----------------------------------------------------------------------------------------

_CHRF_TEXT = (
    "Character n-grams of orders 1..char_order over the text without whitespace, and word "
    "n-grams of orders 1..word_order; per order, precision = matches / hypothesis n-grams and "
    "recall = matches / reference n-grams, summed over segments (each segment against its "
    "reference with the best sentence chrF, the first on ties); P and R are averaged over the "
    "orders where both counts are positive; chrF = 100 (1 + b^2) P R / (b^2 P + R)."
)
_CHRF_UNDEFINED = (
    "no order has both hypothesis and reference n-grams (every hypothesis or every reference "
    "is empty or whitespace); sacreBLEU returns 0 there"
)

for _name, _title, _words, _aliases, _cite in (
    ("chrf", "chrF", 0, (), "Popović 2015 (WMT)"),
    ("chrf_plus_plus", "chrF++", 2, ("chrf++",), "Popović 2017 (WMT)"),
):
    _register(
        Measure(
            name=_name,
            family="generation",
            higher_is_better=True,
            range=_PERCENT,
            title=_title,
            description=f"Corpus {_title} on 0-100 as sacreBLEU's CHRF(word_order={_words}) "
            f"(beta 2, char_order 6). {_CHRF_TEXT}",
            aliases=_aliases,
            params=(_CHAR_ORDER, _word_order(_words), _BETA, _LOWERCASE, _WHITESPACE),
            reference=Reference(f"{_cite}; {_SACREBLEU}", "chrF, eq. 1"),
            optimum=100.0,
            undefined=_CHRF_UNDEFINED,
            claims=DECLARATIONS[_name],
        )
    )

_register(
    Measure(
        name="sentence_chrf",
        family="generation",
        higher_is_better=True,
        range=_PERCENT,
        title="sentence chrF (mean)",
        description="The mean over segments of sentence chrF on 0-100 (sacreBLEU's "
        f"sentence_score, beta 2, char_order 6). {_CHRF_TEXT} A segment whose chrF is "
        "undefined scores 0, as in sacreBLEU.",
        params=(_CHAR_ORDER, _word_order(0), _BETA, _LOWERCASE, _WHITESPACE),
        reference=Reference("Popović 2015 (WMT); " + _SACREBLEU, "sentence_score"),
        optimum=100.0,
        claims=DECLARATIONS["sentence_chrf"],
        claims_when=CLAIMS_WHEN["sentence_chrf"],
    )
)

# -- TER -------------------------------------------------------------------------------------------

_register(
    Measure(
        name="ter",
        family="generation",
        higher_is_better=False,
        range=_UNBOUNDED,
        title="TER",
        description="Translation edit rate on 0-100 (and above) as sacreBLEU's TER with its "
        "defaults: the text lower-cased and split on whitespace; per segment, the fewest edits "
        "(insertions, deletions, substitutions and block shifts, Tercom's greedy search) over "
        "its references, and the average length of its references; TER = 100 sum edits / sum "
        "average reference lengths.",
        params=(),
        reference=Reference("Snover, Dorr, Schwartz, Micciulla and Makhoul 2006; " + _SACREBLEU),
        optimum=0.0,
        undefined="the references hold no word (a total average reference length of 0); "
        "sacreBLEU returns 100 (or 0 without edits) there",
        claims=DECLARATIONS["ter"],
    )
)

# -- WER, CER, MER, WIL ----------------------------------------------------------------------------

_ALIGN = (
    "H, S, D, I = hits, substitutions, deletions and insertions of a minimum edit alignment "
    "of each hypothesis with its reference (jiwer's choice among equal alignments; with "
    "several references, the one with the fewest edits, then the shorter, then the one with "
    "more hits: the order of the references does not count), summed over segments; "
    "N = H + S + D reference tokens, P = H + S + I hypothesis tokens."
)
_WORDS = "Words: jiwer's default transformation (runs of whitespace collapsed, split on spaces)."

for _name, _title, _tokens, _formula, _range, _undefined, _aliases in (
    (
        "wer",
        "WER",
        _WORDS,
        "WER = (S + D + I) / N, a fraction in [0, inf)",
        _RATE,
        "the references hold no word (N = 0); jiwer returns the number of insertions there",
        ("word_error_rate",),
    ),
    (
        "cer",
        "CER",
        "Characters: the code points of the stripped text, inner whitespace included.",
        "CER = (S + D + I) / N on characters, a fraction in [0, inf)",
        _RATE,
        "the references hold no character (N = 0)",
        ("character_error_rate",),
    ),
    (
        "mer",
        "MER",
        _WORDS,
        "MER = (S + D + I) / (H + S + D + I), a fraction in [0, 1]",
        _FRACTION,
        "the corpus holds no word at all (H + S + D + I = 0); jiwer returns 0 there",
        ("match_error_rate",),
    ),
    (
        "wil",
        "WIL",
        _WORDS,
        "WIL = 1 - (H / N)(H / P), a fraction in [0, 1]",
        _FRACTION,
        "the references or the hypotheses hold no word (N = 0 or P = 0); jiwer returns 0 or 1",
        ("word_information_lost",),
    ),
):
    _register(
        Measure(
            name=_name,
            family="generation",
            higher_is_better=False,
            range=_range,
            title=_title,
            description=f"{_formula}, as jiwer 4.0.0. {_tokens} {_ALIGN}",
            aliases=_aliases,
            params=(_NORMALIZE,),
            reference=Reference(_JIWER, _title),
            optimum=0.0,
            undefined=_undefined,
            claims=DECLARATIONS[_name],
        )
    )

# -- ROUGE-L ---------------------------------------------------------------------------------------

_register(
    Measure(
        name="rouge_l",
        family="generation",
        higher_is_better=True,
        range=_FRACTION,
        title="ROUGE-L",
        description="The mean over segments of the ROUGE-L F1 on 0-1 as rouge-score 0.1.2 "
        "(rougeL, no stemming): tokens are the runs of [a-z0-9] in the lower-cased text; per "
        "segment, F1 = 2 P R / (P + R) with P = LCS / hypothesis tokens and R = LCS / "
        "reference tokens, the best over its references; a segment whose hypothesis or "
        "reference has no token scores 0.",
        params=(),
        reference=Reference("Lin 2004 (ROUGE), sec. 3; rouge-score 0.1.2", "ROUGE-L"),
        optimum=1.0,
        claims=DECLARATIONS["rouge_l"],
    )
)

del _name, _title, _words, _aliases, _cite, _tokens, _formula, _range, _undefined
