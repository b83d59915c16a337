"""The byte encoder writes what upb writes at the edges of its kept fields.

Whole fields are kept per value (integers below 128, strings up to 16 characters,
arena/play/_encode.py); a value past those edges, proto3's defaults, presence and a
cached field met again must still come out as the message filled field by field.
"""

import json

import pytest
from google.protobuf import json_format

from arena.play._encode import encode_record, length_delimited
from arena.play._encode_json import json_record
from arena.play.feed import fill
from arena.v1 import conto_pb2
from engine.conto import ContoAction, ContoView, DealtHand, Move, Portata


def upb(record, message_type):
    return fill(message_type(), record).SerializeToString()


def canonical_json(record, message_type):
    return json.dumps(json_format.MessageToDict(fill(message_type(), record)), separators=(",", ":"))


@pytest.mark.parametrize(
    "hand",
    [
        DealtHand(0, 0, ()),  # every field its default: nothing written
        DealtHand(127, 128, ("Q",)),  # the last kept integer, the first one past it
        DealtHand(-1, 300, ("", "W", "é", "x" * 16, "y" * 17, "z" * 200)),  # negative, empty, non-ASCII, long
    ],
)
def test_integers_and_strings_at_the_edges_of_the_kept_fields(hand):
    expected = upb(hand, conto_pb2.ContoDealtHand)
    assert encode_record(hand, conto_pb2.ContoDealtHand.DESCRIPTOR) == expected
    assert encode_record(hand, conto_pb2.ContoDealtHand.DESCRIPTOR) == expected  # kept, met again
    assert json_record(hand, conto_pb2.ContoDealtHand.DESCRIPTOR) == canonical_json(hand, conto_pb2.ContoDealtHand)


def test_an_optional_field_set_to_its_default_is_written_and_an_unset_one_is_not():
    slot_zero = ContoAction(Move.SPEZIARE, 0, (Portata("A", 2),), "A")
    bill = ContoAction(Move.CONTO)
    for action in (slot_zero, bill):
        assert encode_record(action, conto_pb2.ContoAction.DESCRIPTOR) == upb(action, conto_pb2.ContoAction)
        for _ in range(2):  # the enum's name made, then kept by the member
            written = json_record(action, conto_pb2.ContoAction.DESCRIPTOR)
            assert written == canonical_json(action, conto_pb2.ContoAction)
    assert b"\x10\x00" in encode_record(slot_zero, conto_pb2.ContoAction.DESCRIPTOR)  # slot 0, present


@pytest.mark.parametrize("points", [(0, 0, 1000, 2), (0, 127, 3, 1), (-1, 5, 0, 0)])
def test_a_view_with_optional_zeroes_and_long_lists_encodes_as_upb(points):
    view = ContoView(
        seat=0,
        players=4,
        hand_number=1,
        hands_in_match=200,
        dealer=0,
        oste=0,
        to_act=None,
        hand=("2", "W", "A") * 50,
        hand_sizes=(0, 150, 3, 1),
        cards_dealt=0,
        plate=(Portata("K", 12),),
        revealed=(),
        cameriere=None,
        points=points,
        courses=2,
        hand_size_option=6,
        oste_rule=False,
        deal_events=(),
    )
    assert encode_record(view, conto_pb2.ContoView.DESCRIPTOR) == upb(view, conto_pb2.ContoView)
    assert json_record(view, conto_pb2.ContoView.DESCRIPTOR) == canonical_json(view, conto_pb2.ContoView)


@pytest.mark.parametrize("size", [0, 127, 128, 300])
def test_a_length_delimited_field_is_the_one_upb_writes(size):
    text = "x" * size
    assert length_delimited(3, text.encode()) == conto_pb2.ContoDealtHand(cards=[text]).SerializeToString()


def test_a_length_delimited_field_numbered_past_15_is_the_one_upb_writes():
    empty_event = conto_pb2.ContoView(deal_events=[conto_pb2.ContoEvent()]).SerializeToString()
    assert length_delimited(18, b"") == empty_event
