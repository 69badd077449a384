#!/usr/bin/env bash
# Cross-checks every backend on every position of the given fixture files at
# one depth (`bin/perft --backend all`), printing one line per position with
# the agreed total, or the harness's diagnosis on a disagreement.
#   scripts/crosscheck-fixtures.sh DEPTH FILE...
set -euo pipefail
cd "$(dirname "$0")/.."
depth=$1
shift
make --no-print-directory bin/perft >/dev/null
status=0 checked=0
for file in "$@"; do
    while IFS= read -r line; do
        case "$line" in '' | '#'*) continue ;; esac
        pos=${line%%;*}
        id=$(echo "$line" | sed -n 's/.*;id \(.*\)$/\1/p')
        start=$(date +%s.%N)
        if out=$(bin/perft --backend all "$depth" "$pos" 2>/dev/null); then
            printf '%-40s depth %d: all backends agree, %s nodes (%.1f s)\n' "${id:-$pos}" "$depth" \
                "$(echo "$out" | tail -n 1)" "$(awk -v a="$start" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')"
        else
            printf '%-40s depth %d: DISAGREEMENT\n%s\n' "${id:-$pos}" "$depth" "$out"
            status=1
        fi
        checked=$((checked + 1))
    done <"$file"
done
echo "cross-checked $checked positions at depth $depth (bulk counting on, no hashing): $([ $status = 0 ] && echo all agree || echo DISAGREEMENTS)"
exit $status
