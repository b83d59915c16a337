#!/usr/bin/env bash
# random.sh: an Arena stdio bot in bash (no jq needed).  It answers every decision request
# with a random legal action and ignores the other lines (match_start, event, match_end).
#
# Run by the arena as a stdio bot: protocol = "stdio", command = ["bots/stdio/random.sh"].
# Each message is one JSON line on stdin; a decision request starts with
# {"type":"decision_request" and lists its legal actions after "legalActions":, one JSON
# object each.  The awk below counts the objects of that array, stepping over strings; it
# stops at the array's end, since the news ("events") beside it holds objects too.  The
# answer is one line on stdout: the chosen index.
while IFS= read -r line; do
  case $line in
    '{"type":"decision_request"'*)
      n=$(awk '{
        start = index($0, "\"legalActions\":[")
        if (start == 0) { print 0; next }
        s = substr($0, start + 16)
        depth = 0; quoted = 0; count = 0
        for (i = 1; i <= length(s); i++) {
          c = substr(s, i, 1)
          if (quoted) { if (c == "\\") i++; else if (c == "\"") quoted = 0; continue }
          if (c == "\"") quoted = 1
          else if (c == "{" || c == "[") { if (depth == 0 && c == "{") count++; depth++ }
          else if (c == "}" || c == "]") { if (depth == 0) break; depth-- }
        }
        print count
      }' <<<"$line")
      echo $(( n > 0 ? RANDOM % n : 0 ))
      ;;
  esac
done
