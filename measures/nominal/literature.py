"""Published statements about the nominal measures: the ``axiometrics.literature`` entry point.

The nominal family contributes its literature the way it contributes its
claims: :data:`SOURCES` is listed under the ``axiometrics.literature``
entry-point group and validated against the registry that loads it
(:func:`axiometrics.literature.register`), so the core holds no nominal data.

One source is registered:

* ``potts2020``, Potts' CS224u notebook "Evaluation metrics in NLP"
  (Stanford, spring 2020; ``../shared/seeds/001_22267556ebe6ca49.txt``).
  Only the statements that say the same thing as a registered claim are
  entered, each with the notebook's words (``passage``) and how they were
  read (``note``).  The notebook's matrices have gold rows, the transpose of
  axiometrics' (rows = system, columns = gold); the statements do not depend
  on the orientation.  Per-class measures are checked for their default
  positive class.

Sokolova and Lapalme (2009, "A systematic analysis of performance measures
for classification tasks", IPM 45(4)) state an invariance table for binary
and multi-class measures, but its text could not be retrieved (only the
abstract and first page were available), so no cell of it is entered: a
cell typed from memory would be a verdict nobody can check against the
paper.  ``docs/nominal.md`` says so.
"""

from __future__ import annotations

from axiometrics.literature import Disagreement, LiteratureSource, LiteratureVerdict

__all__ = ["POTTS2020", "SOURCES"]

_KEY = "potts2020"

_TN = (
    "whereas precision and recall for a class k will be insensitive to changes in TN_k, "
    "ROC will be affected by such changes"
)
_F_TN = (
    "For a given category K, the F_beta score for K ignores all the values that are off the "
    "row and column for K"
)
_MACRO = (
    "Macro F_beta scores inherit the values of F_beta scores, and they additionally say that "
    "we care about all the classes equally regardless of their size"
)
_MACRO_READ = (
    "read as prevalence invariance: a score that treats every class alike whatever its size "
    "would not move when one gold class grows"
)
_MACRO_WHY = (
    "the notebook means equal weights in the average; a class's size still enters the other "
    "classes' precision as false positives, so the macro score moves with it"
)


def _verdict(
    measure: str, claim: str, holds: bool, column: str, passage: str, note: str = ""
) -> LiteratureVerdict:
    return LiteratureVerdict(_KEY, measure, claim, holds, column, note=note, passage=passage)


#: Potts' CS224u notebook: its property statements mapped onto nominal claims.
POTTS2020 = LiteratureSource(
    key=_KEY,
    citation="Potts 2020, CS224u metrics notebook",
    abbreviation="P",
    reference=(
        "Christopher Potts, 'Evaluation metrics in NLP', CS224u notebook "
        "(evaluation_metrics.ipynb), Stanford, spring 2020"
    ),
    verdicts=(
        _verdict(
            "accuracy",
            "prevalence_invariance",
            False,
            "accuracy",
            "Accuracy fails to control for size imbalances in the classes.",
            "a score that moves with the class sizes is not prevalence invariant",
        ),
        _verdict(
            "accuracy",
            "chance_baseline",
            False,
            "accuracy",
            "the classifier guessed only neutral ... this is a worse classifier than the one "
            "that produced ex1 ... However, its accuracy is higher!",
            "the always-neutral system ex2 scores neutral's share of the gold (0.874): a "
            "constant system's accuracy moves with the gold",
        ),
        _verdict(
            "precision",
            "true_negative_invariance",
            True,
            "ROC curve",
            _TN,
        ),
        _verdict(
            "recall",
            "true_negative_invariance",
            True,
            "ROC curve",
            _TN,
        ),
        _verdict(
            "specificity",
            "true_negative_invariance",
            False,
            "ROC curve",
            _TN,
            "ROC compares recall with the false positive rate FP/(FP+TN) = 1 - specificity; "
            "the statement is read on that axis",
        ),
        _verdict(
            "f1",
            "true_negative_invariance",
            True,
            "F scores",
            _F_TN,
            "ex1 and ex4 differ only in neutral's diagonal cell; F1 of pos and neg stays 0.187",
        ),
        _verdict("fbeta", "true_negative_invariance", True, "F scores", _F_TN),
        _verdict(
            "f1_macro",
            "prevalence_invariance",
            True,
            "macro-averaged F scores",
            _MACRO,
            _MACRO_READ,
        ),
        _verdict(
            "fbeta_macro",
            "prevalence_invariance",
            True,
            "macro-averaged F scores",
            _MACRO,
            _MACRO_READ,
        ),
        _verdict(
            "f1_weighted",
            "prevalence_invariance",
            False,
            "weighted F scores",
            "a weighted average based on the size of the classes in the observed/gold data ... "
            "Large classes will dominate these calculations.",
        ),
        _verdict(
            "f1_micro",
            "prevalence_invariance",
            False,
            "micro-averaged F scores",
            "The weaknesses too are the same as those of weighted F_beta scores ... "
            "Micro-averaging is equivalent to accuracy.",
        ),
    ),
    disagreements=(
        Disagreement(_KEY, "f1_macro", "prevalence_invariance", "definition", _MACRO_WHY, _MACRO),
        Disagreement(
            _KEY, "fbeta_macro", "prevalence_invariance", "definition", _MACRO_WHY, _MACRO
        ),
    ),
)

#: The sources this plugin registers (the entry point's object).
SOURCES = (POTTS2020,)
