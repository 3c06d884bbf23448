"""sandtable: one YAML model of a board wargame, checked and built into print-and-play PDFs, SVG and a
VASSAL module."""
import os

# numpy's OpenBLAS starts a thread per extra core when numpy is imported, and the thread busy-waits for
# work at first: 0.1 s of CPU, while a build's other process (reading the games) needs that core.
# sandtable asks nothing of BLAS that a thread would speed up. A value the user set is kept.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# pydantic looks for plugins (entry points of every installed package) when it builds its first validator:
# 0.015-0.025 s on the way to a build's first emitters, for plugins that observe validation, which sandtable
# does not use. A value the user set is kept.
os.environ.setdefault("PYDANTIC_DISABLE_PLUGINS", "__all__")
