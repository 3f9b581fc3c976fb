// Step 4 of a plan: the memory each GPU gives the KV cache (Worker.determine_available_memory).
// SPDX-License-Identifier: Apache-2.0
//
//   requested = ceil(total x gpu_memory_utilization)
//   available = requested - (weights + activation peak + non-torch) - CUDA graphs (v0.20+)
// or exactly --kv-cache-memory-bytes, which skips the profile. vLLM measures the non-KV terms at
// start-up; a plan takes them from deployment::memory when given, else estimates them
// (kvplan/memory_profile.hpp).
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/memory_profile.hpp"
#include "kvplan/model.hpp"
#include "kvplan/plan/settings.hpp"
#include "kvplan/units.hpp"

#include <cstdint>

namespace kvplan::inline v0 {


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
  // How far available_kv_cache_bytes may be off: the uncertainties of the estimated terms (0
  // when every term is given, or with --kv-cache-memory-bytes).
  count_t uncertainty_bytes = 0;
  memory_profile profile{};  // the terms, with their parts

  constexpr count_t non_kv_bytes() const {
    return checked_add(checked_add(weights_bytes, activation_bytes), checked_add(non_torch_bytes, cudagraph_bytes));
  }
};

constexpr memory_budget budget_of(const deployment& d, const engine_settings& s) {
  memory_budget b;
  b.total_memory_bytes = d.gpu.total_memory_bytes;
  b.requested_memory_bytes = ceil_times(b.total_memory_bytes, s.gpu_memory_utilization);
  b.profile = memory_profile_of(d, s.rules, s.max_num_seqs, s.max_num_batched_tokens, s.backend);
  b.weights_bytes = b.profile.weights.bytes;
  b.activation_bytes = b.profile.activation.bytes;
  b.non_torch_bytes = b.profile.non_torch.bytes;
  b.cudagraph_bytes = b.profile.cudagraph.bytes;
  b.kv_cache_memory_given = d.kv_cache_memory_bytes > 0;
  b.uncertainty_bytes = b.kv_cache_memory_given ? 0 : b.profile.uncertainty_bytes();
  b.available_kv_cache_bytes = b.kv_cache_memory_given ? d.kv_cache_memory_bytes
                                                       : checked_sub(b.requested_memory_bytes, b.non_kv_bytes());
  b.headroom_bytes = b.kv_cache_memory_given
                         ? checked_sub(b.total_memory_bytes, checked_add(b.non_kv_bytes(), b.available_kv_cache_bytes))
                         : checked_sub(b.total_memory_bytes, b.requested_memory_bytes);
  return b;
}

}  // namespace kvplan::inline v0
