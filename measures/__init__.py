"""Built-in measure plugins, installed as ``axiometrics.measures`` (one module per family).

They register through the ``axiometrics.measures`` entry-point group with the
same public API a third-party plugin uses; the framework core never imports
them.
"""
