// Layer kinds: what one decoder layer keeps in the cache, before tensor parallelism.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/units.hpp"

#include <cstdint>
#include <string_view>

namespace kvplan::inline v0 {

// Each kind has its own page-size and per-request rule in vLLM (vllm/v1/kv_cache_interface.py).
enum class layer_kind : std::uint8_t {
  no_cache,          // no attention (NAS no-op), or an MLP / MoE-only mixer: nothing cached
  full_attention,    // MHA / GQA / MQA: K and V for every token
  sliding_window,    // K and V for the last `window` tokens (SlidingWindowSpec)
  chunked_local,     // K and V within the current `window`-token chunk (ChunkedLocalAttentionSpec)
  mla,               // one latent of kv_lora_rank + qk_rope_head_dim per token, on every TP rank
  mamba2,            // Mamba-2 conv + SSM state per request (MambaSpec)
  mamba1,            // Mamba-1 conv + SSM state per request
  linear_attention,  // lightning attention (MiniMax-M1 / Text-01): one state per request
  gated_deltanet,    // Gated DeltaNet (Qwen3-Next): conv + recurrent state per request
  short_conv,        // gated short convolution (LFM2): a conv state per request, no SSM state
  kv_shared,         // reads another layer's cache (cross-layer KV sharing): costs nothing
  compressed_mla,    // DeepSeek-V4: a sliding-window latent cache, and for compress_ratio 4 or
                     // 128 a compressed latent (C4 with the sparse indexer) and compressor states
  kimi_delta,        // Kimi Delta Attention (Kimi-Linear, Kimi-K3): conv + fp32 recurrent state per request
};

constexpr std::string_view to_string(layer_kind k) {
  switch (k) {
    case layer_kind::no_cache: return "no_cache";
    case layer_kind::full_attention: return "full_attention";
    case layer_kind::sliding_window: return "sliding_window";
    case layer_kind::chunked_local: return "chunked_local";
    case layer_kind::mla: return "mla";
    case layer_kind::mamba2: return "mamba2";
    case layer_kind::mamba1: return "mamba1";
    case layer_kind::linear_attention: return "linear_attention";
    case layer_kind::gated_deltanet: return "gated_deltanet";
    case layer_kind::short_conv: return "short_conv";
    case layer_kind::kv_shared: return "kv_shared";
    case layer_kind::compressed_mla: return "compressed_mla";
    case layer_kind::kimi_delta: return "kimi_delta";
  }
  return "?";
}

constexpr bool is_attention(layer_kind k) {
  return k == layer_kind::full_attention || k == layer_kind::sliding_window ||
         k == layer_kind::chunked_local || k == layer_kind::mla || k == layer_kind::compressed_mla;
}
constexpr bool is_latent_attention(layer_kind k) { return k == layer_kind::mla || k == layer_kind::compressed_mla; }
constexpr bool is_state_space(layer_kind k) {
  return k == layer_kind::mamba2 || k == layer_kind::mamba1 ||
         k == layer_kind::linear_attention || k == layer_kind::gated_deltanet || k == layer_kind::short_conv ||
         k == layer_kind::kimi_delta;
}

// One layer type, with the config.json values its rule needs. Fields a kind does not use
// stay zero; build them with the factory functions below rather than by hand.
struct layer_type {
  layer_kind kind = layer_kind::no_cache;

  // Attention (full, sliding, chunked): total KV heads (num_key_value_heads), K and V head
  // sizes (head_dim; V differs for some models), and the window or chunk in tokens.
  std::int32_t num_kv_heads = 0;
  std::int32_t head_size = 0;
  std::int32_t head_size_v = 0;
  std::int32_t window = 0;

  // MLA: kv_lora_rank + qk_rope_head_dim per token; DeepSeek-V3.2 sparse attention adds an
  // indexer key of index_head_dim (0 when the model has no indexer). A full-attention layer
  // with index_head_dim is MiniMax-M3's block-sparse attention, whose lightning indexer caches
  // one key of index_head_dim per token beside K and V.
  std::int32_t kv_lora_rank = 0;
  std::int32_t qk_rope_head_dim = 0;
  std::int32_t index_head_dim = 0;
  // DeepSeek-V4 (compressed_mla): tokens per compressed entry (config compress_ratios[i]; 0
  // and 1 mean none: the layer keeps its sliding window only); head_size is head_dim, the
  // latent's width, and window the config's sliding_window.
  std::int32_t compress_ratio = 0;

  // State-space / linear layers (see the factories for which config key feeds which field).
  std::int32_t state_heads = 0;       // mamba_num_heads, linear heads, linear_num_value_heads
  std::int32_t state_head_dim = 0;    // mamba_head_dim, head_dim, linear_value_head_dim
  std::int32_t state_key_heads = 0;   // Gated DeltaNet linear_num_key_heads
  std::int32_t state_key_dim = 0;     // Gated DeltaNet linear_key_head_dim
  std::int32_t state_size = 0;        // ssm_state_size (d_state)
  std::int32_t n_groups = 0;          // Mamba-2 n_groups
  std::int32_t conv_kernel = 0;       // conv_kernel / linear_conv_kernel_dim
  std::int32_t intermediate_size = 0; // Mamba-1 d_inner (Mamba-2 uses heads x head_dim); short-conv conv_dim

  friend constexpr bool operator==(const layer_type&, const layer_type&) = default;
};

// A layer with nothing in the cache: attention `no_op` in NAS models, MLP/MoE mixers.
constexpr layer_type no_cache() { return {}; }

// Full attention. head_size_v defaults to head_size.
constexpr layer_type full_attention(std::int32_t num_kv_heads, std::int32_t head_size,
                                    std::int32_t head_size_v = 0) {
  layer_type t;
  t.kind = layer_kind::full_attention;
  t.num_kv_heads = num_kv_heads;
  t.head_size = head_size;
  t.head_size_v = head_size_v == 0 ? head_size : head_size_v;
  return t;
}

// Sliding-window attention over the last `window` tokens (config `sliding_window`).
constexpr layer_type sliding_window(std::int32_t num_kv_heads, std::int32_t head_size,
                                    std::int32_t window) {
  layer_type t = full_attention(num_kv_heads, head_size);
  t.kind = layer_kind::sliding_window;
  t.window = window;
  return t;
}

// Chunked local attention within `chunk`-token chunks (config `attention_chunk_size`).
constexpr layer_type chunked_local(std::int32_t num_kv_heads, std::int32_t head_size,
                                   std::int32_t chunk) {
  layer_type t = full_attention(num_kv_heads, head_size);
  t.kind = layer_kind::chunked_local;
  t.window = chunk;
  return t;
}

// MiniMax-M3's block-sparse attention (vllm/models/minimax_m3: MiniMaxM3SparseAttention and
// MiniMaxM3IndexerCache): K and V of num_kv_heads x head_size like full attention, and the
// lightning indexer's key cache, one shared head of index_head_dim (sparse_attention_config
// sparse_index_dim) on every TP rank, registered as an MLAAttentionSpec ("key-only").
constexpr layer_type block_sparse_attention(std::int32_t num_kv_heads, std::int32_t head_size,
                                            std::int32_t index_head_dim) {
  layer_type t = full_attention(num_kv_heads, head_size);
  t.index_head_dim = index_head_dim;
  return t;
}

// Multi-head latent attention (config kv_lora_rank, qk_rope_head_dim); index_head_dim > 0
// adds the DeepSeek-V3.2 sparse-attention indexer cache (config index_head_dim).
constexpr layer_type mla(std::int32_t kv_lora_rank, std::int32_t qk_rope_head_dim,
                         std::int32_t index_head_dim = 0) {
  layer_type t;
  t.kind = layer_kind::mla;
  t.kv_lora_rank = kv_lora_rank;
  t.qk_rope_head_dim = qk_rope_head_dim;
  t.index_head_dim = index_head_dim;
  return t;
}

// A DeepSeek-V4 attention layer (config head_dim, qk_rope_head_dim, sliding_window,
// compress_ratios[i], index_head_dim): every layer caches the latents of its last
// sliding_window tokens; ratio 4 adds a latent per 4 tokens with the sparse indexer's keys,
// ratio 128 a latent per 128 tokens; each compressed cache keeps its compressor's state.
constexpr layer_type compressed_mla(std::int32_t head_dim, std::int32_t qk_rope_head_dim, std::int32_t window,
                                    std::int32_t compress_ratio, std::int32_t index_head_dim) {
  layer_type t;
  t.kind = layer_kind::compressed_mla;
  t.head_size = head_dim;
  t.qk_rope_head_dim = qk_rope_head_dim;
  t.window = window;
  t.compress_ratio = compress_ratio <= 1 ? 1 : compress_ratio;
  t.index_head_dim = t.compress_ratio == 4 ? index_head_dim : 0;
  return t;
}

// Mamba-2 mixer (config mamba_num_heads, mamba_head_dim, ssm_state_size, n_groups,
// conv_kernel). Its inner size is mamba_num_heads x mamba_head_dim.
constexpr layer_type mamba2(std::int32_t num_heads, std::int32_t head_dim, std::int32_t state_size,
                            std::int32_t n_groups, std::int32_t conv_kernel) {
  layer_type t;
  t.kind = layer_kind::mamba2;
  t.state_heads = num_heads;
  t.state_head_dim = head_dim;
  t.state_size = state_size;
  t.n_groups = n_groups;
  t.conv_kernel = conv_kernel;
  return t;
}

// Mamba-1 mixer (config intermediate_size = expand x hidden, state_size, conv_kernel).
constexpr layer_type mamba1(std::int32_t intermediate_size, std::int32_t state_size,
                            std::int32_t conv_kernel) {
  layer_type t;
  t.kind = layer_kind::mamba1;
  t.intermediate_size = intermediate_size;
  t.state_size = state_size;
  t.conv_kernel = conv_kernel;
  return t;
}

// Lightning (linear) attention: one (heads, head_dim, head_dim) state per request.
constexpr layer_type linear_attention(std::int32_t num_heads, std::int32_t head_dim) {
  layer_type t;
  t.kind = layer_kind::linear_attention;
  t.state_heads = num_heads;
  t.state_head_dim = head_dim;
  return t;
}

// Gated DeltaNet (config linear_num_key_heads, linear_num_value_heads, linear_key_head_dim,
// linear_value_head_dim, linear_conv_kernel_dim).
constexpr layer_type gated_deltanet(std::int32_t num_key_heads, std::int32_t num_value_heads,
                                    std::int32_t key_head_dim, std::int32_t value_head_dim,
                                    std::int32_t conv_kernel) {
  layer_type t;
  t.kind = layer_kind::gated_deltanet;
  t.state_key_heads = num_key_heads;
  t.state_heads = num_value_heads;
  t.state_key_dim = key_head_dim;
  t.state_head_dim = value_head_dim;
  t.conv_kernel = conv_kernel;
  return t;
}

// Kimi Delta Attention (config linear_attn_config num_heads, head_dim, short_conv_kernel_size;
// MambaStateShapeCalculator.kda_state_shape): q, k and v short-conv states of (kernel - 1,
// 3 x heads x head_dim / TP) in the Mamba cache dtype, and a (heads / TP, head_dim, head_dim)
// recurrent state that kda_state_dtype keeps in float32 whatever --mamba-ssm-cache-dtype says.
constexpr layer_type kimi_delta(std::int32_t num_heads, std::int32_t head_dim, std::int32_t conv_kernel) {
  layer_type t;
  t.kind = layer_kind::kimi_delta;
  t.state_heads = num_heads;
  t.state_head_dim = head_dim;
  t.conv_kernel = conv_kernel;
  return t;
}

// LFM2's short convolution (config conv_dim, conv_L_cache): a (conv_L_cache - 1, conv_dim)
// state per request in the model dtype (MambaStateShapeCalculator.short_conv_state_shape).
constexpr layer_type short_conv(std::int32_t conv_dim, std::int32_t conv_kernel) {
  layer_type t;
  t.kind = layer_kind::short_conv;
  t.intermediate_size = conv_dim;
  t.conv_kernel = conv_kernel;
  return t;
}

// A layer that reads another layer's KV cache (kv_sharing_target_layer_name): vLLM gives it
// no spec of its own.
constexpr layer_type kv_shared() {
  layer_type t;
  t.kind = layer_kind::kv_shared;
  return t;
}

}  // namespace kvplan::inline v0
