#!/usr/bin/env bash
# The docs check (`make docs-check`, run first by .ci/run): fails, with one
# line per problem naming FILE:LINE, on
#   (a) a citation of a rules section that does not exist: every
#       `gen/GAME/RULES.md#SECTION` in code, tests, scripts and docs, every
#       `(#anchor)` link inside a Markdown file, and the old forms ("spec
#       section 3", "seed section 7", "spec/chess.md") in code;
#   (b) a Markdown file (README.md, every */README.md, DESIGN.md, RULES.md,
#       CONTRIBUTING.md)
#       naming a repository path that does not exist (backticked paths and
#       links; globs and {a,b} lists expanded, placeholders such as
#       gen/GAME/NAME/ and generated bin/ and build/ paths left alone) or a
#       `make TARGET` that the Makefile does not define;
#   (c) a macro written with arguments in the docs, e.g.
#       `BACKEND_CORE(prefix, ...)`, whose argument count (or, when written
#       with the parameter names, their order) differs from its #define;
#   (d) an include circle among gen/**/*.c and *.h (quoted includes,
#       resolved relative to the file, then -Igen/core, then -Igen/perft as
#       the Makefile does); the circle is printed;
#   (e) a circle of units (a .c with the .h of its name; a file alone is
#       its own unit) in gen/, though no file includes itself, and a core ->
#       game reference: a gen/core file that includes a file of gen/chess or
#       gen/quaternity, or names what one defines (a header's macro, type or
#       function, a .c file's exported variable such as a registry entry);
#   (f) a path under results/ or scripts/ that does not exist, cited in the
#       Makefile, a README, DESIGN.md, CONTRIBUTING.md, or the text of code
#       and scripts (comments included).
# Paths in a region between <!-- check-docs: planned --> and
# <!-- check-docs: end --> may name files that do not exist yet: those are
# printed as notes, not failures.
# Last, the README's headline block must be what scripts/readme-headline.sh
# writes from results/latest-headline.md.
#   scripts/check-docs.sh [ROOT]     (default: this checkout; about a second)
set -uo pipefail
root=${1:-"$(dirname "$0")/.."}
python3 "$(dirname "$0")/check_docs.py" "$root"
status=$?
"$root/scripts/readme-headline.sh" --check || status=1
exit $status
