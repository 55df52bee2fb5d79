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
import pickle
import sys
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, TypeVar, cast

from axiometrics.errors import InvalidInputError, InvalidParameterError
from axiometrics.suggest import closest

__all__ = ["FILE_MODULE_PREFIX", "SentByValue", "load_callable", "received", "split_target"]

T = TypeVar("T")

#: The start of the private module name a Python file is imported under.
FILE_MODULE_PREFIX = "_axiometrics_user_"


def split_target(target: str) -> tuple[str, str] | None:
    """``(module, attribute)`` of ``MODULE:CALLABLE``, or ``None`` for another form."""
    if ":" not in target:
        return None
    module, _, attr = target.rpartition(":")
    if not module or not attr or os.sep in attr:
        return None
    return module, attr


def _import_file(path: Path, prefix: str) -> Any:
    name = f"{FILE_MODULE_PREFIX}{abs(hash(str(path.resolve())))}"
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


class SentByValue(Generic[T]):
    """A value that travels to other processes as cloudpickle bytes, its code included.

    A file given as ``path/to/file.py:function`` is imported under a private
    module name (:data:`FILE_MODULE_PREFIX`) that exists only in this
    process, so a worker of another process or machine (joblib's ``loky``,
    ``dask``, ``ray``) cannot import its functions by name.  Wrapped here,
    the functions of such modules are pickled by value (cloudpickle), so the
    task carries their code; dask would otherwise send them with the standard
    pickle, by name, and lose the worker that fails to import them.
    Callables of importable modules are still imported by name where the
    task runs (the workers need them installed, like any plugin).

    Examples
    --------
    >>> sent = SentByValue([1, 2])
    >>> sent.value()
    [1, 2]
    """

    __slots__ = ("payload",)

    def __init__(self, value: T) -> None:
        pickler = _cloudpickle()
        for module in _file_modules():
            pickler.register_pickle_by_value(module)
        self.payload: bytes = pickler.dumps(value)

    def value(self) -> T:
        """The value, unpickled here (a new copy on every call)."""
        return cast(T, pickle.loads(self.payload))

    def __reduce__(self) -> tuple[Any, ...]:
        return (_sent, (self.payload,))


def _sent(payload: bytes) -> SentByValue[Any]:
    """A :class:`SentByValue` rebuilt from its bytes (unpickling)."""
    sent: SentByValue[Any] = SentByValue.__new__(SentByValue)
    sent.payload = payload
    return sent


def received(value: SentByValue[T] | T) -> T:
    """``value.value()`` for a :class:`SentByValue`, anything else as it is."""
    return value.value() if isinstance(value, SentByValue) else value


def _file_modules() -> list[Any]:
    """The modules of files loaded by :func:`load_callable` in this process."""
    loaded = sorted(sys.modules.items())
    return [module for name, module in loaded if name.startswith(FILE_MODULE_PREFIX)]


def _cloudpickle() -> Any:
    """The cloudpickle module (a dependency of joblib >= 1.5, which earlier vendored it)."""
    try:
        import cloudpickle
    except ImportError:
        from joblib.externals import cloudpickle
    return cloudpickle
