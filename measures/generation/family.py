"""The ``generation`` family: hypotheses scored against one or more references per segment.

Inputs are ``(hypotheses, references)``:

* ``hypotheses``: one string per segment, shape ``(..., n)``: a list of
  strings, or a nested list / NumPy array of strings whose leading axes are
  a batch (several systems x segments, ``(S, n)``);
* ``references``: one entry per segment, shape ``(n,)`` (or ``(..., n)``
  broadcasting with the hypotheses' batch): each entry a string (one
  reference) or a sequence of strings (several references; segments may
  have different numbers of them).  A NumPy string array of shape
  ``(n, r)`` gives ``r`` references to every segment.

Prepared arrays are NumPy object arrays: hypotheses ``(..., n)`` of ``str``
and references ``(..., n)`` of tuples of ``str``, so that batches over
leading axes work as in the other families (the checker stacks the entries
of a case on a leading axis).

**Reference streams.** Ours are per segment: ``references[i]`` lists the
references of segment ``i``.  sacreBLEU takes the transpose, reference
*streams*: ``refs[j][i]`` is the ``j``-th reference of segment ``i``, every
stream as long as the corpus (``None`` where a segment has fewer
references).  From streams: ``references = [tuple(s[i] for s in refs if s[i]
is not None) for i in range(n)]``; to streams: ``[[r[j] if j < len(r) else
None for r in references] for j in range(max(map(len, references)))]``.

Refused, with typed errors naming the argument
(``name=value!r: expected ...``): an empty corpus, different numbers of
segments, a segment without a reference, a segment or reference that is
not a ``str`` (bytes, numbers, ``None``), a lone string where a sequence of
segments is expected, ragged batches, and class values.

Labelled inputs are aligned by label, never by position: a pandas Series of
hypotheses indexed by segment id is matched to a references Series by its
index; a DataFrame of hypotheses (one row per system, one column per
segment id) is matched to a references Series by its columns, and its row
labels become the batch index of the result.  A pandas object paired with
a plain sequence is refused.

The family has no class scale and no class values (``Family.class_values``
is false).

Bare callables (``check(f, family="generation")``) are called as
``f(hypotheses, references)`` by default: a list of ``str`` (one per
segment) and a list of lists of ``str`` (each segment's references).
``signature="references,hypotheses"`` calls ``f(references, hypotheses)``
with *one* reference string per segment, the form of single-reference
libraries such as jiwer (``jiwer.wer(reference, hypothesis)``, which takes
two lists of strings): a case with several references for some segment is
refused (:class:`~axiometrics.errors.SignatureRefusalError`), so it lies
outside every claim.  ``signature="hypotheses,reference"`` is the same in
the other order (``rouge_score``-style wrappers).  sacreBLEU's
``corpus_score(hypotheses, streams)`` takes reference streams: wrap it as
``lambda h, r: BLEU().corpus_score(h, to_streams(r)).score``.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from axiometrics.errors import (
    InputTypeError,
    InvalidInputError,
    InvalidParameterError,
    SignatureRefusalError,
)
from axiometrics.family import CallSignature, Family, Prepared
from axiometrics.scale import check_unique_labels, is_pandas

from .data import SYNTHETIC_GENERATION

__all__ = [
    "CALL_SIGNATURES",
    "FAMILY",
    "INPUTS",
    "SEVERAL_REFERENCES",
    "LabelledCorpus",
    "coerce_generation",
    "hypothesis_array",
    "prepare_generation",
    "reference_array",
    "to_streams",
    "validate_generation",
]

#: The family's inputs.
INPUTS = ("hypotheses", "references")
#: The prepared class values: none (the family has no class scale).
NO_VALUES = np.zeros(0)


@dataclass(frozen=True)
class LabelledCorpus:
    """A batch of hypotheses ``(S, n)`` aligned with references ``(n,)`` by label, and its keys."""

    hypotheses: np.ndarray
    references: np.ndarray
    index: tuple[Hashable, ...] | None = None
    index_name: str | None = None


def _shown(data: Any) -> str:
    text = " ".join(repr(data).split())
    return text if len(text) <= 120 else text[:117] + "..."


def _where(index: tuple[int, ...]) -> str:
    return "".join(f"[{i}]" for i in index)


def _object_array(raw: Any, name: str, what: str) -> np.ndarray:
    """``raw`` as an object array of at least one dimension (strings never split)."""
    if isinstance(raw, str | bytes):
        raise InputTypeError(
            f"{name}={_shown(raw)}: expected {what} (got a single {type(raw).__name__}; wrap "
            "it in a list)"
        )
    if isinstance(raw, np.ndarray):
        if raw.dtype.kind not in "UO":
            raise InputTypeError(
                f"{name}={_shown(raw)}: expected {what} (got an array of dtype {raw.dtype})"
            )
        return raw.astype(object, copy=False)
    if not isinstance(raw, list | tuple):
        raise InputTypeError(f"{name}={_shown(raw)}: expected {what} (got {type(raw).__name__})")
    try:
        arr = np.array(raw, dtype=object)
    except ValueError as exc:  # inhomogeneous nesting numpy cannot hold
        raise InvalidInputError(
            f"{name}={_shown(raw)}: expected {what} with rows of one length ({exc})"
        ) from None
    if arr.ndim == 0:
        raise InputTypeError(f"{name}={_shown(raw)}: expected {what} (got a scalar)")
    return arr


def hypothesis_array(raw: Any) -> np.ndarray:
    """Validate hypotheses into an object array ``(..., n)`` of ``str``, ``n >= 1``.

    Raises
    ------
    InputTypeError
        A lone string, a non-sequence, or a segment that is not a ``str``.
    InvalidInputError
        No segment, or rows of different lengths.
    """
    what = "a sequence of hypothesis strings, one per segment (shape (..., n))"
    arr = _object_array(raw, "hypotheses", what)
    for index, item in np.ndenumerate(arr):
        if not isinstance(item, str):
            if isinstance(item, list | tuple | np.ndarray):
                raise InvalidInputError(
                    f"hypotheses={_shown(raw)}: expected {what} with rows of one length "
                    f"(got a ragged batch)"
                )
            raise InputTypeError(f"hypotheses{_where(index)}={_shown(item)}: expected a str")
    if arr.shape[-1] == 0:
        raise InvalidInputError(
            f"hypotheses={_shown(raw)}: expected at least one segment (got an empty corpus)"
        )
    return arr


def _segment_references(item: Any, where: str) -> tuple[str, ...]:
    if isinstance(item, str):
        return (item,)
    if isinstance(item, list | tuple | np.ndarray):
        refs = tuple(item.tolist() if isinstance(item, np.ndarray) else item)
        if not refs:
            raise InvalidInputError(
                f"references{where}={_shown(item)}: expected at least one reference for the segment"
            )
        for j, ref in enumerate(refs):
            if not isinstance(ref, str):
                raise InputTypeError(
                    f"references{where}[{j}]={_shown(ref)}: expected a str (a segment may have "
                    "fewer references than others: leave the missing ones out)"
                )
        return refs
    raise InputTypeError(
        f"references{where}={_shown(item)}: expected a reference str or a sequence of "
        "reference strings"
    )


def reference_array(raw: Any) -> np.ndarray:
    """Validate references into an object array ``(..., n)`` of tuples of ``str``.

    A list holds one entry per segment (a str, or a sequence of strings); a
    NumPy string array ``(n,)`` one reference per segment and ``(n, r)``
    ``r`` references per segment; an object array of tuples (the prepared
    form) may carry a batch on leading axes.

    Raises
    ------
    InputTypeError
        A lone string, a non-sequence, or a reference that is not a ``str``.
    InvalidInputError
        No segment, or a segment without a reference.
    """
    what = "one reference str or sequence of reference strings per segment"
    if isinstance(raw, str | bytes):
        raise InputTypeError(
            f"references={_shown(raw)}: expected {what} (got a single {type(raw).__name__}; "
            "wrap it in a list)"
        )
    if isinstance(raw, np.ndarray) and raw.dtype.kind == "U":
        if raw.ndim not in (1, 2):
            raise InvalidInputError(
                f"references={_shown(raw)}: expected a string array of shape (n,) or (n, r) "
                f"(got shape {raw.shape})"
            )
        rows = raw[:, None] if raw.ndim == 1 else raw
        out = np.empty(rows.shape[0], dtype=object)
        for i, row in enumerate(rows):
            out[i] = tuple(str(s) for s in row)
            if not out[i]:
                raise InvalidInputError(
                    f"references[{i}]=(): expected at least one reference for the segment"
                )
    elif isinstance(raw, np.ndarray) and raw.dtype.kind == "O":
        out = np.empty(raw.shape, dtype=object)
        for index, item in np.ndenumerate(raw):
            out[index] = _segment_references(item, _where(index))
    elif isinstance(raw, list | tuple):
        out = np.empty(len(raw), dtype=object)
        for i, item in enumerate(raw):
            out[i] = _segment_references(item, f"[{i}]")
    else:
        raise InputTypeError(
            f"references={_shown(raw)}: expected {what} (got {type(raw).__name__})"
        )
    if out.ndim == 0 or out.shape[-1] == 0:
        raise InvalidInputError(
            f"references={_shown(raw)}: expected at least one segment (got an empty corpus)"
        )
    return out


def validate_generation(
    hypotheses: Any, references: Any
) -> tuple[np.ndarray, np.ndarray, tuple[int, ...]]:
    """Validate ``(hypotheses, references)`` into object arrays and their batch shape.

    Raises
    ------
    InputTypeError
        For pandas objects (use :func:`coerce_generation`) and non-strings.
    InvalidInputError
        Empty corpora, different numbers of segments, a segment without a
        reference, or batch shapes that do not broadcast.
    """
    for name, raw in zip(INPUTS, (hypotheses, references), strict=True):
        if is_pandas(raw):
            raise InputTypeError(
                f"{name}={type(raw).__name__}: pandas inputs are aligned by label first "
                "(coerce_generation, which axiometrics.score and every scorer call)"
            )
    hyps, refs = hypothesis_array(hypotheses), reference_array(references)
    if hyps.shape[-1] != refs.shape[-1]:
        raise InvalidInputError(
            f"references=<{refs.shape[-1]} segments>: expected one entry per hypothesis segment "
            f"({hyps.shape[-1]} segments; hypotheses shape {hyps.shape})"
        )
    try:
        batch = np.broadcast_shapes(hyps.shape[:-1], refs.shape[:-1])
    except ValueError:
        raise InvalidInputError(
            f"the batch shapes do not broadcast (hypotheses {hyps.shape[:-1]}, references "
            f"{refs.shape[:-1]})"
        ) from None
    return hyps, refs, batch


def prepare_generation(inputs: tuple[Any, ...], values: Any) -> Prepared:
    """Validate ``(hypotheses, references)`` into a :class:`~axiometrics.family.Prepared`.

    Raises
    ------
    InvalidParameterError
        If class values are given (the family has none).
    InvalidInputError
        If the number of inputs is not two.
    """
    keys: tuple[Hashable, ...] | None = None
    name: str | None = None
    if len(inputs) == 1 and isinstance(inputs[0], LabelledCorpus):
        labelled = inputs[0]
        inputs = (labelled.hypotheses, labelled.references)
        keys, name = labelled.index, labelled.index_name
    if len(inputs) != 2:
        raise InvalidInputError(
            "a generation measure takes two inputs, (hypotheses, references) "
            f"(got {len(inputs)} inputs)"
        )
    if values is not None:
        raise InvalidParameterError(
            f"values={_shown(values)}: generation measures take text and no class values"
        )
    hyps, refs, batch = validate_generation(*inputs)
    return Prepared((hyps, refs), NO_VALUES, batch, 0, (1, 1), keys, name)


def _align(labels: list[Hashable], wanted: list[Hashable]) -> list[int]:
    """Positions of ``wanted`` in ``labels``; refuse repeated, missing or extra labels."""
    check_unique_labels(labels, name="segment id")
    check_unique_labels(wanted, name="segment id")
    position = {key: i for i, key in enumerate(labels)}
    missing = [k for k in wanted if k not in position]
    extra = sorted(set(map(repr, labels)) - set(map(repr, wanted)))
    if missing or extra:
        raise InvalidInputError(
            f"the inputs must label the same segments by segment id (missing: "
            f"{list(map(repr, missing))[:5]}, extra: {extra[:5]})"
        )
    return [position[k] for k in wanted]


def _references_by_segment(references: Any, segments: list[Hashable]) -> np.ndarray:
    order = _align(list(references.index), segments)
    values = list(references.to_numpy(dtype=object))
    return reference_array([values[i] for i in order])


def coerce_generation(inputs: tuple[Any, ...], scale: Any) -> tuple[Any, ...]:
    """Align labelled (pandas) inputs by segment id; plain sequences pass unchanged.

    Raises
    ------
    InvalidParameterError
        If ``scale`` is given (the family has no class scale).
    InvalidInputError
        If the pandas objects do not label the same segments, or a label repeats.
    InputTypeError
        If a pandas object is paired with a plain sequence, or references
        are not a Series.
    """
    if scale is not None:
        raise InvalidParameterError(f"scale={scale!r}: generation measures take no class scale")
    if len(inputs) != 2:
        return inputs  # refused by prepare_generation with the count
    hypotheses, references = inputs
    labelled = [is_pandas(x) for x in inputs]
    if not any(labelled):
        return inputs
    if not all(labelled):
        raise InputTypeError(
            "hypotheses and references must both be pandas objects or both plain sequences: "
            "segments are aligned by label, never by position"
        )
    if not is_pandas(references, "Series"):
        raise InputTypeError(
            f"references must be a pandas Series indexed by segment id (got "
            f"{type(references).__name__})"
        )
    if is_pandas(hypotheses, "Series"):
        segments = list(hypotheses.index)
        refs = _references_by_segment(references, segments)
        return (list(hypotheses.to_numpy(dtype=object)), refs)
    if not is_pandas(hypotheses, "DataFrame"):
        raise InputTypeError(
            f"hypotheses must be a pandas Series or DataFrame (got {type(hypotheses).__name__})"
        )
    segments = list(hypotheses.columns)
    refs = _references_by_segment(references, segments)
    check_unique_labels(list(hypotheses.index), name="hypotheses rows")
    index_name = hypotheses.index.name
    return (
        LabelledCorpus(
            hypothesis_array(hypotheses.to_numpy(dtype=object)),
            refs,
            tuple(hypotheses.index),
            None if index_name is None else str(index_name),
        ),
    )


def to_streams(references: Any) -> list[list[str | None]]:
    """Per-segment references as sacreBLEU's reference streams (``None`` where missing).

    Examples
    --------
    >>> to_streams([("a b",), ("c", "d")])
    [['a b', 'c'], [None, 'd']]
    """
    refs = reference_array(references)
    if refs.ndim != 1:
        raise InvalidInputError(
            f"references shape {refs.shape}: expected one corpus, (n,), for reference streams"
        )
    width = max(len(r) for r in refs)
    return [[r[j] if j < len(r) else None for r in refs] for j in range(width)]


def _lists(
    inputs: tuple[np.ndarray, ...],
) -> tuple[list[str], list[list[str]]]:
    hyps, refs = inputs
    return [str(h) for h in np.ravel(hyps)], [list(r) for r in np.ravel(refs)]


def _corpus(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
    return _lists(inputs)


def _single(inputs: tuple[np.ndarray, ...]) -> tuple[list[str], list[str]]:
    hyps, refs = _lists(inputs)
    if any(len(r) != 1 for r in refs):
        raise SignatureRefusalError(
            "this call signature passes one reference per segment: a segment with several "
            "references is refused (use signature='hypotheses,references')"
        )
    return hyps, [r[0] for r in refs]


def _reference_first(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
    hyps, refs = _single(inputs)
    return (refs, hyps)


def _hypothesis_first(inputs: tuple[np.ndarray, ...], values: np.ndarray | None) -> tuple[Any, ...]:
    return _single(inputs)


#: How a bare generation callable is called: ``f(hypotheses, references)`` by default.
CALL_SIGNATURES = (
    (
        "hypotheses,references",
        CallSignature(
            _corpus,
            description="f(hypotheses, references): a list of str (one per segment) and a list "
            "of lists of str (each segment's references)",
        ),
    ),
    (
        "references,hypotheses",
        CallSignature(
            _reference_first,
            description="f(references, hypotheses): two lists of str, one reference per segment "
            "(jiwer's order; cases with several references are refused)",
        ),
    ),
    (
        "hypotheses,reference",
        CallSignature(
            _hypothesis_first,
            description="f(hypotheses, references): two lists of str, one reference per segment "
            "(cases with several references are refused)",
        ),
    ),
)


def _enumerate_inputs(request: Any) -> Iterable[Any]:
    """Every small corpus, smallest first (:func:`.enumeration.input_levels`)."""
    from .enumeration import input_levels

    return input_levels(request)


def _read_runs(gold: Any, systems: Any, **options: Any) -> Any:
    """Read reference and hypothesis files (:func:`.io.read_runs`; imported on first use)."""
    from .io import read_runs

    return read_runs(gold, systems, **options)


def _typical() -> tuple[np.ndarray, np.ndarray]:
    # One reference per segment: every call signature takes it (the single-reference ones
    # refuse a segment with several), so the preflight call of a bare callable reaches it.
    hyps = np.array(["the cat sat on the mat", "a dog barked"], dtype=object)
    refs = np.empty(2, dtype=object)
    refs[0] = ("a cat was sitting on the mat",)
    refs[1] = ("the dog barked",)
    return hyps, refs


#: The family's input feature (:attr:`axiometrics.family.Family.input_features`) of a
#: segment with several references, which the single-reference call signatures refuse.
SEVERAL_REFERENCES = "several_references"


def _several_references() -> tuple[np.ndarray, np.ndarray]:
    hyps, _ = _typical()
    refs = np.empty(2, dtype=object)
    refs[0] = ("a cat was sitting on the mat", "the cat sat on a mat")
    refs[1] = ("the dog barked", "a dog was barking")
    return hyps, refs


#: The generation family (the ``axiometrics.families`` entry point).
FAMILY = Family(
    "generation",
    "Text generation",
    INPUTS,
    prepare=prepare_generation,
    coerce=coerce_generation,
    class_values=False,
    typical_inputs=_typical(),
    call_signatures=CALL_SIGNATURES,
    enumerate_inputs=_enumerate_inputs,
    generated_datasets=(SYNTHETIC_GENERATION,),
    read_runs=_read_runs,
    gold_files=None,
    # The three corpus metrics of sacreBLEU, the ones machine-translation papers report
    # together: an improvement on all three is the unanimous one coverage counts.
    coverage_reference=("bleu", "chrf", "ter"),
    rank=60,
    # The single-reference call signatures refuse several references per segment; the
    # checker then draws one reference per segment for them.
    input_features=((SEVERAL_REFERENCES, _several_references()),),
)
