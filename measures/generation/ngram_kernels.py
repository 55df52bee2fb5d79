"""Kernels of the n-gram generation measures: BLEU, chrF, chrF++ and ROUGE-L.

Each measure comes as a pair of functions:

* ``<measure>_statistics(hypotheses, references, **params)`` returns a float64
  array of shape ``(n_segments, k)``: per-segment sufficient statistics whose
  column sums are the corpus statistics;
* ``<measure>_from_statistics(totals, **params)`` turns statistics of shape
  ``(..., k)`` into ``(scores, undefined)`` of the leading shape ``(...)``,
  vectorised over any leading axes (resamples, systems, ...).

The corpus score is ``<measure>_from_statistics(<measure>_statistics(...).sum(axis=0))``
and a resample's score is the same sum over the resampled rows, which is what
paired bootstrap resampling and approximate randomisation need.

Inputs
------
``hypotheses[i]`` is the system output of segment ``i`` (a ``str``) and
``references[i]`` the list of its references, one or more strings; segments
may have different numbers of references.  sacreBLEU takes the transpose,
reference *streams*: ``refs[j][i]`` is the ``j``-th reference of segment ``i``,
every stream as long as the corpus, with ``None`` where a segment has fewer
references than the others (sacreBLEU drops ``None`` per segment and keeps an
empty string ``""`` as an empty reference).  The streams of ``references``
are therefore ``[[r[j] if j < len(r) else None for r in references] for j in
range(max(map(len, references)))]``.  :func:`check_text_corpus` refuses
what sacreBLEU would truncate or fail on: segment counts that differ, a
segment without a reference, an empty corpus, anything that is not a string.

Scales and conventions
----------------------
* BLEU (Papineni et al., 2002), on 0-100 like sacreBLEU 2.6.0: statistics
  ``(hypothesis length, closest reference length, matches of order 1..N,
  hypothesis n-grams of order 1..N)``, ``2 + 2 N`` columns.  The closest
  reference length is the one nearest to the hypothesis length, the shorter
  on ties; a hypothesis n-gram is clipped to its largest count in any one
  reference.  Text is optionally lower-cased, stripped of trailing
  whitespace, then tokenised (``"13a"``: :func:`tokenize_13a`, ``"none"``:
  :func:`tokenize_none`).  Smoothing ``"none"``, ``"floor"`` (default value
  0.1), ``"add-k"`` (default 1) and ``"exp"`` (Chen and Cherry, 2014,
  methods 0-3) and ``effective_order`` follow sacreBLEU exactly, including
  its score 0 for a corpus without a single matching n-gram.
* chrF (Popović, 2015) and chrF++ (Popović, 2017; ``word_order=2``), on
  0-100 like sacreBLEU 2.6.0 with its default ``eps_smoothing=False``:
  statistics ``(hypothesis n-grams, reference n-grams, matches)`` for each
  character order 1..``char_order`` then each word order 1..``word_order``,
  ``3 (char_order + word_order)`` columns.  Character n-grams are taken over
  the text with its whitespace removed (unless ``whitespace=True``); word
  n-grams over :func:`tokenize_chrf_words`.  An order the reference has no
  n-gram of contributes no hypothesis n-gram either.  With several
  references, each segment keeps the statistics of the reference with the
  best sentence-level chrF (the first on ties).  The score is the F-beta of
  the precision and the recall averaged over the orders where the corpus has
  both hypothesis and reference n-grams.
* ROUGE-L (Lin, 2004), on 0-1 like rouge-score 0.1.2: the F1 of the longest
  common subsequence of the :func:`tokenize_rouge` tokens, per segment, the
  best over the segment's references; statistics ``(F of the segment, 1)``,
  so that the corpus score, the mean F over segments, is a ratio of sums.  A
  segment whose hypothesis or reference has no token scores 0 against it,
  as in rouge-score.

Undefined scores
----------------
No kernel returns NaN or raises for a degenerate corpus: the score is 0.0 and
the mask is true, where

* BLEU: the hypotheses hold no token at all, or, without
  ``effective_order``, some order up to ``max_order`` has no hypothesis
  n-gram (after add-k smoothing), so that its precision is 0/0 (e.g. a
  corpus of hypotheses shorter than ``max_order`` tokens); sacreBLEU
  returns 0.0 in both cases;
* chrF: no order has both hypothesis and reference n-grams in the corpus
  (every hypothesis or every reference is empty); sacreBLEU returns 0.0;
* ROUGE-L: the statistics count no segment (a zero total).

Statistics that are not finite and non-negative, or whose last axis does not
fit the parameters, are refused.
"""

from __future__ import annotations

import itertools
import math
import re
import string
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from axiometrics.errors import InputTypeError, InvalidInputError, InvalidParameterError
from axiometrics.suggest import choose

__all__ = [
    "BLEU_SMOOTHING",
    "BLEU_TOKENIZERS",
    "Corpus",
    "Result",
    "bleu_from_statistics",
    "bleu_statistics",
    "check_text_corpus",
    "chrf_from_statistics",
    "chrf_statistics",
    "rouge_l_from_statistics",
    "rouge_l_statistics",
    "sentence_bleu",
    "tokenize_13a",
    "tokenize_chrf_chars",
    "tokenize_chrf_words",
    "tokenize_none",
    "tokenize_rouge",
]

#: ``(scores, undefined)`` of the leading shape of the statistics.
Result = tuple[np.ndarray, np.ndarray]

#: BLEU's smoothing methods and the default value of each that takes one.
BLEU_SMOOTHING: dict[str, float | None] = {"none": None, "floor": 0.1, "add-k": 1.0, "exp": None}

#: A corpus after validation: the hypotheses and each segment's references.
Corpus = tuple[tuple[str, ...], tuple[tuple[str, ...], ...]]


# --------------------------------------------------------------------------- validation


def _shown(value: Any) -> str:
    text = " ".join(repr(value).split())
    return text if len(text) <= 80 else text[:77] + "..."


def _items(name: str, value: Any, what: str) -> tuple[Any, ...]:
    """``value`` as a tuple, refusing a lone string and anything not iterable."""
    if isinstance(value, str | bytes):
        raise InputTypeError(
            f"{name}={_shown(value)}: expected {what} (got a single {type(value).__name__}; "
            f"wrap it in a list)"
        )
    try:
        return tuple(value)
    except TypeError as exc:
        raise InputTypeError(
            f"{name}={_shown(value)}: expected {what} (got {type(value).__name__})"
        ) from exc


def _segment_references(name: str, value: Any) -> tuple[str, ...]:
    refs = _items(name, value, "the list of a segment's reference strings")
    if not refs:
        raise InvalidInputError(f"{name}={_shown(value)}: expected at least one reference")
    for j, ref in enumerate(refs):
        if not isinstance(ref, str):
            raise InputTypeError(
                f"{name}[{j}]={_shown(ref)}: expected a str (a segment may have fewer "
                "references than others: leave the missing ones out)"
            )
    return tuple(str(r) for r in refs)


def check_text_corpus(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> Corpus:
    """Validate a corpus of hypotheses and per-segment references.

    Parameters
    ----------
    hypotheses
        One string per segment.
    references
        For each segment, the list of its references (one or more strings;
        segments may have different numbers of references).

    Returns
    -------
    tuple
        ``(hypotheses, references)`` as tuples of strings and tuples of
        tuples of strings.

    Raises
    ------
    InvalidInputError
        The corpus is empty, the numbers of segments differ, or a segment has
        no reference.
    InputTypeError
        ``hypotheses``, ``references`` or one segment's references is a lone
        string or not iterable, or a hypothesis or reference is not a ``str``.
    """
    hyps = _items("hypotheses", hypotheses, "a sequence of hypothesis strings, one per segment")
    refs = _items("references", references, "a sequence holding each segment's list of references")
    if not hyps:
        raise InvalidInputError(
            f"hypotheses={_shown(hypotheses)}: expected at least one segment (got an empty corpus)"
        )
    if len(refs) != len(hyps):
        raise InvalidInputError(
            f"references={_shown(references)}: expected one list of references per "
            f"hypothesis, {len(hyps)} (got {len(refs)})"
        )
    for i, hyp in enumerate(hyps):
        if not isinstance(hyp, str):
            raise InputTypeError(f"hypotheses[{i}]={_shown(hyp)}: expected a str")
    checked = tuple(_segment_references(f"references[{i}]", seg) for i, seg in enumerate(refs))
    return tuple(str(h) for h in hyps), checked


def _integer(name: str, value: Any, minimum: int) -> int:
    if isinstance(value, bool | np.bool_) or not isinstance(value, int | np.integer):
        raise InvalidParameterError(f"{name}={value!r}: expected an integer >= {minimum}")
    if value < minimum:
        raise InvalidParameterError(f"{name}={value!r}: expected an integer >= {minimum}")
    return int(value)


def _flag(name: str, value: Any) -> bool:
    if not isinstance(value, bool | np.bool_):
        raise InvalidParameterError(f"{name}={value!r}: expected True or False")
    return bool(value)


def _real(name: str, value: Any, *, positive: bool) -> float:
    bound = "> 0" if positive else ">= 0"
    if isinstance(value, bool | np.bool_) or not isinstance(
        value, int | float | np.integer | np.floating
    ):
        raise InvalidParameterError(f"{name}={value!r}: expected a finite real number {bound}")
    number = float(value)
    if not math.isfinite(number) or number < 0 or (positive and number == 0):
        raise InvalidParameterError(f"{name}={value!r}: expected a finite real number {bound}")
    return number


def _totals(totals: Any, width: int, layout: str) -> np.ndarray:
    """``totals`` as a float64 array ``(..., width)`` of finite non-negative statistics."""
    try:
        probe = np.asarray(totals)
    except (TypeError, ValueError) as exc:
        raise InputTypeError(
            f"totals={_shown(totals)}: expected a real array of statistics (unreadable)"
        ) from exc
    if probe.dtype.kind not in "biuf":
        raise InputTypeError(
            f"totals={_shown(totals)}: expected a real array of statistics (got dtype "
            f"{probe.dtype})"
        )
    arr = probe.astype(np.float64)
    if arr.ndim == 0 or arr.shape[-1] != width:
        raise InvalidInputError(
            f"totals.shape={arr.shape}: expected (..., {width}), the statistics {layout}"
        )
    if not np.all(np.isfinite(arr)) or np.any(arr < 0):
        raise InvalidInputError(f"totals={_shown(totals)}: expected finite non-negative statistics")
    return arr


# --------------------------------------------------------------------------- tokenisers

#: Punctuation that mteval-v13a always sets apart; the apostrophe is never
#: split off, the comma, full stop and hyphen only next to certain characters.
_13A_ALWAYS_SPLIT = "".join(c for c in string.punctuation if c not in "',-.")

_13A_RULES: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(f"([{re.escape(_13A_ALWAYS_SPLIT)}])"), r" \1 "),
    # A comma or full stop is split from a preceding non-digit ...
    (re.compile(r"([^0-9])([.,])"), r"\1 \2 "),
    # ... and from a following non-digit, so that 3.14 and 1,000 stay whole.
    (re.compile(r"([.,])([^0-9])"), r" \1 \2"),
    (re.compile(r"([0-9])-"), r"\1 - "),
)

_13A_ENTITIES = (("&quot;", '"'), ("&amp;", "&"), ("&lt;", "<"), ("&gt;", ">"))


def tokenize_13a(text: str) -> tuple[str, ...]:
    """Tokenise like sacreBLEU's default BLEU tokenizer ``13a`` (mteval-v13a).

    The ``<skipped>`` marker and end-of-line hyphenation (``-`` before a
    newline) are removed, newlines become spaces, the entities ``&quot;``,
    ``&amp;``, ``&lt;`` and ``&gt;`` are decoded (in that order), then ASCII
    punctuation is split off: every mark but the apostrophe, comma, full stop
    and hyphen always; a comma or full stop unless it stands between digits
    (each rule applied in one left-to-right pass, so a mark consumed by one
    match is not revisited); a hyphen after a digit.  Digits are ASCII
    ``0-9`` only; tokens are separated by any Unicode whitespace.

    Parameters
    ----------
    text
        One segment.

    Returns
    -------
    tuple of str
        The tokens.
    """
    line = text.replace("<skipped>", "").replace("-\n", "").replace("\n", " ")
    for entity, char in _13A_ENTITIES:
        line = line.replace(entity, char)
    # The surrounding spaces give a mark at either end a non-digit neighbour.
    line = f" {line} "
    for pattern, replacement in _13A_RULES:
        line = pattern.sub(replacement, line)
    return tuple(line.split())


def tokenize_none(text: str) -> tuple[str, ...]:
    """Split on whitespace only, like sacreBLEU's ``none`` tokenizer.

    Parameters
    ----------
    text
        One segment.

    Returns
    -------
    tuple of str
        The maximal runs of non-whitespace characters (Unicode whitespace).
    """
    return tuple(text.split())


_ROUGE_TOKEN = re.compile(r"[a-z0-9]+")


def tokenize_rouge(text: str) -> tuple[str, ...]:
    """Tokenise like rouge-score 0.1.2's default tokenizer without stemming.

    The text is lower-cased (Python's Unicode ``str.lower``), then every
    character other than the ASCII letters ``a-z`` and digits ``0-9``
    separates tokens: accented letters, CJK, emoji and punctuation vanish
    (``"café"`` gives ``("caf",)``, ``"don't"`` gives ``("don", "t")``).

    Parameters
    ----------
    text
        One segment.

    Returns
    -------
    tuple of str
        The maximal runs of ``[a-z0-9]`` in the lower-cased text.
    """
    return tuple(_ROUGE_TOKEN.findall(text.lower()))


_PUNCTUATION = frozenset(string.punctuation)


def tokenize_chrf_words(text: str) -> tuple[str, ...]:
    """Words for chrF++'s word n-grams, as sacreBLEU 2.6.0 extracts them.

    The text is split on whitespace; from each word longer than one
    character a single ASCII punctuation mark is split off: the last
    character if it is one, otherwise the first if it is one.  Only one mark
    per word (``"(hi)"`` gives ``("(hi", ")")``, ``"end?!"`` gives
    ``("end?", "!")``).

    Parameters
    ----------
    text
        One segment (already lower-cased if the score is).

    Returns
    -------
    tuple of str
        The words.
    """
    words: list[str] = []
    for word in text.split():
        if len(word) > 1 and word[-1] in _PUNCTUATION:
            words += [word[:-1], word[-1]]
        elif len(word) > 1 and word[0] in _PUNCTUATION:
            words += [word[0], word[1:]]
        else:
            words.append(word)
    return tuple(words)


def _chrf_characters(text: str, whitespace: bool) -> str:
    return text if whitespace else "".join(text.split())


def tokenize_chrf_chars(text: str, whitespace: bool = False) -> tuple[str, ...]:
    """Characters for chrF's character n-grams, as sacreBLEU 2.6.0 takes them.

    Parameters
    ----------
    text
        One segment.
    whitespace
        Keep whitespace (sacreBLEU's ``whitespace=True``); by default every
        Unicode whitespace character is removed.

    Returns
    -------
    tuple of str
        The code points (a combining mark is a character of its own).
    """
    return tuple(_chrf_characters(text, whitespace))


# --------------------------------------------------------------------------- BLEU

#: BLEU's tokenisers by sacreBLEU name.
BLEU_TOKENIZERS: dict[str, Callable[[str], tuple[str, ...]]] = {
    "13a": tokenize_13a,
    "none": tokenize_none,
}


def _bleu_columns(max_order: int) -> str:
    return f"(hyp_len, ref_len, {max_order} matches, {max_order} hypothesis n-gram counts)"


def _word_ngrams(tokens: tuple[str, ...], max_order: int) -> Counter[tuple[str, ...]]:
    return Counter(
        tokens[i : i + n] for n in range(1, max_order + 1) for i in range(len(tokens) - n + 1)
    )


def bleu_statistics(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    max_order: int = 4,
    tokenize: str = "13a",
    lowercase: bool = False,
) -> np.ndarray:
    """Per-segment BLEU statistics, summable over segments.

    Parameters
    ----------
    hypotheses
        One string per segment.
    references
        For each segment, its references (one or more strings).
    max_order
        The largest n-gram order (sacreBLEU's ``max_ngram_order``).
    tokenize
        ``"13a"`` (:func:`tokenize_13a`, sacreBLEU's default) or ``"none"``
        (:func:`tokenize_none`), compared without regard to case and
        surrounding blanks.
    lowercase
        Lower-case hypotheses and references before tokenising.

    Returns
    -------
    numpy.ndarray
        Shape ``(n_segments, 2 + 2 * max_order)``, float64: the hypothesis
        length, the closest reference length (the shorter on ties), the
        clipped matches of each order 1..``max_order`` and the hypothesis
        n-grams of each order.

    Raises
    ------
    InvalidInputError, InputTypeError
        The corpus is refused by :func:`check_text_corpus`.
    InvalidParameterError
        ``max_order`` < 1, ``tokenize`` unknown (the nearest names are
        suggested) or ``lowercase`` not a bool.
    """
    max_order = _integer("max_order", max_order, 1)
    tokenizer = BLEU_TOKENIZERS[choose("tokenize", tokenize, list(BLEU_TOKENIZERS))]
    lowercase = _flag("lowercase", lowercase)
    hyps, refs = check_text_corpus(hypotheses, references)

    def prepare(text: str) -> tuple[str, ...]:
        # sacreBLEU strips trailing whitespace before tokenising: a final
        # hyphen-newline is then kept as a hyphen.
        return tokenizer((text.lower() if lowercase else text).rstrip())

    out = np.zeros((len(hyps), 2 + 2 * max_order))
    for row, hyp, seg_refs in zip(out, hyps, refs, strict=True):
        hyp_tokens = prepare(hyp)
        ref_counts: Counter[tuple[str, ...]] = Counter()
        ref_lengths = []
        for ref in seg_refs:
            ref_tokens = prepare(ref)
            ref_lengths.append(len(ref_tokens))
            ref_counts |= _word_ngrams(ref_tokens, max_order)
        length = len(hyp_tokens)
        row[0] = length
        row[1] = min(ref_lengths, key=lambda r: (abs(length - r), r))
        for gram, count in _word_ngrams(hyp_tokens, max_order).items():
            order = len(gram)
            row[1 + order] += min(count, ref_counts[gram])
            row[1 + max_order + order] += count
    return out


def bleu_from_statistics(
    totals: np.ndarray,
    *,
    max_order: int = 4,
    smooth: str = "exp",
    smooth_value: float | None = None,
    effective_order: bool = False,
) -> Result:
    """BLEU from summed statistics, vectorised over leading axes.

    Parameters
    ----------
    totals
        Shape ``(..., 2 + 2 * max_order)``: :func:`bleu_statistics` summed
        over the segments of a corpus (or of each resample).
    max_order
        The largest n-gram order, as given to :func:`bleu_statistics`.
    smooth
        ``"none"``, ``"floor"`` (a zero-match precision becomes
        ``smooth_value`` over the n-gram count), ``"add-k"`` (``smooth_value``
        added to the matches and counts of orders 2 and up) or ``"exp"`` (the
        k-th zero-match order gets precision ``1 / (2**k * count)``); the
        name is compared without regard to case and surrounding blanks.
    smooth_value
        For ``"floor"`` (default 0.1) and ``"add-k"`` (default 1); ignored
        otherwise.
    effective_order
        Average the log precisions only over the orders, from 1 up, that have
        hypothesis n-grams (sacreBLEU's sentence-level setting).

    Returns
    -------
    scores : numpy.ndarray
        BLEU on 0-100, float64, of the leading shape of ``totals``; 0.0
        where undefined.
    undefined : numpy.ndarray
        Boolean, true where the hypotheses have no token, or, without
        ``effective_order``, where some order has no hypothesis n-gram
        (after add-k smoothing).

    Raises
    ------
    InvalidInputError, InputTypeError
        ``totals`` is unreadable, has the wrong last axis, or holds negative
        or non-finite values.
    InvalidParameterError
        A parameter is out of range or ``smooth`` is unknown.
    """
    n_orders = _integer("max_order", max_order, 1)
    method = choose("smooth", smooth, list(BLEU_SMOOTHING))
    default = BLEU_SMOOTHING[method]
    if default is None:
        value = 0.0  # "none" and "exp" take no value
    elif smooth_value is None:
        value = default
    else:
        value = _real("smooth_value", smooth_value, positive=False)
    effective = _flag("effective_order", effective_order)
    stats = _totals(totals, 2 + 2 * n_orders, _bleu_columns(n_orders))

    lead = stats.shape[:-1]
    hyp_len, ref_len = stats[..., 0], stats[..., 1]
    matches = stats[..., 2 : 2 + n_orders].copy()
    counts = stats[..., 2 + n_orders :].copy()
    no_token = counts[..., 0] == 0
    # sacreBLEU scores 0 without a single match, before any smoothing.
    some_match = np.any(matches > 0, axis=-1)
    if method == "add-k":
        matches[..., 1:] += value
        counts[..., 1:] += value

    precisions = np.zeros((*lead, n_orders))
    reached = np.ones(lead, dtype=bool)  # no order without n-grams met yet
    used = np.full(lead, n_orders)
    halvings = np.ones(lead)
    for n in range(n_orders):
        hit, count = matches[..., n], counts[..., n]
        reached &= count > 0
        if effective:
            used = np.where(reached, n + 1, used)
        safe = np.where(reached, count, 1.0)
        exact = 100.0 * hit / safe
        if method == "exp":
            halvings = np.where(reached & (hit == 0), halvings * 2.0, halvings)
            missed = 100.0 / (halvings * safe)
        elif method == "floor":
            missed = 100.0 * value / safe
        else:
            missed = np.zeros(lead)
        precisions[..., n] = np.where(reached, np.where(hit == 0, missed, exact), 0.0)

    in_mean = np.arange(n_orders) < used[..., None]
    vanishes = np.any(in_mean & (precisions <= 0.0), axis=-1)
    logs = np.log(np.where(in_mean & (precisions > 0.0), precisions, 1.0))
    log_sum = np.zeros(lead)
    for n in range(n_orders):  # in order, as sacreBLEU adds them
        log_sum = log_sum + logs[..., n]
    geometric = np.exp(log_sum / used)

    positive = hyp_len > 0
    ratio = ref_len / np.where(positive, hyp_len, 1.0)
    penalty = np.where(hyp_len < ref_len, np.where(positive, np.exp(1.0 - ratio), 0.0), 1.0)

    undefined = no_token if effective else no_token | np.any(counts == 0, axis=-1)
    scores = np.where(some_match & ~vanishes & ~undefined, penalty * geometric, 0.0)
    return scores, undefined


def sentence_bleu(
    hypothesis: str,
    references: Sequence[str],
    *,
    max_order: int = 4,
    tokenize: str = "13a",
    lowercase: bool = False,
    smooth: str = "exp",
    smooth_value: float | None = None,
    effective_order: bool = True,
) -> tuple[float, bool]:
    """BLEU of one segment with sacreBLEU's sentence-level defaults.

    The defaults (``smooth="exp"``, ``effective_order=True``) are those of
    ``sacrebleu.metrics.BLEU(effective_order=True).sentence_score``.

    Parameters
    ----------
    hypothesis
        The segment's hypothesis.
    references
        Its references, one or more strings.
    max_order, tokenize, lowercase
        As for :func:`bleu_statistics`.
    smooth, smooth_value, effective_order
        As for :func:`bleu_from_statistics`.

    Returns
    -------
    tuple
        ``(score, undefined)``: BLEU on 0-100 (0.0 where undefined) and
        whether it is undefined (a hypothesis without a token; without
        ``effective_order``, also one shorter than ``max_order`` tokens).

    Raises
    ------
    InputTypeError
        ``hypothesis`` is not a str, or ``references`` is a lone string or
        holds a non-string.
    InvalidInputError
        ``references`` is empty.
    InvalidParameterError
        As for :func:`bleu_statistics` and :func:`bleu_from_statistics`.
    """
    if not isinstance(hypothesis, str):
        raise InputTypeError(f"hypothesis={_shown(hypothesis)}: expected a str")
    refs = _segment_references("references", references)
    stats = bleu_statistics(
        [hypothesis], [refs], max_order=max_order, tokenize=tokenize, lowercase=lowercase
    )
    score, undefined = bleu_from_statistics(
        stats[0],
        max_order=max_order,
        smooth=smooth,
        smooth_value=smooth_value,
        effective_order=effective_order,
    )
    return float(score), bool(undefined)


# --------------------------------------------------------------------------- chrF


def _chrf_columns(char_order: int, word_order: int) -> str:
    return (
        f"(hypothesis n-grams, reference n-grams, matches) for {char_order} character "
        f"and {word_order} word orders"
    )


def _chrf_ngrams(
    text: str, char_order: int, word_order: int, whitespace: bool
) -> list[Counter[Any]]:
    chars = _chrf_characters(text, whitespace)
    grams: list[Counter[Any]] = [
        Counter(chars[i : i + n] for i in range(len(chars) - n + 1))
        for n in range(1, char_order + 1)
    ]
    if word_order:
        words = tokenize_chrf_words(text)
        grams += [
            Counter(words[i : i + n] for i in range(len(words) - n + 1))
            for n in range(1, word_order + 1)
        ]
    return grams


def chrf_statistics(
    hypotheses: Sequence[str],
    references: Sequence[Sequence[str]],
    *,
    char_order: int = 6,
    word_order: int = 0,
    beta: float = 2,
    lowercase: bool = False,
    whitespace: bool = False,
) -> np.ndarray:
    """Per-segment chrF / chrF++ statistics, summable over segments.

    Parameters
    ----------
    hypotheses
        One string per segment.
    references
        For each segment, its references (one or more strings).
    char_order
        The largest character n-gram order.
    word_order
        The largest word n-gram order: 0 for chrF, 2 for chrF++.
    beta
        Recall's weight, used here only to choose among several references.
    lowercase
        Lower-case hypotheses and references first.
    whitespace
        Keep whitespace in the character n-grams.

    Returns
    -------
    numpy.ndarray
        Shape ``(n_segments, 3 * (char_order + word_order))``, float64: for
        each character order then each word order, the hypothesis n-grams
        (0 where the reference has none of that order), the reference
        n-grams and the clipped matches, against the reference with the best
        sentence chrF (the first on ties).

    Raises
    ------
    InvalidInputError, InputTypeError
        The corpus is refused by :func:`check_text_corpus`.
    InvalidParameterError
        ``char_order`` < 1, ``word_order`` < 0, ``beta`` not positive, or a
        flag not a bool.
    """
    char_order = _integer("char_order", char_order, 1)
    word_order = _integer("word_order", word_order, 0)
    _real("beta", beta, positive=True)
    lowercase = _flag("lowercase", lowercase)
    whitespace = _flag("whitespace", whitespace)
    hyps, refs = check_text_corpus(hypotheses, references)

    width = 3 * (char_order + word_order)
    candidates: list[list[float]] = []
    first: list[int] = []
    for hyp, seg_refs in zip(hyps, refs, strict=True):
        first.append(len(candidates))
        hyp_grams = _chrf_ngrams(
            hyp.lower() if lowercase else hyp, char_order, word_order, whitespace
        )
        for ref in seg_refs:
            ref_grams = _chrf_ngrams(
                ref.lower() if lowercase else ref, char_order, word_order, whitespace
            )
            row: list[float] = []
            for h, r in zip(hyp_grams, ref_grams, strict=True):
                hyp_count = sum(h.values()) if r else 0
                matched = sum(min(c, r[g]) for g, c in h.items() if g in r)
                row += [hyp_count, sum(r.values()), matched]
            candidates.append(row)
    first.append(len(candidates))

    table = np.array(candidates, dtype=np.float64).reshape(-1, width)
    if len(candidates) == len(hyps):
        return table
    f_scores, _ = chrf_from_statistics(
        table, char_order=char_order, word_order=word_order, beta=beta
    )
    # argmax takes the first of equal scores, as sacreBLEU keeps the first best.
    best = [
        start + int(np.argmax(f_scores[start:stop])) for start, stop in itertools.pairwise(first)
    ]
    return table[best]


def chrf_from_statistics(
    totals: np.ndarray, *, char_order: int = 6, word_order: int = 0, beta: float = 2
) -> Result:
    """The chrF / chrF++ score from summed statistics, vectorised over leading axes.

    Precision and recall are averaged over the orders where both the
    hypothesis and the reference n-gram counts are positive, then combined
    into ``(1 + beta**2) P R / (beta**2 P + R)`` (sacreBLEU 2.6.0 without
    eps smoothing); where ``beta**2`` overflows float64, its limit, the
    recall ``R`` (sacreBLEU raises ``OverflowError`` there).

    Parameters
    ----------
    totals
        Shape ``(..., 3 * (char_order + word_order))``: :func:`chrf_statistics`
        summed over the segments of a corpus (or of each resample).
    char_order, word_order, beta
        As given to :func:`chrf_statistics`.

    Returns
    -------
    scores : numpy.ndarray
        chrF on 0-100, float64, of the leading shape of ``totals``; 0.0
        where undefined.
    undefined : numpy.ndarray
        Boolean, true where no order has both hypothesis and reference
        n-grams.

    Raises
    ------
    InvalidInputError, InputTypeError
        ``totals`` is unreadable, has the wrong last axis, or holds negative
        or non-finite values.
    InvalidParameterError
        A parameter is out of range.
    """
    char_order = _integer("char_order", char_order, 1)
    word_order = _integer("word_order", word_order, 0)
    weight = _real("beta", beta, positive=True)
    factor = weight * weight  # inf, not OverflowError, beyond sqrt(max float)
    orders = char_order + word_order
    stats = _totals(totals, 3 * orders, _chrf_columns(char_order, word_order))

    lead = stats.shape[:-1]
    precision_sum = np.zeros(lead)
    recall_sum = np.zeros(lead)
    effective = np.zeros(lead)
    for i in range(orders):  # in order, as sacreBLEU adds them
        n_hyp, n_ref, n_match = stats[..., 3 * i], stats[..., 3 * i + 1], stats[..., 3 * i + 2]
        live = (n_hyp > 0) & (n_ref > 0)
        precision_sum = np.where(
            live, precision_sum + n_match / np.where(live, n_hyp, 1.0), precision_sum
        )
        recall_sum = np.where(live, recall_sum + n_match / np.where(live, n_ref, 1.0), recall_sum)
        effective += live

    undefined = effective == 0
    divisor = np.where(undefined, 1.0, effective)
    precision = precision_sum / divisor
    recall = recall_sum / divisor
    if math.isinf(factor):
        # beta**2 overflows: F-beta is its limit there, the recall (0 without a match).
        scored = precision > 0
        f = np.where(scored, recall, 0.0)
    else:
        denominator = factor * precision + recall
        scored = (precision + recall > 0) & (denominator > 0)
        f = (1.0 + factor) * precision * recall / np.where(scored, denominator, 1.0)
    scores = np.where(scored & ~undefined, 100.0 * f, 0.0)
    return scores, undefined


# --------------------------------------------------------------------------- ROUGE-L


def _lcs_length(a: tuple[str, ...], b: tuple[str, ...]) -> int:
    """Length of a longest common subsequence, bit-parallel over ``a``."""
    masks: dict[str, int] = {}
    for i, token in enumerate(a):
        masks[token] = masks.get(token, 0) | (1 << i)
    full = (1 << len(a)) - 1
    # The bit-vector recurrence of Allison and Dix (1986), as stated by Hyyrö
    # (2004): after each token of ``b``, the zero bits of ``row`` count the
    # LCS of ``a`` and the part of ``b`` read so far.
    row = full
    for token in b:
        matched = row & masks.get(token, 0)
        row = ((row + matched) | (row - matched)) & full
    return len(a) - row.bit_count()


def _rouge_l_f(hyp: tuple[str, ...], ref: tuple[str, ...]) -> float:
    if not hyp or not ref:
        return 0.0
    common = _lcs_length(ref, hyp)
    precision = common / len(hyp)
    recall = common / len(ref)
    if precision + recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0


def rouge_l_statistics(
    hypotheses: Sequence[str], references: Sequence[Sequence[str]]
) -> np.ndarray:
    """Per-segment ROUGE-L statistics, summable over segments.

    Parameters
    ----------
    hypotheses
        One string per segment.
    references
        For each segment, its references (one or more strings).

    Returns
    -------
    numpy.ndarray
        Shape ``(n_segments, 2)``, float64: the segment's ROUGE-L F1 on 0-1
        (the best over its references; 0 where the hypothesis or every
        reference has no :func:`tokenize_rouge` token), and 1.

    Raises
    ------
    InvalidInputError, InputTypeError
        The corpus is refused by :func:`check_text_corpus`.
    """
    hyps, refs = check_text_corpus(hypotheses, references)
    out = np.ones((len(hyps), 2))
    for row, hyp, seg_refs in zip(out, hyps, refs, strict=True):
        tokens = tokenize_rouge(hyp)
        row[0] = max(_rouge_l_f(tokens, tokenize_rouge(ref)) for ref in seg_refs)
    return out


def rouge_l_from_statistics(totals: np.ndarray) -> Result:
    """ROUGE-L, the mean segment F1, from summed statistics, vectorised over leading axes.

    Parameters
    ----------
    totals
        Shape ``(..., 2)``: :func:`rouge_l_statistics` summed over the
        segments of a corpus (or of each resample).

    Returns
    -------
    scores : numpy.ndarray
        ROUGE-L on 0-1, float64, of the leading shape of ``totals``; 0.0
        where undefined.
    undefined : numpy.ndarray
        Boolean, true where the statistics count no segment.

    Raises
    ------
    InvalidInputError, InputTypeError
        ``totals`` is unreadable, has the wrong last axis, or holds negative
        or non-finite values.
    """
    stats = _totals(totals, 2, "(sum of segment F1, number of segments)")
    count = stats[..., 1]
    undefined = count == 0
    scores = np.where(undefined, 0.0, stats[..., 0] / np.where(undefined, 1.0, count))
    return scores, undefined
