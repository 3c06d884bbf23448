"""The JSON Schema of every content file kind, generated from the model (for editors)."""
from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from pydantic.json_schema import models_json_schema

from builder.emit.output import write_atomic
from builder.model.charts import ChartsFile
from builder.model.counters import CountersFile
from builder.model.game import GameFile
from builder.model.map import MapFile
from builder.model.scenario import Scenario
from builder.model.template import CounterLayout

FILE_KINDS = {
    "game": GameFile,
    "counters": CountersFile,
    "map": MapFile,
    "charts": ChartsFile,
    "scenario": Scenario,
    "layout": CounterLayout,
}
"""Each content file kind and its model: game.yaml, counters.yaml, map.yaml, charts.yaml, scenarios/*.yaml,
layouts/*.yaml (counter layouts)."""

DIALECT = "https://json-schema.org/draft/2020-12/schema"


def schema_document(kind: str | None = None) -> dict:
    """Return the schema of one file kind, or of all kinds (any of them) when `kind` is None."""
    if kind is not None:
        document = FILE_KINDS[kind].model_json_schema()
        return {"$schema": DIALECT, **document}
    _, definitions = models_json_schema([(model, "validation") for model in FILE_KINDS.values()])
    return {
        "$schema": DIALECT,
        "title": "sandtable content file",
        "description": "Any sandtable content file: game.yaml, counters.yaml, map.yaml, charts.yaml, a scenario or a "
                       "counter layout.",
        "anyOf": [{"$ref": f"#/$defs/{model.__name__}"} for model in FILE_KINDS.values()],
        **definitions,
    }


def schema_file_name(kind: str) -> str:
    """Return the file name `sandtable schema --write` gives the schema of one kind (`counters.schema.json`)."""
    return f"{kind}.schema.json"


def schema_files(kinds: Iterable[str] = tuple(FILE_KINDS)) -> dict[str, bytes]:
    """Return one JSON Schema file per content kind, by file name, as the bytes written to disk."""
    return {schema_file_name(kind): (json.dumps(schema_document(kind), indent=2, ensure_ascii=False) + "\n")
            .encode("utf-8") for kind in kinds}


def write_schemas(folder: Path, kinds: Iterable[str] = tuple(FILE_KINDS)) -> list[Path]:
    """Write one schema file per content kind into `folder` (atomically) and return their paths."""
    written = []
    for name, data in schema_files(kinds).items():
        write_atomic(folder / name, data)
        written.append(folder / name)
    return written
