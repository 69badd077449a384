#!/usr/bin/env bash
# `make perft-full`: every count of every fixture with every backend, bulk
# counting on.  Long: see results/README.md for the measured time.
set -euo pipefail
cd "$(dirname "$0")/.."
status=0
for suite in positions/quaternity/reference.epd positions/chess/published.epd; do
    echo "== $suite"
    bin/perft --backend all --suite "$suite" --max-depth 20 || status=1
done
exit $status
