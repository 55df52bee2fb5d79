"""Hypothesis strategies for the ``generation`` family: corpora of hypotheses and references.

Public, for plugin authors' own tests as well as the checker's procedures
(:mod:`axiometrics.measures.generation.procedures`).  They follow
Hypothesis' conventions: plural nouns, keyword-only options, and options
that cannot be satisfied raise
:class:`~axiometrics.strategy_options.StrategyArgumentError` (an
:class:`~axiometrics.errors.InvalidParameterError`) when the strategy is
built.

Text is drawn as tokens from a small vocabulary, so that n-grams match
often, joined by separators:

* ``text="plain"``: the words of :data:`VOCABULARY` (lower-case ASCII:
  ``a``, ``b``, ``c``, ``ab``, ``ba``, ``abc``) joined by single spaces;
  every tokeniser of the family reads the same words there;
* ``text="any"``: also :data:`UNICODE_TOKENS` (upper case, accented letters
  precomposed and with a combining mark, CJK, emoji, a letter whose lower
  case is longer, punctuation, numbers with a decimal point or a thousands
  comma, an HTML entity) joined by any of :data:`SEPARATORS` (one or two
  spaces, tab, newline, no-break space, ideographic space), with leading or
  trailing whitespace now and then.

Each segment has 1 to ``max_references`` references, of independent
lengths from 0 tokens up, and a hypothesis drawn in one of
:data:`HYPOTHESIS_REGIMES`: ``edited`` (a reference with up to three token
edits, none included: equal to a reference), ``independent`` (drawn from
the vocabulary), ``longer`` (every reference concatenated and more: much
longer than every reference), ``shorter`` (at most one token of a
reference) and ``empty``.  Repeated tokens (n-gram clipping) come from the
small vocabulary and from ``longer``.
"""

from __future__ import annotations

from typing import NamedTuple

from hypothesis import strategies as st

from axiometrics.strategies import bounded_integers, sampled_options
from axiometrics.strategy_options import StrategyArgumentError, choice_option, int_option

__all__ = [
    "HYPOTHESIS_REGIMES",
    "MAX_REFERENCES",
    "MAX_SEGMENTS",
    "MAX_TOKENS",
    "SEPARATORS",
    "TEXTS",
    "UNICODE_TOKENS",
    "VOCABULARY",
    "TextCorpus",
    "corpora",
    "render",
    "segments",
]

#: The plain vocabulary: lower-case ASCII words, some sharing characters ("ab c" / "a bc").
VOCABULARY = ("a", "b", "c", "ab", "ba", "abc")
#: Further tokens of ``text="any"``.
UNICODE_TOKENS = (
    "A",
    "Ab",
    "é",
    "e\u0301",
    "日本",
    "語",
    "👍",
    "👩‍👩‍👧",
    "İ",
    "ß",
    ",",
    ".",
    "-",
    "'",
    "?!",
    "(a)",
    "don't",
    "3.14",
    "1,000",
    "&amp;",
)
#: Separators between tokens of ``text="any"`` (a single space most often).
SEPARATORS = (" ", " ", " ", "  ", "\t", "\n", "\u00a0", "\u3000")
#: The kinds of text.
TEXTS = ("plain", "any")
#: How a hypothesis relates to its references (see the module docstring).
HYPOTHESIS_REGIMES = ("edited", "independent", "longer", "shorter", "empty")
#: Defaults: segments per corpus, references per segment, tokens per drawn text.
MAX_SEGMENTS = 5
MAX_REFERENCES = 3
MAX_TOKENS = 8
_ENDS = ("", "", "", " ", "\n", "  ")


class TextCorpus(NamedTuple):
    """A corpus: one hypothesis per segment and each segment's references (tokens kept too)."""

    hypotheses: tuple[str, ...]
    references: tuple[tuple[str, ...], ...]


def _pool(text: str) -> tuple[str, ...]:
    return VOCABULARY if text == "plain" else VOCABULARY + UNICODE_TOKENS


def render(draw: st.DrawFn, tokens: list[str], text: str) -> str:
    """``tokens`` as one string: single spaces (plain), or drawn separators and ends (any)."""
    if text == "plain":
        return " ".join(tokens)
    if not tokens:
        return str(draw(sampled_options(("", "", " ", "\n \t"))))
    seps = [str(draw(sampled_options(SEPARATORS))) for _ in tokens[1:]]
    lead, tail = str(draw(sampled_options(_ENDS))), str(draw(sampled_options(_ENDS)))
    body = tokens[0] + "".join(s + t for s, t in zip(seps, tokens[1:], strict=True))
    return lead + body + tail


def _token_lists(pool: tuple[str, ...], lo: int, hi: int) -> st.SearchStrategy[list[str]]:
    return st.lists(sampled_options(pool), min_size=lo, max_size=hi)


def _check(text: str, max_tokens: int) -> tuple[str, int]:
    choice_option("text", text, TEXTS)
    return text, int_option("max_tokens", max_tokens, minimum=0)


def segments(
    *, min_tokens: int = 0, max_tokens: int = MAX_TOKENS, text: str = "any"
) -> st.SearchStrategy[str]:
    """Strings of ``min_tokens`` to ``max_tokens`` tokens of the vocabulary (see the module).

    Raises
    ------
    StrategyArgumentError
        A bound is not a non-negative integer, ``min_tokens > max_tokens``,
        or ``text`` is not one of :data:`TEXTS`.
    """
    text, hi = _check(text, max_tokens)
    lo = int_option("min_tokens", min_tokens, minimum=0)
    if lo > hi:
        raise StrategyArgumentError(
            f"min_tokens={min_tokens!r} must not exceed max_tokens={max_tokens!r}"
        )
    pool = _pool(text)

    @st.composite
    def build(draw: st.DrawFn) -> str:
        return render(draw, draw(_token_lists(pool, lo, hi)), text)

    return build()


def _edited(draw: st.DrawFn, tokens: list[str], pool: tuple[str, ...]) -> list[str]:
    out = list(tokens)
    for _ in range(int(draw(bounded_integers(0, 3)))):
        kind = draw(sampled_options(("substitute", "delete", "insert")))
        if kind != "insert" and not out:
            kind = "insert"
        if kind == "insert":
            out.insert(int(draw(bounded_integers(0, len(out)))), str(draw(sampled_options(pool))))
        else:
            at = int(draw(bounded_integers(0, len(out) - 1)))
            if kind == "delete":
                del out[at]
            else:
                out[at] = str(draw(sampled_options(pool)))
    return out


def corpora(
    *,
    min_segments: int = 1,
    max_segments: int = MAX_SEGMENTS,
    min_references: int = 1,
    max_references: int = MAX_REFERENCES,
    max_tokens: int = MAX_TOKENS,
    text: str = "any",
    regimes: tuple[str, ...] = HYPOTHESIS_REGIMES,
) -> st.SearchStrategy[TextCorpus]:
    """Corpora of hypotheses and their references (see the module docstring).

    Parameters
    ----------
    min_segments, max_segments
        Bounds on the number of segments (at least 1).
    min_references, max_references
        Bounds on each segment's number of references (at least 1).
    max_tokens
        Most tokens of a drawn reference (a ``longer`` hypothesis has more).
    text
        ``"any"`` or ``"plain"`` (:data:`TEXTS`).
    regimes
        The hypothesis regimes drawn, a non-empty subset of :data:`HYPOTHESIS_REGIMES`.

    Raises
    ------
    StrategyArgumentError
        An impossible bound (below 1, a minimum above its maximum), an
        unknown ``text`` or regime.
    """
    text, hi_tokens = _check(text, max_tokens)
    lo_seg = int_option("min_segments", min_segments, minimum=1)
    hi_seg = int_option("max_segments", max_segments, minimum=1)
    lo_ref = int_option("min_references", min_references, minimum=1)
    hi_ref = int_option("max_references", max_references, minimum=1)
    if lo_seg > hi_seg:
        raise StrategyArgumentError(
            f"min_segments={min_segments!r} must not exceed max_segments={max_segments!r}"
        )
    if lo_ref > hi_ref:
        raise StrategyArgumentError(
            f"min_references={min_references!r} must not exceed max_references={max_references!r}"
        )
    if not isinstance(regimes, tuple) or not regimes:
        raise StrategyArgumentError(
            f"regimes={regimes!r}: expected a non-empty tuple of {list(HYPOTHESIS_REGIMES)!r}"
        )
    for regime in regimes:
        choice_option("regimes item", regime, HYPOTHESIS_REGIMES)
    pool = _pool(text)

    @st.composite
    def build(draw: st.DrawFn) -> TextCorpus:
        n = int(draw(bounded_integers(lo_seg, hi_seg)))
        hyps: list[str] = []
        refs: list[tuple[str, ...]] = []
        for _ in range(n):
            r = int(draw(bounded_integers(lo_ref, hi_ref)))
            ref_tokens = [draw(_token_lists(pool, 0, hi_tokens)) for _ in range(r)]
            regime = draw(sampled_options(regimes))
            base = ref_tokens[int(draw(bounded_integers(0, r - 1)))]
            if regime == "edited":
                hyp = _edited(draw, base, pool)
            elif regime == "independent":
                hyp = draw(_token_lists(pool, 0, hi_tokens))
            elif regime == "longer":
                extra = draw(_token_lists(pool, 1, max(hi_tokens, 1)))
                hyp = [t for tokens in ref_tokens for t in tokens] + base + extra
            elif regime == "shorter":
                hyp = base[:1] if draw(st.booleans()) else []
            else:
                hyp = []
            hyps.append(render(draw, hyp, text))
            refs.append(tuple(render(draw, tokens, text) for tokens in ref_tokens))
        return TextCorpus(tuple(hyps), tuple(refs))

    return build()
