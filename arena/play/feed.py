"""The feed: engine records to protobuf messages, for any game, by field name.

Every game's frozen dataclasses (view, actions, events, options) have a twin message in
protos/arena/v1/<game>.proto with fields of the same names.  The envelopes in
arena.proto (GameView, GameAction, GameEvent, GameOptions) hold one field per game,
named as the game.  So a new game needs its .proto and nothing here.

The mapping rules are the wire plan's (arena/play/_plan.py), checked by
tests/test_wire.py against every registered game.  `fill` applies them to upb messages
(for tools and tests); the referee's hot path writes the same bytes directly with
arena/play/_encode.py, and a stdio bot's JSON lines with arena/play/_encode_json.py.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from typing import Any

from google.protobuf.descriptor import FieldDescriptor
from google.protobuf.message import Message

import engine
from arena.errors import WireError
from arena.play._encode import encode_record, length_delimited, varint
from arena.play._encode_json import JsonLine, json_record
from arena.play._json import message_to_json, quote
from arena.play._plan import enum_numbers, plan
from arena.v1 import arena_pb2 as pb

__all__ = ["GameWire", "wire_for", "fill"]

_WIRES: dict[int, GameWire] = {}
_SKIP_DEAL_EVENTS = frozenset({"deal_events"})


def fill(message: Message, record: object) -> Message:
    """Copy a dataclass record into `message` as its wire plan says; return the message."""
    planned = plan(type(record), message.DESCRIPTOR)
    if planned.member is not None:
        fill(getattr(message, planned.member.name), record)
        return message
    for field in planned.fields:
        value = getattr(record, field.name)
        if value is None:
            continue
        name, numbers = field.name, field.enum
        if field.message is not None:
            if field.repeated:
                target = getattr(message, name)
                for item in value:
                    fill(target.add(), item)
            else:
                fill(getattr(message, name), value)
        elif field.repeated:
            getattr(message, name).extend(value if numbers is None else [numbers[v] for v in value])
        else:
            setattr(message, name, value if numbers is None else numbers[value])
    return message


def _set(message: Message, field: FieldDescriptor, value: Any) -> None:
    """Set one field from a plain value (used for options, which are not records)."""
    if isinstance(value, enum.Enum):
        value = enum_numbers(field.enum_type)[value]
    setattr(message, field.name, value)


_DECISION_KINDS = enum_numbers(pb.DecisionKind.DESCRIPTOR)


def _field(message: Any, name: str) -> int:
    return message.DESCRIPTOR.fields_by_name[name].number


_MESSAGE_REQUEST = _field(pb.RefereeMessage, "decision_request")
_MESSAGE_EVENT = _field(pb.RefereeMessage, "event")
_MESSAGE_END = _field(pb.RefereeMessage, "match_end")
_NOTICE_EVENTS = _field(pb.EventNotice, "events")
_REQUEST_ID_TAG = varint(_field(pb.DecisionRequest, "decision_id") << 3)  # a varint field's tag: number << 3
_REQUEST_TIME_TAG = varint(_field(pb.DecisionRequest, "time_limit_ms") << 3)
_REQUEST_VIEW = _field(pb.DecisionRequest, "view")
_REQUEST_LEGAL = _field(pb.DecisionRequest, "legal_actions")
_REQUEST_EVENTS = _field(pb.DecisionRequest, "events")
_REQUEST_STANDING = _field(pb.DecisionRequest, "standing")
_EVENT_TEXT = _field(pb.GameEvent, "text")
_LEGAL_TEXT = _field(pb.LegalAction, "text")
_LEGAL_ACTION = _field(pb.LegalAction, "action")
_END_HISTORY = _field(pb.MatchEnd, "history")


#: Encoded actions a game's wire keeps by identity, for the games that hand out the same
#: action objects all run long (a bridge bid, a vegas card: a few hundred at most).  Conto
#: makes its declarations anew at every decision, from the few portate it holds once
#: (issue 44: too many distinct declarations to keep), so each is encoded where it is
#: offered and this cache only cycles through them: kept small, it holds little.
_ACTION_CACHE_LIMIT = 4_096


def wire_for(game: engine.Game) -> GameWire:
    """The GameWire of a game instance, made once: its caches then serve every match."""
    wire = _WIRES.get(id(game))
    if wire is None or wire.game is not game:
        wire = _WIRES[id(game)] = GameWire(game)
    return wire


class GameWire:
    """The envelopes of one game: its view, actions, events and options as messages.

    The referee's hot path builds a decision request from bytes (`decision_request`):
    protobuf fields may come in any order and repeat, so the parts that recur (a legal
    action, an event, the standing, the turn) are encoded once and joined.
    """

    def __init__(self, game: engine.Game) -> None:
        self.game = game
        self.name = game.spec.name
        game_field = pb.GameView.DESCRIPTOR.fields_by_name.get(self.name)
        if game_field is None:
            raise WireError(
                f"protos/arena/v1/arena.proto has no {self.name!r} field in GameView; "
                "add the game's messages to the protocol and regenerate the stubs."
            )
        view_fields = game_field.message_type.fields_by_name
        if "deal_events" not in view_fields:
            raise WireError(f"{game_field.message_type.full_name} has no field 'deal_events' for the deal's events.")
        self._game_field = game_field.number
        self._view_descriptor = game_field.message_type
        self._event_descriptor = pb.GameEvent.DESCRIPTOR.fields_by_name[self.name].message_type
        self._action_descriptor = pb.GameAction.DESCRIPTOR.fields_by_name[self.name].message_type
        self._deal_events_field = view_fields["deal_events"].number
        # The same actions recur all tournament long in most games: each is converted
        # once, found by identity (an id is cheap to hash, a frozen dataclass of tuples
        # is not).
        self._by_id: dict[int, tuple[engine.Action, bytes]] = {}
        #: Actions encoded so far (each the first time it was met, or met again after the
        #: cache was emptied): what `arena bench` counts as new.
        self.actions_encoded = 0
        self._turns: dict[tuple[Any, int, int | None], bytes] = {}
        # The same for stdio bots, as JSON text (`decision_request_json`).
        self._game_key = quote(game_field.json_name) + ":"
        self._actions_json: dict[int, tuple[engine.Action, str]] = {}
        self._turns_json: dict[tuple[Any, int, int | None], str] = {}

    def options(self) -> pb.GameOptions:
        message = pb.GameOptions()
        target = getattr(message, self.name)
        target.SetInParent()
        fields = target.DESCRIPTOR.fields_by_name
        for key, value in self.game.options.items():
            _set(target, fields[key], value) if key in fields else None
        return message

    def event(self, event: engine.Event) -> pb.GameEvent:
        message = pb.GameEvent(text=event.text)
        fill(getattr(message, self.name), event)
        return message

    def encode_event(self, event: engine.Event) -> tuple[bytes, bytes]:
        """One event, encoded once for all its uses: (a serialized GameEvent, the same
        event as one entry of the view's `deal_events`)."""
        inner = encode_record(event, self._event_descriptor)
        whole = length_delimited(_EVENT_TEXT, event.text.encode()) + length_delimited(self._game_field, inner)
        return whole, length_delimited(self._deal_events_field, inner)

    def action(self, action: engine.Action) -> pb.LegalAction:
        message = pb.LegalAction(text=action.text)
        fill(getattr(message.action, self.name), action)
        return message

    def _action_bytes(self, action: engine.Action) -> bytes:
        """The action as one encoded entry of a request's `legal_actions`.

        An action met before is found by identity (its id is cheap to hash, a frozen
        dataclass of tuples is not); the entry holds the action, so the id cannot be
        reused while the entry lives."""
        hit = self._by_id.get(id(action))
        if hit is not None and hit[0] is action:
            return hit[1]
        if len(self._by_id) > _ACTION_CACHE_LIMIT:
            self._by_id.clear()
        self.actions_encoded += 1
        typed = length_delimited(self._game_field, encode_record(action, self._action_descriptor))
        legal = length_delimited(_LEGAL_TEXT, action.text.encode()) + length_delimited(_LEGAL_ACTION, typed)
        encoded = length_delimited(_REQUEST_LEGAL, legal)
        self._by_id[id(action)] = (action, encoded)
        return encoded

    def actions(self, actions: Sequence[engine.Action]) -> list[pb.LegalAction]:
        return [self.action(a) for a in actions]

    def turn(self, turn: engine.Turn) -> bytes:
        """The request's kind, acting_seat and responding_to fields, encoded."""
        key = (turn.kind, turn.acting_seat, turn.responding_to)
        encoded = self._turns.get(key)
        if encoded is None:
            message = pb.DecisionRequest(
                kind=pb.DecisionKind.Name(_DECISION_KINDS[turn.kind]),
                acting_seat=turn.acting_seat,
                responding_to=turn.responding_to,
            )
            encoded = self._turns[key] = message.SerializeToString()
        return encoded

    @staticmethod
    def standing(state: engine.State, deals: int) -> bytes:
        """The request's `standing` field: the match before the current deal, encoded."""
        message = pb.MatchStanding(
            deal=len(state.deal_results()) + 1,
            deals=deals,
            scores=state.result().scores,
            standing=state.standing(),
        )
        return length_delimited(_REQUEST_STANDING, message.SerializeToString())

    @staticmethod
    def event_notice(events: Sequence[bytes]) -> bytes:
        """A serialized RefereeMessage holding an EventNotice of these serialized GameEvents."""
        return length_delimited(_MESSAGE_EVENT, b"".join(length_delimited(_NOTICE_EVENTS, e) for e in events))

    @staticmethod
    def match_end(end: pb.MatchEnd, history: Sequence[bytes]) -> bytes:
        """A serialized RefereeMessage holding `end` with these serialized GameEvents as its history."""
        body = end.SerializeToString() + b"".join(length_delimited(_END_HISTORY, e) for e in history)
        return length_delimited(_MESSAGE_END, body)

    def decision_request(
        self,
        decision_id: int,
        time_limit_ms: int,
        view: engine.View,
        deal_events: bytes | bytearray,
        actions: Sequence[engine.Action],
        events: Sequence[bytes] = (),
        turn: bytes = b"",
        standing: bytes = b"",
    ) -> bytes:
        """A serialized RefereeMessage holding a DecisionRequest.

        `deal_events` are the view's deal events, already encoded (`encode_event`'s
        second part, joined); `events` serialized GameEvents (the news); `turn` and
        `standing` the encoded fields (`turn`, `standing`).
        """
        view_bytes = encode_record(view, self._view_descriptor, _SKIP_DEAL_EVENTS) + deal_events
        action_bytes = self._action_bytes
        request = b"".join(
            (
                _REQUEST_ID_TAG,
                varint(decision_id),
                _REQUEST_TIME_TAG,
                varint(time_limit_ms),
                *[action_bytes(a) for a in actions],
                length_delimited(_REQUEST_VIEW, length_delimited(self._game_field, view_bytes)),
                *[length_delimited(_REQUEST_EVENTS, e) for e in events],
                turn,
                standing,
            )
        )
        return length_delimited(_MESSAGE_REQUEST, request)

    # --- the same request as a stdio bot's JSON line (arena/play/_encode_json.py) ---------

    def event_json(self, event: engine.Event) -> tuple[str, str]:
        """One event as JSON: (a GameEvent, the same event as an entry of the view's
        `deal_events`).  Not kept here: a match's events end with it (see `Match`)."""
        inner = json_record(event, self._event_descriptor)
        text = f'"text":{quote(event.text)},' if event.text else ""
        return "{" + text + self._game_key + inner + "}", inner

    def _action_json(self, action: engine.Action) -> str:
        """The action as one entry of a request's `legalActions`, made once per action object."""
        hit = self._actions_json.get(id(action))
        if hit is not None and hit[0] is action:
            return hit[1]
        if len(self._actions_json) > _ACTION_CACHE_LIMIT:
            self._actions_json.clear()
        text = f'"text":{quote(action.text)},' if action.text else ""
        encoded = "{" + text + '"action":{' + self._game_key + json_record(action, self._action_descriptor) + "}}"
        self._actions_json[id(action)] = (action, encoded)
        return encoded

    def turn_json(self, turn: engine.Turn) -> str:
        """The request's kind, actingSeat and respondingTo members ("" when all are defaults)."""
        key = (turn.kind, turn.acting_seat, turn.responding_to)
        encoded = self._turns_json.get(key)
        if encoded is None:
            encoded = self._turns_json[key] = message_to_json(pb.DecisionRequest.FromString(self.turn(turn)))[1:-1]
        return encoded

    @staticmethod
    def standing_json(state: engine.State, deals: int) -> str:
        """The request's `standing` member: the match before the current deal."""
        standing = pb.DecisionRequest.FromString(GameWire.standing(state, deals))
        return message_to_json(standing)[1:-1]

    def decision_request_json(
        self,
        decision_id: int,
        time_limit_ms: int,
        view: engine.View,
        deal_events: Sequence[str],
        actions: Sequence[engine.Action],
        events: Sequence[str] = (),
        turn: str = "",
        standing: str = "",
    ) -> JsonLine:
        """`decision_request`'s message as the line a stdio bot reads (its canonical JSON
        with "type" first): the same arguments, but the deal's events and the news as
        `event_json`'s texts, and `turn` and `standing` as their JSON members."""
        members = [f'"decisionId":"{decision_id}"'] if decision_id else []
        if time_limit_ms:
            members.append(f'"timeLimitMs":{time_limit_ms}')
        deal = ",".join(deal_events)
        view_text = json_record(view, self._view_descriptor, "deal_events", f"[{deal}]" if deal else "")
        members.append('"view":{' + self._game_key + view_text + "}")
        if actions:
            action_json = self._action_json
            members.append('"legalActions":[' + ",".join([action_json(action) for action in actions]) + "]")
        if events:
            members.append('"events":[' + ",".join(events) + "]")
        if turn:
            members.append(turn)
        if standing:
            members.append(standing)
        return JsonLine(('{"type":"decision_request","decisionRequest":{' + ",".join(members) + "}}\n").encode())

    @staticmethod
    def event_notice_json(events: Sequence[str]) -> JsonLine:
        """`event_notice` as a stdio bot's line, of `event_json`'s GameEvent texts."""
        return JsonLine(('{"type":"event","event":{"events":[' + ",".join(events) + "]}}\n").encode())

    @staticmethod
    def match_end_json(end: pb.MatchEnd, history: Sequence[str]) -> JsonLine:
        """`match_end` as a stdio bot's line, `history` as `event_json`'s GameEvent texts."""
        members = [message_to_json(pb.MatchEnd(result=end.result))[1:-1]]
        if history:
            members.append('"history":[' + ",".join(history) + "]")
        if end.faults:
            members.append(message_to_json(pb.MatchEnd(faults=end.faults))[1:-1])
        return JsonLine(('{"type":"match_end","matchEnd":{' + ",".join(members) + "}}\n").encode())

    def view(self, view: engine.View) -> pb.GameView:
        """The whole view as a message, its deal events included (for tests and tools;
        the referee builds its requests from bytes with `decision_request`)."""
        message = pb.GameView()
        target = getattr(message, self.name)
        fill(target, view)
        target.SetInParent()
        return message

    def result(self, result: engine.MatchResult, standing: tuple[float, ...]) -> pb.MatchResult:
        message = pb.MatchResult(scores=result.scores, ranks=result.ranks, standing=standing)
        for deal in result.deals:
            outcome = message.deals.add(deal=deal.deal, scores=deal.scores, ranks=deal.ranks)
            if deal.forfeit is not None:
                outcome.forfeit = deal.forfeit
        return message
