#!/bin/sh
# A UCI engine that takes its time (tests/progress_lines.c): the command
# after DELAY (bin/perft --uci), each "go" line passed on DELAY seconds late.
delay=$1
shift
while IFS= read -r line; do
    case $line in go*) sleep "$delay" ;; esac
    printf '%s\n' "$line"
done | exec "$@"
