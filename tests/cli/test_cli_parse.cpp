// The command line parses values exactly as vLLM's argparse types do, and refuses bad input
// with the flag's name and its accepted form.
#include "kvplan_catch.hpp"

#include "kvplan_cli/app.hpp"
#include "kvplan_cli/operate.hpp"
#include "kvplan_cli/options.hpp"
#include "kvplan_cli/resolve.hpp"

#include <kvplan/hf_config.hpp>
#include <kvplan/models.hpp>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <thread>

#if defined(__unix__)
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>
#endif
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

using namespace kvplan_cli;

namespace {
parse_result parse(std::vector<std::string_view> args) { return parse_args(args); }
}  // namespace

TEST_CASE("human_readable_int as vLLM parses it", "[cli][parse]") {
  // vllm/utils/argparse_utils.py: lowercase suffixes are decimal, uppercase binary.
  REQUIRE(human_readable_int("128k").value == 128'000);
  REQUIRE(human_readable_int("128K").value == 131'072);
  REQUIRE(human_readable_int("1.5k").value == 1'500);
  REQUIRE(human_readable_int("25.6k").value == 25'600);  // int(25.6 * 1000) = int(25600.000000000004)
  REQUIRE(human_readable_int("2M").value == 2 * 1'048'576);
  REQUIRE(human_readable_int("40G").value == 40 * kvplan::GiB);
  REQUIRE(human_readable_int("40g").value == 40'000'000'000);
  REQUIRE(human_readable_int("  64K ").value == 65'536);
  REQUIRE(human_readable_int("32768").value == 32'768);
  REQUIRE(human_readable_int("+5").value == 5);
  REQUIRE(human_readable_int("1_000").value == 1'000);  // Python int() allows underscores
  REQUIRE(human_readable_int("1.5K").error ==
          "Decimals are not allowed with binary suffixes like K. Did you mean to use 1.5k instead?");
  for (const char* bad : {"2KB", "1Ki", "1e5", "0x10", "abc", "", "k", "1__0", "_1", "1.5", "1.k"})
    REQUIRE_FALSE(human_readable_int(bad).value.has_value());
}

TEST_CASE("human_readable_int_or_auto", "[cli][parse]") {
  REQUIRE(human_readable_int_or_auto("auto").value == -1);
  REQUIRE(human_readable_int_or_auto("AUTO").value == -1);
  REQUIRE(human_readable_int_or_auto("-1").value == -1);
  REQUIRE(human_readable_int_or_auto("32k").value == 32'000);
  REQUIRE(human_readable_int_or_auto("32K").value == 32'768);
}

TEST_CASE("memory sizes as vLLM's logs print them", "[cli][parse]") {
  REQUIRE(memory_size("14.99 GiB").value == 16'095'389'942);  // 14.99 x 2^30 = 16,095,389,941.76
  REQUIRE(memory_size("512MiB").value == 512 * kvplan::MiB);
  REQUIRE(memory_size("16GB").value == 16'000'000'000);
  REQUIRE(memory_size("80G").value == 80 * kvplan::GiB);
  REQUIRE_FALSE(memory_size("lots").value.has_value());
}

TEST_CASE("flags take vLLM's names, aliases and forms", "[cli][parse]") {
  const parse_result r = parse({"llama-3.1-8b", "--gpu", "h100", "-tp", "2", "--max_model_len=32K",
                                "--kv-cache-dtype", "fp8", "--no-enable-prefix-caching", "--json"});
  REQUIRE(r.ok());
  REQUIRE(r.opts.model == "llama-3.1-8b");
  REQUIRE(r.opts.tensor_parallel_size == 2);
  REQUIRE(r.opts.max_model_len == 32'768);
  REQUIRE(r.opts.kv_cache_dtype == kvplan::cache_dtype::fp8);
  REQUIRE(r.opts.enable_prefix_caching == kvplan::prefix_caching::disabled);
  REQUIRE(r.opts.format == output_format::json);
  REQUIRE(parse({"list", "models"}).opts.cmd == command::list_models);
  REQUIRE(parse({"list", "gpus"}).opts.cmd == command::list_gpus);
  REQUIRE(parse({"x", "--help"}).opts.cmd == command::help);
  REQUIRE(parse({"m", "--gpu", "h100", "--vllm-version", "0.20"}).opts.vllm_version == kvplan::vllm_version{0, 20, 0});
}

TEST_CASE("--env: the memory profile's vLLM environment, in the plan and in the command", "[cli][parse]") {
  const parse_result r = parse({"m", "--gpu", "h100", "--env", "VLLM_USE_FLASHINFER_SAMPLER=1", "--env",
                                "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0"});
  REQUIRE(r.error.empty());
  CHECK(r.opts.flashinfer_sampler == true);
  CHECK(r.opts.estimate_cudagraph_memory == false);
  // vLLM reads both as bool(int(value)): any integer, nothing else.
  CHECK(parse({"m", "--gpu", "h100", "--env", "VLLM_USE_FLASHINFER_SAMPLER=0"}).opts.flashinfer_sampler == false);
  CHECK(parse({"m", "--gpu", "h100", "--env", "VLLM_USE_FLASHINFER_SAMPLER=true"}).error ==
        "argument --env: invalid value 'VLLM_USE_FLASHINFER_SAMPLER=true': expected an integer, "
        "VLLM_USE_FLASHINFER_SAMPLER=0 or =1 (vLLM reads bool(int(value)))");
  CHECK(parse({"m", "--gpu", "h100", "--env", "VLLM_FOO=1"}).error.find("expected one of the variables kvplan models") != std::string::npos);
  // The command carries what was planned.
  kvplan::deployment d{.model = kvplan::models::llama_3_1_8b, .gpu = kvplan::gpus::h100_sxm, .vllm = {0, 19, 0},
                       .estimate_cudagraph_memory = true};
  CHECK(std::string(kvplan::vllm_serve_command(d).view()).rfind(
            "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=1 vllm serve meta-llama/Llama-3.1-8B-Instruct", 0) == 0);
  // Before v0.17 no release reads it: said, not ignored.
  d.vllm = {0, 16, 0};
  CHECK(kvplan::try_plan(d).error.code == kvplan::errc::feature_needs_newer_vllm);
}

TEST_CASE("bad values name the flag and the accepted form", "[cli][parse]") {
  REQUIRE(parse({"m", "--gpu", "h100", "--max-model-len", "abc"}).error ==
          "argument --max-model-len: invalid value 'abc': expected tokens: 32768, 32k (= 32,000), 32K (= 32,768), "
          "or auto");
  REQUIRE(parse({"m", "--gpu", "h100", "--max-model-len", "1.5K"}).error ==
          "argument --max-model-len: invalid value '1.5K': Decimals are not allowed with binary suffixes like K. "
          "Did you mean to use 1.5k instead?");
  REQUIRE(parse({"m", "--gpu", "h100", "--gpu-memory-utilization", "1.5"}).error ==
          "argument --gpu-memory-utilization: invalid value '1.5': expected a fraction in (0, 1], e.g. 0.9");
  REQUIRE(parse({"m", "--gpu", "h100", "-tp", "0"}).error ==
          "argument --tensor-parallel-size: invalid value '0': expected an integer >= 1");
  REQUIRE(parse({"m", "--gpu", "h100", "--kv-cache-dtype", "fp9"}).error.find("argument --kv-cache-dtype") == 0);
  REQUIRE(parse({"m", "--gpu", "h100", "--vllm-version", "0.9"}).error.find("from 0.10 to 0.33") != std::string::npos);
  REQUIRE(parse({"m", "--gpu"}).error == "argument --gpu: expected a value: " + std::string(flag_table()[0].accepted));
  REQUIRE(parse({"m", "--kv-cache-memory", "4G", "--gpu", "h100"}).error ==
          "unrecognized argument: --kv-cache-memory (did you mean --kv-cache-memory-bytes?)");
  REQUIRE(parse({"m"}).error == "missing --gpu: a GPU name from `kvplan list gpus`");
  REQUIRE(parse({"--gpu", "h100"}).error.find("missing MODEL") == 0);
  REQUIRE(parse({"a", "b", "--gpu", "h100"}).error == "expected one MODEL, got 2 positional arguments");
}

TEST_CASE("unknown models and GPUs name the closest matches", "[cli][resolve]") {
  options o;
  o.model = "llama-3.1-9b";
  o.gpu = "h100";
  REQUIRE(resolve(o).error.find("unknown model 'llama-3.1-9b'; closest: llama-3.1-8b") == 0);
  o.model = "llama-3.1-8b";
  o.gpu = "h1000";
  const std::string e = resolve(o).error;
  REQUIRE(e.find("unknown GPU 'h1000'; closest: ") == 0);
  REQUIRE(e.find("h100") != std::string::npos);
  o.gpu = "NVIDIA H100 80GB HBM3";
  REQUIRE(resolve(o).ok());
}

TEST_CASE("a GPU kvplan does not carry, described by its capability and total", "[cli][resolve]") {
  parse_result p = parse({"llama-3.1-8b", "--gpu", "my-a6000", "--gpu-compute-capability", "8.6",
                          "--gpu-total-memory", "47.4GiB"});
  REQUIRE(p.ok());
  CHECK(*p.opts.gpu_compute_capability == 86);
  const resolved r = resolve(p.opts);
  REQUIRE(r.ok());
  CHECK(r.deployment.gpu.name == "my-a6000");
  CHECK(r.deployment.gpu.architecture == kvplan::gpu_architecture::ampere);
  CHECK_FALSE(r.deployment.gpu.fp8);
  // 47.4 GiB = 47.4 x 1,073,741,824 = 50,895,362,457.6 bytes, to the nearest byte.
  CHECK(r.deployment.gpu.total_memory_bytes == 50'895'362'458);
  // AMD by gfx number; gfx90a reads as 910.
  CHECK(*parse({"m", "--gpu", "g", "--gpu-compute-capability", "gfx90a"}).opts.gpu_compute_capability == 910);
  CHECK(*parse({"m", "--gpu", "g", "--gpu-compute-capability", "gfx942"}).opts.gpu_compute_capability == 942);
  CHECK(*parse({"m", "--gpu", "g", "--gpu-compute-capability", "12.0"}).opts.gpu_compute_capability == 120);
  CHECK(parse({"m", "--gpu", "g", "--gpu-compute-capability", "sm89"}).error ==
        "argument --gpu-compute-capability: invalid value 'sm89': expected a compute capability: 8.9, 12.0 or gfx942");
  // The capability alone is not enough; a GPU kvplan carries takes no capability; an
  // architecture vLLM does not run on is refused.
  p.opts.gpu_total_memory.reset();
  CHECK(resolve(p.opts).error.find("--gpu-compute-capability needs --gpu-total-memory") == 0);
  p.opts.gpu = "h100";
  CHECK(resolve(p.opts).error.find("--gpu-compute-capability describes a GPU kvplan does not carry") == 0);
  p.opts.gpu = "v100";
  p.opts.gpu_total_memory = kvplan::count_t{16} << 30;
  p.opts.gpu_compute_capability = 70;
  CHECK(resolve(p.opts).error.find("--gpu-compute-capability 7.0 is not a GPU architecture vLLM runs on") == 0);
}

TEST_CASE("a config.json MODEL: what vllm serve loads", "[cli][resolve]") {
  // A file in the Hugging Face cache: the repository's id.
  REQUIRE(model_id_for("/root/.cache/huggingface/hub/models--Qwen--Qwen3-8B/snapshots/9c925d6/config.json") ==
          "Qwen/Qwen3-8B");
  REQUIRE(model_id_for("hub/models--org--name--with--dashes/snapshots/r/config.json") == "org/name--with--dashes");
  // Elsewhere: the folder that holds it (vllm serve takes a local folder).
  REQUIRE(model_id_for("/models/my-finetune/config.json") == "/models/my-finetune");
  REQUIRE(model_id_for("config.json") == ".");
  // Another file name: config.json's _name_or_path or --model-id must say.
  REQUIRE(model_id_for("/models/phi-4.json").empty());
}

TEST_CASE("a config.json MODEL resolves through the parser", "[cli][resolve]") {
  const std::string configs = std::string(KVPLAN_SOURCE_DIR) + "/tests/data/configs/";
  options o;
  o.gpu = "h100";
  o.model = configs + "qwen3-8b.json";
  o.model_id = "Qwen/Qwen3-8B";
  const resolved r = resolve(o);
  REQUIRE(r.ok());
  // 36 layers x 2 x 8 KV heads x 128 x 2 B = 147,456 bytes per token, as the registry's.
  REQUIRE(kvplan::cache_cost_of(r.deployment.model).full_bytes_per_token == 147'456);
  REQUIRE(r.deployment.model.hf_id == "Qwen/Qwen3-8B");
  // The descriptor points into the text the resolved value holds: a copy keeps it valid.
  const resolved copy = r;
  REQUIRE(copy.deployment.model.hf_id == "Qwen/Qwen3-8B");

  o.model_id.reset();
  REQUIRE(resolve(o).error.find("has no \"_name_or_path\"") != std::string::npos);
  o.model = configs + "missing.json";
  REQUIRE(resolve(o).error.find("no config.json at '") == 0);
  o.model = "llama-3.1-8b";
  o.model_id = "x/y";
  REQUIRE(resolve(o).error.find("--model-id goes with a config.json MODEL") == 0);
}

TEST_CASE("every JSON report in the golden tests is valid JSON", "[cli][json]") {
  // Read back with kvplan's own strict reader (RFC 8259, UTF-8 checked).
  int checked = 0;
  for (const auto& entry : std::filesystem::directory_iterator(std::string(KVPLAN_SOURCE_DIR) + "/tests/cli/golden")) {
    const std::string name = entry.path().filename().string();
    if (name.rfind("json_", 0) != 0 || entry.path().extension() != ".out") continue;
    std::ifstream in(entry.path(), std::ios::binary);
    const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    const kvplan::json::document doc(text);
    INFO(name << ": " << doc.error().what << " at byte " << doc.error().offset);
    REQUIRE(doc.ok());
    REQUIRE(doc.root().is_object());
    const kvplan::json::object report(doc.root());
    REQUIRE(report.find("num_gpu_blocks").found.is_number());
    REQUIRE(report.find("fits").found.is_boolean());
    ++checked;
  }
  REQUIRE(checked >= 10);
}

TEST_CASE("a generated vllm serve command plans as the deployment it came from", "[cli][flags]") {
  // The command cannot drift from the plan: read back through the program's own parser (vLLM's
  // flag names and value forms), it gives the same plan.
  using namespace kvplan;
  deployment gemma{.model = models::gemma_3_27b, .gpu = gpus::h200, .max_model_len = 65536};
  gemma.block_size = 32;
  gemma.backend = attention_backend::flashinfer;
  deployment fp16{.model = models::qwen3_next_80b, .gpu = gpus::h200, .tensor_parallel_size = 2};
  fp16.model_dtype = dtype::float16;
  deployment small_blocks{.model = models::deepseek_v3, .gpu = gpus::b200, .tensor_parallel_size = 8};
  small_blocks.block_size = 16;  // FLASHINFER_MLA and CUTLASS_MLA cannot: TRITON_MLA
  // Engine features: MTP with decode context parallelism and a host tier; a draft model.
  deployment mtp{.model = models::deepseek_v3_2, .gpu = gpus::b200, .tensor_parallel_size = 8,
                 .kv_cache_dtype = cache_dtype::fp8, .max_model_len = 131072,
                 .speculative = {.method = speculative_method::mtp, .num_speculative_tokens = 3},
                 .decode_context_parallel_size = 4, .async_scheduling = false, .kv_offloading_size_gib = 512};
  deployment draft{.model = models::qwen3_32b, .gpu = gpus::h200, .max_model_len = 32768,
                   .speculative = {.method = speculative_method::draft_model, .num_speculative_tokens = 4,
                                   .draft = models::qwen3_8b},
                   .disable_hybrid_kv_cache_manager = true};
  const deployment cases[] = {
      {.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 4,
       .kv_cache_dtype = cache_dtype::fp8, .max_model_len = 32768},
      {.model = models::deepseek_v3_2, .gpu = gpus::b200, .tensor_parallel_size = 8, .max_model_len = 65536},
      {.model = models::llama_3_1_8b, .gpu = gpus::l40s, .max_model_len = auto_max_model_len},
      {.model = models::gpt_oss_120b, .gpu = gpus::h100_sxm, .gpu_memory_utilization = 0.95},
      gemma, fp16, small_blocks, mtp, draft,
      // The vision tower: images limited, or a text-only deployment.
      {.model = models::qwen3_6_35b_a3b, .gpu = gpus::h100_sxm, .max_model_len = 32768, .skip_mm_profiling = true,
       .limit_images = 2, .limit_videos = 0},
      {.model = models::kimi_k2_5, .gpu = gpus::b200, .tensor_parallel_size = 8, .limit_vision_chunks = 0},
      {.model = models::qwen3_5_122b_a10b, .gpu = gpus::h200, .tensor_parallel_size = 4, .language_model_only = true},
      // Fewer CUDA graphs, so more KV memory from v0.20.
      {.model = models::qwen3_30b_a3b, .gpu = gpus::rtx_pro_6000, .max_model_len = 32768, .max_num_seqs = 8,
       .max_cudagraph_capture_size = 4},
      {.model = models::qwen3_30b_a3b, .gpu = gpus::h100_sxm, .max_model_len = 32768,
       .cudagraph_mode = cudagraph_mode::full_decode_only, .cudagraph_capture_sizes = {1, 2, 4, 8, 16}},
      // --performance-mode: more graphs, or doubled batch defaults.
      {.model = models::qwen3_30b_a3b, .gpu = gpus::h100_sxm, .max_model_len = 32768,
       .performance_mode = performance_mode::interactivity},
      {.model = models::llama_3_1_8b, .gpu = gpus::l40s, .max_model_len = 32768,
       .performance_mode = performance_mode::throughput},
      // -O1: PIECEWISE graphs only, no fusion workspace.
      {.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 2, .max_model_len = 32768,
       .optimization_level = optimization_level::o1},
      // Chunked prefill off: a 32,768-token batch.
      {.model = models::qwen3_8b, .gpu = gpus::h100_sxm, .max_model_len = 32768, .enable_chunked_prefill = false},
      // LoRA: 16 slots of rank 64 in the weights, every graph twice.
      {.model = models::qwen3_8b, .gpu = gpus::l40s, .max_model_len = 32768, .lora = {true, 16, 64}},
      {.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 4, .max_model_len = 32768,
       .lora = {true, 8, 32, true}}};
  for (const deployment& d : cases) {
    for (const flag_style style : {flag_style::explicit_settings, flag_style::pinned}) {
      const plan_result planned = try_plan(d);
      REQUIRE(planned.ok());
      const vllm_args a = vllm_serve_args(d, planned.plan, style);
      std::vector<std::string> words{std::string(a.model.view())};
      for (const vllm_arg& arg : a) {
        words.emplace_back(arg.flag);
        if (arg.value.size() > 0) words.emplace_back(arg.value.view());
      }
      words.emplace_back("--gpu");
      words.emplace_back(d.gpu.name);
      const std::vector<std::string_view> argv(words.begin(), words.end());
      const std::string command(vllm_serve_command(a).view());
      INFO(command);
      const parse_result parsed = parse_args(argv);
      REQUIRE(parsed.ok());
      const resolved r = resolve(parsed.opts);
      REQUIRE(r.ok());
      const plan_result again = try_plan(r.deployment);
      REQUIRE(again.ok());
      const plan& p = planned.plan;
      const plan& q = again.plan;
      CHECK(q.backend == p.backend);
      CHECK(q.block_size == p.block_size);
      CHECK(q.kv_cache_dtype == p.kv_cache_dtype);
      CHECK(q.max_model_len == p.max_model_len);
      CHECK(q.weights_bytes == p.weights_bytes);
      CHECK(q.num_gpu_blocks == p.num_gpu_blocks);
      CHECK(q.kv_cache_tokens == p.kv_cache_tokens);
      CHECK(q.max_concurrency == p.max_concurrency);
      CHECK(q.num_speculative_tokens == p.num_speculative_tokens);
      CHECK(q.drafter_layers == p.drafter_layers);
      CHECK(q.offload_blocks == p.offload_blocks);
      CHECK(q.async_scheduling == p.async_scheduling);
      CHECK(q.available_kv_cache_bytes == p.available_kv_cache_bytes);
      // The settings that leave the vision tower out, as given.
      CHECK(r.deployment.language_model_only == d.language_model_only);
      CHECK(r.deployment.skip_mm_profiling == d.skip_mm_profiling);
      CHECK(r.deployment.limit_images == d.limit_images);
      CHECK(r.deployment.limit_videos == d.limit_videos);
      CHECK(r.deployment.limit_vision_chunks == d.limit_vision_chunks);
      CHECK(r.deployment.performance_mode == d.performance_mode);
      CHECK(r.deployment.optimization_level == d.optimization_level);
      CHECK(r.deployment.enable_chunked_prefill == d.enable_chunked_prefill);
      CHECK(r.deployment.lora.enabled == d.lora.enabled);
      CHECK(r.deployment.lora.max_loras == d.lora.max_loras);
      CHECK(r.deployment.lora.max_lora_rank == d.lora.max_lora_rank);
      CHECK(r.deployment.lora.fully_sharded == d.lora.fully_sharded);
      CHECK(q.max_num_seqs == p.max_num_seqs);
      CHECK(q.max_num_batched_tokens == p.max_num_batched_tokens);
    }
  }
}

TEST_CASE("--speculative-config as vLLM takes it", "[cli][parse][speculative]") {
  parse_result p = parse({"deepseek-v3.2", "--gpu", "b200", "--speculative-config",
                          R"({"method": "deepseek_mtp", "num_speculative_tokens": 3})"});
  REQUIRE(p.ok());
  CHECK(*p.opts.speculative_method == kvplan::speculative_method::mtp);  // the older per-model name
  CHECK(p.opts.num_speculative_tokens == 3);
  // A "model" alone is a draft model.
  p = parse({"qwen3-32b", "--gpu", "h200", "--speculative-config", R"({"model": "qwen3-8b", "num_speculative_tokens": 4})"});
  REQUIRE(p.ok());
  CHECK(*p.opts.speculative_method == kvplan::speculative_method::draft_model);
  const resolved r = resolve(p.opts);
  REQUIRE(r.ok());
  CHECK(r.deployment.speculative.draft.name == "qwen3-8b");
  CHECK(parse({"m", "--gpu", "g", "--speculative-config", R"({"method": "medusa"})"}).error ==
        "argument --speculative-config: invalid value '{\"method\": \"medusa\"}': expected a method kvplan models "
        "(mtp, eagle, eagle3, draft_model, ngram, suffix), not \"medusa\"");
  CHECK(parse({"m", "--gpu", "g", "--speculative-config", "mtp"}).error.find("expected a JSON object") != std::string::npos);
  CHECK(parse({"m", "--gpu", "g", "--speculative-config", R"({"method": "mtp", "num_speculative_tokens": 0})"})
            .error.find("must be an integer from 1 to 64") != std::string::npos);
  CHECK(parse({"m", "--gpu", "g", "--speculative-config", R"({"method": "mtp", "prompt_lookup_max": 4})"})
            .error.find("keys kvplan reads") != std::string::npos);
  p = parse({"qwen3-32b", "--gpu", "h200", "--speculative-config", R"({"model": "no-such-draft", "num_speculative_tokens": 4})"});
  REQUIRE(p.ok());
  CHECK(resolve(p.opts).error.find("--speculative-config: unknown draft model 'no-such-draft'") == 0);
}

TEST_CASE("the other engine flags", "[cli][parse]") {
  const parse_result p = parse({"llama-3.1-8b", "--gpu", "h100", "-dcp", "1", "--no-async-scheduling",
                                "--disable-hybrid-kv-cache-manager", "--kv-offloading-size", "64",
                                "--kv-offloading-backend", "lmcache", "--shared-prefix-tokens", "2k"});
  REQUIRE(p.ok());
  CHECK(*p.opts.decode_context_parallel_size == 1);
  CHECK(*p.opts.async_scheduling == false);
  CHECK(p.opts.disable_hybrid_kv_cache_manager);
  CHECK(*p.opts.kv_offloading_size == 64.0);
  CHECK(*p.opts.kv_offloading_backend == kvplan::kv_offloading_backend::lmcache);
  CHECK(*p.opts.shared_prefix_tokens == 2000);
  CHECK(parse({"m", "--gpu", "g", "--kv-offloading-size", "0"}).error.find("GiB > 0") != std::string::npos);
  CHECK(*parse({"m", "--gpu", "g", "--max-cudagraph-capture-size", "16"}).opts.max_cudagraph_capture_size == 16);
  CHECK(parse({"m", "--gpu", "g", "--performance-mode", "throughput"}).opts.performance_mode ==
        kvplan::performance_mode::throughput);
  CHECK(parse({"m", "--gpu", "g", "--performance-mode=interactivity"}).opts.performance_mode ==
        kvplan::performance_mode::interactivity);
  CHECK(parse({"m", "--gpu", "g", "--performance-mode", "latency"}).error.find("one of balanced, interactivity, throughput") !=
        std::string::npos);
  // -O<n> as vLLM's parser takes it: -O3, -O 3, --optimization-level 3; a log's repr too.
  CHECK(parse({"m", "--gpu", "g", "-O3"}).opts.optimization_level == kvplan::optimization_level::o3);
  CHECK(parse({"m", "--gpu", "g", "-O", "0"}).opts.optimization_level == kvplan::optimization_level::o0);
  CHECK(parse({"m", "--gpu", "g", "--optimization-level", "1"}).opts.optimization_level == kvplan::optimization_level::o1);
  CHECK(parse({"m", "--gpu", "g", "--optimization-level", "<OptimizationLevel.O2: 2>"}).opts.optimization_level ==
        kvplan::optimization_level::o2);
  CHECK(parse({"m", "--gpu", "g", "-O4"}).error.find("0, 1, 2 or 3") != std::string::npos);
  CHECK(!parse({"m", "--gpu", "g"}).opts.optimization_level);
  CHECK(parse({"m", "--gpu", "g", "--no-enable-chunked-prefill"}).opts.enable_chunked_prefill == false);
  CHECK(parse({"m", "--gpu", "g", "--enable-chunked-prefill"}).opts.enable_chunked_prefill == true);
  CHECK(!parse({"m", "--gpu", "g"}).opts.enable_chunked_prefill);
  CHECK(parse({"m", "--gpu", "g", "--max-cudagraph-capture-size", "0"}).error.find("an integer >= 1") !=
        std::string::npos);
  // --compilation-config (-cc): the graph mode and capture sizes; other keys refused by name.
  const parse_result cc = parse({"m", "--gpu", "g", "-cc", R"({"cudagraph_mode": "piecewise", "cudagraph_capture_sizes": [1, 2, 4]})"});
  REQUIRE(cc.ok());
  CHECK(*cc.opts.cudagraph_mode == kvplan::cudagraph_mode::piecewise);
  CHECK(cc.opts.cudagraph_capture_sizes.size() == 3);
  CHECK(parse({"m", "--gpu", "g", "--compilation-config", R"({"cudagraph_mode": "HALF"})"}).error.find("one of NONE") !=
        std::string::npos);
  CHECK(parse({"m", "--gpu", "g", "--compilation-config", R"({"custom_ops": ["none"]})"}).error.find("not \"custom_ops\"") !=
        std::string::npos);
  std::string many = "{\"cudagraph_capture_sizes\": [1";
  for (int i = 2; i <= 49; ++i) many += "," + std::to_string(i);
  CHECK(parse({"m", "--gpu", "g", "--compilation-config", many + "]}"}).error.find("a list of 1 to 48") != std::string::npos);
  // A start-up log prints the whole dataclass as a Python repr: the set keys are read, None and
  // the rest left.
  kvplan_cli::options from_log;
  const std::vector<std::string> read = kvplan_cli::compilation_config_from_log(
      from_log, "{'level': None, 'mode': 3, 'cudagraph_mode': <CUDAGraphMode.FULL_DECODE_ONLY: (2, 0)>, "
                "'cudagraph_capture_sizes': [1, 2, 4, 8], 'max_cudagraph_capture_size': None, 'custom_ops': ['none']}");
  CHECK(read.size() == 2);
  CHECK(*from_log.cudagraph_mode == kvplan::cudagraph_mode::full_decode_only);
  CHECK(from_log.cudagraph_capture_sizes.size() == 4);
  CHECK(!from_log.max_cudagraph_capture_size);
  // A cut-off repr reads nothing and does not fail.
  kvplan_cli::options cut;
  CHECK(kvplan_cli::compilation_config_from_log(cut, "{'cudagraph_mode': ").empty());
  CHECK(kvplan_cli::compilation_config_from_log(cut, "{'cudagraph_capture_sizes': [1, 2").empty());
  CHECK(kvplan_cli::compilation_config_from_log(cut, "{'cudagraph_mode': <CUDAGraphMode.PIECEW").empty());
  CHECK(parse({"m", "--gpu", "g", "--kv-offloading-backend", "disk"}).error.find("native or lmcache") != std::string::npos);
  // The vision tower: --language-model-only, --skip-mm-profiling, --limit-mm-per-prompt as JSON
  // or as a log prints it (a Python dict), a count or an object with one.
  const parse_result mm = parse({"qwen3.6-35b-a3b", "--gpu", "h100", "--language-model-only", "--skip-mm-profiling",
                                 "--limit-mm-per-prompt", "{'image': 2, 'video': {'count': 0}, 'audio': 0}"});
  REQUIRE(mm.ok());
  CHECK(mm.opts.language_model_only);
  CHECK(mm.opts.skip_mm_profiling);
  CHECK(mm.opts.limit_images == 2);
  CHECK(mm.opts.limit_videos == 0);
  CHECK(parse({"m", "--gpu", "g", "--limit-mm-per-prompt", R"({"image": -1})"}).error.find("a count of 0 or more") !=
        std::string::npos);
  CHECK(parse({"m", "--gpu", "g", "--limit-mm-per-prompt", R"({"text": 1})"}).error.find("not \"text\"") !=
        std::string::npos);
  CHECK(parse({"m", "--gpu", "g", "--limit-mm-per-prompt", "2"}).error.find("a JSON object of counts") != std::string::npos);
  // The dummy's size options shrink what vLLM profiles: not modelled, refused by name.
  CHECK(parse({"m", "--gpu", "g", "--limit-mm-per-prompt", R"({"image": {"count": 1, "width": 512}})"})
            .error.find("\"width\" is not modelled") != std::string::npos);
  // Kimi K2.5's vision_chunk is its own limit; the last occurrence wins, as in vLLM's argparse.
  const parse_result kimi = parse({"kimi-k2.5", "--gpu", "b200", "--limit-mm-per-prompt", R"({"video": 0})",
                                   "--limit-mm-per-prompt", R"({"vision_chunk": 0})"});
  REQUIRE(kimi.ok());
  CHECK(kimi.opts.limit_vision_chunks == 0);
  CHECK(kimi.opts.limit_images == -1);
  CHECK(kimi.opts.limit_videos == -1);
}

#if defined(__unix__)
namespace {
// One HTTP/1.0 exchange on 127.0.0.1 (an ephemeral port): answers the first request with
// `status` and `body`.
struct loopback_server {
  int fd = -1;
  int port = 0;
  std::thread thread;
  loopback_server(std::string status, std::string body) {
    fd = ::socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(fd >= 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    a.sin_port = 0;
    REQUIRE(::bind(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    REQUIRE(::listen(fd, 1) == 0);
    socklen_t len = sizeof a;
    REQUIRE(::getsockname(fd, reinterpret_cast<sockaddr*>(&a), &len) == 0);
    port = ntohs(a.sin_port);
    thread = std::thread([this, status = std::move(status), body = std::move(body)] {
      const int c = ::accept(fd, nullptr, nullptr);
      if (c < 0) return;
      char buf[4096];
      std::string request;
      while (request.find("\r\n\r\n") == std::string::npos) {
        const ssize_t n = ::recv(c, buf, sizeof buf, 0);
        if (n <= 0) break;
        request.append(buf, static_cast<std::size_t>(n));
      }
      const std::string response = "HTTP/1.0 " + status + "\r\nContent-Type: text/plain; version=0.0.4\r\n\r\n" + body;
      (void)::send(c, response.data(), response.size(), 0);
      ::close(c);
    });
  }
  ~loopback_server() {
    thread.join();
    ::close(fd);
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port) + "/metrics"; }
};

std::string read_file(const std::string& relative) {
  std::ifstream in(std::string(KVPLAN_SOURCE_DIR) + "/" + relative, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}
}  // namespace

TEST_CASE("kvplan check reads a live engine's /metrics over HTTP", "[cli][http]") {
  const std::string page = read_file("tests/data/operations/metrics_trouble.prom");
  {
    loopback_server server("200 OK", page);
    std::string error;
    const std::string body = http_get(server.url(), error, 5);
    CHECK(error.empty());
    CHECK(body == page);
  }
  {
    // The whole command: the engine is in trouble, so the check exits 1.
    loopback_server server("200 OK", page);
    const std::string url = server.url();
    CHECK(run({"check", "llama-3.1-8b", "--gpu", "h100", "--max-model-len", "8192", "--metrics", url, "--json"}) ==
          does_not_fit);
  }
  {
    loopback_server server("404 Not Found", "no metrics here");
    std::string error;
    (void)http_get(server.url(), error, 5);
    CHECK(error == server.url() + " answered 'HTTP/1.0 404 Not Found'");
  }
  std::string error;
  (void)http_get("https://example.com/metrics", error);
  CHECK(error.find("only http:// URLs are read") != std::string::npos);
  (void)http_get("http://127.0.0.1:notaport/metrics", error);
  CHECK(error.find("is not an http://host:port/path URL") != std::string::npos);
}
#endif

TEST_CASE("a log's --performance-mode and -O are read from its non-default args", "[cli][vllm_log]") {
  // The non-default args of a v0.26.0 start-up (its banner names the release) that ran
  // --performance-mode interactivity with 256 sequences and 1,024 batched tokens (index file
  // 60449471537), its model path and other args cut.
  const std::filesystem::path log = std::filesystem::temp_directory_path() / "kvplan_test_performance_mode.log";
  std::ofstream(log) << "(APIServer pid=1) INFO 07-30 07:06:33 [api_utils.py:273] non-default args: {'max_model_len': "
                        "32768, 'max_num_batched_tokens': 1024, 'max_num_seqs': 256, 'enable_chunked_prefill': True, "
                        "'optimization_level': '3', 'performance_mode': 'interactivity'}\n";
  const parse_result parsed = parse({"llama-3.1-8b", "--gpu", "h100", "--vllm-version", "0.26", "--from-vllm-log", log.string()});
  REQUIRE(parsed.ok());
  const resolved r = resolve(parsed.opts);
  std::filesystem::remove(log);
  REQUIRE(r.ok());
  CHECK(r.deployment.performance_mode == kvplan::performance_mode::interactivity);
  CHECK(r.deployment.optimization_level == kvplan::optimization_level::o3);
  CHECK(r.deployment.enable_chunked_prefill == true);
  // 76 PIECEWISE and 60 FULL graphs, as that log's profile printed.
  const kvplan::plan p = kvplan::make_plan(r.deployment);
  CHECK(p.profile.num_cudagraphs == 76 + 60);
  CHECK(p.profile.num_full_cudagraphs == 60);
}

TEST_CASE("a log's args kvplan does not model are named, the server's own are not", "[cli][vllm_log]") {
  // A LoRA deployment's non-default args: max_model_len and LoRA's four are taken;
  // disable_custom_all_reduce and max_cpu_loras (host memory) are not modelled and must be
  // reported rather than dropped; host and model only name the server and the model.
  const std::filesystem::path log = std::filesystem::temp_directory_path() / "kvplan_test_args_not_read.log";
  std::ofstream(log) << "(APIServer pid=1) INFO 02-12 19:46:23 [utils.py:253] non-default args: {'model_tag': "
                        "'meta-llama/Llama-3.1-8B-Instruct', 'host': '0.0.0.0', 'model': 'meta-llama/Llama-3.1-8B-Instruct', "
                        "'max_model_len': 8192, 'disable_custom_all_reduce': True, 'enable_lora': True, 'max_loras': 4, "
                        "'max_lora_rank': 64, 'fully_sharded_loras': True, 'max_cpu_loras': 8}\n";
  const parse_result parsed = parse({"llama-3.1-8b", "--gpu", "h100", "--from-vllm-log", log.string()});
  REQUIRE(parsed.ok());
  const resolved r = resolve(parsed.opts);
  std::filesystem::remove(log);
  REQUIRE(r.ok());
  CHECK(r.log_args == std::vector<std::string>{"max_model_len=8192", "enable_lora=True", "max_loras=4",
                                                "max_lora_rank=64", "fully_sharded_loras=True"});
  CHECK(r.log_args_not_read == std::vector<std::string>{"disable_custom_all_reduce=True", "max_cpu_loras=8"});
  CHECK(r.deployment.lora.fully_sharded);
  CHECK(r.deployment.lora.enabled);
  CHECK(r.deployment.lora.max_loras == 4);
  CHECK(r.deployment.lora.max_lora_rank == 64);
}

TEST_CASE("--enable-lora, --max-loras and --max-lora-rank", "[cli]") {
  const parse_result p = parse({"qwen3-4b", "--gpu", "rtx-4090", "--enable-lora", "--max-loras", "64", "--max-lora-rank=32"});
  REQUIRE(p.ok());
  CHECK(p.opts.enable_lora);
  CHECK(p.opts.max_loras == 64);
  CHECK(p.opts.max_lora_rank == 32);
  CHECK_FALSE(parse({"m", "--gpu", "g", "--max-loras", "0"}).ok());
  // A rank vLLM does not allow is refused when planned, with the value.
  const resolved r = resolve(parse({"qwen3-4b", "--gpu", "rtx-4090", "--enable-lora", "--max-lora-rank", "24"}).opts);
  REQUIRE(r.ok());
  CHECK(kvplan::try_plan(r.deployment).error == kvplan::error{kvplan::errc::lora_rank_not_allowed, {24}});
}

TEST_CASE("a flag beside --from-vllm-log is a what-if on the measured budget", "[cli][vllm_log]") {
  // The v0.13 log (Qwen3-Next over 2 x L40S at utilization 0.92) leaves 0.73 GiB of its budget
  // to the terms it does not print; kvplan's non-torch estimate takes 0.25 of it, the activation
  // peak the rest. Asking for 0.95 keeps those terms and grows the KV cache by the 0.03 x total.
  const std::string log = (std::filesystem::path(__FILE__).parent_path() / "data" / "qwen3_next_w4a16_2xl40s_v0_13.log").string();
  const parse_result as_logged = parse({"qwen3-next-80b-a3b", "--gpu", "l40s", "--from-vllm-log", log});
  const parse_result higher =
      parse({"qwen3-next-80b-a3b", "--gpu", "l40s", "--from-vllm-log", log, "--gpu-memory-utilization", "0.95"});
  REQUIRE(as_logged.error.empty());
  REQUIRE(higher.error.empty());
  const resolved a = resolve(as_logged.opts);
  const resolved b = resolve(higher.opts);
  REQUIRE(a.ok());
  REQUIRE(b.ok());
  REQUIRE(a.deployment.memory.activation_bytes);
  CHECK(b.deployment.memory.activation_bytes == a.deployment.memory.activation_bytes);
  CHECK(b.deployment.gpu_memory_utilization == 0.95);
  const kvplan::plan pa = kvplan::make_plan(a.deployment);
  const kvplan::plan pb = kvplan::make_plan(b.deployment);
  CHECK(std::abs(static_cast<double>(pa.available_kv_cache_bytes) / kvplan::GiB - 17.58) < 0.006);
  CHECK(pb.available_kv_cache_bytes - pa.available_kv_cache_bytes ==
        pb.requested_memory_bytes - pa.requested_memory_bytes);
}

TEST_CASE("a flag for a setting the log left at vLLM's default is a what-if too", "[cli][vllm_log]") {
  // The same v0.13 log without its gpu_memory_utilization arg (so the run used the default,
  // 0.9) and a budget 0.02 x total lower: the measured terms are read at 0.9, and
  // --gpu-memory-utilization 0.95 beside it adds 0.05 x total of KV cache, not activation.
  const std::filesystem::path source =
      std::filesystem::path(__FILE__).parent_path() / "data" / "qwen3_next_w4a16_2xl40s_v0_13.log";
  std::ifstream in(source);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto replace = [&](const std::string& from, const std::string& to) {
    const std::size_t at = text.find(from);
    REQUIRE(at != std::string::npos);
    text.replace(at, from.size(), to);
  };
  replace("'gpu_memory_utilization': 0.92, ", "");
  replace("Available KV cache memory: 17.58 GiB", "Available KV cache memory: 16.69 GiB");
  const std::filesystem::path log = std::filesystem::temp_directory_path() / "kvplan_test_default_util.log";
  std::ofstream(log) << text;
  const resolved as_logged = resolve(parse({"qwen3-next-80b-a3b", "--gpu", "l40s", "--from-vllm-log", log.string()}).opts);
  const resolved higher = resolve(parse({"qwen3-next-80b-a3b", "--gpu", "l40s", "--from-vllm-log", log.string(),
                                         "--gpu-memory-utilization", "0.95"}).opts);
  std::filesystem::remove(log);
  REQUIRE(as_logged.ok());
  REQUIRE(higher.ok());
  CHECK(higher.deployment.memory.activation_bytes == as_logged.deployment.memory.activation_bytes);
  const kvplan::plan a = kvplan::make_plan(as_logged.deployment);
  const kvplan::plan b = kvplan::make_plan(higher.deployment);
  CHECK(a.gpu_memory_utilization == 0.9);
  CHECK(std::abs(static_cast<double>(a.available_kv_cache_bytes) / kvplan::GiB - 16.69) < 0.006);
  CHECK(b.available_kv_cache_bytes - a.available_kv_cache_bytes == b.requested_memory_bytes - a.requested_memory_bytes);
}
