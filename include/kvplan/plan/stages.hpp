// Step 5 of a plan: blocks and the fit check on each pipeline stage (get_kv_cache_configs).
// SPDX-License-Identifier: Apache-2.0
//
// Every GPU of a stage holds the same layers (TP ranks are identical), so one stage_plan stands
// for each of them. The engine takes the fewest blocks over the stages.
#pragma once

#include "kvplan/cache_spec.hpp"
#include "kvplan/config.hpp"
#include "kvplan/plan/kv_cache_groups.hpp"
#include "kvplan/units.hpp"
#include "kvplan/vllm_version.hpp"

#include <cstdint>

namespace kvplan::inline v0 {

// vLLM's get_pp_indices: layers split evenly, the remainder going to the stages before the
// last (VLLM_PP_LAYER_PARTITION not set).
struct layer_range {
  std::int32_t first = 0;
  std::int32_t count = 0;
};
constexpr layer_range pipeline_stage_layers(std::int32_t num_layers, std::int32_t rank, std::int32_t pp) {
  // partitions[-i] += 1 for i in 2 .. num_layers % pp + 1: stages pp-2, pp-3, ...
  const std::int32_t extra = num_layers % pp;
  const auto size = [&](std::int32_t r) { return num_layers / pp + (r <= pp - 2 && r >= pp - 1 - extra ? 1 : 0); };
  std::int32_t first = 0;
  for (std::int32_t r = 0; r < rank; ++r) first += size(r);
  return {first, size(rank)};
}

// What one pipeline stage (each GPU of it) computes.
struct stage_plan {
  std::int32_t first_layer = 0;
  std::int32_t num_layers = 0;
  count_t bytes_per_block = 0;          // the stage's pool bytes per block (0: no cache layers)
  count_t num_blocks = 0;               // available // bytes_per_block, before the minimum
  count_t needed_bytes = 0;             // one request at the plan's max_model_len
  count_t usable_kv_cache_bytes = 0;    // what the fit check compares against
  count_t estimated_max_model_len = 0;  // largest length up to the requested one that fits (0: none)
  count_t largest_max_model_len = 0;    // the same, up to the model's maximum
  count_t kv_bytes_per_token = 0;       // attention KV per token on one GPU of the stage
  count_t state_bytes_per_request = 0;  // Mamba / linear state per request on one GPU
};

// The stage's blocks and fit check at the requested length `bounds.max_model_len`; the model's
// maximum bounds how far the largest fitting length is searched. `available` is the stage's
// KV memory (the budget, or num_gpu_blocks_override blocks when that is given: pass 0 for
// `blocks_override` otherwise).
constexpr stage_plan plan_stage(const kv_cache_groups& g, const layer_stack& layers, layer_range range,
                                const request_bounds& bounds, count_t model_max_len, count_t available,
                                count_t blocks_override, const vllm_rules& rules) {
  stage_plan st;
  st.first_layer = range.first;
  st.num_layers = range.count;
  const layer_range_usage u = usage_of(g, count_layer_types(layers, range.first, range.count));
  st.bytes_per_block = u.bytes_per_block;
  st.kv_bytes_per_token = u.kv_bytes_per_token;
  st.state_bytes_per_request = u.state_bytes_per_request;
  if (st.bytes_per_block == 0) return st;  // a stage without cache layers constrains nothing

  // get_kv_cache_configs: num_blocks per worker, the null block reserved in the check (v0.29+).
  if (blocks_override > 0) available = checked_mul(blocks_override, st.bytes_per_block);
  st.num_blocks = available > 0 ? available / st.bytes_per_block : 0;
  st.usable_kv_cache_bytes = rules.reserves_null_block_in_fit_check ? available - st.bytes_per_block : available;

  // _estimate_max_model_len_from_groups: a binary search on [1, max_model_len].
  const auto fits_len = [&](count_t len) {
    request_bounds r = bounds;
    r.max_model_len = len;
    return checked_mul(st.bytes_per_block, blocks_per_request(g, r)) <= st.usable_kv_cache_bytes;
  };
  // The largest length in [lo, hi] that fits, given that lo - 1 does (lo - 1 when none).
  const auto largest_fitting = [&](count_t lo, count_t hi) {
    count_t best = lo - 1;
    while (lo <= hi) {
      const count_t mid = lo + (hi - lo) / 2;
      if (fits_len(mid)) {
        best = mid;
        lo = mid + 1;
      } else {
        hi = mid - 1;
      }
    }
    return best;
  };
  // The need grows with the length, so a length that fits makes the search below it moot: the
  // common case (the requested length fits) costs one evaluation instead of seventeen.
  const auto search = [&](count_t lo, count_t hi) { return fits_len(hi) ? hi : largest_fitting(lo, hi - 1); };
  const count_t requested = bounds.max_model_len;
  st.estimated_max_model_len = st.usable_kv_cache_bytes > 0 && fits_len(1) ? search(1, requested) : 0;
  // Past the requested length, up to the model's maximum: what the length could be raised to.
  st.largest_max_model_len = st.estimated_max_model_len == requested && requested < model_max_len
                                 ? search(requested + 1, model_max_len)
                                 : st.estimated_max_model_len;
  return st;
}

}  // namespace kvplan::inline v0
