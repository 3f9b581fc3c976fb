// The plan: what vLLM computes at start-up for a deployment, per GPU and per pipeline stage.
// SPDX-License-Identifier: Apache-2.0
//
// Data flows one way: deployment -> resolved settings (defaults, KV dtype, backend, block
// size) -> per-rank layer specs -> KV-cache groups -> budget -> blocks, capacity, fit.
// Each step follows vLLM's own code; the function that does it names the vLLM function.
#pragma once

#include "kvplan/attention_backend.hpp"
#include "kvplan/cache_spec.hpp"
#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/error.hpp"
#include "kvplan/gpu.hpp"
#include "kvplan/layer.hpp"
#include "kvplan/model.hpp"
#include "kvplan/units.hpp"
#include "kvplan/vllm_version.hpp"

#include <array>
#include <cstdint>

namespace kvplan::inline v0 {

inline constexpr std::int32_t max_pipeline_stages = 64;
inline constexpr std::int32_t max_spec_buckets = 2 * max_layer_types;

// One bucket of identical layer specs and the KV-cache groups vLLM splits it into.
struct spec_bucket {
  layer_spec spec{};
  count_t num_layers = 0;   // layers with this spec in the whole model
  count_t num_groups = 0;   // KV-cache groups the bucket is split into
  count_t blocks_per_request = 0;  // per group, at max_model_len
};

// What one pipeline stage (one GPU of it: TP ranks are identical) computes.
struct stage_plan {
  std::int32_t first_layer = 0;
  std::int32_t num_layers = 0;
  count_t bytes_per_block = 0;         // the stage's pool bytes per block
  count_t num_blocks = 0;              // available // bytes_per_block (before the minimum)
  count_t needed_bytes = 0;            // one request at max_model_len
  count_t check_memory_bytes = 0;      // what the fit check compares against
  count_t estimated_max_model_len = 0; // largest length whose request fits (0: none)
  count_t largest_max_model_len = 0;   // the same, up to the model's maximum
  count_t kv_bytes_per_token = 0;      // attention KV per token on one GPU of the stage
  count_t state_bytes_per_request = 0; // Mamba / linear state per request on one GPU
};

// Why a computable deployment still cannot serve (errc::none when it can).
struct plan {
  // Settings as vLLM resolves them.
  vllm_version vllm{};
  attention_backend backend = attention_backend::automatic;
  cache_dtype kv_cache_dtype = cache_dtype::auto_;  // resolved: never auto
  count_t block_size = 0;
  count_t max_model_len = 0;
  count_t derived_max_model_len = 0;
  std::int32_t max_num_seqs = 0;
  count_t max_num_batched_tokens = 0;
  count_t in_flight_tokens = 0;       // what sliding / chunked layers are sized for
  bool prefix_caching = false;
  mamba_cache_mode mamba_mode = mamba_cache_mode::none;
  bool hybrid_kv_cache_manager = true;
  double gpu_memory_utilization = 0;
  bool kv_cache_memory_given = false;  // --kv-cache-memory-bytes: no profiling

  // Memory per GPU, in bytes.
  count_t total_memory_bytes = 0;
  count_t requested_memory_bytes = 0;  // ceil(total * gpu_memory_utilization)
  count_t weights_bytes = 0;
  count_t activation_bytes = 0;
  count_t non_torch_bytes = 0;
  count_t cudagraph_bytes = 0;
  count_t available_kv_cache_bytes = 0;
  // What the budget leaves unused on each GPU: total - requested, or, with
  // --kv-cache-memory-bytes, total - (the estimated non-KV memory + the KV cache); negative when
  // that is more than the GPU has.
  count_t headroom_bytes = 0;

  // Groups and blocks.
  std::array<spec_bucket, max_spec_buckets> buckets{};
  std::int32_t num_buckets = 0;
  count_t num_groups = 0;
  count_t bytes_per_block = 0;      // of the stage that limits num_gpu_blocks
  count_t num_gpu_blocks = 0;       // minimum over stages (the null block included)
  count_t blocks_per_request = 0;   // at max_model_len, over all groups

  // Capacity, as vLLM logs it: "GPU KV cache size: N tokens, Maximum concurrency for L tokens
  // per request: X x".
  double max_concurrency = 0;
  count_t kv_cache_tokens = 0;

  // Sizes per token and per request.
  count_t kv_bytes_per_token = 0;        // per GPU (the largest stage), attention layers
  count_t kv_bytes_per_token_total = 0;  // over every GPU of one engine (TP x PP)
  count_t state_bytes_per_request = 0;   // per GPU (the largest stage)
  count_t kv_bytes_per_request = 0;      // one request at max_model_len (its blocks, Mamba
                                         // state included), per GPU (the largest stage)
  count_t kv_bytes_per_request_total = 0;  // the same over every GPU of one engine (TP x PP)

  // The verdict.
  errc verdict = errc::none;
  count_t needed_bytes = 0;             // the worst stage's need at max_model_len
  count_t check_memory_bytes = 0;       // that stage's available memory as the check sees it
  count_t estimated_max_model_len = 0;  // the largest max_model_len that fits (all stages), as
                                        // vLLM estimates it: at most the requested length
  count_t largest_max_model_len = 0;    // the largest that fits up to the model's maximum

  std::array<stage_plan, max_pipeline_stages> stages{};
  std::int32_t num_stages = 0;

  constexpr bool fits() const { return verdict == errc::none; }
};

// A plan, or the reason none could be computed.
struct plan_result {
  kvplan::error error{};
  kvplan::plan plan{};
  constexpr bool ok() const { return !error; }
};

// -----------------------------------------------------------------------------------------
// Resolving vLLM's defaults
// -----------------------------------------------------------------------------------------

// vLLM's get_pp_indices: layers split evenly, the remainder going to the stages before the
// last (VLLM_PP_LAYER_PARTITION not set).
struct layer_range {
  std::int32_t first = 0;
  std::int32_t count = 0;
};
constexpr layer_range pipeline_stage_layers(std::int32_t num_layers, std::int32_t rank, std::int32_t pp) {
  std::int32_t start = 0;
  for (std::int32_t r = 0; r <= rank; ++r) {
    std::int32_t n = num_layers / pp;
    // partitions[-i] += 1 for i in 2 .. num_layers % pp + 1: stages pp-2, pp-3, ...
    const std::int32_t extra = num_layers % pp;
    if (r <= pp - 2 && r >= pp - 1 - extra) ++n;
    if (r == rank) return {start, n};
    start += n;
  }
  return {};
}

namespace detail {
constexpr bool contains_a100(std::string_view name) {
  for (std::size_t i = 0; i + 4 <= name.size(); ++i) {
    const char c = name[i];
    if ((c == 'a' || c == 'A') && name[i + 1] == '1' && name[i + 2] == '0' && name[i + 3] == '0')
      return true;
  }
  return false;
}
}  // namespace detail

// EngineArgs.get_batch_defaults for `vllm serve` (UsageContext.OPENAI_API_SERVER). vLLM reads
// the device total from NVML (the nvidia-smi total) and the device name.
struct batch_defaults {
  std::int32_t max_num_seqs = 0;
  count_t max_num_batched_tokens = 0;
};
constexpr batch_defaults api_server_batch_defaults(const gpu& g, const vllm_rules& rules) {
  const count_t device_memory = g.smi_total_mib > 0 ? g.smi_total_mib * MiB : g.total_memory_bytes;
  if (rules.has_160_gib_batch_tier && device_memory >= 160 * GiB) return {1024, 16384};
  if (device_memory >= 70 * GiB && !detail::contains_a100(g.device_name)) return {1024, 8192};
  return {256, 2048};
}

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

namespace detail {
// The checkpoint as published; a model without listed checkpoints loads its own weights in
// torch_dtype.
constexpr checkpoint published_checkpoint(const deployment& d) {
  if (d.model.checkpoints.count > 0) return d.model.checkpoints[d.checkpoint];
  return checkpoint{d.model.hf_id, d.model.torch_dtype, 0, {}, {}};
}

// --quantization fp8 on unquantized weights (vLLM's Fp8Config, dynamic scales): every linear
// layer and expert is stored in fp8 at load time; the embedding table and lm_head stay in the
// model dtype (estimates::checkpoint_bytes_from_params sizes it).
constexpr checkpoint quantized_to_fp8_at_load(checkpoint c) {
  c.bytes = 0;
  c.format = dtype::fp8_e4m3;
  c.quantization = "fp8";
  return c;
}
}  // namespace detail

// The weights a deployment loads: the checkpoint, quantized at load time when --quantization
// asks for it.
constexpr checkpoint checkpoint_of(const deployment& d) {
  const checkpoint c = detail::published_checkpoint(d);
  if (d.quantization == "fp8" && c.quantization.empty()) return detail::quantized_to_fp8_at_load(c);
  return c;
}

namespace detail {
// An out-of-range fraction in thousandths for an error message, rounded away from zero so that
// 1.0004 reads 1.001, not 1; NaN reads as 0 and magnitudes are capped, so the conversion is
// always defined.
constexpr std::int64_t thousandths(double x) {
  if (!(x == x)) return 0;
  const double scaled = (x > 1e15 ? 1e15 : x < -1e15 ? -1e15 : x) * 1000;
  const auto truncated = static_cast<std::int64_t>(scaled);
  const auto back = static_cast<double>(truncated);
  return scaled > back ? truncated + 1 : scaled < back ? truncated - 1 : truncated;
}
constexpr bool has_indexer(const model& m) {
  for (std::int32_t i = 0; i < m.layers.num_types; ++i) {
    const layer_type& t = m.layers.types[static_cast<std::size_t>(i)];
    if (t.kind == layer_kind::mla && t.index_head_dim > 0) return true;
  }
  return false;
}

// What the backend choice depends on, for a model and its resolved KV cache dtype.
constexpr attention_traits attention_traits_of(const model& m, cache_dtype resolved) {
  return {m.uses_mla(), has_indexer(m),
          resolved != cache_dtype::bfloat16 && resolved != cache_dtype::float16 && resolved != cache_dtype::auto_};
}

// The first layer of a kind class, for model-level values vLLM reads once (get_num_kv_heads,
// get_head_size, the Mamba state shape); -1 when there is none.
constexpr std::int32_t first_layer_where(const model& m, bool (*pred)(layer_kind)) {
  for (std::int32_t i = 0; i < m.layers.num_layers; ++i)
    if (pred(m.layers[i].kind)) return i;
  return -1;
}
}  // namespace detail

// The KV cache dtype vLLM ends up using. `auto` takes the checkpoint's KV scheme (ModelOpt
// kv_cache_quant_algo "FP8" -> fp8_e4m3), else the model dtype. Sparse MLA (DeepSeek-V3.2,
// GLM-5) stores any quantized cache as fp8_ds_mla and treats bfloat16 as auto.
constexpr cache_dtype resolve_kv_cache_dtype(const deployment& d, const vllm_rules& rules) {
  cache_dtype t = d.kv_cache_dtype;
  const bool sparse = detail::has_indexer(d.model);
  if (t == cache_dtype::auto_) {
    const checkpoint c = checkpoint_of(d);
    if (c.kv_cache_scheme) t = *c.kv_cache_scheme;
    if (t == cache_dtype::fp8) t = cache_dtype::fp8_e4m3;
  }
  if (sparse) {
    if (t == cache_dtype::bfloat16) t = cache_dtype::auto_;
    if (t == cache_dtype::auto_ && rules.sparse_mla_auto_is_fp8_ds_mla) t = cache_dtype::fp8_ds_mla;
    if (t == cache_dtype::auto_ && d.gpu.compute_capability / 10 == 12) t = cache_dtype::fp8_ds_mla;
    if (is_fp8(t)) t = cache_dtype::fp8_ds_mla;
  }
  if (t == cache_dtype::auto_) {
    t = d.model.torch_dtype == dtype::float16 ? cache_dtype::float16
        : d.model.torch_dtype == dtype::float32 ? cache_dtype::auto_
                                                : cache_dtype::bfloat16;
  }
  return t;
}

// -----------------------------------------------------------------------------------------
// Validation: every reason a plan cannot be computed, checked before any arithmetic.
// -----------------------------------------------------------------------------------------

namespace detail {
// --dtype: the deployment as vLLM runs it, the model's dtype replaced; a 16- or 32-bit float
// checkpoint is loaded in that dtype (a bfloat16 checkpoint under float32 takes twice the
// memory), a quantized one stays as it is.
constexpr deployment with_model_dtype(const deployment& d) {
  deployment e = d;
  e.model_dtype.reset();
  const dtype to = *d.model_dtype;
  e.model.torch_dtype = to;
  if (d.checkpoint >= 0 && d.checkpoint < e.model.checkpoints.count) {
    checkpoint& c = e.model.checkpoints[d.checkpoint];
    if (is_float_dtype(c.format) && c.format != to) {
      c.bytes = checked_mul(c.bytes, millibits_per_element(to)) / millibits_per_element(c.format);
      c.format = to;
    }
  }
  return e;
}
}  // namespace detail

constexpr error validate(const deployment& d) {
  if (d.model_dtype) {
    if (!is_float_dtype(*d.model_dtype)) return {errc::model_dtype_must_be_a_float_type, {}, to_string(*d.model_dtype)};
    return validate(detail::with_model_dtype(d));
  }
  if (const error e = validate(d.model)) return e;
  const model& m = d.model;
  const std::int32_t tp = d.tensor_parallel_size;
  if (tp < 1) return {errc::tensor_parallel_size_must_be_positive, {tp}};
  if (d.pipeline_parallel_size < 1) return {errc::pipeline_parallel_size_must_be_positive, {d.pipeline_parallel_size}};
  if (d.data_parallel_size < 1) return {errc::data_parallel_size_must_be_positive, {d.data_parallel_size}};
  if (d.pipeline_parallel_size > m.num_layers())
    return {errc::pipeline_parallel_size_exceeds_num_layers, {d.pipeline_parallel_size, m.num_layers()}};
  if (d.pipeline_parallel_size > max_pipeline_stages)
    return {errc::pipeline_parallel_size_exceeds_stage_limit, {d.pipeline_parallel_size, max_pipeline_stages}};
  // ModelConfig.verify_with_parallel_config.
  if (m.num_attention_heads % tp != 0)
    return {errc::tensor_parallel_size_must_divide_num_attention_heads, {tp, m.num_attention_heads}};
  if (!(d.gpu_memory_utilization >= 0 && d.gpu_memory_utilization <= 1.0))
    return {errc::gpu_memory_utilization_out_of_range, {detail::thousandths(d.gpu_memory_utilization)}};
  if (d.kv_cache_memory_bytes < 0) return {errc::kv_cache_memory_bytes_must_be_positive, {d.kv_cache_memory_bytes}};
  if (d.max_model_len < 0 && d.max_model_len != auto_max_model_len)
    return {errc::max_model_len_must_be_positive, {d.max_model_len}};
  if (d.max_model_len > m.max_model_len)
    return {errc::max_model_len_exceeds_derived_max, {d.max_model_len, m.max_model_len}};
  if (d.max_num_seqs < 0) return {errc::max_num_seqs_must_be_positive, {d.max_num_seqs}};
  if (d.max_num_batched_tokens < 0) return {errc::max_num_batched_tokens_must_be_positive, {d.max_num_batched_tokens}};
  if (d.block_size < 0) return {errc::block_size_must_be_positive, {d.block_size}};
  if (d.checkpoint < 0 || (d.checkpoint > 0 && d.checkpoint >= m.checkpoints.count))
    return {errc::checkpoint_out_of_range, {d.checkpoint, m.checkpoints.count}};

  // Per-layer divisibility under TP (QKVParallelLinear, MambaStateShapeCalculator).
  for (std::int32_t i = 0; i < m.layers.num_types; ++i) {
    const layer_type& t = m.layers.types[static_cast<std::size_t>(i)];
    if (t.kind == layer_kind::full_attention || t.kind == layer_kind::sliding_window ||
        t.kind == layer_kind::chunked_local) {
      if (t.num_kv_heads >= tp && t.num_kv_heads % tp != 0)
        return {errc::tensor_parallel_size_must_divide_num_kv_heads, {tp, t.num_kv_heads}};
      if (t.num_kv_heads < tp && tp % t.num_kv_heads != 0)
        return {errc::tensor_parallel_size_must_be_a_multiple_of_num_kv_heads, {tp, t.num_kv_heads}};
    }
    if (t.kind == layer_kind::mamba2 || t.kind == layer_kind::linear_attention ||
        t.kind == layer_kind::gated_deltanet) {
      if (t.state_heads % tp != 0) return {errc::tensor_parallel_size_must_divide_state_heads, {tp, t.state_heads}};
    }
    if (t.kind == layer_kind::mamba1 && t.intermediate_size % tp != 0)
      return {errc::tensor_parallel_size_must_divide_state_heads, {tp, t.intermediate_size}};
  }

  // --quantization: the checkpoint's own method, or fp8 applied at load time to unquantized
  // weights (vLLM refuses a method that contradicts the checkpoint's).
  if (!d.quantization.empty()) {
    const checkpoint published = detail::published_checkpoint(d);
    if (d.quantization != published.quantization && !(d.quantization == "fp8" && published.quantization.empty()))
      return {errc::quantization_not_supported_for_checkpoint, {}, d.quantization};
  }

  // Hardware support for the formats.
  const checkpoint c = checkpoint_of(d);
  const cache_dtype requested = d.kv_cache_dtype;
  if (requested == cache_dtype::fp8_ds_mla && !m.uses_mla())
    return {errc::fp8_ds_mla_needs_mla};
  if (is_fp8(c.format) && !d.gpu.fp8) return {errc::weight_dtype_needs_fp8_support, {d.gpu.compute_capability}};
  if (c.format == dtype::nvfp4 && !(d.gpu.fp4 && d.gpu.vendor == gpu_vendor::nvidia))
    return {errc::nvfp4_needs_blackwell, {d.gpu.compute_capability}};
  const vllm_rules rules = rules_for(d.vllm);
  const cache_dtype resolved = resolve_kv_cache_dtype(d, rules);
  if (is_fp8(resolved) && !d.gpu.fp8) return {errc::kv_cache_dtype_needs_fp8_support, {d.gpu.compute_capability}};
  if (resolved == cache_dtype::nvfp4 && !(d.gpu.fp4 && d.gpu.vendor == gpu_vendor::nvidia))
    return {errc::nvfp4_needs_blackwell, {d.gpu.compute_capability}};
  if (m.uses_mla() && (resolved == cache_dtype::nvfp4 || resolved == cache_dtype::int8_per_token_head ||
                       resolved == cache_dtype::fp8_per_token_head ||
                       resolved == cache_dtype::int4_per_token_head))
    return {errc::kv_cache_dtype_not_supported_for_mla};
  // Packed formats need head sizes that pack evenly.
  const kv_element_format f = element_format(resolved, m.torch_dtype);
  for (std::int32_t i = 0; i < m.layers.num_types; ++i) {
    const layer_type& t = m.layers.types[static_cast<std::size_t>(i)];
    if (!is_attention(t.kind) || t.kind == layer_kind::mla) continue;
    for (const count_t hs : {static_cast<count_t>(t.head_size), static_cast<count_t>(t.head_size_v)}) {
      if ((hs * f.numerator) % f.denominator != 0) return {errc::head_size_not_divisible_for_kv_cache_dtype, {hs, f.denominator}};
      if (f.scale_group > 0 && hs % f.scale_group != 0)
        return {errc::head_size_not_divisible_for_kv_cache_dtype, {hs, f.scale_group}};
    }
  }
  // A block size no attention backend vLLM would use can take: the forced one, or every
  // candidate for the automatic choice.
  if (d.block_size > 0) {
    const attention_traits traits = detail::attention_traits_of(m, resolved);
    const attention_backend chosen = d.backend != attention_backend::automatic
                                         ? d.backend
                                         : select_attention_backend(d.gpu, traits, rules, d.block_size);
    const attention_backend named =
        d.backend != attention_backend::automatic ? d.backend : default_attention_backend(d.gpu, traits, rules);
    if (chosen == attention_backend::automatic || !kernel_block_sizes_of(chosen).supports(d.block_size))
      return {errc::block_size_not_supported_by_attention_backend,
              {d.block_size, kernel_block_sizes_of(named).smallest()}};
  }
  return {};
}

// -----------------------------------------------------------------------------------------
// The computation
// -----------------------------------------------------------------------------------------

namespace detail {

// The specs a model's layers have on one rank. Layers of one layer type share their specs, so
// the table holds at most two per layer type (MLA and its indexer) and layers refer to them by
// index: a plan never copies a spec per layer.
struct spec_table {
  std::array<layer_spec, max_spec_buckets> specs{};
  std::int32_t count = 0;
  // The entry of spec k (0 or 1) of each layer type; -1 when the type has no such spec.
  std::array<std::array<std::int32_t, 2>, max_layer_types> entry{};
};

// UniformTypeKVCacheSpecs.is_uniform_type: one block size and one kind of slot demand.
constexpr bool is_uniform_type(const spec_table& t) {
  const layer_spec& first = t.specs[0];
  for (std::int32_t i = 0; i < t.count; ++i) {
    const layer_spec& x = t.specs[static_cast<std::size_t>(i)];
    if (x.block_size != first.block_size) return false;
    if (is_full_attention_like(first.kind)) {
      if (!is_full_attention_like(x.kind)) return false;
    } else if (x.kind != first.kind || x.window != first.window) {
      return false;
    }
  }
  return true;
}

// unify_kv_cache_spec_page_size: grow block sizes (or pad pages) to the largest page.
constexpr void unify_page_sizes(spec_table& t) {
  count_t max_page = 0;
  for (std::int32_t i = 0; i < t.count; ++i) max_page = max_of(max_page, t.specs[static_cast<std::size_t>(i)].page_size_bytes());
  for (std::int32_t i = 0; i < t.count; ++i) {
    layer_spec& x = t.specs[static_cast<std::size_t>(i)];
    const count_t page = x.page_size_bytes();
    if (page == max_page) continue;
    if (x.kind == spec_kind::mamba) {
      x.page_size_padded = max_page;
    } else if (max_page % page == 0) {
      x.block_size *= max_page / page;
    } else if (x.kind != spec_kind::mla) {
      x.page_size_padded = max_page;
    } else {
      fail(errc::kv_cache_dtype_not_supported_for_mla, page, max_page);
    }
  }
}

}  // namespace detail

constexpr plan compute_plan(const deployment& d) {
  if (d.model_dtype) {
    if (!is_float_dtype(*d.model_dtype)) fail(errc::model_dtype_must_be_a_float_type, 0, 0, 0, to_string(*d.model_dtype));
    return compute_plan(detail::with_model_dtype(d));
  }
  if (const error e = validate(d)) fail(e);
  const model& m = d.model;
  const gpu& g = d.gpu;
  const vllm_rules rules = rules_for(d.vllm);
  const std::int32_t tp = d.tensor_parallel_size;
  const std::int32_t pp = d.pipeline_parallel_size;

  plan p;
  p.vllm = d.vllm;
  p.num_stages = pp;

  // --- Settings --------------------------------------------------------------------------
  p.gpu_memory_utilization = d.gpu_memory_utilization > 0 ? d.gpu_memory_utilization : rules.default_gpu_memory_utilization;
  if (p.gpu_memory_utilization <= 0) fail(errc::gpu_memory_utilization_out_of_range, 0);
  p.derived_max_model_len = m.max_model_len;
  const bool auto_fit = d.max_model_len == auto_max_model_len;
  p.max_model_len = d.max_model_len > 0 ? d.max_model_len : m.max_model_len;
  p.kv_cache_dtype = resolve_kv_cache_dtype(d, rules);

  const bool hybrid = m.is_hybrid();
  // Prefix caching: on for decoder models; for hybrids only from v0.28 (PR #50991).
  p.prefix_caching = d.enable_prefix_caching == prefix_caching::enabled ||
                     (d.enable_prefix_caching == prefix_caching::by_default &&
                      (!hybrid || rules.hybrid_prefix_caching_by_default));
  p.mamba_mode = hybrid && p.prefix_caching ? mamba_cache_mode::align : mamba_cache_mode::none;
  // The hybrid KV-cache manager stays on unless chunked local attention turns it off.
  p.hybrid_kv_cache_manager = !(m.layers.has(layer_kind::chunked_local) && !rules.chunked_local_keeps_hybrid_manager);

  // Batch defaults, then vLLM's clamps for values the user did not set.
  const batch_defaults bd = api_server_batch_defaults(g, rules);
  p.max_num_seqs = d.max_num_seqs > 0 ? d.max_num_seqs : bd.max_num_seqs;
  p.max_num_batched_tokens = d.max_num_batched_tokens > 0 ? d.max_num_batched_tokens : bd.max_num_batched_tokens;
  if (d.max_num_batched_tokens == 0)
    p.max_num_batched_tokens = min_of(checked_mul(p.max_num_seqs, m.max_model_len > 0 ? p.max_model_len : 1),
                                      p.max_num_batched_tokens);
  if (d.max_num_seqs == 0) p.max_num_seqs = static_cast<std::int32_t>(min_of(p.max_num_seqs, p.max_num_batched_tokens));
  // VllmConfig.max_in_flight_tokens (v0.26+): async scheduling keeps 2 batches in flight
  // (pp + 1 with the V2 model runner, pp with the V1 runner at pp > 1).
  count_t batches = 1;
  if (rules.sizes_windows_for_batches_in_flight) {
    const bool v2 = rules.v2_model_runner_for_all_models || (!hybrid && !m.is_moe());
    batches = v2 ? pp + 1 : (pp <= 1 ? 2 : pp);
  }
  p.in_flight_tokens = checked_mul(batches, p.max_num_batched_tokens);

  // --- Backend and block size (Platform.update_block_size_for_backend) ---------------------
  const attention_traits traits = detail::attention_traits_of(m, p.kv_cache_dtype);
  p.backend = d.backend != attention_backend::automatic ? d.backend
                                                        : select_attention_backend(g, traits, rules, d.block_size);
  count_t block_size = d.block_size > 0 ? d.block_size : default_block_size(p.backend, traits, g, rules);

  rank_context ctx;
  ctx.tensor_parallel_size = tp;
  ctx.kv_cache_dtype = p.kv_cache_dtype;
  ctx.model_dtype = m.torch_dtype;
  // Mamba state dtypes (MambaStateDtypeCalculator): conv = --mamba-cache-dtype (auto = model
  // dtype); ssm = --mamba-ssm-cache-dtype, else the config's mamba_ssm_cache_dtype (NemotronH
  // hook), else the conv dtype. Lightning-attention state uses the conv rule.
  ctx.mamba_conv_dtype = d.mamba_cache_dtype ? *d.mamba_cache_dtype : m.torch_dtype;
  ctx.mamba_ssm_dtype = d.mamba_ssm_cache_dtype   ? *d.mamba_ssm_cache_dtype
                        : m.mamba_ssm_cache_dtype ? *m.mamba_ssm_cache_dtype
                                                  : ctx.mamba_conv_dtype;
  ctx.linear_state_dtype = ctx.mamba_conv_dtype;

  // Hybrid alignment (_align_hybrid_block_size): raise the attention block until one
  // attention page holds a Mamba state, then pad the Mamba page to the attention page.
  count_t mamba_page_padded = 0;
  if (hybrid) {
    const std::int32_t attn = detail::first_layer_where(m, is_attention);
    const std::int32_t state = detail::first_layer_where(m, is_state_space);
    ctx.block_size = 1;
    const count_t attn_1tok = attn < 0 ? 0
                              : m.layers[attn].kind == layer_kind::mla ? mla_bytes_per_token(m.layers[attn], ctx)
                                                                       : attention_bytes_per_token(m.layers[attn], ctx);
    const count_t mamba_page = state_bytes_per_rank(m.layers[state], ctx);
    if (attn_1tok > 0 && mamba_page > 0) {
      const count_t align = max_of(kernel_block_sizes_of(p.backend).smallest(), block_size);
      const count_t attn_block = checked_mul(align, cdiv(mamba_page, checked_mul(align, attn_1tok)));
      if (block_size < attn_block) block_size = attn_block;
      const count_t attn_page = checked_mul(block_size, attn_1tok);
      if (attn_page != mamba_page) mamba_page_padded = attn_page;
    }
  }
  p.block_size = block_size;
  ctx.block_size = block_size;

  // --- Per-rank specs of every layer type (get_kv_cache_spec on each worker) -----------------
  detail::spec_table specs;
  for (std::int32_t t = 0; t < m.layers.num_types; ++t) {
    const layer_specs ls = specs_of(m.layers.types[static_cast<std::size_t>(t)], ctx);
    for (std::int32_t k = 0; k < 2; ++k) {
      specs.entry[static_cast<std::size_t>(t)][static_cast<std::size_t>(k)] = -1;
      if (k >= ls.count) continue;
      layer_spec s = ls.spec[k];
      if (s.kind == spec_kind::mamba) {
        s.page_size_padded = mamba_page_padded;
        // mamba_block_size: the block size in align mode, max_model_len otherwise.
        s.block_size = p.mamba_mode == mamba_cache_mode::align ? block_size : p.max_model_len;
      }
      if (!p.hybrid_kv_cache_manager && (s.kind == spec_kind::sliding_window || s.kind == spec_kind::chunked_local)) {
        s.kind = spec_kind::full_attention;  // unify_hybrid_kv_cache_specs
        s.window = 0;
      }
      if (specs.count >= max_spec_buckets) fail(errc::model_has_too_many_layer_types, max_spec_buckets);
      specs.entry[static_cast<std::size_t>(t)][static_cast<std::size_t>(k)] = specs.count;
      specs.specs[static_cast<std::size_t>(specs.count++)] = s;
    }
  }
  // Only the layer types the model's layers use count.
  std::array<bool, max_spec_buckets> used{};
  for (std::int32_t layer = 0; layer < m.num_layers(); ++layer)
    for (const std::int32_t e : specs.entry[m.layers.type_index[static_cast<std::size_t>(layer)]])
      if (e >= 0) used[static_cast<std::size_t>(e)] = true;

  // --- Memory budget (Worker.determine_available_memory) -----------------------------------
  p.total_memory_bytes = g.total_memory_bytes;
  p.requested_memory_bytes = ceil_times(g.total_memory_bytes, p.gpu_memory_utilization);
  const checkpoint ckpt = checkpoint_of(d);
  p.weights_bytes = d.memory.weights_bytes ? *d.memory.weights_bytes
                                           : estimates::weights_bytes(m, ckpt, tp, pp, d.data_parallel_size,
                                                                      d.enable_expert_parallel);
  p.activation_bytes = d.memory.activation_bytes ? *d.memory.activation_bytes
                                                 : estimates::activation_bytes(p.max_num_seqs, m.vocab_size);
  p.non_torch_bytes = d.memory.non_torch_bytes ? *d.memory.non_torch_bytes : estimates::non_torch_bytes(tp * pp);
  p.cudagraph_bytes = !rules.subtracts_cudagraph_memory || d.enforce_eager ? 0
                      : d.memory.cudagraph_bytes                          ? *d.memory.cudagraph_bytes
                                                                          : estimates::cudagraph_bytes;
  p.kv_cache_memory_given = d.kv_cache_memory_bytes > 0;
  p.available_kv_cache_bytes =
      p.kv_cache_memory_given
          ? d.kv_cache_memory_bytes
          : checked_sub(p.requested_memory_bytes,
                        checked_add(checked_add(p.weights_bytes, p.activation_bytes),
                                    checked_add(p.non_torch_bytes, p.cudagraph_bytes)));
  p.headroom_bytes =
      p.kv_cache_memory_given
          ? checked_sub(p.total_memory_bytes,
                        checked_add(checked_add(checked_add(p.weights_bytes, p.activation_bytes),
                                                checked_add(p.non_torch_bytes, p.cudagraph_bytes)),
                                    p.available_kv_cache_bytes))
          : checked_sub(p.total_memory_bytes, p.requested_memory_bytes);

  // --- Groups (get_kv_cache_groups) ----------------------------------------------------------
  const request_bounds bounds{p.max_model_len, p.in_flight_tokens, p.mamba_mode, 0};
  detail::spec_table in_use;  // the specs some layer has, for the grouping decisions
  for (std::int32_t e = 0; e < specs.count; ++e)
    if (used[static_cast<std::size_t>(e)]) in_use.specs[static_cast<std::size_t>(in_use.count++)] = specs.specs[static_cast<std::size_t>(e)];
  if (in_use.count == 0) fail(errc::attention_free_model_has_no_kv_cache);
  bool all_equal = true;
  for (std::int32_t i = 1; i < in_use.count; ++i)
    all_equal = all_equal && in_use.specs[static_cast<std::size_t>(i)] == in_use.specs[0];
  const bool single_group = all_equal || detail::is_uniform_type(in_use);
  if (!single_group) detail::unify_page_sizes(specs);

  // Buckets of identical specs, in the order layers first use them, and how many layers each has.
  std::array<std::int32_t, max_spec_buckets> bucket_of{};
  for (std::int32_t layer = 0; layer < m.num_layers(); ++layer) {
    for (const std::int32_t e : specs.entry[m.layers.type_index[static_cast<std::size_t>(layer)]]) {
      if (e < 0) continue;
      const layer_spec& s = specs.specs[static_cast<std::size_t>(e)];
      std::int32_t b = 0;
      while (b < p.num_buckets && !(p.buckets[static_cast<std::size_t>(b)].spec == s)) ++b;
      if (b == p.num_buckets) p.buckets[static_cast<std::size_t>(p.num_buckets++)].spec = s;
      bucket_of[static_cast<std::size_t>(e)] = b;
      ++p.buckets[static_cast<std::size_t>(b)].num_layers;
    }
  }
  if (single_group) {
    // One group holds every layer (uniform spec, or UniformTypeKVCacheSpecs).
    p.num_groups = 1;
    for (std::int32_t b = 0; b < p.num_buckets; ++b) p.buckets[static_cast<std::size_t>(b)].num_groups = 1;
  } else {
    // _get_kv_cache_groups_uniform_page_size: the group size is the smallest bucket, or the
    // largest when it is under 1.5x the smallest; buckets split round-robin (layer j of a
    // bucket goes to its group j % num_groups).
    count_t min_layers = max_layers * 2;
    count_t max_layers_in_bucket = 0;
    for (std::int32_t b = 0; b < p.num_buckets; ++b) {
      min_layers = min_of(min_layers, p.buckets[static_cast<std::size_t>(b)].num_layers);
      max_layers_in_bucket = max_of(max_layers_in_bucket, p.buckets[static_cast<std::size_t>(b)].num_layers);
    }
    const count_t group_size = 2 * max_layers_in_bucket < 3 * min_layers ? max_layers_in_bucket : min_layers;
    for (std::int32_t b = 0; b < p.num_buckets; ++b) {
      spec_bucket& bk = p.buckets[static_cast<std::size_t>(b)];
      bk.num_groups = cdiv(bk.num_layers, group_size);
      p.num_groups += bk.num_groups;
    }
  }

  // Blocks one request needs at a given length: the sum over groups of each group's pages
  // (a UniformType group takes its layers' maximum).
  const auto blocks_per_request = [&](count_t max_model_len) {
    request_bounds r = bounds;
    r.max_model_len = max_model_len;
    count_t total = 0;
    if (single_group) {
      for (std::int32_t b = 0; b < p.num_buckets; ++b)
        total = max_of(total, max_memory_usage_pages(p.buckets[static_cast<std::size_t>(b)].spec, r));
      return total;
    }
    for (std::int32_t b = 0; b < p.num_buckets; ++b) {
      const spec_bucket& bk = p.buckets[static_cast<std::size_t>(b)];
      total += checked_mul(bk.num_groups, max_memory_usage_pages(bk.spec, r));
    }
    return total;
  };
  for (std::int32_t b = 0; b < p.num_buckets; ++b) {
    spec_bucket& bk = p.buckets[static_cast<std::size_t>(b)];
    bk.blocks_per_request = single_group ? blocks_per_request(p.max_model_len) : max_memory_usage_pages(bk.spec, bounds);
  }

  // --- Per stage: bytes per block, blocks, the fit check ---------------------------------------
  const count_t original_max_model_len = p.max_model_len;
  count_t auto_fit_len = original_max_model_len;
  for (std::int32_t stage = 0; stage < pp; ++stage) {
    stage_plan& st = p.stages[static_cast<std::size_t>(stage)];
    const layer_range range = pipeline_stage_layers(m.num_layers(), stage, pp);
    st.first_layer = range.first;
    st.num_layers = range.count;
    // _get_kv_cache_bytes_per_block: the largest group's page sum on this worker.
    std::array<count_t, 2 * max_layers> group_bytes{};
    std::array<count_t, max_spec_buckets> group_base{};
    count_t next = 0;
    for (std::int32_t b = 0; b < p.num_buckets; ++b) {
      group_base[static_cast<std::size_t>(b)] = next;
      next += p.buckets[static_cast<std::size_t>(b)].num_groups;
    }
    std::array<count_t, max_spec_buckets> position{};  // layers of each bucket seen so far
    for (std::int32_t layer = 0; layer < range.first + range.count; ++layer) {
      for (const std::int32_t e : specs.entry[m.layers.type_index[static_cast<std::size_t>(layer)]]) {
        if (e < 0) continue;
        const std::size_t b = static_cast<std::size_t>(bucket_of[static_cast<std::size_t>(e)]);
        const count_t pos = position[b]++;
        if (layer < range.first) continue;
        const layer_spec& s = specs.specs[static_cast<std::size_t>(e)];
        const std::size_t gi =
            single_group ? 0 : static_cast<std::size_t>(group_base[b] + pos % p.buckets[b].num_groups);
        group_bytes[gi] = checked_add(group_bytes[gi], s.page_size_bytes());
        if (s.kind == spec_kind::mamba)
          st.state_bytes_per_request += s.real_page_size_bytes();
        else
          st.kv_bytes_per_token += s.bytes_per_token;
      }
    }
    for (count_t gi = 0; gi < (single_group ? 1 : p.num_groups); ++gi)
      st.bytes_per_block = max_of(st.bytes_per_block, group_bytes[static_cast<std::size_t>(gi)]);
    if (st.bytes_per_block == 0) continue;  // a stage without cache layers constrains nothing

    // get_kv_cache_configs: num_blocks per worker, the null block reserved in the check.
    const count_t available = d.num_gpu_blocks_override > 0 ? checked_mul(d.num_gpu_blocks_override, st.bytes_per_block)
                                                            : p.available_kv_cache_bytes;
    st.num_blocks = available > 0 ? available / st.bytes_per_block : 0;
    st.check_memory_bytes = rules.reserves_null_block_in_fit_check ? available - st.bytes_per_block : available;

    // _estimate_max_model_len_from_groups: binary search on [1, max_model_len].
    const auto fits_len = [&](count_t len) {
      return checked_mul(st.bytes_per_block, blocks_per_request(len)) <= st.check_memory_bytes;
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
    st.estimated_max_model_len =
        st.check_memory_bytes > 0 && fits_len(1) ? largest_fitting(1, original_max_model_len) : 0;
    // Past the requested length, up to the model's maximum: what the length could be raised to.
    st.largest_max_model_len = st.estimated_max_model_len == original_max_model_len
                                   ? largest_fitting(original_max_model_len + 1, m.max_model_len)
                                   : st.estimated_max_model_len;
    auto_fit_len = min_of(auto_fit_len, st.estimated_max_model_len);
  }

  // --max-model-len auto: the largest length every stage fits.
  if (auto_fit) {
    if (auto_fit_len <= 0) {
      p.verdict = errc::cannot_auto_fit_max_model_len;
    } else {
      p.max_model_len = auto_fit_len;
    }
  }

  // Capacity and the verdict at the final max_model_len.
  const count_t per_request = blocks_per_request(p.max_model_len);
  p.blocks_per_request = per_request;
  p.num_gpu_blocks = -1;
  p.estimated_max_model_len = -1;
  p.largest_max_model_len = -1;
  std::int32_t worst = 0;
  for (std::int32_t stage = 0; stage < pp; ++stage) {
    stage_plan& st = p.stages[static_cast<std::size_t>(stage)];
    if (st.bytes_per_block == 0) continue;
    st.needed_bytes = checked_mul(st.bytes_per_block, per_request);
    if (p.num_gpu_blocks < 0 || st.num_blocks < p.num_gpu_blocks) {
      p.num_gpu_blocks = st.num_blocks;
      p.bytes_per_block = st.bytes_per_block;
    }
    if (p.estimated_max_model_len < 0 || st.estimated_max_model_len < p.estimated_max_model_len)
      p.estimated_max_model_len = st.estimated_max_model_len;
    if (p.largest_max_model_len < 0 || st.largest_max_model_len < p.largest_max_model_len)
      p.largest_max_model_len = st.largest_max_model_len;
    const bool stage_fits = st.check_memory_bytes > 0 && st.needed_bytes <= st.check_memory_bytes;
    const stage_plan& w = p.stages[static_cast<std::size_t>(worst)];
    if (!stage_fits && (w.needed_bytes <= w.check_memory_bytes || w.bytes_per_block == 0)) worst = stage;
    p.kv_bytes_per_token = max_of(p.kv_bytes_per_token, st.kv_bytes_per_token);
    p.state_bytes_per_request = max_of(p.state_bytes_per_request, st.state_bytes_per_request);
    p.kv_bytes_per_token_total += checked_mul(st.kv_bytes_per_token, tp);
    p.kv_bytes_per_request = max_of(p.kv_bytes_per_request, st.needed_bytes);
    p.kv_bytes_per_request_total += checked_mul(st.needed_bytes, tp);
  }
  const stage_plan& w = p.stages[static_cast<std::size_t>(worst)];
  p.needed_bytes = w.needed_bytes;
  p.check_memory_bytes = w.check_memory_bytes;

  // Python: max_concurrency = num_blocks / blocks_per_request (a float); the token count is
  // int(max_concurrency * max_model_len), or, before that, num_blocks // groups * block_size.
  p.max_concurrency = per_request > 0 ? static_cast<double>(p.num_gpu_blocks) / static_cast<double>(per_request) : 0.0;
  if (rules.capacity_from_concurrency) {
    p.kv_cache_tokens = static_cast<count_t>(p.max_concurrency * static_cast<double>(p.max_model_len));
  } else {
    count_t min_block = block_size;
    for (std::int32_t b = 0; b < p.num_buckets; ++b)
      if (p.buckets[static_cast<std::size_t>(b)].spec.kind != spec_kind::mamba)
        min_block = min_of(min_block, p.buckets[static_cast<std::size_t>(b)].spec.block_size);
    p.kv_cache_tokens = checked_mul(p.num_gpu_blocks / p.num_groups, min_block);
  }

  // The verdict, in the order vLLM raises: weights that cannot load, no memory left, one
  // request at max_model_len that does not fit.
  if (p.verdict == errc::none) {
    if (!p.kv_cache_memory_given && p.weights_bytes > g.total_memory_bytes)
      p.verdict = errc::weights_exceed_gpu_memory;
    else if (p.available_kv_cache_bytes <= 0 || p.check_memory_bytes <= 0)
      p.verdict = errc::no_memory_for_kv_cache;
    else if (p.needed_bytes > p.check_memory_bytes)
      p.verdict = errc::max_model_len_does_not_fit;
  }
  return p;
}

// A plan, or the error that prevents one; never throws.
constexpr plan_result try_plan(const deployment& d) {
  plan_result r;
  r.error = validate(d);
  if (r.error) return r;
  if (std::is_constant_evaluated()) {
    r.plan = compute_plan(d);
  } else {
#if defined(__cpp_exceptions)
    try {
      r.plan = compute_plan(d);
    } catch (const plan_error& e) {
      r.error = e.error();
    }
#else
    r.plan = compute_plan(d);
#endif
  }
  return r;
}

// A plan; an invalid deployment is a compile error in a constant expression and a
// kvplan::plan_error at run time. A plan that does not fit is still a plan: see plan::verdict
// and the guards in kvplan/guards.hpp.
constexpr plan make_plan(const deployment& d) { return compute_plan(d); }

}  // namespace kvplan::inline v0
