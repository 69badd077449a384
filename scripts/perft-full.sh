#!/usr/bin/env bash
# `make perft-full`: every count of every fixture with every backend, bulk
# counting on, the Chess960 reference positions and the Chess960 and Double
# Fischer Random special cases included.  Long: see results/README.md for
# the measured time.  PERFT_FULL_THREADS=N counts on N threads (default 1).
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
threads=${PERFT_FULL_THREADS:-1}
for suite in positions/quaternity/reference.epd positions/chess/published.epd positions/chess/frc-special.epd \
    positions/chess/chess960.epd; do
    echo "== $suite"
    bin/perft --backend all --threads "$threads" --suite "$suite" --max-depth 20 || status=1
done
exit $status
