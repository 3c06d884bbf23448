"""The live preview of `sandtable watch`: rebuild on save, serve the artifacts and diagnostics on localhost."""
