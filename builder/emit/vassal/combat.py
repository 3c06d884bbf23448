"""The combat helper: the CRT column of a battle, worked out by VASSAL's own expressions from the pieces.

A player marks units with Ctrl+B (once: attacker, twice: defender, thrice: neither; on every selected
piece at once). Each unit carries its combat strength for its current step (`CombatAttack`,
`CombatDefence`) and the column shift the TEC gives the terrain of its hex (`TerrainShift`), as
calculated properties. The helper piece (markers palette, put anywhere on the map) adds up the marked
attackers and defenders on the hex map with `SumMap`, finds the odds (or differential) column, shifts it
by the defenders' terrain and shows the result in its label, live.

Only a game whose CRT has odds or differential columns and names its `attack_value` and `defence_value`
gets the helper; a defender's terrain shift is its hex's most defender-favourable TEC combat shift.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from builder.model.charts import Crt, Tec
from builder.model.content import Game
from builder.plan.hexes import HexMap
from builder.emit.vassal.trait_kinds import basic_piece, calculated, clone, delete, labeler, palette_state
from builder.emit.vassal.traits import Piece

LAYER = "Combat"
"""The Layer that marks a unit as attacker (level 2) or defender (level 3)."""
ATTACKER_IMAGE, DEFENDER_IMAGE, HELPER_IMAGE = "combat-attacker.png", "combat-defender.png", "combat-helper.png"
"""The attacker's and defender's badges, and the helper piece's face."""
ODDS = re.compile(r"^(\d+)\s*[-:]\s*(\d+)$")
DIFFERENTIAL = re.compile(r"^[+−-]?\d+$")


@dataclass(frozen=True)
class CombatHelper:
    """What the helper needs: the hex map's VASSAL name, the CRT's columns as conditions, the values summed,
    and the hexes of each terrain shift."""

    map_name: str
    columns: tuple[str, ...]
    conditions: tuple[str, ...]
    attack: str
    defence: str
    shifts: tuple[tuple[int, tuple[str, ...]], ...]


def _condition(crt: Crt, column: str) -> str | None:
    """Return the expression that holds when the totals reach a column (CombatA, CombatD are the totals)."""
    if crt.column_kind == "odds" and (found := ODDS.match(column.strip())):
        return f"CombatA * {found.group(2)} >= CombatD * {found.group(1)}"
    if crt.column_kind == "differential" and DIFFERENTIAL.match(column.strip()):
        return f"CombatA - CombatD >= {int(column.strip().replace('−', '-'))}"
    return None


def expression_label(label: str) -> str:
    """Return a hex label as VASSAL's expressions see it: a number loses its leading zeros."""
    return str(int(label)) if label.isdigit() else label


def terrain_shifts(game: Game, terrain: dict[str, tuple[str, ...]]) -> tuple[tuple[int, tuple[str, ...]], ...]:
    """Return each non-zero terrain shift with the hexes whose best shift it is;
    `terrain`: the terrain ids of each hex."""
    tec = next((c for c in game.charts.charts if isinstance(c, Tec)), None)
    combat = {row.terrain: row.combat for row in tec.rows if isinstance(row.combat, int)} if tec else {}
    groups: dict[int, list[str]] = {}
    for label in sorted(terrain):
        shifts = [combat[t] for t in terrain[label] if combat.get(t)]
        if shifts:
            groups.setdefault(min(shifts), []).append(label)
    return tuple((shift, tuple(hexes)) for shift, hexes in sorted(groups.items()))


def combat_helper(game: Game, map_names: dict[str, str], hex_maps: dict[str, HexMap]) -> CombatHelper | None:
    """Return the combat helper of a game, or None (`map_names`: VASSAL map name by content map id;
    `hex_maps`: the game's hex maps indexed, by id)."""
    crt = next((c for c in game.charts.charts if isinstance(c, Crt) and c.attack_value and c.defence_value
                and c.column_kind in ("odds", "differential")), None)
    map_ = next((m for m in game.maps.maps if m.id in hex_maps and m.id in map_names), None)
    if crt is None or map_ is None:
        return None
    conditions = [_condition(crt, column) for column in crt.columns]
    if None in conditions:
        return None
    return CombatHelper(map_names[map_.id], tuple(crt.columns), tuple(c for c in conditions if c),
                        crt.attack_value, crt.defence_value, terrain_shifts(game, hex_maps[map_.id].terrain))


def quoted(text: str) -> str:
    """Return a string literal of VASSAL's expressions (BeanShell)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def step_value(value: str, steps: int, present: list[bool]) -> str:
    """Return the expression of a unit value at its current step (`value`, `value_step2`, … by Step_Level)."""
    names = [value if n == 1 else f"{value}_step{n}" for n in range(1, steps + 1)]
    text = names[0] if present[0] else "0"
    for n in range(2, steps + 1):
        text = f"(Step_Level == {n}) ? {names[n - 1] if present[n - 1] else '0'} : ({text})"
    return "{" + text + "}"


def terrain_expression(helper: CombatHelper) -> str:
    """Return the expression of a unit's terrain shift: the shift of the hex it stands in on the hex map."""
    text = "0"
    for shift, hexes in helper.shifts:
        names = ",".join(map(expression_label, hexes))
        text = f"{quoted(',' + names + ',')}.contains(\",\" + LocationName + \",\") ? {shift} : ({text})"
    return "{(CurrentMap == " + quoted(helper.map_name) + ") ? (" + text + ") : 0}"


def helper_properties(helper: CombatHelper) -> list[tuple[str, str]]:
    """Return the helper piece's calculated properties in order: totals, shift, column index, column."""
    where = quoted(helper.map_name)
    attackers, defenders = quoted("{Combat_Level == 2}"), quoted("{Combat_Level == 3}")
    index = "-1"
    for number, condition in enumerate(helper.conditions):
        index = f"({condition}) ? {number} : ({index})"
    last = len(helper.columns) - 1
    label = quoted("—")
    for number, column in enumerate(helper.columns):
        label = f"(CombatColumnIndex == {number}) ? {quoted(column)} : ({label})"
    return [
        ("CombatA", f"{{SumMap(\"CombatAttack\", {where}, {attackers})}}"),
        ("CombatD", f"{{SumMap(\"CombatDefence\", {where}, {defenders})}}"),
        ("CombatShift", f"{{(CountMap({where}, {defenders}) > 0) ? SumMap(\"TerrainShift\", {where}, {defenders}) "
                        f"/ CountMap({where}, {defenders}) : 0}}"),
        ("CombatIndex", "{" + index + "}"),
        ("CombatColumnIndex", f"{{(CombatIndex < 0) ? -1 : (CombatIndex + CombatShift < 0) ? 0 : "
                              f"(CombatIndex + CombatShift > {last}) ? {last} : CombatIndex + CombatShift}}"),
        ("CombatColumn", "{" + label + "}"),
    ]


def helper_piece(helper: CombatHelper, name: str, gpid: int) -> Piece:
    """Return the helper piece: its label shows `attack : defence (terrain shift) → column`, live."""
    text = "$CombatA$ : $CombatD$ ($CombatShift$) → $CombatColumn$"
    traits = [labeler("", shown=text), delete(), clone()]
    traits += [calculated(key, expression) for key, expression in helper_properties(helper)]
    return Piece(tuple(traits), basic_piece(HELPER_IMAGE, name, state=palette_state(str(gpid))))
