#!/bin/sh
# --suite's CPU time (user + system) with two builds side by side: BASE_BIN
# and bin/perft, interleaved rounds, every run pinned to one CPU with
# taskset, one thread, bulk counting on, no hashing, position work units.
# Sets: the community gate on the bitboard (every file of
# positions/chess/community/ to depth 4, as `make gate` runs it, summed),
# and the suites that were there before it (chess on the bitboard, the
# Quaternity ones on all three backends).  Prints each set's least and
# median per build and the ratio new / base of each; the raw seconds go
# to suite-cost-raw-DATE.txt beside this script.
#
#   results/experiments/2026-12-07-suite-cost/suite-cost.sh BASE_BIN [ROUNDS] [CPU] [NEW_BIN]
#
# ROUNDS (default 5), CPU (default 1), NEW_BIN (default bin/perft).  Run from the repository root after
# `make`; BASE_BIN is a copy of an earlier build's bin/perft.
set -eu
base=$1
rounds=${2:-5}
cpu=${3:-1}
new=${4:-bin/perft}
here=$(dirname "$0")
raw="$here/suite-cost-raw-$(date -u +%Y-%m-%d).txt"
: >"$raw"
t=$(mktemp)
trap 'rm -f "$t"' EXIT

# Seconds of user + system CPU of one run: BIN SUITE ARGS...
cpu_of() {
    bin=$1
    shift
    /usr/bin/time -f '%U %S' -o "$t" taskset -c "$cpu" "$bin" --suite "$@" >/dev/null 2>&1 ||
        { echo "suite-cost.sh: $bin --suite $* fails" >&2; exit 1; }
    awk '{ printf "%.2f\n", $1 + $2 }' "$t"
}

# One set's seconds: BIN SET
set_cpu() {
    bin=$1
    case $2 in
    gate)
        sum=0
        for f in $(ls positions/chess/community/*.epd | sort); do
            sum=$(echo "$sum + $(cpu_of "$bin" "$f" -b bitboard --max-depth 4)" | bc)
        done
        echo "$sum" ;;
    famous) cpu_of "$bin" positions/chess/famous.epd -b bitboard --max-depth 5 ;;
    published) cpu_of "$bin" positions/chess/published.epd -b bitboard --max-depth 5 ;;
    chess960) cpu_of "$bin" positions/chess/chess960.epd -b bitboard --max-depth 4 ;;
    quaternity) cpu_of "$bin" positions/quaternity/reference.epd -b all --max-depth 4 ;;
    controllers) cpu_of "$bin" positions/quaternity/controllers.epd -b all ;;
    pawn-vectors) cpu_of "$bin" positions/quaternity/pawn-vectors.epd -b all ;;
    esac
}

sets="gate famous published chess960 quaternity controllers pawn-vectors"
round=1
while [ "$round" -le "$rounds" ]; do
    for s in $sets; do
        for which in base new; do
            bin=$new
            [ "$which" = base ] && bin=$base
            echo "$s $which $(set_cpu "$bin" "$s")" >>"$raw"
        done
    done
    round=$((round + 1))
done
echo "$(date -u '+%Y-%m-%d %H:%M UTC'), new $new (bin/perft at $(git rev-parse --short HEAD)), base $base; load $(cut -d' ' -f1-3 /proc/loadavg) at the end"
echo
echo "| set | base least | base median | new least | new median | new / base (medians) |"
echo "|---|---|---|---|---|---|"
for s in $sets; do
    awk -v s="$s" '
        function med(a, k,    i, j, t) {
            for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (a[j] < a[i]) { t = a[i]; a[i] = a[j]; a[j] = t }
            return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
        }
        function least(a, k,    i, m) { m = a[1]; for (i = 2; i <= k; i++) if (a[i] < m) m = a[i]; return m }
        $1 == s && $2 == "base" { b[++nb] = $3 }
        $1 == s && $2 == "new" { n[++nn] = $3 }
        END {
            bl = least(b, nb); nl = least(n, nn); bm = med(b, nb); nm = med(n, nn)
            printf "| %s | %.2f | %.2f | %.2f | %.2f | %.2f |\n", s, bl, bm, nl, nm, (bm > 0 ? nm / bm : 0)
        }' "$raw"
done
