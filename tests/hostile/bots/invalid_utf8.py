"""Answers with a comment that is not UTF-8, which protobuf's strings must be: its
serializer writes the bytes 0xFF 0xFE where the comment's text was.  Protobuf refuses to
parse such a message, which must be said as the bot's fault, not the arena's error."""

from _hostile import reporting_bot, sdk

from arena.v1 import arena_pb2 as pb

MARK = "\x01\x02\x03\x04"  # four bytes, replaced by four that are no UTF-8
serialize = pb.BotMessage.SerializeToString


def corrupt(message: pb.BotMessage) -> bytes:
    return serialize(message).replace(MARK.encode(), b"\xff\xfe\xff\xfe")


pb.BotMessage.SerializeToString = corrupt  # the servicer's serializer, looked up at start
Base = reporting_bot("invalid_utf8", {})


class Corrupter(Base):
    def act(self, request):
        super().act(request)
        self.comment = MARK
        return 0


sdk.run(Corrupter)
