// The facts vLLM's own unit tests pin about KV-cache arithmetic, restated as deployments kvplan
// plans. Each case names the vLLM test it mirrors (tests/v1/core/test_kv_cache_utils.py,
// tests/v1/worker/test_gpu_model_runner.py), the inputs it uses, and the numbers it asserts;
// the arithmetic is written out beside them. Where vLLM's test builds a KVCacheConfig by hand,
// kvplan reaches the same config from a model whose layers have those specs.
#include "kvplan_catch.hpp"

#include <kvplan/kvplan.hpp>
#include <kvplan/hf_config.hpp>
#include <kvplan/models.hpp>

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

using namespace kvplan;

namespace {

// A model that exists only for these tests: its layers and maximum length are what matter.
constexpr model unit_model(std::string_view name, layer_stack layers, std::int32_t max_model_len) {
  return {.name = name, .hf_id = name, .model_type = "toy", .source = "vLLM unit-test specs", .hidden_size = 4096,
          .num_attention_heads = 32, .vocab_size = 65536, .max_model_len = max_model_len,
          .total_params = 1'000'000'000, .active_params = 1'000'000'000, .layers = layers};
}

// test_kv_cache_utils.py's new_kv_cache_spec() / new_sliding_window_spec(): block 16, 2 KV heads
// of 64, float32. One page: 2 (K, V) x 16 x 2 x 64 x 4 B = 16,384 B (the tests'
// mem_per_block_per_layer = 16 * 2 * 64 * 4 * 2).
constexpr count_t unit_page = 16'384;
constexpr layer_type unit_full = full_attention(2, 64);
constexpr layer_type unit_sliding = sliding_window(2, 64, 1);

// The tests' configs as a deployment: float32, block 16, the given KV memory, max_model_len 16.
constexpr deployment unit_deployment(const model& m, count_t kv_bytes, count_t max_model_len = 16) {
  return {.model = m, .gpu = gpus::h100_sxm, .model_dtype = dtype::float32, .kv_cache_memory_bytes = kv_bytes,
          .block_size = 16, .max_model_len = max_model_len, .backend = attention_backend::flex_attention};
}

// Full (F) and sliding (S) layers of those specs, in the order the pattern gives.
constexpr model full_sliding_model(std::string_view name, std::string_view pattern) {
  return unit_model(name, pattern_layers(pattern, {{'F', unit_full}, {'S', unit_sliding}}), 4096);
}

constexpr model full_2 = full_sliding_model("unit/2-full", "FF");
constexpr model sliding_2 = full_sliding_model("unit/2-sliding", "SS");
constexpr model full_sliding = full_sliding_model("unit/full-sliding", "FS");

}  // namespace

TEST_CASE("test_get_kv_cache_config_one_worker: blocks per layout", "[vllm_unit][groups]") {
  constexpr count_t m = unit_page;

  // Two full layers, m x 2 x 32 bytes: one group of 2, 2 pages a block, 32 blocks.
  const plan two_full = make_plan(unit_deployment(full_2, m * 2 * 32));
  CHECK(two_full.num_groups == 1);
  CHECK(two_full.bytes_per_block == 2 * m);
  CHECK(two_full.num_gpu_blocks == 32);

  // Two sliding-window layers (window 1): the same.
  const plan two_sliding = make_plan(unit_deployment(sliding_2, m * 2 * 32));
  CHECK(two_sliding.num_groups == 1);
  CHECK(two_sliding.num_gpu_blocks == 32);

  // Full + sliding with the hybrid manager: a group each, one page a block, 64 blocks ...
  const plan hybrid = make_plan(unit_deployment(full_sliding, m * 2 * 32));
  CHECK(hybrid.num_groups == 2);
  CHECK(hybrid.bytes_per_block == m);
  CHECK(hybrid.num_gpu_blocks == 64);
  // ... and with --disable-hybrid-kv-cache-manager the sliding layer counts as full: one group
  // of both, 32 blocks.
  const plan unified = [] {
    deployment d = unit_deployment(full_sliding, m * 2 * 32);
    d.disable_hybrid_kv_cache_manager = true;
    return make_plan(d);
  }();
  CHECK(unified.num_groups == 1);
  CHECK(unified.num_gpu_blocks == 32);

  // 2 full + 4 sliding: groups of 2 layers (the smaller bucket), [full x 2], [sliding x 2] twice;
  // a block is 2 pages: 32 blocks of m x 2 x 32.
  const plan p2_4 = make_plan(unit_deployment(full_sliding_model("unit/2f4s", "FFSSSS"), m * 2 * 32));
  CHECK(p2_4.num_groups == 3);
  CHECK(p2_4.num_gpu_blocks == 32);

  // 3 full + 7 sliding ("pad to 3 full + 9 sliding"): groups of 3, one full and three sliding;
  // 3 pages a block: 32 blocks of m x 3 x 32.
  const plan p3_7 = make_plan(unit_deployment(full_sliding_model("unit/3f7s", "FFFSSSSSSS"), m * 3 * 32));
  CHECK(p3_7.num_groups == 4);
  CHECK(p3_7.bytes_per_block == 3 * m);
  CHECK(p3_7.num_gpu_blocks == 32);

  // 6 full + 5 sliding (gpt-oss with an EAGLE layer): 6 < 1.5 x 5, so groups of 6, the sliding
  // group padded; 6 pages a block: 32 blocks of m x 6 x 32.
  const plan p6_5 = make_plan(unit_deployment(full_sliding_model("unit/6f5s", "FFFFFFSSSSS"), m * 6 * 32));
  CHECK(p6_5.num_groups == 2);
  CHECK(p6_5.bytes_per_block == 6 * m);
  CHECK(p6_5.num_gpu_blocks == 32);

  // Full layers of head 128 and head 64 (UniformTypeKVCacheSpecs): one group, pages of 2m and m
  // side by side; m x 3 x 32 holds 32 blocks.
  const plan mixed_heads = make_plan(unit_deployment(
      unit_model("unit/head-128-64", pattern_layers("AB", {{'A', full_attention(2, 128)}, {'B', unit_full}}), 4096),
      m * 3 * 32));
  CHECK(mixed_heads.num_groups == 1);
  CHECK(mixed_heads.bytes_per_block == 3 * m);
  CHECK(mixed_heads.num_gpu_blocks == 32);

  // Full head 64 + sliding head 32: the sliding page (m / 2) grows to m with block size 32; m x 32
  // holds 32 blocks.
  const plan halved = make_plan(unit_deployment(
      unit_model("unit/f64-s32", pattern_layers("FS", {{'F', unit_full}, {'S', sliding_window(2, 32, 1)}}), 4096),
      m * 32));
  CHECK(halved.num_groups == 2);
  CHECK(halved.buckets[1].spec.block_size == 32);
  CHECK(halved.num_gpu_blocks == 32);

  // num_gpu_blocks_override = 16 wins over the memory.
  const plan overridden = [] {
    deployment d = unit_deployment(full_2, m * 2 * 32);
    d.num_gpu_blocks_override = 16;
    return make_plan(d);
  }();
  CHECK(overridden.num_gpu_blocks == 16);
}

TEST_CASE("test_get_kv_cache_config_one_worker: a page that does not divide is padded (v0.23+)",
          "[vllm_unit][groups]") {
  // Full head 64 (16,384 B) + sliding head 96 (2 x 16 x 2 x 96 x 4 = 24,576 B): 24,576 is not a
  // multiple of 16,384, so the full page is padded to 24,576 and each group's block is one such
  // page: 16,384 x 2 x 32 // 24,576 = 1,048,576 // 24,576 = 42 blocks. Before v0.23 vLLM raised.
  constexpr model m =
      unit_model("unit/f64-s96", pattern_layers("FS", {{'F', unit_full}, {'S', sliding_window(2, 96, 1)}}), 4096);
  const plan p = make_plan(unit_deployment(m, unit_page * 2 * 32));
  CHECK(p.bytes_per_block == 24'576);
  CHECK(p.num_gpu_blocks == 42);
  deployment old = unit_deployment(m, unit_page * 2 * 32);
  old.vllm = {0, 22, 0};
  CHECK(try_plan(old).error == error{errc::page_sizes_cannot_be_unified, {16'384, 24'576}});
}

TEST_CASE("test_estimate_max_model_len: 8 GiB holds 16,384 tokens of a Qwen1.5-7B-shaped model", "[vllm_unit][fit]") {
  // 32 layers of FullAttentionSpec(block 16, 32 KV heads, 128, float16): a page is
  // 2 x 16 x 32 x 128 x 2 = 262,144 B, a block of 32 layers 8 MiB, so 8 GiB holds 1,024 blocks =
  // 16,384 tokens ("16384 model_len need 8GB"). With max_model_len 16,385 the estimate is 16,384;
  // with 16,383, 16,383. The test calls estimate_max_model_len on the whole memory, as the fit
  // check did before v0.29; from v0.29 the check holds the null block back (below).
  constexpr model qwen15_shaped = unit_model("unit/qwen1.5-7b", uniform_layers(32, full_attention(32, 128)), 32768);
  const auto at = [&](count_t max_model_len, vllm_version v) {
    return make_plan({.model = qwen15_shaped, .gpu = gpus::h100_sxm, .model_dtype = dtype::float16,
                      .kv_cache_memory_bytes = 8 * GiB, .block_size = 16, .max_model_len = max_model_len,
                      .max_num_batched_tokens = 32768, .vllm = v});
  };
  const plan over = at(16385, {0, 28, 0});
  CHECK(over.verdict == errc::max_model_len_does_not_fit);
  CHECK(over.estimated_max_model_len == 16384);
  const plan under = at(16383, {0, 28, 0});
  CHECK(under.fits());
  CHECK(under.estimated_max_model_len == 16383);
  // v0.29+: 8 GiB less one 8 MiB block holds 1,023 blocks, 16,368 tokens.
  CHECK(at(16385, {0, 29, 0}).estimated_max_model_len == 16368);
}

TEST_CASE("test_get_max_concurrency_for_kv_cache_config: full, sliding and both", "[vllm_unit][concurrency]") {
  // Qwen1.5-7B specs (page 262,144 B), max_model_len 16,384, max_num_batched_tokens 1,024, one
  // batch in flight (async scheduling off). A full layer holds 16,384 / 16 = 1,024 blocks a
  // request; a sliding layer of window 1,024 holds cdiv(min(1,023 + 1,024, 16,384), 16) + 1 =
  // 128 + 1 = 129.
  constexpr layer_type full = full_attention(32, 128);
  constexpr layer_type sliding = sliding_window(32, 128, 1024);
  const auto concurrency = [](const model& m, count_t blocks) {
    const plan p = make_plan({.model = m, .gpu = gpus::h100_sxm, .model_dtype = dtype::float16,
                              .kv_cache_memory_bytes = 64 * GiB, .block_size = 16, .max_model_len = 16384,
                              .max_num_batched_tokens = 1024, .num_gpu_blocks_override = blocks,
                              .async_scheduling = false});
    REQUIRE(p.num_gpu_blocks == blocks);
    return p;
  };
  // Full only, int(1,024 x 1.5) blocks: 1.5.
  const plan f = concurrency(unit_model("unit/32-full", uniform_layers(32, full), 32768), 1536);
  CHECK(f.blocks_per_request == 1024);
  CHECK(f.max_concurrency == 1.5);
  // Sliding only, 129 x 3 blocks: 3.
  const plan s = concurrency(unit_model("unit/32-sliding", uniform_layers(32, sliding), 32768), 129 * 3);
  CHECK(s.blocks_per_request == 129);
  CHECK(s.max_concurrency == 3.0);
  // 32 full + 32 sliding layers, two groups of 32: (1,024 + 129) x 3 blocks: 3, and
  // get_kv_cache_capacity's token count 3 x 16,384.
  layer_stack both = uniform_layers(32, full);
  both.push_back(sliding, 32);
  const plan h = concurrency(unit_model("unit/32-full-32-sliding", both, 32768), (1024 + 129) * 3);
  CHECK(h.num_groups == 2);
  CHECK(h.blocks_per_request == 1024 + 129);
  CHECK(h.max_concurrency == 3.0);
  CHECK(h.kv_cache_tokens == 3 * 16384);
}

TEST_CASE("test_get_kv_cache_configs_multiple_workers: the engine takes the fewest blocks", "[vllm_unit][pp]") {
  // "PP, different layers": three full layers over two stages, P x 2 x 10 bytes on each. The
  // stage of two layers holds 10 blocks of 2 pages, the stage of one 20 of 1; every worker gets
  // 10. (vLLM's test puts one layer first; get_pp_indices puts the extra layer on the first
  // stage, which changes nothing here.)
  deployment d = unit_deployment(unit_model("unit/3-full", pattern_layers("FFF", {{'F', unit_full}}), 4096),
                                 unit_page * 2 * 10);
  d.pipeline_parallel_size = 2;
  const plan p = make_plan(d);
  REQUIRE(p.stages.size() == 2);
  CHECK(p.stages[0].num_blocks == 10);
  CHECK(p.stages[1].num_blocks == 20);
  CHECK(p.num_gpu_blocks == 10);
}

TEST_CASE("test_get_kv_cache_configs_pp_sharding and the null block (v0.29+)", "[vllm_unit][fit][pp]") {
  // One full layer on each of two pipeline stages, max_model_len 512: a request needs
  // 512 / 16 = 32 blocks, and the pool keeps one back as the null block, so 33 pages hold it
  // (expected_num_blocks = max_model_len // block_size + 1) and 32 do not.
  constexpr model one_each = unit_model("unit/pp-2", pattern_layers("FF", {{'F', unit_full}}), 4096);
  const auto at = [&](count_t pages) {
    deployment d = unit_deployment(one_each, unit_page * pages, 512);
    d.pipeline_parallel_size = 2;
    return make_plan(d);
  };
  const plan enough = at(33);
  CHECK(enough.fits());
  CHECK(enough.num_gpu_blocks == 33);
  const plan short_by_one = at(32);
  CHECK(short_by_one.verdict == errc::max_model_len_does_not_fit);
  CHECK(short_by_one.estimated_max_model_len == 31 * 16);
}

TEST_CASE("test_auto_fit_max_model_len: the null block comes off the fitted length", "[vllm_unit][fit]") {
  // test_auto_fit_max_model_len_reserves_null_block: one full layer, 64 pages, max_model_len
  // 1,024 asked to fit (-1): 63 usable blocks, 63 x 16 = 1,008 tokens.
  constexpr model one_full = unit_model("unit/1-full", pattern_layers("F", {{'F', unit_full}}), 1024);
  deployment d = unit_deployment(one_full, unit_page * 64);
  d.max_model_len = auto_max_model_len;
  const plan fitted = make_plan(d);
  CHECK(fitted.fits());
  CHECK(fitted.max_model_len == 63 * 16);
  // test_auto_fit_max_model_len: two full layers with m x 2 x 1,024 bytes keep the model's 1,024;
  // with m x 2 x 32 the length comes down (31 usable blocks: 496 tokens).
  constexpr model two_full = unit_model("unit/2-full-1024", pattern_layers("FF", {{'F', unit_full}}), 1024);
  deployment roomy = unit_deployment(two_full, unit_page * 2 * 1024);
  roomy.max_model_len = auto_max_model_len;
  CHECK(make_plan(roomy).max_model_len == 1024);
  deployment tight = unit_deployment(two_full, unit_page * 2 * 32);
  tight.max_model_len = auto_max_model_len;
  const plan t = make_plan(tight);
  CHECK(t.max_model_len > 0);
  CHECK(t.max_model_len < 1024);
  CHECK(t.max_model_len == 31 * 16);
}

TEST_CASE("test_check_enough_kv_cache_memory_respects_num_gpu_blocks_override", "[vllm_unit][fit]") {
  // max_model_len 16,384 needs 1,024 blocks; num_gpu_blocks_override 32 leaves 31 usable, whatever
  // the memory (m x 2 x 1,024): "max seq len" error.
  constexpr model long_full_2 = unit_model("unit/2-full-16k", pattern_layers("FF", {{'F', unit_full}}), 16384);
  deployment d = unit_deployment(long_full_2, unit_page * 2 * 1024, 16384);
  d.num_gpu_blocks_override = 32;
  const plan p = make_plan(d);
  CHECK(p.verdict == errc::max_model_len_does_not_fit);
  CHECK(p.num_gpu_blocks == 32);
  CHECK(p.estimated_max_model_len == 31 * 16);
}

TEST_CASE("test_gpu_model_runner: KV sharing halves what a block costs", "[vllm_unit][kv_shared]") {
  // test_init_kv_cache_without_kv_sharing: two attention layers of 8 heads x 64, float16, block
  // 16: a page is 2 x 16 x 8 x 64 x 2 = 32 KiB; 20 GiB / 32 KiB / 2 layers = 327,680 blocks, and
  // 5 GiB holds 5 GiB / (2 x 2,048 B a token) = 1,310,720 tokens (max_model_len 3,000,000).
  // test_init_kv_cache_with_kv_sharing_valid: layer 1 reads layer 0's cache, so only one layer
  // costs memory: 655,360 blocks, and twice the tokens, 2,621,440.
  const auto at = [](const char* pattern, count_t kv_bytes) {
    const model m = unit_model("unit/opt-125m-layers",
                               pattern_layers(pattern, {{'A', full_attention(8, 64)}, {'S', kv_shared()}}), 3'000'000);
    return make_plan({.model = m, .gpu = gpus::h100_sxm, .model_dtype = dtype::float16,
                      .kv_cache_memory_bytes = kv_bytes, .block_size = 16, .max_model_len = 3'000'000,
                      .vllm = {0, 28, 0}});
  };
  CHECK(at("AA", 20 * GiB).num_gpu_blocks == 327'680);
  CHECK(at("AA", 5 * GiB).estimated_max_model_len == 1'310'720);
  CHECK(at("AS", 20 * GiB).num_gpu_blocks == 655'360);
  CHECK(at("AS", 5 * GiB).estimated_max_model_len == 2 * 1'310'720);
}

TEST_CASE("test_config.py: max_model_len from max_position_embeddings and RoPE scaling", "[vllm_unit][config]") {
  // tests/test_config.py (test_rope_customization, test_get_and_verify_max_len_yarn_is_already_scaled,
  // test_get_and_verify_max_len_with_nope_layers), restated as config.json files kvplan reads.
  const auto length = [](std::string_view rope) {
    const std::string text =
        R"({"model_type": "llama", "architectures": ["LlamaForCausalLM"], "hidden_size": 1024,
            "num_hidden_layers": 4, "num_attention_heads": 8, "num_key_value_heads": 8, "intermediate_size": 2048,
            "vocab_size": 32000, )" +
        std::string(rope) + "}";
    const model m = model_from_hf_config(text, {.hf_id = "unit/rope"});
    // The length vLLM serves by default: the derived one, or LongRoPE's original length.
    return std::pair{m.max_model_len, make_plan({.model = m, .gpu = gpus::h100_sxm}).max_model_len};
  };
  // longchat-13b-16k: 2,048 positions, linear x 8: 16,384.
  CHECK(length(R"("max_position_embeddings": 2048, "rope_scaling": {"type": "linear", "factor": 8.0})").first == 16384);
  // 32,768 positions: YaRN x 4 from 8,192 stays 32,768; linear x 4 gives 131,072.
  CHECK(length(R"("max_position_embeddings": 32768, "rope_scaling": {"rope_type": "yarn", "factor": 4.0,
                  "original_max_position_embeddings": 8192})")
            .first == 32768);
  CHECK(length(R"("max_position_embeddings": 32768, "rope_scaling": {"rope_type": "linear", "factor": 4.0,
                  "original_max_position_embeddings": 8192})")
            .first == 131072);
  // The other YaRN names (sarvam-105b's deepseek_yarn: "declares factor 40 but only serves
  // 131072 of it") stay at 32,768 from v0.30 (PR #56446); before, 32,768 x 40 = 1,310,720.
  for (const std::string_view type : {"deepseek_yarn", "deepseek_llama_scaling"}) {
    const std::string rope = R"("max_position_embeddings": 32768, "rope_scaling": {"rope_type": ")" + std::string(type) +
                             R"(", "factor": 40.0, "original_max_position_embeddings": 8192})";
    CHECK(length(rope) == std::pair<count_t, count_t>{32768, 32768});
    const std::string text =  // kept alive: the model views it
        R"({"model_type": "llama", "architectures": ["LlamaForCausalLM"], "hidden_size": 1024, "num_hidden_layers": 4,
            "num_attention_heads": 8, "num_key_value_heads": 8, "intermediate_size": 2048, "vocab_size": 32000, )" +
        rope + "}";
    const model m = model_from_hf_config(text, {.hf_id = "unit/rope"});
    CHECK(make_plan({.model = m, .gpu = gpus::h100_sxm, .vllm = {0, 29, 0}}).derived_max_model_len == 1'310'720);
  }
  // NoPE layers (transformers v5 rope_parameters by layer type, null for the layers without
  // RoPE): 4,096 positions, 2,048 original; default RoPE 4,096, linear x 2 8,192, LongRoPE
  // 4,096 derived but 2,048 served by default.
  constexpr std::string_view nope = R"("max_position_embeddings": 4096, "original_max_position_embeddings": 2048, )";
  CHECK(length(std::string(nope) + R"("rope_parameters": {"full_attention": null,
                  "sliding_attention": {"rope_type": "default"}})") == std::pair<count_t, count_t>{4096, 4096});
  CHECK(length(std::string(nope) + R"("rope_parameters": {"full_attention": null,
                  "sliding_attention": {"rope_type": "linear", "factor": 2.0}})") ==
        std::pair<count_t, count_t>{8192, 8192});
  CHECK(length(std::string(nope) + R"("rope_parameters": {"full_attention": null, "sliding_attention":
                  {"rope_type": "longrope", "short_factor": [1.0], "long_factor": [1.0]}})") ==
        std::pair<count_t, count_t>{4096, 2048});
}

TEST_CASE("test_engine_args.py: `vllm serve`'s batch defaults by GPU", "[vllm_unit][defaults]") {
  // test_defaults_with_usage_context (OPENAI_API_SERVER): a device of at least 70 GiB whose name
  // lacks "a100" gets 1,024 sequences and 8,192 batched tokens, any other 256 and 2,048; from
  // v0.28 a device of at least 160 GiB gets 16,384 tokens (get_batch_defaults). The 2,048 tokens
  // are then capped at max_num_seqs x max_model_len, which a long max_model_len never reaches.
  const auto defaults = [](const gpu& g, vllm_version v) {
    const plan p = make_plan({.model = models::llama_3_1_8b, .gpu = g, .max_model_len = 8192, .vllm = v});
    return std::pair<std::int32_t, count_t>{p.max_num_seqs, p.max_num_batched_tokens};
  };
  constexpr vllm_version v33{0, 33, 0};
  CHECK(defaults(gpus::h100_sxm, v33) == std::pair<std::int32_t, count_t>{1024, 8192});
  CHECK(defaults(gpus::a100_80gb, v33) == std::pair<std::int32_t, count_t>{256, 2048});
  CHECK(defaults(gpus::l40s, v33) == std::pair<std::int32_t, count_t>{256, 2048});
  CHECK(defaults(gpus::b200, v33) == std::pair<std::int32_t, count_t>{1024, 16384});
  CHECK(defaults(gpus::b200, {0, 27, 1}) == std::pair<std::int32_t, count_t>{1024, 8192});
}
