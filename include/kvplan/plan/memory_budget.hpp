// Step 4 of a plan: the memory each GPU gives the KV cache (Worker.determine_available_memory).
// SPDX-License-Identifier: Apache-2.0
//
//   requested = ceil(total x gpu_memory_utilization)
//   available = requested - (weights + activation peak + non-torch) - CUDA graphs (v0.21+)
// or exactly --kv-cache-memory-bytes, which skips the profile. vLLM measures the non-KV terms at
// start-up; a plan takes them from deployment::memory when given, else estimates them.
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/model.hpp"
#include "kvplan/plan/settings.hpp"
#include "kvplan/units.hpp"

#include <cstdint>

namespace kvplan::inline v0 {

// Default estimates of the memory vLLM measures at start-up (per GPU). They are rough: feed
// the figures from your own logs through deployment::memory when you have them.
namespace estimates {
// Activation peak of the profile run. llm-d measured 4.76-7.38 GiB on H100 with vLLM's
// default 1024 sequences (llm-d-benchmark, config_explorer/empirical-vllm-memory-results.md);
// it tracks the sampler's max_num_seqs x vocab_size logits (Llama-3.1-8B, vocab 128,256:
// 4.76 GiB; Qwen3, 151,936: 5.56-5.64 GiB; gpt-oss, 201,088: 7.38 GiB), which this fits as
// 0.5 GiB + 9 x max_num_seqs x vocab_size x 4 bytes.
constexpr count_t activation_bytes(std::int32_t max_num_seqs, std::int32_t vocab_size) {
  return GiB / 2 + checked_mul(checked_mul(9 * 4, max_num_seqs), vocab_size);
}
// Memory outside torch: llm-d measured 0.13 GiB on one GPU, 0.55 GiB with TP = 2 (NCCL).
constexpr count_t non_torch_bytes(std::int32_t world_size) {
  return world_size > 1 ? 55 * GiB / 100 : 13 * GiB / 100;
}
// CUDA-graph memory: llm-d measured -0.45 .. +1.03 GiB; kvplan assumes 0.5 GiB.
inline constexpr count_t cudagraph_bytes = GiB / 2;

// Bytes of a checkpoint whose size was not published, split into the routed experts and the
// rest: parameters x the format's bits, except what quantization leaves in the model dtype:
// the embedding and lm_head tables (one when tied) under every method, and with mxfp4 (gpt-oss)
// everything but the experts.
struct weight_bytes_split {
  double dense = 0;
  double experts = 0;
};
constexpr weight_bytes_split checkpoint_bytes_from_params(const model& m, const checkpoint& c) {
  const auto bytes = [](double params, dtype t) { return params * static_cast<double>(millibits_per_element(t)) / 8000.0; };
  const double experts = static_cast<double>(m.expert_params);
  const double rest = static_cast<double>(m.total_params) - experts;
  if (is_float_dtype(c.format)) return {bytes(rest, c.format), bytes(experts, c.format)};
  if (c.format == dtype::mxfp4) return {bytes(rest, m.torch_dtype), bytes(experts, c.format)};
  const double tables = static_cast<double>(m.vocab_size) * static_cast<double>(m.hidden_size) *
                        (m.tie_word_embeddings ? 1.0 : 2.0);
  const double quantized_dense = rest > tables ? rest - tables : 0.0;
  return {bytes(quantized_dense, c.format) + bytes(rest - quantized_dense, m.torch_dtype), bytes(experts, c.format)};
}

// Weights per GPU: the checkpoint's bytes split over the TP x PP ranks; with expert
// parallelism the routed experts are split over TP x DP ranks instead of TP. A published
// total is split by the experts' share of the parameters.
constexpr count_t weights_bytes(const model& m, const checkpoint& c, std::int32_t tp, std::int32_t pp,
                                std::int32_t dp, bool expert_parallel) {
  weight_bytes_split w = checkpoint_bytes_from_params(m, c);
  if (c.bytes > 0) {
    const double share =
        m.total_params > 0 ? static_cast<double>(m.expert_params) / static_cast<double>(m.total_params) : 0.0;
    w.experts = static_cast<double>(c.bytes) * share;
    w.dense = static_cast<double>(c.bytes) - w.experts;
  }
  const double expert_ranks = static_cast<double>(tp) * static_cast<double>(pp) *
                              (expert_parallel ? static_cast<double>(dp) : 1.0);
  const double per_gpu = w.dense / (static_cast<double>(tp) * static_cast<double>(pp)) + w.experts / expert_ranks;
  return static_cast<count_t>(per_gpu + 0.5);
}
}  // namespace estimates

// One GPU's memory, in bytes.
struct memory_budget {
  count_t total_memory_bytes = 0;
  count_t requested_memory_bytes = 0;  // ceil(total x gpu_memory_utilization)
  count_t weights_bytes = 0;
  count_t activation_bytes = 0;
  count_t non_torch_bytes = 0;
  count_t cudagraph_bytes = 0;
  count_t available_kv_cache_bytes = 0;  // "Available KV cache memory"
  // What the budget leaves unused on each GPU: total - requested, or, with
  // --kv-cache-memory-bytes, total - (the estimated non-KV memory + the KV cache); negative when
  // that is more than the GPU has.
  count_t headroom_bytes = 0;
  bool kv_cache_memory_given = false;  // --kv-cache-memory-bytes: no profiling

  constexpr count_t non_kv_bytes() const {
    return checked_add(checked_add(weights_bytes, activation_bytes), checked_add(non_torch_bytes, cudagraph_bytes));
  }
};

constexpr memory_budget budget_of(const deployment& d, const engine_settings& s) {
  const model& m = d.model;
  memory_budget b;
  b.total_memory_bytes = d.gpu.total_memory_bytes;
  b.requested_memory_bytes = ceil_times(b.total_memory_bytes, s.gpu_memory_utilization);
  b.weights_bytes = d.memory.weights_bytes.value_or(0);
  if (!d.memory.weights_bytes)
    b.weights_bytes = estimates::weights_bytes(m, checkpoint_of(d), d.tensor_parallel_size, d.pipeline_parallel_size,
                                               d.data_parallel_size, d.enable_expert_parallel);
  b.activation_bytes = d.memory.activation_bytes ? *d.memory.activation_bytes
                                                 : estimates::activation_bytes(s.max_num_seqs, m.vocab_size);
  b.non_torch_bytes = d.memory.non_torch_bytes ? *d.memory.non_torch_bytes
                                               : estimates::non_torch_bytes(d.tensor_parallel_size * d.pipeline_parallel_size);
  b.cudagraph_bytes = !s.rules.subtracts_cudagraph_memory || d.enforce_eager ? 0
                      : d.memory.cudagraph_bytes                            ? *d.memory.cudagraph_bytes
                                                                            : estimates::cudagraph_bytes;
  b.kv_cache_memory_given = d.kv_cache_memory_bytes > 0;
  b.available_kv_cache_bytes = b.kv_cache_memory_given ? d.kv_cache_memory_bytes
                                                       : checked_sub(b.requested_memory_bytes, b.non_kv_bytes());
  b.headroom_bytes = b.kv_cache_memory_given
                         ? checked_sub(b.total_memory_bytes, checked_add(b.non_kv_bytes(), b.available_kv_cache_bytes))
                         : checked_sub(b.total_memory_bytes, b.requested_memory_bytes);
  return b;
}

}  // namespace kvplan::inline v0
