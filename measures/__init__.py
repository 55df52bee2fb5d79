"""Built-in measure families, installed as ``axiometrics.measures`` (one package per family).

``oc``
    ordinal classification: confusion matrices over ordered classes.
``oq``
    ordinal quantification: predicted and gold class distributions.
``nominal``
    nominal (unordered) classification: confusion matrices and label vectors.
``scored``
    binary gold with real-valued scores (threshold-free and ranking measures).

Each package registers through the same entry-point groups a third-party
family uses (``axiometrics.families``, ``axiometrics.claims``,
``axiometrics.literature``, ``axiometrics.measures``); the framework core never
imports them.  ``_``-prefixed packages hold code shared by several families.
"""
