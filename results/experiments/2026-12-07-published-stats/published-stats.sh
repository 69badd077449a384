#!/bin/sh
# The published statistics tables at their deeper depths, counted by
# bin/perft --stats with a table of statistics (--hash) and threads, held
# column by column against the tables (issue 33, item 2; the shallower
# depths are tests/chess_stats.c, in make test).
#
#   results/experiments/2026-12-07-published-stats/published-stats.sh [--depth9] [BACKEND] [THREADS] [HASH] [PERFT]
#   results/experiments/2026-12-07-published-stats/published-stats.sh --compare DIR
#
# BACKEND (default bitboard), THREADS (default 2), HASH the table in MiB
# (default 2048), PERFT the bin/perft to run (default bin/perft).  Each
# count's JSON and time go to a scratch folder; the comparison is printed
# as Markdown (published-stats-BACKEND-DATE.md beside this script).
# --depth9 adds the start position's depth 9 (2.44 T leaves: hours of CPU;
# give it a table of 8 GiB or more).  --compare DIR compares the counts
# already in DIR (NAME-DEPTH.json from `bin/perft --stats --format json`,
# NAME-DEPTH.time holding wall, user and system seconds), for a count run
# by hand (e.g. with --checkpoint, to survive an interruption), and prints
# the table on stdout.
#
# Sources of the published figures (the columns each gives):
#   CPW: the chessprogramming wiki, "Perft Results", revision read
#     2026-12-06 (as tests/chess_stats.c cites it): the start position to
#     depth 8 (every column: nodes, captures, e.p., castles, promotions,
#     checks, discovery checks, double checks, checkmates); Kiwipete depth
#     6, position 3 depths 6-7 and position 4 depths 5-6 through the
#     verbatim copies of its tables in public test files (the stored page
#     stops after the start position): Kiwipete every column, positions 3
#     and 4 nodes to checks (and position 3's checkmates).
#   SHAREWIZ: wiki.sharewiz.net, chess:programming:perft (revision of
#     2021-10-12): the start position's checks that are not mates split four
#     ways (direct only, single discovered only, direct and discovered,
#     double discovered) to depth 8.
set -eu
depth9=no
compare=
case ${1:-} in
--depth9) depth9=yes; shift ;;
--compare) compare=${2:?published-stats: --compare needs the folder of counts}; shift 2 ;;
esac
backend=${1:-bitboard}
threads=${2:-2}
hash=${3:-2048}
perft=${4:-bin/perft}
here=$(dirname "$0")
out="$here/published-stats-$backend-$(date -u +%Y-%m-%d).md"
if [ -n "$compare" ]; then
    [ -d "$compare" ] || { echo "published-stats: '$compare' is not a folder" >&2; exit 2; }
    work=$compare
else
    work=$(mktemp -d)
    trap 'rm -rf "$work"' EXIT
fi

START='rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1'
KIWIPETE='r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1'
POSITION3='8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1'
POSITION4='r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1'

count() { # NAME DEPTH FEN
    echo "published-stats: $1 depth $2" >&2
    /usr/bin/time -f '%e %U %S' -o "$work/$1-$2.time" \
        "$perft" -b "$backend" --stats --hash "$hash" -t "$threads" --format json "$2" "$3" >"$work/$1-$2.json"
}
if [ -z "$compare" ]; then
    count position3 6 "$POSITION3"
    count position3 7 "$POSITION3"
    count position4 5 "$POSITION4"
    count position4 6 "$POSITION4"
    count start 7 "$START"
    count kiwipete 6 "$KIWIPETE"
    count start 8 "$START"
    [ "$depth9" = no ] || count start 9 "$START"
fi

compare_counts() { # the table, on stdout
python3 - "$work" "$backend" "$threads" "$hash" "$([ -n "$compare" ] && echo yes || echo no)" <<'PY'
import json, os, sys
work, backend, threads, hash_mib, compare_mode = sys.argv[1:]
# Published, by our column names: CPW's "Discovery Checks" and "Double
# Checks" are the checks of those kinds that are not mates
# (gen/chess/RULES.md#perft-statistics), so they are compared with ours
# less the mates of that kind.
CPW = {
    ("start", 7): dict(nodes=3195901860, captures=108329926, **{"en-passant": 319617}, castles=883453, promotions=0,
                       checks=33103848, discovered_not_mate=18026, double_not_mate=1628, checkmates=435767),
    ("start", 8): dict(nodes=84998978956, captures=3523740106, **{"en-passant": 7187977}, castles=23605205,
                       promotions=0, checks=968981593, discovered_not_mate=847039, double_not_mate=147215,
                       checkmates=9852036),
    ("start", 9): dict(nodes=2439530234167, captures=125208536153, **{"en-passant": 319496827}, castles=1784356000,
                       promotions=17334376, checks=36095901903, discovered_not_mate=37101713,
                       double_not_mate=5547231, checkmates=400191963),
    ("kiwipete", 6): dict(nodes=8031647685, captures=1558445089, **{"en-passant": 3577504}, castles=184513607,
                          promotions=56627920, checks=92238050, discovered_not_mate=568417, double_not_mate=54948,
                          checkmates=360003),
    ("position3", 6): dict(nodes=11030083, captures=940350, **{"en-passant": 33325}, castles=0, promotions=7552,
                           checks=452473, checkmates=2733),
    ("position3", 7): dict(nodes=178633661, captures=14519036, **{"en-passant": 294874}, castles=0,
                           promotions=140024, checks=12797406, checkmates=87),
    ("position4", 5): dict(nodes=15833292, captures=2046173, **{"en-passant": 6512}, castles=0, promotions=329464,
                           checks=200568),
    ("position4", 6): dict(nodes=706045033, captures=210369132, **{"en-passant": 212}, castles=10882006,
                           promotions=81102984, checks=26973664),
}
SHAREWIZ = {  # checks that are not mates: direct only, single discovered, direct and discovered, double discovered
    ("start", 7): (32648427, 18026, 1628, 0),
    ("start", 8): (958135303, 847039, 147215, 0),
    ("start", 9): (35653060996, 37101713, 5547221, 10),
}
print("# Published statistics at depth" + ("" if compare_mode == "yes" else f", {backend}"))
print()
if compare_mode == "yes":
    print(f"`published-stats.sh --compare`: the counts in a folder, each run by hand with bin/perft --stats "
          "(its settings on its time row). Published figures: CPW and SHAREWIZ as the script's header names them.")
else:
    print(f"`published-stats.sh {backend} {threads} {hash_mib}`: bin/perft -b {backend} --stats --hash {hash_mib} "
          f"-t {threads} (bulk counting off: --stats makes every last-ply move; a table of statistics; position work "
          "units). Published figures: CPW and SHAREWIZ as the script's header names them.")
print()
print("| position | depth | column | ours | published | source | agree |")
print("|---|---:|---|---:|---:|---|---|")
failures = 0
compared = 0
for (name, depth), published in CPW.items():
    if not os.path.exists(f"{work}/{name}-{depth}.json"):
        continue  # not counted in this run (start 9 without --depth9; --compare of some counts)
    compared += 1
    d = json.load(open(f"{work}/{name}-{depth}.json"))
    if d["depth"] != depth or d["game"] != "chess":
        sys.exit(f"published-stats: {work}/{name}-{depth}.json counts {d['game']} at depth {d['depth']}")
    s = d["divides"][0]["stats"]
    wall, user, system = open(f"{work}/{name}-{depth}.time").read().split()[:3]
    ours = dict(s)
    ours["discovered_not_mate"] = s["checks-discovered"] - s["checkmates-discovered"]
    ours["double_not_mate"] = (s["checks-direct-discovered"] + s["checks-double-discovered"]
                               - s["checkmates-direct-discovered"] - s["checkmates-double-discovered"])
    rows = [(c, ours[c], v, "CPW") for c, v in published.items()]
    if (name, depth) in SHAREWIZ:
        kinds = ("direct", "discovered", "direct-discovered", "double-discovered")
        for kind, v in zip(kinds, SHAREWIZ[(name, depth)]):
            rows.append((f"checks-{kind} less checkmates-{kind}", s[f"checks-{kind}"] - s[f"checkmates-{kind}"], v,
                         "SHAREWIZ"))
    for column, mine, theirs, source in rows:
        ok = mine == theirs
        failures += not ok
        label = {"discovered_not_mate": "checks-discovered less its mates (CPW's Discovery Checks)",
                 "double_not_mate": "checks-direct-discovered + checks-double-discovered less their mates "
                                    "(CPW's Double Checks)"}.get(column, column)
        print(f"| {name} | {depth} | {label} | {mine:,} | {theirs:,} | {source} | {'yes' if ok else 'NO'} |")
    run = d["settings"]
    print(f"| {name} | {depth} | time | {float(user) + float(system):.1f} s CPU, {wall} s wall ({run['backend']}, "
          f"{run['threads']} threads, hash {run['hash_mib']} MiB, build {run['build']['version']}) | | | |")
print()
if not compared:
    sys.exit(f"published-stats: no count of a published table in {work}")
print(f"{failures} figures differ." if failures else "Every published figure is reproduced.")
sys.exit(1 if failures else 0)
PY
}
if [ -n "$compare" ]; then
    compare_counts
else
    compare_counts >"$out"
    echo "published-stats: $out" >&2
fi
