/* The C API of gbench.h on top of Google Benchmark: the one translation unit
 * that includes <benchmark/benchmark.h>.  A GbenchState pointer is the
 * library's benchmark::State, passed through C as an opaque type. */
#include "gbench.h"

#include <benchmark/benchmark.h>

namespace
{

// Whether any run failed (a wrong count, say), so the exit status says so.
bool errors_reported = false;

benchmark::State &state_of(GbenchState *state)
{
    return *reinterpret_cast<benchmark::State *>(state);
}

benchmark::TimeUnit time_unit(GbenchUnit unit)
{
    switch (unit) {
    case GBENCH_NANOSECONDS: return benchmark::kNanosecond;
    case GBENCH_MICROSECONDS: return benchmark::kMicrosecond;
    case GBENCH_MILLISECONDS: return benchmark::kMillisecond;
    case GBENCH_SECONDS: return benchmark::kSecond;
    }
    return benchmark::kNanosecond;
}

} // namespace

extern "C" void gbench_register(const char *name, GbenchFunction function, void *user, GbenchUnit unit)
{
    benchmark::RegisterBenchmark(name, [function, user](benchmark::State &state) {
        function(reinterpret_cast<GbenchState *>(&state), user);
    })->Unit(time_unit(unit));
}

extern "C" bool gbench_keep_running(GbenchState *state)
{
    return state_of(state).KeepRunning();
}

extern "C" void gbench_counter_rate(GbenchState *state, const char *name, double total)
{
    state_of(state).counters[name] = benchmark::Counter(total, benchmark::Counter::kIsRate);
}

extern "C" void gbench_counter(GbenchState *state, const char *name, double value)
{
    state_of(state).counters[name] = benchmark::Counter(value);
}

extern "C" void gbench_label(GbenchState *state, const char *text)
{
    state_of(state).SetLabel(text);
}

extern "C" void gbench_skip_with_error(GbenchState *state, const char *message)
{
    errors_reported = true;
    state_of(state).SkipWithError(message);
}

extern "C" int gbench_run(int argc, char **argv)
{
    benchmark::Initialize(&argc, argv);
    if (benchmark::ReportUnrecognizedArguments(argc, argv))
        return 2;
    size_t ran = benchmark::RunSpecifiedBenchmarks();
    benchmark::Shutdown();
    return ran > 0 && !errors_reported ? 0 : 1;
}
