"""The rules engine. Importing this package registers every check: this list is their table of contents."""
from builder.rules import charts, counters, game, layout, map, references, rulebook, scenarios, vassal  # noqa: F401
