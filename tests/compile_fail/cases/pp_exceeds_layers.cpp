// Rule: pipeline_parallel_size cannot exceed the layers. Llama-3.1-8B has 32: PP 33 fails.
// EXPECT: pipeline_parallel_size_exceeds_num_layers
// EXPECT: pipeline_parallel_size = 33
// EXPECT: num_layers = 32
// EXPECT-CXX26: pipeline_parallel_size (33) exceeds the number of layers (32)
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::llama_3_1_8b,
                                            .gpu = kvplan::gpus::h100_sxm,
#ifdef KVPLAN_COMPILE_FAIL
                                            .pipeline_parallel_size = 33,
#else
                                            .pipeline_parallel_size = 2,
#endif
                                            .max_model_len = 8192};
static_assert(kvplan::is_valid<serving>());
