# ---- Fuzzing (fuzz/: clang libFuzzer with AddressSanitizer and
# UndefinedBehaviorSanitizer).  Included at the end of the Makefile.
#
#   make fuzz          every target for FUZZ_SECONDS seconds each (default 60);
#                      non-zero on any finding, which it names with the command
#                      that reproduces it
#   make fuzz-build    the targets in bin/fuzz/ and the seed corpus alone
#
# FUZZ_KNOWN_DEFECTS=clock-overflow lets the position target pass over a FEN
# clock the tool prints but cannot read back (fixed: clocks are now capped at
# POSITION_CLOCK_MAX and parse back; empty by default, so the target hunts it).
# FUZZ_BACKEND_DEBUG=1 also checks every backend's invariants after every make
# and unmake (BACKEND_DEBUG): about 30 times slower, so off by default (the
# targets compare the backends with each other instead).
FUZZ_SECONDS ?= 60
FUZZ_BACKEND_DEBUG ?=
FUZZ_KNOWN_DEFECTS ?=
FUZZ_TARGETS := position_text move_list suite_file engine_lines uci_server
FUZZ_BUILD := build/fuzz$(if $(FUZZ_BACKEND_DEBUG),-debug)
FUZZ_BIN := bin/fuzz$(if $(FUZZ_BACKEND_DEBUG),-debug)
FUZZ_SANITIZERS := -fsanitize=address,undefined -fno-sanitize-recover=all
# -Werror: clang is the only compiler that sees the fuzz targets (a target
# passing a 64-bit count to a 128-bit parser was a warning, then a crash).
FUZZ_CFLAGS := -std=c17 -D_POSIX_C_SOURCE=200809L $(WARNINGS) -Werror -O1 -g -march=native -fno-omit-frame-pointer \
               $(if $(FUZZ_BACKEND_DEBUG),-DBACKEND_DEBUG) $(FUZZ_SANITIZERS) -Igen/core -Igen/perft -Ifuzz -MMD -MP \
               $(if $(filter clock-overflow,$(FUZZ_KNOWN_DEFECTS)),-DFUZZ_TOLERATE_CLOCK_OVERFLOW)
# Everything but the targets is built with coverage only; each target links
# libFuzzer's main.
FUZZ_LIB_SRC := $(GEN_SRC) $(filter-out gen/perft/main.c,$(PERFT_SRC)) fuzz/fuzz_support.c
FUZZ_LIB_OBJ := $(FUZZ_LIB_SRC:%.c=$(FUZZ_BUILD)/%.o)
FUZZ_TARGET_BINS := $(FUZZ_TARGETS:%=$(FUZZ_BIN)/%)
# The corpus seeds: built by fuzz/seed_corpus.c (an ordinary build against
# the release objects) from every fixture and from random legal games.
FUZZ_SEED_BIN := $(BUILD)/fuzz/seed_corpus
FUZZ_SEEDS := build/fuzz/seeds
FUZZ_FIXTURES := $(wildcard positions/*/*.epd)
# The longest input of each target: move lists of thousands of plies.
FUZZ_MAX_LEN_position_text := 2048
FUZZ_MAX_LEN_move_list := 8192
FUZZ_MAX_LEN_suite_file := 8192
FUZZ_MAX_LEN_engine_lines := 4096
FUZZ_MAX_LEN_uci_server := 8192
# Long move lists from the start: no slow growth of the input length.
FUZZ_OPTIONS_move_list := -len_control=0
# Options for a long campaign (-jobs, -workers ...), passed to every target.
FUZZ_FLAGS ?=

.PHONY: fuzz fuzz-build deps-fuzz
# Named only as prerequisites of pattern rules: kept, not deleted as
# intermediate files.
.SECONDARY: $(FUZZ_LIB_OBJ) $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz/%_target.o)
deps-fuzz:
	$(call require_packages,clang libclang-rt-14-dev)

$(FUZZ_BUILD)/%.o: %.c | deps-fuzz
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer-no-link -c $< -o $@

$(FUZZ_BUILD)/gen/core/registry.o: $(BUILD)/backends.txt
$(FUZZ_BUILD)/gen/core/registry.o: FUZZ_CFLAGS += -D'REGISTERED_BACKENDS=$(REGISTERED_BACKENDS)'

$(FUZZ_BIN)/%: $(FUZZ_BUILD)/fuzz/%_target.o $(FUZZ_LIB_OBJ)
	@mkdir -p $(dir $@)
	clang $(FUZZ_CFLAGS) -fsanitize=fuzzer $^ -o $@ -pthread $(LDLIBS)

# The position target is rebuilt when FUZZ_KNOWN_DEFECTS changes: the stamp's
# name carries the value.
FUZZ_KNOWN_STAMP := $(FUZZ_BUILD)/known-defects-$(or $(subst $(eval) ,-,$(strip $(FUZZ_KNOWN_DEFECTS))),none).stamp
$(FUZZ_BUILD)/fuzz/position_text_target.o: $(FUZZ_KNOWN_STAMP)
$(FUZZ_KNOWN_STAMP):
	@mkdir -p $(dir $@)
	@rm -f $(FUZZ_BUILD)/known-defects-*.stamp
	@touch $@

$(BUILD)/fuzz/seed_corpus.o: CFLAGS += -Ifuzz
$(FUZZ_SEED_BIN): $(BUILD)/fuzz/seed_corpus.o $(GEN_OBJ)
	$(CC) $(CFLAGS) $^ -o $@ $(LDFLAGS)

$(FUZZ_SEEDS)/.built: $(FUZZ_SEED_BIN) $(FUZZ_FIXTURES)
	rm -rf $(FUZZ_SEEDS)
	mkdir -p $(FUZZ_TARGETS:%=$(FUZZ_SEEDS)/%)
	$(FUZZ_SEED_BIN) $(FUZZ_SEEDS) $(FUZZ_FIXTURES)
	@# Engine answers: Stockfish's and the perftree contract's forms (byte 0: the game).
	printf '\001uci:/usr/games/stockfish\ne2e4: 20\na7a8q: 1\ninfo depth 1\n\nNodes searched: 400\n' \
	    >$(FUZZ_SEEDS)/engine_lines/uci-chess
	printf '\000perftree:bin/perft\nd4d5 41\nd11e12q 1\n\n1681\n' >$(FUZZ_SEEDS)/engine_lines/perftree-quaternity
	printf '\001sf=chess:uci:stockfish\ne7e8Q: 1\ne2e4: 18446744073709551616\nNodes searched: 18446744073709551615\n' \
	    >$(FUZZ_SEEDS)/engine_lines/uci-chess-upper-and-range
	printf '\000q=quaternity:perftree:./mine\nd11e12Q 1\n99999999999999999999\n' >$(FUZZ_SEEDS)/engine_lines/perftree-declared
	@# UCI sessions: a GUI's handshake, perftree's glued setoption line, a Quaternity position, options.
	printf 'uci\nisready\nposition startpos moves e2e4 e7e5\ngo perft 2\nquit\n' >$(FUZZ_SEEDS)/uci_server/gui-chess
	printf 'setoption name UCI_Chess960 value falseposition fen rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 moves g1f3\ngo perft 1\n' \
	    >$(FUZZ_SEEDS)/uci_server/perftree-glued
	printf 'position fen %s moves d4d5\ngo perft 1\nucinewgame\nposition startpos\ngo perft 1\n' \
	    'rK2rRrP>2bP<bR2bK/1rQ1rNrP>2bP<bB1bQ1/3rNrP>2bP<bB3/rRrBrBrP*4bP*bNbNbR/rPvrPvrPv1rP*2bP*1bPvbPvbPv/12/12/wP^wP^wP^1wP*2gP*1gP^gP^gP^/wRwNwNwP*4gP*gBgBgR/3wBwP>2gP<gN3/1wQ1wBwP>2gP<gN1gQ1/wK2wRwP>2gP<gR2gK w' \
	    >$(FUZZ_SEEDS)/uci_server/quaternity
	printf 'setoption name Backend value mailbox\nsetoption name Threads value 2\nsetoption name Hash value 1\nsetoption name UCI_Chess960 value true\nposition fen bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9\ngo perft 2\nstop\n' \
	    >$(FUZZ_SEEDS)/uci_server/options-chess960
	touch $@

fuzz-build: deps-fuzz
	$(MAKE) --no-print-directory -j$(JOBS) $(FUZZ_TARGET_BINS) $(FUZZ_SEEDS)/.built

# Every target runs even after a finding; the rule fails at the end if any
# found something.
fuzz: fuzz-build
	@status=0; $(foreach t,$(FUZZ_TARGETS),FUZZ_BIN=$(FUZZ_BIN) ./fuzz/run_target.sh $(t) $(FUZZ_SECONDS) $(FUZZ_MAX_LEN_$(t)) $(FUZZ_OPTIONS_$(t)) $(FUZZ_FLAGS) || status=1;) \
	exit $$status

# make format covers fuzz/ too.
.PHONY: format-fuzz
format: format-fuzz
format-fuzz:
	clang-format -i $(wildcard fuzz/*.c fuzz/*.h)

-include $(FUZZ_LIB_OBJ:.o=.d) $(FUZZ_TARGETS:%=$(FUZZ_BUILD)/fuzz/%_target.d)
