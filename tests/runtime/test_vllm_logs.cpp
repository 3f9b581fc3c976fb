// kvplan against vLLM's own start-up logs. Each case quotes the log lines (with their source)
// and feeds kvplan the same settings and the KV memory vLLM reported: exactly where the log
// prints bytes, else every byte count that rounds to the logged GiB. "GPU KV cache size" and
// "Maximum concurrency" must come out as vLLM printed them.
#include "kvplan_catch.hpp"

#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <cstdio>
#include <string>

using namespace kvplan;

namespace {

std::string fixed2(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", v);
  return buf;
}

// The plan with exactly `bytes` of KV memory.
plan with_memory(deployment d, count_t bytes) {
  d.kv_cache_memory_bytes = bytes;
  return make_plan(d);
}

// vLLM printed `logged_gib` (2 decimals) as the available KV memory; the true byte count lies in
// [logged - 0.005, logged + 0.005) GiB. Some block count in that range must give both logged
// figures, and kvplan must reproduce them from that block count's memory.
void check_log(const deployment& d, double logged_gib, count_t logged_tokens, const char* logged_concurrency) {
  const plan probe = with_memory(d, GiB);
  const count_t bpb = probe.bytes_per_block;
  const auto bytes = [](double gib) { return static_cast<count_t>(gib * static_cast<double>(GiB)); };
  const count_t first = bytes(logged_gib - 0.005) / bpb;
  const count_t last = bytes(logged_gib + 0.005) / bpb;
  bool matched = false;
  for (count_t blocks = first; blocks <= last && !matched; ++blocks) {
    const plan p = with_memory(d, blocks * bpb);
    matched = p.kv_cache_tokens == logged_tokens &&
              (logged_concurrency == nullptr || fixed2(p.max_concurrency) == logged_concurrency);
  }
  INFO("bytes per block " << bpb << ", blocks " << first << ".." << last);
  REQUIRE(matched);
}

}  // namespace

TEST_CASE("Qwen3-Next-80B on 2 x H200 (vLLM 0.10.2): exact bytes", "[logs][hybrid]") {
  // LegalAI-DataPipeline start-up log, 2025-10-23 (vLLM 0.10.2, --tensor-parallel-size 2, all
  // else default):
  //   Setting attention block size to 544 tokens to ensure that attention page size is >= mamba page size.
  //   Padding mamba page size by 1.49% ...
  //   Available KV cache memory: 44.59 GiB
  //   GPU KV cache size: 973,760 tokens
  //   Maximum concurrency for 262,144 tokens per request: 14.77x
  //   ... Current kv cache memory in use is 47878721024 bytes.
  //   vllm cache_config_info with initialization after num_gpu_blocks is: 7162
  // Per rank: Gated DeltaNet state 548,864 B, attention 1 KV head x 512 x 2 B = 1,024 B/token:
  // block 16 x cdiv(548,864, 16,384) = 544; page 544 x 1,024 = 557,056 (mamba padded by
  // 8,192 B = 1.49 %); 12 attention + 36 DeltaNet layers: 4 groups of 12, 6,684,672 B per block;
  // 47,878,721,024 // 6,684,672 = 7,162 blocks; 0.10.2 reports 7,162 // 4 x 544 = 973,760 tokens
  // and 7,162 / (cdiv(262,144, 544) + 3) = 7,162 / 485 = 14.77x.
  const plan p = with_memory({.model = models::qwen3_next_80b,
                              .gpu = gpus::h200,
                              .tensor_parallel_size = 2,
                              .vllm = {0, 10, 2}},
                             47'878'721'024);
  REQUIRE(p.block_size == 544);
  REQUIRE(p.buckets[0].spec.real_page_size_bytes() == 548'864);
  REQUIRE(p.num_groups == 4);
  REQUIRE(p.num_gpu_blocks == 7'162);
  REQUIRE(p.kv_cache_tokens == 973'760);
  REQUIRE(fixed2(p.max_concurrency) == "14.77");
}

TEST_CASE("gemma-3-27b on an AMD Instinct GPU (vLLM 0.11.0): groups with padding", "[logs][swa]") {
  // "vLLM API Server Startup Log (Example)", ROCm, vLLM 0.11.0rc2, --max-model-len 4096:
  //   Available KV cache memory: 109.86 GiB
  //   Add 8 padding layers, may waste at most 15.38% KV cache memory
  //   GPU KV cache size: 205,696 tokens
  //   Maximum concurrency for 4,096 tokens per request: 50.05x
  //   num_gpu_blocks is: 89994
  // 10 global + 52 local layers: 7 groups of 10 (8 padding), 10 x 16 x 16 x 256 x 2 B =
  // 1,310,720 B per block; 89,994 // 7 x 16 = 205,696 tokens; a request needs 256 full blocks
  // plus 6 x (cdiv(min(1023 + 8192, 4096), 16) + 1) = 6 x 257: 89,994 / 1,798 = 50.05x.
  const deployment d{.model = models::gemma_3_27b, .gpu = gpus::mi300x, .max_model_len = 4096, .vllm = {0, 11, 0}};
  const plan p = with_memory(d, count_t{89'994} * 1'310'720);
  REQUIRE(p.num_groups == 7);
  REQUIRE(p.num_gpu_blocks == 89'994);
  REQUIRE(p.blocks_per_request == 1'798);
  REQUIRE(p.kv_cache_tokens == 205'696);
  REQUIRE(fixed2(p.max_concurrency) == "50.05");
  check_log(d, 109.86, 205'696, "50.05");
}

TEST_CASE("a user-defined model: LLaVA-1.6-Mistral-7B on H100 (vLLM ~0.10.2)", "[logs][gqa]") {
  // Offline LLM() run, max_model_len 4096, default utilization 0.9:
  //   Model loading took 14.0786 GiB
  //   Available KV cache memory: 55.15 GiB
  //   GPU KV cache size: 451,744 tokens
  //   Maximum concurrency for 4,096 tokens per request: 110.29x
  //   Free memory on device (78.66/79.19 GiB) on startup. Desired GPU memory utilization is
  //   (0.9, 71.27 GiB). Actual usage is 14.08 GiB for weight, 1.97 GiB for peak activation,
  //   0.07 GiB for non-torch memory, and 0.67 GiB for CUDAGraph memory. ... Current kv cache
  //   memory in use is 59212694937 bytes.
  // The language model is Mistral-7B: 32 layers, 32 heads, 8 KV heads of 128, 131,072 B per token.
  model llava_lm = models::llama_3_1_8b;  // same shape; only the names and limits differ
  llava_lm.name = "llava-v1.6-mistral-7b";
  llava_lm.hf_id = "llava-hf/llava-v1.6-mistral-7b-hf";
  llava_lm.max_model_len = 32768;
  const deployment d{.model = llava_lm, .gpu = gpus::h100_sxm, .max_model_len = 4096, .vllm = {0, 10, 2}};
  // 59,212,694,937 // 2,097,152 = 28,234 blocks x 16 = 451,744 tokens; / 4,096 = 110.29x.
  const plan p = with_memory(d, 59'212'694'937);
  REQUIRE(p.num_gpu_blocks == 28'234);
  REQUIRE(p.kv_cache_tokens == 451'744);
  REQUIRE(fixed2(p.max_concurrency) == "110.29");
  // The budget: v0.10.2 subtracted no CUDA-graph memory. With this driver's total (79.19 GiB) and
  // the logged terms, the available memory is 71.27 - 14.08 - 1.97 - 0.07 = 55.15 GiB.
  deployment budget = d;
  budget.gpu.total_memory_bytes = static_cast<count_t>(79.19 * static_cast<double>(GiB));
  budget.memory = {.weights_bytes = static_cast<count_t>(14.0786 * static_cast<double>(GiB)),
                   .activation_bytes = static_cast<count_t>(1.97 * static_cast<double>(GiB)),
                   .non_torch_bytes = static_cast<count_t>(0.07 * static_cast<double>(GiB)),
                   .cudagraph_bytes = static_cast<count_t>(0.67 * static_cast<double>(GiB))};
  const plan b = make_plan(budget);
  REQUIRE(centi_gib(b.requested_memory_bytes) == 7127);
  REQUIRE(b.cudagraph_bytes == 0);
  REQUIRE(centi_gib(b.available_kv_cache_bytes) == 5515);
}

TEST_CASE("a user-defined MLA model over TP 2 x PP 2: DeepSeek-V2-Lite on 4 x L4", "[logs][mla][pp]") {
  // vllm-project/vllm#20665 (main around v0.9.2): --max-model-len=1024 --enforce-eager
  // --tensor-parallel-size=2 --pipeline-parallel-size=2
  //   (rank 0, 1) Available KV cache memory: 12.13 GiB; (rank 2, 3) 11.33 GiB
  //   GPU KV cache size: 807,792 tokens
  //   Maximum concurrency for 1,024 tokens per request: 788.86x
  // DeepSeek-V2-Lite: 27 layers of MLA (kv_lora_rank 512 + qk_rope_head_dim 64 = 1,152 B per
  // token in bf16, on every TP rank). PP 2 gives stages of 14 and 13 layers; block 16 (the L4
  // has no FlashMLA). Stage 0: 14 x 16 x 1,152 = 258,048 B per block; 12.13 GiB holds
  // 50,452..50,493 blocks and the log's 807,792 tokens are 50,487 blocks; 50,487 / 64 = 788.86x.
  constexpr model lite = [] {
    model m;
    m.name = "deepseek-v2-lite";
    m.hf_id = "deepseek-ai/DeepSeek-V2-Lite";
    m.model_type = "deepseek_v2";
    m.hidden_size = 2048;
    m.num_attention_heads = 16;
    m.vocab_size = 102400;
    m.max_model_len = 163840;
    m.total_params = 15'700'000'000;
    m.active_params = 2'400'000'000;
    m.layers = uniform_layers(27, mla(512, 64));
    return m;
  }();
  const deployment d{.model = lite,
                     .gpu = gpus::l4,
                     .tensor_parallel_size = 2,
                     .pipeline_parallel_size = 2,
                     .max_model_len = 1024,
                     .enforce_eager = true,
                     .vllm = {0, 9, 2}};
  const plan p = with_memory(d, GiB);
  REQUIRE(p.block_size == 16);
  REQUIRE(p.stages[0].num_layers == 14);
  REQUIRE(p.stages[0].bytes_per_block == 258'048);
  REQUIRE(p.stages[1].bytes_per_block == 239'616);
  check_log(d, 12.13, 807'792, "788.86");
}

TEST_CASE("user-defined Qwen3 models: dense and MoE, TP 1 and 4", "[logs][gqa]") {
  // Qwen3-14B: 40 layers, 40 heads, 8 KV heads of 128: 163,840 B per token.
  model qwen3_14b = models::llama_3_1_8b;
  qwen3_14b.name = "qwen3-14b";
  qwen3_14b.hf_id = "Qwen/Qwen3-14B";
  qwen3_14b.num_attention_heads = 40;
  qwen3_14b.max_model_len = 40960;
  qwen3_14b.layers = uniform_layers(40, full_attention(8, 128));
  // LMCache/LMCache#1739 (vLLM ~0.10.2, --max-model-len 32768):
  //   Available KV cache memory: 6.51 GiB / GPU KV cache size: 42,656 tokens /
  //   Maximum concurrency for 32,768 tokens per request: 1.30x
  check_log({.model = qwen3_14b, .gpu = gpus::l40s, .max_model_len = 32768, .vllm = {0, 10, 2}}, 6.51, 42'656, "1.30");
  // vLLM 0.28.0 on one L40S, all defaults (max_model_len 40,960):
  //   Available KV cache memory: 11.57 GiB / GPU KV cache size: 75,824 tokens /
  //   Maximum concurrency for 40,960 tokens per request: 1.85x
  check_log({.model = qwen3_14b, .gpu = gpus::l40s, .vllm = {0, 28, 0}}, 11.57, 75'824, "1.85");

  // Qwen3-Coder-30B-A3B (the Qwen3-30B-A3B shape): 48 layers, 32 heads, 4 KV heads of 128. On
  // 4 x L40S, TP 4: one KV head per rank, 24,576 B per token.
  //   Available KV cache memory: 23.74 GiB / GPU KV cache size: 1,037,152 tokens /
  //   Maximum concurrency for 32,768 tokens per request: 31.65x
  model coder = qwen3_14b;
  coder.name = "qwen3-coder-30b-a3b";
  coder.hf_id = "Qwen/Qwen3-Coder-30B-A3B-Instruct";
  coder.num_attention_heads = 32;
  coder.max_model_len = 262144;
  coder.layers = uniform_layers(48, full_attention(4, 128));
  check_log({.model = coder, .gpu = gpus::l40s, .tensor_parallel_size = 4, .max_model_len = 32768}, 23.74,
            1'037'152, "31.65");
}

TEST_CASE("the estimated maximum model length in vLLM's error (vLLM 0.10.1)", "[logs][fit]") {
  // vllm-project/recipes#12: Qwen3-Coder-480B-A35B-Instruct-FP8 on 8 x H20, -dp=8
  // --enable-expert-parallel (62 layers, 8 KV heads of 128: 253,952 B per token, no TP split):
  //   ... max seq len (262144), (62.00 GiB KV cache is needed, which is larger than the available
  //   KV cache memory (48.66 GiB). Based on the available memory, the estimated maximum model
  //   length is 205728.
  //   (with --gpu-memory-utilization 0.95: 55.65 GiB available, estimated 235296)
  // Before the null block was reserved, the largest length is floor(available / (16 x
  // 253,952)) x 16: 48.66 GiB gives 205,712..205,760 and 55.65 GiB 235,264..235,312.
  model coder = models::llama_3_1_8b;
  coder.name = "qwen3-coder-480b-a35b";
  coder.hf_id = "Qwen/Qwen3-Coder-480B-A35B-Instruct-FP8";
  coder.num_attention_heads = 96;
  coder.max_model_len = 262144;
  coder.layers = uniform_layers(62, full_attention(8, 128));
  const deployment d{.model = coder, .gpu = gpus::h20, .data_parallel_size = 8, .enable_expert_parallel = true,
                     .vllm = {0, 10, 1}};
  const plan p = with_memory(d, static_cast<count_t>(48.66 * static_cast<double>(GiB)));
  REQUIRE(p.verdict == errc::max_model_len_does_not_fit);
  REQUIRE(centi_gib(p.needed_bytes) == 6200);
  bool seen_205728 = false, seen_235296 = false;
  for (count_t b = static_cast<count_t>(48.655 * GiB); b < static_cast<count_t>(48.665 * GiB); b += 4'063'232)
    seen_205728 = seen_205728 || with_memory(d, b).estimated_max_model_len == 205'728;
  for (count_t b = static_cast<count_t>(55.645 * GiB); b < static_cast<count_t>(55.655 * GiB); b += 4'063'232)
    seen_235296 = seen_235296 || with_memory(d, b).estimated_max_model_len == 235'296;
  REQUIRE(seen_205728);
  REQUIRE(seen_235296);
}

TEST_CASE("gpt-oss-120b (vLLM 0.11.2): two groups share one pool", "[logs][swa]") {
  // blog.huikang.dev (2025-12-28), vLLM 0.11.2: --max-model-len 98304
  // --gpu-memory-utilization 0.96 --max-num-seqs 6; max_num_batched_tokens 2048:
  //   Available KV cache memory: 8.99 GiB / GPU KV cache size: 130,960 tokens
  // 18 full + 18 sliding layers: 2 groups of 18, 18 x 16 x 8 x 128 x 2 B = 589,824 B per block;
  // 0.11.2 reports num_blocks // 2 x 16.
  const deployment d{.model = models::gpt_oss_120b,
                     .gpu = gpus::a100_80gb,
                     .max_model_len = 98304,
                     .max_num_seqs = 6,
                     .max_num_batched_tokens = 2048,
                     .vllm = {0, 11, 2}};
  check_log(d, 8.99, 130'960, nullptr);
}
