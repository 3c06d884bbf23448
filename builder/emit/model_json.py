"""The game model as one JSON file: for tools that want the checked content without parsing YAML."""
from __future__ import annotations

import json

from builder.model.content import Game

KIND = "model-json"
PATH = "game.json"


def emit_model_json(game: Game) -> bytes:
    """Return the checked model as canonical JSON (sorted files, stable key order)."""
    data = {
        "game": game.game.model_dump(mode="json", exclude_defaults=True),
        "counters": game.counters.model_dump(mode="json", exclude_defaults=True),
        "maps": game.maps.model_dump(mode="json", exclude_defaults=True),
        "charts": game.charts.model_dump(mode="json", exclude_defaults=True),
        "scenarios": [s.model_dump(mode="json", exclude_defaults=True) for s in game.scenarios],
        "rulebooks": [
            {"lang": book.lang, "cases": [{"number": c.number, "title": c.title} for c in book.cases]}
            for book in game.rulebooks
        ],
    }
    return (json.dumps(data, ensure_ascii=False, indent=1) + "\n").encode("utf-8")
