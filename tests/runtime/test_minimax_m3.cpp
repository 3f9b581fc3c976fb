// MiniMax-M3: dense attention on the first layers, block-sparse attention with a lightning
// indexer's key cache on the rest, all in one KV-cache group of 128-token blocks. The config
// below is written from MiniMax-M3's config.json values (the minimax_m3_vl wrapper with its
// minimax_m3_text config: 60 layers, 4 KV heads of 128, sparse_index_dim 128, layers 0-2 dense);
// every figure is worked by hand beside it.
#include "kvplan_catch.hpp"
#include "plan_or_fail.hpp"

#include <kvplan/hf_config.hpp>
#include <kvplan/kvplan.hpp>

#include <cmath>
#include <cstdint>
#include <string_view>

using namespace kvplan;
using kvplan_test::plan_of;

namespace {
constexpr std::string_view m3_config = R"({
  "architectures": ["MiniMaxM3SparseForConditionalGeneration"], "model_type": "minimax_m3_vl",
  "text_config": {
    "architectures": ["MiniMaxM3SparseForCausalLM"], "model_type": "minimax_m3_text",
    "num_hidden_layers": 60, "hidden_size": 6144, "num_attention_heads": 64, "num_key_value_heads": 4,
    "head_dim": 128, "vocab_size": 200064, "max_position_embeddings": 1048576, "dtype": "bfloat16",
    "tie_word_embeddings": false, "intermediate_size": 3072, "dense_intermediate_size": 12288,
    "num_local_experts": 128, "num_experts_per_tok": 4, "n_shared_experts": 1, "num_mtp_modules": 1,
    "moe_layer_freq": [0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,
                       1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1],
    "sparse_attention_config": {
      "use_sparse_attention": true, "sparse_index_dim": 128, "sparse_num_index_heads": 4,
      "sparse_topk_blocks": 16, "sparse_block_size": 128,
      "sparse_attention_freq": [0,0,0,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,
                                1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1]
    }
  }
})";

constexpr model m3 = model_from_hf_config(m3_config, {.hf_id = "MiniMaxAI/MiniMax-M3"});

}  // namespace

TEST_CASE("MiniMax-M3 config.json: 3 dense layers, 57 block-sparse ones with an indexer", "[minimax_m3][hf_config]") {
  STATIC_REQUIRE(m3.num_layers() == 60);
  STATIC_REQUIRE(m3.layers[2].index_head_dim == 0);
  STATIC_REQUIRE(m3.layers[3].index_head_dim == 128);
  STATIC_REQUIRE(m3.layers[3].kind == layer_kind::full_attention);
  STATIC_REQUIRE(!m3.trust_remote_code);  // vLLM carries MiniMaxM3Config
  // The MTP module (num_mtp_modules 1) is a sparse layer.
  STATIC_REQUIRE(m3.num_mtp_layers == 1);
  STATIC_REQUIRE(m3.mtp_layer.index_head_dim == 128);
  // KV per token, TP 1, bf16: 60 layers x 2 x 4 heads x 128 x 2 B = 122,880, and 57 indexer keys
  // of 128 x 2 B = 14,592: 137,472 B.
  STATIC_REQUIRE(cache_cost_of(m3, cache_dtype::auto_, 1).full_bytes_per_token == 137'472);
  // TP 8: 4 KV heads replicate to 1 a GPU (512 B a layer); the indexer key is one shared head,
  // on every GPU: 60 x 512 + 57 x 256 = 45,312 B.
  STATIC_REQUIRE(cache_cost_of(m3, cache_dtype::auto_, 8).full_bytes_per_token == 45'312);
}

TEST_CASE("MiniMax-M3 on 8 x B200: one group of 128-token blocks", "[minimax_m3]") {
  deployment d{.model = m3, .gpu = gpus::b200, .tensor_parallel_size = 8, .kv_cache_memory_bytes = 40 * GiB,
               .max_model_len = 131072};
  const plan p = plan_of(d);
  // FullAttentionSpec and the indexer's MLAAttentionSpec are one uniform type: one group. The
  // block is 128 (vLLM's default of 16 fails at start-up; the recipes pass --block-size 128).
  CHECK(p.num_groups == 1);
  CHECK(p.block_size == 128);
  // 128 x 45,312 = 5,799,936 B a block; 42,949,672,960 // 5,799,936 = 7,405 blocks.
  CHECK(p.bytes_per_block == 5'799'936);
  CHECK(p.num_gpu_blocks == 7'405);
  // 131,072 / 128 = 1,024 blocks a request: 7,405 / 1,024 = 7.23x, 7,405 x 128 = 947,840 tokens.
  CHECK(p.needed_bytes == 1'024LL * 5'799'936);
  CHECK(p.kv_cache_tokens == 947'840);
  CHECK(vllm_serve_command(d).view().find("--block-size 128") != std::string_view::npos);

  // fp8 KV: 60 x 256 + 57 x 256 (the indexer stays bf16) = 29,952 B a token, 3,833,856 a block.
  d.kv_cache_dtype = cache_dtype::fp8;
  CHECK(plan_of(d).bytes_per_block == 3'833'856);
  // With indexer_kv_dtype fp8 (Blackwell): 60 x 256 + 57 x 128 = 22,656 B, 2,899,968 a block.
  d.fp8_indexer_cache = true;
  CHECK(plan_of(d).bytes_per_block == 2'899'968);
  CHECK(vllm_serve_command(d).view().find(R"('{"indexer_kv_dtype": "fp8"}')") != std::string_view::npos);

  // MTP: one more sparse layer in the group, (45,312 + 768) x 128 = 5,898,240 B a block.
  deployment mtp{.model = m3, .gpu = gpus::b200, .tensor_parallel_size = 8, .kv_cache_memory_bytes = 40 * GiB,
                 .max_model_len = 131072, .speculative = {.method = speculative_method::mtp, .num_speculative_tokens = 1}};
  CHECK(plan_of(mtp).bytes_per_block == 5'898'240);
}

TEST_CASE("MiniMax-M3 over 2 x B200: a start-up log's 237,312 tokens", "[minimax_m3][vllm_log]") {
  // A vLLM build between 0.23 and 0.24 (v0.23.1rc1.dev550) on two sm100 GPUs, TP 2, bf16 cache and
  // indexer, prefix caching off, --max-model-len 8192: "Setting KV cache block size to 128 to
  // match MiniMax-M3 sparse block size"; "Available KV cache memory: 16.81 GiB"; "GPU KV cache
  // size: 237,312 tokens"; "Maximum concurrency for 8,192 tokens per request: 28.97x" (a bug
  // note's log, index file 60171799662). At TP 2 each rank holds 4 KV heads: 76,032 B a token,
  // 9,732,096 a block; 18,049,600,061 // 9,732,096 = 1,854 blocks; 1,854 x 128 = 237,312 tokens;
  // 1,854 / 64 = 28.97x.
  const deployment d{.model = m3, .gpu = gpus::b200, .tensor_parallel_size = 2,
                     .kv_cache_memory_bytes = static_cast<count_t>(16.81 * static_cast<double>(GiB)),
                     .max_model_len = 8192, .max_num_seqs = 128, .max_num_batched_tokens = 32768,
                     .enable_prefix_caching = prefix_caching::disabled, .vllm = {0, 24, 0}};
  const plan p = plan_of(d);
  CHECK(p.kv_bytes_per_token == 76'032);
  CHECK(p.bytes_per_block == 9'732'096);
  CHECK(p.num_gpu_blocks == 1'854);
  CHECK(p.kv_cache_tokens == 237'312);
  CHECK(std::abs(p.max_concurrency - 28.97) < 0.005);
}

TEST_CASE("MiniMax-M3: what vLLM refuses", "[minimax_m3][errors]") {
  const deployment ok{.model = m3, .gpu = gpus::b200, .tensor_parallel_size = 8};
  REQUIRE(!validate(ok));
  deployment d = ok;
  d.vllm = {0, 23, 0};  // before vLLM PR #45381 (v0.24)
  CHECK(validate(d).code == errc::feature_needs_newer_vllm);
  d = ok;
  d.block_size = 64;  // the sparse and indexer kernels take 128-token pages
  CHECK(validate(d).code == errc::block_size_not_supported_by_attention_backend);
  d.block_size = 256;  // a multiple of 128 splits into kernel blocks
  CHECK(!validate(d));
  d = ok;
  d.kv_cache_dtype = cache_dtype::nvfp4;  // the sparse backend stores bfloat16 or fp8 only
  CHECK(validate(d).code == errc::minimax_m3_needs);
  d = ok;
  d.gpu = gpus::h200;
  d.fp8_indexer_cache = true;  // the fp8 indexer runs on sm100 only
  CHECK(validate(d).code == errc::minimax_m3_needs);
}
