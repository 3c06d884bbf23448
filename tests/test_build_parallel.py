"""A build on several processes writes exactly the bytes a build in one process writes."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from builder.build import build_checked, check_path
from tests.conftest import CONTENT, MINIMAL, PRINT_VALIDATED, run_cli, with_own_font


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def test_parallel_build_is_byte_identical_to_serial(tmp_path: Path) -> None:
    results = [check_path(MINIMAL), check_path(CONTENT / "bolt-action")]
    serial = build_checked(results, tmp_path / "serial", jobs=1)
    parallel = build_checked(results, tmp_path / "parallel", jobs=2)
    assert [b.artifacts for b in serial] == [b.artifacts for b in parallel]
    assert _tree(tmp_path / "serial") == _tree(tmp_path / "parallel")
    assert len(_tree(tmp_path / "serial")) > 150


def test_games_drawn_with_different_faces_build_in_parallel_as_in_serial(minimal: Path, tmp_path: Path) -> None:
    """The build's process holds each game's faces in turn (render/fonts.py `hold_fonts`): a task of the first
    game forked while the second's are held draws with its own game's faces, and after the build the shipped
    faces are in use again."""
    from builder import build
    from builder.render import fonts

    paths = [CONTENT / "bolt-action", with_own_font(minimal, "font: fonts/Plate-Regular.ttf")]
    serial = build_checked([check_path(path) for path in paths], tmp_path / "serial", jobs=1)
    results, parallel = build.check_and_build(paths, tmp_path / "parallel", jobs=2)
    assert not any(r.errors for r in results) and parallel is not None
    assert [b.artifacts for b in serial] == [b.artifacts for b in parallel]
    assert _tree(tmp_path / "serial") == _tree(tmp_path / "parallel")
    assert fonts._active is fonts.FACES


def test_the_tasks_write_their_own_files_and_the_build_only_the_module_and_what_the_reader_made(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from builder import build
    from builder.pipeline import staging

    staged: list[str] = []  # what the build's own process writes (a child's appends stay in the child)
    original = staging.Staging.write

    def write(self: staging.Staging, index: int, artifacts: list) -> None:
        staged.append(build.EMITTERS[index].__name__)
        original(self, index, artifacts)

    monkeypatch.setattr(staging.Staging, "write", write)
    results, built = build.check_and_build([CONTENT / "bolt-action"], tmp_path / "parallel", jobs=2)
    assert built is not None and sorted(staged) == ["_model_json", "emit_vmod"]
    build_checked(results, tmp_path / "serial", jobs=1)
    assert _tree(tmp_path / "parallel") == _tree(tmp_path / "serial")


def test_the_reader_can_start_before_the_build_imports_the_models(tmp_path: Path) -> None:
    import subprocess
    import sys

    from builder.build import check_and_build
    from builder.reader import start_reader

    # `sandtable build` forks it first (builder/cli.py): what it imports, the fork carries, and it takes none
    probe = ("import sys, builder.reader; print(sorted(m for m in ('builder.build', 'builder.pipeline', 'builder.model.content', "
             "'builder.load.game', 'pydantic', 'yaml', 'reportlab') if m in sys.modules))")
    shown = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"
    paths = [MINIMAL, CONTENT / "bolt-action"]
    results, built = check_and_build(paths, tmp_path / "early", jobs=2, reader=start_reader(paths))
    assert built is not None and [r.errors for r in results] == [[], []]
    check_and_build(paths, tmp_path / "late", jobs=2)
    assert _tree(tmp_path / "early") == _tree(tmp_path / "late")


def test_cli_jobs_do_not_change_the_output(tmp_path: Path) -> None:
    one, two = tmp_path / "one", tmp_path / "two"
    assert run_cli("build", str(MINIMAL), "-o", str(one), "-j", "1").code == 0
    assert run_cli("build", str(MINIMAL), "-o", str(two), "-j", "2").code == 0
    assert _tree(one) == _tree(two)


def test_an_emitters_parts_add_up_to_the_whole() -> None:
    from builder.pipeline.emitters import PARTS, parts_of
    from builder.load.game import load_game

    game = load_game(CONTENT / "batalha-de-gazala")
    for emitter in PARTS:
        parts = parts_of(emitter, game)
        assert len(parts) > 1, f"{emitter.__name__} should split batalha-de-gazala's two languages"
        whole = emitter(game)
        assert [a for part in parts for a in emitter(part)] == whole


def test_a_head_start_gives_the_bytes_of_a_build_after_the_checks(tmp_path: Path) -> None:
    from builder.build import check_and_build

    paths = [MINIMAL, CONTENT / "bolt-action"]
    results, built = check_and_build(paths, tmp_path / "ahead", jobs=2)
    assert built is not None and [r.errors for r in results] == [[], []]
    build_checked([check_path(p) for p in paths], tmp_path / "after", jobs=1)
    assert _tree(tmp_path / "ahead") == _tree(tmp_path / "after")


def test_an_error_in_a_later_game_stops_the_head_start_and_nothing_is_written(tmp_path: Path) -> None:
    import shutil

    from builder.build import check_and_build

    broken = tmp_path / "broken"
    shutil.copytree(MINIMAL, broken)
    scenario = broken / "scenarios" / "meeting.yaml"
    scenario.write_text(scenario.read_text(encoding="utf-8").replace("ville", "vile", 1), encoding="utf-8")
    out = tmp_path / "out"
    results, built = check_and_build([CONTENT / "bolt-action", broken], out, jobs=2)
    assert built is None
    assert results[0].errors == [] and [d.rule for d in results[1].errors] == ["ref/unknown-place"]
    assert not out.exists()


def test_an_emitter_that_fails_leaves_no_staging_folder_behind(tmp_path: Path) -> None:
    import time

    import pytest

    from builder import build
    from builder.pipeline import emitters, scheduling

    def broken(game):
        time.sleep(1.0)  # started last, it fails once the others' artifacts are in the staging folder
        raise RuntimeError("this emitter broke")

    out = tmp_path / "out"
    original, reader_made = build.EMITTERS[0], scheduling.READER_MADE
    build.EMITTERS[0] = broken  # the children are forked from this process: they see it
    scheduling.READER_MADE = emitters.READER_MADE = ()  # in a task's child, not in the one that reads the game
    try:
        with pytest.raises(RuntimeError, match="this emitter broke"):
            build.check_and_build([CONTENT / "bolt-action"], out, jobs=2)
    finally:
        build.EMITTERS[0], scheduling.READER_MADE, emitters.READER_MADE = original, reader_made, reader_made
    assert not out.exists() or sorted(p.name for p in out.iterdir()) == []


def test_importing_every_emitter_starts_no_thread() -> None:
    """numpy's OpenBLAS would start a busy-waiting thread per extra core (builder/__init__.py)."""
    import subprocess
    import sys

    if not Path("/proc/self/task").is_dir():
        pytest.skip("counts threads in /proc")
    probe = "import os, builder.pipeline.emitters as b; b.import_emitters(); b.register_fonts(); print(len(os.listdir('/proc/self/task')))"
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env)
    assert done.stdout.strip() == "1"


def test_the_estimated_costs_name_real_emitters_and_sizes_and_put_the_long_tasks_first() -> None:
    from builder.pipeline.emitters import EMITTERS
    from builder.pipeline.scheduling import COSTS, estimated_cost, units_of, workload
    from builder.load.game import load_game

    game = load_game(CONTENT / "next-war")
    sizes = workload(game)
    assert set(COSTS) <= set(EMITTERS)
    assert all(set(per) <= set(sizes) for _, per in COSTS.values())
    units = units_of(game, tuple(range(len(EMITTERS))))
    costs = {tuple(EMITTERS[e].__name__ for e in members) + (part,): estimated_cost((0, members, part), game, sizes)
             for members, part in units}
    # next-war leaves press PDFs off: their task has nothing to do
    assert costs.pop(("emit_press_pdfs", None)) == 0
    ranked = sorted(costs, key=costs.get, reverse=True)
    assert ranked[-1] == ("_model_json", None)
    # the module, the map sheets and a rulebook's part start first
    longest = ranked[:3]
    assert any("emit_vmod" in task for task in longest) and any("emit_rulebook_pdf" in task for task in longest)


def test_the_reading_child_makes_game_json_so_no_task_does(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from builder import build
    from builder.processes import Children

    submitted = []
    real_submit = Children.submit
    monkeypatch.setattr(Children, "submit", lambda self, task, rank: (submitted.append(task),
                                                                       real_submit(self, task, rank)))
    results, built = build.check_and_build([MINIMAL], tmp_path / "ahead", jobs=2)
    assert built is not None and submitted
    assert all(build.EMITTERS[0] not in [build.EMITTERS[m] for m in members] for _, members, _ in submitted)
    serial = build_checked([check_path(MINIMAL)], tmp_path / "serial", jobs=1)
    assert (tmp_path / "ahead" / "minimal" / "game.json").read_bytes() == \
        (serial[0].folder / "game.json").read_bytes()


# A build's tasks get the game unpickled, its models' validators not built (they are built when first used):
# an emitter that validated a model built one in its own process (the module's blank scenario did, 0.03 s).
# game.json's dump builds serialisers, in the reading child (READER_MADE), not in a task.
NO_VALIDATOR = """
import pickle, sys
import builder.pipeline.emitters as b
game = pickle.loads(sys.stdin.buffer.read())
b.register_fonts()
for emitter in b.EMITTERS:
    for part in b.parts_of(emitter, game) if emitter not in b.READER_MADE else ():
        emitter(part)
""" + PRINT_VALIDATED


def test_the_emitters_build_no_validator() -> None:
    import pickle
    import subprocess
    import sys

    from builder.load.game import load_game

    game = load_game(CONTENT / "gazala-1942")
    done = subprocess.run([sys.executable, "-c", NO_VALIDATOR], input=pickle.dumps(game),
                          capture_output=True, check=True)
    assert done.stdout.decode().strip() == "[]"


def test_pydantic_looks_for_no_plugins_unless_told_to() -> None:
    import subprocess
    import sys

    probe = "import os, builder; print(os.environ['PYDANTIC_DISABLE_PLUGINS'])"
    env = {k: v for k, v in os.environ.items() if k != "PYDANTIC_DISABLE_PLUGINS"}
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True, env=env)
    assert done.stdout.strip() == "__all__"
    told = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True,
                          env={**env, "PYDANTIC_DISABLE_PLUGINS": "logfire"})
    assert told.stdout.strip() == "logfire"


def test_what_several_tasks_draw_is_drawn_once_before_they_fork_while_the_others_run(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from builder.pipeline import scheduling
    from builder.pipeline.emitters import EMITTERS, drawn_first, emit_rulebook_pdf, emit_vmod
    from builder.processes import Children
    from builder.render import fonts
    from builder.render.counters import all_counters
    from builder.render.maps.sheet import map_sheets

    log: list[tuple] = []
    held: list[bool] = []
    start, draw = Children.start, scheduling.draw_shared

    def logged_start(self, slots=None):
        before = set(self.running)
        start(self, slots)
        log.append(("start", slots, [self.running[r][1] for r in self.running if r not in before]))

    def logged_draw(game, drawers):
        held.append(fonts._active == fonts.game_faces(game))
        draw(game, drawers)
        log.append(("drawn", [d.__name__ for d in drawers], len(map_sheets(game)), len(all_counters(game))))

    monkeypatch.setattr(Children, "start", logged_start)
    monkeypatch.setattr(scheduling, "draw_shared", logged_draw)
    build_checked([check_path(CONTENT / "gazala-1942")], tmp_path / "out", jobs=2)
    # the game's faces (Carlito) are held while the build's process draws for its tasks and forks them (so that
    # the tasks inherit what it drew with them), and let go when the build ends
    assert held == [True] and fonts._active is fonts.FACES

    (_, first_slots, early), (_, drawn, sheets, counters), (_, rest_slots, later) = log[:3]
    assert first_slots == 1 and rest_slots is None
    assert drawn == ["_map_sheets", "_counters", "_charts"] and sheets and counters
    names = lambda tasks: [{EMITTERS[m] for m in members} for _, members, _ in tasks]  # noqa: E731
    assert names(early) == [{emit_rulebook_pdf}]  # the longest task that draws none of them, on the other core
    assert {emit_vmod} in names(later)  # the module inherits the sheets and counters the build's process drew
    tasks = [tuple(EMITTERS[m] for m in members) for members, _ in scheduling.units_of(
        check_path(CONTENT / "gazala-1942").game, tuple(range(len(EMITTERS))))]
    drawers, waiting = drawn_first(tasks)
    assert [d.__name__ for d in drawers] == drawn
    # the map sheets' task, the counters' (with the setup cards), the charts', the module and the press PDFs
    # wait; the rulebook's parts do not
    assert [sorted(e.__name__ for e in t) for t, waits in zip(tasks, waiting) if waits] == [
        ["emit_counter_pngs", "emit_counters", "emit_setup_pdf"], ["emit_map_pdfs", "emit_map_pngs", "emit_map_svgs"],
        ["emit_aid_pdf", "emit_charts_pdf", "emit_charts_svg"], ["emit_vmod"], ["emit_press_pdfs"]]
    assert {e.__name__ for t, waits in zip(tasks, waiting) if not waits for e in t} == {
        "_model_json", "emit_rulebook_pdf"}


def test_a_shared_drawing_only_one_task_uses_is_left_to_it() -> None:
    from builder.pipeline.emitters import drawn_first, emit_charts_pdf, emit_map_pdfs, emit_rulebook_pdf, emit_vmod

    assert drawn_first([(emit_map_pdfs,), (emit_rulebook_pdf,)]) == ([], [False, False])
    drawers, waiting = drawn_first([(emit_map_pdfs,), (emit_vmod,), (emit_rulebook_pdf,)])
    assert [d.__name__ for d in drawers] == ["_map_sheets"] and waiting == [True, True, False]
    drawers, waiting = drawn_first([(emit_map_pdfs,), (emit_charts_pdf,), (emit_rulebook_pdf,)])
    assert drawers == [] and waiting == [False, False, False]


def test_a_shared_drawing_that_fails_is_left_to_the_tasks(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Drawn before the checks, on content they may yet refuse: a failure there is no crash of the build; each
    task draws for itself in its child, where an emitter's failure is told as it always was."""
    from builder import build
    from builder.pipeline import scheduling

    def broken(game, drawers):
        raise ValueError("a map this game's checks would refuse")

    monkeypatch.setattr(scheduling, "draw_shared", broken)
    results, built = build.check_and_build([MINIMAL], tmp_path / "out", jobs=2)
    assert not any(r.errors for r in results) and built is not None
    serial = build.build_checked([check_path(MINIMAL)], tmp_path / "serial")[0]
    assert _tree(built[0].folder) == _tree(serial.folder)


def test_the_shared_map_sheets_are_compiled_before_the_tasks_fork() -> None:
    """The map PDFs' task and the module's inherit the sheets' content streams, and the hex maps' layers in them,
    rather than each compiling them again (render/pdf_compile.py `compiled`, `LAYER_ITEMS`): also for a game
    drawn with faces of its own, which the build's process holds while it draws for the tasks and forks them."""
    from builder.pipeline.emitters import draw_shared, drawn_first, emit_map_pdfs, emit_vmod
    from builder.render import pdf_compile
    from builder.render.drawing import Group
    from builder.render.fonts import game_faces, hold_fonts, using_fonts
    from builder.render.maps.sheet import map_sheets

    for name in ("magersfontein-1899", "gazala-1942"):  # the shipped faces; Carlito
        game = check_path(CONTENT / name).game
        drawers, _ = drawn_first([(emit_map_pdfs,), (emit_vmod,)])
        pdf_compile._layers.clear()
        hold_fonts(game_faces(game))  # as Emission._start_tasks does
        try:
            draw_shared(game, drawers)
            with using_fonts(game_faces(game)):  # as each task draws
                sheets = [sheet for lang in game.game.editions() for sheet in map_sheets(game, lang)]
                assert sheets and all(pdf_compile._by_identity[id(sheet.drawing)][0]() is sheet.drawing
                                      for sheet in sheets), name
                hex_maps = [sheet for sheet in sheets if sheet.hex_map]
                remembered = (pdf_compile._layers.get(key) for tier in pdf_compile._layers.tiers for key in tier)
                layers = {id(items) for items, *_ in remembered}
                # each hex map's wordless layers, the same objects in every language, compiled once
                large = [group for sheet in hex_maps for group in sheet.hex_map[0].items
                         if isinstance(group, Group) and len(group.items) >= pdf_compile.LAYER_ITEMS]
                assert large and all(id(group.items) in layers for group in large), name
        finally:
            hold_fonts(None)
