// Rule: fp8_ds_mla stores an MLA latent; a model without MLA cannot use it.
// EXPECT: fp8_ds_mla_needs_mla
// EXPECT-CXX26: kv_cache_dtype fp8_ds_mla needs a model with MLA attention
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{
#ifdef KVPLAN_COMPILE_FAIL
    .model = kvplan::models::llama_3_1_8b,
    .gpu = kvplan::gpus::b200,
#else
    .model = kvplan::models::deepseek_v3_2,
    .gpu = kvplan::gpus::b200,
    .tensor_parallel_size = 8,
#endif
    .kv_cache_dtype = kvplan::cache_dtype::fp8_ds_mla,
    .max_model_len = 8192};
static_assert(kvplan::is_valid<serving>());
