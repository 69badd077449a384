#!/usr/bin/env node
// An adapter speaking bin/perft's perftree contract around the chess.js
// library (https://github.com/jhlywa/chess.js), for engine authors to copy:
//
//   npm install --prefix ~/chessjs chess.js
//   NODE_PATH=~/chessjs/node_modules bin/perft -b all \
//       --engine 'chessjs=perftree:node tests/engines/chessjs_perftree.js' 3 "$FEN"
//
// bin/perft runs it once per query: DEPTH, the position (a six-field FEN)
// and the moves played from it (space-separated, e7e8q; an empty argument
// when there are none).  It prints "move count" per root move, a blank line
// and the total.
const { Chess } = require('chess.js');

const [depth, fen, moves = ''] = process.argv.slice(2);
const chess = new Chess(fen);
for (const m of moves.split(' ').filter(Boolean))
    chess.move({ from: m.slice(0, 2), to: m.slice(2, 4), promotion: m[4] });
let total = 0;
for (const m of chess.moves({ verbose: true })) {
    chess.move(m);
    const count = Number(depth) > 1 ? chess.perft(Number(depth) - 1) : 1;
    chess.undo();
    console.log(`${m.from}${m.to}${m.promotion ?? ''} ${count}`);
    total += count;
}
console.log(`\n${total}`);
