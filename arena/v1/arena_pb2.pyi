from arena.v1 import conto_pb2 as _conto_pb2
from arena.v1 import invido_pb2 as _invido_pb2
from arena.v1 import vegas_pb2 as _vegas_pb2
from arena.v1 import bridge_pb2 as _bridge_pb2
from arena.v1 import frederik_pb2 as _frederik_pb2
from google.protobuf.internal import containers as _containers
from google.protobuf.internal import enum_type_wrapper as _enum_type_wrapper
from google.protobuf import descriptor as _descriptor
from google.protobuf import message as _message
from collections.abc import Iterable as _Iterable, Mapping as _Mapping
from typing import ClassVar as _ClassVar, Optional as _Optional, Union as _Union

DESCRIPTOR: _descriptor.FileDescriptor

class TimeControlPeriod(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    TIME_CONTROL_PERIOD_UNSPECIFIED: _ClassVar[TimeControlPeriod]
    TIME_CONTROL_PERIOD_MOVE: _ClassVar[TimeControlPeriod]
    TIME_CONTROL_PERIOD_DEAL: _ClassVar[TimeControlPeriod]
    TIME_CONTROL_PERIOD_MATCH: _ClassVar[TimeControlPeriod]

class DecisionKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    DECISION_KIND_UNSPECIFIED: _ClassVar[DecisionKind]
    DECISION_KIND_TURN: _ClassVar[DecisionKind]
    DECISION_KIND_RESPONSE: _ClassVar[DecisionKind]
    DECISION_KIND_INTERRUPT: _ClassVar[DecisionKind]

class FaultKind(int, metaclass=_enum_type_wrapper.EnumTypeWrapper):
    __slots__ = ()
    FAULT_KIND_UNSPECIFIED: _ClassVar[FaultKind]
    FAULT_KIND_TIMEOUT: _ClassVar[FaultKind]
    FAULT_KIND_CRASH: _ClassVar[FaultKind]
    FAULT_KIND_ILLEGAL: _ClassVar[FaultKind]
    FAULT_KIND_MALFORMED: _ClassVar[FaultKind]
    FAULT_KIND_OVERSIZED: _ClassVar[FaultKind]
    FAULT_KIND_FLOOD: _ClassVar[FaultKind]
    FAULT_KIND_START: _ClassVar[FaultKind]
    FAULT_KIND_STOPPED: _ClassVar[FaultKind]
    FAULT_KIND_MEMORY: _ClassVar[FaultKind]
    FAULT_KIND_PROCESSES: _ClassVar[FaultKind]
    FAULT_KIND_CPU: _ClassVar[FaultKind]
TIME_CONTROL_PERIOD_UNSPECIFIED: TimeControlPeriod
TIME_CONTROL_PERIOD_MOVE: TimeControlPeriod
TIME_CONTROL_PERIOD_DEAL: TimeControlPeriod
TIME_CONTROL_PERIOD_MATCH: TimeControlPeriod
DECISION_KIND_UNSPECIFIED: DecisionKind
DECISION_KIND_TURN: DecisionKind
DECISION_KIND_RESPONSE: DecisionKind
DECISION_KIND_INTERRUPT: DecisionKind
FAULT_KIND_UNSPECIFIED: FaultKind
FAULT_KIND_TIMEOUT: FaultKind
FAULT_KIND_CRASH: FaultKind
FAULT_KIND_ILLEGAL: FaultKind
FAULT_KIND_MALFORMED: FaultKind
FAULT_KIND_OVERSIZED: FaultKind
FAULT_KIND_FLOOD: FaultKind
FAULT_KIND_START: FaultKind
FAULT_KIND_STOPPED: FaultKind
FAULT_KIND_MEMORY: FaultKind
FAULT_KIND_PROCESSES: FaultKind
FAULT_KIND_CPU: FaultKind

class HelloRequest(_message.Message):
    __slots__ = ("protocol_version", "arena_version")
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    ARENA_VERSION_FIELD_NUMBER: _ClassVar[int]
    protocol_version: int
    arena_version: str
    def __init__(self, protocol_version: _Optional[int] = ..., arena_version: _Optional[str] = ...) -> None: ...

class HelloReply(_message.Message):
    __slots__ = ("name", "version", "protocol_version", "games", "description")
    NAME_FIELD_NUMBER: _ClassVar[int]
    VERSION_FIELD_NUMBER: _ClassVar[int]
    PROTOCOL_VERSION_FIELD_NUMBER: _ClassVar[int]
    GAMES_FIELD_NUMBER: _ClassVar[int]
    DESCRIPTION_FIELD_NUMBER: _ClassVar[int]
    name: str
    version: str
    protocol_version: int
    games: _containers.RepeatedScalarFieldContainer[str]
    description: str
    def __init__(self, name: _Optional[str] = ..., version: _Optional[str] = ..., protocol_version: _Optional[int] = ..., games: _Optional[_Iterable[str]] = ..., description: _Optional[str] = ...) -> None: ...

class RefereeMessage(_message.Message):
    __slots__ = ("match_start", "decision_request", "event", "match_end")
    MATCH_START_FIELD_NUMBER: _ClassVar[int]
    DECISION_REQUEST_FIELD_NUMBER: _ClassVar[int]
    EVENT_FIELD_NUMBER: _ClassVar[int]
    MATCH_END_FIELD_NUMBER: _ClassVar[int]
    match_start: MatchStart
    decision_request: DecisionRequest
    event: EventNotice
    match_end: MatchEnd
    def __init__(self, match_start: _Optional[_Union[MatchStart, _Mapping]] = ..., decision_request: _Optional[_Union[DecisionRequest, _Mapping]] = ..., event: _Optional[_Union[EventNotice, _Mapping]] = ..., match_end: _Optional[_Union[MatchEnd, _Mapping]] = ...) -> None: ...

class MatchStart(_message.Message):
    __slots__ = ("match_id", "game", "options", "players", "seat", "names", "deals", "move_time_ms", "time_control")
    MATCH_ID_FIELD_NUMBER: _ClassVar[int]
    GAME_FIELD_NUMBER: _ClassVar[int]
    OPTIONS_FIELD_NUMBER: _ClassVar[int]
    PLAYERS_FIELD_NUMBER: _ClassVar[int]
    SEAT_FIELD_NUMBER: _ClassVar[int]
    NAMES_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    MOVE_TIME_MS_FIELD_NUMBER: _ClassVar[int]
    TIME_CONTROL_FIELD_NUMBER: _ClassVar[int]
    match_id: str
    game: str
    options: GameOptions
    players: int
    seat: int
    names: _containers.RepeatedScalarFieldContainer[str]
    deals: int
    move_time_ms: int
    time_control: TimeControl
    def __init__(self, match_id: _Optional[str] = ..., game: _Optional[str] = ..., options: _Optional[_Union[GameOptions, _Mapping]] = ..., players: _Optional[int] = ..., seat: _Optional[int] = ..., names: _Optional[_Iterable[str]] = ..., deals: _Optional[int] = ..., move_time_ms: _Optional[int] = ..., time_control: _Optional[_Union[TimeControl, _Mapping]] = ...) -> None: ...

class TimeControl(_message.Message):
    __slots__ = ("base_ms", "increment_ms", "period")
    BASE_MS_FIELD_NUMBER: _ClassVar[int]
    INCREMENT_MS_FIELD_NUMBER: _ClassVar[int]
    PERIOD_FIELD_NUMBER: _ClassVar[int]
    base_ms: int
    increment_ms: int
    period: TimeControlPeriod
    def __init__(self, base_ms: _Optional[int] = ..., increment_ms: _Optional[int] = ..., period: _Optional[_Union[TimeControlPeriod, str]] = ...) -> None: ...

class DecisionRequest(_message.Message):
    __slots__ = ("decision_id", "time_limit_ms", "view", "legal_actions", "events", "kind", "acting_seat", "responding_to", "standing")
    DECISION_ID_FIELD_NUMBER: _ClassVar[int]
    TIME_LIMIT_MS_FIELD_NUMBER: _ClassVar[int]
    VIEW_FIELD_NUMBER: _ClassVar[int]
    LEGAL_ACTIONS_FIELD_NUMBER: _ClassVar[int]
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    ACTING_SEAT_FIELD_NUMBER: _ClassVar[int]
    RESPONDING_TO_FIELD_NUMBER: _ClassVar[int]
    STANDING_FIELD_NUMBER: _ClassVar[int]
    decision_id: int
    time_limit_ms: int
    view: GameView
    legal_actions: _containers.RepeatedCompositeFieldContainer[LegalAction]
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    kind: DecisionKind
    acting_seat: int
    responding_to: int
    standing: MatchStanding
    def __init__(self, decision_id: _Optional[int] = ..., time_limit_ms: _Optional[int] = ..., view: _Optional[_Union[GameView, _Mapping]] = ..., legal_actions: _Optional[_Iterable[_Union[LegalAction, _Mapping]]] = ..., events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ..., kind: _Optional[_Union[DecisionKind, str]] = ..., acting_seat: _Optional[int] = ..., responding_to: _Optional[int] = ..., standing: _Optional[_Union[MatchStanding, _Mapping]] = ...) -> None: ...

class MatchStanding(_message.Message):
    __slots__ = ("deal", "deals", "scores", "standing")
    DEAL_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    STANDING_FIELD_NUMBER: _ClassVar[int]
    deal: int
    deals: int
    scores: _containers.RepeatedScalarFieldContainer[float]
    standing: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, deal: _Optional[int] = ..., deals: _Optional[int] = ..., scores: _Optional[_Iterable[float]] = ..., standing: _Optional[_Iterable[float]] = ...) -> None: ...

class EventNotice(_message.Message):
    __slots__ = ("events",)
    EVENTS_FIELD_NUMBER: _ClassVar[int]
    events: _containers.RepeatedCompositeFieldContainer[GameEvent]
    def __init__(self, events: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ...) -> None: ...

class MatchEnd(_message.Message):
    __slots__ = ("result", "history", "faults")
    RESULT_FIELD_NUMBER: _ClassVar[int]
    HISTORY_FIELD_NUMBER: _ClassVar[int]
    FAULTS_FIELD_NUMBER: _ClassVar[int]
    result: MatchResult
    history: _containers.RepeatedCompositeFieldContainer[GameEvent]
    faults: _containers.RepeatedCompositeFieldContainer[Fault]
    def __init__(self, result: _Optional[_Union[MatchResult, _Mapping]] = ..., history: _Optional[_Iterable[_Union[GameEvent, _Mapping]]] = ..., faults: _Optional[_Iterable[_Union[Fault, _Mapping]]] = ...) -> None: ...

class BotMessage(_message.Message):
    __slots__ = ("decision",)
    DECISION_FIELD_NUMBER: _ClassVar[int]
    decision: Decision
    def __init__(self, decision: _Optional[_Union[Decision, _Mapping]] = ...) -> None: ...

class Decision(_message.Message):
    __slots__ = ("decision_id", "action_index", "comment")
    DECISION_ID_FIELD_NUMBER: _ClassVar[int]
    ACTION_INDEX_FIELD_NUMBER: _ClassVar[int]
    COMMENT_FIELD_NUMBER: _ClassVar[int]
    decision_id: int
    action_index: int
    comment: str
    def __init__(self, decision_id: _Optional[int] = ..., action_index: _Optional[int] = ..., comment: _Optional[str] = ...) -> None: ...

class GameOptions(_message.Message):
    __slots__ = ("conto", "invido", "vegas", "bridge", "frederik")
    CONTO_FIELD_NUMBER: _ClassVar[int]
    INVIDO_FIELD_NUMBER: _ClassVar[int]
    VEGAS_FIELD_NUMBER: _ClassVar[int]
    BRIDGE_FIELD_NUMBER: _ClassVar[int]
    FREDERIK_FIELD_NUMBER: _ClassVar[int]
    conto: _conto_pb2.ContoOptions
    invido: _invido_pb2.InvidoOptions
    vegas: _vegas_pb2.VegasOptions
    bridge: _bridge_pb2.BridgeOptions
    frederik: _frederik_pb2.FrederikOptions
    def __init__(self, conto: _Optional[_Union[_conto_pb2.ContoOptions, _Mapping]] = ..., invido: _Optional[_Union[_invido_pb2.InvidoOptions, _Mapping]] = ..., vegas: _Optional[_Union[_vegas_pb2.VegasOptions, _Mapping]] = ..., bridge: _Optional[_Union[_bridge_pb2.BridgeOptions, _Mapping]] = ..., frederik: _Optional[_Union[_frederik_pb2.FrederikOptions, _Mapping]] = ...) -> None: ...

class GameView(_message.Message):
    __slots__ = ("conto", "invido", "vegas", "bridge", "frederik")
    CONTO_FIELD_NUMBER: _ClassVar[int]
    INVIDO_FIELD_NUMBER: _ClassVar[int]
    VEGAS_FIELD_NUMBER: _ClassVar[int]
    BRIDGE_FIELD_NUMBER: _ClassVar[int]
    FREDERIK_FIELD_NUMBER: _ClassVar[int]
    conto: _conto_pb2.ContoView
    invido: _invido_pb2.InvidoView
    vegas: _vegas_pb2.VegasView
    bridge: _bridge_pb2.BridgeView
    frederik: _frederik_pb2.FrederikView
    def __init__(self, conto: _Optional[_Union[_conto_pb2.ContoView, _Mapping]] = ..., invido: _Optional[_Union[_invido_pb2.InvidoView, _Mapping]] = ..., vegas: _Optional[_Union[_vegas_pb2.VegasView, _Mapping]] = ..., bridge: _Optional[_Union[_bridge_pb2.BridgeView, _Mapping]] = ..., frederik: _Optional[_Union[_frederik_pb2.FrederikView, _Mapping]] = ...) -> None: ...

class GameAction(_message.Message):
    __slots__ = ("conto", "invido", "vegas", "bridge", "frederik")
    CONTO_FIELD_NUMBER: _ClassVar[int]
    INVIDO_FIELD_NUMBER: _ClassVar[int]
    VEGAS_FIELD_NUMBER: _ClassVar[int]
    BRIDGE_FIELD_NUMBER: _ClassVar[int]
    FREDERIK_FIELD_NUMBER: _ClassVar[int]
    conto: _conto_pb2.ContoAction
    invido: _invido_pb2.InvidoAction
    vegas: _vegas_pb2.VegasAction
    bridge: _bridge_pb2.BridgeAction
    frederik: _frederik_pb2.FrederikAction
    def __init__(self, conto: _Optional[_Union[_conto_pb2.ContoAction, _Mapping]] = ..., invido: _Optional[_Union[_invido_pb2.InvidoAction, _Mapping]] = ..., vegas: _Optional[_Union[_vegas_pb2.VegasAction, _Mapping]] = ..., bridge: _Optional[_Union[_bridge_pb2.BridgeAction, _Mapping]] = ..., frederik: _Optional[_Union[_frederik_pb2.FrederikAction, _Mapping]] = ...) -> None: ...

class GameEvent(_message.Message):
    __slots__ = ("text", "conto", "invido", "vegas", "bridge", "frederik")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    CONTO_FIELD_NUMBER: _ClassVar[int]
    INVIDO_FIELD_NUMBER: _ClassVar[int]
    VEGAS_FIELD_NUMBER: _ClassVar[int]
    BRIDGE_FIELD_NUMBER: _ClassVar[int]
    FREDERIK_FIELD_NUMBER: _ClassVar[int]
    text: str
    conto: _conto_pb2.ContoEvent
    invido: _invido_pb2.InvidoEvent
    vegas: _vegas_pb2.VegasEvent
    bridge: _bridge_pb2.BridgeEvent
    frederik: _frederik_pb2.FrederikEvent
    def __init__(self, text: _Optional[str] = ..., conto: _Optional[_Union[_conto_pb2.ContoEvent, _Mapping]] = ..., invido: _Optional[_Union[_invido_pb2.InvidoEvent, _Mapping]] = ..., vegas: _Optional[_Union[_vegas_pb2.VegasEvent, _Mapping]] = ..., bridge: _Optional[_Union[_bridge_pb2.BridgeEvent, _Mapping]] = ..., frederik: _Optional[_Union[_frederik_pb2.FrederikEvent, _Mapping]] = ...) -> None: ...

class LegalAction(_message.Message):
    __slots__ = ("text", "action")
    TEXT_FIELD_NUMBER: _ClassVar[int]
    ACTION_FIELD_NUMBER: _ClassVar[int]
    text: str
    action: GameAction
    def __init__(self, text: _Optional[str] = ..., action: _Optional[_Union[GameAction, _Mapping]] = ...) -> None: ...

class DealOutcome(_message.Message):
    __slots__ = ("deal", "scores", "ranks", "forfeit")
    DEAL_FIELD_NUMBER: _ClassVar[int]
    SCORES_FIELD_NUMBER: _ClassVar[int]
    RANKS_FIELD_NUMBER: _ClassVar[int]
    FORFEIT_FIELD_NUMBER: _ClassVar[int]
    deal: int
    scores: _containers.RepeatedScalarFieldContainer[float]
    ranks: _containers.RepeatedScalarFieldContainer[int]
    forfeit: int
    def __init__(self, deal: _Optional[int] = ..., scores: _Optional[_Iterable[float]] = ..., ranks: _Optional[_Iterable[int]] = ..., forfeit: _Optional[int] = ...) -> None: ...

class MatchResult(_message.Message):
    __slots__ = ("scores", "ranks", "deals", "standing")
    SCORES_FIELD_NUMBER: _ClassVar[int]
    RANKS_FIELD_NUMBER: _ClassVar[int]
    DEALS_FIELD_NUMBER: _ClassVar[int]
    STANDING_FIELD_NUMBER: _ClassVar[int]
    scores: _containers.RepeatedScalarFieldContainer[float]
    ranks: _containers.RepeatedScalarFieldContainer[int]
    deals: _containers.RepeatedCompositeFieldContainer[DealOutcome]
    standing: _containers.RepeatedScalarFieldContainer[float]
    def __init__(self, scores: _Optional[_Iterable[float]] = ..., ranks: _Optional[_Iterable[int]] = ..., deals: _Optional[_Iterable[_Union[DealOutcome, _Mapping]]] = ..., standing: _Optional[_Iterable[float]] = ...) -> None: ...

class Fault(_message.Message):
    __slots__ = ("seat", "bot", "kind", "reason", "deal")
    SEAT_FIELD_NUMBER: _ClassVar[int]
    BOT_FIELD_NUMBER: _ClassVar[int]
    KIND_FIELD_NUMBER: _ClassVar[int]
    REASON_FIELD_NUMBER: _ClassVar[int]
    DEAL_FIELD_NUMBER: _ClassVar[int]
    seat: int
    bot: str
    kind: FaultKind
    reason: str
    deal: int
    def __init__(self, seat: _Optional[int] = ..., bot: _Optional[str] = ..., kind: _Optional[_Union[FaultKind, str]] = ..., reason: _Optional[str] = ..., deal: _Optional[int] = ...) -> None: ...
