// Bad input gives an error that names the problem and its values, never a silent number.
#include "kvplan_catch.hpp"

#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <limits>

#include <string>

using namespace kvplan;

namespace {
error error_of(const deployment& d) { return try_plan(d).error; }
constexpr deployment llama70b{.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm};
}  // namespace

TEST_CASE("tensor parallelism must split the heads evenly", "[errors]") {
  deployment d = llama70b;
  d.tensor_parallel_size = 3;  // 64 attention heads
  const error e = error_of(d);
  REQUIRE(e.code == errc::tensor_parallel_size_must_divide_num_attention_heads);
  REQUIRE(describe(e) == "num_attention_heads (64) must be divisible by tensor_parallel_size (3)");

  // KV heads must split evenly (QKVParallelLinear), or be replicated evenly when TP exceeds
  // them: 6 KV heads allow TP 2, 3, 6, 12, ... but not 4 or 8.
  model m = models::llama_3_1_8b;  // 32 heads, 8 KV heads
  m.layers = uniform_layers(32, full_attention(6, 128));  // 6 KV heads
  deployment six{.model = m, .gpu = gpus::h100_sxm, .tensor_parallel_size = 4};
  REQUIRE(error_of(six).code == errc::tensor_parallel_size_must_divide_num_kv_heads);
  six.tensor_parallel_size = 8;  // more ranks than KV heads, but not a multiple of 6
  REQUIRE(error_of(six).code == errc::tensor_parallel_size_must_be_a_multiple_of_num_kv_heads);
  REQUIRE(describe(error_of(six)).find("tensor_parallel_size (8)") != std::string::npos);
}

TEST_CASE("parallel sizes and limits", "[errors]") {
  deployment d = llama70b;
  d.tensor_parallel_size = 0;
  REQUIRE(error_of(d).code == errc::tensor_parallel_size_must_be_positive);
  d = llama70b;
  d.pipeline_parallel_size = 81;  // 80 layers
  REQUIRE(error_of(d).code == errc::pipeline_parallel_size_exceeds_num_layers);
  d.pipeline_parallel_size = 65;  // fewer than the 80 layers, more than a plan's 64 stages
  REQUIRE(describe(error_of(d)) == "pipeline_parallel_size (65) exceeds the 64 pipeline stages a kvplan plan holds");
  d = llama70b;
  d.gpu_memory_utilization = 1.5;
  REQUIRE(error_of(d).code == errc::gpu_memory_utilization_out_of_range);
  REQUIRE(describe(error_of(d)) == "gpu_memory_utilization must be in (0, 1] (got 1.5)");
  d.gpu_memory_utilization = 1.0004;  // thousandths rounded away from the range: not "got 1"
  REQUIRE(describe(error_of(d)) == "gpu_memory_utilization must be in (0, 1] (got 1.001)");
  d.gpu_memory_utilization = -0.05;
  REQUIRE(describe(error_of(d)) == "gpu_memory_utilization must be in (0, 1] (got -0.05)");
  d.gpu_memory_utilization = 12.345;
  REQUIRE(describe(error_of(d)) == "gpu_memory_utilization must be in (0, 1] (got 12.345)");
  d.gpu_memory_utilization = std::numeric_limits<double>::quiet_NaN();  // no undefined conversion
  REQUIRE(error_of(d).code == errc::gpu_memory_utilization_out_of_range);
  d.gpu_memory_utilization = 1e300;
  REQUIRE(error_of(d).values[0] == 1'000'000'000'000'000'000);
  d = llama70b;
  d.max_model_len = 200'000;  // the model's maximum is 131,072
  const error e = error_of(d);
  REQUIRE(e.code == errc::max_model_len_exceeds_derived_max);
  REQUIRE(e.values[0] == 200'000);
  REQUIRE(e.values[1] == 131'072);
}

TEST_CASE("formats the GPU cannot run", "[errors]") {
  deployment d{.model = models::llama_3_1_8b, .gpu = gpus::a100_80gb, .kv_cache_dtype = cache_dtype::fp8};
  REQUIRE(error_of(d).code == errc::kv_cache_dtype_needs_fp8_support);
  d.kv_cache_dtype = cache_dtype::auto_;
  d.checkpoint = 1;  // nvidia/Llama-3.1-8B-Instruct-FP8: ModelOpt FP8 wants sm_89
  REQUIRE(error_of(d) == error{errc::weights_need_newer_gpu, {80, 89}, "ModelOpt FP8"});
  REQUIRE(describe(error_of(d)) ==
          "ModelOpt FP8 weights need an NVIDIA GPU of compute capability 89 or newer (this GPU: 80)");
  // NVFP4 weights run weight-only through Marlin before Blackwell, from sm_75; not on AMD.
  // (This checkpoint asks for an fp8 KV cache, which Turing cannot hold: bfloat16 there.)
  d.checkpoint = 2;
  d.gpu = gpus::h100_sxm;
  REQUIRE(error_of(d).code == errc::none);
  d.gpu = gpus::t4;
  d.kv_cache_dtype = cache_dtype::bfloat16;
  REQUIRE(error_of(d).code == errc::none);
  d.gpu = gpus::mi300x;
  REQUIRE(error_of(d) == error{errc::weights_need_newer_gpu, {942, 75}, "nvfp4"});
  // An nvfp4 KV cache needs Blackwell's fp4 tensor cores.
  d.gpu = gpus::h100_sxm;
  d.checkpoint = 0;
  d.kv_cache_dtype = cache_dtype::nvfp4;
  REQUIRE(error_of(d).code == errc::nvfp4_needs_blackwell);
  d.gpu = gpus::b200;
  REQUIRE(error_of(d).code == errc::none);
  d.kv_cache_dtype = cache_dtype::auto_;
  d.checkpoint = 7;
  REQUIRE(error_of(d).code == errc::checkpoint_out_of_range);
}

TEST_CASE("fp8_ds_mla only for MLA models", "[errors]") {
  const deployment d{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .kv_cache_dtype = cache_dtype::fp8_ds_mla};
  REQUIRE(error_of(d).code == errc::fp8_ds_mla_needs_mla);
  const deployment mla{.model = models::deepseek_v3, .gpu = gpus::b200, .tensor_parallel_size = 8,
                       .kv_cache_dtype = cache_dtype::nvfp4};
  REQUIRE(error_of(mla).code == errc::kv_cache_dtype_not_supported_for_mla);
}

TEST_CASE("a block size the attention backend cannot use", "[errors]") {
  const deployment d{.model = models::deepseek_v3,
                     .gpu = gpus::b200,
                     .tensor_parallel_size = 8,
                     .block_size = 16,
                     .backend = attention_backend::cutlass_mla};
  const error e = error_of(d);
  REQUIRE(e.code == errc::block_size_not_supported_by_attention_backend);
  REQUIRE(e.values[0] == 16);
  REQUIRE(e.values[1] == 128);
}

TEST_CASE("descriptors that make no sense", "[errors]") {
  model m = models::llama_3_1_8b;
  m.num_attention_heads = 0;
  REQUIRE(error_of({.model = m, .gpu = gpus::h100_sxm}).code == errc::num_attention_heads_must_be_positive);
  m = models::llama_3_1_8b;
  m.layers = uniform_layers(32, full_attention(0, 128));
  REQUIRE(error_of({.model = m, .gpu = gpus::h100_sxm}).code == errc::num_kv_heads_must_be_positive);
  m.layers = layer_stack{};
  REQUIRE(error_of({.model = m, .gpu = gpus::h100_sxm}).code == errc::model_has_no_layers);
  REQUIRE_THROWS_AS(uniform_layers(300, full_attention(8, 128)), plan_error);
}

TEST_CASE("overflow is an error, never a wrapped number", "[errors]") {
  // Gated DeltaNet with 2^16 key and value heads of 2^16: conv_dim = 2 x 2^32 + 2^32 overflows
  // 32 bits (it once wrapped silently); in 64 bits the state is exact: per layer
  // conv 3 x 3 x 2^32 x 2 B + state 2^16 x 2^16 x 2^16 x 2 B, four layers.
  model m = models::qwen3_next_80b;
  m.layers = uniform_layers(4, gated_deltanet(65'536, 65'536, 65'536, 65'536, 4));
  m.num_attention_heads = 16;
  const plan_result r = try_plan({.model = m, .gpu = gpus::h200, .kv_cache_memory_bytes = 8 * GiB});
  REQUIRE(r.ok());
  REQUIRE(r.plan.state_bytes_per_request == 4 * (3 * (3 * (count_t{1} << 32)) * 2 + (count_t{1} << 49)));
  // 2^30 KV heads of 2^30 values: a page of 16 tokens is 2^66 bytes.
  m = models::llama_3_1_8b;
  m.num_attention_heads = 1 << 30;
  m.layers = uniform_layers(2, full_attention(1 << 30, 1 << 30));
  REQUIRE(error_of({.model = m, .gpu = gpus::h100_sxm, .kv_cache_memory_bytes = 8 * GiB}).code ==
          errc::arithmetic_overflow);
}

TEST_CASE("make_plan throws what try_plan returns", "[errors]") {
  deployment d = llama70b;
  d.tensor_parallel_size = 3;
  REQUIRE_THROWS_AS(make_plan(d), plan_error);
  try {
    (void)make_plan(d);
  } catch (const plan_error& e) {
    REQUIRE(e.error().code == errc::tensor_parallel_size_must_divide_num_attention_heads);
    REQUIRE(std::string(e.what()).find("(3)") != std::string::npos);
  }
}

TEST_CASE("a deployment that does not fit is a plan with a verdict", "[errors]") {
  // DeepSeek-V3 in fp8 on 8 x H200 at --gpu-memory-utilization 0.5: 671 GB / 8 = 84 GB of
  // weights per GPU exceeds the 75 GB vLLM requests (0.5 x 139.8 GiB): nothing is left for the
  // KV cache. (On 8 x H100 the weights exceed the GPU itself.)
  const plan_result r = try_plan({.model = models::deepseek_v3, .gpu = gpus::h200, .tensor_parallel_size = 8,
                                  .gpu_memory_utilization = 0.5});
  REQUIRE(r.ok());
  REQUIRE(r.plan.verdict == errc::no_memory_for_kv_cache);
  REQUIRE(r.plan.available_kv_cache_bytes < 0);
}
