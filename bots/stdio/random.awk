#!/usr/bin/env -S awk -W interactive -f
# random.awk: an Arena stdio bot that answers every decision request with a random legal
# action, seeded (`-v seed=N`, 0 by default) so that a tournament replays exactly.  One
# awk process reads every line, so it costs the machine far less than random.sh, which
# starts an awk per request.
#
# Run by the arena as a stdio bot:
#   command = ["bots/stdio/random.awk"]
#   args = ["-v", "seed=7"]
#   protocol = "stdio"
# A decision request lists its legal actions after "legalActions":, one JSON object
# each, and other objects and arrays follow.  To count the actions, the strings are
# emptied, then innermost objects become "o" and innermost arrays "a" until that array
# (marked "<") holds nothing but o's: a few regular-expression passes instead of a loop
# over each character.  "-W interactive" makes mawk read line by line (gawk does so
# anyway, and warns about the option).
BEGIN { srand(seed + 0) }
/^\{"type":"decision_request"/ {
  count = 0
  start = index($0, "\"legalActions\":[")
  if (start > 0) {
    rest = "<" substr($0, start + 16)
    gsub(/"([^"\\]|\\.)*"/, "", rest)
    while (!match(rest, /^<[o,]*\]/)) {
      if (gsub(/\{[^][{}]*\}/, "o", rest) + gsub(/\[[^][{}]*\]/, "a", rest) == 0) break
    }
    if (RSTART) {
      actions = substr(rest, 1, RLENGTH)
      count = gsub(/o/, "", actions)
    }
  }
  print (count > 0 ? int(rand() * count) : 0)
  fflush()
}
