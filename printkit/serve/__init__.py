"""The live preview (`printkit serve`): a local web server that shows a pack's components as printed,
its problems where they are, its rulebook and a deck-list checker, updated as the pack's files are saved."""
