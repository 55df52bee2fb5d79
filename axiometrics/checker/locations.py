"""Where code is written, spelled the same on every machine that runs it.

Locations appear in counterexamples, reports and error messages.  A report
built on a cluster must say what the same report built here says, although
the workers install the package in other directories, run in other working
directories and may not have the user's files at all.  So:

- the code of a module imported by name (a built-in measure, a plugin, a
  library) is named by the module's import path
  (``axiometrics/measures/generation/measures.py``), wherever it is installed;
- other code (a file given as ``path.py:function``, ``__main__``) is named by
  the path it was compiled from, relative to the working directory when it
  lies below it;
- a function's line is read from its code object, so no source file is
  needed where it runs (a function sent to a worker as code has none there).
"""

from __future__ import annotations

import inspect
import os
import sys
from collections.abc import Callable
from typing import Any

from axiometrics.loading import FILE_MODULE_PREFIX

__all__ = ["code_path", "definition_site"]


def code_path(filename: str, module: str | None) -> str:
    """The file of code from ``module`` (its ``__name__``), as described in the module docstring."""
    if module and module != "__main__" and not module.startswith(FILE_MODULE_PREFIX):
        source = getattr(sys.modules.get(module), "__file__", None)
        if source and filename.endswith(".py") and _same_file(source, filename):
            package = os.path.basename(source) == "__init__.py"
            return module.replace(".", "/") + ("/__init__.py" if package else ".py")
    path = os.path.abspath(filename)
    here = os.getcwd()
    return os.path.relpath(path, here) if path.startswith(here + os.sep) else filename


def definition_site(func: Callable[..., Any]) -> tuple[str, int] | None:
    """``(file, first line)`` where ``func`` is defined, or ``None`` when it has no code.

    Decorators are looked through (``functools.wraps``); a callable object
    is located by its class's ``__call__``.
    """
    target: Any = inspect.unwrap(func)
    code = _code_of(target)
    if code is None:
        return None
    module = getattr(target, "__module__", None) or getattr(type(target), "__module__", None)
    return code_path(code.co_filename, module), code.co_firstlineno


def _code_of(target: Any) -> Any:
    """The code object of a function, a method or a callable object's ``__call__``."""
    for candidate in (target, getattr(target, "__func__", None)):
        code = getattr(candidate, "__code__", None)
        if code is not None:
            return code
    for klass in type(target).__mro__:  # a class's __call__, not the slot of type itself
        call = vars(klass).get("__call__")
        if call is not None:
            return getattr(call, "__code__", None)
    return None


def _same_file(a: str, b: str) -> bool:
    """Whether two paths name the same file (links resolved)."""
    return os.path.realpath(a) == os.path.realpath(b)
