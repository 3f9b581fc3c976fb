// Engine settings that change the cache: speculative decoding, decode context parallelism,
// async scheduling, the hybrid-manager switch, KV offloading, a shared prefix, attention-free
// models, and the release rules for uneven pages. Every figure is worked by hand beside it.
#include "kvplan_catch.hpp"
#include "plan_or_fail.hpp"
#include "startup_logs.hpp"

#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <cmath>
#include <cstdint>

using namespace kvplan;
using kvplan_test::plan_of;

namespace {
error error_of(const deployment& d) { return try_plan(d).error; }

// The PIECEWISE and FULL graphs a deployment captures, without a speculative decoder.
using graph_counts = std::pair<count_t, count_t>;
graph_counts graphs_of(const deployment& d, std::int32_t max_num_seqs, count_t max_num_batched_tokens) {
  const cudagraph_counts c = cudagraphs_captured(d, rules_for(d.vllm), max_num_seqs, 1, max_num_batched_tokens);
  return {c.piecewise, c.full};
}
}  // namespace

TEST_CASE("MTP speculative decoding: DeepSeek-V3.2 on 8 x H200", "[engine][speculative]") {
  // fp8 -> fp8_ds_mla on Hopper's FLASHMLA_SPARSE: 656 B of latent and 132 B of indexer key per
  // token and layer, block 64.
  // With 60 GiB of KV memory per GPU (64,424,509,440 B):
  deployment d{.model = models::deepseek_v3_2, .gpu = gpus::h200, .tensor_parallel_size = 8,
               .kv_cache_dtype = cache_dtype::fp8, .kv_cache_memory_bytes = 60 * GiB, .max_model_len = 131072};
  const plan base = plan_of(d);
  // 61 layers x 64 x (656 + 132) = 3,076,352 B a block; 64,424,509,440 // 3,076,352 = 20,941.
  CHECK(base.bytes_per_block == 3'076'352);
  CHECK(base.num_gpu_blocks == 20'941);

  // The MTP layer (num_nextn_predict_layers 1) joins the one group, however many tokens it
  // proposes: 62 x 64 x 788 = 3,126,784 B a block, 20,604 blocks; 131,072 / 64 = 2,048 blocks a
  // request (no lookahead: allocate_slots caps it at max_model_len), 20,604 / 2,048 = 10.06x.
  d.speculative = {.method = speculative_method::mtp, .num_speculative_tokens = 3};
  const plan mtp = plan_of(d);
  CHECK(mtp.drafter_layers == 1);
  CHECK(mtp.num_speculative_tokens == 3);
  CHECK(mtp.bytes_per_block == 3'126'784);
  CHECK(mtp.kv_bytes_per_token == 62 * 788);
  CHECK(mtp.num_gpu_blocks == 20'604);
  CHECK(mtp.blocks_per_request == 2048);
  CHECK(mtp.max_concurrency == Approx(20'604.0 / 2048.0));
  // Its weights: 11,624,027,648 fp8 parameters over TP 8 = 1,453,003,456 B a GPU, but eh_proj
  // (2 x 7,168 x 7,168 = 102,760,448, a plain nn.Linear in deepseek_mtp.py) is held whole in
  // bf16: + 205,520,896 - 12,845,056 = 192,675,840 B.
  CHECK(mtp.profile.drafter_weights_bytes == 1'453'003'456 + 192'675'840);
  // Without num_speculative_tokens, mtp proposes one token per MTP layer.
  d.speculative.num_speculative_tokens = 0;
  CHECK(plan_of(d).num_speculative_tokens == 1);
}

TEST_CASE("MTP weights: NVFP4 checkpoints keep the MTP layers unquantized", "[engine][speculative]") {
  // Qwen3.6-35B-A3B's MTP layer: the same parameters whatever the checkpoint; bf16 (2 B) in Qwen's
  // own, fp8 (1 B) in Qwen's FP8 release, and bf16 again in nvidia's NVFP4 one, which excludes
  // "mtp*" from quantization (as RedHatAI's recipe ignores "re:^mtp.*").
  deployment d{.model = models::qwen3_6_35b_a3b, .gpu = gpus::b200, .max_model_len = 32768,
               .speculative = {.method = speculative_method::mtp, .num_speculative_tokens = 1}};
  const count_t bf16 = plan_of(d).profile.drafter_weights_bytes;
  d.checkpoint = 1;  // Qwen/Qwen3.6-35B-A3B-FP8
  const count_t fp8 = plan_of(d).profile.drafter_weights_bytes;
  d.checkpoint = 2;  // nvidia/Qwen3.6-35B-A3B-NVFP4
  const count_t nvfp4 = plan_of(d).profile.drafter_weights_bytes;
  CHECK(bf16 > 0);
  CHECK(std::abs(static_cast<double>(2 * fp8) - static_cast<double>(bf16)) <= 1.0);
  CHECK(nvfp4 == bf16);
}

TEST_CASE("MTP on a hybrid: Qwen3-Next keeps speculative state blocks", "[engine][speculative]") {
  // Qwen3-Next-80B-A3B: 12 full-attention layers (2 KV heads x 256) and 36 Gated DeltaNet
  // layers (16 key heads, 32 value heads, 128 x 128, conv kernel 4); one MTP layer, full
  // attention. bfloat16 attention and conv state, float32 recurrent state; TP 1 on an H200,
  // prefix caching off (Mamba mode none).
  model m = models::qwen3_next_80b;
  m.num_mtp_layers = 1;
  m.mtp_layer = full_attention(2, 256);
  deployment d{.model = m, .gpu = gpus::h200, .kv_cache_memory_bytes = 40 * GiB, .max_model_len = 131072,
               .enable_prefix_caching = prefix_caching::disabled, .mamba_ssm_cache_dtype = dtype::float32,
               .speculative = {.method = speculative_method::mtp, .num_speculative_tokens = 3}};
  const plan p = plan_of(d);
  // GDN state: conv (4 - 1 + 3 rows) x (2 x 16 x 128 + 32 x 128 = 8,192) x 2 B = 98,304, plus the
  // recurrent 32 x 128 x 128 x 4 B = 2,097,152: 2,195,456 B. Attention: 2 x 256 x 2 x 2 B =
  // 2,048 B a token, so the block rises to 16 x cdiv(2,195,456, 16 x 2,048) = 16 x 67 = 1,072
  // tokens, and a 1,072-token attention page is 2,195,456 B too.
  CHECK(p.block_size == 1072);
  // 13 full layers (12 + MTP) and 36 GDN layers: groups of 13 (36 < 1.5 x 13 is false), one
  // full and cdiv(36, 13) = 3 GDN groups; 13 x 2,195,456 = 28,540,928 B a block.
  CHECK(p.num_groups == 4);
  CHECK(p.bytes_per_block == 28'540'928);
  // A request: cdiv(131,072, 1,072) = 123 attention blocks, and 1 + 3 state blocks in each of
  // the 3 GDN groups (MambaSpec.num_speculative_blocks): 135.
  CHECK(p.blocks_per_request == 135);
  // 42,949,672,960 // 28,540,928 = 1,504 blocks.
  CHECK(p.num_gpu_blocks == 1504);
}

TEST_CASE("draft models and model-free methods", "[engine][speculative]") {
  // Qwen3-32B with Qwen3-1.7B as its draft (8 KV heads x 128 each): one group of 64 + 28
  // layers; 92 x 16 x 2 x 8 x 128 x 2 B = 6,029,312 B a block at TP 1.
  model draft = models::qwen3_8b;  // a stand-in of the same head layout, 36 layers
  deployment d{.model = models::qwen3_32b, .gpu = gpus::h200, .kv_cache_memory_bytes = 40 * GiB, .max_model_len = 32768,
               .speculative = {.method = speculative_method::draft_model, .num_speculative_tokens = 4, .draft = draft}};
  const plan p = plan_of(d);
  CHECK(p.drafter_layers == 36);
  CHECK(p.bytes_per_block == (64 + 36) * 16 * 2 * 8 * 128 * 2);
  CHECK(p.profile.drafter_weights_bytes > 0);
  // ngram adds no layer and no weights.
  d.speculative = {.method = speculative_method::ngram, .num_speculative_tokens = 4};
  const plan ngram = plan_of(d);
  CHECK(ngram.drafter_layers == 0);
  CHECK(ngram.bytes_per_block == 64 * 16 * 2 * 8 * 128 * 2);
  CHECK(ngram.profile.drafter_weights_bytes == 0);
  // suffix decoding defaults to 24 speculative tokens; neither it nor ngram runs with async
  // scheduling.
  d.speculative = {.method = speculative_method::suffix};
  CHECK(plan_of(d).num_speculative_tokens == 24);
  CHECK_FALSE(plan_of(d).async_scheduling);
  // A draft model keeps async scheduling from v0.28 (vLLM PR #48341); before, the default
  // resolution turned it off as for any method but EAGLE, EAGLE-3 and MTP.
  d.speculative = {.method = speculative_method::draft_model, .num_speculative_tokens = 4, .draft = draft};
  CHECK(plan_of(d).async_scheduling);
  d.vllm = {0, 27, 1};
  CHECK_FALSE(plan_of(d).async_scheduling);
  d.speculative = {.method = speculative_method::eagle3, .num_speculative_tokens = 3, .draft = draft};
  CHECK(plan_of(d).async_scheduling);
}

TEST_CASE("speculative decoding errors", "[engine][speculative][errors]") {
  deployment d{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm,
               .speculative = {.method = speculative_method::mtp, .num_speculative_tokens = 1}};
  CHECK(error_of(d).code == errc::speculative_method_needs_mtp_layers);
  d.speculative = {.method = speculative_method::eagle3, .num_speculative_tokens = 3};
  CHECK(error_of(d) == error{errc::speculative_method_needs_draft_model, {}, "eagle3"});
  d.speculative = {.method = speculative_method::ngram};
  CHECK(error_of(d) == error{errc::num_speculative_tokens_required, {}, "ngram"});
  // DeepSeek-V3 has one MTP layer: 3 tokens reuse it; with 2 MTP layers, 3 would not divide.
  model two = models::deepseek_v3;
  two.num_mtp_layers = 2;
  d = {.model = two, .gpu = gpus::b200, .tensor_parallel_size = 8,
       .speculative = {.method = speculative_method::mtp, .num_speculative_tokens = 3}};
  CHECK(error_of(d) == error{errc::num_speculative_tokens_not_multiple_of_mtp_layers, {3, 2}});
  d.speculative.num_speculative_tokens = 4;
  CHECK(error_of(d).code == errc::none);
}

TEST_CASE("decode context parallelism splits each request's tokens", "[engine][dcp]") {
  // DeepSeek-V3.2, TP 8: at DCP 8 each rank keeps cdiv(131,072, 8) = 16,384 tokens of a request,
  // cdiv(16,384, 64) = 256 blocks instead of 2,048; the pool is unchanged.
  deployment d{.model = models::deepseek_v3_2, .gpu = gpus::h200, .tensor_parallel_size = 8,
               .kv_cache_dtype = cache_dtype::fp8, .kv_cache_memory_bytes = 60 * GiB, .max_model_len = 131072,
               .decode_context_parallel_size = 8};
  const plan p8 = plan_of(d);
  CHECK(p8.num_gpu_blocks == 20'941);
  CHECK(p8.blocks_per_request == 256);
  CHECK(p8.max_concurrency == Approx(20'941.0 / 256.0));
  // "GPU KV cache size": int(20,941 / 256 x 131,072) = 10,721,792 tokens.
  CHECK(p8.kv_cache_tokens == 10'721'792);
  d.decode_context_parallel_size = 2;  // cdiv(65,536, 64) = 1,024
  CHECK(plan_of(d).blocks_per_request == 1024);
  // Before v0.23 the log multiplied num_blocks x block size by the DCP size instead:
  // 20,941 x 64 x 2 = 2,680,448.
  d.vllm = {0, 22, 0};
  CHECK(plan_of(d).kv_cache_tokens == 2'680'448);
}

TEST_CASE("decode context parallelism errors", "[engine][dcp][errors]") {
  // TP must divide by DCP; a GQA model's DCP ranks each need whole KV heads (dcp <= tp / H).
  deployment d{.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 8,
               .decode_context_parallel_size = 3};
  CHECK(error_of(d) == error{errc::decode_context_parallel_size_must_divide_tp, {3, 8}});
  d.decode_context_parallel_size = 2;  // 8 KV heads over TP 8: tp / H = 1
  CHECK(error_of(d) == error{errc::decode_context_parallel_size_exceeds_kv_head_copies, {2, 1}});
  d.model = models::gpt_oss_120b;  // sliding-window layers
  CHECK(error_of(d).code == errc::decode_context_parallel_not_with_local_attention);
  d = {.model = models::deepseek_v3, .gpu = gpus::h200, .tensor_parallel_size = 8, .vllm = {0, 10, 0},
       .decode_context_parallel_size = 2};
  CHECK(error_of(d) == error{errc::feature_needs_newer_vllm, {0, 11}, "--decode-context-parallel-size"});
}

TEST_CASE("--max-cudagraph-capture-size sets how many graphs the budget pays for", "[engine][cudagraphs]") {
  // Qwen3-30B-A3B (48 layers, V1 runner) on an H100, v0.26, 1,024 sequences: 51 PIECEWISE + 51
  // FULL sizes up to 512, 51 x 48 x 335,544 B + 51 x 1,048,576 B = 874,889,088 B. Capturing
  // only batch 1: 1 x 48 x 335,544 + 1 x 1,048,576 = 17,154,688 B, so 857,734,400 B more KV.
  deployment d{.model = models::qwen3_30b_a3b, .gpu = gpus::h100_sxm, .max_model_len = 32768, .vllm = {0, 26, 0}};
  const plan all = plan_of(d);
  d.max_cudagraph_capture_size = 1;
  const plan one = plan_of(d);
  CHECK(all.profile.num_cudagraphs == 51 + 51);
  CHECK(all.profile.cudagraph.bytes == 874'889'088);
  CHECK(one.profile.num_cudagraphs == 1 + 1);
  CHECK(one.profile.cudagraph.bytes == 17'154'688);
  CHECK(one.available_kv_cache_bytes - all.available_kv_cache_bytes == 857'734'400);
  // The setting exists from v0.11.1 (CompilationConfig.max_cudagraph_capture_size).
  d.vllm = {0, 11, 0};
  CHECK(error_of(d) == error{errc::feature_needs_newer_vllm, {0, 11, 1}, "--max-cudagraph-capture-size"});
  d.vllm = {0, 26, 0};
  d.max_cudagraph_capture_size = -4;
  CHECK(error_of(d) == error{errc::cudagraph_capture_size_must_be_positive, {-4}});
  // kvplan counts graphs up to an 8,192-token ceiling, the smaller of the setting and the batch
  // (here unset: the H100's default, 8,192): 16,384 is planned at 8,192 tokens of batch, refused
  // at 16,384.
  d.max_cudagraph_capture_size = 16384;
  CHECK_FALSE(error_of(d));
  d.max_num_batched_tokens = 16384;
  CHECK(error_of(d) == error{errc::cudagraph_capture_size_beyond_counted, {16384, 8192}});
}

TEST_CASE("--compilation-config: the CUDA-graph mode and listed capture sizes", "[engine][cudagraphs]") {
  // Qwen3-30B-A3B on an H100, v0.26 (V1), 1,024 sequences, 8,192 batched tokens: 51 sizes up to
  // 512, all of them decode sizes. Each mode keeps its kinds of graph.
  deployment d{.model = models::qwen3_30b_a3b, .gpu = gpus::h100_sxm, .max_model_len = 32768, .vllm = {0, 26, 0}};
  const vllm_rules r = rules_for(d.vllm);
  const auto counts = [&](std::optional<cudagraph_mode> m) {
    d.cudagraph_mode = m;
    return graphs_of(d, 1024, 8192);
  };
  CHECK(counts(std::nullopt) == std::pair<count_t, count_t>{51, 51});
  CHECK(counts(cudagraph_mode::full_and_piecewise) == std::pair<count_t, count_t>{51, 51});
  CHECK(counts(cudagraph_mode::piecewise) == std::pair<count_t, count_t>{51, 0});
  CHECK(counts(cudagraph_mode::full) == std::pair<count_t, count_t>{0, 51});
  CHECK(counts(cudagraph_mode::full_decode_only) == std::pair<count_t, count_t>{0, 51});
  CHECK(counts(cudagraph_mode::none) == std::pair<count_t, count_t>{0, 0});
  // NONE captures nothing, so nothing is taken from the budget: PIECEWISE's 51 x 48 x 335,544 B
  // = 821,411,712 B come back.
  d.cudagraph_mode = cudagraph_mode::piecewise;
  const plan piecewise = plan_of(d);
  CHECK(piecewise.profile.cudagraph.bytes == 821'411'712);
  d.cudagraph_mode = cudagraph_mode::none;
  const plan none = plan_of(d);
  CHECK(none.profile.cudagraph.bytes == 0);
  CHECK(none.profile.num_cudagraphs == 0);
  CHECK(none.available_kv_cache_bytes - piecewise.available_kv_cache_bytes == 821'411'712);
  // A listed set: the distinct sizes up to max_num_batched_tokens (16,384 is dropped, 8 counted
  // once): [1, 2, 4, 8], PIECEWISE and FULL alike; with 2 sequences the FULL decode graphs are
  // [1, 2]. 4 x 48 x 335,544 + 4 x 1 MiB = 68,618,752 B.
  d.cudagraph_mode.reset();
  d.cudagraph_capture_sizes = {1, 2, 4, 8, 8, 16384};
  CHECK(counts(std::nullopt) == std::pair<count_t, count_t>{4, 4});
  CHECK(plan_of(d).profile.cudagraph.bytes == 68'618'752);
  d.cudagraph_mode.reset();
  const cudagraph_counts two_seqs = cudagraphs_captured(d, r, 2, 1, 8192);
  CHECK(two_seqs.piecewise == 4);
  CHECK(two_seqs.full == 2);
  // Before v0.11 the default mode is PIECEWISE.
  CHECK(cudagraphs_captured(d, rules_for({0, 10, 2}), 1024, 1, 8192).full == 0);
  d.cudagraph_capture_sizes = {4, 0};
  CHECK(error_of(d) == error{errc::cudagraph_capture_size_must_be_positive, {0}});
}

TEST_CASE("gpt-oss raises the capture ceiling to 1,024 where the user sets none", "[engine][cudagraphs]") {
  // GptOssForCausalLMConfig.verify_and_update_config: [1, 2, 4], 31 multiples of 8 below 256,
  // then multiples of 16 up to 1,024 (49) = 83 sizes, whatever max_num_seqs is; FULL decode
  // graphs for the sizes up to max_num_seqs. A v0.11.2 log of gpt-oss-120b with --max-num-seqs
  // 6 captures 83 PIECEWISE and 3 FULL graphs ([1, 2, 4]).
  deployment d{.model = models::gpt_oss_120b, .gpu = gpus::h100_sxm, .max_num_seqs = 6, .vllm = {0, 11, 2}};
  const cudagraph_counts six = cudagraphs_captured(d, rules_for(d.vllm), 6, 1, 8192);
  CHECK(six.piecewise == 83);
  CHECK(six.full == 3);
  // v0.11.0 - v0.11.1 stop at 992: 3 + 31 + 47 = 81; v0.10.1's list steps by 16 from 256 too,
  // though its own grid steps by 8 (67 sizes to 512 for another model).
  CHECK(cudagraphs_captured(d, rules_for({0, 11, 0}), 6, 1, 8192).piecewise == 81);
  CHECK(cudagraphs_captured(d, rules_for({0, 10, 1}), 6, 1, 2048).piecewise == 83);
  // Capped by max_num_batched_tokens: 1,024 batched tokens keep all 83 at v0.11.2, 512 keep 3 +
  // 31 + 17 = 51.
  CHECK(cudagraphs_captured(d, rules_for(d.vllm), 6, 1, 1024).piecewise == 83);
  CHECK(cudagraphs_captured(d, rules_for(d.vllm), 6, 1, 512).piecewise == 51);
  // A ceiling the user gives wins: --max-cudagraph-capture-size 256 captures 3 + 31 + 1 = 35.
  d.max_cudagraph_capture_size = 256;
  CHECK(cudagraphs_captured(d, rules_for(d.vllm), 6, 1, 8192).piecewise == 35);
  // Another model with 6 sequences captures up to 12: [1, 2, 4, 8].
  d = {.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .max_num_seqs = 6, .vllm = {0, 11, 2}};
  CHECK(cudagraphs_captured(d, rules_for(d.vllm), 6, 1, 8192).piecewise == 4);
}

TEST_CASE("--performance-mode: finer capture sizes, or doubled batch defaults", "[engine][cudagraphs][performance]") {
  // interactivity: every size from 1 to 32, then the step-8 grid from 40 and the step-16 grid
  // from 256. A v0.26.0 start-up (LFM2.5-1.2B on a Hopper GPU, --performance-mode interactivity
  // --max-num-seqs 256 --max-num-batched-tokens 1024; index file 60449471537) prints "Profiling
  // CUDA graph memory: PIECEWISE=76 (largest=512), FULL=60 (largest=256)": up to min(2 x 256,
  // 512) = 512, 32 + 27 (40 - 248) + 17 (256 - 512) = 76 sizes, 32 + 27 + 1 = 60 of them decode
  // batches of at most 256 requests. balanced: 3 + 31 + 17 = 51, and 35.
  deployment d{.model = models::qwen3_30b_a3b, .gpu = gpus::h100_sxm, .max_model_len = 32768, .vllm = {0, 26, 0}};
  CHECK(graphs_of(d, 256, 1024) == graph_counts{51, 35});
  d.performance_mode = performance_mode::interactivity;
  CHECK(graphs_of(d, 256, 1024) == graph_counts{76, 60});
  // A smaller ceiling, given: every size up to 16 (balanced: 1, 2, 4, 8, 16).
  d.max_cudagraph_capture_size = 16;
  CHECK(graphs_of(d, 1024, 8192) == graph_counts{16, 16});
  d.max_cudagraph_capture_size = 0;
  // Listed sizes stay as listed.
  d.cudagraph_capture_sizes = {1, 8, 64};
  CHECK(graphs_of(d, 1024, 8192) == graph_counts{3, 3});
  d.cudagraph_capture_sizes = {};
  // The budget pays for the 25 graphs more of each kind (Qwen3-30B-A3B, 48 cuts, one GPU):
  // 25 x (48 x 335,544 + 1,048,576) B = 428,867,200 B less KV cache at the H100's 1,024 sequences.
  const plan fine = plan_of(d);
  d.performance_mode = performance_mode::balanced;
  const plan balanced = plan_of(d);
  CHECK(fine.profile.num_cudagraphs == 76 + 76);
  CHECK(balanced.profile.num_cudagraphs == 51 + 51);
  CHECK(balanced.available_kv_cache_bytes - fine.available_kv_cache_bytes == 428'867'200);

  // throughput: the defaults vLLM applies doubled, then clamped as before: on an H100 1,024
  // sequences and 8,192 tokens become 2,048 and 16,384; on an L40S 256 and 2,048 become 512 and
  // 4,096. A value the user sets stays.
  d.performance_mode = performance_mode::throughput;
  engine_settings s = resolve_settings(d);
  CHECK(s.max_num_seqs == 2048);
  CHECK(s.max_num_batched_tokens == 16384);
  d.gpu = gpus::l40s;
  d.max_num_seqs = 64;
  s = resolve_settings(d);
  CHECK(s.max_num_seqs == 64);
  CHECK(s.max_num_batched_tokens == 4096);
  // At 1,024 tokens of context the batch is clamped to max_num_seqs x max_model_len only above
  // 512 x 1,024: 4,096 stays; max_num_seqs to the batch: 512.
  d.max_num_seqs = 0;
  d.max_model_len = 1024;
  s = resolve_settings(d);
  CHECK(s.max_num_seqs == 512);
  CHECK(s.max_num_batched_tokens == 4096);
  // The sampler runs over the doubled rows: Llama-3.1-8B on an H100 profiles 2,048 rows.
  const deployment llama{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .max_model_len = 32768,
                         .performance_mode = performance_mode::throughput};
  CHECK(plan_of(llama).profile.activation_parts.rows == 2048);
  CHECK(vllm_serve_command(llama).view().find("--performance-mode throughput") != std::string_view::npos);
  // The capture ceiling is checked against the doubled batch: an H200's 16,384 tokens under
  // throughput put a 16,384-token ceiling beyond the 8,192 kvplan counts.
  deployment h200{.model = models::llama_3_1_8b, .gpu = gpus::h200, .max_model_len = 32768,
                  .max_cudagraph_capture_size = 16384, .vllm = {0, 26, 0}};
  CHECK_FALSE(error_of(h200));
  h200.performance_mode = performance_mode::throughput;
  CHECK(error_of(h200) == error{errc::cudagraph_capture_size_beyond_counted, {16384, 8192}});
  // The flag is v0.17's (vLLM PR #34936).
  h200.max_cudagraph_capture_size = 0;
  h200.vllm = {0, 16, 1};
  CHECK(error_of(h200) == error{errc::feature_needs_newer_vllm, {0, 17}, "--performance-mode"});
}

TEST_CASE("-O<n>: the optimization level decides the CUDA graphs and the fusion workspace", "[engine][cudagraphs][optimization]") {
  // From v0.12 (vLLM PR #26847) the presets fill what the user leaves unset: -O0 no compilation
  // and no graphs, -O1 PIECEWISE graphs only, -O2 (the default) and -O3 FULL_AND_PIECEWISE.
  // Qwen3-30B-A3B on an H100, v0.26, 1,024 sequences: 51 sizes.
  deployment d{.model = models::qwen3_30b_a3b, .gpu = gpus::h100_sxm, .max_model_len = 32768, .vllm = {0, 26, 0}};
  const auto counts = [&](std::optional<optimization_level> level) {
    d.optimization_level = level;
    return graphs_of(d, 1024, 8192);
  };
  CHECK(counts(std::nullopt) == graph_counts{51, 51});
  CHECK(counts(optimization_level::o3) == graph_counts{51, 51});
  CHECK(counts(optimization_level::o2) == graph_counts{51, 51});
  CHECK(counts(optimization_level::o1) == graph_counts{51, 0});
  CHECK(counts(optimization_level::o0) == graph_counts{0, 0});
  // A mode given wins, but PIECEWISE graphs need vLLM's compiler: at -O0 a PIECEWISE mode is
  // NONE, FULL stays.
  d.cudagraph_mode = cudagraph_mode::full;
  CHECK(counts(optimization_level::o0) == graph_counts{0, 51});
  d.cudagraph_mode = cudagraph_mode::full_and_piecewise;
  CHECK(counts(optimization_level::o0) == graph_counts{0, 0});
  CHECK(counts(optimization_level::o1) == graph_counts{51, 51});
  d.cudagraph_mode.reset();
  // -O1's graphs: 51 PIECEWISE sizes x 48 cuts x 335,544 B = 821,411,712 B; -O0 takes none.
  d.optimization_level = optimization_level::o1;
  CHECK(plan_of(d).profile.cudagraph.bytes == 821'411'712);
  d.optimization_level = optimization_level::o0;
  CHECK(plan_of(d).profile.cudagraph.bytes == 0);
  // Before v0.12, -O<n> was the compilation level and only level 3 (the default) captured graphs:
  // at v0.11.0 the step-8 grid up to 512, 3 + 64 = 67 sizes, all of them FULL decode sizes too.
  d.vllm = {0, 11, 0};
  CHECK(counts(optimization_level::o2) == graph_counts{0, 0});
  CHECK(counts(optimization_level::o3) == graph_counts{67, 67});
  CHECK(counts(std::nullopt) == graph_counts{67, 67});

  // FlashInfer's all-reduce fusion workspace is -O2's and -O3's: Llama-3.1-70B over 2 x H100 at
  // v0.26 holds 4 x 2 x 64 MiB = 512 MiB of it by default, none at -O1 or -O0.
  deployment llama{.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 2,
                   .max_model_len = 32768, .vllm = {0, 26, 0}};
  CHECK(plan_of(llama).profile.allreduce_workspace_bytes == 536'870'912);
  llama.optimization_level = optimization_level::o1;
  CHECK(plan_of(llama).profile.allreduce_workspace_bytes == 0);
  llama.optimization_level = optimization_level::o0;
  const plan o0 = plan_of(llama);
  CHECK(o0.profile.allreduce_workspace_bytes == 0);
  CHECK(o0.profile.cudagraph.bytes == 0);
  CHECK(vllm_serve_command(llama).view().find(" -O0") != std::string_view::npos);
}

TEST_CASE("--no-enable-chunked-prefill: a batch holds a whole prompt", "[engine][chunked-prefill]") {
  // From v0.12 vLLM keeps chunked prefill off where asked (with a warning for generative models)
  // and sizes the default batch for one whole prompt: max_num_batched_tokens = min(max_num_seqs x
  // max_model_len, max(max_model_len, default)). Llama-3.1-8B on an H100 at 131,072 tokens:
  // min(1,024 x 131,072, max(131,072, 8,192)) = 131,072, the profile's forward over all of them.
  deployment d{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .max_model_len = 131072,
               .enable_chunked_prefill = false, .vllm = {0, 26, 0}};
  engine_settings s = resolve_settings(d);
  CHECK_FALSE(s.chunked_prefill);
  CHECK(s.max_num_batched_tokens == 131072);
  CHECK(s.max_num_seqs == 1024);
  CHECK(plan_of(d).profile.activation_parts.tokens == 131072);
  CHECK(vllm_serve_command(d).view().find("--no-enable-chunked-prefill") != std::string_view::npos);
  // A context shorter than the default batch keeps the default: max(4,096, 8,192).
  d.max_model_len = 4096;
  CHECK(resolve_settings(d).max_num_batched_tokens == 8192);
  // With --performance-mode throughput the default doubles first: max(131,072, 16,384).
  d.max_model_len = 131072;
  d.performance_mode = performance_mode::throughput;
  CHECK(resolve_settings(d).max_num_batched_tokens == 131072);
  d.performance_mode = performance_mode::balanced;
  // A batch the user sets below max_model_len is refused (SchedulerConfig.verify_max_model_len);
  // its twin at 131,072 tokens plans.
  d.max_num_batched_tokens = 65536;
  CHECK(error_of(d) == error{errc::max_num_batched_tokens_below_max_model_len, {65536, 131072}});
  d.max_num_batched_tokens = 131072;
  CHECK_FALSE(error_of(d));
  // A given capture ceiling is checked against the whole-prompt batch: 16,384 is beyond the
  // 8,192 tokens kvplan counts once the batch holds 131,072.
  d.max_num_batched_tokens = 0;
  d.max_cudagraph_capture_size = 16384;
  CHECK(error_of(d) == error{errc::cudagraph_capture_size_beyond_counted, {16384, 8192}});
  d.max_cudagraph_capture_size = 0;
  // Before v0.12 V1 set chunked prefill on for every generative model whatever the flag said.
  d.vllm = {0, 11, 0};
  s = resolve_settings(d);
  CHECK(s.chunked_prefill);
  CHECK(s.max_num_batched_tokens == 8192);
  d.max_num_batched_tokens = 65536;
  CHECK_FALSE(error_of(d));
}

TEST_CASE("async scheduling sizes sliding windows for two batches in flight", "[engine][async]") {
  // gpt-oss-20b on an H100 (max_num_batched_tokens 8,192): with async scheduling (the default)
  // sliding layers hold 128 - 1 + 2 x 8,192 tokens, cdiv(16,511, 16) + 1 = 1,033 blocks; without,
  // cdiv(8,319, 16) + 1 = 521.
  deployment d{.model = models::gpt_oss_20b, .gpu = gpus::h100_sxm, .max_model_len = 131072};
  const plan on = plan_of(d);
  CHECK(on.async_scheduling);
  CHECK(on.in_flight_tokens == 16384);
  d.async_scheduling = false;
  const plan off = plan_of(d);
  CHECK(off.in_flight_tokens == 8192);
  std::int32_t sliding = -1;
  for (std::int32_t i = 0; i < off.buckets.size(); ++i)
    if (off.buckets[i].spec.kind == spec_kind::sliding_window) sliding = i;
  REQUIRE(sliding >= 0);
  CHECK(on.buckets[sliding].blocks_per_request == 1033);
  CHECK(off.buckets[sliding].blocks_per_request == 521);
}

TEST_CASE("--disable-hybrid-kv-cache-manager", "[engine][hybrid]") {
  // gpt-oss-20b: sliding layers become full ones, every layer holding 131,072 / 16 = 8,192
  // blocks a request; one group of 24 layers.
  deployment d{.model = models::gpt_oss_20b, .gpu = gpus::h100_sxm, .max_model_len = 131072,
               .disable_hybrid_kv_cache_manager = true};
  const plan p = plan_of(d);
  CHECK_FALSE(p.hybrid_kv_cache_manager);
  CHECK(p.num_groups == 1);
  CHECK(p.blocks_per_request == 8192);
  // A Mamba hybrid cannot run without it.
  d.model = models::nemotron_3_nano;
  CHECK(error_of(d).code == errc::hybrid_kv_cache_manager_needed);
}

TEST_CASE("--language-model-only and --skip-mm-profiling: the vision tower", "[engine][multimodal]") {
  // Qwen3.5-122B-A10B over 2 x L40S, vLLM 0.16.1 (the profile's encoder term: 1,569,718,272 B,
  // test_memory_profile.cpp). --skip-mm-profiling keeps the tower's weights and profiles none of
  // it; --language-model-only builds no tower: its 451,298,928 parameters (the reader's estimate,
  // Qwen3.6-35B's 446,579,312 + 4,609 x (3,072 - 2,048) for the wider merger output) at 2 B over
  // TP 2 leave each GPU's weights, 451,298,928 B.
  deployment d{.model = models::qwen3_5_122b_a10b, .gpu = gpus::l40s, .tensor_parallel_size = 2,
               .max_model_len = 131072, .max_num_seqs = 6, .max_num_batched_tokens = 8192, .vllm = {0, 16, 1}};
  const plan with_tower = plan_of(d);
  CHECK(with_tower.profile.activation_parts.encoder_bytes == 1'569'718'272);
  d.skip_mm_profiling = true;
  const plan skipped = plan_of(d);
  CHECK(skipped.profile.activation_parts.encoder_bytes == 0);
  CHECK(skipped.profile.weights.bytes == with_tower.profile.weights.bytes);
  CHECK(vllm_serve_command(d).view().find("--skip-mm-profiling") != std::string_view::npos);
  d.skip_mm_profiling = false;
  d.language_model_only = true;
  const plan text_only = plan_of(d);
  CHECK(text_only.profile.activation_parts.encoder_bytes == 0);
  const count_t dropped = with_tower.profile.weights.bytes - text_only.profile.weights.bytes;
  CHECK(dropped >= 451'298'927);
  CHECK(dropped <= 451'298'929);
  CHECK(text_only.profile.non_kv_bytes() < with_tower.profile.non_kv_bytes() - dropped);
  CHECK(vllm_serve_command(d).view().find("--language-model-only") != std::string_view::npos);
  // The flag is v0.16's (vLLM PR #34120).
  d.vllm = {0, 15, 1};
  CHECK(error_of(d).code == errc::feature_needs_newer_vllm);
}

TEST_CASE("--language-model-only drops any vision tower's weights", "[engine][multimodal]") {
  // Gemma 3 27B from its config.json: SigLIP (27 layers of 4 x (1152 x 1152 + 1152) + 1152 x 4304
  // + 4304 + 4304 x 1152 + 1152 + 4 x 1152 = 15,239,504; patch conv 3 x 14 x 14 x 1152 + 1152;
  // 64 x 64 position embeddings x 1152; 2 x 1152) = 416,866,032, and the projector 1152 x 5376 +
  // 1152: 423,060,336 parameters. Its encoder is not profiled, but without the tower its weights
  // go: 423,060,336 x 2 B over TP 2 = 423,060,336 B a GPU.
  const kvplan::model g = kvplan_test::config_model("gemma-3-27b.json", "google/gemma-3-27b-it");
  CHECK(g.vision_params == 423'060'336);
  deployment d{.model = g, .gpu = gpus::h100_sxm, .tensor_parallel_size = 2, .max_model_len = 32768};
  const count_t with_tower = plan_of(d).profile.weights.bytes;
  d.language_model_only = true;
  const count_t without = plan_of(d).profile.weights.bytes;
  CHECK(with_tower - without >= 423'060'335);
  CHECK(with_tower - without <= 423'060'337);
  // Llama 4's registry entries carry their tower's count (871,932,416, from its vision_config).
  CHECK(models::llama_4_scout.vision_params == 871'932'416);
  // Gemma 3's tower serves images only: '{"image": 0}' leaves it out from v0.16 (vLLM PR #32605,
  // _mark_tower_model for every model); before, Gemma 3 built it whatever the limits.
  d.language_model_only = false;
  d.limit_images = 0;
  CHECK(plan_of(d).profile.weights.bytes == without);
  d.vllm = {0, 15, 1};
  CHECK(plan_of(d).profile.weights.bytes == with_tower);
  // Llama 4's left out by limits from v0.10.1 (vLLM PR #22299); Kimi K2.5's by its vision_chunk,
  // not by images.
  deployment l4{.model = models::llama_4_scout, .gpu = gpus::h100_sxm, .tensor_parallel_size = 8,
                .max_model_len = 32768, .vllm = {0, 10, 1}, .limit_images = 0};
  const count_t l4_without = plan_of(l4).profile.weights.bytes;
  l4.vllm = {0, 10, 0};
  CHECK(plan_of(l4).profile.weights.bytes - l4_without == 871'932'416 * 2 / 8);
  deployment k{.model = models::kimi_k2_5, .gpu = gpus::b200, .tensor_parallel_size = 8, .limit_images = 0};
  const count_t k_images_off = plan_of(k).profile.weights.bytes;
  k.limit_vision_chunks = 0;
  CHECK(k_images_off - plan_of(k).profile.weights.bytes == 466'431'088 * 2 / 8);
  // Qwen3.5's serves videos too: images off alone keeps it (and its profile).
  deployment q{.model = models::qwen3_5_122b_a10b, .gpu = gpus::h200, .tensor_parallel_size = 2, .limit_images = 0};
  const count_t q_tower = plan_of(q).profile.weights.bytes;
  CHECK(plan_of(q).profile.activation_parts.encoder_bytes > 0);
  q.limit_videos = 0;
  CHECK(plan_of(q).profile.activation_parts.encoder_bytes == 0);
  // The tower is bf16 in quantized checkpoints too (NVIDIA's NVFP4 configs exclude
  // "model.visual*"): nvidia/Qwen3.5-122B-A10B-NVFP4 at TP 2 drops 451,298,928 x 2 B / 2.
  q.checkpoint = 1;
  const count_t nvfp4_without = plan_of(q).profile.weights.bytes;
  q.limit_images = -1;
  q.limit_videos = -1;
  const count_t nvfp4_with = plan_of(q).profile.weights.bytes;
  CHECK(nvfp4_with - nvfp4_without >= 451'298'927);
  CHECK(nvfp4_with - nvfp4_without <= 451'298'929);
  CHECK(q_tower > nvfp4_with);
}

TEST_CASE("KV offloading: the host tier", "[engine][offload]") {
  // Llama-3.1-8B, bf16, block 16: 32 layers x 16 x 2 x 8 x 128 x 2 B = 2,097,152 B a block on one
  // GPU. 200 GiB of host memory: 214,748,364,800 // 2,097,152 = 102,400 blocks = 1,638,400 tokens.
  deployment d{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .max_model_len = 32768,
               .kv_offloading_size_gib = 200};
  const plan p = plan_of(d);
  CHECK(p.offload_blocks == 102'400);
  CHECK(p.offload_tokens == 1'638'400);
  // 200 GiB per GPU at TP 2 is kv_offloading_size 400 (the total over ranks): a rank's block is
  // 1,048,576 B, x world size 2: 429,496,729,600 // 2,097,152 = 204,800 blocks.
  d.tensor_parallel_size = 2;
  d.kv_offloading_size_gib = 400;
  CHECK(plan_of(d).offload_blocks == 204'800);
  CHECK(plan_of(d).num_gpu_blocks > 0);
  // LMCache sizes its own server: no tier here.
  d.offloading_backend = kv_offloading_backend::lmcache;
  CHECK(plan_of(d).offload_blocks == 0);
  d.kv_offloading_size_gib = -1;
  CHECK(error_of(d).code == errc::kv_offloading_size_must_be_positive);
}

TEST_CASE("a shared prefix is held once", "[engine][prefix]") {
  // Llama-3.1-8B at 8,192 tokens with a 2,000-token system prompt: 8,192 / 16 = 512 blocks a
  // request, of which 2,000 // 16 = 125 full blocks are shared. With 20 GiB of KV memory,
  // 21,474,836,480 // 2,097,152 = 10,240 blocks: 10,240 / 512 = 20x without the sharing,
  // (10,240 - 125) / (512 - 125) = 26.14x with it; 64 requests need 125 + 64 x 387 = 24,893.
  deployment d{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .kv_cache_memory_bytes = 20 * GiB,
               .max_model_len = 8192, .shared_prefix_tokens = 2000};
  const plan p = plan_of(d);
  CHECK(p.num_gpu_blocks == 10'240);
  CHECK(p.shared_prefix_blocks == 125);
  CHECK(p.max_concurrency == Approx(20.0));
  CHECK(p.max_concurrency_with_shared_prefix == Approx(10'115.0 / 387.0));
  // Without prefix caching nothing is shared.
  d.enable_prefix_caching = prefix_caching::disabled;
  CHECK(plan_of(d).shared_prefix_blocks == 0);
  d.shared_prefix_tokens = 9000;
  CHECK(error_of(d).code == errc::shared_prefix_tokens_out_of_range);
}

TEST_CASE("an attention-free model plans with one block", "[engine][attention-free]") {
  model m = models::llama_3_1_8b;
  m.layers = uniform_layers(32, no_cache());
  const plan p = plan_of({.model = m, .gpu = gpus::h100_sxm});
  CHECK(p.attention_free);
  CHECK(p.num_gpu_blocks == 1);
  CHECK(p.fits());
  CHECK(p.kv_cache_tokens == 0);
}

TEST_CASE("release rules for uneven pages", "[engine][releases]") {
  // Full attention of 3 KV heads (1,536 B a token) beside sliding layers of 2 (1,024 B): the
  // pages do not divide. vLLM pads the smaller from v0.23; before, it raised.
  model m = models::llama_3_1_8b;
  m.num_attention_heads = 24;
  m.layers = periodic_layers(4, 2, sliding_window(2, 128, 512), full_attention(3, 128));
  deployment d{.model = m, .gpu = gpus::h100_sxm, .max_model_len = 8192};
  CHECK(error_of(d).code == errc::none);
  d.vllm = {0, 22, 0};
  // Pages of 16 tokens: 16 x 1,024 = 16,384 and 16 x 1,536 = 24,576 B.
  CHECK(error_of(d) == error{errc::page_sizes_cannot_be_unified, {16'384, 24'576}});
  // Full-attention layers of two head sizes share a group from v0.11 (UniformTypeKVCacheSpecs).
  m.layers = periodic_layers(4, 2, full_attention(8, 64), full_attention(8, 128));
  d = {.model = m, .gpu = gpus::h100_sxm, .max_model_len = 8192, .vllm = {0, 11, 0}};
  CHECK(plan_of(d).num_groups == 1);
  d.vllm = {0, 10, 0};
  // 16 x 2 x 8 x 64 x 2 = 32,768 and 16 x 2 x 8 x 128 x 2 = 65,536 B.
  CHECK(error_of(d) == error{errc::full_attention_page_sizes_differ, {32'768, 65'536}});
}

TEST_CASE("LoRA: adapter slots with the weights, graphs twice, and vLLM's rules", "[engine][lora]") {
  const vllm_rules v0_27 = rules_for({0, 27, 1});
  const auto lora = [](deployment d, std::int32_t slots, std::int32_t rank = 0) {
    d.lora = {.enabled = true, .max_loras = slots, .max_lora_rank = rank};
    return d;
  };
  // Qwen3-4B (36 layers, hidden 2,560, 32 x 128 query, 8 x 128 KV, intermediate 9,728, vocab
  // 151,936, tied), a slot at rank 1, in elements:
  //   q/k/v: A 3 x 2,560 = 7,680, B 4,096 + 2 x 1,024 = 6,144; o: A 4,096, B 2,560 = 6,656;
  //   gate_up: A 2 x 2,560 = 5,120, B 2 x 9,728 = 19,456; down: A 9,728, B 2,560 = 12,288;
  //   57,344 a layer, 2,064,384 in 36;
  //   from v0.16 the embedding, wrapped twice (tied), and the logits: 3 x (151,936 + 2,560) = 463,488.
  // At rank 16 in bf16: (2,064,384 + 463,488) x 16 x 2 B = 80,891,904 B a slot (77.15 MiB).
  const deployment qwen3_4b{.model = models::qwen3_4b, .gpu = gpus::rtx_4090, .vllm = {0, 27, 1}};
  CHECK(lora_weights_bytes(lora(qwen3_4b, 1), v0_27) == 80'891'904);
  CHECK(lora_weights_bytes(lora(qwen3_4b, 64), v0_27) == 64 * 80'891'904LL);
  CHECK(lora_weights_bytes(qwen3_4b, v0_27) == 0);
  // v0.15: Qwen3 names no embedding modules yet; linear slots only, 2,064,384 x 32 B.
  CHECK(lora_weights_bytes(lora(qwen3_4b, 1), rules_for({0, 15, 0})) == 66'060'288);
  // Rank 64 is four times rank 16.
  CHECK(lora_weights_bytes(lora(qwen3_4b, 1, 64), v0_27) == 4 * 80'891'904LL);

  // Llama-3.1-8B (32 layers, hidden 4,096, 8 KV heads, intermediate 14,336, vocab 128,256,
  // untied): q/k/v 3 x 4,096 + 4,096 + 2 x 1,024 = 18,432; o 8,192; MLP 3 x 4,096 + 3 x 14,336 =
  // 55,296; 81,920 a layer, 2,621,440 in 32. v0.12+: embedding and logits 2 x (128,256 + 4,096)
  // = 264,704; (2,621,440 + 264,704) x 32 B = 92,356,608 a slot. v0.11: the vocabulary with 256
  // extra rows (128,512, a multiple of 256), 2 x 132,608 = 265,216, and the extra rows'
  // embeddings, 2 x 256 x 4,096 x 2 B = 4,194,304: (2,621,440 + 265,216) x 32 + 4,194,304 =
  // 96,567,296.
  const deployment llama{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .vllm = {0, 12, 0}};
  CHECK(lora_weights_bytes(lora(llama, 1), rules_for({0, 12, 0})) == 92'356'608);
  CHECK(lora_weights_bytes(lora(llama, 1), rules_for({0, 11, 0})) == 96'567'296);
  // TP 2 splits the query (2,048), the KV heads (4 x 128) and the MLP (7,168): q/k/v 12,288 +
  // 2,048 + 1,024 = 15,360; o 2,048 + 4,096 = 6,144; MLP 12,288 + 21,504 = 33,792; 55,296 a layer,
  // 1,769,472 in 32; the vocabulary slots stay whole: (1,769,472 + 264,704) x 32 = 65,093,632.
  deployment llama_tp2 = lora(llama, 1);
  llama_tp2.tensor_parallel_size = 2;
  CHECK(lora_weights_bytes(llama_tp2, rules_for({0, 12, 0})) == 65'093'632);
  // Fully sharded, the hidden-sized sides split too: q/k/v's A 6,144 + 2,048 + 1,024 = 9,216;
  // o 2,048 + 2,048 = 4,096; MLP 6,144 + 21,504 = 27,648; 40,960 a layer, 1,310,720 in 32;
  // (1,310,720 + 264,704) x 32 = 50,413,568.
  llama_tp2.lora.fully_sharded = true;
  CHECK(lora_weights_bytes(llama_tp2, rules_for({0, 12, 0})) == 50'413'568);

  // Qwen3-30B-A3B from v0.11.1: the 48 x 128 experts' slots, 6,144 x (3 x 2,048 + 3 x 768) =
  // 51,904,512 a rank, beside attention's (48 x (3 x 2,048 + 4,096 + 2 x 512 + 4,096 + 2,048) =
  // 48 x 17,408 = 835,584); v0.11.0 leaves the experts out.
  const deployment moe{.model = models::qwen3_30b_a3b, .gpu = gpus::h100_sxm, .vllm = {0, 11, 1}};
  CHECK(lora_weights_bytes(lora(moe, 1), rules_for({0, 11, 1})) == (51'904'512LL + 835'584) * 16 * 2);
  CHECK(lora_weights_bytes(lora(moe, 1), rules_for({0, 11, 0})) == 835'584LL * 16 * 2);

  // The plan carries them in the weights, and a vLLM 0.27.1 log's 64 slots came to 4.86 GiB
  // more than one: kvplan's 63 x 80,891,904 B = 4.75 GiB (the caching allocator rounds each
  // 19 MiB slice of gate_up and down to 20 MiB, 0.1 GiB, which kvplan leaves out).
  const plan one = plan_of(lora(qwen3_4b, 1));
  const plan many = plan_of(lora(qwen3_4b, 64));
  CHECK(many.profile.weights.bytes - one.profile.weights.bytes == 63 * 80'891'904LL);
  CHECK(many.profile.lora_bytes == 64 * 80'891'904LL);
  // Every graph twice, without and with adapters (v0.11.1+): 51 + 35 become 102 + 70, as that
  // log captured; v0.11.0 captures once.
  CHECK(graphs_of(qwen3_4b, 256, 2048) == graph_counts{51, 35});
  CHECK(graphs_of(lora(qwen3_4b, 64), 256, 2048) == graph_counts{102, 70});
  deployment v0_11_0 = lora(qwen3_4b, 64);
  v0_11_0.vllm = {0, 11, 0};
  deployment no_lora_v0_11_0 = v0_11_0;
  no_lora_v0_11_0.lora = {};
  CHECK(graphs_of(v0_11_0, 256, 2048) == graphs_of(no_lora_v0_11_0, 256, 2048));
  // The serve command carries the settings.
  CHECK(vllm_serve_command(lora(qwen3_4b, 64, 32)).view().find("--enable-lora --max-loras 64 --max-lora-rank 32") !=
        std::string_view::npos);

  // vLLM's rules: ranks from its list (1 from v0.11.1), the settings only with --enable-lora,
  // no expert parallelism for LoRA on experts, and kvplan sizes attention with q/k/v only.
  CHECK(error_of(lora(qwen3_4b, 1, 24)) == error{errc::lora_rank_not_allowed, {24}});
  CHECK(error_of(lora(qwen3_4b, 1, 1)) == error{});
  CHECK(error_of(lora(v0_11_0, 1, 1)) == error{errc::lora_rank_not_allowed, {1}});
  deployment slots_only = qwen3_4b;
  slots_only.lora.max_loras = 4;
  CHECK(error_of(slots_only) == error{errc::lora_setting_without_enable_lora, {}, "--max-loras"});
  deployment ep = lora(moe, 1);
  ep.tensor_parallel_size = 2;
  ep.enable_expert_parallel = true;
  CHECK(error_of(ep) == error{errc::lora_with_expert_parallel});
  ep.vllm = {0, 11, 0};
  CHECK(error_of(ep) == error{});
  CHECK(error_of(lora(deployment{.model = models::deepseek_v3, .gpu = gpus::h200, .tensor_parallel_size = 8}, 1)) ==
        error{errc::lora_not_sized_for, {}, "mla"});
}
