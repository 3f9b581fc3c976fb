// Rule: the block size must be one the attention backend's kernels take. CUTLASS MLA takes 128.
// EXPECT: block_size_not_supported_by_attention_backend
// EXPECT: block_size = 16
// EXPECT: kernel_block_size = 128
// EXPECT-CXX26: block_size 16 is not supported by the attention backend, whose kernels take multiples of 128
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::deepseek_v3,
                                            .gpu = kvplan::gpus::b200,
                                            .tensor_parallel_size = 8,
#ifdef KVPLAN_COMPILE_FAIL
                                            .block_size = 16,
#else
                                            .block_size = 128,
#endif
                                            .max_model_len = 32768,
                                            .backend = kvplan::attention_backend::cutlass_mla};
static_assert(kvplan::is_valid<serving>());
