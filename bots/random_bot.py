"""random — uniform over the legal actions: the floor every strategy must beat."""

import random

from arena import sdk


class RandomBot(sdk.Bot):
    name = "random"
    games = ("conto", "invido")
    description = "Chooses uniformly at random among the legal actions."

    def act(self, request):
        return random.randrange(len(request.legal_actions))


if __name__ == "__main__":
    sdk.run(RandomBot)
