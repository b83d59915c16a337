"""Batch maximum-likelihood Elo ratings for a whole tournament.

Why batch: sequential Elo updates depend on the order in which results arrive and
never converge to the ratings that best explain the data; with a few thousand deals
the difference is larger than the gaps between bots. Like Ordo and BayesElo, `fit`
maximises one likelihood over *all* results at once, so the table depends only on
the multiset of results, and its intervals come from the curvature of that
likelihood rather than from a rule of thumb.

Ratings are on the Elo scale: a bot with rating R has strength gamma = 10**(R/400).
A side (the unit that finishes in one place) is one bot, or a partnership whose
rating is the *sum* of its members' ratings. The same bot may sit on several sides
of one observation (copies of a bot when there are fewer bots than seats); its
variable then simply appears several times in the likelihood.

Likelihood of one observation, chosen from its ranks (so mixed input works):

* **2 sides: Bradley-Terry with draws**, BayesElo's "drawelo" form::

      P(A wins) = 1 / (1 + 10**((Rb - Ra + drawelo) / 400))
      P(B wins) = 1 / (1 + 10**((Ra - Rb + drawelo) / 400))
      P(draw)   = 1 - P(A wins) - P(B wins)

  drawelo >= 0 is fitted jointly with the ratings when any two-sided draw was
  observed. When two-sided games exist but none was drawn, its maximum-likelihood
  value is the boundary drawelo = 0 (plain Bradley-Terry), which is what is used
  and reported.

* **k >= 3 sides, one loser** (all sides but one share the best rank, one side has
  the worse rank: Il Conto, where the hand's loser pays): the **Luce "who loses"**
  model ``P(i loses) = 10**(-Ri/400) / sum_j 10**(-Rj/400)``.

* **any other k >= 3 rank vector: Plackett-Luce** over the finishing order, best
  first. *Ties* are read as an unobserved order inside the tied group (censoring):
  the likelihood of a tie is the *sum* of the Plackett-Luce probabilities of every
  order of the tied sides, i.e. the exact probability that the tied group takes
  those places in some order. Consequences: a tie says nothing about the tied sides
  relative to each other, only about them against the other groups; a tie among
  all sides has probability 1 (no information, but it still counts in
  ``Rating.observations``); and "(0, 1, 1, 1)" is exactly the Luce winner model.
  The sum is enumerated, so a tied group that is not the last one may hold at most
  8 sides (the last group always contributes probability 1).

The fit is a damped Newton-Raphson on the penalised log-likelihood in all
parameters. The ratings are translation invariant, so they are fitted in an
orthonormal basis of the subspace "mean rating = 0"; the covariance is the inverse
of the negative Hessian in that basis mapped back, which is exactly the covariance
of the *centred* ratings. With ``anchor=(name, value)`` the centred solution is
shifted so that the anchor sits at ``value`` and the covariance is that of
``R_i - R_anchor`` (the anchor has sd 0; the others' sd are relative to it).

Prior (what makes an undefeated bot finite): a bot the data only bound (one that
finished ahead of, or behind, every other side every time: `Design.one_sided`) plays
``prior_games`` virtual games against a virtual opponent rated at the pool mean (0),
every one scored as a classical Elo draw, i.e. half a win and half a loss on the plain
logistic curve (no drawelo). Its log-density for a bot at r natural units
(r = R * ln 10 / 400) is ``(g / 2) * (log sigmoid(r) + log sigmoid(-r))``. Near 0 it
acts like a Gaussian with sd ``800 / (ln 10 * sqrt(g))`` = 347/sqrt(g) Elo (about 246
Elo for the default g = 2); its tails are only exponential. **The prior enters no
other rating**: a bot the data rate (it finished both ahead and behind) is fitted by
plain maximum likelihood, so the prior cannot pull a dominant bot that lost once
towards the pool (with the prior on every bot, a bot at +900 that lost once was printed
at +475 ± 132). And the table is then centred on the mean of the bots the data rate
(`Design.centred_on`): a rating the prior sets, far from its true value, would
otherwise shift the pool mean and every other rating with it. When the results alone
do not determine the others either (groups that never met, or groups of bots that
always beat other groups), the prior enters every rating, as one virtual draw per bot
(`Design.prior_on` names them all). drawelo gets ``g`` virtual games between two equal
sides, half of them drawn and half decisive (alone this would give drawelo =
400*log10(3) = 191), only when every real two-sided game was a draw, or the prior
enters every rating. ``prior_games=0`` gives the plain maximum-likelihood estimate and
raises `RatingError` when that does not exist (a bot that won or lost everything, or
groups of bots that never met).

Intervals: the covariance is the inverse of the negative Hessian ("model-based"),
unless the observations name their deal families (``Observation.cluster``: one deal at
every rotation of its table) and every rated unit (bot, or partnership) played in at
least `design.FAMILIES_PER_UNIT` (5) of them: counted per unit, since a unit's rating
rests on its own families' scores, and six bots at four seats put each in two thirds of
the families; and there are more families in all than the fit's parameters (eight bots
at eight seats in seven families leave a rating without spread). Then it is the
cluster-robust *sandwich* ``c H^-1 M H^-1``, where ``M`` sums, over the families, the
outer product of each family's score (the gradient of its observations' log-likelihood
at the fit), times F / (F - 1), and c = (t / 1.96)^2 with t the 97.5% quantile of
Student's t with G - 1 degrees of freedom, G the fewest families a unit played in (the
usual advice for few clusters; without it the ±95% covered 93% just above the switch).
The rotations of one deal share its
cards, so their results are correlated: under seat luck duplicate dealing cancels, the
model-based interval overstates the spread (it sees independent results), and when
deterministic bots replay a rotation exactly it understates it (it counts the copy).
The sandwich measures the spread of the families as they are, so the ± narrows as
much as the design removes luck, and copies count once. The prior's curvature stays in
``H``; ``M`` holds the data only. `RatingTable.design` says which was used, with the
bots whose results were one-sided and the groups that never met.

A rated bot with fewer than `design.THIN` (5) results one way (`design.Tally`: the
deals it lost, or did not lose, under Luce; its wins or losses in a pairwise game; the
times it finished behind, or ahead of, another side in an order) has a likelihood that
rests on that small count, lopsided where Elo ± 1.96 sd is symmetric: a bot at +900
that lost twice in 400 deals was printed about 220 Elo low, and its Wald interval
never reached the truth.  Its ``low``/``high`` are then the **profile likelihood-ratio
interval**: its rating held at a value, every other parameter refitted, the values
whose penalised log-likelihood is within 3.84 / 2 of the maximum; under the sandwich the
3.84 is scaled by the ratio of that rating's sandwich variance to its model-based one
(Chandler and Bate's adjusted profile likelihood, Student's t included), so that the
interval is the sandwich's locally.  ``sd``, LOS and the covariance stay the Wald ones.
The counts are what every model's likelihood rests on and the one-sided flag is their
zero, so the rule reads the same for every game; `Design.likelihood_ratio` names the
bots, and the note under the table says why.

Observations whose sides are all the same set of bots (a bot against copies of
itself) are dropped entirely: the strengths cancel, so they say nothing about the
ratings, and a self-play draw rate says little about draws between different bots.
Identical observations (same sides, same ranks, in any seat order) are merged into
one weighted observation before fitting, which keeps thousands of deals for ten
bots well under a second, and makes the result independent of input order.

Modules: `observations` (the input: `Observation`, or a reader's own checked and merged
`CheckedObservation`, and its canonical key), `models`
(the likelihoods, one registered class per model, found as games are: a new model is one
module there), `design` (what the results can say before the fit: one-sided bots, the
counts each way, groups, the families the sandwich needs), `likelihood` (`Problem`: the
penalised log-likelihood, summing what each model's blocks give, and its Newton
maximiser), `solver` (`fit`), `_profile` (the likelihood-ratio interval of one rating),
`intervals` (covariance to Elo, ±95% and LOS; `Rating`, `RatingTable`, `plus_minus`:
the table's ±95% text).
"""

from arena.errors import RatingError
from arena.results.ratings.design import Design
from arena.results.ratings.intervals import Rating, RatingTable, plus_minus
from arena.results.ratings.observations import CheckedObservation, Observation
from arena.results.ratings.solver import fit

__all__ = ["CheckedObservation", "Design", "Observation", "Rating", "RatingError", "RatingTable", "fit", "plus_minus"]
