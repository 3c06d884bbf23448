"""The placement plan: where every counter of every scenario starts, below the checks and the emitters.

The checks (builder/rules/) prove the plan legal and the emitters (VASSAL setups, setup cards) draw it,
so what is checked is what is printed and loaded. It reads the model and does hex maths only.
"""
