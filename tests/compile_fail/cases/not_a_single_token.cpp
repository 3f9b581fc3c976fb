// Rule: fits at all: at least one token of one request fits. With --max-model-len auto and 1 MiB
// for 2 MiB blocks nothing does (vLLM: "Cannot auto-fit max_model_len"); the twin has 1 GiB.
// EXPECT: memory_must_remain_for_the_kv_cache
// EXPECT: usable_kv_cache_bytes = -1048576
// EXPECT-CXX26: Cannot auto-fit max_model_len: not enough GPU memory available to serve even a single token
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_8b,
                                            .gpu = kvplan::gpus::h100_sxm,
#ifdef KVPLAN_COMPILE_FAIL
                                            .kv_cache_memory_bytes = kvplan::MiB,
#else
                                            .kv_cache_memory_bytes = kvplan::GiB,
#endif
                                            .max_model_len = kvplan::auto_max_model_len};
static_assert(kvplan::fits_at_all<serving>());
