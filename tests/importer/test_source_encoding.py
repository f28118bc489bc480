"""A source saved as UTF-16 (Windows Notepad's "Unicode", Word's "Unicode Text") reads as the same text as its
UTF-8 copy; bytes that are neither still fail, naming the file and line (build_tools/source_encoding.py)."""

from __future__ import annotations

import pytest

from build_tools.errors import SourceError
from build_tools.importer import read_source

TEXT = "1.0 MOVEMENT\n\n1.1 Costs. A unit pays 1 MP per hex (see 2.1); Zürich costs 2 MP.\n\n2.0 COMBAT\r\n"


@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be", "utf-32"])
def test_a_source_saved_as_utf_16_with_or_without_its_byte_order_mark_reads_as_its_text(tmp_path, encoding):
    # Without a byte-order mark, "1\x00.\x000\x00" is valid UTF-8, and the import failed on its first NUL. (UTF-32's
    # mark starts as UTF-16's: it was read as UTF-16 and failed on a NUL, a review.)
    source = tmp_path / "book.txt"
    source.write_bytes(TEXT.encode(encoding))
    assert read_source(source, "rulesets/rl/sources/book.txt") == TEXT.replace("\r\n", "\n")


def test_utf_8_text_with_a_stray_nul_is_no_utf_16():
    # (the characters check then names the NUL's line and column)
    data = TEXT.replace("Costs", "Co\x00sts").encode("utf-8")
    from build_tools.source_encoding import decoded
    assert decoded(data, "book.txt") == TEXT.replace("Costs", "Co\x00sts")


def test_utf_16_cut_in_the_middle_of_a_character_fails_naming_the_line(tmp_path):
    source = tmp_path / "book.txt"
    source.write_bytes("\ufeff".encode("utf-16-le") + TEXT.encode("utf-16-le")[:-1])
    with pytest.raises(SourceError) as error:
        read_source(source, "rulesets/rl/sources/book.txt")
    assert error.value.line == 5
    assert "not valid UTF-16" in error.value.reason and "save the file as UTF-8" in error.value.reason


def test_bytes_of_no_unicode_encoding_still_fail_as_not_utf_8(tmp_path):
    source = tmp_path / "book.txt"
    source.write_bytes(TEXT.encode("latin-1"))
    with pytest.raises(SourceError) as error:
        read_source(source, "rulesets/rl/sources/book.txt")
    assert error.value.line == 3 and "not valid UTF-8: byte 0xfc" in error.value.reason
