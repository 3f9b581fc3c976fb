// Core rule: a plan that cannot be computed is a compile error when evaluated in a constant
// expression, and the error names the problem (a non-constexpr function in kvplan::diagnostics).
// EXPECT: tensor_parallel_size_must_divide_num_attention_heads
// EXPECT-CXX26: tensor_parallel_size_must_divide_num_attention_heads
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

constexpr kvplan::plan p = kvplan::make_plan({.model = kvplan::models::llama_3_1_70b,
                                              .gpu = kvplan::gpus::h100_sxm,
#ifdef KVPLAN_COMPILE_FAIL
                                              .tensor_parallel_size = 3,
#else
                                              .tensor_parallel_size = 4,
#endif
                                              .max_model_len = 8192});
