// Attention backends: which one vLLM picks on a GPU, and the block sizes its kernels accept.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/gpu.hpp"
#include "kvplan/layer.hpp"
#include "kvplan/model.hpp"
#include "kvplan/static_vector.hpp"
#include "kvplan/units.hpp"
#include "kvplan/vllm_version.hpp"

#include <array>
#include <cstdint>
#include <string_view>

namespace kvplan::inline v0 {

constexpr std::string_view to_string(attention_backend b) {
  switch (b) {
    case attention_backend::automatic: return "auto";
    case attention_backend::flash_attn: return "FLASH_ATTN";
    case attention_backend::flashinfer: return "FLASHINFER";
    case attention_backend::triton_attn: return "TRITON_ATTN";
    case attention_backend::flex_attention: return "FLEX_ATTENTION";
    case attention_backend::flash_attn_mla: return "FLASH_ATTN_MLA";
    case attention_backend::flashmla: return "FLASHMLA";
    case attention_backend::flashinfer_mla: return "FLASHINFER_MLA";
    case attention_backend::cutlass_mla: return "CUTLASS_MLA";
    case attention_backend::triton_mla: return "TRITON_MLA";
    case attention_backend::flashmla_sparse: return "FLASHMLA_SPARSE";
    case attention_backend::flash_attn_mla_sparse: return "FLASH_ATTN_MLA_SPARSE";
    case attention_backend::flashinfer_mla_sparse: return "FLASHINFER_MLA_SPARSE";
    case attention_backend::rocm_attn: return "ROCM_ATTN";
    case attention_backend::rocm_aiter_mla: return "ROCM_AITER_MLA";
  }
  return "?";
}

// Every backend kvplan models, by its vLLM name (to_string), and the backend a name gives
// (automatic for a name vLLM has but kvplan does not model).
inline constexpr std::array named_attention_backends = {
    attention_backend::flash_attn,      attention_backend::flashinfer,         attention_backend::triton_attn,
    attention_backend::flex_attention,  attention_backend::flash_attn_mla,     attention_backend::flashmla,
    attention_backend::flashinfer_mla,  attention_backend::cutlass_mla,        attention_backend::triton_mla,
    attention_backend::flashmla_sparse, attention_backend::flash_attn_mla_sparse, attention_backend::flashinfer_mla_sparse,
    attention_backend::rocm_attn,       attention_backend::rocm_aiter_mla};
constexpr attention_backend attention_backend_named(std::string_view vllm_name) {
  for (const attention_backend b : named_attention_backends)
    if (to_string(b) == vllm_name) return b;
  return attention_backend::automatic;
}

// Whether the backend's metadata builder captures FULL CUDA graphs of uniform batches longer
// than one token (AttentionCGSupport UNIFORM_BATCH or ALWAYS), as a speculative decoder's
// verification steps are: FlashAttention (ALWAYS with FA3, UNIFORM_BATCH with FA2 and FA4),
// Triton attention and ROCm's (ALWAYS), FlashMLA, FlashAttention MLA, FlashInfer MLA, Triton MLA
// and the sparse MLA backends (UNIFORM_BATCH); FlashInfer where its TRT-LLM kernels serve every
// attention layer (get_cudagraph_support: can_use_trtllm_attention, the sm100 family), else
// UNIFORM_SINGLE_TOKEN_DECODE, as CUTLASS MLA is. FlexAttention (NEVER, ALWAYS in the newest
// source) and AITER MLA (UNIFORM_SINGLE_TOKEN_DECODE, UNIFORM_BATCH in the newest) changed on
// dates not read: taken as not.
constexpr bool runs_uniform_batch_graphs(attention_backend b, const gpu& g) {
  switch (b) {
    case attention_backend::flash_attn:
    case attention_backend::triton_attn:
    case attention_backend::rocm_attn:
    case attention_backend::flash_attn_mla:
    case attention_backend::flashmla:
    case attention_backend::flashinfer_mla:
    case attention_backend::triton_mla:
    case attention_backend::flashmla_sparse:
    case attention_backend::flash_attn_mla_sparse:
    case attention_backend::flashinfer_mla_sparse: return true;
    case attention_backend::flashinfer: return g.is_sm100_family();
    default: return false;
  }
}

// Whether the backend's builder captures FULL graphs of any batch, mixed prefill and decode ones
// too (AttentionCGSupport ALWAYS): FlashAttention 3 (Hopper's), Triton attention, ROCm attention.
// No state layer's builder does (the Mamba ones are UNIFORM_BATCH).
constexpr bool runs_any_batch_graphs(attention_backend b, const gpu& g) {
  switch (b) {
    case attention_backend::flash_attn: return g.vendor == gpu_vendor::nvidia && g.compute_capability == 90;
    case attention_backend::triton_attn:
    case attention_backend::rocm_attn: return true;
    default: return false;
  }
}

// Whether the state layers' builders run uniform batches too: the Mamba ones (Mamba-1 / 2,
// short conv, GDN: BaseMambaAttentionMetadataBuilder, UNIFORM_BATCH) do; MiniMax's lightning
// attention (LinearAttentionMetadataBuilder) decodes one token a request only.
constexpr bool state_layers_run_uniform_batch_graphs(const model& m) {
  for (const layer_type& t : m.layers.types)
    if (t.kind == layer_kind::linear_attention) return false;
  return true;
}

// get_supported_kernel_block_sizes(): either a list of sizes or MultipleOf(base).
struct kernel_block_sizes {
  static_vector<count_t, 4> sizes{};
  count_t multiple_of = 0;  // > 0: any multiple of this base

  // AttentionBackend.supports_block_size: bs is a multiple of a listed size (or of the base).
  constexpr bool supports(count_t bs) const {
    if (bs <= 0) return false;
    if (multiple_of > 0) return bs % multiple_of == 0;
    for (const count_t s : sizes)
      if (bs % s == 0) return true;
    return false;
  }
  constexpr count_t smallest() const {
    if (multiple_of > 0) return multiple_of;
    count_t m = sizes.front();
    for (const count_t s : sizes) m = min_of(m, s);
    return m;
  }
  // get_preferred_block_size(16): 16 when the kernels take it, else their smallest size.
  constexpr count_t preferred(count_t default_block_size = 16) const {
    return supports(default_block_size) ? default_block_size : smallest();
  }
};

// Kernel block sizes of each backend (vllm/v1/attention/backends/*, get_supported_kernel_
// block_sizes; vLLM's docs/design/attention_backends.md is generated from the same code).
constexpr kernel_block_sizes kernel_block_sizes_of(attention_backend b) {
  switch (b) {
    case attention_backend::flash_attn:
    case attention_backend::triton_attn:
    case attention_backend::flash_attn_mla:
    case attention_backend::triton_mla:
    case attention_backend::rocm_attn: return {{}, 16};
    case attention_backend::flex_attention:
    case attention_backend::automatic: return {{}, 1};
    case attention_backend::flashinfer: return {{16, 32, 64}, 0};
    case attention_backend::flashmla:
    case attention_backend::flashmla_sparse:
    case attention_backend::flash_attn_mla_sparse: return {{64}, 0};
    case attention_backend::flashinfer_mla:
    case attention_backend::flashinfer_mla_sparse: return {{32, 64}, 0};
    case attention_backend::cutlass_mla: return {{128}, 0};
    case attention_backend::rocm_aiter_mla: return {{1}, 0};
  }
  return {{}, 1};
}

// What the backend choice depends on.
struct attention_traits {
  bool mla = false;         // the model uses multi-head latent attention
  bool sparse = false;      // DeepSeek-V3.2 style sparse attention (an indexer cache)
  bool quantized_kv = false;  // an fp8 (or other quantized) KV cache
  bool ds_mla_kv = false;     // that cache in DeepSeek's fp8_ds_mla layout
  // Attention layers of different head sizes, the largest over 256 (Gemma 4's 256 and 512),
  // which FlashAttention 2 and 3 cannot take.
  bool mixed_head_sizes = false;
};

// The backend vLLM picks when none is forced (vllm/platforms/cuda.py
// _get_backend_priorities, walked in order; each backend's validate_configuration drops the
// ones the GPU or KV dtype cannot use). ROCm is approximated by its Triton-based defaults.
constexpr attention_backend default_attention_backend(const gpu& g, const attention_traits& t,
                                                      const vllm_rules& rules) {
  const std::int32_t major = g.compute_capability / 10;
  // Gemma4Config.verify_and_update_config forces TRITON_ATTN for mixed head sizes; from v0.24
  // (vLLM PR #42175) only where FlashAttention 4 cannot run (NVIDIA sm_90 and sm_100; its 11.x
  // is no GPU kvplan carries), else it asks FA4 of whichever backend the priorities pick. On the
  // sm100 family that pick is still TRITON_ATTN: a v0.26 Gemma-4-31B log on a B300 prints "FA4
  // on Blackwell does not support head_size=256 due to TMEM capacity limits, defaulting to FA
  // version 2" and "Using TRITON_ATTN attention backend out of potential backends:
  // ['TRITON_ATTN', 'FLEX_ATTENTION']" (FlashInfer's kernels stop at head size 256, not 512).
  const bool fa4 = g.vendor == gpu_vendor::nvidia && major == 9;
  if (t.mixed_head_sizes && (!rules.gemma4_fa4_where_supported || !fa4)) return attention_backend::triton_attn;
  if (g.vendor == gpu_vendor::amd) {
    if (t.sparse) return attention_backend::flashmla_sparse;  // indexer kernels take 64
    return t.mla ? attention_backend::triton_mla : attention_backend::rocm_attn;
  }
  if (t.sparse) {
    // Every sparse backend takes block 64, and so does the indexer, which registers first.
    if (major == 9) return t.quantized_kv ? attention_backend::flashmla_sparse
                                          : attention_backend::flash_attn_mla_sparse;
    // sm100: FLASHINFER_MLA_SPARSE first for a quantized cache (not in fp8_ds_mla layout) from
    // v0.18, FLASHMLA_SPARSE otherwise.
    if (major == 10)
      return t.quantized_kv && !t.ds_mla_kv && rules.blackwell_sparse_mla_fp8_is_flashinfer
                 ? attention_backend::flashinfer_mla_sparse
                 : attention_backend::flashmla_sparse;
    return attention_backend::flashinfer_mla_sparse;
  }
  if (t.mla) {
    if (major == 10)
      return rules.blackwell_mla_is_flashinfer ? attention_backend::flashinfer_mla
                                               : attention_backend::cutlass_mla;
    if (major == 9)  // FLASH_ATTN_MLA first, but it takes no fp8 cache; FLASHMLA does
      return t.quantized_kv ? attention_backend::flashmla : attention_backend::flash_attn_mla;
    return attention_backend::triton_mla;  // Ampere, Ada, sm_120
  }
  // FLASH_ATTN needs sm_80. Turing (T4) logs list only TRITON_ATTN and FLEX_ATTENTION as valid
  // (FLASHINFER drops out there), and name FlexAttention before the priority lists.
  if (major < 8)
    return rules.attention_backend_priorities ? attention_backend::triton_attn : attention_backend::flex_attention;
  // FLASH_ATTN takes a quantized cache on Hopper only (FlashAttention 3): elsewhere the list's
  // next, FLASHINFER, as logs with an fp8 cache show ("Using FLASHINFER attention backend out of
  // potential backends: ['FLASHINFER', 'TRITON_ATTN']" on an RTX 5090 and a 48 GB Ada card).
  if (t.quantized_kv && major != 9 && rules.attention_backend_priorities) return attention_backend::flashinfer;
  return major == 10 ? attention_backend::flashinfer : attention_backend::flash_attn;
}

// The backends vLLM may pick on a GPU, in its priority order, the default first: the CUDA
// priority lists less the backends the GPU or the KV dtype knocks out (FLASH_ATTN_MLA: Hopper
// only, no fp8 cache; FLASHMLA: Hopper and Blackwell; FLASHINFER_MLA, CUTLASS_MLA: Blackwell;
// FLASH_ATTN: fp8 cache on Hopper only; FLEX_ATTENTION: no quantized cache). Sparse MLA and
// ROCm have the default alone.
struct backend_candidates {
  static_vector<attention_backend, 8> items{};
  constexpr void add(attention_backend b) {
    if (items.find(b) < 0 && !items.push_back(b)) fail(errc::list_exceeds_capacity, items.size() + 1, items.capacity());
  }
};
constexpr backend_candidates attention_backend_candidates(const gpu& g, const attention_traits& t,
                                                          const vllm_rules& rules) {
  backend_candidates c;
  c.add(default_attention_backend(g, t, rules));
  if (g.vendor == gpu_vendor::amd || t.sparse) return c;
  const std::int32_t major = g.compute_capability / 10;
  if (t.mla) {
    if (major == 10) {
      c.add(attention_backend::flashinfer_mla);
      c.add(attention_backend::cutlass_mla);
    }
    if (major == 9 && !t.quantized_kv) c.add(attention_backend::flash_attn_mla);
    if (major == 9 || major == 10) c.add(attention_backend::flashmla);
    c.add(attention_backend::triton_mla);
    return c;
  }
  if (major == 10) c.add(attention_backend::flashinfer);
  if ((!t.quantized_kv || major == 9) && major >= 8) c.add(attention_backend::flash_attn);
  if (major >= 8) c.add(attention_backend::flashinfer);
  c.add(attention_backend::triton_attn);
  if (!t.quantized_kv) c.add(attention_backend::flex_attention);
  return c;
}

// The backend vLLM picks when none is forced. A --block-size narrows the choice
// (get_valid_backends: the first backend whose kernels take that block size); `automatic`
// when none does, which vLLM refuses at start-up.
constexpr attention_backend select_attention_backend(const gpu& g, const attention_traits& t, const vllm_rules& rules,
                                                     count_t user_block_size) {
  if (user_block_size <= 0) return default_attention_backend(g, t, rules);
  const backend_candidates c = attention_backend_candidates(g, t, rules);
  for (const attention_backend b : c.items)
    if (kernel_block_sizes_of(b).supports(user_block_size)) return b;
  return attention_backend::automatic;
}

// The block size vLLM uses before any hybrid alignment, when --block-size is not given.
//   v0.18+: the backend's preferred size (Platform.update_block_size_for_backend);
//   before: 16, except that CUDA forced MLA sizes in check_and_update_config: 64 for FlashMLA
//   (Hopper) and sparse MLA, 128 for CUTLASS MLA and, from v0.15, 64 for FlashInfer MLA
//   (Blackwell).
constexpr count_t default_block_size(attention_backend b, const attention_traits& t,
                                     const gpu& g, const vllm_rules& rules) {
  // Sparse MLA: the indexer's backend (DEEPSEEK_V32_INDEXER) registers first and sets 64 ("Setting
  // kv cache block size to 64 for DEEPSEEK_V32_INDEXER backend"), whichever MLA backend follows.
  if (t.sparse) return 64;
  if (rules.block_size_from_backend || !t.mla) return kernel_block_sizes_of(b).preferred(16);
  const std::int32_t major = g.compute_capability / 10;
  if (major == 9) return 64;
  if (major == 10) return rules.blackwell_mla_is_flashinfer ? 64 : 128;
  return 16;
}

}  // namespace kvplan::inline v0
