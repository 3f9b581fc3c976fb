// Step 1 of a plan: the engine settings as vLLM resolves them from the flags a user gave.
// SPDX-License-Identifier: Apache-2.0
//
// vLLM resolves its defaults before any worker starts (EngineArgs.create_engine_config), then
// fixes the block size (Platform.update_block_size_for_backend): the utilization, max_model_len,
// the KV cache dtype, prefix caching and the Mamba cache mode, the batch limits, the attention
// backend, and the block size with its hybrid alignment. Every later step reads these.
#pragma once

#include "kvplan/attention_backend.hpp"
#include "kvplan/cache_spec.hpp"
#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/gpu.hpp"
#include "kvplan/layer.hpp"
#include "kvplan/memory_profile.hpp"
#include "kvplan/model.hpp"
#include "kvplan/units.hpp"
#include "kvplan/vllm_version.hpp"

#include <cstdint>
#include <string_view>

namespace kvplan::inline v0 {

// --- Batch limits ---------------------------------------------------------------------------

namespace detail {
constexpr bool contains_a100(std::string_view name) {
  for (std::size_t i = 0; i + 4 <= name.size(); ++i) {
    const char c = name[i];
    if ((c == 'a' || c == 'A') && name[i + 1] == '1' && name[i + 2] == '0' && name[i + 3] == '0') return true;
  }
  return false;
}
}  // namespace detail

// A deployment's batch limits: max_num_seqs and max_num_batched_tokens.
struct batch_limits {
  std::int32_t max_num_seqs = 0;
  count_t max_num_batched_tokens = 0;
};

// EngineArgs.get_batch_defaults for `vllm serve` (UsageContext.OPENAI_API_SERVER). vLLM reads
// the device total from NVML (the nvidia-smi total) and the device name.
constexpr batch_limits api_server_batch_defaults(const gpu& g, const vllm_rules& rules) {
  const count_t device_memory = g.smi_total_mib > 0 ? g.smi_total_mib * MiB : g.total_memory_bytes;
  if (rules.has_160_gib_batch_tier && device_memory >= 160 * GiB) return {1024, 16384};
  if (device_memory >= 70 * GiB && !detail::contains_a100(g.device_name)) return {1024, 8192};
  return {256, 2048};
}

// The limits a deployment that sets none gets: the API server's defaults, both doubled under
// --performance-mode throughput (v0.17; arg_utils doubles each default it applies, before the
// clamps to max_model_len below).
constexpr batch_limits batch_defaults_of(const deployment& d, const vllm_rules& rules) {
  batch_limits b = api_server_batch_defaults(d.gpu, rules);
  if (d.performance_mode == performance_mode::throughput && rules.performance_mode_flag) {
    b.max_num_seqs *= 2;
    b.max_num_batched_tokens *= 2;
  }
  return b;
}

// Whether chunked prefill stays on: unless --no-enable-chunked-prefill, which vLLM honours for
// generative models from v0.12.
constexpr bool chunked_prefill_of(const deployment& d, const vllm_rules& rules) {
  return !(d.enable_chunked_prefill == false && rules.chunked_prefill_can_be_off);
}

// max_num_seqs and max_num_batched_tokens as vLLM resolves them
// (_set_default_max_num_seqs_and_batched_tokens_args): the user's, else the defaults with the
// clamps: without chunked prefill a default batch holds a whole max_model_len prompt, the batch
// at most max_num_seqs x max_model_len, max_num_seqs at most the batch.
constexpr batch_limits batch_limits_of(const deployment& d, const vllm_rules& rules, count_t max_model_len) {
  const batch_limits defaults = batch_defaults_of(d, rules);
  batch_limits b;
  b.max_num_seqs = d.max_num_seqs > 0 ? d.max_num_seqs : defaults.max_num_seqs;
  b.max_num_batched_tokens = d.max_num_batched_tokens > 0 ? d.max_num_batched_tokens : defaults.max_num_batched_tokens;
  if (d.max_num_batched_tokens == 0) {
    if (!chunked_prefill_of(d, rules)) b.max_num_batched_tokens = max_of(max_model_len, b.max_num_batched_tokens);
    b.max_num_batched_tokens = min_of(checked_mul(count_t{b.max_num_seqs}, max_model_len), b.max_num_batched_tokens);
  }
  if (d.max_num_seqs == 0) b.max_num_seqs = static_cast<std::int32_t>(min_of(count_t{b.max_num_seqs}, b.max_num_batched_tokens));
  return b;
}

// --- KV cache dtype and attention backend ----------------------------------------------------

namespace detail {
// MiniMax-M3's block-sparse layers: full attention with an indexer key cache.
constexpr bool has_block_sparse_attention(const model& m) {
  for (const layer_type& t : m.layers.types)
    if (t.kind == layer_kind::full_attention && t.index_head_dim > 0) return true;
  return false;
}
constexpr bool has_indexer(const model& m) {
  for (const layer_type& t : m.layers.types)
    if (is_latent_attention(t.kind) && t.index_head_dim > 0) return true;
  return false;
}
}  // namespace detail

// The KV cache dtype vLLM ends up using. `auto` takes the checkpoint's KV scheme (ModelOpt
// kv_cache_quant_algo "FP8" -> fp8_e4m3), else the model dtype. Sparse MLA (DeepSeek-V3.2,
// GLM-5) treats bfloat16 as auto and stores an fp8 cache as fp8_ds_mla on FLASHMLA_SPARSE, but
// in the standard fp8 layout on Blackwell's FLASHINFER_MLA_SPARSE (v0.18+, unless
// --attention-backend FLASHMLA_SPARSE; _canonicalize_sparse_mla_kv_cache_dtype).
constexpr cache_dtype resolve_kv_cache_dtype(const deployment& d, const vllm_rules& rules) {
  cache_dtype t = d.kv_cache_dtype;
  if (t == cache_dtype::auto_) {
    if (const checkpoint c = checkpoint_of(d); c.kv_cache_scheme) t = *c.kv_cache_scheme;
    if (t == cache_dtype::fp8) t = cache_dtype::fp8_e4m3;
  }
  // DeepSeek-V4 stores every quantized cache, and `auto` (vLLM PR #45091), as fp8_ds_mla.
  if (d.model.layers.has(layer_kind::compressed_mla) && (t == cache_dtype::auto_ || is_fp8(t))) return cache_dtype::fp8_ds_mla;
  if (detail::has_indexer(d.model)) {
    const bool auto_is_fp8 = rules.sparse_mla_auto_is_fp8_ds_mla || d.gpu.compute_capability / 10 == 12;
    const bool flashinfer_sparse = d.gpu.is_sm100_family() && rules.blackwell_sparse_mla_fp8_is_flashinfer &&
                                   d.backend != attention_backend::flashmla_sparse;
    if (t == cache_dtype::bfloat16) t = cache_dtype::auto_;
    if (t == cache_dtype::fp8_ds_mla) return t;  // asked for: FLASHMLA_SPARSE takes it
    if (is_fp8(t) && flashinfer_sparse) t = t == cache_dtype::fp8 ? cache_dtype::fp8_e4m3 : t;
    else if (is_fp8(t) || (t == cache_dtype::auto_ && auto_is_fp8)) t = cache_dtype::fp8_ds_mla;
  }
  if (t != cache_dtype::auto_) return t;
  switch (d.model.torch_dtype) {
    case dtype::float16: return cache_dtype::float16;
    case dtype::float32: return cache_dtype::auto_;  // 4-byte elements: element_format(auto, float32)
    default: return cache_dtype::bfloat16;
  }
}

// What the backend choice depends on, for a model and its resolved KV cache dtype.
constexpr attention_traits attention_traits_of(const model& m, cache_dtype resolved) {
  std::int32_t smallest = 0, largest = 0;
  for (const layer_type& t : m.layers.types) {
    if (!is_attention(t.kind) || is_latent_attention(t.kind) || t.head_size <= 0) continue;
    if (smallest == 0 || t.head_size < smallest) smallest = t.head_size;
    if (t.head_size > largest) largest = t.head_size;
  }
  return {m.uses_mla(), detail::has_indexer(m),
          resolved != cache_dtype::bfloat16 && resolved != cache_dtype::float16 && resolved != cache_dtype::auto_,
          resolved == cache_dtype::fp8_ds_mla, smallest != largest && largest > 256};
}

// DeepSeek-V4's only block size (its FlashMLA sparse kernels' page).
inline constexpr count_t deepseek_v4_block_size = 256;
// MiniMax-M3's sparse attention and indexer kernels take 128-token pages only ("one sparse block
// per KV page"); vLLM's default, taken from the dense first layer, is 16 and fails at start-up
// ("No common block size"), so its recipes pass --block-size 128.
inline constexpr count_t minimax_m3_block_size = 128;

// The block size a model's kernels fix where vLLM's default does not give it (DeepSeek-V4's,
// MiniMax-M3's); 0 for every other model.
constexpr count_t model_block_size(const model& m) {
  if (m.layers.has(layer_kind::compressed_mla)) return deepseek_v4_block_size;
  if (detail::has_block_sparse_attention(m)) return minimax_m3_block_size;
  return 0;
}

// --- The resolved settings -----------------------------------------------------------------

// Every setting the later steps read, as vLLM holds it after start-up resolution.
struct engine_settings {
  vllm_rules rules{};
  double gpu_memory_utilization = 0;
  count_t max_model_len = 0;          // requested (the model's maximum when not given)
  bool auto_fit_max_model_len = false;  // --max-model-len auto
  cache_dtype kv_cache_dtype = cache_dtype::auto_;  // resolved
  attention_backend backend = attention_backend::automatic;
  count_t block_size = 0;             // after the hybrid alignment
  count_t mamba_page_size_padded = 0;  // 0: Mamba pages are not padded
  bool prefix_caching = false;
  mamba_cache_mode mamba_mode = mamba_cache_mode::none;
  bool hybrid_kv_cache_manager = true;
  std::int32_t max_num_seqs = 0;
  count_t max_num_batched_tokens = 0;
  count_t in_flight_tokens = 0;  // what sliding-window and chunked layers are sized for
  bool chunked_prefill = true;   // false: --no-enable-chunked-prefill, as vLLM (v0.12+) keeps it
  bool async_scheduling = false;
  std::int32_t num_speculative_tokens = 0;  // 0: no speculative decoding
  std::int32_t decode_context_parallel_size = 1;
  rank_context rank{};           // what the per-rank layer specs depend on
};

namespace detail {
// The first layer of a kind class, for model-level values vLLM reads once (get_num_kv_heads,
// get_head_size, the Mamba state shape); -1 when there is none.
constexpr std::int32_t first_layer_where(const model& m, bool (*pred)(layer_kind)) {
  for (std::int32_t i = 0; i < m.layers.num_layers; ++i)
    if (pred(m.layers[i].kind)) return i;
  return -1;
}

// Whether the model's vLLM class declares SupportsMambaPrefixCaching (vLLM PR #27339): the
// Mamba2 family, then Mamba1 and Jamba. Until v0.28 prefix caching puts them in "all" mode.
constexpr bool supports_mamba_prefix_caching(const model& m, const vllm_rules& rules) {
  const std::string_view t = m.model_type;
  if (rules.mamba2_prefix_caching && (t == "mamba2" || t == "nemotron_h" || t == "granitemoehybrid" ||
                                      t == "falcon_h1" || t == "bamba" || t == "zamba2"))
    return true;
  return rules.mamba1_prefix_caching && (t == "mamba" || t == "jamba");
}

// _align_hybrid_block_size: raise the attention block until one attention page holds a Mamba
// state; the Mamba page is then padded to the attention page.
struct hybrid_alignment {
  count_t block_size = 0;
  count_t mamba_page_size_padded = 0;
};
constexpr hybrid_alignment align_hybrid_block_size(const model& m, rank_context ctx, attention_backend backend,
                                                   count_t block_size) {
  const std::int32_t attn = first_layer_where(m, is_attention);
  const std::int32_t state = first_layer_where(m, is_state_space);
  ctx.block_size = 1;
  const count_t attn_1tok = attn < 0                                  ? 0
                            : m.layers[attn].kind == layer_kind::mla ? mla_bytes_per_token(m.layers[attn], ctx)
                                                                     : attention_bytes_per_token(m.layers[attn], ctx);
  const count_t mamba_page = state < 0 ? 0 : state_bytes_per_rank(m.layers[state], ctx);
  if (attn_1tok <= 0 || mamba_page <= 0) return {block_size, 0};
  const count_t align = max_of(kernel_block_sizes_of(backend).smallest(), block_size);
  const count_t attn_block = checked_mul(align, cdiv(mamba_page, checked_mul(align, attn_1tok)));
  if (block_size < attn_block) block_size = attn_block;
  const count_t attn_page = checked_mul(block_size, attn_1tok);
  return {block_size, attn_page != mamba_page ? attn_page : 0};
}
}  // namespace detail

// Resolves the settings of a valid deployment (see validate()).
constexpr engine_settings resolve_settings(const deployment& d) {
  const model& m = d.model;
  engine_settings s;
  s.rules = rules_for(d.vllm);
  s.gpu_memory_utilization =
      d.gpu_memory_utilization > 0 ? d.gpu_memory_utilization : s.rules.default_gpu_memory_utilization;
  s.auto_fit_max_model_len = d.max_model_len == auto_max_model_len;
  s.max_model_len = configured_max_model_len(d);
  s.kv_cache_dtype = resolve_kv_cache_dtype(d, s.rules);

  // Prefix caching: on for decoder models; for hybrids only from v0.28 (PR #50991). Asked for on
  // a hybrid model, vLLM drops it where the model cannot have it (every hybrid in v0.10.2 -
  // v0.11.0; those without SupportsMambaPrefixCaching until align mode, v0.15). It puts Mamba
  // layers in "align" mode, or "all" for SupportsMambaPrefixCaching models before v0.28
  // (validate() refuses that mode: kvplan does not size it).
  const bool hybrid = m.is_hybrid();
  s.prefix_caching = d.enable_prefix_caching == prefix_caching::enabled ||
                     (d.enable_prefix_caching == prefix_caching::by_default &&
                      (!hybrid || s.rules.hybrid_prefix_caching_by_default));
  const bool mamba_per_block = detail::supports_mamba_prefix_caching(m, s.rules);
  if (hybrid && s.prefix_caching && !s.rules.mamba_align_mode && !mamba_per_block) s.prefix_caching = false;
  s.mamba_mode = !hybrid || !s.prefix_caching ? mamba_cache_mode::none
                 : mamba_per_block && !s.rules.hybrid_prefix_caching_by_default ? mamba_cache_mode::all
                                                                                : mamba_cache_mode::align;
  // The hybrid KV-cache manager stays on unless the user turns it off or chunked local
  // attention does.
  s.hybrid_kv_cache_manager = !d.disable_hybrid_kv_cache_manager &&
                              !(m.layers.has(layer_kind::chunked_local) && !s.rules.chunked_local_keeps_hybrid_manager);
  s.num_speculative_tokens = speculative_tokens(d);
  s.decode_context_parallel_size = d.decode_context_parallel_size;

  s.chunked_prefill = chunked_prefill_of(d, s.rules);
  const batch_limits limits = batch_limits_of(d, s.rules, s.max_model_len);
  s.max_num_seqs = limits.max_num_seqs;
  s.max_num_batched_tokens = limits.max_num_batched_tokens;
  // VllmConfig.max_in_flight_tokens (v0.26+): async scheduling keeps 2 batches in flight
  // (pp + 1 with the V2 model runner, pp with the V1 runner at pp > 1); without it, pp. Async
  // scheduling is on unless turned off, or the speculative method cannot run with it (ngram on
  // the CPU, suffix; a draft model before v0.28).
  const speculative_method sm = d.speculative.method;
  const bool spec_blocks_async = sm == speculative_method::ngram || sm == speculative_method::suffix ||
                                 (sm == speculative_method::draft_model && !s.rules.draft_model_async_scheduling);
  s.async_scheduling = d.async_scheduling.value_or(!spec_blocks_async);
  count_t batches = 1;
  if (s.rules.sizes_windows_for_batches_in_flight) {
    const std::int32_t pp = d.pipeline_parallel_size;
    batches = !s.async_scheduling ? pp : uses_v2_model_runner(d, s.rules) ? pp + 1 : (pp <= 1 ? 2 : pp);
  }
  s.in_flight_tokens = checked_mul(batches, s.max_num_batched_tokens);

  // Backend and block size (Platform.update_block_size_for_backend).
  const attention_traits traits = attention_traits_of(m, s.kv_cache_dtype);
  s.backend = d.backend != attention_backend::automatic ? d.backend
                                                        : select_attention_backend(d.gpu, traits, s.rules, d.block_size);
  s.block_size = d.block_size > 0 ? d.block_size : default_block_size(s.backend, traits, d.gpu, s.rules);
  // DeepSeek-V4 runs on its FlashMLA sparse backend, whose kernels take 256-token blocks only
  // (get_supported_kernel_block_sizes; its SWA backend, asked first, prefers 256).
  if (m.layers.has(layer_kind::compressed_mla)) s.backend = attention_backend::flashmla_sparse;
  if (d.block_size == 0 && model_block_size(m) > 0) s.block_size = model_block_size(m);

  // Mamba state dtypes (MambaStateDtypeCalculator): conv = --mamba-cache-dtype (auto = model
  // dtype); ssm = --mamba-ssm-cache-dtype, else the config's mamba_ssm_cache_dtype (NemotronH
  // hook), else the conv dtype. Lightning-attention state uses the conv rule.
  rank_context& r = s.rank;
  r.tensor_parallel_size = d.tensor_parallel_size;
  r.kv_cache_dtype = s.kv_cache_dtype;
  r.model_dtype = m.torch_dtype;
  r.mamba_conv_dtype = d.mamba_cache_dtype.value_or(m.torch_dtype);
  r.mamba_ssm_dtype = d.mamba_ssm_cache_dtype ? *d.mamba_ssm_cache_dtype : m.mamba_ssm_cache_dtype.value_or(r.mamba_conv_dtype);
  r.linear_state_dtype = r.mamba_conv_dtype;
  r.speculative_conv_rows = s.num_speculative_tokens;
  r.fp4_indexer_cache = d.fp4_indexer_cache;
  r.fp8_indexer_cache = d.fp8_indexer_cache;
  if (hybrid) {
    const detail::hybrid_alignment a = detail::align_hybrid_block_size(m, r, s.backend, s.block_size);
    s.block_size = a.block_size;
    s.mamba_page_size_padded = a.mamba_page_size_padded;
  }
  r.block_size = s.block_size;
  return s;
}

}  // namespace kvplan::inline v0
