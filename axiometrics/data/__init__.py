"""Bundled example data (SemEval-style label and distribution files)."""
