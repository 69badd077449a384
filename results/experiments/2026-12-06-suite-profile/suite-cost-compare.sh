#!/bin/sh
# A --suite run's CPU time (user + system) with two builds side by side:
# BASE_BIN and bin/perft, the bitboard over one community-gate file to
# depth 4 (one thread, bulk counting on, no hashing), interleaved rounds,
# every run pinned to one CPU with taskset; least and median of each, and
# the ratio of the medians.
#
#   results/experiments/2026-12-06-suite-profile/suite-cost-compare.sh BASE_BIN [ROUNDS] [CPU] [EPD]
#
# ROUNDS (default 5), CPU (default 1), EPD (default
# positions/chess/community/ferdy_perft_single_check_1.epd).  Writes
# suite-cost-compare-DATE.md beside this script.  Run from the repository
# root after `make`; BASE_BIN is a copy of an earlier build's bin/perft.
set -eu
base=$1
rounds=${2:-5}
cpu=${3:-1}
epd=${4:-positions/chess/community/ferdy_perft_single_check_1.epd}
here=$(dirname "$0")
out="$here/suite-cost-compare-$(date -u +%Y-%m-%d).md"
raw=$(mktemp)
trap 'rm -f "$raw" "$raw.time"' EXIT
round=1
while [ "$round" -le "$rounds" ]; do
    for which in base new; do
        bin=bin/perft
        [ "$which" = base ] && bin=$base
        /usr/bin/time -f '%U %S' -o "$raw.time" taskset -c "$cpu" "$bin" -b bitboard --suite "$epd" --max-depth 4 \
            >/dev/null 2>&1 || { echo "suite-cost-compare.sh: $bin fails on $epd" >&2; exit 1; }
        echo "$which $(awk '{ printf "%.2f", $1 + $2 }' "$raw.time")" >>"$raw"
    done
    round=$((round + 1))
done
{
    echo "# A suite run's CPU time, two builds side by side"
    echo
    echo "$(date -u '+%Y-%m-%d %H:%M UTC'), bin/perft at commit $(git rev-parse --short HEAD)$(git diff --quiet HEAD || echo ' (with uncommitted changes)'), base: $base;"
    echo "$(uname -m), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), load $(cut -d' ' -f1-3 /proc/loadavg) at the end."
    echo "Command: \`results/experiments/2026-12-06-suite-profile/suite-cost-compare.sh $base $rounds $cpu $epd\`:"
    echo "\`-b bitboard --suite $epd --max-depth 4\`, one thread, bulk counting on, no hashing, position work units;"
    echo "$rounds interleaved rounds, pinned to CPU $cpu; seconds of user + system CPU of the whole process."
    echo
    echo "| build | least | median | runs |"
    echo "|---|---|---|---|"
    for which in base new; do
        awk -v w="$which" '$1 == w { v[++n] = $2 }
            END {
                for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (v[j] < v[i]) { t = v[i]; v[i] = v[j]; v[j] = t }
                m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
                runs = ""; for (i = 1; i <= n; i++) runs = runs (i > 1 ? ", " : "") v[i]
                printf "| %s | %.2f | %.2f | %s |\n", w, v[1], m, runs
            }' "$raw"
    done
    awk '{ v[$1, ++n[$1]] = $2 }
        function med(w,    i, j, t, k, s) {
            k = n[w]; for (i = 1; i <= k; i++) s[i] = v[w, i]
            for (i = 1; i <= k; i++) for (j = i + 1; j <= k; j++) if (s[j] < s[i]) { t = s[i]; s[i] = s[j]; s[j] = t }
            return k % 2 ? s[(k + 1) / 2] : (s[k / 2] + s[k / 2 + 1]) / 2
        }
        END { printf "\nnew / base, medians: %.2f\n", med("new") / med("base") }' "$raw"
} >"$out"
echo "wrote $out"
