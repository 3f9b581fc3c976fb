// Model descriptors: the architecture numbers that decide the cache and the weights.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/cache_spec.hpp"
#include "kvplan/config.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/error.hpp"
#include "kvplan/layer.hpp"
#include "kvplan/static_vector.hpp"
#include "kvplan/units.hpp"

#include <array>
#include <cstdint>
#include <initializer_list>
#include <optional>
#include <string_view>
#include <utility>

namespace kvplan::inline v0 {

// Capacity of a descriptor. The largest models carried have 162 decoder layers
// (Llama-3.1-Nemotron-Ultra-253B) and 3 distinct layer types.
inline constexpr int max_layers = 256;
inline constexpr int max_layer_types = 8;

// The decoder layers of a model in order: a small table of distinct layer types and, per
// layer, the index of its type. Order matters: pipeline parallelism splits by position.
struct layer_stack {
  static_vector<layer_type, max_layer_types> types{};
  std::uint8_t type_index[max_layers]{};  // per layer, its index in `types`
  std::int32_t num_layers = 0;
  // How many layers use each type, kept as layers are added, so that a plan counts a model's
  // layers per type without walking them.
  std::int32_t layers_of_type[max_layer_types]{};

  constexpr const layer_type& operator[](std::int32_t layer) const { return types[type_index[layer]]; }

  // The index of `t` in the type table, adding it if new.
  constexpr std::uint8_t intern(const layer_type& t) {
    std::int32_t i = types.find(t);
    if (i < 0) {
      i = types.size();
      if (!types.push_back(t)) fail(errc::model_has_too_many_layer_types, max_layer_types);
    }
    return static_cast<std::uint8_t>(i);
  }

  constexpr layer_stack& push_back(const layer_type& t, std::int32_t count = 1) {
    if (count < 0 || num_layers + count > max_layers)
      fail(errc::model_has_too_many_layers, num_layers + count, max_layers);
    const std::uint8_t index = intern(t);
    for (std::int32_t i = 0; i < count; ++i) type_index[num_layers++] = index;
    layers_of_type[index] += count;
    return *this;
  }

  // Replace the type of one layer.
  constexpr layer_stack& set(std::int32_t layer, const layer_type& t) {
    if (layer < 0 || layer >= num_layers) fail(errc::layer_type_out_of_range, layer, 0, num_layers);
    const std::uint8_t index = intern(t);
    --layers_of_type[type_index[layer]];
    ++layers_of_type[index];
    type_index[layer] = index;
    return *this;
  }

  // Layers of kind k (a type can stay in the table with no layer left, after set()).
  constexpr std::int32_t count(layer_kind k) const {
    std::int32_t n = 0;
    for (std::int32_t t = 0; t < types.size(); ++t)
      if (types[t].kind == k) n += layers_of_type[t];
    return n;
  }

  constexpr bool has(layer_kind k) const { return count(k) > 0; }

  friend constexpr bool operator==(const layer_stack& a, const layer_stack& b) {
    if (a.num_layers != b.num_layers) return false;
    for (std::int32_t i = 0; i < a.num_layers; ++i)
      if (!(a[i] == b[i])) return false;
    return true;
  }
};

// `n` layers of one type.
constexpr layer_stack uniform_layers(std::int32_t n, const layer_type& t) {
  layer_stack s;
  s.push_back(t, n);
  return s;
}

// Layer i is `every` when (i + 1) % period == 0, else `rest`. This is the rule of Gemma 3
// (sliding_window_pattern 6: five local then one global), Qwen3-Next (full_attention_interval
// 4) and Llama 4 (no_rope_layer_interval 4: every fourth layer is global).
constexpr layer_stack periodic_layers(std::int32_t n, std::int32_t period, const layer_type& rest,
                                      const layer_type& every) {
  layer_stack s;
  for (std::int32_t i = 0; i < n; ++i) s.push_back((i + 1) % period == 0 ? every : rest);
  return s;
}

// One character per layer, as in NemotronH's `hybrid_override_pattern`
// ("M" Mamba-2, "*" attention, "-" MLP, "E" MoE).
struct pattern_entry {
  char code;
  layer_type type;
};
constexpr layer_stack pattern_layers(std::string_view pattern, std::initializer_list<pattern_entry> legend) {
  layer_stack s;
  for (const char c : pattern) {
    bool found = false;
    for (const pattern_entry& e : legend) {
      if (e.code == c) {
        s.push_back(e.type);
        found = true;
        break;
      }
    }
    if (!found) fail(errc::layer_type_out_of_range, s.num_layers, c, static_cast<std::int64_t>(legend.size()));
  }
  return s;
}

// A set of weights vLLM can load: the model's own checkpoint or an official quantized one.
struct checkpoint {
  std::string_view hf_id;
  dtype format = dtype::bfloat16;    // how the bulk of the weights is stored
  count_t bytes = 0;                 // total weight bytes (safetensors metadata.total_size)
  std::string_view quantization{};   // vLLM --quantization method it loads with ("" = none)
  std::optional<cache_dtype> kv_cache_scheme{};  // KV dtype the checkpoint asks for
  // Integer weights (int4 / int8): values per scale (0: 128, AWQ's and GPTQ's default; -1: one
  // scale per output channel), whether a packed zero point goes with each scale (asymmetric
  // schemes: AWQ's zero_point, GPTQ's sym false, compressed-tensors' symmetric false), and
  // whether the scheme quantizes the routed experts only (the rest stays in the model dtype).
  // Fp8Config ("fp8") weights use group_size for the input side of weight_block_size: 0 is the
  // 128 x 128 block of every such checkpoint kvplan carries, -1 a scale per tensor or channel
  // (AutoFP8's checkpoints, which give no weight_block_size).
  std::int32_t group_size = 0;
  bool zero_points = true;
  bool experts_only = false;
  // Whether MLA's projections but o_proj stay in the model dtype (model::mla_projection_params):
  // NVIDIA's ModelOpt DeepSeek checkpoints, whose exclusions name every layer's self_attn parts.
  bool mla_unquantized = false;
  bool mla_output_unquantized = false;  // and o_proj with them ("self_attn*" excluded whole)
};

// Bits a weight of the checkpoint's format takes, scales and zero points included: integer
// formats carry an fp16 scale (and a zero point of the weight's width, if asymmetric) per group.
constexpr double weight_bits(const checkpoint& c) {
  const double bits = bits_per_element(c.format);
  if (c.format != dtype::int4 && c.format != dtype::int8) return bits;
  // Per channel (and int8 unless a group is given: W8A8's usual scheme): negligible.
  if (c.group_size < 0 || (c.group_size == 0 && c.format == dtype::int8)) return bits;
  const double group = c.group_size > 0 ? static_cast<double>(c.group_size) : 128.0;
  return bits + 16.0 / group + (c.zero_points ? bits / group : 0.0);
}

inline constexpr int max_checkpoints = 4;

// The checkpoints a model is published in; the first is the model's own.
using checkpoint_list = static_vector<checkpoint, max_checkpoints>;

// The vision encoder vLLM's profile run sends its largest dummy input through
// (GPUModelRunner.profile_run, before the decoder's dummy forward), where kvplan models it:
// Qwen's ViTs (vision_config: depth, hidden_size or embed_dim, intermediate_size or mlp_ratio,
// num_heads, patch_size, temporal_patch_size, spatial_merge_size, in_channels, out_hidden_size,
// deepstack_visual_indexes) and Gemma 3's SigLIP. max_image_tokens 0: no encoder, or one whose
// profile kvplan does not model.
enum class vit_family : std::uint8_t {
  qwen3_vl,    // Qwen3-VL, Qwen3.5, Qwen3.6: LayerNorm, GELU MLP, learned position embeddings;
               // the profile's dummy is the largest image (the video's is smaller from v0.16)
  qwen2_vl,    // Qwen2-VL: LayerNorm, QuickGELU MLP; the dummy is a video (below)
  qwen2_5_vl,  // Qwen2.5-VL: RMSNorm with a fused residual, SwiGLU MLP, windowed attention;
               // the dummy is a video of up to 14 frames, as many as max_model_len holds
  siglip,      // Gemma 3's SigLIP: LayerNorm, GELU MLP, learned positions, no RoPE; the dummy
               // is one image at the tower's size (no pan-and-scan), its patches pooled into
               // mm_tokens_per_image tokens
};

struct vision_encoder {
  std::int32_t depth = 0;
  std::int32_t hidden_size = 0;
  std::int32_t intermediate_size = 0;
  std::int32_t num_heads = 0;
  std::int32_t patch_size = 0;
  std::int32_t temporal_patch_size = 1;
  std::int32_t spatial_merge_size = 1;
  std::int32_t in_channels = 3;
  std::int32_t out_hidden_size = 0;
  std::int32_t deepstack_layers = 0;  // mergers whose outputs the encoder keeps to its end
  std::int32_t num_position_embeddings = 0;
  count_t max_image_tokens = 0;       // tokens of the largest image the processor accepts
  vit_family family = vit_family::qwen3_vl;

  constexpr bool profiled() const { return max_image_tokens > 0; }
};

// A Qwen ViT as its processor sizes images: the image processor's default largest image, over
// (patch_size x spatial_merge_size)^2 pixels a token. Qwen3-VL's longest_edge 16,777,216 pixels
// (its preprocessor_config.json; Qwen3.5 and Qwen3.6 start-up logs show the same "budget of
// 16384 tokens"): 16,384 tokens at 32 x 32 pixels, a 4,096 x 4,096 image of 65,536 patches.
// Qwen2-VL's and Qwen2.5-VL's max_pixels 12,845,056: 16,384 tokens at 28 x 28 pixels.
constexpr vision_encoder qwen_vit(vit_family family, std::int32_t out_hidden_size, std::int32_t deepstack_layers,
                                  std::int32_t depth, std::int32_t hidden_size, std::int32_t intermediate_size,
                                  std::int32_t num_heads, std::int32_t patch_size, std::int32_t spatial_merge_size) {
  vision_encoder v{depth, hidden_size, intermediate_size, num_heads, patch_size, 2, spatial_merge_size, 3,
                   out_hidden_size, deepstack_layers, family == vit_family::qwen3_vl ? 2304 : 0, 0, family};
  const count_t pixels_per_token = count_t{patch_size} * spatial_merge_size * patch_size * spatial_merge_size;
  const count_t largest_image = family == vit_family::qwen3_vl ? 16'777'216 : 12'845'056;
  v.max_image_tokens = pixels_per_token > 0 ? largest_image / pixels_per_token : 0;
  return v;
}

// Qwen3-VL's ViT as Qwen3.5 and Qwen3.6 carry it (depth 27, width 1152, MLP 4304, 16 heads,
// 16-pixel patches merged 2 x 2).
constexpr vision_encoder qwen3_vl_vision(std::int32_t out_hidden_size, std::int32_t deepstack_layers = 0) {
  return qwen_vit(vit_family::qwen3_vl, out_hidden_size, deepstack_layers, 27, 1152, 4304, 16, 16, 2);
}

// Gemma 3's SigLIP as Gemma3ForConditionalGeneration runs it: an image_size x image_size image
// (pan-and-scan off, the processor's default: one crop) of (image_size / patch_size)^2 patches,
// average-pooled into tokens (mm_tokens_per_image, 256: 4 x 4 patches a token for 896 / 14), then
// projected to the text width.
constexpr vision_encoder gemma3_siglip(std::int32_t out_hidden_size, std::int32_t depth, std::int32_t hidden_size,
                                       std::int32_t intermediate_size, std::int32_t num_heads, std::int32_t image_size,
                                       std::int32_t patch_size, std::int32_t tokens_per_image = 256) {
  std::int32_t side = 1;  // tokens per side: the square root of tokens_per_image
  while ((side + 1) * (side + 1) <= tokens_per_image) ++side;
  const std::int32_t patches_per_side = patch_size > 0 ? image_size / patch_size : 0;
  vision_encoder v{depth, hidden_size, intermediate_size, num_heads, patch_size, 1, patches_per_side / side, 3,
                   out_hidden_size, 0, 0, 0, vit_family::siglip};
  const bool pooled = side * side == tokens_per_image && patches_per_side >= side && patches_per_side % side == 0;
  v.max_image_tokens = pooled ? tokens_per_image : 0;  // else not profiled
  return v;
}

// A model: the numbers of its config.json that decide KV cache and weights.
struct model {
  std::string_view name;        // kvplan's short name, e.g. "llama-3.1-8b"
  std::string_view hf_id;       // Hugging Face id of the default checkpoint
  std::string_view model_type;  // config.json model_type
  std::string_view source;      // where the numbers come from

  std::int32_t hidden_size = 0;
  std::int32_t num_attention_heads = 0;  // checked against tensor_parallel_size
  std::int32_t vocab_size = 0;
  // The feed-forward widths the activation peak depends on (config.json): the widest dense MLP a
  // layer runs (intermediate_size, or an MoE layer's shared experts), and for routed experts
  // moe_intermediate_size and num_experts_per_tok. 0 when the model has none (or they are not
  // known: the peak is then estimated without them).
  std::int32_t intermediate_size = 0;
  std::int32_t moe_intermediate_size = 0;
  std::int32_t num_experts_per_tok = 0;
  count_t max_model_len = 0;             // derived from max_position_embeddings (and RoPE scaling)
  // What vLLM before v0.30 derived for a YaRN rope type, which it re-scaled (PR #56446 stopped
  // it): original_max_position_embeddings x factor for "yarn", the length x factor for the other
  // names (deepseek_yarn, telechat3-yarn). 0: the same as max_model_len.
  count_t rescaled_yarn_max_model_len = 0;
  // The length vLLM takes when --max-model-len is not given (or is auto), where it is not
  // max_model_len: LongRoPE models (Phi-3/3.5/4-mini) default to original_max_position_embeddings
  // "to avoid performance degradation for shorter sequences". 0: max_model_len.
  count_t default_max_model_len = 0;
  dtype torch_dtype = dtype::bfloat16;   // compute dtype; --kv-cache-dtype auto resolves to it

  // Mamba / linear state dtypes when the config fixes them (NemotronH mamba_ssm_cache_dtype);
  // empty means vLLM's `auto`: the model dtype.
  std::optional<dtype> mamba_ssm_cache_dtype{};

  count_t total_params = 0;   // exact parameter count (embeddings included, MTP excluded)
  count_t active_params = 0;  // per token (MoE); equal to total_params for dense models
  count_t expert_params = 0;  // routed-expert parameters (sharded across EP ranks)
  // The routed experts' biases (gpt-oss: gate, up and down, 2 x moe_intermediate_size +
  // hidden_size an expert and layer), part of expert_params; some mxfp4 kernels hold them in float32.
  count_t expert_bias_params = 0;
  // Parameters every tensor-parallel rank holds whole, part of total_params: the MoE routers
  // (ReplicatedLinear gates, and their correction biases) and MLA's latent down-projections
  // and indexer (params::mla_replicated). Norms, a few MB, are left with the split weights.
  count_t replicated_params = 0;
  // The routers' part of replicated_params, and the dtype vLLM allocates them in where it is not
  // the model's: float32 for glm4_moe.py's nn.Linear(dtype=float32), minimax_m2.py's and
  // step3p5.py's GateLinear, minimax_text_01.py's ReplicatedLinear (params_dtype float32) and
  // mimo_v2.py's (moe_router_dtype, float32 by default). A quantized checkpoint leaves them
  // unquantized.
  count_t router_params = 0;
  std::optional<dtype> router_dtype{};
  // The part of replicated_params, routers apart, that vLLM builds without a quant_config and so
  // keeps in the model dtype in any checkpoint: the V3.2 / GLM-5 indexer's wk, k_norm and
  // weights_proj; DeepSeek-V4's compressors and its indexer's weights_proj; Kimi-K3's latent
  // routed-expert projections (kimi_k3 model.py, ReplicatedLinear(quant_config=None)).
  count_t replicated_unquantized_params = 0;
  // MLA's kv_b_proj (params::mla_kv_b), of which vLLM keeps a model-dtype copy (W_UK_T and
  // W_UV, mla_attention.py process_weights_after_loading) when the checkpoint quantizes it.
  count_t mla_kv_b_params = 0;
  // MLA's projections but o_proj, with their norms and the indexer (params::mla_projections):
  // what a checkpoint with mla_unquantized leaves in the model dtype.
  count_t mla_projection_params = 0;
  count_t mla_output_params = 0;  // MLA's o_proj (params::mla_output)
  // The sparse-attention indexer's top-k (config index_topk) of the models vLLM runs through
  // deepseek_v2.py (DeepSeek-V3.2, GLM-5.x), whose model and MTP drafter each allocate a
  // top-k indices buffer of max_num_batched_tokens x index_topk int32 at load. 0: none.
  std::int32_t index_topk = 0;
  // DeepSeek-V4's indexer heads and hyper-connection copies of the hidden state (config
  // index_n_heads, hc_mult), which size the buffers its model file allocates at load.
  std::int32_t index_n_heads = 0;
  std::int32_t hc_mult = 0;
  // The bytes of the RoPE cos/sin caches every rank holds: get_rope keeps one cache per distinct
  // head size, rotary dimension, length, rope parameters and dtype, of length x rotary_dim
  // (estimates::rope_cache_bytes). Empty: one cache of max_model_len x the widest head (MLA:
  // qk_rope_head_dim) in the model dtype, as most models hold.
  std::optional<count_t> rope_cache_bytes{};

  bool trust_remote_code = false;  // vLLM needs --trust-remote-code to load the config
  bool tie_word_embeddings = false;  // one vocab x hidden table serves as embeddings and lm_head

  layer_stack layers{};

  checkpoint_list checkpoints{};  // [0] is the default checkpoint

  // Multi-token-prediction layers a checkpoint carries for speculative decoding
  // (num_nextn_predict_layers; Qwen3.5's mtp_num_hidden_layers). vLLM loads them only with
  // --speculative-config method "mtp": num_mtp_layers layers of mtp_layer's kind join the KV
  // cache, and their weights (mtp_params each, with the projections; 0: estimated as an average
  // decoder layer) join the model's.
  std::int32_t num_mtp_layers = 0;
  layer_type mtp_layer{};
  count_t mtp_params = 0;

  // The vision encoder the profile run measures (max_image_tokens 0: none modelled), and the
  // vision tower's parameters, part of total_params, whatever the tower (0: none): vLLM builds
  // no tower when every modality's limit is 0 (--language-model-only).
  vision_encoder vision{};
  count_t vision_params = 0;

  constexpr std::int32_t num_layers() const { return layers.num_layers; }
  constexpr bool uses_mla() const { return layers.has(layer_kind::mla) || layers.has(layer_kind::compressed_mla); }
  constexpr bool is_hybrid() const {
    for (const layer_type& t : layers.types)
      if (is_state_space(t.kind)) return true;
    return false;
  }
  constexpr bool is_moe() const { return expert_params > 0; }
};

// A dense decoder whose every layer is full attention with one MLP, in bfloat16: its descriptor
// is its shapes, its parameter count and its checkpoints (the registry's small Qwen and Llama
// models).
struct dense_decoder {
  std::string_view name, hf_id, model_type, source;
  std::int32_t hidden_size = 0, num_attention_heads = 0, num_kv_heads = 0, head_dim = 0;
  std::int32_t intermediate_size = 0, num_layers = 0, vocab_size = 0;
  count_t max_model_len = 0;
  count_t params = 0;
  bool tie_word_embeddings = false;
};

constexpr model dense_model(const dense_decoder& d, const checkpoint_list& checkpoints) {
  return {.name = d.name,
          .hf_id = d.hf_id,
          .model_type = d.model_type,
          .source = d.source,
          .hidden_size = d.hidden_size,
          .num_attention_heads = d.num_attention_heads,
          .vocab_size = d.vocab_size,
          .intermediate_size = d.intermediate_size,
          .max_model_len = d.max_model_len,
          .torch_dtype = dtype::bfloat16,
          .total_params = d.params,
          .active_params = d.params,
          .tie_word_embeddings = d.tie_word_embeddings,
          .layers = uniform_layers(d.num_layers, full_attention(d.num_kv_heads, d.head_dim)),
          .checkpoints = checkpoints};
}

// A model's cache cost per token (and per request for state layers) on one of `tp` ranks, with
// a KV cache dtype (`auto` meaning the model dtype) and the model's Mamba state dtypes.
constexpr cache_cost cache_cost_of(const model& m, cache_dtype kv = cache_dtype::auto_, std::int32_t tp = 1) {
  return cache_cost_of(m.layers, kv, m.torch_dtype, m.mamba_ssm_cache_dtype.value_or(m.torch_dtype), tp);
}

namespace detail {
// The shape rule a layer type breaks and the value that breaks it; the caller adds the layer.
struct shape_problem {
  errc code = errc::none;
  std::int64_t value = 0;
};
constexpr shape_problem layer_shape_error(const layer_type& t) {
  switch (t.kind) {
    case layer_kind::sliding_window:
    case layer_kind::chunked_local:
      if (t.window <= 0) return {errc::window_must_be_positive, t.window};
      [[fallthrough]];
    case layer_kind::full_attention:
      if (t.num_kv_heads <= 0) return {errc::num_kv_heads_must_be_positive, t.num_kv_heads};
      if (t.head_size <= 0) return {errc::head_size_must_be_positive, t.head_size};
      if (t.head_size_v <= 0) return {errc::head_size_must_be_positive, t.head_size_v};
      return {};
    case layer_kind::mla:
      if (t.kv_lora_rank <= 0) return {errc::head_size_must_be_positive, t.kv_lora_rank};
      if (t.qk_rope_head_dim < 0 || t.index_head_dim < 0) return {errc::head_size_must_be_positive, t.qk_rope_head_dim};
      return {};
    case layer_kind::compressed_mla:
      if (t.head_size <= 0) return {errc::head_size_must_be_positive, t.head_size};
      if (t.window <= 0) return {errc::window_must_be_positive, t.window};
      if (t.compress_ratio != 1 && t.compress_ratio != 4 && t.compress_ratio != 128)
        return {errc::compress_ratio_not_supported, t.compress_ratio};
      if (t.compress_ratio == 4 && t.index_head_dim <= 0) return {errc::head_size_must_be_positive, t.index_head_dim};
      return {};
    case layer_kind::mamba2:
      if (t.state_heads <= 0 || t.state_head_dim <= 0 || t.state_size <= 0 || t.n_groups <= 0 || t.conv_kernel <= 1)
        return {errc::state_shape_must_be_positive, t.state_heads};
      return {};
    case layer_kind::mamba1:
      if (t.intermediate_size <= 0 || t.state_size <= 0 || t.conv_kernel <= 1)
        return {errc::state_shape_must_be_positive, t.intermediate_size};
      return {};
    case layer_kind::short_conv:
      if (t.intermediate_size <= 0 || t.conv_kernel <= 1) return {errc::state_shape_must_be_positive, t.intermediate_size};
      return {};
    case layer_kind::linear_attention:
      if (t.state_heads <= 0 || t.state_head_dim <= 0) return {errc::state_shape_must_be_positive, t.state_heads};
      return {};
    case layer_kind::gated_deltanet:
      if (t.state_heads <= 0 || t.state_head_dim <= 0 || t.state_key_heads <= 0 || t.state_key_dim <= 0 ||
          t.conv_kernel <= 1)
        return {errc::state_shape_must_be_positive, t.state_heads};
      return {};
    case layer_kind::kimi_delta:
      if (t.state_heads <= 0 || t.state_head_dim <= 0 || t.conv_kernel <= 1) return {errc::state_shape_must_be_positive, t.state_heads};
      return {};
    case layer_kind::no_cache:
    case layer_kind::kv_shared: return {};
  }
  return {};
}
}  // namespace detail

// Checks a descriptor's own consistency; the deployment adds the checks that need a GPU and
// parallel sizes. Layer types are checked once each; an error names the first layer that has a
// broken type.
constexpr error validate(const model& m) {
  if (m.layers.num_layers <= 0) return {errc::model_has_no_layers, {m.layers.num_layers}};
  if (m.num_attention_heads <= 0) return {errc::num_attention_heads_must_be_positive, {m.num_attention_heads}};
  if (m.max_model_len <= 0) return {errc::max_model_len_must_be_positive, {m.max_model_len}};
  error first{};
  std::int32_t first_layer = m.layers.num_layers;
  for (std::int32_t t = 0; t < m.layers.types.size(); ++t) {
    const detail::shape_problem problem = detail::layer_shape_error(m.layers.types[t]);
    if (problem.code == errc::none) continue;
    for (std::int32_t i = 0; i < first_layer; ++i) {
      if (m.layers.type_index[i] != t) continue;
      first = {problem.code, {i, problem.value}};
      first_layer = i;
      break;
    }
  }
  return first;
}

}  // namespace kvplan::inline v0
