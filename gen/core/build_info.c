#include "build_info.h"

/* The same conditions as the backends' own (gen/chess/bitboard/
 * bitboard_slider.h, gen/quaternity/bitboard/bb144.h and bitboard_attacks.h,
 * gen/quaternity/padded/padded_movegen.c); tests/build_info.c checks that
 * they agree. */
#if defined(__BMI2__) && !defined(NO_PEXT)
#define BI_CHESS_PEXT true
#define BI_CHESS_TEXT "PEXT sliders"
#else
#define BI_CHESS_PEXT false
#define BI_CHESS_TEXT "magic sliders"
#endif

#if defined(__AVX2__) && !defined(QBB_PORTABLE)
#define BI_SETS_AVX2 true
/* The AVX-512 instructions the 144-bit sets use where the compiler targets
 * them (the Quaternity bitboard's bb144_avx2.h tests the same macros). */
#if defined(__AVX512VL__) && defined(__AVX512VPOPCNTDQ__) && defined(__AVX512VBMI2__)
#define BI_SETS_TEXT "AVX2 144-bit sets with AVX-512 tallies and rank steps"
#elif defined(__AVX512VL__) && defined(__AVX512VPOPCNTDQ__)
#define BI_SETS_TEXT "AVX2 144-bit sets with AVX-512 tallies"
#elif defined(__AVX512VL__) && defined(__AVX512VBMI2__)
#define BI_SETS_TEXT "AVX2 144-bit sets with AVX-512 rank steps"
#else
#define BI_SETS_TEXT "AVX2 144-bit sets"
#endif
#else
#define BI_SETS_AVX2 false
#define BI_SETS_TEXT "portable 144-bit sets"
#endif

#ifdef __BMI2__
#define BI_LINES_PEXT true
#define BI_LINES_TEXT "PEXT line gathers"
#else
#define BI_LINES_PEXT false
#define BI_LINES_TEXT "portable line gathers"
#endif

#ifdef __SSE2__
#define BI_SCANS_SSE2 true
#define BI_SCANS_TEXT "SSE2 rank scans"
#else
#define BI_SCANS_SSE2 false
#define BI_SCANS_TEXT "portable rank scans"
#endif

/* x86-64 has POPCNT only from -march=x86-64-v2 (or -mpopcnt) on; ARMv8-A's
 * Advanced SIMD, which GCC uses for it, is always there. */
#if defined(__POPCNT__) || defined(__aarch64__)
#define BI_POPCOUNT true
#define BI_POPCOUNT_TEXT "popcount instruction"
#else
#define BI_POPCOUNT false
#define BI_POPCOUNT_TEXT "software popcount"
#endif

#if defined(__x86_64__)
#define BI_ARCH "x86-64"
#elif defined(__aarch64__)
#define BI_ARCH "aarch64"
#elif defined(__i386__)
#define BI_ARCH "i386"
#elif defined(__arm__)
#define BI_ARCH "arm"
#elif defined(__riscv) && __riscv_xlen == 64
#define BI_ARCH "riscv64"
#elif defined(__powerpc64__)
#define BI_ARCH "ppc64"
#else
#define BI_ARCH "unknown architecture"
#endif

/* clang defines __GNUC__ too, and its __VERSION__ already names it. */
#if defined(__clang__)
#define BI_COMPILER __VERSION__
#elif defined(__GNUC__)
#define BI_COMPILER "gcc " __VERSION__
#else
#define BI_COMPILER "unknown compiler"
#endif

BuildInfo build_info(void)
{
    return (BuildInfo){BI_ARCH, BI_COMPILER, BI_CHESS_PEXT, BI_SETS_AVX2, BI_LINES_PEXT, BI_SCANS_SSE2, BI_POPCOUNT};
}

const char *build_info_text(void)
{
    return BI_ARCH ", " BI_CHESS_TEXT ", " BI_SETS_TEXT ", " BI_LINES_TEXT ", " BI_SCANS_TEXT ", " BI_POPCOUNT_TEXT
                   " (" BI_COMPILER ")";
}
