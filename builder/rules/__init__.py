"""The rules engine: checks registered by id (registry.py), one module of them per area of the content.

The modules are imported the first time checks are run or listed (`registry.every_check`), not with this
package: the loader reports through builder/diagnostics.py. A build imports them before it forks the child that
reads and checks its games (builder/cli.py `_import_build`), which inherits them.
"""
