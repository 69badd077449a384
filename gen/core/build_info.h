/* Which machine a binary was built for and which code paths it takes.
 *
 * Three backends have a fast path that only some x86-64 processors run
 * (PEXT from BMI2, 256-bit vectors from AVX2, 16-byte compares from SSE2)
 * and a portable one for every other machine; and the compiler counts bits
 * with one instruction only where -march allows it (POPCNT on x86-64).  Each backend chooses at
 * compile time from the compiler's feature macros, which -march sets
 * (-march=native: the building machine's), and nothing is detected at run
 * time: a -march=x86-64 or an aarch64 build takes the portable paths, and a
 * binary runs only where its paths do.  This module repeats those choices
 * so that a speed figure or --version can say which paths produced it;
 * tests/build_info.c holds it against the macros and the backends' own
 * summaries (--list), so the two cannot drift apart. */
#ifndef GEN_CORE_BUILD_INFO_H
#define GEN_CORE_BUILD_INFO_H

#include <stdbool.h>

typedef struct BuildInfo {
    const char *arch;           /* "x86-64", "aarch64", or the compiler's other name for it */
    const char *compiler;       /* e.g. "gcc 12.2.0" */
    bool chess_sliders_pext;    /* chess bitboard: PEXT slider index, else magic multiply */
    bool quaternity_sets_avx2;  /* Quaternity bitboard: 144-bit sets in one AVX2 vector, else three 64-bit words */
    bool quaternity_lines_pext; /* Quaternity bitboard: lines gathered by PEXT/PDEP, else portable bit loops */
    bool padded_scans_sse2;     /* Quaternity padded: rank scans by one 16-byte compare, else a byte loop */
    bool popcount_instruction;  /* __builtin_popcountll one instruction (x86 POPCNT, ARM CNT), else a bit-trick
                                   routine: every bitboard's bulk count pays for it */
} BuildInfo;

BuildInfo build_info(void);

/* One line for a speed report or --version, e.g. "x86-64, PEXT sliders, AVX2
 * 144-bit sets, PEXT line gathers, SSE2 rank scans, popcount instruction
 * (gcc 12.2.0)" or "aarch64, magic sliders, portable 144-bit sets, portable
 * line gathers, portable rank scans, popcount instruction (gcc 12.2.0)".  A
 * static string: no allocation, same every call. */
const char *build_info_text(void);

#endif
