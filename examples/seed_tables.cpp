// The seed articles' tables, reproduced and corrected.
//
// Seed 000 ("KV Cache Optimization", NVIDIA HGX B200) gives a "VRAM Budget Breakdown" for five
// models at --gpu-memory-utilization 0.90 with its own method: usable = 179 GB x 0.90, weights =
// parameters x bytes / TP, KV budget = usable - weights - "CUDA overhead (~2-5 GB)". Seed 001
// ("Finding the KV Cache Problem Before Your Bill Does") audits a 70B model on four H100s and
// lists KV bytes per token. This program prints their figures beside the same method applied to
// the right inputs, and beside what vLLM itself would compute (kvplan's plan).
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <cstdio>
#include <string>

namespace {
using namespace kvplan;

struct seed_row {
  const char* label;
  deployment d;            // the deployment as vLLM would run it
  double seed_params_b;    // parameters the seed's label gives, in billions
  double seed_weights_gb;  // the seed's "Weights/GPU"
  double seed_kv_gb;       // the seed's "KV Budget/GPU"
  const char* note;
};

constexpr double seed_usable_gb = 179.0 * 0.90;  // the seed's 161.1 GB

std::string gib(count_t bytes) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", static_cast<double>(centi_gib(bytes)) / 100.0);
  return buf;
}

}  // namespace

int main() {
  const seed_row rows[] = {
      {"Nemotron Nano 30B FP8 TP2",
       {.model = models::nemotron_3_nano, .gpu = gpus::b200, .tensor_parallel_size = 2, .checkpoint = 1,
        .gpu_memory_utilization = 0.90, .max_model_len = 32768},
       30, 15, 146, "agrees"},
      {"Nemotron Super 49B FP8 TP1",
       {.model = models::nemotron_super_49b, .gpu = gpus::b200, .checkpoint = 1, .gpu_memory_utilization = 0.90,
        .max_model_len = 32768},
       49, 49, 109, "agrees"},
      {"MiniMax M2.5 229B FP8 TP4",
       {.model = models::minimax_m2_5, .gpu = gpus::b200, .tensor_parallel_size = 4, .gpu_memory_utilization = 0.90,
        .max_model_len = 32768},
       229, 29, 132,
       "WRONG: 29 GB is the NVFP4 size (229B x 0.5 B / 4); in FP8 it is 229 GB / 4 = 57 GB, leaving ~100 GB"},
      {"GLM-5 744B FP8 TP8",
       {.model = models::glm_5, .gpu = gpus::b200, .tensor_parallel_size = 8, .checkpoint = 1,
        .gpu_memory_utilization = 0.90, .max_model_len = 32768},
       744, 89, 64, "weights: 744 GB / 8 = 93 GB, not 89; the seed's KV figure fits 93 GB and ~4 GB overhead"},
      {"DeepSeek V3.2 685B FP8 TP8",
       {.model = models::deepseek_v3_2, .gpu = gpus::b200, .tensor_parallel_size = 8, .gpu_memory_utilization = 0.90,
        .max_model_len = 32768},
       685, 86, 75, "agrees (685B counts the 14B MTP module vLLM loads only for speculative decoding)"},
  };

  std::printf("Seed 000: VRAM budget per HGX B200 GPU at --gpu-memory-utilization 0.90\n\n");
  std::printf("%-28s %8s %8s | %9s %9s | %9s %9s %11s\n", "", "seed", "seed", "method", "method", "vLLM", "vLLM",
              "vLLM KV");
  std::printf("%-28s %8s %8s | %9s %9s | %9s %9s %11s\n", "deployment", "W GB", "KV GB", "W GB", "KV GB", "W GiB",
              "KV GiB", "tokens");
  for (const seed_row& r : rows) {
    const double weights_gb = r.seed_params_b / r.d.tensor_parallel_size;  // FP8: one byte per parameter
    const double kv_gb = seed_usable_gb - weights_gb - 3.5;                 // the middle of "~2-5 GB"
    const plan p = make_plan(r.d);
    std::printf("%-28s %8.0f %8.0f | %9.1f %9.1f | %9s %9s %11lld\n", r.label, r.seed_weights_gb, r.seed_kv_gb,
                weights_gb, kv_gb, gib(p.weights_bytes).c_str(), gib(p.available_kv_cache_bytes).c_str(),
                static_cast<long long>(p.kv_cache_tokens));
    std::printf("%-28s   %s\n", "", r.note);
  }
  std::printf(
      "\nThe seed's 179 GB is nvidia-smi's 183,359 MiB read as GiB; vLLM budgets from the CUDA total,\n"
      "178.35 GiB, so 0.90 of it is 160.52 GiB (172.35 GB). 'vLLM' columns use kvplan's estimates\n"
      "for weights and the other non-KV memory (activations, NCCL, CUDA graphs).\n\n");

  // "1,298 concurrent sequences at 32K context" for Nemotron Nano FP8 at TP=2.
  const plan nano = make_plan(rows[0].d);
  std::printf(
      "Seed 000 says Nemotron Nano FP8 at TP=2 serves 1,298 concurrent 32K-token sequences. vLLM holds\n"
      "per request its attention KV (%lld B per token per GPU) and the state of 23 Mamba-2 layers\n"
      "(%lld B per GPU, in pages of %lld-token blocks, two per layer group with prefix caching):\n"
      "%lld blocks / %lld per request = %.2f concurrent 32,768-token requests.\n\n",
      static_cast<long long>(nano.kv_bytes_per_token), static_cast<long long>(nano.state_bytes_per_request),
      static_cast<long long>(nano.block_size), static_cast<long long>(nano.num_gpu_blocks),
      static_cast<long long>(nano.blocks_per_request), nano.max_concurrency);

  // Seed 001: the memory audit and the per-token table.
  std::printf("Seed 001: 70B at FP16 on H100, TP=4\n");
  std::printf("  seed: 140 GB / 4 = 35 GB weights; 80 - 35 - 1.5 (CUDA) - 2 (allocator) = 41.5 GB for KV\n");
  const plan audit =
      make_plan({.model = models::llama_2_70b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 4, .max_model_len = 4096});
  std::printf("  vLLM: %s GiB requested (0.92 x 79.18 GiB), %s GiB weights, %s GiB left for the KV cache\n\n",
              gib(audit.requested_memory_bytes).c_str(), gib(audit.weights_bytes).c_str(),
              gib(audit.available_kv_cache_bytes).c_str());
  std::printf("  KV per token (bf16)   seed        kvplan\n");
  const struct {
    const char* name;
    const model& m;
    const char* seed;
  } kv[] = {{"Llama-2-7B", models::llama_2_7b, "0.5 MB"},
            {"Llama-2-13B", models::llama_2_13b, "1 MB"},
            {"Llama-2-70B", models::llama_2_70b, "2.5 MB  (MHA; the model has 8 KV heads)"},
            {"Mixtral 8x7B", models::mixtral_8x7b, "2 MB  (8 KV heads, 32 layers)"}};
  for (const auto& row : kv)
    std::printf("  %-20s %-7s -> %9lld B  %s\n", row.name, "", static_cast<long long>(cache_cost_of(row.m).full_bytes_per_token),
                row.seed);
  return 0;
}
