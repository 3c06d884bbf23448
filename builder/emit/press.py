"""Press PDFs: the printed components converted for a print shop: CMYK through a colour-managed path, with
a PDF/X-3 output intent, fonts embedded, TrimBox and BleedBox on every page.

reportlab writes RGB only and knows no PDF/X. Ghostscript's pdfwrite converts every colour through
littleCMS from sRGB to the CMYK ICC profile Ghostscript ships (`default_cmyk.icc`, a SWOP-like press
profile) and, with -dPDFX, writes the PDF/X-3 version key and a TrimBox and BleedBox on pages that have
none; the output intent itself, carrying that same profile, is made by the pdfmark program below. Links
are dropped (PDF/X allows no annotations); a press file is for printing, the ordinary PDFs for reading.

Ghostscript puts a time-based /ID in the trailer: it is replaced by a hash of the file, so the same
content gives the same bytes (SOURCE_DATE_EPOCH pins the dates).
"""
from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

from builder.emit.output import Artifact

KIND = "press-pdf"
PDFX_VERSION = "PDF/X-3:2002"
ICC_PROFILE = Path("/usr/share/color/icc/ghostscript/default_cmyk.icc")
"""The CMYK output profile, from Debian's `ghostscript` package (the Makefile's BUILD_TOOLS)."""
EPOCH = "946684800"
"""2000-01-01, the date reportlab's invariant mode writes: the press files carry the same."""
PRESSED_KINDS = ("counters-pdf", "map-pdf", "charts-pdf", "aid-pdf", "rules-pdf", "setup-pdf")
"""The printed documents a press file is made for: one paper each (the first), and maps at full size."""

_OUTPUT_INTENT = """\
[ /GTS_PDFXVersion ({version}) /Trapped /False /DOCINFO pdfmark
[ /_objdef {{press_profile}} /type /stream /OBJ pdfmark
[ {{press_profile}} << /N 4 >> /PUT pdfmark
[ {{press_profile}} ({profile}) (r) file /PUT pdfmark
[ /_objdef {{press_intent}} /type /dict /OBJ pdfmark
[ {{press_intent}} << /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier (Custom)
    /OutputCondition (CMYK offset print, Ghostscript default_cmyk.icc) /RegistryName (http://www.color.org)
    /Info (default_cmyk.icc) /DestOutputProfile {{press_profile}} >> /PUT pdfmark
[ {{Catalog}} << /OutputIntents [ {{press_intent}} ] >> /PUT pdfmark
"""
class PressError(RuntimeError):
    """Ghostscript is missing or failed: the press files cannot be made."""


def ghostscript() -> str:
    """Return the Ghostscript command, or raise PressError saying how to install it."""
    found = shutil.which("gs")
    if found is None or not ICC_PROFILE.is_file():
        raise PressError("press PDFs need Ghostscript and its CMYK profile: install the Debian package "
                         "`ghostscript` (`make build` does), or set `print.press: false`")
    return found


def _command(gs: str, program: Path, source: Path, target: Path) -> list[str]:
    return [gs, "-q", "-dNOPAUSE", "-dBATCH", "-dSAFER", f"--permit-file-read={ICC_PROFILE}",
            "-sDEVICE=pdfwrite", "-dPDFX", "-dCompatibilityLevel=1.4", "-dPreserveAnnots=false",
            "-dEmbedAllFonts=true", "-sColorConversionStrategy=CMYK", "-sProcessColorModel=DeviceCMYK",
            f"-sOutputICCProfile={ICC_PROFILE}", f"-sOutputFile={target}", str(program), str(source)]


def _trailer_id(data: bytes) -> tuple[int, int]:
    """Return where the trailer's /ID entry stands, from `/ID` to the bracket that closes its array.

    Ghostscript writes the two strings in hex (`<…>`) or as literal strings (`(…)`, with backslash escapes and
    balanced parentheses), in which a bracket may stand: the array is read, not matched by a pattern."""
    start = data.rfind(b"/ID", data.rfind(b"trailer"))
    at = data.find(b"[", start) + 1
    if start < 0 or at <= 0:
        raise PressError("Ghostscript wrote a PDF without a trailer /ID (a version this sandtable does not know)")
    depth = 0
    while at < len(data):
        byte = data[at:at + 1]
        if depth and byte == b"\\":
            at += 1
        elif byte == b"(":
            depth += 1
        elif depth and byte == b")":
            depth -= 1
        elif not depth and byte == b"]":
            return start, at + 1
        at += 1
    raise PressError("Ghostscript wrote a PDF whose trailer /ID does not end")


def _with_fixed_id(data: bytes) -> bytes:
    """Return Ghostscript's output with its trailer /ID (made of the time) replaced by a hash of the rest of
    the file; the trailer follows the cross-reference table, so no offset moves.

    Not of the input: Ghostscript writes every stream anew, so two inputs that differ only in how their
    streams were deflated give one press file, and one ID."""
    start, end = _trailer_id(data)
    fixed = hashlib.sha256(data[:start] + data[end:]).hexdigest()[:32].upper().encode("ascii")
    return data[:start] + b"/ID [<" + fixed + b"><" + fixed + b">]" + data[end:]


def press_pdfs(sources: list[Artifact]) -> list[Artifact]:
    """Return the press version of each source PDF, at `press/<its path>`; the conversions run side by side."""
    if not sources:
        return []
    gs = ghostscript()
    env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH}
    with tempfile.TemporaryDirectory(prefix="sandtable-press-") as scratch:
        folder = Path(scratch)
        program = folder / "pdfx.ps"
        program.write_text(_OUTPUT_INTENT.format(version=PDFX_VERSION, profile=ICC_PROFILE), encoding="ascii")
        window = max(1, os.cpu_count() or 1)
        pressed: list[Artifact] = []
        for start in range(0, len(sources), window):
            pressed += _convert(gs, program, folder, list(enumerate(sources))[start:start + window], env)
    return pressed


def _convert(gs: str, program: Path, folder: Path, batch: list[tuple[int, Artifact]], env: dict) -> list[Artifact]:
    """Return the press files of one batch of sources, converted by one Ghostscript process each."""
    running = []
    for n, artifact in batch:
        source, target = folder / f"{n}.pdf", folder / f"{n}-press.pdf"
        source.write_bytes(artifact.data)
        running.append(subprocess.Popen(_command(gs, program, source, target), env=env,
                                        stdout=subprocess.PIPE, stderr=subprocess.STDOUT))
    pressed = []
    for (n, artifact), process in zip(batch, running):
        said = process.communicate()[0].decode("utf-8", "replace").strip()
        if process.returncode != 0 or said:  # a warning means it fell back to plain PDF: not a press file
            raise PressError(f"Ghostscript could not make the press file of {artifact.path}: {said}")
        data = _with_fixed_id((folder / f"{n}-press.pdf").read_bytes())
        pressed.append(Artifact(KIND, f"press/{artifact.path}", data,
                                {"source": artifact.path, "lang": artifact.extra.get("lang", ""), "pdfx": PDFX_VERSION,
                                 "colour": "CMYK"}))
    return pressed


def to_press(artifacts: list[Artifact], first_paper: str) -> list[Artifact]:
    """Return which of the printed documents get a press file: those on the first paper, and full-size maps."""
    return [a for a in artifacts if a.kind in PRESSED_KINDS and a.path.endswith(".pdf")
            and a.extra.get("layout", "full") == "full" and a.extra.get("paper", first_paper) == first_paper]
