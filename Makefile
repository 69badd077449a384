# Perft and move-generation benchmark suite for Quaternity and orthodox chess.
#
#   make            build bin/perft
#   make run        the main job: every backend over the default fixtures, counts checked, speeds compared
#   make test       the Criterion test suite (installs libcriterion-dev if missing), then the template's recipe
#   make test-criterion the Criterion suite alone (what the ports run: the recipe is native whatever the port)
#   make sanitize   the tests under AddressSanitizer and UndefinedBehaviorSanitizer
#   make test-debug the tests in MODE=debug: every backend's invariants checked after every make and unmake
#   make test-template the tests with the template backend registered (EXTRA_BACKENDS=template)
#   make compare BASE=COMMIT  every backend's perft side by side with a build of COMMIT (RUNS=N, default 5; SET=chess, chess960, quaternity)
#   make perft-full every published count at every depth (long: see results/README.md)
#   make gate       the community perft gate (125,625 counts) on every chess backend and the magic build
#   make bench      Google Benchmark + hyperfine + plots (long: see results/README.md)
#   make bench-quick the same, trimmed to under two minutes
#   make bench-headline the headline speed table alone (about three minutes)
#   make mpi        build bin/perft-mpi: bin/perft's divide over the ranks of an Open MPI job
#   make test-mpi   bin/perft-mpi against bin/perft on 1, 2 and 3 ranks (installs Open MPI if missing)
#   make format     clang-format every C/C++ source
#   make format-check  the same files checked, nothing changed: fails on any difference
#   make docs-check the docs check (scripts/check-docs.sh): rules citations, paths, make targets, macros, include circles,
#                   circles of units, core -> game references, cited results/ and scripts/ paths
#   make WERROR=1   the release build with -Werror (bin/perft-werror, its own objects)
#   make exports-check every function gen/ exports is called from another file (after make test and make test-debug)
#   make install    bin/perft, its manual page, the position suites, bash completion under PREFIX (default /usr/local), DESTDIR
#   make uninstall  removes exactly what make install wrote (same PREFIX and DESTDIR)
#   make man        the manual pages perft(1) (and perft-mpi(1) when built) from --help by help2man
#   make deb        a Debian package of bin/perft (dpkg-deb) in build/
#   make test-install installed and packaged, tested from outside the tree (tests/install.sh; make test-deb: the package alone)

# Every build runs JOBS compilers at once (`make run` on a clean tree
# included); an explicit -jN on the command line wins, and `make clean all`
# stays serial so that clean cannot race the build.
JOBS ?= $(shell nproc 2>/dev/null || echo 2)
ifeq ($(filter -j%,$(MAKEFLAGS))$(filter clean,$(MAKECMDGOALS)),)
MAKEFLAGS += -j$(JOBS)
endif
CC := gcc
CXX := g++
MODE ?= release
# Builds with extra backends get their own object tree: the registry differs.
BUILD_SUFFIX := $(if $(EXTRA_BACKENDS),-$(subst $(eval) ,-,$(strip $(EXTRA_BACKENDS))))$(if $(NO_PEXT),-nopext)$(if $(QBB_PORTABLE),-qbbportable)$(if $(WERROR),-werror)
BUILD := build/$(MODE)$(BUILD_SUFFIX)

SANITIZERS := -fsanitize=address,undefined
WARNINGS := -Wall -Wextra -Wshadow -Wmissing-prototypes -Wstrict-prototypes
CFLAGS_release := -O3 -march=native -g
# debug: assertions on, and every backend checks its own invariants after
# every make and unmake (BACKEND_DEBUG, see gen/core/backend.h).
CFLAGS_debug := -O1 -g -march=native -fno-omit-frame-pointer -DBACKEND_DEBUG
CFLAGS_sanitize := -O1 -g -march=native -fno-omit-frame-pointer $(SANITIZERS) -fno-sanitize-recover=all
# NO_PEXT=1: the chess bitboard's sliders from magics even where BMI2 has
# PEXT (gen/chess/bitboard/bitboard_slider.h); its own objects and binary.
NO_PEXT ?=
# QBB_PORTABLE=1: the Quaternity bitboard's 144-bit sets as three 64-bit
# words even where AVX2 gives one vector (gen/quaternity/bitboard/bb144.h);
# its own objects and binary, e.g. `make QBB_PORTABLE=1 test`.
QBB_PORTABLE ?=
# WERROR=1: every warning an error (CI builds the release so); its own
# objects and binary, so a -Werror build never mixes with the usual one.
WERROR ?=
CFLAGS := -std=c17 -D_POSIX_C_SOURCE=200809L $(WARNINGS) $(if $(WERROR),-Werror) $(CFLAGS_$(MODE)) -Igen/core -MMD -MP $(if $(NO_PEXT),-DNO_PEXT) \
          $(if $(QBB_PORTABLE),-DQBB_PORTABLE) \
          $(foreach b,$(EXTRA_BACKENDS),-DEXTRA_BACKEND_$(shell echo $(b) | tr a-z A-Z))
LDFLAGS := $(if $(filter sanitize,$(MODE)),$(SANITIZERS)) -pthread
# JSON output (--format json) is written with jansson (libjansson-dev); the
# walk's line editing and history on a terminal with libedit (libedit-dev).
LDLIBS := -ljansson -ledit

# Backends are found by folder: gen/GAME/*.c is code the backends of one game
# share, gen/GAME/BACKEND/*.c one backend.  Optional backends
# (gen/chess/template) are built only when named in EXTRA_BACKENDS, which
# also defines EXTRA_BACKEND_<NAME> for the tests that list the backends.
GAMES := quaternity chess
OPTIONAL_BACKENDS := template
EXTRA_BACKENDS ?=
BACKEND_DIRS := $(filter-out $(foreach b,$(filter-out $(EXTRA_BACKENDS),$(OPTIONAL_BACKENDS)),gen/%/$(b)/),\
                  $(foreach g,$(GAMES),$(sort $(wildcard gen/$(g)/*/))))
BACKEND_DIRS := $(filter-out %/tools/,$(BACKEND_DIRS))
# The registry (gen/core/registry.c) is the list of built backend folders,
# Quaternity first, each by its entry GAME_BACKEND_backend: a backend is
# registered by its folder, with no line to add.  Within a game, --list,
# help and runs show BACKEND_ORDER first, any other backend after them by
# name.  registry.o is rebuilt when the list changes ($(BUILD)/backends.txt
# is rewritten only then).
BACKEND_ORDER := mailbox padded bitboard
ordered_dirs = $(foreach b,$(BACKEND_ORDER),$(filter gen/$(1)/$(b)/,$(2))) $(filter-out $(BACKEND_ORDER:%=gen/$(1)/%/),$(2))
registry_entries = $(subst $(eval) ,,$(foreach d,$(1),BACKEND($(subst /,_,$(patsubst gen/%/,%,$(d))))))
REGISTERED_BACKENDS := $(call registry_entries,$(foreach g,$(GAMES),$(call ordered_dirs,$(g),$(filter gen/$(g)/%,$(BACKEND_DIRS)))))
GEN_SRC := $(wildcard gen/core/*.c $(GAMES:%=gen/%/*.c) $(BACKEND_DIRS:%=%*.c))
PERFT_SRC := $(wildcard gen/perft/*.c gen/perft/*/*.c)
TEST_SRC := $(wildcard tests/*.c tests/support/*.c)
GEN_OBJ := $(GEN_SRC:%.c=$(BUILD)/%.o)
PERFT_OBJ := $(PERFT_SRC:%.c=$(BUILD)/%.o)
TEST_OBJ := $(TEST_SRC:%.c=$(BUILD)/%.o)

# The harness's own code (everything but main.c) is linked into the tests too.
HARNESS_OBJ := $(filter-out $(BUILD)/gen/perft/main.o,$(PERFT_OBJ))

PERFT_BIN := bin/perft$(if $(filter-out release,$(MODE)),-$(MODE))$(if $(EXTRA_BACKENDS),-extra)$(if $(NO_PEXT),-nopext)$(if $(QBB_PORTABLE),-qbbportable)$(if $(WERROR),-werror)
# Not $(BUILD)/tests: that directory holds the test objects.
TEST_BIN := $(BUILD)/test-suite

.PHONY: all run test test-criterion test-build sanitize test-debug test-template compare perft-full format format-check docs-check exports-check deps-build deps-test deps-format clean
all: $(PERFT_BIN)

$(BUILD)/%.o: %.c | deps-build
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -c $< -o $@

# The harness's headers are named from gen/perft ("deep/checkpoint.h").
$(PERFT_OBJ): CFLAGS += -Igen/perft

# --version (gen/perft/version.c): the checkout's `git describe --always
# --dirty`, or a release's VERSION file.  Only version.o takes the define,
# rebuilt when its text changes ($(BUILD)/version.txt is rewritten only then).
VERSION_TEXT := $(or $(shell if [ -e .git ]; then git describe --always --dirty 2>/dev/null; \
                   elif [ -f VERSION ]; then head -n 1 VERSION; fi),unknown)
$(BUILD)/version.txt: FORCE
	@mkdir -p $(dir $@)
	@echo '$(VERSION_TEXT) $(MODE)' | cmp -s - $@ || echo '$(VERSION_TEXT) $(MODE)' > $@
$(BUILD)/gen/perft/version.o: $(BUILD)/version.txt
$(BUILD)/gen/perft/version.o: CFLAGS += -DPERFT_VERSION='"$(VERSION_TEXT)"' -DPERFT_BUILD_MODE='"$(MODE)"'
.PHONY: FORCE
$(BUILD)/backends.txt: FORCE
	@mkdir -p $(dir $@)
	@echo '$(REGISTERED_BACKENDS)' | cmp -s - $@ || echo '$(REGISTERED_BACKENDS)' > $@
$(BUILD)/gen/core/registry.o: $(BUILD)/backends.txt
$(BUILD)/gen/core/registry.o: CFLAGS += -D'REGISTERED_BACKENDS=$(REGISTERED_BACKENDS)'

$(PERFT_BIN): $(GEN_OBJ) $(PERFT_OBJ)
	@mkdir -p bin
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LDLIBS)

# tests/planted: a backend with a planted bug.  The test suite uses it
# directly; build/MODE/perft-planted is bin/perft with it registered (its own
# registry.o, with the planted entries added), so that the UCI engine's
# tests can choose the bug inside `perft --uci`.
PLANTED_OBJ := $(BUILD)/tests/planted/planted_backend.o
PLANTED_BIN := $(BUILD)/perft-planted
$(PLANTED_OBJ) $(BUILD)/tests/planted/perft_planted.o: CFLAGS += -Igen/perft
$(BUILD)/tests/planted/registry.o: gen/core/registry.c $(BUILD)/backends.txt | deps-build
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -D'REGISTERED_BACKENDS=$(REGISTERED_BACKENDS)BACKEND(quaternity_planted)BACKEND(chess_planted)' \
	    -c $< -o $@
$(PLANTED_BIN): $(filter-out $(BUILD)/gen/core/registry.o,$(GEN_OBJ)) $(HARNESS_OBJ) $(PLANTED_OBJ) \
                $(BUILD)/tests/planted/registry.o $(BUILD)/tests/planted/perft_planted.o
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LDLIBS)

# The tests also use the harness's headers and their support code
# (tests/support/: #include "support.h" by its bare name), and run this
# build's bin/perft as a child (tests/support/child.c,
# tests/support/engines_support.c), and perft-planted.
$(TEST_OBJ): CFLAGS += -Igen/perft -Itests/support -Itests/planted -DPERFT_BIN='"$(PERFT_BIN)"' -DTEST_PERFT_BIN='"$(PERFT_BIN)"' \
                       -DTEST_PLANTED_PERFT='"$(PLANTED_BIN)"'

# pthread_create wrapped: tests/support/thread_limit.h, a system that
# refuses a thread.
$(TEST_BIN): $(GEN_OBJ) $(HARNESS_OBJ) $(TEST_OBJ) $(PLANTED_OBJ)
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS) -Wl,--wrap=pthread_create $(LDLIBS) -lcriterion

# Debian packages are installed when missing: as root with apt-get, otherwise
# with a message naming what to install.
define require_packages
	@missing=""; for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing Debian packages:$$missing"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
	  else \
	    echo "missing Debian packages:$$missing; run: sudo apt-get install$$missing" >&2; exit 1; \
	  fi; \
	fi
endef

# The harness writes --format json with jansson, and edits the walk's lines
# with libedit.
deps-build:
	$(call require_packages,libjansson-dev libedit-dev)

# The engine tests run Debian's Stockfish over UCI and the planted-bug test
# engine tests/engines/planted_bug.py (python3); the walk's terminal test
# looks at the screen through tmux.
deps-test: deps-build
	$(call require_packages,libcriterion-dev stockfish python3 tmux)

run: $(PERFT_BIN)
	./scripts/run.sh

test: test-criterion
	@# The template's recipe for a new backend, followed in a scratch copy
	@# of the tree and tested whole there (about 3 minutes).
	./tests/template_recipe.sh

# The suite alone: the ports' test runs.  The recipe builds and tests a
# native copy of the tree whatever the port (its make does not inherit the
# port's variables), so it runs once, in make test, not again in each port.
test-criterion: deps-test
	$(MAKE) --no-print-directory -j$(JOBS) test-build
	$(TEST_BIN) --jobs 2

test-build: $(TEST_BIN) $(PERFT_BIN) $(PLANTED_BIN)

sanitize: deps-test
	$(MAKE) --no-print-directory -j$(JOBS) MODE=sanitize test-build
	@# A leak in a test process is only printed (Criterion has already counted
	@# the test as passed), so the log is searched for leak reports too.  The
	@# slow unwinder gives the full stacks that tests/lsan.supp matches.
	@log=build/sanitize$(BUILD_SUFFIX)/test-suite.log; \
	{ ASAN_OPTIONS=detect_leaks=1:fast_unwind_on_malloc=0 LSAN_OPTIONS=suppressions=tests/lsan.supp \
	  UBSAN_OPTIONS=print_stacktrace=1 build/sanitize$(BUILD_SUFFIX)/test-suite --jobs 2; echo $$? > $$log.status; } 2>&1 | tee $$log; \
	status=$$(cat $$log.status); \
	if grep -q 'ERROR: LeakSanitizer' $$log; then echo "make sanitize: memory leaks reported (see $$log)" >&2; exit 1; fi; \
	exit $$status

test-debug: deps-test
	$(MAKE) --no-print-directory -j$(JOBS) MODE=debug test-build
	build/debug$(BUILD_SUFFIX)/test-suite --jobs 2

test-template: deps-test
	$(MAKE) --no-print-directory -j$(JOBS) EXTRA_BACKENDS=template test-build
	build/release-template/test-suite --jobs 2

# make compare BASE=COMMIT [RUNS=N] [SET=headline|chess|chess960|quaternity]: no default base.
compare: $(PERFT_BIN)
	@[ -n "$(BASE)" ] || { echo "make compare: name the base: make compare BASE=COMMIT (or a binary's path; RUNS=N, SET=NAME)" >&2; exit 2; }
	$(call require_packages,util-linux python3)
	./scripts/compare.sh $(if $(RUNS),--runs $(RUNS)) $(if $(SET),--set $(SET)) $(BASE)

perft-full: $(PERFT_BIN)
	./scripts/perft-full.sh

# The community's correctness gate (positions/chess/community/README.md):
# every count to depth 4 of its five public-domain sets, 125,625 counts, on
# each chess backend and on the bitboard's magic build (NO_PEXT=1); fails on
# any wrong count, and when fewer counts than that were checked (a truncated
# file).  Last run: results/counts/community-gate-2026-12-06/.
GATE_EPD = $(sort $(wildcard positions/chess/community/*.epd))
GATE_COUNTS = 125625
GATE_RUNS = $(PERFT_BIN):mailbox $(PERFT_BIN):padded $(PERFT_BIN):bitboard bin/perft-nopext:bitboard
.PHONY: gate
gate: $(PERFT_BIN)
	$(MAKE) --no-print-directory -j$(JOBS) NO_PEXT=1 bin/perft-nopext
	@for run in $(GATE_RUNS); do \
	    bin=$${run%%:*}; backend=$${run#*:}; checked=0; \
	    for f in $(GATE_EPD); do \
	        $$bin -b $$backend --suite $$f --max-depth 4 > $(BUILD)/gate.out 2>&1 || \
	            { grep -v ' ok$$' $(BUILD)/gate.out; echo "gate: $$bin -b $$backend: $$f fails"; exit 1; }; \
	        checked=$$((checked + $$(grep -c ' ok$$' $(BUILD)/gate.out))); \
	    done; \
	    [ $$checked -eq $(GATE_COUNTS) ] || { echo "gate: $$bin -b $$backend checked $$checked counts, not $(GATE_COUNTS)"; exit 1; }; \
	    echo "gate: $$bin -b $$backend: $$checked counts right"; \
	done

# The files `make format` rewrites and `make format-check` checks (CI).
FORMAT_SRC = $(GEN_SRC) $(PERFT_SRC) $(TEST_SRC) $(MPI_SRC) $(wildcard gen/*/*.h gen/*/*/*.h tests/*.h tests/support/*.h tests/planted/*.[ch] bench/*.c bench/*.cpp bench/*.h)

deps-format:
	$(call require_packages,clang-format)

format: deps-format
	clang-format -i $(FORMAT_SRC)

# No unused exports: the symbols of the release and debug builds' objects
# (the debug build calls the backends' invariant checks), the benchmarks,
# the fuzz targets and bin/perft-mpi (scripts/check-exports.sh).
exports-check:
	./scripts/check-exports.sh build/release build/debug

format-check: deps-format
	@clang-format --dry-run --Werror $(FORMAT_SRC) && echo "format-check: $(words $(FORMAT_SRC)) files as clang-format writes them"

# Rules citations, paths and make targets in the docs, macro signatures,
# include circles in gen/ (scripts/check-docs.sh; under a second).
docs-check:
	$(call require_packages,python3)
	./scripts/check-docs.sh

clean:
	rm -rf build bin

# ---- Benchmarks: bin/bench (bench/: C benchmarks on Google Benchmark through
# the one C++ shim bench/gbench.cpp), `make bench` (scripts/bench.sh: micro-
# benchmarks, hyperfine over bin/perft, gnuplot plots, summary; see bench/README.md),
# `make bench-quick` (the same trimmed to under two minutes).
BENCH_BIN := bin/bench
BENCH_OBJ := $(patsubst %.c,$(BUILD)/%.o,$(wildcard bench/*.c)) $(patsubst %.cpp,$(BUILD)/%.o,$(wildcard bench/*.cpp))
CXXFLAGS := -std=c++17 $(filter-out -std=% -Wmissing-prototypes -Wstrict-prototypes,$(CFLAGS))
$(BUILD)/bench/%.o: CFLAGS += -Igen/perft

$(BUILD)/%.o: %.cpp
	@mkdir -p $(dir $@)
	$(CXX) $(CXXFLAGS) -c $< -o $@

$(BENCH_BIN): $(GEN_OBJ) $(HARNESS_OBJ) $(BENCH_OBJ)
	@mkdir -p bin
	$(CXX) $(CXXFLAGS) $^ -o $@ $(LDFLAGS) $(LDLIBS) -lbenchmark -lpthread

deps-bench:
	$(call require_packages,libbenchmark-dev hyperfine gnuplot-nox g++ python3 stockfish)

bench bench-quick: deps-bench
	$(MAKE) --no-print-directory -j$(JOBS) $(BENCH_BIN) $(PERFT_BIN)
	./scripts/bench.sh $(if $(filter bench-quick,$@),--quick)
	$(if $(filter bench,$@),./scripts/headline.sh)

# The headline figures alone: opening perft 4 and 5, chess initial perft 6
# and Kiwipete perft 5, every backend, median of five (scripts/headline.sh).
bench-headline: deps-bench
	$(MAKE) --no-print-directory -j$(JOBS) $(PERFT_BIN)
	./scripts/headline.sh

.PHONY: deps-bench bench bench-quick bench-headline
-include $(BENCH_OBJ:.o=.d)

# ---- bin/perft-mpi (gen/mpi/, gen/mpi/README.md): the
# harness's divide with units handed out over MPI; built with Open MPI's
# mpicc (libopenmpi-dev, openmpi-bin), which only `make mpi` and `make
# test-mpi` need.
MPICC := mpicc
MPI_SRC := $(wildcard gen/mpi/*.c)
MPI_OBJ := $(MPI_SRC:%.c=$(BUILD)/%.o)
MPI_BIN := bin/perft-mpi$(if $(filter-out release,$(MODE)),-$(MODE))
$(MPI_OBJ): CC := $(MPICC)
$(MPI_OBJ): CFLAGS += -Igen/perft
$(MPI_OBJ): | deps-mpi

$(MPI_BIN): $(GEN_OBJ) $(HARNESS_OBJ) $(MPI_OBJ)
	@mkdir -p bin
	$(MPICC) $(CFLAGS) $^ -o $@ $(LDFLAGS) $(LDLIBS)

deps-mpi: deps-build
	$(call require_packages,libopenmpi-dev openmpi-bin)

mpi: deps-mpi
	$(MAKE) --no-print-directory -j$(JOBS) $(MPI_BIN)

# bin/perft-mpi's output held against bin/perft's, the killed-rank resume
# (tests/mpi.sh, about a minute).
test-mpi: deps-mpi
	$(MAKE) --no-print-directory -j$(JOBS) $(MPI_BIN) $(PERFT_BIN)
	./tests/mpi.sh $(MPI_BIN) $(PERFT_BIN)

.PHONY: mpi test-mpi deps-mpi
-include $(MPI_OBJ:.o=.d)

-include $(GEN_OBJ:.o=.d) $(PERFT_OBJ:.o=.d) $(TEST_OBJ:.o=.d) $(PLANTED_OBJ:.o=.d) $(BUILD)/tests/planted/perft_planted.d $(BUILD)/tests/planted/registry.d
include fuzz/fuzz.mk

# ---- Ports: the test suite on 64-bit ARM and on baseline x86-64,
# so that an x86-only line cannot slip in unguarded.  Every x86-only path
# (PEXT, AVX2, SSE2) is chosen by the compiler's feature macros
# (gen/core/build_info.h), so these builds take the portable ones by
# themselves: no NO_PEXT or QBB_PORTABLE here.  Each port builds its
# release, debug and sanitize trees with -Werror (no warning passes) and
# runs the release build's tests (tests/build_info.c checks which paths
# were taken); the baseline also runs the sanitize build's (make sanitize).
#
#   make test-x86-64-baseline  -march=x86-64 (no BMI2, no AVX2) instead of -march=native:
#                              bin/perft[-MODE]-x86-64-baseline, build/MODE-x86-64-baseline;
#                              the tests run natively
#   make test-aarch64          Debian's aarch64 cross compiler against an arm64 sysroot
#                              (scripts/aarch64-sysroot.sh): bin/perft[-MODE]-aarch64,
#                              build/MODE-aarch64; the tests, and the bin/perft-aarch64
#                              they start, run under qemu-user (scripts/qemu-binfmt.sh)
#
# Speeds printed under qemu-user are the emulator's, not speed figures.
PORT_CC_x86-64-baseline := $(CC)
PORT_MARCH_x86-64-baseline := -march=x86-64
PORT_CC_aarch64 := aarch64-linux-gnu-gcc
AARCH64_SYSROOT := $(CURDIR)/build/aarch64-sysroot
PORT_MARCH_aarch64 := --sysroot=$(AARCH64_SYSROOT)
# The arm64 libraries the build links (Criterion, jansson, libedit; libstdc++ for
# the cross compiler's libubsan in the sanitize build).
AARCH64_LIBS := libcriterion-dev libjansson-dev libedit-dev libstdc++6
# qemu-user takes the loader and libraries of every aarch64 process the
# tests start from the sysroot.
AARCH64_RUN := QEMU_LD_PREFIX=$(AARCH64_SYSROOT)

# $(call port_make,PORT,MODE,GOALS): this Makefile's GOALS again, with the
# port's compiler and -march in place of -march=native, into the port's own
# object tree and binaries.
port_make = $(MAKE) --no-print-directory -j$(JOBS) BUILD_PORT=$(1) MODE=$(2) CC=$(PORT_CC_$(1)) BUILD_SUFFIX=-$(1) \
    PERFT_BIN=bin/perft$(if $(filter-out release,$(2)),-$(2))-$(1) \
    'CFLAGS_$(2)=$(subst -march=native,$(PORT_MARCH_$(1)),$(CFLAGS_$(2))) -Werror' $(3)

# In a port's build (BUILD_PORT, set only by port_make's command line: not
# from the environment), tests/build_info.c also checks that the portable
# paths were taken, and the tests' time-outs allow for emulation.
ifeq ($(origin BUILD_PORT),command line)
$(TEST_OBJ): CFLAGS += -DTEST_PORT='"$(BUILD_PORT)"' $(if $(filter aarch64,$(BUILD_PORT)),-DTEST_EMULATED)
endif

.PHONY: test-x86-64-baseline test-aarch64 deps-aarch64
test-x86-64-baseline: deps-test
	$(call port_make,x86-64-baseline,debug,test-build)
	$(call port_make,x86-64-baseline,sanitize,sanitize)
	$(call port_make,x86-64-baseline,release,test-criterion)

# qemu-user-static does what qemu-user and qemu-user-binfmt do, and
# conflicts with the latter: a machine that has it keeps it.
AARCH64_QEMU = $(if $(shell dpkg -s qemu-user-static 2>/dev/null | grep -x 'Status: install ok installed'),\
                 qemu-user-static,qemu-user qemu-user-binfmt)
deps-aarch64: deps-test
	$(call require_packages,gcc-aarch64-linux-gnu $(AARCH64_QEMU))
	./scripts/aarch64-sysroot.sh $(AARCH64_SYSROOT) $(AARCH64_LIBS)
	./scripts/qemu-binfmt.sh

test-aarch64: deps-aarch64
	$(call port_make,aarch64,debug,test-build)
	$(call port_make,aarch64,sanitize,test-build)
	@echo "make test-aarch64: the tests and bin/perft-aarch64 run under qemu-user: any speed they print is the emulator's, not a speed figure"
	$(AARCH64_RUN) $(call port_make,aarch64,release,test-criterion)

# ---- Install: `make install` and `make uninstall` with the GNU
# variables PREFIX (default /usr/local) and DESTDIR (scripts/install.sh:
# bin/perft, bin/perft-mpi when built, their manual pages, the position
# suites under PREFIX/share/perft/positions, the bash completion; uninstall
# removes what the install recorded), `make man` (perft(1) from bin/perft's
# own --help by help2man, plus gen/perft/perft.h2m), `make deb` (a Debian
# package with dpkg-deb, scripts/make-deb.sh), `make test-install` and
# `make test-deb` (tests/install.sh: installed, from outside the tree; the
# manual page's options against --help; the package into a scratch root).
# The release build is what is installed.
PREFIX ?= /usr/local
DESTDIR ?=
MAN_DIR := build/man
MAN_PAGES := $(MAN_DIR)/perft.1 $(if $(wildcard bin/perft-mpi),$(MAN_DIR)/perft-mpi.1)
INSTALL_PROGRAMS := bin/perft $(wildcard bin/perft-mpi)
HELP2MAN = help2man -N --version-string='$(VERSION_TEXT)'

deps-man:
	$(call require_packages,help2man)

$(MAN_DIR)/perft.1: bin/perft gen/perft/perft.h2m | deps-man
	@mkdir -p $(MAN_DIR)
	$(HELP2MAN) -n 'perft, divide and move-generation cross-checks for Quaternity and chess' \
	    -i gen/perft/perft.h2m -o $@ ./bin/perft

$(MAN_DIR)/perft-mpi.1: bin/perft-mpi gen/mpi/perft-mpi.h2m | deps-man
	@mkdir -p $(MAN_DIR)
	$(HELP2MAN) -n "bin/perft's divide over the ranks of an Open MPI job" \
	    -i gen/mpi/perft-mpi.h2m -o $@ ./bin/perft-mpi

man:
	$(MAKE) --no-print-directory -j$(JOBS) MODE=release bin/perft
	$(MAKE) --no-print-directory -j$(JOBS) MODE=release $(MAN_PAGES)

install: man
	./scripts/install.sh install '$(DESTDIR)' '$(PREFIX)' $(MAN_DIR) $(INSTALL_PROGRAMS)

uninstall:
	./scripts/install.sh uninstall '$(DESTDIR)' '$(PREFIX)'

deps-deb:
	$(call require_packages,dpkg-dev help2man)

deb: deps-deb man
	./scripts/make-deb.sh '$(VERSION_TEXT)' bin/perft $(MAN_DIR) build

test-install test-deb: deps-deb man
	+./tests/install.sh $(if $(filter test-deb,$@),deb,all)

.PHONY: deps-man man install uninstall deps-deb deb test-install test-deb
