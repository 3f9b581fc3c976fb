// Rule: with chunked prefill off (vLLM 0.12+) a prompt must fit in one batch, so a
// max_num_batched_tokens below max_model_len is refused (SchedulerConfig.verify_max_model_len).
// Llama-3.1-8B at 32,768 tokens with a 8,192-token batch fails; the twin sets the batch to 32,768.
// EXPECT: max_num_batched_tokens_below_max_model_len
// EXPECT: max_num_batched_tokens = 8192
// EXPECT: max_model_len = 32768
// EXPECT-CXX26: max_num_batched_tokens (8192) is smaller than max_model_len (32768) with chunked prefill off
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_8b,
                                            .gpu = kvplan::gpus::h100_sxm,
                                            .max_model_len = 32768,
#ifdef KVPLAN_COMPILE_FAIL
                                            .max_num_batched_tokens = 8192,
#else
                                            .max_num_batched_tokens = 32768,
#endif
                                            .enable_chunked_prefill = false};
static_assert(kvplan::is_valid<serving>());
