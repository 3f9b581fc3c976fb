// The inverse of a plan: the smallest deployments that meet a target, and the smallest TP a
// build can ask for at compile time. Each found option is checked against a plan of its own
// deployment; the search's order (fewest GPUs, then cost, then capacity) is checked directly.
#include "kvplan_catch.hpp"

#include <kvplan/models.hpp>
#include <kvplan/sizing.hpp>

#include <string_view>

using namespace kvplan;

namespace {
std::string_view checkpoint_id(const sizing_request& r, const sizing_option& o) {
  return r.model.checkpoints[o.checkpoint].hf_id;
}
}  // namespace

TEST_CASE("seed 000: Nemotron 3 Nano on B200, NVFP4 at TP 1 where FP8 needs two GPUs", "[sizing][seeds]") {
  // 700 requests of 32,768 tokens at gpu_memory_utilization 0.9 (the seed's flags).
  sizing_request r{.model = models::nemotron_3_nano, .concurrent_requests = 700, .max_model_len = 32768};
  (void)r.gpus.push_back(gpus::b200);
  r.settings.gpu_memory_utilization = 0.9;
  const sizing_result found = smallest_deployments(r);
  REQUIRE(found.found());
  const sizing_option& best = found.options[0];
  CHECK(best.total_gpus == 1);
  CHECK(best.tensor_parallel_size == 1);
  CHECK(checkpoint_id(r, best) == "nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4");
  // The option is its deployment's plan: whole requests of 32,768 tokens, at least 700.
  const plan p = make_plan(deployment_of(r, best));
  CHECK(p.max_concurrency == best.concurrency_per_replica);
  CHECK(p.num_gpu_blocks / p.blocks_per_request >= 700);
  // The FP8 checkpoint on one B200 holds fewer than 700 ...
  deployment fp8 = deployment_of(r, best);
  fp8.checkpoint = 1;
  REQUIRE(fp8.model.checkpoints[1].format == dtype::fp8_e4m3);
  const plan q = make_plan(fp8);
  CHECK(q.num_gpu_blocks / q.blocks_per_request < 700);
  // ... so its best option takes two GPUs.
  bool seen = false;
  for (const sizing_option& o : found.options) {
    if (o.checkpoint != 1) continue;
    CHECK(o.total_gpus == 2);
    seen = true;
    break;
  }
  CHECK(seen);
  // Fewest GPUs first.
  for (std::int32_t i = 1; i < found.options.size(); ++i)
    CHECK(found.options[i - 1].total_gpus <= found.options[i].total_gpus);
}

TEST_CASE("prices rank options of equal size; refusals keep their reason", "[sizing]") {
  // Llama-3.1-8B's ModelOpt FP8 checkpoint needs sm_89: refused on the A100, served on the L40S.
  sizing_request r{.model = models::llama_3_1_8b, .concurrent_requests = 4, .max_model_len = 32768};
  (void)r.gpus.push_back(gpus::a100_80gb);
  (void)r.gpus.push_back(gpus::h100_sxm);
  (void)r.prices.push_back({"a100-80gb", 1.5});
  (void)r.prices.push_back({"h100-sxm", 3.0});
  r.max_gpus_per_engine = 1;
  const sizing_result found = smallest_deployments(r);
  REQUIRE(found.found());
  // One GPU serves 4 requests on either; the A100 is cheaper.
  CHECK(found.options[0].g.name == "a100-80gb");
  CHECK(found.options[0].cost_per_hour == 1.5);
  bool refused = false;
  for (const sizing_refusal& x : found.refusals)
    if (x.gpu == "a100-80gb" && x.checkpoint == 1 && x.why.code == errc::weights_need_newer_gpu) refused = true;
  CHECK(refused);
}

TEST_CASE("a target out of reach finds nothing, and says how many GPUs it would take", "[sizing]") {
  sizing_request r{.model = models::llama_3_1_70b, .concurrent_requests = 10'000, .max_model_len = 131072,
                   .max_gpus = 8};
  (void)r.gpus.push_back(gpus::h100_sxm);
  const sizing_result found = smallest_deployments(r);
  CHECK_FALSE(found.found());
  bool too_many = false;
  for (const sizing_refusal& x : found.refusals)
    if (x.why.code == errc::none && x.why.values[0] > 8) too_many = true;
  CHECK(too_many);
}

TEST_CASE("a token-capacity target counts replicas", "[sizing]") {
  // 10M tokens of Llama-3.1-8B KV cache on H100s, one GPU an engine: as many replicas as
  // cdiv(10M, one replica's "GPU KV cache size").
  sizing_request r{.model = models::llama_3_1_8b, .kv_cache_tokens = 10'000'000, .max_model_len = 32768};
  (void)r.gpus.push_back(gpus::h100_sxm);
  r.max_gpus_per_engine = 1;
  r.try_fp8_kv_cache = false;
  const sizing_result found = smallest_deployments(r);
  REQUIRE(found.found());
  const sizing_option& o = found.options[0];
  const plan one = make_plan(deployment_of(r, o));
  CHECK(o.replicas == cdiv(10'000'000, one.kv_cache_tokens));
}

namespace {
// Llama-3.1-70B at 32K on H100s: 16 requests take TP 4; at TP 2 they do not fit.
constexpr deployment llama70b{.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .max_model_len = 32768};
}  // namespace

TEST_CASE("the smallest TP that serves N requests, at compile time", "[sizing][static]") {
  constexpr std::int32_t tp = smallest_tensor_parallel_size(llama70b, 16);
  STATIC_REQUIRE(tp > 0);
  deployment d = llama70b;
  d.tensor_parallel_size = tp;
  const plan p = make_plan(d);
  CHECK(p.num_gpu_blocks >= 16 * p.blocks_per_request);
  if (tp > 1) {
    d.tensor_parallel_size = tp / 2;
    const plan_result smaller = try_plan(d);
    CHECK((!smaller.ok() || !smaller.plan.fits() ||
           smaller.plan.num_gpu_blocks < 16 * smaller.plan.blocks_per_request));
  }
  // 10,000 requests of 32K never fit: 0.
  CHECK(smallest_tensor_parallel_size(llama70b, 10'000) == 0);
}

TEST_CASE("a hybrid whose blocks are fewer than max_num_seqs is sized with --max-num-seqs lowered", "[sizing][mamba]") {
  // Qwen3.6-27B in bf16 on one H100 at 262,144 tokens: fewer KV-cache blocks than the H100's
  // default max_num_seqs of 1,024, which vLLM (v0.19+) refuses under FULL CUDA graphs. The
  // search keeps the option with max_num_seqs at the blocks, and its deployment says so.
  sizing_request r{.model = models::qwen3_6_27b, .concurrent_requests = 1, .max_model_len = 262144};
  (void)r.gpus.push_back(gpus::h100_sxm);
  r.settings.kv_cache_dtype = cache_dtype::bfloat16;
  deployment plain{.model = models::qwen3_6_27b, .gpu = gpus::h100_sxm, .kv_cache_dtype = cache_dtype::bfloat16,
                   .max_model_len = 262144};
  const plan refused = make_plan(plain);
  REQUIRE(refused.verdict == errc::max_num_seqs_exceeds_mamba_cache_blocks);
  const sizing_result found = smallest_deployments(r);
  REQUIRE(found.found());
  bool lowered = false;
  for (const sizing_option& o : found.options) {
    if (o.tensor_parallel_size != 1 || o.pipeline_parallel_size != 1 || o.checkpoint != 0) continue;
    lowered = true;
    CHECK(o.max_num_seqs > 0);
    CHECK(o.max_num_seqs < 1024);
    const plan p = make_plan(deployment_of(r, o));
    CHECK(p.fits());
    CHECK(p.max_num_seqs == o.max_num_seqs);
  }
  CHECK(lowered);
}
