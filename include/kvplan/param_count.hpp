// Parameter counts: the weights of one decoder layer (or one vision tower) from config.json's
// dimensions, the way the Hugging Face / vLLM modules allocate them.
// SPDX-License-Identifier: Apache-2.0
//
// Every function returns a param_count: a 64-bit count that remembers an overflow instead of
// reporting it, so that kvplan::try_model_from_hf_config can turn an absurd config into an
// error rather than an exception. Norm weights are counted (one per channel, two with a
// LayerNorm bias); buffers (rotary inv_freq, slopes) are not, matching safetensors totals.
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/units.hpp"

#include <cstdint>

namespace kvplan::inline v0 {

// A non-negative count that turns sticky on overflow.
struct param_count {
  count_t value = 0;
  bool overflow = false;

  constexpr param_count() = default;
  constexpr param_count(count_t v) : value(v), overflow(v < 0) {}  // NOLINT: implicit from a count

  friend constexpr param_count operator+(param_count a, param_count b) {
    param_count r;
    r.overflow = a.overflow || b.overflow || __builtin_add_overflow(a.value, b.value, &r.value);
    return r;
  }
  friend constexpr param_count operator*(param_count a, param_count b) {
    param_count r;
    r.overflow = a.overflow || b.overflow || __builtin_mul_overflow(a.value, b.value, &r.value);
    return r;
  }
  friend constexpr param_count operator-(param_count a, param_count b) {
    param_count r;
    r.overflow = a.overflow || b.overflow || __builtin_sub_overflow(a.value, b.value, &r.value) || r.value < 0;
    return r;
  }
  constexpr param_count& operator+=(param_count b) { return *this = *this + b; }
  friend constexpr bool operator==(const param_count&, const param_count&) = default;
};

namespace params {

// A linear layer in -> out, with or without bias.
constexpr param_count linear(param_count in, param_count out, bool bias = false) {
  return in * out + (bias ? out : param_count{});
}

// Self-attention with separate (or fused: same count) q, k, v, o projections.
struct attention_shape {
  count_t hidden = 0;
  count_t heads = 0;
  count_t kv_heads = 0;
  count_t head_dim = 0;
  bool qkv_bias = false;
  bool o_bias = false;
  // q/k RMSNorm: per head (Qwen3, Gemma 3, GLM-4.5: 2 x head_dim) or over the whole
  // projection (MiniMax-M2: heads x head_dim + kv_heads x head_dim).
  enum class qk_norm : std::uint8_t { none, per_head, whole } norm = qk_norm::none;
  bool gated_q = false;  // Qwen3-Next: q_proj also produces the output gate (2x)
  bool sinks = false;    // gpt-oss: one learned sink logit per head
};
constexpr param_count attention(const attention_shape& a) {
  const param_count q_dim = param_count{a.heads} * a.head_dim;
  const param_count kv_dim = param_count{a.kv_heads} * a.head_dim;
  param_count n = linear(a.hidden, a.gated_q ? q_dim * 2 : q_dim, a.qkv_bias) +
                  linear(a.hidden, kv_dim, a.qkv_bias) * 2 + linear(q_dim, a.hidden, a.o_bias);
  if (a.norm == attention_shape::qk_norm::per_head) n += param_count{a.head_dim} * 2;
  if (a.norm == attention_shape::qk_norm::whole) n += q_dim + kv_dim;
  if (a.sinks) n += a.heads;
  return n;
}

// DeepSeek multi-head latent attention (q_lora_rank 0: a plain q_proj), and the DeepSeek-V3.2
// sparse-attention indexer when index_n_heads > 0 (wq_b, wk, k_norm LayerNorm, weights_proj).
struct mla_shape {
  count_t hidden = 0;
  count_t heads = 0;
  count_t q_lora_rank = 0;
  count_t kv_lora_rank = 0;
  count_t qk_rope_head_dim = 0;
  count_t qk_nope_head_dim = 0;
  count_t v_head_dim = 0;
  count_t index_n_heads = 0;
  count_t index_head_dim = 0;
};

// The DeepSeek-V3.2 indexer's parts vLLM builds without a quant_config (bf16 in any
// checkpoint): wk with weights_proj (fused as wk_weights_proj, FP8 wk upcast since vLLM PR
// #38928) and k_norm (a LayerNorm); none without index heads.
constexpr param_count mla_indexer_unquantized(const mla_shape& m) {
  if (m.index_n_heads <= 0) return {};
  return linear(m.hidden, m.index_head_dim) + param_count{m.index_head_dim} * 2 + linear(m.hidden, m.index_n_heads);
}

// The whole indexer: those and wq_b (q_lora_rank -> index heads x index_head_dim).
constexpr param_count mla_indexer(const mla_shape& m) {
  if (m.index_n_heads <= 0) return {};
  return linear(m.q_lora_rank, param_count{m.index_n_heads} * m.index_head_dim) + mla_indexer_unquantized(m);
}

// MLA's kv_b_proj (kv_lora_rank -> heads x (qk_nope_head_dim + v_head_dim)), split over TP.
constexpr param_count mla_kv_b(const mla_shape& m) {
  return linear(m.kv_lora_rank, (param_count{m.qk_nope_head_dim} + m.v_head_dim) * m.heads);
}

// MLA's o_proj (heads x v_head_dim -> hidden), split over TP.
constexpr param_count mla_output(const mla_shape& m) { return linear(param_count{m.heads} * m.v_head_dim, m.hidden); }

// What of an MLA layer every tensor-parallel rank holds whole (vLLM's deepseek_v2.py builds it
// with ReplicatedLinear or disable_tp): the latent down-projections, q_a_proj (when q_lora_rank
// > 0; a plain q_proj is split) and kv_a_proj_with_mqa, with their RMSNorms, and the whole
// indexer ("no tensor parallel, just replicated").
constexpr param_count mla_replicated(const mla_shape& m) {
  param_count n = linear(m.hidden, param_count{m.kv_lora_rank} + m.qk_rope_head_dim) + m.kv_lora_rank;
  if (m.q_lora_rank > 0) n += linear(m.hidden, m.q_lora_rank) + m.q_lora_rank;
  return n + mla_indexer(m);
}

// An MLA layer: what every rank holds whole, q_b_proj (or a plain q_proj), kv_b_proj, o_proj.
constexpr param_count mla(const mla_shape& m) {
  const param_count q_heads = (param_count{m.qk_nope_head_dim} + m.qk_rope_head_dim) * m.heads;
  const param_count q = m.q_lora_rank > 0 ? linear(m.q_lora_rank, q_heads) : linear(m.hidden, q_heads);
  return mla_replicated(m) + q + mla_kv_b(m) + mla_output(m);
}

// An MLA layer's projections but o_proj, with their norms and the indexer: what NVIDIA's
// ModelOpt DeepSeek recipe leaves in bf16 (examples/deepseek/ptq.py disables "*attn*" and
// quantizes wo with --enable_wo_quant; DeepSeek-V3.2-NVFP4 excludes q_a, q_b, kv_a_proj_with_mqa,
// kv_b and the indexer of every layer).
constexpr param_count mla_projections(const mla_shape& m) { return mla(m) - mla_output(m); }

// A feed-forward block: gated (gate, up, down: SwiGLU / GeGLU) or not (up, down: GELU, ReLU^2).
constexpr param_count mlp(count_t hidden, count_t intermediate, bool gated = true, bool bias = false) {
  const param_count in = linear(hidden, intermediate, bias) * (gated ? 2 : 1);
  return in + linear(intermediate, hidden, bias);
}

// Mamba-2 mixer (NemotronH): in_proj to (2 x inner + 2 x groups x state + heads), a depthwise
// conv over inner + 2 x groups x state channels (with bias when use_conv_bias), dt_bias,
// A_log and D per head, a gated RMSNorm over inner, out_proj.
struct mamba2_shape {
  count_t hidden = 0;
  count_t heads = 0;
  count_t head_dim = 0;
  count_t state_size = 0;
  count_t n_groups = 0;
  count_t conv_kernel = 0;
  bool conv_bias = true;
  bool proj_bias = false;
};
constexpr param_count mamba2(const mamba2_shape& m) {
  const param_count inner = param_count{m.heads} * m.head_dim;
  const param_count conv_dim = inner + param_count{m.n_groups} * m.state_size * 2;
  return linear(m.hidden, inner * 2 + param_count{m.n_groups} * m.state_size * 2 + m.heads, m.proj_bias) +
         conv_dim * m.conv_kernel + (m.conv_bias ? conv_dim : param_count{}) + param_count{m.heads} * 3 + inner +
         linear(inner, m.hidden, m.proj_bias);
}

// Gated DeltaNet (Qwen3-Next): in_proj_qkvz, in_proj_ba, a depthwise conv without bias,
// dt_bias and A_log per value head, a gated RMSNorm over the value head, out_proj.
struct gated_deltanet_shape {
  count_t hidden = 0;
  count_t key_heads = 0;
  count_t value_heads = 0;
  count_t key_head_dim = 0;
  count_t value_head_dim = 0;
  count_t conv_kernel = 0;
};
constexpr param_count gated_deltanet(const gated_deltanet_shape& g) {
  const param_count key_dim = param_count{g.key_heads} * g.key_head_dim;
  const param_count value_dim = param_count{g.value_heads} * g.value_head_dim;
  const param_count conv_dim = key_dim * 2 + value_dim;
  return linear(g.hidden, key_dim * 2 + value_dim * 2) + linear(g.hidden, param_count{g.value_heads} * 2) +
         conv_dim * g.conv_kernel + param_count{g.value_heads} * 2 + g.value_head_dim + linear(value_dim, g.hidden);
}

// Lightning attention (MiniMax-M1 / Text-01): fused qkv, an output gate, an RMSNorm over the
// heads, out_proj; no biases.
constexpr param_count lightning_attention(count_t hidden, count_t heads, count_t head_dim) {
  const param_count inner = param_count{heads} * head_dim;
  return linear(hidden, inner * 3) + linear(hidden, inner) + inner + linear(inner, hidden);
}

// One ViT encoder layer (SigLIP, Llama 4's vision encoder): LayerNorm, attention with biases
// (q, k, v, o of hidden x hidden), LayerNorm, GELU MLP with biases.
constexpr param_count vit_layer(count_t hidden, count_t intermediate) {
  return linear(hidden, hidden, true) * 4 + mlp(hidden, intermediate, false, true) + param_count{hidden} * 4;
}

// A SigLIP vision tower (Gemma 3): patch conv with bias, learned position embeddings, layers of
// LayerNorm + attention with biases + LayerNorm + GELU MLP with biases, a final LayerNorm.
struct siglip_shape {
  count_t hidden = 0;
  count_t intermediate = 0;
  count_t layers = 0;
  count_t image_size = 0;
  count_t patch_size = 0;
  count_t channels = 3;
};
constexpr param_count siglip_vision(const siglip_shape& s) {
  const count_t side = s.patch_size > 0 ? s.image_size / s.patch_size : 0;
  return param_count{s.channels} * s.patch_size * s.patch_size * s.hidden + s.hidden +
         param_count{side} * side * s.hidden + vit_layer(s.hidden, s.intermediate) * s.layers +
         param_count{s.hidden} * 2;
}

// A CLIP vision tower as LLaVA's wrappers load it (vLLM's init_vision_tower_for_llava): patch
// conv without bias, a class embedding, position embeddings for the patches and the class token,
// pre_layrnorm, and only the layers up to the feature layer (vision_feature_layer -2 of 24: 23),
// no post_layernorm; then LlavaMultiModalProjector, two linears (vision -> text -> text, biases as
// multimodal_projector_bias says; LLaVA-NeXT's input is the vision width times the feature layers
// it concatenates). CLIP ViT-L/14-336: 602,112 + 1,024 + 577 x 1,024 + 2,048 + 23 x 12,596,224 =
// 290,909,184; with the projector to 4,096: 311,888,896.
struct clip_shape {
  count_t hidden = 0;
  count_t intermediate = 0;
  count_t layers = 0;  // loaded
  count_t image_size = 0;
  count_t patch_size = 0;
  count_t channels = 3;
  count_t text_hidden = 0;
  count_t projector_input = 0;  // 0: hidden
  bool projector_bias = true;
};
constexpr param_count clip_vision(const clip_shape& c) {
  const count_t side = c.patch_size > 0 ? c.image_size / c.patch_size : 0;
  const count_t projector_input = c.projector_input > 0 ? c.projector_input : c.hidden;
  return param_count{c.channels} * c.patch_size * c.patch_size * c.hidden + c.hidden +
         (param_count{side} * side + 1) * c.hidden + param_count{c.hidden} * 2 +
         vit_layer(c.hidden, c.intermediate) * c.layers + linear(projector_input, c.text_hidden, c.projector_bias) +
         linear(c.text_hidden, c.text_hidden, c.projector_bias);
}

// Llama 4's vision encoder and projector: an unfolded patch linear (no bias), a class embedding,
// position embeddings for the patches and the class token, pre and post LayerNorms, layers as
// SigLIP's, the pixel-shuffle MLP (intermediate -> projector_input, projector_output ->
// projector_output, no biases) and the multimodal projector to the text hidden size.
struct llama4_vision_shape {
  count_t hidden = 0;
  count_t intermediate = 0;
  count_t layers = 0;
  count_t image_size = 0;
  count_t patch_size = 0;
  count_t channels = 3;
  count_t projector_input_dim = 0;
  count_t projector_output_dim = 0;
  count_t vision_output_dim = 0;
  count_t text_hidden = 0;
};
constexpr param_count llama4_vision(const llama4_vision_shape& v) {
  const count_t side = v.patch_size > 0 ? v.image_size / v.patch_size : 0;
  return param_count{v.channels} * v.patch_size * v.patch_size * v.hidden + v.hidden +
         (param_count{side} * side + 1) * v.hidden + param_count{v.hidden} * 4 +
         vit_layer(v.hidden, v.intermediate) * v.layers +
         linear(v.intermediate, v.projector_input_dim) + linear(v.projector_output_dim, v.projector_output_dim) +
         linear(v.vision_output_dim, v.text_hidden);
}

// Any other vision tower, estimated from its vision_config: a ViT of `layers` layers of width
// `hidden` (attention q, k, v, o with biases, two norms, an MLP of `intermediate`, gated for
// SiLU towers), the patch embedding (channels x patch^2 x temporal patches x hidden), learned
// position embeddings when given, and a patch merger of `merge`^2 patches to the text width
// (norm, merge x merge x hidden squared, then to the output), as Qwen2-VL, Qwen2.5-VL, Qwen3-VL
// (with a merger per deepstack layer), Pixtral and MoonViT build theirs. Projectors of other
// shapes differ by a few percent of the tower.
struct vit_estimate_shape {
  count_t hidden = 0;
  count_t intermediate = 0;
  count_t layers = 0;
  bool gated = false;
  count_t channels = 3;
  count_t patch_size = 14;
  count_t temporal_patch_size = 1;
  count_t position_embeddings = 0;
  count_t merge = 1;
  count_t mergers = 1;
  count_t out_hidden = 0;
};
constexpr param_count vit_estimate(const vit_estimate_shape& v) {
  const param_count layer = linear(v.hidden, v.hidden, true) * 4 + mlp(v.hidden, v.intermediate, v.gated, true) +
                            param_count{v.hidden} * 4;
  const param_count merged = param_count{v.hidden} * v.merge * v.merge;
  const param_count merger = merged * 2 + linear(merged, merged, true) + linear(merged, v.out_hidden, true);
  return param_count{v.channels} * v.patch_size * v.patch_size * v.temporal_patch_size * v.hidden +
         param_count{v.position_embeddings} * v.hidden + layer * v.layers + param_count{v.hidden} * 2 +
         merger * v.mergers;
}

// Gemma 4's vision tower (transformers' Gemma4VisionModel, which vLLM builds with
// AutoModel.from_config) and Gemma4MultimodalEmbedder: a bias-free patch projection of
// channels x patch^2 values, a learned position table of 2 x position_embedding_size rows,
// then per layer bias-free q, k, v, o, a gated MLP (gate_proj, up_proj, down_proj), four
// RMSNorms and the q / k norms of head_dim; the embedder projects to the text width. Gemma-4-31B:
// 884,736 + 23,592,960 + 27 x 20,187,792 + 6,193,152 = 575,741,232.
struct gemma4_vision_shape {
  count_t hidden = 0;
  count_t intermediate = 0;
  count_t layers = 0;
  count_t head_dim = 0;
  count_t channels = 3;
  count_t patch_size = 16;
  count_t position_embedding_size = 0;
  count_t text_hidden = 0;
};
constexpr param_count gemma4_vision(const gemma4_vision_shape& v) {
  const param_count layer = linear(v.hidden, v.hidden) * 4 + mlp(v.hidden, v.intermediate, true) +
                            param_count{v.hidden} * 4 + param_count{v.head_dim} * 2;
  return param_count{v.channels} * v.patch_size * v.patch_size * v.hidden +
         param_count{2} * v.position_embedding_size * v.hidden + layer * v.layers + linear(v.hidden, v.text_hidden);
}

// An audio encoder of Conformer blocks, estimated from its width and depth alone (Gemma 3n / 4's
// audio_config gives no more): per block two half-step feed-forwards of 4 x hidden (16 h^2),
// attention (4 h^2) and the convolution module's pointwise projections (3 h^2); then the
// projection into the text model's width.
constexpr param_count conformer_estimate(count_t hidden, count_t layers, count_t text_hidden) {
  return param_count{hidden} * hidden * 23 * layers + linear(hidden, text_hidden);
}

}  // namespace params
}  // namespace kvplan::inline v0
