"""Arena: a tournament arena for card-game bots."""
