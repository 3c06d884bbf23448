"""The build's machinery below builder/build.py: the emitter table, the load and check stages, staging and
scheduling."""
