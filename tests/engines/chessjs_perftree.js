#!/usr/bin/env node
// An adapter speaking bin/perft's perftree contract around the chess.js
// library (https://github.com/jhlywa/chess.js, 1.x), for engine authors to copy:
//
//   npm install --prefix ~/chessjs chess.js
//   NODE_PATH=~/chessjs/node_modules bin/perft -b all \
//       --engine 'chessjs=perftree:node tests/engines/chessjs_perftree.js' 3 "$FEN"
//
// bin/perft runs it once per query: DEPTH, the position (a six-field FEN)
// and the moves played from it (space-separated, e7e8q; an empty argument
// when there are none).  It prints "move count" per root move, a blank line
// and the total.  Under bin/perft --stats, PERFT_STATS names the columns
// (gen/perft/README.md, "Statistics"), and every line ends with NAME=VALUE
// for each: chess.js's move flags and attackers classify every leaf, as
// gen/chess/RULES.md#perft-statistics defines the columns.
const { Chess } = require('chess.js');

const COLUMNS = ['nodes', 'captures', 'en-passant', 'castles', 'promotions', 'checks', 'checks-direct',
    'checks-discovered', 'checks-direct-discovered', 'checks-double-discovered', 'checkmates',
    'checkmates-direct', 'checkmates-discovered', 'checkmates-direct-discovered',
    'checkmates-double-discovered', 'stalemates'];
const KINDS = ['direct', 'discovered', 'direct-discovered', 'double-discovered'];

const [depth, fen, moves = ''] = process.argv.slice(2);
const asked = (process.env.PERFT_STATS || '').split(',').filter(Boolean);
const unknown = asked.filter((c) => !COLUMNS.includes(c));
if (unknown.length) {
    console.error(`chessjs_perftree: PERFT_STATS names columns it does not count: ${unknown.join(', ')}`);
    process.exit(2);
}
const chess = new Chess(fen);
for (const m of moves.split(' ').filter(Boolean))
    chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });

const zero = () => Object.fromEntries(COLUMNS.map((c) => [c, 0]));
const add = (sum, s) => COLUMNS.forEach((c) => { sum[c] += s[c]; });

// The leaf `m` (a verbose move, just made) reaches.
function leaf(m) {
    const s = zero();
    s.nodes = 1;
    s.captures = m.flags.includes('c') || m.flags.includes('e') ? 1 : 0;
    s['en-passant'] = m.flags.includes('e') ? 1 : 0;
    const castle = m.flags.includes('k') || m.flags.includes('q');
    s.castles = castle ? 1 : 0;
    s.promotions = m.flags.includes('p') ? 1 : 0;
    const king = chess.findPiece({ type: 'k', color: chess.turn() })[0];
    const checkers = chess.attackers(king, m.color);
    const hasMoves = chess.moves().length > 0;
    if (checkers.length === 0) {
        s.stalemates = hasMoves ? 0 : 1;
        return s;
    }
    // Direct: a checker where the move put a piece (the castling rook on its new square).
    const placed = castle ? (m.flags.includes('k') ? 'f' : 'd') + m.to[1] : m.to;
    const direct = checkers.includes(placed);
    const kind = KINDS[checkers.length === 1 ? (direct ? 0 : 1) : (direct ? 2 : 3)];
    s.checks = s[`checks-${kind}`] = 1;
    if (!hasMoves)
        s.checkmates = s[`checkmates-${kind}`] = 1;
    return s;
}

// The statistics of the leaves `d` >= 1 plies below the position.
function subtree(d) {
    const sum = zero();
    for (const m of chess.moves({ verbose: true })) {
        chess.move(m);
        add(sum, d === 1 ? leaf(m) : subtree(d - 1));
        chess.undo();
    }
    return sum;
}

const fields = (s) => asked.map((c) => ` ${c}=${s[c]}`).join('');
const total = zero();
for (const m of chess.moves({ verbose: true })) {
    chess.move(m);
    let s;
    if (asked.length)
        s = Number(depth) > 1 ? subtree(Number(depth) - 1) : leaf(m);
    else
        s = { nodes: Number(depth) > 1 ? chess.perft(Number(depth) - 1) : 1 };
    chess.undo();
    console.log(`${m.from}${m.to}${m.promotion ?? ''} ${s.nodes}${fields(s)}`);
    if (asked.length)
        add(total, s);
    else
        total.nodes += s.nodes;
}
console.log(`\n${total.nodes}${fields(total)}`);
