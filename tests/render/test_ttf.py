"""builder/render/ttf.py: the faces read fast are the faces reportlab reads, attribute for attribute."""
from __future__ import annotations

import pytest
from reportlab.pdfbase.ttfonts import TTFError, TTFont, TTFontFace

from builder.render import ttf
from builder.render.fonts import FACES

READ_STATE = {"_pos", "_pdfScale"}
"""What reportlab leaves on a face as it reads it: where its reading stopped, and a lambda."""


def _same(mine: object, theirs: object) -> bool:
    """Whether two attribute values are equal, dictionaries in the same order and numbers of the same type."""
    if isinstance(theirs, dict):
        return list(mine.items()) == list(theirs.items())
    if isinstance(theirs, (list, tuple)):
        return len(mine) == len(theirs) and all(_same(a, b) for a, b in zip(mine, theirs))
    return type(mine) is type(theirs) and mine == theirs


def _differences(mine: object, theirs: object) -> list[str]:
    ours, reportlabs = vars(mine), vars(theirs)
    assert ours.keys() == reportlabs.keys()
    return [name for name in reportlabs if name not in READ_STATE and not _same(ours[name], reportlabs[name])]


@pytest.mark.parametrize("face", sorted(FACES.values(), key=lambda f: f.file), ids=lambda f: f.file)
def test_every_shipped_face_reads_as_reportlab_reads_it(face) -> None:
    mine, theirs = ttf.QuickFace(str(face.path)), TTFontFace(str(face.path))
    assert _differences(mine, theirs) == []
    assert len(mine.charWidths) > 5000 and mine.glyphPos[-1] > 0  # read, not left empty on both sides


def test_a_quick_font_is_set_up_as_reportlab_sets_a_font_up() -> None:
    face = FACES[("sans", False)]
    mine, theirs = ttf.quick_font(face.pdf_name, str(face.path)), TTFont(face.pdf_name, str(face.path))
    assert type(mine) is TTFont  # the PDF writer treats this class, and no subclass, its own way
    assert [name for name in vars(theirs) if name not in ("face", "encoding", "state")
            and vars(mine)[name] != vars(theirs)[name]] == []
    assert vars(mine).keys() == vars(theirs).keys()
    assert mine.stringWidth("Gazala, 26 maja 1942 — żółć", 10) == theirs.stringWidth("Gazala, 26 maja 1942 — żółć", 10)


def test_a_character_map_read_here_in_no_format_falls_back_to_reportlab(monkeypatch) -> None:
    monkeypatch.setattr(ttf, "_FAST_CMAPS", ())
    face = FACES[("condensed", True)]
    assert _differences(ttf.QuickFace(str(face.path)), TTFontFace(str(face.path))) == []


def test_a_broken_face_raises_what_reportlab_raises(tmp_path) -> None:
    data = bytearray(FACES[("sans", False)].path.read_bytes())
    data[:4] = b"OTTO"  # a PostScript-outline font: reportlab refuses it
    broken = tmp_path / "broken.ttf"
    broken.write_bytes(bytes(data))
    with pytest.raises(TTFError, match="postscript outlines are not supported"):
        ttf.QuickFace(str(broken))
