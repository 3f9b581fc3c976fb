// Rule: at least N requests of L tokens at once. Llama-3.1-8B with 60 GiB holds 30,720 blocks of
// 16 tokens; a 131,072-token request needs 8,192 blocks, so 3 fit (3.75x) and 4 do not.
// EXPECT: concurrent_requests_must_fit
// EXPECT: requested_concurrent_requests = 4
// EXPECT: num_gpu_blocks = 30720
// EXPECT: blocks_per_request = 8192
// EXPECT-CXX26: 4 concurrent requests of 131,072 tokens do not fit: the KV cache holds 30720 blocks, each request needs 8192 (maximum concurrency 3.75x)
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_8b,
                                            .gpu = kvplan::gpus::h100_sxm,
                                            .kv_cache_memory_bytes = 60 * kvplan::GiB,
                                            .max_model_len = 131072};
#ifdef KVPLAN_COMPILE_FAIL
static_assert(kvplan::serves<serving, 4>());
#else
static_assert(kvplan::serves<serving, 3>());
static_assert(kvplan::serves<serving, 60, 8192>());  // 30,720 / (8,192 / 16) = 60 requests of 8,192
#endif
