"""Typesetting on reportlab's platypus: rulebooks, player aids, setup cards."""
