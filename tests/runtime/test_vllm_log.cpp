// Reading vLLM start-up logs of every format from v0.10 on. The lines are written from the
// facts of public logs (figures and wording as vLLM printed them; sources in
// tests/support/startup_logs.hpp), one release's wording per case.
#include "kvplan_catch.hpp"

#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>
#include <kvplan/vllm_log.hpp>

#include <algorithm>
#include <cmath>
#include <string>

using namespace kvplan;

TEST_CASE("v0.10: the version, the args, the load line with four decimals, capacity", "[vllm_log]") {
  const vllm_log log = read_vllm_log(
      "INFO 09-04 01:02:21 [api_server.py:1805] vLLM API server version 0.10.1.1\n"
      "INFO 09-04 01:02:21 [utils.py:326] non-default args: {'model_tag': 'Qwen2-7B-Instruct', 'port': 8081, "
      "'model': 'Qwen2-7B-Instruct', 'max_model_len': 16384, 'gpu_memory_utilization': 0.25}\n"
      "INFO 09-04 01:02:40 [gpu_model_runner.py:2007] Model loading took 14.2488 GiB and 4.422213 seconds\n"
      "INFO 09-04 01:02:52 [gpu_worker.py:276] Available KV cache memory: 5.01 GiB\n"
      "INFO 09-04 01:02:52 [kv_cache_utils.py:849] GPU KV cache size: 93,872 tokens\n"
      "INFO 09-04 01:02:52 [kv_cache_utils.py:853] Maximum concurrency for 16,384 tokens per request: 5.73x\n"
      "INFO 09-04 01:02:55 [gpu_model_runner.py:2708] Graph capturing finished in 3 secs, took 0.50 GiB\n");
  REQUIRE(log.version);
  CHECK(*log.version == vllm_version{0, 10, 1});
  REQUIRE(log.weights_gib);
  CHECK(log.weights_gib->value == 14.2488);
  CHECK(log.weights_gib->line == "Model loading took 14.2488 GiB and 4.422213 seconds");
  CHECK(log.available_kv_gib->value == 5.01);
  CHECK(log.kv_cache_tokens->value == 93'872);
  CHECK(log.max_concurrency->value == 5.73);
  CHECK(log.arg("max_model_len") == "16384");
  CHECK(log.arg("gpu_memory_utilization") == "0.25");
  CHECK(log.arg("model") == "'Qwen2-7B-Instruct'");
  CHECK_FALSE(log.arg("tensor_parallel_size"));
  CHECK_FALSE(log.activation_gib);
}

TEST_CASE("v0.10.2: the Free-memory line gives every term, and the plan is vLLM's", "[vllm_log]") {
  // Qwen3-Next-80B over 2 x H200: 125.83 - 74.28 - 5.58 - 1.38 = 44.59 GiB (graphs not taken
  // before v0.20).
  const vllm_log log = read_vllm_log(
      "INFO 10-23 09:12:01 [api_server.py:1805] vLLM API server version 0.10.2\n"
      "(Worker_TP1 pid=2211) INFO 10-23 09:15:52 [gpu_model_runner.py:2392] Model loading took 74.2812 GiB and "
      "215.969277 seconds\n"
      "(Worker_TP1 pid=2211) INFO 10-23 09:16:30 [gpu_worker.py:298] Available KV cache memory: 44.59 GiB\n"
      "(Worker_TP0 pid=2210) INFO 10-23 09:16:56 [gpu_worker.py:391] Free memory on device (139.21/139.81 GiB) on "
      "startup. Desired GPU memory utilization is (0.9, 125.83 GiB). Actual usage is 74.28 GiB for weight, 5.58 GiB "
      "for peak activation, 1.38 GiB for non-torch memory, and 2.37 GiB for CUDAGraph memory.\n");
  CHECK(log.total_gib->value == 139.81);
  CHECK(log.weights_gib->value == 74.2812);  // the load line's four decimals, not the 74.28
  CHECK(log.activation_gib->value == 5.58);
  CHECK(log.non_torch_gib->value == 1.38);
  deployment d{.model = models::qwen3_next_80b, .gpu = gpus::h200, .tensor_parallel_size = 2};
  const applied_log applied = apply_vllm_log(log, d);
  CHECK(d.vllm == vllm_version{0, 10, 2});
  CHECK(applied.assumed.size() == 1);  // only the graphs, which 0.10.2 does not take
  const plan p = make_plan(d);
  CHECK(std::abs(static_cast<double>(p.available_kv_cache_bytes) / GiB - 44.59) < 0.006);
  CHECK(p.kv_cache_uncertainty_bytes == 0);
}

TEST_CASE("DEBUG profile lines, v0.19 graph estimates, v0.27 consumed memory", "[vllm_log]") {
  // The DEBUG summary (every V1 release, LOG_LEVEL=DEBUG).
  const vllm_log debug = read_vllm_log(
      "DEBUG 08-11 10:00:00 [gpu_worker.py:278] Memory profiling takes 7.26 seconds. Total non KV cache memory: "
      "2.78GiB; torch peak memory increase: 0.45GiB; non-torch forward increase memory: 0.02GiB; weights memory: "
      "2.32GiB.\n");
  CHECK(debug.activation_gib->value == 0.45);
  CHECK(debug.non_torch_gib->value == 0.02);
  CHECK(debug.weights_gib->value == 2.32);

  // v0.19: the load line says "memory"; the graph estimate is printed (taken from v0.20).
  const vllm_log v19 = read_vllm_log(
      "INFO 04-02 11:00:00 [gpu_model_runner.py:4820] Model loading took 33.98 GiB memory and 81.566250 seconds\n"
      "INFO 04-02 11:00:30 [gpu_model_runner.py:5955] Estimated CUDA graph memory: 2.73 GiB total\n"
      "INFO 04-02 11:00:31 [gpu_worker.py:436] Available KV cache memory: 5.11 GiB\n");
  CHECK(v19.weights_gib->value == 33.98);
  CHECK(v19.cudagraph_estimate_gib->value == 2.73);

  // v0.27+: "consumed" (weights + non-torch + buffers), a peak that holds the graph estimate,
  // and the merged capacity line (v0.28).
  const vllm_log v29 = read_vllm_log(
      "(EngineCore pid=1) INFO 10-06 08:00:00 [core.py:90] Initializing a V1 LLM engine (v0.29.1) with config: "
      "model='google/gemma-4-E2B'\n"
      "INFO 10-06 08:01:00 [gpu_worker.py:436] Available KV cache memory: 155.04 GiB\n"
      "INFO 10-06 08:01:00 [kv_cache_utils.py:1400] GPU KV cache size: 9,026,017 tokens, Maximum concurrency for "
      "32,768 tokens per request: 275.45x\n"
      "INFO 10-06 08:01:30 [gpu_worker.py:789] Free memory on device (191.36/191.69 GiB) on startup. Desired GPU "
      "memory utilization is (0.9, 172.52 GiB). Actual usage is 11.88 GiB for consumed memory (weights + "
      "non-torch), 5.59 GiB for peak activation, and 3.9 GiB for CUDAGraph memory. Current kv cache memory in "
      "use is 155.04 GiB.\n");
  CHECK(*v29.version == vllm_version{0, 29, 1});
  CHECK(v29.consumed_gib->value == 11.88);
  CHECK(v29.activation_gib->value == 5.59);
  CHECK(v29.kv_cache_tokens->value == 9'026'017);
  CHECK(v29.max_concurrency->value == 275.45);
  CHECK(v29.total_gib->value == 191.69);
  // Applied: the budget is requested - consumed - peak, whatever the split.
  deployment d{.model = models::llama_3_1_8b, .gpu = gpus::mi300x, .gpu_memory_utilization = 0.9};
  (void)apply_vllm_log(v29, d);
  const plan p = make_plan(d);
  // ceil(191.69 GiB x 0.9) - 11.88 GiB - 5.59 GiB = 155.05 GiB; vLLM printed 155.04 from the
  // unrounded figures: three figures rounded to 0.01 GiB are off by 0.015 GiB at most.
  CHECK(std::abs(static_cast<double>(p.available_kv_cache_bytes) / GiB - 155.04) < 0.016);
}

TEST_CASE("an INFO log gives the budget, not its terms: the plan starts from the budget", "[vllm_log]") {
  // Qwen3-Next-80B (a W4A16 checkpoint) over 2 x L40S, vLLM 0.13.0, from a docker-compose log:
  // at INFO it prints the weights and the budget, not the activation peak nor non-torch memory.
  const vllm_log log = read_vllm_log(
      "(APIServer pid=1) INFO 02-12 19:46:23 [api_server.py:1351] vLLM API server version 0.13.0\n"
      "(APIServer pid=1) INFO 02-12 19:46:23 [utils.py:253] non-default args: {'model': '/models', "
      "'max_model_len': 32768, 'tensor_parallel_size': 2, 'disable_custom_all_reduce': True, "
      "'gpu_memory_utilization': 0.92, 'kv_cache_dtype': 'fp8', 'enable_prefix_caching': True, "
      "'max_num_batched_tokens': 8192, 'max_num_seqs': 8}\n"
      "(Worker_TP0 pid=306) INFO 02-12 19:47:50 [gpu_model_runner.py:3659] Model loading took 22.5313 GiB memory and "
      "63.204064 seconds\n"
      "(Worker_TP0 pid=306) INFO 02-12 19:50:09 [gpu_worker.py:375] Available KV cache memory: 17.58 GiB\n"
      "(EngineCore_DP0 pid=241) INFO 02-12 19:50:09 [kv_cache_utils.py:1291] GPU KV cache size: 767,552 tokens\n"
      "(EngineCore_DP0 pid=241) INFO 02-12 19:50:09 [kv_cache_utils.py:1296] Maximum concurrency for 32,768 tokens "
      "per request: 84.29x\n");
  REQUIRE(log.available_kv_gib);
  REQUIRE_FALSE(log.activation_gib);
  deployment d{.model = models::qwen3_next_80b, .gpu = gpus::l40s, .tensor_parallel_size = 2,
               .kv_cache_dtype = cache_dtype::fp8, .gpu_memory_utilization = 0.92, .max_model_len = 32768,
               .max_num_seqs = 8, .max_num_batched_tokens = 8192,
               .enable_prefix_caching = prefix_caching::enabled};
  const applied_log applied = apply_vllm_log(log, d);
  REQUIRE(d.memory.activation_bytes);
  CHECK(applied.read.back().find("the rest of the budget") == 0);
  const plan p = make_plan(d);
  // The budget is the logged one (rounded to 0.01 GiB) ...
  CHECK(std::abs(static_cast<double>(p.available_kv_cache_bytes) / GiB - 17.58) < 0.006);
  // ... and the KV arithmetic gives vLLM's figures: 4 groups of 1,072-token blocks (the attention
  // page raised to the GDN state's), 6,586,368 B a block; 17.58 GiB / 6,586,368 B = 2,865 blocks,
  // 2,865 // 4 = 716 a group, 716 x 1,072 = 767,552 tokens.
  CHECK(p.block_size == 1'072);
  CHECK(p.bytes_per_block == 6'586'368);
  CHECK(p.kv_cache_tokens == 767'552);
  // v0.13 drops the prefix caching asked for ("Hybrid or mamba-based model detected without
  // support for prefix caching: disabling"): a request holds 31 attention blocks and one block
  // in each of the 3 GDN groups. The budget is the log's 17.58 GiB exactly: 18,876,381,266 B //
  // 6,586,368 = 2,865 blocks, 2,865 / 34 = 84.26x; vLLM's unrounded budget held 2,866 (84.29x).
  CHECK_FALSE(p.prefix_caching);
  CHECK(p.blocks_per_request == 34);
  CHECK(p.num_gpu_blocks == 2'865);
  CHECK(p.max_concurrency == Approx(2'865.0 / 34.0));
}

TEST_CASE("an eager sparse-MLA log with no version line: the budget's remainder, and vLLM's tokens", "[vllm_log]") {
  // GLM-5.1-FP8 over 8 x H200, TP 8, --enforce-eager, vllm 0.20.1.dev1: a bisect report's server
  // log tail, which starts after the version line; the release is the flags' (--vllm-version).
  const vllm_log log = read_vllm_log(
      "(Worker_TP0 pid=3714502) INFO 05-19 02:40:23 [gpu_model_runner.py:4879] Model loading took 89.39 GiB memory "
      "and 30.461230 seconds\n"
      "(Worker_TP0 pid=3714502) INFO 05-19 02:40:27 [gpu_worker.py:440] Available KV cache memory: 34.86 GiB\n"
      "(EngineCore pid=3714287) INFO 05-19 02:40:27 [kv_cache_utils.py:1711] GPU KV cache size: 373,696 tokens\n"
      "(EngineCore pid=3714287) INFO 05-19 02:40:27 [kv_cache_utils.py:1716] Maximum concurrency for 202,752 tokens "
      "per request: 1.84x\n");
  REQUIRE(log.weights_gib);
  REQUIRE(log.available_kv_gib);
  CHECK_FALSE(log.version);
  REQUIRE(log.kv_cache_tokens);
  CHECK(log.kv_cache_tokens->value == 373'696);
  deployment d{.model = models::glm_5_1, .gpu = gpus::h200, .tensor_parallel_size = 8, .checkpoint = 1,
               .enforce_eager = true, .vllm = {0, 20, 0}};
  (void)apply_vllm_log(log, d);
  const plan p = make_plan(d);
  // The budget is the logged one: ceil(0.92 x 139.81 GiB) - 89.39 - 34.86 = 4.38 GiB beside the
  // weights, whatever kvplan's split of it.
  CHECK(std::abs(static_cast<double>(p.available_kv_cache_bytes) / GiB - 34.86) < 0.006);
  // 78 layers x (576 x 2 + 132) B = 100,152 B a token; blocks of 64: 6,409,728 B. 34.86 GiB /
  // 6,409,728 B = 5,839 blocks, 373,696 tokens; 5,839 / ceil(202,752 / 64) = 5,839 / 3,168 = 1.84x.
  CHECK(p.bytes_per_block == 6'409'728);
  CHECK(p.num_gpu_blocks == 5'839);
  CHECK(p.kv_cache_tokens == 373'696);
  CHECK(p.blocks_per_request == 3'168);
}

TEST_CASE("v0.26: the four-term line with the suggestion's GiB in parentheses, the graph estimate taken", "[vllm_log]") {
  // GLM-5.2 NVFP4 over 4 x GB200 (TP 4 with experts in parallel), vLLM 0.26.0, from a raw log:
  // 169.56 - 106.69 - 6.31 - 0.95 - 4.99 (the estimate, taken from v0.20) = 50.62 GiB.
  const vllm_log log = read_vllm_log(
      "(EngineCore pid=4076649) INFO 08-20 16:38:29 [core.py:116] Initializing a V1 LLM engine (v0.26.0) with "
      "config: model='/wireless/public/models/GLM-5.2-NVFP4'\n"
      "(Worker pid=4155524) INFO 08-20 16:42:26 [topk_topp_sampler.py:55] Using FlashInfer for top-p & top-k sampling.\n"
      "(Worker_TP0_EP0 pid=4155524) INFO 08-20 17:20:27 [gpu_model_runner.py:5347] Model loading took 106.69 GiB memory "
      "and 2278.911946 seconds\n"
      "(Worker_TP0_EP0 pid=4155524) INFO 08-20 17:22:36 [gpu_model_runner.py:6737] Estimated CUDA graph memory: 4.99 "
      "GiB total\n"
      "(Worker_TP0_EP0 pid=4155524) INFO 08-20 17:22:37 [gpu_worker.py:560] Available KV cache memory: 50.62 GiB\n"
      "(EngineCore pid=4076649) INFO 08-20 17:22:37 [kv_cache_utils.py:2177] GPU KV cache size: 1,139,456 tokens\n"
      "(EngineCore pid=4076649) INFO 08-20 17:22:37 [kv_cache_utils.py:2178] Maximum concurrency for 819,200 tokens "
      "per request: 1.39x\n"
      "(Worker_TP0_EP0 pid=4155524) INFO 08-20 17:28:08 [gpu_worker.py:857] Free memory on device (181.84/184.31 GiB) "
      "on startup. Desired GPU memory utilization is (0.92, 169.56 GiB). Actual usage is 106.69 GiB for weight, 6.31 GiB "
      "for peak activation, 0.95 GiB for non-torch memory, and 4.13 GiB for CUDAGraph memory. Replace "
      "gpu_memory_utilization config with `--kv-cache-memory=55124106138` (51.34 GiB) to fit into requested memory, "
      "or `--kv-cache-memory=68302635520` (63.61 GiB) to fully utilize gpu memory. Current kv cache memory in use is "
      "50.62 GiB.\n");
  CHECK(*log.version == vllm_version{0, 26, 0});
  CHECK(log.total_gib->value == 184.31);
  CHECK(log.weights_gib->value == 106.69);
  CHECK(log.activation_gib->value == 6.31);
  CHECK(log.non_torch_gib->value == 0.95);
  CHECK(log.cudagraph_estimate_gib->value == 4.99);  // the estimate, not the 4.13 captured
  CHECK(log.flashinfer_sampler == true);
  deployment d{.model = models::glm_5_2, .gpu = gpus::gb200, .tensor_parallel_size = 4,
               .enable_expert_parallel = true, .kv_cache_dtype = cache_dtype::fp8, .gpu_memory_utilization = 0.92,
               .max_model_len = 819200};
  (void)apply_vllm_log(log, d);
  const plan p = make_plan(d);
  CHECK(p.cudagraph_bytes > 0);  // the V1 runner takes the estimate at v0.26
  // Five figures rounded to 0.01 GiB: within 0.025 GiB.
  CHECK(std::abs(static_cast<double>(p.available_kv_cache_bytes) / GiB - 50.62) < 0.025);
  // On GB200 the fp8 cache runs on FLASHINFER_MLA_SPARSE in the standard layout ("Using standard
  // fp8 KV cache format"): 21 x (576 + 132) + 57 x 576 = 47,700 B a token, 3,052,800 B a 64-token
  // block; 50.62 GiB // 3,052,800 = 17,804 blocks = 1,139,456 tokens, vLLM's figure; the budget
  // rebuilt from five rounded terms may land a few blocks off (0.025 GiB, 9 blocks); 1.39x.
  CHECK(p.backend == attention_backend::flashinfer_mla_sparse);
  CHECK(p.bytes_per_block == 3'052'800);
  CHECK(std::abs(static_cast<double>(p.kv_cache_tokens) - 1'139'456.0) <= 9 * 64);
  CHECK(std::abs(p.max_concurrency - 1.39) < 0.005);
}

TEST_CASE("a graph estimate the release does not take stays out of the budget's remainder", "[vllm_log]") {
  // v0.17 - v0.19 print the estimate but leave it in the budget ("In v0.19, CUDA graph memory
  // profiling will be enabled by default"): the remainder requested - weights - available is
  // the activation peak and non-torch memory alone. (Figures made up for the arithmetic, in the
  // wording of a v0.19.1 log.)
  const vllm_log log = read_vllm_log(
      "(EngineCore pid=1) INFO 06-25 17:21:00 [core.py:96] Initializing a V1 LLM engine (v0.19.1) with config: "
      "model='meta-llama/Llama-3.1-8B-Instruct'\n"
      "(EngineCore pid=1) INFO 06-25 17:21:52 [gpu_model_runner.py:4820] Model loading took 14.99 GiB memory and "
      "4.5 seconds\n"
      "(EngineCore pid=1) INFO 06-25 17:21:58 [gpu_model_runner.py:5955] Estimated CUDA graph memory: 2.73 GiB total\n"
      "(EngineCore pid=1) INFO 06-25 17:21:58 [gpu_worker.py:436] Available KV cache memory: 50.00 GiB\n"
      "(EngineCore pid=1) INFO 06-25 17:21:58 [gpu_worker.py:470] In v0.19, CUDA graph memory profiling will be "
      "enabled by default (VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1), which more accurately accounts for CUDA "
      "graph memory during KV cache allocation.\n");
  CHECK(log.cudagraph_memory_profiling == false);
  deployment d{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm};
  const applied_log applied = apply_vllm_log(log, d);
  CHECK_FALSE(d.estimate_cudagraph_memory);  // the release's default: nothing to state
  const plan p = make_plan(d);
  CHECK(p.cudagraph_bytes == 0);
  CHECK(std::abs(static_cast<double>(p.available_kv_cache_bytes) / GiB - 50.00) < 0.006);
  // The remainder: ceil(79.19 x 0.9) - 14.99 - 50.00 = 6.28 GiB, less kvplan's 0.15 of non-torch.
  CHECK(std::abs(static_cast<double>(*d.memory.activation_bytes + p.non_torch_bytes) / GiB -
                 (static_cast<double>(p.requested_memory_bytes) / GiB - 14.99 - 50.00)) < 0.006);
  CHECK(applied.read.back().find("the rest of the budget") == 0);
}

TEST_CASE("the sampler a log names", "[vllm_log]") {
  // v0.10: a pip install without FlashInfer warns, a Docker image says it uses it.
  CHECK(read_vllm_log("WARNING 09-07 07:06:56 [topk_topp_sampler.py:61] FlashInfer is not available. Falling back to "
                      "the PyTorch-native implementation of top-p & top-k sampling. For the best performance, please "
                      "install FlashInfer.\n")
            .flashinfer_sampler == false);
  const vllm_log with = read_vllm_log(
      "INFO 10-02 10:00:00 [topk_topp_sampler.py:50] Using FlashInfer for top-p & top-k sampling.\n"
      "INFO 10-02 10:00:01 [gpu_model_runner.py:2007] Model loading took 14.2488 GiB and 4.422213 seconds\n");
  CHECK(with.flashinfer_sampler == true);
  deployment d{.model = models::qwen2_5_7b, .gpu = gpus::a100_80gb, .vllm = {0, 10, 1}};
  (void)apply_vllm_log(with, d);
  CHECK(d.flashinfer_sampler == true);
  CHECK(make_plan(d).profile.activation_parts.sampler == sampler_path::flashinfer);
}

TEST_CASE("the compile cache a log shows", "[vllm_log]") {
  // v0.19.1 loading its compiled graphs (a warm cache), v0.20 compiling them (cold).
  const vllm_log warm = read_vllm_log(
      "(EngineCore pid=3380462) INFO 06-25 17:21:56 [backends.py:285] Directly load the compiled graph(s) for compile "
      "range (1, 2048) from the cache, took 1.122 s\n"
      "(EngineCore pid=3380462) INFO 06-25 17:21:52 [gpu_model_runner.py:4820] Model loading took 15.27 GiB memory and "
      "4.543456 seconds\n");
  CHECK(warm.compile_cache == compile_cache_state::warm);
  CHECK(read_vllm_log("(EngineCore pid=187) INFO 05-01 20:46:47 [backends.py:391] Compiling a graph for compile range "
                      "(1, 8192) takes 34.06 s\n")
            .compile_cache == compile_cache_state::cold);
  // A warm log's plan leaves out the cold compile's copies (Qwen3-8B on an A100-40GB, 2,048
  // tokens: the table, 151,936 x 4,096 x 2 B, would be the peak).
  deployment d{.model = models::qwen3_8b, .gpu = gpus::a100_40gb, .vllm = {0, 19, 1}};
  CHECK(make_plan(d).profile.activation_parts.compile_bytes > 0);
  const applied_log applied = apply_vllm_log(warm, d);
  CHECK(d.compile_cache == compile_cache_state::warm);
  CHECK(make_plan(d).profile.activation_parts.compile_bytes == 0);
  CHECK(std::find(applied.read.begin(), applied.read.end(), "compile cache: warm (the log loads its compiled graphs)") !=
        applied.read.end());
}

TEST_CASE("the attention backend a log names", "[vllm_log]") {
  // From v0.12 the selector names its pick among the valid ones (a T4 at v0.31); before, cuda.py
  // printed a phrase per backend (a T4 at v0.10.2; CUTLASS MLA on a B200).
  const vllm_log t4 = read_vllm_log(
      "(EngineCore pid=211) INFO 10-07 07:41:02 [cuda.py:368] Using TRITON_ATTN attention backend out of potential "
      "backends: ['TRITON_ATTN', 'FLEX_ATTENTION'].\n"
      "(EngineCore pid=211) INFO 10-07 07:41:40 [model_runner.py:407] Model loading took 5.79 GiB memory and 8.8 "
      "seconds\n");
  CHECK(t4.backend == attention_backend::triton_attn);
  CHECK(read_vllm_log("INFO 10-03 10:00:00 [cuda.py:372] Using FlexAttention backend on V1 engine.\n").backend ==
        attention_backend::flex_attention);
  CHECK(read_vllm_log("INFO 09-01 10:00:00 [cuda.py:240] Using Cutlass MLA backend on V1 engine.\n").backend ==
        attention_backend::cutlass_mla);
  CHECK(read_vllm_log("INFO 09-01 10:00:00 [cuda.py:240] Using FlashInfer MLA backend on V1 engine.\n").backend ==
        attention_backend::flashinfer_mla);
  // Not a backend line, nor a backend kvplan models.
  CHECK_FALSE(read_vllm_log("INFO 10-02 10:00:00 [topk_topp_sampler.py:50] Using FlashInfer for top-p & top-k "
                            "sampling.\n")
                  .backend);
  CHECK_FALSE(read_vllm_log("INFO 10-02 10:00:00 [cuda.py:368] Using TURBOQUANT attention backend out of potential "
                            "backends: ['TURBOQUANT'].\n")
                  .backend);
  // The deployment takes it where it names none, and says so.
  deployment d{.model = models::qwen2_5_3b, .gpu = gpus::t4, .model_dtype = dtype::float16, .vllm = {0, 10, 2}};
  const applied_log applied = apply_vllm_log(t4, d);
  CHECK(d.backend == attention_backend::triton_attn);
  CHECK(make_plan(d).backend == attention_backend::triton_attn);
  CHECK(std::find_if(applied.read.begin(), applied.read.end(), [](const std::string& r) {
          return r.starts_with("attention backend TRITON_ATTN: ");
        }) != applied.read.end());
  // A backend the user names stays.
  deployment forced = d;
  forced.backend = attention_backend::flex_attention;
  (void)apply_vllm_log(t4, forced);
  CHECK(forced.backend == attention_backend::flex_attention);
}

TEST_CASE("what is not a start-up log", "[vllm_log]") {
  CHECK(read_vllm_log("").empty());
  CHECK(read_vllm_log("hello\nworld\n").empty());
  // A figure that is not a number is not read.
  CHECK_FALSE(read_vllm_log("Available KV cache memory: lots GiB\n").available_kv_gib);
  // Negative memory (a failed start) is a figure.
  CHECK(read_vllm_log("Available KV cache memory: -2.14 GiB\n").available_kv_gib->value == -2.14);
  // A malformed args dict yields what parses, never a crash.
  CHECK(read_vllm_log("non-default args: {'a': [1, 2, {'b': 'x'}], 'c': 'd").args.size() == 2);
}
