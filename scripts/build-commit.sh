#!/usr/bin/env bash
# Builds bin/perft of another commit in its own worktree, build/compare-COMMIT,
# once, and prints the binary's path.
#   scripts/build-commit.sh COMMIT
set -euo pipefail
cd "$(dirname "$0")/.."
base=${1:?usage: build-commit.sh COMMIT}
dir=build/compare-$base
if [ ! -x "$dir/bin/perft" ]; then
    rm -rf "$dir"
    git worktree prune
    git worktree add -f --detach "$dir" "$base" >/dev/null 2>&1
    make -C "$dir" -j2 bin/perft >/dev/null
fi
echo "$dir/bin/perft"
