// Rule: max_model_len cannot exceed the model's derived maximum (max_position_embeddings):
// vLLM refuses it unless VLLM_ALLOW_LONG_MAX_MODEL_LEN=1.
// EXPECT: max_model_len_exceeds_derived_max
// EXPECT: max_model_len = 200000
// EXPECT: derived_max_model_len = 131072
// EXPECT-CXX26: max_model_len (200000) is greater than the model's derived maximum (131072
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_8b,
                                            .gpu = kvplan::gpus::h100_sxm,
#ifdef KVPLAN_COMPILE_FAIL
                                            .max_model_len = 200000};
#else
                                            .max_model_len = 131072};
#endif
static_assert(kvplan::is_valid<serving>());
