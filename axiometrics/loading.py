"""Load a callable from ``MODULE:CALLABLE``.

The one loader of ``axiometrics check``, ``axiometrics report --measure``
and the pytest plugin's ``callable`` key.

``MODULE`` is a path to a Python file (ending in ``.py`` or containing a path
separator; imported under a private module name, its directory first on
``sys.path`` while it runs) or an importable module; ``CALLABLE`` an
attribute path (``Class.method`` works).  The last ``:`` splits the two, so
Windows drive letters are kept.
"""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

from axiometrics.errors import InvalidInputError, InvalidParameterError
from axiometrics.suggest import closest

__all__ = ["load_callable", "split_target"]


def split_target(target: str) -> tuple[str, str] | None:
    """``(module, attribute)`` of ``MODULE:CALLABLE``, or ``None`` for another form."""
    if ":" not in target:
        return None
    module, _, attr = target.rpartition(":")
    if not module or not attr or os.sep in attr:
        return None
    return module, attr


def _import_file(path: Path, prefix: str) -> Any:
    name = f"_axiometrics_user_{abs(hash(str(path.resolve())))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise InvalidParameterError(f"{prefix}cannot import {str(path)!r} as a Python module")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    directory = str(path.resolve().parent)
    sys.path.insert(0, directory)
    try:
        spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[name]
        raise InvalidInputError(
            f"{prefix}importing {str(path)!r} failed: {type(exc).__name__}: {exc}"
            f"{_where(exc, path)}"
        ) from exc
    finally:
        if sys.path and sys.path[0] == directory:
            sys.path.pop(0)
    return module


def _where(exc: BaseException, path: Path) -> str:
    """`` (at file:line)`` of the innermost frame in ``path`` (syntax errors included)."""
    if isinstance(exc, SyntaxError) and exc.filename:
        return f" (at {exc.filename}:{exc.lineno})"
    target = str(path.resolve())
    frames = [
        f for f in traceback.extract_tb(exc.__traceback__) if os.path.abspath(f.filename) == target
    ]
    if frames:
        return f" (at {frames[-1].filename}:{frames[-1].lineno})"
    return ""


def load_callable(target: str, *, prefix: str = "") -> Callable[..., Any]:
    """Import ``MODULE:CALLABLE``; MODULE is a ``.py`` path or an importable module.

    Parameters
    ----------
    target
        ``path/to/file.py:function`` or ``package.module:function``.
    prefix
        Put before every error message, to say where the target was given
        (the pytest plugin passes ``"'pkg.mod:f': "``; the command line none,
        its messages naming the target themselves).

    Returns
    -------
    Callable
        The callable.

    Raises
    ------
    InvalidParameterError
        On a target not of the form ``MODULE:CALLABLE``, a missing file or
        module, a missing attribute (with suggestions) or a non-callable
        (usage errors: exit status 2 on the command line).
    InvalidInputError
        On an import that fails, with the file and line (exit status 1).
    """
    parts = split_target(target)
    if parts is None:
        raise InvalidParameterError(
            f"{prefix}target={target!r}: expected a registered measure name or MODULE:CALLABLE"
        )
    module_name, attr = parts
    if module_name.endswith(".py") or os.sep in module_name or "/" in module_name:
        path = Path(module_name)
        if not path.is_file():
            raise InvalidParameterError(
                f"{prefix}no such file: {module_name!r} (from target {target!r})"
            )
        module = _import_file(path, prefix)
    else:
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as exc:
            raise InvalidParameterError(
                f"{prefix}no module named {module_name!r} (from target {target!r}); give a path "
                "to a .py file or an importable module"
            ) from exc
        except Exception as exc:
            raise InvalidInputError(
                f"{prefix}importing module {module_name!r} failed: {type(exc).__name__}: {exc}"
            ) from exc
    obj: Any = module
    for part in attr.split("."):
        if not hasattr(obj, part):
            names = [n for n in dir(obj) if not n.startswith("_")]
            near = closest(part, names)
            hint = f"; did you mean {', '.join(map(repr, near))}?" if near else ""
            raise InvalidParameterError(f"{prefix}{module_name!r} has no attribute {part!r}{hint}")
        obj = getattr(obj, part)
    if not callable(obj):
        raise InvalidParameterError(
            f"{prefix}{target!r} is a {type(obj).__name__}, not a callable measure"
        )
    return obj
