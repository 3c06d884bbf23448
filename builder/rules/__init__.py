"""The rules engine: checks registered by id (registry.py), one module of them per area of the content.

The modules are imported the first time checks are run or listed (`registry.every_check`), not with this
package: the loader reports through builder/diagnostics.py, and a build loads a game before it needs the checks
(it imports them while the game is read, and the child that checks it inherits them: builder/build.py).
"""
