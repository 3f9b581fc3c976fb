// vLLM's start-up memory profile, term by term, from what drives each term.
// SPDX-License-Identifier: Apache-2.0
//
// Worker.determine_available_memory measures four things before it sizes the KV cache:
//   weights      torch bytes allocated while loading (GPUModelRunner.load_model)
//   activation   the torch peak of profile_run: a multimodal model's vision encoder over its
//                largest dummy image or video, then a dummy forward of max_num_batched_tokens
//                (_dummy_run) and, on the last pipeline stage, the sampler over min(max_num_seqs,
//                max_num_batched_tokens) rows of fp32 logits (_dummy_sampler_run)
//   non-torch    growth of memory outside torch's allocator: lazily loaded kernels, NCCL
//                buffers connected by the first collectives, FlashInfer's all-reduce workspace
//   CUDA graphs  profile_cudagraph_memory's estimate (v0.17+), subtracted from v0.20
// A plan without logs estimates each from vLLM's source; each estimate carries how far it may
// be off, so that a verdict can say when a deployment is within its own uncertainty. The
// sources, per term, are cited where the term is computed. Figures are per GPU.
#pragma once

#include "kvplan/attention_backend.hpp"
#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/gpu.hpp"
#include "kvplan/layer.hpp"
#include "kvplan/model.hpp"
#include "kvplan/units.hpp"
#include "kvplan/vllm_version.hpp"

#include <cstdint>
#include <initializer_list>
#include <string_view>

namespace kvplan::inline v0 {

// One term of the profile: its bytes, how far the estimate may be off (0 when measured or
// given), and whether it was given.
struct memory_term {
  count_t bytes = 0;
  count_t uncertainty_bytes = 0;
  bool given = false;
};

// The sampler's dummy run, whose peak is a multiple of U = rows x vocab x 4 B (one fp32 logits
// tensor), by the sampler path a release runs (vllm/v1/sample/ops/topk_topp_sampler.py):
enum class sampler_path : std::uint8_t {
  torch_sort,  // apply_top_k_top_p's torch.sort: bf16 logits 0.5U, fp32 copy 1U, sorted values
               // 1U, int64 indices 2U, the segmented sort's reverse indices 2U and CUB temp 3U
  flashinfer,  // FlashInfer's top_k_top_p_sampling_from_logits: logits 0.5U, fp32 copy 1U,
               // top_k_mask_logits 1U, softmax 1U: 3.5U
  torch_sort_or_flashinfer,  // before v0.11.1 without VLLM_USE_FLASHINFER_SAMPLER: torch.sort,
               // 9.5U, as a pip install runs it (vLLM's package depends on flashinfer-python
               // from v0.11.1, PR #26443; before, FlashInfer came with the [flashinfer] extra
               // and the Docker images, whose sampler takes 3.5U): 6U is the uncertainty
  triton,      // the Triton top-k/top-p kernel (PR #33538, v0.17) sorts in place: 0.5U + 1U
               // + softmax 1U + the random-sample tensor 1U, plus a cached buffer of 132 rows
               // (from v0.21 also the peak of FlashInfer's sampler, which runs beside it)
  v2_runner,   // Model Runner V2's dummy sampler (temperature 0) skips top-k / top-p: the
               // logits 0.5U and an fp32 copy 1U; from v0.27 no copy: 0.5U, with TP the logits'
               // all-gather holds another 0.5U / TP
};

// Everything the activation estimate is made of, for an explanation.
struct activation_breakdown {
  count_t rows = 0;            // R = min(max_num_seqs, max_num_batched_tokens)
  count_t tokens = 0;          // T = max_num_batched_tokens
  count_t logits_bytes = 0;    // U = R x vocab x 4
  sampler_path sampler = sampler_path::torch_sort;
  count_t sampler_bytes = 0;   // the sampler's peak (0 on pipeline stages before the last)
  count_t kept_bytes = 0;      // hidden states alive during the sampler: T x H + 2 x R x H
  count_t forward_bytes = 0;   // the transient peak of one layer's forward over T tokens
  count_t moe_workspace_bytes = 0;  // fused-MoE workspaces, persistent (from v0.18)
  bool moe_workspace_per_call = false;  // allocated by the kernel each call, not the WorkspaceManager's
  count_t indexer_workspace_bytes = 0;  // the sparse indexer's gather workspace, persistent
  count_t indexer_logits_bytes = 0;     // its logits budget, transient
  count_t encoder_items = 0;            // dummy items the vision encoder profiles (0: none)
  count_t encoder_tokens = 0;           // tokens of each
  bool encoder_video = false;           // videos (Qwen2-VL, Qwen2.5-VL; Qwen3-VL v0.11 - v0.15), else images
  count_t encoder_patches = 0;          // their patches, the ViT's sequence
  count_t encoder_bytes = 0;            // the encoder forward's peak
  count_t encoder_kept_bytes = 0;       // its inputs and outputs, alive through the decoder's run
  count_t encoder_widened_rows = 0;     // the rows each output is widened to (v0.11 - v0.12; 0: none)
  count_t compile_bytes = 0;            // a cold compile's benchmark copies, freed before the forward
  count_t total_bytes = 0;
  // What the profile allocates and keeps (the MoE workspace from v0.18, the Triton sampler's
  // cached buffer): from v0.27 vLLM counts it as "consumed" memory, not as peak activation.
  count_t persistent_bytes = 0;
};

// The estimate of each term, with its parts.
struct memory_profile {
  memory_term weights{};
  memory_term activation{};
  memory_term non_torch{};
  memory_term cudagraph{};  // 0 when the release does not subtract it or graphs are off
  activation_breakdown activation_parts{};
  count_t rope_cache_bytes = 0;     // part of weights: the RoPE cos/sin cache every rank holds
  count_t load_buffers_bytes = 0;   // part of weights: buffers sized for a batch (load_buffers_bytes)
  count_t unsplit_weights_bytes = 0;  // part of weights: beyond the even TP split (weights_estimate)
  count_t marlin_scale_bytes = 0;  // part of weights: Marlin's group scales (marlin_fp8_scale_bytes)
  count_t lora_bytes = 0;  // part of weights: LoRA's adapter slots (lora_weights_bytes)
  count_t allreduce_workspace_bytes = 0;  // part of non-torch: FlashInfer's fusion workspace
  count_t num_cudagraphs = 0;       // graphs captured (PIECEWISE and FULL)
  count_t num_full_cudagraphs = 0;  // of which FULL
  count_t cudagraph_cuts = 0;  // cuts in a PIECEWISE graph (cudagraph_cuts)
  count_t drafter_weights_bytes = 0;  // part of weights: MTP layers or the draft model
  count_t consumed_profile_bytes = 0;  // part of non-torch from v0.27: what the profile keeps
  count_t runner_buffers_bytes = 0;  // part of non-torch from v0.27: the runner's own (runner_buffers_bytes)

  constexpr count_t non_kv_bytes() const {
    return checked_add(checked_add(weights.bytes, activation.bytes), checked_add(non_torch.bytes, cudagraph.bytes));
  }
  constexpr count_t uncertainty_bytes() const {
    return weights.uncertainty_bytes + activation.uncertainty_bytes + non_torch.uncertainty_bytes +
           cudagraph.uncertainty_bytes;
  }
};

// Whether vLLM builds the model's vision tower (SupportsMultiModal._mark_tower_model): not with
// --language-model-only, nor when every modality the tower serves is limited to 0: images for
// Gemma 3's, Llama 4's, Mistral 3's / Pixtral's, LLaVA's and LFM2-VL's; Kimi K2.5's its
// "vision_chunk"; images and videos for the others (Qwen's ViTs, Gemma 4's, MiniMax-M3's, any
// tower kvplan does not know). Limits leave a tower out from the release that taught its model
// to (see vllm_rules); --language-model-only exists from v0.16, when every model does.
constexpr bool vision_tower_built(const deployment& d, const vllm_rules& rules) {
  const std::string_view t = d.model.model_type;
  if (d.language_model_only) return false;
  const bool early = t == "qwen2_vl" || t == "qwen2_5_vl" || t == "llama4" || t == "mistral3" || t.starts_with("llava");
  const bool qwen3_vl = t == "qwen3_vl" || t == "qwen3_vl_moe";
  if (!(rules.towers_skipped_by_limits || (early && rules.limits_skip_early_towers) ||
        (qwen3_vl && rules.limits_skip_qwen3_vl_tower)))
    return true;
  if (t == "kimi_k25") return d.limit_vision_chunks != 0;
  const bool image_only = t == "gemma3" || t == "llama4" || t == "mistral3" || t == "pixtral" ||
                          t.starts_with("llava") || t == "lfm2_vl";
  return d.limit_images != 0 || (!image_only && d.limit_videos != 0);
}

// --- Model runner ------------------------------------------------------------------------------

// Whether vLLM runs the deployment on Model Runner V2, else on the V1 runner: VllmConfig.
// use_v2_model_runner, i.e. _is_default_v2_model_runner_model (an architecture list and a rule
// that widened by release, see vllm_rules) and then _get_v2_model_runner_unsupported_features.
// Architectures are matched by model_type: qwen3 = Qwen3ForCausalLM, llama / mistral =
// LlamaForCausalLM / MistralForCausalLM, deepseek_v2 = DeepseekV2ForCausalLM, qwen2_moe =
// Qwen2MoeForCausalLM, granitemoe = GraniteMoeForCausalLM, kimi_k3, deepseek_v4. Qwen3-MoE
// (Qwen3MoeForCausalLM) is on none of the lists: V1 until every model moved (v0.29).
constexpr bool v2_runner_by_default(const deployment& d, const vllm_rules& rules) {
  const model& m = d.model;
  if (rules.v2_model_runner_for_all_models) return true;
  const std::string_view type = m.model_type;
  const bool quantized = !checkpoint_of(d).quantization.empty();
  const bool moe = m.is_moe();
  const bool hybrid = m.is_hybrid();
  // Kimi-K3 is listed from the PR that brought it (#50000, v0.27: rules.kimi_k3, before which
  // kvplan refuses it), except on ROCm (ROCM_EXCLUDED_V2_MODEL_RUNNER_ARCHITECTURES).
  const bool listed_moe = type == "deepseek_v2" || type == "qwen2_moe" || type == "granitemoe" ||
                          (type == "kimi_k3" && d.gpu.vendor != gpu_vendor::amd) ||
                          (rules.v2_runner_deepseek_v4 && type == "deepseek_v4");
  // #44443 (v0.25): every model that is neither hybrid nor MoE, unless listed (a listed hybrid
  // from #50000, Kimi-K3 the only one).
  if (rules.v2_runner_for_dense) {
    if (hybrid && !listed_moe) return false;
    return listed_moe || !moe;
  }
  const bool qwen3 = type == "qwen3";
  const bool llama_mistral = type == "llama" || type == "mistral";
  // #42667 and #44446 (v0.24): the list, MoE ones included, quantized or not.
  if (rules.v2_runner_for_listed_moe) return qwen3 || llama_mistral || listed_moe;
  // #39337 (v0.22) and #43458 (v0.23): the list's dense, unquantized models.
  if (moe || quantized) return false;
  return (rules.v2_runner_for_qwen3_dense && qwen3) || (rules.v2_runner_for_llama_mistral_dense && llama_mistral);
}

// What V2 does not run, whatever the model: speculative methods other than EAGLE, EAGLE-3 and
// MTP (ngram, suffix, a draft model), and EAGLE-3 with pipeline parallelism.
constexpr bool v2_runner_lacks_a_feature(const deployment& d) {
  const speculative_method method = d.speculative.method;
  if (method == speculative_method::ngram || method == speculative_method::suffix ||
      method == speculative_method::draft_model)
    return true;
  return method == speculative_method::eagle3 && d.pipeline_parallel_size > 1;
}

constexpr bool uses_v2_model_runner(const deployment& d, const vllm_rules& rules) {
  if (d.v2_model_runner) return *d.v2_model_runner;  // VLLM_USE_V2_MODEL_RUNNER
  return v2_runner_by_default(d, rules) && !v2_runner_lacks_a_feature(d);
}

// --- Weights ---------------------------------------------------------------------------------

namespace estimates {
// Bytes of a checkpoint whose size was not published, split into the routed experts and the
// rest: parameters x the format's bits, except what quantization leaves in the model dtype:
// the embedding and lm_head tables (one when tied) under every method, and with mxfp4 (gpt-oss)
// everything but the experts; the routers in the dtype vLLM allocates them in (router_bytes).
struct weight_bytes_split {
  double dense = 0;
  double experts = 0;
};

// The MoE routers' bytes: never quantized, in model::router_dtype (else the model dtype).
constexpr double router_bytes(const model& m) {
  return static_cast<double>(m.router_params) * bits_per_element(m.router_dtype.value_or(m.torch_dtype)) / 8.0;
}

// DeepSeek-V4's checkpoints: mxfp4 (or NVIDIA's NVFP4) experts under quant_method fp8, whose
// DeepseekV4FP8Config block-quantizes every other linear layer to fp8.
constexpr bool fp8_dense_with_fp4_experts(const checkpoint& c) {
  return c.format == dtype::mxfp4 && c.quantization == "fp8";
}

// Bytes a parameter of a quantized linear layer outside the experts takes: the format's (scales
// included, weight_bits), fp8 beside DeepSeek-V4's fp4 experts, the model dtype's where the
// scheme quantizes the experts only (gpt-oss's mxfp4, experts_only).
constexpr double dense_linear_bytes(const model& m, const checkpoint& c) {
  if (is_float_dtype(c.format)) return bits_per_element(c.format) / 8.0;
  if (fp8_dense_with_fp4_experts(c)) return 1.0;
  if (c.format == dtype::mxfp4 || (c.experts_only && m.expert_params > 0)) return bits_per_element(m.torch_dtype) / 8.0;
  return weight_bits(c) / 8.0;
}

// The parameters outside the routed experts and the routers.
constexpr double dense_params(const model& m) {
  return static_cast<double>(m.total_params) - static_cast<double>(m.expert_params) - static_cast<double>(m.router_params);
}

// Of those, the ones a quantized checkpoint quantizes. Embedding tables stay in the model
// dtype, and in a published checkpoint the vision tower (quantization recipes leave it out:
// NVIDIA's "model.visual*", llm-compressor's "re:visual.*"; --quantization fp8 at load time
// quantizes the tower's linear layers too); MLA's projections where the checkpoint leaves them
// out (checkpoint::mla_unquantized), or else what vLLM builds without a quant_config
// (model::replicated_unquantized_params).
constexpr double quantized_dense_params(const model& m, const checkpoint& c, bool online_quantization) {
  const double unquantized = static_cast<double>(m.vocab_size) * static_cast<double>(m.hidden_size) *
                                 (m.tie_word_embeddings ? 1.0 : 2.0) +
                             (online_quantization ? 0.0 : static_cast<double>(m.vision_params)) +
                             (c.mla_unquantized ? static_cast<double>(m.mla_projection_params)
                                                : static_cast<double>(m.replicated_unquantized_params)) +
                             (c.mla_output_unquantized ? static_cast<double>(m.mla_output_params) : 0.0);
  const double rest = dense_params(m);
  return rest > unquantized ? rest - unquantized : 0.0;
}

// Integer formats carry their group scales and zero points (weight_bits): an AWQ checkpoint of
// Llama-3-70B, 4 + 16/128 + 4/128 = 4.156 bits over its 68.5e9 linear parameters and the fp16
// tables, loads 18.55 GiB a GPU at TP 2 in a vLLM 0.16 log.
constexpr weight_bytes_split checkpoint_bytes_from_params(const model& m, const checkpoint& c,
                                                          bool online_quantization = false) {
  const auto bytes = [](double params, dtype t) { return params * bits_per_element(t) / 8.0; };
  const double experts = static_cast<double>(m.expert_params);
  const double rest = dense_params(m);
  const double routers = router_bytes(m);
  const double quantized_experts = experts * weight_bits(c) / 8.0;
  if (is_float_dtype(c.format)) return {bytes(rest, c.format) + routers, bytes(experts, c.format)};
  const double quantized_dense = quantized_dense_params(m, c, online_quantization);
  return {quantized_dense * dense_linear_bytes(m, c) + bytes(rest - quantized_dense, m.torch_dtype) + routers,
          quantized_experts};
}

// NVIDIA GPUs without fp8 tensor cores (below sm89: A100, A10, RTX 30xx) run an Fp8Config
// checkpoint weight-only through Marlin (Fp8LinearMethod and the fp8 MoE methods take Marlin
// below capability 89), whose kernel wants a scale per group of inputs of every output: a
// block-scaled checkpoint's scales (one fp32 per 128 x 128 block) become one in the model dtype
// per 128 inputs of every output (marlin_utils_fp8.py, prepare_fp8_layer_for_marlin and
// prepare_moe_fp8_layer_for_marlin: the block scales repeated block_n times along the outputs),
// 2 B a 128 weights, 1.6% on top of the fp8 bytes. Per-tensor and per-channel scales become a
// row of N: nothing to count. Qwen3-30B-A3B in FP8 on one A100: 29.9e9 fp8 weights, 0.43 GiB
// (a vLLM 0.19.1 log of Qwen3-Coder-30B-A3B-Instruct-FP8 on an A100-40GB loads 29.54 GiB).
constexpr weight_bytes_split marlin_fp8_scale_bytes(const model& m, const checkpoint& c, const gpu& g) {
  if (c.quantization != "fp8" || !is_fp8(c.format) || c.group_size < 0 || g.vendor != gpu_vendor::nvidia ||
      g.compute_capability >= 89)
    return {};
  const double per_weight = bits_per_element(m.torch_dtype) / 8.0 / (c.group_size > 0 ? c.group_size : 128);
  return {quantized_dense_params(m, c, false) * per_weight, static_cast<double>(m.expert_params) * per_weight};
}

// The RoPE cos/sin caches (rotary_embedding/base.py: a buffer of max_position x rotary_dim in
// the model dtype), built once and held by every rank: Llama 4 Scout's 10,485,760 positions x
// 128 make 2.5 GiB per GPU whatever the TP size. Where the model does not give its caches
// (model::rope_cache_bytes), one of max_model_len x the attention head size (MLA:
// qk_rope_head_dim).
constexpr count_t rope_cache_bytes(const model& m) {
  if (m.rope_cache_bytes) return *m.rope_cache_bytes;
  const count_t element = element_bytes(m.torch_dtype);
  count_t rotary_dim = 0;
  for (const layer_type& t : m.layers.types) {
    if (is_latent_attention(t.kind)) rotary_dim = max_of(rotary_dim, t.qk_rope_head_dim);
    else if (is_attention(t.kind)) rotary_dim = max_of(rotary_dim, t.head_size);
  }
  return checked_mul(checked_mul(m.max_model_len, rotary_dim), element);
}

// The RoPE caches of a deployment: MiniMax-Text-01 / M1 build theirs for min(config
// max_position_embeddings, the served max_model_len) positions (minimax_text_01.py), 10,240,000
// by the config; the others for their config's length whatever the served one.
constexpr count_t rope_cache_bytes(const deployment& d) {
  const model& m = d.model;
  const count_t full = rope_cache_bytes(m);
  const count_t served = configured_max_model_len(d);
  if ((m.model_type == "minimax_m1" || m.model_type == "minimax_text_01" || m.model_type == "minimax") &&
      served > 0 && served < m.max_model_len)
    return full / m.max_model_len * served;
  return full;
}

// DeepSeek-V4's buffers beyond its top-k indices (deepseek_v4 nvidia/model.py, every release
// kvplan plans V4 for): DeepseekV4EagerScratchPool (eager_scratch.py, vLLM main from 2026-07-31)
// holds q, T x the rank's heads padded for the kernel (64 or 128; FlashInfer's SM12 kernel to
// 8 - 128) x head_dim in bf16, and one 256-byte-aligned region for the largest of the FP4
// indexer's q (T x index_n_heads x index_head_dim / 2 values, / 32 scales, and fp32 weights), the
// global top-k (T x index_topk + T int32) and the compressor's scratch (T x head_dim fp32); with
// a drafter (MTP, EAGLE or a draft model), a T x hc_mult x hidden_size buffer of hidden states
// in the model dtype. V4-Pro at TP 8
// on 8,192 tokens: q 8,192 x 64 x 512 x 2 = 536,870,912 B, the indexer's region 37,748,736 B.
constexpr count_t deepseek_v4_scratch_bytes(const deployment& d, count_t t) {
  const model& m = d.model;
  count_t head_dim = 0, index_head_dim = 0;
  for (const layer_type& l : m.layers.types)
    if (l.kind == layer_kind::compressed_mla) {
      head_dim = max_of(head_dim, count_t{l.head_size});
      index_head_dim = max_of(index_head_dim, count_t{l.index_head_dim});
    }
  const count_t heads = m.num_attention_heads / max_of(d.tensor_parallel_size, 1);
  count_t padded = heads <= 64 ? 64 : 128;
  if (d.gpu.compute_capability / 10 == 12)
    for (const count_t supported : {8, 16, 32, 64, 128})
      if (heads <= supported) { padded = supported; break; }
  const auto packed = [](std::initializer_list<count_t> sizes) {
    count_t offset = 0;
    for (const count_t n : sizes) offset = round_up(offset, 256) + n;
    return round_up(offset, 256);
  };
  const count_t ih = m.index_n_heads;
  const count_t region = max_of(max_of(packed({t * ih * (index_head_dim / 2), t * ih * (index_head_dim / 32), t * ih * 4}),
                                       packed({t * m.index_topk * 4, t * 4})),
                                packed({t * head_dim * 4}));
  count_t bytes = checked_add(checked_mul(checked_mul(t, padded), head_dim * 2), region);
  const speculative_method sm = d.speculative.method;
  if ((sm == speculative_method::mtp && m.num_mtp_layers > 0) || sm == speculative_method::eagle ||
      sm == speculative_method::eagle3 || sm == speculative_method::draft_model)  // use_eagle() or a draft model
    bytes = checked_add(bytes, checked_mul(checked_mul(t, count_t{m.hc_mult} * m.hidden_size), element_bytes(m.torch_dtype)));
  return bytes;
}

// Buffers a model allocates while vLLM builds it, sized for a batch of T = max_num_batched_tokens,
// which "Model loading took" counts with the weights: deepseek_v2.py's top-k indices for the
// sparse indexer (T x index_topk int32, DeepSeek-V3.2 and GLM-5.x; deepseek_mtp.py's drafter
// holds one more), and Qwen3-VL's deepstack input embeddings (qwen3_vl.py, qwen3_vl_moe.py: one
// T x hidden_size tensor in the model dtype per deepstack level, while the tower is built).
// DeepSeek-V3.2 at 8,192 tokens: 8,192 x 2,048 x 4 B = 64 MiB; Qwen3-VL-8B: 3 x 8,192 x 4,096
// x 2 B = 192 MiB. DeepSeek-V4's (deepseek_v4_scratch_bytes) are 0.5 - 1.5 GiB.
constexpr count_t load_buffers_bytes(const deployment& d, const vllm_rules& rules, count_t max_num_batched_tokens) {
  const model& m = d.model;
  const bool mtp_drafter = d.speculative.method == speculative_method::mtp && m.num_mtp_layers > 0;
  count_t bytes = checked_mul(checked_mul(max_num_batched_tokens, m.index_topk), mtp_drafter ? 8 : 4);
  if (m.vision.deepstack_layers > 0 && vision_tower_built(d, rules)) {
    bytes += checked_mul(checked_mul(max_num_batched_tokens, m.hidden_size),
                         m.vision.deepstack_layers * element_bytes(m.torch_dtype));
  }
  if (m.model_type == "deepseek_v4") bytes = checked_add(bytes, deepseek_v4_scratch_bytes(d, max_num_batched_tokens));
  return bytes;
}

// mxfp4 experts (gpt-oss) are padded for their kernels (fused_moe/oracle/mxfp4.py,
// mxfp4_round_up_hidden_size_and_intermediate_size): Marlin, which runs them on GPUs without
// fp4 tensor cores, rounds the hidden size up to 256 and each rank's intermediate size to 128;
// Blackwell's TRT-LLM and FlashInfer kernels both to 256 (the intermediate size to 128 from
// v0.27, vLLM PR #50000; the sm100 family's). gpt-oss's 2,880 becomes 3,072 and,
// at TP 4, 720 becomes 768. Hopper runs them on OpenAI's Triton kernels from v0.12 (the
// intermediate size to 64, the hidden size as it is), which until v0.25 keep the checkpoint's
// scales (8 bits a block of 32) beside the swizzled copy: 0.25 of every 4.25 bits again,
// 3.4 GiB for gpt-oss-120b on one H100. Logs agree within 0.5 GiB: gpt-oss-120b
// loads 17.22 GiB a GPU over 4 x A100 and 65.97 GiB on one H100 (vLLM 0.10.1, Marlin), 64.38 and
// 61.29 GiB on one H100 on the Triton kernels (v0.14.1, v0.25.1; kvplan 64.16 and 60.82),
// gpt-oss-20b 13.72 GiB on an A100 (vLLM 0.19).
//
// The kernels kvplan takes a GPU to run them on, and how they lay the experts out.
struct mxfp4_kernels {
  bool triton = false;          // OpenAI's Triton kernels (Hopper, v0.12+)
  bool float32_biases = false;  // the kernels take the experts' biases in float32 (below)
  count_t hidden_multiple = 1;
  count_t intermediate_multiple = 1;
};
constexpr mxfp4_kernels mxfp4_kernels_for(const gpu& g, const vllm_rules& rules) {
  if (g.vendor == gpu_vendor::nvidia && g.compute_capability == 90 && rules.hopper_mxfp4_triton)
    return {.triton = true, .float32_biases = true, .intermediate_multiple = 64};
  if (g.is_sm100_family())
    return {.float32_biases = true, .hidden_multiple = 256,
            .intermediate_multiple = rules.blackwell_mxfp4_intermediate_128 ? 128 : 256};
  // ROCm runs its own kernels (Triton, CK / AITER: float32 biases) and pads for them: on gfx950
  // (MI350X, MI355X) both sizes to 256 in every release read (get_padding_alignment, then the
  // mxfp4 oracle); on gfx942 (MI300X, MI325X) the hidden size to 256 (the FusedMoE layer's
  // roundup for ROCm) and the intermediate size to 128 (get_padding_alignment) until vLLM PR
  // #34285 (February 2026) made the hidden size 128 too, and the oracle (PR #37128) later 256
  // for both: undated, so kvplan keeps the first.
  if (g.vendor == gpu_vendor::amd)
    return {.float32_biases = true, .hidden_multiple = 256,
            .intermediate_multiple = g.compute_capability == 950 ? 256 : 128};
  // Marlin's padding, also on the sm120 family (RTX 50xx, RTX PRO 6000, GB10): get_mxfp4_backend
  // offers FlashInfer's kernels to the sm100 family only and OpenAI's Triton kernels below sm110
  // (vLLM issue #30135 at v0.12, PR #37751 at v0.18: "SM120 GPUs ... fall back to the slow Marlin
  // backend").
  return {.hidden_multiple = 256, .intermediate_multiple = 128};
}

// The factor by which that grows the experts' bytes (both expert matrices are hidden x
// intermediate per rank).
constexpr double mxfp4_expert_padding(const model& m, const gpu& g, std::int32_t tp, const vllm_rules& rules) {
  if (m.moe_intermediate_size <= 0 || m.hidden_size <= 0) return 1.0;
  const count_t per_rank = m.moe_intermediate_size / tp;
  if (per_rank <= 0) return 1.0;
  const mxfp4_kernels k = mxfp4_kernels_for(g, rules);
  const double hidden = static_cast<double>(round_up(m.hidden_size, k.hidden_multiple)) / m.hidden_size;
  const double intermediate =
      static_cast<double>(round_up(per_rank, k.intermediate_multiple)) / static_cast<double>(per_rank);
  const double kept_scales = k.triton && rules.mxfp4_triton_keeps_scales ? 1.0 + 0.25 / 4.25 : 1.0;
  return hidden * intermediate * kept_scales;
}

// The bytes the experts' biases add where the kernels take them in float32: the checkpoint's
// bf16 biases are loaded, then OpenAI's Triton kernels (Hopper, ROCm) and Blackwell's TRT-LLM
// ones replace them with float32 copies (convert_to_mxfp4_moe_kernel_format:
// w13_bias.to(torch.float32); Marlin keeps bf16), 2 B more each, at the padded widths. A rank
// holds its experts' gate and up biases for its share of the intermediate size, and the whole
// down bias (gpt_oss.py loads w2_bias unsplit, zeroed beyond rank 0). gpt-oss-120b on one H100:
// 36 x 128 x (2 x 2,880 + 2,880) x 2 B = 79,626,240 B.
constexpr count_t mxfp4_float32_bias_bytes(const deployment& d, const vllm_rules& rules) {
  const model& m = d.model;
  const count_t per_expert = 2 * count_t{m.moe_intermediate_size} + m.hidden_size;
  if (m.expert_bias_params <= 0 || per_expert <= 0) return 0;
  const mxfp4_kernels k = mxfp4_kernels_for(d.gpu, rules);
  if (!k.float32_biases) return 0;
  const std::int32_t tp = d.tensor_parallel_size;
  const bool ep = d.enable_expert_parallel;
  // Experts and layers a rank holds: with expert parallelism whole experts over TP x DP ranks.
  const count_t experts = m.expert_bias_params / per_expert / (ep ? count_t{tp} * d.data_parallel_size : 1) /
                          d.pipeline_parallel_size;
  const count_t intermediate = round_up(m.moe_intermediate_size / (ep ? 1 : tp), k.intermediate_multiple);
  return checked_mul(checked_mul(experts, 2 * intermediate + round_up(m.hidden_size, k.hidden_multiple)), 2);
}

// The K and V projection parameters a rank of tp holds beyond its 1/tp share, in attention layers
// with fewer KV heads than ranks, where QKVParallelLinear gives each rank one KV head
// (num_kv_head_replicas = tp / num_key_value_heads) instead of kv_heads / tp of them.
constexpr double replicated_kv_head_params(const model& m, std::int32_t tp) {
  if (tp <= 1) return 0.0;
  const double share = 1.0 / tp;
  double n = 0.0;
  for (std::int32_t i = 0; i < m.layers.types.size(); ++i) {
    const layer_type& t = m.layers.types[i];
    if (!is_attention(t.kind) || is_latent_attention(t.kind) || t.num_kv_heads <= 0 || t.num_kv_heads >= tp) continue;
    const std::int32_t v = t.head_size_v > 0 ? t.head_size_v : t.head_size;
    const double k_and_v = static_cast<double>(m.hidden_size) * (t.head_size + v);  // one KV head's projections
    n += m.layers.layers_of_type[i] * k_and_v * (1.0 - t.num_kv_heads * share);
  }
  return n;
}
}  // namespace estimates

// The rows of a LoRA slot's embedding A (vocab x rank): the vocabulary, padded to 256 with 256
// extra rows before v0.12, where the model class names embedding modules (lora_weights_bytes); else 0.
constexpr count_t lora_embedding_rows(const deployment& d, const vllm_rules& rules) {
  const model& m = d.model;
  const bool llama_class = m.model_type == "llama" || m.model_type == "mistral";
  const bool qwen3_class = m.model_type == "qwen3" || m.model_type == "qwen3_moe";
  if (!d.lora.enabled || !(llama_class || (qwen3_class && rules.qwen3_lora_embeddings))) return 0;
  return rules.lora_without_extra_vocab ? count_t{m.vocab_size} : round_up(count_t{m.vocab_size} + 256, 256);
}

// LoRA's adapter slots (--enable-lora): load_lora_model, inside the profiler that prints "Model
// loading took", wraps every linear layer of the language model and preallocates, in the LoRA
// dtype (the model's), max_loras slots of lora_a (rank x input) and lora_b (output x rank) per
// slice (vllm/lora/layers: base_linear.py, column_parallel_linear.py, row_parallel_linear.py):
// - q/k/v (MergedQKVParallelLinearWithLoRA): three A of rank x hidden, B of the rank's query
//   width and one K and one V width (a replicated KV head's where TP exceeds the KV heads);
// - o_proj and down_proj (row parallel): A of the rank's input share, B of the whole output;
// - gate_up (two slices): A of rank x hidden each, B of the rank's share of the intermediate size;
// - routed experts from v0.11.1 (FusedMoEWithLoRA, PR #21229): those per expert, every expert.
// Where the model class names embedding modules (Llama's and Mistral's always; Qwen3's from vLLM
// PR #29816, v0.16), the embedding (A vocab x rank, B hidden x rank) and the logits (A rank x
// hidden, B vocab x rank) too, the vocabulary whole on every rank, padded to 256 with 256 extra
// rows and each extra row's hidden-sized embedding before v0.12 (PRs #28382, #28545); a tied
// Qwen3 lm_head is the embedding module itself, wrapped a second time. Qwen3-4B at rank 16: 63.0
// MiB of linear slots and 14.1 of vocabulary ones a slot (a vLLM 0.27.1 log loads 4.86 GiB more
// with 64 slots than with 1: 79 MiB a slot, the caching allocator's 2 MiB rounding of the 19 MiB
// slices included). Not counted: the router's (rank x (hidden + experts) a MoE layer) and, in MoE
// models, shared experts and dense layers; dense MLPs are sized only where no layer has experts.
constexpr count_t lora_weights_bytes(const deployment& d, const vllm_rules& rules) {
  if (!d.lora.enabled) return 0;
  const model& m = d.model;
  const count_t tp = d.tensor_parallel_size;
  const count_t slots = d.lora.slots();
  const count_t r = d.lora.rank();
  const count_t h = m.hidden_size;
  // Fully sharded, a column-parallel layer's A holds rank / TP rows and a row-parallel layer's B
  // output / TP rows: the hidden-sized sides below, which are whole on every rank otherwise.
  const count_t whole = d.lora.fully_sharded ? tp : 1;
  count_t per_rank = 0;  // elements of one slot at rank 1, per GPU
  for (std::int32_t i = 0; i < m.layers.types.size(); ++i) {
    const layer_type& t = m.layers.types[i];
    if (!is_attention(t.kind) || is_latent_attention(t.kind)) continue;
    const count_t q = count_t{m.num_attention_heads} / tp * t.head_size;
    const count_t kv = max_of(count_t{t.num_kv_heads} / tp, count_t{1});
    const count_t v = t.head_size_v > 0 ? t.head_size_v : t.head_size;
    const count_t qkv = 3 * h / whole + q + kv * (t.head_size + v);
    const count_t o = count_t{m.num_attention_heads} * v / tp + h / whole;
    per_rank += (qkv + o) * m.layers.layers_of_type[i];
  }
  const count_t layers = m.num_layers();
  if (m.expert_params > 0 && m.moe_intermediate_size > 0) {
    // Every expert of every MoE layer: gate_up's two A (rank x hidden) and B, down's A and B.
    if (rules.lora_on_experts) {
      const count_t expert_matrices = m.expert_params / (3 * h * m.moe_intermediate_size);  // experts x MoE layers
      per_rank += expert_matrices * (3 * h / whole + 3 * (count_t{m.moe_intermediate_size} / tp));
    }
  } else if (m.intermediate_size > 0) {
    per_rank += layers * (3 * h / whole + 3 * (count_t{m.intermediate_size} / tp));
  }
  count_t extra_embeddings = 0;  // elements of a slot beside the rank-sized ones
  if (const count_t vocab = lora_embedding_rows(d, rules); vocab > 0) {
    const bool llama_class = m.model_type == "llama" || m.model_type == "mistral";
    count_t embedding = vocab + h;  // the embedding's A and B
    if (m.tie_word_embeddings && !llama_class) embedding *= 2;  // Qwen3's tied lm_head, wrapped again
    per_rank += embedding + vocab + h;  // and the logits'
    // Before v0.12 each slot also held 256 extra-vocabulary embeddings, in the embedding and the logits.
    if (!rules.lora_without_extra_vocab) extra_embeddings = 2 * 256 * h;
  }
  const count_t per_slot = checked_add(checked_mul(per_rank, r), extra_embeddings);
  return cdiv(checked_mul(checked_mul(per_slot, slots), element_bytes(m.torch_dtype)), count_t{d.pipeline_parallel_size});
}

// Weights per GPU: the checkpoint's bytes split over the TP x PP ranks (with expert parallelism
// the routed experts over TP x DP), plus what every TP rank holds whole beyond that split and the
// RoPE cache every rank holds. A published total is split by the experts' share of the parameters.
constexpr memory_term weights_estimate(const deployment& d, const checkpoint& c, const vllm_rules& rules,
                                       count_t* unsplit_bytes = nullptr, count_t* marlin_scale_bytes = nullptr) {
  const model& m = d.model;
  const std::int32_t tp = d.tensor_parallel_size;
  const std::int32_t pp = d.pipeline_parallel_size;
  // --quantization fp8 at load time reaches the tower's linear layers, but Llama 4 builds its tower
  // without a quant_config and Gemma 4 keeps it unquantized under fp8 (mllama4.py, gemma4_mm.py).
  const bool online = d.quantization == "fp8" && detail::published_checkpoint(d).quantization.empty() &&
                      m.model_type != "llama4" && m.model_type != "gemma4";
  estimates::weight_bytes_split w = estimates::checkpoint_bytes_from_params(m, c, online);
  if (c.bytes > 0) {
    const double share =
        m.total_params > 0 ? static_cast<double>(m.expert_params) / static_cast<double>(m.total_params) : 0.0;
    w.experts = static_cast<double>(c.bytes) * share;
    w.dense = static_cast<double>(c.bytes) - w.experts;
  }
  if (c.format == dtype::mxfp4) w.experts *= estimates::mxfp4_expert_padding(m, d.gpu, tp, rules);
  const estimates::weight_bytes_split marlin = estimates::marlin_fp8_scale_bytes(m, c, d.gpu);
  w.dense += marlin.dense;
  w.experts += marlin.experts;
  const count_t float32_biases = c.format == dtype::mxfp4 ? estimates::mxfp4_float32_bias_bytes(d, rules) : 0;
  // --language-model-only (or every modality the tower serves limited to 0): vLLM builds no
  // tower, whose weights are in the model dtype in every checkpoint.
  if (!vision_tower_built(d, rules)) {
    const double tower = static_cast<double>(m.vision_params) * bits_per_element(online ? c.format : m.torch_dtype) / 8.0;
    w.dense = w.dense > tower ? w.dense - tower : 0.0;
  }
  const double expert_ranks = static_cast<double>(tp) * static_cast<double>(pp) *
                              (d.enable_expert_parallel ? static_cast<double>(d.data_parallel_size) : 1.0);
  double per_gpu = w.dense / (static_cast<double>(tp) * static_cast<double>(pp)) + w.experts / expert_ranks;
  if (marlin_scale_bytes)
    *marlin_scale_bytes = static_cast<count_t>(
        marlin.dense / (static_cast<double>(tp) * static_cast<double>(pp)) + marlin.experts / expert_ranks + 0.5);
  // Weights every TP rank holds whole, beyond the even split's 1/TP of them, each in the dtype
  // vLLM allocates it in: the routers (router_bytes); what vLLM builds without a quant_config, and
  // MLA's down-projections and indexer where the checkpoint leaves MLA unquantized, in the model
  // dtype; the rest as the checkpoint quantizes a linear layer (dense_linear_bytes), as are the K
  // and V projections of a replicated KV head. DeepSeek-V3 in FP8 at TP 8: 61 x 15,140,864 fp8
  // down-projections and 58 x 1,835,264 bf16 routers, 7/8 of them: 994,422,912 B.
  const double whole_share = tp > 1 ? 1.0 - 1.0 / static_cast<double>(tp) : 0.0;
  const double model_bytes = bits_per_element(m.torch_dtype) / 8.0;
  const double linear_bytes = estimates::dense_linear_bytes(m, c);
  const count_t held_whole = m.replicated_params - m.router_params;
  const count_t unquantized_whole = c.mla_unquantized ? held_whole : min_of(held_whole, m.replicated_unquantized_params);
  const double whole_bytes = estimates::router_bytes(m) + static_cast<double>(unquantized_whole) * model_bytes +
                             static_cast<double>(held_whole - unquantized_whole) * linear_bytes;
  double unsplit = whole_bytes * whole_share + estimates::replicated_kv_head_params(m, tp) * linear_bytes;
  unsplit /= static_cast<double>(pp);
  // MLA keeps a model-dtype copy of kv_b_proj when the checkpoint quantizes it (the copy is the
  // dequantized weight, which W_UK_T and W_UV view): DeepSeek-V3 in FP8, 61 x 8,388,608 / TP.
  const bool attention_quantized =
      !is_float_dtype(c.format) && c.format != dtype::mxfp4 && !c.experts_only && !c.mla_unquantized;
  if (attention_quantized && m.mla_kv_b_params > 0)
    unsplit += static_cast<double>(m.mla_kv_b_params) * bits_per_element(m.torch_dtype) / 8.0 /
               (static_cast<double>(tp) * static_cast<double>(pp));
  per_gpu += unsplit;
  if (unsplit_bytes) *unsplit_bytes = static_cast<count_t>(unsplit + 0.5);
  memory_term t;
  t.bytes = checked_add(checked_add(static_cast<count_t>(per_gpu + 0.5), estimates::rope_cache_bytes(d)),
                        float32_biases);
  // A published size is exact to the byte (what torch loads, less the buffers above); a size
  // from parameters misses layers a producer left unquantized: 1% and 3% of the weights.
  t.uncertainty_bytes = static_cast<count_t>(per_gpu * (c.bytes > 0 ? 0.01 : 0.03));
  return t;
}

// The weights a speculative drafter adds on each GPU: the model's MTP layers (their own
// parameters, or an average decoder layer with the MTP projections eh_proj 2h x h and its norms
// where the model does not give them), in the checkpoint's format, split over TP (they sit on
// the last pipeline stage); or the draft model's weights at the target's TP. NVFP4
// checkpoints leave the MTP layers in the model dtype: NVIDIA's NVFP4 releases list them in
// their exclusions (Qwen3.5 / 3.6 "mtp*", GLM-5.x "model.layers.78*"), RedHatAI's Qwen3.6 NVFP4
// recipe ignores "re:^mtp.*" (a 1.57 GiB bf16 shard); FP8 releases quantize them, and
// DeepSeek-V4's own mixed FP4 / FP8 checkpoint carries them as it carries its layers.
namespace estimates {
constexpr double mtp_params_per_layer(const model& m) {
  if (m.mtp_params > 0) return static_cast<double>(m.mtp_params);
  const double tables = static_cast<double>(m.vocab_size) * static_cast<double>(m.hidden_size) *
                        (m.tie_word_embeddings ? 1.0 : 2.0);
  const double body = static_cast<double>(m.total_params) - tables;
  const double h = static_cast<double>(m.hidden_size);
  return (m.num_layers() > 0 ? body / m.num_layers() : 0.0) + 2.0 * h * h + 3.0 * h;
}
}  // namespace estimates

constexpr memory_term drafter_weights_estimate(const deployment& d) {
  const speculative_decoding& sd = d.speculative;
  const std::int32_t tp = d.tensor_parallel_size;
  memory_term t;
  if (sd.method == speculative_method::mtp) {
    const checkpoint c = checkpoint_of(d);
    const double params = estimates::mtp_params_per_layer(d.model) * d.model.num_mtp_layers;
    const double bits = c.format == dtype::nvfp4 ? bits_per_element(d.model.torch_dtype) : weight_bits(c);
    double bytes = params * bits / 8.0 / tp;
    // DeepSeek's MTP layers (deepseek_mtp.py, which the MLA families load; glm4_moe_mtp.py and
    // step3p5_mtp.py alike) build eh_proj (2h -> h) as a plain nn.Linear: every rank holds it
    // whole, in the model dtype. DeepSeek-V4's (deepseek_v4 mtp.py) splits it into e_proj and
    // h_proj, ReplicatedLinear in fp8. DeepSeek-V3.2 FP8 at TP 8: 102,760,448 x (2 - 1/8) B more.
    const std::string_view type = d.model.model_type;
    if (d.model.uses_mla() || type == "glm4_moe" || type == "step3p5") {
      const double h = static_cast<double>(d.model.hidden_size);
      const double whole_bits = type == "deepseek_v4" ? 8.0 : bits_per_element(d.model.torch_dtype);
      bytes += 2.0 * h * h * d.model.num_mtp_layers * (whole_bits - bits / tp) / 8.0;
    }
    t.bytes = static_cast<count_t>(bytes + 0.5);
    t.uncertainty_bytes = static_cast<count_t>(bytes * (d.model.mtp_params > 0 ? 0.03 : 0.10));
  } else if (sd.draft.num_layers() > 0 && (sd.method == speculative_method::eagle || sd.method == speculative_method::eagle3 ||
                                           sd.method == speculative_method::draft_model)) {
    deployment draft{.model = sd.draft, .gpu = d.gpu, .tensor_parallel_size = tp};
    t = weights_estimate(draft, checkpoint_of(draft), rules_for(d.vllm));
  }
  return t;
}

// --- Activation peak -------------------------------------------------------------------------

// The sampler path of a deployment (see sampler_path): the release's, unless
// VLLM_USE_FLASHINFER_SAMPLER says (topk_topp_sampler.py: 1 runs FlashInfer's sampler, 0 the
// native one; from v0.21 the profile runs both). FlashInfer is CUDA's only: other GPUs sort
// natively.
constexpr sampler_path sampler_path_of(const deployment& d, const vllm_rules& rules) {
  if (uses_v2_model_runner(d, rules)) return sampler_path::v2_runner;
  const bool cuda = d.gpu.vendor == gpu_vendor::nvidia;
  if (cuda && d.flashinfer_sampler == true && !rules.flashinfer_sampler_by_default) return sampler_path::flashinfer;
  if (rules.triton_top_k_top_p_sampler) return sampler_path::triton;
  if (cuda && !d.flashinfer_sampler && !rules.sampler_known_from_release) return sampler_path::torch_sort_or_flashinfer;
  return sampler_path::torch_sort;
}

// The sampler's peak in eighths of U (rows x vocab x 4 B).
constexpr count_t sampler_eighths(sampler_path path, const vllm_rules& rules, std::int32_t tp) {
  switch (path) {
    case sampler_path::torch_sort: return 76;                // 9.5U
    case sampler_path::flashinfer: return 28;                // 3.5U
    case sampler_path::torch_sort_or_flashinfer: return 76;  // 9.5U
    case sampler_path::triton: return 28;  // 3.5U, and the cached buffer (added apart)
    case sampler_path::v2_runner:
      if (!rules.v2_sampler_without_fp32_copy) return 12;  // 1.5U
      return tp > 1 ? 8 + 4 / tp : 4;                      // 0.5U (+ 0.5U / TP gathered)
  }
  return 0;
}

// The vision encoder's part of profile_run (Qwen's ViTs, Gemma 3's SigLIP; see vision_encoder).
// The dummy item is the modality with the most tokens (MultiModalBudget.get_modality_with_max_tokens):
// Qwen3-VL's largest image, 16,384 tokens, from v0.16 (PR #32684 made its two-frame video
// smaller; v0.11 - v0.15 profile a formatted video, see vision_encoder_estimate);
// Qwen2-VL's and Qwen2.5-VL's video, whose frames are as many as max_model_len holds, at most
// 14 (Qwen2VLProcessingInfo.get_num_frames_with_most_features), two frames to a 16,384-token
// group: min(max(max_model_len / 16,384, 1), 7) groups (114,688 tokens at 128,000). Before v0.11
// the dummy was built for max_num_batched_tokens (PR #25553): one group at 8,192 tokens, while
// the budget's count (v0.10.1: the length less one image) still set the items. The encoder
// budget is max(max_num_batched_tokens, the item's tokens) (compute_mm_encoder_budget), and
// MultiModalBudget._get_max_items profiles budget / tokens items, at least 1 and at most
// max_num_seqs x max(1, min(the modality's limit, max_model_len / tokens)), in one batch.
// The processor's pixel values reach the GPU in the model dtype (the processing context casts
// floating tensors) and stay, with the RoPE cos / sin (and Qwen3-VL's position embeddings), for
// the whole forward. A block's peak, per patch (W = H / TP, I the MLP width over TP):
//   attention (Qwen2_5_VisionAttention.forward, at proj): the residual and norm1's output (2H),
//     qkv (3W), the contiguous q / k and their rotated copy (4W), the attention output made
//     contiguous (W) and proj's output (H): 3H + 8W;
//   Qwen3-VL's and Qwen2-VL's MLP (LayerNorm, fc1, activation, fc2): 2H + 2I, lower;
//   Qwen2.5-VL's (Qwen2_5_VisionBlock): the input, the attention output, norm2's fused output
//     and residual (4H), then gate_up (2I), its activation (I) and down_proj's output (H), all
//     alive at once: 5H + 3I, the higher.
// Gemma 3's SigLIP (siglip.py, eager): no RoPE; the embeddings (H) stay with the pixels, held
// by SiglipVisionTransformer.forward. SiglipEncoderLayer: at out_proj the layer's input (the
// encoder loop still holds it), layer_norm1's output, qkv (3W; flash attention takes its q, k, v
// as views), the attention output (W) and out_proj's (H): 3H + 4W; in SiglipMLP's activation the
// input, the residual, layer_norm2's output, fc1's output and the activation's: 3H + 2I, the
// higher. Its dummy image is the tower's 896 x 896 (4,096 patches, 256 tokens), so the budget
// holds many: 32 at 8,192 batched tokens (31 before v0.13), 131,072 patches x (588 + 1,152 +
// 3 x 1,152 + 2 x 4,304) x 2 B = 3.37 GiB, above Model Runner V2's sampler. (A gemma-3-4b-it
// dev-build log of July 2025 at 16,384 tokens and 1,024 sequences shows 9.96 GiB: the
// PyTorch-native sampler's 9.5U of 1 GiB, the kept [T, H] states and 63 images' pixels and
// outputs make 10,683,449,344 B, 9.95 GiB: before v0.13 the budget counts an image as its
// 260-token placeholder.)
// Under TP each row-parallel output (proj, fc2, down_proj) adds H: its partial sum and the
// out-of-place all-reduce's result are alive together. Deepstack mergers' outputs (tokens x
// out_hidden each) stay to the end. V1's profile_run then keeps the pixel values and the
// encoder's outputs (tokens x out_hidden x (1 + deepstack)) alive through the decoder's dummy
// run and the sampler; V2's keeps the outputs only. Qwen3.5-9B, one L40S, v0.18: 65,536 patches
// x (11 x 1,152 + 1,536 pixels + 1,152 + 72) x 2 B = 1.88 GiB, as its log's budget leaves;
// Qwen2.5-VL-7B, one A100, v0.23, max_model_len 128,000: 458,752 patches x (5 x 1,280 + 3 x
// 3,420 + 1,176 + 80) x 2 B = 15.31 GiB, where its log leaves 15.37.
constexpr void vision_encoder_estimate(activation_breakdown& a, const deployment& d, const vllm_rules& rules,
                                       std::int32_t max_num_seqs, count_t max_num_batched_tokens) {
  const model& m = d.model;
  const vision_encoder& v = m.vision;
  if (!v.profiled() || !vision_tower_built(d, rules) || d.skip_mm_profiling) return;
  const count_t element = element_bytes(m.torch_dtype);
  const count_t tp = d.tensor_parallel_size;
  const count_t max_model_len = configured_max_model_len(d);
  // The dummy: Qwen2's video unless videos are off; Qwen3-VL's image (with images off vLLM
  // profiles its video, not modelled: the image's geometry stands for it), or its video where
  // the budget counts formatted tokens (v0.11 - v0.15, below); SigLIP's image.
  const bool qwen3_video =
      v.family == vit_family::qwen3_vl && rules.qwen3_vl_formatted_video_budget && d.limit_videos != 0;
  const bool qwen2_video =
      (v.family == vit_family::qwen2_vl || v.family == vit_family::qwen2_5_vl) && d.limit_videos != 0;
  const bool video = qwen2_video || qwen3_video;
  // The video's frames fit a length: max_model_len for the budget's count of tokens (before
  // v0.10.2 less one image's), and for the dummy itself from v0.11; before, the dummy was built
  // for max_num_batched_tokens.
  const auto groups_for = [&](count_t length) {
    return qwen2_video ? min_of(max_of(length / v.max_image_tokens, count_t{1}), count_t{7}) : count_t{1};
  };
  count_t budget_tokens =
      groups_for(rules.qwen2_vl_video_frames_from_max_model_len ? max_model_len : max_model_len - v.max_image_tokens) *
      v.max_image_tokens;
  count_t tokens =
      rules.mm_dummy_for_max_model_len ? budget_tokens : groups_for(max_num_batched_tokens) * v.max_image_tokens;
  // Before v0.13 the budget counted a Gemma 3 image's placeholder: its 256 tokens framed by
  // "\n\n<start_of_image>" and "<end_of_image>\n\n", four tokens more (Gemma3Processor's
  // full_image_sequence); its output stays 256 rows. (A Qwen ViT's placeholder is its
  // embeddings alone, so the two counts agree there.)
  if (v.family == vit_family::siglip && !rules.mm_budget_counts_embeddings) budget_tokens += 4;
  if (qwen3_video) {
    // Qwen3VLProcessingInfo.get_max_video_tokens (v0.11 - v0.15) counts 12.5 tokens per vision
    // token (a timestamp, the vision start and end). The dummy's frames are as many as
    // max_model_len holds (_get_max_video_frames, stopping at the first count over it), at most
    // 24,576, each shrunk so that all fit the video processor's 25,165,824 pixels: from
    // max_model_len 16,200 (three frames' 16,200 tokens, the most any count reaches) 24,576
    // frames of 32 x 32, 12,288 tokens; below, two frames of 3,520 x 3,520, 12,100 tokens.
    // A v0.11.0 log of Qwen3-VL-30B-A3B at 65,536: "a budget of 153600 tokens ... 1 video items".
    tokens = max_model_len >= 16'200 ? 12'288 : 12'100;
    budget_tokens = tokens * 25 / 2;
  }
  const std::int32_t modality_limit = video ? d.limit_videos : d.limit_images;
  const count_t limit = modality_limit > 0 ? count_t{modality_limit} : 999;  // vLLM's default per modality
  const count_t budget = max_of(max_num_batched_tokens, budget_tokens);
  const count_t per_prompt = max_of(count_t{1}, min_of(limit, max_model_len / budget_tokens));
  a.encoder_items = max_of(count_t{1}, min_of(budget / budget_tokens, checked_mul(max_num_seqs, per_prompt)));
  a.encoder_tokens = tokens;
  a.encoder_video = video;
  const count_t merge = count_t{v.spatial_merge_size} * v.spatial_merge_size;
  a.encoder_patches = checked_mul(checked_mul(a.encoder_items, tokens), merge);
  const count_t h = v.hidden_size;
  const count_t w = cdiv(h, tp);
  const count_t mlp = cdiv(v.intermediate_size, tp);
  const count_t head_dim = v.num_heads > 0 ? h / v.num_heads : 0;
  const count_t pixels = count_t{v.in_channels} * v.temporal_patch_size * v.patch_size * v.patch_size;
  // Held through the forward: the pixel values, and Qwen's RoPE cos and sin (and Qwen3-VL's
  // position embeddings) or SigLIP's embeddings.
  const bool siglip = v.family == vit_family::siglip;
  const count_t held = siglip ? pixels + h : pixels + head_dim + (v.num_position_embeddings > 0 ? h : 0);
  // Under TP the row-parallel output (proj, fc2, down_proj) is all-reduced out of place: the
  // partial sum and the reduced tensor (H each) are both alive at that moment.
  const count_t reduced = tp > 1 ? h : 0;
  const count_t attention = (siglip ? 3 * h + 4 * w : 3 * h + 8 * w) + reduced;
  const count_t mlp_peak = v.family == vit_family::qwen2_5_vl
                               ? 5 * h + 3 * mlp + reduced
                               : max_of((siglip ? 3 : 2) * h + 2 * mlp, (siglip ? 4 : 3) * h + mlp + reduced);
  const count_t block = max_of(attention, mlp_peak);
  const count_t outputs = checked_mul(checked_mul(a.encoder_items, tokens), count_t{v.out_hidden_size});
  a.encoder_bytes = checked_add(checked_mul(checked_mul(a.encoder_patches, held + block), element),
                                checked_mul(checked_mul(outputs, v.deepstack_layers), element));
  // V1's profile_run holds the batched dummy inputs (on the GPU) to its end; V2's encoder runner
  // moves them in execute_mm_encoder and lets them go, keeping only the outputs.
  const count_t kept_pixels = uses_v2_model_runner(d, rules) ? 0 : checked_mul(a.encoder_patches, pixels);
  const count_t widths = 1 + count_t{v.deepstack_layers};  // the outputs and the deepstack levels
  a.encoder_kept_bytes = checked_mul(checked_add(kept_pixels, checked_mul(outputs, widths)), element);
  // V1's profile_run, v0.11 - v0.12 (PR #25810): an item's output shorter than the encoder
  // budget is copied into budget rows of zeros, one such tensor per item, and those stay
  // instead; while they are filled the outputs are alive too. Gemma 3's 31 images of 256
  // tokens at 8,192 batched tokens: 31 x 8,192 x 5,376 x 2 B = 2.54 GiB for gemma-3-27b;
  // Qwen3-VL's video, 12,288 tokens in a 153,600-token budget: 153,600 x 2,048 x 4 x 2 B =
  // 2.34 GiB for Qwen3-VL-30B-A3B.
  if (rules.mm_outputs_widened_to_budget && !uses_v2_model_runner(d, rules) && tokens < budget) {
    const count_t widened = checked_mul(checked_mul(a.encoder_items, budget), count_t{v.out_hidden_size});
    const count_t kept = checked_add(kept_pixels, checked_mul(widened, widths));
    a.encoder_bytes = max_of(a.encoder_bytes,
                             checked_mul(checked_add(kept, checked_mul(outputs, widths)), element));
    a.encoder_kept_bytes = checked_mul(kept, element);
    a.encoder_widened_rows = budget;
  }
}

// torch_peak_increase of profile_run on one GPU of the last pipeline stage.
// GPUModelRunner.profile_run: _dummy_run(T) then _dummy_sampler_run on the last rank; attention
// is skipped in the profile (no metadata), the forward's logits are not computed.
constexpr activation_breakdown activation_estimate(const deployment& d, const vllm_rules& rules,
                                                   std::int32_t max_num_seqs, count_t max_num_batched_tokens) {
  const model& m = d.model;
  const std::int32_t tp = d.tensor_parallel_size;
  activation_breakdown a;
  const count_t element = element_bytes(m.torch_dtype);  // the compute dtype
  const count_t hidden = m.hidden_size;
  a.tokens = max_num_batched_tokens;
  a.rows = min_of(max_num_seqs, max_num_batched_tokens);
  // Logits over the whole vocabulary on every TP rank (LogitsProcessor gathers them).
  a.logits_bytes = checked_mul(checked_mul(a.rows, m.vocab_size), 4);
  a.sampler = sampler_path_of(d, rules);
  a.sampler_bytes = checked_mul(a.logits_bytes, sampler_eighths(a.sampler, rules, tp)) / 8;
  // The Triton kernel's cached buffer: min(next_pow2(min(SMs, R)), SMs) rows of the
  // vocabulary, 132 on an H100 (the SM count is not carried: the H100's is used).
  if (a.sampler == sampler_path::triton) {
    const count_t cached = checked_mul(checked_mul(min_of(132, a.rows), m.vocab_size), 4);
    a.sampler_bytes += cached;
    a.persistent_bytes += cached;
  }
  // _dummy_sampler_run keeps the forward's [T, H] output and the [R, H] last-token states (V1
  // also their random copy) alive while the sampler runs.
  const count_t row_copies = a.sampler == sampler_path::v2_runner ? 1 : 2;
  a.kept_bytes = checked_mul(checked_add(a.tokens, row_copies * a.rows), hidden * element);
  // A stage after the first receives its input in intermediate_tensors, which _dummy_run
  // allocates before the forward, once, for max_num_tokens rows (make_empty_intermediate_tensors:
  // the hidden states and the residual), and keeps: Qwen3-32B at 8,192 tokens, 2 x 8,192 x 5,120
  // x 2 B = 160 MiB under the whole profile.
  const count_t received = d.pipeline_parallel_size > 1 ? checked_mul(checked_mul(2 * a.tokens, hidden), element) : 0;
  a.persistent_bytes += received;
  // One layer's forward over T tokens, first order (Inductor reuses buffers): the residual and
  // the layer input, then the dense MLP's gate_up (2I/TP) and its activation (I/TP); in a MoE
  // layer the experts' output, which the modular kernel allocates beside its workspace
  // (FusedMoEKernel: output = torch.empty_like(hidden_states)), H, from v0.12.
  // Before torch 2.9 (vLLM v0.12; PR #26497) the experts wrote in place into their input.
  const count_t moe_output =
      rules.moe_output_out_of_place && m.num_experts_per_tok > 0 && m.moe_intermediate_size > 0 ? hidden : 0;
  a.forward_bytes = checked_mul(checked_mul(a.tokens, element),
                                checked_add(2 * hidden, max_of(3 * count_t{m.intermediate_size} / tp, moe_output)));
  // Routed experts (fused_moe TritonExperts.workspace_shapes): (T, top_k, max(N/2, H)) and
  // (T, top_k, max(N, H)) with N = 2 x moe_intermediate_size / TP, in the model dtype; with
  // expert parallelism each rank holds whole experts (FusedMoEParallelConfig: moe tp_size 1),
  // so N = 2 x moe_intermediate_size. From v0.18 they live in the persistent WorkspaceManager
  // and stay through the sampler; before, they were freed after the forward.
  // OpenAI's Triton kernels (mxfp4 experts, gpt-oss's, on Hopper, v0.12+; OAITritonExperts.
  // workspace_shapes) keep only the activated gate_up output, (T x top_k, N / 2) at the padded
  // width, the activation fused into the first matmul_ogs; the second writes its (T x top_k, H)
  // rows to a scratchpad of its own (triton_kernels' init_allocation), transient, before it sums
  // them into the output. gpt-oss-120b at 8,192 tokens: 8,192 x 4 x 2,880 x 2 B = 180 MiB of
  // cache and as much scratchpad, where the general shapes give 540 MiB. Tensor-parallel deployments run them
  // through triton_kernel_moe_forward (OAITritonMxfp4ExpertsMonolithic since the mxfp4 oracle,
  // PR #37128), which allocates the cache each call, as it did before the modular kernel: taken
  // per call in every release.
  if (m.num_experts_per_tok > 0 && m.moe_intermediate_size > 0) {
    const count_t n = 2 * count_t{m.moe_intermediate_size} / (d.enable_expert_parallel ? 1 : tp);
    const count_t routed = checked_mul(a.tokens, m.num_experts_per_tok);
    const estimates::mxfp4_kernels k = estimates::mxfp4_kernels_for(d.gpu, rules);
    const checkpoint c = checkpoint_of(d);
    if (k.triton && c.format == dtype::mxfp4 && !estimates::fp8_dense_with_fp4_experts(c)) {
      a.moe_workspace_bytes = checked_mul(checked_mul(routed, round_up(n / 2, k.intermediate_multiple)), element);
      a.moe_workspace_per_call = true;
      a.forward_bytes = checked_add(a.forward_bytes, checked_mul(checked_mul(routed, hidden), element));
    } else if (c.format == dtype::int4 && d.gpu.vendor == gpu_vendor::nvidia && !rules.int4_moe_modular_kernel) {
      // int4 experts before the modular kernel (rules.int4_moe_modular_kernel): fused_marlin_moe
      // allocates intermediate_cache13, (T x top_k, max(N, H)), shared by the first GEMM's output
      // and the second's, and intermediate_cache2, (T x top_k, N / 2), the activated rows; the
      // modular MarlinExperts provisions max(N / 2, H) and max(N, H). Qwen3.5-122B-A10B over 2
      // GPUs at 8,192 tokens: 8,192 x 8 x (3,072 + 512) x 2 B = 0.44 GiB, where the modular
      // shapes give 0.75. fused_marlin_moe allocates them each call.
      a.moe_workspace_bytes = checked_mul(checked_mul(routed, checked_add(max_of(n, hidden), n / 2)), element);
      a.moe_workspace_per_call = true;
    } else {
      const count_t width = checked_add(max_of(n / 2, hidden), max_of(n, hidden));
      a.moe_workspace_bytes = checked_mul(checked_mul(routed, width), element);
    }
  }
  // The sparse-attention indexer (DeepSeek-V3.2, GLM-5): sparse_attn_indexer's profile path
  // reserves its prefill gather workspace, get_max_prefill_buffer_size = 40 x max_model_len
  // rows of index_head_dim fp8 values and a 4-byte scale, in the WorkspaceManager, and (v0.20+)
  // a transient 512 MiB logits budget. GLM-5.2 at 819,200 tokens: 40 x 819,200 x 132 B = 4.03
  // GiB, which with the sampler's 2.26 GiB gives the 6.31 GiB peak a v0.26 GB200 log shows.
  if (rules.indexer_profile_workspace) {
    std::int32_t index_head_dim = 0;
    for (const layer_type& t : m.layers.types)
      if (t.kind == layer_kind::mla && t.index_head_dim > 0) index_head_dim = t.index_head_dim;
    if (index_head_dim > 0) {
      a.indexer_workspace_bytes =
          checked_mul(checked_mul(40, configured_max_model_len(d)), count_t{index_head_dim} + 4);
      if (rules.indexer_logits_budget) a.indexer_logits_bytes = 512 * MiB;
    }
  }
  // The WorkspaceManager is one buffer, grown to the largest request: the MoE workspace and the
  // indexer's share it (v0.18+).
  const count_t after_forward = checked_add(a.kept_bytes, a.sampler_bytes);
  const count_t forward = checked_add(a.forward_bytes, a.indexer_logits_bytes);
  if (rules.persistent_moe_workspace && !a.moe_workspace_per_call) {
    const count_t workspace = max_of(a.moe_workspace_bytes, a.indexer_workspace_bytes);
    a.persistent_bytes += workspace;
    a.total_bytes = checked_add(workspace, max_of(forward, after_forward));
  } else {
    a.persistent_bytes += a.indexer_workspace_bytes;
    a.total_bytes = checked_add(a.indexer_workspace_bytes,
                                max_of(checked_add(forward, a.moe_workspace_bytes), after_forward));
  }
  a.total_bytes = checked_add(a.total_bytes, received);
  // The vision encoder runs first; what it leaves alive sits under the decoder's peak.
  vision_encoder_estimate(a, d, rules, max_num_seqs, max_num_batched_tokens);
  a.total_bytes = max_of(a.encoder_bytes, checked_add(a.total_bytes, a.encoder_kept_bytes));
  return a;
}

// --- Non-torch memory ------------------------------------------------------------------------

// Whether the GPUs sit on an NVSwitch fabric of Hopper or Blackwell (NVLink 4 and 5), where
// NCCL with cuMem (vLLM stopped forcing NCCL_CUMEM_ENABLE=0 in v0.10.2, PR #24141) sets up
// NVLink SHARP buffers and many channels; or on AMD's Infinity Fabric, likewise.
constexpr bool has_switched_fabric(const gpu& g) {
  return g.interconnect.starts_with("NVLink 4") || g.interconnect.starts_with("NVLink 5") ||
         g.interconnect.starts_with("Infinity Fabric");
}

// Whether vLLM compiles the model (its class carries @support_torch_compile). DeepSeek-V4 (from
// PR #43746), Kimi-K3 and, from that PR (#50000, v0.27) moving it to vllm/models/kimi_k3,
// Kimi-Linear do not: vLLM runs them with breakable CUDA graphs (VLLM_USE_BREAKABLE_CUDAGRAPH,
// set for them in vllm/config/vllm.py: its PIECEWISE path, so the graph count holds) and without
// Inductor's passes, so without FlashInfer's all-reduce fusion workspace. (MiniMax-M3, also
// uncompiled, calls FlashInfer's fused all-reduce itself.)
constexpr bool compiled_by_vllm(const model& m, const vllm_rules& rules) {
  if (m.model_type == "kimi_linear") return !rules.kimi_k3;
  return m.model_type != "deepseek_v4" && m.model_type != "kimi_k3";
}

// FlashInfer's all-reduce + RMSNorm fusion workspace (vLLM PR #34299, v0.16, on by default for
// TP > 1 on Hopper and Blackwell with FlashInfer): allocated during the profile's first
// compile, 4 x TP x min(max_size, T x H x 2 B) per rank, max_size by capability and TP
// (FI_ALLREDUCE_FUSION_MAX_SIZE_MB: sm90 64 / 2 / 0.5 MiB at TP 2 / 4 / 8, sm100 64 / 32 / 1).
constexpr count_t allreduce_fusion_workspace(const model& m, const gpu& g, std::int32_t tp,
                                             count_t max_num_batched_tokens) {
  if (tp < 2 || g.vendor != gpu_vendor::nvidia) return 0;
  count_t max_size = 0;
  if (g.compute_capability == 90) max_size = tp == 2 ? 64 * MiB : tp == 4 ? 2 * MiB : tp >= 8 ? MiB / 2 : 0;
  else if (g.is_sm100_family()) max_size = tp == 2 ? 64 * MiB : tp == 4 ? 32 * MiB : tp >= 8 ? MiB : 0;
  if (max_size == 0) return 0;
  const count_t message = min_of(max_size, checked_mul(checked_mul(max_num_batched_tokens, m.hidden_size), 2));
  return round_up(checked_mul(4 * count_t{tp}, message), 2 * MiB);
}

// The runner's persistent buffers, which vLLM's budget sees from v0.27, when "consumed memory"
// became a free-memory delta from before the runner was built (before, neither the weights nor
// the profile's peak increase held them). Model Runner V2 keeps a penalties state
// (vllm/v1/worker/gpu/sample/penalties.py, PenaltiesState): each request's prompt tokens as a bit
// mask, max_num_seqs x ceil(vocab / 32) int32, and its output token counts, max_num_seqs x vocab
// int32 ("can be very large, taking up GBs of GPU memory"), whole on every rank: Qwen3-32B at
// 1,024 sequences, 1,024 x (151,936 + 4,748) x 4 B = 0.60 GiB. The V1 runner's buffers and
// allocator fragmentation: 0.2 GiB, from v0.27 logs. V2 logs of v0.27 - v0.31 leave 0.13 - 0.19
// GiB of "consumed" beside the weights and this state (Llama-3.1-8B on an A100, Qwen2.5-0.5B and
// Qwen3-4B on an RTX 4090), the 0.15 GiB kvplan takes before v0.27.
constexpr count_t runner_buffers_bytes(const deployment& d, const vllm_rules& rules, std::int32_t max_num_seqs) {
  if (!rules.consumed_memory_accounting) return 0;
  if (!uses_v2_model_runner(d, rules)) return GiB / 5;
  const count_t vocab = d.model.vocab_size;
  return checked_mul(count_t{max_num_seqs}, checked_mul(vocab + cdiv(vocab, count_t{32}), 4));
}

// Memory outside torch that the profile adds. Not derivable from vLLM's source: lazily loaded
// kernel modules (cuBLAS, attention, Triton) and the buffers NCCL connects on the first large
// all-reduce depend on the libraries and the topology. Public start-up logs show 0.02-0.21 GiB
// on one GPU and between PCIe or A100 NVLink GPUs (vLLM 0.10: 0.07 GiB for LLaVA-1.6-7B on one
// H100, 0.21 GiB for Qwen3-235B over 8 x L40S, about 0.1 GiB over 2 and 4 A100s), and 1.38 GiB
// over 2 x H200 on NVSwitch (vLLM 0.10.2, Qwen3-Next), where NCCL's NVLink SHARP and
// per-channel buffers dominate. From v0.27 the figure is a free-memory delta ("consumed"),
// which also holds the runner's persistent buffers (runner_buffers_bytes). kvplan takes 0.15
// GiB (and from v0.27 those buffers), 1.25 GiB more over a switched fabric with TP x PP > 1 (0.1
// between other GPUs), plus the FlashInfer workspace, each with an uncertainty as wide as the
// spread of those logs. On AMD GPUs one GPU already shows about 1.1 GiB more (ROCm's libraries,
// hipBLASLt's and AITER's, load their device code on first use): the budgets of two MI300X logs
// leave 1.21 GiB (Qwen2.5-14B, v0.17.1) and 1.32 GiB (Gemma-3-27B, a v0.11 build) beside an
// exact activation, and one at TP 2 (DeepSeek-R1-Distill-Qwen-14B, v0.11.1) 1.10 GiB, which the
// Infinity Fabric term already covers; an MI350X log (Qwen2.5-0.5B, v0.22.1) leaves 0.99 GiB
// beside kvplan's activation (ROCm takes no graph estimate there), inside the uncertainty.
constexpr memory_term non_torch_estimate(const gpu& g, const vllm_rules& rules, std::int32_t tp, std::int32_t pp,
                                         count_t allreduce_workspace_bytes, count_t runner_buffers_bytes = 0) {
  memory_term t;
  t.bytes = 15 * GiB / 100 + runner_buffers_bytes;
  t.uncertainty_bytes = rules.consumed_memory_accounting ? GiB / 5 : GiB / 10;
  if (tp * pp > 1 && has_switched_fabric(g)) {
    t.bytes += 125 * GiB / 100;
    t.uncertainty_bytes += 3 * GiB / 4;
  } else if (g.vendor == gpu_vendor::amd) {
    t.bytes += 11 * GiB / 10;
    t.uncertainty_bytes += GiB / 2;
  } else if (tp * pp > 1) {
    t.bytes += GiB / 10;
    t.uncertainty_bytes += GiB / 10;
  }
  t.bytes += allreduce_workspace_bytes;
  return t;
}

// --- CUDA graphs -----------------------------------------------------------------------------

// The batch sizes vLLM captures (VllmConfig._set_cudagraph_sizes), ascending and distinct. The
// longest list: the grid up to max_counted_capture_size ([1, 2, 4], 31 multiples of 8 below 256,
// then multiples of 16) and max_num_batched_tokens; a derived ceiling (at most 1,024) or a listed
// set (at most 48) with their additions stay far below it.
inline constexpr std::int32_t max_capture_sizes = 3 + 31 + (max_counted_capture_size - 256) / 16 + 1 + 1;
using capture_sizes = static_vector<count_t, max_capture_sizes>;

// Adds a size to an ascending list of distinct sizes (in constant time when it is the largest,
// as the grids add theirs: constant evaluation pays for every step).
constexpr void add_capture_size(capture_sizes& sizes, count_t size) {
  if (sizes.empty() || size > sizes.back()) {
    (void)sizes.push_back(size);
    return;
  }
  if (size == sizes.back()) return;
  std::int32_t at = 0;
  while (at < sizes.size() && sizes[at] < size) ++at;
  if (at < sizes.size() && sizes[at] == size) return;
  if (!sizes.push_back(size)) return;  // unreachable: validate() bounds the ceiling
  for (std::int32_t i = sizes.size() - 1; i > at; --i) {
    const count_t t = sizes[i];
    sizes[i] = sizes[i - 1];
    sizes[i - 1] = t;
  }
}

// vLLM's grid up to `largest`: [1, 2, 4], multiples of 8 below 256 and of 16 from 256 (v0.11.1,
// PR #26016; before, multiples of 8 throughout). --performance-mode interactivity (v0.17)
// starts it with every size from 1 to 32 instead of [1, 2, 4].
constexpr void add_capture_grid(capture_sizes& sizes, count_t largest, bool step16_from_256,
                                bool every_size_to_32 = false) {
  if (every_size_to_32) {
    for (count_t n = 1; n <= min_of(largest, count_t{32}); ++n) add_capture_size(sizes, n);
  } else {
    for (const count_t n : {1, 2, 4})
      if (n <= largest) add_capture_size(sizes, n);
  }
  for (count_t n = 8; n <= largest && (!step16_from_256 || n < 256); n += 8) add_capture_size(sizes, n);
  if (step16_from_256)
    for (count_t n = 256; n <= largest; n += 16) add_capture_size(sizes, n);
}

// The sizes captured: --compilation-config's cudagraph_capture_sizes where listed (those up to
// max_num_batched_tokens), else the grid up to min(max_num_seqs x q x 2, 512) tokens (q = 1 +
// speculative tokens, the uniform decode batch's query length; 1,024 on the sm100 family from
// v0.28), or up to --max-cudagraph-capture-size where given (PR #26016, v0.11.1), capped by
// max_num_batched_tokens; that grid (`mode`: --performance-mode interactivity) starts with every
// size up to 32. To the derived ceiling's grid vLLM adds, each where within the ceiling
// and the batch: max_num_batched_tokens (from v0.21, PR #40734: the largest batch runs a graph);
// with a speculative decoder its uniform decode batches, n x q for the grid of request counts n
// up to max_num_seqs (from v0.29, PRs #50488 and #54418); without one, max_num_seqs (from v0.30,
// PR #57355), so the fullest decode batch runs a FULL graph.
constexpr capture_sizes vllm_capture_sizes(const gpu& g, const vllm_rules& rules, std::int32_t max_num_seqs,
                                           std::int32_t decode_query_len, count_t max_num_batched_tokens,
                                           count_t max_capture_size = 0, const capture_size_list& listed = {},
                                           performance_mode mode = performance_mode::balanced) {
  capture_sizes sizes;
  if (!listed.empty()) {
    for (const std::int32_t n : listed)
      if (n >= 1 && n <= max_num_batched_tokens) add_capture_size(sizes, n);
    return sizes;
  }
  const count_t q = max_of(count_t{decode_query_len}, count_t{1});
  const count_t cap = rules.capture_up_to_1024_on_sm100 && g.is_sm100_family() ? 1024 : 512;
  const bool derived = max_capture_size <= 0;
  const count_t widest_decode = checked_mul(count_t{max_num_seqs}, q);
  const count_t ceiling = derived ? min_of(checked_mul(widest_decode, 2), cap) : max_capture_size;
  const bool interactivity = mode == performance_mode::interactivity && rules.performance_mode_flag;
  // A ceiling given before v0.11.1 can only be a model's (model_capture_ceiling), whose list
  // already steps by 16 from 256.
  add_capture_grid(sizes, min_of(ceiling, max_num_batched_tokens), rules.capture_sizes_step_16_from_256 || !derived,
                   interactivity);
  if (rules.captures_max_num_batched_tokens && max_num_batched_tokens <= ceiling)
    add_capture_size(sizes, max_num_batched_tokens);
  if (!derived) return sizes;
  const auto add_within = [&](count_t n) {
    if (n <= ceiling && n <= max_num_batched_tokens) add_capture_size(sizes, n);
  };
  if (q > 1 && rules.captures_uniform_decode_sizes) {
    capture_sizes requests;
    const count_t most = min_of(count_t{max_num_seqs}, cap);
    add_capture_grid(requests, most, true);
    add_capture_size(requests, most);
    for (const count_t n : requests) add_within(n * q);
  } else if (q == 1 && rules.captures_off_grid_max_num_seqs) {
    add_within(max_num_seqs);
  }
  return sizes;
}

// How many of the sizes are at most `limit`.
constexpr count_t sizes_up_to(const capture_sizes& sizes, count_t limit) {
  count_t n = 0;
  for (const count_t s : sizes)
    if (s <= limit) ++n;
  return n;
}

// The sizes rounded up to multiples of q, those within the largest (and `limit`) kept,
// distinct: CompilationConfig.adjust_cudagraph_sizes_for_spec_decode, which takes [q] where none
// is left (`at_least_q`), and Model Runner V2's FULL decode sizes, which stop at max_num_seqs x q.
constexpr capture_sizes rounded_capture_sizes(const capture_sizes& sizes, count_t q, count_t limit, bool at_least_q) {
  capture_sizes out;
  if (sizes.empty()) return out;
  const count_t largest = min_of(sizes.back(), limit);
  for (const count_t s : sizes)
    if (round_up(s, q) <= largest) add_capture_size(out, round_up(s, q));
  if (out.empty() && at_least_q && q <= largest) add_capture_size(out, q);
  return out;
}

// The capture ceiling a model's verify_and_update_config sets where the user set none
// (vllm/model_executor/models/config.py): gpt-oss raises it from 512 to 1,024 "for
// performance" (GptOssForCausalLMConfig: 83 sizes, whatever max_num_seqs is), 992 in v0.11.0 -
// v0.11.1 (a FULL-graph limit of FA3's: 81 sizes, a v0.11.1 dev build's log says 992). Before
// v0.11.1 it is a list, [1, 2, 4], multiples of 8 below 256 and of 16 up to the ceiling; from
// v0.11.1 max_cudagraph_capture_size, with the grid the same. A v0.11.2 log of gpt-oss-120b
// with 6 sequences captures 83 PIECEWISE graphs (and 3 FULL ones, up to max_num_seqs).
// 0 where the user sets sizes or a ceiling, or the model's hook sets none.
constexpr count_t model_capture_ceiling(const deployment& d, const vllm_rules& rules) {
  if (d.max_cudagraph_capture_size > 0 || !d.cudagraph_capture_sizes.empty() || d.model.model_type != "gpt_oss") return 0;
  return rules.gpt_oss_capture_ceiling_992 ? 992 : 1024;
}

// The V1 runner's profile_cudagraph_memory (vLLM PR #30515) captures the two largest sizes of
// each mode into a throwaway pool and takes first capture + (n - 1) x max(second, 1 MiB); V2's
// (v0.29) captures every PIECEWISE size and samples FULL graphs as V1 does (below). Each
// PIECEWISE size is one CUDA graph per piece, the cuts + 1 pieces the splitting ops make
// (cudagraph_cuts); each FULL size is one graph. What a graph
// costs is the driver's (its executable graph) and no source gives it; start-up logs do. Per
// PIECEWISE size and cut, with FULL graphs at the 1 MiB floor:
//   one GPU: 0.19 - 0.44 MiB (v0.19 - v0.26 estimates: Gemma-4-31B 0.25 on a B300, Qwen2.5-7B
//     0.39, Qwen3.5-4B 0.37 - 0.40, Gemma-4-26B-A4B 0.44, Qwen3-0.6B 0.19; v0.10 captures,
//     PIECEWISE only: Qwen2-7B 0.26, Qwen3-8B 0.28, LLaVA-1.6-7B 0.31; a v0.11.2 capture:
//     gpt-oss-120b 0.22; one outlier, Qwen3-8B on an A100-40GB at v0.19, 1.3);
//   tensor parallel, a dense model over NVLink or Infinity Fabric: 0.13 - 0.34 MiB (Llama-3.1-70B
//     over 4 x H100 at v0.19 0.22; DeepSeek-R1-Distill-Qwen-14B over 2 x MI300X at v0.11 0.13;
//     v0.10: Qwen2-7B over 2 x A100 0.34), as on one GPU;
//   tensor parallel otherwise: 0.56 - 1.00 MiB (Qwen2.5-72B over 4 x L40S 0.69, DeepSeek-V4-Flash
//     over 2 0.90, GLM-5.2 over 4 x GB200 1.00 with its 99 cuts; v0.10: Qwen3-235B over 8 x L40S
//     0.56, gpt-oss-120b over 4 x A100 0.64, Qwen3-Next over 2 x H200 0.74).
// The split follows what a piece captures. Over NVLink or Infinity Fabric (world sizes 2 - 8)
// vLLM's custom all-reduce (or FlashInfer's fused one) is one kernel per all-reduce; between
// PCIe GPUs without P2P, as L40S are, NCCL's kernels are captured instead, and an MoE layer
// captures routing, permutation and grouped GEMMs, many more nodes than a dense MLP, more so
// with TP. kvplan takes 0.32 MiB on one GPU and for a dense model whose all-reduce is the custom
// one, 0.75 MiB for the others, and as its uncertainty half of the estimate at 0.32, three
// quarters at 0.75 (the spreads above). On those logs this misses by a median of 0.10 GiB;
// pricing FULL graphs as PIECEWISE ones missed by 0.38 (Gemma-4-31B on a B300: 2.09 GiB against
// 0.76). V2 (v0.29; vLLM PRs #53306 and #53682) measures instead of sampling PIECEWISE: it
// captures every PIECEWISE size, and the two largest FULL ones, into a throwaway pool and takes
// the free-memory delta, FULL graphs extrapolated as V1 does (the second sample, at least 1
// MiB, for each further one); the estimate sits inside its logged peak activation. Its logs give
// less than V1's 0.32 MiB per PIECEWISE size and cut (FULL graphs at the floor; the estimate
// printed, or read from "... is equivalent to --gpu-memory-utilization=U without CUDA graph
// memory profiling"): 0.19 (a Qwen3-4B fine-tune on an RTX 5060 Ti at v0.30: 0.38 GiB for 51
// sizes of 36 cuts and 35 FULL graphs), 0.21 (Qwen2.5-3B on a T4 at v0.31: 0.41 GiB for 51 x 36
// and 35), 0.22 (Qwen2.5-1.5B on a T4 at v0.30: 0.34 GiB for 51 x 28 and 35), 0.24 - 0.28
// (Qwen3-14B and its AWQ checkpoint on an L40S at v0.29: 0.51, 0.54 and 0.60 GiB for 51 x 40 and
// 35 or 51), 0.25 (Llama-3.1-8B on an A100 at v0.31: the peak's 1.44 GiB less its cold compile's
// 1.01), 0.27 (Qwen3.5-4B on an L4 at v0.29: 2.17 - 1.70 GiB for 51 x 32 and 35): kvplan takes
// their median, 0.25 MiB, on one GPU and where V1 takes 0.32 (no V2 log with tensor parallelism
// prints its estimate yet).
// The graphs of each kind a deployment captures.
struct cudagraph_counts {
  count_t piecewise = 0;
  count_t full = 0;
  constexpr count_t total() const { return piecewise + full; }
};

// The graphs the release's default mode captures for the derived sizes without a speculative
// decoder: PIECEWISE for every size, and (FULL_AND_PIECEWISE, from v0.11) FULL for the decode
// sizes up to max_num_seqs.
constexpr cudagraph_counts default_cudagraphs(const gpu& g, const vllm_rules& rules, std::int32_t max_num_seqs,
                                              count_t max_num_batched_tokens, count_t max_capture_size = 0) {
  const capture_sizes sizes = vllm_capture_sizes(g, rules, max_num_seqs, 1, max_num_batched_tokens, max_capture_size);
  return {sizes.size(), rules.full_and_piecewise_graphs ? sizes_up_to(sizes, max_num_seqs) : 0};
}

// The optimization level a deployment runs at: -O<n> where given, else O2 (from v0.12), or
// before v0.12 the compilation level, 3.
constexpr std::int32_t optimization_level_of(const deployment& d, const vllm_rules& rules) {
  if (d.optimization_level) return static_cast<std::int32_t>(*d.optimization_level);
  return rules.optimization_levels ? 2 : 3;
}

// Whether vLLM's own compiler runs (CompilationMode.VLLM_COMPILE, its Inductor passes and the
// graph splitting PIECEWISE graphs need): from -O1 (v0.12), at level 3 before; never with
// --enforce-eager.
constexpr bool vllm_compile_mode(const deployment& d, const vllm_rules& rules) {
  if (d.enforce_eager) return false;
  const std::int32_t level = optimization_level_of(d, rules);
  return rules.optimization_levels ? level >= 1 : level == 3;
}

// What a cold torch.compile adds to the profile's peak (vLLM issues #54122 and #54383: a first
// start-up keeps less KV cache than the next). vLLM compiles the model on profile_run's first
// forward, inside memory_profiling, and Inductor benchmarks each combo kernel it generates
// (TritonScheduling.benchmark_combo_kernel) on random copies of all the kernel's buffers at the
// shape hint, T = max_num_batched_tokens (the kernel module's get_args(): rand_strided for each).
// The largest is the kernel that gathers the embedding rows, grouped with RoPE's cos / sin
// gather: the rank's table (the vocabulary padded to 64, over TP, x H) and the rows it writes:
// the residual and the first RMSNorm's output (2 x T x H) where the gather fuses into that norm,
// the gather's own (T x H) where TP's all-reduce sits between; with LoRA each slot's embedding A.
// The copies are freed before the forward, so the peak is the larger of the two. None on a warm
// cache (Inductor caches the benchmark with the kernels), where vLLM does not compile the model,
// where the runner feeds the model embeddings (a multimodal model with its tower: inputs_embeds,
// made outside the compiled graph), or on pipeline stages after the first (kvplan takes the
// larger of the first stage's copies and the last stage's peak). Qwen3-14B on one L40S at
// v0.29, three cold start-ups: 151,936 x 5,120 x 2 B = 1.45 GiB of table, + 2 x T x 5,120 x 2 B:
// 1.49 GiB at 2,048 tokens and 1.60 at 8,192, where the logged peaks less the graph estimate
// are 1.48, 1.48 and 1.60.
// Qwen3-4B with LoRA adapters of rank 16 on an RTX 4090 at v0.27.1 peaks at 0.15 GiB warm and at
// 0.80, 0.83, 0.87 and 1.09 GiB cold with 1, 8, 16 and 64 slots: each slot's 151,936 x 16 x 2 B.
constexpr count_t compile_benchmark_bytes(const deployment& d, const vllm_rules& rules, count_t max_num_batched_tokens) {
  const model& m = d.model;
  if (d.compile_cache == compile_cache_state::warm || !rules.compile_benchmarks_combo_kernels ||
      !vllm_compile_mode(d, rules) || !compiled_by_vllm(m, rules))
    return 0;
  if (m.vision_params > 0 && vision_tower_built(d, rules)) return 0;
  const count_t element = element_bytes(m.torch_dtype);
  const std::int32_t tp = d.tensor_parallel_size;
  const count_t table = checked_mul(round_up(count_t{m.vocab_size}, count_t{64}) / tp, m.hidden_size);
  const count_t rows = checked_mul(tp > 1 ? 1 : 2, max_num_batched_tokens);
  // With LoRA the kernel also gathers from every slot's embedding A (slots x vocab x rank).
  const count_t lora = checked_mul(checked_mul(count_t{d.lora.slots()}, lora_embedding_rows(d, rules)), d.lora.rank());
  return checked_mul(checked_add(checked_add(table, checked_mul(rows, m.hidden_size)), lora), element);
}

// The CUDA-graph mode a deployment runs: --compilation-config's cudagraph_mode, else the
// release's default (FULL_AND_PIECEWISE from v0.11; PIECEWISE at -O1; none without vLLM's
// compiler, as at -O0); NONE with --enforce-eager. Without the compiler a PIECEWISE mode given
// is NONE too ("Cudagraph mode ... is not compatible with compilation mode ... Overriding to
// NONE"). vLLM
// (resolve_cudagraph_mode_and_sizes, with the lowest AttentionCGSupport of the backends, the
// resolved attention `backend` and the state layers') then lowers it: FULL for mixed batches needs
// every builder at ALWAYS, else FULL_AND_PIECEWISE; with a speculative decoder a decode step
// verifies 1 + K tokens a request, and FULL decode graphs need every builder to run such uniform
// batches, else "... is not supported with spec-decode for attention backend ...; setting
// cudagraph_mode=PIECEWISE" (vLLM splits the graph at attention in every mode it compiles).
// `backend` automatic: not resolved, the mode kept.
constexpr cudagraph_mode cudagraph_mode_of(const deployment& d, const vllm_rules& rules,
                                           attention_backend backend = attention_backend::automatic) {
  if (d.enforce_eager) return cudagraph_mode::none;
  const bool compiled = vllm_compile_mode(d, rules);
  const bool piecewise_only = rules.optimization_levels && optimization_level_of(d, rules) == 1;
  cudagraph_mode mode = d.cudagraph_mode.value_or(
      !compiled                                         ? cudagraph_mode::none
      : rules.full_and_piecewise_graphs && !piecewise_only ? cudagraph_mode::full_and_piecewise
                                                           : cudagraph_mode::piecewise);
  if (!compiled && (mode == cudagraph_mode::piecewise || mode == cudagraph_mode::full_and_piecewise))
    return cudagraph_mode::none;
  if (backend == attention_backend::automatic) return mode;
  const bool state_layers = d.model.is_hybrid();
  if (mode == cudagraph_mode::full && (state_layers || !runs_any_batch_graphs(backend, d.gpu)))
    mode = cudagraph_mode::full_and_piecewise;
  const bool uniform = runs_uniform_batch_graphs(backend, d.gpu) && state_layers_run_uniform_batch_graphs(d.model);
  if (d.speculative.method != speculative_method::none && !uniform && mode != cudagraph_mode::piecewise)
    mode = cudagraph_mode::piecewise;
  return mode;
}

// Whether the mode captures FULL graphs of decode batches (FULL, FULL_DECODE_ONLY,
// FULL_AND_PIECEWISE).
constexpr bool has_full_cudagraphs(cudagraph_mode mode) {
  return mode == cudagraph_mode::full || mode == cudagraph_mode::full_decode_only ||
         mode == cudagraph_mode::full_and_piecewise;
}

// The graphs captured by cudagraph_mode (as cudagraph_mode_of resolves it): PIECEWISE ones for
// every capture size, FULL ones for every size (FULL) or for the uniform decode batches up to
// max_num_seqs x q tokens (q = 1 + speculative tokens); none with NONE. With a speculative decoder
// and FULL decode graphs the V1 runner first rounds every size up to a multiple of q (from v0.12);
// Model Runner V2 keeps the sizes for PIECEWISE graphs and rounds its FULL decode sizes.
constexpr cudagraph_counts cudagraphs_captured(const deployment& d, const vllm_rules& rules, std::int32_t max_num_seqs,
                                               std::int32_t decode_query_len, count_t max_num_batched_tokens,
                                               attention_backend backend = attention_backend::automatic) {
  const cudagraph_mode mode = cudagraph_mode_of(d, rules, backend);
  if (mode == cudagraph_mode::none) return {};
  const count_t q = max_of(count_t{decode_query_len}, count_t{1});
  const count_t max_capture_size =
      d.max_cudagraph_capture_size > 0 ? d.max_cudagraph_capture_size : model_capture_ceiling(d, rules);
  capture_sizes sizes = vllm_capture_sizes(d.gpu, rules, max_num_seqs, decode_query_len, max_num_batched_tokens,
                                           max_capture_size, d.cudagraph_capture_sizes, d.performance_mode);
  // FULL decode graphs for uniform decode batches: q to max_num_seqs x q tokens.
  const count_t widest_decode = checked_mul(count_t{max_num_seqs}, q);
  const auto decode_sizes = [&] { return sizes_up_to(sizes, widest_decode) - sizes_up_to(sizes, q - 1); };
  count_t decode = decode_sizes();
  if (q > 1 && has_full_cudagraphs(mode)) {
    if (uses_v2_model_runner(d, rules)) {
      decode = rounded_capture_sizes(sizes, q, widest_decode, false).size();
    } else if (rules.v1_rounds_capture_sizes_for_spec_decode) {
      sizes = rounded_capture_sizes(sizes, q, sizes.empty() ? 0 : sizes.back(), true);
      decode = decode_sizes();
    }
  }
  cudagraph_counts counts{};
  switch (mode) {
    case cudagraph_mode::none: return {};
    case cudagraph_mode::piecewise: counts = {sizes.size(), 0}; break;
    case cudagraph_mode::full: counts = {0, sizes.size()}; break;
    case cudagraph_mode::full_decode_only: counts = {0, decode}; break;
    case cudagraph_mode::full_and_piecewise: counts = {sizes.size(), decode}; break;
  }
  // With LoRA (v0.11.1, cudagraph_specialize_lora on by default) every size is captured without
  // and with adapters: a vLLM 0.27.1 log of Qwen3-4B with 64 LoRA slots captures 102 PIECEWISE
  // and 70 FULL graphs where the model alone gets 51 and 35.
  if (d.lora.enabled && rules.lora_cudagraph_specialization) counts = {2 * counts.piecewise, 2 * counts.full};
  return counts;
}

// The cuts in a PIECEWISE graph, on one pipeline stage: one at each layer whose mixer is one of
// the compilation's splitting ops (CompilationConfig._attention_ops: attention, MLA, Mamba,
// linear attention, short conv), and a second at a sparse-MLA layer, whose indexer
// (vllm::sparse_attn_indexer) is one too (DeepSeek-V3.2, GLM-5). An MLP- or MoE-only layer
// (NemotronH's, a NAS no-op) runs inside a piece and cuts nothing.
constexpr count_t cudagraph_cuts(const model& m, std::int32_t pp) {
  count_t cuts = 0;
  for (std::int32_t t = 0; t < m.layers.types.size(); ++t) {
    const layer_type& type = m.layers.types[static_cast<std::size_t>(t)];
    const count_t per_layer = type.kind == layer_kind::no_cache                              ? 0
                              : type.kind == layer_kind::mla && type.index_head_dim > 0 ? 2
                                                                                          : 1;
    cuts += per_layer * m.layers.layers_of_type[static_cast<std::size_t>(t)];
  }
  return max_of(cdiv(cuts, pp), count_t{1});
}

// Whether vLLM's custom all-reduce carries the TP all-reduces (CustomAllreduce: world sizes 2,
// 4, 6 and 8 of GPUs fully connected by NVLink, or on ROCm by Infinity Fabric).
constexpr bool custom_all_reduce(const gpu& g, std::int32_t tp) {
  const bool fabric = (g.vendor == gpu_vendor::nvidia && g.interconnect.starts_with("NVLink ")) ||
                      (g.vendor == gpu_vendor::amd && g.interconnect.starts_with("Infinity Fabric"));
  return fabric && tp >= 2 && tp <= 8 && tp % 2 == 0;
}

// The estimate for the graphs captured (see above for the bytes per graph).
constexpr memory_term cudagraph_estimate(const model& m, const gpu& g, cudagraph_counts graphs, std::int32_t tp,
                                         std::int32_t pp, bool v2_runner = false) {
  memory_term t;
  const count_t cuts = cudagraph_cuts(m, pp);
  const bool light = tp == 1 || (custom_all_reduce(g, tp) && !m.is_moe());
  const count_t per_size_and_cut = !light ? 3 * MiB / 4 : v2_runner ? MiB / 4 : 8 * MiB / 25;
  t.bytes = checked_add(checked_mul(checked_mul(graphs.piecewise, cuts), per_size_and_cut), checked_mul(graphs.full, MiB));
  t.uncertainty_bytes = light ? t.bytes / 2 : t.bytes * 3 / 4;
  return t;
}

// Whether the budget takes the CUDA graphs' memory: as VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS
// says (from v0.17; on by default from v0.20), on the V1 runner, and on V2 from v0.29 (its
// estimate was 0 before); never with --enforce-eager, nor on ROCm from v0.18 to v0.26.
constexpr bool cudagraphs_subtracted(const deployment& d, const vllm_rules& rules,
                                     attention_backend backend = attention_backend::automatic) {
  if (cudagraph_mode_of(d, rules, backend) == cudagraph_mode::none || !rules.estimates_cudagraph_memory) return false;
  if (d.gpu.vendor == gpu_vendor::amd && !rules.rocm_estimates_cudagraph_memory) return false;
  if (!d.estimate_cudagraph_memory.value_or(rules.subtracts_cudagraph_memory)) return false;
  return !uses_v2_model_runner(d, rules) || rules.v2_runner_estimates_cudagraphs;
}

// --- The profile -----------------------------------------------------------------------------

// The profile of one GPU of the last pipeline stage (the one with the sampler, which vLLM's
// minimum over workers finds first), each term from deployment::memory when given, else
// estimated. `backend`: the resolved attention backend, which decides the CUDA-graph mode under
// speculative decoding (automatic: taken as keeping FULL graphs).
constexpr memory_profile memory_profile_of(const deployment& d, const vllm_rules& rules, std::int32_t max_num_seqs,
                                           count_t max_num_batched_tokens,
                                           attention_backend backend = attention_backend::automatic) {
  const model& m = d.model;
  const std::int32_t tp = d.tensor_parallel_size;
  const std::int32_t pp = d.pipeline_parallel_size;
  memory_profile p;
  const auto given = [](count_t bytes) { return memory_term{bytes, 0, true}; };

  p.rope_cache_bytes = estimates::rope_cache_bytes(d);
  p.weights = d.memory.weights_bytes ? given(*d.memory.weights_bytes)
                                     : weights_estimate(d, checkpoint_of(d), rules, &p.unsplit_weights_bytes,
                                                        &p.marlin_scale_bytes);
  if (!d.memory.weights_bytes) {
    p.load_buffers_bytes = estimates::load_buffers_bytes(d, rules, max_num_batched_tokens);
    p.weights.bytes = checked_add(p.weights.bytes, p.load_buffers_bytes);
    p.lora_bytes = lora_weights_bytes(d, rules);
    p.weights.bytes = checked_add(p.weights.bytes, p.lora_bytes);
    // 10% for what the slots leave out: the routers', shared experts' and dense layers' in MoE
    // models, and the caching allocator's rounding (2% at 64 slots of Qwen3-4B).
    p.weights.uncertainty_bytes = checked_add(p.weights.uncertainty_bytes, p.lora_bytes / 10);
    const memory_term drafter = drafter_weights_estimate(d);
    p.drafter_weights_bytes = drafter.bytes;
    p.weights.bytes = checked_add(p.weights.bytes, drafter.bytes);
    p.weights.uncertainty_bytes = checked_add(p.weights.uncertainty_bytes, drafter.uncertainty_bytes);
  }

  p.activation_parts = activation_estimate(d, rules, max_num_seqs, max_num_batched_tokens);
  // A cold compile's copies come and go before the forward: the peak is the larger.
  activation_breakdown& parts = p.activation_parts;
  const count_t warm_peak = parts.total_bytes;
  parts.compile_bytes = compile_benchmark_bytes(d, rules, max_num_batched_tokens);
  parts.total_bytes = max_of(parts.total_bytes, parts.compile_bytes);
  if (d.memory.activation_bytes) {
    p.activation = given(*d.memory.activation_bytes);
  } else {
    // The sampler terms are exact allocation counts; the forward is first order and the
    // release's sampler may differ by installation (FlashInfer before v0.11.1): a quarter of
    // the estimate, at least 0.25 GiB.
    p.activation.bytes = p.activation_parts.total_bytes;
    p.activation.uncertainty_bytes = max_of(p.activation.bytes / 4, GiB / 4);
    // A warm cache, which kvplan cannot see, gives back what the copies add.
    if (parts.compile_bytes > warm_peak) p.activation.uncertainty_bytes += parts.compile_bytes - warm_peak;
    // From v0.27 the peak is measured above what the profile keeps (transient_peak_headroom);
    // the kept part is "consumed", with non-torch memory below (the uncertainty stays: it
    // covers the whole profile).
    if (rules.consumed_memory_accounting) p.activation.bytes -= p.activation_parts.persistent_bytes;
    if (p.activation_parts.sampler == sampler_path::torch_sort_or_flashinfer)  // 9.5U, 3.5U with FlashInfer
      p.activation.uncertainty_bytes = max_of(p.activation.uncertainty_bytes, 6 * p.activation_parts.logits_bytes);
  }

  // The fusion is an Inductor pass: no workspace where vLLM does not compile the model, nor with
  // --enforce-eager or -O0 ("Inductor compilation was disabled by user settings, optimizations
  // settings that are only active during inductor compilation will be ignored"), nor at -O1,
  // whose preset leaves fuse_allreduce_rms off.
  p.allreduce_workspace_bytes =
      rules.flashinfer_allreduce_fusion && compiled_by_vllm(m, rules) && vllm_compile_mode(d, rules) &&
              optimization_level_of(d, rules) >= 2
          ? allreduce_fusion_workspace(m, d.gpu, tp, max_num_batched_tokens)
          : 0;
  if (!d.memory.non_torch_bytes) p.runner_buffers_bytes = runner_buffers_bytes(d, rules, max_num_seqs);
  // NCCL's buffers follow the device collectives a forward runs: TP's all-reduces and, in an MoE
  // model with DP > 1, the experts' exchange over DP x TP GPUs (FusedMoEParallelConfig: expert
  // parallelism, or TP flattened across DP, each an all-gather / all-to-all of the DP ranks'
  // tokens). A dense model's DP ranks only agree on their token counts, on a CPU group.
  const std::int32_t collective_tp = m.is_moe() ? tp * d.data_parallel_size : tp;
  p.non_torch = d.memory.non_torch_bytes ? given(*d.memory.non_torch_bytes)
                                         : non_torch_estimate(d.gpu, rules, collective_tp, pp,
                                                              p.allreduce_workspace_bytes, p.runner_buffers_bytes);
  if (rules.consumed_memory_accounting && !d.memory.non_torch_bytes) {
    p.consumed_profile_bytes = p.activation_parts.persistent_bytes;
    p.non_torch.bytes = checked_add(p.non_torch.bytes, p.consumed_profile_bytes);
  }

  // A speculative decoder's decode steps verify 1 + K tokens a request (uniform_decode_query_len).
  const std::int32_t q = 1 + speculative_tokens(d);
  const cudagraph_counts graphs = cudagraphs_captured(d, rules, max_num_seqs, q, max_num_batched_tokens, backend);
  p.num_cudagraphs = graphs.total();
  p.num_full_cudagraphs = graphs.full;
  p.cudagraph_cuts = cudagraph_cuts(m, pp);
  if (!cudagraphs_subtracted(d, rules, backend)) p.cudagraph = {};
  else if (d.memory.cudagraph_bytes) p.cudagraph = given(*d.memory.cudagraph_bytes);
  else p.cudagraph = cudagraph_estimate(m, d.gpu, graphs, tp, pp, uses_v2_model_runner(d, rules));
  return p;
}

}  // namespace kvplan::inline v0
