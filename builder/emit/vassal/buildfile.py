"""buildFile.xml: the module's component tree, from the module plan."""
from __future__ import annotations

from builder.emit.vassal.boards import BoardPlan
from builder.emit.vassal.combat import helper_piece
from builder.emit.vassal.components import (MAP, MODULE, board_picker, draw_pile, hide_pieces_button,
                                            map_components, map_element, map_tail, module_header, notes_window,
                                            overview_map, player_roster, range_thread)
from builder.emit.vassal.documents import Document, about_entries, documentation
from builder.emit.vassal.game_parts import (charts_window, dice_buttons, inventory, return_chits_button,
                                            turn_tracker)
from builder.emit.vassal.piece_traits import palette_piece, prototype_piece
from builder.plan.vassal.pieces import PiecePlan, gpid_of
from builder.emit.vassal.plan import ModulePlan
from builder.emit.vassal.play import NOBODY, Play
from builder.emit.vassal.trait_kinds import REFEREE
from builder.emit.vassal.traits import Piece, add_piece
from builder.plan.vassal.words import word
from builder.emit.vassal.xmlwrite import Element, element
from builder.emit.vassal.zones import TableZone
from builder.model.base import text_in
from builder.model.units import parse_length_mm

BOARD = MAP + "boardPicker.Board"
GRID = MAP + "boardPicker.board."
WIDGET = "VASSAL.build.widget."


def counter_px(plan: ModulePlan) -> int:
    """Return a counter's width in the module's pixels."""
    return round(parse_length_mm(plan.game.game.print.counter_size) * plan.scale)


def piece_slot(piece: PiecePlan, size: int, *, gpid: int | None = None, card: bool = False, level: int = 1,
               made: Piece | None = None, play: Play = NOBODY) -> Element:
    """Return a palette slot (or a deck's card slot, or an at-start stack's slot) holding the piece;
    `made` is its palette_piece when the caller has it, `play` how it plays."""
    text = add_piece(made or palette_piece(piece, gpid, level, play))
    return element(WIDGET + ("CardSlot" if card else "PieceSlot"), body=text, entryName=piece.name,
                   gpid=str(gpid or piece.gpid), height=str(size), width=str(size))


def _list_widget(name: str, children: list[Element]) -> Element:
    return element(WIDGET + "ListWidget", children, divider="150", entryName=name, height="0", scale="1.0",
                   width="0")


def _piece_window(name: str, tabs: list[Element]) -> Element:
    return element(MODULE + "PieceWindow", [element(WIDGET + "TabWidget", tabs, entryName=name)], defaultWidth="0",
                   hidden=False, hotkey="", icon="", name=name, scale="1.0", text=name, tooltip=name)


def _by_group(pieces: list[PiecePlan]) -> dict[str, list[PiecePlan]]:
    """Return the pieces by palette group, groups in order of first appearance."""
    groups: dict[str, list[PiecePlan]] = {}
    for piece in pieces:
        groups.setdefault(piece.group, []).append(piece)
    return groups


def unit_palette(plan: ModulePlan) -> Element:
    """Return the counters palette: a tab per side, a list per formation."""
    size, lang, other = counter_px(plan), plan.lang, word("other", plan.lang)
    units = [p for p in plan.pieces if p.kind == "unit"]
    sides = {s.id: text_in(s.name, lang) for s in plan.game.game.sides}
    tabs = []
    for side in [*sides, ""]:
        mine = [p for p in units if p.side == side or (side == "" and p.side not in sides)]
        lists = [_list_widget(g or other, [piece_slot(p, size, made=plan.palette_piece(p)) for p in members])
                 for g, members in _by_group(mine).items()]
        if lists:
            tabs.append(_list_widget(sides.get(side, other), lists))
    return _piece_window(word("counters", lang), tabs)


HELPER_KEY = "combat-helper"
"""The gpid key of the combat helper's slot."""


def marker_palette(plan: ModulePlan) -> Element | None:
    """Return the markers palette: a list per kind of marker, and the combat helper; None without either."""
    markers = [p for p in plan.pieces if p.kind == "marker"]
    size = counter_px(plan)
    tabs = [_list_widget(word(kind, plan.lang), [piece_slot(p, size, made=plan.palette_piece(p)) for p in members])
            for kind, members in _by_group(markers).items()]
    if plan.combat is not None:
        name = word("helper", plan.lang)
        made = helper_piece(plan.combat, name, gpid_of(HELPER_KEY))
        tabs.append(_list_widget(name, [element(WIDGET + "PieceSlot", body=add_piece(made), entryName=name,
                                                gpid=str(gpid_of(HELPER_KEY)), height=str(size), width=str(size))]))
    return _piece_window(word("markers", plan.lang), tabs) if tabs else None


def prototypes_container(plan: ModulePlan) -> Element:
    """Return every prototype definition."""
    return element(MODULE + "PrototypesContainer", [
        element(MODULE + "PrototypeDefinition", body=add_piece(prototype_piece(p)), description="", name=p.name)
        for p in plan.prototypes])


def module_root(plan: ModulePlan, documents: list[Document], children: list[Element]) -> Element:
    """Return the GameModule element around its children."""
    gpids = [p.gpid for p in plan.pieces] + [gpid_of(k) for k in start_slot_keys(plan)] + [gpid_of(HELPER_KEY)]
    return element("VASSAL.build.GameModule", children, ModuleOther1="", ModuleOther2="",
                   VassalVersion=vassal_version(plan), description=text_in(plan.game.game.subtitle, plan.lang),
                   name=plan.name, nextPieceSlotId=str(max(gpids, default=0) + 1), version=plan.version)


def vassal_version(plan: ModulePlan) -> str:
    """Return the oldest VASSAL whose traits and components the module uses (worked out once per plan)."""
    return plan.oldest_vassal


def start_slot_keys(plan: ModulePlan) -> list[str]:
    """Return the gpid keys of the slots a new game places: at-start stacks and cups' cards."""
    keys = [f"{p.counter_id}@start:{n}" for n, p in enumerate(plan.new_game.placed)]
    keys += [f"{c}@{cup}:{n}" for cup, ids in plan.new_game.cups for n, c in enumerate(ids)]
    return keys


def build_file(plan: ModulePlan, documents: list[Document]) -> Element:
    """Return the whole buildFile.xml tree."""
    lang = plan.lang
    sides = [text_in(s.name, lang) for s in plan.game.game.sides]
    children = [element(MODULE + "BasicCommandEncoder"), documentation(documents, about_entries(plan.game)),
                player_roster([*sides, REFEREE], retire=word("retire", lang), switch=word("switch", lang)),
                *module_header(), prototypes_container(plan), unit_palette(plan)]
    markers = marker_palette(plan)
    children += [markers] if markers else []
    children += [map_xml(plan, board, main=i == 0) for i, board in enumerate(plan.boards)]
    children += dice_buttons(plan) + [turn_tracker(plan)] + charts_window(plan) + [inventory(plan)]
    children += return_chits_button(plan) + [notes_window(word("notes", lang))]
    children += [element(MODULE + "PredefinedSetup", file=f"{s.scenario.id}.vsav", isMenu=False,
                         name=text_in(s.scenario.name, lang) or s.scenario.id, useFile=True) for s in plan.setups]
    return module_root(plan, documents, [c for c in children if c is not None])


def grid_xml(board: BoardPlan, *, edges: bool = False) -> list[Element]:
    """Return a board's grid: hexes, regions, or a zoned grid holding both; a table's zones with its regions;
    `edges`: pieces may also snap to hexsides (for hexside markers)."""
    regions = [element(GRID + "Region", name=r.name, originx=str(r.x), originy=str(r.y)) for r in board.regions]
    region_grid = element(GRID + "RegionGrid", regions, fontsize="9", snapto=True, visible=False) if regions else None
    if board.zones:
        zones = [zone_xml(z) for z in board.zones]
        return [element(GRID + "ZonedGrid", zones + ([region_grid] if region_grid else []))]
    area = hex_xml(board, edges=edges) if board.hex else None
    if board.display is None or board.kind == "display":
        return [g for g in (area, region_grid) if g is not None]
    x, y, w, h = board.table_px or (0, 0, *board.hex.size_px)
    path = f"{x},{y};{x + w},{y};{x + w},{y + h};{x},{y + h}"
    zone = element(GRID + "mapgrid.Zone", [area] if area else [], highlightProperty="", locationFormat=(
        "$gridLocation$" if area else "$name$"), name=board.name, path=path, useHighlight=False, useParentGrid=False)
    return [element(GRID + "ZonedGrid", [zone] + ([region_grid] if region_grid else []))]


def zone_xml(zone: TableZone) -> Element:
    """Return a named Zone of a table: no grid of its own, a point in it is named by the zone's name."""
    return element(GRID + "mapgrid.Zone", highlightProperty="", locationFormat="$name$", name=zone.name,
                   path=zone.path, useHighlight=False, useParentGrid=False)


def hex_xml(board: BoardPlan, *, edges: bool = False) -> Element:
    """Return a HexGrid with the numbering that names each hex by its content id; pieces snap to hex centres,
    and to hexsides too with `edges`."""
    g = board.hex.vassal
    numbering = element(
        GRID + "mapgrid.HexGridNumbering", color="0,0,0", first=g.first, fontSize="9", hDescend=g.h_descend,
        hDrawOff="0", hLeading=str(g.h_leading), hOff=str(g.h_off), hType=g.h_type, locationFormat="$gridLocation$",
        rotateText="0", sep=g.sep, stagger=g.stagger, vDescend=g.v_descend, vDrawOff="-32", vLeading=str(g.v_leading),
        vOff=str(g.v_off), vType=g.v_type, visible=False)
    return element(GRID + "HexGrid", [numbering], color="0,0,0", cornersLegal=False, dotsVisible=False,
                   dx=repr(g.dx), dy=repr(g.dy), edgesLegal=edges, sideways=g.sideways, snapTo=True, visible=False,
                   x0=str(g.x0), y0=str(g.y0))


def map_xml(plan: ModulePlan, board: BoardPlan, *, main: bool) -> Element:
    """Return one Map with its board, components, range thread, at-start stacks and decks."""
    edges = any(plan.play_of(p).facings and p.kind == "marker" for p in plan.pieces)
    board_xml = element(BOARD, grid_xml(board, edges=edges), image=board.image, name=board.board_name,
                        reversible=False)
    children = [board_picker(board_xml), *map_components()]
    if board.kind in ("hex", "table"):
        per_inch = round(plan.scale * 25.4) if board.kind == "table" else 0
        children += [range_thread(word("range", plan.lang), px_per_unit=per_inch),
                     overview_map(word("overview", plan.lang)), hide_pieces_button(word("hide-pieces", plan.lang))]
    children += at_start_stacks(plan, board) + decks(plan, board) + map_tail()
    return map_element(board.name, main=main, mark_moved=board.kind != "display", children=children,
                       unmoved=word("unmoved", plan.lang))


def at_start_stacks(plan: ModulePlan, board: BoardPlan) -> list[Element]:
    """Return the at-start stacks of a blank new game that lie on this board: one per point, pieces in order."""
    points: dict[tuple[int, int], list[Element]] = {}
    names: dict[tuple[int, int], str] = {}
    for n, placed in enumerate(plan.new_game.placed):
        found, piece = plan.position(placed.target), plan.piece(placed.counter_id)
        if found is None or piece is None or found[0] is not board:
            continue
        point = (found[1], found[2])
        points.setdefault(point, []).append(piece_slot(piece, counter_px(plan), level=placed.level,
                                                       gpid=gpid_of(f"{piece.counter_id}@start:{n}"),
                                                       play=plan.play_of(piece)))
        names.setdefault(point, piece.name)
    return [element(MAP + "SetupStack", slots, location="", name=names[point], owningBoard=board.board_name,
                    useGridLocation=False, x=str(point[0]), y=str(point[1])) for point, slots in points.items()]


def decks(plan: ModulePlan, board: BoardPlan) -> list[Element]:
    """Return the board's draw piles, filled for a new game."""
    cups = dict(plan.new_game.cups)
    face_down = {c.id: c.hidden for c in plan.game.game.cups}
    found, size = [], deck_px(plan)
    for deck in board.decks:
        cup = deck.key.split(":", 1)[1]
        slots = [piece_slot(plan.piece(c), counter_px(plan), gpid=gpid_of(f"{c}@{cup}:{n}"), card=True,
                            play=plan.play_of(plan.piece(c)))
                 for n, c in enumerate(cups.get(cup, ())) if plan.piece(c)]
        found.append(draw_pile(deck.name, board.board_name, deck.x, deck.y, size, face_down=face_down.get(cup, True),
                               slots=slots))
    return found


def deck_px(plan: ModulePlan) -> int:
    """Return the size of a deck's outline: a little larger than a counter."""
    return round(counter_px(plan) * 1.25)
