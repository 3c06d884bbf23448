"""`python -m builder` runs the sandtable command."""
from builder.cli import run

run()
