"""`sandtable new`: a small starter game that checks clean and builds at once.

The starter lives in `builder/templates/starter/`; two placeholders in its game.yaml take the new
game's id and title. Each YAML file's first line points the YAML language server at a schema in the
game's own `schemas/` folder, which is written beside it, so editors validate while typing.
"""
from __future__ import annotations

import json
import os
import re
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path

from builder.emit.output import write_atomic
from builder.model.base import ID_PATTERN, slug
from builder.schema import schema_files

STARTER_DIR = Path(__file__).resolve().parent / "templates" / "starter"
"""The starter game's files, copied with the placeholders filled in."""
STARTER_FONTS = Path(__file__).resolve().parent / "render" / "fonts"
STARTER_COPIES = {"fonts/DejaVuSansCondensed-Bold.ttf": STARTER_FONTS / "DejaVuSansCondensed-Bold.ttf",
                  "fonts/LICENSE-DejaVu.txt": STARTER_FONTS / "LICENSE-DejaVu.txt"}
"""Files the starter takes as they are from sandtable's own: a font of its own, with its licence."""

SCHEMA_FOLDER = "schemas"
"""Where in the new game the JSON Schemas go (the starter's `$schema=` comments point there)."""

ID_PLACEHOLDER = "__GAME_ID__"
TITLE_PLACEHOLDER = "__GAME_TITLE__"


class ScaffoldError(Exception):
    """The new game cannot be made where asked (the folder exists, or the name makes no id)."""


@dataclass(frozen=True)
class NewGame:
    """A game made by `sandtable new`: its folder, id and the files written (relative, POSIX)."""

    folder: Path
    game_id: str
    files: list[str]


def game_id_for(name: str) -> str:
    """Return the game id made from a folder name (`Kursk 43` → `kursk-43`); raise ScaffoldError if none."""
    game_id = slug(name)
    if not game_id or not re.match(ID_PATTERN, game_id):
        raise ScaffoldError(f'"{name}" makes no game id: use letters or digits, such as "kursk-1943"')
    return game_id


def title_for(name: str) -> str:
    """Return a title made from a folder name: `kursk-1943` → `Kursk 1943`; a name with capitals stays."""
    if name != name.lower():
        return name
    return " ".join(word.capitalize() for word in re.split(r"[-_\s]+", name) if word)


def starter_files(game_id: str, title: str) -> dict[str, bytes]:
    """Return every file of the starter game (relative POSIX path → bytes), schemas included, sorted."""
    files: dict[str, bytes] = {}
    for path in sorted(p for p in STARTER_DIR.rglob("*") if p.is_file()):
        text = path.read_text(encoding="utf-8")
        # json.dumps quotes the title as a YAML double-quoted scalar, whatever characters it holds
        text = text.replace(ID_PLACEHOLDER, game_id).replace(TITLE_PLACEHOLDER, json.dumps(title, ensure_ascii=False))
        files[path.relative_to(STARTER_DIR).as_posix()] = text.encode("utf-8")
    for name, data in schema_files().items():
        files[f"{SCHEMA_FOLDER}/{name}"] = data
    for name, source in STARTER_COPIES.items():
        files[name] = source.read_bytes()
    return dict(sorted(files.items()))


def create_game(name: str, parent: Path, *, title: str | None = None) -> NewGame:
    """Write the starter game to `parent/name`; raise ScaffoldError if that path already exists."""
    if Path(name).name != name or name in (".", ".."):
        raise ScaffoldError(f'"{name}" is not a folder name: give the parent folder with --dir')
    game_id = game_id_for(name)
    target = parent / name
    if target.exists() or target.is_symlink():
        raise ScaffoldError(f"{target} already exists; sandtable new never overwrites a folder")
    files = starter_files(game_id, title or title_for(name))
    parent.mkdir(parents=True, exist_ok=True)
    # Write into a hidden sibling, then rename: the game appears whole or not at all.
    staging = Path(tempfile.mkdtemp(prefix=f".{game_id}.", suffix=".new", dir=parent))
    try:
        for relative, data in files.items():
            write_atomic(staging.joinpath(*relative.split("/")), data)
        if target.exists():
            raise ScaffoldError(f"{target} already exists; sandtable new never overwrites a folder")
        os.chmod(staging, 0o777 & ~_umask())
        staging.rename(target)
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return NewGame(target, game_id, list(files))


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current
