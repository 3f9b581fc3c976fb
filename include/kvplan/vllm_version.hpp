// vLLM releases, and the sizing rules that changed between them.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/config.hpp"

#include <compare>
#include <cstdint>

namespace kvplan::inline v0 {

struct vllm_version {
  std::int32_t major = 0;
  std::int32_t minor = 0;
  std::int32_t patch = 0;
  friend constexpr auto operator<=>(const vllm_version&, const vllm_version&) = default;

  // One integer that orders releases as <=> does: rules_for() compares a dozen boundaries, and an
  // integer comparison is far cheaper to evaluate at compile time than a synthesized <=>.
  constexpr std::int64_t ordinal() const {
    return (std::int64_t{major} * 10'000 + minor) * 10'000 + patch;
  }
};

// A release's ordinal as a constant: rules_for() compares against one per boundary, and reading
// a constant costs constant evaluation next to nothing where a call per boundary costs clang
// about 1.5 ms a rules_for() call (clang 14).
template <std::int32_t Major, std::int32_t Minor, std::int32_t Patch = 0>
inline constexpr std::int64_t release_ordinal = vllm_version{Major, Minor, Patch}.ordinal();

// The release kvplan's figures follow by default, and the oldest whose rules it models.
inline constexpr vllm_version newest_vllm{0, 33, 0};
inline constexpr vllm_version oldest_vllm{0, 10, 0};

// The rules of one release that move the numbers. rules_for() is the only place that knows
// the boundaries; each is cited there. Boundaries found only from pull-request dates (not from
// a release tag) are marked "dated"; docs/vllm_versions.md lists the evidence.
struct vllm_rules {
  // CacheConfig.gpu_memory_utilization default.
  double default_gpu_memory_utilization = 0.92;
  // determine_available_memory subtracts the CUDA-graph memory estimate.
  bool subtracts_cudagraph_memory = true;
  // Sliding-window and chunked layers reserve blocks for every batch in flight
  // (VllmConfig.max_in_flight_tokens); before, for one batch of max_num_batched_tokens.
  bool sizes_windows_for_batches_in_flight = true;
  // The V2 model runner is the default for every model (pp + 1 batches in flight).
  bool v2_model_runner_for_all_models = true;
  // The fit check and auto-fit reserve the null block (available - bytes_per_block).
  bool reserves_null_block_in_fit_check = true;
  // Hybrid (Mamba / linear-attention) models get prefix caching, so Mamba "align" mode.
  bool hybrid_prefix_caching_by_default = true;
  // Async scheduling is on by default with a draft-model speculator (before, only EAGLE, EAGLE-3
  // and MTP kept it on).
  bool draft_model_async_scheduling = true;
  // Prefix caching asked for on a hybrid model is dropped where unsupported instead of failing
  // (before, the runner raised NotImplementedError, and prefix caching was on by default).
  bool hybrid_prefix_caching_dropped_when_unsupported = true;
  // The Mamba2 family (SupportsMambaPrefixCaching) keeps prefix caching, caching Mamba state
  // at every block; Mamba1 and Jamba likewise.
  bool mamba2_prefix_caching = true;
  bool mamba1_prefix_caching = true;
  // Mamba "align" mode: every hybrid model keeps prefix caching (those without
  // SupportsMambaPrefixCaching in align mode).
  bool mamba_align_mode = true;
  // Chunked local attention keeps the hybrid KV-cache manager; before, Llama 4's chunked
  // layers were allocated as full attention.
  bool chunked_local_keeps_hybrid_manager = true;
  // --kv-cache-dtype auto meant fp8_ds_mla for DeepSeek-V3.2.
  bool sparse_mla_auto_is_fp8_ds_mla = false;
  // On Blackwell (sm100) an fp8 cache for sparse MLA runs on FLASHINFER_MLA_SPARSE in the
  // standard fp8 layout (576 B a latent); before, on FLASHMLA_SPARSE as fp8_ds_mla (656 B).
  bool blackwell_sparse_mla_fp8_is_flashinfer = true;
  // Attention backends are picked from a priority list, each validated (on Turing: TRITON_ATTN);
  // before, by capability, Turing on FlexAttention ("Using FlexAttention backend on V1 engine").
  bool attention_backend_priorities = true;
  // "GPU KV cache size" is int(max_concurrency * max_model_len); before, it was
  // num_blocks // num_groups * block_size.
  bool capacity_from_concurrency = true;
  // Block size comes from the attention backend's preference (Platform.
  // update_block_size_for_backend); before, CUDA forced MLA block sizes.
  bool block_size_from_backend = true;
  // Blackwell's default MLA backend is FlashInfer MLA (forced to block 64 while block sizes
  // were forced); before, CUTLASS MLA with block 128.
  bool blackwell_mla_is_flashinfer = true;
  // API-server batch defaults have a tier for GPUs with >= 160 GiB (max_num_batched_tokens
  // 16384).
  bool has_160_gib_batch_tier = true;
  // The attention backend is chosen with `--attention-backend`; before, with the
  // VLLM_ATTENTION_BACKEND environment variable.
  bool attention_backend_flag = true;

  // The memory profile (kvplan/memory_profile.hpp).
  // The sampler's top-k / top-p runs as an in-place Triton kernel; before, with torch.sort.
  bool triton_top_k_top_p_sampler = true;
  // Which sampler the profile runs follows from the release alone; before v0.11.1 it was the
  // FlashInfer sampler where FlashInfer was installed (Docker images), torch.sort elsewhere.
  bool sampler_known_from_release = true;
  // FlashInfer's top-k / top-p sampler is on by default, and the profile also warms the native
  // (Triton) path up: its peak is the larger of the two.
  bool flashinfer_sampler_by_default = true;
  // profile_cudagraph_memory estimates the graphs' memory (VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS
  // can take it from the budget; subtracts_cudagraph_memory: by default).
  bool estimates_cudagraph_memory = true;
  // Inductor benchmarks the combo kernels it generates while it compiles (on a cold cache, so
  // inside the profile; see compile_benchmark_bytes).
  bool compile_benchmarks_combo_kernels = true;
  // ROCm runs profile_cudagraph_memory too; in between, the worker skipped it there.
  bool rocm_estimates_cudagraph_memory = true;
  // FlashInfer's all-reduce + RMSNorm fusion (and its workspace) is on for TP > 1.
  bool flashinfer_allreduce_fusion = true;
  // CUDA graphs are captured in FULL (uniform decode) and PIECEWISE modes; before, PIECEWISE.
  bool full_and_piecewise_graphs = true;
  // A model with Mamba state and FULL CUDA graphs refuses max_num_seqs above the KV cache's
  // blocks (each decoding sequence needs a state block); before, the capture sizes were capped.
  bool refuses_more_seqs_than_mamba_blocks = true;
  // Capture sizes step by 16 from 256 tokens; before, by 8 throughout.
  bool capture_sizes_step_16_from_256 = true;
  // gpt-oss's capture ceiling (GptOssForCausalLMConfig) is 992, not 1,024 (v0.11.0 - v0.11.1).
  bool gpt_oss_capture_ceiling_992 = false;
  // A max_num_seqs off the capture grid is captured too (without speculative decoding).
  bool captures_off_grid_max_num_seqs = true;
  // max_num_batched_tokens is captured too where it is within the ceiling and off the grid.
  bool captures_max_num_batched_tokens = true;
  // With a speculative decoder the derived capture sizes also hold its uniform decode batches,
  // n x (1 + K) tokens for a grid of request counts n, within the ceiling.
  bool captures_uniform_decode_sizes = true;
  // With a speculative decoder and FULL decode graphs, the V1 runner rounds every capture size up
  // to a multiple of 1 + K (CompilationConfig.adjust_cudagraph_sizes_for_spec_decode).
  bool v1_rounds_capture_sizes_for_spec_decode = true;
  // Model Runner V2 measures its CUDA graphs for the budget (every PIECEWISE graph and two FULL
  // ones captured into a throwaway pool); before, its profile_cudagraph_memory returned 0.
  bool v2_runner_estimates_cudagraphs = true;
  // Model Runner V2 by default (vLLM's oracle, see uses_v2_model_runner): Qwen3 dense, then
  // Llama and Mistral dense, then a list of architectures MoE ones included (DeepSeek-V2,
  // Qwen2-MoE, GraniteMoE) and quantized checkpoints, then every dense model with that list,
  // then Kimi-K3 (a listed hybrid, from kimi_k3) and DeepSeek-V4 (v2_model_runner_for_all_models:
  // every model).
  bool v2_runner_for_qwen3_dense = true;
  bool v2_runner_for_llama_mistral_dense = true;
  bool v2_runner_for_listed_moe = true;
  bool v2_runner_for_dense = true;
  bool v2_runner_deepseek_v4 = true;
  // V2's dummy sampler keeps no fp32 copy of the logits.
  bool v2_sampler_without_fp32_copy = true;
  // "Consumed" memory (a free-memory delta) replaces weights + non-torch: runner buffers, the
  // workspace manager and allocator fragmentation count too.
  bool consumed_memory_accounting = true;
  // The fused-MoE workspaces live in the persistent WorkspaceManager; before, they were freed
  // after each forward.
  bool persistent_moe_workspace = true;
  // --language-model-only (the vision tower skipped) and --skip-mm-profiling exist.
  bool language_model_only_flag = true;
  bool skip_mm_profiling_flag = true;
  // Which models build no vision tower when its modalities are all limited to 0: Llama 4,
  // Mistral 3, LLaVA, Qwen2-VL and Qwen2.5-VL (PR #22299, v0.10.1), Qwen3-VL (PR #26000,
  // v0.11), every model (_mark_tower_model, PR #32605, v0.16).
  bool limits_skip_early_towers = true;
  bool limits_skip_qwen3_vl_tower = true;
  bool towers_skipped_by_limits = true;
  // The profile's dummy item is built for max_model_len (PR #25553); before, for
  // max_num_batched_tokens. And Qwen2-VL's budget counts its video's frames from max_model_len;
  // before v0.10.2, from max_model_len less one image's tokens (PR #24312).
  bool mm_dummy_for_max_model_len = true;
  bool qwen2_vl_video_frames_from_max_model_len = true;
  // V1's profile_run widens each dummy encoder output shorter than the encoder budget to the
  // budget's rows (zeros it then keeps through the decoder's run).
  bool mm_outputs_widened_to_budget = false;
  // The encoder budget counts an item's embeddings; before, its placeholder's contiguous tokens
  // (Gemma 3: the image's 256 and "\n\n", <start_of_image>, <end_of_image>, "\n\n").
  bool mm_budget_counts_embeddings = true;
  // Qwen3-VL's video budget counts 12.5 formatted tokens per vision token, so the video, not the
  // image, is the profiled modality.
  bool qwen3_vl_formatted_video_budget = false;
  // The sparse-attention indexer (DeepSeek-V3.2, GLM-5) reserves its prefill gather workspace in
  // the WorkspaceManager during the profile, and from v0.20 a logits budget beside it.
  bool indexer_profile_workspace = true;
  bool indexer_logits_budget = true;
  // CUDA graphs are captured up to 1,024 tokens on Blackwell (sm100); before (and elsewhere), 512.
  bool capture_up_to_1024_on_sm100 = true;
  // gpt-oss's mxfp4 experts run on OpenAI's Triton kernels on Hopper (vLLM ships triton_kernels);
  // before, on Marlin unless triton_kernels was installed by hand.
  bool hopper_mxfp4_triton = true;
  // The Triton backend keeps the checkpoint's mxfp4 scales beside the swizzled copy it runs on.
  bool mxfp4_triton_keeps_scales = false;
  // int4 (WNA16) experts run through the modular kernel's MarlinExperts; before, the GPTQ, AWQ
  // and compressed-tensors methods called fused_marlin_moe themselves, with smaller caches.
  bool int4_moe_modular_kernel = true;
  // Blackwell's TRT-LLM mxfp4 kernels pad each rank's intermediate size to 128; before, to 256.
  bool blackwell_mxfp4_intermediate_128 = true;
  // Full-attention layers of different page sizes share one group (UniformTypeKVCacheSpecs).
  bool uniform_type_kv_specs = true;
  // unify_kv_cache_spec_page_size pads pages that do not divide the largest one (it raised).
  bool pads_uneven_pages = true;
  // DeepSeek-V4's packed KV-cache groups (the planner kvplan models for it).
  bool deepseek_v4_packed_planner = true;
  // Step-3.5-Flash and Step-3.7-Flash.
  bool step3p5 = true;
  bool step3p7 = true;
  // A MoE layer's output is a new [T, H] tensor; before, the experts wrote in place.
  bool moe_output_out_of_place = true;
  // Gemma 4's mixed head sizes run FlashAttention 4 where it runs, TRITON_ATTN elsewhere; before,
  // TRITON_ATTN on every GPU.
  bool gemma4_fa4_where_supported = true;
  // Kimi Delta Attention (Kimi-Linear), and the Kimi-K3 model.
  bool kimi_delta_attention = true;
  bool kimi_k3 = true;
  // MiniMax-M3's block-sparse attention, and its indexer_kv_dtype setting.
  bool minimax_m3_sparse_attention = true;
  bool minimax_m3_indexer_kv_dtype = true;
  bool performance_mode_flag = true;    // --performance-mode
  // -O<n> names an optimization level (O2 by default); before, the compilation level (3).
  bool optimization_levels = true;
  // --no-enable-chunked-prefill is honoured for generative models (before, V1 kept it on).
  bool chunked_prefill_can_be_off = true;
  bool decode_context_parallel = true;  // --decode-context-parallel-size
  // With LoRA, every CUDA graph is captured twice, with and without an adapter
  // (cudagraph_specialize_lora); before, once, with dummy adapters active.
  bool lora_cudagraph_specialization = true;
  // LoRA reaches the routed experts (FusedMoEWithLoRA); before, MoE models took adapters on
  // their attention and dense layers only.
  bool lora_on_experts = true;
  // --max-lora-rank 1 is allowed (before: 8, 16, 32, 64, 128, 256, 320, 512).
  bool lora_rank_1 = true;
  // LoRA's embedding slots hold the vocabulary alone (before: 256 extra rows, padded to 256).
  bool lora_without_extra_vocab = true;
  // Qwen3's model classes name their embedding modules, so LoRA reaches them.
  bool qwen3_lora_embeddings = true;
  bool kv_offloading_flags = true;      // --kv-offloading-size / --kv-offloading-backend
  // Every YaRN rope type (yarn, deepseek_yarn, deepseek_llama_scaling, telechat3-yarn) derives
  // max_model_len from the length keys alone; before, "yarn" derived
  // original_max_position_embeddings x factor and the other names the length x factor.
  bool yarn_keeps_max_position_embeddings = true;
};

constexpr vllm_rules rules_for(vllm_version version) {
  const std::int64_t v = version.ordinal();
  vllm_rules r;
  // vLLM PR #38284 (merged 2026-04-21): CUDA-graph memory profiling on by default, and the
  // default utilization raised from 0.9 to 0.92 to compensate. Its log line says "(default since
  // v0.21.0)", but v0.20 branched after it: a v0.20.2 start-up (vllm/vllm-openai:v0.20.2) prints
  // "CUDA graph memory profiling is enabled" and takes the estimate, and its logger line numbers
  // are main's of 2026-04-26..28; v0.19.1 still prints "In v0.19, ... will be enabled".
  r.default_gpu_memory_utilization = v >= release_ordinal<0, 20> ? 0.92 : 0.9;
  r.subtracts_cudagraph_memory = v >= release_ordinal<0, 20>;
  // vLLM PR #47728, v0.26.0 (issue #49878 measures the change between v0.25.1 and v0.26).
  r.sizes_windows_for_batches_in_flight = v >= release_ordinal<0, 26>;
  // vLLM PR #53183, v0.29.0 (dated): MRV2 for all models.
  r.v2_model_runner_for_all_models = v >= release_ordinal<0, 29>;
  // vLLM PR #47272 and the auto-fit follow-up (dated: merged after 2026-08-16, after v0.28.0
  // was cut).
  r.reserves_null_block_in_fit_check = v >= release_ordinal<0, 29>;
  // vLLM PR #50991, v0.28.0.
  r.hybrid_prefix_caching_by_default = v >= release_ordinal<0, 28>;
  // vLLM PR #48341 (2026-07-11; in v0.28.0, per vllm-project/vllm-metal#645's notes on 0.28.0).
  r.draft_model_async_scheduling = v >= release_ordinal<0, 28>;
  // MambaModelConfig.verify_and_update_config, from the release branches: PR #23716 (in
  // releases/v0.10.2; v0.10.1's runner raises "Prefix caching is not supported for Mamba yet"),
  // PR #25752 (Mamba2 family, in v0.11.1rc1, not v0.11.0; other hybrids "detected without
  // support for prefix caching: disabling", as v0.11.2 and v0.13.0 Qwen3-Next logs print), PR
  // #26377 (Mamba1, Jamba; merged 2025-11-02, present in v0.11.2), PR #30877 (align mode, merged
  // 2026-01-23; a v0.15.0rc3 log prints its config.py line numbers).
  r.hybrid_prefix_caching_dropped_when_unsupported = v >= release_ordinal<0, 10, 2>;
  r.mamba2_prefix_caching = v >= release_ordinal<0, 11, 1>;
  r.mamba1_prefix_caching = v >= release_ordinal<0, 11, 2>;
  r.mamba_align_mode = v >= release_ordinal<0, 15>;
  // VLLM_ALLOW_CHUNKED_LOCAL_ATTN_WITH_HYBRID_KV_CACHE default flipped to 1 by vLLM PR #29627
  // (dated: issue #46553 places the change between v0.22 and v0.23).
  r.chunked_local_keeps_hybrid_manager = v >= release_ordinal<0, 23>;
  // vLLM PR #25988 (v0.11.0) mapped auto to fp8_ds_mla; a later config.py maps only fp8*.
  r.sparse_mla_auto_is_fp8_ds_mla = v >= release_ordinal<0, 11> && v < release_ordinal<0, 12>;
  // vLLM PR #37252 (merged 2026-03-17; in v0.19.0's commit, dated v0.18): _get_backend_priorities
  // puts FLASHINFER_MLA_SPARSE first for a quantized cache on sm100, and only FLASHMLA_SPARSE
  // canonicalizes fp8 to fp8_ds_mla. A v0.26.0 GB200 log: "Using FLASHINFER_MLA_SPARSE attention
  // backend", "Using standard fp8 KV cache format", GLM-5.2 at 1,139,456 tokens (576 B latents).
  r.blackwell_sparse_mla_fp8_is_flashinfer = v >= release_ordinal<0, 18>;
  // vLLM PR #24794 (reviewed to 2025-10-31, adapted to by plugins on 2025-11-12; dated v0.12):
  // get_valid_backends walks _get_backend_priorities. T4 logs: v0.10.2 "Using FlexAttention
  // backend on V1 engine"; from March to October 2026 (v0.31.0 among them) "Using TRITON_ATTN
  // attention backend out of potential backends: ['TRITON_ATTN', 'FLEX_ATTENTION']".
  r.attention_backend_priorities = v >= release_ordinal<0, 12>;
  // vLLM PR #41069 (merged 2026-04-28): num_tokens = int(max_concurrency * max_model_len).
  // Start-up logs show the old formula at v0.20.0 (a token count that is a multiple of the
  // 2096-token block; vLLM issue #40691 against v0.19) and the new one at v0.20.2 (Gemma-4-26B
  // on an RTX 5090: 286,007 tokens = 1.12x of 256,000, no multiple of the block; its logger
  // line numbers are main's at #41069), v0.21.0 (issue #43308: Gemma 4's count ten times
  // v0.20.0's), v0.23.0 and v0.24.0. v0.20.1 is not pinned: boundary v0.20.2.
  r.capacity_from_concurrency = v >= release_ordinal<0, 20, 2>;
  // vLLM PR #35122 (dated: the hook is present in v0.18.0).
  r.block_size_from_backend = v >= release_ordinal<0, 18>;
  // vLLM PR #32339, merged 2026-01-14 (dated: first in v0.15.0).
  r.blackwell_mla_is_flashinfer = v >= release_ordinal<0, 15>;
  // v0.28.0 arg_utils.get_batch_defaults: `if device_memory >= 160 * GiB_bytes`.
  r.has_160_gib_batch_tier = v >= release_ordinal<0, 28>;
  // vLLM PR #26315 (opened 2025-10-06) added --attention-backend and deprecated
  // VLLM_ATTENTION_BACKEND "for removal in v0.14"; v0.14.1 still reads the variable with that
  // warning, and v0.26 no longer reads it (vLLM issue #50292). The flag from v0.14, the variable
  // before it, where both work.
  r.attention_backend_flag = v >= release_ordinal<0, 14>;
  // vLLM PR #33538 (merged 2026-02-17): Triton top-k / top-p, first in v0.17.0. The logged
  // profile peak of Qwen3-14B on an H100 falls from 5.64 GiB (v0.16) to 2.23 GiB (v0.17).
  r.triton_top_k_top_p_sampler = v >= release_ordinal<0, 17>;
  // vLLM PR #26859 (2025-10-14) disabled the FlashInfer sampler by default: v0.11.1.
  r.sampler_known_from_release = v >= release_ordinal<0, 11, 1>;
  // vLLM PR #40376 (2026-04-29, FlashInfer sampler by default) and #41375 (2026-05-01, the
  // native sampler's warm-up in the profile), dated: v0.21.
  r.flashinfer_sampler_by_default = v >= release_ordinal<0, 21>;
  // vLLM PR #30515 (merged 2026-03-07, off by default until v0.20): a v0.17.1 release
  // candidate's log prints "Profiling CUDA graph memory" (vLLM PR #36634), later ones "In v0.19,
  // CUDA graph memory profiling will be enabled by default (VLLM_MEMORY_PROFILER_ESTIMATE_
  // CUDAGRAPHS=1)" (dated: v0.17).
  r.estimates_cudagraph_memory = v >= release_ordinal<0, 17>;
  // vLLM PR #36720 (2026-03-10..17, dated: v0.18) gated Worker.determine_available_memory's
  // profile_cudagraph_memory() on current_platform.is_cuda(): ROCm's estimates were wrong, even
  // negative. PR #47366 (2026-07-10) opened it to is_cuda_alike(), #48440 (07-13) closed it
  // again, and #48526 (2026-07-15, "[ROCm] Re-enable cudagraph memory profiling, captured on the
  // current stream") reopened it: after v0.26's branch (a 2026-06-24 PR is its latest dated one)
  // and before v0.27's (PR #49208, 2026-07-20, is in v0.27.0), so v0.27. ROCm logs of v0.22.1
  // (MI350X) and v0.23.0 (MI300X) print no "Estimated CUDA graph memory" line.
  r.rocm_estimates_cudagraph_memory = !(v >= release_ordinal<0, 18> && v < release_ordinal<0, 27>);
  // vLLM PR #26682 (merged 2025-10-13): CompilationConfig.__post_init__ sets Inductor's
  // combo_kernels and benchmark_combo_kernel with torch >= 2.9, which vLLM runs from v0.11.1.
  r.compile_benchmarks_combo_kernels = v >= release_ordinal<0, 11, 1>;
  // vLLM PR #34299 (2026-02-11, dated: v0.16.0).
  r.flashinfer_allreduce_fusion = v >= release_ordinal<0, 16>;
  // vLLM PR #25444 (2025-09-23, dated: v0.11.0): FULL_AND_PIECEWISE by default.
  r.full_and_piecewise_graphs = v >= release_ordinal<0, 11>;
  // vLLM PR #38270 (merged 2026-03-26, dated: v0.19; it replaced the silent capping of #34571 and
  // #37416 with GPUModelRunner._check_and_update_cudagraph_mode's ValueError). NVIDIA-NeMo/RL's
  // A/B: v0.17.1 starts a 12B Mamba hybrid at max_num_seqs 1,024 that v0.20.0 refuses
  // ("max_num_seqs (1024) exceeds available Mamba cache blocks (658)").
  r.refuses_more_seqs_than_mamba_blocks = v >= release_ordinal<0, 19>;
  // vLLM PR #26016 (2025-10-24, dated: v0.11.1).
  r.capture_sizes_step_16_from_256 = v >= release_ordinal<0, 11, 1>;
  r.gpt_oss_capture_ceiling_992 = v >= release_ordinal<0, 11> && v < release_ordinal<0, 11, 2>;
  // vLLM PR #57355 (merged 2026-09-17, after v0.29.0 was tagged; dated: v0.30).
  r.captures_off_grid_max_num_seqs = v >= release_ordinal<0, 30>;
  // vLLM PR #56446 ("Align vLLM YaRN with Transformers and stop re-scaling max_model_len", opened
  // 2026-09-11, in a digest of 2026-09-09..13; dated: v0.30, whose #57355 merged on the 17th).
  r.yarn_keeps_max_position_embeddings = v >= release_ordinal<0, 30>;
  // vLLM PR #40734 ("Fix max_num_batched_token not captured in cuda graph", merged after its
  // 2026-04-29 review, after #41069 of v0.20.2; dated: v0.21).
  r.captures_max_num_batched_tokens = v >= release_ordinal<0, 21>;
  // vLLM PR #50488 (merged 2026-08-29) and its fix-forward #54418 (2026-08-30, the sizes kept
  // under the old ceiling), both after v0.28.0 (2026-08-26): v0.29.
  r.captures_uniform_decode_sizes = v >= release_ordinal<0, 29>;
  // vLLM PR #28315 (issue #28207's "temp fix", November 2025; vllm-ascend's PR #4640 of
  // 2025-12-02 calls CompilationConfig's method at v0.12.0): dated v0.12.
  r.v1_rounds_capture_sizes_for_spec_decode = v >= release_ordinal<0, 12>;
  // Model Runner V2's oracle: PR #39337 (Qwen3 dense, v0.22), #43458 (Llama, Mistral, v0.23),
  // #42667 and #44446 (their MoE and quantized models, v0.24), #44443 (every dense model, v0.25),
  // #53183 (every model, v0.29; v2_model_runner_for_all_models above). Release boundaries from
  // the start-up logs' "Using V2 Model Runner" lines and the tags' commits.
  r.v2_runner_for_qwen3_dense = v >= release_ordinal<0, 22>;
  r.v2_runner_for_llama_mistral_dense = v >= release_ordinal<0, 23>;
  r.v2_runner_for_listed_moe = v >= release_ordinal<0, 24>;
  r.v2_runner_for_dense = v >= release_ordinal<0, 25>;
  // The list's DeepSeek-V4 entry (PR #51768, 2026-08-11, dated: v0.28); Kimi-K3's came with the
  // model (PR #50000, kimi_k3 below).
  r.v2_runner_deepseek_v4 = v >= release_ordinal<0, 28>;
  // V2's profile_cudagraph_memory returned 0 ("TBD whether we keep this API") until PRs #53306,
  // #53682 and #53955 (2026-08-24..26) made it capture every graph: v0.29.
  r.v2_runner_estimates_cudagraphs = v >= release_ordinal<0, 29>;
  // PR #47711: V2's dummy sampler without the fp32 copy (v0.27).
  r.v2_sampler_without_fp32_copy = v >= release_ordinal<0, 27>;
  // PR #49208 (merged 2026-07-20, first in v0.27.0): total_consumed = free before - free after.
  r.consumed_memory_accounting = v >= release_ordinal<0, 27>;
  // PR #34086 "Remove Chunking From FusedMoE" (2026-03-13) moved the experts' buffers to the
  // WorkspaceManager (dated: v0.18).
  r.persistent_moe_workspace = v >= release_ordinal<0, 18>;
  // vLLM PR #27532 (merged 2025-12-12, dated v0.13): sparse_attn_indexer reserves (40 x
  // max_model_len) x (index_head_dim + 4) B in the WorkspaceManager when the profile runs it;
  // PR #36178 (merged 2026-04-01; not in v0.19.0's commit, dated v0.20) adds a transient
  // VLLM_SPARSE_INDEXER_MAX_LOGITS_MB (512 MiB) allocation.
  r.indexer_profile_workspace = v >= release_ordinal<0, 13>;
  // vLLM PR #34120 (2026-02-09; in the v0.16.0 branch) and PR #22950 (2025-08-15; in v0.10.1).
  r.language_model_only_flag = v >= release_ordinal<0, 16>;
  r.skip_mm_profiling_flag = v >= release_ordinal<0, 10, 1>;
  // vLLM PR #22299 (2025-08-08, in v0.10.1), #26000 (2025-09-30, in v0.11.0), #32605
  // (2026-01-20, in the v0.16.0 branch): _mark_tower_model for every model.
  r.limits_skip_early_towers = v >= release_ordinal<0, 10, 1>;
  r.limits_skip_qwen3_vl_tower = v >= release_ordinal<0, 11>;
  r.towers_skipped_by_limits = v >= release_ordinal<0, 16>;
  // vLLM PR #25553 (2025-09-24): v0.10.2's _get_mm_dummy_batch passes seq_len=max_num_tokens,
  // v0.11.0's max_model_len.
  r.mm_dummy_for_max_model_len = v >= release_ordinal<0, 11>;
  // vLLM PR #24312 (2025-09-06): v0.10.1's Qwen2VLProcessingInfo takes max_model_len less
  // max_image_tokens for the video's frames, v0.10.2's the whole length.
  r.qwen2_vl_video_frames_from_max_model_len = v >= release_ordinal<0, 10, 2>;
  // vLLM PR #25810 (2025-09-27, in v0.11.0) widened the outputs; PR #30475 (2025-12-16) removed
  // it, in v0.13.0 (whose gpu_model_runner.py has 141 lines from the "Encoder cache will be
  // initialized" log to "Graph capturing finished", as main has after #30475; 160 before).
  r.mm_outputs_widened_to_budget = v >= release_ordinal<0, 11> && v < release_ordinal<0, 13>;
  // PR #30475 also counts embeddings, not placeholder tokens ("Optimize encoder cache manager by
  // operating with embeddings only"): a gemma-3-27b build of 2025-09-25 profiles "31 image items"
  // in an 8,192-token budget (8,192 / 260).
  r.mm_budget_counts_embeddings = v >= release_ordinal<0, 13>;
  // vLLM PR #25557 (2025-09-28, in v0.11.0, where Qwen3-VL arrived) to PR #32684 (2026-01-25,
  // v0.16), which profiles the video as two frames at the image's size.
  r.qwen3_vl_formatted_video_budget = v >= release_ordinal<0, 11> && v < release_ordinal<0, 16>;
  r.indexer_logits_budget = v >= release_ordinal<0, 20>;
  // PR #49390: capture up to 1,024 on SM100 (v0.28).
  r.capture_up_to_1024_on_sm100 = v >= release_ordinal<0, 28>;
  // vLLM PR #28788 (2025-11-18, dated: v0.12) builds triton_kernels into vLLM; PR #46549
  // (2026-06-24) frees the scales the Triton backend no longer reads: gpt-oss-120b on one H100
  // with the Triton backend loads 64.38 GiB at v0.14.1 (vLLM issue #33155) and 61.29 GiB at
  // v0.25.1 (JaminJeong/CodingAgent docs/gpt-oss-120b.md), so from v0.25.
  r.hopper_mxfp4_triton = v >= release_ordinal<0, 12>;
  r.mxfp4_triton_keeps_scales = v >= release_ordinal<0, 12> && v < release_ordinal<0, 25>;
  // The MoE refactor's PRs for int4 experts: #37990 (GPTQ, opened 2026-03-24, reviewed until
  // 2026-04-16), #39189 (AWQ, opened 2026-04-07), #42553 (compressed-tensors, opened 2026-05-13).
  // Undated: kvplan takes v0.22, the first release the last of them can be in. Two W4A16 logs of
  // v0.13 and v0.16 (Qwen3-Next, Qwen3.5-122B over 2 x L40S) leave what the direct caches give.
  r.int4_moe_modular_kernel = v >= release_ordinal<0, 22>;
  // vLLM PR #50000 (2026-07-30, Kimi K3; dated v0.27 as the rest of that PR).
  r.blackwell_mxfp4_intermediate_128 = v >= release_ordinal<0, 27>;
  // vLLM PR #26497 (2025-10-09) stops the in-place MoE under torch >= 2.9; vLLM's v0.11.1 branch
  // still pins torch 2.8.0 (requirements/cuda.txt), so v0.12.
  r.moe_output_out_of_place = v >= release_ordinal<0, 12>;
  // vLLM PR #42175 (2026-06-09): after v0.23's branch (a v0.23.0 log's line numbers are main's of
  // 2026-06-05..08, and it prints the old "Forcing TRITON_ATTN backend"), so v0.24.
  r.gemma4_fa4_where_supported = v >= release_ordinal<0, 24>;
  // vLLM PR #25101 (merged 2025-09-17, dated: v0.11.0).
  r.uniform_type_kv_specs = v >= release_ordinal<0, 11>;
  // vLLM PRs #45181 and #45207 (2026-06); #45207 reproduces the old error on v0.20.0-v0.22.0.
  r.pads_uneven_pages = v >= release_ordinal<0, 23>;
  // DeepSeek-V4's packed KV-cache groups as kvplan models them (see validate()).
  r.deepseek_v4_packed_planner = v >= release_ordinal<0, 28>;
  // vLLM PR #45381 (2026-06-16): MiniMax-M3, v0.24 (its recipe: 0.24.0+); PR #45892
  // (2026-06-23): --attention-config indexer_kv_dtype, v0.25.
  r.minimax_m3_sparse_attention = v >= release_ordinal<0, 24>;
  r.minimax_m3_indexer_kv_dtype = v >= release_ordinal<0, 25>;
  // Kimi-Linear's KDA layers: day-0 support of 2025-10-30, released in v0.11.1; Kimi-K3: vLLM PR
  // #50000 (opened 2026-07-27, merged in parts before the v0.27 branch), v0.27.
  r.kimi_delta_attention = v >= release_ordinal<0, 11, 1>;
  r.kimi_k3 = v >= release_ordinal<0, 27>;
  // Step-3.5: vLLM PR #33523 (2026-02-02), v0.16; Step-3.7: PR #43859 (2026-05-28, the day
  // before v0.22), v0.23. Dated from the merges: the release branches were not read.
  r.step3p5 = v >= release_ordinal<0, 16>;
  r.step3p7 = v >= release_ordinal<0, 23>;
  // vLLM PR #34936 (merged 2026-02-26), dated: v0.17.0, as a write-up of the flag of 2026-03-30
  // gives it.
  r.performance_mode_flag = v >= release_ordinal<0, 17>;
  // vLLM PR #26847 (-O infrastructure, opened 2025-10-14): the v0.12.0 docs describe the levels,
  // v0.11.2's have only the compilation modes.
  r.optimization_levels = v >= release_ordinal<0, 12>;
  // vLLM PRs #26623 and #28665 (November 2025; dated v0.12): EngineArgs keeps a False
  // enable_chunked_prefill ("This model does not officially support disabling chunked prefill")
  // and sets max_num_batched_tokens = max(max_model_len, default); v0.10 and v0.11's
  // _set_default_args set it True for every model but pooling ones.
  r.chunked_prefill_can_be_off = v >= release_ordinal<0, 12>;
  // vLLM PR #23734 (MLA, reviewed 2025-09-05; GQA #24864, #25438), dated: v0.11.0.
  r.decode_context_parallel = v >= release_ordinal<0, 11>;
  // vLLM PR #27621 (2025-10-28), dated: v0.11.1.
  r.kv_offloading_flags = v >= release_ordinal<0, 11, 1>;
  // vLLM PR #25914 (LoRA CUDA-graph specialization, reviewed to 2025-10-15) and PR #21229
  // (FusedMoE LoRA, reviewed 2025-10-05): both after v0.11.0, in v0.11.1. PR #26461
  // (2025-10-09): rank 1.
  r.lora_cudagraph_specialization = v >= release_ordinal<0, 11, 1>;
  r.lora_on_experts = v >= release_ordinal<0, 11, 1>;
  r.lora_rank_1 = v >= release_ordinal<0, 11, 1>;
  // vLLM PRs #28382 and #28545 (2025-11-11, -12): lora_extra_vocab_size gone in v0.12.0.
  r.lora_without_extra_vocab = v >= release_ordinal<0, 12>;
  // vLLM PR #29816 (merged 2026-02-06), dated: v0.16.0.
  r.qwen3_lora_embeddings = v >= release_ordinal<0, 16>;
  return r;
}

}  // namespace kvplan::inline v0
