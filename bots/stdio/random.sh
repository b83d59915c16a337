#!/usr/bin/env bash
# random.sh: an Arena stdio bot in bash (no jq needed).  It answers every decision request
# with a random legal action and ignores the other lines (match_start, event, match_end).
#
# Run by the arena as a stdio bot: protocol = "stdio", command = ["bots/stdio/random.sh"].
# Each message is one JSON line on stdin; a decision request starts with
# {"type":"decision_request" and lists its legal actions, each with a "text", after
# "legalActions":.  The answer is one line on stdout: the chosen index.
while IFS= read -r line; do
  case $line in
    '{"type":"decision_request"'*)
      n=$(awk '{ s = substr($0, index($0, "\"legalActions\":")); print gsub(/"text":/, "", s) }' <<<"$line")
      echo $(( n > 0 ? RANDOM % n : 0 ))
      ;;
  esac
done
