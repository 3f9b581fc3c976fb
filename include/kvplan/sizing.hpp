// The inverse of a plan: the smallest deployments that meet a target.
// SPDX-License-Identifier: Apache-2.0
//
//   kvplan::sizing_request r{.model = kvplan::models::nemotron_3_nano, .concurrent_requests = 700,
//                            .max_model_len = 32768, .gpus = {kvplan::gpus::b200}};
//   const kvplan::sizing_result found = kvplan::smallest_deployments(r);
//   // found.options[0]: 1 x B200, TP 1, nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4
//
// A target is a number of concurrent requests at a context length (every request of
// max_model_len at once: num_gpu_blocks / blocks per request, vLLM's "Maximum concurrency"), or a
// token capacity ("GPU KV cache size") summed over data-parallel replicas. The search plans
// every GPU type x published checkpoint x KV-cache dtype x TP x PP, with as many data-parallel
// replicas (and, for MoE models, expert parallelism over them) as the target needs, and lists
// the deployments that meet it: fewest GPUs first, then the cheapest by the prices given, then
// the most capacity. Each combination vLLM refuses is kept with its reason.
//
// smallest_tensor_parallel_size is the cheap question a build asks at compile time: the
// smallest TP at which a deployment serves N requests (0 when none up to 64 does).
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/error.hpp"
#include "kvplan/gpu.hpp"
#include "kvplan/gpus.hpp"
#include "kvplan/plan.hpp"
#include "kvplan/static_vector.hpp"
#include "kvplan/units.hpp"
#include "kvplan/verdict.hpp"

#include <cstdint>
#include <string_view>

namespace kvplan::inline v0 {

// A price per GPU-hour, for ranking deployments of equal size.
struct gpu_price {
  std::string_view gpu;  // kvplan's short name
  double per_hour = 0;
};

inline constexpr std::int32_t max_sizing_gpus = 48;  // GPU types one search tries

struct sizing_request {
  kvplan::model model{};
  count_t concurrent_requests = 0;  // requests of max_model_len at once, over all replicas
  count_t kv_cache_tokens = 0;      // or: a token capacity over all replicas
  count_t max_model_len = 0;        // 0: the model's default
  // The GPU types to try (every GPU kvplan carries when empty), and what a user pays for them.
  static_vector<gpu, max_sizing_gpus> gpus{};
  static_vector<gpu_price, max_sizing_gpus> prices{};
  std::int32_t max_gpus = 64;             // per deployment, over all replicas
  std::int32_t max_gpus_per_engine = 8;   // TP x PP of one replica
  bool try_fp8_kv_cache = true;           // also try --kv-cache-dtype fp8 where the GPU has fp8
  // Other settings every candidate shares (vLLM release, utilization, batch limits, ...); its
  // model, GPU, parallel sizes, checkpoint and KV-cache dtype are the search's.
  deployment settings{};
};

// One deployment that meets the target: the search's choices (deployment_of gives the whole
// deployment back) and what the plan of one replica found.
struct sizing_option {
  gpu g{};
  std::int32_t checkpoint = 0;
  cache_dtype kv_cache_dtype = cache_dtype::auto_;
  std::int32_t tensor_parallel_size = 1;
  std::int32_t pipeline_parallel_size = 1;
  bool enable_expert_parallel = false;
  std::int32_t max_num_seqs = 0;  // > 0: lowered to the blocks a Mamba hybrid's FULL graphs allow
  std::int32_t replicas = 1;  // data_parallel_size
  std::int32_t total_gpus = 1;
  double concurrency_per_replica = 0;  // requests of max_model_len at once
  count_t kv_cache_tokens_per_replica = 0;
  count_t max_model_len = 0;
  count_t headroom_bytes = 0;        // per GPU, outside what vLLM takes
  double cost_per_hour = 0;          // 0 when no price was given
  bool within_uncertainty = false;   // the fit rests on estimates closer than their error
};

// A combination vLLM refuses (or that cannot reach the target), and why.
struct sizing_refusal {
  std::string_view gpu{};
  std::int32_t tensor_parallel_size = 1;
  std::int32_t pipeline_parallel_size = 1;
  std::int32_t checkpoint = 0;
  cache_dtype kv_cache_dtype = cache_dtype::auto_;
  error why{};  // the validation error, or the plan's verdict (errc::none: more GPUs than allowed)
};

inline constexpr std::int32_t max_sizing_options = 128;
inline constexpr std::int32_t max_sizing_refusals = 128;

struct sizing_result {
  static_vector<sizing_option, max_sizing_options> options{};  // best first
  static_vector<sizing_refusal, max_sizing_refusals> refusals{};
  std::int32_t refusals_not_kept = 0;  // beyond the list's capacity
  std::int32_t tried = 0;              // plans computed
  constexpr bool found() const { return !options.empty(); }
};

namespace detail {
constexpr bool before(const sizing_option& a, const sizing_option& b) {
  if (a.total_gpus != b.total_gpus) return a.total_gpus < b.total_gpus;
  if (a.cost_per_hour != b.cost_per_hour) return a.cost_per_hour < b.cost_per_hour;
  return a.concurrency_per_replica * a.replicas > b.concurrency_per_replica * b.replicas;
}

constexpr double price_of(const sizing_request& r, const gpu& g) {
  for (const gpu_price& p : r.prices)
    if (p.gpu == g.name) return p.per_hour;
  return 0;
}

// Replicas a plan needs for the target (0: none can reach it).
constexpr std::int32_t replicas_for(const sizing_request& r, const plan& p) {
  if (r.kv_cache_tokens > 0) {
    if (p.kv_cache_tokens <= 0) return 0;
    return static_cast<std::int32_t>(min_of(cdiv(r.kv_cache_tokens, p.kv_cache_tokens), count_t{1} << 20));
  }
  const count_t wanted = max_of(r.concurrent_requests, count_t{1});
  if (!(p.max_concurrency > 0)) return 0;
  // Whole requests: a replica serves floor(num_gpu_blocks / blocks per request) at once.
  const count_t per = p.blocks_per_request > 0 ? p.num_gpu_blocks / p.blocks_per_request : 0;
  if (per <= 0) return 0;
  return static_cast<std::int32_t>(min_of(cdiv(wanted, per), count_t{1} << 20));
}

constexpr void refuse(sizing_result& out, const deployment& d, const error& why) {
  if (!out.refusals.push_back({d.gpu.name, d.tensor_parallel_size, d.pipeline_parallel_size, d.checkpoint,
                               d.kv_cache_dtype, why}))
    ++out.refusals_not_kept;
}

// Plans one combination; adds it to the result when it meets the target with at most
// max_gpus GPUs.
constexpr void try_combination(const sizing_request& r, deployment d, sizing_result& out) {
  ++out.tried;
  plan_result planned = try_plan(d);
  if (!planned.ok()) return refuse(out, d, planned.error);
  // A hybrid with fewer blocks than the default max_num_seqs starts with --max-num-seqs lowered
  // to them (vLLM's own advice); the concurrency at max_model_len is below that anyway.
  if (planned.plan.verdict == errc::max_num_seqs_exceeds_mamba_cache_blocks && r.settings.max_num_seqs == 0) {
    d.max_num_seqs = static_cast<std::int32_t>(planned.plan.num_gpu_blocks);
    ++out.tried;
    planned = try_plan(d);
    if (!planned.ok()) return refuse(out, d, planned.error);
  }
  if (!planned.plan.fits()) return refuse(out, d, verdict_error(planned.plan));
  std::int32_t replicas = replicas_for(r, planned.plan);
  const std::int32_t engine = d.tensor_parallel_size * d.pipeline_parallel_size;
  // MoE models: expert parallelism over the replicas shards the experts, which frees memory;
  // take the fewest replicas that meet the target with it.
  if (replicas > 1 && d.model.is_moe()) {
    for (std::int32_t dp = 2; dp < replicas && dp * engine <= r.max_gpus; ++dp) {
      deployment ep = d;
      ep.data_parallel_size = dp;
      ep.enable_expert_parallel = true;
      ++out.tried;
      const plan_result with_ep = try_plan(ep);
      if (!with_ep.ok() || !with_ep.plan.fits()) continue;
      if (replicas_for(r, with_ep.plan) <= dp) {
        d = ep;
        planned = with_ep;
        replicas = dp;
        break;
      }
    }
  }
  if (replicas <= 0 || replicas * engine > r.max_gpus) return refuse(out, d, {errc::none, {replicas * engine, r.max_gpus}});
  const plan& p = planned.plan;
  sizing_option o;
  o.g = d.gpu;
  o.checkpoint = d.checkpoint;
  o.kv_cache_dtype = d.kv_cache_dtype;
  o.tensor_parallel_size = d.tensor_parallel_size;
  o.pipeline_parallel_size = d.pipeline_parallel_size;
  o.enable_expert_parallel = d.enable_expert_parallel;
  o.max_num_seqs = d.max_num_seqs;
  o.replicas = replicas;
  o.total_gpus = replicas * engine;
  o.concurrency_per_replica = p.max_concurrency;
  o.kv_cache_tokens_per_replica = p.kv_cache_tokens;
  o.max_model_len = p.max_model_len;
  o.headroom_bytes = p.headroom_bytes;
  o.cost_per_hour = price_of(r, d.gpu) * o.total_gpus;
  o.within_uncertainty = p.within_uncertainty();
  // Keep the best max_sizing_options: insert in order, dropping the worst when full.
  std::int32_t at = out.options.size();
  while (at > 0 && before(o, out.options[at - 1])) --at;
  if (at >= max_sizing_options) return;
  if (out.options.full()) out.options[max_sizing_options - 1] = o;
  else (void)out.options.push_back(o);
  for (std::int32_t i = out.options.size() - 1; i > at; --i) {
    const sizing_option t = out.options[i];
    out.options[i] = out.options[i - 1];
    out.options[i - 1] = t;
  }
}
}  // namespace detail

// The deployments that meet the request's target, best first (see the header comment).
constexpr sizing_result smallest_deployments(const sizing_request& r) {
  sizing_result out;
  static_vector<gpu, max_sizing_gpus> gpus = r.gpus;
  if (gpus.empty())
    for (const gpu& g : gpus::all) (void)gpus.push_back(g);
  const std::int32_t checkpoints = r.model.checkpoints.size() > 0 ? r.model.checkpoints.size() : 1;
  for (const gpu& g : gpus) {
    for (std::int32_t c = 0; c < checkpoints; ++c) {
      for (const bool fp8 : {false, true}) {
        if (fp8 && (!r.try_fp8_kv_cache || !g.fp8)) continue;
        if (fp8) {  // nothing new where the checkpoint's own scheme is fp8 already
          deployment probe = r.settings;
          probe.model = r.model;
          probe.gpu = g;
          probe.checkpoint = c;
          probe.kv_cache_dtype = cache_dtype::auto_;
          if (is_fp8(resolve_kv_cache_dtype(probe, rules_for(probe.vllm)))) continue;
        }
        for (std::int32_t tp = 1; tp <= r.max_gpus_per_engine; tp *= 2) {
          for (std::int32_t pp = 1; tp * pp <= r.max_gpus_per_engine; pp *= 2) {
            deployment d = r.settings;
            d.model = r.model;
            d.gpu = g;
            d.checkpoint = c;
            d.kv_cache_dtype = fp8 ? cache_dtype::fp8 : cache_dtype::auto_;
            d.tensor_parallel_size = tp;
            d.pipeline_parallel_size = pp;
            d.data_parallel_size = 1;
            d.enable_expert_parallel = false;
            d.max_model_len = r.max_model_len;
            detail::try_combination(r, d, out);
          }
        }
      }
    }
  }
  return out;
}

// The whole deployment of an option (every replica alike; data_parallel_size = replicas).
constexpr deployment deployment_of(const sizing_request& r, const sizing_option& o) {
  deployment d = r.settings;
  d.model = r.model;
  d.gpu = o.g;
  d.checkpoint = o.checkpoint;
  d.kv_cache_dtype = o.kv_cache_dtype;
  d.tensor_parallel_size = o.tensor_parallel_size;
  d.pipeline_parallel_size = o.pipeline_parallel_size;
  d.data_parallel_size = o.replicas;
  d.enable_expert_parallel = o.enable_expert_parallel;
  d.max_model_len = r.max_model_len;
  if (o.max_num_seqs > 0) d.max_num_seqs = o.max_num_seqs;
  return d;
}

// The smallest tensor-parallel size (1, 2, 4, ... 64) at which `base` serves `requests`
// concurrent requests of its max_model_len; 0 when none does.
constexpr std::int32_t smallest_tensor_parallel_size(const deployment& base, count_t requests) {
  for (std::int32_t tp = 1; tp <= 64; tp *= 2) {
    deployment d = base;
    d.tensor_parallel_size = tp;
    const plan_result r = try_plan(d);
    if (r.ok() && r.plan.fits() && r.plan.blocks_per_request > 0 &&
        r.plan.num_gpu_blocks >= requests * r.plan.blocks_per_request)
      return tp;
  }
  return 0;
}

}  // namespace kvplan::inline v0
