from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class FrederikMove(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FREDERIK_MOVE_UNSPECIFIED: _ClassVar[FrederikMove]
    FREDERIK_MOVE_KEEP: _ClassVar[FrederikMove]
    FREDERIK_MOVE_KEEP_ALL: _ClassVar[FrederikMove]
    FREDERIK_MOVE_RETURN: _ClassVar[FrederikMove]
    FREDERIK_MOVE_PASS: _ClassVar[FrederikMove]
    FREDERIK_MOVE_DISCARD_PAIR: _ClassVar[FrederikMove]
    FREDERIK_MOVE_DISCARD_TRIPLE: _ClassVar[FrederikMove]
    FREDERIK_MOVE_DRAW: _ClassVar[FrederikMove]
    FREDERIK_MOVE_DRAW_NTH: _ClassVar[FrederikMove]
    FREDERIK_MOVE_HIDE: _ClassVar[FrederikMove]
    FREDERIK_MOVE_REVEAL: _ClassVar[FrederikMove]
    FREDERIK_MOVE_SWAP_HIGHER: _ClassVar[FrederikMove]
    FREDERIK_MOVE_SWAP_LOWER: _ClassVar[FrederikMove]
    FREDERIK_MOVE_SWAP_EQUAL: _ClassVar[FrederikMove]
    FREDERIK_MOVE_DISCARD_HIGHER: _ClassVar[FrederikMove]
    FREDERIK_MOVE_DISCARD_LOWER: _ClassVar[FrederikMove]
    FREDERIK_MOVE_DISCARD_EQUAL: _ClassVar[FrederikMove]
    FREDERIK_MOVE_STEAL_HIGHER: _ClassVar[FrederikMove]
    FREDERIK_MOVE_STEAL_LOWER: _ClassVar[FrederikMove]
    FREDERIK_MOVE_PROTECT: _ClassVar[FrederikMove]
    FREDERIK_MOVE_INTERRUPT: _ClassVar[FrederikMove]

class FrederikPhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FREDERIK_PHASE_UNSPECIFIED: _ClassVar[FrederikPhase]
    FREDERIK_PHASE_DRAFT: _ClassVar[FrederikPhase]
    FREDERIK_PHASE_BATTLE: _ClassVar[FrederikPhase]
    FREDERIK_PHASE_OVER: _ClassVar[FrederikPhase]

class FrederikWindow(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FREDERIK_WINDOW_UNSPECIFIED: _ClassVar[FrederikWindow]
    FREDERIK_WINDOW_ANSWER: _ClassVar[FrederikWindow]
    FREDERIK_WINDOW_INTERRUPT: _ClassVar[FrederikWindow]

class FrederikOutcome(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FREDERIK_OUTCOME_UNSPECIFIED: _ClassVar[FrederikOutcome]
    FREDERIK_OUTCOME_DONE: _ClassVar[FrederikOutcome]
    FREDERIK_OUTCOME_PROTECTED: _ClassVar[FrederikOutcome]
    FREDERIK_OUTCOME_INTERRUPTED: _ClassVar[FrederikOutcome]

class FrederikCategory(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FREDERIK_CATEGORY_HIGH_CARD: _ClassVar[FrederikCategory]
    FREDERIK_CATEGORY_PAIR: _ClassVar[FrederikCategory]
    FREDERIK_CATEGORY_TWO_PAIR: _ClassVar[FrederikCategory]
    FREDERIK_CATEGORY_THREE_OF_A_KIND: _ClassVar[FrederikCategory]
    FREDERIK_CATEGORY_STRAIGHT: _ClassVar[FrederikCategory]
    FREDERIK_CATEGORY_FLUSH: _ClassVar[FrederikCategory]
    FREDERIK_CATEGORY_FULL_HOUSE: _ClassVar[FrederikCategory]
    FREDERIK_CATEGORY_FOUR_OF_A_KIND: _ClassVar[FrederikCategory]
    FREDERIK_CATEGORY_STRAIGHT_FLUSH: _ClassVar[FrederikCategory]
FREDERIK_MOVE_UNSPECIFIED: FrederikMove
FREDERIK_MOVE_KEEP: FrederikMove
FREDERIK_MOVE_KEEP_ALL: FrederikMove
FREDERIK_MOVE_RETURN: FrederikMove
FREDERIK_MOVE_PASS: FrederikMove
FREDERIK_MOVE_DISCARD_PAIR: FrederikMove
FREDERIK_MOVE_DISCARD_TRIPLE: FrederikMove
FREDERIK_MOVE_DRAW: FrederikMove
FREDERIK_MOVE_DRAW_NTH: FrederikMove
FREDERIK_MOVE_HIDE: FrederikMove
FREDERIK_MOVE_REVEAL: FrederikMove
FREDERIK_MOVE_SWAP_HIGHER: FrederikMove
FREDERIK_MOVE_SWAP_LOWER: FrederikMove
FREDERIK_MOVE_SWAP_EQUAL: FrederikMove
FREDERIK_MOVE_DISCARD_HIGHER: FrederikMove
FREDERIK_MOVE_DISCARD_LOWER: FrederikMove
FREDERIK_MOVE_DISCARD_EQUAL: FrederikMove
FREDERIK_MOVE_STEAL_HIGHER: FrederikMove
FREDERIK_MOVE_STEAL_LOWER: FrederikMove
FREDERIK_MOVE_PROTECT: FrederikMove
FREDERIK_MOVE_INTERRUPT: FrederikMove
FREDERIK_PHASE_UNSPECIFIED: FrederikPhase
FREDERIK_PHASE_DRAFT: FrederikPhase
FREDERIK_PHASE_BATTLE: FrederikPhase
FREDERIK_PHASE_OVER: FrederikPhase
FREDERIK_WINDOW_UNSPECIFIED: FrederikWindow
FREDERIK_WINDOW_ANSWER: FrederikWindow
FREDERIK_WINDOW_INTERRUPT: FrederikWindow
FREDERIK_OUTCOME_UNSPECIFIED: FrederikOutcome
FREDERIK_OUTCOME_DONE: FrederikOutcome
FREDERIK_OUTCOME_PROTECTED: FrederikOutcome
FREDERIK_OUTCOME_INTERRUPTED: FrederikOutcome
FREDERIK_CATEGORY_HIGH_CARD: FrederikCategory
FREDERIK_CATEGORY_PAIR: FrederikCategory
FREDERIK_CATEGORY_TWO_PAIR: FrederikCategory
FREDERIK_CATEGORY_THREE_OF_A_KIND: FrederikCategory
FREDERIK_CATEGORY_STRAIGHT: FrederikCategory
FREDERIK_CATEGORY_FLUSH: FrederikCategory
FREDERIK_CATEGORY_FULL_HOUSE: FrederikCategory
FREDERIK_CATEGORY_FOUR_OF_A_KIND: FrederikCategory
FREDERIK_CATEGORY_STRAIGHT_FLUSH: FrederikCategory

class FrederikOptions(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class FrederikAction(_message.Message):
    __slots__ = ("kind", "card", "target", "cards", "seat", "slot", "number", "face_down")
    KIND_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    TARGET_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    SLOT_FIELD_NUMBER: _ClassVar[int]
    NUMBER_FIELD_NUMBER: _ClassVar[int]
    FACE_DOWN_FIELD_NUMBER: _ClassVar[int]
    kind: FrederikMove
    card: str
    target: str
    cards: _containers.RepeatedScalarFieldContainer[str]
    seat: int
    slot: int
    number: int
    face_down: bool
    def __init__(self, kind: _Optional[_Union[FrederikMove, str]] = ..., card: _Optional[str] = ..., target: _Optional[str] = ..., cards: _Optional[_Iterable[str]] = ..., seat: _Optional[int] = ..., slot: _Optional[int] = ..., number: _Optional[int] = ..., face_down: _Optional[bool] = ...) -> None: ...

class FrederikTableCard(_message.Message):
    __slots__ = ("card", "face_up")
    CARD_FIELD_NUMBER: _ClassVar[int]
    FACE_UP_FIELD_NUMBER: _ClassVar[int]
    card: str
    face_up: bool
    def __init__(self, card: _Optional[str] = ..., face_up: _Optional[bool] = ...) -> None: ...

class FrederikTableau(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedCompositeFieldContainer[FrederikTableCard]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[FrederikTableCard, _Mapping]]] = ...) -> None: ...

class FrederikPileCard(_message.Message):
    __slots__ = ("position", "card")
    POSITION_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    position: int
    card: str
    def __init__(self, position: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class FrederikShownHand(_message.Message):
    __slots__ = ("seat", "cards", "borrowed", "best", "category", "value")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    BORROWED_FIELD_NUMBER: _ClassVar[int]
    BEST_FIELD_NUMBER: _ClassVar[int]
    CATEGORY_FIELD_NUMBER: _ClassVar[int]
    VALUE_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    borrowed: str
    best: _containers.RepeatedScalarFieldContainer[str]
    category: FrederikCategory
    value: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ..., borrowed: _Optional[str] = ..., best: _Optional[_Iterable[str]] = ..., category: _Optional[_Union[FrederikCategory, str]] = ..., value: _Optional[_Iterable[int]] = ...) -> None: ...

class FrederikDealStarted(_message.Message):
    __slots__ = ("deal", "deals_in_match", "starter", "points")
    DEAL_FIELD_NUMBER: _ClassVar[int]
    DEALS_IN_MATCH_FIELD_NUMBER: _ClassVar[int]
    STARTER_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    deal: int
    deals_in_match: int
    starter: int
    points: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, deal: _Optional[int] = ..., deals_in_match: _Optional[int] = ..., starter: _Optional[int] = ..., points: _Optional[_Iterable[float]] = ...) -> None: ...

class FrederikDrew(_message.Message):
    __slots__ = ("deal", "round", "seat", "count", "cards")
    DEAL_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    COUNT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    deal: int
    round: int
    seat: int
    count: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, deal: _Optional[int] = ..., round: _Optional[int] = ..., seat: _Optional[int] = ..., count: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class FrederikKept(_message.Message):
    __slots__ = ("deal", "round", "seat", "action", "turned_up")
    DEAL_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    TURNED_UP_FIELD_NUMBER: _ClassVar[int]
    deal: int
    round: int
    seat: int
    action: FrederikAction
    turned_up: str
    def __init__(self, deal: _Optional[int] = ..., round: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[FrederikAction, _Mapping]] = ..., turned_up: _Optional[str] = ...) -> None: ...

class FrederikReturned(_message.Message):
    __slots__ = ("deal", "round", "seat", "action")
    DEAL_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    deal: int
    round: int
    seat: int
    action: FrederikAction
    def __init__(self, deal: _Optional[int] = ..., round: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[FrederikAction, _Mapping]] = ...) -> None: ...

class FrederikActed(_message.Message):
    __slots__ = ("deal", "round", "seat", "action", "drawn")
    DEAL_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    deal: int
    round: int
    seat: int
    action: FrederikAction
    drawn: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, deal: _Optional[int] = ..., round: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[FrederikAction, _Mapping]] = ..., drawn: _Optional[_Iterable[str]] = ...) -> None: ...

class FrederikResponded(_message.Message):
    __slots__ = ("deal", "seat", "window", "action")
    DEAL_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    WINDOW_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    deal: int
    seat: int
    window: FrederikWindow
    action: FrederikAction
    def __init__(self, deal: _Optional[int] = ..., seat: _Optional[int] = ..., window: _Optional[_Union[FrederikWindow, str]] = ..., action: _Optional[_Union[FrederikAction, _Mapping]] = ...) -> None: ...

class FrederikResolved(_message.Message):
    __slots__ = ("deal", "seat", "action", "target_seat", "outcome", "by", "turned_up")
    DEAL_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    TARGET_SEAT_FIELD_NUMBER: _ClassVar[int]
    OUTCOME_FIELD_NUMBER: _ClassVar[int]
    BY_FIELD_NUMBER: _ClassVar[int]
    TURNED_UP_FIELD_NUMBER: _ClassVar[int]
    deal: int
    seat: int
    action: FrederikAction
    target_seat: int
    outcome: FrederikOutcome
    by: int
    turned_up: str
    def __init__(self, deal: _Optional[int] = ..., seat: _Optional[int] = ..., action: _Optional[_Union[FrederikAction, _Mapping]] = ..., target_seat: _Optional[int] = ..., outcome: _Optional[_Union[FrederikOutcome, str]] = ..., by: _Optional[int] = ..., turned_up: _Optional[str] = ...) -> None: ...

class FrederikForfeited(_message.Message):
    __slots__ = ("deal", "seat", "reason")
    DEAL_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    deal: int
    seat: int
    reason: str
    def __init__(self, deal: _Optional[int] = ..., seat: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class FrederikDealEnded(_message.Message):
    __slots__ = ("deal", "hands", "ranks", "scores", "points")
    DEAL_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    RANKS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    deal: int
    hands: _containers.RepeatedCompositeFieldContainer[FrederikShownHand]
    ranks: _containers.RepeatedScalarFieldContainer[int]
    scores: _containers.RepeatedScalarFieldContainer[float]
    points: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, deal: _Optional[int] = ..., hands: _Optional[_Iterable[_Union[FrederikShownHand, _Mapping]]] = ..., ranks: _Optional[_Iterable[int]] = ..., scores: _Optional[_Iterable[float]] = ..., points: _Optional[_Iterable[float]] = ...) -> None: ...

class FrederikMatchEnded(_message.Message):
    __slots__ = ("deals", "points")
    DEALS_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    deals: int
    points: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, deals: _Optional[int] = ..., points: _Optional[_Iterable[float]] = ...) -> None: ...

class FrederikEvent(_message.Message):
    __slots__ = ("deal_started", "drew", "kept", "returned", "acted", "responded", "resolved", "forfeited", "deal_ended", "match_ended")
    DEAL_STARTED_FIELD_NUMBER: _ClassVar[int]
    DREW_FIELD_NUMBER: _ClassVar[int]
    KEPT_FIELD_NUMBER: _ClassVar[int]
    RETURNED_FIELD_NUMBER: _ClassVar[int]
    ACTED_FIELD_NUMBER: _ClassVar[int]
    RESPONDED_FIELD_NUMBER: _ClassVar[int]
    RESOLVED_FIELD_NUMBER: _ClassVar[int]
    FORFEITED_FIELD_NUMBER: _ClassVar[int]
    DEAL_ENDED_FIELD_NUMBER: _ClassVar[int]
    MATCH_ENDED_FIELD_NUMBER: _ClassVar[int]
    deal_started: FrederikDealStarted
    drew: FrederikDrew
    kept: FrederikKept
    returned: FrederikReturned
    acted: FrederikActed
    responded: FrederikResponded
    resolved: FrederikResolved
    forfeited: FrederikForfeited
    deal_ended: FrederikDealEnded
    match_ended: FrederikMatchEnded
    def __init__(self, deal_started: _Optional[_Union[FrederikDealStarted, _Mapping]] = ..., drew: _Optional[_Union[FrederikDrew, _Mapping]] = ..., kept: _Optional[_Union[FrederikKept, _Mapping]] = ..., returned: _Optional[_Union[FrederikReturned, _Mapping]] = ..., acted: _Optional[_Union[FrederikActed, _Mapping]] = ..., responded: _Optional[_Union[FrederikResponded, _Mapping]] = ..., resolved: _Optional[_Union[FrederikResolved, _Mapping]] = ..., forfeited: _Optional[_Union[FrederikForfeited, _Mapping]] = ..., deal_ended: _Optional[_Union[FrederikDealEnded, _Mapping]] = ..., match_ended: _Optional[_Union[FrederikMatchEnded, _Mapping]] = ...) -> None: ...

class FrederikView(_message.Message):
    __slots__ = ("seat", "deal", "deals_in_match", "players", "starter", "phase", "round", "to_act", "tableaux", "drawn", "pile_size", "pile_known", "all_down", "forfeited", "answering", "answering_seat", "points", "deal_events")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    DEALS_IN_MATCH_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    STARTER_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    ROUND_FIELD_NUMBER: _ClassVar[int]
    TO_ACT_FIELD_NUMBER: _ClassVar[int]
    TABLEAUX_FIELD_NUMBER: _ClassVar[int]
    DRAWN_FIELD_NUMBER: _ClassVar[int]
    PILE_SIZE_FIELD_NUMBER: _ClassVar[int]
    PILE_KNOWN_FIELD_NUMBER: _ClassVar[int]
    ALL_DOWN_FIELD_NUMBER: _ClassVar[int]
    FORFEITED_FIELD_NUMBER: _ClassVar[int]
    ANSWERING_FIELD_NUMBER: _ClassVar[int]
    ANSWERING_SEAT_FIELD_NUMBER: _ClassVar[int]
    POINTS_FIELD_NUMBER: _ClassVar[int]
    DEAL_EVENTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    deal: int
    deals_in_match: int
    players: int
    starter: int
    phase: FrederikPhase
    round: int
    to_act: int
    tableaux: _containers.RepeatedCompositeFieldContainer[FrederikTableau]
    drawn: _containers.RepeatedScalarFieldContainer[str]
    pile_size: int
    pile_known: _containers.RepeatedCompositeFieldContainer[FrederikPileCard]
    all_down: _containers.RepeatedScalarFieldContainer[bool]
    forfeited: _containers.RepeatedScalarFieldContainer[bool]
    answering: FrederikAction
    answering_seat: int
    points: _containers.RepeatedScalarFieldContainer[float]
    deal_events: _containers.RepeatedCompositeFieldContainer[FrederikEvent]
    def __init__(self, seat: _Optional[int] = ..., deal: _Optional[int] = ..., deals_in_match: _Optional[int] = ..., players: _Optional[int] = ..., starter: _Optional[int] = ..., phase: _Optional[_Union[FrederikPhase, str]] = ..., round: _Optional[int] = ..., to_act: _Optional[int] = ..., tableaux: _Optional[_Iterable[_Union[FrederikTableau, _Mapping]]] = ..., drawn: _Optional[_Iterable[str]] = ..., pile_size: _Optional[int] = ..., pile_known: _Optional[_Iterable[_Union[FrederikPileCard, _Mapping]]] = ..., all_down: _Optional[_Iterable[bool]] = ..., forfeited: _Optional[_Iterable[bool]] = ..., answering: _Optional[_Union[FrederikAction, _Mapping]] = ..., answering_seat: _Optional[int] = ..., points: _Optional[_Iterable[float]] = ..., deal_events: _Optional[_Iterable[_Union[FrederikEvent, _Mapping]]] = ...) -> None: ...
