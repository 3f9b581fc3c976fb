// Guards that pass, and the verdict messages a failing deployment gets (the failing guards
// themselves are in tests/compile_fail).
#include "kvplan_catch.hpp"

#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

using namespace kvplan;

namespace {
inline constexpr deployment llama_8b_60gib{.model = models::llama_3_1_8b,
                                           .gpu = gpus::h100_sxm,
                                           .kv_cache_memory_bytes = 60 * GiB,
                                           .max_model_len = 131072};
// 30,720 blocks / 8,192 per request = 3.75 requests at 131,072 tokens; 60 at 8,192.
static_assert(is_valid<llama_8b_60gib>());
static_assert(weights_fit<llama_8b_60gib>());
static_assert(fits_at_all<llama_8b_60gib>());
static_assert(fits<llama_8b_60gib>());
static_assert(serves<llama_8b_60gib, 3>());
static_assert(serves<llama_8b_60gib, 60, 8192>());

// A guard inside a function: a static local has static storage.
bool guarded_in_a_function() {
  static constexpr deployment d{.model = models::deepseek_v3_2,
                                .gpu = gpus::b200,
                                .tensor_parallel_size = 8,
                                .kv_cache_dtype = cache_dtype::fp8};
  static_assert(fits<d>());
  return true;
}
}  // namespace

TEST_CASE("guards return true for deployments that work", "[guards]") {
  REQUIRE(guarded_in_a_function());
  STATIC_REQUIRE(fits<llama_8b_60gib>());
}

TEST_CASE("verdict messages say what vLLM would, with the numbers", "[guards][verdict]") {
  deployment d = llama_8b_60gib;
  d.kv_cache_memory_bytes = 16 * GiB;
  // 8,192 blocks of 2 MiB are needed; 16 GiB minus the null block is usable; 8,191 x 16 tokens fit.
  REQUIRE(verdict_message(make_plan(d)).view() ==
          "To serve at least one request with the model's max seq len (131072), (16.0 GiB KV cache is "
          "needed, which is larger than the available KV cache memory (16.0 GiB). Based on the "
          "available memory, the estimated maximum model length is 131056.");

  // Llama-3.1-70B bf16 on one H100: 141,107,412,992 B of checkpoint and a 33,554,432 B RoPE
  // cache = 141,140,967,424 B = 131.45 GiB of weights.
  const plan big = make_plan({.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .max_model_len = 8192});
  REQUIRE(big.verdict == errc::weights_exceed_gpu_memory);
  REQUIRE(verdict_message(big).view().rfind("The weights need 131.45 GiB per GPU, more than the GPU's 79.18 GiB", 0) == 0);

  const plan none = make_plan({.model = models::llama_3_1_70b,
                               .gpu = gpus::h100_sxm,
                               .tensor_parallel_size = 2,
                               .max_model_len = 8192,
                               .memory = {.weights_bytes = 70'553'706'496,
                                          .activation_bytes = 8 * GiB,
                                          .non_torch_bytes = GiB / 2,
                                          .cudagraph_bytes = GiB / 2}});
  REQUIRE(none.verdict == errc::no_memory_for_kv_cache);
  // 78,217,058,714 requested - 70,553,706,496 - 9 GiB = -2,000,324,198 B = -1.86 GiB.
  REQUIRE(verdict_message(none).view() ==
          "No available memory for the cache blocks: 72.85 GiB requested (gpu_memory_utilization 0.92 of "
          "79.18 GiB), 65.71 GiB of weights, 9.0 GiB of activations, non-torch and CUDA-graph memory; "
          "-1.86 GiB left for the KV cache.");

  REQUIRE(verdict_message(make_plan(llama_8b_60gib)).size() == 0);
}
