// An inference engine's configuration header: the deployment it is built for, guarded.
//
// If someone changes the model, the GPU, the parallelism or the context length so that vLLM
// could not start or could not serve the traffic this engine promises, this header stops the
// build and the error says which rule broke, with the numbers. tests/compile_fail/cases/
// guarded_engine_too_small.cpp builds it with TP 2 instead of 4 to show that.
#pragma once

#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#ifndef ENGINE_TENSOR_PARALLEL_SIZE
#define ENGINE_TENSOR_PARALLEL_SIZE 4
#endif

namespace engine {

// Llama-3.1-70B-Instruct on four H100s with an fp8 KV cache, 32K context.
inline constexpr kvplan::deployment deployment{
    .model = kvplan::models::llama_3_1_70b,
    .gpu = kvplan::gpus::h100_sxm,
    .tensor_parallel_size = ENGINE_TENSOR_PARALLEL_SIZE,
    .kv_cache_dtype = kvplan::cache_dtype::fp8,
    .max_model_len = 32768,
};

// What the engine promises: vLLM starts, and 16 requests of 32K tokens fit at once.
static_assert(kvplan::fits<deployment>());
static_assert(kvplan::serves<deployment, 16>());

inline constexpr kvplan::plan plan = kvplan::make_plan(deployment);

// The launch command, fixed at compile time from the same deployment.
inline constexpr auto vllm_serve = kvplan::vllm_serve_command(deployment);

// Kernel-side constants derived from the plan (see kvplan/cuda for the block-table view).
inline constexpr kvplan::count_t kv_block_size = plan.block_size;
inline constexpr kvplan::count_t kv_num_blocks = plan.num_gpu_blocks;

}  // namespace engine
