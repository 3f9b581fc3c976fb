// Rule: one request at max_model_len must fit in the KV cache. Llama-3.1-8B at 131,072 tokens
// needs 131,072 / 16 = 8,192 blocks of 32 x 65,536 = 2,097,152 B: 17,179,869,184 B. With 16 GiB
// vLLM (v0.29+) holds back one block: 17,179,869,184 - 2,097,152 = 17,177,772,032 B usable, and
// (8,192 - 1) x 16 = 131,056 tokens fit. The twin has 17 GiB.
// EXPECT: one_request_at_max_model_len_must_fit
// EXPECT: max_model_len = 131072
// EXPECT: needed_kv_cache_bytes = 17179869184
// EXPECT: usable_kv_cache_bytes = 17177772032
// EXPECT: largest_max_model_len_that_fits = 131056
// EXPECT-CXX26: To serve at least one request with the model's max seq len (131072), (16.0 GiB KV cache is needed, which is larger than the available KV cache memory (16.0 GiB). Based on the available memory, the estimated maximum model length is 131056.
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_8b,
                                            .gpu = kvplan::gpus::h100_sxm,
#ifdef KVPLAN_COMPILE_FAIL
                                            .kv_cache_memory_bytes = 16 * kvplan::GiB,
#else
                                            .kv_cache_memory_bytes = 17 * kvplan::GiB,
#endif
                                            .max_model_len = 131072};
static_assert(kvplan::fits<serving>());
