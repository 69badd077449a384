#!/usr/bin/env bash
# Fills in perft counts for a fixture file from the agreement of every
# backend: for each position (QFEN or FEN, then ";id NAME"), runs
# `bin/perft --backend all` at depths 1..MAXDEPTH and writes ";Dn count" only
# when all backends agree; any disagreement stops the script with the
# harness's diagnosis.  Such counts are the suite's own, not an outside
# oracle, and the output file says so.
#   scripts/agree-counts.sh IN.epd OUT.epd [MAXDEPTH]
set -euo pipefail
cd "$(dirname "$0")/.."
in=$1 out=$2 maxdepth=${3:-4}
make --no-print-directory bin/perft >/dev/null
tmp=$(mktemp)
{
    echo "# Perft counts from the agreement of every registered backend"
    echo "# (scripts/agree-counts.sh, $(bin/perft --list | awk '{print $1}' | sort -u | paste -sd, -)),"
    echo "# not from an outside implementation."
} >"$tmp"
while IFS= read -r line; do
    case "$line" in '' | '#'*) [ -z "$line" ] || echo "$line" >>"$tmp"; continue ;; esac
    pos=${line%%;*}
    pos=$(echo "$pos" | sed 's/[[:space:]]*$//')
    id=$(echo "$line" | sed -n 's/.*;id \(.*\)$/\1/p')
    counts=""
    for ((d = 1; d <= maxdepth; d++)); do
        if ! result=$(bin/perft --backend all "$d" "$pos" 2>/dev/null); then
            echo "backends disagree on '$id' at depth $d:" >&2
            bin/perft --backend all "$d" "$pos" >&2 || true
            rm -f "$tmp"
            exit 1
        fi
        counts="$counts ;D$d $(echo "$result" | tail -n 1)"
    done
    echo "$pos$counts${id:+ ;id $id}" >>"$tmp"
done <"$in"
mv "$tmp" "$out"
