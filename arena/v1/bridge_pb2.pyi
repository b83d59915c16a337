from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class BridgeStrain(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BRIDGE_STRAIN_UNSPECIFIED: _ClassVar[BridgeStrain]
    BRIDGE_STRAIN_CLUBS: _ClassVar[BridgeStrain]
    BRIDGE_STRAIN_DIAMONDS: _ClassVar[BridgeStrain]
    BRIDGE_STRAIN_HEARTS: _ClassVar[BridgeStrain]
    BRIDGE_STRAIN_SPADES: _ClassVar[BridgeStrain]
    BRIDGE_STRAIN_NOTRUMP: _ClassVar[BridgeStrain]

class BridgeCallKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BRIDGE_CALL_KIND_UNSPECIFIED: _ClassVar[BridgeCallKind]
    BRIDGE_CALL_KIND_PASS: _ClassVar[BridgeCallKind]
    BRIDGE_CALL_KIND_BID: _ClassVar[BridgeCallKind]
    BRIDGE_CALL_KIND_DOUBLE: _ClassVar[BridgeCallKind]
    BRIDGE_CALL_KIND_REDOUBLE: _ClassVar[BridgeCallKind]
    BRIDGE_CALL_KIND_PLAY: _ClassVar[BridgeCallKind]

class BridgeDoubling(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BRIDGE_DOUBLING_UNSPECIFIED: _ClassVar[BridgeDoubling]
    BRIDGE_DOUBLING_UNDOUBLED: _ClassVar[BridgeDoubling]
    BRIDGE_DOUBLING_DOUBLED: _ClassVar[BridgeDoubling]
    BRIDGE_DOUBLING_REDOUBLED: _ClassVar[BridgeDoubling]

class BridgeVulnerability(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BRIDGE_VULNERABILITY_UNSPECIFIED: _ClassVar[BridgeVulnerability]
    BRIDGE_VULNERABILITY_NONE: _ClassVar[BridgeVulnerability]
    BRIDGE_VULNERABILITY_NS: _ClassVar[BridgeVulnerability]
    BRIDGE_VULNERABILITY_EW: _ClassVar[BridgeVulnerability]
    BRIDGE_VULNERABILITY_BOTH: _ClassVar[BridgeVulnerability]

class BridgePhase(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    BRIDGE_PHASE_UNSPECIFIED: _ClassVar[BridgePhase]
    BRIDGE_PHASE_AUCTION: _ClassVar[BridgePhase]
    BRIDGE_PHASE_PLAY: _ClassVar[BridgePhase]
    BRIDGE_PHASE_OVER: _ClassVar[BridgePhase]
BRIDGE_STRAIN_UNSPECIFIED: BridgeStrain
BRIDGE_STRAIN_CLUBS: BridgeStrain
BRIDGE_STRAIN_DIAMONDS: BridgeStrain
BRIDGE_STRAIN_HEARTS: BridgeStrain
BRIDGE_STRAIN_SPADES: BridgeStrain
BRIDGE_STRAIN_NOTRUMP: BridgeStrain
BRIDGE_CALL_KIND_UNSPECIFIED: BridgeCallKind
BRIDGE_CALL_KIND_PASS: BridgeCallKind
BRIDGE_CALL_KIND_BID: BridgeCallKind
BRIDGE_CALL_KIND_DOUBLE: BridgeCallKind
BRIDGE_CALL_KIND_REDOUBLE: BridgeCallKind
BRIDGE_CALL_KIND_PLAY: BridgeCallKind
BRIDGE_DOUBLING_UNSPECIFIED: BridgeDoubling
BRIDGE_DOUBLING_UNDOUBLED: BridgeDoubling
BRIDGE_DOUBLING_DOUBLED: BridgeDoubling
BRIDGE_DOUBLING_REDOUBLED: BridgeDoubling
BRIDGE_VULNERABILITY_UNSPECIFIED: BridgeVulnerability
BRIDGE_VULNERABILITY_NONE: BridgeVulnerability
BRIDGE_VULNERABILITY_NS: BridgeVulnerability
BRIDGE_VULNERABILITY_EW: BridgeVulnerability
BRIDGE_VULNERABILITY_BOTH: BridgeVulnerability
BRIDGE_PHASE_UNSPECIFIED: BridgePhase
BRIDGE_PHASE_AUCTION: BridgePhase
BRIDGE_PHASE_PLAY: BridgePhase
BRIDGE_PHASE_OVER: BridgePhase

class BridgeOptions(_message.Message):
    __slots__ = ()
    def __init__(self) -> None: ...

class BridgeAction(_message.Message):
    __slots__ = ("kind", "level", "strain", "card")
    KIND_FIELD_NUMBER: _ClassVar[int]
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    STRAIN_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    kind: BridgeCallKind
    level: int
    strain: BridgeStrain
    card: str
    def __init__(self, kind: _Optional[_Union[BridgeCallKind, str]] = ..., level: _Optional[int] = ..., strain: _Optional[_Union[BridgeStrain, str]] = ..., card: _Optional[str] = ...) -> None: ...

class BridgeContract(_message.Message):
    __slots__ = ("level", "strain", "doubling", "declarer")
    LEVEL_FIELD_NUMBER: _ClassVar[int]
    STRAIN_FIELD_NUMBER: _ClassVar[int]
    DOUBLING_FIELD_NUMBER: _ClassVar[int]
    DECLARER_FIELD_NUMBER: _ClassVar[int]
    level: int
    strain: BridgeStrain
    doubling: BridgeDoubling
    declarer: int
    def __init__(self, level: _Optional[int] = ..., strain: _Optional[_Union[BridgeStrain, str]] = ..., doubling: _Optional[_Union[BridgeDoubling, str]] = ..., declarer: _Optional[int] = ...) -> None: ...

class BridgeDealtHand(_message.Message):
    __slots__ = ("seat", "cards")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class BridgePlayedCard(_message.Message):
    __slots__ = ("seat", "card")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    seat: int
    card: str
    def __init__(self, seat: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class BridgeBoardDealt(_message.Message):
    __slots__ = ("board", "boards_in_match", "dealer", "vulnerability", "hands", "totals")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    BOARDS_IN_MATCH_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    VULNERABILITY_FIELD_NUMBER: _ClassVar[int]
    HANDS_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    board: int
    boards_in_match: int
    dealer: int
    vulnerability: BridgeVulnerability
    hands: _containers.RepeatedCompositeFieldContainer[BridgeDealtHand]
    totals: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, board: _Optional[int] = ..., boards_in_match: _Optional[int] = ..., dealer: _Optional[int] = ..., vulnerability: _Optional[_Union[BridgeVulnerability, str]] = ..., hands: _Optional[_Iterable[_Union[BridgeDealtHand, _Mapping]]] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...

class BridgeCalled(_message.Message):
    __slots__ = ("board", "seat", "call")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CALL_FIELD_NUMBER: _ClassVar[int]
    board: int
    seat: int
    call: BridgeAction
    def __init__(self, board: _Optional[int] = ..., seat: _Optional[int] = ..., call: _Optional[_Union[BridgeAction, _Mapping]] = ...) -> None: ...

class BridgeAuctionEnded(_message.Message):
    __slots__ = ("board", "contract", "dummy")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    DUMMY_FIELD_NUMBER: _ClassVar[int]
    board: int
    contract: BridgeContract
    dummy: int
    def __init__(self, board: _Optional[int] = ..., contract: _Optional[_Union[BridgeContract, _Mapping]] = ..., dummy: _Optional[int] = ...) -> None: ...

class BridgeCardPlayed(_message.Message):
    __slots__ = ("board", "trick", "seat", "by", "card")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BY_FIELD_NUMBER: _ClassVar[int]
    CARD_FIELD_NUMBER: _ClassVar[int]
    board: int
    trick: int
    seat: int
    by: int
    card: str
    def __init__(self, board: _Optional[int] = ..., trick: _Optional[int] = ..., seat: _Optional[int] = ..., by: _Optional[int] = ..., card: _Optional[str] = ...) -> None: ...

class BridgeDummyExposed(_message.Message):
    __slots__ = ("board", "seat", "cards")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    board: int
    seat: int
    cards: _containers.RepeatedScalarFieldContainer[str]
    def __init__(self, board: _Optional[int] = ..., seat: _Optional[int] = ..., cards: _Optional[_Iterable[str]] = ...) -> None: ...

class BridgeTrickTaken(_message.Message):
    __slots__ = ("board", "trick", "cards", "winner", "tricks")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    CARDS_FIELD_NUMBER: _ClassVar[int]
    WINNER_FIELD_NUMBER: _ClassVar[int]
    TRICKS_FIELD_NUMBER: _ClassVar[int]
    board: int
    trick: int
    cards: _containers.RepeatedCompositeFieldContainer[BridgePlayedCard]
    winner: int
    tricks: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, board: _Optional[int] = ..., trick: _Optional[int] = ..., cards: _Optional[_Iterable[_Union[BridgePlayedCard, _Mapping]]] = ..., winner: _Optional[int] = ..., tricks: _Optional[_Iterable[int]] = ...) -> None: ...

class BridgeBoardScored(_message.Message):
    __slots__ = ("board", "contract", "declarer_tricks", "score", "totals")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    DECLARER_TRICKS_FIELD_NUMBER: _ClassVar[int]
    SCORE_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    board: int
    contract: BridgeContract
    declarer_tricks: int
    score: int
    totals: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, board: _Optional[int] = ..., contract: _Optional[_Union[BridgeContract, _Mapping]] = ..., declarer_tricks: _Optional[int] = ..., score: _Optional[int] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...

class BridgeForfeited(_message.Message):
    __slots__ = ("board", "seat", "reason")
    BOARD_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    board: int
    seat: int
    reason: str
    def __init__(self, board: _Optional[int] = ..., seat: _Optional[int] = ..., reason: _Optional[str] = ...) -> None: ...

class BridgeMatchEnded(_message.Message):
    __slots__ = ("boards", "totals")
    BOARDS_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    boards: int
    totals: _containers.RepeatedScalarFieldContainer[int]
    def __init__(self, boards: _Optional[int] = ..., totals: _Optional[_Iterable[int]] = ...) -> None: ...

class BridgeEvent(_message.Message):
    __slots__ = ("board_dealt", "called", "auction_ended", "card_played", "dummy_exposed", "trick_taken", "board_scored", "forfeited", "match_ended")
    BOARD_DEALT_FIELD_NUMBER: _ClassVar[int]
    CALLED_FIELD_NUMBER: _ClassVar[int]
    AUCTION_ENDED_FIELD_NUMBER: _ClassVar[int]
    CARD_PLAYED_FIELD_NUMBER: _ClassVar[int]
    DUMMY_EXPOSED_FIELD_NUMBER: _ClassVar[int]
    TRICK_TAKEN_FIELD_NUMBER: _ClassVar[int]
    BOARD_SCORED_FIELD_NUMBER: _ClassVar[int]
    FORFEITED_FIELD_NUMBER: _ClassVar[int]
    MATCH_ENDED_FIELD_NUMBER: _ClassVar[int]
    board_dealt: BridgeBoardDealt
    called: BridgeCalled
    auction_ended: BridgeAuctionEnded
    card_played: BridgeCardPlayed
    dummy_exposed: BridgeDummyExposed
    trick_taken: BridgeTrickTaken
    board_scored: BridgeBoardScored
    forfeited: BridgeForfeited
    match_ended: BridgeMatchEnded
    def __init__(self, board_dealt: _Optional[_Union[BridgeBoardDealt, _Mapping]] = ..., called: _Optional[_Union[BridgeCalled, _Mapping]] = ..., auction_ended: _Optional[_Union[BridgeAuctionEnded, _Mapping]] = ..., card_played: _Optional[_Union[BridgeCardPlayed, _Mapping]] = ..., dummy_exposed: _Optional[_Union[BridgeDummyExposed, _Mapping]] = ..., trick_taken: _Optional[_Union[BridgeTrickTaken, _Mapping]] = ..., board_scored: _Optional[_Union[BridgeBoardScored, _Mapping]] = ..., forfeited: _Optional[_Union[BridgeForfeited, _Mapping]] = ..., match_ended: _Optional[_Union[BridgeMatchEnded, _Mapping]] = ...) -> None: ...

class BridgeView(_message.Message):
    __slots__ = ("seat", "board", "boards_in_match", "dealer", "vulnerability", "phase", "hand", "auction", "contract", "dummy_seat", "dummy", "trick", "leader", "tricks", "to_play", "totals", "deal_events")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BOARD_FIELD_NUMBER: _ClassVar[int]
    BOARDS_IN_MATCH_FIELD_NUMBER: _ClassVar[int]
    DEALER_FIELD_NUMBER: _ClassVar[int]
    VULNERABILITY_FIELD_NUMBER: _ClassVar[int]
    PHASE_FIELD_NUMBER: _ClassVar[int]
    HAND_FIELD_NUMBER: _ClassVar[int]
    AUCTION_FIELD_NUMBER: _ClassVar[int]
    CONTRACT_FIELD_NUMBER: _ClassVar[int]
    DUMMY_SEAT_FIELD_NUMBER: _ClassVar[int]
    DUMMY_FIELD_NUMBER: _ClassVar[int]
    TRICK_FIELD_NUMBER: _ClassVar[int]
    LEADER_FIELD_NUMBER: _ClassVar[int]
    TRICKS_FIELD_NUMBER: _ClassVar[int]
    TO_PLAY_FIELD_NUMBER: _ClassVar[int]
    TOTALS_FIELD_NUMBER: _ClassVar[int]
    DEAL_EVENTS_FIELD_NUMBER: _ClassVar[int]
    seat: int
    board: int
    boards_in_match: int
    dealer: int
    vulnerability: BridgeVulnerability
    phase: BridgePhase
    hand: _containers.RepeatedScalarFieldContainer[str]
    auction: _containers.RepeatedCompositeFieldContainer[BridgeAction]
    contract: BridgeContract
    dummy_seat: int
    dummy: _containers.RepeatedScalarFieldContainer[str]
    trick: _containers.RepeatedCompositeFieldContainer[BridgePlayedCard]
    leader: int
    tricks: _containers.RepeatedScalarFieldContainer[int]
    to_play: int
    totals: _containers.RepeatedScalarFieldContainer[int]
    deal_events: _containers.RepeatedCompositeFieldContainer[BridgeEvent]
    def __init__(self, seat: _Optional[int] = ..., board: _Optional[int] = ..., boards_in_match: _Optional[int] = ..., dealer: _Optional[int] = ..., vulnerability: _Optional[_Union[BridgeVulnerability, str]] = ..., phase: _Optional[_Union[BridgePhase, str]] = ..., hand: _Optional[_Iterable[str]] = ..., auction: _Optional[_Iterable[_Union[BridgeAction, _Mapping]]] = ..., contract: _Optional[_Union[BridgeContract, _Mapping]] = ..., dummy_seat: _Optional[int] = ..., dummy: _Optional[_Iterable[str]] = ..., trick: _Optional[_Iterable[_Union[BridgePlayedCard, _Mapping]]] = ..., leader: _Optional[int] = ..., tricks: _Optional[_Iterable[int]] = ..., to_play: _Optional[int] = ..., totals: _Optional[_Iterable[int]] = ..., deal_events: _Optional[_Iterable[_Union[BridgeEvent, _Mapping]]] = ...) -> None: ...
