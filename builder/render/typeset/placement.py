"""Placements in words, as a setup card prints them: "0409", "within 1 of Tobruk (1804)", "in zone
West of the front", "stacked with any unit of 21st Panzer Division", "enters on turn 5 by the east edge".
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property

from builder.model.base import text_in
from builder.model.content import Game
from builder.model.scenario import Reinforcement, Where
from builder.phrases import date_text, phrase


@dataclass(frozen=True)
class Names:
    """The printed names of everything a placement can point at, in one language."""

    game: Game
    lang: str

    def text(self, value: object) -> str:
        """Return content text in this language."""
        return text_in(value, self.lang)

    @cached_property
    def places(self) -> dict[str, str]:
        """Return `Name (hex)` of every place by id."""
        return {p.id: f"{self.text(p.name)} ({p.hex})" if p.hex else self.text(p.name)
                for m in self.game.maps.maps for p in m.places}

    @cached_property
    def zones(self) -> dict[str, str]:
        """Return every zone's name by id."""
        return {z.id: self.text(z.name) for m in self.game.maps.maps for z in m.zones}

    @cached_property
    def boxes(self) -> dict[str, str]:
        """Return `Track: box` of every box by id."""
        found = {}
        for track in (t for m in self.game.maps.maps for t in m.tracks):
            for box in track.boxes:
                label = self.text(box.name) or (str(box.value) if box.value is not None else box.id)
                found[box.id] = f"{self.text(track.name)}: {label}"
        return found

    @cached_property
    def edges(self) -> dict[str, tuple[str, str]]:
        """Return every edge as a direction word and, when it says more, its printed name in brackets."""
        found = {}
        for edge in (e for m in self.game.maps.maps for e in m.edges):
            direction = phrase(edge.side_of_map, self.lang)
            name = self.text(edge.name)
            found[edge.id] = (direction, f" ({name})" if name and direction.lower() not in name.lower() else "")
        return found

    def edge(self, key: str, edge_id: str) -> str:
        """Return the caption `key` (`edge`, `enters_edge`) filled with an edge."""
        direction, name = self.edges.get(edge_id, (edge_id, ""))
        return phrase(key, self.lang, edge=direction) + name

    @cached_property
    def formations(self) -> dict[str, str]:
        """Return every formation's name by id."""
        return {f.id: self.text(f.name) for f in self.game.game.formations}

    @cached_property
    def pieces(self) -> dict[str, str]:
        """Return every unit's and marker's name by id."""
        return {p.id: self.text(p.name) for p in [*self.game.counters.units, *self.game.counters.markers]}

    @cached_property
    def maps(self) -> dict[str, str]:
        """Return every map's name by id."""
        return {m.id: self.text(m.name) for m in self.game.maps.maps}


def _targets(targets: str | list[str], names: Names) -> str:
    listed = [targets] if isinstance(targets, str) else targets
    return f" {phrase('or', names.lang)} ".join(names.places.get(t, t) for t in listed)


def where_text(where: Where, names: Names) -> str:
    """Return where a placement puts its pieces, in words."""
    lang, how = names.lang, where.how
    if how == "hex":
        text = phrase("hex", lang, hex=where.hex)
    elif how == "place":
        text = phrase("place", lang, place=names.places.get(where.place, where.place))
    elif how == "within":
        text = phrase("within", lang, n=where.within.hexes, target=_targets(where.within.of, names))
    elif how == "zone":
        text = phrase("zone", lang, zone=names.zones.get(where.zone, where.zone))
    elif how == "box":
        text = phrase("box", lang, box=names.boxes.get(where.box, where.box))
    elif how == "stacked_with" and where.stacked_with.formation:
        formation = where.stacked_with.formation
        text = phrase("stacked_formation", lang, formation=names.formations.get(formation, formation))
    elif how == "stacked_with":
        text = phrase("stacked_unit", lang, unit=names.pieces.get(where.stacked_with.unit, where.stacked_with.unit))
    elif how == "edge":
        text = names.edge("edge", where.edge)
    else:
        text = phrase("anywhere_own" if where.anywhere == "own-side" else "anywhere_map", lang)
    if where.map and len(names.maps) > 1:
        text += f" ({phrase('on_map', lang, map=names.maps.get(where.map, where.map))})"
    return text


def turn_text(reinforcement: Reinforcement, names: Names) -> str:
    """Return the turn a reinforcement arrives: `5`, or `6 (5 June 1942)` when it is given by date."""
    if reinforcement.turn is not None:
        return str(reinforcement.turn)
    turn = names.game.game.turns.turn_of(reinforcement.date)
    date = date_text(reinforcement.date, names.lang)
    return f"{turn} ({date})" if turn else date


def arrival_text(reinforcement: Reinforcement, names: Names) -> str:
    """Return when and where a reinforcement enters: `enters on turn 5 by the east edge`."""
    if reinforcement.how == "edge":
        where = names.edge("enters_edge", reinforcement.edge)
    elif reinforcement.how in ("hex", "place"):
        where = phrase(f"enter_{reinforcement.how}", names.lang, where=where_text(reinforcement, names))
    else:
        where = where_text(reinforcement, names)
    return phrase("enters", names.lang, turn=turn_text(reinforcement, names), where=where)
