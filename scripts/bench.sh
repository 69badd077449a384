#!/usr/bin/env bash
# The benchmark set (`make bench`, `make bench-quick`).
#
#   scripts/bench.sh            the whole set (see the estimate it prints)
#   scripts/bench.sh --quick    the same, trimmed to under two minutes
#   scripts/bench.sh --report DIR   redo the data files, plots and summary of
#                               an earlier run's directory
#
# Every run writes a new directory RESULTS/runs/DATE-TIME-HOST-COMMIT[-quick]/
# (never overwritten; RESULTS is results/ for a full run and build/results/
# for a quick one, which checks the tooling and leaves nothing in the
# checkout) holding:
#   machine.txt          CPU model, core count, compiler, tools, load averages
#   plan.tsv, probe.tsv  the positions, the depth chosen for each, its count,
#                        and the probe timings the estimate was made from
#   micro-rN.json        Google Benchmark (bin/bench) output, one file a round
#   hyperfine/*.json,md  hyperfine over bin/perft, one pair per position,
#                        counting mode and round
#   data/*.dat           what gnuplot reads (scripts/bench_report.py)
#   *.png, summary.md    plots and the summary table
# A full run also copies its summary and plots to results/latest-*.
#
# Timing discipline: the backends are measured side by side (each hyperfine
# call runs every backend of a game on one position; bin/bench registers the
# backends next to each other) and the whole set is repeated in rounds, so a
# burst of noise from other processes lands on every backend alike.  Medians
# are reported, with min/max over runs as the spread.  One thread, pinned
# to one CPU (scripts/pin-cpu.sh: BENCH_CPU=N chooses, BENCH_CPU=none turns
# it off, a caller's own taskset is kept), bulk counting as labelled, no
# hashing anywhere.
#
# Knobs (environment variables; defaults for full / quick):
#   BENCH_MICRO_ROUNDS (5/3)  BENCH_MICRO_MIN_TIME (0.5/0.05 s)
#   BENCH_PERFT_DEPTH_QUATERNITY (4/3)  BENCH_PERFT_DEPTH_CHESS (4/4)
#   BENCH_DEPTH_MAX_QUATERNITY (5/4)    BENCH_DEPTH_MAX_CHESS (6/5)
#   BENCH_HF_ROUNDS (3/1)  BENCH_HF_RUNS (5/3 a round)  BENCH_HF_WARMUP (1/1)
#   BENCH_TARGET_NODES (10000000/1000000): each position is run at the
#                       deepest depth whose count stays near this
#   BENCH_RESULTS (results or build/results)  BENCH_CPU (first allowed CPU)
set -euo pipefail
cd "$(dirname "$0")/.."
# Pinned to one CPU, with everything it runs (scripts/pin-cpu.sh).
. scripts/pin-cpu.sh "$0" "$@"

mode=full
report_only=""
case "${1:-}" in
--quick) mode=quick ;;
--report)
    report_only="${2:?--report needs a results directory}"
    ;;
"") ;;
*)
    echo "usage: scripts/bench.sh [--quick | --report DIR]" >&2
    exit 2
    ;;
esac

pick() { [ "$mode" = full ] && echo "$1" || echo "$2"; }
MICRO_ROUNDS=${BENCH_MICRO_ROUNDS:-$(pick 5 3)}
MICRO_MIN_TIME=${BENCH_MICRO_MIN_TIME:-$(pick 0.5 0.05)}
PERFT_DEPTH_Q=${BENCH_PERFT_DEPTH_QUATERNITY:-$(pick 4 3)}
PERFT_DEPTH_C=${BENCH_PERFT_DEPTH_CHESS:-4}
DEPTH_MAX_Q=${BENCH_DEPTH_MAX_QUATERNITY:-$(pick 5 4)}
DEPTH_MAX_C=${BENCH_DEPTH_MAX_CHESS:-$(pick 6 5)}
HF_ROUNDS=${BENCH_HF_ROUNDS:-$(pick 3 1)}
HF_RUNS=${BENCH_HF_RUNS:-$(pick 5 3)}
HF_WARMUP=${BENCH_HF_WARMUP:-1}
TARGET_NODES=${BENCH_TARGET_NODES:-$(pick 10000000 1000000)}
RESULTS=${BENCH_RESULTS:-$(pick results build/results)}
FIXTURES=(quaternity:positions/quaternity/reference.epd chess:positions/chess/famous.epd)

# Renders the plots and the summary of run directory $1; copies them to
# results/latest-* when $2 is "latest".
render() {
    local dir=$1
    python3 scripts/bench_report.py "$dir"
    local game
    for game in quaternity chess; do
        [ -f "$dir/data/plot-$game.gp" ] || continue
        gnuplot -e "dir='$dir'; game='$game'" scripts/bench_plots.gp
    done
    if [ "${2:-}" = latest ]; then
        local f
        for f in "$dir"/*.png; do
            [ -f "$f" ] && cp "$f" "$RESULTS/latest-${f##*/}"
        done
        # The summary's images, renamed the same way.
        sed 's/](\([a-z-]*\.png\))/](latest-\1)/' "$dir/summary.md" >"$RESULTS/latest-summary.md"
        echo "latest: $RESULTS/latest-summary.md and $RESULTS/latest-*.png"
    fi
}

if [ -n "$report_only" ]; then
    render "$report_only"
    exit 0
fi

for tool in bin/perft bin/bench; do
    [ -x "$tool" ] || {
        echo "bench: $tool is missing (run make bench)" >&2
        exit 2
    }
done

# --- where the results go -----------------------------------------------------
commit=$(git rev-parse --short=10 HEAD 2>/dev/null || echo nocommit)
git diff --quiet HEAD -- . ":(exclude)$RESULTS" 2>/dev/null || commit="$commit-dirty"
host=$(hostname -s 2>/dev/null || hostname)
suffix=""
[ "$mode" = full ] || suffix="-$mode"
stamp="$(date -u +%Y-%m-%d-%H%M%SZ)-$host-$commit$suffix"
dir="$RESULTS/runs/$stamp"
n=2
while [ -e "$dir" ]; do
    dir="$RESULTS/runs/$stamp-$n"
    n=$((n + 1))
done
mkdir -p "$dir/hyperfine" "$dir/data"
# A run that stops early (an error, Ctrl-C) keeps what it measured, under a
# name that says so.
finished=0
on_exit() {
    if [ "$finished" = 0 ] && [ -d "$dir" ]; then
        mv "$dir" "$dir-incomplete" && echo "bench: stopped early; partial results in $dir-incomplete" >&2
    fi
}
trap on_exit EXIT

started=$(date +%s)
elapsed() { # seconds since the start, as "4 min 05 s"
    local s=$(($(date +%s) - started))
    printf '%d min %02d s' $((s / 60)) $((s % 60))
}
duration() { # seconds (may be fractional) as "about 4 min 10 s"
    awk -v s="$1" 'BEGIN { s = int(s + 0.5); if (s < 60) printf "about %d s", s; else printf "about %d min %02d s", s / 60, s % 60 }'
}

# --- the machine ----------------------------------------------------------------
{
    echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
    echo "host: $host"
    echo "commit: $commit"
    echo "mode: $mode"
    echo "cpu: $(awk -F': *' '/^model name/ { print $2; exit }' /proc/cpuinfo)"
    # nproc counts only the CPUs this (pinned) process may use.
    echo "cores: $(getconf _NPROCESSORS_ONLN) online ($(lscpu 2>/dev/null | awk -F': *' '/^Core\(s\) per socket/ { c = $2 } /^Socket\(s\)/ { s = $2 } /^Thread\(s\) per core/ { t = $2 } END { printf "%s socket(s) x %s core(s) x %s thread(s)", s, c, t }'))"
    echo "memory: $(awk '/^MemTotal/ { printf "%.1f GiB", $2 / 1048576 }' /proc/meminfo)"
    echo "kernel: $(uname -sr)"
    echo "compiler: $(gcc --version | head -1); flags -O3 -march=native"
    echo "google-benchmark: $(dpkg-query -W -f '${Version}' libbenchmark-dev 2>/dev/null || echo unknown)"
    echo "hyperfine: $(hyperfine --version | awk '{ print $2 }')"
    echo "pinned to CPU: ${BENCH_PINNED:-none} (taskset; BENCH_CPU chooses, BENCH_CPU=none for no pinning)"
    echo "gnuplot: $(gnuplot --version)"
    echo "threads: 1 per benchmark; bulk counting: as labelled (on and off); hashing: never"
    echo "settings: micro rounds $MICRO_ROUNDS x min_time ${MICRO_MIN_TIME}s; perft depth quaternity $PERFT_DEPTH_Q, chess $PERFT_DEPTH_C; depth curves to $DEPTH_MAX_Q / $DEPTH_MAX_C; hyperfine $HF_ROUNDS round(s) x ($HF_WARMUP warm-up + $HF_RUNS runs); target nodes $TARGET_NODES"
    echo "load average at start: $(cut -d' ' -f1-3 /proc/loadavg)"
} >"$dir/machine.txt"

echo "== Benchmark set ($mode) -> $dir"
# A first guess before planning: the last run of this set on this host.
last=""
for d in "$RESULTS"/runs/*-"$host"-*; do # stamps sort by date
    grep -qx "mode: $mode" "$d/machine.txt" 2>/dev/null && grep -q '^took:' "$d/machine.txt" && last=$d
done
if [ -n "$last" ]; then
    echo "the last $mode run here took $(duration "$(sed -n 's/^took:.* total \([0-9]*\) s.*/\1/p' "$last/machine.txt")") ($last)"
fi
load1=$(cut -d' ' -f1 /proc/loadavg)
if awk -v l="$load1" -v c="$(getconf _NPROCESSORS_ONLN)" 'BEGIN { exit !(l > c / 2) }'; then
    echo "note: load average is $load1 on $(getconf _NPROCESSORS_ONLN) cores: other work is running, so the figures will be noisy"
fi

# --- plan: a depth per position, with every backend probed --------------------
# For each fixture position, every backend runs perft (bulk) at depths 1, 2,
# ... until the next depth's count would pass TARGET_NODES; their counts must
# agree with each other and with the fixture file's ";Dn" counts.  The chosen
# depth's count and times feed the estimate.
backends_of() { bin/perft --list | awk -v g="$1" '$2 == g { print $1 }'; }

printf 'game\tindex\tid\tdepth\tnodes\tposition\n' >"$dir/plan.tsv"
printf 'game\tindex\tdepth\tbackend\tnodes\tseconds\n' >"$dir/probe.tsv"
echo "planning: probing every fixture position with every backend..."
games=()
for entry in "${FIXTURES[@]}"; do
    game=${entry%%:*} file=${entry#*:}
    mapfile -t backends < <(backends_of "$game")
    if [ ${#backends[@]} -eq 0 ]; then
        echo "  $game: no backend registered, skipped"
        continue
    fi
    games+=("$game")
    index=0
    # Each line's position, id and counts: "text|id|1:20 2:400 ..." ('|' is
    # in neither QFEN nor FEN, and unlike a tab keeps an empty id apart).
    while IFS='|' read -r text id expected; do
        index=$((index + 1))
        [ -n "$id" ] || id="$game-$index"
        depth=0 prev=0 chosen=0 chosen_nodes=0
        declare -A want=()
        for pair in $expected; do want[${pair%%:*}]=${pair#*:}; done
        while :; do
            depth=$((depth + 1))
            nodes=""
            for be in "${backends[@]}"; do
                out=$(bin/perft -b "$be" "$depth" "$text" </dev/null 2>"$dir/.stderr") || {
                    cat "$dir/.stderr" >&2
                    echo "bench: bin/perft -b $be $depth failed on $game $id" >&2
                    exit 1
                }
                count=${out##*$'\n'} secs=""
                [[ $(<"$dir/.stderr") =~ nodes\ in\ ([0-9.]+)\ s ]] && secs=${BASH_REMATCH[1]}
                if [ -n "$nodes" ] && [ "$count" != "$nodes" ]; then
                    echo "bench: backends disagree on $game $id at depth $depth ($be: $count, ${backends[0]}: $nodes); run bin/perft -b all" >&2
                    exit 1
                fi
                if [ -n "${want[$depth]:-}" ] && [ "$count" != "${want[$depth]}" ]; then
                    echo "bench: $be counts $count at depth $depth on $game $id; $file says ${want[$depth]}" >&2
                    exit 1
                fi
                nodes=$count
                printf '%s\t%d\t%d\t%s\t%s\t%s\n' "$game" "$index" "$depth" "$be" "$count" "$secs" >>"$dir/probe.tsv"
            done
            if [ "$nodes" -le $((TARGET_NODES * 3)) ]; then
                chosen=$depth chosen_nodes=$nodes
            fi
            # The next depth's count, guessed from this depth's growth.
            next=$((prev > 0 ? nodes * nodes / prev : nodes * nodes))
            next=$((next > 2 * nodes ? next : 2 * nodes))
            if [ "$nodes" -gt "$TARGET_NODES" ] || [ "$next" -gt $((TARGET_NODES * 2)) ] || [ "$depth" -ge 20 ] ||
                [ "$nodes" -eq 0 ]; then
                break
            fi
            prev=$nodes
        done
        [ "$chosen" -gt 0 ] || chosen=1 chosen_nodes=$(awk -F'\t' -v g="$game" -v i="$index" '$1 == g && $2 == i && $3 == 1 { print $5; exit }' "$dir/probe.tsv")
        printf '%s\t%d\t%s\t%d\t%s\t%s\n' "$game" "$index" "$id" "$chosen" "$chosen_nodes" "$text" >>"$dir/plan.tsv"
        printf '  %-10s %-32s depth %-2d %12s nodes\n' "$game" "$id" "$chosen" "$chosen_nodes"
    done < <(awk -F';' '/^[ \t]*(#|$)/ { next } {
                text = $1; sub(/^[ \t]+/, "", text); sub(/[ \t]+$/, "", text); id = ""; counts = ""
                for (i = 2; i <= NF; i++) {
                    if ($i ~ /^[ \t]*id[ \t]/) { id = $i; sub(/^[ \t]*id[ \t]+/, "", id); sub(/[ \t]+$/, "", id) }
                    else if (split($i, f, " ") == 2 && f[1] ~ /^D[0-9]+$/) counts = counts substr(f[1], 2) ":" f[2] " "
                }
                print text "|" id "|" counts }' "$file")
    # Bulk counting off costs more; time it once per backend on the first
    # position, for the estimate.
    IFS=$'\t' read -r _ _ _ d _ text < <(awk -F'\t' -v g="$game" '$1 == g && $2 == 1' "$dir/plan.tsv")
    for be in "${backends[@]}"; do
        bin/perft -b "$be" --no-bulk "$d" "$text" </dev/null >/dev/null 2>"$dir/.stderr"
        secs=""
        [[ $(<"$dir/.stderr") =~ nodes\ in\ ([0-9.]+)\ s ]] && secs=${BASH_REMATCH[1]}
        printf '%s\t%d\t%d\t%s\tnobulk\t%s\n' "$game" 1 "$d" "$be" "$secs" >>"$dir/probe.tsv"
    done
done
rm -f "$dir/.stderr"
if [ ${#games[@]} -eq 0 ]; then
    echo "bench: no backend is registered (gen/core/registry.c: the Makefile lists the backend folders)" >&2
    exit 1
fi

# --- the estimate ---------------------------------------------------------------
# Wall over CPU seconds of the planning probes: how busy the machine is.
times >"$dir/.times" # in this shell: a pipe's subshell would not see the probes
slowdown=$(awk -v wall="$(($(date +%s) - started))" 'NR == 2 {
    cpu = 0; for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); cpu += t[1] * 60 + t[2] }
    s = cpu > 0 ? wall / cpu : 1; if (s < 1) s = 1; if (s > 10) s = 10; printf "%.2f", s }' "$dir/.times")
rm -f "$dir/.times"
read -r est_micro est_hf < <(python3 scripts/bench_estimate.py "$dir" \
    --micro-rounds "$MICRO_ROUNDS" --min-time "$MICRO_MIN_TIME" \
    --perft-depth quaternity="$PERFT_DEPTH_Q" --perft-depth chess="$PERFT_DEPTH_C" \
    --depth-max quaternity="$DEPTH_MAX_Q" --depth-max chess="$DEPTH_MAX_C" \
    --slowdown "$slowdown" --hf-rounds "$HF_ROUNDS" --hf-runs "$((HF_RUNS + HF_WARMUP))")
est_total=$(awk -v a="$est_micro" -v b="$est_hf" 'BEGIN { print a + b + 5 }')
echo
echo "Planning took $(elapsed).  Estimated time from here: $(duration "$est_total")"
echo "  micro-benchmarks (bin/bench): $(duration "$est_micro") in $MICRO_ROUNDS rounds"
echo "  whole commands (hyperfine over bin/perft): $(duration "$est_hf") in $HF_ROUNDS round(s)"
echo "estimate: $est_total s (micro $est_micro, hyperfine $est_hf; wall/CPU while planning $slowdown)" >>"$dir/machine.txt"
echo

# --- micro-benchmarks -------------------------------------------------------------
# One bin/bench run a round; each run times every benchmark once (its
# iterations sized by min_time), the backends side by side.
micro_args=(--perft-depth-quaternity="$PERFT_DEPTH_Q" --perft-depth-chess="$PERFT_DEPTH_C"
    --depth-max-quaternity="$DEPTH_MAX_Q" --depth-max-chess="$DEPTH_MAX_C"
    --benchmark_min_time="$MICRO_MIN_TIME")
micro_total=$(bin/bench "${micro_args[@]}" --benchmark_list_tests=true 2>/dev/null | wc -l)
phase_start=$(date +%s)
for round in $(seq 1 "$MICRO_ROUNDS"); do
    bin/bench "${micro_args[@]}" --benchmark_out="$dir/micro-r$round.json" --benchmark_out_format=json \
        >"$dir/micro-r$round.log" 2>&1 &
    pid=$!
    # Progress on a terminal: the benchmarks finished so far, from the log.
    while [ -t 1 ] && kill -0 "$pid" 2>/dev/null; do
        done_now=$(grep -cE '^(generate|make_unmake|perft_|depth)/' "$dir/micro-r$round.log" || true)
        printf '\r[micro round %d/%d] %d/%d benchmarks, %s elapsed ' "$round" "$MICRO_ROUNDS" "$done_now" \
            "$micro_total" "$(elapsed)"
        sleep 1
    done
    if ! wait "$pid"; then
        echo
        grep -iE 'error|expected' "$dir/micro-r$round.log" >&2 || tail -5 "$dir/micro-r$round.log" >&2
        echo "bench: bin/bench failed in round $round (log: $dir/micro-r$round.log)" >&2
        exit 1
    fi
    printf '\r[micro round %d/%d] %d benchmarks done, %s elapsed          \n' "$round" "$MICRO_ROUNDS" \
        "$micro_total" "$(elapsed)"
done
micro_took=$(($(date +%s) - phase_start))

# --- whole commands: hyperfine over bin/perft ---------------------------------------
hf_median_line() { # the median of each command in hyperfine JSON $1, in ms
    awk -F'[:,]' '/"command"/ { gsub(/[ "]/, "", $2); name = $2 } /"median"/ { printf "%s %.1f ms  ", name, $2 * 1000 }' "$1"
}
# One hyperfine call: game $1, plan index $2, depth $3, "bulk" or "nobulk" $4,
# round $5, position $6; every backend of the game side by side.
hf_call() {
    local game=$1 index=$2 depth=$3 mode_name=$4 round=$5 text=$6 be
    local flag=--bulk
    [ "$mode_name" = nobulk ] && flag=--no-bulk
    local base
    base="$dir/hyperfine/$game-$(printf %02d "$index")-d$depth-$mode_name-r$round"
    local commands=()
    for be in $(backends_of "$game"); do
        commands+=(-n "$be" "bin/perft -b $be $flag $depth '$text'")
    done
    if ! hyperfine -N --style none --warmup "$HF_WARMUP" --runs "$HF_RUNS" --time-unit millisecond \
        --export-json "$base.json" --export-markdown "$base.md" "${commands[@]}" </dev/null 2>"$base.err"; then
        cat "$base.err" >&2
        echo "bench: hyperfine failed on $game position $index ($mode_name)" >&2
        exit 1
    fi
    rm -f "$base.err"
    hf_median_line "$base.json"
}

hf_total=0
for game in "${games[@]}"; do
    hf_total=$((hf_total + 2 * $(awk -F'\t' -v g="$game" '$1 == g' "$dir/plan.tsv" | wc -l) + 1))
done
hf_total=$((hf_total * HF_ROUNDS))
step=0
phase_start=$(date +%s)
for round in $(seq 1 "$HF_ROUNDS"); do
    for game in "${games[@]}"; do
        # The fixed cost of a process (start, tables, parsing): depth 1 of the
        # first position.
        IFS=$'\t' read -r _ _ _ _ _ text < <(awk -F'\t' -v g="$game" '$1 == g && $2 == 1' "$dir/plan.tsv")
        step=$((step + 1))
        line=$(hf_call "$game" 0 1 bulk "$round" "$text")
        printf '[hyperfine %d/%d, round %d/%d] %s start-up (depth 1): %s| %s\n' "$step" "$hf_total" "$round" \
            "$HF_ROUNDS" "$game" "$line" "$(elapsed)"
        while IFS=$'\t' read -r _ index id depth nodes text; do
            for mode_name in bulk nobulk; do
                step=$((step + 1))
                line=$(hf_call "$game" "$index" "$depth" "$mode_name" "$round" "$text")
                printf '[hyperfine %d/%d, round %d/%d] %s %s d%d %s: %s| %s\n' "$step" "$hf_total" "$round" \
                    "$HF_ROUNDS" "$game" "$id" "$depth" "$mode_name" "$line" "$(elapsed)"
            done
        done < <(awk -F'\t' -v g="$game" '$1 == g' "$dir/plan.tsv")
    done
done
hf_took=$(($(date +%s) - phase_start))

echo "load average at end: $(cut -d' ' -f1-3 /proc/loadavg)" >>"$dir/machine.txt"
echo "took: micro $micro_took s, hyperfine $hf_took s, total $(($(date +%s) - started)) s" >>"$dir/machine.txt"

# --- data files, plots, summary ------------------------------------------------
echo
if [ "$mode" = full ]; then render "$dir" latest; else render "$dir"; fi
finished=1
echo "Done in $(elapsed) (estimated $(duration "$est_total") after planning).  Results: $dir"
echo "Summary: $dir/summary.md"
