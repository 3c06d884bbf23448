"""Speed mechanisms that can be switched off, to weigh what each one buys against what it costs to keep.

`SANDTABLE_WITHOUT=name,name` (read here, once, when sandtable is imported) makes the code take the plain
way instead of the mechanism's: the output is the same document (not always the same bytes). bench/rent.py
builds with each mechanism switched off in turn and writes the rent table (bench/rent.md, README). A
mechanism stays only while it buys at least 5% of a cold seed-game build or 10% of the 10,000-counter case.
"""
from __future__ import annotations

import os
import sys

MECHANISMS: dict[str, str] = {
    "pdf-compile": "render/pdf.py, pdf_paths.py, pdf_forms.py: drawings compiled once to content-stream text "
                   "and reused on every canvas, forms written without beginForm",
    "collector": "collector.py: the cyclic garbage collector paused and frozen around big allocations",
    "once": "work the same in several files done once: a board's layers common to its languages rasterised once "
            "(emit/vassal/art.py, raster.py), a hex map's wordless layers and hex numbers drawn once for all languages "
            "(render/maps/sheet.py) and compiled once for every sheet (render/pdf_compile.py LAYER_ITEMS), a font "
            "subset made and a PDF stream deflated once for all the papers of a sheet (render/fonts.py, "
            "render/deflate.py)",
    "shared-first": "what several tasks of a build draw the same (map sheets and their content streams, counters, "
                    "charts' grids) drawn once, in the build's process, before it forks them (pipeline/emitters.py "
                    "SHARED_DRAWINGS, pipeline/scheduling.py)",
}
"""Each mechanism's switch name and what it is."""

_ASKED = frozenset(name.strip() for name in os.environ.get("SANDTABLE_WITHOUT", "").split(",") if name.strip())
_UNKNOWN = _ASKED - MECHANISMS.keys()
if _UNKNOWN:  # a usage error (exit 2), found before anything is read or written
    print(f"error: SANDTABLE_WITHOUT names no mechanism {', '.join(sorted(_UNKNOWN))}; known: {', '.join(MECHANISMS)}",
          file=sys.stderr)
    raise SystemExit(2)


def kept(name: str) -> bool:
    """Return whether the mechanism `name` is in use (not switched off by SANDTABLE_WITHOUT)."""
    return name not in _ASKED
