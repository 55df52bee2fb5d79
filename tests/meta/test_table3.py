import re
from pathlib import Path

from axiometrics.meta import amigo_synthetic
from axiometrics.meta.table3 import (
    PAPER_TABLE3,
    TABLE3_COLUMNS,
    TABLE3_MEASURES,
    main,
    replicate_table3,
    table3_coverage,
    to_markdown,
    update_docs,
)

DOCS = Path(__file__).resolve().parents[2] / "docs" / "meta-evaluation.md"


def test_table3_has_the_papers_rows_and_columns():
    table = table3_coverage(amigo_synthetic(n_topics=10, n_items=60, seed=1))
    assert list(table.index) == [label for label, _ in TABLE3_MEASURES] == list(PAPER_TABLE3)
    assert list(table.columns) == [label for label, _ in TABLE3_COLUMNS]
    assert ((table > -1) & (table <= 1)).all().all()


def test_markdown_puts_ours_beside_the_paper(tmp_path):
    frame = replicate_table3([2020])
    assert frame.loc["CEM^ORD", "paper all"] == 0.91
    text = to_markdown(frame)
    assert text.startswith("| measure | all: ours | all: paper | -random: ours / paper |")
    doc = tmp_path / "doc.md"
    doc.write_text("before\n<!-- table3:start -->\nold\n<!-- table3:end -->\nafter\n")
    update_docs(doc, text)
    assert "old" not in doc.read_text()
    assert "| CEM^ORD |" in doc.read_text()


def test_the_docs_table_is_what_the_generator_produces(capsys):
    # Regenerate with: python -m axiometrics.meta.table3 --update-docs docs/meta-evaluation.md
    main([])
    generated = capsys.readouterr().out
    block = re.search(r"<!-- table3:start -->\n(.*?)<!-- table3:end -->", DOCS.read_text(), re.S)
    assert block is not None
    assert block.group(1) == generated
