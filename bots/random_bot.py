"""random — uniform over the legal actions: the floor every strategy must beat."""

from arena import sdk
from bots.seeds import seat_rng


class RandomBot(sdk.Bot):
    name, games = "random", ("conto", "invido", "vegas", "bridge", "frederik")
    description = "Chooses uniformly at random among the legal actions."

    def on_match_start(self, start):  # seeded per match and seat: tournaments replay exactly
        self.rng = seat_rng(start.match_id, start.seat, self.param("seed", 0))

    def act(self, request):
        return self.rng.randrange(len(request.legal_actions))


if __name__ == "__main__":
    sdk.run(RandomBot)
