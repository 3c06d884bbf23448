"""Typesetting on reportlab's platypus: rulebooks, player aids, setup cards.

reportlab's paragraph module is first imported here, with the one pattern of it sandtable never uses
(links' hyphenation) left to compile when first used (builder/deferred.py).
"""
from builder.deferred import compiled_on_first_use

with compiled_on_first_use("reportlab.platypus.paragraph"):
    import reportlab.platypus.paragraph  # noqa: F401
