"""The seed's rulebook (seeds/001), sentence by sentence: each test quotes what it checks.

The seed has no worked hand, so each of its rules is played on a deal given by hand
(the seats' hands, seat 0 first, then the centre cards in flip order; seat n−1 deals).
"""

from __future__ import annotations

import pytest

import engine
from engine.vegas import Acted, Bet, CardFlipped, HandDealt, HandEnd, HandEnded, Payout, VegasState


def deal(*hands: str, centre: str) -> VegasState:
    return engine.load("vegas", players=len(hands)).new_match(seed=1, deals=1, hands=[*hands, centre])


def ended(state: VegasState) -> HandEnded:
    return next(e for e in reversed(state.history) if isinstance(e, HandEnded))


THREE = ("Ab 2b 3b", "4b 4c 4d", "Cb Rb Rc")
CENTRE = "5b 5c 6b 6c"


def test_si_gioca_dai_due_ai_sei_giocatori_con_un_mazzo_italiano_da_40():
    """ "Si gioca dai due ai sei giocatori ... un classico mazzo di carte italiano da 40 unità." """
    spec = engine.load("vegas").spec
    assert (spec.min_players, spec.max_players) == (2, 6)
    assert len(engine.vegas.DECK) == 40 and len(set(engine.vegas.DECK)) == 40
    with pytest.raises(engine.OptionError):
        engine.load("vegas", players=7)


def test_una_puntata_obbligatoria_costituisce_il_piatto():
    """ "All'inizio di ogni mano ogni giocatore ... deve dichiarare una puntata obbligatoria
    che costituirà il piatto." """
    state = deal(*THREE, centre=CENTRE)
    assert state.view(0).pot == 3 and state.view(0).put_in == (1, 1, 1)


def test_tre_carte_coperte_a_ciascuno_e_quattro_coperte_al_centro():
    """ "il mazziere distribuisce tre carte coperte di fronte ad ogni giocatore mentre ne
    dispone quattro, sempre coperte, al centro del tavolo." """
    state = deal(*THREE, centre=CENTRE)
    dealt = state.history[0]
    assert isinstance(dealt, HandDealt) and len(dealt.centre) == 4
    for seat in range(3):
        view = state.view(seat)
        assert len(view.cards) == 3 and view.flipped == ()
        seen = view.deal_events[0]
        assert seen.centre == () and [len(h.cards) for h in seen.hands if h.seat != seat] == [0, 0]


def test_puntare_una_somma_che_si_somma_al_piatto():
    """ "Puntare, ovvero decidere di scommettere una certa somma che andrà a sommarsi a
    quella iniziale del piatto in gioco." """
    state = deal(*THREE, centre=CENTRE)
    state.apply("punta 2")
    assert state.view(1).pot == 5 and state.view(1).level == 2


def test_bussare_passa_il_gioco_e_se_tutti_bussano_il_giro_e_chiuso():
    """ "Bussare ... quello successivo deciderà se puntare o bussare anch'egli passando il
    gioco.  Se tutti i giocatori passano il giro di scommesse è chiuso." """
    state = deal(*THREE, centre=CENTRE)
    state.apply("busso")
    assert state.current_seat() == 1 and [a.text for a in state.legal_actions()] == ["busso", "punta 2"]
    state.apply("busso")
    state.apply("busso")
    assert [type(e) for e in state.history[-1:]] == [CardFlipped] and state.view(0).round == 2


def test_chi_ha_bussato_deve_vedere_o_lasciare_e_dopo_una_puntata_non_si_bussa():
    """ "altrimenti i giocatori che hanno bussato dovranno decidere se vedere e coprire la
    puntata o lasciare.  Se il giocatore prima di noi ha puntato non è possibile per noi
    che seguiamo bussare." """
    state = deal(*THREE, centre=CENTRE)
    state.apply("busso")
    state.apply("punta 2")
    with pytest.raises(engine.IllegalAction, match="checking is no longer possible"):
        state.apply("busso")
    state.apply("vedi")
    assert state.current_seat() == 0, "the seat that checked must now call or fold"
    assert [a.text for a in state.legal_actions()] == ["vedi", "rilancia 4", "lascia"]
    state.apply("vedi")
    assert state.view(0).pot == 9 and state.view(0).round == 2


def test_rilanciare_costringe_gli_altri_a_vedere_o_passare():
    """ "Rilanciare: un giocatore può decidere di puntare una somma maggiore del minimo
    richiesto per restare in gioco, fatto ciò gli altri devono o vedere o passare la mano." """
    state = deal(*THREE, centre=CENTRE)
    state.apply("punta 2")
    state.apply("rilancia 4")
    state.apply("vedi")
    assert state.current_seat() == 0 and state.view(0).level == 4
    state.apply("lascia")
    assert state.view(1).folded == (True, False, False) and state.view(1).round == 2


def test_lasciare_riconsegna_le_carte_e_si_esce_dalla_mano():
    """ "Lasciare: quando non si vuole rilanciare o vedere la puntata il giocatore lascia la
    mano di gioco riconsegnando le carte al mazziere." """
    state = deal(*THREE, centre=CENTRE)
    state.apply("punta 2")
    state.apply("lascia")
    state.apply("vedi")
    for _ in range(4):
        state.apply("busso")
        state.apply("busso")
    end = ended(state)
    assert 1 not in [s.seat for s in end.shown] and end.net[1] == -1


def test_girata_una_carta_si_scartano_tutte_le_carte_di_quel_valore():
    """ "Terminate queste azioni il mazziere gira una delle 4 carte al centro del tavolo.  I
    partecipanti devono ... scartare ... tutte le carte che hanno in mano del valore di
    quest'ultima." """
    state = deal("4b 4c Rb", "4d 7b 7c", "Ab 2b 3b", centre="4s 6c 6b 5c")
    for _ in range(3):
        state.apply("busso")
    flip = state.history[-1]
    assert isinstance(flip, CardFlipped) and flip.card == "4s"
    assert [(d.seat, d.cards) for d in flip.discards] == [(0, ("4b", "4c")), (1, ("4d",))]


def test_cinque_giri_di_puntate_l_ultimo_dopo_tutte_le_carte_scoperte():
    """ "Si procede quindi con nuove puntate ogni carta scoperta ... L'ultimo turno consiste
    nel puntare dopo che tutte le carte al centro sono state scoperte." """
    state = deal(*THREE, centre=CENTRE)
    while not state.is_terminal():
        state.apply("busso")
    rounds = sorted({e.round for e in state.history if isinstance(e, Acted)})
    flips = [e for e in state.history if isinstance(e, CardFlipped)]
    assert rounds == [1, 2, 3, 4, 5] and len(flips) == 4
    last_flip = state.history.index(flips[-1])
    assert any(isinstance(e, Acted) and e.round == 5 for e in state.history[last_flip:])


def test_il_piatto_diviso_fra_il_punteggio_piu_basso_e_il_piu_alto():
    """ "Il piatto viene diviso in due parti uguali che andranno a chi ... possiede il
    punteggio più basso e a chi possiede quello più alto." """
    state = deal(*THREE, "Fb Fc Cc", centre=CENTRE)  # totals 6, 12, 29, 25
    while not state.is_terminal():
        state.apply("busso")
    end = ended(state)
    assert end.end is HandEnd.SHOWDOWN
    assert end.payouts == (Payout(0, 2, "low"), Payout(2, 2, "high"))


def test_las_vegas_chi_scarta_tutte_le_carte_prende_l_intero_piatto():
    """ "nel caso in cui un giocatore scarti durante il gioco tutte le carte, sarà
    soddisfatta la condizione di punteggio "Las Vegas", ovvero il giocatore avrà diritto
    ad accaparrarsi l'intero piatto." """
    state = deal("6b 6d 6s", *THREE[1:], centre="6c 5c 5b 4s")
    state.apply("punta 2")
    state.apply("vedi")
    state.apply("vedi")
    end = ended(state)
    assert end.end is HandEnd.LAS_VEGAS and end.payouts == (Payout(0, 9, "las vegas"),)
    assert [e.action for e in state.history if isinstance(e, Acted)] == [Bet.PUNTA, Bet.VEDI, Bet.VEDI]
