"""Nearest-name suggestions for "did you mean ...?" messages."""

from __future__ import annotations

import difflib
from collections.abc import Iterable

__all__ = ["closest"]


def closest(name: str, options: Iterable[str], *, limit: int = 3) -> list[str]:
    """Return up to ``limit`` options closest to ``name`` (case-insensitive), best first."""
    opts = list(options)
    lowered = {o.lower(): o for o in opts}
    key = name.lower()
    hits = difflib.get_close_matches(key, list(lowered), n=limit, cutoff=0.6)
    # A name that is a prefix or contained in an option is a strong hint too.
    extra = [o for low, o in lowered.items() if key and (low.startswith(key) or key in low)]
    out: list[str] = []
    for cand in [lowered[h] for h in hits] + extra:
        if cand not in out:
            out.append(cand)
    return out[:limit]
