"""The value object every agreement coefficient returns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["AgreementResult"]


@dataclass(frozen=True)
class AgreementResult:
    """One agreement coefficient computed on one set of annotations.

    Every coefficient has the form ``1 - observed_disagreement /
    expected_disagreement``; for the kappas and Scott's pi the disagreements
    are ``1 - P(A)`` and ``1 - P(E)``.

    Attributes
    ----------
    coefficient
        ``"cohen_kappa"``, ``"scotts_pi"``, ``"fleiss_kappa"`` or
        ``"krippendorff_alpha"``.
    value
        The coefficient.  Never NaN: when the expected disagreement is zero
        (every label falls in one category, so the coders also agree on every
        unit) it is ``1.0`` and :attr:`degenerate` is true.
    ci
        ``(low, high)`` percentile bootstrap interval over resampled units,
        or ``None`` without ``bootstrap=``.
    n_units
        Units that entered the coefficient (pairable units for alpha).
    n_coders
        Coders (rows of the data).
    level
        Level of measurement (``"nominal"``, ``"ordinal"``, ``"interval"``,
        ``"ratio"``); ``None`` for the coefficients that are nominal only.
    observed_disagreement
        ``D_o`` (``1 - P(A)`` for the kappas and pi; weighted for weighted kappa).
    expected_disagreement
        ``D_e`` (``1 - P(E)``); zero exactly when :attr:`degenerate`.
    degenerate
        True when ``D_e == 0``: the formula is 0/0 and :attr:`value` is the
        declared ``1.0``.
    n_values
        Labels that entered the coefficient (pairable values for alpha).
    weights
        ``"linear"`` or ``"quadratic"`` for weighted kappa, else ``None``.
    bootstrap
        Number of bootstrap resamples behind :attr:`ci` (``None`` without).
    confidence
        Confidence level of :attr:`ci` (``None`` without).
    seed
        The integer seed given for the resamples, if any.
    """

    coefficient: str
    value: float
    ci: tuple[float, float] | None
    n_units: int
    n_coders: int
    level: str | None
    observed_disagreement: float
    expected_disagreement: float
    degenerate: bool
    n_values: int
    weights: str | None = None
    bootstrap: int | None = None
    confidence: float | None = None
    seed: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready plain values (``ci`` as a two-item list or ``None``).

        Returns
        -------
        dict
            One key per attribute, plus ``ci_low`` and ``ci_high``.
        """
        low, high = self.ci if self.ci is not None else (None, None)
        return {
            "coefficient": self.coefficient,
            "value": float(self.value),
            "ci": None if self.ci is None else [float(self.ci[0]), float(self.ci[1])],
            "ci_low": low,
            "ci_high": high,
            "n_units": int(self.n_units),
            "n_coders": int(self.n_coders),
            "n_values": int(self.n_values),
            "level": self.level,
            "weights": self.weights,
            "observed_disagreement": float(self.observed_disagreement),
            "expected_disagreement": float(self.expected_disagreement),
            "degenerate": bool(self.degenerate),
            "bootstrap": self.bootstrap,
            "confidence": self.confidence,
            "seed": self.seed,
        }
