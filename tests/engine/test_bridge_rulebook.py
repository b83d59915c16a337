"""The seed's rulebook (seeds/002), sentence by sentence: each test quotes what it checks.

The seed's worked examples are its bids ("1 Cuori", "2 Fiori", "1 SA": how many tricks
each promises, with which trumps) and its trick values; they are played here on one deal
given by hand, board 1 (North deals, nobody vulnerable).
"""

from __future__ import annotations

import pytest

import engine
from engine.bridge import (
    HCP,
    AuctionEnded,
    BoardDealt,
    BoardScored,
    BridgeState,
    CallKind,
    Contract,
    Doubling,
    Phase,
    Strain,
    TrickTaken,
    declarer_score,
)

#: North holds every top card; West is short in clubs (two), so it can ruff the third round.
HANDS = (
    "AKQJ.AKQ.AKQ.AKQ",  # North
    "T98.JT9.JT9.JT98",  # East
    "765.876.876.7652",  # South
    "432.5432.5432.43",  # West
)


def deal(hands: tuple[str, ...] = HANDS) -> BridgeState:
    return engine.load("bridge").new_match(seed=1, deals=1, hands=list(hands))


def say(state: BridgeState, calls: str) -> None:
    for call in calls.split():
        state.apply(call)


def scored(state: BridgeState) -> BoardScored:
    return next(e for e in reversed(state.history) if isinstance(e, BoardScored))


def test_quattro_giocatori_tredici_carte_ciascuno_nord_sud_contro_est_ovest():
    """ "Il gioco si svolge con 4 giocatori, ciascuno dei quali riceve 13 carte. ... Nord e
    Sud che formano una coppia contro Est e Ovest." """
    spec = engine.load("bridge").spec
    assert (spec.min_players, spec.max_players) == (4, 4) and spec.partnerships
    game = engine.load("bridge")
    assert [game.team_of(seat) for seat in range(4)] == [0, 1, 0, 1]
    state = game.new_match(seed=5, deals=1)
    hands = [state.view(seat).hand for seat in range(4)]
    assert all(len(hand) == 13 for hand in hands)
    assert sorted(card for hand in hands for card in hand) == sorted(engine.bridge.DECK)


def test_carte_distribuite_una_per_volta_in_senso_orario():
    """ "Le carte sono distribuite a turno, una per volta, in senso orario" (from the
    dealer's left): the shuffled deck's first card goes to the seat after the dealer."""
    from engine._rng import DealRandom

    state = engine.load("bridge").new_match(seed=9, deals=2)
    deck = list(engine.bridge.DECK)
    DealRandom(9, "bridge", "deal", 1).shuffle(deck)
    dealer = state.dealer
    assert dealer == 0
    assert deck[0] in state.view((dealer + 1) % 4).hand
    assert deck[1] in state.view((dealer + 2) % 4).hand
    assert deck[3] in state.view(dealer).hand


def test_punteggio_delle_carte_per_la_dichiarazione():
    """ "Asso (A) = 4 punti, Re (K) = 3, Donna (Q) = 2, Fante (J) = 1; le carte numeriche
    (2-10) non hanno valore." """
    assert HCP == {"A": 4, "K": 3, "Q": 2, "J": 1}
    points = [sum(HCP.get(card[1], 0) for card in engine.bridge.parse_hand(hand)) for hand in HANDS]
    assert points == [37, 3, 0, 0]


@pytest.mark.parametrize(
    ("bid", "tricks", "trumps"),
    [("1H", 7, Strain.HEARTS), ("2C", 8, Strain.CLUBS), ("1NT", 7, Strain.NOTRUMP)],
)
def test_una_dichiarazione_e_un_numero_e_un_seme_o_senza_atout(bid: str, tricks: int, trumps: Strain):
    """ "'1 Cuori' significa ... almeno 7 prese (6 + 1), con il seme Cuori come atout. ...
    '2 Fiori' ... almeno 8 prese (6+2), con Fiori come atout. ... '1 SA' ... almeno 7
    prese senza un seme dominante." """
    state = deal()
    say(state, f"{bid} pass pass pass")
    contract = state.contract
    assert contract is not None and contract.strain is trumps and contract.level + 6 == tricks
    # Exactly that many tricks make it; one fewer is one down.
    assert declarer_score(contract.level, trumps, Doubling.UNDOUBLED, False, tricks) > 0
    assert declarer_score(contract.level, trumps, Doubling.UNDOUBLED, False, tricks - 1) == -50


def test_il_gioco_non_inizia_senza_un_contratto():
    """ "il gioco non inizia senza un contratto": four passes, nothing is played, 0."""
    state = deal()
    say(state, "pass pass pass pass")
    ended = [e for e in state.history if isinstance(e, AuctionEnded)]
    assert ended[0].contract is None
    assert not any(isinstance(e, TrickTaken) for e in state.history)
    assert scored(state).score == 0 and state.is_terminal()


def test_passo_dichiara_contro_surcontro():
    """ "Passo ... Dichiara: una dichiarazione superiore alla precedente ... Contro ...
    Surcontro: se una coppia viene contrata, può rispondere con un surcontro." """
    state = deal()
    assert {a.text for a in state.legal_actions()} == {"pass"} | {b.text for b in engine.bridge.notation.BIDS}
    say(state, "1H")
    legal = {a.text for a in state.legal_actions()}
    assert "X" in legal and "1H" not in legal and "1S" in legal and "1D" not in legal
    say(state, "X")
    assert "XX" in {a.text for a in state.legal_actions()}
    say(state, "XX pass pass pass")
    assert state.contract == Contract(1, Strain.HEARTS, Doubling.REDOUBLED, 0)


def test_tre_passi_consecutivi_chiudono_l_asta():
    """ "L'asta continua fino a che tre giocatori consecutivi passano, chiudendo l'asta. La
    dichiarazione finale diventa il contratto." """
    state = deal()
    say(state, "1C pass 1NT pass pass")
    assert state.phase is Phase.AUCTION
    say(state, "pass")
    assert state.phase is Phase.PLAY and state.contract == Contract(1, Strain.NOTRUMP, Doubling.UNDOUBLED, 2)


def test_il_dichiarante_e_chi_per_primo_ha_dichiarato_il_seme():
    """ "Il giocatore della coppia che ha fatto la dichiarazione vincente e che per primo ha
    dichiarato il seme dell'atout o SA diventa il dichiarante." South names hearts first;
    North raises; South declares."""
    state = deal()
    say(state, "1C pass 1H pass 4H pass pass pass")
    assert state.contract is not None and state.contract.declarer == 2 and state.dummy_seat == 0


def test_il_morto_scoperto_e_giocato_dal_dichiarante():
    """ "Il partner del dichiarante diventa il morto: le sue carte vengono disposte
    scoperte sul tavolo, e sarà il dichiarante a giocarle, oltre che a giocare le
    proprie." (Dummy goes face up after the opening lead.)"""
    state = deal()
    say(state, "1C pass 1H pass 4H pass pass pass")  # South declares; North is dummy
    assert state.current_seat() == 3  # West, on declarer's left, leads
    assert all(state.view(seat).dummy == () for seat in range(4))
    state.apply("S4")
    turn = state.turn()
    assert turn is not None and turn.seat == 2 and turn.acting_seat == 0
    assert all(state.view(seat).dummy == state.view(0).hand for seat in range(4))
    assert {a.text for a in state.legal_actions()} == {"SA", "SK", "SQ", "SJ"}


def test_uscita_dalla_sinistra_del_dichiarante_e_obbligo_di_rispondere_al_seme():
    """ "Il giocatore alla sinistra del dichiarante inizia ... I giocatori devono seguire il
    seme della carta di uscita, se possibile." """
    state = deal()
    say(state, "7NT pass pass pass")  # North declares: East leads
    assert state.current_seat() == 1
    state.apply("CJ")
    with pytest.raises(engine.IllegalAction, match="must follow suit"):
        state.apply("S7")  # South (dummy, played by North) holds clubs
    assert {a.text for a in state.legal_actions()} == {"C7", "C6", "C5", "C2"}


def test_chi_non_ha_il_seme_puo_scartare_o_tagliare_e_l_atout_piu_alta_vince():
    """ "Se un giocatore non ha carte del seme di uscita, può scartare ... o giocare una
    carta atout ... la presa va al giocatore con la carta atout più alta." West, out of
    clubs at the third round, ruffs North's club queen in a heart contract."""
    state = deal()
    say(state, "pass 1H pass pass pass")  # East declares hearts; South leads, West is dummy
    for card in ("C7", "C3", "CA", "C8"):  # North wins the club ace
        state.apply(card)
    for card in ("CK", "C9", "C6", "C4"):
        state.apply(card)
    state.apply("CQ")
    state.apply("CT")
    state.apply("C5")
    legal = {a.text for a in state.legal_actions()}
    assert "H2" in legal and "S2" in legal  # West: no club left, trump or discard
    state.apply("H2")
    last = [e for e in state.history if isinstance(e, TrickTaken)][-1]
    assert last.winner == 3 and state.current_seat() == 1  # West wins; East plays for it


def test_la_presa_va_alla_carta_piu_alta_del_seme_di_uscita_e_il_vincitore_esce():
    """ "La presa è vinta dal giocatore che ha giocato la carta più alta del seme di uscita
    ... Il vincitore di una presa gioca la prima carta della presa successiva." """
    state = deal()
    say(state, "7NT pass pass pass")
    for card in ("HJ", "H6", "H5", "HA"):  # East leads, South (dummy), West, North
        state.apply(card)
    trick = [e for e in state.history if isinstance(e, TrickTaken)][-1]
    assert trick.winner == 0 and state.current_seat() == 0 and state.to_play == 0


def test_contratto_mantenuto_e_penalita():
    """ "Se la coppia dichiarante ha fatto almeno il numero di prese dichiarato ... guadagnano
    punti. Se non riescono ... l'altra coppia guadagna punti." North makes all thirteen in
    7NT (1520 not vulnerable: 220 for the tricks, 300 game, 1000 grand slam)."""
    state = deal()
    say(state, "7NT pass pass pass")
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])  # North's top cards win every trick
    result = scored(state)
    assert result.declarer_tricks == 13 and result.score == 1520
    assert state.deal_results()[0].scores == (1520.0, -1520.0, 1520.0, -1520.0)


@pytest.mark.parametrize(
    ("strain", "per_trick"),
    [(Strain.CLUBS, 20), (Strain.DIAMONDS, 20), (Strain.HEARTS, 30), (Strain.SPADES, 30)],
)
def test_punti_per_presa_oltre_le_sei(strain: Strain, per_trick: int):
    """ "Fiori e Quadri: 20 punti per presa. Cuori e Picche: 30 punti per presa." (a
    one-level part score made exactly: the trick value plus Law 77's 50)."""
    assert declarer_score(1, strain, Doubling.UNDOUBLED, False, 7) == per_trick + 50
    assert declarer_score(2, strain, Doubling.UNDOUBLED, False, 8) == 2 * per_trick + 50


def test_senza_atout_40_per_la_prima_presa_e_30_per_le_successive():
    """ "Senza Atout: 40 punti per la prima presa oltre 6, e 30 punti per ogni presa
    successiva." 1NT= is 40 + 50; 2NT= 70 + 50; 3NT= 100, a game (300 not vulnerable)."""
    assert declarer_score(1, Strain.NOTRUMP, Doubling.UNDOUBLED, False, 7) == 90
    assert declarer_score(2, Strain.NOTRUMP, Doubling.UNDOUBLED, False, 8) == 120
    assert declarer_score(3, Strain.NOTRUMP, Doubling.UNDOUBLED, False, 9) == 400


def test_il_primo_board_e_dato_da_nord():
    dealt = deal().history[0]
    assert isinstance(dealt, BoardDealt) and dealt.board == 1 and dealt.dealer == 0
    assert deal().legal_actions()[0].kind is CallKind.PASS
