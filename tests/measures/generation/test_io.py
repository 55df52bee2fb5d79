"""Reading sacreBLEU-style plain-text reference and hypothesis files."""

from __future__ import annotations

import pytest

from axiometrics.errors import DataFileError, InvalidParameterError
from axiometrics.family import get_family
from axiometrics.measures.generation.io import read_generation_runs, read_segments
from axiometrics.measures.generation.runs import GenerationRuns


def write(path, data: bytes | str) -> str:
    path.write_bytes(data if isinstance(data, bytes) else data.encode("utf-8"))
    return str(path)


def sacrebleu_lines(path: str) -> list[str]:
    """The lines as sacreBLEU 2.6's command line reads a reference or system file."""
    from sacrebleu.utils import smart_open

    with smart_open(path) as handle:
        return [line.rstrip() for line in handle]


@pytest.mark.parametrize(
    "data",
    [
        "one\ntwo\n",
        "one\ntwo",
        "one\r\ntwo\r\n",
        "trailing  \t\nspaces \u3000\n",
        "an empty line\n\nafter it\n",
        "\n\n",
        "a lone\rcarriage return\x0cform feed\u2028line separator\n",
        "  leading spaces stay\n",
        "last line blank\n \n",
    ],
)
def test_segments_are_read_as_sacrebleu_reads_its_files(tmp_path, data):
    path = write(tmp_path / "segments.txt", data)
    assert read_segments(path) == sacrebleu_lines(path)


def test_crlf_line_ends_and_trailing_whitespace_are_removed(tmp_path):
    path = write(tmp_path / "crlf.txt", "first segment \r\nsecond\t\r\n")
    assert read_segments(path) == ["first segment", "second"]


def test_a_byte_order_mark_is_removed_unlike_sacrebleu(tmp_path):
    path = write(tmp_path / "bom.txt", b"\xef\xbb\xbfhello world\nbye\n")
    assert read_segments(path) == ["hello world", "bye"]
    assert sacrebleu_lines(path)[0] == "\ufeffhello world"


def test_an_empty_line_is_an_empty_segment(tmp_path):
    path = write(tmp_path / "gaps.txt", "a\n\nc\n")
    assert read_segments(path) == ["a", "", "c"]


def test_invalid_utf8_is_refused_naming_the_file_and_line(tmp_path):
    path = write(tmp_path / "latin1.txt", "fine\ncaf\u00e9\n".encode("latin-1"))
    with pytest.raises(DataFileError, match=r"latin1\.txt' line 2: invalid UTF-8 at byte 4"):
        read_segments(path)


def test_an_empty_file_is_refused(tmp_path):
    path = write(tmp_path / "empty.txt", b"")
    with pytest.raises(DataFileError, match=r"empty\.txt'.*the file is empty"):
        read_segments(path)
    bom_only = write(tmp_path / "bom_only.txt", b"\xef\xbb\xbf")
    with pytest.raises(DataFileError, match="the file is empty"):
        read_segments(bom_only)


def test_a_missing_file_or_a_directory_is_refused_naming_it(tmp_path):
    with pytest.raises(DataFileError, match=r"missing\.txt'.*no such file"):
        read_segments(tmp_path / "missing.txt")
    with pytest.raises(DataFileError, match="is a directory"):
        read_segments(tmp_path)


@pytest.fixture
def corpus(tmp_path):
    refs = [
        write(tmp_path / "ref_a.txt", "the cat sat\na dog barked\n\n"),
        write(tmp_path / "ref_b.txt", "a cat was sitting\nthe dog barked\nit rained\n"),
    ]
    systems = [
        write(tmp_path / "sys1.txt", "the cat sat down\na dog barks\nrain\n"),
        write(tmp_path / "sys2.txt", "cat\ndog\nit rained\n"),
    ]
    return refs, systems


def test_without_topics_every_segment_belongs_to_one_topic(corpus):
    refs, systems = corpus
    runs = read_generation_runs(refs, systems)
    assert isinstance(runs, GenerationRuns)
    assert runs.topics == ("",)
    assert runs.systems == ("sys1", "sys2")
    assert runs.hypotheses.shape == (1, 2, 3)
    assert runs.hypotheses[0, 1, 2] == "it rained"
    assert runs.references[0, 0] == ("the cat sat", "a cat was sitting")


def test_an_empty_reference_line_is_an_empty_reference_of_that_segment(corpus):
    refs, systems = corpus
    runs = read_generation_runs(refs, systems)
    assert runs.references[0, 2] == ("", "it rained")


def test_with_topics_every_segment_is_a_topic_named_by_its_line_number(corpus):
    refs, systems = corpus
    runs = read_generation_runs(refs, systems, require_topic=True)
    assert runs.topics == (1, 2, 3)
    assert runs.hypotheses.shape == (3, 2, 1)
    assert runs.hypotheses[1, 0, 0] == "a dog barks"
    assert runs.references[2, 0] == ("", "it rained")


def test_one_reference_file_may_be_given_as_a_single_path(corpus):
    refs, systems = corpus
    runs = read_generation_runs(refs[1], systems)
    assert runs.references[0, 1] == ("the dog barked",)


def test_systems_may_be_named_by_a_mapping(corpus):
    refs, systems = corpus
    runs = read_generation_runs(refs, {"baseline": systems[0], "ours": systems[1]})
    assert runs.systems == ("baseline", "ours")


def test_files_with_different_line_counts_are_refused_naming_both_and_the_counts(tmp_path, corpus):
    refs, systems = corpus
    short = write(tmp_path / "short.txt", "only one line\n")
    with pytest.raises(DataFileError, match=r"short\.txt' has 1 lines but .*ref_a\.txt' has 3"):
        read_generation_runs(refs, [systems[0], short])


def test_systems_with_the_same_file_stem_are_refused_naming_the_files(tmp_path, corpus):
    refs, systems = corpus
    other = tmp_path / "other"
    other.mkdir()
    twin = write(other / "sys1.txt", "x\ny\nz\n")
    with pytest.raises(DataFileError, match=r"unique without their extension.*other/sys1\.txt"):
        read_generation_runs(refs, [systems[0], twin])


def test_no_reference_file_is_refused(corpus):
    _, systems = corpus
    with pytest.raises(DataFileError, match="at least one reference file"):
        read_generation_runs([], systems)


def test_the_family_hook_reads_the_files_and_refuses_a_class_scale(corpus):
    refs, systems = corpus
    family = get_family("generation")
    assert family.gold_files is None
    runs = family.read_runs(tuple(refs), systems, scale=None, require_topic=True)
    assert runs.topics == (1, 2, 3)
    with pytest.raises(InvalidParameterError, match=r"--scale=\['a', 'b'\]: generation runs"):
        family.read_runs(refs, systems, scale=["a", "b"], scale_option="--scale")
