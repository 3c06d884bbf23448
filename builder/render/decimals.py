"""Many numbers printed as decimal text at once: a map's terrain patterns hold some 200,000.

Printing them one by one (reportlab's fp_str for the PDF, "%.3f" for the SVG) costs a third of a
microsecond each. Here numpy rounds them all by integer arithmetic and writes their characters as
32-bit words, three digits a word from a table, with the operators that go between them; every byte
not printed is 0, and the zeros go in one `bytes.translate`. A number scaled to its last decimal,
`v * 10**places`, is the exact product rounded once, so its nearest whole number is the correctly
rounded decimal printf gives; the few that lie within that rounding error of a tie are rounded
exactly, as fractions (half to even, as printf).
"""
from __future__ import annotations

import math
from fractions import Fraction
from typing import Literal, Sequence

import numpy as np

from builder.mechanisms import kept

Style = Literal["fp_str", "num"]
"""How numbers are printed: as reportlab's fp_str (PDF) or as render.svg.num (SVG)."""
_TENS = 10 ** np.arange(19, dtype=np.int64)
_ERROR = 2.0 ** -50
"""Bound on the relative error of a scaled value (one rounding, 2**-53), with room to spare."""
BIGGEST = 1e9
"""Numbers from this size on are left to the caller: in millionths they would not be whole numbers exactly."""
_POWERS = 10.0 ** np.arange(1, 7)
"""The powers of ten from which fp_str prints one decimal fewer."""
FP_ZERO = 1e-7
"""fp_str prints numbers no bigger than this as 0."""
BLOCK = 16384
"""Numbers printed at a time: the arrays worked on stay small, and in the cache."""


def _words(rows: list[bytes]) -> np.ndarray:
    """Return byte strings of four as 32-bit words (in the machine's byte order, as they are viewed back)."""
    return np.frombuffer(b"".join(rows), dtype=np.uint32)


def _mask(*kept: bool) -> bytes:
    """Return a mask of four bytes that keeps the bytes marked True."""
    return bytes(0xFF if keep else 0 for keep in kept)


_WHOLE = _words([b"\0" + f"{n:03d}".encode("ascii") for n in range(1000)])
"""Three digits of the whole part, after a byte for the sign."""
_TENTHS = _words([b"." + f"{n:03d}".encode("ascii") for n in range(1000)])
"""The point and the first three decimals."""
_THOUSANDTHS = _words([f"{n:03d}".encode("ascii") + b"\0" for n in range(1000)])
"""The next three decimals."""
_TRAILING_ZEROS = np.array([3] + [len(f"{n:03d}") - len(f"{n:03d}".rstrip("0")) for n in range(1, 1000)])
_LAST_DIGITS = _words([_mask(False, count >= 3, count >= 2, count >= 1) for count in range(4)])
"""Masks keeping the last 0-3 digits of a word of the whole part."""
_POINT_AND = _words([_mask(count > 0, count >= 1, count >= 2, count >= 3) for count in range(4)])
"""Masks keeping the point and the first 0-3 decimals (no point without decimals)."""
_FIRST_DIGITS = _words([_mask(count >= 1, count >= 2, count >= 3, False) for count in range(4)])
"""Masks keeping the first 0-3 of the next decimals."""
_DASH = _words([b"-\0\0\0"])[0]
_NO_UNITS = ~_words([_mask(False, False, False, True)])[0]
"""Drops the units digit of the last word of the whole part."""


def _fp_places(values: np.ndarray) -> np.ndarray:
    """Return the decimals fp_str prints each number with: six below 10, one fewer for each further digit
    before the point (none from a million). fp_str counts the digits by a logarithm, which may round up
    just below a power of ten: numbers that near one are counted by the same logarithm."""
    size = np.abs(values)
    places = np.full(len(values), 6, dtype=np.int64)
    near = np.zeros(len(values), dtype=bool)
    for power in _POWERS:
        places -= size >= power
        near |= np.abs(size - power) <= power * 1e-12
    for index in np.flatnonzero(near):
        places[index] = min(max(0, 6 - int(math.log10(size[index]))), 6)
    return places


def _rounded(values: np.ndarray, places: np.ndarray) -> np.ndarray:
    """Return each number rounded to its places, in units of its last place, as printf rounds it."""
    scaled = values * _TENS[places]
    rounded = np.rint(scaled)
    for index in np.flatnonzero(np.abs(scaled - np.floor(scaled) - 0.5) <= np.abs(scaled) * _ERROR):
        rounded[index] = round(Fraction(float(values[index])) * 10 ** int(places[index]))
    return rounded


def _number_words(millionths: np.ndarray, negative: np.ndarray, bare_fraction: bool) -> np.ndarray:
    """Return the characters of each number, given in millionths, as words (the whole part three digits
    a word, the sign in the first word's spare byte; then the point and six decimals), every byte not
    printed made 0: leading zeros, trailing zeros in the decimals, a point without decimals and, with
    `bare_fraction`, the zero before the point of a positive number below one (fp_str's ".5").

    Everything is a 1-D array operation on words: numpy is slow on rows of a few bytes.
    """
    whole, fraction = np.divmod(millionths, 1_000_000)
    high, low = np.divmod(fraction, 1000)
    kept = np.where(low != 0, 6 - _TRAILING_ZEROS[low], np.where(high != 0, 3 - _TRAILING_ZEROS[high], 0))
    width = len(str(int(whole.max(initial=0))))
    digits = np.ones(len(whole), dtype=np.int64)
    for ten in _TENS[1:width]:
        digits += whole >= ten
    groups = -(-width // 3)
    words = np.empty((len(millionths), groups + 2), dtype=np.uint32)
    rest = whole
    for group in range(groups - 1, -1, -1):
        rest, three = np.divmod(rest, 1000)
        words[:, group] = _WHOLE[three] & _LAST_DIGITS[np.clip(digits - 3 * (groups - 1 - group), 0, 3)]
    words[:, 0] |= np.where(negative, _DASH, np.uint32(0))
    if bare_fraction:
        words[:, groups - 1] &= np.where((whole == 0) & (kept > 0) & ~negative, _NO_UNITS, ~np.uint32(0))
    words[:, groups] = _TENTHS[high] & _POINT_AND[np.minimum(kept, 3)]
    words[:, groups + 1] = _THOUSANDTHS[low] & _FIRST_DIGITS[np.maximum(kept - 3, 0)]
    return words


def _numbers(values: np.ndarray, style: Style) -> np.ndarray | None:
    """Return the characters of each (finite) number printed in `style` as words (see _number_words);
    None for numbers too big to round exactly this way."""
    if (np.abs(values) >= BIGGEST).any():
        return None
    places = _fp_places(values) if style == "fp_str" else np.full(len(values), 3, dtype=np.int64)
    rounded = _rounded(values, places)
    # fp_str signs every negative number it does not print as 0 ("-0" too); num never writes "-0"
    negative = (values < 0) & (np.abs(values) > FP_ZERO) if style == "fp_str" else rounded < 0
    return _number_words(np.abs(rounded).astype(np.int64) * _TENS[6 - places], negative, style == "fp_str")


def _prefixes(pattern: list[str | None]) -> tuple[list[str], str, str]:
    """Return what goes before each number of one repeat of `pattern` (tokens joined by spaces, None
    where a number goes), what goes before the first number of the first repeat, and what follows the
    last number of the last one."""
    before: list[list[str]] = [[]]
    for token in pattern:
        if token is None:
            before.append([])
        else:
            before[-1].append(token)
    lead, *between, trail = before
    others = [" " + "".join(f"{token} " for token in tokens) for tokens in [trail + lead, *between]]
    return others, "".join(f"{token} " for token in lead), "".join(f" {token}" for token in trail)


def _prefix_words(texts: list[str]) -> np.ndarray:
    """Return texts as rows of words, 0 after the text."""
    size = -(-max(map(len, texts)) // 4) * 4
    return _words([text.encode("ascii").ljust(size, b"\0") for text in texts]).reshape(len(texts), -1)


def joined(values: Sequence[float] | np.ndarray, pattern: list[str | None], style: Style) -> str | None:
    """Return `pattern` (tokens, None where a number goes) repeated over all the numbers, tokens and
    numbers joined by spaces, each number printed in `style`; None when some number is too big (or not
    finite) for this, or the numbers do not fill the repeats."""
    if not kept("decimals"):
        return None
    values = np.asarray(values, dtype=float)
    slots = pattern.count(None)
    if not slots or not len(values) or len(values) % slots or not np.isfinite(values).all():
        return None
    others, first, tail = _prefixes(pattern)
    lead = _prefix_words(others + [first])
    block = max(1, BLOCK // slots) * slots
    tiled = np.tile(lead[:-1], (block // slots, 1))
    parts = []
    for start in range(0, len(values), block):
        words = _numbers(values[start:start + block], style)
        if words is None:
            return None
        head = tiled[:len(words)]
        if start == 0:
            head = head.copy()
            head[0] = lead[-1]
        parts.append(np.concatenate((head, words), axis=1).tobytes())
    # the bytes not printed are 0, and no printed one is
    return b"".join(parts).translate(None, b"\0").decode("ascii") + tail
