"""Arena's bots: thin entry scripts (`python bots/<file>.py`, the paths tournament files name)
and the helpers they share: `bots.conto`, `bots.invido` and `bots.seeds` (see bots/README.md)."""
