#!/usr/bin/python3
"""A test engine with a planted bug, speaking UCI or the perftree contract.

It answers every divide by asking an inner engine (a perftree command such as
bin/perft, or a UCI engine such as Stockfish) and then, at one position
(--root followed by --path), drops one legal move (--drop MOVE) or adds one
that is not legal (--add MOVE --like LEGAL: a copy of LEGAL's subtree).  The
bug is consistent at every depth: a divide above that position counts it
with the dropped or added subtree, as a real engine with that bug would.
(The position must be reachable only through --path within the depths
asked, which the tests choose: their paths are pawn moves, never repeated.)

--leaf MOVE counts the leaf after --path and MOVE as two nodes (at depth 1
there, MOVE's count is 2); --twice MOVE lists MOVE twice at that position
(its subtree counted twice above it).  --upper prints promotion letters in
upper case (e7e8Q), as some engines do.

Over UCI it lists three options (Hash, Threads, UCI_Chess960) and takes
setoption for them; UCI_Chess960 is passed on to a UCI inner engine (so
Stockfish reads and prints Chess960 castling as the king taking its rook).
--no-chess960 leaves UCI_Chess960 out of the list.  --log FILE appends
every command it receives to FILE.

Statistics (gen/perft/README.md, "Statistics"): a perftree inner engine's
NAME=VALUE fields are passed on (PERFT_STATS reaches it from bin/perft, or
over UCI from the option PerftStats, listed with --perft-stats-option);
the move bugs above take none.  --miscount COLUMN:MOVE plants a statistics
bug: at that position, the leaf MOVE reaches is not counted in COLUMN (an
engine that misses one move kind there, at every depth).  --stats-fail MODE
breaks the statistics: malformed (a field that is not a count), unknown (a
column of no such name), partial (a column left out of every line), some
(fields on the first move only), sum (a total's column that is not the
moves' sum), or later (none from the second divide on: over UCI, one
process for all).

--fail MODE instead breaks the protocol on the first divide: exit (status
3), hang, malformed (a line of neither form), illegal (names --add MOVE, a
move from an empty square), or sum (a total that is not the sum).
"""
import argparse
import os
import subprocess
import sys
import time


def inner_divide(inner, fen, moves, depth, uci_state):
    """{move: count} and total of the inner engine's divide."""
    if inner.startswith("perftree:"):
        out = subprocess.run(
            ["/bin/sh", "-c", inner[len("perftree:"):] + ' "$@"', "sh", str(depth), fen, " ".join(moves)],
            check=True, capture_output=True, text=True).stdout
        counts, stats = {}, {}
        lines = out.split("\n")
        i = 0
        while lines[i].strip():
            m, c, *fields = lines[i].split()
            counts[m] = int(c)
            if fields:
                stats[m] = dict(f.split("=") for f in fields)
                stats[m] = {k: int(v) for k, v in stats[m].items()}
            i += 1
        uci_state["stats"] = stats
        return counts, int(lines[i + 1].split()[0])
    if "proc" not in uci_state:
        uci_state["proc"] = subprocess.Popen(["/bin/sh", "-c", inner[len("uci:"):]], stdin=subprocess.PIPE,
                                             stdout=subprocess.PIPE, text=True)
    p = uci_state["proc"]
    if uci_state.get("chess960_sent") != uci_state.get("chess960", "false"):
        uci_state["chess960_sent"] = uci_state.get("chess960", "false")
        p.stdin.write("setoption name UCI_Chess960 value %s\n" % uci_state["chess960_sent"])
    p.stdin.write("position fen %s%s\ngo perft %d\n" % (fen, " moves " + " ".join(moves) if moves else "", depth))
    p.stdin.flush()
    counts = {}
    while True:
        line = p.stdout.readline()
        if not line:
            sys.exit("planted_bug: the inner engine exited")
        line = line.strip()
        if line.startswith("Nodes searched:"):
            return counts, int(line.split(":")[1])
        if ":" in line and not line.startswith("info"):
            m, c = line.split(":")
            counts[m.strip()] = int(c)


def inner_stats(args, fen, moves, depth, uci_state):
    """{move: {column: count}} of the inner engine's divide ({} when it gives none)."""
    inner_divide(args.inner, fen, moves, depth, uci_state)
    return uci_state.get("stats", {})


def perft(args, fen, moves, depth, uci_state):
    if depth == 0:
        return 1
    return inner_divide(args.inner, fen, moves, depth, uci_state)[1]


def miscount(args, fen, moves, depth, uci_state, stats):
    """--miscount COLUMN:MOVE: the leaf MOVE reaches from the buggy position
    (--root, --path) is left out of COLUMN, in every divide counting it."""
    column, move = args.miscount.split(":")
    if not stats:
        return  # statistics not asked for (no PERFT_STATS)
    path = args.path.split()
    if " ".join(fen.split()) != " ".join(args.root.split()) or moves != path[:len(moves)]:
        return
    rest = path[len(moves):]
    if depth - len(rest) != 1:  # the leaf is counted only with one ply left there
        return
    if not rest:
        stats[move][column] = 0
    else:
        stats[rest[0]][column] -= inner_stats(args, fen, path, 1, uci_state)[move][column]


def divide(args, fen, moves, depth, uci_state):
    counts, _ = inner_divide(args.inner, fen, moves, depth, uci_state)
    args.stats = uci_state.pop("stats", {})
    if args.miscount:
        miscount(args, fen, moves, depth, uci_state, args.stats)
    if not (args.drop or args.add or args.leaf or args.twice):
        return counts
    if args.stats:
        sys.exit("planted_bug: statistics are passed on only with --miscount")
    path = args.path.split()
    if " ".join(fen.split()) != " ".join(args.root.split()) or moves != path[:len(moves)]:
        return counts
    rest = path[len(moves):]
    k = depth - len(rest)  # depth remaining at the buggy position
    if k < 1:
        return counts
    if args.leaf:
        # Only a divide that reaches the buggy position with one ply left
        # counts that leaf, twice.
        if k == 1:
            counts[rest[0] if rest else args.leaf] += 1
        return counts
    if args.twice:
        subtree = perft(args, fen, path + [args.twice], k - 1, uci_state)
        if rest:
            counts[rest[0]] += subtree
        else:
            args.twice_count = counts[args.twice]
        return counts
    # The subtree the bug removes (drop) or adds (add: a copy of --like).
    gone = args.drop or args.like
    subtree = perft(args, fen, path + [gone], k - 1, uci_state)
    delta = -subtree if args.drop else subtree
    if not rest:
        if args.drop:
            counts.pop(args.drop, None)
        else:
            counts[args.add] = subtree
    else:
        counts[rest[0]] += delta
    return counts


def broken(args, counts):
    """The answer of a --fail engine, or None to answer normally."""
    if args.fail == "exit":
        sys.exit(3)
    if args.fail == "hang":
        time.sleep(3600)
    if args.fail == "malformed":
        return ["a2a3 = 7"]
    if args.fail == "illegal":
        counts[args.add] = 1
    return None


def fields_text(args, stats, first):
    """A line's statistics fields, broken as --stats-fail says."""
    if not stats:
        return ""
    shown = dict(stats)
    if args.stats_fail == "malformed":
        shown["captures"] = "many"
    elif args.stats_fail == "unknown":
        shown["sacrifices"] = 0
    elif args.stats_fail == "partial":
        shown.pop("castles", None)
    elif args.stats_fail == "some" and not first:
        return ""
    return "".join(" %s=%s" % (c, v) for c, v in shown.items())


def answer_lines(args, counts, uci):
    bad = broken(args, counts)
    if bad:
        return bad
    total = sum(counts.values()) + (1 if args.fail == "sum" else 0)
    sep = ": " if uci else " "
    shown = {m: (m[:4] + m[4:].upper() if args.upper else m) for m in counts}
    stats = getattr(args, "stats", {})
    args.divides = getattr(args, "divides", 0) + 1
    if args.stats_fail == "later" and args.divides > 1:
        stats = {}
    lines = ["%s%s%d%s" % (shown[m], sep, counts[m], fields_text(args, stats.get(m), i == 0))
             for i, m in enumerate(sorted(counts))]
    if getattr(args, "twice_count", None) is not None:
        lines.append("%s%s%d" % (shown[args.twice], sep, args.twice_count))
        total += args.twice_count
        args.twice_count = None
    total_stats = {}
    for m in stats:
        for c, v in stats[m].items():
            total_stats[c] = total_stats.get(c, 0) + v
    if stats and args.stats_fail == "sum":
        total_stats["promotions"] += 1
    ending = fields_text(args, total_stats, False) if stats else ""
    return lines + ["", ("Nodes searched: %d%s" if uci else "%d%s") % (total, ending)] + ([""] if uci else [])


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--protocol", choices=["uci", "perftree"], required=True)
    ap.add_argument("--inner", required=True, help="perftree:COMMAND or uci:COMMAND")
    ap.add_argument("--root", default="")
    ap.add_argument("--path", default="")
    ap.add_argument("--drop")
    ap.add_argument("--add")
    ap.add_argument("--like")
    ap.add_argument("--leaf")
    ap.add_argument("--twice")
    ap.add_argument("--upper", action="store_true")
    ap.add_argument("--log")
    ap.add_argument("--no-chess960", action="store_true", help="UCI: list no UCI_Chess960 option")
    ap.add_argument("--fail", choices=["exit", "hang", "malformed", "illegal", "sum"])
    ap.add_argument("--miscount", help="COLUMN:MOVE")
    ap.add_argument("--perft-stats-option", action="store_true", help="UCI: list the option PerftStats")
    ap.add_argument("--stats-fail", choices=["malformed", "unknown", "partial", "some", "sum", "later"])
    ap.add_argument("query", nargs="*", help="perftree: DEPTH POSITION [MOVES]")
    args = ap.parse_args()
    uci_state = {}
    if args.protocol == "perftree":
        depth, fen = int(args.query[0]), args.query[1]
        moves = args.query[2].split() if len(args.query) > 2 else []
        print("\n".join(answer_lines(args, divide(args, fen, moves, depth, uci_state), False)))
        return
    fen, moves = "", []
    for line in sys.stdin:
        if args.log:
            with open(args.log, "a") as log:
                log.write(line)
        words = line.split()
        if not words:
            continue
        if words[0] == "uci":
            print("id name planted_bug\noption name Hash type spin default 16 min 1 max 1024\n"
                  "option name Threads type spin default 1 min 1 max 8\n" +
                  ("" if args.no_chess960 else "option name UCI_Chess960 type check default false\n") +
                  ("option name PerftStats type string default <empty>\n" if args.perft_stats_option else "") +
                  "uciok", flush=True)
        elif words[:3] == ["setoption", "name", "UCI_Chess960"] and len(words) == 5:
            uci_state["chess960"] = words[4]
        elif words[:3] == ["setoption", "name", "PerftStats"] and len(words) == 5:
            os.environ["PERFT_STATS"] = words[4]  # for the inner perftree engine
        elif words[0] == "isready":
            print("readyok", flush=True)
        elif words[0] == "position":
            rest = line.split(None, 2)[2] if words[1] == "fen" else ""
            fen, _, mv = rest.partition(" moves ")
            fen, moves = fen.strip(), mv.split()
        elif words[0] == "go" and words[1] == "perft":
            print("\n".join(answer_lines(args, divide(args, fen, moves, int(words[2]), uci_state), True)), flush=True)
        elif words[0] == "quit":
            break


if __name__ == "__main__":
    main()
