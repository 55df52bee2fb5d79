"""Segment statistics and scorers-from-totals of every generation measure.

Every measure of the family scores a corpus from summed segment statistics:
``score = from_totals(statistics.sum(axis=-2))``.  :func:`corpus_statistics`
returns them as a :class:`CorpusStatistics` record, so that paired bootstrap
resampling or approximate randomisation can resample segments (rows)
without tokenising again::

    stats = corpus_statistics("bleu", hypotheses, references)
    rows = rng.integers(0, stats.n_segments, size=(1000, stats.n_segments))
    scores, undefined = stats.from_totals(stats.statistics[rows].sum(axis=-2))

The measures of :mod:`.measures` compute exactly this (a test pins it).
The kernels are those of :mod:`.ngram_kernels` and :mod:`.edit_kernels`;
this module only binds a measure's parameters and its tokenisation.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import Any

import numpy as np

from axiometrics.errors import InvalidInputError, InvalidParameterError

from . import edit_kernels as ek
from . import ngram_kernels as nk

__all__ = [
    "MEASURES",
    "NORMALIZATIONS",
    "CorpusStatistics",
    "Kernel",
    "corpus_statistics",
    "kernel",
    "normalize_text",
]

#: ``(scores, undefined)``.
Result = tuple[np.ndarray, np.ndarray]
Statistics = Callable[[Sequence[str], Sequence[Sequence[str]]], np.ndarray]
FromTotals = Callable[[np.ndarray], Result]

#: The text normalisations of WER, CER, MER and WIL (``normalize=``).
NORMALIZATIONS = ("none", "lowercase", "basic")
_SPACES = re.compile(r"\s+")


def normalize_text(text: str, normalize: str) -> str:
    """Apply a WER-family normalisation before tokenising.

    ``"none"``: the text as given (jiwer's default); ``"lowercase"``:
    Python's ``str.lower``; ``"basic"``: lower-cased, every Unicode
    punctuation character (category ``P*``) replaced by a space, runs of
    whitespace collapsed to one space and the ends stripped.
    """
    if normalize == "none":
        return text
    lowered = text.lower()
    if normalize == "lowercase":
        return lowered
    spaced = "".join(" " if unicodedata.category(c).startswith("P") else c for c in lowered)
    return _SPACES.sub(" ", spaced).strip()


@dataclass(frozen=True)
class Kernel:
    """A measure's statistics function and scorer from totals, with its parameters bound.

    Attributes
    ----------
    statistics
        ``statistics(hypotheses, references) -> (n_segments, k)``: raw
        strings in (one per segment; each segment's references a sequence).
    from_totals
        ``from_totals(totals (..., k)) -> (scores, undefined)``.
    """

    statistics: Statistics
    from_totals: FromTotals


@dataclass(frozen=True)
class CorpusStatistics:
    """The segment statistics of one corpus and the scorer of their sums.

    Attributes
    ----------
    measure
        The measure's name.
    params
        Its parameters (every one, defaults filled in).
    statistics
        ``(n_segments, k)`` float64: one row per segment, rows sum.
    from_totals
        ``from_totals(totals (..., k)) -> (scores, undefined)``, vectorised
        over leading axes (resamples, systems).
    """

    measure: str
    params: Mapping[str, Any]
    statistics: np.ndarray
    from_totals: FromTotals

    @property
    def n_segments(self) -> int:
        """The number of segments (rows of :attr:`statistics`)."""
        return int(self.statistics.shape[0])

    def score(self, rows: Any = None) -> tuple[float, bool]:
        """The corpus score (of the segments ``rows``, all by default) and whether undefined."""
        stats = self.statistics if rows is None else self.statistics[np.asarray(rows)]
        scores, undefined = self.from_totals(stats.sum(axis=-2))
        return float(scores), bool(undefined)


def _tokenised(tokenizer: Callable[[str], tuple[str, ...]], statistics: Any) -> Statistics:
    def run(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> np.ndarray:
        hyps, refs = nk.check_text_corpus(hypotheses, references)
        return np.asarray(
            statistics([tokenizer(h) for h in hyps], [[tokenizer(r) for r in seg] for seg in refs]),
            dtype=np.float64,
        )

    return run


def _mean_of(segment: Callable[[str, tuple[str, ...]], float]) -> Statistics:
    """Statistics ``(segment score, 1)`` whose sums give the mean of segment scores."""

    def run(hypotheses: Sequence[str], references: Sequence[Sequence[str]]) -> np.ndarray:
        hyps, refs = nk.check_text_corpus(hypotheses, references)
        out = np.ones((len(hyps), 2))
        for row, hyp, seg in zip(out, hyps, refs, strict=True):
            row[0] = segment(hyp, seg)
        return out

    return run


def _bleu(params: Mapping[str, Any], *, sentence: bool) -> Kernel:
    order, smooth = int(params["max_order"]), str(params["smooth"])
    tokens: dict[str, Any] = {
        "max_order": order,
        "tokenize": str(params["tokenize"]),
        "lowercase": bool(params["lowercase"]),
    }
    effective = bool(params.get("effective_order", False))
    if not sentence:
        return Kernel(
            partial(nk.bleu_statistics, **tokens),
            partial(nk.bleu_from_statistics, max_order=order, smooth=smooth),
        )

    def segment(hyp: str, refs: tuple[str, ...]) -> float:
        # A segment whose BLEU is undefined (no token) scores 0, as in sacreBLEU.
        score, _ = nk.sentence_bleu(hyp, refs, smooth=smooth, effective_order=effective, **tokens)
        return score

    return Kernel(_mean_of(segment), nk.rouge_l_from_statistics)


def _chrf(params: Mapping[str, Any], *, sentence: bool) -> Kernel:
    options: dict[str, Any] = {
        "char_order": int(params["char_order"]),
        "word_order": int(params["word_order"]),
        "beta": float(params["beta"]),
    }
    flags: dict[str, Any] = {
        "lowercase": bool(params["lowercase"]),
        "whitespace": bool(params["whitespace"]),
    }
    if not sentence:
        return Kernel(
            partial(nk.chrf_statistics, **options, **flags),
            partial(nk.chrf_from_statistics, **options),
        )

    def segment(hyp: str, refs: tuple[str, ...]) -> float:
        stats = nk.chrf_statistics([hyp], [refs], **options, **flags)
        score, _ = nk.chrf_from_statistics(stats[0], **options)
        return float(score)  # an undefined segment scores 0, as in sacreBLEU

    return Kernel(_mean_of(segment), nk.rouge_l_from_statistics)


def _alignment(
    tokenizer: Callable[[str], tuple[str, ...]], from_totals: FromTotals
) -> Callable[[Mapping[str, Any]], Kernel]:
    def build(params: Mapping[str, Any]) -> Kernel:
        normalize = str(params["normalize"])
        if normalize not in NORMALIZATIONS:
            raise InvalidParameterError(
                f"normalize={normalize!r}: expected one of {list(NORMALIZATIONS)!r}"
            )

        def tokens(text: str) -> tuple[str, ...]:
            return tokenizer(normalize_text(text, normalize))

        return Kernel(_tokenised(tokens, ek.alignment_statistics), from_totals)

    return build


def _ter(params: Mapping[str, Any]) -> Kernel:
    return Kernel(_tokenised(ek.ter_words, ek.ter_statistics), ek.ter_from_statistics)


def _rouge_l(params: Mapping[str, Any]) -> Kernel:
    return Kernel(nk.rouge_l_statistics, nk.rouge_l_from_statistics)


#: Each measure's kernel builder, from its bound parameters.
MEASURES: dict[str, Callable[[Mapping[str, Any]], Kernel]] = {
    "bleu": partial(_bleu, sentence=False),
    "sentence_bleu": partial(_bleu, sentence=True),
    "chrf": partial(_chrf, sentence=False),
    "chrf_plus_plus": partial(_chrf, sentence=False),
    "sentence_chrf": partial(_chrf, sentence=True),
    "ter": _ter,
    "wer": _alignment(ek.words, ek.wer_from_statistics),
    "cer": _alignment(ek.characters, ek.cer_from_statistics),
    "mer": _alignment(ek.words, ek.mer_from_statistics),
    "wil": _alignment(ek.words, ek.wil_from_statistics),
    "rouge_l": _rouge_l,
}


def kernel(measure: str, params: Mapping[str, Any]) -> Kernel:
    """The :class:`Kernel` of ``measure`` with its bound parameters ``params``.

    Raises
    ------
    KeyError
        For a name that is not a built-in generation measure.
    """
    return MEASURES[measure](params)


def corpus_statistics(
    measure: Any, hypotheses: Sequence[str], references: Sequence[Any], **params: Any
) -> CorpusStatistics:
    """The segment statistics of one corpus for ``measure`` and the scorer of their sums.

    Parameters
    ----------
    measure
        A generation measure: a registered name or expression
        (``"bleu"``, ``"bleu(tokenize='none')"``) or a
        :class:`~axiometrics.Measure`.
    hypotheses
        One string per segment.
    references
        One entry per segment: a reference string or a sequence of them.
    **params
        Parameters bound on top of the measure's.

    Returns
    -------
    CorpusStatistics
        ``from_totals(statistics.sum(axis=0))`` is the measure's corpus score.
    """
    from axiometrics import default_registry
    from axiometrics.family import get_family

    definition = default_registry().get(measure).measure
    definition = definition.with_params(**params) if params else definition
    bound = dict(definition.bound)
    # the family's own validation, through the registry: importing .family here would
    # close an import cycle (family -> io -> runs -> corpus)
    hyps, refs = get_family(definition.family).prepare((hypotheses, references), None).arrays
    if hyps.ndim != 1 or refs.ndim != 1:
        raise InvalidInputError(
            f"hypotheses shape {hyps.shape}, references shape {refs.shape}: expected one "
            "corpus, (n,) each"
        )
    bound_kernel = kernel(definition.name, bound)
    stats = bound_kernel.statistics(list(hyps), [list(r) for r in refs])
    return CorpusStatistics(definition.name, bound, stats, bound_kernel.from_totals)
