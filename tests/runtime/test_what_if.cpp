// What-ifs: each lever's changed deployment and plan, with the figures by hand.
#include "kvplan_catch.hpp"

#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>
#include <kvplan/what_if.hpp>

using namespace kvplan;

namespace {
// Llama-3.1-8B on one H100 with 16 GiB of KV cache at 131,072 tokens: a bf16 block of 16 tokens
// is 32 layers x 16 x 8 heads x 128 x 2 (K, V) x 2 B = 2,097,152 B, so 16 GiB holds 8,192
// blocks; one request needs 131,072 / 16 = 8,192, and the check holds back the null block
// (16 GiB - 2 MiB): it does not fit.
constexpr deployment tight{.model = models::llama_3_1_8b,
                           .gpu = gpus::h100_sxm,
                           .kv_cache_memory_bytes = 16 * GiB,
                           .max_model_len = 131072};
constexpr plan tight_plan = make_plan(tight);
static_assert(!tight_plan.fits());
static_assert(tight_plan.num_gpu_blocks == 8'192);
constexpr auto levers = what_ifs(tight, tight_plan);
}  // namespace

TEST_CASE("what-ifs of a deployment that does not fit", "[what_if]") {
  // No --gpu-memory-utilization lever: --kv-cache-memory-bytes fixes the budget.
  STATIC_REQUIRE(levers.size() == 4);

  // fp8 halves the block to 1,048,576 B: 16,384 blocks, 2 requests of 8,192 blocks.
  STATIC_REQUIRE(levers[0].lever == lever::fp8_kv_cache);
  STATIC_REQUIRE(levers[0].changed.kv_cache_dtype == cache_dtype::fp8);
  STATIC_REQUIRE(levers[0].result.ok());
  STATIC_REQUIRE(levers[0].result.plan.num_gpu_blocks == 16'384);
  STATIC_REQUIRE(levers[0].result.plan.max_concurrency == 2.0);

  // TP 2: 4 KV heads a GPU, the same halving on each GPU.
  STATIC_REQUIRE(levers[1].lever == lever::double_tensor_parallel);
  STATIC_REQUIRE(levers[1].changed.tensor_parallel_size == 2);
  STATIC_REQUIRE(levers[1].result.plan.num_gpu_blocks == 16'384);

  // PP 2: 16 layers a stage, 1,048,576 B a block, 16,384 blocks on each stage.
  STATIC_REQUIRE(levers[2].lever == lever::double_pipeline_parallel);
  STATIC_REQUIRE(levers[2].result.plan.stages.size() == 2);
  STATIC_REQUIRE(levers[2].result.plan.num_gpu_blocks == 16'384);

  // The largest length that fits: 8,191 blocks of 16 = 131,056 tokens.
  STATIC_REQUIRE(levers[3].lever == lever::shorter_max_model_len);
  STATIC_REQUIRE(levers[3].changed.max_model_len == 131'056);
  STATIC_REQUIRE(levers[3].result.plan.fits());
  STATIC_REQUIRE(levers[3].result.plan.blocks_per_request == 8'191);
  CHECK(flag_of(levers[3].lever) == "--max-model-len");
}

TEST_CASE("what-ifs name the flag they change and refuse what vLLM refuses", "[what_if]") {
  // At TP 32, Llama-3.1-8B's 32 attention heads split one a GPU (its 8 KV heads replicated 4
  // times); TP 64 would not divide them, which vLLM refuses, so no TP lever is offered.
  constexpr deployment wide{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 32,
                            .max_model_len = 8192};
  constexpr auto w = what_ifs(wide, make_plan(wide));
  for (const what_if& x : w) CHECK(x.lever != lever::double_tensor_parallel);
  CHECK(flag_of(lever::fp8_kv_cache) == "--kv-cache-dtype");
  CHECK(flag_of(lever::higher_gpu_memory_utilization) == "--gpu-memory-utilization");
}
