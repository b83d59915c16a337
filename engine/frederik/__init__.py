"""frederik — *Come quando Frederik piange* (seed 004, settled by RULINGS.md §frederik).

A 52-card deck without jokers, 2–6 players, one round per deal; the best poker hand
wins.  Cards are written rank then suit: ranks ``2 3 4 5 6 7 8 9 T J Q K A``, suits
``c d h s`` (``Ah``, ``Td``).

The draft: five times round the table from the deal's starter, a seat draws five cards
from the top of the pile, keeps one face down and returns the other four to the bottom
in the order it chooses (two decisions: ``keep 7h down``, then ``return 2c 9d Kh 5s``).
At most one of its cards may be face down: from the second draw on, the new card goes
face down and the older face-down card turns up (``keep 7h down``) or the new card goes
face up (``keep 7h up``).  On its first draw a seat may instead keep all five face down
(``keep all``): it draws no more in the draft.

The battle: two turns each, clockwise from the starter.  A turn is one of: ``pass``;
``draw`` (the top card); ``draw N`` (the N-th card from the top, N the sum of some of
one's face-up cards, A 1 … K 13, at most the pile's size); ``discard 7h 7s`` (two cards
of one number, then draw four) or ``discard 7h 7s 7d`` (three, then draw six); ``hide
7h`` (face up to face down); ``reveal 7h seat 2 slot 0`` (turn one's face-down 7h up
and make seat 2 turn up its card at index 0); and the swaps, discards and steals
against another seat's face-up card T, with one's own card C (face up or down):

- *higher* (``swap-higher``, ``discard-higher``, ``steal-higher``): C is higher than T
  (any suit) and T is the highest face-up card of its suit in front of its owner;
- *lower* (``swap-lower``, ``discard-lower``, ``steal-lower``): C is lower than T, of
  T's suit, and T is the lowest face-up card of its suit there;
- *equal* (``swap-equal``, ``discard-equal``): C has T's number; no card protects T.

A swap exchanges C and T (both end face up), a discard sends C and then T to the bottom,
a steal discards C and takes T face up; a steal also shows two (higher) or three (lower)
other cards of the actor with T's suit or number (``steal-higher Ah Ts with Td 4s``).
Cards drawn in the battle arrive face up.  Every card discarded goes to the bottom of
the pile, in the order its discarder chooses, face down.

Answers and interrupts: after a *higher* or *lower* action the target's owner may
answer by revealing a face-down card of T's suit that makes T not the highest (lowest)
after all (``protect Js``); the actor then discards C and the target keeps T.  If it
does not, one interrupt window opens, clockwise from the actor's left: the first seat
that discards a card of C's suit or number (``interrupt 9c``) cancels the action (the
actor discards C, the target keeps T; a reveal's card stays face up and the target
turns nothing).  The targeted card T cannot be the interrupt's card: the target keeps
it.  Interrupts cannot be interrupted and use no turn.  These decisions are
asked of the seat concerned out of turn order (`Turn.kind` RESPONSE or INTERRUPT,
`responding_to` the actor; the view's `answering` is the action), ``pass`` among them.

The score: each seat's best poker hand of up to five cards from all its own cards
(face up and face down) plus at most one face-up card of another seat.  Categories as
international poker (A-2-3-4-5 allowed, full house above flush), kickers compared,
exact ties share the win, a hand of fewer than five cards ranks as it is (hands.py).

Choices where RULINGS.md is silent:
- Ranks compare with the ace high (2 … K, A) for "higher", "lower" and "equal": the
  seed's own example has an ace used against a ten.  Only an N-th-card sum counts the
  ace as 1.
- Seats sit clockwise in seat order.  Seat 0 starts the first deal (`first_dealer` in
  `new_match` may say another), and the start moves one seat left each deal.
- The pile: a SHA-256 shuffle (engine/_rng.py) of the deal's own stream
  ``("frederik", "deal", n)``; `new_match(hands=…)` gives it, top first, instead.
- A card revealed in answer, or shown for a steal, becomes known to every seat; a
  revealed protecting card stays face up.  When the target protects, no interrupt window
  opens (the action has failed already: an interrupt would change nothing).
- The target's answer is asked only when it holds a protecting card, and a window asks
  only the seats holding a matching card; a seat's "pass" is seen by that seat alone,
  so no seat learns from a silence whether another could have answered, and a view's
  `to_act` names the seat asked out of turn to that seat alone (None to the others).
- Each seat remembers perfectly (the seed allows it): a view shows every card the seat
  has seen and where it is now, another seat's face-down cards it saw face up or shown,
  and the pile's cards it saw go under (`pile_known`, by position from the top).  Cards
  drawn in the draft and kept face down or returned are the drawer's alone.
- A swapped, stolen or drawn card goes to the end of its new owner's row of cards; a
  REVEAL's slot is an index in that row (the view's `tableaux`).
- Results: a deal's winner scores 1 (shared on ties: 1/k each), the others 0; the match
  score is the deals won.  Ratings take each deal's finishing order by hand strength.
- A fault (a timeout, a crash, an illegal answer) passes the faulting seat's decision
  (its draft draw goes back under the pile as drawn; an answer or an interrupt is
  declined) and every later one of the deal; its cards stay on the table, and the deal
  ranks it last (`forfeit`).

The package: records.py (the deck, actions, events, the view), notation.py (card and
action text), moves.py (what is legal), hands.py (poker's ranking), refusals.py (why an
action is refused), stats.py (per-seat statistics), table.py (the cards on the table and
who knows each), scene.py (the match as a spectator watches it, for replays), rules.py
(FrederikGame, FrederikState), worlds.py (a state rebuilt at a seat's decision from its view
and a fill of the hidden cards, for search bots).  Every record is exported here by name: results files store it as
``engine.frederik.<Name>``.
"""

from .hands import HandValue, best_with_borrow, evaluate
from .moves import battle_moves, interrupt_cards, is_extreme, matching, nth_numbers, protectors, targeted_moves
from .notation import check_pile, parse_action, parse_card, parse_cards
from .records import (
    BATTLE_ROUNDS,
    DECK,
    DRAFT_DRAW,
    DRAFT_ROUNDS,
    RANKS,
    SUITS,
    Acted,
    Category,
    DealEnded,
    DealStarted,
    Drew,
    Forfeited,
    FrederikAction,
    FrederikView,
    Kept,
    MatchEnded,
    Move,
    Outcome,
    Phase,
    PileCard,
    Resolved,
    Responded,
    Returned,
    ShownHand,
    Tableau,
    TableCard,
    Window,
    number_of,
    rank_of,
    sort_cards,
    suit_of,
)
from .rules import DEFAULT_DEALS, FrederikGame, FrederikState
from .stats import FrederikMark, FrederikStats, frederik_moments, frederik_statistics
from .worlds import Fill, state_at_decision

__all__ = [
    "RANKS",
    "SUITS",
    "DECK",
    "DRAFT_ROUNDS",
    "DRAFT_DRAW",
    "BATTLE_ROUNDS",
    "DEFAULT_DEALS",
    "Move",
    "Phase",
    "Window",
    "Outcome",
    "Category",
    "FrederikAction",
    "TableCard",
    "Tableau",
    "PileCard",
    "ShownHand",
    "DealStarted",
    "Drew",
    "Kept",
    "Returned",
    "Acted",
    "Responded",
    "Resolved",
    "Forfeited",
    "DealEnded",
    "MatchEnded",
    "FrederikView",
    "FrederikGame",
    "FrederikState",
    "FrederikStats",
    "frederik_statistics",
    "FrederikMark",
    "frederik_moments",
    "HandValue",
    "evaluate",
    "best_with_borrow",
    "battle_moves",
    "targeted_moves",
    "protectors",
    "interrupt_cards",
    "matching",
    "is_extreme",
    "nth_numbers",
    "check_pile",
    "parse_action",
    "parse_card",
    "parse_cards",
    "rank_of",
    "number_of",
    "suit_of",
    "sort_cards",
    "Fill",
    "state_at_decision",
]
