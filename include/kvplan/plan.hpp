// The plan: what vLLM computes at start-up for a deployment, per GPU and per pipeline stage.
// SPDX-License-Identifier: Apache-2.0
//
// make_plan runs vLLM's steps in vLLM's order, one header each:
//   validate.hpp               every rule that refuses a deployment outright
//   plan/settings.hpp          1. the settings vLLM resolves (defaults, KV dtype, backend, block size)
//   plan/kv_cache_groups.hpp   2-3. the layer specs on one rank and the KV-cache groups
//   plan/memory_budget.hpp     4. the memory each GPU gives the KV cache
//   plan/stages.hpp            5. blocks and the fit check on each pipeline stage
//   (here)                     6. capacity, concurrency and the verdict
#pragma once

#include "kvplan/cache_spec.hpp"
#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/error.hpp"
#include "kvplan/memory_profile.hpp"
#include "kvplan/plan/kv_cache_groups.hpp"
#include "kvplan/plan/memory_budget.hpp"
#include "kvplan/plan/settings.hpp"
#include "kvplan/plan/stages.hpp"
#include "kvplan/static_vector.hpp"
#include "kvplan/units.hpp"
#include "kvplan/validate.hpp"
#include "kvplan/vllm_version.hpp"

#include <cstdint>

namespace kvplan::inline v0 {

// Everything vLLM computes for one deployment at start-up. Memory figures are per GPU.
struct plan {
  // Settings as vLLM resolves them.
  vllm_version vllm{};
  attention_backend backend = attention_backend::automatic;
  cache_dtype kv_cache_dtype = cache_dtype::auto_;  // resolved: never auto
  count_t block_size = 0;
  count_t max_model_len = 0;
  count_t derived_max_model_len = 0;  // the model's maximum
  std::int32_t max_num_seqs = 0;
  count_t max_num_batched_tokens = 0;
  count_t in_flight_tokens = 0;  // what sliding / chunked layers are sized for
  // The CUDA-graph mode as vLLM resolves it (cudagraph_mode_of), and whether it captures FULL
  // graphs.
  kvplan::cudagraph_mode cudagraph_mode = kvplan::cudagraph_mode::none;
  bool full_cudagraphs = false;
  // vLLM checks max_num_seqs against the blocks (Mamba state under FULL graphs, v0.19+).
  bool seqs_need_mamba_blocks = false;
  bool prefix_caching = false;
  mamba_cache_mode mamba_mode = mamba_cache_mode::none;
  bool hybrid_kv_cache_manager = true;
  double gpu_memory_utilization = 0;
  bool kv_cache_memory_given = false;  // --kv-cache-memory-bytes: no profiling

  // Memory per GPU, in bytes (see memory_budget).
  count_t total_memory_bytes = 0;
  count_t requested_memory_bytes = 0;
  count_t weights_bytes = 0;
  count_t activation_bytes = 0;
  count_t non_torch_bytes = 0;
  count_t cudagraph_bytes = 0;
  count_t available_kv_cache_bytes = 0;  // "Available KV cache memory"
  count_t headroom_bytes = 0;
  // How far available_kv_cache_bytes may be off: the uncertainty of the estimated non-KV terms
  // (0 when all are given from a log, or with --kv-cache-memory-bytes).
  count_t kv_cache_uncertainty_bytes = 0;
  memory_profile profile{};  // each non-KV term, given or estimated, with its parts

  // Groups and blocks.
  static_vector<spec_bucket, max_spec_buckets> buckets{};
  count_t num_groups = 0;
  count_t bytes_per_block = 0;     // of the stage that limits num_gpu_blocks
  count_t num_gpu_blocks = 0;      // minimum over stages (the null block included)
  count_t blocks_per_request = 0;  // at max_model_len, over all groups

  // Capacity, as vLLM logs it: "GPU KV cache size: N tokens, Maximum concurrency for L tokens
  // per request: X x".
  double max_concurrency = 0;
  count_t kv_cache_tokens = 0;

  // Sizes per token and per request.
  count_t kv_bytes_per_token = 0;          // per GPU (the largest stage), attention layers
  count_t kv_bytes_per_token_total = 0;    // over every GPU of one engine (TP x PP)
  count_t state_bytes_per_request = 0;     // per GPU (the largest stage)
  count_t kv_bytes_per_request = 0;        // one request at max_model_len (its blocks, Mamba
                                           // state included), per GPU (the largest stage)
  count_t kv_bytes_per_request_total = 0;  // the same over every GPU of one engine (TP x PP)

  // The verdict (errc::none when vLLM starts) and the figures of the stage that decides it.
  errc verdict = errc::none;
  count_t needed_bytes = 0;             // one request at max_model_len
  count_t usable_kv_cache_bytes = 0;    // what vLLM's check compares it with: available, less
                                        // the null block from v0.29
  count_t estimated_max_model_len = 0;  // the largest max_model_len that fits (all stages), as
                                        // vLLM estimates it: at most the requested length
  count_t largest_max_model_len = 0;    // the largest that fits up to the model's maximum

  static_vector<stage_plan, max_pipeline_stages> stages{};

  // Engine features (see kvplan::deployment).
  bool async_scheduling = false;
  std::int32_t num_speculative_tokens = 0;  // resolved; 0 without speculative decoding
  std::int32_t drafter_layers = 0;          // KV-cache layers the drafter adds (MTP or draft model)
  std::int32_t decode_context_parallel_size = 1;
  // The model has no KV cache (attention-free): vLLM skips profiling and keeps one block.
  bool attention_free = false;
  // --kv-offloading-size, native backend: the host tier over every rank of the engine
  // (CPUOffloadingSpec: size / (bytes per block x world size x block_size_factor)).
  count_t offload_blocks = 0;
  count_t offload_block_size = 0;  // tokens in one offloaded block (the lcm of the groups' sizes)
  count_t offload_tokens = 0;
  // A shared prefix (not a vLLM setting): the blocks every request holds once, and the
  // concurrency at max_model_len with them shared (prefix caching on), else as max_concurrency.
  count_t shared_prefix_tokens = 0;
  count_t shared_prefix_blocks = 0;
  double max_concurrency_with_shared_prefix = 0;

  constexpr bool fits() const { return verdict == errc::none; }
  // By how much one request at max_model_len fits (negative: how much it misses by), or, where
  // vLLM also needs a Mamba state block for each of max_num_seqs, by how much the blocks do if
  // that is less.
  constexpr count_t fit_margin_bytes() const {
    const count_t length = usable_kv_cache_bytes - needed_bytes;
    if (!seqs_need_mamba_blocks) return length;
    const count_t seqs = checked_mul(num_gpu_blocks - max_num_seqs, bytes_per_block);
    return seqs < length ? seqs : length;
  }
  // The verdict rests on estimates that may be off by more than the margin: vLLM could decide
  // the other way. A plan from measured figures is never within its uncertainty.
  constexpr bool within_uncertainty() const {
    const count_t margin = fit_margin_bytes();
    return kv_cache_uncertainty_bytes > 0 && (margin < 0 ? -margin : margin) <= kv_cache_uncertainty_bytes;
  }
};

// A plan, or the reason none could be computed.
struct plan_result {
  kvplan::error error{};
  kvplan::plan plan{};
  constexpr bool ok() const { return !error; }
};

namespace detail {
// Step 6: the plan's capacity and verdict from its stages at the final max_model_len.
constexpr void conclude(plan& p, const kv_cache_groups& g, const request_bounds& bounds, std::int32_t tp,
                        const vllm_rules& rules) {
  const count_t per_request = blocks_per_request(g, bounds);
  p.blocks_per_request = per_request;
  const stage_plan* decides = nullptr;  // the first stage that does not fit, else the last one
  bool any = false;
  for (stage_plan& st : p.stages) {
    if (st.bytes_per_block == 0) continue;
    st.needed_bytes = checked_mul(st.bytes_per_block, per_request);
    if (!any || st.num_blocks < p.num_gpu_blocks) {
      p.num_gpu_blocks = st.num_blocks;
      p.bytes_per_block = st.bytes_per_block;
    }
    p.estimated_max_model_len = any ? min_of(p.estimated_max_model_len, st.estimated_max_model_len)
                                    : st.estimated_max_model_len;
    p.largest_max_model_len = any ? min_of(p.largest_max_model_len, st.largest_max_model_len)
                                  : st.largest_max_model_len;
    any = true;
    const bool stage_fits = st.usable_kv_cache_bytes > 0 && st.needed_bytes <= st.usable_kv_cache_bytes;
    if (decides == nullptr || (!stage_fits && decides->needed_bytes <= decides->usable_kv_cache_bytes)) decides = &st;
    p.kv_bytes_per_token = max_of(p.kv_bytes_per_token, st.kv_bytes_per_token);
    p.state_bytes_per_request = max_of(p.state_bytes_per_request, st.state_bytes_per_request);
    p.kv_bytes_per_token_total += checked_mul(st.kv_bytes_per_token, tp);
    p.kv_bytes_per_request = max_of(p.kv_bytes_per_request, st.needed_bytes);
    p.kv_bytes_per_request_total += checked_mul(st.needed_bytes, tp);
  }
  p.needed_bytes = decides->needed_bytes;
  p.usable_kv_cache_bytes = decides->usable_kv_cache_bytes;

  // Python: max_concurrency = num_blocks / blocks_per_request (a float); the token count is
  // int(max_concurrency * max_model_len), or, before that, num_blocks // groups * block_size.
  p.max_concurrency = per_request > 0 ? static_cast<double>(p.num_gpu_blocks) / static_cast<double>(per_request) : 0.0;
  if (rules.capacity_from_concurrency) {
    p.kv_cache_tokens = static_cast<count_t>(p.max_concurrency * static_cast<double>(p.max_model_len));
  } else {
    count_t min_block = p.block_size;
    for (const spec_bucket& b : g.buckets)
      if (b.spec.kind != spec_kind::mamba) min_block = min_of(min_block, b.spec.block_size);
    p.kv_cache_tokens = checked_mul(checked_mul(p.num_gpu_blocks / p.num_groups, min_block), bounds.decode_context_parallel_size);
  }

  // The shared prefix: its full blocks in every full-attention and MLA group, held once (a
  // uniform group holds them in every layer's page of the same block).
  if (p.shared_prefix_tokens > 0 && p.prefix_caching && per_request > 0) {
    const count_t tokens = cdiv(p.shared_prefix_tokens, bounds.decode_context_parallel_size);
    p.shared_prefix_blocks = min_of(shared_prefix_blocks(g, tokens), per_request);
  }
  p.max_concurrency_with_shared_prefix =
      per_request > p.shared_prefix_blocks
          ? static_cast<double>(max_of(p.num_gpu_blocks - p.shared_prefix_blocks, count_t{0})) /
                static_cast<double>(per_request - p.shared_prefix_blocks)
          : p.max_concurrency;

  bool mamba = false;
  for (const spec_bucket& b : g.buckets) mamba = mamba || b.spec.kind == spec_kind::mamba;
  p.seqs_need_mamba_blocks = mamba && p.full_cudagraphs && rules.refuses_more_seqs_than_mamba_blocks;

  // The verdict, in the order vLLM raises: weights that cannot load, no memory left, one
  // request at max_model_len that does not fit, then (initialize_kv_cache) more sequences than
  // Mamba state blocks.
  if (p.verdict != errc::none) return;
  if (!p.kv_cache_memory_given && p.weights_bytes > p.total_memory_bytes)
    p.verdict = errc::weights_exceed_gpu_memory;
  else if (p.available_kv_cache_bytes <= 0 || p.usable_kv_cache_bytes <= 0)
    p.verdict = errc::no_memory_for_kv_cache;
  else if (p.needed_bytes > p.usable_kv_cache_bytes)
    p.verdict = errc::max_model_len_does_not_fit;
  // FULL decode graphs give each decoding sequence a Mamba state block (vLLM PR #38270's
  // GPUModelRunner._check_and_update_cudagraph_mode, now CompilationConfig.
  // resolve_cudagraph_mode_and_sizes: max_num_seqs > kv_cache_config.num_blocks).
  else if (p.seqs_need_mamba_blocks && p.max_num_seqs > p.num_gpu_blocks)
    p.verdict = errc::max_num_seqs_exceeds_mamba_cache_blocks;
}
}  // namespace detail

namespace detail {
// The plan of a deployment that validate() accepted.
// The model whose layers cache KV: the target's, then the drafter's (the MTP layers, or the
// draft model's layers), which vLLM registers in the same forward context and groups with them.
constexpr model with_drafter_layers(const deployment& d) {
  model m = d.model;
  const speculative_decoding& sd = d.speculative;
  if (sd.method == speculative_method::mtp) {
    m.layers.push_back(d.model.mtp_layer, d.model.num_mtp_layers);
  } else if (sd.method == speculative_method::eagle || sd.method == speculative_method::eagle3 ||
             sd.method == speculative_method::draft_model) {
    for (std::int32_t i = 0; i < sd.draft.num_layers(); ++i) m.layers.push_back(sd.draft.layers[i]);
  }
  return m;
}

constexpr bool is_attention_free(const model& m) {
  for (const layer_type& t : m.layers.types)
    if (t.kind != layer_kind::no_cache && t.kind != layer_kind::kv_shared) return false;
  return true;
}

// An attention-free model (no layer caches anything): vLLM skips the profile, makes no KV
// cache groups and keeps one block (the null block); no capacity is logged.
constexpr plan attention_free_plan(const deployment& d, const engine_settings& s, plan p) {
  p.attention_free = true;
  p.num_gpu_blocks = 1;
  const memory_budget budget = budget_of(d, s);
  p.total_memory_bytes = budget.total_memory_bytes;
  p.weights_bytes = budget.weights_bytes;
  p.profile = budget.profile;
  if (p.weights_bytes > p.total_memory_bytes) p.verdict = errc::weights_exceed_gpu_memory;
  p.estimated_max_model_len = p.largest_max_model_len = derived_max_model_len(d);
  return p;
}

constexpr plan plan_of_valid(const deployment& d) {
  if (d.model_dtype) return plan_of_valid(with_model_dtype(d));
  const model& target = d.model;
  const std::int32_t pp = d.pipeline_parallel_size;

  // 1. Settings.
  const engine_settings s = resolve_settings(d);
  plan p;
  p.vllm = d.vllm;
  p.backend = s.backend;
  p.kv_cache_dtype = s.kv_cache_dtype;
  p.block_size = s.block_size;
  p.max_model_len = s.max_model_len;
  p.derived_max_model_len = derived_max_model_len(d);
  p.max_num_seqs = s.max_num_seqs;
  // FULL graphs as the resolved mode says (not the graphs counted: a mode with FULL graphs
  // keeps them even where no listed size is a decode batch; with a speculative decoder, only
  // where every backend runs uniform batches of 1 + K tokens: cudagraph_mode_of).
  p.cudagraph_mode = cudagraph_mode_of(d, s.rules, s.backend);
  p.full_cudagraphs = has_full_cudagraphs(p.cudagraph_mode);
  p.max_num_batched_tokens = s.max_num_batched_tokens;
  p.in_flight_tokens = s.in_flight_tokens;
  p.prefix_caching = s.prefix_caching;
  p.mamba_mode = s.mamba_mode;
  p.hybrid_kv_cache_manager = s.hybrid_kv_cache_manager;
  p.gpu_memory_utilization = s.gpu_memory_utilization;
  p.async_scheduling = s.async_scheduling;
  p.num_speculative_tokens = s.num_speculative_tokens;
  p.decode_context_parallel_size = s.decode_context_parallel_size;
  p.shared_prefix_tokens = d.shared_prefix_tokens;
  const model m = with_drafter_layers(d);
  p.drafter_layers = m.num_layers() - target.num_layers();
  if (is_attention_free(m)) return attention_free_plan(d, s, p);

  // 2-3. Specs and groups.
  const kv_cache_groups g = group_layers(m, s);
  p.num_groups = g.num_groups;
  // Mamba groups keep a state slot per speculative token (MambaSpec.num_speculative_blocks).
  request_bounds bounds{s.max_model_len, s.in_flight_tokens, s.mamba_mode, s.num_speculative_tokens,
                        s.decode_context_parallel_size};
  p.buckets = g.buckets;
  for (spec_bucket& b : p.buckets) b.blocks_per_request = g.one_group ? blocks_per_request(g, bounds)
                                                                      : max_memory_usage_pages(b.spec, bounds);

  // 4. Budget.
  const memory_budget budget = budget_of(d, s);
  p.total_memory_bytes = budget.total_memory_bytes;
  p.requested_memory_bytes = budget.requested_memory_bytes;
  p.weights_bytes = budget.weights_bytes;
  p.activation_bytes = budget.activation_bytes;
  p.non_torch_bytes = budget.non_torch_bytes;
  p.cudagraph_bytes = budget.cudagraph_bytes;
  p.available_kv_cache_bytes = budget.available_kv_cache_bytes;
  p.headroom_bytes = budget.headroom_bytes;
  p.kv_cache_memory_given = budget.kv_cache_memory_given;
  p.kv_cache_uncertainty_bytes = budget.uncertainty_bytes;
  p.profile = budget.profile;

  // 5. Stages; --max-model-len auto takes the largest length every stage fits.
  count_t auto_fit_len = s.max_model_len;
  for (std::int32_t stage = 0; stage < pp; ++stage) {
    // The target's layers split over the stages; the drafter's sit on the last one.
    layer_range range = pipeline_stage_layers(target.num_layers(), stage, pp);
    if (stage == pp - 1) range.count += p.drafter_layers;
    const stage_plan st = plan_stage(g, m.layers, range, bounds, p.derived_max_model_len,
                                     budget.available_kv_cache_bytes, d.num_gpu_blocks_override, s.rules);
    if (st.bytes_per_block > 0) auto_fit_len = min_of(auto_fit_len, st.estimated_max_model_len);
    (void)p.stages.push_back(st);
  }
  if (s.auto_fit_max_model_len) {
    if (auto_fit_len <= 0)
      p.verdict = errc::cannot_auto_fit_max_model_len;
    else
      p.max_model_len = bounds.max_model_len = auto_fit_len;
  }

  // 6. Capacity and verdict.
  conclude(p, g, bounds, d.tensor_parallel_size, s.rules);

  // The host tier of --kv-offloading-size (native backend; LMCache sizes its own server).
  if (d.kv_offloading_size_gib > 0 && d.offloading_backend == kv_offloading_backend::native && p.bytes_per_block > 0) {
    count_t offloaded = 1;
    for (const spec_bucket& b : g.buckets)
      if (b.spec.kind != spec_kind::mamba) offloaded = offloaded / gcd(offloaded, b.spec.block_size) * b.spec.block_size;
    if (offloaded <= 1) offloaded = p.block_size;
    const count_t factor = max_of(offloaded / p.block_size, count_t{1});
    // int(kv_offloading_size * (1 << 30)) // (page x tensors x world_size x factor)
    const count_t bytes = static_cast<count_t>(d.kv_offloading_size_gib * static_cast<double>(GiB));
    const count_t per_block = checked_mul(checked_mul(p.bytes_per_block, count_t{d.tensor_parallel_size} * pp), factor);
    p.offload_block_size = offloaded;
    p.offload_blocks = bytes / per_block;
    p.offload_tokens = checked_mul(p.offload_blocks, offloaded);
  }
  return p;
}
}  // namespace detail

// A plan; an invalid deployment is a compile error in a constant expression and a
// kvplan::plan_error at run time. A plan that does not fit is still a plan: see plan::verdict
// and the guards in kvplan/guards.hpp.
constexpr plan make_plan(const deployment& d) {
  enforce(validate(d));
  return detail::plan_of_valid(d);
}

// A plan, or the error that prevents one; never throws.
constexpr plan_result try_plan(const deployment& d) {
  plan_result r;
  r.error = validate(d);
  if (r.error) return r;
  if (std::is_constant_evaluated()) {
    r.plan = detail::plan_of_valid(d);
  } else {
#if defined(__cpp_exceptions)
    try {  // checked arithmetic can still overflow on absurd inputs
      r.plan = detail::plan_of_valid(d);
    } catch (const plan_error& e) {
      r.error = e.error();
    }
#else
    r.plan = detail::plan_of_valid(d);
#endif
  }
  return r;
}

}  // namespace kvplan::inline v0
