// A deployment: one model on one kind of GPU with vLLM's settings.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/gpu.hpp"
#include "kvplan/model.hpp"
#include "kvplan/static_vector.hpp"
#include "kvplan/units.hpp"
#include "kvplan/vllm_version.hpp"

#include <cstdint>
#include <optional>
#include <string_view>

namespace kvplan::inline v0 {

// vLLM's attention backends; the backend decides which block sizes the kernels accept.
enum class attention_backend : std::uint8_t {
  automatic,  // chosen as vLLM chooses it for the GPU and the model
  flash_attn,
  flashinfer,
  triton_attn,
  flex_attention,
  flash_attn_mla,
  flashmla,
  flashinfer_mla,
  cutlass_mla,
  triton_mla,
  flashmla_sparse,
  flash_attn_mla_sparse,
  flashinfer_mla_sparse,
  rocm_attn,
  rocm_aiter_mla,
};

// --max-model-len auto (or -1): the largest length that fits, up to the model's maximum.
inline constexpr count_t auto_max_model_len = -1;

// The memory a GPU spends outside the KV cache, per GPU. vLLM measures these at start-up
// (gpu_worker.determine_available_memory); a static planner can only estimate them, so each
// is an input. Leave one empty to use kvplan's documented estimate (see kvplan/plan.hpp).
struct non_kv_memory {
  std::optional<count_t> weights_bytes{};     // "Model loading took X GiB"
  std::optional<count_t> activation_bytes{};  // torch peak increase during the profile run
  std::optional<count_t> non_torch_bytes{};   // NCCL buffers, cuBLAS workspaces
  std::optional<count_t> cudagraph_bytes{};   // CUDA graph estimate (subtracted since v0.20)
};

// Tri-state vLLM flag: --enable-prefix-caching / --no-enable-prefix-caching / not given.
enum class prefix_caching : std::uint8_t { by_default, enabled, disabled };

// --speculative-config's method. mtp runs the checkpoint's own MTP layers; eagle, eagle3 and
// draft_model a separate draft model, whose layers cache KV beside the target's; ngram and
// suffix propose tokens without a model.
enum class speculative_method : std::uint8_t { none, mtp, eagle, eagle3, draft_model, ngram, suffix };

// --speculative-config (vllm/config/speculative.py).
struct speculative_decoding {
  speculative_method method = speculative_method::none;
  // num_speculative_tokens; 0: the method's default (mtp: the model's MTP layers; suffix: 24,
  // suffix_decoding_max_tree_depth). eagle, eagle3, draft_model and ngram need one.
  std::int32_t num_speculative_tokens = 0;
  // eagle, eagle3, draft_model: the draft model. It runs at the target's tensor parallel size
  // (draft_tensor_parallel_size 1 is not honoured by the V1 engine, vLLM PR #31886).
  kvplan::model draft{};
};

constexpr std::string_view to_string(speculative_method m) {
  switch (m) {
    case speculative_method::none: return "none";
    case speculative_method::mtp: return "mtp";
    case speculative_method::eagle: return "eagle";
    case speculative_method::eagle3: return "eagle3";
    case speculative_method::draft_model: return "draft_model";
    case speculative_method::ngram: return "ngram";
    case speculative_method::suffix: return "suffix";
  }
  return "?";
}

// --kv-offloading-backend.
enum class kv_offloading_backend : std::uint8_t { native, lmcache };

// The torch.compile cache a start-up finds (kvplan's, not a vLLM setting). vLLM compiles the
// model inside its memory profile, and a cold compile's temporaries count as peak activation
// (compile_benchmark_bytes). A first start-up is cold, and so is every start-up of a new shape:
// the cache key holds max_num_batched_tokens, max_num_seqs, max_model_len and the parallelism.
enum class compile_cache_state : std::uint8_t { cold, warm };

// --compilation-config's cudagraph_mode (vLLM's CUDAGraphMode): which CUDA graphs are captured.
// PIECEWISE graphs run between the splitting ops for every capture size; FULL graphs hold the
// whole forward pass, for uniform decode batches only (FULL_DECODE_ONLY, and beside PIECEWISE
// in FULL_AND_PIECEWISE) or for every size (FULL).
enum class cudagraph_mode : std::uint8_t { none, piecewise, full, full_decode_only, full_and_piecewise };

constexpr std::string_view to_string(cudagraph_mode m) {
  switch (m) {
    case cudagraph_mode::none: return "NONE";
    case cudagraph_mode::piecewise: return "PIECEWISE";
    case cudagraph_mode::full: return "FULL";
    case cudagraph_mode::full_decode_only: return "FULL_DECODE_ONLY";
    case cudagraph_mode::full_and_piecewise: return "FULL_AND_PIECEWISE";
  }
  return "?";
}

// --performance-mode (vLLM PR #34936, v0.17): balanced, vLLM's default; interactivity, a CUDA
// graph for every batch size up to 32; throughput, twice the default batch limits.
enum class performance_mode : std::uint8_t { balanced, interactivity, throughput };

constexpr std::string_view to_string(performance_mode m) {
  switch (m) {
    case performance_mode::balanced: return "balanced";
    case performance_mode::interactivity: return "interactivity";
    case performance_mode::throughput: return "throughput";
  }
  return "?";
}

// -O0 .. -O3 (--optimization-level, vLLM PR #26847, v0.12): O0 no compilation and no CUDA graphs,
// O1 vLLM's compiler with PIECEWISE graphs only and none of the fusion passes, O2 (the default)
// and O3 everything. Before v0.12, -O<n> gave the compilation level: 3 (the default) compiled
// with vLLM's backend, 0 - 2 captured no CUDA graphs.
enum class optimization_level : std::uint8_t { o0, o1, o2, o3 };

// The capture sizes --compilation-config may list (cudagraph_capture_sizes).
inline constexpr std::int32_t max_listed_capture_sizes = 48;
// The largest capture ceiling, in tokens, whose CUDA graphs kvplan counts: validate() refuses a
// --max-cudagraph-capture-size beyond it (vLLM derives at most 1,024 itself).
inline constexpr count_t max_counted_capture_size = 8192;
using capture_size_list = static_vector<std::int32_t, max_listed_capture_sizes>;

// --enable-lora, --max-loras, --max-lora-rank: vLLM preallocates room for max_loras adapters of
// max_lora_rank in every layer LoRA can reach, counted with the weights, and (from v0.11.1)
// captures each CUDA graph with and without LoRA. Zero: vLLM's default (1 adapter, rank 16).
// --fully-sharded-loras splits over TP what each rank otherwise holds whole: the A of column-
// parallel layers (by rank) and the B of row-parallel ones (by output).
struct lora_settings {
  bool enabled = false;
  std::int32_t max_loras = 0;
  std::int32_t max_lora_rank = 0;
  bool fully_sharded = false;

  // The values vLLM runs with.
  constexpr std::int32_t slots() const { return max_loras > 0 ? max_loras : 1; }
  constexpr std::int32_t rank() const { return max_lora_rank > 0 ? max_lora_rank : 16; }
};

// Every setting of one `vllm serve` that moves the KV-cache figures. Zero (or empty) means
// "not given": vLLM's default for the version, GPU and model applies.
struct deployment {
  kvplan::model model{};
  kvplan::gpu gpu{};

  std::int32_t tensor_parallel_size = 1;
  std::int32_t pipeline_parallel_size = 1;
  std::int32_t data_parallel_size = 1;
  bool enable_expert_parallel = false;

  std::int32_t checkpoint = 0;  // which of model.checkpoints is loaded
  // --quantization: "" (what the checkpoint declares), or a method vLLM applies at load time;
  // "fp8" quantizes 16-bit weights to fp8 (about one byte per parameter).
  std::string_view quantization{};

  // --dtype: compute in float16, bfloat16 or float32 instead of the model's torch_dtype; 16- and
  // 32-bit weights are then loaded in it too.
  std::optional<dtype> model_dtype{};
  cache_dtype kv_cache_dtype = cache_dtype::auto_;
  double gpu_memory_utilization = 0;  // 0: the version's default (0.92, or 0.9 before v0.17)
  count_t kv_cache_memory_bytes = 0;  // > 0: exactly this much KV memory per GPU
  std::int32_t block_size = 0;        // 0: chosen as vLLM chooses it
  count_t max_model_len = 0;          // 0: the model's derived maximum; auto_max_model_len: fit
  std::int32_t max_num_seqs = 0;
  count_t max_num_batched_tokens = 0;
  prefix_caching enable_prefix_caching = prefix_caching::by_default;
  count_t num_gpu_blocks_override = 0;
  bool enforce_eager = false;  // no CUDA graphs, so nothing to subtract for them
  // --max-cudagraph-capture-size: the largest batch captured as a CUDA graph (v0.11.1); 0:
  // vLLM's min(2 x max_num_seqs x (1 + speculative tokens), 512).
  count_t max_cudagraph_capture_size = 0;
  // --compilation-config '{"cudagraph_mode": ..., "cudagraph_capture_sizes": [...]}': empty, the
  // release's mode (FULL_AND_PIECEWISE from v0.11, PIECEWISE before) and sizes.
  std::optional<kvplan::cudagraph_mode> cudagraph_mode{};
  capture_size_list cudagraph_capture_sizes{};
  kvplan::performance_mode performance_mode = kvplan::performance_mode::balanced;
  std::optional<kvplan::optimization_level> optimization_level{};  // -O<n>; empty: vLLM's default
  // --enable-chunked-prefill / --no-enable-chunked-prefill (empty: on). Off, vLLM (from v0.12)
  // batches a whole max_model_len prompt at once; before v0.12 it kept chunked prefill on for
  // generative models whatever the flag said.
  std::optional<bool> enable_chunked_prefill{};

  attention_backend backend = attention_backend::automatic;
  std::optional<dtype> mamba_cache_dtype{};      // --mamba-cache-dtype (conv and linear state)
  std::optional<dtype> mamba_ssm_cache_dtype{};  // --mamba-ssm-cache-dtype

  non_kv_memory memory{};

  vllm_version vllm = newest_vllm;

  // Engine features that change the cache (vLLM names; zero or empty: not given).
  speculative_decoding speculative{};
  std::int32_t decode_context_parallel_size = 1;  // --decode-context-parallel-size (-dcp)
  std::optional<bool> async_scheduling{};         // --async-scheduling / --no-async-scheduling
  bool disable_hybrid_kv_cache_manager = false;   // --disable-hybrid-kv-cache-manager
  // --attention-config '{"use_fp4_indexer_cache": true}': DeepSeek-V4's indexer keys as MXFP4
  // rows (head_dim / 2 + head_dim / 32 bytes) instead of fp8 with an fp32 scale.
  bool fp4_indexer_cache = false;
  // --attention-config '{"indexer_kv_dtype": "fp8"}': MiniMax-M3's indexer keys in fp8 (1 B a
  // value) instead of bf16; vLLM runs it on Blackwell (sm100) only.
  bool fp8_indexer_cache = false;
  // --language-model-only (v0.16; --limit-mm-per-prompt 0 for every modality): the vision
  // tower is not built (no weights, nothing profiled). --skip-mm-profiling: built, not profiled.
  // --limit-mm-per-prompt '{"image": N, "video": M}': images and videos a prompt may carry (-1:
  // not given, vLLM's 999), and "vision_chunk" (Kimi K2.5's); 0 for every modality a tower
  // serves leaves the tower out.
  bool language_model_only = false;
  bool skip_mm_profiling = false;
  std::int32_t limit_images = -1;
  std::int32_t limit_videos = -1;
  std::int32_t limit_vision_chunks = -1;  // Kimi K2.5's modality
  lora_settings lora{};
  double kv_offloading_size_gib = 0;              // --kv-offloading-size: GiB over all TP x PP ranks
  kv_offloading_backend offloading_backend = kv_offloading_backend::native;

  // vLLM environment variables that move the memory profile (empty: the release's default).
  // VLLM_USE_FLASHINFER_SAMPLER: top-k / top-p by FlashInfer's sampler. Before v0.11.1 vLLM ran it
  // wherever FlashInfer was installed (its Docker images; a pip install had none), so only this
  // says which sampler a plan of those releases profiles.
  std::optional<bool> flashinfer_sampler{};
  // VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS: whether the CUDA-graph estimate comes off the KV
  // budget (the variable exists from v0.17; on by default from v0.20).
  std::optional<bool> estimate_cudagraph_memory{};
  // VLLM_USE_V2_MODEL_RUNNER: Model Runner V2 (1) or the V1 runner (0) instead of vLLM's choice
  // by model family.
  std::optional<bool> v2_model_runner{};
  // The compile cache the start-up finds: cold unless the same shape started before on this
  // machine with its cache kept (VLLM_CACHE_ROOT; VLLM_DISABLE_COMPILE_CACHE=1 keeps it cold).
  compile_cache_state compile_cache = compile_cache_state::cold;

  // Not a vLLM setting: a prefix of this many tokens that every request shares (a system
  // prompt, few-shot examples). With prefix caching its full blocks are held once; the plan
  // reports the concurrency with and without the sharing.
  count_t shared_prefix_tokens = 0;
};

// The largest max_model_len the release derives from the model's config (_get_and_verify_max_len):
// the model's, or before v0.30 its re-scaled YaRN length.
constexpr count_t derived_max_model_len(const deployment& d) {
  const model& m = d.model;
  if (m.rescaled_yarn_max_model_len > 0 && !rules_for(d.vllm).yarn_keeps_max_position_embeddings)
    return m.rescaled_yarn_max_model_len;
  return m.max_model_len;
}

// The max_model_len the engine is configured with before any auto-fit: the one given, else the
// model's default (generation_config), else its derived maximum. vLLM profiles at this length.
constexpr count_t configured_max_model_len(const deployment& d) {
  if (d.max_model_len > 0) return d.max_model_len;
  return d.model.default_max_model_len > 0 ? d.model.default_max_model_len : derived_max_model_len(d);
}

// num_speculative_tokens as vLLM resolves it: given, else the method's default (mtp: the
// model's MTP layers, n_predict; suffix: suffix_decoding_max_tree_depth, 24).
constexpr std::int32_t speculative_tokens(const deployment& d) {
  const speculative_decoding& sd = d.speculative;
  if (sd.method == speculative_method::none) return 0;
  if (sd.num_speculative_tokens > 0) return sd.num_speculative_tokens;
  if (sd.method == speculative_method::mtp) return d.model.num_mtp_layers;
  if (sd.method == speculative_method::suffix) return 24;
  return 0;
}

namespace detail {
// The checkpoint as published; a model without listed checkpoints loads its own weights in
// torch_dtype.
constexpr checkpoint published_checkpoint(const deployment& d) {
  if (d.model.checkpoints.size() > 0) return d.model.checkpoints[d.checkpoint];
  return checkpoint{d.model.hf_id, d.model.torch_dtype, 0, {}, {}};
}
}  // namespace detail

// The weights a deployment loads: the checkpoint, quantized at load time when --quantization
// asks for it. --quantization fp8 on unquantized weights (vLLM's Fp8Config, dynamic scales)
// stores every linear layer and expert in fp8; the embedding table and lm_head stay in the model
// dtype (see the weights estimate); the published size no longer applies.
constexpr checkpoint checkpoint_of(const deployment& d) {
  checkpoint c = detail::published_checkpoint(d);
  if (d.quantization == "fp8" && c.quantization.empty()) {
    c.bytes = 0;
    c.format = dtype::fp8_e4m3;
    c.quantization = "fp8";
    c.group_size = -1;  // quantized at load time with a scale per tensor
  }
  return c;
}

}  // namespace kvplan::inline v0
