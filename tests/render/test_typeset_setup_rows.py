"""The setup card's rows flowable writes the bytes reportlab's Table wrote for the same rows and style."""
from __future__ import annotations

import io

import pytest
from reportlab.lib.colors import HexColor
from reportlab.platypus import Flowable, Table, TableStyle

from builder.load.game import load_game
from builder.render.typeset.document import Layout, TypesetDocument
from builder.render.typeset.flowables import Heading, Para
from builder.render.typeset.setup_card import BODY_PT, game_cells, rows_grid
from builder.render.typeset.setup_rows import CellRow, Grid, SetupRows
from builder.render.typeset.styles import styles, table_commands
from tests.conftest import CONTENT
from tests.emit.pdf_reading import reader

LAYOUT = Layout("a4", columns=2)


def _cells(count: int) -> list[CellRow]:
    """Return rows of real counters, some without a picture, names and places of one to several lines."""
    game = load_game(CONTENT / "gazala-1942")
    made = game_cells(game)
    units = [u.id for u in game.counters.units]
    body = styles(BODY_PT).body
    rows = []
    for n in range(count):
        piece = units[n % len(units)] if n % 7 else f"missing-{n}"
        name = f"{piece} " + "very long unit name " * (n % 4)
        where = f"{n:04d}" + (f"<br/><i>{'stacked with the others ' * (n % 3)}note {n}</i>" if n % 5 == 0 else "")
        rows.append((made.picture(piece, n % 2 == 1, "en"), Para(name, body), Para(where, body)))
    return rows


GRID = rows_grid(LAYOUT.column_pt)


def _table(rows: list[CellRow]) -> Table:
    """Return the rows as the setup card set them before SetupRows: a Table with its style."""
    table = Table([[cell or "" for cell in row] for row in rows], colWidths=list(GRID.widths_pt))
    table.setStyle(TableStyle(table_commands() + [
        ("VALIGN", (0, 0), (-1, -1), "MIDDLE"), ("LINEBELOW", (0, 0), (-1, -1), 0.3, HexColor("#c0c0c0")),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5),
        ("LEFTPADDING", (1, 0), (-1, -1), 3)]))
    return table


def _rows(rows: list[CellRow]) -> SetupRows:
    return SetupRows(rows, GRID)


def _pdf(story: list[Flowable]) -> bytes:
    buffer = io.BytesIO()
    TypesetDocument(buffer, LAYOUT, title="rows", lang="en", front=False).build(story)
    return buffer.getvalue()


def _story(block) -> list[Flowable]:
    st = styles(BODY_PT)
    return [Heading('<a name="s1"/>Rows', st.headings[1], key="s1", text="Rows", depth=0, in_contents=False),
            block(_cells(3)), Para("between", st.body), block(_cells(450)), block(_cells(1))]


@pytest.mark.parametrize("count", [1, 2, 30])
def test_setup_rows_write_the_tables_bytes(count: int) -> None:
    assert _pdf([_rows(_cells(count))]) == _pdf([_table(_cells(count))])


def test_setup_rows_split_over_columns_and_pages_as_the_table_did() -> None:
    ours = _pdf(_story(_rows))
    assert ours == _pdf(_story(_table))
    assert len(reader(ours).pages) > 2


def test_setup_rows_split_nothing_where_no_row_fits() -> None:
    rows = _rows(_cells(3))
    width, _ = rows.wrap(LAYOUT.column_pt, 1000)
    assert rows.split(width, 1.0) == []
    assert rows.split(width, 1000) == [rows]
    first, rest = rows.split(width, rows.measured[0].height_pt)
    assert len(first.measured) == 1 and len(rest.measured) == 2 and rest.continued and not first.continued


def test_setup_rows_set_top_aligned_cells_as_the_replacement_table_did() -> None:
    """The replacement pools: four columns of paragraphs (one left empty) at the top of their rows."""
    body = styles(BODY_PT).body
    widths = tuple(LAYOUT.column_pt * f for f in (0.25, 0.45, 0.12, 0.18))
    grid = Grid(widths, (0, 0, 0, 0), 0.5, 0.5, middle=False)

    def data() -> list[CellRow]:
        return [(Para("<b>Side</b>", body), Para("pool " * (n % 9), body), None if n == 3 else Para(str(n), body),
                 Para("turn", body)) for n in range(120)]

    table = Table([[cell or "" for cell in row] for row in data()], colWidths=list(widths))
    table.setStyle(TableStyle(table_commands() + [("LINEBELOW", (0, 0), (-1, -1), 0.3, HexColor("#c0c0c0"))]))
    assert _pdf([SetupRows(data(), grid)]) == _pdf([table])
