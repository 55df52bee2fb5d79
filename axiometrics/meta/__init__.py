"""Empirical meta-evaluation of evaluation measures.

How do measures behave on real system outputs?  Four analyses, after
Sakai (2021, 2022) and Amigó et al. (2020):

* :func:`ranking_similarity` — Kendall's tau between the system rankings
  of every pair of measures, with Long & Cliff (1997) intervals;
* :func:`ranking_consistency` — mean tau between the rankings on random
  disjoint topic subsets, a paired randomised Tukey HSD test, ``VE2`` and
  effect sizes, Sakai's markers;
* :func:`discriminative_power` — randomised Tukey HSD p-values for every
  system pair, per measure;
* :func:`coverage` — Spearman correlation between a measure's differences
  and the Unanimous Improvement Ratio of a reference set;
* :func:`truth_agreement` — when the systems' true quality is known (a
  synthetic collection), Kendall's tau between each measure's ranking and
  the true order, and the share of system pairs it orders correctly
  (``run(..., truth=...)``);
* :func:`corpus_analyses` — for corpus-level measures (corpus BLEU, chrF,
  TER, corpus WER), whose score comes from summed segment statistics: the
  corpus scores, their ranking similarity and agreement with the truth,
  consistency over random splits of the segments and discriminative power
  with the paired corpus tests (``run`` adds them, as
  :attr:`MetaEvaluation.corpus_level`, for runs that give the statistics).

Quick use::

    from axiometrics import datasets, meta
    result = meta.run()                      # embedded synthetic data
    result.to_frames()["consistency"]

    meta.run(datasets.load("synthetic_scored"))  # synthetic scored classifiers (roc_auc, ...)

    runs = meta.read_label_runs("gold.tsv", ["run1.tsv", "run2.tsv"])
    scores = meta.score_runs(runs, ["mae_macro", "accuracy"])
    meta.ranking_similarity(scores).to_frame()
"""

from __future__ import annotations

from axiometrics.meta.consistency import (
    RankingConsistency,
    ranking_consistency,
    topic_splits,
)
from axiometrics.meta.corpus_level import (
    CorpusConsistency,
    CorpusDiscriminative,
    CorpusLevel,
    CorpusMeasure,
    corpus_analyses,
    corpus_measures,
    segment_halves,
)
from axiometrics.meta.coverage import (
    DEFAULT_REFERENCE,
    Coverage,
    coverage,
    unanimous_improvement_ratio,
)
from axiometrics.meta.discriminative import DiscriminativePower, discriminative_power
from axiometrics.meta.errors import MetaInputError, MissingDependencyError, UndefinedScoreError
from axiometrics.meta.evaluate import ANALYSES, MetaEvaluation, run
from axiometrics.meta.inputs import (
    SEMEVAL_SCALE,
    read_distribution_file,
    read_distribution_runs,
    read_label_file,
    read_label_runs,
    read_score_file,
)
from axiometrics.meta.options import MetaOptions
from axiometrics.meta.ranking import (
    KendallInterval,
    average_ranks,
    kendall_tau,
    kendall_tau_interval,
    spearman_rho,
)
from axiometrics.meta.runs import DistributionRuns, LabelRuns
from axiometrics.meta.scores import ScoreMatrices
from axiometrics.meta.scoring import ScoringReport, score_runs
from axiometrics.meta.similarity import RankingSimilarity, ranking_similarity
from axiometrics.meta.synthetic import amigo_synthetic, default_label_runs
from axiometrics.meta.truth import TruthAgreement, truth_agreement
from axiometrics.stats.tukey import TukeyHSD, randomized_tukey_hsd

__all__ = [
    "ANALYSES",
    "DEFAULT_REFERENCE",
    "SEMEVAL_SCALE",
    "CorpusConsistency",
    "CorpusDiscriminative",
    "CorpusLevel",
    "CorpusMeasure",
    "Coverage",
    "DiscriminativePower",
    "DistributionRuns",
    "KendallInterval",
    "LabelRuns",
    "MetaEvaluation",
    "MetaInputError",
    "MetaOptions",
    "MissingDependencyError",
    "RankingConsistency",
    "RankingSimilarity",
    "ScoreMatrices",
    "ScoringReport",
    "TruthAgreement",
    "TukeyHSD",
    "UndefinedScoreError",
    "amigo_synthetic",
    "average_ranks",
    "corpus_analyses",
    "corpus_measures",
    "coverage",
    "default_label_runs",
    "discriminative_power",
    "kendall_tau",
    "kendall_tau_interval",
    "randomized_tukey_hsd",
    "ranking_consistency",
    "ranking_similarity",
    "read_distribution_file",
    "read_distribution_runs",
    "read_label_file",
    "read_label_runs",
    "read_score_file",
    "run",
    "score_runs",
    "segment_halves",
    "spearman_rho",
    "topic_splits",
    "truth_agreement",
    "unanimous_improvement_ratio",
]
