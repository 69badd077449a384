#!/usr/bin/env bash
# The main job (`make run`): every backend over the default fixtures of both
# games, every count checked against its source, then each game's speed
# table (nodes per second and the ratio to the fastest backend).
# Bulk counting on, no hashing, one thread.  About ten seconds on a 2-core machine.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
echo "== Quaternity: positions/quaternity/reference.epd (counts from the independent QuaterniTS implementation)"
bin/perft --backend all --suite positions/quaternity/reference.epd --max-depth 4 || status=1
echo
echo "== Quaternity: positions/quaternity/pawn-vectors.epd (the pawn tables' cases of gen/quaternity/RULES.md; counts from the backends' agreement)"
bin/perft --backend all --suite positions/quaternity/pawn-vectors.epd --max-depth 4 || status=1
echo
echo "== Chess: positions/chess/famous.epd (published counts), up to 200 million nodes a count"
bin/perft --backend all --suite positions/chess/famous.epd --max-depth 20 --max-nodes 200000000 || status=1
exit $status
