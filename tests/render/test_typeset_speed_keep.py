"""Headings kept with what follows them lay out as reportlab's own KeepTogether lays them out: a seed
rulebook built with document.KeepGroup (measured without copying the frame) is the very PDF built
with reportlab's class."""
from __future__ import annotations

import io

from reportlab.platypus import KeepTogether

from builder.load.game import load_game
from builder.render.typeset.document import KeepGroup, Layout, TypesetDocument
from builder.render.typeset.rulebook import rulebook_story
from tests.conftest import CONTENT


def _built(keep_class: type) -> tuple[bytes, int]:
    """Return the English rulebook of the first seed game built with this keep-together class, and
    how many groups the document made."""
    game = load_game(CONTENT / "next-war")
    book = game.rulebooks[0]
    layout = Layout(game.game.print.papers[0], columns=2)
    story, contents, index = rulebook_story(game, book, layout)
    made: list[object] = []

    class Counted(keep_class):
        def __init__(self, *args: object, **options: object) -> None:
            super().__init__(*args, **options)
            made.append(self)

    buffer = io.BytesIO()
    document = TypesetDocument(buffer, layout, title="t", lang=book.lang, contents=contents)
    document.keepTogetherClass = Counted
    document.build(story, canvasmaker=index.getCanvasMaker())
    return buffer.getvalue(), len(made)


def test_keep_groups_lay_out_as_reportlab_keep_together() -> None:
    ours, groups = _built(KeepGroup)
    assert groups > 100
    assert ours == _built(KeepTogether)[0]
