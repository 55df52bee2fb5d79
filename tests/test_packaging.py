import subprocess
import sys
import zipfile

import pytest


def test_importing_axiometrics_and_loading_measures_does_not_import_a_top_level_measures():
    code = (
        "import sys, axiometrics as ax; ax.default_registry(); "
        "print('measures' in sys.modules, 'axiometrics.measures.oc.measures' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["False", "True"]


def test_the_wheel_package_list_is_exactly_the_package_tree():
    import re
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    block = re.search(r"^packages = \[(.*?)\]", (root / "pyproject.toml").read_text(), re.S | re.M)
    listed = set(re.findall(r'"([\w.]+)"', block.group(1)))
    found = {
        ".".join(p.parent.relative_to(root).parts)
        for p in (root / "axiometrics").rglob("__init__.py")
    }
    found |= {
        ".".join(("axiometrics", *p.parent.relative_to(root).parts))
        for p in (root / "measures").rglob("__init__.py")
    }
    assert found == listed, (
        f"add {sorted(found - listed)} to / remove {sorted(listed - found)} from "
        "[tool.setuptools] packages"
    )


def test_the_core_imports_no_specific_measure():
    code = "import sys, axiometrics; print(sorted(m for m in sys.modules if m.startswith('axiometrics.measures')))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.slow
def test_the_wheel_ships_measures_inside_axiometrics_and_no_top_level_measures(tmp_path):
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            ".",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(tmp_path),
        ],
        check=True,
        capture_output=True,
    )
    (wheel,) = tmp_path.glob("axiometrics-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for family in ("oc", "oq", "nominal", "scored"):
        assert f"axiometrics/measures/{family}/__init__.py" in names
        assert f"axiometrics/measures/{family}/measures.py" in names
    assert "axiometrics/measures/_matrices/blocks.py" in names
    assert "axiometrics/data/example_gold.tsv" in names
    assert "axiometrics/meta/__init__.py" in names
    assert "axiometrics/cli/__init__.py" in names
    assert not [n for n in names if n.startswith("measures/")]
    entry_points = next(n for n in names if n.endswith("entry_points.txt"))
    text = zipfile.ZipFile(wheel).read(entry_points).decode()
    assert "axiometrics.measures.oc.measures:plugin" in text
