"""printkit: validated tabletop-game content packs in, print-and-play PDFs and rulebooks out."""

__version__ = "0.1.0"
