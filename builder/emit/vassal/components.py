"""The standard components of a module and of a map, with the attribute sets a VASSAL 3.6 engine writes.

Attribute values follow the engine-verified reference buildFile (shared/reference/vassal-minimal-example.md
§3). A map read from XML gets only BoardPicker, StackMetrics and a few highlighters by itself; every
other map component (piece mover, key bufferer, menu displayer, stack expander, counter detail viewer,
zoomer, …) must be listed or pieces cannot be dragged and have no menu (VASSAL `build/module/Map.java`).
"""
from __future__ import annotations

from builder.emit.vassal.sequence import SEMI, encode
from builder.emit.vassal.xmlwrite import Element, element

MODULE = "VASSAL.build.module."
MAP = MODULE + "map."
MOVE_FORMAT = "$pieceName$ moves $previousLocation$ &rarr; $location$ *"
REPORT_FORMAT = "** $name$ = $result$ *** &lt;$PlayerName$&gt;"
DETAIL_FORMAT = "$PieceName$ $Values$ $Reveal$"
"""The text under each piece in the mouse-over viewer: its name (a mask's name when hidden) and its values, or
for a hidden piece (which shows no values) how the rules reveal it."""
ZOOM_LEVELS = "0.2,0.25,0.333,0.4,0.5,0.555,0.625,0.75,1.0,1.25,1.6"


def module_header() -> list[Element]:
    """Return the components every module has, in VASSAL's order (documentation and roster excluded)."""
    options = [("stepIcon", "/images/StepForward16.gif"), ("stepHotKey", "34,0"), ("undoIcon", "/images/Undo16.gif"),
               ("undoHotKey", ""), ("serverControlsIcon", "/images/connect.gif"), ("serverControlsHotKey", "83,520"),
               ("debugControlsIcon", ""), ("debugControlsHotKey", "")]
    global_options = element(
        MODULE + "GlobalOptions", [element("option", body=v, name=k) for k, v in options],
        autoReport="Always", centerOnMove="Use Preferences Setting", chatterHTMLSupport="Never",
        hotKeysOnClosedWindows="Never", nonOwnerUnmaskable="Use Preferences Setting", playerIdFormat="$PlayerName$",
        promptString="Opponents can unmask my pieces")
    return [global_options, element(MODULE + "Chatter"), element(MODULE + "KeyNamer"),
            element(MODULE + "properties.GlobalProperties"), element(MODULE + "properties.GlobalTranslatableMessages"),
            element("VASSAL.i18n.Language")]


def player_roster(sides: list[str], *, retire: str, switch: str) -> Element:
    """Return the roster with one entry per side."""
    return element(MODULE + "PlayerRoster", [element("entry", body=s) for s in sides],
                   buttonKeyStroke="", buttonText=retire, buttonToolTip=switch)


def map_element(name: str, *, main: bool, mark_moved: bool, children: list[Element], unmoved: str = "") -> Element:
    """Return a Map: the main window (main) or one opened from the toolbar, with its components; `unmoved` names
    its toolbar button that clears every moved flag on it."""
    return element(
        MODULE + "Map", children, allowMultiple=False, backgroundcolor="255,255,255", buttonName=name,
        changeFormat="$message$", color="0,0,0", createFormat="$pieceName$ created in $location$ *",
        edgeHeight="0", edgeWidth="0", hideKey="", hotkey="", icon="/images/map.gif", launch=not main, mapName=name,
        markMoved="Always" if mark_moved else "Never", markUnmovedHotkey="", markUnmovedIcon="/images/unmoved.gif",
        markUnmovedReport="", markUnmovedText="", markUnmovedTooltip=unmoved or "Mark all pieces on this map as not moved",
        moveKey="", moveToFormat=MOVE_FORMAT, moveWithinFormat=MOVE_FORMAT, showKey="", thickness="3")


def board_picker(board: Element) -> Element:
    """Return the BoardPicker holding the map's one board."""
    return element(MAP + "BoardPicker", [board], addColumnText="Add column", addRowText="Add row",
                   boardPrompt="Select board", slotHeight="125", slotScale="0.2", slotWidth="350",
                   title="Choose Boards")


def map_components() -> list[Element]:
    """Return the components a map needs to move pieces, show menus, expand stacks, zoom and so on."""
    return [
        element(MAP + "StackMetrics", bottom="40,0", disabled=False, down="37,0", exSepX="6", exSepY="18",
                top="38,0", unexSepX="8", unexSepY="16", up="39,0"),
        *(element(MAP + name) for name in ("ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer",
                                           "MapCenterer", "StackExpander", "PieceMover", "KeyBufferer")),
        element(MAP + "ImageSaver", buttonText="", canDisable=False, hotkey="", icon="/images/camera.gif",
                propertyGate="", tooltip="Save map as PNG image"),
        counter_detail_viewer(),
        element(MAP + "Zoomer", inButtonText="", inIconName="/images/zoomIn.gif", inTooltip="Zoom in",
                outButtonText="", outIconName="/images/zoomOut.gif", outTooltip="Zoom out", pickButtonText="",
                pickIconName="/images/zoom.png", pickTooltip="Select Zoom", zoomInKey="", zoomLevels=ZOOM_LEVELS,
                zoomOutKey="", zoomPickKey="", zoomStart="3"),
        element(MAP + "SelectionHighlighters"),
        element(MAP + "HighlightLastMoved", color="255,0,0", enabled=True, thickness="2"),
    ]


def counter_detail_viewer() -> Element:
    """Return the mouse-over viewer: pictures of the pieces under the mouse, a single piece too, each with its
    name and values as text (the reference's attribute set, attribute names as VASSAL spells them)."""
    return element(
        MAP + "CounterDetailViewer", borderWidth="0", centerAll=False, centerText=False,
        combineCounterSummary=False, counterReportFormat=DETAIL_FORMAT, delay="700", description="",
        display="from top-most layer only", emptyHexReportForma="$LocationName$", enableHTML=False,
        extraTextPadding="0", fgColor="0,0,0", fontSize="9", graphicsZoom="1.0", hotkey="32,130", layerList="",
        minDisplayPieces="1", propertyFilter="", showDeck=False, showDeckDepth="1", showDeckMasked=False,
        showMoveSelectde=False, showNoStack=False, showNonMovable=False, showOverlap=False, showgraph=True,
        showgraphsingle=True, showtext=True, showtextsingle=True, stretchWidthSummary=False,
        summaryReportFormat="$LocationName$", unrotatePieces=False, version="3", verticalOffset="0",
        verticalTopText="5", zoomlevel="1.0")


def map_tail() -> list[Element]:
    """Return the components VASSAL adds to every map anyway, written out as the engine writes them."""
    return [element(MODULE + "properties.GlobalProperties"),
            element(MAP + "Flare", circleColor="255,0,0", circleScale=True, circleSize="100", flareKey="keyAlt",
                    flareName="Map Flare", flarePulses="6", flarePulsesPerSec="3", reportFormat="")]


def range_thread(name: str, *, px_per_unit: int) -> Element:
    """Return a line-of-sight thread that shows the range: in grid hexes (0) or in pixels per unit."""
    return element(MAP + "LOS_Thread", threadName=name, label=name, tooltip=name, hotkey="",
                   iconName="/images/thread.gif", drawRange=True, scale=str(px_per_unit), round="Up",
                   hideCounters=False, hideOpacity="0", persistence="Ctrl-Click & Drag", **{"global": "Always"},
                   snapLOS=False, snapStart=px_per_unit == 0, snapEnd=px_per_unit == 0,
                   threadColor="0,0,0", rangeBg="255,255,255", rangeFg="0,0,0", losThickness="3",
                   report="")


def dice_button(name: str, *, dice: int, faces: int, plus: int, total: bool, tooltip: str, ask: bool = False
                ) -> Element:
    """Return a dice button; `plus` is added to each die (a d10 read 0-9 has plus -1); an `ask` button asks how
    many dice to roll (only that: sides, modifiers and the total are locked)."""
    return element(
        MODULE + "DiceButton", addToTotal="0", canDisable=False, hotkey="", icon="/images/die.gif", keepCount="1",
        keepDice=False, keepOption=">", lockAdd=ask, lockDice=False, lockPlus=ask, lockSides=ask,
        nDice=str(dice), nSides=str(faces), name=name, plus=str(plus), prompt=ask, propertyGate="",
        reportFormat=REPORT_FORMAT, reportTotal=total, sortDice=False, text=name, tooltip=tooltip)


def draw_pile(name: str, board: str, x: int, y: int, size: int, *, face_down: bool, slots: list[Element]) -> Element:
    """Return a deck (a cup of chits or a bag of order dice) that shuffles and draws at random."""
    return element(
        MAP + "DrawPile", slots, allowMultiple=False, allowSelect=False, canSave=False, color="0,0,0",
        countExpressions="", deckOwners="", deckRestrictAccess=False, draw=True, drawFaceUp=False,
        drawMultipleMessage="Draw multiple cards", drawSpecificMessage="Draw specific cards", emptyHotkey="",
        expressionCounting=False, faceDown="Always" if face_down else "Never", faceDownFormat="",
        faceDownHotkey="", faceDownMessage="Face down", faceFlipHotkey="", faceUpHotkey="",
        faceUpMessage="Face up", faceUpReportFormat="", height=str(size), hotkeyOnEmpty=False, loadHotkey="",
        loadMessage="Load Deck", loadReportFormat="Deck Loaded", maxStack="10", name=name, owningBoard=board,
        reshufflable=False, reshuffleCommand="", reshuffleHotkey="", reshuffleMessage="", reshuffleTarget="",
        restrictExpression="", restrictOption=False, reverseCommand="Reverse", reverseFormat="", reverseHotkey="",
        reversible=False, saveHotkey="", saveMessage="Save Deck", saveReportFormat="Deck Saved",
        selectDisplayProperty="$BasicName$", selectSortProperty="", shuffle="Always", shuffleCommand="Shuffle",
        shuffleFormat="", shuffleHotkey="", width=str(size), x=str(x), y=str(y))


def deck_type(name: str, size: int, *, face_down: bool) -> str:
    """Return the type of the Deck a DrawPile makes (DrawPile.getDeckType, 49 fields); its name must equal the pile's."""
    mode = "Always" if face_down else "Never"
    fields = ["true", "0,0,0", str(size), str(size), mode, "Always", "false", "false", "false", "", "", "", name,
              "", "", "", "false", "false", "", "", "10", "", "false", "", "false", "", "$BasicName$", "", "false", "",
              "Shuffle", "Reverse", "", "Draw multiple cards", "Draw specific cards", "Face up", "Face down", "", "",
              "", "", "Save Deck", "", "Deck Saved", "Load Deck", "", "Deck Loaded", "false", ""]
    return "deck;" + encode(fields, SEMI)


def overview_map(tooltip: str) -> Element:
    """Return a map's overview window (GlobalMap): the whole map small, the view's rectangle on it."""
    return element(MAP + "GlobalMap", buttonText="", color="255,0,0", hotkey="", icon="/images/overview.gif",
                   scale="0.19", tooltip=tooltip)


def hide_pieces_button(tooltip: str) -> Element:
    """Return a map's button that hides every piece to show the map beneath, and shows them again."""
    return element(MAP + "HidePiecesButton", buttonText="", hiddenIcon="/images/globe_selected.gif", hotkey="",
                   showingIcon="/images/globe_unselected.gif", tooltip=tooltip)


def notes_window(name: str) -> Element:
    """Return the notes window: public notes, private notes and secret notes revealed later."""
    return element(MODULE + "NotesWindow", buttonText=name, canDisable=False, description="", disabledIcon="",
                   hideWhenDisabled=False, hotkey="", icon="/images/notes.gif", propertyGate="", tooltip=name)
