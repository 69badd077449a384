/* gen/core/build_info against what decides the paths: the compiler's
 * feature macros (this file is built with the same flags as the backends),
 * the backends' own summaries, which name the path each compiled, and,
 * in the ports' test builds (make test-aarch64, make test-x86-64-baseline:
 * TEST_PORT), the portable paths those builds exist to prove. */
#include <stdio.h>
#include <string.h>

#include "../gen/chess/bitboard/bitboard_slider.h"
#include "build_info.h"
#include "support.h"

#if defined(__BMI2__) && !defined(NO_PEXT)
#define EXPECT_CHESS_PEXT true
#else
#define EXPECT_CHESS_PEXT false
#endif
#if defined(__AVX2__) && !defined(QBB_PORTABLE)
#define EXPECT_SETS_AVX2 true
#else
#define EXPECT_SETS_AVX2 false
#endif
#ifdef __BMI2__
#define EXPECT_LINES_PEXT true
#else
#define EXPECT_LINES_PEXT false
#endif
#ifdef __SSE2__
#define EXPECT_SCANS_SSE2 true
#else
#define EXPECT_SCANS_SSE2 false
#endif

#if defined(__POPCNT__) || defined(__aarch64__)
#define EXPECT_POPCOUNT true
#else
#define EXPECT_POPCOUNT false
#endif

static bool contains(const char *text, const char *part)
{
    return strstr(text, part) != NULL;
}

Test(build_info, follows_the_compiler_feature_macros)
{
    BuildInfo b = build_info();
    cr_expect_eq(b.chess_sliders_pext, EXPECT_CHESS_PEXT, "chess sliders");
    cr_expect_eq(b.quaternity_sets_avx2, EXPECT_SETS_AVX2, "Quaternity sets");
    cr_expect_eq(b.quaternity_lines_pext, EXPECT_LINES_PEXT, "Quaternity line gathers");
    cr_expect_eq(b.padded_scans_sse2, EXPECT_SCANS_SSE2, "padded rank scans");
    cr_expect_eq(b.popcount_instruction, EXPECT_POPCOUNT, "popcount");
#if defined(__x86_64__)
    cr_expect_str_eq(b.arch, "x86-64");
#elif defined(__aarch64__)
    cr_expect_str_eq(b.arch, "aarch64");
#endif
    cr_expect(b.compiler[0] != '\0');
    /* Printed once, so that every test log says which paths it tested. */
    fprintf(stderr, "tests/build_info: %s\n", build_info_text());
}

Test(build_info, text_names_every_path)
{
    BuildInfo b = build_info();
    const char *t = build_info_text();
    cr_expect(strncmp(t, b.arch, strlen(b.arch)) == 0, "'%s' does not start with the architecture", t);
    cr_expect(contains(t, b.chess_sliders_pext ? "PEXT sliders" : "magic sliders"), "%s", t);
    cr_expect(contains(t, b.quaternity_sets_avx2 ? "AVX2 144-bit sets" : "portable 144-bit sets"), "%s", t);
    /* The AVX-512 paths of the sets are named when the build has them. */
    bool avx512 = false;
#if defined(__AVX2__) && !defined(QBB_PORTABLE) && defined(__AVX512VL__) &&                                            \
    (defined(__AVX512VPOPCNTDQ__) || defined(__AVX512VBMI2__))
    avx512 = true;
#endif
    cr_expect_eq(contains(t, "AVX-512"), avx512, "%s", t);
    cr_expect(contains(t, b.quaternity_lines_pext ? "PEXT line gathers" : "portable line gathers"), "%s", t);
    cr_expect(contains(t, b.padded_scans_sse2 ? "SSE2 rank scans" : "portable rank scans"), "%s", t);
    cr_expect(contains(t, b.popcount_instruction ? "popcount instruction" : "software popcount"), "%s", t);
    cr_expect(contains(t, b.compiler), "%s", t);
    cr_expect(t == build_info_text(), "not one static string");
}

/* The backends decide in their own headers; their summaries (--list) and
 * the chess slider's own report say what they compiled. */
Test(build_info, agrees_with_the_backends)
{
    BuildInfo b = build_info();
    cr_expect_eq(b.chess_sliders_pext, cbb_slider_uses_pext() != 0, "chess bitboard slider header");
    const Backend *chess = backend_find("bitboard", GAME_CHESS);
    cr_assert(chess, "no chess bitboard backend");
    cr_expect(contains(chess->summary, b.chess_sliders_pext ? "PEXT slider" : "magic slider"), "%s", chess->summary);
    const Backend *q = backend_find("bitboard", GAME_QUATERNITY);
    cr_assert(q, "no Quaternity bitboard backend");
    cr_expect_eq(contains(q->summary, "AVX2"), b.quaternity_sets_avx2, "%s", q->summary);
    cr_expect_eq(contains(q->summary, "gathered by PEXT"), b.quaternity_lines_pext, "%s", q->summary);
}

#ifdef TEST_PORT
/* The ports' builds must take the portable paths without being told to:
 * no NO_PEXT or QBB_PORTABLE there, only -march=x86-64 or another
 * architecture. */
Test(build_info, port_build_takes_the_portable_paths)
{
    BuildInfo b = build_info();
    cr_expect(!b.chess_sliders_pext && !b.quaternity_sets_avx2 && !b.quaternity_lines_pext, "%s: %s", TEST_PORT,
              build_info_text());
    if (strcmp(TEST_PORT, "aarch64") == 0)
        cr_expect(strcmp(b.arch, "aarch64") == 0 && !b.padded_scans_sse2 && b.popcount_instruction, "%s",
                  build_info_text());
    else
        cr_expect(strcmp(b.arch, "x86-64") == 0 && b.padded_scans_sse2 && !b.popcount_instruction, "%s",
                  build_info_text());
}
#endif
