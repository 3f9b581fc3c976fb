// The operator's arithmetic around a plan: max_model_len from real request lengths, the KV-cache
// usage vLLM will report for a load, and the alert thresholds a dashboard should hold.
// SPDX-License-Identifier: Apache-2.0
//
// vLLM allocates the whole KV cache at start-up (num_gpu_blocks), so GPU memory does not grow
// with requests: what grows is the block pool's usage, the gauge vllm:kv_cache_usage_perc
// (a fraction, 1 - free blocks / (num_gpu_blocks - 1): BlockPool.get_usage, the null block
// excluded; cached prefix blocks no request holds count as free).
#pragma once

#include "kvplan/cache_spec.hpp"
#include "kvplan/config.hpp"
#include "kvplan/plan.hpp"
#include "kvplan/plan/kv_cache_groups.hpp"
#include "kvplan/units.hpp"

#include <cstdint>

namespace kvplan::inline v0 {

// --- max_model_len from request lengths (seed 003) ---------------------------------------------

// Percentiles of request lengths (prompt + completion tokens), as seed 003 takes them from a
// sorted list: p50 = lengths[n / 2], p95 = lengths[int(0.95 n)], p99 = lengths[int(0.99 n)].
struct length_percentiles {
  count_t count = 0;
  count_t p50 = 0;
  count_t p95 = 0;
  count_t p99 = 0;
  count_t max = 0;
};

// `sorted` ascending, `n` of them.
constexpr length_percentiles percentiles_of(const count_t* sorted, count_t n) {
  length_percentiles out;
  if (n <= 0) return out;
  out.count = n;
  out.p50 = sorted[n / 2];
  out.p95 = sorted[n * 95 / 100];  // int(0.95 * n), exactly
  out.p99 = sorted[n * 99 / 100];
  out.max = sorted[n - 1];
  return out;
}

// Seed 003's rule: P99 + 20% (rounded up), rounded up to whole blocks and capped at the
// model's maximum.
constexpr count_t recommended_max_model_len(count_t p99, count_t block_size, count_t model_max_len) {
  const count_t with_buffer = cdiv(checked_mul(p99, 6), 5);
  const count_t whole_blocks = block_size > 0 ? checked_mul(cdiv(with_buffer, block_size), block_size) : with_buffer;
  return model_max_len > 0 ? min_of(whole_blocks, model_max_len) : whole_blocks;
}

// --- Expected usage (seeds 001 and 003) ---------------------------------------------------------

// What `running` requests of `tokens` tokens each hold (a prefix of `shared_prefix_tokens` held
// once when prefix caching is on), and the usage vLLM's gauge reports for it, on each GPU.
struct usage_expectation {
  count_t blocks_per_request = 0;
  count_t shared_blocks = 0;     // held once for all requests
  count_t blocks = 0;            // held in all
  count_t usable_blocks = 0;     // num_gpu_blocks - 1 (the null block)
  double kv_cache_usage = 0;     // blocks / usable_blocks: vllm:kv_cache_usage_perc
  count_t kv_bytes = 0;          // blocks x bytes per block, per GPU
  bool fits = false;             // blocks <= usable_blocks: no request waits for blocks
};

namespace detail {
// The groups of a plan, as its buckets record them (one group: a uniform model; packed: some
// buckets share a set, which only the packed layout does).
constexpr kv_cache_groups groups_of(const plan& p) {
  kv_cache_groups g;
  g.buckets = p.buckets;
  g.num_groups = p.num_groups;
  g.one_group = p.num_groups == 1;
  for (std::int32_t b = 0; b < g.buckets.size() && !g.one_group; ++b) g.packed = g.packed || g.buckets[b].set != b;
  return g;
}
}  // namespace detail

constexpr usage_expectation expected_usage(const plan& p, count_t running, count_t tokens,
                                           count_t shared_prefix_tokens = 0) {
  usage_expectation u;
  if (p.attention_free || p.num_gpu_blocks <= 1) return u;
  const kv_cache_groups g = detail::groups_of(p);
  const request_bounds bounds{min_of(tokens, p.max_model_len), p.in_flight_tokens, p.mamba_mode, p.num_speculative_tokens,
                              p.decode_context_parallel_size};
  u.blocks_per_request = blocks_per_request(g, bounds);
  if (p.prefix_caching && shared_prefix_tokens > 0) {
    const count_t prefix = cdiv(min_of(shared_prefix_tokens, tokens), p.decode_context_parallel_size);
    u.shared_blocks = min_of(shared_prefix_blocks(g, prefix), u.blocks_per_request);
  }
  u.blocks = running > 0 ? checked_add(u.shared_blocks, checked_mul(running, u.blocks_per_request - u.shared_blocks)) : 0;
  u.usable_blocks = p.num_gpu_blocks - 1;
  u.kv_cache_usage = static_cast<double>(u.blocks) / static_cast<double>(u.usable_blocks);
  u.kv_bytes = checked_mul(u.blocks, p.bytes_per_block);
  u.fits = u.blocks <= u.usable_blocks;
  return u;
}

// --- Alert thresholds (seeds 001 and 003) -------------------------------------------------------

// What a dashboard should alert on for a plan: cache usage at 80% (warning) and 90% (critical),
// running requests above 80% of the concurrency the cache holds at max_model_len (and of
// max_num_seqs, which caps running requests whatever their length), any waiting request, any
// preemption.
struct alert_thresholds {
  double kv_cache_usage_warning = 0.8;
  double kv_cache_usage_critical = 0.9;
  count_t running_requests_warning = 0;  // floor(0.8 x min(max concurrency, max_num_seqs))
  count_t max_concurrency = 0;           // whole requests of max_model_len the cache holds
};

constexpr alert_thresholds alert_thresholds_of(const plan& p) {
  alert_thresholds a;
  a.max_concurrency = p.blocks_per_request > 0 ? p.num_gpu_blocks / p.blocks_per_request : 0;
  const count_t cap = min_of(a.max_concurrency, count_t{p.max_num_seqs});
  a.running_requests_warning = max_of(cap * 8 / 10, count_t{1});
  return a;
}

}  // namespace kvplan::inline v0
