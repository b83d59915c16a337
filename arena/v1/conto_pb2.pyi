from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class ContoMove(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    CONTO_MOVE_UNSPECIFIED: _ClassVar[ContoMove]
    CONTO_MOVE_ORDINAZIONE: _ClassVar[ContoMove]
    CONTO_MOVE_SPEZIARE: _ClassVar[ContoMove]
    CONTO_MOVE_ABBONDARE: _ClassVar[ContoMove]
    CONTO_MOVE_CONTO: _ClassVar[ContoMove]
CONTO_MOVE_UNSPECIFIED: ContoMove
CONTO_MOVE_ORDINAZIONE: ContoMove
CONTO_MOVE_SPEZIARE: ContoMove
CONTO_MOVE_ABBONDARE: ContoMove
CONTO_MOVE_CONTO: ContoMove

class ContoOptions(_message.Message):
    __slots__ = ("hand_size", "courses", "oste")
    HAND_SIZE_FIELD_NUMBER: _ClassVar[int]
    COURSES_FIELD_NUMBER: _ClassVar[int]
    OSTE_FIELD_NUMBER: _ClassVar[int]
    hand_size: int
    courses: int
    oste: bool
    def __init__(self, hand_size: _Optional[int] = ..., courses: _Optional[int] = ..., oste: _Optional[bool] = ...) -> None: ...

class ContoPortata(_message.Message):
    __slots__ = ("rank", "quantity")
    RANK_FIELD_NUMBER: _ClassVar[int]
    QUANTITY_FIELD_NUMBER: _ClassVar[int]
    rank: str
    quantity: int
    def __init__(self, rank: _Optional[str] = ..., quantity: _Optional[int] = ...) -> None: ...

class ContoAction(_message.Message):
    __slots__ = ("kind", "slot", "plate", "reveals")
    KIND_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    PLATE_FIELD_NUMBER: _ClassVar[int]
    REVEALS_FIELD_NUMBER: _ClassVar[int]
    kind: ContoMove
    slot: int
    plate: _containers.RepeatedCompositeFieldContainer[ContoPortata]
    reveals: str
    def __init__(self, kind: _Optional[_Union[ContoMove, str]] = ..., slot: _Optional[int] = ..., plate: _Optional[_Iterable[_Union[ContoPortata, _Mapping]]] = ..., reveals: _Optional[str] = ...) -> None: ...

class ContoRevealedCard(_message.Message):
    __slots__ = ("seat", "rank")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    RANK_FIELD_NUMBER: _ClassVar[int]
    seat: int
    rank: str
    def __init__(self, seat: _Optional[int] = ..., rank: _Optional[str] = ...) -> None: ...

class ContoDealtHand(_message.Message):
    __slots__ = ("seat", "size", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SIZE_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    size: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., size: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class ContoHandDealt(_message.Message):
    __slots__ = ("hand_number", "hands_in_match", "dealer", "oste", "hands")
    HAND_NUMBER_FIELD_NUMBER: _ClassVar[int]
    HANDS_IN_MATCH_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    OSTE_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    hand_number: int
    hands_in_match: int
    dealer: int
    oste: int
    hands: _containers.RepeatedCompositeFieldContainer[ContoDealtHand]
    def __init__(self, hand_number: _Optional[int] = ..., hands_in_match: _Optional[int] = ..., dealer: _Optional[int] = ..., oste: _Optional[int] = ..., hands: _Optional[_Iterable[_Union[ContoDealtHand, _Mapping]]] = ...) -> None: ...

class ContoDeclared(_message.Message):
    __slots__ = ("hand_number", "seat", "action")
    HAND_NUMBER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    hand_number: int
    seat: int
    action: ContoAction
    def __init__(self, hand_number: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[ContoAction, _Mapping]] = ...) -> None: ...

class ContoBillCalled(_message.Message):
    __slots__ = ("hand_number", "seat", "cameriere", "plate")
    HAND_NUMBER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CAMERIERE_FIELD_NUMBER: _ClassVar[int]
    PLATE_FIELD_NUMBER: _ClassVar[int]
    hand_number: int
    seat: int
    cameriere: int
    plate: _containers.RepeatedCompositeFieldContainer[ContoPortata]
    def __init__(self, hand_number: _Optional[int] = ..., seat: _Optional[int] = ..., cameriere: _Optional[int] = ..., plate: _Optional[_Iterable[_Union[ContoPortata, _Mapping]]] = ...) -> None: ...

class ContoShowdown(_message.Message):
    __slots__ = ("hand_number", "hands", "plate", "natural", "jokers", "plate_true", "capotavola", "cameriere", "loser")
    HAND_NUMBER_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    PLATE_FIELD_NUMBER: _ClassVar[int]
    NATURAL_FIELD_NUMBER: _ClassVar[int]
    JOKERS_FIELD_NUMBER: _ClassVar[int]
    PLATE_TRUE_FIELD_NUMBER: _ClassVar[int]
    CAPOTAVOLA_FIELD_NUMBER: _ClassVar[int]
    CAMERIERE_FIELD_NUMBER: _ClassVar[int]
    LOSER_FIELD_NUMBER: _ClassVar[int]
    hand_number: int
    hands: _containers.RepeatedCompositeFieldContainer[ContoDealtHand]
    plate: _containers.RepeatedCompositeFieldContainer[ContoPortata]
    natural: _containers.RepeatedScalarFieldContainer[int]
    jokers: int
    plate_true: bool
    capotavola: int
    cameriere: int
    loser: int
    def __init__(self, hand_number: _Optional[int] = ..., hands: _Optional[_Iterable[_Union[ContoDealtHand, _Mapping]]] = ..., plate: _Optional[_Iterable[_Union[ContoPortata, _Mapping]]] = ..., natural: _Optional[_Iterable[int]] = ..., jokers: _Optional[int] = ..., plate_true: _Optional[bool] = ..., capotavola: _Optional[int] = ..., cameriere: _Optional[int] = ..., loser: _Optional[int] = ...) -> None: ...

class ContoForfeited(_message.Message):
    __slots__ = ("hand_number", "seat", "reason")
    HAND_NUMBER_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    hand_number: int
    seat: int
    reason: str
    def __init__(self, hand_number: _Optional[int] = ..., seat: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class ContoEvent(_message.Message):
    __slots__ = ("hand_dealt", "declared", "bill_called", "showdown", "forfeited")
    HAND_DEALT_FIELD_NUMBER: _ClassVar[int]
    DECLARED_FIELD_NUMBER: _ClassVar[int]
    BILL_CALLED_FIELD_NUMBER: _ClassVar[int]
    SHOWDOWN_FIELD_NUMBER: _ClassVar[int]
    FORFEITED_FIELD_NUMBER: _ClassVar[int]
    hand_dealt: ContoHandDealt
    declared: ContoDeclared
    bill_called: ContoBillCalled
    showdown: ContoShowdown
    forfeited: ContoForfeited
    def __init__(self, hand_dealt: _Optional[_Union[ContoHandDealt, _Mapping]] = ..., declared: _Optional[_Union[ContoDeclared, _Mapping]] = ..., bill_called: _Optional[_Union[ContoBillCalled, _Mapping]] = ..., showdown: _Optional[_Union[ContoShowdown, _Mapping]] = ..., forfeited: _Optional[_Union[ContoForfeited, _Mapping]] = ...) -> None: ...

class ContoView(_message.Message):
    __slots__ = ("seat", "players", "hand_number", "hands_in_match", "dealer", "oste", "to_act", "hand", "hand_sizes", "cards_dealt", "plate", "revealed", "cameriere", "points", "courses", "hand_size_option", "oste_rule", "deal_events")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    HAND_NUMBER_FIELD_NUMBER: _ClassVar[int]
    HANDS_IN_MATCH_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    OSTE_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZES_FIELD_NUMBER: _ClassVar[int]
    CARDS_DEALT_FIELD_NUMBER: _ClassVar[int]
    PLATE_FIELD_NUMBER: _ClassVar[int]
    REVEALED_FIELD_NUMBER: _ClassVar[int]
    CAMERIERE_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    COURSES_FIELD_NUMBER: _ClassVar[int]
    HAND_SIZE_OPTION_FIELD_NUMBER: _ClassVar[int]
    OSTE_RULE_FIELD_NUMBER: _ClassVar[int]
    DEAL_EVENTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    players: int
    hand_number: int
    hands_in_match: int
    dealer: int
    oste: int
    to_act: int
    hand: _containers.RepeatedScalarFieldContainer[str]
    hand_sizes: _containers.RepeatedScalarFieldContainer[int]
    cards_dealt: int
    plate: _containers.RepeatedCompositeFieldContainer[ContoPortata]
    revealed: _containers.RepeatedCompositeFieldContainer[ContoRevealedCard]
    cameriere: int
    points: _containers.RepeatedScalarFieldContainer[int]
    courses: int
    hand_size_option: int
    oste_rule: bool
    deal_events: _containers.RepeatedCompositeFieldContainer[ContoEvent]
    def __init__(self, seat: _Optional[int] = ..., players: _Optional[int] = ..., hand_number: _Optional[int] = ..., hands_in_match: _Optional[int] = ..., dealer: _Optional[int] = ..., oste: _Optional[int] = ..., to_act: _Optional[int] = ..., hand: _Optional[_Iterable[str]] = ..., hand_sizes: _Optional[_Iterable[int]] = ..., cards_dealt: _Optional[int] = ..., plate: _Optional[_Iterable[_Union[ContoPortata, _Mapping]]] = ..., revealed: _Optional[_Iterable[_Union[ContoRevealedCard, _Mapping]]] = ..., cameriere: _Optional[int] = ..., points: _Optional[_Iterable[int]] = ..., courses: _Optional[int] = ..., hand_size_option: _Optional[int] = ..., oste_rule: _Optional[bool] = ..., deal_events: _Optional[_Iterable[_Union[ContoEvent, _Mapping]]] = ...) -> None: ...
