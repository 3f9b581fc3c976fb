// `vllm serve` command lines and --config files, pinned whole and checked against vLLM's flags.
#include "kvplan_catch.hpp"

#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <cstdio>
#include <fstream>
#include <set>
#include <string>
#include <vector>

using namespace kvplan;

namespace {

// Seed 000's single-B200 Nemotron Nano NVFP4 command: `--tensor-parallel-size 1
// --max-model-len 32768 --gpu-memory-utilization 0.90 --trust-remote-code`.
inline constexpr deployment nano_nvfp4{.model = models::nemotron_3_nano,
                                       .gpu = gpus::b200,
                                       .checkpoint = 2,
                                       .gpu_memory_utilization = 0.90,
                                       .max_model_len = 32768};

inline constexpr deployment deepseek_v32_fp8{.model = models::deepseek_v3_2,
                                             .gpu = gpus::b200,
                                             .tensor_parallel_size = 8,
                                             .kv_cache_dtype = cache_dtype::fp8};

inline constexpr deployment llama_70b_tp4{.model = models::llama_3_1_70b,
                                          .gpu = gpus::h100_sxm,
                                          .tensor_parallel_size = 4,
                                          .max_model_len = 32768};

std::set<std::string> accepted_flags() {
  std::ifstream in(KVPLAN_VLLM_FLAGS_FILE);
  REQUIRE(in.good());
  std::set<std::string> flags;
  for (std::string line; std::getline(in, line);)
    if (line.rfind("--", 0) == 0) flags.insert(line);
  REQUIRE(flags.size() > 300);
  return flags;
}

}  // namespace

// The commands are constant expressions: a build can pin them.
static_assert(vllm_serve_command(nano_nvfp4) ==
              "vllm serve nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4 --tensor-parallel-size 1 "
              "--max-model-len 32768 --gpu-memory-utilization 0.9 --trust-remote-code");

TEST_CASE("seed 000: Nemotron 3 Nano NVFP4 on one B200", "[flags]") {
  REQUIRE(vllm_serve_command(nano_nvfp4).view() ==
          "vllm serve nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-NVFP4 --tensor-parallel-size 1 "
          "--max-model-len 32768 --gpu-memory-utilization 0.9 --trust-remote-code");
}

TEST_CASE("seed 003: Llama-3-8B with a capped context and batch", "[flags]") {
  // Seed 003's command: `--model meta-llama/Llama-3-8B-Instruct --gpu-memory-utilization 0.90
  // --max-model-len 4096 --max-num-seqs 64 --block-size 16`. The Hub id of that model is
  // meta-llama/Meta-Llama-3-8B-Instruct; `vllm serve` takes the model as its positional
  // argument (it warns about --model). The GPU is the seed's A100 80GB.
  const deployment d{.model = models::llama_3_8b,
                     .gpu = gpus::a100_80gb,
                     .gpu_memory_utilization = 0.90,
                     .block_size = 16,
                     .max_model_len = 4096,
                     .max_num_seqs = 64};
  REQUIRE(vllm_serve_command(d).view() ==
          "vllm serve meta-llama/Meta-Llama-3-8B-Instruct --tensor-parallel-size 1 --max-model-len 4096 "
          "--gpu-memory-utilization 0.9 --block-size 16 --max-num-seqs 64");
  // The seed adds --enable-prefix-caching in its third step; vLLM's default is already on, so
  // the explicit form only appears when asked for.
  deployment with_prefix = d;
  with_prefix.enable_prefix_caching = prefix_caching::enabled;
  REQUIRE(vllm_serve_command(with_prefix).view().ends_with("--max-num-seqs 64 --enable-prefix-caching"));
}

TEST_CASE("DeepSeek-V3.2 on 8 x B200 with an fp8 KV cache", "[flags]") {
  // max_model_len is the model's 163,840: the plan was made for it and the command pins it.
  REQUIRE(vllm_serve_command(deepseek_v32_fp8).view() ==
          "vllm serve deepseek-ai/DeepSeek-V3.2 --tensor-parallel-size 8 --max-model-len 163840 "
          "--kv-cache-dtype fp8");
}

TEST_CASE("Llama-3.1-70B over TP 4 on H100, both styles", "[flags]") {
  REQUIRE(vllm_serve_command(llama_70b_tp4).view() ==
          "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 --max-model-len 32768");
  // Pinned: vLLM v0.33's defaults for an H100 (>= 70 GiB, not an A100): utilization 0.92,
  // the config's bfloat16, block 16 on FLASH_ATTN (Hopper's first backend, whose preferred
  // size is 16), max_num_seqs 1024, max_num_batched_tokens 8192, prefix caching on.
  REQUIRE(vllm_serve_command(llama_70b_tp4, flag_style::pinned).view() ==
          "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 --pipeline-parallel-size 1 "
          "--data-parallel-size 1 --max-model-len 32768 --gpu-memory-utilization 0.92 --dtype bfloat16 "
          "--kv-cache-dtype auto --block-size 16 --attention-backend FLASH_ATTN --max-num-seqs 1024 "
          "--max-num-batched-tokens 8192 --enable-prefix-caching");
  // v0.19 defaults: utilization 0.9; hybrid-free models kept prefix caching on.
  deployment older = llama_70b_tp4;
  older.vllm = {0, 19, 0};
  REQUIRE(vllm_serve_command(older, flag_style::pinned).view().find("--gpu-memory-utilization 0.9 ") !=
          std::string_view::npos);
}

TEST_CASE("--dtype and the attention backend reach the command", "[flags]") {
  deployment d = llama_70b_tp4;
  d.model_dtype = dtype::float16;
  REQUIRE(vllm_serve_command(d).view() ==
          "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 --max-model-len 32768 "
          "--dtype float16");
  d = llama_70b_tp4;
  d.backend = attention_backend::flashinfer;
  REQUIRE(vllm_serve_command(d).view() ==
          "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 --max-model-len 32768 "
          "--attention-backend FLASHINFER");
  // Before v0.14 the backend was an environment variable, which a --config file cannot hold.
  d.vllm = {0, 13, 0};
  REQUIRE(vllm_serve_command(d).view() ==
          "VLLM_ATTENTION_BACKEND=FLASHINFER vllm serve meta-llama/Llama-3.1-70B-Instruct "
          "--tensor-parallel-size 4 --max-model-len 32768");
  REQUIRE(vllm_config_yaml(d).view() ==
          "# vllm serve --config this-file\n"
          "# run with VLLM_ATTENTION_BACKEND=FLASHINFER in the environment\n"
          "model: meta-llama/Llama-3.1-70B-Instruct\n"
          "tensor-parallel-size: 4\n"
          "max-model-len: 32768\n");
}

TEST_CASE("the same settings as a --config YAML file", "[flags]") {
  deployment d = llama_70b_tp4;
  d.enable_prefix_caching = prefix_caching::disabled;
  d.kv_cache_memory_bytes = 40 * GiB;
  // vLLM's config loader drops keys whose value is false, so "off" is the --no- form set to true.
  REQUIRE(vllm_config_yaml(d).view() ==
          "# vllm serve --config this-file\n"
          "model: meta-llama/Llama-3.1-70B-Instruct\n"
          "tensor-parallel-size: 4\n"
          "max-model-len: 32768\n"
          "kv-cache-memory-bytes: 42949672960\n"
          "no-enable-prefix-caching: true\n");
}

TEST_CASE("values are spelled as a person types them", "[flags]") {
  deployment d = llama_70b_tp4;
  d.gpu_memory_utilization = 0.925;
  d.max_num_batched_tokens = 16384;
  d.block_size = 32;
  d.kv_cache_dtype = cache_dtype::fp8_e4m3;
  REQUIRE(vllm_serve_command(d).view() ==
          "vllm serve meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4 --max-model-len 32768 "
          "--gpu-memory-utilization 0.925 --kv-cache-dtype fp8_e4m3 --block-size 32 --max-num-batched-tokens 16384");
  // --max-model-len auto: the command carries the length the plan fitted, so it cannot drift.
  deployment autofit = llama_70b_tp4;
  autofit.max_model_len = auto_max_model_len;
  autofit.kv_cache_memory_bytes = 10 * GiB;
  // 80 layers x 2 heads x 256 x 2 B x 16 tokens = 1,310,720 B per block; 10 GiB holds 8,192
  // blocks; one is the null block: (8,192 - 1) x 16 = 131,056 tokens.
  REQUIRE(vllm_serve_command(autofit).view().find("--max-model-len 131056 ") != std::string_view::npos);
}

TEST_CASE("every generated flag exists in vLLM", "[flags]") {
  const std::set<std::string> accepted = accepted_flags();
  const auto check = [&](const deployment& d) {
    const plan_result r = try_plan(d);
    if (!r.ok()) return;
    for (const flag_style style : {flag_style::explicit_settings, flag_style::pinned}) {
      const vllm_args args = vllm_serve_args(d, r.plan, style);
      for (const vllm_arg& a : args) {
        INFO(a.flag);
        REQUIRE(accepted.count(std::string(a.flag)) == 1);
      }
    }
  };
  for (const model& m : models::all) {
    for (std::int32_t c = 0; c < m.checkpoints.size(); ++c) {
      deployment d{.model = m, .gpu = gpus::b200, .tensor_parallel_size = 8, .checkpoint = c};
      check(d);
      d.enable_prefix_caching = prefix_caching::disabled;
      d.kv_cache_memory_bytes = 20 * GiB;
      d.block_size = 64;
      d.max_num_seqs = 64;
      d.max_num_batched_tokens = 4096;
      d.enforce_eager = true;
      d.enable_expert_parallel = true;
      d.num_gpu_blocks_override = 1000;
      d.mamba_cache_dtype = dtype::bfloat16;
      d.mamba_ssm_cache_dtype = dtype::float32;
      d.quantization = "fp8";
      check(d);
    }
  }
  // The ghost flags that have reached real deployments are not in the list.
  REQUIRE(accepted.count("--kv-cache-memory") == 0);
  REQUIRE(accepted.count("--swap-space") == 0);
}

TEST_CASE("a model path is one safe shell word", "[flags][shell]") {
  fixed_string<128> w;
  append_shell_word(w, "meta-llama/Llama-3.1-8B-Instruct");
  REQUIRE(w.view() == "meta-llama/Llama-3.1-8B-Instruct");
  fixed_string<128> q;
  append_shell_word(q, "/models/it's $HOME; rm -rf /");
  REQUIRE(q.view() == R"('/models/it'\''s $HOME; rm -rf /')");

  // Round trip through a real shell: printf gets exactly the words vllm would.
  model m = models::llama_3_1_8b;
  const std::string path = "/models/my \"model\" it's $HOME; `touch /tmp/kvplan-pwned` & | \\ end";
  m.checkpoints = {{path, dtype::bfloat16, 16'060'522'496}};
  const deployment d{.model = m, .gpu = gpus::h100_sxm, .max_model_len = 8192};
  const std::string command(vllm_serve_command(d).view());
  REQUIRE(command.rfind("vllm serve ", 0) == 0);
  const std::string probe = "printf '%s\\n' " + command.substr(std::string("vllm serve ").size());
  FILE* pipe = popen(probe.c_str(), "r");
  REQUIRE(pipe != nullptr);
  std::vector<std::string> words;
  char line[4096];
  while (std::fgets(line, sizeof line, pipe) != nullptr) {
    std::string s(line);
    if (!s.empty() && s.back() == '\n') s.pop_back();
    words.push_back(s);
  }
  REQUIRE(pclose(pipe) == 0);
  REQUIRE(words.size() == 5);
  REQUIRE(words[0] == path);
  REQUIRE(words[1] == "--tensor-parallel-size");
  REQUIRE(words[2] == "1");
  REQUIRE(words[3] == "--max-model-len");
  REQUIRE(words[4] == "8192");
  REQUIRE(std::fopen("/tmp/kvplan-pwned", "r") == nullptr);
}
