"""A gRPC bot that looks for what a seat may not know (see _snooping.py) and says in its
comment what it got."""

from _hostile import reporting_bot, sdk
from _snooping import FINDINGS

sdk.run(reporting_bot("snoop", FINDINGS))
