"""Every stream of every PDF is deflated by builder.render.deflate (zlib, at its LEVEL) and none is in
ASCII85, whichever emitter is the first (or only) one a process imports; what it deflates is the same
bytes on every run and in every process, and inflates back with zlib."""
from __future__ import annotations

import json
import re
import subprocess
import sys
import zlib

import pytest

from builder.render.deflate import LEVEL, deflate, deflater
from tests.conftest import MINIMAL, ROOT

STREAM = re.compile(rb"<<([^<>]*(?:<<[^<>]*>>[^<>]*)*)>>\s*stream\r?\n")
LENGTH = re.compile(rb"/Length (\d+)")

# each emitter run alone in a fresh interpreter, so that none of them has the filter installed by another
ALONE = """
import json, sys
from pathlib import Path
import builder.pipeline.emitters as b
from builder.load.game import load_game
emitter = next(e for e in b.EMITTERS if e.__name__ == sys.argv[1])
game = load_game(Path(sys.argv[2]))
made = [a for part in b.parts_of(emitter, game) for a in emitter(part) if a.path.endswith(".pdf")]
print(json.dumps({a.path: a.data.hex() for a in made}))
"""


def deflated_streams(pdf: bytes) -> list[bytes]:
    """Return the raw bytes of every FlateDecode stream of a PDF written by reportlab."""
    found = []
    for match in STREAM.finditer(pdf):
        head = match.group(1)
        if b"/FlateDecode" in head:
            length = int(LENGTH.search(head).group(1))
            found.append(pdf[match.end():match.end() + length])
    return found


@pytest.mark.parametrize("emitter", ["emit_rulebook_pdf", "emit_setup_pdf", "emit_counters", "emit_map_pdfs",
                                     "emit_charts_pdf"])
def test_every_stream_is_deflated_at_the_projects_level(emitter: str) -> None:
    done = subprocess.run([sys.executable, "-c", ALONE, emitter, str(MINIMAL)], capture_output=True, text=True,
                          cwd=ROOT, check=True)
    pdfs = {path: bytes.fromhex(data) for path, data in json.loads(done.stdout).items()}
    assert pdfs, f"{emitter} made no PDF of the minimal game"
    for path, pdf in pdfs.items():
        assert b"/ASCII85Decode" not in pdf, f"{path} has a stream in ASCII85"
        streams = deflated_streams(pdf)
        assert streams, f"{path} has no deflated stream"
        for stream in streams:
            assert deflate(zlib.decompress(stream)) == stream, \
                f"a stream of {path} is not deflated by render.deflate at level {LEVEL}"


PAGE = b"".join(b"%d %d m %d %d l S\n" % (n, n * 7 % 311, n * 13 % 97, n) for n in range(2000))
"""A page's worth of PDF operators."""


def test_zlibs_deflate_would_be_told_apart() -> None:
    # the check above can fail: a page's worth of operators deflates differently through reportlab's zlib
    assert zlib.compress(PAGE) != deflate(PAGE)
    assert zlib.compress(PAGE, 3) != deflate(PAGE)


def test_deflating_gives_the_same_bytes_every_time_and_zlib_inflates_them() -> None:
    once = deflate(PAGE)
    assert deflate(PAGE) == once
    assert zlib.decompress(once) == PAGE
    pieces = deflater()
    streamed = b"".join((pieces.compress(PAGE[:5000]), pieces.compress(PAGE[5000:]), pieces.flush()))
    assert zlib.decompress(streamed) == PAGE
    bare = deflater(raw=True)
    assert zlib.decompress(bare.compress(PAGE) + bare.flush(), -15) == PAGE


# deflates streams of every length up to a few hundred bytes (a counter's form, a short page) and prints a
# digest of them all; the process first takes and frees some memory, so that no two start alike
IN_A_FRESH_PROCESS = """
import hashlib, os, random, sys
from builder.render.deflate import deflate
scratch = [os.urandom(int(sys.argv[1])) for _ in range(3)]
del scratch
words = random.Random(2)
digest = hashlib.sha256()
for length in range(1, 600):
    digest.update(deflate(bytes(65 + words.randint(0, 5) for _ in range(length))))
print(digest.hexdigest())
"""


def test_every_process_deflates_the_same_bytes() -> None:
    # ISA-L's deflate gave other bytes for short streams in about one process in ten: a build on several
    # processes then differed from one on a single process
    digests = {subprocess.run([sys.executable, "-c", IN_A_FRESH_PROCESS, str(4099 * run + 7)], capture_output=True,
                              text=True, cwd=ROOT, check=True).stdout for run in range(16)}
    assert len(digests) == 1, digests
