"""Significance tests for comparing systems on per-topic scores of any measure.

Input: a topic x system score matrix (a 2-D array, a DataFrame whose
columns are the systems, or a mapping ``system -> scores`` aligned by topic
label; see :func:`as_score_matrix`).  Every paired test runs on all pairs
of systems at once (vectorised, no loop per pair) and returns a frozen
:class:`PairedTests` with p-values, Cohen's ``d_z`` with its interval and
confidence intervals of the mean difference, convertible with
``to_frame()``.  Every paired test takes ``alternative="two-sided"``
(default), ``"greater"`` or ``"less"``.

* :func:`paired_t_test`, :func:`wilcoxon_test`, :func:`sign_test` —
  classical paired tests (exact where the distribution allows);
* :func:`randomisation_test` — paired permutation test, exact enumeration
  of ``2^T`` sign flips for few topics, seeded Monte Carlo otherwise;
* :func:`bootstrap_test`, :func:`bootstrap_interval` — paired bootstrap
  test and percentile / BCa intervals;
* :func:`compare` — all pairs under one test with a correction
  (:func:`adjust_p_values`: Holm, Bonferroni, Holm-Šidák, Šidák,
  Benjamini-Hochberg, Benjamini-Yekutieli), or the randomised Tukey HSD,
  plus Sakai's ANOVA-residual effect size with its interval;
* :func:`randomized_tukey_hsd` — the randomised Tukey HSD test itself
  (Sakai 2018), on one matrix or a stack of matrices;
* :func:`one_way_anova`, :func:`two_way_anova` — ANOVA tables;
* :func:`chi_squared_test` — independence of a contingency table;
* :func:`corpus_bootstrap_test`, :func:`corpus_randomisation_test`,
  :func:`compare_corpus` — paired tests of corpus-level measures (corpus
  BLEU, chrF, TER, corpus WER) that resample segments and recompute each
  corpus score from its sufficient statistics (:mod:`axiometrics.stats.corpus`).

Zero variance (all differences equal) is a declared result, never a NaN
or a warning; ties and zeros are decided per topic; scores of any
magnitude give the same p-values (results that a float cannot hold raise
:class:`ScoreRangeError`); see ``docs/statistics.md``.

Quick use::

    from axiometrics import stats
    result = stats.compare(frame, test="randomisation", correction="holm")
    result.to_frame()
"""

from __future__ import annotations

from axiometrics.stats.anova import Anova, one_way_anova, two_way_anova
from axiometrics.stats.bootstrap import CI_METHODS, bootstrap_interval, bootstrap_test
from axiometrics.stats.chisquare import ChiSquare, chi_squared_test
from axiometrics.stats.choices import ALTERNATIVES
from axiometrics.stats.compare import RESAMPLING_TESTS, TESTS, Comparison, compare
from axiometrics.stats.corpus import (
    CORPUS_TESTS,
    CorpusComparison,
    CorpusTests,
    compare_corpus,
    corpus_bootstrap_test,
    corpus_randomisation_test,
    corpus_resamples,
)
from axiometrics.stats.corrections import CORRECTIONS, FDR_CORRECTIONS, adjust_p_values
from axiometrics.stats.errors import ScoreRangeError
from axiometrics.stats.matrix import ScoreMatrix, as_score_matrix
from axiometrics.stats.paired import PairedTests
from axiometrics.stats.randomisation import EXACT_MAX_TOPICS, randomisation_test
from axiometrics.stats.resampling import minimum_trials
from axiometrics.stats.sign import sign_test
from axiometrics.stats.ttest import paired_t_test
from axiometrics.stats.tukey import TukeyHSD, randomized_tukey_hsd
from axiometrics.stats.wilcoxon import wilcoxon_test

__all__ = [
    "ALTERNATIVES",
    "CI_METHODS",
    "CORPUS_TESTS",
    "CORRECTIONS",
    "EXACT_MAX_TOPICS",
    "FDR_CORRECTIONS",
    "RESAMPLING_TESTS",
    "TESTS",
    "Anova",
    "ChiSquare",
    "Comparison",
    "CorpusComparison",
    "CorpusTests",
    "PairedTests",
    "ScoreMatrix",
    "ScoreRangeError",
    "TukeyHSD",
    "adjust_p_values",
    "as_score_matrix",
    "bootstrap_interval",
    "bootstrap_test",
    "chi_squared_test",
    "compare",
    "compare_corpus",
    "corpus_bootstrap_test",
    "corpus_randomisation_test",
    "corpus_resamples",
    "minimum_trials",
    "one_way_anova",
    "paired_t_test",
    "randomisation_test",
    "randomized_tukey_hsd",
    "sign_test",
    "two_way_anova",
    "wilcoxon_test",
]
