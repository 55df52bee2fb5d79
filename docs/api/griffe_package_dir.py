"""A griffe extension: packages installed under another name, as setuptools' ``package-dir`` says.

``measures/`` is installed as ``axiometrics.measures`` (``pyproject.toml``,
``[tool.setuptools.package-dir]``).  griffe reads the sources from the
folders on its search paths (``mkdocs.yml``: ``paths: ["."]``), where that
folder is a top-level package ``measures``; it follows neither the mapping
nor the editable install's import hook, so ``axiometrics.measures.oc`` is
not found.  When griffe loads the parent package (``axiometrics``), this
extension loads each mapped folder and attaches it under its installed name,
so ``::: axiometrics.measures.oc.measures`` documents the module under the
name users import, with anchors and cross-references to match.

The mapping is read from ``pyproject.toml``, so it cannot drift from the
packaging.  ``mkdocs.yml`` enables the extension (``extensions:`` of the
Python handler's options).
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import griffe

if sys.version_info >= (3, 11):
    import tomllib
else:  # Python 3.10
    import tomli as tomllib

__all__ = ["PackageDir", "package_dirs"]


def package_dirs(pyproject: Path) -> dict[str, str]:
    """``[tool.setuptools.package-dir]`` of ``pyproject``: installed name -> folder.

    The root entry (``""``, a ``src`` layout) is left out: griffe's search
    paths handle it.
    """
    config = tomllib.loads(pyproject.read_text(encoding="utf-8"))
    mapping = config.get("tool", {}).get("setuptools", {}).get("package-dir", {})
    return {name: folder for name, folder in mapping.items() if name}


class PackageDir(griffe.Extension):
    """Attach each ``package-dir`` folder to its parent package under its installed name.

    Parameters
    ----------
    pyproject
        The ``pyproject.toml`` holding the mapping (relative paths are read
        from the folder the documentation is built in).
    """

    def __init__(self, pyproject: str = "pyproject.toml") -> None:
        self.root = Path(pyproject).resolve().parent
        self.mapping = package_dirs(Path(pyproject))

    def on_package(self, *, pkg: griffe.Module, loader: griffe.GriffeLoader, **kwargs: Any) -> None:
        """Load the folders mapped below ``pkg`` and make them its members."""
        for installed, folder in sorted(self.mapping.items()):
            parent_name, _, name = installed.rpartition(".")
            if parent_name.split(".")[0] != pkg.name:
                continue
            inside = parent_name.split(".", 1)[1] if "." in parent_name else ""
            parent = pkg.get_member(inside) if inside else pkg
            found = loader.load(self.root / folder, find_stubs_package=False)
            if not isinstance(found, griffe.Module):
                raise TypeError(f"package-dir {installed!r} = {folder!r}: expected a package")
            loader.modules_collection.members.pop(found.name, None)
            found.name = name
            parent.set_member(name, found)
