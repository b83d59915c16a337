#!/usr/bin/env -S awk -W interactive -f
# first.awk: the simplest Arena stdio bot.  It answers 0 (the first legal action) to every
# decision request and ignores every other line (match_start, event, match_end).
#
# Run by the arena as a stdio bot: protocol = "stdio", command = ["bots/stdio/first.awk"].
# "-W interactive" makes mawk read stdin line by line instead of waiting for a full
# buffer (gawk warns that it does not know the option and reads line by line anyway);
# fflush() sends each answer at once instead of when awk's output buffer fills.
/^\{"type":"decision_request"/ { print 0; fflush() }
