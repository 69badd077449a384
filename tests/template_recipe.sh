#!/usr/bin/env bash
# make test, after the Criterion suite: the recipe of gen/chess/template/README.md
# ("Adding a backend, step by step") followed to the letter in a scratch
# copy of the tree (the tracked files as they are now): the folder copied to
# gen/chess/mine/, the rename run as the README's own sed line (read from the
# README, so the two cannot part), nothing registered by hand; then the
# copy's whole test suite must pass with the new backend in it, --list must
# name it, and -b all must cross-check it against the three chess backends.
# Then a bug is planted in the copy: each failing test must report it in
# one bounded block naming the backend and a move path (about 2 more
# minutes).
set -euo pipefail
cd "$(dirname "$0")/.."
tree=$PWD
scratch=$(mktemp -d /tmp/perft-recipe-XXXXXX)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "tests/template_recipe.sh: FAIL: $*" >&2; exit 1; }
git ls-files -z | tar --null -T - -cf - | tar -C "$scratch" -xf -
cd "$scratch"
# Step 1: copy the folder.
cp -r gen/chess/template gen/chess/mine
mv gen/chess/mine/template.c gen/chess/mine/mine.c
# Step 2: the rename, the README's line as it stands.
rename=$(grep -E "^ +sed -i -e 's/\\\\btpl\\\\b/mine/g" gen/chess/template/README.md | sed 's/^ *//') ||
    fail "gen/chess/template/README.md gives no rename line for 'mine'"
eval "$rename"
grep -qw tpl gen/chess/mine/mine.c && fail "the rename left 'tpl' in gen/chess/mine/mine.c: $(grep -nw tpl gen/chess/mine/mine.c | head -3)"
# Step 3: nothing to register.  Build and test the copy.
log=$scratch/recipe.log
# A make of its own (not the calling make's jobs), so that only the
# compiler's warnings are looked for.
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -j2 bin/perft test-build >"$log" 2>&1 ||
    fail "the copy does not build: $(tail -n 5 "$log")"
grep -qE '^[^ ]+:[0-9]+:[0-9]+: warning:' "$log" &&
    fail "the copy builds with warnings: $(grep -m 3 -E '^[^ ]+:[0-9]+:[0-9]+: warning:' "$log")"
build/release/test-suite --jobs 2 >"$log" 2>&1 || fail "the copy's test suite fails: $(grep -E '^\[(FAIL|====)\]' "$log" | head -n 10 | tr '\n' ' ')"
bin/perft --list | grep -qE '^mine +chess ' || fail "--list does not name mine: $(bin/perft --list)"
kiwipete='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
said=$(bin/perft -b all 3 "$kiwipete" 2>&1 >/dev/null) || fail "-b all with mine: $said"
grep -q "^4 chess participants (0 engines) agree at depth 3" <<<"$said" || fail "-b all with mine: $said"
tested=$(grep -oE 'Tested: [0-9]+' "$log" | head -n 1 | cut -d' ' -f2)
# Step 4, beyond the README: a bug planted in the copy (its knight
# promotions dropped) must give one block per failing test, each naming the
# backend and a move path (tests/support/failure_report.h), and no wall of
# output: at most BLOCK_LINES lines a failing test.
BLOCK_LINES=24
sed -i 's/k >= KNIGHT; k--/k > KNIGHT; k--/' gen/chess/mine/mine.c
grep -q 'k > KNIGHT; k--' gen/chess/mine/mine.c ||
    fail "the template's promotion loop (k >= KNIGHT; k--) is gone: plant another bug in this script"
env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make --no-print-directory -j2 bin/perft test-build >"$log" 2>&1 ||
    fail "the copy with a planted bug does not build: $(tail -n 5 "$log")"
build/release/test-suite --jobs 2 >"$log" 2>&1 && fail "the bug planted in mine fails no test"
failed=$(grep -c '^\[FAIL\]' "$log" || true)
blocks=$(grep -cE '^\[----\] [^ ]+:[0-9]+: (Assertion|Test) Failed$' "$log" || true)
lines=$(wc -l <"$log")
grep -q 'Crashing: 0 *$' "$log" || fail "the planted bug crashes a test: $(grep -E '^\[(CRASH|====)\]' "$log" | head -n 3)"
[ "$failed" -gt 0 ] && [ "$blocks" -eq "$failed" ] ||
    fail "the planted bug gave $blocks failure blocks for $failed failing tests (one each wanted): $(head -c 2000 "$log")"
# Each block, from its "Failed" line to its [FAIL] line: names mine and a path, within BLOCK_LINES.
bad=$(awk -v max="$BLOCK_LINES" '
    / (Assertion|Test) Failed$/ { inside = 1; n = 0; named = 0; path = 0; next }
    inside && /^\[----\]/ { n++; if (/mine/) named = 1; if (/path/) path = 1; next }
    inside && /^\[FAIL\]/ { if (!named || !path || n > max) print $2 " (" n " lines" (named ? "" : ", mine not named") (path ? "" : ", no path") ")"; inside = 0 }
' "$log")
[ -z "$bad" ] || fail "failure blocks that do not name the backend and a path in $BLOCK_LINES lines: $bad"
[ "$lines" -le $((failed * BLOCK_LINES + 4)) ] || fail "the planted bug gave $lines lines for $failed failing tests"
echo "tests/template_recipe.sh: the README's recipe gives a backend 'mine' that builds without a warning, passes $tested tests and agrees with the three chess backends (-b all, Kiwipete perft 3); a bug planted in it fails $failed tests in $lines lines, one block each naming mine and a move path"
