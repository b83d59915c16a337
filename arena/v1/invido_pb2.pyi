from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class InvidoKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    INVIDO_KIND_UNSPECIFIED: _ClassVar[InvidoKind]
    INVIDO_KIND_PLAY: _ClassVar[InvidoKind]
    INVIDO_KIND_CALL: _ClassVar[InvidoKind]
    INVIDO_KIND_VA_BENE: _ClassVar[InvidoKind]
    INVIDO_KIND_VADO_VIA: _ClassVar[InvidoKind]
    INVIDO_KIND_A_MONTE: _ClassVar[InvidoKind]
    INVIDO_KIND_NO: _ClassVar[InvidoKind]
    INVIDO_KIND_VADO_DENTRO: _ClassVar[InvidoKind]

class InvidoEndReason(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    INVIDO_END_REASON_UNSPECIFIED: _ClassVar[InvidoEndReason]
    INVIDO_END_REASON_TRICKS: _ClassVar[InvidoEndReason]
    INVIDO_END_REASON_TIES: _ClassVar[InvidoEndReason]
    INVIDO_END_REASON_VADO_VIA: _ClassVar[InvidoEndReason]
    INVIDO_END_REASON_A_MONTE: _ClassVar[InvidoEndReason]
    INVIDO_END_REASON_FORFEIT: _ClassVar[InvidoEndReason]
INVIDO_KIND_UNSPECIFIED: InvidoKind
INVIDO_KIND_PLAY: InvidoKind
INVIDO_KIND_CALL: InvidoKind
INVIDO_KIND_VA_BENE: InvidoKind
INVIDO_KIND_VADO_VIA: InvidoKind
INVIDO_KIND_A_MONTE: InvidoKind
INVIDO_KIND_NO: InvidoKind
INVIDO_KIND_VADO_DENTRO: InvidoKind
INVIDO_END_REASON_UNSPECIFIED: InvidoEndReason
INVIDO_END_REASON_TRICKS: InvidoEndReason
INVIDO_END_REASON_TIES: InvidoEndReason
INVIDO_END_REASON_VADO_VIA: InvidoEndReason
INVIDO_END_REASON_A_MONTE: InvidoEndReason
INVIDO_END_REASON_FORFEIT: InvidoEndReason

class InvidoOptions(_message.Message):
    __slots__ = ("vado_dentro",)
    VADO_DENTRO_FIELD_NUMBER: _ClassVar[int]
    vado_dentro: bool
    def __init__(self, vado_dentro: _Optional[bool] = ...) -> None: ...

class InvidoAction(_message.Message):
    __slots__ = ("kind", "card", "value")
    KIND_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    kind: InvidoKind
    card: str
    value: int
    def __init__(self, kind: _Optional[_Union[InvidoKind, str]] = ..., card: _Optional[str] = ..., value: _Optional[int] = ...) -> None: ...

class InvidoPlayedCard(_message.Message):
    __slots__ = ("seat", "card", "face_down")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    face_down: bool
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ..., face_down: _Optional[bool] = ...) -> None: ...

class InvidoTrickRecord(_message.Message):
    __slots__ = ("number", "leader", "cards", "finished", "winner")
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    FINISHED_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    number: int
    leader: int
    cards: _containers.RepeatedCompositeFieldContainer[InvidoPlayedCard]
    finished: bool
    winner: int
    def __init__(self, number: _Optional[int] = ..., leader: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[InvidoPlayedCard, _Mapping]]] = ..., finished: _Optional[bool] = ..., winner: _Optional[int] = ...) -> None: ...

class InvidoDealtHand(_message.Message):
    __slots__ = ("seat", "size", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    size: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., size: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class InvidoGiocataDealt(_message.Message):
    __slots__ = ("giocata", "max_giocate", "dealer", "leader", "goal", "points", "hands")
    GIOCATA_FIELD_NUMBER: _ClassVar[int]
    MAX_GIOCATE_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    GOAL_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    giocata: int
    max_giocate: int
    dealer: int
    leader: int
    goal: int
    points: _containers.RepeatedScalarFieldContainer[int]
    hands: _containers.RepeatedCompositeFieldContainer[InvidoDealtHand]
    def __init__(self, giocata: _Optional[int] = ..., max_giocate: _Optional[int] = ..., dealer: _Optional[int] = ..., leader: _Optional[int] = ..., goal: _Optional[int] = ..., points: _Optional[_Iterable[int]] = ..., hands: _Optional[_Iterable[_Union[InvidoDealtHand, _Mapping]]] = ...) -> None: ...

class InvidoCardPlayed(_message.Message):
    __slots__ = ("giocata", "trick", "seat", "card", "face_down")
    GIOCATA_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_FIELD_NUMBER: _ClassVar[int]
    giocata: int
    trick: int
    seat: int
    card: str
    face_down: bool
    def __init__(self, giocata: _Optional[int] = ..., trick: _Optional[int] = ..., seat: _Optional[int] = ..., card: _Optional[str] = ..., face_down: _Optional[bool] = ...) -> None: ...

class InvidoTrickEnded(_message.Message):
    __slots__ = ("giocata", "trick", "leader", "winner")
    GIOCATA_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    giocata: int
    trick: int
    leader: int
    winner: int
    def __init__(self, giocata: _Optional[int] = ..., trick: _Optional[int] = ..., leader: _Optional[int] = ..., winner: _Optional[int] = ...) -> None: ...

class InvidoCalled(_message.Message):
    __slots__ = ("giocata", "seat", "value", "accepted")
    GIOCATA_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    ACCEPTED_FIELD_NUMBER: _ClassVar[int]
    giocata: int
    seat: int
    value: int
    accepted: int
    def __init__(self, giocata: _Optional[int] = ..., seat: _Optional[int] = ..., value: _Optional[int] = ..., accepted: _Optional[int] = ...) -> None: ...

class InvidoMonteCalled(_message.Message):
    __slots__ = ("giocata", "seat", "pending")
    GIOCATA_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    giocata: int
    seat: int
    pending: int
    def __init__(self, giocata: _Optional[int] = ..., seat: _Optional[int] = ..., pending: _Optional[int] = ...) -> None: ...

class InvidoAnswered(_message.Message):
    __slots__ = ("giocata", "seat", "answer", "to_monte", "value")
    GIOCATA_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ANSWER_FIELD_NUMBER: _ClassVar[int]
    TO_MONTE_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    giocata: int
    seat: int
    answer: InvidoKind
    to_monte: bool
    value: int
    def __init__(self, giocata: _Optional[int] = ..., seat: _Optional[int] = ..., answer: _Optional[_Union[InvidoKind, str]] = ..., to_monte: _Optional[bool] = ..., value: _Optional[int] = ...) -> None: ...

class InvidoWentAway(_message.Message):
    __slots__ = ("giocata", "seat", "value", "pending")
    GIOCATA_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    PENDING_FIELD_NUMBER: _ClassVar[int]
    giocata: int
    seat: int
    value: int
    pending: int
    def __init__(self, giocata: _Optional[int] = ..., seat: _Optional[int] = ..., value: _Optional[int] = ..., pending: _Optional[int] = ...) -> None: ...

class InvidoForfeited(_message.Message):
    __slots__ = ("giocata", "seat", "reason")
    GIOCATA_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    giocata: int
    seat: int
    reason: str
    def __init__(self, giocata: _Optional[int] = ..., seat: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class InvidoGiocataEnded(_message.Message):
    __slots__ = ("giocata", "winner", "points", "value", "reason", "match_points", "hands")
    GIOCATA_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    MATCH_POINTS_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    giocata: int
    winner: int
    points: int
    value: int
    reason: InvidoEndReason
    match_points: _containers.RepeatedScalarFieldContainer[int]
    hands: _containers.RepeatedCompositeFieldContainer[InvidoDealtHand]
    def __init__(self, giocata: _Optional[int] = ..., winner: _Optional[int] = ..., points: _Optional[int] = ..., value: _Optional[int] = ..., reason: _Optional[_Union[InvidoEndReason, str]] = ..., match_points: _Optional[_Iterable[int]] = ..., hands: _Optional[_Iterable[_Union[InvidoDealtHand, _Mapping]]] = ...) -> None: ...

class InvidoMatchReset(_message.Message):
    __slots__ = ("giocata", "points_before", "goal")
    GIOCATA_FIELD_NUMBER: _ClassVar[int]
    POINTS_BEFORE_FIELD_NUMBER: _ClassVar[int]
    GOAL_FIELD_NUMBER: _ClassVar[int]
    giocata: int
    points_before: _containers.RepeatedScalarFieldContainer[int]
    goal: int
    def __init__(self, giocata: _Optional[int] = ..., points_before: _Optional[_Iterable[int]] = ..., goal: _Optional[int] = ...) -> None: ...

class InvidoMatchEnded(_message.Message):
    __slots__ = ("giocata", "winner", "points", "goal", "capped")
    GIOCATA_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    GOAL_FIELD_NUMBER: _ClassVar[int]
    CAPPED_FIELD_NUMBER: _ClassVar[int]
    giocata: int
    winner: int
    points: _containers.RepeatedScalarFieldContainer[int]
    goal: int
    capped: bool
    def __init__(self, giocata: _Optional[int] = ..., winner: _Optional[int] = ..., points: _Optional[_Iterable[int]] = ..., goal: _Optional[int] = ..., capped: _Optional[bool] = ...) -> None: ...

class InvidoEvent(_message.Message):
    __slots__ = ("giocata_dealt", "card_played", "trick_ended", "called", "monte_called", "answered", "went_away", "forfeited", "giocata_ended", "match_reset", "match_ended")
    GIOCATA_DEALT_FIELD_NUMBER: _ClassVar[int]
    CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    TRICK_ENDED_FIELD_NUMBER: _ClassVar[int]
    CALLED_FIELD_NUMBER: _ClassVar[int]
    MONTE_CALLED_FIELD_NUMBER: _ClassVar[int]
    ANSWERED_FIELD_NUMBER: _ClassVar[int]
    WENT_AWAY_FIELD_NUMBER: _ClassVar[int]
    FORFEITED_FIELD_NUMBER: _ClassVar[int]
    GIOCATA_ENDED_FIELD_NUMBER: _ClassVar[int]
    MATCH_RESET_FIELD_NUMBER: _ClassVar[int]
    MATCH_ENDED_FIELD_NUMBER: _ClassVar[int]
    giocata_dealt: InvidoGiocataDealt
    card_played: InvidoCardPlayed
    trick_ended: InvidoTrickEnded
    called: InvidoCalled
    monte_called: InvidoMonteCalled
    answered: InvidoAnswered
    went_away: InvidoWentAway
    forfeited: InvidoForfeited
    giocata_ended: InvidoGiocataEnded
    match_reset: InvidoMatchReset
    match_ended: InvidoMatchEnded
    def __init__(self, giocata_dealt: _Optional[_Union[InvidoGiocataDealt, _Mapping]] = ..., card_played: _Optional[_Union[InvidoCardPlayed, _Mapping]] = ..., trick_ended: _Optional[_Union[InvidoTrickEnded, _Mapping]] = ..., called: _Optional[_Union[InvidoCalled, _Mapping]] = ..., monte_called: _Optional[_Union[InvidoMonteCalled, _Mapping]] = ..., answered: _Optional[_Union[InvidoAnswered, _Mapping]] = ..., went_away: _Optional[_Union[InvidoWentAway, _Mapping]] = ..., forfeited: _Optional[_Union[InvidoForfeited, _Mapping]] = ..., giocata_ended: _Optional[_Union[InvidoGiocataEnded, _Mapping]] = ..., match_reset: _Optional[_Union[InvidoMatchReset, _Mapping]] = ..., match_ended: _Optional[_Union[InvidoMatchEnded, _Mapping]] = ...) -> None: ...

class InvidoView(_message.Message):
    __slots__ = ("seat", "giocata", "max_giocate", "dealer", "leader", "to_act", "hand", "hand_sizes", "tricks", "trick", "value", "pending_call", "pending_caller", "monte_caller", "last_raiser", "monte_used", "points", "goal", "reset_rule", "vado_dentro", "deal_events")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    GIOCATA_FIELD_NUMBER: _ClassVar[int]
    MAX_GIOCATE_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    TRICKS_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    PENDING_CALL_FIELD_NUMBER: _ClassVar[int]
    PENDING_CALLER_FIELD_NUMBER: _ClassVar[int]
    MONTE_CALLER_FIELD_NUMBER: _ClassVar[int]
    LAST_RAISER_FIELD_NUMBER: _ClassVar[int]
    MONTE_USED_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    GOAL_FIELD_NUMBER: _ClassVar[int]
    RESET_RULE_FIELD_NUMBER: _ClassVar[int]
    VADO_DENTRO_FIELD_NUMBER: _ClassVar[int]
    DEAL_EVENTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    giocata: int
    max_giocate: int
    dealer: int
    leader: int
    to_act: int
    hand: _containers.RepeatedScalarFieldContainer[str]
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    tricks: _containers.RepeatedCompositeFieldContainer[InvidoTrickRecord]
    trick: int
    value: int
    pending_call: int
    pending_caller: int
    monte_caller: int
    last_raiser: int
    monte_used: _containers.RepeatedScalarFieldContainer[bool]
    points: _containers.RepeatedScalarFieldContainer[int]
    goal: int
    reset_rule: bool
    vado_dentro: bool
    deal_events: _containers.RepeatedCompositeFieldContainer[InvidoEvent]
    def __init__(self, seat: _Optional[int] = ..., giocata: _Optional[int] = ..., max_giocate: _Optional[int] = ..., dealer: _Optional[int] = ..., leader: _Optional[int] = ..., to_act: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., tricks: _Optional[_Iterable[_Union[InvidoTrickRecord, _Mapping]]] = ..., trick: _Optional[int] = ..., value: _Optional[int] = ..., pending_call: _Optional[int] = ..., pending_caller: _Optional[int] = ..., monte_caller: _Optional[int] = ..., last_raiser: _Optional[int] = ..., monte_used: _Optional[_Iterable[bool]] = ..., points: _Optional[_Iterable[int]] = ..., goal: _Optional[int] = ..., reset_rule: _Optional[bool] = ..., vado_dentro: _Optional[bool] = ..., deal_events: _Optional[_Iterable[_Union[InvidoEvent, _Mapping]]] = ...) -> None: ...
