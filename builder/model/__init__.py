"""The content model: one pydantic class per kind of mapping in a game's files.

Its modules, unlike the rest of sandtable, do not write `from __future__ import annotations`: with it every
field's annotation is text that pydantic compiles and evaluates as the class is made, some 1,100 of them,
in the build's process, before it forks the child that reads the games (4% of importing the models).
"""
