#!/usr/bin/env bash
# Long random differential run: millions of positions, every backend's legal
# moves compared at every node, every move made and unmade.
#   scripts/random-long.sh [GAMES_PER_GAME_TYPE] [SEED]
# The default, 20000 games of up to 200 plies for each game, compares about
# four million positions per game and takes tens of minutes.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20000}
seed=${2:-$(date +%s)}
make --no-print-directory bin/perft >/dev/null
bin/perft --backend all --random "$games" --plies 200 --seed "$seed" --from positions/quaternity/reference.epd
bin/perft --backend all --random "$games" --plies 200 --seed "$seed" --from positions/chess/published.epd
