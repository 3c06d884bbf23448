"""Plans below the checks and the emitters: what both read, so that what is checked is what is made.

The placement plan (placement.py, setups.py, hexes.py): where every counter of every scenario starts; the
checks (builder/rules/) prove it legal and the emitters (VASSAL setups, setup cards) draw it. The counter
mix's CSV rows (counter_mix.py): which units one row holds; the export writes them and its warnings name the
rest. Plans read the model and do hex maths only: no I/O, no diagnostics.
"""
