from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class VegasBet(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VEGAS_BET_UNSPECIFIED: _ClassVar[VegasBet]
    VEGAS_BET_BUSSO: _ClassVar[VegasBet]
    VEGAS_BET_PUNTA: _ClassVar[VegasBet]
    VEGAS_BET_VEDI: _ClassVar[VegasBet]
    VEGAS_BET_RILANCIA: _ClassVar[VegasBet]
    VEGAS_BET_LASCIA: _ClassVar[VegasBet]

class VegasHandEnd(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    VEGAS_HAND_END_UNSPECIFIED: _ClassVar[VegasHandEnd]
    VEGAS_HAND_END_SHOWDOWN: _ClassVar[VegasHandEnd]
    VEGAS_HAND_END_LAS_VEGAS: _ClassVar[VegasHandEnd]
    VEGAS_HAND_END_FOLDS: _ClassVar[VegasHandEnd]
VEGAS_BET_UNSPECIFIED: VegasBet
VEGAS_BET_BUSSO: VegasBet
VEGAS_BET_PUNTA: VegasBet
VEGAS_BET_VEDI: VegasBet
VEGAS_BET_RILANCIA: VegasBet
VEGAS_BET_LASCIA: VegasBet
VEGAS_HAND_END_UNSPECIFIED: VegasHandEnd
VEGAS_HAND_END_SHOWDOWN: VegasHandEnd
VEGAS_HAND_END_LAS_VEGAS: VegasHandEnd
VEGAS_HAND_END_FOLDS: VegasHandEnd

class VegasOptions(_message.Message):
    __slots__ = ("ante", "bet", "raises")
    ANTE_FIELD_NUMBER: _ClassVar[int]
    BET_FIELD_NUMBER: _ClassVar[int]
    RAISES_FIELD_NUMBER: _ClassVar[int]
    ante: int
    bet: int
    raises: int
    def __init__(self, ante: _Optional[int] = ..., bet: _Optional[int] = ..., raises: _Optional[int] = ...) -> None: ...

class VegasAction(_message.Message):
    __slots__ = ("kind", "level")
    KIND_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    kind: VegasBet
    level: int
    def __init__(self, kind: _Optional[_Union[VegasBet, str]] = ..., level: _Optional[int] = ...) -> None: ...

class VegasDealtHand(_message.Message):
    __slots__ = ("seat", "size", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    size: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., size: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class VegasDiscard(_message.Message):
    __slots__ = ("seat", "cards", "left")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    LEFT_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    left: int
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., left: _Optional[int] = ...) -> None: ...

class VegasPayout(_message.Message):
    __slots__ = ("seat", "chips", "why")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    WHY_FIELD_NUMBER: _ClassVar[int]
    seat: int
    chips: int
    why: str
    def __init__(self, seat: _Optional[int] = ..., chips: _Optional[int] = ..., why: _Optional[str] = ...) -> None: ...

class VegasShownHand(_message.Message):
    __slots__ = ("seat", "cards", "total")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    TOTAL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    total: int
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., total: _Optional[int] = ...) -> None: ...

class VegasHandDealt(_message.Message):
    __slots__ = ("hand", "hands_in_match", "dealer", "ante", "pot", "hands", "centre", "chips")
    HAND_FIELD_NUMBER: _ClassVar[int]
    HANDS_IN_MATCH_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    ANTE_FIELD_NUMBER: _ClassVar[int]
    POT_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    CENTRE_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    hand: int
    hands_in_match: int
    dealer: int
    ante: int
    pot: int
    hands: _containers.RepeatedCompositeFieldContainer[VegasDealtHand]
    centre: _containers.RepeatedScalarFieldContainer[str]
    chips: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, hand: _Optional[int] = ..., hands_in_match: _Optional[int] = ..., dealer: _Optional[int] = ..., ante: _Optional[int] = ..., pot: _Optional[int] = ..., hands: _Optional[_Iterable[_Union[VegasDealtHand, _Mapping]]] = ..., centre: _Optional[_Iterable[str]] = ..., chips: _Optional[_Iterable[int]] = ...) -> None: ...

class VegasActed(_message.Message):
    __slots__ = ("hand", "round", "seat", "action", "paid", "level", "pot")
    HAND_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    PAID_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    POT_FIELD_NUMBER: _ClassVar[int]
    hand: int
    round: int
    seat: int
    action: VegasBet
    paid: int
    level: int
    pot: int
    def __init__(self, hand: _Optional[int] = ..., round: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[VegasBet, str]] = ..., paid: _Optional[int] = ..., level: _Optional[int] = ..., pot: _Optional[int] = ...) -> None: ...

class VegasForfeited(_message.Message):
    __slots__ = ("hand", "seat", "reason")
    HAND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    hand: int
    seat: int
    reason: str
    def __init__(self, hand: _Optional[int] = ..., seat: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class VegasCardFlipped(_message.Message):
    __slots__ = ("hand", "flip", "card", "discards")
    HAND_FIELD_NUMBER: _ClassVar[int]
    FLIP_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    DISCARDS_FIELD_NUMBER: _ClassVar[int]
    hand: int
    flip: int
    card: str
    discards: _containers.RepeatedCompositeFieldContainer[VegasDiscard]
    def __init__(self, hand: _Optional[int] = ..., flip: _Optional[int] = ..., card: _Optional[str] = ..., discards: _Optional[_Iterable[_Union[VegasDiscard, _Mapping]]] = ...) -> None: ...

class VegasHandEnded(_message.Message):
    __slots__ = ("hand", "end", "pot", "shown", "payouts", "net", "chips")
    HAND_FIELD_NUMBER: _ClassVar[int]
    END_FIELD_NUMBER: _ClassVar[int]
    POT_FIELD_NUMBER: _ClassVar[int]
    SHOWN_FIELD_NUMBER: _ClassVar[int]
    PAYOUTS_FIELD_NUMBER: _ClassVar[int]
    NET_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    hand: int
    end: VegasHandEnd
    pot: int
    shown: _containers.RepeatedCompositeFieldContainer[VegasShownHand]
    payouts: _containers.RepeatedCompositeFieldContainer[VegasPayout]
    net: _containers.RepeatedScalarFieldContainer[int]
    chips: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, hand: _Optional[int] = ..., end: _Optional[_Union[VegasHandEnd, str]] = ..., pot: _Optional[int] = ..., shown: _Optional[_Iterable[_Union[VegasShownHand, _Mapping]]] = ..., payouts: _Optional[_Iterable[_Union[VegasPayout, _Mapping]]] = ..., net: _Optional[_Iterable[int]] = ..., chips: _Optional[_Iterable[int]] = ...) -> None: ...

class VegasMatchEnded(_message.Message):
    __slots__ = ("hands", "chips")
    HANDS_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    hands: int
    chips: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, hands: _Optional[int] = ..., chips: _Optional[_Iterable[int]] = ...) -> None: ...

class VegasEvent(_message.Message):
    __slots__ = ("hand_dealt", "acted", "forfeited", "card_flipped", "hand_ended", "match_ended")
    HAND_DEALT_FIELD_NUMBER: _ClassVar[int]
    ACTED_FIELD_NUMBER: _ClassVar[int]
    FORFEITED_FIELD_NUMBER: _ClassVar[int]
    CARD_FLIPPED_FIELD_NUMBER: _ClassVar[int]
    HAND_ENDED_FIELD_NUMBER: _ClassVar[int]
    MATCH_ENDED_FIELD_NUMBER: _ClassVar[int]
    hand_dealt: VegasHandDealt
    acted: VegasActed
    forfeited: VegasForfeited
    card_flipped: VegasCardFlipped
    hand_ended: VegasHandEnded
    match_ended: VegasMatchEnded
    def __init__(self, hand_dealt: _Optional[_Union[VegasHandDealt, _Mapping]] = ..., acted: _Optional[_Union[VegasActed, _Mapping]] = ..., forfeited: _Optional[_Union[VegasForfeited, _Mapping]] = ..., card_flipped: _Optional[_Union[VegasCardFlipped, _Mapping]] = ..., hand_ended: _Optional[_Union[VegasHandEnded, _Mapping]] = ..., match_ended: _Optional[_Union[VegasMatchEnded, _Mapping]] = ...) -> None: ...

class VegasView(_message.Message):
    __slots__ = ("seat", "hand", "hands_in_match", "players", "dealer", "ante", "bet", "max_raises", "cards", "hand_sizes", "flipped", "folded", "round", "level", "put_in_round", "put_in", "pot", "raises", "to_act", "chips", "deal_events")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HANDS_IN_MATCH_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    ANTE_FIELD_NUMBER: _ClassVar[int]
    BET_FIELD_NUMBER: _ClassVar[int]
    MAX_RAISES_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    FLIPPED_FIELD_NUMBER: _ClassVar[int]
    FOLDED_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    PUT_IN_ROUND_FIELD_NUMBER: _ClassVar[int]
    PUT_IN_FIELD_NUMBER: _ClassVar[int]
    POT_FIELD_NUMBER: _ClassVar[int]
    RAISES_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    CHIPS_FIELD_NUMBER: _ClassVar[int]
    DEAL_EVENTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    hand: int
    hands_in_match: int
    players: int
    dealer: int
    ante: int
    bet: int
    max_raises: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    flipped: _containers.RepeatedScalarFieldContainer[str]
    folded: _containers.RepeatedScalarFieldContainer[bool]
    round: int
    level: int
    put_in_round: _containers.RepeatedScalarFieldContainer[int]
    put_in: _containers.RepeatedScalarFieldContainer[int]
    pot: int
    raises: int
    to_act: int
    chips: _containers.RepeatedScalarFieldContainer[int]
    deal_events: _containers.RepeatedCompositeFieldContainer[VegasEvent]
    def __init__(self, seat: _Optional[int] = ..., hand: _Optional[int] = ..., hands_in_match: _Optional[int] = ..., players: _Optional[int] = ..., dealer: _Optional[int] = ..., ante: _Optional[int] = ..., bet: _Optional[int] = ..., max_raises: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., flipped: _Optional[_Iterable[str]] = ..., folded: _Optional[_Iterable[bool]] = ..., round: _Optional[int] = ..., level: _Optional[int] = ..., put_in_round: _Optional[_Iterable[int]] = ..., put_in: _Optional[_Iterable[int]] = ..., pot: _Optional[int] = ..., raises: _Optional[int] = ..., to_act: _Optional[int] = ..., chips: _Optional[_Iterable[int]] = ..., deal_events: _Optional[_Iterable[_Union[VegasEvent, _Mapping]]] = ...) -> None: ...
