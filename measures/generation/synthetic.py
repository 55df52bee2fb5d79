"""Synthetic generation systems: controlled corruptions of known severity.

The generation family's counterpart of the synthetic regression systems
(:mod:`axiometrics.measures.regression.synthetic`): every system corrupts a
held-out source text in a declared way and at a declared rate, so the true
order of the systems is known and a measure's ranking can be read against
it.

Corpus
    ``data/synthetic_corpus.tsv`` beside this module: 12 documents x 10
    segments of original plain English written for axiometrics (everyday
    topics, 9 to 16 words a segment; MIT licence, as the package).  Each
    segment has a *base*, the held-out source that the systems corrupt and
    that is never a reference, and three references, each a hand-written
    meaning-preserving rewrite of the base (other word order, synonyms,
    voice), so the references differ from the base and from one another as
    human references do.  :func:`read_corpus` reads and validates it.  The
    documents are the topics of the meta-evaluation; each topic's score is
    a system's corpus score on that document's segments.
Systems
    :data:`SYSTEMS`: the clean ``base`` (the base text itself) and seven
    kinds of corruption, each at three rates (21 systems), named
    ``<kind>_<rate in %>``.  For a segment of ``n`` words and a rate ``r``
    a token-level corruption makes ``k = max(1, round(r n))`` operations
    (halves rounded up), so the count depends only on the segment's length
    and every corrupted segment is changed:

    ``deletion``
        ``k`` words removed.
    ``insertion``
        ``k`` words of :data:`INSERTION_VOCABULARY` put into random slots.
    ``substitution``
        ``k`` words replaced by words of :data:`INSERTION_VOCABULARY`
        (never by the same word).
    ``swap`` (local reordering)
        ``k`` disjoint pairs of adjacent words swapped.
    ``move`` (long-range reordering)
        one block of ``k`` consecutive words moved at least
        ``max(3, n // 3)`` words away (or as far as the segment allows).
    ``paraphrase``
        ``min(k, p)`` words replaced by a synonym from :data:`PARAPHRASES`,
        ``p`` being how many words of the segment the lexicon knows: a
        meaning-preserving, length-preserving edit.
    ``negation`` (rates 10, 30, 50 %)
        ``round(r m)`` of each document's ``m`` segments flipped: the first
        ``not`` removed, or, without one, ``not`` put after the first word
        of :data:`NEGATION_ANCHORS` (every base has one); the other segments
        are left as the base.  A one-word edit that reverses the meaning.

    Words are the whitespace tokens of the base, its final ``.``, ``!`` or
    ``?`` set aside and put back; a comma stays with its word.  The first
    word is lower-cased before the edits (unless it is ``I``) and the
    result's first letter upper-cased, so that a moved word does not carry
    a capital (no base begins with a proper noun).
True severity (lower is better)
    The share of a segment's meaning a corruption damages, as an expected
    number of words lost per base word, averaged over the segments::

        severity(system) = mean over segments of  w_kind * k / n

    with the weight ``w_kind`` of one operation (:data:`WEIGHTS`):

    ============  ======  ===================================================
    kind          weight  why
    ============  ======  ===================================================
    deletion      1.0     the word's content is lost: the unit
    substitution  1.5     a deletion plus a wrong word in its place
                          (the insertion's 0.5)
    insertion     0.5     nothing is lost, but a wrong word may mislead
    move          0.4     per moved word: the content is there, its role in
                          the sentence is lost; less than a wrong word
    swap          0.3     per swapped pair: two words one place off, whose
                          order a reader mostly restores; less than one
                          word moved across the sentence
    paraphrase    0.05    a synonym keeps the meaning; counted a twentieth
                          of a deletion only so that more paraphrase ranks
                          as (slightly) more change, never as an error of
                          the other kinds
    negation      1.0     per flipped segment, as a share of the segment:
                          the statement says the opposite, so none of its
                          content is conveyed correctly (as if every word
                          were lost), however small the edit
    ============  ======  ===================================================

    The weights are one choice that honours an order of principles: a
    meaning-changing edit weighs more than a meaning-preserving one; losing
    content more than adding noise, adding noise more than misplacing
    content, and misplacing it far more than near; and a reversed statement
    as much as a lost one.  No two word-level kinds share a weight, so
    systems of different kinds at one rate never tie.  Within each kind the severity
    grows strictly with the rate (``k`` never decreases with ``r``, and
    grows for some segment of the corpus).  :func:`segment_severity` gives
    one segment's, :func:`true_severity` every system's.  Surface measures
    see other orders by design: a paraphrase costs them n-gram matches
    although it keeps the meaning, and a negation flip costs them one word
    although it reverses it.

Every random draw comes from a NumPy Generator seeded with ``(seed,
crc32(system name))``, drawn for all segments of a system at once, so a
system's output does not depend on which other systems are generated and
the same arguments give the same text.
"""

from __future__ import annotations

import zlib
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

import numpy as np

from axiometrics.errors import DataFileError, InvalidParameterError

if TYPE_CHECKING:
    from .runs import GenerationRuns

__all__ = [
    "COLUMNS",
    "CORPUS_RESOURCE",
    "DEFAULT_GENERATION_SEED",
    "INSERTION_VOCABULARY",
    "KINDS",
    "MIN_WORDS",
    "NEGATION",
    "NEGATION_ANCHORS",
    "PARAPHRASES",
    "SYSTEMS",
    "WEIGHTS",
    "Corruption",
    "SyntheticCorpus",
    "SyntheticGeneration",
    "corrupt",
    "default_generation",
    "default_generation_runs",
    "generation_synthetic",
    "operations",
    "read_corpus",
    "segment_severity",
    "system_metadata",
    "true_severity",
]

#: Seed of the default synthetic generation data.
DEFAULT_GENERATION_SEED = 2025
#: The corpus file, relative to this package.
CORPUS_RESOURCE = "data/synthetic_corpus.tsv"
#: The corpus file's columns, in order.
COLUMNS = ("document", "segment", "base", "reference_1", "reference_2", "reference_3")
#: The fewest words a base may have (every corruption then has room).
MIN_WORDS = 4
#: The word a negation flip adds or removes.
NEGATION = "not"
#: Words after which a negation flip puts ``not`` (auxiliaries and the copula).
NEGATION_ANCHORS = frozenset(
    {"am", "is", "are", "was", "were", "will", "would", "can", "could"}
    | {"should", "must", "may", "might"}
)
#: The kinds of corruption, in the collection's order (``base`` is none).
KINDS = ("deletion", "insertion", "substitution", "swap", "move", "negation", "paraphrase")
#: Severity of one operation of each kind, in words lost per base word (see the module
#: docstring); a negation flip's weight is per flipped segment.
WEIGHTS: Mapping[str, float] = MappingProxyType(
    {
        "base": 0.0,
        "deletion": 1.0,
        "insertion": 0.5,
        "substitution": 1.5,
        "swap": 0.3,
        "move": 0.4,
        "negation": 1.0,
        "paraphrase": 0.05,
    }
)
#: The words insertions put in and substitutions put in place (none is an anchor or ``not``).
INSERTION_VOCABULARY = (
    "green",
    "slowly",
    "table",
    "seven",
    "under",
    "music",
    "paper",
    "strange",
    "window",
    "yellow",
    "quietly",
    "dog",
    "tomorrow",
    "orange",
    "across",
    "piano",
    "letter",
    "between",
    "bright",
    "machine",
    "pocket",
    "silver",
    "behind",
    "often",
    "chair",
    "heavy",
    "mountain",
    "perhaps",
    "sudden",
    "blanket",
    "purple",
    "elephant",
    "carefully",
    "ticket",
    "soon",
    "pencil",
    "yesterday",
    "narrow",
    "bottle",
    "twelve",
)
#: One-word synonyms that keep the meaning in every sentence of the corpus where the word
#: occurs (checked by hand for this corpus, not a general thesaurus).
PARAPHRASES: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "admission": ("entry",),
        "afterwards": ("later",),
        "allowed": ("permitted",),
        "almost": ("nearly",),
        "anyone": ("anybody",),
        "arrived": ("came",),
        "autumn": ("fall",),
        "beach": ("shore",),
        "because": ("since",),
        "best": ("finest",),
        "bicycle": ("bike",),
        "big": ("large",),
        "bigger": ("larger",),
        "biggest": ("largest",),
        "boats": ("vessels",),
        "bottom": ("underside",),
        "boxes": ("cartons",),
        "build": ("construct",),
        "building": ("constructing",),
        "buy": ("purchase",),
        "buying": ("purchasing",),
        "calling": ("phoning",),
        "carry": ("move",),
        "certainly": ("definitely",),
        "cheap": ("inexpensive",),
        "check": ("verify",),
        "child": ("kid",),
        "children": ("kids",),
        "choice": ("option",),
        "clapping": ("applauding",),
        "climbing": ("ascending",),
        "cloth": ("fabric",),
        "cold": ("chilly",),
        "crowded": ("packed",),
        "cycling": ("biking",),
        "damaged": ("harmed",),
        "dangerous": ("unsafe",),
        "delayed": ("held",),
        "discovered": ("found",),
        "dizzy": ("light-headed",),
        "doctor": ("physician",),
        "driving": ("travelling",),
        "entry": ("admission",),
        "every": ("each",),
        "everyone": ("everybody",),
        "exams": ("examinations",),
        "except": ("excluding",),
        "expected": ("anticipated",),
        "facing": ("overlooking",),
        "famous": ("well-known",),
        "faster": ("quicker",),
        "finally": ("eventually",),
        "find": ("locate",),
        "fixed": ("repaired",),
        "food": ("provisions",),
        "forest": ("wood",),
        "gets": ("receives",),
        "give": ("provide",),
        "grandmother": ("grandma",),
        "happened": ("occurred",),
        "happy": ("pleased",),
        "harbour": ("port",),
        "harder": ("tougher",),
        "hardest": ("toughest",),
        "harvest": ("crop",),
        "hitting": ("striking",),
        "house": ("home",),
        "icing": ("frosting",),
        "invited": ("asked",),
        "kind": ("friendly",),
        "large": ("big",),
        "largest": ("biggest",),
        "left": ("placed",),
        "leftover": ("remaining",),
        "looking": ("searching",),
        "loud": ("noisy",),
        "main": ("central",),
        "make": ("create",),
        "many": ("numerous",),
        "measuring": ("checking",),
        "mix": ("combine",),
        "moving": ("relocating",),
        "much": ("far",),
        "musician": ("performer",),
        "near": ("beside",),
        "nearby": ("neighbouring",),
        "newspapers": ("papers",),
        "nobody": ("no-one",),
        "noon": ("midday",),
        "normal": ("fine",),
        "offices": ("workplaces",),
        "often": ("frequently",),
        "party": ("celebration",),
        "passengers": ("travellers",),
        "path": ("trail",),
        "people": ("folk",),
        "photographs": ("photos",),
        "picture": ("photograph",),
        "planning": ("organising",),
        "plants": ("seedlings",),
        "power": ("electricity",),
        "problem": ("difficulty",),
        "puppy": ("pup",),
        "quickly": ("swiftly",),
        "relaxing": ("restful",),
        "renovation": ("refurbishment",),
        "rich": ("fertile",),
        "right": ("correct",),
        "rows": ("lines",),
        "said": ("stated",),
        "seller": ("vendor",),
        "shining": ("gleaming",),
        "showing": ("displaying",),
        "small": ("little",),
        "smallest": ("littlest",),
        "sofa": ("couch",),
        "soil": ("earth",),
        "someone": ("somebody",),
        "son": ("boy",),
        "square": ("plaza",),
        "started": ("began",),
        "starting": ("beginning",),
        "stayed": ("remained",),
        "stories": ("tales",),
        "stove": ("cooker",),
        "street": ("road",),
        "strong": ("powerful",),
        "sure": ("certain",),
        "taste": ("sample",),
        "television": ("TV",),
        "think": ("believe",),
        "thought": ("believed",),
        "tired": ("weary",),
        "trip": ("journey",),
        "trucks": ("lorries",),
        "try": ("attempt",),
        "turned": ("made",),
        "until": ("till",),
        "usually": (
            "normally",
            "generally",
        ),
        "very": ("really",),
        "visitors": ("guests",),
        "while": ("whilst",),
        "whole": ("entire",),
        "wide": ("broad",),
        "woman": ("lady",),
    }
)
#: Sentence-final punctuation set aside before the edits.
_FINAL = ".!?"
#: Punctuation that stays attached to the end of a word.
_ATTACHED = ",;:"


@dataclass(frozen=True)
class Corruption:
    """One designed system: its kind of corruption and its rate.

    Attributes
    ----------
    name
        The system's name, ``<kind>_<rate in %>`` (``base`` for the clean one).
    kind
        ``"base"`` or one of :data:`KINDS`.
    rate
        Operations per base word (per segment for ``negation``), in ``[0, 1]``.
    """

    name: str
    kind: str
    rate: float = 0.0

    @property
    def weight(self) -> float:
        """The severity of one operation (:data:`WEIGHTS`)."""
        return WEIGHTS[self.kind]


def _systems() -> tuple[Corruption, ...]:
    rates = {kind: (0.05, 0.15, 0.30) for kind in KINDS}
    rates["negation"] = (0.10, 0.30, 0.50)
    out = [Corruption("base", "base")]
    for kind in KINDS:
        out += [Corruption(f"{kind}_{round(100 * r)}", kind, r) for r in rates[kind]]
    return tuple(out)


#: The designed systems, in the collection's order: ``base``, then each kind at three rates.
SYSTEMS: tuple[Corruption, ...] = _systems()


@dataclass(frozen=True)
class SyntheticCorpus:
    """The corpus the systems corrupt.

    Attributes
    ----------
    documents
        Document names, ``T`` of them (the topics).
    bases
        Object array ``(T, m)`` of ``str``: each segment's held-out source.
    references
        Object array ``(T, m)`` of tuples of ``str``: each segment's references.
    """

    documents: tuple[str, ...]
    bases: np.ndarray
    references: np.ndarray


def _round_half_up(x: float) -> int:
    return int(np.floor(x + 0.5))


def _read_text(path: str | Path | None) -> tuple[str, str]:
    if path is None:
        resource = resources.files(__package__ or __name__).joinpath(CORPUS_RESOURCE)
        return resource.read_text(encoding="utf-8"), CORPUS_RESOURCE
    try:
        return Path(path).read_text(encoding="utf-8"), str(path)
    except (OSError, UnicodeDecodeError) as exc:
        raise DataFileError(f"path={str(path)!r}: expected a readable UTF-8 file ({exc})") from None


def _check_row(where: str, cells: list[str]) -> tuple[str, int, str, tuple[str, ...]]:
    if len(cells) != len(COLUMNS):
        raise DataFileError(
            f"{where}: expected {len(COLUMNS)} tab-separated fields ({', '.join(COLUMNS)}) "
            f"(got {len(cells)})"
        )
    for column, cell in zip(COLUMNS, cells, strict=True):
        if not cell.strip() or cell != cell.strip():
            raise DataFileError(
                f"{where}: {column}={cell!r}: expected text without leading or trailing spaces"
            )
    document, segment, base, *refs = cells
    if not segment.isdigit() or int(segment) < 1:
        raise DataFileError(f"{where}: segment={segment!r}: expected a positive integer")
    words = base.split()
    if len(words) < MIN_WORDS:
        raise DataFileError(
            f"{where}: base={base!r}: expected at least {MIN_WORDS} words (got {len(words)})"
        )
    cores = {_core(w)[0].lower() for w in _split(base)[0]}
    if not cores & (NEGATION_ANCHORS | {NEGATION}):
        raise DataFileError(
            f"{where}: base={base!r}: expected {NEGATION!r} or one of the negation anchors "
            f"{sorted(NEGATION_ANCHORS)!r} (a negation flip needs one)"
        )
    for j, ref in enumerate(refs, 1):
        if ref == base:
            raise DataFileError(
                f"{where}: reference_{j}={ref!r}: expected a rewrite of the base, not the base"
            )
    if len(set(refs)) != len(refs):
        raise DataFileError(f"{where}: references={refs!r}: expected different references")
    return document, int(segment), base, tuple(refs)


def read_corpus(path: str | Path | None = None) -> SyntheticCorpus:
    """Read and validate the synthetic corpus (by default the package's own).

    The file is UTF-8 text: lines beginning with ``#`` are comments, then a
    header row naming :data:`COLUMNS` and one tab-separated row per
    segment, each document's segments numbered ``1 .. m`` in order on
    consecutive rows, every document with the same ``m``.

    Parameters
    ----------
    path
        A corpus file; ``None`` (default): ``data/synthetic_corpus.tsv`` of this package.

    Returns
    -------
    SyntheticCorpus
        The documents in file order, bases and references ``(T, m)``.

    Raises
    ------
    DataFileError
        For an unreadable file, a missing or different header, a row with
        the wrong number of fields or an empty field, a segment number out
        of order, a document split over several runs of rows or with another
        number of segments than the first, a base of fewer than
        :data:`MIN_WORDS` words or with neither ``not`` nor a negation
        anchor, a reference equal to the base, or repeated references.
    """
    text, name = _read_text(path)
    lines = [(i, line) for i, line in enumerate(text.splitlines(), 1) if not line.startswith("#")]
    lines = [(i, line) for i, line in lines if line.strip()]
    if not lines or tuple(lines[0][1].split("\t")) != COLUMNS:
        got = lines[0][1] if lines else "no header"
        raise DataFileError(
            f"{name}: expected the header row {'<TAB>'.join(COLUMNS)!r} (got {got!r})"
        )
    documents: list[str] = []
    bases: list[list[str]] = []
    refs: list[list[tuple[str, ...]]] = []
    for i, line in lines[1:]:
        where = f"{name} line {i}"
        document, segment, base, references = _check_row(where, line.split("\t"))
        if not documents or document != documents[-1]:
            if document in documents:
                raise DataFileError(
                    f"{where}: document={document!r}: expected each document's rows together"
                )
            documents.append(document)
            bases.append([])
            refs.append([])
        if segment != len(bases[-1]) + 1:
            raise DataFileError(
                f"{where}: segment={segment}: expected segment {len(bases[-1]) + 1} of document "
                f"{document!r}"
            )
        bases[-1].append(base)
        refs[-1].append(references)
    if not documents:
        raise DataFileError(f"{name}: expected at least one segment (got a header row only)")
    m = len(bases[0])
    for document, rows in zip(documents, bases, strict=True):
        if len(rows) != m:
            raise DataFileError(
                f"{name}: document={document!r}: expected {m} segments, as the first document "
                f"(got {len(rows)})"
            )
    base_grid = np.empty((len(documents), m), dtype=object)
    ref_grid = np.empty((len(documents), m), dtype=object)
    for t in range(len(documents)):
        for j in range(m):
            base_grid[t, j] = bases[t][j]
            ref_grid[t, j] = refs[t][j]
    return SyntheticCorpus(tuple(documents), _frozen(base_grid), _frozen(ref_grid))


def _frozen(array: np.ndarray) -> np.ndarray:
    array.setflags(write=False)
    return array


def _split(text: str) -> tuple[list[str], str]:
    """The words of a base (first letter lower-cased unless ``I``) and its final mark."""
    end = text[-1] if text and text[-1] in _FINAL else ""
    words = (text[: -len(end)] if end else text).split()
    if words and words[0] != "I" and not words[0].startswith("I'"):
        words[0] = words[0][:1].lower() + words[0][1:]
    return words, end


def _join(words: list[str], end: str) -> str:
    text = " ".join(words)
    return text[:1].upper() + text[1:] + end


def _core(word: str) -> tuple[str, str]:
    """A word without its attached punctuation, and that punctuation."""
    core = word.rstrip(_ATTACHED)
    return core, word[len(core) :]


def _paraphrasable(words: Sequence[str]) -> list[int]:
    return [i for i, w in enumerate(words) if _core(w)[0].lower() in PARAPHRASES]


def operations(system: Corruption, n_words: int, n_paraphrasable: int = 0) -> int:
    """How many operations a token-level corruption makes on a segment of ``n_words`` words.

    ``max(1, round(rate * n_words))`` (halves rounded up); for ``paraphrase``
    at most ``n_paraphrasable``; 0 for ``base`` and ``negation`` (whose
    flips are per segment).
    """
    if system.kind in ("base", "negation"):
        return 0
    k = max(1, _round_half_up(system.rate * n_words))
    if system.kind == "paraphrase":
        k = min(k, n_paraphrasable)
    return k


def segment_severity(system: Corruption, base: str, *, flipped: bool = False) -> float:
    """The true severity of ``system`` on one segment (see the module docstring).

    Parameters
    ----------
    system
        One of :data:`SYSTEMS` (or any :class:`Corruption`).
    base
        The segment's base text.
    flipped
        For ``negation``: whether this segment is flipped.
    """
    if system.kind == "negation":
        return system.weight if flipped else 0.0
    words, _ = _split(base)
    k = operations(system, len(words), len(_paraphrasable(words)))
    return system.weight * k / len(words)


def _negate(words: list[str]) -> list[str]:
    cores = [_core(w)[0].lower() for w in words]
    if NEGATION in cores:
        i = cores.index(NEGATION)
        return words[:i] + words[i + 1 :]
    anchor = next(i for i, c in enumerate(cores) if c in NEGATION_ANCHORS)
    core, mark = _core(words[anchor])
    return [*words[:anchor], core, NEGATION + mark, *words[anchor + 1 :]]


def _first(keys: np.ndarray, k: int) -> list[int]:
    """Positions of the ``k`` smallest keys (a uniform draw without replacement)."""
    return [int(i) for i in np.argsort(keys, kind="stable")[:k]]


def _replace_core(word: str, new: str) -> str:
    return new + _core(word)[1]


def _apply(system: Corruption, words: list[str], keys: np.ndarray, picks: np.ndarray) -> list[str]:
    """One segment's corruption from its random keys ``(3, L)`` and picks ``(L,)``."""
    n = len(words)
    kind = system.kind
    vocab = INSERTION_VOCABULARY
    if kind == "paraphrase":
        where = _paraphrasable(words)
        k = operations(system, n, len(where))
        chosen = [where[i] for i in _first(keys[0, : len(where)], k)]
        out = list(words)
        for slot, i in enumerate(chosen):
            options = PARAPHRASES[_core(words[i])[0].lower()]
            out[i] = _replace_core(words[i], options[int(picks[slot]) % len(options)])
        return out
    k = operations(system, n)
    if kind == "deletion":
        gone = set(_first(keys[0, :n], k))
        return [w for i, w in enumerate(words) if i not in gone]
    if kind == "insertion":
        slots = sorted(_first(keys[0, : n + 1], k), reverse=True)
        out = list(words)
        for slot, at in enumerate(slots):
            out.insert(at, vocab[int(picks[slot]) % len(vocab)])
        return out
    if kind == "substitution":
        out = list(words)
        for slot, i in enumerate(_first(keys[0, :n], k)):
            pick = int(picks[slot]) % len(vocab)
            if vocab[pick] == _core(words[i])[0].lower():
                pick = (pick + 1) % len(vocab)
            out[i] = _replace_core(words[i], vocab[pick])
        return out
    if kind == "swap":
        # k disjoint pairs: k sorted draws c_j from n - k slots, pair starts c_j + j.
        starts = [c + j for j, c in enumerate(sorted(_first(keys[0, : n - k], k)))]
        out = list(words)
        for s in starts:
            out[s], out[s + 1] = out[s + 1], out[s]
        return out
    if kind == "move":
        start = _first(keys[0, : n - k + 1], 1)[0]
        block, rest = words[start : start + k], words[:start] + words[start + k :]
        reach = max(3, n // 3)
        far = [d for d in range(len(rest) + 1) if abs(d - start) >= reach]
        if far:
            dest = far[_first(keys[1, : len(far)], 1)[0]]
        else:
            dest = max(range(len(rest) + 1), key=lambda d: abs(d - start))
        return rest[:dest] + block + rest[dest:]
    raise InvalidParameterError(f"system.kind={kind!r}: expected 'base' or one of {list(KINDS)!r}")


def corrupt(text: str, system: Corruption, rng: np.random.Generator) -> str:
    """Corrupt one segment as ``system`` does (a negation flip always flips).

    Parameters
    ----------
    text
        A base segment (at least :data:`MIN_WORDS` words; for ``negation``
        with ``not`` or a word of :data:`NEGATION_ANCHORS`).
    system
        One of :data:`SYSTEMS` (or any :class:`Corruption`).
    rng
        The source of the random choices.

    Returns
    -------
    str
        The corrupted segment (``text`` itself for ``base``).

    Raises
    ------
    InvalidParameterError
        For an unknown kind, a rate outside ``[0, 1]``, or a text that the
        corruption cannot apply to.
    """
    _check_system(system)
    if system.kind == "base":
        return text
    words, end = _split(text)
    if len(words) < MIN_WORDS:
        raise InvalidParameterError(
            f"text={text!r}: expected at least {MIN_WORDS} words (got {len(words)})"
        )
    if system.kind == "negation":
        cores = {_core(w)[0].lower() for w in words}
        if not cores & (NEGATION_ANCHORS | {NEGATION}):
            raise InvalidParameterError(
                f"text={text!r}: expected {NEGATION!r} or a negation anchor for a negation flip"
            )
        return _join(_negate(words), end)
    width = len(words) + 1
    keys = rng.random((2, width))
    picks = rng.integers(0, 1 << 30, size=width)
    return _join(_apply(system, words, keys, picks), end)


def _check_system(system: Corruption) -> None:
    if not isinstance(system, Corruption):
        raise InvalidParameterError(f"system={system!r}: expected a Corruption")
    if system.kind not in WEIGHTS:
        raise InvalidParameterError(
            f"system.kind={system.kind!r}: expected 'base' or one of {list(KINDS)!r}"
        )
    if not 0.0 <= system.rate <= 1.0:
        raise InvalidParameterError(f"system.rate={system.rate!r}: expected a rate in [0, 1]")


@dataclass(frozen=True, eq=False)
class SyntheticGeneration:
    """The synthetic generation collection: corrupted hypotheses and their true severity.

    Attributes
    ----------
    topics
        Document names, ``T`` of them.
    systems
        System names, ``S`` of them.
    hypotheses
        Read-only object array ``(T, S, m)`` of ``str``.
    references
        Read-only object array ``(T, m)`` of tuples of ``str``.
    severity
        ``{system: true severity}``, lower is better (read-only).
    flipped
        Read-only boolean array ``(T, S, m)``: the segments a negation system flipped.
    """

    topics: tuple[str, ...]
    systems: tuple[str, ...]
    hypotheses: np.ndarray
    references: np.ndarray
    severity: Mapping[str, float]
    flipped: np.ndarray

    def runs(self) -> GenerationRuns:
        """The collection as :class:`~axiometrics.measures.generation.runs.GenerationRuns`."""
        from .runs import GenerationRuns

        return GenerationRuns(self.topics, self.systems, self.hypotheses, self.references)


def _system_rng(seed: int, name: str) -> np.random.Generator:
    return np.random.default_rng([seed, zlib.crc32(name.encode("utf-8"))])


def _check_count(value: int | None, name: str, maximum: int) -> int:
    if value is None:
        return maximum
    if isinstance(value, bool) or not isinstance(value, int | np.integer):
        raise InvalidParameterError(f"{name}={value!r}: expected an integer or None")
    if not 1 <= value <= maximum:
        raise InvalidParameterError(f"{name}={value!r}: expected an integer in [1, {maximum}]")
    return int(value)


def generation_synthetic(
    *,
    seed: int = DEFAULT_GENERATION_SEED,
    n_documents: int | None = None,
    n_segments: int | None = None,
    systems: Sequence[Corruption] = SYSTEMS,
    corpus: SyntheticCorpus | None = None,
) -> SyntheticGeneration:
    """Generate the synthetic generation collection (see the module docstring).

    Parameters
    ----------
    seed
        Seed of every random draw (a non-negative integer).
    n_documents
        Use the first ``n_documents`` documents (default: all 12).
    n_segments
        Use the first ``n_segments`` segments of each (default: all 10).
    systems
        The systems, in order (default :data:`SYSTEMS`); names must differ.
    corpus
        The corpus (default: :func:`read_corpus`).

    Returns
    -------
    SyntheticGeneration
        Hypotheses ``(T, S, m)``, references ``(T, m)`` and the severities.

    Raises
    ------
    InvalidParameterError
        For a negative or non-integer seed, counts out of range, no system,
        repeated names or a system that is not a :class:`Corruption`.
    """
    if isinstance(seed, bool) or not isinstance(seed, int | np.integer) or seed < 0:
        raise InvalidParameterError(f"seed={seed!r}: expected a non-negative integer")
    source = read_corpus() if corpus is None else corpus
    t = _check_count(n_documents, "n_documents", len(source.documents))
    m = _check_count(n_segments, "n_segments", source.bases.shape[1])
    chosen = tuple(systems)
    if not chosen:
        raise InvalidParameterError("systems=(): expected at least one system")
    for system in chosen:
        _check_system(system)
    names = [s.name for s in chosen]
    if len(set(names)) != len(names):
        raise InvalidParameterError(f"systems: expected different names (got {names!r})")
    bases = source.bases[:t, :m]
    split = [[_split(str(b)) for b in row] for row in bases]
    width = max(len(words) for row in split for words, _ in row) + 1
    hyps = np.empty((t, len(chosen), m), dtype=object)
    flipped = np.zeros((t, len(chosen), m), dtype=bool)
    severity: dict[str, float] = {}
    for s, system in enumerate(chosen):
        rng = _system_rng(int(seed), system.name)
        if system.kind == "negation":
            # round(r m) flips per document, drawn for all documents at once.
            k = _round_half_up(system.rate * m)
            order = np.argsort(rng.random((t, m)), axis=1, kind="stable")
            np.put_along_axis(flipped[:, s, :], order[:, :k], True, axis=1)
        keys = rng.random((t, m, 2, width))
        picks = rng.integers(0, 1 << 30, size=(t, m, width))
        total = 0.0
        for ti in range(t):
            for j in range(m):
                words, end = split[ti][j]
                if system.kind == "base" or (system.kind == "negation" and not flipped[ti, s, j]):
                    hyps[ti, s, j] = str(bases[ti, j])
                elif system.kind == "negation":
                    hyps[ti, s, j] = _join(_negate(words), end)
                else:
                    hyps[ti, s, j] = _join(_apply(system, words, keys[ti, j], picks[ti, j]), end)
                total += segment_severity(
                    system, str(bases[ti, j]), flipped=bool(flipped[ti, s, j])
                )
        severity[system.name] = total / (t * m)
    refs = np.empty((t, m), dtype=object)
    for ti in range(t):
        for j in range(m):
            refs[ti, j] = source.references[ti, j]
    return SyntheticGeneration(
        topics=source.documents[:t],
        systems=tuple(names),
        hypotheses=_frozen(hyps),
        references=_frozen(refs),
        severity=MappingProxyType(severity),
        flipped=_frozen(flipped),
    )


@cache
def default_generation() -> SyntheticGeneration:
    """The default collection: 12 documents x 10 segments, the 22 :data:`SYSTEMS`, seed 2025."""
    return generation_synthetic()


def default_generation_runs() -> GenerationRuns:
    """The default collection as the runs :func:`axiometrics.meta.run` takes."""
    return default_generation().runs()


def true_severity() -> dict[str, float]:
    """Every system's true severity on the default collection, lower is better."""
    return dict(default_generation().severity)


def system_metadata() -> list[dict[str, Any]]:
    """Each system's kind, rate, weight, severity and true rank (1: least severe), in order."""
    severity = default_generation().severity
    order = sorted(severity, key=lambda name: (severity[name], name))
    return [
        {
            "name": s.name,
            "kind": s.kind,
            "probabilities": False,
            "rate": s.rate,
            "weight": s.weight,
            "severity": severity[s.name],
            "true_rank": order.index(s.name) + 1,
        }
        for s in SYSTEMS
    ]
