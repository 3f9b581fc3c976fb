// Every reason vLLM refuses a deployment before it sizes anything, checked in one place.
// SPDX-License-Identifier: Apache-2.0
//
// validate(deployment) returns the first rule a deployment breaks, or no error. The rules that
// the arithmetic also depends on (TP splits of heads and state, head sizes a packed KV format
// can store, the dtypes an MLA latent takes) are stated once, as the *_error functions of
// cache_spec.hpp and dtype.hpp, and called from both places.
#pragma once

#include "kvplan/attention_backend.hpp"
#include "kvplan/cache_spec.hpp"
#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/error.hpp"
#include "kvplan/model.hpp"
#include "kvplan/plan/settings.hpp"
#include "kvplan/units.hpp"
#include "kvplan/vllm_version.hpp"

#include <cstdint>

namespace kvplan::inline v0 {

// A plan holds at most this many pipeline stages.
inline constexpr std::int32_t max_pipeline_stages = 64;

namespace detail {
// The quantized weight formats a GPU can load (each method's get_min_capability). Without the
// tensor cores a format needs, vLLM runs it weight-only through Marlin: fp8 from sm_80
// (Fp8Config, compressed-tensors; ModelOpt FP8 wants sm_89), NVFP4 from sm_75 (ModelOpt and
// compressed-tensors NVFP4), MXFP4 from sm_80. AMD GPUs load fp8 only where they have it and
// no NVFP4.
constexpr error weight_format_error(const checkpoint& c, const gpu& g) {
  const bool amd = g.vendor == gpu_vendor::amd;
  if (is_fp8(c.format) && !g.fp8) {
    const std::int32_t needed = c.quantization == "modelopt" ? 89 : 80;
    if (amd || g.compute_capability < needed) return {errc::weights_need_newer_gpu, {g.compute_capability, needed}, c.quantization == "modelopt" ? "ModelOpt FP8" : "fp8"};
  }
  if (c.format == dtype::nvfp4 && (amd || g.compute_capability < 75))
    return {errc::weights_need_newer_gpu, {g.compute_capability, 75}, "nvfp4"};
  if (c.format == dtype::mxfp4 && !amd && g.compute_capability < 80)
    return {errc::weights_need_newer_gpu, {g.compute_capability, 80}, "mxfp4"};
  return {};
}
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

// --dtype: the deployment as vLLM runs it, the model's dtype replaced; a 16- or 32-bit float
// checkpoint is loaded in that dtype (a bfloat16 checkpoint under float32 takes twice the
// memory), a quantized one stays as it is.
constexpr deployment with_model_dtype(const deployment& d) {
  deployment e = d;
  e.model_dtype.reset();
  const dtype to = *d.model_dtype;
  e.model.torch_dtype = to;
  if (d.checkpoint >= 0 && d.checkpoint < e.model.checkpoints.size()) {
    checkpoint& c = e.model.checkpoints[d.checkpoint];
    if (is_float_dtype(c.format) && c.format != to) {
      c.bytes = checked_mul(c.bytes, millibits_per_element(to)) / millibits_per_element(c.format);
      c.format = to;
    }
  }
  return e;
}

// The TP rule one layer type breaks (QKVParallelLinear, MambaStateShapeCalculator).
constexpr error tensor_parallel_error(const layer_type& t, std::int32_t tp) {
  switch (t.kind) {
    case layer_kind::full_attention:
    case layer_kind::sliding_window:
    case layer_kind::chunked_local: return kv_heads_split_error(t.num_kv_heads, tp);
    default: return state_split_error(t, tp);
  }
}

// The rule one layer type breaks for the KV cache dtype: MLA takes no packed format, and a
// packed format needs head sizes that pack evenly.
constexpr error kv_cache_dtype_error(const layer_type& t, cache_dtype resolved, dtype model_dtype) {
  if (t.kind == layer_kind::mla) return mla_dtype_error(resolved);
  // MiniMax-M3's sparse backend stores bfloat16 or fp8 (MiniMaxM3SparseBackend.supported_kv_cache_dtypes).
  if (t.kind == layer_kind::full_attention && t.index_head_dim > 0 && is_packed(resolved))
    return {errc::minimax_m3_needs, {}, "a bfloat16 or fp8 KV cache: its sparse backend stores no other"};
  if (t.kind == layer_kind::compressed_mla) {
    if (resolved == cache_dtype::fp8_ds_mla) return {};
    return {errc::deepseek_v4_needs, {}, "an fp8 KV cache (fp8_ds_mla): vLLM's V4 attention asserts it"};
  }
  if (!is_attention(t.kind)) return {};
  const kv_element_format f = element_format(resolved, model_dtype);
  if (const error e = head_packing_error(f, t.head_size)) return e;
  return head_packing_error(f, t.head_size_v);
}

// --speculative-config, --decode-context-parallel-size, --disable-hybrid-kv-cache-manager,
// --kv-offloading-size and the shared prefix: what vLLM refuses (vllm/config/speculative.py,
// parallel.py, vllm.py) and the releases that have them.
constexpr error engine_feature_error(const deployment& d, const vllm_rules& rules) {
  const model& m = d.model;
  const std::int32_t tp = d.tensor_parallel_size;
  const speculative_decoding& sd = d.speculative;
  const std::int32_t k = sd.num_speculative_tokens;
  if (k < 0) return {errc::num_speculative_tokens_required, {}, to_string(sd.method)};
  switch (sd.method) {
    case speculative_method::none: break;
    case speculative_method::mtp:
      if (m.num_mtp_layers <= 0) return {errc::speculative_method_needs_mtp_layers};
      if (k > m.num_mtp_layers && k % m.num_mtp_layers != 0)
        return {errc::num_speculative_tokens_not_multiple_of_mtp_layers, {k, m.num_mtp_layers}};
      break;
    case speculative_method::eagle:
    case speculative_method::eagle3:
    case speculative_method::draft_model: {
      if (sd.draft.num_layers() <= 0) return {errc::speculative_method_needs_draft_model, {}, to_string(sd.method)};
      if (k < 1) return {errc::num_speculative_tokens_required, {}, to_string(sd.method)};
      if (const error e = validate(sd.draft)) return e;
      if (sd.draft.num_attention_heads % tp != 0)
        return {errc::tensor_parallel_size_must_divide_num_attention_heads, {tp, sd.draft.num_attention_heads}};
      for (const layer_type& t : sd.draft.layers.types)
        if (const error e = tensor_parallel_error(t, tp)) return e;
      break;
    }
    case speculative_method::ngram:
      if (k < 1) return {errc::num_speculative_tokens_required, {}, to_string(sd.method)};
      break;
    case speculative_method::suffix: break;
  }

  // LoRAConfig: at least one slot, a rank from vLLM's list; EP is refused for LoRA on experts.
  const lora_settings& lora = d.lora;
  if (!lora.enabled && lora.max_loras != 0) return {errc::lora_setting_without_enable_lora, {}, "--max-loras"};
  if (!lora.enabled && lora.max_lora_rank != 0) return {errc::lora_setting_without_enable_lora, {}, "--max-lora-rank"};
  if (!lora.enabled && lora.fully_sharded) return {errc::lora_setting_without_enable_lora, {}, "--fully-sharded-loras"};
  if (lora.enabled) {
    if (lora.max_loras < 0) return {errc::max_loras_must_be_positive, {lora.max_loras}};
    const std::int32_t rank = lora.max_lora_rank;
    const bool allowed = rank == 0 || (rank == 1 && rules.lora_rank_1) || rank == 8 || rank == 16 || rank == 32 ||
                         rank == 64 || rank == 128 || rank == 256 || rank == 320 || rank == 512;
    if (!allowed) return {errc::lora_rank_not_allowed, {rank}};
    for (const layer_type& t : m.layers.types)
      if (t.kind != layer_kind::full_attention && t.kind != layer_kind::sliding_window &&
          t.kind != layer_kind::chunked_local)
        return {errc::lora_not_sized_for, {}, to_string(t.kind)};
    if (d.enable_expert_parallel && m.expert_params > 0 && rules.lora_on_experts) return {errc::lora_with_expert_parallel};
  }

  // SchedulerConfig.verify_max_model_len: without chunked prefill a prompt must fit in one batch.
  if (!chunked_prefill_of(d, rules) && d.max_num_batched_tokens > 0 && d.max_num_batched_tokens < configured_max_model_len(d))
    return {errc::max_num_batched_tokens_below_max_model_len, {d.max_num_batched_tokens, configured_max_model_len(d)}};
  if (d.performance_mode != performance_mode::balanced && !rules.performance_mode_flag)
    return {errc::feature_needs_newer_vllm, {0, 17}, "--performance-mode"};
  if (d.max_cudagraph_capture_size > 0 && !rules.capture_sizes_step_16_from_256)
    return {errc::feature_needs_newer_vllm, {0, 11, 1}, "--max-cudagraph-capture-size"};

  const std::int32_t dcp = d.decode_context_parallel_size;
  if (dcp < 1) return {errc::decode_context_parallel_size_must_divide_tp, {dcp, tp}};
  if (dcp > 1) {
    if (!rules.decode_context_parallel) return {errc::feature_needs_newer_vllm, {0, 11}, "--decode-context-parallel-size"};
    if (tp % dcp != 0) return {errc::decode_context_parallel_size_must_divide_tp, {dcp, tp}};
    if (m.layers.has(layer_kind::sliding_window) || m.layers.has(layer_kind::chunked_local) ||
        m.layers.has(layer_kind::compressed_mla))
      return {errc::decode_context_parallel_not_with_local_attention};
    // dcp in [1, tp / H]: each DCP rank keeps whole KV heads (MLA: H = 1).
    for (const layer_type& t : m.layers.types) {
      if (t.kind != layer_kind::full_attention) continue;
      const std::int32_t copies = t.num_kv_heads >= tp ? 1 : tp / t.num_kv_heads;
      if (dcp > copies) return {errc::decode_context_parallel_size_exceeds_kv_head_copies, {dcp, copies}};
    }
  }
  if (d.disable_hybrid_kv_cache_manager && m.is_hybrid()) return {errc::hybrid_kv_cache_manager_needed};
  if (m.is_hybrid() && d.enable_prefix_caching != prefix_caching::disabled) {
    // v0.10.0 - v0.10.1: prefix caching, on by default, makes the runner raise "Prefix caching is
    // not supported for Mamba yet".
    if (!rules.hybrid_prefix_caching_dropped_when_unsupported)
      return {errc::feature_needs_newer_vllm, {0, 10, 2},
              "prefix caching (on unless --no-enable-prefix-caching) with Mamba or linear-attention layers (v0.10.0 and v0.10.1 raise NotImplementedError)"};
    if (d.enable_prefix_caching == prefix_caching::enabled && detail::supports_mamba_prefix_caching(m, rules) &&
        !rules.hybrid_prefix_caching_by_default)
      return {errc::mamba_all_cache_mode_not_modelled, {}, m.model_type};
  }
  if (!(d.kv_offloading_size_gib >= 0)) return {errc::kv_offloading_size_must_be_positive, {thousandths(d.kv_offloading_size_gib)}};
  if (d.kv_offloading_size_gib > 0 && !rules.kv_offloading_flags)
    return {errc::feature_needs_newer_vllm, {0, 11, 1}, "--kv-offloading-size"};
  if (d.limit_images < -1) return {errc::mm_limit_must_not_be_negative, {d.limit_images}, "image"};
  if (d.limit_videos < -1) return {errc::mm_limit_must_not_be_negative, {d.limit_videos}, "video"};
  if (d.limit_vision_chunks < -1)
    return {errc::mm_limit_must_not_be_negative, {d.limit_vision_chunks}, "vision_chunk"};
  if (d.language_model_only && !rules.language_model_only_flag)
    return {errc::feature_needs_newer_vllm, {0, 16}, "--language-model-only"};
  if (d.skip_mm_profiling && !rules.skip_mm_profiling_flag)
    return {errc::feature_needs_newer_vllm, {0, 10, 1}, "--skip-mm-profiling"};
  if (d.estimate_cudagraph_memory == true && !rules.estimates_cudagraph_memory)
    return {errc::feature_needs_newer_vllm, {0, 17}, "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS"};
  // Model Runner V2 as kvplan models it: the releases that chose it by default (v0.22 on).
  if (d.v2_model_runner == true && !rules.v2_runner_for_qwen3_dense)
    return {errc::feature_needs_newer_vllm, {0, 22}, "VLLM_USE_V2_MODEL_RUNNER=1 (Model Runner V2 as kvplan models it)"};
  if (d.shared_prefix_tokens < 0 || (d.max_model_len > 0 && d.shared_prefix_tokens > d.max_model_len))
    return {errc::shared_prefix_tokens_out_of_range, {d.shared_prefix_tokens}};
  return {};
}

// The architectures with rules of their own: the releases that serve them and the settings
// their kernels take (vLLM's model files; the boundaries are in rules_for()).
constexpr error architecture_error(const deployment& d, const vllm_rules& rules) {
  const model& m = d.model;
  if (d.fp4_indexer_cache && !m.layers.has(layer_kind::compressed_mla)) return {errc::fp4_indexer_cache_needs_deepseek_v4};
  if (m.layers.has(layer_kind::kimi_delta) && !rules.kimi_delta_attention)
    return {errc::feature_needs_newer_vllm, {0, 11, 1}, "Kimi Delta Attention (Kimi-Linear)"};
  if (m.model_type == "kimi_k3" && !rules.kimi_k3) return {errc::feature_needs_newer_vllm, {0, 27}, "Kimi-K3"};
  if (m.model_type == "step3p5" && !rules.step3p5) return {errc::feature_needs_newer_vllm, {0, 16}, "Step-3.5"};
  if (m.model_type == "step3p7" && !rules.step3p7) return {errc::feature_needs_newer_vllm, {0, 23}, "Step-3.7"};
  if (detail::has_block_sparse_attention(m)) {
    // vLLM PR #45381 (2026-06-16, v0.24); indexer_kv_dtype PR #45892 (2026-06-23, v0.25).
    if (!rules.minimax_m3_sparse_attention) return {errc::feature_needs_newer_vllm, {0, 24}, "MiniMax-M3"};
    if (d.block_size > 0 && d.block_size % minimax_m3_block_size != 0)
      return {errc::block_size_not_supported_by_attention_backend, {d.block_size, minimax_m3_block_size}};
    if (d.fp8_indexer_cache && (!rules.minimax_m3_indexer_kv_dtype || d.gpu.vendor != gpu_vendor::nvidia ||
                                d.gpu.compute_capability / 10 != 10))
      return {errc::minimax_m3_needs, {}, "Blackwell (sm100) and vLLM 0.25 or newer for an fp8 indexer cache (indexer_kv_dtype)"};
  } else if (d.fp8_indexer_cache) {
    return {errc::minimax_m3_needs, {}, "its block-sparse layers for indexer_kv_dtype: this model has none"};
  }
  if (m.layers.has(layer_kind::compressed_mla)) {
    // The releases whose V4 planner kvplan models (the packed groups of PR #44577 with dense
    // slabs, PR #48993, and the per-group concurrency of PR #48317), checked against a v0.28.1
    // start-up's groups; the launch planner of v0.20 padded pages otherwise.
    if (!rules.deepseek_v4_packed_planner) return {errc::feature_needs_newer_vllm, {0, 28}, "DeepSeek-V4 (its packed KV-cache planner)"};
    const std::int32_t major = d.gpu.compute_capability / 10;
    if (d.gpu.vendor != gpu_vendor::nvidia || (major != 9 && major != 10))
      return {errc::deepseek_v4_needs, {}, "a Hopper (sm90) or Blackwell (sm100) GPU: the FlashMLA sparse kernels kvplan models"};
    if (d.disable_hybrid_kv_cache_manager)
      return {errc::deepseek_v4_needs, {}, "the hybrid KV-cache manager: its sliding-window and compressor caches"};
    // _validate_mrv1_piecewise_cudagraph (PR #51768, with V2 by default, v0.28): on the V1 runner
    // (VLLM_USE_V2_MODEL_RUNNER=0, or a speculative method V2 lacks) vLLM refuses its PIECEWISE
    // graphs.
    if (rules.v2_runner_deepseek_v4 && cudagraph_mode_of(d, rules) != cudagraph_mode::none && !uses_v2_model_runner(d, rules))
      return {errc::deepseek_v4_needs, {}, "Model Runner V2 for its PIECEWISE CUDA graphs, or --enforce-eager: vLLM refuses them on V1, which VLLM_USE_V2_MODEL_RUNNER=0 and ngram, suffix or draft-model speculation select"};
    if (d.block_size > 0 && d.block_size != deepseek_v4_block_size)
      return {errc::block_size_not_supported_by_attention_backend, {d.block_size, deepseek_v4_block_size}};
  }
  return {};
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
  if (const count_t derived = derived_max_model_len(d); d.max_model_len > derived)
    return {errc::max_model_len_exceeds_derived_max, {d.max_model_len, derived}};
  if (d.max_num_seqs < 0) return {errc::max_num_seqs_must_be_positive, {d.max_num_seqs}};
  if (d.max_num_batched_tokens < 0) return {errc::max_num_batched_tokens_must_be_positive, {d.max_num_batched_tokens}};
  if (d.max_cudagraph_capture_size < 0)
    return {errc::cudagraph_capture_size_must_be_positive, {d.max_cudagraph_capture_size}};
  // The ceiling is the smaller of it and max_num_batched_tokens as vLLM resolves it.
  if (const count_t batch = batch_limits_of(d, rules_for(d.vllm), configured_max_model_len(d)).max_num_batched_tokens;
      min_of(d.max_cudagraph_capture_size, batch) > max_counted_capture_size)
    return {errc::cudagraph_capture_size_beyond_counted, {d.max_cudagraph_capture_size, max_counted_capture_size}};
  for (const std::int32_t size : d.cudagraph_capture_sizes)
    if (size < 1) return {errc::cudagraph_capture_size_must_be_positive, {size}};
  if (d.block_size < 0) return {errc::block_size_must_be_positive, {d.block_size}};
  if (d.checkpoint < 0 || (d.checkpoint > 0 && d.checkpoint >= m.checkpoints.size()))
    return {errc::checkpoint_out_of_range, {d.checkpoint, m.checkpoints.size()}};
  for (std::int32_t i = 0; i < m.layers.types.size(); ++i)
    if (const error e = detail::tensor_parallel_error(m.layers.types[static_cast<std::size_t>(i)], tp)) return e;

  // --quantization: the checkpoint's own method, or fp8 applied at load time to unquantized
  // weights (vLLM refuses a method that contradicts the checkpoint's).
  if (!d.quantization.empty()) {
    const checkpoint published = detail::published_checkpoint(d);
    if (d.quantization != published.quantization && !(d.quantization == "fp8" && published.quantization.empty()))
      return {errc::quantization_not_supported_for_checkpoint, {}, d.quantization};
  }

  // Hardware support for the formats.
  const checkpoint c = checkpoint_of(d);
  if (d.kv_cache_dtype == cache_dtype::fp8_ds_mla && !m.uses_mla()) return {errc::fp8_ds_mla_needs_mla};
  if (const error e = detail::weight_format_error(c, d.gpu)) return e;
  const bool nvidia_fp4 = d.gpu.fp4 && d.gpu.vendor == gpu_vendor::nvidia;
  const vllm_rules rules = rules_for(d.vllm);
  const cache_dtype resolved = resolve_kv_cache_dtype(d, rules);
  if (is_fp8(resolved) && !d.gpu.fp8) return {errc::kv_cache_dtype_needs_fp8_support, {d.gpu.compute_capability}};
  if (resolved == cache_dtype::nvfp4 && !nvidia_fp4) return {errc::nvfp4_needs_blackwell, {d.gpu.compute_capability}};

  for (std::int32_t i = 0; i < m.layers.types.size(); ++i)
    if (const error e = detail::kv_cache_dtype_error(m.layers.types[static_cast<std::size_t>(i)], resolved, m.torch_dtype))
      return e;

  if (const error e = detail::engine_feature_error(d, rules)) return e;
  if (const error e = detail::architecture_error(d, rules)) return e;

  // A block size no attention backend vLLM would use can take: the forced one, or every
  // candidate for the automatic choice.
  if (d.block_size > 0) {
    const attention_traits traits = attention_traits_of(m, resolved);
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

}  // namespace kvplan::inline v0
