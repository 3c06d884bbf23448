"""The build cache: a rebuild reruns only the emitters whose inputs changed, and keeps the rest byte for byte."""
from __future__ import annotations

import dataclasses
import hashlib
import json
import shutil
from pathlib import Path

import pytest

from builder.build import build_checked, check_path
from builder.pipeline.emitters import EMITTERS, READS, Emitter, emitter_name, reads_of
from builder.pipeline.staging import BuildResult
from builder.cache import RECORD, up_to_date
from builder.load.game import load_game
from builder.model.content import Game
from tests.conftest import MINIMAL, run_cli


class Touched(Exception):
    """A poisoned part of the game was read."""


class Poison:
    """Stands in for a part of the Game an emitter says it does not read: any use of it raises."""

    def __init__(self, part: str) -> None:
        object.__setattr__(self, "part", part)

    def _touched(self, *args: object, **kwargs: object) -> None:
        raise Touched(object.__getattribute__(self, "part"))

    def __getattr__(self, name: str) -> None:
        self._touched()

    __iter__ = __len__ = __getitem__ = __bool__ = __contains__ = __hash__ = __eq__ = __str__ = _touched
    __fspath__ = __truediv__ = _touched


def _built(result: BuildResult) -> dict[str, str]:
    return {a["path"]: a["sha256"] for a in result.artifacts}


def _tree(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


def poisoned(game: Game, reads: tuple[str, ...]) -> Game:
    """Return the game with every part outside `reads` poisoned (fields, and fields of a partly read field)."""
    replaced = {}
    for field in dataclasses.fields(game):
        if field.name in reads:
            continue
        inner = {r.split(".", 1)[1] for r in reads if r.startswith(field.name + ".")}
        model = getattr(game, field.name)
        replaced[field.name] = model.model_copy(update={f: Poison(f"{field.name}.{f}") for f in type(model).model_fields
                                                        if f not in inner}) if inner else Poison(field.name)
    return dataclasses.replace(game, **replaced)


def _with_pictures(folder: Path) -> Path:
    """Make the minimal game's rulebook picture a counter and a map excerpt."""
    rules = folder / "rules" / "en" / "01-rules.md"
    rules.write_text(rules.read_text().replace("{chart: crt}", "{chart: crt}\n\n{counter: r1}\n\n{map: 0101-0202}"))
    return folder


@pytest.mark.parametrize("pictures", [False, True], ids=["plain", "with-counter-and-map-pictures"])
@pytest.mark.parametrize("emitter", list(READS), ids=lambda e: e.__name__)
def test_emitters_read_only_their_declared_parts(emitter: Emitter, pictures: bool, minimal: Path) -> None:
    game = load_game(_with_pictures(minimal) if pictures else minimal)
    made = emitter(poisoned(game, reads_of(emitter, game)))
    assert [(a.path, a.data) for a in made] == [(a.path, a.data) for a in emitter(game)]


def test_a_rulebook_reads_counters_and_maps_only_when_it_pictures_them(minimal: Path) -> None:
    plain = reads_of(EMITTERS[[e.__name__ for e in EMITTERS].index("emit_rulebook_pdf")], load_game(minimal))
    assert "counters" not in plain and "maps" not in plain and "counters.movement_classes" in plain
    pictured = reads_of(EMITTERS[[e.__name__ for e in EMITTERS].index("emit_rulebook_pdf")],
                        load_game(_with_pictures(minimal)))
    assert {"counters", "layouts", "maps"} <= set(pictured)


def test_a_rebuild_with_nothing_changed_reruns_no_emitter_and_writes_nothing(minimal: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    first = build_checked([check_path(minimal)], out)[0]
    stamps = {p: p.stat().st_mtime_ns for p in (out / "minimal").rglob("*")}
    again = build_checked([check_path(minimal)], out)[0]
    assert len(first.rerun) == len(EMITTERS) and again.rerun == ()
    assert again.artifacts == first.artifacts
    assert {p: p.stat().st_mtime_ns for p in (out / "minimal").rglob("*")} == stamps


def test_one_changed_counter_reruns_only_what_reads_counters(minimal: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    before = _built(build_checked([check_path(minimal)], out)[0])
    counters = minimal / "counters.yaml"
    counters.write_text(counters.read_text().replace("{attack: 6, defence: 3", "{attack: 7, defence: 3"))
    rebuilt = build_checked([check_path(minimal)], out)[0]
    game = load_game(minimal)
    readers = {emitter_name(e) for e in EMITTERS if "counters" in reads_of(e, game)}
    assert set(rebuilt.rerun) == readers
    assert "builder.emit.pdf_rulebook.emit_rulebook_pdf" not in rebuilt.rerun
    assert "builder.emit.map_svg.emit_map_svgs" not in rebuilt.rerun
    after = _built(rebuilt)
    assert after["maps/main-en.svg"] == before["maps/main-en.svg"]
    assert after["counters/faces/r2-front.svg"] != before["counters/faces/r2-front.svg"]
    cold = tmp_path / "cold"
    build_checked([check_path(minimal)], cold, cache=False)
    assert _tree(out / "minimal") == _tree(cold / "minimal")


def test_a_missing_or_changed_artifact_is_made_again(minimal: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_checked([check_path(minimal)], out)
    (out / "minimal" / "maps" / "main-en.svg").unlink()
    (out / "minimal" / "game.json").write_text("{}")
    rebuilt = build_checked([check_path(minimal)], out)[0]
    assert set(rebuilt.rerun) == {"builder.emit.map_svg.emit_map_svgs", "builder.pipeline.emitters._model_json"}
    manifest = json.loads((out / "minimal" / "manifest.json").read_text())
    for artifact in manifest["artifacts"]:
        data = (out / "minimal" / artifact["path"]).read_bytes()
        assert hashlib.sha256(data).hexdigest() == artifact["sha256"]


def test_a_record_of_another_sandtable_rebuilds_everything(minimal: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_checked([check_path(minimal)], out)
    record = out / "minimal" / RECORD
    record.write_text(record.read_text().replace('"code": "', '"code": "0'))
    assert len(build_checked([check_path(minimal)], out)[0].rerun) == len(EMITTERS)


def test_up_to_date_needs_an_unchanged_folder_and_output(minimal: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert up_to_date(minimal, out) is None
    build_checked([check_path(minimal)], out)
    fresh = up_to_date(minimal, out)
    assert fresh is not None and (fresh.game_id, fresh.folder) == ("minimal", out / "minimal")
    (minimal / "rules" / "en" / "01-rules.md").write_text("# 1.0 Changed\n", encoding="utf-8")
    assert up_to_date(minimal, out) is None


def test_up_to_date_trusts_no_output_folder_with_a_missing_file(minimal: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_checked([check_path(minimal)], out)
    (out / "minimal" / "maps" / "main-en.svg").unlink()
    assert up_to_date(minimal, out) is None


def test_cli_rebuild_of_an_unchanged_game_is_up_to_date(minimal: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    assert run_cli("build", str(minimal), "-o", str(out)).code == 0
    again = run_cli("build", str(minimal), "-o", str(out))
    assert again.code == 0 and "(up to date)" in again.stderr
    forced = run_cli("build", str(minimal), "-o", str(out), "--no-cache")
    assert forced.code == 0 and "up to date" not in forced.stderr and "rerun" not in forced.stderr


def test_a_manifest_edited_to_point_outside_is_not_trusted(minimal: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    build_checked([check_path(minimal)], out)
    (tmp_path / "secret.json").write_text("{}")
    manifest_file = out / "minimal" / "manifest.json"
    manifest = json.loads(manifest_file.read_text())
    manifest["artifacts"][0]["path"] = "../../secret.json"
    manifest["artifacts"][0]["bytes"] = 2
    manifest_file.write_text(json.dumps(manifest))
    rebuilt = build_checked([check_path(minimal)], out)[0]
    assert "builder.pipeline.emitters._model_json" in rebuilt.rerun
    assert json.loads(manifest_file.read_text())["artifacts"][0]["path"] == "game.json"


def test_cli_loads_only_the_games_that_changed(minimal: Path, tmp_path: Path) -> None:
    other = tmp_path / "other"
    shutil.copytree(minimal, other)
    (other / "game.yaml").write_text((other / "game.yaml").read_text().replace("id: minimal", "id: other"))
    out = tmp_path / "out"
    assert run_cli("build", str(minimal), str(other), "-o", str(out)).code == 0
    counters = other / "counters.yaml"
    counters.write_text(counters.read_text().replace("{attack: 6, defence: 3", "{attack: 7, defence: 3"))
    again = run_cli("build", str(minimal), str(other), "-o", str(out))
    assert again.code == 0
    lines = again.stderr.strip().splitlines()
    assert lines[0].startswith("built minimal: ") and lines[0].endswith("(up to date)")
    assert lines[1].startswith("built other: ") and "emitters rerun)" in lines[1]


def test_the_code_fingerprint_follows_the_package_files_and_the_installed_packages(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    import os
    import sys

    from builder import cache

    package, site = tmp_path / "package", tmp_path / "site"
    (package / "render").mkdir(parents=True)
    (package / "render" / "pdf.py").write_text("x = 1\n")
    (site / "numpy-2.0.0.dist-info").mkdir(parents=True)
    monkeypatch.setattr(cache, "PACKAGE", package)
    monkeypatch.setattr(sys, "path", [str(site)])

    def fingerprint() -> str:
        cache.code_fingerprint.cache_clear()
        return cache.code_fingerprint()

    seen = [fingerprint()]
    assert fingerprint() == seen[0]
    (package / "render" / "pdf.py").write_text("x = 22\n")
    seen.append(fingerprint())
    os.utime(package / "render" / "pdf.py", ns=(1, 1))
    seen.append(fingerprint())
    (site / "numpy-2.0.0.dist-info").rename(site / "numpy-2.1.0.dist-info")
    seen.append(fingerprint())
    (package / "render" / "pdf.py").rename(package / "render" / "svg.py")
    seen.append(fingerprint())
    assert len(set(seen)) == len(seen)
    monkeypatch.undo()
    cache.code_fingerprint.cache_clear()


def test_redrawn_art_rebuilds_what_prints_it(minimal: Path, tmp_path: Path) -> None:
    (minimal / "art").mkdir()
    art = minimal / "art" / "tank.svg"
    art.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><rect width="20" height="10"/></svg>')
    counters = minimal / "counters.yaml"
    counters.write_text(counters.read_text().replace("{id: armour, name: Armour,", "{id: armour, name: Armour, "
                                                     "image: art/tank.svg,"))
    out = tmp_path / "out"
    before = _built(build_checked([check_path(minimal)], out)[0])
    art.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 20 10"><circle cx="10" cy="5" r="5"/></svg>')
    rebuilt = build_checked([check_path(minimal)], out)[0]
    assert "builder.emit.counters.emit_counters" in rebuilt.rerun
    assert _built(rebuilt)["counters/faces/r2-front.svg"] != before["counters/faces/r2-front.svg"]
