// DeepSeek-V4: its per-layer caches, the packed KV-cache groups vLLM makes of them, and the
// blocks a request holds. The configs below are written from DeepSeek-V4-Flash's and -Pro's
// config.json values (num_hidden_layers 43 / 61, compress_ratios, head_dim 512, sliding_window
// 128, index_head_dim 128); every figure is worked by hand beside it.
#include "kvplan_catch.hpp"
#include "plan_or_fail.hpp"

#include <kvplan/hf_config.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>
#include <kvplan/operations.hpp>

#include <array>
#include <cstdint>
#include <string>

using namespace kvplan;
using kvplan_test::plan_of;

namespace {
// V4-Flash: 43 layers; compress_ratios [0, 0] + [4, 128] x 20 + [4], and a last entry (0) for the
// MTP layer that vLLM does not read: 2 SWA-only layers, 21 C4 layers, 20 C128 layers.
constexpr std::string_view v4_flash_config = R"({
  "architectures": ["DeepseekV4ForCausalLM"], "model_type": "deepseek_v4",
  "num_hidden_layers": 43, "hidden_size": 4096, "num_attention_heads": 64, "num_key_value_heads": 1,
  "vocab_size": 129280, "head_dim": 512, "qk_rope_head_dim": 64, "q_lora_rank": 1024,
  "o_lora_rank": 1024, "o_groups": 8, "sliding_window": 128, "index_head_dim": 128,
  "index_n_heads": 64, "index_topk": 512, "n_routed_experts": 256, "n_shared_experts": 1,
  "num_experts_per_tok": 6, "moe_intermediate_size": 2048, "num_nextn_predict_layers": 1,
  "max_position_embeddings": 1048576, "torch_dtype": "bfloat16", "tie_word_embeddings": false,
  "rope_scaling": {"type": "yarn", "factor": 16, "original_max_position_embeddings": 65536},
  "compress_ratios": [0, 0, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128,
                      4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4,
                      128, 4, 128, 4, 0],
  "quantization_config": {"quant_method": "fp8", "fmt": "e4m3", "weight_block_size": [128, 128]},
  "expert_dtype": "fp4"
})";

// V4-Pro: 61 layers; compress_ratios [128, 128] + [4, 128] x 29 + [4] (+ the MTP entry): 30 C4
// layers and 31 C128 layers.
constexpr std::string_view v4_pro_config = R"({
  "architectures": ["DeepseekV4ForCausalLM"], "model_type": "deepseek_v4",
  "num_hidden_layers": 61, "hidden_size": 7168, "num_attention_heads": 128, "num_key_value_heads": 1,
  "vocab_size": 129280, "head_dim": 512, "qk_rope_head_dim": 64, "q_lora_rank": 1536,
  "o_lora_rank": 1024, "o_groups": 16, "sliding_window": 128, "index_head_dim": 128,
  "index_n_heads": 64, "index_topk": 1024, "n_routed_experts": 384, "n_shared_experts": 1,
  "num_experts_per_tok": 6, "moe_intermediate_size": 3072, "num_nextn_predict_layers": 1,
  "max_position_embeddings": 1048576, "torch_dtype": "bfloat16", "tie_word_embeddings": false,
  "compress_ratios": [128, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4,
                      128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128,
                      4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4, 128, 4,
                      128, 4, 128, 4, 0]
})";

constexpr model v4_flash = model_from_hf_config(v4_flash_config, {.hf_id = "deepseek-ai/DeepSeek-V4-Flash"});
constexpr model v4_pro = model_from_hf_config(v4_pro_config, {.hf_id = "deepseek-ai/DeepSeek-V4-Pro"});


// The page sizes of a layer's specs, in the order vLLM registers them.
template <std::size_t N>
constexpr bool pages_are(const layer_type& t, const std::array<count_t, N>& pages) {
  rank_context c;
  c.block_size = 256;
  c.kv_cache_dtype = cache_dtype::fp8_ds_mla;
  const layer_specs s = specs_of(t, c);
  if (s.size() != static_cast<std::int32_t>(N)) return false;
  for (std::size_t i = 0; i < N; ++i)
    if (s[static_cast<std::int32_t>(i)].page_size_bytes() != pages[i]) return false;
  return true;
}
}  // namespace

TEST_CASE("DeepSeek-V4 layer specs: pages padded to FlashMLA's 576-byte alignment", "[deepseek_v4]") {
  // SWA cache: 64 tokens x 584 B = 37,376 -> 65 x 576 = 37,440.
  STATIC_REQUIRE(pages_are(compressed_mla(512, 64, 128, 1, 0), std::array<count_t, 1>{37'440}));
  // C4, registration order: indexer keys (256 / 4 = 64 entries x 132 B = 8,448 -> 8,640), the
  // indexer's compressor state (4 x 2 x 2 x 128 fp32 = 8,192 -> 8,640), the SWA cache (37,440),
  // the C4 latent (64 x 584 = 37,376 -> 37,440), its compressor state (4 x 2 x 2 x 512 fp32 =
  // 32,768 -> 57 x 576 = 32,832).
  STATIC_REQUIRE(pages_are(compressed_mla(512, 64, 128, 4, 128),
                           std::array<count_t, 5>{8'640, 8'640, 37'440, 37'440, 32'832}));
  // C128: the SWA cache, the latent (256 / 128 = 2 entries x 584 = 1,168 -> 3 x 576 = 1,728), its
  // compressor state (8 x 2 x 512 fp32 = 32,768 -> 32,832).
  STATIC_REQUIRE(pages_are(compressed_mla(512, 64, 128, 128, 128), std::array<count_t, 3>{37'440, 1'728, 32'832}));
}

TEST_CASE("DeepSeek-V4 config.json: compress ratios, parameters, default length", "[deepseek_v4][hf_config]") {
  STATIC_REQUIRE(v4_flash.num_layers() == 43);
  STATIC_REQUIRE(v4_flash.layers[0].compress_ratio == 1);  // ratio 0 reads as 1: SWA only
  STATIC_REQUIRE(v4_flash.layers[2].compress_ratio == 4);
  STATIC_REQUIRE(v4_flash.layers[3].compress_ratio == 128);
  STATIC_REQUIRE(v4_flash.layers[42].compress_ratio == 4);
  // YaRN factor 16 over 65,536 = 1,048,576 = max_position_embeddings.
  STATIC_REQUIRE(v4_flash.max_model_len == 1'048'576);
  // The MTP layer is built with ratio 1: a sliding-window cache only.
  STATIC_REQUIRE(v4_flash.num_mtp_layers == 1);
  STATIC_REQUIRE(v4_flash.mtp_layer.kind == layer_kind::compressed_mla);
  STATIC_REQUIRE(v4_flash.mtp_layer.compress_ratio == 1);
  // Parameters: the routed experts alone are 43 x 256 x 3 x 4,096 x 2,048 = 276,891,648,000;
  // the card says 284B in all. Attention, compressors, indexers and embeddings add the rest.
  STATIC_REQUIRE(v4_flash.expert_params == 43LL * 256 * 3 * 4096 * 2048);
  // In all, from the config's shapes: attention per layer wq_a 4,096 x 1,024 + wq_b 1,024 x
  // 64 x 512 + wkv 4,096 x 512 + wo_a 64 x 512 x 1,024 + wo_b 8 x 1,024 x 4,096 + norms (1,024 +
  // 512 + 64 sinks) = 106,956,352; MoE per layer 257 x 3 x 4,096 x 2,048 + gate 4,096 x 256 +
  // bias 256 = 6,468,665,600; 2 x 4,096 layer norms. C4 layers add a compressor (2 x 4,096 x
  // 1,024 + 4 x 1,024 + 512) and the indexer (1,024 x 64 x 128 + 4,096 x 64 + its compressor
  // 2 x 4,096 x 256 + 4 x 256 + 128); C128 layers a compressor (2 x 4,096 x 512 + 128 x 512 +
  // 512). Embeddings 2 x 129,280 x 4,096 and the final norm: 284,298,356,800 (card: 284B).
  constexpr count_t attention = 4096LL * 1024 + 1024LL * 64 * 512 + 4096LL * 512 + 64LL * 512 * 1024 + 8LL * 1024 * 4096 + 1600;
  constexpr count_t moe = 257LL * 3 * 4096 * 2048 + 4096LL * 256 + 256;
  constexpr count_t layer = attention + moe + 2 * 4096;
  constexpr count_t c4 = (2LL * 4096 * 1024 + 4 * 1024 + 512) + (1024LL * 64 * 128 + 4096LL * 64 + 2LL * 4096 * 256 + 4 * 256 + 128);
  constexpr count_t c128 = 2LL * 4096 * 512 + 128 * 512 + 512;
  STATIC_REQUIRE(attention == 106'956'352);
  STATIC_REQUIRE(v4_flash.total_params == 43 * layer + 21 * c4 + 20 * c128 + 2LL * 129280 * 4096 + 4096);
  // The experts are FP4 (sized as mxfp4), the rest FP8.
  STATIC_REQUIRE(v4_flash.checkpoints[0].format == dtype::mxfp4);
  STATIC_REQUIRE(v4_flash.checkpoints[0].quantization == "fp8");
  // Cache per token before paging: C4 latent 584 / 4 = 146 and indexer 132 / 4 = 33, C128
  // latent 584 / 128 = 4 (4.56, whole bytes): 21 x 179 + 20 x 4 = 3,839 B.
  STATIC_REQUIRE(cache_cost_of(v4_flash, cache_dtype::fp8_ds_mla).full_bytes_per_token == 3'839);
}

TEST_CASE("DeepSeek-V4-Flash on H200: packed groups and the blocks of a request", "[deepseek_v4]") {
  // vLLM 0.28, 40 GiB of KV memory a GPU, max_model_len 131,072. The H200 (141 GiB) gets
  // max_num_batched_tokens 8,192; async scheduling keeps 2 batches in flight: 16,384 tokens.
  deployment d{.model = v4_flash, .gpu = gpus::h200, .tensor_parallel_size = 8, .kv_cache_memory_bytes = 40 * GiB,
               .max_model_len = 131072, .vllm = {0, 28, 0}};
  const plan p = plan_of(d);
  CHECK(p.kv_cache_dtype == cache_dtype::fp8_ds_mla);  // `auto` is fp8_ds_mla for V4
  CHECK(p.block_size == 256);
  CHECK(p.in_flight_tokens == 16'384);
  // Uniform-type sets, in registration order: MLA (block 256: 21 C4 latents, 21 indexers, 20
  // C128 latents: unbalanced, one group), SWA (block 64, window 128: 43 layers), C4 compressor
  // states (block 4, window 8: 21 + 21, balanced), C128 states (block 8, window 128: 20).
  // Repeats per group: the chunk in [21, 43] padding 43, 21 and 20 least is 22 (pad 1 + 1 + 2),
  // so SWA splits into 2 groups of 22 and 21; every other set stays whole: 5 groups.
  CHECK(p.num_groups == 5);
  // Bytes per block: the widest group, MLA's 21 x 37,440 + 21 x 8,640 + 20 x 1,728 = 1,002,240
  // (SWA 22 x 37,440 = 823,680; C4 states 21 x (32,832 + 8,640) = 870,912; C128 states
  // 20 x 32,832 = 656,640): the groups an instrumented v0.28.1 start-up listed (vLLM #54703).
  CHECK(p.bytes_per_block == 1'002'240);
  // 42,949,672,960 // 1,002,240 = 42,853 blocks.
  CHECK(p.num_gpu_blocks == 42'853);
  // A request at 131,072 tokens: MLA cdiv(131,072, 256) = 512; SWA cdiv(127 + 16,384, 64) + 1 =
  // 259 in each of 2 groups; C4 states cdiv(7 + 16,384, 4) + 1 = 4,099; C128 states
  // cdiv(127 + 16,384, 8) + 1 = 2,065: 512 + 518 + 4,099 + 2,065 = 7,194 blocks.
  CHECK(p.needed_bytes == 7'194LL * 1'002'240);
  // 42,853 / 7,194 = 5.9568x; int(5.956769530164026 x 131,072) = 780,765 tokens.
  CHECK(p.max_concurrency == Approx(42'853.0 / 7'194.0));
  CHECK(p.kv_cache_tokens == 780'765);
  // At 1,048,576 tokens the MLA group needs 4,096 blocks: 10,778 in all, still under 42,853.
  CHECK(p.largest_max_model_len == 1'048'576);
  // What a dashboard should show for 5 running requests of 131,072 tokens: 5 x 7,194 = 35,970
  // blocks of the 42,852 usable (one is the null block): 83.9% KV-cache usage.
  const usage_expectation u = expected_usage(p, 5, 131072);
  CHECK(u.blocks_per_request == 7'194);
  CHECK(u.blocks == 35'970);
  CHECK(u.kv_cache_usage == Approx(35'970.0 / 42'852.0));
}

TEST_CASE("DeepSeek-V4 plans in a constant expression, as a build's guard would", "[deepseek_v4][constexpr]") {
  constexpr plan p = make_plan({.model = models::deepseek_v4_flash, .gpu = gpus::h200, .tensor_parallel_size = 8,
                                .kv_cache_memory_bytes = 40 * GiB, .max_model_len = 131072, .vllm = {0, 28, 0}});
  STATIC_REQUIRE(p.bytes_per_block == 1'002'240);
  STATIC_REQUIRE(p.num_gpu_blocks == 42'853);
  STATIC_REQUIRE(p.needed_bytes == 7'194LL * 1'002'240);
  // Two pipeline stages of 22 and 21 layers (get_pp_indices: the remainder to the first):
  // stage 0 holds layers 0-21 (2 SWA-only, 10 C4, 10 C128), stage 1 layers 22-42 (11 C4, 10
  // C128). Each set's groups take cdiv(n, groups) of a stage's layers: stage 1's MLA group
  // 11 x 37,440 + 11 x 8,640 + 10 x 1,728 = 524,160 B, its C4 states 11 x 41,472 = 456,192,
  // its SWA groups cdiv(21, 2) x 37,440 = 411,840; stage 0's MLA group 10 x 47,808 = 478,080.
  constexpr plan pp2 = make_plan({.model = models::deepseek_v4_flash, .gpu = gpus::h200, .tensor_parallel_size = 4,
                                  .pipeline_parallel_size = 2, .kv_cache_memory_bytes = 40 * GiB,
                                  .max_model_len = 131072, .vllm = {0, 28, 0}});
  // The engine takes the fewest blocks: 42,949,672,960 // 524,160 = 81,940 on stage 1.
  STATIC_REQUIRE(pp2.num_gpu_blocks == 81'940);
  STATIC_REQUIRE(pp2.bytes_per_block == 524'160);
}

TEST_CASE("DeepSeek-V4-Flash: the largest max_model_len in 8 GiB", "[deepseek_v4]") {
  // 8,589,934,592 // 1,002,240 = 8,570 blocks. Beyond 16,511 tokens the windows hold 518 +
  // 4,099 + 2,065 = 6,682 blocks, leaving 1,888 for the MLA group: 1,888 x 256 = 483,328 tokens.
  deployment d{.model = v4_flash, .gpu = gpus::h200, .tensor_parallel_size = 8, .kv_cache_memory_bytes = 8 * GiB,
               .vllm = {0, 28, 0}};
  const plan p = plan_of(d);
  CHECK(p.num_gpu_blocks == 8'570);
  CHECK(p.verdict == errc::max_model_len_does_not_fit);  // the default 1,048,576 does not
  CHECK(p.estimated_max_model_len == 483'328);
}

TEST_CASE("DeepSeek-V4-Flash with MTP: the MTP layer's SWA cache joins the SWA groups", "[deepseek_v4][speculative]") {
  // 44 SWA layers: the chunk in [21, 44] padding 44, 21 and 20 least is 22 (0 + 1 + 2): two SWA
  // groups of 22, and nothing else changes.
  deployment d{.model = v4_flash, .gpu = gpus::h200, .tensor_parallel_size = 8, .kv_cache_memory_bytes = 40 * GiB,
               .max_model_len = 131072, .vllm = {0, 28, 0},
               .speculative = {.method = speculative_method::mtp, .num_speculative_tokens = 1}};
  const plan p = plan_of(d);
  CHECK(p.drafter_layers == 1);
  CHECK(p.num_groups == 5);
  CHECK(p.bytes_per_block == 1'002'240);
  CHECK(p.needed_bytes == 7'194LL * 1'002'240);
}

TEST_CASE("DeepSeek-V4-Pro on B200: 61 layers, 31 pattern repeats a group", "[deepseek_v4]") {
  // MLA set: 30 C4 latents, 30 indexers, 31 C128 latents: 30 x 37,440 + 30 x 8,640 + 31 x 1,728
  // = 1,435,968 B. SWA (61) against the balanced sets' 30 (C4 states) and 31 (C128 states): the
  // chunk in [30, 61] padding least is 31 (1 + 1 + 0), so SWA splits in 2 groups.
  deployment d{.model = v4_pro, .gpu = gpus::b200, .tensor_parallel_size = 8, .kv_cache_memory_bytes = 40 * GiB,
               .max_model_len = 131072, .vllm = {0, 28, 0}};
  const plan p = plan_of(d);
  CHECK(p.num_groups == 5);
  CHECK(p.bytes_per_block == 1'435'968);
  // 42,949,672,960 // 1,435,968 = 29,909 blocks.
  CHECK(p.num_gpu_blocks == 29'909);
}

TEST_CASE("DeepSeek-V4 with use_fp4_indexer_cache: MXFP4 indexer rows", "[deepseek_v4]") {
  // 128 / 2 + 128 / 32 = 68 B a row; 64 rows = 4,352 -> 8 x 576 = 4,608 B a page.
  STATIC_REQUIRE([] {
    rank_context c;
    c.block_size = 256;
    c.kv_cache_dtype = cache_dtype::fp8_ds_mla;
    c.fp4_indexer_cache = true;
    return specs_of(compressed_mla(512, 64, 128, 4, 128), c)[0].page_size_bytes();
  }() == 4'608);
  deployment d{.model = v4_pro, .gpu = gpus::b200, .tensor_parallel_size = 8, .kv_cache_memory_bytes = 40 * GiB,
               .max_model_len = 131072, .vllm = {0, 28, 0}, .fp4_indexer_cache = true};
  // V4-Pro's MLA group: 30 x 37,440 + 30 x 4,608 + 31 x 1,728 = 1,315,008 B a block, the block
  // stride vLLM PR #48993 measured for the FlashMLA fp8_ds_mla layout with MXFP4 indexer rows
  // (from 1,473,408 before that PR's dense packing; 1,435,968 with fp8 rows, above).
  CHECK(plan_of(d).bytes_per_block == 1'315'008);
  CHECK(vllm_serve_command(d).view().find(R"(--attention-config '{"use_fp4_indexer_cache": true}')") !=
        std::string_view::npos);
  // Other models: vLLM does not support it for the DeepSeek-V3.2 family.
  d.model = models::deepseek_v3_2;
  CHECK(validate(d).code == errc::fp4_indexer_cache_needs_deepseek_v4);
}

TEST_CASE("DeepSeek-V4 config.json without compress_ratios, or with a ratio vLLM has no cache for", "[deepseek_v4][errors]") {
  constexpr std::string_view head = R"({"model_type": "deepseek_v4", "num_hidden_layers": 2, "hidden_size": 64,
    "num_attention_heads": 4, "vocab_size": 16, "head_dim": 32, "qk_rope_head_dim": 8, "sliding_window": 8,
    "index_head_dim": 16, "index_n_heads": 2, "q_lora_rank": 16, "o_lora_rank": 16, "max_position_embeddings": 64,
    "n_routed_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 32)";
  CHECK(describe(try_model_from_hf_config(std::string(head) + "}").error) ==
        "config.json has no \"compress_ratios\", which kvplan needs to size this model");
  CHECK(describe(try_model_from_hf_config(std::string(head) + R"(, "compress_ratios": [4, 16]})").error) ==
        "layer 1: DeepSeek-V4 compresses by 4 or 128 (or not at all), not 16");
  CHECK(try_model_from_hf_config(std::string(head) + R"(, "compress_ratios": [4, 128]})").ok());  // the twin
}

TEST_CASE("DeepSeek-V4: what vLLM refuses", "[deepseek_v4][errors]") {
  const deployment ok{.model = v4_flash, .gpu = gpus::h200, .tensor_parallel_size = 8, .vllm = {0, 28, 0}};
  REQUIRE(!validate(ok));
  deployment d = ok;
  d.kv_cache_dtype = cache_dtype::bfloat16;  // the V4 attention asserts an fp8 cache
  CHECK(validate(d).code == errc::deepseek_v4_needs);
  d = ok;
  d.gpu = gpus::l40s;  // fp8, but FlashMLA sparse runs on sm90 and sm100 only
  CHECK(validate(d).code == errc::deepseek_v4_needs);
  d = ok;
  d.block_size = 64;  // the V4 kernels take 256-token blocks only
  CHECK(validate(d).code == errc::block_size_not_supported_by_attention_backend);
  d = ok;
  d.decode_context_parallel_size = 2;  // the sliding-window specs assert dcp == 1
  CHECK(validate(d).code == errc::decode_context_parallel_not_with_local_attention);
  d = ok;
  d.vllm = {0, 27, 0};  // before the planner kvplan models
  CHECK(validate(d).code == errc::feature_needs_newer_vllm);
  d = ok;
  d.block_size = 256;
  CHECK(!validate(d));
  // vLLM refuses V4's PIECEWISE graphs on the V1 runner (_validate_mrv1_piecewise_cudagraph):
  // ngram speculation and VLLM_USE_V2_MODEL_RUNNER=0 run V1; --enforce-eager captures none.
  d = ok;
  d.speculative.method = speculative_method::ngram;
  d.speculative.num_speculative_tokens = 3;
  CHECK(validate(d).code == errc::deepseek_v4_needs);
  CHECK(describe(validate(d)).find("Model Runner V2") != std::string::npos);
  d.enforce_eager = true;
  CHECK(!validate(d));
  d = ok;
  d.v2_model_runner = false;
  CHECK(validate(d).code == errc::deepseek_v4_needs);
  d.v2_model_runner = true;
  CHECK(!validate(d));
}
