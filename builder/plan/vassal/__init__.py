"""The VASSAL module's plan below the checks and the emitter: its scale and hex grids in pixels (geometry.py,
grid.py), its pieces and prototypes (pieces.py) and the words it shows (words.py).

The emitter (builder/emit/vassal/) writes the module from it and the checks (builder/rules/vassal.py) prove
it, so what they prove is what the module holds.
"""
