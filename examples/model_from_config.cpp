// A model the registry does not carry, from its config.json: once as a constant (a guard that
// fails the build if the fine-tune stops fitting), once at run time from a file.
//   model_from_config [path/to/config.json]
#include <kvplan/hf_config.hpp>
#include <kvplan/kvplan.hpp>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

// A Qwen3-8B fine-tune, its config.json trimmed to the keys that decide the cache and weights.
constexpr kvplan::model finetune = kvplan::model_from_hf_config(R"({
  "model_type": "qwen3", "num_hidden_layers": 36, "hidden_size": 4096,
  "num_attention_heads": 32, "num_key_value_heads": 8, "head_dim": 128,
  "intermediate_size": 12288, "vocab_size": 151936, "tie_word_embeddings": false,
  "max_position_embeddings": 40960, "torch_dtype": "bfloat16"
})", {.hf_id = "/models/my-qwen3-8b-finetune"});

// 36 layers x 2 (K and V) x 8 KV heads x 128 x 2 B.
static_assert(kvplan::cache_cost_of(finetune).full_bytes_per_token == 147'456);

inline constexpr kvplan::deployment on_l40s{.model = finetune, .gpu = kvplan::gpus::l40s, .max_model_len = 32768};
static_assert(kvplan::fits<on_l40s>());

void print(const kvplan::deployment& d) {
  const kvplan::plan_result r = kvplan::try_plan(d);
  if (!r.ok()) {
    std::printf("  cannot plan: %s\n", kvplan::describe(r.error).c_str());
    return;
  }
  const kvplan::plan& p = r.plan;
  std::printf("%s on %s: %.2fB parameters, %lld KV bytes per token (full attention), %lld tokens of KV cache, %.2fx at %lld\n",
              std::string(d.model.hf_id).c_str(), std::string(d.gpu.name).c_str(),
              static_cast<double>(d.model.total_params) / 1e9,
              static_cast<long long>(kvplan::cache_cost_of(d.model).full_bytes_per_token),
              static_cast<long long>(p.kv_cache_tokens), p.max_concurrency, static_cast<long long>(p.max_model_len));
  if (!p.fits()) std::printf("  %s\n", kvplan::verdict_message(p).c_str());
  else std::printf("  %s\n", std::string(kvplan::vllm_serve_command(kvplan::vllm_serve_args(d, p)).view()).c_str());
}

}  // namespace

int main(int argc, char** argv) {
  print(on_l40s);
  if (argc < 2) return 0;
  std::ifstream in(argv[1], std::ios::binary);
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  // vllm serve loads the folder that holds config.json.
  const std::string folder = std::filesystem::path(argv[1]).parent_path().string();
  const kvplan::hf_config_result parsed = kvplan::try_model_from_hf_config(text, {.hf_id = folder});
  if (!parsed.ok()) {
    std::fprintf(stderr, "%s: %s\n", argv[1], kvplan::describe(parsed.error).c_str());
    return 2;
  }
  print({.model = parsed.model, .gpu = kvplan::gpus::h100_sxm});
  return 0;
}
