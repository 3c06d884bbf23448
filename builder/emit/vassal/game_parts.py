"""The game's own components: dice buttons, the turn tracker, chart windows and the inventory."""
from __future__ import annotations

from builder.emit.vassal.components import MODULE, dice_button
from builder.emit.vassal.plan import ModulePlan
from builder.emit.vassal.sequence import SEMI, encode
from builder.emit.vassal.traits import KEY_ELIMINATE, comma_list, keystroke
from builder.plan.vassal.words import word
from builder.emit.vassal.xmlwrite import Element, element
from builder.model.base import slug, text_in

TURN = MODULE + "turn."
TRACKER_ID = "TurnTracker0"
"""The id VASSAL gives the first TurnTracker (its class name and its index): saves address it by this."""


def dice_buttons(plan: ModulePlan) -> list[Element]:
    """Return one button per die roll of the game; `plus` makes a d10 read 0-9 roll 0..9."""
    buttons = []
    for dice in plan.game.game.dice:
        name = text_in(dice.name, plan.lang)
        total = dice.combine == "sum" and dice.count > 1
        buttons.append(dice_button(dice.id, dice=dice.count, faces=dice.faces, plus=dice.first_face - 1, total=total,
                                   tooltip=f"{word('roll', plan.lang)} {dice.id}" + (f" ({name})" if name else "")))
    return buttons + asking_dice_button(plan)


def asking_dice_button(plan: ModulePlan) -> list[Element]:
    """Return the button that asks how many of the game's first die to roll (N d6 for a unit's fire), each
    die reported; none for a game without dice."""
    if not plan.game.game.dice:
        return []
    first, name = plan.game.game.dice[0], word("dice", plan.lang)
    return [dice_button(name, dice=1, faces=first.faces, plus=first.first_face - 1, total=False, ask=True,
                        tooltip=f"{word('roll', plan.lang)} N d{first.faces}")]


def _consecutive(numbers: list[int]) -> bool:
    return numbers == list(range(numbers[0], numbers[0] + len(numbers))) if numbers else False


def phase_names(plan: ModulePlan) -> list[str]:
    """Return the names of the phases of a turn."""
    return [text_in(p.name, plan.lang) or p.id for p in plan.game.game.turns.phases]


def turn_tracker(plan: ModulePlan) -> Element:
    """Return the turn tracker: a counter of turns (a list when the numbers skip) with the phases inside."""
    numbers = plan.game.game.turns.numbers() or [1]
    phases = phase_names(plan)
    inner = [element(TURN + "ListTurnLevel", configFirst=False, configList=False, list=comma_list(phases),
                     property="Phase", turnFormat="$value$")] if phases else []
    if _consecutive(numbers):
        level = element(TURN + "CounterTurnLevel", inner, incr="1", loop=False, loopLimit=str(numbers[-1]),
                        property="Turn", start=str(numbers[0]), turnFormat="$value$")
    else:
        level = element(TURN + "ListTurnLevel", inner, configFirst=False, configList=False,
                        list=comma_list([str(n) for n in numbers]), property="Turn", turnFormat="$value$")
    name = word("turn", plan.lang)
    return element(TURN + "TurnTracker", [level], buttonText=name, hotkey="", length="-1", lengthStyle="Maximum",
                   name=name, nexthotkey="", plusButtonSize="22", prevhotkey="",
                   reportFormat="* &lt;$PlayerId$&gt; Turn Updated from $oldTurn$ to $newTurn$",
                   turnButtonHeight="22", turnFormat=f"{name} $level1$" + (" - $level2$" if phases else ""))


def tracker_state(plan: ModulePlan, turn: int) -> str:
    """Return the tracker's state at the first phase of `turn` (TurnTracker/…TurnLevel.getState)."""
    numbers = plan.game.game.turns.numbers() or [1]
    phases = phase_names(plan)
    inner = [encode(["0", "0", "0", comma_list(["true"] * len(phases))], SEMI)] if phases else []
    if _consecutive(numbers):
        level = encode([str(turn), "0", "false", str(numbers[-1]), *inner], SEMI)
    else:
        index = numbers.index(turn) if turn in numbers else 0
        level = encode([str(index), "0", "0", comma_list(["true"] * len(numbers)), *inner], SEMI)
    return "0|" + level


def chart_image(chart_id: str) -> str:
    """Return the image name of a chart."""
    return f"chart-{slug(chart_id)}.png"


def charts_window(plan: ModulePlan) -> list[Element]:
    """Return one window holding every chart in a tab, or nothing without charts."""
    charts = plan.game.charts.charts
    if not charts:
        return []
    name = word("charts", plan.lang)
    tabs = [element("VASSAL.build.widget.Chart", chartName=text_in(c.name, plan.lang) or c.id, description="",
                    fileName=chart_image(c.id)) for c in charts]
    return [element(MODULE + "ChartWindow", [element("VASSAL.build.widget.TabWidget", tabs, entryName=name)],
                    hotkey="", icon="", name=name, text=name, tooltip=name)]


def inventory(plan: ModulePlan) -> Element:
    """Return the inventory window: every piece by side and map, with its location."""
    name = word("units", plan.lang)
    return element(MODULE + "Inventory", centerOnPiece=True, drawPieces=True, foldersOnly=False, forwardKeystroke=True,
                   groupBy="Side,CurrentMap", hotkey="", icon="/images/inventory.gif", include="",
                   leafFormat="$PieceName$ ($LocationName$)", name=name, nonLeafFormat="$PropertyValue$",
                   pieceZoom="0.33", showMenu=True, sortFormat="$PieceName$", sortPieces=True, sorting="alpha",
                   text=name, tooltip=name, zoomOn=False)


def return_chits_button(plan: ModulePlan) -> list[Element]:
    """Return the toolbar button that sends every drawn chit and order die back to its cup (Ctrl+E on each piece
    with a `Cup`, none taken from a deck; a side's own, or all for the referee); none without cups."""
    if not any(plan.play_of(p).cup_deck for p in plan.pieces):
        return []
    name = word("return-all", plan.lang)
    return [element(MODULE + "GlobalKeyCommand", buttonHotkey="", buttonText=name, canDisable=False, deckCount="0",
                    disabledIcon="", filter='{Cup != ""}', hideWhenDisabled=False, hotkey=keystroke(KEY_ELIMINATE),
                    icon="", name=name, parameters="", propertyGate="", reportFormat="", reportSingle=True,
                    suppressSounds=False, tooltip=name)]