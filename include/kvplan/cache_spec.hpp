// Per-rank cache specs: what one layer costs on one GPU, as vLLM's KVCacheSpec computes it.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/error.hpp"
#include "kvplan/layer.hpp"
#include "kvplan/static_vector.hpp"
#include "kvplan/units.hpp"

#include <cstdint>

namespace kvplan::inline v0 {

// vLLM's spec classes (vllm/v1/kv_cache_interface.py). MLA and the DeepSeek-V3.2 indexer are
// MLAAttentionSpec, a FullAttentionSpec subclass: they group with full attention.
enum class spec_kind : std::uint8_t { full_attention, mla, sliding_window, chunked_local, mamba };

constexpr bool is_full_attention_like(spec_kind k) {
  return k == spec_kind::full_attention || k == spec_kind::mla;
}

// vLLM's --mamba-cache-mode: how many state pages a request holds ("align" is what prefix
// caching selects for hybrid models, "none" otherwise).
enum class mamba_cache_mode : std::uint8_t { none, align, all };

// One layer's cache on one rank. Attention pages scale with block_size; Mamba pages are the
// state size, possibly padded so that every page in the pool has one size.
struct layer_spec {
  spec_kind kind = spec_kind::full_attention;
  count_t block_size = 0;
  // Attention: per-rank KV heads and head sizes, and bytes per token (all heads, K and V).
  count_t num_kv_heads = 0;
  count_t head_size = 0;
  count_t head_size_v = 0;
  count_t bytes_per_token = 0;
  count_t window = 0;  // sliding window or attention chunk, in tokens
  // Mamba: bytes of one request's state (conv + ssm) on this rank.
  count_t state_bytes = 0;
  // When set, the page is padded up to this many bytes (hybrid alignment, or the 576-byte
  // alignment FlashMLA needs for DeepSeek-V4's pages).
  count_t page_size_padded = 0;
  // Tokens per stored entry (DeepSeek-V4's compressed latents: a block of block_size tokens
  // stores block_size / compress_ratio entries of bytes_per_token bytes each).
  count_t compress_ratio = 1;
  // DeepSeek-V4's compressor state: paged like a sliding window, but a request's working state
  // rather than KV of its tokens (left out of bytes-per-token figures).
  bool compressor_state = false;

  // Bytes of one page (block_size tokens, or one state) before padding.
  constexpr count_t real_page_size_bytes() const {
    return kind == spec_kind::mamba ? state_bytes : checked_mul(block_size / compress_ratio, bytes_per_token);
  }
  constexpr count_t page_size_bytes() const {
    const count_t real = real_page_size_bytes();
    return page_size_padded > real ? page_size_padded : real;
  }

  friend constexpr bool operator==(const layer_spec&, const layer_spec&) = default;
};

// What a request may hold, given the scheduler settings that bound it.
struct request_bounds {
  count_t max_model_len = 0;
  count_t in_flight_tokens = 0;  // tokens scheduled at once (sizes sliding/chunked layers)
  mamba_cache_mode mamba_mode = mamba_cache_mode::none;
  count_t num_speculative_blocks = 0;
  // Decode context parallelism: a request's tokens interleave over this many ranks, so each
  // holds cdiv(max_model_len, dcp) of them in full-attention and MLA layers.
  count_t decode_context_parallel_size = 1;
};

// Pages one request may hold in this layer. vLLM computes max_memory_usage_bytes as a whole
// number of pages and divides by the page size again (cdiv(bytes, page_size_bytes)); counting
// the pages directly gives the same number without the two multiplications, which matters
// because the fit check's binary search evaluates this some forty times per plan.
constexpr count_t max_memory_usage_pages(const layer_spec& s, const request_bounds& r) {
  switch (s.kind) {
    case spec_kind::full_attention:
    case spec_kind::mla: return cdiv(cdiv(r.max_model_len, r.decode_context_parallel_size), s.block_size);
    case spec_kind::sliding_window:
      // The last window-1 computed tokens plus the tokens in flight, never more than
      // max_model_len; +1 block because the window need not start at a block boundary.
      return cdiv(min_of(s.window - 1 + r.in_flight_tokens, r.max_model_len), s.block_size) + 1;
    case spec_kind::chunked_local: return cdiv(min_of(s.window + r.in_flight_tokens, r.max_model_len), s.block_size);
    case spec_kind::mamba:
      switch (r.mamba_mode) {
        case mamba_cache_mode::all: return cdiv(r.max_model_len, s.block_size) + r.num_speculative_blocks;
        case mamba_cache_mode::align: return 2 + r.num_speculative_blocks;
        case mamba_cache_mode::none: return 1 + r.num_speculative_blocks;
      }
  }
  return 0;
}

// Bytes one request may hold in this layer (vLLM's max_memory_usage_bytes).
constexpr count_t max_memory_usage_bytes(const layer_spec& s, const request_bounds& r) {
  return checked_mul(max_memory_usage_pages(s, r), s.page_size_bytes());
}

// What decides the specs of a layer on one rank.
struct rank_context {
  std::int32_t tensor_parallel_size = 1;
  count_t block_size = 16;
  cache_dtype kv_cache_dtype = cache_dtype::auto_;  // resolved (no `auto` ambiguity left)
  dtype model_dtype = dtype::bfloat16;                 // what `auto` means
  dtype mamba_conv_dtype = dtype::bfloat16;            // --mamba-cache-dtype, resolved
  dtype mamba_ssm_dtype = dtype::bfloat16;             // --mamba-ssm-cache-dtype, resolved
  dtype linear_state_dtype = dtype::bfloat16;          // lightning-attention state dtype
  // num_speculative_tokens: conv states keep that many more rows for the rollback of rejected
  // draft tokens (the shape functions' num_spec: Mamba-2, Gated DeltaNet, short conv).
  std::int32_t speculative_conv_rows = 0;
  bool fp4_indexer_cache = false;  // DeepSeek-V4's MXFP4 indexer rows
  bool fp8_indexer_cache = false;  // MiniMax-M3's indexer keys in fp8 (else bf16)
};

// The TP rule for attention heads (QKVParallelLinear): with at least as many KV heads as
// ranks the heads must split evenly; with fewer, each head is replicated, so the TP size must be
// a multiple of them. validate() and the arithmetic share it.
constexpr error kv_heads_split_error(count_t total_kv_heads, std::int32_t tp) {
  if (total_kv_heads >= tp && total_kv_heads % tp != 0)
    return {errc::tensor_parallel_size_must_divide_num_kv_heads, {tp, total_kv_heads}};
  if (total_kv_heads < tp && tp % total_kv_heads != 0)
    return {errc::tensor_parallel_size_must_be_a_multiple_of_num_kv_heads, {tp, total_kv_heads}};
  return {};
}

// KV heads on one rank: vLLM's max(1, total // tp).
constexpr count_t kv_heads_per_rank(count_t total_kv_heads, std::int32_t tp) {
  enforce(kv_heads_split_error(total_kv_heads, tp));
  return total_kv_heads >= tp ? total_kv_heads / tp : 1;
}

namespace detail {
// mamba_utils.extra_groups_for_head_shards: groups are replicated up to the TP size when
// they do not split evenly.
constexpr count_t mamba_groups_per_tp(count_t n_groups, std::int32_t tp) {
  return n_groups % tp == 0 ? n_groups : n_groups + (tp - n_groups);
}
// The dimensions of a state layer that vLLM shards over TP with divide(), which asserts an
// exact split: the heads (or Mamba-1 channels) and the conv channels.
constexpr count_t mamba2_conv_dim(const layer_type& t, std::int32_t tp) {
  return checked_add(checked_mul(t.state_heads, t.state_head_dim),
                     checked_mul(2 * detail::mamba_groups_per_tp(t.n_groups, tp), t.state_size));
}
constexpr count_t gated_deltanet_conv_dim(const layer_type& t) {
  return checked_add(checked_mul(2 * count_t{t.state_key_dim}, t.state_key_heads),
                     checked_mul(t.state_head_dim, t.state_heads));
}
}  // namespace detail

// The TP rule for state layers (MambaStateShapeCalculator's divide()): every sharded dimension
// splits evenly. validate() and the arithmetic share it.
constexpr error state_split_error(const layer_type& t, std::int32_t tp) {
  const auto check = [tp](count_t dim) -> error {
    if (dim % tp != 0) return {errc::tensor_parallel_size_must_divide_state_heads, {tp, dim}};
    return {};
  };
  switch (t.kind) {
    case layer_kind::mamba2:
      if (const error e = check(t.state_heads)) return e;
      return check(detail::mamba2_conv_dim(t, tp));
    case layer_kind::mamba1:
    case layer_kind::short_conv: return check(t.intermediate_size);
    case layer_kind::linear_attention: return check(t.state_heads);
    case layer_kind::gated_deltanet:
      if (const error e = check(t.state_heads)) return e;
      return check(detail::gated_deltanet_conv_dim(t));
    case layer_kind::kimi_delta: return check(t.state_heads);
    default: return {};
  }
}

// Bytes of one request's state for a state-space / linear layer on one rank
// (vllm/model_executor/layers/mamba/mamba_utils.py, MambaStateShapeCalculator).
constexpr count_t state_bytes_per_rank(const layer_type& t, const rank_context& c) {
  const std::int32_t tp = c.tensor_parallel_size;
  enforce(state_split_error(t, tp));
  const count_t conv_b = element_bytes(c.mamba_conv_dtype);
  const count_t ssm_b = element_bytes(c.mamba_ssm_dtype);
  switch (t.kind) {
    case layer_kind::mamba2: {
      // conv: (conv_kernel - 1, conv_dim / tp), conv_dim = heads*head_dim + 2*groups*state;
      // ssm: (heads / tp, head_dim, state_size).
      const count_t conv = checked_mul(t.conv_kernel - 1 + c.speculative_conv_rows, detail::mamba2_conv_dim(t, tp) / tp);
      const count_t ssm = checked_mul(checked_mul(t.state_heads / tp, t.state_head_dim), t.state_size);
      return checked_add(checked_mul(conv, conv_b), checked_mul(ssm, ssm_b));
    }
    case layer_kind::mamba1: {
      // conv: (conv_kernel - 1, intermediate / tp); ssm: (intermediate / tp, state_size).
      const count_t inner = t.intermediate_size / tp;
      const count_t conv = checked_mul(t.conv_kernel - 1, inner);
      const count_t ssm = checked_mul(inner, t.state_size);
      return checked_add(checked_mul(conv, conv_b), checked_mul(ssm, ssm_b));
    }
    case layer_kind::short_conv:
      // One conv state: (conv_kernel - 1, conv_dim / tp).
      return checked_mul(checked_mul(t.conv_kernel - 1 + c.speculative_conv_rows, t.intermediate_size / tp), conv_b);
    case layer_kind::linear_attention: {
      // One (heads / tp, head_dim, head_dim) state.
      const count_t state = checked_mul(checked_mul(t.state_heads / tp, t.state_head_dim), t.state_head_dim);
      return checked_mul(state, element_bytes(c.linear_state_dtype));
    }
    case layer_kind::kimi_delta: {
      // conv: (kernel - 1, 3 x heads x head_dim / tp), speculative tokens not added (num_spec is
      // not used by kda_state_shape); recurrent: (heads / tp, head_dim, head_dim) in float32.
      const count_t conv = checked_mul(t.conv_kernel - 1, 3 * checked_mul(t.state_heads / tp, t.state_head_dim));
      const count_t recurrent = checked_mul(checked_mul(t.state_heads / tp, t.state_head_dim), t.state_head_dim);
      return checked_add(checked_mul(conv, conv_b), checked_mul(recurrent, element_bytes(dtype::float32)));
    }
    case layer_kind::gated_deltanet: {
      // conv: (conv_kernel - 1, conv_dim / tp), conv_dim = 2*key_dim*key_heads +
      // value_dim*value_heads; recurrent: (value_heads / tp, value_dim, key_dim).
      const count_t conv = checked_mul(t.conv_kernel - 1 + c.speculative_conv_rows, detail::gated_deltanet_conv_dim(t) / tp);
      const count_t ssm = checked_mul(checked_mul(t.state_heads / tp, t.state_head_dim), t.state_key_dim);
      return checked_add(checked_mul(conv, conv_b), checked_mul(ssm, ssm_b));
    }
    default: return 0;
  }
}

// Attention bytes per token on one rank (K and V, every head on the rank), before paging.
constexpr count_t attention_bytes_per_token(const layer_type& t, const rank_context& c) {
  const kv_element_format f = element_format(c.kv_cache_dtype, c.model_dtype);
  const count_t heads = kv_heads_per_rank(t.num_kv_heads, c.tensor_parallel_size);
  return checked_mul(heads, head_vector_bytes(f, t.head_size) + head_vector_bytes(f, t.head_size_v));
}

// The KV cache dtypes an MLA latent can be stored in: not the packed ones. validate() and the
// arithmetic share the rule.
constexpr error mla_dtype_error(cache_dtype t) {
  if (is_packed(t)) return {errc::kv_cache_dtype_not_supported_for_mla};
  return {};
}

// MLA latent bytes per token (one latent on every rank, whatever the TP size).
constexpr count_t mla_bytes_per_token(const layer_type& t, const rank_context& c) {
  enforce(mla_dtype_error(c.kv_cache_dtype));
  if (c.kv_cache_dtype == cache_dtype::fp8_ds_mla) return fp8_ds_mla_bytes_per_token;
  const kv_element_format f = element_format(c.kv_cache_dtype, c.model_dtype);
  return head_vector_bytes(f, count_t{t.kv_lora_rank} + t.qk_rope_head_dim);
}

// DeepSeek-V4's caches (vllm/model_executor/layers/deepseek_v4_attention.py, sparse_swa.py,
// deepseek_compressor.py; MLAAttentionSpec / SlidingWindowMLASpec with model_version
// "deepseek_v4"): a latent entry is 448 fp8 NoPE + 64 bf16 RoPE values + 7 scale bytes + 1 pad
// = 584 B; every page is padded to a multiple of 576 B (FlashMLA's alignment). The SWA cache
// has 64-token blocks whatever --block-size is; compressor states (fp32 kv and score rows of
// 2 x coff x head_dim, coff = 2 for ratio 4) keep a window of coff x ratio tokens in blocks of
// 4 (ratio 4) or 8 (ratio 128).
namespace deepseek_v4 {
inline constexpr count_t latent_entry_bytes = 584;
inline constexpr count_t page_alignment = 576;
inline constexpr count_t swa_block_size = 64;
constexpr count_t compressor_block_size(count_t ratio) { return ratio == 4 ? 4 : 8; }
constexpr count_t compressor_coff(count_t ratio) { return ratio == 4 ? 2 : 1; }
}  // namespace deepseek_v4

// A DeepSeek-V4 layer registers up to five caches (the C4 layers: indexer keys, the indexer's
// compressor state, the SWA cache, the compressed latent, its compressor state).
inline constexpr std::int32_t max_specs_per_layer = 5;

// The specs one layer contributes on one rank: none (no cache, shared KV), one, two (MLA with
// the DeepSeek-V3.2 indexer, which vLLM registers as a second layer), or DeepSeek-V4's.
using layer_specs = static_vector<layer_spec, max_specs_per_layer>;

namespace detail {
constexpr layer_spec aligned_v4_spec(spec_kind kind, count_t block_size, count_t window, count_t compress_ratio,
                                     count_t entry_bytes) {
  layer_spec s;
  s.kind = kind;
  s.block_size = block_size;
  s.num_kv_heads = 1;
  s.head_size = entry_bytes;
  s.bytes_per_token = entry_bytes;
  s.window = window;
  s.compress_ratio = compress_ratio;
  const count_t real = s.real_page_size_bytes();
  s.page_size_padded = round_up(real, deepseek_v4::page_alignment);
  return s;
}

// DeepSeek-V4's specs in the order vLLM registers them (static_forward_context insertion
// order: the indexer is built before the SWA cache, the compressed latent after it).
constexpr layer_specs deepseek_v4_specs(const layer_type& t, const rank_context& c) {
  using namespace deepseek_v4;
  layer_specs out;
  const count_t ratio = t.compress_ratio;
  const auto compressor_state = [&](count_t head_dim) {
    const count_t state_dim = 2 * compressor_coff(ratio) * head_dim;  // kv_state + score_state
    layer_spec s = aligned_v4_spec(spec_kind::sliding_window, compressor_block_size(ratio), compressor_coff(ratio) * ratio,
                                   1, checked_mul(state_dim, element_bytes(dtype::float32)));
    s.compressor_state = true;
    return s;
  };
  if (ratio == 4) {
    // MXFP4 rows (PR #48993): packed values and a ue8m0 scale per 32.
    const count_t index_row = c.fp4_indexer_cache ? count_t{t.index_head_dim} / 2 + count_t{t.index_head_dim} / 32
                                                  : indexer_bytes_per_token(t.index_head_dim);
    (void)out.push_back(aligned_v4_spec(spec_kind::mla, c.block_size, 0, ratio, index_row));
    (void)out.push_back(compressor_state(t.index_head_dim));
  }
  (void)out.push_back(aligned_v4_spec(spec_kind::sliding_window, swa_block_size, t.window, 1, latent_entry_bytes));
  if (ratio > 1) {
    (void)out.push_back(aligned_v4_spec(spec_kind::mla, c.block_size, 0, ratio, latent_entry_bytes));
    (void)out.push_back(compressor_state(t.head_size));
  }
  return out;
}
}  // namespace detail

constexpr layer_specs specs_of(const layer_type& t, const rank_context& c) {
  layer_specs out;
  layer_spec s;
  s.block_size = c.block_size;
  switch (t.kind) {
    case layer_kind::no_cache:
    case layer_kind::kv_shared: return out;
    case layer_kind::full_attention:
    case layer_kind::sliding_window:
    case layer_kind::chunked_local:
      s.kind = t.kind == layer_kind::full_attention   ? spec_kind::full_attention
               : t.kind == layer_kind::sliding_window ? spec_kind::sliding_window
                                                      : spec_kind::chunked_local;
      s.num_kv_heads = kv_heads_per_rank(t.num_kv_heads, c.tensor_parallel_size);
      s.head_size = t.head_size;
      s.head_size_v = t.head_size_v;
      s.bytes_per_token = attention_bytes_per_token(t, c);
      s.window = t.window;
      (void)out.push_back(s);
      if (t.index_head_dim > 0) {  // MiniMax-M3's indexer keys: bf16 (indexer_kv_dtype), or fp8
        layer_spec idx = s;
        idx.kind = spec_kind::mla;
        idx.num_kv_heads = 1;
        idx.head_size = t.index_head_dim;
        idx.head_size_v = 0;
        idx.bytes_per_token = checked_mul(t.index_head_dim, element_bytes(c.fp8_indexer_cache ? dtype::fp8_e4m3 : dtype::bfloat16));
        (void)out.push_back(idx);
      }
      return out;
    case layer_kind::mla:
      s.kind = spec_kind::mla;
      s.num_kv_heads = 1;
      s.head_size = count_t{t.kv_lora_rank} + t.qk_rope_head_dim;
      s.bytes_per_token = mla_bytes_per_token(t, c);
      (void)out.push_back(s);
      if (t.index_head_dim > 0) {
        layer_spec idx = s;
        idx.head_size = indexer_bytes_per_token(t.index_head_dim);
        idx.bytes_per_token = idx.head_size;  // uint8 storage, independent of --kv-cache-dtype
        (void)out.push_back(idx);
      }
      return out;
    case layer_kind::compressed_mla: return detail::deepseek_v4_specs(t, c);
    case layer_kind::mamba2:
    case layer_kind::mamba1:
    case layer_kind::linear_attention:
    case layer_kind::gated_deltanet:
    case layer_kind::short_conv:
    case layer_kind::kimi_delta:
      s.kind = spec_kind::mamba;
      s.state_bytes = state_bytes_per_rank(t, c);
      (void)out.push_back(s);
      return out;
  }
  return out;
}

}  // namespace kvplan::inline v0

namespace kvplan::inline v0 {

// What a model's layers cost before paging, on one rank: the quantity calculators quote as
// "KV bytes per token", split by how it grows.
struct cache_cost {
  count_t full_bytes_per_token = 0;   // full attention and MLA (with the indexer): every token
  count_t local_bytes_per_token = 0;  // sliding-window and chunked layers, per token held
  count_t state_bytes_per_request = 0;  // Mamba / linear-attention state, fixed per request
  friend constexpr bool operator==(const cache_cost&, const cache_cost&) = default;
};

// The cost of a stack of layers with the given KV cache dtype (resolved: not `auto` unless the
// model dtype is meant) on one of `tensor_parallel_size` ranks.
template <class Layers>
constexpr cache_cost cache_cost_of(const Layers& layers, cache_dtype kv, dtype model_dtype,
                                   dtype ssm_dtype, std::int32_t tensor_parallel_size = 1) {
  rank_context c;
  c.tensor_parallel_size = tensor_parallel_size;
  c.kv_cache_dtype = kv;
  c.model_dtype = model_dtype;
  c.mamba_conv_dtype = model_dtype;
  c.mamba_ssm_dtype = ssm_dtype;
  c.linear_state_dtype = model_dtype;
  cache_cost out;
  for (std::int32_t i = 0; i < layers.num_layers; ++i) {
    for (const layer_spec& x : specs_of(layers[i], c)) {
      switch (x.kind) {
        case spec_kind::full_attention:
        case spec_kind::mla: out.full_bytes_per_token += x.bytes_per_token / x.compress_ratio; break;
        case spec_kind::sliding_window:
        case spec_kind::chunked_local:
          if (!x.compressor_state) out.local_bytes_per_token += x.bytes_per_token;
          break;
        case spec_kind::mamba: out.state_bytes_per_request += x.state_bytes; break;
      }
    }
  }
  return out;
}

}  // namespace kvplan::inline v0
