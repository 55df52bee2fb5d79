"""Numerical kernels of the edit-distance generation measures: WER, CER, MER, WIL and TER.

Every measure is split in two so that a corpus score can be resampled
cheaply (paired bootstrap, permutation tests):

* ``<measure>_statistics(hypotheses, references)`` returns one row of
  sufficient statistics per segment, an ``(n_segments, k)`` float64 array
  whose rows *sum* over segments;
* ``<measure>_from_statistics(totals)`` turns summed statistics, of shape
  ``(..., k)``, into ``(scores, undefined)``: float64 scores and a boolean
  mask of the same leading shape, the score being 0.0 wherever the mask is
  set.  No undefined case raises and none yields NaN.

The corpus score is ``from_statistics(statistics(...).sum(axis=0))``.

Tokens
------
The kernels take tokenised text: ``hypotheses[i]`` is a sequence of tokens
(strings), ``references[i]`` a sequence of one or more tokenised references.
Three pure tokenisers reproduce the reference implementations' defaults:

* :func:`words`: jiwer 4.0.0's default WER transformation.  Runs of two or
  more whitespace characters become one space, the ends are stripped, and
  the text is split on the space character only, so a lone tab or newline
  between two words stays *inside* one token, exactly as in jiwer;
* :func:`characters`: jiwer 4.0.0's default CER transformation.  The ends
  are stripped and every code point is a token, inner spaces included (a
  combining mark is a token of its own);
* :func:`ter_words`: sacreBLEU 2.6.0's TER tokenisation with its defaults
  (``normalized=False, no_punct=False, asian_support=False,
  case_sensitive=False``): the text is lowercased and split on any run of
  whitespace, nothing else.

Every ``*_statistics`` function validates its corpus with
:func:`check_corpus`: an empty corpus, unequal segment counts or a segment
without a reference raise :class:`~axiometrics.errors.InvalidInputError`; a
token that is not a str, or a bare string where a token sequence is expected
(it would silently be read as characters), raises
:class:`~axiometrics.errors.InputTypeError`.

Measures and scales
-------------------
WER, CER, MER and WIL share one set of statistics, the four columns
``(hits, substitutions, deletions, insertions)`` of a minimum edit alignment
(:data:`ALIGNMENT_COLUMNS`).  With ``N = H + S + D`` reference tokens and
``P = H + S + I`` hypothesis tokens:

* WER = (S + D + I) / N, a fraction in [0, inf); CER is WER on characters;
* MER = (S + D + I) / (H + S + D + I), a fraction in [0, 1];
* WIL = 1 - (H / N) * (H / P), a fraction in [0, 1].

TER's statistics are ``(edits, average reference length)``
(:data:`TER_COLUMNS`); TER = 100 * edits / average reference length, a
percentage in [0, inf), on sacreBLEU's scale.

The alignment counts are those of jiwer 4.0.0 exactly: jiwer takes them from
RapidFuzz's Levenshtein opcodes, whose tie-breaking among minimum alignments
decides the split between hits, substitutions and insertion/deletion pairs,
on which MER and WIL depend.  :func:`levenshtein_operations` reproduces that
tie-breaking.  TER follows sacreBLEU 2.6.0 (after Snover et al., 2006):
greedy block shifts, each chosen by a beam-limited edit distance, with
sacreBLEU's limits and ranking of candidate shifts.

Several references
------------------
jiwer takes one reference per segment.  With several, WER, CER, MER and WIL
use, for each segment, the reference with the fewest edits (S + D + I); ties
go to the shorter reference, then to the one with more hits (equal edits and
lengths may still split hits and edits differently, and MER and WIL depend
on the split), then to the lexicographically smallest token tuple (whose
counts are then equal).  The choice does not depend on the order of the
references.  With one reference the statistics are jiwer's.  TER follows
sacreBLEU: the fewest edits over the references, and the *average* length of
all the segment's references.

Undefined scores (where the reference implementations differ)
--------------------------------------------------------------
* WER, CER: no reference token in the corpus (jiwer returns the number of
  insertions there, an error count and not a rate);
* MER: no token at all, H + S + D + I = 0 (jiwer returns 0);
* WIL: no reference token or no hypothesis token (jiwer returns 0 when both
  are empty and 1 when only one is);
* TER: a total average reference length of 0 (sacreBLEU returns 100 when
  there are edits and 0 otherwise).

One limit: when a segment's reference and hypothesis, once their common
prefix and suffix are set aside, have lengths whose product reaches 2**22
(4,194,304, e.g. 2048 x 2048 characters; with at least 65 reference and 10
hypothesis tokens), RapidFuzz splits the alignment with Hirschberg's method,
whose choice among equal-cost alignments this module does not reproduce.
The edit total (S + D + I) and so WER and CER stay exact there; the split
between hits, substitutions and insertion/deletion pairs, and so MER and
WIL, may differ slightly from jiwer's.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence

import numpy as np

from axiometrics.errors import InputTypeError, InvalidInputError

__all__ = [
    "ALIGNMENT_COLUMNS",
    "TER_COLUMNS",
    "alignment_statistics",
    "cer_from_statistics",
    "cer_statistics",
    "characters",
    "check_corpus",
    "levenshtein_operations",
    "mer_from_statistics",
    "mer_statistics",
    "ter_from_statistics",
    "ter_statistics",
    "ter_words",
    "translation_edits",
    "wer_from_statistics",
    "wer_statistics",
    "wil_from_statistics",
    "wil_statistics",
    "words",
]

#: The columns of the WER, CER, MER and WIL statistics, in order.
ALIGNMENT_COLUMNS: tuple[str, ...] = ("hits", "substitutions", "deletions", "insertions")
#: The columns of the TER statistics, in order.
TER_COLUMNS: tuple[str, ...] = ("edits", "average_reference_length")

Tokens = Sequence[str]

# ---------------------------------------------------------------------------
# Tokenisers
# ---------------------------------------------------------------------------

_WHITESPACE_RUN = re.compile(r"\s\s+")


def words(text: str) -> tuple[str, ...]:
    """Split a text into words as jiwer 4.0.0's default WER transformation does.

    Parameters
    ----------
    text
        The raw segment.

    Returns
    -------
    tuple of str
        The words.  Every run of two or more whitespace characters counts as
        one space and the ends are stripped; the text is then split on the
        space character alone, so a single tab or newline between two words
        does not separate them (jiwer's behaviour).
    """
    collapsed = _WHITESPACE_RUN.sub(" ", text).strip()
    return tuple(piece for piece in collapsed.split(" ") if piece)


def characters(text: str) -> tuple[str, ...]:
    """Split a text into characters as jiwer 4.0.0's default CER transformation does.

    Parameters
    ----------
    text
        The raw segment.

    Returns
    -------
    tuple of str
        The code points of the text with its leading and trailing whitespace
        removed; inner whitespace is kept, one token per character, and inner
        runs of spaces are not collapsed.
    """
    return tuple(text.strip())


def ter_words(text: str) -> tuple[str, ...]:
    """Tokenise a text as sacreBLEU 2.6.0's TER does with its default options.

    Parameters
    ----------
    text
        The raw segment.

    Returns
    -------
    tuple of str
        The lowercased text split on runs of whitespace.  With the defaults
        (no normalisation, punctuation kept, no Asian-script handling, case
        insensitive) sacreBLEU's Tercom tokeniser does nothing else.
    """
    return tuple(text.lower().split())


# ---------------------------------------------------------------------------
# Input validation
# ---------------------------------------------------------------------------


def _shown(value: object, limit: int = 60) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _check_tokens(name: str, tokens: object) -> None:
    if isinstance(tokens, str) or not isinstance(tokens, Sequence):
        raise InputTypeError(
            f"{name}={_shown(tokens)}: expected a sequence of str tokens (tokenise the text "
            f"first, e.g. with words() or characters()), got {type(tokens).__name__}"
        )
    for position, token in enumerate(tokens):
        if not isinstance(token, str):
            raise InputTypeError(
                f"{name}[{position}]={_shown(token)}: expected a str token, "
                f"got {type(token).__name__}"
            )


def check_corpus(hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]]) -> None:
    """Refuse a corpus the edit kernels cannot score.

    Parameters
    ----------
    hypotheses
        One tokenised hypothesis per segment.
    references
        For each segment, a sequence of one or more tokenised references.

    Raises
    ------
    InvalidInputError
        The corpus has no segment, the two arguments hold different numbers
        of segments, or a segment has no reference.
    InputTypeError
        An argument, a segment or a reference is not a sequence (a bare
        string is refused: it would be read as a sequence of characters), or
        a token is not a str.
    """
    for name, value in (("hypotheses", hypotheses), ("references", references)):
        if isinstance(value, str) or not isinstance(value, Sequence):
            raise InputTypeError(
                f"{name}={_shown(value)}: expected a sequence with one entry per segment, "
                f"got {type(value).__name__}"
            )
    if len(hypotheses) == 0:
        raise InvalidInputError(f"hypotheses={_shown(hypotheses)}: expected at least one segment")
    if len(references) != len(hypotheses):
        raise InvalidInputError(
            f"references=<{len(references)} segments>: expected one entry per hypothesis "
            f"segment ({len(hypotheses)} segments)"
        )
    for i, hypothesis in enumerate(hypotheses):
        _check_tokens(f"hypotheses[{i}]", hypothesis)
    for i, segment_references in enumerate(references):
        name = f"references[{i}]"
        if isinstance(segment_references, str) or not isinstance(segment_references, Sequence):
            raise InputTypeError(
                f"{name}={_shown(segment_references)}: expected a sequence of tokenised "
                f"references, got {type(segment_references).__name__}"
            )
        if len(segment_references) == 0:
            raise InvalidInputError(
                f"{name}={_shown(segment_references)}: expected at least one reference "
                "for the segment"
            )
        for r, reference in enumerate(segment_references):
            _check_tokens(f"{name}[{r}]", reference)


# ---------------------------------------------------------------------------
# Levenshtein alignment (jiwer / RapidFuzz tie-breaking)
# ---------------------------------------------------------------------------


def _distance_table(reference: Sequence[int], hypothesis: Sequence[int]) -> np.ndarray:
    """Levenshtein distances ``table[r, c]`` between ``hypothesis[:r]`` and ``reference[:c]``."""
    n = len(reference)
    ref_ids = np.asarray(reference, dtype=np.int64)
    offsets = np.arange(n + 1, dtype=np.int32)
    table = np.empty((len(hypothesis) + 1, n + 1), dtype=np.int32)
    table[0] = offsets
    step = np.empty(n + 1, dtype=np.int32)
    for r, token in enumerate(hypothesis, start=1):
        above = table[r - 1]
        step[0] = r
        # Best of "drop the hypothesis token" and "pair it with reference token c".
        np.minimum(above[1:] + 1, above[:-1] + (ref_ids != token), out=step[1:])
        # Then chains of reference deletions along the row: a running minimum of
        # step[k] + (c - k) over k <= c.
        table[r] = np.minimum.accumulate(step - offsets) + offsets
    return table


def levenshtein_operations(hypothesis: Tokens, reference: Tokens) -> tuple[int, int, int, int]:
    """Count the operations of a minimum edit alignment, with jiwer 4.0.0's choice among ties.

    Parameters
    ----------
    hypothesis
        Hypothesis tokens.
    reference
        Reference tokens.

    Returns
    -------
    tuple of int
        ``(hits, substitutions, deletions, insertions)``: reference tokens
        matched, reference tokens replaced, reference tokens missing from the
        hypothesis, and hypothesis tokens absent from the reference.
        ``substitutions + deletions + insertions`` is the Levenshtein
        distance.

    Notes
    -----
    Several minimum alignments usually exist, and they differ in how many
    edits are substitutions rather than deletion/insertion pairs.  jiwer
    counts the opcodes of RapidFuzz's ``Levenshtein.opcodes(reference,
    hypothesis)``, which first sets aside the common prefix and suffix
    (hits), then walks back from the end of the distance table preferring,
    at each cell, a deletion when the reference prefix one token shorter is
    one edit cheaper; otherwise an insertion when, one hypothesis token
    back, the shorter reference prefix costs one edit *more*; otherwise the
    diagonal step.  This function walks the table the same way.  RapidFuzz
    splits very large tables with Hirschberg's method instead (see the
    module notes), which is not reproduced.
    """
    ids: dict[str, int] = {}
    ref = [ids.setdefault(token, len(ids)) for token in reference]
    hyp = [ids.setdefault(token, len(ids)) for token in hypothesis]

    prefix = 0
    while prefix < min(len(ref), len(hyp)) and ref[prefix] == hyp[prefix]:
        prefix += 1
    suffix = 0
    while (
        suffix < min(len(ref), len(hyp)) - prefix
        and ref[len(ref) - 1 - suffix] == hyp[len(hyp) - 1 - suffix]
    ):
        suffix += 1
    ref = ref[prefix : len(ref) - suffix]
    hyp = hyp[prefix : len(hyp) - suffix]
    hits, substitutions, deletions, insertions = prefix + suffix, 0, 0, 0
    if not ref or not hyp:
        return hits, 0, len(ref), len(hyp)

    table = _distance_table(ref, hyp)
    c, r = len(ref), len(hyp)
    while c and r:
        if table[r, c] == table[r, c - 1] + 1:
            deletions += 1
            c -= 1
        elif r >= 2 and table[r - 1, c] == table[r - 1, c - 1] - 1:
            insertions += 1
            r -= 1
        else:
            c -= 1
            r -= 1
            if ref[c] == hyp[r]:
                hits += 1
            else:
                substitutions += 1
    return hits, substitutions, deletions + c, insertions + r


# ---------------------------------------------------------------------------
# WER, CER, MER, WIL
# ---------------------------------------------------------------------------


def alignment_statistics(
    hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]]
) -> np.ndarray:
    """Per-segment alignment counts, shared by WER, CER, MER and WIL.

    Parameters
    ----------
    hypotheses
        One tokenised hypothesis per segment.
    references
        For each segment, one or more tokenised references.

    Returns
    -------
    numpy.ndarray
        Shape ``(n_segments, 4)``, float64, columns :data:`ALIGNMENT_COLUMNS`
        (hits, substitutions, deletions, insertions).  With several
        references, the row is that of the reference with the fewest edits,
        ties going to the shorter reference, then to the one with more hits,
        then to the lexicographically smallest token tuple: the row does not
        depend on the order of the references.

    Raises
    ------
    InvalidInputError, InputTypeError
        See :func:`check_corpus`.
    """
    check_corpus(hypotheses, references)
    rows = np.empty((len(hypotheses), len(ALIGNMENT_COLUMNS)), dtype=np.float64)
    for i, (hypothesis, segment_references) in enumerate(zip(hypotheses, references, strict=True)):
        # Fewest edits, then the shorter, then more hits, then the smallest token tuple:
        # a key that does not depend on the order of the references.
        rows[i] = min(
            (
                (sum(counts[1:]), len(reference), -counts[0], tuple(reference)),
                counts,
            )
            for reference in segment_references
            for counts in (levenshtein_operations(hypothesis, reference),)
        )[1]
    return rows


def _totals(totals: np.ndarray, columns: tuple[str, ...]) -> np.ndarray:
    array = np.asarray(totals, dtype=np.float64)
    if array.ndim == 0 or array.shape[-1] != len(columns):
        raise InvalidInputError(
            f"totals=<array of shape {array.shape}>: expected shape (..., {len(columns)}), "
            f"the last axis holding {', '.join(columns)}"
        )
    return array


def _ratio(numerator: np.ndarray, denominator: np.ndarray, undefined: np.ndarray) -> np.ndarray:
    return np.divide(
        numerator, denominator, out=np.zeros(numerator.shape, dtype=np.float64), where=~undefined
    )


#: The per-segment statistics of WER, CER, MER and WIL: one alignment serves all four
#: (``(n_segments, 4)``, the columns of :data:`ALIGNMENT_COLUMNS`; CER's tokens are
#: characters).
wer_statistics = cer_statistics = mer_statistics = wil_statistics = alignment_statistics


def wer_from_statistics(totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Word error rate from summed alignment counts.

    Parameters
    ----------
    totals
        Shape ``(..., 4)``: hits, substitutions, deletions, insertions.

    Returns
    -------
    scores : numpy.ndarray
        ``(S + D + I) / (H + S + D)``, a fraction in [0, inf): it exceeds 1
        when the hypotheses hold many more tokens than the references.
    undefined : numpy.ndarray
        True where there is no reference token (``H + S + D = 0``); the score
        is 0.0 there (jiwer returns the number of insertions instead).
    """
    array = _totals(totals, ALIGNMENT_COLUMNS)
    hits, subs, dels, ins = np.moveaxis(array, -1, 0)
    reference_length = hits + subs + dels
    undefined = reference_length == 0
    return _ratio(subs + dels + ins, reference_length, undefined), undefined


def cer_from_statistics(totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Character error rate from summed alignment counts (WER on characters).

    Parameters
    ----------
    totals
        Shape ``(..., 4)``: hits, substitutions, deletions, insertions.

    Returns
    -------
    scores : numpy.ndarray
        ``(S + D + I) / (H + S + D)``, a fraction in [0, inf).
    undefined : numpy.ndarray
        True where there is no reference character; the score is 0.0 there.
    """
    return wer_from_statistics(totals)


def mer_from_statistics(totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Match error rate from summed alignment counts.

    Parameters
    ----------
    totals
        Shape ``(..., 4)``: hits, substitutions, deletions, insertions.

    Returns
    -------
    scores : numpy.ndarray
        ``(S + D + I) / (H + S + D + I)``, a fraction in [0, 1].
    undefined : numpy.ndarray
        True where the corpus holds no token at all (``H + S + D + I = 0``);
        the score is 0.0 there (as jiwer's, which it does not flag).
    """
    array = _totals(totals, ALIGNMENT_COLUMNS)
    hits, subs, dels, ins = np.moveaxis(array, -1, 0)
    errors = subs + dels + ins
    total = hits + errors
    undefined = total == 0
    return _ratio(errors, total, undefined), undefined


def wil_from_statistics(totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Word information lost from summed alignment counts.

    Parameters
    ----------
    totals
        Shape ``(..., 4)``: hits, substitutions, deletions, insertions.

    Returns
    -------
    scores : numpy.ndarray
        ``1 - (H / (H + S + D)) * (H / (H + S + I))``, a fraction in [0, 1].
    undefined : numpy.ndarray
        True where the references or the hypotheses hold no token; the score
        is 0.0 there (jiwer returns 0 when both are empty, 1 when one is).
    """
    array = _totals(totals, ALIGNMENT_COLUMNS)
    hits, subs, dels, ins = np.moveaxis(array, -1, 0)
    reference_length = hits + subs + dels
    hypothesis_length = hits + subs + ins
    undefined = (reference_length == 0) | (hypothesis_length == 0)
    preserved = _ratio(hits, reference_length, undefined) * _ratio(
        hits, hypothesis_length, undefined
    )
    return np.where(undefined, 0.0, 1.0 - preserved), undefined


# ---------------------------------------------------------------------------
# TER (sacreBLEU 2.6.0's Tercom reimplementation)
# ---------------------------------------------------------------------------

#: Half-width of the band around the pseudo-diagonal explored per row.
_BEAM_WIDTH = 25
#: Longest block of words moved by one shift.
_MAX_SHIFT_SIZE = 10
#: Largest distance between a block's hypothesis and reference positions.
_MAX_SHIFT_DISTANCE = 50
#: Candidate shifts evaluated per segment before the search gives up.
_MAX_SHIFT_CANDIDATES = 1000
#: The value of a cell outside the band.
_UNREACHED = 10**16

# Back-pointers of the TER table: rows are hypothesis prefixes, columns
# reference prefixes.
_DIAGONAL = 0  # hypothesis word paired with a reference word (match or substitution)
_HYPOTHESIS_ONLY = 1  # hypothesis word left unpaired
_REFERENCE_ONLY = 2  # reference word left unpaired
_NO_MOVE = 3  # cell outside the band


def _beam_bands(n_hyp: int, n_ref: int) -> list[tuple[int, int]]:
    """Column range ``[low, high)`` computed in each row 1..n_hyp of the TER table."""
    ratio = n_ref / n_hyp if n_hyp else 1
    # Very unequal lengths widen the band so that consecutive rows still overlap.
    width = math.ceil(ratio / 2 + _BEAM_WIDTH) if ratio / 2 > _BEAM_WIDTH else _BEAM_WIDTH
    bands = [(0, n_ref + 1)]
    for i in range(1, n_hyp + 1):
        centre = math.floor(i * ratio)
        high = n_ref + 1 if i == n_hyp else min(n_ref + 1, centre + width)
        bands.append((max(0, centre - width), high))
    return bands


def _beam_rows(
    hypothesis: Sequence[str],
    reference: Sequence[str],
    bands: list[tuple[int, int]],
    rows: list[list[int]],
    moves: list[list[int]] | None = None,
) -> None:
    """Extend the beam-limited TER table ``rows`` (and ``moves``) to the whole hypothesis.

    ``rows`` holds the rows already known (at least row 0); among equal
    costs the diagonal wins, then leaving the hypothesis word unpaired,
    then leaving the reference word unpaired (sacreBLEU's order).
    """
    n_ref = len(reference)
    for i in range(len(rows), len(hypothesis) + 1):
        above = rows[i - 1]
        row = [_UNREACHED] * (n_ref + 1)
        move = [_NO_MOVE] * (n_ref + 1) if moves is not None else None
        word = hypothesis[i - 1]
        low, high = bands[i]
        for j in range(low, high):
            if j == 0:
                row[0] = above[0] + 1
                if move is not None:
                    move[0] = _HYPOTHESIS_ONLY
                continue
            best, how = _UNREACHED, _NO_MOVE
            cost = above[j - 1] + (word != reference[j - 1])
            if cost < best:
                best, how = cost, _DIAGONAL
            cost = above[j] + 1
            if cost < best:
                best, how = cost, _HYPOTHESIS_ONLY
            cost = row[j - 1] + 1
            if cost < best:
                best, how = cost, _REFERENCE_ONLY
            row[j] = best
            if move is not None:
                move[j] = how
        rows.append(row)
        if moves is not None and move is not None:
            moves.append(move)


def _alignment(
    hypothesis: Sequence[str], reference: Sequence[str], moves: list[list[int]]
) -> tuple[list[int], list[bool], list[bool]]:
    """Walk the back-pointers into each reference word's hypothesis position and error flags.

    Returns ``(position, hypothesis_error, reference_error)``.  ``position[k]``
    is the hypothesis index paired with reference word ``k`` or, for an
    unpaired reference word, the index of the last hypothesis word before it
    (-1 if none).  A word is in error unless it is matched exactly.
    """
    steps = []
    i, j = len(hypothesis), len(reference)
    while i > 0 or j > 0:
        how = moves[i][j]
        steps.append(how)
        if how == _DIAGONAL:
            i, j = i - 1, j - 1
        elif how == _HYPOTHESIS_ONLY:
            i -= 1
        elif how == _REFERENCE_ONLY:
            j -= 1
        else:  # pragma: no cover - the band of the last row spans every column
            raise RuntimeError("the TER back-pointers left the beam")
    position: list[int] = []
    hypothesis_error: list[bool] = []
    reference_error: list[bool] = []
    h = -1
    for how in reversed(steps):
        if how == _HYPOTHESIS_ONLY:
            h += 1
            hypothesis_error.append(True)
        elif how == _REFERENCE_ONLY:
            position.append(h)
            reference_error.append(True)
        else:
            h += 1
            wrong = hypothesis[h] != reference[len(position)]
            position.append(h)
            hypothesis_error.append(wrong)
            reference_error.append(wrong)
    return position, hypothesis_error, reference_error


def _move_block(words_: list[str], start: int, length: int, target: int) -> list[str]:
    """Move ``words_[start:start + length]`` to hypothesis position ``target``.

    The block is taken out and put back before what was ``words_[target]``
    when ``target`` lies outside it; a ``target`` inside the block or just
    past it counts, as in sacreBLEU, from the words left after the removal.
    """
    block = words_[start : start + length]
    rest = words_[:start] + words_[start + length :]
    at = target - length if target > start + length else target
    return rest[:at] + block + rest[at:]


def _best_shift(
    hypothesis: list[str],
    reference: Sequence[str],
    bands: list[tuple[int, int]],
    checked: int,
) -> tuple[int, list[str], int]:
    """The shift that lowers the beam edit distance most, as sacreBLEU ranks them.

    Returns ``(gain, shifted hypothesis, candidates checked so far)``; the
    gain is 0 and the hypothesis unchanged when no shift qualifies.
    Candidates rank by gain, then block length, then earliest block, then
    earliest target.
    """
    rows = [list(range(len(reference) + 1))]
    moves = [[_REFERENCE_ONLY] * (len(reference) + 1)]
    _beam_rows(hypothesis, reference, bands, rows, moves)
    before = rows[-1][-1]
    position, hypothesis_error, reference_error = _alignment(hypothesis, reference, moves)

    best_key: tuple[int, int, int, int] | None = None
    best_words = hypothesis
    n_hyp, n_ref = len(hypothesis), len(reference)
    for start_h in range(n_hyp):
        for start_r in range(
            max(0, start_h - _MAX_SHIFT_DISTANCE), min(n_ref, start_h + _MAX_SHIFT_DISTANCE + 1)
        ):
            run = 0
            while (
                run < _MAX_SHIFT_SIZE
                and start_h + run < n_hyp
                and start_r + run < n_ref
                and hypothesis[start_h + run] == reference[start_r + run]
            ):
                run += 1
            for length in range(1, run + 1):
                # Only blocks that are wrongly placed in the hypothesis and
                # whose reference words are unmatched, and never a move
                # inside the block itself.
                if not any(hypothesis_error[start_h : start_h + length]):
                    continue
                if not any(reference_error[start_r : start_r + length]):
                    continue
                if start_h <= position[start_r] < start_h + length:
                    continue
                previous_target = -1
                for offset in range(-1, length):
                    anchor = start_r + offset
                    target = 0 if anchor == -1 else position[anchor] + 1
                    if target == previous_target:
                        continue
                    previous_target = target
                    shifted = _move_block(hypothesis, start_h, length, target)
                    # Rows of the common prefix are unchanged: resume after them.
                    shared = 0
                    while shared < n_hyp and shifted[shared] == hypothesis[shared]:
                        shared += 1
                    candidate_rows = rows[: min(shared, n_hyp - 1) + 1]
                    _beam_rows(shifted, reference, bands, candidate_rows)
                    checked += 1
                    key = (before - candidate_rows[-1][-1], length, -start_h, -target)
                    if best_key is None or key > best_key:
                        best_key, best_words = key, shifted
                if checked >= _MAX_SHIFT_CANDIDATES:
                    return (best_key[0] if best_key else 0), best_words, checked
    return (best_key[0] if best_key else 0), best_words, checked


def translation_edits(hypothesis: Tokens, reference: Tokens) -> int:
    """Number of TER edits (shifts plus beam edit distance), as sacreBLEU 2.6.0 counts them.

    Parameters
    ----------
    hypothesis
        Hypothesis tokens (e.g. :func:`ter_words`).
    reference
        Reference tokens.

    Returns
    -------
    int
        Shifts applied plus the remaining edit distance.  An empty reference
        costs one edit per hypothesis word.

    Notes
    -----
    Shifts are applied greedily while one lowers the edit distance.  Each
    round tries moving every block of at most 10 words that matches the
    reference within 50 positions, is wrong where it stands and whose
    reference words are unmatched, to the positions given by the current
    alignment, and keeps the one with the largest gain (ties: longer block,
    then earlier block, then earlier target).  The edit distance is
    computed in a band of 25 columns on either side of the table's
    pseudo-diagonal, widened when the lengths are very unequal, as
    sacreBLEU does.  After 1000 evaluated candidates the search stops and
    the shift of the last round is *not* applied (sacreBLEU's behaviour).
    """
    words_ = list(hypothesis)
    if not reference:
        return len(words_)
    bands = _beam_bands(len(words_), len(reference))
    shifts = 0
    checked = 0
    while True:
        gain, shifted, checked = _best_shift(words_, reference, bands, checked)
        if checked >= _MAX_SHIFT_CANDIDATES or gain <= 0:
            break
        shifts += 1
        words_ = shifted
    rows = [list(range(len(reference) + 1))]
    _beam_rows(words_, reference, bands, rows)
    return shifts + rows[-1][-1]


def ter_statistics(
    hypotheses: Sequence[Tokens], references: Sequence[Sequence[Tokens]]
) -> np.ndarray:
    """Per-segment statistics of the translation edit rate.

    Parameters
    ----------
    hypotheses
        One tokenised hypothesis per segment (:func:`ter_words`).
    references
        For each segment, one or more tokenised references.

    Returns
    -------
    numpy.ndarray
        Shape ``(n_segments, 2)``, float64, columns :data:`TER_COLUMNS`: the
        fewest edits over the segment's references
        (:func:`translation_edits`) and the average length of all its
        references, as sacreBLEU 2.6.0 computes them.

    Raises
    ------
    InvalidInputError, InputTypeError
        See :func:`check_corpus`.
    """
    check_corpus(hypotheses, references)
    rows = np.empty((len(hypotheses), len(TER_COLUMNS)), dtype=np.float64)
    for i, (hypothesis, segment_references) in enumerate(zip(hypotheses, references, strict=True)):
        edits = min(translation_edits(hypothesis, reference) for reference in segment_references)
        length = sum(len(reference) for reference in segment_references)
        rows[i] = (edits, length / len(segment_references))
    return rows


def ter_from_statistics(totals: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Translation edit rate from summed TER statistics.

    Parameters
    ----------
    totals
        Shape ``(..., 2)``: edits and average reference length, summed over
        segments.

    Returns
    -------
    scores : numpy.ndarray
        ``100 * edits / average reference length``: a percentage in
        [0, inf), sacreBLEU's scale.
    undefined : numpy.ndarray
        True where the summed average reference length is 0; the score is
        0.0 there (sacreBLEU returns 100 when there are edits, 0 otherwise).
    """
    array = _totals(totals, TER_COLUMNS)
    edits, length = np.moveaxis(array, -1, 0)
    undefined = length == 0
    return 100.0 * _ratio(edits, length, undefined), undefined
