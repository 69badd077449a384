#!/usr/bin/env bash
# bin/perft-mpi held against bin/perft (`make test-mpi`, about a minute):
#
#  1. divide on 1, 2 and 3 ranks prints what bin/perft prints, byte for
#     byte, for chess and Quaternity positions at small depths, bulk
#     counting on and off, -t 2 and --hash on some; the totals of the
#     positions with published counts are those counts (chess: the
#     positions/chess/published.epd counts; Quaternity opening D4: QuaterniTS,
#     positions/quaternity/reference.epd);
#  2. bad input gets bin/perft's one-line message and exit status, the
#     modes perft-mpi does not run get a one-line refusal, and a rank that
#     cannot start names itself;
#  3. a rank killed with SIGKILL mid-run makes the run fail, with mpirun's
#     message naming the rank, and the same command run again resumes from
#     the checkpoint to bin/perft's divide;
#  4. Ctrl-C (SIGINT to mpirun, which sends SIGTERM to every rank) prints
#     the finished root moves as bin/perft does and names the rest, and the
#     checkpoint resumes;
#  5. 128-bit sums and work units: a checkpoint whose first record counts
#     2^64 more than its unit (forged with its checksums right) resumes on 2
#     ranks to bin/perft's divide of the same file, the total past 2^64;
#     position and line units with --split 3 give bin/perft's divide.
#
# Usage: tests/mpi.sh BIN_PERFT_MPI BIN_PERFT
set -uo pipefail
cd "$(dirname "$0")/.."
MPI_BIN=${1:-bin/perft-mpi}
PERFT_BIN=${2:-bin/perft}
# -q: no banner of mpirun's own when a rank exits non-zero (bad input), so
# stderr is the program's; the fault tests run without it, for mpirun's
# message naming the dead rank.
MPIRUN=(mpirun --allow-run-as-root --oversubscribe)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
failures=0
checks=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# The position text of an EPD line: everything before its first ';'.
epd_position() { sed 's/ *;.*//' <<<"$1"; }
# The count of ;Dn on an EPD line.
epd_count() { grep -o ";D$2 [0-9]*" <<<"$1" | cut -d' ' -f2; }

CHESS_START=$(sed -n 1p positions/chess/published.epd)
KIWIPETE=$(sed -n 2p positions/chess/published.epd)
CHESS_POSITION3=$(sed -n 3p positions/chess/published.epd)
OPENING=$(grep ';id opening' positions/quaternity/reference.epd)
P01=$(grep ';id P01-' positions/quaternity/reference.epd)

# 1. Divide: "DEPTH|POSITION|MOVES|OPTIONS|PUBLISHED" (PUBLISHED: the EPD
# line whose ;D<DEPTH> the total must be, or empty).
QUATERNITY_MOVE=$("$PERFT_BIN" 1 "$(epd_position "$OPENING")" 2>/dev/null | head -1 | cut -d' ' -f1)
CASES=(
    "5|$(epd_position "$CHESS_START")|||$CHESS_START"
    "4|$(epd_position "$CHESS_START")||--no-bulk|$CHESS_START"
    "3|$(epd_position "$CHESS_START")|e2e4 e7e5|-t 2|"
    "4|$(epd_position "$KIWIPETE")||-t 2 --hash 16|$KIWIPETE"
    "4|$(epd_position "$CHESS_POSITION3")||--no-bulk -b mailbox|$CHESS_POSITION3"
    "4|$(epd_position "$OPENING")|||$OPENING"
    "3|$(epd_position "$OPENING")||--no-bulk -b padded|$OPENING"
    "3|$(epd_position "$OPENING")|$QUATERNITY_MOVE|-t 2 --hash 16|"
    "3|$(epd_position "$P01")||-t 2 --no-bulk --hash 8|$P01"
    "3|$(epd_position "$KIWIPETE")||--format stockfish|"
    "4|$(epd_position "$KIWIPETE")||--stats -t 2|"
    "3|$(epd_position "$OPENING")||--stats --hash 16 -b mailbox|"
)
for c in "${CASES[@]}"; do
    IFS='|' read -r depth position moves options published <<<"$c"
    read -ra opts <<<"$options"
    args=("${opts[@]}" "$depth" "$position")
    [ -n "$moves" ] && args+=("$moves")
    "$PERFT_BIN" "${args[@]}" >"$WORK/expected" 2>"$WORK/expected.err" || fail "bin/perft ${args[*]}: $(cat "$WORK/expected.err")"
    if [ -n "$published" ]; then
        checks=$((checks + 1))
        want=$(epd_count "$published" "$depth")
        got=$(tail -1 "$WORK/expected")
        [ "$got" = "$want" ] || fail "bin/perft ${args[*]}: total $got, published $want"
    fi
    for np in 1 2 3; do
        checks=$((checks + 1))
        if ! timeout 60 "${MPIRUN[@]}" -q -np "$np" "$MPI_BIN" "${args[@]}" >"$WORK/got" 2>"$WORK/got.err"; then
            fail "-np $np perft-mpi ${args[*]}: exit $?: $(cat "$WORK/got.err")"
        elif ! cmp -s "$WORK/expected" "$WORK/got"; then
            fail "-np $np perft-mpi ${args[*]}: output differs from bin/perft's: $(diff "$WORK/expected" "$WORK/got" | head -5)"
        fi
    done
done

# 2. Bad input: bin/perft's message and status, on 3 ranks.
BAD=(
    "0|$(epd_position "$CHESS_START")"
    "x|$(epd_position "$CHESS_START")"
    "3|rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1"
    "3|$(epd_position "$CHESS_START")|e2e5"
    "3|$(epd_position "$OPENING")|z1z2"
    "-b|nosuch|3|$(epd_position "$CHESS_START")"
    "--hash|0|3|$(epd_position "$CHESS_START")"
    "-t|x|3|$(epd_position "$CHESS_START")"
    "--no-such-option|3|$(epd_position "$CHESS_START")"
    "3"
    "--checkpoint|$WORK|3|$(epd_position "$CHESS_START")"
)
for c in "${BAD[@]}"; do
    IFS='|' read -ra args <<<"$c"
    checks=$((checks + 1))
    "$PERFT_BIN" "${args[@]}" >"$WORK/expected" 2>"$WORK/expected.err"
    want=$?
    timeout 60 "${MPIRUN[@]}" -q -np 3 "$MPI_BIN" "${args[@]}" >"$WORK/got" 2>"$WORK/got.err"
    got=$?
    if [ "$want" = 0 ] || [ "$got" != "$want" ] || ! cmp -s "$WORK/expected.err" "$WORK/got.err" ||
        ! cmp -s "$WORK/expected" "$WORK/got"; then
        fail "bad input ${args[*]}: perft-mpi exit $got, bin/perft $want; stderr '$(cat "$WORK/got.err")', bin/perft's '$(cat "$WORK/expected.err")'"
    fi
done
# What bin/perft does and perft-mpi does not: one line naming perft-mpi.
REFUSED=(
    "--suite|positions/chess/published.epd"
    "--random|3"
    "-b|all|3|$(epd_position "$CHESS_START")"
    "--format|json|3|$(epd_position "$CHESS_START")"
    "--engine|uci:stockfish|3|$(epd_position "$CHESS_START")"
)
for c in "${REFUSED[@]}"; do
    IFS='|' read -ra args <<<"$c"
    checks=$((checks + 1))
    timeout 60 "${MPIRUN[@]}" -q -np 2 "$MPI_BIN" "${args[@]}" >"$WORK/got" 2>"$WORK/got.err"
    got=$?
    if [ "$got" != 2 ] || [ "$(wc -l <"$WORK/got.err")" != 1 ] || ! grep -q '^perft: perft-mpi ' "$WORK/got.err"; then
        fail "refused ${args[*]}: exit $got, stderr '$(cat "$WORK/got.err")'"
    fi
done

# Output: under mpirun the standard output is mpirun's, so a write that
# fails there is mpirun's to report (it does not); -o FILE is written by
# rank 0 itself, every write checked, as bin/perft does.
checks=$((checks + 1))
timeout 60 "${MPIRUN[@]}" -q -np 2 "$MPI_BIN" -o /dev/full 3 "$(epd_position "$CHESS_START")" >"$WORK/got" 2>"$WORK/got.err"
got=$?
if [ "$got" != 74 ] || [ "$(tail -1 "$WORK/got.err")" != "perft: cannot write /dev/full: No space left on device" ]; then
    fail "-o /dev/full: exit $got, stderr '$(cat "$WORK/got.err")'"
fi
checks=$((checks + 1))
"$PERFT_BIN" 3 "$(epd_position "$CHESS_START")" >"$WORK/expected" 2>/dev/null
timeout 60 "${MPIRUN[@]}" -q -np 2 "$MPI_BIN" -o "$WORK/got.file" 3 "$(epd_position "$CHESS_START")" >"$WORK/got" 2>/dev/null ||
    fail "-o FILE: perft-mpi failed"
if ! cmp -s "$WORK/expected" "$WORK/got.file" || [ -s "$WORK/got" ]; then
    fail "-o FILE: the file is not bin/perft's divide, or stdout was written"
fi

# A rank that cannot start (here: a table it cannot allocate, given to
# rank 2 alone) names itself, and the job fails.
checks=$((checks + 1))
timeout 60 "${MPIRUN[@]}" -q -np 2 "$MPI_BIN" --hash 16 4 "$(epd_position "$CHESS_START")" : \
    -np 1 "$MPI_BIN" --hash 1048576 4 "$(epd_position "$CHESS_START")" >"$WORK/got" 2>"$WORK/got.err"
got=$?
if [ "$got" = 0 ] || ! grep -qx 'perft: rank 2: --hash 1048576: cannot allocate a table of 1048576 MiB' "$WORK/got.err" ||
    ! grep -qx 'perft: rank 2 could not start the count (its message says why)' "$WORK/got.err"; then
    fail "rank 2 without its table: exit $got, stderr '$(cat "$WORK/got.err")'"
fi

# 3 and 4: a count of a few seconds on 3 ranks, stopped once the checkpoint
# holds some units, then resumed.  `stop` is "kill" (SIGKILL to rank 1) or
# "interrupt" (SIGINT to mpirun).
# Long enough (some seconds on 2 cores) that mpirun's forwarded SIGTERM,
# which comes some time after the SIGINT, still finds units to count: a
# no-bulk perft 6 (under a second on a quiet 2-core machine) often ended first.
DEEP=(7 "$(epd_position "$CHESS_START")")
"$PERFT_BIN" -t 2 "${DEEP[@]}" >"$WORK/deep.expected" 2>/dev/null || fail "bin/perft ${DEEP[*]}"
checks=$((checks + 1))
[ "$(tail -1 "$WORK/deep.expected")" = "$(epd_count "$CHESS_START" 7)" ] || fail "bin/perft ${DEEP[*]}: not the published count"

# The pid of rank RANK among mpirun's children (OMPI_COMM_WORLD_RANK in
# its environment).
rank_pid() {
    for child in $(pgrep -P "$1"); do
        if tr '\0' '\n' <"/proc/$child/environ" 2>/dev/null | grep -qx "OMPI_COMM_WORLD_RANK=$2"; then
            echo "$child"
            return
        fi
    done
}

stop_and_resume() {
    local stop=$1 checkpoint="$WORK/$1.checkpoint"
    "${MPIRUN[@]}" -np 3 "$MPI_BIN" --checkpoint "$checkpoint" "${DEEP[@]}" >"$WORK/$stop.out" 2>"$WORK/$stop.err" &
    local mpirun_pid=$! waited=0
    while [ "$(cat "$checkpoint" 2>/dev/null | grep -c '^unit')" -lt 20 ] && [ $waited -lt 400 ]; do
        sleep 0.05
        waited=$((waited + 1))
    done
    if [ "$stop" = kill ]; then
        local victim
        victim=$(rank_pid $mpirun_pid 1)
        [ -n "$victim" ] && kill -KILL "$victim"
    else
        kill -INT $mpirun_pid
    fi
    # Never a hang: mpirun ends the job within seconds.
    local status=0 start=$SECONDS
    while kill -0 $mpirun_pid 2>/dev/null && [ $((SECONDS - start)) -lt 30 ]; do sleep 0.1; done
    if kill -0 $mpirun_pid 2>/dev/null; then
        fail "$stop: mpirun still running 30 s after the $stop"
        kill -KILL $mpirun_pid
    fi
    wait $mpirun_pid
    status=$?
    checks=$((checks + 1))
    [ $status != 0 ] || fail "$stop: mpirun exited 0"
    if [ "$stop" = kill ]; then
        grep -q 'process rank 1 .*exited on signal 9' "$WORK/$stop.err" || fail "kill: no message naming rank 1: $(cat "$WORK/$stop.err")"
    fi
    # What was printed before the stop: finished root moves as bin/perft's,
    # then the line naming the others.  After a dead rank mpirun may end
    # before it forwards rank 0's last output (seen once under heavy load):
    # there an empty stdout passes, a wrong one does not.
    checks=$((checks + 1))
    if [ "$stop" = kill ] && ! [ -s "$WORK/$stop.out" ]; then
        echo "tests/mpi.sh: kill: mpirun ended before rank 0's output reached it" >&2
    elif grep -q '^interrupted by SIGTERM; [0-9]* root moves not finished:' "$WORK/$stop.out"; then
        grep -v '^interrupted by\|^$' "$WORK/$stop.out" | while read -r line; do
            grep -qx "$line" "$WORK/deep.expected" || echo "$line"
        done >"$WORK/$stop.wrong"
        [ -s "$WORK/$stop.wrong" ] && fail "$stop: printed root moves that bin/perft counts otherwise: $(cat "$WORK/$stop.wrong")"
    else
        fail "$stop: no 'interrupted by SIGTERM' line naming the unfinished root moves: $(cat "$WORK/$stop.out")"
    fi
    # Rerun: resumes, and gives bin/perft's divide.
    checks=$((checks + 1))
    timeout 120 "${MPIRUN[@]}" -np 3 "$MPI_BIN" --checkpoint "$checkpoint" "${DEEP[@]}" >"$WORK/$stop.resumed" 2>"$WORK/$stop.resumed.err" ||
        fail "$stop: resumed run failed: $(cat "$WORK/$stop.resumed.err")"
    grep -q 'units already counted, resuming' "$WORK/$stop.resumed.err" || fail "$stop: the rerun did not resume: $(cat "$WORK/$stop.resumed.err")"
    cmp -s "$WORK/deep.expected" "$WORK/$stop.resumed" || fail "$stop: resumed divide differs from bin/perft's: $(diff "$WORK/deep.expected" "$WORK/$stop.resumed" | head -5)"
}
stop_and_resume kill
stop_and_resume interrupt

# 5. A record's count past 2^64, summed by the master; units of both kinds.
forge_past_2_64() { # FILE: the first record's count plus 2^64, checksums recomputed
    python3 - "$1" <<'PY'
import sys
def fnv(h, text):
    for b in text.encode():
        h = ((h ^ b) * 0x100000001b3) % 2**64
    return h
path = sys.argv[1]
lines = open(path).read().split("\n")
header_hash = fnv(0xcbf29ce484222325, lines[0][:-18])
fields = lines[1][:-18].split("\t")
fields[2] = str(int(fields[2]) + 2**64)
body = "\t".join(fields)
lines[1] = body + "\t#%016x" % fnv(header_hash, body)
open(path, "w").write("\n".join(lines))
PY
}
start=$(epd_position "$CHESS_START")
"$PERFT_BIN" --checkpoint "$WORK/big.checkpoint" 4 "$start" >/dev/null 2>&1
forge_past_2_64 "$WORK/big.checkpoint"
cp "$WORK/big.checkpoint" "$WORK/big-mpi.checkpoint"
"$PERFT_BIN" --checkpoint "$WORK/big.checkpoint" 4 "$start" >"$WORK/big.expected" 2>/dev/null
checks=$((checks + 1))
timeout 60 "${MPIRUN[@]}" -np 2 "$MPI_BIN" --checkpoint "$WORK/big-mpi.checkpoint" 4 "$start" >"$WORK/big.got" 2>"$WORK/big.err" ||
    fail "a record past 2^64: perft-mpi failed: $(cat "$WORK/big.err")"
# 197281 (the published perft 4) + 2^64.
[ "$(tail -n 1 "$WORK/big.expected")" = 18446744073709748897 ] || fail "a record past 2^64: bin/perft's total is $(tail -n 1 "$WORK/big.expected")"
cmp -s "$WORK/big.expected" "$WORK/big.got" || fail "a record past 2^64: perft-mpi's divide differs: $(diff "$WORK/big.expected" "$WORK/big.got" | head -5)"
for units in positions lines; do
    checks=$((checks + 1))
    "$PERFT_BIN" --units "$units" --split 3 5 "$start" >"$WORK/units.expected" 2>/dev/null
    timeout 60 "${MPIRUN[@]}" -np 3 "$MPI_BIN" --units "$units" --split 3 5 "$start" >"$WORK/units.got" 2>"$WORK/units.err" ||
        fail "--units $units: perft-mpi failed: $(cat "$WORK/units.err")"
    cmp -s "$WORK/units.expected" "$WORK/units.got" || fail "--units $units: perft-mpi's divide differs from bin/perft's"
done

if [ $failures -gt 0 ]; then
    echo "tests/mpi.sh: $failures of $checks checks failed" >&2
    exit 1
fi
echo "tests/mpi.sh: all $checks checks passed (bin/perft-mpi on 1 to 3 ranks)"
