#!/usr/bin/python3
"""An adapter speaking bin/perft's perftree contract around Debian's
Stockfish, with the optional statistics (gen/perft/README.md, "Statistics"):

    bin/perft --stats -b all --engine 'perftree:tests/engines/stockfish_stats.py' 3 "$FEN"

bin/perft runs it once per query with DEPTH, the position (a six-field FEN)
and the moves played from it (an empty argument when there are none).  It
prints "move count" per root move, a blank line and the total; when
PERFT_STATS names columns (bin/perft --stats sets it), each of those lines
ends with NAME=VALUE for every column named.  Without PERFT_STATS it is the
plain contract, one "go perft" of Stockfish.

The statistics are its own: Stockfish lists the legal moves ("go perft")
and names the pieces giving check ("d": "Checkers: e2 h5"), and this script
classifies every leaf from the move that reaches it, as
gen/chess/RULES.md#perft-statistics defines the columns.  One Stockfish
process answers two commands per leaf (about 6,000 leaves a second): for
small depths, as an example for engine authors and for the tests.  Standard
chess notation only (castling as the king's two-square move).
"""
import os
import re
import subprocess
import sys

STOCKFISH = os.environ.get("STOCKFISH", "/usr/games/stockfish")
COLUMNS = ["nodes", "captures", "en-passant", "castles", "promotions", "checks", "checks-direct",
           "checks-discovered", "checks-direct-discovered", "checks-double-discovered", "checkmates",
           "checkmates-direct", "checkmates-discovered", "checkmates-direct-discovered",
           "checkmates-double-discovered", "stalemates"]
MOVE_LINE = re.compile(r"^[a-h][1-8][a-h][1-8][qrbn]?: [0-9]+$")
CHECK_KINDS = ["direct", "discovered", "direct-discovered", "double-discovered"]


class Stockfish:
    """One Stockfish process, asked one command at a time."""

    def __init__(self):
        self.process = subprocess.Popen([STOCKFISH], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    def ask(self, fen, moves, perft):
        """The FEN after `moves`, its checkers' squares and, with `perft`
        >= 1, each legal move with its go perft count."""
        go = "go perft %d\n" % perft if perft else ""
        self.process.stdin.write("position fen %s moves %s\nd\n%s" % (fen, " ".join(moves), go))
        self.process.stdin.flush()
        counts, here = {}, None
        for line in self.process.stdout:
            if line.startswith("Fen: "):
                here = line[5:].strip()
            elif line.startswith("Checkers:"):
                checkers = line.split()[1:]
                if not perft:
                    return here, checkers, counts
            elif line.startswith("Nodes searched:"):
                return here, checkers, counts
            elif perft and MOVE_LINE.match(line):
                move, count = line.split(": ")
                counts[move] = int(count)
        sys.exit("stockfish_stats: Stockfish exited")


def board_of(fen):
    """{square: piece letter} of a FEN's placement."""
    board = {}
    for r, row in enumerate(fen.split()[0].split("/")):
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                board["abcdefgh"[f] + str(8 - r)] = c
                f += 1
    return board


def leaf(fen, move, checkers, has_moves):
    """The statistics of one leaf: `move` played in `fen` reaches it, where
    `checkers` give check and the side to move has a legal move or not."""
    board = board_of(fen)
    piece, target = board[move[:2]], board.get(move[2:4])
    castle = piece in "Kk" and abs(ord(move[0]) - ord(move[2])) == 2
    en_passant = piece in "Pp" and move[0] != move[2] and target is None
    s = dict.fromkeys(COLUMNS, 0)
    s["nodes"] = 1
    s["captures"] = int(target is not None or en_passant)
    s["en-passant"] = int(en_passant)
    s["castles"] = int(castle)
    s["promotions"] = int(len(move) == 5)
    # Direct: a checker where the move put a piece (the castling rook on its new square).
    placed = ("f" if move[2] == "g" else "d") + move[3] if castle else move[2:4]
    direct = placed in checkers
    if not checkers:
        s["stalemates"] = int(not has_moves)
        return s
    kind = CHECK_KINDS[(0 if direct else 1) if len(checkers) == 1 else (2 if direct else 3)]
    s["checks"] = s["checks-" + kind] = 1
    if not has_moves:
        s["checkmates"] = s["checkmates-" + kind] = 1
    return s


def add(total, s):
    for c in COLUMNS:
        total[c] += s[c]


def subtree(sf, fen, moves, depth):
    """The statistics of the leaves `depth` >= 1 plies below fen + moves."""
    total = dict.fromkeys(COLUMNS, 0)
    here, _, replies = sf.ask(fen, moves, 2 if depth == 1 else 1)
    for move, count in replies.items():
        if depth == 1:
            add(total, leaf(here, move, sf.ask(fen, moves + [move], 0)[1], count > 0))
        else:
            add(total, subtree(sf, fen, moves + [move], depth - 1))
    return total


def main():
    depth, fen = int(sys.argv[1]), sys.argv[2]
    moves = sys.argv[3].split() if len(sys.argv) > 3 else []
    asked = [c for c in os.environ.get("PERFT_STATS", "").split(",") if c]
    unknown = [c for c in asked if c not in COLUMNS]
    if unknown:
        sys.exit("stockfish_stats: PERFT_STATS names columns it does not count: " + ", ".join(unknown))
    sf = Stockfish()
    if not asked:
        _, _, counts = sf.ask(fen, moves, depth)
        per_move = {m: {"nodes": n} for m, n in counts.items()}
    else:
        here, _, replies = sf.ask(fen, moves, 2 if depth == 1 else 1)
        per_move = {m: leaf(here, m, sf.ask(fen, moves + [m], 0)[1], n > 0) if depth == 1 else
                    subtree(sf, fen, moves + [m], depth - 1) for m, n in replies.items()}
    total = dict.fromkeys(COLUMNS, 0)
    for m in sorted(per_move):
        s = per_move[m]
        print(m, s["nodes"], *("%s=%d" % (c, s[c]) for c in asked))
        for c in s:
            total[c] += s[c]
    print()
    print(total["nodes"], *("%s=%d" % (c, total[c]) for c in asked))
    sf.process.stdin.write("quit\n")
    sf.process.stdin.close()
    sf.process.wait()


if __name__ == "__main__":
    main()
