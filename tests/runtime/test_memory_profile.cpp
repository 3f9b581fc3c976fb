// The memory profile: each term's arithmetic by hand, and the whole estimate against real vLLM
// start-up logs (tests/support/startup_logs.hpp) within the uncertainty it claims.
#include "kvplan_catch.hpp"
#include "startup_logs.hpp"

#include <kvplan/kvplan.hpp>
#include <kvplan/memory_profile.hpp>
#include <kvplan/models.hpp>

#include <cmath>

using namespace kvplan;

TEST_CASE("activation peak: the sampler's logits and the forward, by release", "[memory_profile]") {
  // Qwen3-Next-80B on 2 x H200, vLLM 0.10.2: R = min(1,024, 8,192) = 1,024 rows of the 151,936
  // vocabulary, U = 1,024 x 151,936 x 4 = 622,329,856 B. Before v0.11.1 the sampler's path is
  // not known from the release (3.5U with FlashInfer, 9.5U with torch.sort): a pip install has no
  // FlashInfer (vLLM's requirements/cuda.txt lists flashinfer-python from v0.11.1), so 9.5U =
  // 5,912,133,632.
  // Kept: (8,192 + 2 x 1,024) x 2,048 x 2 B = 41,943,040. Forward: 8,192 x 2 B x (2 x 2,048 + 3 x
  // 512 / 2) = 79,691,776 (the experts write in place before v0.12); the experts' workspace 8,192
  // x 10 x (2,048 + 2,048) x 2 B = 671,088,640 (freed after the forward before v0.18). Peak:
  // max(750,780,416, 41,943,040 + 5,912,133,632 = 5,954,076,672).
  constexpr deployment next{.model = models::qwen3_next_80b, .gpu = gpus::h200, .tensor_parallel_size = 2,
                            .vllm = {0, 10, 2}};
  constexpr activation_breakdown a = activation_estimate(next, rules_for(next.vllm), 1024, 8192);
  STATIC_REQUIRE(a.rows == 1'024);
  STATIC_REQUIRE(a.logits_bytes == 622'329'856);
  STATIC_REQUIRE(a.sampler == sampler_path::torch_sort_or_flashinfer);
  STATIC_REQUIRE(a.sampler_bytes == 5'912'133'632);
  STATIC_REQUIRE(a.kept_bytes == 41'943'040);
  STATIC_REQUIRE(a.forward_bytes == 79'691'776);
  // From v0.12 the experts' output is a new [T, H]: 8,192 x 2 B x (2 x 2,048 + 2,048) = 100,663,296.
  STATIC_REQUIRE(activation_estimate(next, rules_for({0, 12, 0}), 1024, 8192).forward_bytes == 100'663'296);
  STATIC_REQUIRE(a.moe_workspace_bytes == 671'088'640);
  STATIC_REQUIRE(a.total_bytes == 5'954'076'672);

  // VLLM_USE_FLASHINFER_SAMPLER settles it: 1 runs FlashInfer's sampler, 3.5U = 2,178,154,496;
  // 0 sorts with torch, 9.5U = 5,912,133,632 (the logs of vLLM issue #23278 and of Qwen3-Next
  // over 2 x H200 balance with 9.5U: "FlashInfer is not available" installs).
  deployment with = next;
  with.flashinfer_sampler = true;
  CHECK(activation_estimate(with, rules_for(with.vllm), 1024, 8192).sampler == sampler_path::flashinfer);
  CHECK(activation_estimate(with, rules_for(with.vllm), 1024, 8192).sampler_bytes == 2'178'154'496);
  deployment without = next;
  without.flashinfer_sampler = false;
  CHECK(activation_estimate(without, rules_for(without.vllm), 1024, 8192).sampler == sampler_path::torch_sort);
  CHECK(activation_estimate(without, rules_for(without.vllm), 1024, 8192).sampler_bytes == 5'912'133'632);
  // From v0.11.1 FlashInfer's sampler is opt-in: 1 still selects it (v0.16: 3.5U, no Triton
  // buffer); from v0.21 it is the default and the profile also warms the Triton path up, so
  // the peak stays the Triton one (3.5U + the buffer) either way.
  with.vllm = {0, 16, 0};
  CHECK(activation_estimate(with, rules_for(with.vllm), 1024, 8192).sampler_bytes == 2'178'154'496);
  with.vllm = {0, 21, 0};
  CHECK(activation_estimate(with, rules_for(with.vllm), 1024, 8192).sampler == sampler_path::triton);

  // v0.16 sorts with torch: 9.5U. Qwen3-14B-sized (vocab 151,936) at 1,024 rows: 5,912,133,632 B.
  deployment v16 = next;
  v16.vllm = {0, 16, 0};
  CHECK(activation_estimate(v16, rules_for(v16.vllm), 1024, 8192).sampler_bytes == 5'912'133'632);
  // v0.17 runs the Triton kernel: 3.5U + 132 rows x 151,936 x 4 B = 2,178,154,496 + 80,222,208.
  deployment v17 = next;
  v17.vllm = {0, 17, 0};
  CHECK(activation_estimate(v17, rules_for(v17.vllm), 1024, 8192).sampler_bytes == 2'178'154'496 + 80'222'208);
  // Model Runner V2 (every model from v0.29) skips top-k / top-p and, from v0.27, copies nothing:
  // 0.5U at TP 1, (1 + 0.5 / TP)U with the gather at TP > 1: at TP 2, 1.25U = 777,912,320.
  CHECK(activation_estimate(next, rules_for({0, 33, 0}), 1024, 8192).sampler == sampler_path::v2_runner);
  CHECK(activation_estimate(next, rules_for({0, 33, 0}), 1024, 8192).sampler_bytes == 777'912'320);
  // A pipeline stage after the first receives its input in buffers of max_num_tokens rows it
  // keeps (intermediate_tensors: hidden states and residual): 2 x 8,192 x 2,048 x 2 B, under the
  // whole profile.
  deployment staged = next;
  staged.pipeline_parallel_size = 2;
  const activation_breakdown one = activation_estimate(next, rules_for({0, 33, 0}), 1024, 8192);
  const activation_breakdown two = activation_estimate(staged, rules_for({0, 33, 0}), 1024, 8192);
  CHECK(two.persistent_bytes - one.persistent_bytes == 67'108'864);
  CHECK(two.total_bytes - one.total_bytes == 67'108'864);
}

TEST_CASE("Model Runner V2 by release and model family", "[memory_profile]") {
  const auto v2 = [](const model& m, vllm_version v) {
    return uses_v2_model_runner({.model = m, .gpu = gpus::h100_sxm, .vllm = v}, rules_for(v));
  };
  CHECK_FALSE(v2(models::qwen3_8b, {0, 21, 0}));
  CHECK(v2(models::qwen3_8b, {0, 22, 0}));         // Qwen3 dense first
  CHECK_FALSE(v2(models::llama_3_1_8b, {0, 22, 0}));
  CHECK(v2(models::llama_3_1_8b, {0, 23, 0}));     // then Llama and Mistral
  // Then a list with MoE architectures (vllm/config/vllm.py DEFAULT_V2_MODEL_RUNNER_ARCHITECTURES):
  // Qwen2MoeForCausalLM is on it, Qwen3MoeForCausalLM never was.
  const model qwen2_moe = kvplan_test::config_model("qwen1.5-moe-a2.7b.json", "Qwen/Qwen1.5-MoE-A2.7B");
  CHECK_FALSE(v2(qwen2_moe, {0, 23, 0}));
  CHECK(v2(qwen2_moe, {0, 24, 0}));
  CHECK_FALSE(v2(models::qwen3_30b_a3b, {0, 24, 0}));
  CHECK_FALSE(v2(models::qwen3_30b_a3b, {0, 28, 0}));
  CHECK(v2(models::phi_4, {0, 25, 0}));            // then every dense model
  CHECK_FALSE(v2(models::qwen3_next_80b, {0, 25, 0}));  // but not a hybrid one
  CHECK_FALSE(v2(models::deepseek_v4_flash, {0, 27, 0}));
  CHECK(v2(models::deepseek_v4_flash, {0, 28, 0}));  // DeepSeek-V4 joins the list
  CHECK_FALSE(v2(models::gpt_oss_20b, {0, 28, 0}));
  CHECK(v2(models::gpt_oss_20b, {0, 29, 0}));      // and every model
  // Speculative methods V2 lacks keep the V1 runner (_get_v2_model_runner_unsupported_features).
  deployment ngram{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .vllm = {0, 25, 0}};
  ngram.speculative.method = speculative_method::ngram;
  CHECK_FALSE(uses_v2_model_runner(ngram, rules_for(ngram.vllm)));
  ngram.speculative.method = speculative_method::eagle3;
  CHECK(uses_v2_model_runner(ngram, rules_for(ngram.vllm)));
  // Before v0.29 V2 took no graph estimate from the budget.
  CHECK_FALSE(cudagraphs_subtracted({.model = models::qwen3_8b, .gpu = gpus::h100_sxm, .vllm = {0, 28, 0}},
                                    rules_for({0, 28, 0})));
  CHECK(cudagraphs_subtracted({.model = models::gpt_oss_20b, .gpu = gpus::h100_sxm, .vllm = {0, 28, 0}},
                              rules_for({0, 28, 0})));
}

TEST_CASE("from v0.27 what the profile keeps is consumed memory, not peak activation", "[memory_profile]") {
  // Qwen3-235B-A22B over TP 4 (top-8 routing, moe_intermediate 1,536, hidden 4,096) at 8,192
  // tokens: the experts' workspace N = 2 x 1,536 / 4 = 768, (max(384, 4,096) + max(768, 4,096))
  // x 8 x 8,192 x 2 B = 1,073,741,824 B, kept by the WorkspaceManager (v0.18+). From v0.27
  // (PR #49208) vLLM measures the peak above what stays allocated (transient_peak_headroom) and
  // counts the rest in "consumed": the same budget, split otherwise.
  deployment d{.model = models::qwen3_235b_a22b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 4,
               .max_num_batched_tokens = 8192, .vllm = {0, 26, 0}};
  const memory_profile v26 = make_plan(d).profile;
  d.vllm = {0, 27, 0};
  const memory_profile v27 = make_plan(d).profile;
  CHECK(v26.activation_parts.moe_workspace_bytes == 1'073'741'824);
  CHECK(v26.consumed_profile_bytes == 0);
  CHECK(v27.consumed_profile_bytes == v27.activation_parts.persistent_bytes);
  CHECK(v27.activation.bytes == v27.activation_parts.total_bytes - v27.activation_parts.persistent_bytes);
  // The persistent part: the workspace, and on the V1 runner's Triton sampler its cached rows.
  CHECK(v27.activation_parts.persistent_bytes >= 1'073'741'824);
}

TEST_CASE("from v0.27 consumed memory holds the runner's buffers: Model Runner V2's penalties state", "[memory_profile]") {
  // PenaltiesState: max_num_seqs x vocab int32 output counts and max_num_seqs x vocab / 32 int32
  // prompt bits. Qwen3-32B (vocab 151,936; 151,936 / 32 = 4,748) at 1,024 sequences:
  // 1,024 x 156,684 x 4 B = 641,777,664 B; at 256, 160,444,416 B. V2 runs dense Qwen3 from v0.27.
  deployment d{.model = models::qwen3_32b, .gpu = gpus::rtx_pro_6000, .tensor_parallel_size = 2, .vllm = {0, 27, 1}};
  const vllm_rules r = rules_for(d.vllm);
  REQUIRE(uses_v2_model_runner(d, r));
  CHECK(runner_buffers_bytes(d, r, 1024) == 641'777'664);
  CHECK(runner_buffers_bytes(d, r, 256) == 160'444'416);
  // The plan: 0.15 GiB of kernels and the state, beside TP 2's PCIe 0.1 GiB.
  // Nothing else: a dense model keeps no workspace, and sm120 takes no all-reduce fusion.
  const memory_profile p = make_plan(d).profile;
  CHECK(p.runner_buffers_bytes == 641'777'664);
  CHECK(p.consumed_profile_bytes == 0);
  CHECK(p.allreduce_workspace_bytes == 0);
  CHECK(p.non_torch.bytes == 15 * GiB / 100 + GiB / 10 + 641'777'664);
  // The V1 runner: 0.2 GiB from logs. Before v0.27 the budget saw neither.
  d.v2_model_runner = false;
  CHECK(runner_buffers_bytes(d, r, 1024) == GiB / 5);
  d.vllm = {0, 26, 0};
  d.v2_model_runner = true;
  CHECK(runner_buffers_bytes(d, rules_for(d.vllm), 1024) == 0);
}

TEST_CASE("gpt-oss's experts on Hopper: OpenAI's Triton kernels keep one activated row set", "[memory_profile]") {
  // gpt-oss-120b, one H100, v0.27, T = 8,192 tokens, top-4 of 128 experts, H = I = 2,880:
  // OAITritonExperts keeps (T x 4, 2,880) bf16 = 8,192 x 4 x 2,880 x 2 B = 188,743,680 B; the
  // second matmul_ogs's scratchpad, 8,192 x 4 x 2,880 x 2 B = 188,743,680 B more, sits in the
  // forward beside 8,192 x 2 B x (2 x 2,880 + 2,880) = 141,557,760 B: 330,301,440 B.
  const deployment d{.model = models::gpt_oss_120b, .gpu = gpus::h100_sxm, .vllm = {0, 27, 1}};
  const activation_breakdown a = activation_estimate(d, rules_for(d.vllm), 1024, 8192);
  CHECK(a.moe_workspace_bytes == 188'743'680);
  CHECK(a.forward_bytes == 330'301'440);
  // The kernels allocate the cache each call (not the WorkspaceManager's), so it is gone by the
  // sampler: the peak is the Triton sampler's over 1,024 rows, 3.5U + 132 cached rows =
  // 2,988,972,032 B, with the kept states' 58,982,400 B, above the forward's 330,301,440 +
  // 188,743,680 B.
  CHECK(a.moe_workspace_per_call);
  CHECK(a.total_bytes == 3'047'954'432);
  // TP 2: 1,440 columns a rank, padded to 1,472 (a multiple of 64): 8,192 x 4 x 1,472 x 2 B.
  deployment tp2 = d;
  tp2.tensor_parallel_size = 2;
  CHECK(activation_estimate(tp2, rules_for(tp2.vllm), 1024, 8192).moe_workspace_bytes == 96'468'992);
  // Marlin (an A100, or v0.11 on Hopper) keeps the general shapes: 8,192 x 4 x (2,880 + 5,760)
  // x 2 B = 566,231,040, and a forward without the scratchpad.
  deployment a100 = d;
  a100.gpu = gpus::a100_80gb;
  CHECK(activation_estimate(a100, rules_for(a100.vllm), 1024, 8192).moe_workspace_bytes == 566'231'040);
  CHECK(activation_estimate(a100, rules_for(a100.vllm), 1024, 8192).forward_bytes == 141'557'760);
  deployment v11 = d;
  v11.vllm = {0, 11, 2};
  CHECK(activation_estimate(v11, rules_for(v11.vllm), 1024, 8192).moe_workspace_bytes == 566'231'040);
}

TEST_CASE("int4 experts before the modular kernel: fused_marlin_moe's own caches", "[memory_profile]") {
  // Qwen3-Next-80B-A3B as W4A16 over 2 x L40S, 8,192 tokens, top-10 experts, H = 2,048, a rank's
  // intermediate size 512 / 2 = 256 (N = 512): v0.13's compressed-tensors method calls
  // fused_marlin_moe, whose caches are (T x 10, max(512, 2,048)) and (T x 10, 256):
  // 8,192 x 10 x (2,048 + 256) x 2 B = 377,487,360 B. From v0.22 MarlinExperts provisions
  // max(256, 2,048) + max(512, 2,048): 8,192 x 10 x 4,096 x 2 B = 671,088,640 B, the shapes of
  // the unquantized experts' modular TritonExperts.
  deployment d{.model = kvplan_test::as_w4a16(models::qwen3_next_80b, 0), .gpu = gpus::l40s,
               .tensor_parallel_size = 2, .vllm = {0, 13, 0}};
  CHECK(activation_estimate(d, rules_for(d.vllm), 8, 8192).moe_workspace_bytes == 377'487'360);
  // fused_marlin_moe allocates them each call, also where the WorkspaceManager holds the
  // modular kernels' (v0.18 - v0.21).
  d.vllm = {0, 19, 0};
  CHECK(activation_estimate(d, rules_for(d.vllm), 8, 8192).moe_workspace_per_call);
  d.vllm = {0, 22, 0};
  CHECK(activation_estimate(d, rules_for(d.vllm), 8, 8192).moe_workspace_bytes == 671'088'640);
  CHECK_FALSE(activation_estimate(d, rules_for(d.vllm), 8, 8192).moe_workspace_per_call);
  deployment bf16{.model = models::qwen3_next_80b, .gpu = gpus::l40s, .tensor_parallel_size = 2, .vllm = {0, 13, 0}};
  CHECK(activation_estimate(bf16, rules_for(bf16.vllm), 8, 8192).moe_workspace_bytes == 671'088'640);
}

TEST_CASE("a cold torch.compile: Inductor's benchmark copies of the embedding kernel's buffers", "[memory_profile]") {
  // Qwen3-14B on one L40S at v0.29, 2,048 batched tokens: the table, 151,936 x 5,120 x 2 B =
  // 1,555,824,640 B, and the residual and normed rows, 2 x 2,048 x 5,120 x 2 B = 41,943,040 B:
  // 1,597,767,680 B, above the forward's 255,852,544 B, so the peak.
  deployment d{.model = models::qwen3_14b, .gpu = gpus::l40s, .vllm = {0, 29, 0}};
  const auto parts = [](const deployment& x) { return make_plan(x).profile.activation_parts; };
  CHECK(compile_benchmark_bytes(d, rules_for(d.vllm), 2048) == 1'597'767'680);
  CHECK(parts(d).compile_bytes == 1'597'767'680);
  CHECK(parts(d).total_bytes == 1'597'767'680);
  // A warm cache, eager mode and v0.11.0 (torch 2.8: no combo kernels) benchmark nothing; the
  // forward's peak stands.
  deployment warm = d;
  warm.compile_cache = compile_cache_state::warm;
  CHECK(parts(warm).compile_bytes == 0);
  // The forward: 2,048 x 2 B x (2 x 5,120 + 3 x 17,408) = 255,852,544 B.
  CHECK(parts(warm).total_bytes == 255'852'544);
  deployment eager = d;
  eager.enforce_eager = true;
  CHECK(compile_benchmark_bytes(eager, rules_for(eager.vllm), 2048) == 0);
  deployment v0_11_0 = d;
  v0_11_0.vllm = {0, 11, 0};
  CHECK(compile_benchmark_bytes(v0_11_0, rules_for(v0_11_0.vllm), 2048) == 0);
  v0_11_0.vllm = {0, 11, 1};
  CHECK(compile_benchmark_bytes(v0_11_0, rules_for(v0_11_0.vllm), 2048) == 1'597'767'680);
  // Qwen3-32B over 2 GPUs at 8,192 tokens: half the table, 75,968 x 5,120 x 2 B = 777,912,320 B,
  // and the gather's own rows before the all-reduce, 8,192 x 5,120 x 2 B = 83,886,080 B.
  deployment tp2{.model = models::qwen3_32b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 2, .vllm = {0, 29, 0}};
  CHECK(compile_benchmark_bytes(tp2, rules_for(tp2.vllm), 8192) == 861'798'400);
  // With LoRA the kernel also gathers from each slot's embedding A: Qwen3-4B at v0.27.1 (Qwen3's
  // embedding modules from v0.16), 64 slots of rank 16, 2,048 tokens: 151,936 x 2,560 x 2 B =
  // 777,912,320 B, 2 x 2,048 x 2,560 x 2 B = 20,971,520 B, 64 x 151,936 x 16 x 2 B = 311,164,928 B.
  deployment lora{.model = models::qwen3_4b, .gpu = gpus::rtx_4090, .vllm = {0, 27, 1}};
  lora.lora = {.enabled = true, .max_loras = 64};
  CHECK(compile_benchmark_bytes(lora, rules_for(lora.vllm), 2048) == 1'110'048'768);
  // A multimodal model takes its embeddings from the runner (inputs_embeds), outside the compiled
  // graph; without its tower (--language-model-only) it gathers them itself: Qwen3.6-27B's
  // 248,320 x 5,120 x 2 B = 2,542,796,800 B, + 2 x 8,192 x 5,120 x 2 B = 167,772,160 B.
  deployment vl{.model = models::qwen3_6_27b, .gpu = gpus::h100_sxm, .vllm = {0, 29, 0}};
  CHECK(compile_benchmark_bytes(vl, rules_for(vl.vllm), 8192) == 0);
  vl.language_model_only = true;
  CHECK(compile_benchmark_bytes(vl, rules_for(vl.vllm), 8192) == 2'710'568'960);
}

TEST_CASE("gpt-oss's weights on Hopper's Triton backend keep the checkpoint's scales until v0.25", "[memory_profile]") {
  // gpt-oss-120b on one H100 with the Triton mxfp4 backend: "Model loading took 64.38 GiB" at
  // v0.14.1 (vLLM issue #33155) and 61.29 GiB at v0.25.1 (JaminJeong/CodingAgent), 3.09 GiB less.
  // Until PR #46549 the backend keeps the checkpoint's scales (8 bits a block of 32 weights) beside
  // the swizzled copy it runs on: 0.25 / 4.25 of the experts' bytes again, 3.34 GiB by kvplan's
  // count. Each release within 2% of its log.
  deployment d{.model = models::gpt_oss_120b, .gpu = gpus::h100_sxm, .vllm = {0, 14, 1}};
  const double kept = kvplan_test::to_gib(weights_estimate(d, checkpoint_of(d), rules_for(d.vllm)).bytes);
  d.vllm = {0, 25, 1};
  const double freed = kvplan_test::to_gib(weights_estimate(d, checkpoint_of(d), rules_for(d.vllm)).bytes);
  CHECK(std::abs(kept - 64.38) / 64.38 < 0.02);
  CHECK(std::abs(freed - 61.29) / 61.29 < 0.02);
}

TEST_CASE("the sparse indexer's prefill workspace in the profile", "[memory_profile]") {
  // GLM-5.2 over 4 x GB200, TP 4 with experts in parallel, --max-model-len 819200, vLLM 0.26:
  // sparse_attn_indexer reserves get_max_prefill_buffer_size = 40 x 819,200 rows of 128 fp8
  // values + a 4-byte scale: 4,325,376,000 B. The experts' workspace (whole experts with EP:
  // N = 2 x 2,048) is (6,144 + 6,144) x 8 x 8,192 x 2 B = 1,610,612,736 B; the WorkspaceManager
  // is one buffer, so the larger stays. The log: "6.31 GiB for peak activation".
  const deployment d{.model = models::glm_5_2, .gpu = gpus::gb200, .tensor_parallel_size = 4,
                     .enable_expert_parallel = true, .kv_cache_dtype = cache_dtype::fp8,
                     .gpu_memory_utilization = 0.92, .max_model_len = 819200, .vllm = {0, 26, 0}};
  const activation_breakdown a = make_plan(d).profile.activation_parts;
  CHECK(a.indexer_workspace_bytes == 4'325'376'000);
  CHECK(a.moe_workspace_bytes == 1'610'612'736);
  CHECK(a.indexer_logits_bytes == 512 * MiB);  // VLLM_SPARSE_INDEXER_MAX_LOGITS_MB, v0.20+
  CHECK(a.persistent_bytes >= 4'325'376'000);
  CHECK(std::abs(static_cast<double>(a.total_bytes) / GiB - 6.31) < 0.05);
}

TEST_CASE("the vision encoder's dummy image in the profile (Qwen3-VL's ViT)", "[memory_profile]") {
  // Qwen3.5-122B-A10B over 2 x L40S, vLLM 0.16.1, --max-num-batched-tokens 8192 --max-num-seqs 6
  // --max-model-len 131072: the largest image is 16,384 tokens (16,777,216 px / 32^2), the encoder
  // budget max(8,192, 16,384) = 16,384, so min(16,384 / 16,384, 6 x max(1, 131,072 / 16,384)) = 1
  // image of 16,384 x 2^2 = 65,536 patches. Per patch, H = 1,152, W = H / TP 2 = 576: held pixel
  // values 3 x 2 x 16 x 16 = 1,536, position embeddings 1,152, RoPE cos and sin 72; the attention
  // block's 3H + 8W = 8,064 and, at proj's out-of-place all-reduce, its result H: 9,216 (above the
  // MLP's 2H + 2 x 4,304 / 2 = 6,608 and 4H + 4,304 / 2 = 6,760 at fc2): 65,536 x 11,976 x 2 B =
  // 1,569,718,272 B (1.46 GiB). The log's budget leaves 39.96 - 36.73 weights - 1.73 KV = 1.50 GiB
  // for activation and non-torch memory, so kvplan's 1.46 + 0.25 is 0.21 GiB above it.
  const deployment d{.model = models::qwen3_5_122b_a10b, .gpu = gpus::l40s, .tensor_parallel_size = 2,
                     .kv_cache_dtype = cache_dtype::fp8, .max_model_len = 131072, .max_num_seqs = 6,
                     .max_num_batched_tokens = 8192, .vllm = {0, 16, 1}};
  const activation_breakdown a = make_plan(d).profile.activation_parts;
  CHECK(a.encoder_items == 1);
  CHECK(a.encoder_patches == 65'536);
  CHECK(a.encoder_bytes == 1'569'718'272);
  // Kept through the decoder's run: the pixel values and the encoder's 16,384 x 3,072 outputs:
  // (65,536 x 1,536 + 16,384 x 3,072) x 2 B = 301,989,888.
  CHECK(a.encoder_kept_bytes == 301'989'888);
  // The decoder's run (a forward of 8,192 tokens, six rows of the sampler) with what the encoder
  // keeps stays below the encoder's peak, which is the profile's.
  CHECK(a.total_bytes == a.encoder_bytes);

  // Qwen3.5-9B on one L40S (TP 1: W = H): 3H + 8W = 12,672 per patch, 65,536 x (2,760 + 12,672) x
  // 2 B = 2,022,703,104 B = 1.88 GiB, which is what a v0.18 log's budget leaves (39.96 - 17.66
  // weights - 20.27 KV - 0.15 non-torch = 1.88). At --max-num-batched-tokens 32768 the budget
  // holds two images: 131,072 patches.
  const kvplan::model m9 = kvplan_test::config_model("qwen3.5-9b.json", "Qwen/Qwen3.5-9B");
  REQUIRE(m9.vision.profiled());
  CHECK(m9.vision.max_image_tokens == 16'384);
  deployment d9{.model = m9, .gpu = gpus::l40s, .max_model_len = 65536, .max_num_batched_tokens = 8192,
                .vllm = {0, 18, 0}};
  CHECK(make_plan(d9).profile.activation_parts.encoder_bytes == 2'022'703'104);
  d9.max_num_batched_tokens = 32768;
  CHECK(make_plan(d9).profile.activation_parts.encoder_patches == 131'072);
  // Qwen2.5-VL-7B on one A100, vLLM 0.23, all defaults (max_model_len 128,000): the dummy is a
  // video of min(128,000 / 16,384, 7) = 7 groups of two frames, 16,384 tokens each (the largest
  // image's), 114,688 tokens (the log: "a budget of 114688 tokens, and profiled with 1 video
  // items"), 458,752 patches. Per patch, H = 1,280, I = 3,420: pixels 3 x 2 x 14 x 14 = 1,176,
  // RoPE 80; the MLP's 5H + 3I = 16,660 above the attention's 11H = 14,080: 458,752 x 17,916 x
  // 2 B = 16,438,001,664 (15.31 GiB; the log's budget leaves 15.37). Kept: (458,752 x 1,176 +
  // 114,688 x 3,584) x 2 B = 1,901,068,288.
  const kvplan::model vl = kvplan_test::config_model("qwen2.5-vl-7b.json", "Qwen/Qwen2.5-VL-7B-Instruct");
  REQUIRE(vl.vision.family == vit_family::qwen2_5_vl);
  deployment dv{.model = vl, .gpu = gpus::a100_80gb, .gpu_memory_utilization = 0.22, .vllm = {0, 23, 0}};
  const activation_breakdown av = make_plan(dv).profile.activation_parts;
  CHECK(av.encoder_video);
  CHECK(av.encoder_tokens == 114'688);
  CHECK(av.encoder_patches == 458'752);
  CHECK(av.encoder_bytes == 16'438'001'664);
  CHECK(av.encoder_kept_bytes == 1'901'068'288);
  // Before v0.11 the dummy was built for max_num_batched_tokens (PR #25553): at the default
  // 2,048 one group of two frames, 16,384 tokens, 65,536 patches (the budget's count, v0.10.1's
  // (128,000 - 16,384) / 16,384 = 6 groups, still gives one item).
  dv.vllm = {0, 10, 1};
  CHECK(make_plan(dv).profile.activation_parts.encoder_tokens == 16'384);
  CHECK(make_plan(dv).profile.activation_parts.encoder_items == 1);
  dv.vllm = {0, 23, 0};
  // At --max-model-len 32768 the video has two groups (32,768 tokens); with videos limited to 0
  // the dummy is the 16,384-token image.
  dv.max_model_len = 32768;
  CHECK(make_plan(dv).profile.activation_parts.encoder_tokens == 32'768);
  dv.limit_videos = 0;
  CHECK(make_plan(dv).profile.activation_parts.encoder_tokens == 16'384);
  CHECK_FALSE(make_plan(dv).profile.activation_parts.encoder_video);
  // Gemma-3-27B's SigLIP (H = 1,152, I = 4,304) on one H100, defaults: the dummy is one 896 x 896
  // image, (896 / 14)^2 = 4,096 patches pooled 4 x 4 into 256 tokens; the 8,192-token budget
  // holds 32 (max_num_seqs 1,024 x 999 per prompt allow more): 131,072 patches. Per patch:
  // pixels 3 x 14 x 14 = 588 and the embeddings H held; the MLP's 3H + 2I = 12,064 above the
  // attention's 3H + 4H = 8,064: 131,072 x 13,804 x 2 B = 3,618,635,776 (3.37 GiB). Kept on
  // Model Runner V2: the outputs, 32 x 256 x 5,376 x 2 B = 88,080,384; on V1 the pixels too,
  // + 131,072 x 588 x 2 B = 242,221,056.
  REQUIRE(models::gemma_3_27b.vision.family == vit_family::siglip);
  deployment dg{.model = models::gemma_3_27b, .gpu = gpus::h100_sxm, .vllm = {0, 29, 0}};
  const plan pg = make_plan(dg);
  CHECK(pg.profile.activation_parts.encoder_items == 32);
  CHECK(pg.profile.activation_parts.encoder_patches == 131'072);
  CHECK(pg.profile.activation_parts.encoder_bytes == 3'618'635'776);
  CHECK(pg.profile.activation_parts.encoder_kept_bytes == 88'080'384);
  dg.v2_model_runner = false;
  CHECK(make_plan(dg).profile.activation_parts.encoder_kept_bytes == 242'221'056);
  dg.v2_model_runner.reset();
  // On Model Runner V2 (v0.29) the encoder is the peak: the decoder's forward (8,192 x (2 x
  // 5,376 + 3 x 21,504) x 2 B = 1,233,125,376) and its kept states stay below it.
  CHECK(pg.profile.activation.bytes == 3'618'635'776);
  // The reader builds the same tower from a config's vision_config (Gemma 3 4B's shape: the
  // same SigLIP, text width 2,560). TP 2 halves W and I, and fc2's out-of-place all-reduce holds
  // its partial sum and result together: the MLP peaks at fc2, 5H + 2,152 = 7,912 (above the
  // activation's 3H + 2 x 2,152 = 7,760 and the attention's 4H + 4 x 576 = 6,912); 588 + H held.
  const kvplan::model g4 = model_from_hf_config(
      R"({"architectures": ["Gemma3ForConditionalGeneration"], "model_type": "gemma3", "mm_tokens_per_image": 256,
          "text_config": {"model_type": "gemma3_text", "hidden_size": 2560, "intermediate_size": 10240,
            "num_hidden_layers": 34, "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256},
          "vision_config": {"model_type": "siglip_vision_model", "hidden_size": 1152, "intermediate_size": 4304,
            "num_hidden_layers": 27, "num_attention_heads": 16, "image_size": 896, "patch_size": 14},
          "torch_dtype": "bfloat16"})",
      {.hf_id = "google/gemma-3-4b-it"});
  CHECK(g4.vision.family == vit_family::siglip);
  CHECK(g4.vision.max_image_tokens == 256);
  CHECK(g4.vision.spatial_merge_size == 4);
  deployment d4{.model = g4, .gpu = gpus::h100_sxm, .tensor_parallel_size = 2, .vllm = {0, 29, 0}};
  CHECK(make_plan(d4).profile.activation_parts.encoder_bytes == 2'530'213'888);  // 131,072 x 9,652 x 2 B
  // A text model has no encoder term.
  CHECK(make_plan(deployment{.model = models::qwen3_next_80b, .gpu = gpus::h200, .tensor_parallel_size = 2})
            .profile.activation_parts.encoder_bytes == 0);
}

TEST_CASE("v0.11 - v0.12 widen the encoder's outputs to the budget; Qwen3-VL's video until v0.16", "[memory_profile]") {
  // Qwen3-VL-30B-A3B over 4 x RTX 3090, vLLM 0.11.0, max_model_len 65,536 (a public log: "a
  // budget of 153600 tokens, and profiled with 1 video items"). The video's budget counts 12.5
  // tokens per vision token: 24,576 frames of 32 x 32 (25,165,824 pixels), 12,288 vision tokens,
  // 153,600 = 12.5 x 12,288; one item of 12,288 x 4 = 49,152 patches. Its output, 12,288 rows of
  // 2,048 x (1 + 3 deepstack) values, is widened to the budget's 153,600 rows and kept with the
  // pixels: (49,152 x 1,536 + 153,600 x 8,192) x 2 B = 2,667,577,344. While it is filled the
  // output lives too: + 12,288 x 8,192 x 2 B = 2,868,903,936, above the ViT's own peak (49,152 x
  // (2,760 held + 6,912 at proj's all-reduce) x 2 B + the deepstack outputs 150,994,944 =
  // 1,101,791,232). The decoder then runs beside what is kept: the torch.sort sampler's 9.5 x 256
  // x 151,936 x 4 B = 1,478,033,408 and the kept states 10,485,760 make 1,488,519,168, so the
  // peak is 4,156,096,512 (3.87 GiB, what the log's budget leaves).
  const kvplan::model vl = kvplan_test::config_model("qwen3-vl-30b-a3b.json", "Qwen/Qwen3-VL-30B-A3B-Instruct");
  REQUIRE(vl.vision.family == vit_family::qwen3_vl);
  deployment d{.model = vl, .gpu = gpus::rtx_3090, .tensor_parallel_size = 4, .max_model_len = 65536,
               .vllm = {0, 11, 0}};
  d.flashinfer_sampler = false;
  const activation_breakdown a = make_plan(d).profile.activation_parts;
  CHECK(a.encoder_video);
  CHECK(a.encoder_items == 1);
  CHECK(a.encoder_tokens == 12'288);
  CHECK(a.encoder_patches == 49'152);
  CHECK(a.encoder_widened_rows == 153'600);
  CHECK(a.encoder_kept_bytes == 2'667'577'344);
  CHECK(a.encoder_bytes == 2'868'903'936);
  CHECK(a.total_bytes == 4'156'096'512);
  // Below max_model_len 16,200 (three frames' 16,200 tokens, the most any count reaches) the
  // video keeps two frames of 3,520 x 3,520: 12,100 tokens, a budget of 151,250.
  d.max_model_len = 8192;
  CHECK(make_plan(d).profile.activation_parts.encoder_tokens == 12'100);
  CHECK(make_plan(d).profile.activation_parts.encoder_widened_rows == 151'250);
  d.max_model_len = 65536;
  // With videos off the image is the dummy, 16,384 tokens, as large as its budget: no widening.
  d.limit_videos = 0;
  CHECK_FALSE(make_plan(d).profile.activation_parts.encoder_video);
  CHECK(make_plan(d).profile.activation_parts.encoder_widened_rows == 0);
  d.limit_videos = -1;
  // v0.13 (PR #30475) keeps the output as it is: (49,152 x 1,536 + 12,288 x 8,192) x 2 B.
  d.vllm = {0, 13, 0};
  CHECK(make_plan(d).profile.activation_parts.encoder_tokens == 12'288);
  CHECK(make_plan(d).profile.activation_parts.encoder_kept_bytes == 352'321'536);
  // v0.16 (PR #32684) profiles the 16,384-token image.
  d.vllm = {0, 16, 0};
  CHECK_FALSE(make_plan(d).profile.activation_parts.encoder_video);
  CHECK(make_plan(d).profile.activation_parts.encoder_tokens == 16'384);

  // Gemma-3-27B on one H100 at v0.12: the budget counts an image's placeholder, 256 tokens and
  // four framing ones, so 8,192 / 260 = 31 images (126,976 patches; SigLIP's peak 126,976 x 13,804
  // x 2 B = 3,505,553,408), and each 256-row output is widened to the 8,192-token budget:
  // (126,976 x 588 + 31 x 8,192 x 5,376) x 2 B = 2,879,815,680 kept. Filling them (+ 31 x 256 x
  // 5,376 x 2 B = 85,327,872) stays below the SigLIP peak. v0.13 counts embeddings (32 images)
  // and keeps the outputs as they are: 242,221,056, the pixels and the outputs.
  deployment dg{.model = models::gemma_3_27b, .gpu = gpus::h100_sxm, .vllm = {0, 12, 0}};
  const activation_breakdown ag = make_plan(dg).profile.activation_parts;
  CHECK(ag.encoder_items == 31);
  CHECK(ag.encoder_widened_rows == 8'192);
  CHECK(ag.encoder_kept_bytes == 2'879'815'680);
  CHECK(ag.encoder_bytes == 3'505'553'408);
  dg.vllm = {0, 13, 0};
  CHECK(make_plan(dg).profile.activation_parts.encoder_items == 32);
  CHECK(make_plan(dg).profile.activation_parts.encoder_kept_bytes == 242'221'056);
  dg.vllm = {0, 10, 2};
  CHECK(make_plan(dg).profile.activation_parts.encoder_items == 31);
  CHECK(make_plan(dg).profile.activation_parts.encoder_widened_rows == 0);
}

TEST_CASE("VLLM_USE_V2_MODEL_RUNNER overrides vLLM's choice by model family", "[memory_profile]") {
  // Gemma-4-31B on v0.26: V2 by default (every dense model from v0.25), so its dummy sampler
  // (temperature 0) and no graph estimate before v0.29; =0 runs V1: the Triton top-k / top-p
  // and the graph estimate taken. A published v0.26.0 start-up on a B300 ran it so.
  deployment d{.model = models::gemma_4_31b, .gpu = gpus::b300, .vllm = {0, 26, 0}};
  CHECK(uses_v2_model_runner(d, rules_for(d.vllm)));
  CHECK_FALSE(cudagraphs_subtracted(d, rules_for(d.vllm)));
  d.v2_model_runner = false;
  CHECK_FALSE(uses_v2_model_runner(d, rules_for(d.vllm)));
  CHECK(cudagraphs_subtracted(d, rules_for(d.vllm)));
  CHECK(sampler_path_of(d, rules_for(d.vllm)) == sampler_path::triton);
  // Before v0.22 kvplan does not model V2: said, not planned as something else.
  d.v2_model_runner = true;
  d.vllm = {0, 21, 0};
  CHECK(try_plan(d).error.code == errc::feature_needs_newer_vllm);
}

TEST_CASE("VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS: opt in before v0.20, opt out after", "[memory_profile]") {
  const auto subtracted = [](vllm_version v, std::optional<bool> env, bool eager = false) {
    const deployment d{.model = models::gpt_oss_20b, .gpu = gpus::h100_sxm, .enforce_eager = eager, .vllm = v,
                       .estimate_cudagraph_memory = env};
    return cudagraphs_subtracted(d, rules_for(v));
  };
  CHECK_FALSE(subtracted({0, 19, 0}, std::nullopt));  // off by default before v0.20
  CHECK(subtracted({0, 19, 0}, true));                // =1 takes it (the variable exists from v0.17)
  CHECK_FALSE(subtracted({0, 16, 0}, true));          // no estimate to take before v0.17
  CHECK(subtracted({0, 20, 0}, std::nullopt));        // on by default from v0.20 (a v0.20.2 log)
  CHECK_FALSE(subtracted({0, 21, 0}, false));         // =0: graphs captured, nothing taken
  CHECK_FALSE(subtracted({0, 21, 0}, true, true));    // --enforce-eager captures none
  // ROCm: the worker skipped the estimate from v0.18 (PR #36720) until v0.27 (PR #48526).
  const auto on_amd = [](vllm_version v, std::optional<bool> env) {
    const deployment d{.model = models::gpt_oss_20b, .gpu = gpus::mi300x, .vllm = v, .estimate_cudagraph_memory = env};
    return cudagraphs_subtracted(d, rules_for(v));
  };
  CHECK(on_amd({0, 17, 1}, true));
  CHECK_FALSE(on_amd({0, 18, 0}, true));
  CHECK_FALSE(on_amd({0, 23, 0}, std::nullopt));
  CHECK_FALSE(on_amd({0, 26, 0}, std::nullopt));
  CHECK(on_amd({0, 27, 0}, std::nullopt));
}

TEST_CASE("weights: the RoPE cache every rank holds, mxfp4 padding", "[memory_profile]") {
  // Llama 4 Scout: 10,485,760 positions x 128 x 2 B = 2,684,354,560 B (2.5 GiB) on every GPU.
  STATIC_REQUIRE(estimates::rope_cache_bytes(models::llama_4_scout) == 2'684'354'560);
  // Llama-3.1-8B: 131,072 x 128 x 2 B = 33,554,432 B.
  STATIC_REQUIRE(estimates::rope_cache_bytes(models::llama_3_1_8b) == 33'554'432);
  // get_rope keeps one cache per distinct key, of length x rotary_dim (the reader and the
  // registry agree; tests/runtime/test_models.cpp compares them over the corpus):
  // - Gemma 3 (gemma3.py): the sliding layers' 131,072 x 128, and the global layers' linear
  //   scaling (factor 8) holds 131,072 x 8 positions x 128: (131,072 + 1,048,576) x 128 x 2 B.
  STATIC_REQUIRE(estimates::rope_cache_bytes(models::gemma_3_27b) == 301'989'888);
  CHECK(estimates::rope_cache_bytes(kvplan_test::config_model("gemma-3-27b.json", "google/gemma-3-27b-it")) ==
        301'989'888);
  // - Gemma 4: 262,144 x 256 (sliding) + 262,144 x 512 (proportional, the whole global head).
  STATIC_REQUIRE(estimates::rope_cache_bytes(models::gemma_4_31b) == 402'653'184);
  // - partial rotary: Qwen3-Next's 0.25 of head_dim 256 = 64: 262,144 x 64 x 2 B.
  CHECK(estimates::rope_cache_bytes(kvplan_test::config_model("qwen3-next-80b.json", "Qwen/Qwen3-Next-80B-A3B-Instruct")) ==
        33'554'432);
  // - MRoPE (mrope.py) caches 4 x max_position: Qwen3.5-9B 4 x 262,144 x 64 x 2 B; Qwen2.5-VL-7B
  //   4 x 128,000 x 128 x 2 B; Qwen3-VL-8B 4 x 262,144 x 128 x 2 B.
  CHECK(estimates::rope_cache_bytes(kvplan_test::config_model("qwen3.5-9b.json", "Qwen/Qwen3.5-9B")) == 134'217'728);
  CHECK(estimates::rope_cache_bytes(kvplan_test::config_model("qwen2.5-vl-7b.json", "Qwen/Qwen2.5-VL-7B-Instruct")) ==
        131'072'000);
  CHECK(estimates::rope_cache_bytes(kvplan_test::config_model("qwen3-vl-8b.json", "Qwen/Qwen3-VL-8B-Instruct")) ==
        268'435'456);
  // - float32: gpt-oss (gpt_oss.py), YaRN's 4,096 x 32 positions x 64 x 4 B; MiniMax-M1 rotary_dim
  //   64 of 10,240,000 positions x 4 B.
  CHECK(estimates::rope_cache_bytes(kvplan_test::config_model("gpt-oss-20b.json", "openai/gpt-oss-20b")) == 33'554'432);
  STATIC_REQUIRE(estimates::rope_cache_bytes(models::minimax_m1) == 2'621'440'000);
  //   MiniMax-M1 builds it for min(max_position_embeddings, the served max_model_len)
  //   (minimax_text_01.py): at --max-model-len 131072, 131,072 x 64 x 4 B.
  STATIC_REQUIRE(estimates::rope_cache_bytes(deployment{.model = models::minimax_m1, .gpu = gpus::h200,
                                                        .max_model_len = 131072}) == 33'554'432);
  // - none: Nemotron-H's attention layers have no rotary embedding.
  STATIC_REQUIRE(estimates::rope_cache_bytes(models::nemotron_3_nano) == 0);
  // gpt-oss on an A100 (Marlin): hidden 2,880 -> 3,072; at TP 4 the intermediate 720 -> 768:
  // (3,072 / 2,880) x (768 / 720) = 1.1378; on a B200 at TP 1 both to multiples of 256: 2,880
  // -> 3,072 twice.
  const vllm_rules now = rules_for(newest_vllm);
  CHECK(estimates::mxfp4_expert_padding(models::gpt_oss_120b, gpus::a100_80gb, 4, now) ==
        Approx(3072.0 / 2880.0 * 768.0 / 720.0));
  CHECK(estimates::mxfp4_expert_padding(models::gpt_oss_120b, gpus::b200, 1, rules_for({0, 26, 0})) ==
        Approx(3072.0 / 2880.0 * 3072.0 / 2880.0));
  // From v0.27 (vLLM PR #50000) the TRT-LLM kernels pad the intermediate size to 128: 2,944.
  CHECK(estimates::mxfp4_expert_padding(models::gpt_oss_120b, gpus::b200, 1, now) ==
        Approx(3072.0 / 2880.0 * 2944.0 / 2880.0));
  // The sm120 family (RTX 50xx, RTX PRO 6000) has neither FlashInfer's mxfp4 kernels nor OpenAI's
  // Triton ones: Marlin's padding at every release, 2,880 -> 3,072 and -> 2,944 (a multiple of 128).
  CHECK(estimates::mxfp4_expert_padding(models::gpt_oss_120b, gpus::rtx_pro_6000, 1, rules_for({0, 26, 0})) ==
        Approx(3072.0 / 2880.0 * 2944.0 / 2880.0));
  CHECK(estimates::mxfp4_expert_padding(models::gpt_oss_120b, gpus::rtx_5090, 2, now) ==
        Approx(3072.0 / 2880.0 * 1536.0 / 1440.0));
  // ROCm: gfx950 (MI355X) pads both sizes to 256 (2,880 -> 3,072 twice); gfx942 (MI300X) the
  // hidden size to 256 and the intermediate size to 128 (-> 2,944).
  CHECK(estimates::mxfp4_expert_padding(models::gpt_oss_120b, gpus::mi355x, 1, now) ==
        Approx(3072.0 / 2880.0 * 3072.0 / 2880.0));
  CHECK(estimates::mxfp4_expert_padding(models::gpt_oss_120b, gpus::mi300x, 1, now) ==
        Approx(3072.0 / 2880.0 * 2944.0 / 2880.0));
  // get_padding_alignment's 256 is gfx950's alone: an RDNA card (gfx1100) pads as gfx942.
  CHECK(estimates::mxfp4_expert_padding(models::gpt_oss_120b, gpus::rx_7900_xtx, 1, now) ==
        Approx(3072.0 / 2880.0 * 2944.0 / 2880.0));
  // Hopper: Marlin before v0.12; then OpenAI's Triton kernels, which pad each rank's intermediate
  // size to 64 only (2,880 stays 2,880 at TP 1; 720 -> 768 at TP 4) and leave the hidden size,
  // and until v0.26 keep the checkpoint's scales beside their own: x (1 + 0.25 / 4.25).
  CHECK(estimates::mxfp4_expert_padding(models::gpt_oss_120b, gpus::h100_sxm, 4, rules_for({0, 11, 0})) ==
        Approx(3072.0 / 2880.0 * 768.0 / 720.0));
  CHECK(estimates::mxfp4_expert_padding(models::gpt_oss_120b, gpus::h100_sxm, 1, rules_for({0, 20, 0})) ==
        Approx(1.0 + 0.25 / 4.25));
  CHECK(estimates::mxfp4_expert_padding(models::gpt_oss_120b, gpus::h100_sxm, 4, rules_for({0, 26, 0})) ==
        Approx(768.0 / 720.0));
}

TEST_CASE("weights: gpt-oss's expert biases in float32 where the kernels take them so", "[memory_profile][weights]") {
  // 36 layers x 128 experts, each with 2 x 2,880 gate and up biases and 2,880 down biases.
  STATIC_REQUIRE(models::gpt_oss_120b.expert_bias_params == 36LL * 128 * 8'640);
  const auto extra = [](const gpu& g, std::int32_t tp, bool ep, vllm_version v) {
    return estimates::mxfp4_float32_bias_bytes(
        {.model = models::gpt_oss_120b, .gpu = g, .tensor_parallel_size = tp, .enable_expert_parallel = ep, .vllm = v},
        rules_for(v));
  };
  // Hopper's Triton kernels (v0.12+): 4,608 expert layers x 8,640 biases x 2 B = 79,626,240.
  CHECK(extra(gpus::h100_sxm, 1, false, newest_vllm) == 79'626'240);
  // At TP 4 a rank's gate and up biases are 720 wide, padded to 768, the down bias whole:
  // 4,608 x (2 x 768 + 2,880) x 2 B = 40,697,856. With expert parallelism 32 whole experts a
  // layer: 36 x 32 x 8,640 x 2 B = 19,906,560.
  CHECK(extra(gpus::h100_sxm, 4, false, newest_vllm) == 40'697'856);
  CHECK(extra(gpus::h100_sxm, 4, true, newest_vllm) == 19'906'560);
  // Blackwell's TRT-LLM kernels at the padded widths (2,880 -> 2,944 and 3,072):
  // 4,608 x (2 x 2,944 + 3,072) x 2 B = 82,575,360.
  CHECK(extra(gpus::b200, 1, false, newest_vllm) == 82'575'360);
  // Marlin keeps them bf16: an A100, and Hopper before v0.12.
  CHECK(extra(gpus::a100_80gb, 1, false, newest_vllm) == 0);
  CHECK(extra(gpus::h100_sxm, 1, false, {0, 11, 0}) == 0);
  CHECK(extra(gpus::rtx_pro_6000, 1, false, newest_vllm) == 0);  // Marlin on the sm120 family
  // The weights carry them: one H100 at v0.33 holds 79,626,240 B more than at the same layout in bf16.
  const deployment d{.model = models::gpt_oss_120b, .gpu = gpus::h100_sxm};
  const vllm_rules r = rules_for(newest_vllm);
  const count_t with = weights_estimate(d, checkpoint_of(d), r).bytes;
  deployment no_bias = d;
  no_bias.model.expert_bias_params = 0;
  CHECK(with - weights_estimate(no_bias, checkpoint_of(no_bias), r).bytes == 79'626'240);
}

TEST_CASE("weights: Marlin's group scales for block fp8 below sm89", "[memory_profile][weights]") {
  // Qwen3-30B-A3B in FP8 (128 x 128 blocks). Its routed experts: 48 layers x 128 experts x 3
  // matrices of 2,048 x 768 = 28,991,029,248 fp8 weights, one bf16 scale per 128 of them on an
  // A100: 28,991,029,248 x 2 / 128 = 452,984,832 B. The rest that is quantized: 30,532,122,624
  // parameters less the experts, the routers (48 x 2,048 x 128 = 12,582,912) and the untied
  // embedding and lm_head (2 x 151,936 x 2,048 = 622,329,856) = 906,180,608 (attention's
  // 905,969,664 and the norms' 210,944), 14,159,072 B of scales; 467,143,904 B in all.
  const model& m = models::qwen3_30b_a3b;
  const checkpoint& fp8 = m.checkpoints[1];
  REQUIRE(fp8.hf_id == "Qwen/Qwen3-30B-A3B-FP8");
  const estimates::weight_bytes_split a100 = estimates::marlin_fp8_scale_bytes(m, fp8, gpus::a100_40gb);
  CHECK(a100.experts == 452'984'832.0);
  CHECK(a100.dense == 14'159'072.0);
  // fp8 tensor cores from sm89: the L40S and the H100 keep the checkpoint's block scales.
  CHECK(estimates::marlin_fp8_scale_bytes(m, fp8, gpus::l40s).experts == 0.0);
  CHECK(estimates::marlin_fp8_scale_bytes(m, fp8, gpus::h100_sxm).experts == 0.0);
  // A scale per tensor (AutoFP8) becomes a row of N per layer: nothing to count.
  checkpoint per_tensor = fp8;
  per_tensor.group_size = -1;
  CHECK(estimates::marlin_fp8_scale_bytes(m, per_tensor, gpus::a100_40gb).experts == 0.0);
  // So is --quantization fp8 at load time, whatever the model (Llama 4 and Gemma 4 included).
  for (const model* online : {&models::qwen3_8b, &models::llama_4_scout}) {
    const deployment d{.model = *online, .gpu = gpus::a100_80gb, .quantization = "fp8"};
    CHECK(checkpoint_of(d).group_size == -1);
    CHECK(estimates::marlin_fp8_scale_bytes(d.model, checkpoint_of(d), d.gpu).dense == 0.0);
  }
  // The A100's weights carry them: a vLLM 0.19.1 log of Qwen3-Coder-30B-A3B-Instruct-FP8 (this
  // architecture, 262,144 positions) on an A100-40GB loads 29.54 GiB; at 29.04 without them.
  const deployment on_a100{.model = m, .gpu = gpus::a100_40gb, .checkpoint = 1, .vllm = {0, 19, 1}};
  deployment on_h100 = on_a100;
  on_h100.gpu = gpus::h100_sxm;
  const vllm_rules r = rules_for(on_a100.vllm);
  CHECK(weights_estimate(on_a100, checkpoint_of(on_a100), r).bytes -
            weights_estimate(on_h100, checkpoint_of(on_h100), r).bytes ==
        467'143'904);
  // The profile names the part (--explain prints it), and at TP 2 each rank holds half of it.
  CHECK(make_plan(on_a100).profile.marlin_scale_bytes == 467'143'904);
  CHECK(make_plan(on_h100).profile.marlin_scale_bytes == 0);
  deployment tp2 = on_a100;
  tp2.tensor_parallel_size = 2;
  CHECK(make_plan(tp2).profile.marlin_scale_bytes == 467'143'904 / 2);
}

TEST_CASE("weights: what tensor parallelism does not split", "[memory_profile][weights]") {
  // DeepSeek-V3 in FP8 at TP 8. Of its 17,117,648,384 dense parameters (671,026,419,200 less the
  // 653,908,770,816 of routed experts) the routers, 58 x 1,835,264 = 106,445,312, stay bf16
  // (212,890,624 B); the other 17,011,203,072 are 1,853,358,080 of bf16 tables and 15,157,844,992
  // of fp8: 18,864,561,152 B. All 19,077,451,776 B split 8 ways: 2,384,681,472; the experts
  // 81,738,596,352. Every rank holds whole MLA's down-projections and norms, 61 x 15,140,864 =
  // 923,592,704 fp8 parameters, 7/8 beyond the split (808,143,616 B), and the routers (212,890,624
  // x 7/8 = 186,279,296 B): 994,422,912 B. MLA's dequantized kv_b_proj: 61 x 16,777,216 x 2 B / 8 =
  // 255,852,544 B. The RoPE cache: 163,840 x 64 x 2 B = 20,971,520 B.
  const plan ds = make_plan({.model = models::deepseek_v3, .gpu = gpus::h200, .tensor_parallel_size = 8,
                             .max_model_len = 8192});
  CHECK(ds.profile.unsplit_weights_bytes == 994'422'912 + 255'852'544);
  CHECK(ds.weights_bytes == 2'384'681'472 + 81'738'596'352 + 994'422'912 + 255'852'544 + 20'971'520);
  // Qwen3-235B-A22B in bf16 at TP 8: the routers, 94 x 4,096 x 128 = 49,283,072 parameters, and
  // the K and V projections of its 4 KV heads, which QKVParallelLinear replicates so that each
  // rank holds one (half a head more than an even split): 94 x 4,096 x 256 x (1 - 4/8) =
  // 49,283,072 parameters. At 2 B: 49,283,072 x 2 x 7/8 + 49,283,072 x 2 = 184,811,520 B.
  const plan qw = make_plan({.model = models::qwen3_235b_a22b, .gpu = gpus::h200, .tensor_parallel_size = 8,
                             .max_model_len = 8192});
  CHECK(qw.profile.unsplit_weights_bytes == 184'811'520);
  // At TP 4 each rank holds one of the 4 KV heads: only the routers, 49,283,072 x 2 x 3/4.
  const plan qw4 = make_plan({.model = models::qwen3_235b_a22b, .gpu = gpus::h200, .tensor_parallel_size = 4,
                              .max_model_len = 8192});
  CHECK(qw4.profile.unsplit_weights_bytes == 73'924'608);
  // Kimi-K2-Thinking at TP 8: its routed experts in int4 groups of 32 (4 + 16/32 bits),
  // 1,014,686,023,680 x 4.5 / 8 / 8 = 71,345,111,040 B; the rest bf16, 11,722,208,768 x 2 / 8 =
  // 2,930,552,192; held whole: 61 x 15,140,864 + 60 x (7,168 x 384 + 384) = 1,088,766,464
  // parameters, x 2 B x 7/8 = 1,905,341,312 (its kv_b_proj stays bf16: no copy); the RoPE cache
  // 262,144 x 64 x 2 = 33,554,432.
  const model kimi = kvplan_test::config_model("kimi-k2-thinking.json", "moonshotai/Kimi-K2-Thinking");
  const plan k = make_plan({.model = kimi, .gpu = gpus::h200, .tensor_parallel_size = 8});
  CHECK(k.profile.unsplit_weights_bytes == 1'905'341'312);
  CHECK(k.weights_bytes == 71'345'111'040 + 2'930'552'192 + 1'905'341'312 + 33'554'432);
  // nvidia/DeepSeek-V3.2-NVFP4 at TP 8: its exclusions keep every layer's q_a, q_b, kv_a, kv_b
  // and indexer in bf16 (5,101,200,640 parameters: 61 x (69,666,816 + 13,959,424)), with the
  // tables (1,853,358,080) and the routers (106,445,312); the other 10,908,169,216 dense and the
  // 653,908,770,816 expert parameters are NVFP4, 4.5 bits: experts 367,823,683,584 B / 8 =
  // 45,977,960,448; dense 6,135,845,184 + 13,909,117,440 + 212,890,624 = 20,257,853,248 B / 8 =
  // 2,532,231,656. Held whole: the down-projections and indexer, 1,775,117,568 bf16 parameters,
  // 7/8 beyond the split (3,106,455,744 B), and the routers (186,279,296 B); no kv_b copy, as
  // kv_b stays bf16. The RoPE cache 20,971,520, and the indexer's top-k buffer at the B200's
  // 16,384 batched tokens: 16,384 x 2,048 x 4 = 134,217,728.
  const plan nv = make_plan({.model = models::deepseek_v3_2, .gpu = gpus::b200, .tensor_parallel_size = 8,
                             .checkpoint = 1, .max_model_len = 8192});
  CHECK(nv.profile.unsplit_weights_bytes == 3'106'455'744 + 186'279'296);
  CHECK(nv.profile.load_buffers_bytes == 134'217'728);
  CHECK(nv.weights_bytes ==
        45'977'960'448 + 2'532'231'656 + 3'106'455'744 + 186'279'296 + 20'971'520 + 134'217'728);
  // Nothing at TP 1, and a dense model with as many KV heads as ranks splits evenly.
  CHECK(make_plan({.model = models::qwen3_235b_a22b, .gpu = gpus::b300, .max_model_len = 8192})
            .profile.unsplit_weights_bytes == 0);
  CHECK(make_plan({.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 8})
            .profile.unsplit_weights_bytes == 0);
}

TEST_CASE("weights: buffers the model allocates for a batch", "[memory_profile][weights]") {
  // deepseek_v2.py's top-k indices buffer for the sparse indexer: max_num_batched_tokens x
  // index_topk int32. DeepSeek-V3.2 on H100s (8,192 batched tokens): 8,192 x 2,048 x 4 =
  // 67,108,864 B on every rank, whatever the TP size; deepseek_mtp.py's drafter holds another.
  deployment d{.model = models::deepseek_v3_2, .gpu = gpus::h200, .tensor_parallel_size = 8, .max_model_len = 8192};
  CHECK(make_plan(d).profile.load_buffers_bytes == 67'108'864);
  d.max_num_batched_tokens = 4096;
  CHECK(make_plan(d).profile.load_buffers_bytes == 33'554'432);
  d.max_num_batched_tokens = 0;
  d.speculative = {.method = speculative_method::mtp, .num_speculative_tokens = 1};
  CHECK(make_plan(d).profile.load_buffers_bytes == 134'217'728);
  // GLM-5.2 builds the indexer on 21 of 78 layers but allocates the buffer all the same
  // (is_v32 = hasattr(config, "index_topk")); DeepSeek-V3 has no indexer.
  CHECK(make_plan({.model = models::glm_5_2, .gpu = gpus::h200, .tensor_parallel_size = 8, .max_model_len = 8192})
            .profile.load_buffers_bytes == 67'108'864);
  CHECK(make_plan({.model = models::deepseek_v3, .gpu = gpus::h200, .tensor_parallel_size = 8, .max_model_len = 8192})
            .profile.load_buffers_bytes == 0);
  // The reader takes index_topk from config.json.
  CHECK(kvplan_test::config_model("deepseek-v3.2.json", "deepseek-ai/DeepSeek-V3.2").index_topk == 2048);
  CHECK(kvplan_test::config_model("glm-5.json", "zai-org/GLM-5").index_topk == 2048);

  // DeepSeek-V4-Pro at TP 8 on H200s (8,192 tokens; nvidia/model.py): its top-k buffer 8,192 x
  // 1,024 x 4 = 33,554,432; the eager scratch pool's q, 8,192 x 64 (16 heads a rank, padded to
  // FlashMLA's 64) x 512 x 2 = 536,870,912, and its region, the largest of the FP4 indexer's
  // 8,192 x 64 x (64 + 4 + 4) = 37,748,736, the top-k's 8,192 x (1,024 + 1) x 4 = 33,587,200 and
  // the compressor's 8,192 x 512 x 4 = 16,777,216. With MTP: the drafter's top-k buffer and the
  // hidden states, 8,192 x 4 x 7,168 x 2 = 469,762,048.
  deployment v4{.model = models::deepseek_v4_pro, .gpu = gpus::h200, .tensor_parallel_size = 8,
                .max_model_len = 65536, .vllm = {0, 29, 0}};
  CHECK(make_plan(v4).profile.load_buffers_bytes == 33'554'432 + 536'870'912 + 37'748'736);
  v4.speculative = {.method = speculative_method::mtp, .num_speculative_tokens = 1};
  CHECK(make_plan(v4).profile.load_buffers_bytes ==
        2 * 33'554'432 + 536'870'912 + 37'748'736 + 469'762'048);
  // Any drafter that reads the target's hidden states gets the buffer (use_eagle() or a draft
  // model): EAGLE-3 adds it without the MTP layer's top-k buffer.
  CHECK(estimates::deepseek_v4_scratch_bytes({.model = models::deepseek_v4_pro, .gpu = gpus::h200,
                                              .tensor_parallel_size = 8,
                                              .speculative = {.method = speculative_method::eagle3}},
                                             8192) == 536'870'912 + 37'748'736 + 469'762'048);
  // V4-Flash at TP 1 on a B200 (16,384 tokens; 64 heads): 16,384 x 512 x 4 = 33,554,432 of
  // top-k, q 16,384 x 64 x 512 x 2 = 1,073,741,824, the indexer's 16,384 x 64 x 72 = 75,497,472.
  CHECK(make_plan({.model = models::deepseek_v4_flash, .gpu = gpus::b200, .max_model_len = 65536,
                   .vllm = {0, 29, 0}})
            .profile.load_buffers_bytes == 33'554'432 + 1'073'741'824 + 75'497'472);
  // FlashInfer's kernel on SM12 pads to 8 - 128 heads: V4-Flash's 64 heads at TP 2 stay 32.
  CHECK(estimates::deepseek_v4_scratch_bytes({.model = models::deepseek_v4_flash, .gpu = gpus::rtx_pro_6000,
                                              .tensor_parallel_size = 2},
                                             8192) == 8192LL * 32 * 512 * 2 + 8192LL * 64 * 72);

  // Qwen3-VL's deepstack input embeddings (qwen3_vl.py): one max_num_batched_tokens x
  // hidden_size tensor in the model dtype per entry of deepstack_visual_indexes ([8, 16, 24]),
  // while the tower is built. Qwen3-VL-8B on an H100: 3 x 8,192 x 4,096 x 2 = 201,326,592 B, at
  // TP 2 too; none with --language-model-only. They are weights: vLLM allocates them at load.
  const kvplan::model vl = kvplan_test::config_model("qwen3-vl-8b.json", "Qwen/Qwen3-VL-8B-Instruct");
  CHECK(vl.vision.deepstack_layers == 3);
  deployment v{.model = vl, .gpu = gpus::h100_sxm, .max_model_len = 32768, .vllm = {0, 19, 0}};
  const plan p = make_plan(v);
  CHECK(p.profile.load_buffers_bytes == 201'326'592);
  // On top of the parameters' bytes (weights_estimate), not instead of them.
  CHECK(p.weights_bytes == weights_estimate(v, checkpoint_of(v), rules_for(v.vllm)).bytes + 201'326'592);
  v.tensor_parallel_size = 2;
  CHECK(make_plan(v).profile.load_buffers_bytes == 201'326'592);
  v.language_model_only = true;
  CHECK(make_plan(v).profile.load_buffers_bytes == 0);
}

TEST_CASE("non-torch: FlashInfer's all-reduce workspace; CUDA-graph capture sizes", "[memory_profile]") {
  // Llama-3.1-70B (hidden 8,192) over 2 H100s, 8,192 tokens: min(64 MiB, 8,192 x 8,192 x 2 B =
  // 128 MiB) = 64 MiB; 4 x 2 x 64 MiB = 512 MiB a GPU. At TP 4 the limit is 2 MiB: 32 MiB.
  STATIC_REQUIRE(allreduce_fusion_workspace(models::llama_3_1_70b, gpus::h100_sxm, 2, 8192) == 512 * MiB);
  STATIC_REQUIRE(allreduce_fusion_workspace(models::llama_3_1_70b, gpus::h100_sxm, 4, 8192) == 32 * MiB);
  STATIC_REQUIRE(allreduce_fusion_workspace(models::llama_3_1_70b, gpus::h100_sxm, 1, 8192) == 0);
  STATIC_REQUIRE(allreduce_fusion_workspace(models::llama_3_1_70b, gpus::a100_80gb, 2, 8192) == 0);
  // The profile takes it only where Inductor's pass runs: not with --enforce-eager, whose
  // non-torch term is then 512 MiB smaller, and never beside a term that reports 0.
  {
    deployment d{.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 2,
                 .max_num_batched_tokens = 8192, .vllm = {0, 26, 0}};
    const memory_profile compiled = make_plan(d).profile;
    d.enforce_eager = true;
    const memory_profile eager = make_plan(d).profile;
    CHECK(compiled.allreduce_workspace_bytes == 512 * MiB);
    CHECK(eager.allreduce_workspace_bytes == 0);
    CHECK(compiled.non_torch.bytes - eager.non_torch.bytes == 512 * MiB);
  }
  // Capture sizes up to 512: [1, 2, 4], 8 .. 248 by 8 (31), 256 .. 512 by 16 (17) = 51; before
  // v0.11.1 by 8 throughout: 3 + 64 = 67. FULL graphs for 256 sequences: 3 + 31 + 1 = 35.
  constexpr vllm_rules now = rules_for({0, 33, 0});
  STATIC_REQUIRE(vllm_capture_sizes(gpus::h100_sxm, now, 1024, 1, 8192).size() == 51);
  STATIC_REQUIRE(vllm_capture_sizes(gpus::h100_sxm, rules_for({0, 10, 1}), 1024, 1, 8192).size() == 67);
  STATIC_REQUIRE(sizes_up_to(vllm_capture_sizes(gpus::l40s, now, 256, 1, 2048), 256) == 35);
  STATIC_REQUIRE(default_cudagraphs(gpus::l40s, now, 256, 2048).full == 35);
  STATIC_REQUIRE(default_cudagraphs(gpus::l40s, rules_for({0, 10, 2}), 256, 2048).full == 0);  // PIECEWISE only
  // Blackwell captures up to 1,024 from v0.28: 3 + 31 + (1,024 - 256) / 16 + 1 = 83.
  STATIC_REQUIRE(vllm_capture_sizes(gpus::b200, now, 1024, 1, 16384).size() == 83);
  // --max-cudagraph-capture-size replaces min(2 x max_num_seqs, 512), still capped by the batch:
  // 512 with 128 sequences is 51 sizes, FULL for decodes up to 128: 3 + 16 = 19; 1 is [1]; 4,096
  // with 2,048 batched tokens stops at 2,048: 3 + 31 + (2,048 - 256) / 16 + 1 = 147.
  STATIC_REQUIRE(vllm_capture_sizes(gpus::rtx_5090, now, 128, 1, 32768, 512).size() == 51);
  STATIC_REQUIRE(default_cudagraphs(gpus::rtx_5090, now, 128, 32768, 512).total() == 51 + 19);
  STATIC_REQUIRE(default_cudagraphs(gpus::rtx_5090, now, 1, 8192, 1).total() == 1 + 1);
  STATIC_REQUIRE(vllm_capture_sizes(gpus::h100_sxm, now, 1024, 1, 2048, 4096).size() == 147);
  // Past 256 sizes, up to the 8,192-token ceiling kvplan counts: 4,096 of 8,192 batched tokens,
  // 3 + 31 + (4,096 - 256) / 16 + 1 = 275; 8,192, 3 + 31 + 497 = 531 (the batch on the grid).
  STATIC_REQUIRE(vllm_capture_sizes(gpus::h100_sxm, now, 1024, 1, 8192, 4096).size() == 275);
  STATIC_REQUIRE(vllm_capture_sizes(gpus::h100_sxm, now, 1024, 1, 8192, 8192).size() == 531);
  // An off-grid max_num_seqs joins the sizes from v0.30 (PR #57355): 100 sequences capture up to
  // 200 tokens, [1, 2, 4] and 8 .. 200 by 8 (25) = 28, and 100 = 29; FULL up to 100: 3 + 12 (8 ..
  // 96) + 1 = 16. v0.29: 28 and 15. 96 is on the grid and adds nothing.
  STATIC_REQUIRE(default_cudagraphs(gpus::h100_sxm, now, 100, 8192).piecewise == 29);
  STATIC_REQUIRE(default_cudagraphs(gpus::h100_sxm, now, 100, 8192).full == 16);
  STATIC_REQUIRE(default_cudagraphs(gpus::h100_sxm, rules_for({0, 29, 0}), 100, 8192).total() == 28 + 15);
  STATIC_REQUIRE(default_cudagraphs(gpus::h100_sxm, now, 96, 8192).total() == 27 + 15);
  // From v0.21 (PR #40734) max_num_batched_tokens within the ceiling and off the grid is
  // captured too: 256 sequences and 500 batched tokens capture [1, 2, 4], 8 .. 248 by 8 (31), 256
  // .. 496 by 16 (16) = 50, and 500 = 51; FULL up to 256 sequences: 3 + 31 + 1 = 35. v0.20: 50.
  STATIC_REQUIRE(default_cudagraphs(gpus::l40s, now, 256, 500).piecewise == 51);
  STATIC_REQUIRE(default_cudagraphs(gpus::l40s, now, 256, 500).full == 35);
  STATIC_REQUIRE(default_cudagraphs(gpus::l40s, rules_for({0, 20, 0}), 256, 500).piecewise == 50);
  // Nor where --max-cudagraph-capture-size is given (the addition sits in vLLM's derived-ceiling
  // branch): 100 sequences under a ceiling of 200 keep 28 + 15.
  STATIC_REQUIRE(default_cudagraphs(gpus::h100_sxm, now, 100, 8192, 200).total() == 28 + 15);
  {
    const deployment given{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .max_num_seqs = 100,
                           .max_cudagraph_capture_size = 200};
    CHECK(cudagraphs_captured(given, now, 100, 1, 8192).total() == 28 + 15);
  }
  // With a speculative decoder (q = 1 + K tokens a decode step) the ceiling is min(max_num_seqs x
  // q x 2, 512), and from v0.29 (PRs #50488, #54418) the uniform decode batches join the grid:
  // n x q for n in [1, 2, 4], 8 .. 96 by 8 and max_num_seqs. Llama-3.1-8B with EAGLE-3 at 2 tokens
  // (q = 3) and 100 sequences on an H100: the 51-size grid up to 512 and 3, 6, 12, 264 and 300
  // off it (24 .. 240 and 288 are on it): 56 PIECEWISE sizes. Model Runner V2 rounds its FULL
  // decode sizes up to multiples of 3, up to 300 (100 x 3): 3, 6, 9, 12, 18, 24, then 33 .. 240
  // by three of the grid's strides of 8 (27), 249, 258, 264, 273, 288, 300: 39. v0.28: the grid
  // alone, 51, rounded the same way but without 264 and 300: 37.
  {
    deployment spec{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .max_num_seqs = 100,
                    .speculative = {.method = speculative_method::eagle3, .num_speculative_tokens = 2,
                                    .draft = models::llama_3_2_1b}};
    CHECK(uses_v2_model_runner(spec, now));
    const cudagraph_counts c = cudagraphs_captured(spec, now, 100, 3, 8192);
    CHECK(c.piecewise == 56);
    CHECK(c.full == 39);
    spec.vllm = {0, 28, 0};
    CHECK(cudagraphs_captured(spec, rules_for(spec.vllm), 100, 3, 8192).piecewise == 51);
    deployment plain{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .max_num_seqs = 100};
    CHECK(cudagraphs_captured(plain, now, 100, 1, 8192).total() == 29 + 16);
  }
  // A graph is cut at each layer whose mixer is a splitting op: NemotronH's 23 MoE-only layers
  // of 52 cut nothing (29 remain); Llama-3.3-Nemotron-Super-49B's NAS no-op layers neither.
  STATIC_REQUIRE(cudagraph_cuts(models::nemotron_3_nano, 1) == 29);
  STATIC_REQUIRE(cudagraph_cuts(models::nemotron_3_nano, 2) == 15);
  STATIC_REQUIRE(cudagraph_cuts(models::llama_3_1_70b, 1) == 80);
  STATIC_REQUIRE(cudagraph_cuts(models::nemotron_super_49b, 1) ==
                 80 - models::nemotron_super_49b.layers.count(layer_kind::no_cache));
  // A sparse-MLA layer's indexer (vllm::sparse_attn_indexer) cuts a second time: all 61 of
  // DeepSeek-V3.2's layers; 21 of GLM-5.2's 78 build one (layers 0, 1, 2, 6, 10, ..., 74).
  STATIC_REQUIRE(cudagraph_cuts(models::deepseek_v3_2, 1) == 61 + 61);
  STATIC_REQUIRE(cudagraph_cuts(models::glm_5_2, 1) == 78 + 21);
  STATIC_REQUIRE(cudagraph_cuts(models::deepseek_v3, 1) == 61);
  // Models vLLM does not compile (DeepSeek-V4, Kimi-K3) run no Inductor pass, so hold no fusion
  // workspace; their breakable graphs keep the count. On 8 B200s (v0.29: 1,024 sequences, capture
  // up to 1,024 on sm_100) both capture 83 PIECEWISE + 83 FULL sizes; DeepSeek-V3 holds 4 x 8 x 1
  // MiB of workspace, DeepSeek-V4-Pro none.
  const plan v3 = make_plan({.model = models::deepseek_v3, .gpu = gpus::b200, .tensor_parallel_size = 8,
                             .vllm = {0, 29, 0}});
  const plan v4 = make_plan({.model = models::deepseek_v4_pro, .gpu = gpus::b200, .tensor_parallel_size = 8,
                             .vllm = {0, 29, 0}});
  CHECK(v3.profile.num_cudagraphs == 83 + 83);
  CHECK(v3.profile.allreduce_workspace_bytes == 32 * MiB);
  CHECK(v4.profile.num_cudagraphs == 83 + 83);
  CHECK(v4.profile.allreduce_workspace_bytes == 0);
  // The non-torch term holds what it reports (v0.29 adds what the profile keeps, "consumed").
  // Both run on Model Runner V2 at v0.29, whose penalties state for 1,024 sequences of vocab
  // 129,280 (129,280 / 32 = 4,040) is 1,024 x 133,320 x 4 B = 546,078,720 B.
  CHECK(v3.profile.runner_buffers_bytes == 546'078'720);
  CHECK(v4.profile.runner_buffers_bytes == 546'078'720);
  const memory_term base = non_torch_estimate(gpus::b200, rules_for({0, 29, 0}), 8, 1, 0, 546'078'720);
  // The fabric decides the TP term: an HGX H800 keeps NVSwitch (8 of the 18 NVLink 4 links),
  // an H200 NVL is bridged, a GH200 module reaches others over its own NVLink: 0.15 + 1.25 GiB
  // switched, 0.15 + 0.1 otherwise, at TP 8 before v0.27 (no runner buffers).
  constexpr vllm_rules v20 = rules_for({0, 20, 0});
  STATIC_REQUIRE(non_torch_estimate(gpus::h800, v20, 8, 1, 0).bytes == 15 * GiB / 100 + 125 * GiB / 100);
  STATIC_REQUIRE(non_torch_estimate(gpus::h200_nvl, v20, 4, 1, 0).bytes == 15 * GiB / 100 + GiB / 10);
  STATIC_REQUIRE(non_torch_estimate(gpus::gh200, v20, 2, 1, 0).bytes == 15 * GiB / 100 + GiB / 10);
  // DP ranks of an MoE model exchange their tokens at every expert layer (all-gather or
  // all-to-all over DP x TP GPUs), those of a dense model do not: at v0.20 (no runner buffers, no
  // FlashInfer workspace at TP 1) DeepSeek-V3 over 8 H200s at DP 8 with EP takes 0.15 + 1.25 GiB,
  // as at TP 8, and Llama-3.1-8B at DP 2 the one GPU's 0.15.
  const auto non_torch_at = [](const model& m, std::int32_t dp, bool ep) {
    return make_plan({.model = m, .gpu = gpus::h200, .data_parallel_size = dp, .enable_expert_parallel = ep,
                      .vllm = {0, 20, 0}})
        .profile.non_torch.bytes;
  };
  CHECK(non_torch_at(models::deepseek_v3, 8, true) == 15 * GiB / 100 + 125 * GiB / 100);
  CHECK(non_torch_at(models::deepseek_v3, 8, false) == 15 * GiB / 100 + 125 * GiB / 100);
  CHECK(non_torch_at(models::deepseek_v3, 1, false) == 15 * GiB / 100);
  CHECK(non_torch_at(models::llama_3_1_8b, 2, false) == 15 * GiB / 100);
  CHECK(v3.profile.non_torch.bytes == base.bytes + 32 * MiB + v3.profile.consumed_profile_bytes);
  CHECK(v4.profile.non_torch.bytes == base.bytes + v4.profile.consumed_profile_bytes);
  // The V1 estimate: PIECEWISE sizes x layers x 0.32 MiB (8 MiB / 25 = 335,544 B) on one GPU,
  // 0.75 MiB with TP, and 1 MiB per FULL graph. Gemma-4-31B on a B300, v0.26, 1,024 sequences:
  // 51 x 60 x 335,544 + 51 x 1,048,576 = 1,080,242,016 B (its log: "Estimated CUDA graph
  // memory: 0.76 GiB total"). Qwen2.5-72B over 4 L40S (no P2P: NCCL all-reduces), 256
  // sequences, 2,048 tokens: 51 x 80 x 786,432 + 35 x 1,048,576 = 3,245,342,720 B (its log:
  // 2.73 GiB).
  constexpr vllm_rules v26 = rules_for({0, 26, 0});
  STATIC_REQUIRE(cudagraph_estimate(models::gemma_4_31b, gpus::b300, default_cudagraphs(gpus::b300, v26, 1024, 8192), 1,
                                    1)
                     .bytes == 1'080'242'016);
  STATIC_REQUIRE(cudagraph_estimate(models::qwen2_5_72b, gpus::l40s, default_cudagraphs(gpus::l40s, v26, 256, 2048), 4,
                                    1)
                     .bytes == 3'245'342'720);
  // A dense model over NVLink takes the one-GPU rate: its all-reduce is the custom kernel.
  // Llama-3.1-70B over 4 x H100 at v0.19, 1,024 sequences, 8,192 tokens: 51 PIECEWISE and 51
  // FULL sizes, 80 cuts: 51 x 80 x 335,544 + 51 x 1,048,576 = 1,422,496,896 B (1.32 GiB; its
  // log: "Estimated CUDA graph memory: 0.92 GiB total"; at 0.75 MiB it was 3.04 GiB). An MoE
  // model over the same GPUs keeps 0.75 MiB.
  constexpr vllm_rules v19 = rules_for({0, 19, 1});
  constexpr cudagraph_counts h100_graphs = default_cudagraphs(gpus::h100_sxm, v19, 1024, 8192);
  STATIC_REQUIRE(h100_graphs.piecewise == 51);
  STATIC_REQUIRE(h100_graphs.full == 51);
  STATIC_REQUIRE(cudagraph_estimate(models::llama_3_1_70b, gpus::h100_sxm, h100_graphs, 4, 1).bytes ==
                 1'422'496'896);
  STATIC_REQUIRE(custom_all_reduce(gpus::h100_sxm, 4));
  STATIC_REQUIRE_FALSE(custom_all_reduce(gpus::l40s, 4));
  STATIC_REQUIRE_FALSE(custom_all_reduce(gpus::h100_sxm, 16));
  STATIC_REQUIRE(cudagraph_estimate(models::qwen3_30b_a3b, gpus::h100_sxm, h100_graphs, 4, 1).bytes ==
                 51 * 48 * (3 * MiB / 4) + 51 * MiB);
  // Model Runner V2 (v0.29+) captures every PIECEWISE size and two FULL ones, extrapolating FULL
  // as V1 does, at 0.25 MiB a PIECEWISE size and cut (its logs' median). Llama-3.1-8B on an A100
  // at v0.31 (V2, the A100's 256 sequences and 2,048 tokens): 51 PIECEWISE sizes of 32 cuts and
  // 35 FULL graphs, 51 x 32 x 262,144 + 35 x 1,048,576 = 464,519,168 B, taken from the budget.
  {
    const deployment a100{.model = models::llama_3_1_8b, .gpu = gpus::a100_80gb, .vllm = {0, 31, 0}};
    const vllm_rules v31 = rules_for(a100.vllm);
    CHECK(uses_v2_model_runner(a100, v31));
    const plan p = make_plan(a100);
    CHECK(p.profile.num_cudagraphs == 51 + 35);
    CHECK(p.profile.num_full_cudagraphs == 35);
    CHECK(p.cudagraph_bytes == 464'519'168);
  }
  // A speculative decoder on a backend that decodes one token a request (FlashInfer on an H100:
  // UNIFORM_SINGLE_TOKEN_DECODE) drops FULL graphs, as public logs print it ("CUDAGraphMode.
  // FULL_AND_PIECEWISE is not supported with spec-decode for attention backend FlashInferBackend
  // (support: AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE); setting cudagraph_mode=PIECEWISE",
  // noonghunna/club-3090#584). Llama-3.1-8B on an H100 at v0.26 with ngram x 3: decode batches
  // of 1,024 x 4 tokens put the ceiling at 512, so 3 + 31 + 17 = 51 sizes; with FlashAttention
  // the V1 runner keeps FULL decode graphs and rounds every size up to a multiple of 4 (1 and 2
  // become 4): 49 PIECEWISE and 49 FULL; with FlashInfer, PIECEWISE at the 51 sizes.
  {
    deployment h100{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .max_model_len = 8192, .vllm = {0, 26, 0}};
    h100.speculative = {.method = speculative_method::ngram, .num_speculative_tokens = 3};
    CHECK(make_plan(h100).backend == attention_backend::flash_attn);
    CHECK(make_plan(h100).profile.num_cudagraphs == 49 + 49);
    CHECK(make_plan(h100).full_cudagraphs);
    h100.backend = attention_backend::flashinfer;
    CHECK(make_plan(h100).profile.num_cudagraphs == 51);
    CHECK(make_plan(h100).profile.num_full_cudagraphs == 0);
    CHECK_FALSE(make_plan(h100).full_cudagraphs);
    CHECK(cudagraph_mode_of(h100, rules_for(h100.vllm), attention_backend::flashinfer) == cudagraph_mode::piecewise);
    // FULL_DECODE_ONLY falls back the same way (vLLM splits at attention in every mode it
    // compiles): "CUDAGraphMode.FULL_DECODE_ONLY is not supported with spec-decode for attention
    // backend FlashInferBackend ...; setting cudagraph_mode=PIECEWISE".
    h100.cudagraph_mode = cudagraph_mode::full_decode_only;
    CHECK(cudagraph_mode_of(h100, rules_for(h100.vllm), attention_backend::flashinfer) == cudagraph_mode::piecewise);
    CHECK(make_plan(h100).profile.num_cudagraphs == 51);
  }
  // FULL graphs of mixed batches need every builder at ALWAYS (FlashAttention 3 on Hopper, Triton
  // and ROCm attention); else vLLM keeps FULL for decode batches and PIECEWISE for the rest. The
  // same Llama on an H100 without speculation: FULL as asked (51 FULL graphs) with FlashAttention
  // 3, FULL_AND_PIECEWISE with FlashInfer (UNIFORM_SINGLE_TOKEN_DECODE): 51 + 51 (1,024
  // sequences, the 512-token grid); on an A100 (FlashAttention 2: UNIFORM_BATCH) too, whose
  // 256 sequences take FULL graphs up to 256: 51 + 35.
  {
    deployment full{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .max_model_len = 8192,
                    .cudagraph_mode = cudagraph_mode::full, .vllm = {0, 26, 0}};
    CHECK(cudagraph_mode_of(full, rules_for(full.vllm), attention_backend::flash_attn) == cudagraph_mode::full);
    CHECK(make_plan(full).profile.num_cudagraphs == 51);
    CHECK(make_plan(full).profile.num_full_cudagraphs == 51);
    full.backend = attention_backend::flashinfer;
    CHECK(cudagraph_mode_of(full, rules_for(full.vllm), full.backend) == cudagraph_mode::full_and_piecewise);
    CHECK(make_plan(full).profile.num_cudagraphs == 51 + 51);
    full.backend = attention_backend::automatic;
    full.gpu = gpus::a100_80gb;
    CHECK(make_plan(full).backend == attention_backend::flash_attn);
    CHECK(make_plan(full).profile.num_cudagraphs == 51 + 35);
  }
}

TEST_CASE("the V1 runner's CUDA-graph estimate against start-up logs", "[memory_profile][logs]") {
  // The counts come from the capture sizes; the bytes are an estimate within the uncertainty it
  // states (tests/support/startup_logs.hpp: graph_logs()).
  for (const kvplan_test::graph_log& l : kvplan_test::graph_logs()) {
    INFO(l.name << " (" << l.source << ")");
    const vllm_rules r = rules_for(l.vllm);
    const cudagraph_counts graphs =
        default_cudagraphs(l.gpu, r, l.max_num_seqs, l.max_num_batched_tokens, l.max_capture_size);
    CHECK(graphs.piecewise == l.piecewise);
    CHECK(graphs.full == l.full);
    const memory_term t = cudagraph_estimate(l.model, l.gpu, graphs, l.tensor_parallel_size, 1);
    INFO("kvplan " << kvplan_test::to_gib(t.bytes) << " +/- " << kvplan_test::to_gib(t.uncertainty_bytes) << " GiB");
    CHECK(std::abs(kvplan_test::to_gib(t.bytes) - l.estimate_gib) <= kvplan_test::to_gib(t.uncertainty_bytes) + 0.005);
  }
}

TEST_CASE("a speculative decoder on FlashInfer lowers the graphs to PIECEWISE: an fp8 cache on sm_120", "[memory_profile][logs]") {
  // Qwen3.6-27B (text only, an NVFP4 copy with its MTP head) on one 32 GB FP4 Blackwell card (an
  // RTX 5090: its FP4 kernels, 31 GiB by the "0.9000 is equivalent to 0.8971" line), vLLM
  // 0.20.0, kv_cache_dtype fp8, max_num_seqs 2, 16,384 batched tokens, MTP with 3 tokens:
  // "Using FLASHINFER attention backend out of potential backends: ['FLASHINFER', 'TRITON_ATTN']";
  // "CUDAGraphMode.FULL_AND_PIECEWISE is not supported with spec-decode for attention backend
  // FlashInferBackend (support: AttentionCGSupport.UNIFORM_SINGLE_TOKEN_DECODE); setting
  // cudagraph_mode=PIECEWISE"; "Profiling CUDA graph memory: PIECEWISE=5 (largest=16)";
  // "Estimated CUDA graph memory: 0.09 GiB total". The sizes: min(2 x 2 x (1 + 3), 512) = 16,
  // [1, 2, 4, 8, 16]. A docker-compose note with its log (index file 52227470761).
  deployment d{.model = models::qwen3_6_27b, .gpu = gpus::rtx_5090, .kv_cache_dtype = cache_dtype::fp8,
               .max_model_len = 131072, .max_num_seqs = 2, .max_num_batched_tokens = 16384, .vllm = {0, 20, 0}};
  d.language_model_only = true;
  d.speculative = {.method = speculative_method::mtp, .num_speculative_tokens = 3};
  const plan p = make_plan(d);
  CHECK(p.backend == attention_backend::flashinfer);
  CHECK(p.cudagraph_mode == cudagraph_mode::piecewise);
  CHECK(p.profile.num_cudagraphs == 5);
  CHECK(p.profile.num_full_cudagraphs == 0);
  CHECK(std::abs(kvplan_test::to_gib(p.profile.cudagraph.bytes) - 0.09) <=
        kvplan_test::to_gib(p.profile.cudagraph.uncertainty_bytes) + 0.005);
}

TEST_CASE("the estimate against real start-up logs: within the uncertainty it claims", "[memory_profile][logs]") {
  for (const kvplan_test::startup_log& log : kvplan_test::startup_logs()) {
    INFO(log.name << " (" << log.source << ")");
    const plan_result r = try_plan(log.deployment);
    REQUIRE(r.ok());
    const plan& p = r.plan;
    const double predicted = kvplan_test::to_gib(p.available_kv_cache_bytes);
    INFO("predicted " << predicted << " GiB, logged " << log.available_kv << " GiB, +/- "
                      << kvplan_test::to_gib(p.kv_cache_uncertainty_bytes));
    // The logged figure is rounded to 0.01 GiB. A known gap is named, not checked.
    if (log.known_gap.empty())
      CHECK(std::abs(predicted - log.available_kv) <= kvplan_test::to_gib(p.kv_cache_uncertainty_bytes) + 0.005);
    else
      WARN("known gap, " << log.name << ": " << log.known_gap);
    // Weights within 2% of the logged load (the checkpoint's bytes, the RoPE cache, padding), or
    // within the uncertainty the estimate states (a checkpoint whose config.json kvplan has not
    // read: Qwen3.6-27B-FP8's 7.19 GiB a rank against 7.39, +/- 0.21).
    if (!log.weights_gap.empty()) WARN("known weights gap, " << log.name << ": " << log.weights_gap);
    if (log.weights && log.weights_gap.empty()) {
      const double off = std::abs(kvplan_test::to_gib(p.weights_bytes) - *log.weights);
      CHECK((off / *log.weights < 0.02 || off <= kvplan_test::to_gib(p.profile.weights.uncertainty_bytes) + 0.005));
    }
    // A deployment vLLM started is never called one that cannot start.
    if (log.available_kv > 0) CHECK(p.available_kv_cache_bytes > 0);
  }
}

namespace {
// kvplan's plan of a deployment with exactly `gib` of KV memory.
plan with_kv_memory(deployment d, double gib) {
  d.kv_cache_memory_bytes = static_cast<count_t>(gib * static_cast<double>(GiB));
  const plan_result r = try_plan(d);
  REQUIRE(r.ok());
  return r.plan;
}
}  // namespace

TEST_CASE("real start-up logs: the logged KV memory holds the logged number of tokens", "[memory_profile][logs]") {
  // The estimate aside, vLLM's own "Available KV cache memory" (rounded to 0.01 GiB) must give
  // its "GPU KV cache size" through kvplan's KV arithmetic: pages, groups, blocks.
  for (const kvplan_test::startup_log& log : kvplan_test::startup_logs()) {
    if (log.kv_cache_tokens <= 0 || log.available_kv <= 0) continue;
    // Its note quotes figures that disagree by 0.25%: 238,208 tokens x 48,128 B (94 layers, one
    // of the 4 KV heads on each of 8 ranks) are 10.68 GiB, not 10.65; from two workers or runs.
    if (log.name == "qwen3-235b-a22b-fp8 8xL40S TP8 EP v0.10.2") continue;
    INFO(log.name << " (" << log.source << "): " << log.kv_cache_tokens << " tokens in " << log.available_kv << " GiB");
    const count_t low = with_kv_memory(log.deployment, log.available_kv - 0.005).kv_cache_tokens;
    const count_t high = with_kv_memory(log.deployment, log.available_kv + 0.005).kv_cache_tokens;
    INFO("kvplan: " << low << " - " << high << " tokens");
    CHECK(low <= log.kv_cache_tokens);
    CHECK(log.kv_cache_tokens <= high);
  }
}

TEST_CASE("logs without a budget: the KV memory holds the tokens and the concurrency", "[memory_profile][logs]") {
  // Hybrid pages (4,176- and 2,096-token blocks), fp8 KV with an fp32 SSM state, and both ways
  // vLLM has counted "GPU KV cache size" (tests/support/startup_logs.hpp: kv_capacity_logs()).
  for (const kvplan_test::kv_capacity_log& log : kvplan_test::kv_capacity_logs()) {
    INFO(log.name << " (" << log.source << "): " << log.kv_cache_tokens << " tokens, " << log.max_concurrency
                  << "x in " << log.available_kv << " GiB");
    const plan low = with_kv_memory(log.deployment, log.available_kv - 0.005);
    const plan high = with_kv_memory(log.deployment, log.available_kv + 0.005);
    INFO("kvplan: " << low.kv_cache_tokens << " - " << high.kv_cache_tokens << " tokens, " << low.max_concurrency
                    << " - " << high.max_concurrency << "x");
    CHECK(low.kv_cache_tokens <= log.kv_cache_tokens);
    CHECK(log.kv_cache_tokens <= high.kv_cache_tokens);
    // Printed with two decimals.
    if (log.max_concurrency > 0) {
      CHECK(low.max_concurrency <= log.max_concurrency + 0.005);
      CHECK(log.max_concurrency - 0.005 <= high.max_concurrency);
    }
  }
}
