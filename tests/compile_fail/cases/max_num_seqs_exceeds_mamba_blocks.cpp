// Rule: with FULL CUDA graphs (the default), a model with Mamba state needs a state block for
// each decoding sequence (vLLM v0.19+). Nemotron-3-Nano on an H100 with 1 GiB of KV cache: the
// attention block is 2,096 tokens (aligned to the Mamba state), a page 2,096 x 2 KV heads x
// (128 + 128) x 2 B = 2,146,304 B, a block of the six-layer groups 6 x 2,146,304 = 12,877,824 B;
// 1,073,741,824 // 12,877,824 = 83 blocks, enough for one request at 8,192 tokens (12 blocks)
// but fewer than the H100's default max_num_seqs of 1,024. The twin runs --max-num-seqs 64.
// EXPECT: max_num_seqs_exceeds_mamba_cache_blocks
// EXPECT: max_num_seqs = 1024
// EXPECT: mamba_cache_blocks = 83
// EXPECT-CXX26: max_num_seqs (1024) exceeds available Mamba cache blocks (83). Each decode sequence requires one Mamba cache block, so CUDA graph capture cannot proceed. Please lower max_num_seqs to at most 83 or increase gpu_memory_utilization.
#include <kvplan/guards.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

inline constexpr kvplan::deployment serving{.model = kvplan::models::nemotron_3_nano,
                                            .gpu = kvplan::gpus::h100_sxm,
                                            .kv_cache_memory_bytes = kvplan::GiB,
                                            .max_model_len = 8192,
#ifndef KVPLAN_COMPILE_FAIL
                                            .max_num_seqs = 64
#endif
};
static_assert(kvplan::fits<serving>());
