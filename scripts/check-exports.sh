#!/usr/bin/env bash
# Every function a file of gen/ exports is called from another file: no
# unused exports (a function only its own file calls is static there).
# Reads the symbols of the objects of the builds named (default
# build/release: run after `make test`; the debug build's invariant checks
# are called only there, so CI names both) and of bench/, fuzz/ and
# gen/mpi/ compiled here for the purpose; prints each export of the first
# build that no other file calls in any of them, and exits 1 when there is
# one.  About fifteen seconds.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- build/release
BUILD=$1
for b in "$@"; do
    [ -d "$b/gen" ] || { echo "check-exports: $b/gen: build first (make test)" >&2; exit 2; }
done
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# The callers outside the release build: benchmarks, fuzz targets and
# bin/perft-mpi, compiled (not linked) with the release flags; the MPI ones
# only where mpi.h is installed.
flags=(-std=c17 -D_POSIX_C_SOURCE=200809L -O1 -Igen/core -Igen/perft -Ifuzz -Ibench -w)
for f in bench/*.c fuzz/*.c; do
    gcc "${flags[@]}" -c "$f" -o "$scratch/$(basename "${f%.c}")-$(dirname "$f").o"
done
if command -v mpicc >/dev/null 2>&1; then
    for f in gen/mpi/*.c; do mpicc "${flags[@]}" -c "$f" -o "$scratch/mpi-$(basename "${f%.c}").o"; done
fi
objects=()
for b in "$@"; do
    mapfile -t -O "${#objects[@]}" objects < <(find "$b/gen" "$b/tests" -name '*.o' | sort)
done
mapfile -t -O "${#objects[@]}" objects < <(find "$scratch" -name '*.o' | sort)
# "file symbol" for every function gen/ defines, and every symbol each object uses.
for o in "${objects[@]}"; do
    case "$o" in "$BUILD"/gen/*) nm --defined-only -g "$o" | awk -v f="$o" '$2 == "T" && $3 != "main" { print f, $3 }' ;; esac
done | sort -k2 >"$scratch/defined"
# Objects are named by their path inside their build, so that a file's own
# object in another build does not count as another file.
for o in "${objects[@]}"; do
    rel=$o
    for b in "$@"; do rel=${rel#"$b"/}; done
    nm -u "$o" | awk -v f="$rel" '{ print f, $2 }'
done | sort -k2 >"$scratch/used"
# An export is used when an object other than its own names it.
join -1 2 -2 2 -o 1.1,1.2,2.1 "$scratch/defined" "$scratch/used" |
    awk -v b="$BUILD/" '{ f = $1; sub("^" b, "", f); if (f != $3) print $2 }' | sort -u >"$scratch/called"
unused=0
while read -r file symbol; do
    if ! grep -qx "$symbol" "$scratch/called"; then
        echo "check-exports: ${file#"$BUILD"/}: $symbol is exported but called from no other file"
        unused=$((unused + 1))
    fi
done <"$scratch/defined"
if [ $unused -gt 0 ]; then
    echo "check-exports: $unused unused export(s): make them static, or remove them" >&2
    exit 1
fi
echo "check-exports: every function exported by gen/ is called from another file ($(wc -l <"$scratch/defined") exports checked)"
