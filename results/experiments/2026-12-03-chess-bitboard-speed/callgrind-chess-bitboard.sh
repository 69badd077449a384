#!/usr/bin/env bash
# Instruction counts (callgrind's Ir) of the chess bitboard's perft on a few
# positions at small depth, bulk counting on and off, one thread, no hash:
# deterministic, so a step's effect can be read on a machine other jobs
# share.  Valgrind has no AVX-512, so the binary is built for x86-64-v3
# (AVX2, BMI2: PEXT sliders), in its own object tree; with a commit, that
# commit's tree is built the same way (scripts/build-commit.sh's worktree).
#   results/experiments/2026-12-03-chess-bitboard-speed/callgrind-chess-bitboard.sh [COMMIT] [--functions]
# Prints one line per case: position, depth, counting, nodes, Ir; with
# --functions also each case's functions by inclusive share.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
cd "$here/../../.."
commit=
functions=
for arg in "$@"; do
    case $arg in
    --functions) functions=1 ;;
    *) commit=$arg ;;
    esac
done
flags='-O3 -march=x86-64-v3 -g'
if [ -n "$commit" ]; then
    dir=build/callgrind-$commit
    if [ ! -x "$dir/bin/perft-callgrind" ]; then
        rm -rf "$dir"
        git worktree prune
        git worktree add -f --detach "$dir" "$commit" >/dev/null 2>&1
        make -C "$dir" -j2 BUILD=build/callgrind PERFT_BIN=bin/perft-callgrind CFLAGS_release="$flags" \
            bin/perft-callgrind >/dev/null
    fi
    bin=$dir/bin/perft-callgrind
else
    make --no-print-directory -j2 BUILD=build/callgrind PERFT_BIN=bin/perft-callgrind CFLAGS_release="$flags" \
        bin/perft-callgrind >/dev/null
    bin=bin/perft-callgrind
fi
. scripts/positions.sh
# name | position | depth (both modes)
cases=(
    "start|$initial|5"
    "Kiwipete|$kiwipete|4"
    "pos 3|$pos3|5"
    "pos 4|$pos4|4"
    "pos 5|$pos5|4"
)
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
# The harness's fixed cost (start-up, tables), subtracted from every case.
valgrind --tool=callgrind --callgrind-out-file="$out/zero" "$bin" -b bitboard --bulk 1 "$initial" >/dev/null 2>&1
fixed=$(callgrind_annotate "$out/zero" 2>/dev/null | sed -n 's/^\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,)
echo "binary $bin; fixed cost (perft 1 of the start, subtracted) $fixed Ir"
for c in "${cases[@]}"; do
    IFS='|' read -r name pos depth <<<"$c"
    for mode in bulk no-bulk; do
        f="$out/$name-$mode"
        nodes=$(valgrind --tool=callgrind --callgrind-out-file="$f" "$bin" -b bitboard --$mode "$depth" "$pos" 2>/dev/null |
            tail -n 1)
        total=$(callgrind_annotate "$f" 2>/dev/null | sed -n 's/^\([0-9,]*\) .*PROGRAM TOTALS.*/\1/p' | tr -d ,)
        ir=$((total - fixed))
        printf '%-9s %d %-8s %12s nodes %14d Ir %7.2f Ir/node\n' "$name" "$depth" "$mode" "$nodes" "$ir" \
            "$(awk -v a="$ir" -v b="$nodes" 'BEGIN{print a / b}')"
        if [ -n "$functions" ]; then
            callgrind_annotate --inclusive=no "$f" 2>/dev/null | sed -n '/^Ir/,$p' | sed -n '3,14p'
        fi
    done
done
