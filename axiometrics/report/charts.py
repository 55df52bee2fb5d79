"""Charts of the report: matplotlib figures rendered to inline SVG, deterministically.

Every chart is drawn from the report model (never from live objects), on a
:class:`matplotlib.figure.Figure` without pyplot (no global state, no GUI
backend), and saved as SVG with text kept as text (``svg.fonttype: none``),
a fixed ``svg.hashsalt`` per chart (stable element ids that differ between
charts on one page) and no date metadata.  The same model gives the same
bytes.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from axiometrics.parallel import LOCAL, Tasks

__all__ = [
    "ChartTask",
    "counterexample_bars",
    "draw_all",
    "pvalue_curves",
    "significance_matrices",
    "similarity_heatmap",
    "svg",
    "table3_scatter",
]

_HIGHLIGHT = "#c2185b"
_BASE_RC: dict[str, Any] = {
    "svg.fonttype": "none",
    "font.family": "DejaVu Sans",
    "font.size": 7,
    "axes.titlesize": 8,
    "axes.labelsize": 7,
    "xtick.labelsize": 6,
    "ytick.labelsize": 6,
    "legend.fontsize": 6,
    "figure.dpi": 72,
}


_RC: Any = _BASE_RC


def svg(fig: Any, salt: str) -> str:
    """The figure as an ``<svg>`` element (no XML prolog, no date), ids salted by ``salt``."""
    import matplotlib

    buffer = io.StringIO()
    rc: Any = {**_BASE_RC, "svg.hashsalt": f"axiometrics-{salt}"}
    with matplotlib.rc_context(rc):
        fig.savefig(
            buffer, format="svg", metadata={"Date": None, "Creator": None}, bbox_inches="tight"
        )
    text = buffer.getvalue()
    text = re.sub(r"\s*<metadata>.*?</metadata>", "", text[text.index("<svg") :], flags=re.DOTALL)
    return text.replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1)


def _figure(width: float, height: float) -> Any:
    import matplotlib
    from matplotlib.figure import Figure

    with matplotlib.rc_context(_RC):
        return Figure(figsize=(width, height), layout="constrained")


def _label(name: str, user: set[str]) -> str:
    return f"★ {name}" if name in user else name


def _family_blocks(families: Sequence[str]) -> list[tuple[str, int, int]]:
    """``(family, first, last)`` index ranges of consecutive measures of one family."""
    blocks: list[tuple[str, int, int]] = []
    for i, fam in enumerate(families):
        if blocks and blocks[-1][0] == fam:
            blocks[-1] = (fam, blocks[-1][1], i)
        else:
            blocks.append((fam, i, i))
    return blocks


def similarity_heatmap(similarity: dict[str, Any], user: set[str], salt: str) -> str:
    """Kendall's tau between every pair of measures' system rankings, as a heatmap.

    When the measures come from several families (``similarity["families"]``),
    white lines separate the family blocks and each block is labelled above
    the matrix.
    """
    import matplotlib
    import numpy as np

    names = similarity["measures"]
    tau = np.array(
        [[np.nan if x is None else x for x in row] for row in similarity["tau"]], dtype=float
    )
    m = len(names)
    blocks = _family_blocks(similarity.get("families") or [""] * m)
    size = max(3.2, 0.24 * m + 1.6)
    with matplotlib.rc_context(_RC):
        fig = _figure(size + 0.8, size + (0.3 if len(blocks) > 1 else 0.0))
        ax = fig.add_subplot()
        image = ax.imshow(tau, cmap="viridis", vmin=min(0.0, float(np.nanmin(tau))), vmax=1.0)
        labels = [_label(n, user) for n in names]
        ax.set_xticks(range(m), labels, rotation=90)
        ax.set_yticks(range(m), labels)
        for tick in [*ax.get_xticklabels(), *ax.get_yticklabels()]:
            if tick.get_text().startswith("★"):
                tick.set_color(_HIGHLIGHT)
                tick.set_fontweight("bold")
        if m <= 14:
            for i in range(m):
                for j in range(m):
                    if not np.isnan(tau[i, j]):
                        ax.text(
                            j,
                            i,
                            f"{tau[i, j]:.2f}",
                            ha="center",
                            va="center",
                            fontsize=5,
                            color="white" if tau[i, j] < 0.7 else "black",
                        )
        if len(blocks) > 1:
            for _, first, _last in blocks[1:]:
                ax.axhline(first - 0.5, color="white", linewidth=1.6)
                ax.axvline(first - 0.5, color="white", linewidth=1.6)
            top = ax.secondary_xaxis("top")
            top.set_xticks(
                [(first + last) / 2 for _, first, last in blocks],
                [f"{fam} ({last - first + 1})" for fam, first, last in blocks],
            )
            top.tick_params(length=0, labelsize=7)
        fig.colorbar(image, ax=ax, shrink=0.7, label=f"Kendall tau-{similarity['variant']}")
        return svg(fig, salt)


#: Line styles cycled after the ten colours, so up to 40 curves stay distinguishable.
_STYLES = ("-", "--", ":", "-.")


def pvalue_curves(
    curves: dict[str, Sequence[float | None]],
    alpha: float,
    user: set[str],
    salt: str,
    families: dict[str, str] | None = None,
) -> str:
    """Discriminative power: each measure's sorted pairwise p-values.

    With measures of several families (``families``: measure -> family
    title), one panel per family, sharing the axes; in a panel, curves take ten
    colours, then the next line style, so every curve of ~40 stays distinct.
    """
    import matplotlib
    import numpy as np

    fam = families or {}
    order = list(dict.fromkeys(fam.get(name, "") for name in curves))
    panels = [[n for n in curves if fam.get(n, "") == f] for f in order]
    with matplotlib.rc_context(_RC):
        legend_columns = 1 + max(len(names) for names in panels) // 18
        fig = _figure(6.4 + 1.4 * (legend_columns - 1), 3.4 * len(panels))
        axes = fig.subplots(len(panels), 1, squeeze=False, sharex=True, sharey=True)[:, 0]
        cmap = matplotlib.colormaps["tab10"]
        for ax, title, names in zip(axes, order, panels, strict=True):
            for k, name in enumerate(names):
                values = curves[name]
                full = np.array([np.nan if v is None else v for v in values], dtype=float)
                keep = _breakpoints(full)
                x, y = keep + 1, full[keep]
                if name in user:
                    ax.plot(
                        x, y, color=_HIGHLIGHT, linewidth=2.2, label=_label(name, user), zorder=3
                    )
                else:
                    style = _STYLES[(k // 10) % len(_STYLES)]
                    ax.plot(x, y, color=cmap(k % 10), linestyle=style, linewidth=1.0, label=name)
            ax.axhline(alpha, color="0.3", linestyle="--", linewidth=0.8)
            ax.text(1, alpha, f" α = {alpha:g}", va="bottom", fontsize=6, color="0.3")
            ax.set_ylabel("p-value (randomised Tukey HSD)")
            ax.set_ylim(0, 1)
            ax.grid(alpha=0.3, linewidth=0.5)
            if len(panels) > 1:
                ax.set_title(f"{title} measures ({len(names)})", loc="left")
            ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), ncols=1 + len(names) // 18)
        axes[-1].set_xlabel("system pairs, sorted by p-value")
        return svg(fig, salt)


#: Colours of the significance matrices: row better, not significant, row worse, diagonal.
_SIGNIFICANCE_COLOURS = ("#1a9850", "#e8e8e8", "#d73027", "#ffffff")
_SIGNIFICANCE_CODES = {"+": 0, ".": 1, "-": 2, "=": 3}


def significance_matrices(significance: dict[str, Any], user: set[str], salt: str) -> str:
    """One small pairwise significance matrix per measure (rows against columns)."""
    import matplotlib
    import numpy as np
    from matplotlib.colors import ListedColormap
    from matplotlib.patches import Patch

    matrices = significance["matrices"]
    names = list(matrices)
    counts = {r["measure"]: r["significant_pairs"] for r in significance["rows"]}
    columns = min(5, max(1, len(names)))
    rows = -(-len(names) // columns)
    cmap = ListedColormap(list(_SIGNIFICANCE_COLOURS))
    with matplotlib.rc_context(_RC):
        fig = _figure(1.45 * columns, 1.55 * rows + 0.35)
        axes = fig.subplots(rows, columns, squeeze=False)
        for ax in axes.ravel():
            ax.set_axis_off()
        for ax, name in zip(axes.ravel(), names, strict=False):
            codes = np.array(
                [[_SIGNIFICANCE_CODES[c] for c in row] for row in matrices[name]], dtype=float
            )
            ax.set_axis_on()
            ax.imshow(codes, cmap=cmap, vmin=-0.5, vmax=3.5, interpolation="nearest")
            ax.set_xticks([])
            ax.set_yticks([])
            title = ax.set_title(f"{_label(name, user)} ({counts[name]})", fontsize=6)
            if name in user:
                title.set_color(_HIGHLIGHT)
                title.set_fontweight("bold")
        handles = [
            Patch(color=_SIGNIFICANCE_COLOURS[0], label="row system significantly better"),
            Patch(color=_SIGNIFICANCE_COLOURS[2], label="row system significantly worse"),
            Patch(color=_SIGNIFICANCE_COLOURS[1], label="not significant"),
        ]
        fig.legend(handles=handles, loc="outside lower center", ncols=3, frameon=False)
        return svg(fig, salt)


def table3_scatter(table3: dict[str, Any], salt: str) -> str:
    """Our Table 3 coverage (all systems) against the paper's."""
    import matplotlib

    ours = [r["ours"][0] for r in table3["rows"]]
    paper = [r["paper"][0] for r in table3["rows"]]
    lo = min(*ours, *paper) - 0.03
    hi = max(*ours, *paper) + 0.03
    with matplotlib.rc_context(_RC):
        fig = _figure(3.6, 3.4)
        ax = fig.add_subplot()
        ax.plot([lo, hi], [lo, hi], color="0.6", linewidth=0.8, linestyle="--")
        ax.scatter(paper, ours, s=14, color="#1f77b4", zorder=3)
        for row, x, y in zip(table3["rows"], paper, ours, strict=True):
            ax.annotate(row["label"], (x, y), xytext=(3, 2), textcoords="offset points", fontsize=5)
        ax.set_xlim(lo, hi)
        ax.set_ylim(lo, hi)
        ax.set_aspect("equal")
        ax.set_xlabel("coverage, Amigó et al. 2020 Table 3 (all systems)")
        ax.set_ylabel("coverage, this replication")
        ax.grid(alpha=0.3, linewidth=0.5)
        return svg(fig, salt)


def _breakpoints(y: Any) -> Any:
    """Indices where a sorted curve changes value (first and last of every run): same line."""
    import numpy as np

    if len(y) <= 2:
        return np.arange(len(y))
    change = np.flatnonzero(np.diff(y) != 0)
    keep = np.unique(np.concatenate([[0, len(y) - 1], change, change + 1]))
    return keep


def counterexample_bars(entries: Sequence[dict[str, Any]]) -> str:
    """An OQ counterexample: per entry, the system and gold distributions as paired bars.

    Drawn directly as a small SVG (dozens of these per report; matplotlib
    takes about a third of a second each), with every text escaped.
    """
    from markupsafe import escape

    bar, gap, height, top, bottom, pad = 12.0, 6.0, 70.0, 30.0, 14.0, 18.0
    panels = []
    x0 = 0.0
    for e in entries:
        n = len(e["system"])
        inner = n * (2 * bar + gap) + gap
        width = max(inner, 120.0)
        shift = (width - inner) / 2
        parts = [f'<g transform="translate({x0:.1f},0)">']
        score = "undefined" if e["score"] is None else f"{e['score']:.6g}"
        parts.append(
            f'<text x="{width / 2:.1f}" y="11" text-anchor="middle" font-size="10" '
            f'font-weight="bold">{escape(e["name"])}</text>'
            f'<text x="{width / 2:.1f}" y="23" text-anchor="middle" font-size="10">'
            f"score {escape(score)}</text>"
        )
        base = top + height
        parts.append(
            f'<line x1="0" y1="{base}" x2="{width:.1f}" y2="{base}" stroke="#555" '
            'stroke-width="0.6"/>'
        )
        for i in range(n):
            x = shift + gap + i * (2 * bar + gap)
            for k, (value, colour) in enumerate(
                ((e["system"][i], "#1f77b4"), (e["gold"][i], "#ff7f0e"))
            ):
                h = height * float(value or 0.0)
                parts.append(
                    f'<rect x="{x + k * bar:.1f}" y="{base - h:.2f}" width="{bar:.1f}" '
                    f'height="{h:.2f}" fill="{colour}"/>'
                )
            parts.append(
                f'<text x="{x + bar:.1f}" y="{base + 10:.1f}" text-anchor="middle" '
                f'font-size="8">{i}</text>'
            )
        parts.append("</g>")
        panels.append("".join(parts))
        x0 += width + pad
    total_w = max(x0 - pad, 1.0)
    total_h = top + height + bottom
    return (
        f'<svg aria-hidden="true" focusable="false" xmlns="http://www.w3.org/2000/svg" '
        f'width="{total_w:.1f}" height="{total_h:.1f}" viewBox="0 0 {total_w:.1f} {total_h:.1f}" '
        f'font-family="DejaVu Sans, sans-serif" fill="#222">{"".join(panels)}</svg>'
    )


#: One chart to draw: ``(chart function name, positional arguments, keyword arguments)``.
ChartTask = tuple[str, tuple[Any, ...], Mapping[str, Any]]

_CHARTS: dict[str, Callable[..., str]] = {
    "counterexample_bars": counterexample_bars,
    "pvalue_curves": pvalue_curves,
    "significance_matrices": significance_matrices,
    "similarity_heatmap": similarity_heatmap,
    "table3_scatter": table3_scatter,
}


def _draw(task: ChartTask) -> str:
    name, args, kwargs = task
    return str(_CHARTS[name](*args, **kwargs))


def draw_all(
    tasks: Sequence[ChartTask],
    jobs: int = 1,
    *,
    backend: str = LOCAL,
    scheduler: str | None = None,
) -> list[str]:
    """Every chart's SVG, in the order of ``tasks``; drawn as tasks of their own.

    A chart is a function of its arguments alone (plain data from the report
    model), so the SVG is the same bytes whichever process or machine draws
    it.  ``jobs``, ``backend`` and ``scheduler`` say where
    (:class:`axiometrics.parallel.Tasks`): by default ``jobs`` processes
    forked from this one (Linux; they inherit matplotlib already imported and
    the arguments), or any joblib backend.  With one job or one chart they are
    drawn here.

    Raises
    ------
    KeyError
        For a task naming no chart function of this module.
    InvalidParameterError
        For ``jobs`` below 1, an unknown backend, or a scheduler without
        ``backend="dask"``.
    """
    unknown = sorted({name for name, _, _ in tasks} - _CHARTS.keys())
    if unknown:
        raise KeyError(f"chart={unknown[0]!r}: expected one of {sorted(_CHARTS)}")
    runner = Tasks(jobs=jobs, backend=backend, scheduler=scheduler)
    return list(runner.map_inherited(_draw, [(task,) for task in tasks]))
