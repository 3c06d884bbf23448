"""VASSAL's SequenceEncoder: tokens joined by one delimiter, with VASSAL's own escaping and quoting.

Described from VASSAL `tools/SequenceEncoder.java` (never copied): the encoder puts a backslash before
every delimiter inside a token and wraps a token that starts with a backslash, or starts and ends with
a quote, in one more pair of quotes; the decoder treats a delimiter right after a backslash as part of
the token, drops that one backslash, and strips one enclosing pair of quotes. Nested chains therefore
gain one backslash per level. The decoder below follows the engine's algorithm step by step, quirks
included (a token that ends in a backslash does not survive a round trip, in VASSAL either).
"""
from __future__ import annotations

from typing import Iterable

SLASH = "/"
"""Delimiter of the fields of a command (`+/id/type/state`)."""
TAB = "\t"
"""Delimiter of a trait chain (outermost trait first)."""
SEMI = ";"
"""Delimiter of the fields of one trait."""
COMMA = ","
"""Delimiter of a list inside one field (images, level names, keystroke lists)."""
ESC = "\x1b"
"""Delimiter of the commands of a saved game."""
QUOTE = "'"
BACKSLASH = "\\"


def encode_token(token: str, delimiter: str) -> str:
    """Return one token as VASSAL writes it between `delimiter`s."""
    if not token:
        return ""
    escaped = token.replace(delimiter, BACKSLASH + delimiter) if delimiter in token else token
    first = token[0]
    if first == BACKSLASH or (first == QUOTE and token[-1] == QUOTE):
        return QUOTE + escaped + QUOTE
    return escaped


def encode(tokens: Iterable[str], delimiter: str) -> str:
    """Return the tokens joined as VASSAL's SequenceEncoder joins them (an empty list gives "")."""
    texts = tokens if type(tokens) is tuple else tuple(tokens)
    try:
        joined = delimiter.join(texts)
    except TypeError:  # a number among the tokens
        texts = tuple(token if type(token) is str else str(token) for token in texts)
        joined = delimiter.join(texts)
    # the common case, told by a few scans of the joined text: no delimiter inside a token and no
    # backslash or quote anywhere, so nothing to escape or quote
    if joined.count(delimiter) == max(len(texts) - 1, 0) and BACKSLASH not in joined and QUOTE not in joined:
        return joined
    for text in texts:
        if delimiter in text or text[:1] in _SPECIAL:
            return delimiter.join([encode_token(t, delimiter) for t in texts])
    return joined


_SPECIAL = (BACKSLASH, QUOTE)
"""First characters that may make a token need quotes."""


def _unquote(token: str) -> str:
    if len(token) > 1 and token.startswith(QUOTE) and token.endswith(QUOTE):
        return token[1:-1]
    return token


def _next_token(text: str, start: int, delimiter: str) -> tuple[str, int | None]:
    """Return the token that begins at `start` and where the next one begins (None at the end)."""
    pieces: list[str] = []
    index = start
    while index < len(text):
        if text[index] == delimiter:
            if index > 0 and text[index - 1] == BACKSLASH:
                pieces.append(text[start:index - 1])
                start = index
            else:
                pieces.append(text[start:index])
                return _unquote("".join(pieces)), index + 1
        index += 1
    pieces.append(text[start:])
    return _unquote("".join(pieces)), None


def decode(text: str | None, delimiter: str) -> list[str]:
    """Return the tokens of a VASSAL sequence; "" decodes to one empty token, None to none."""
    if text is None:
        return []
    tokens: list[str] = []
    position: int | None = 0
    while position is not None:
        if position == len(text):
            tokens.append("")
            break
        token, position = _next_token(text, position, delimiter)
        tokens.append(token)
    return tokens


def padded(tokens: list[str], count: int) -> list[str]:
    """Return `tokens` cut or filled with "" to exactly `count` fields (missing trailing fields read empty)."""
    return (tokens + [""] * count)[:count]
