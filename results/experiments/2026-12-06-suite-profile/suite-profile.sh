#!/bin/sh
# Where a --suite run's time goes besides counting: perf record (call
# graphs) of the bitboard over one file of the community gate, to depth 4
# as `make gate` runs it, one thread, bulk counting on, no hashing.  Prints
# perf's report by symbol, self and with children; the summary in
# suite-profile-DATE.md beside this script was written from it by hand.
#
#   results/experiments/2026-12-06-suite-profile/suite-profile.sh [EPD]
#
# EPD defaults to positions/chess/community/ferdy_perft_single_check_1.epd
# (5,000 positions, one depth-4 count each).  Run from the repository root
# after `make`.
set -eu
epd=${1:-positions/chess/community/ferdy_perft_single_check_1.epd}
data=$(mktemp)
trap 'rm -f "$data"' EXIT
/usr/bin/time -f 'cpu: %U s user, %S s system, %e s wall' \
    perf record -q -g -o "$data" bin/perft -b bitboard --suite "$epd" --max-depth 4 >/dev/null 2>"$data.err" || true
grep '^cpu:' "$data.err" || true
echo "== self =="
perf report -i "$data" --no-children --sort symbol --stdio -g none 2>/dev/null | grep -E '^ +[0-9]' | head -30
echo "== with children =="
perf report -i "$data" --children --sort symbol --stdio -g none 2>/dev/null | grep -E '^ +[0-9]' | head -40
rm -f "$data.err"
