"""A source file's bytes as text: UTF-8, or UTF-16 as Windows saves "Unicode" text.

Notepad's "Unicode" and Word's "Unicode Text" are UTF-16, with a byte-order mark or, from some converters,
without one. Text in a Latin script is then a NUL byte beside every letter, which is valid UTF-8: read so, the
import failed on the first NUL as a control character, and the user was never told why. UTF-16 is read when a
byte-order mark says so, or when NULs stand on one side of nearly every pair of bytes and almost never on the
other (a stray NUL in UTF-8 text is no such pattern, and is reported as a control character, as before).
"""

from __future__ import annotations

import codecs

from build_tools.errors import SourceError

# How many byte pairs from the start the pattern is judged on, and the share of them that must show it.
_SAMPLE_PAIRS = 512
_NUL_SHARE = 0.9


def decoded(data: bytes, source_label: str) -> str:
    """``data`` as text: UTF-16 as above, else strict UTF-8 (a leading byte-order mark is encoding, not text)."""
    encoding = _utf_16(data)
    if encoding is None:
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as error:
            line = data.count(b"\n", 0, error.start) + 1
            raise SourceError(source_label, line, f"not valid UTF-8: byte 0x{data[error.start]:02x} "
                                                  f"({error.reason}); save the file as UTF-8") from None
    try:
        return data.decode(encoding)
    except UnicodeDecodeError as error:
        before = data[:error.start - error.start % 2].decode(encoding, errors="replace")
        raise SourceError(source_label, before.count("\n") + 1,
                          f"not valid {encoding[:6].upper()} ({error.reason}); save the file as UTF-8") from None


def _utf_16(data: bytes) -> str | None:
    """The UTF-16 (or UTF-32) codec ``data`` is written in, or None: by its byte-order mark, else by where its NULs
    stand."""
    if data.startswith((codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)):  # (UTF-32's little-endian mark starts as UTF-16's)
        return "utf-32"
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return "utf-16"  # (the codec reads the mark and drops it)
    pairs = min(len(data) // 2, _SAMPLE_PAIRS)
    if pairs == 0:
        return None
    sample = data[:2 * pairs]
    even_nuls, odd_nuls = sample[0::2].count(0), sample[1::2].count(0)
    if odd_nuls >= _NUL_SHARE * pairs and even_nuls <= (1 - _NUL_SHARE) * pairs:
        return "utf-16-le"
    if even_nuls >= _NUL_SHARE * pairs and odd_nuls <= (1 - _NUL_SHARE) * pairs:
        return "utf-16-be"
    return None
