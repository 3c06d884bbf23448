"""The VASSAL module exporter: buildFile.xml, images, moduledata and scenario .vsav files in a .vmod."""
