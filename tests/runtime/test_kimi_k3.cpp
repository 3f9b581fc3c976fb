// Kimi-K3: Kimi Delta Attention layers (a conv and an fp32 recurrent state per request) beside
// MLA layers, grouped as vLLM groups any Mamba-style hybrid. The config below is written from
// Kimi-K3's config.json values (the kimi_k3 wrapper, its kimi_linear text config: 93 layers,
// full_attn_layers 4, 8, ..., 92, 93 and the other 69 in kda_layers, 1-indexed; 96 KDA heads of
// 128; kv_lora_rank 512, qk_rope_head_dim 64); every figure is worked by hand beside it.
#include "kvplan_catch.hpp"
#include "plan_or_fail.hpp"

#include <kvplan/hf_config.hpp>
#include <kvplan/kvplan.hpp>

#include <cstdint>
#include <string_view>

using namespace kvplan;
using kvplan_test::plan_of;

namespace {
constexpr std::string_view k3_config = R"({
  "architectures": ["KimiK3ForConditionalGeneration"], "model_type": "kimi_k3",
  "auto_map": {"AutoConfig": "configuration_kimi_k3.KimiK3Config"},
  "text_config": {
    "model_type": "kimi_linear", "num_hidden_layers": 93, "hidden_size": 7168, "num_attention_heads": 96,
    "num_key_value_heads": 96, "vocab_size": 163840, "max_position_embeddings": 1048576, "dtype": "bfloat16",
    "tie_word_embeddings": false, "kv_lora_rank": 512, "qk_rope_head_dim": 64, "qk_nope_head_dim": 128,
    "v_head_dim": 128, "q_lora_rank": 1536, "mla_use_nope": true, "mla_use_output_gate": true,
    "intermediate_size": 33792, "first_k_dense_replace": 1, "moe_layer_freq": 1, "num_experts": 896,
    "num_experts_per_token": 16, "moe_intermediate_size": 3072, "num_shared_experts": 2,
    "routed_expert_hidden_size": 3584, "latent_moe_use_norm": true, "num_nextn_predict_layers": 0,
    "linear_attn_config": {
      "num_heads": 96, "head_dim": 128, "short_conv_kernel_size": 4, "use_full_rank_gate": true,
      "full_attn_layers": [4,8,12,16,20,24,28,32,36,40,44,48,52,56,60,64,68,72,76,80,84,88,92,93],
      "kda_layers": [1,2,3,5,6,7,9,10,11,13,14,15,17,18,19,21,22,23,25,26,27,29,30,31,33,34,35,37,38,39,
                     41,42,43,45,46,47,49,50,51,53,54,55,57,58,59,61,62,63,65,66,67,69,70,71,73,74,75,
                     77,78,79,81,82,83,85,86,87,89,90,91]
    }
  }
})";

constexpr model k3 = model_from_hf_config(k3_config, {.hf_id = "moonshotai/Kimi-K3"});

}  // namespace

TEST_CASE("Kimi-K3 config.json: 69 KDA layers, 24 MLA layers", "[kimi_k3][hf_config]") {
  STATIC_REQUIRE(k3.num_layers() == 93);
  STATIC_REQUIRE(k3.layers[0].kind == layer_kind::kimi_delta);  // layer 1 in kda_layers
  STATIC_REQUIRE(k3.layers[3].kind == layer_kind::mla);         // layer 4: full attention
  STATIC_REQUIRE(k3.layers[91].kind == layer_kind::mla);        // 92
  STATIC_REQUIRE(k3.layers[92].kind == layer_kind::mla);        // 93
  STATIC_REQUIRE(k3.layers.layers_of_type[0] == 69);
  STATIC_REQUIRE(k3.max_model_len == 1'048'576);
  // Routed experts in the latent width: 92 MoE layers x 896 x 3 x 3,584 x 3,072.
  STATIC_REQUIRE(k3.expert_params == 92LL * 896 * 3 * 3584 * 3072);
  // One KDA state at TP 1: conv (4 - 1) x 3 x 96 x 128 x 2 B (bf16) = 221,184, recurrent
  // 96 x 128 x 128 x 4 B (always fp32) = 6,291,456: 6,512,640 B. MLA: (512 + 64) x 2 B = 1,152 B
  // a token, the same on every TP rank.
  STATIC_REQUIRE(cache_cost_of(k3, cache_dtype::auto_, 1) == cache_cost{24 * 1'152, 0, 69LL * 6'512'640});
  STATIC_REQUIRE(cache_cost_of(k3, cache_dtype::auto_, 8) == cache_cost{24 * 1'152, 0, 69LL * 814'080});
}

TEST_CASE("Kimi-K3 runs Model Runner V2 from v0.27, except on ROCm", "[kimi_k3]") {
  // vllm/config/vllm.py: KimiK3ForConditionalGeneration on DEFAULT_V2_MODEL_RUNNER_ARCHITECTURES (a
  // listed hybrid may run V2) and on ROCM_EXCLUDED_V2_MODEL_RUNNER_ARCHITECTURES (PR #50000).
  CHECK(uses_v2_model_runner({.model = k3, .gpu = gpus::b200, .vllm = {0, 27, 0}}, rules_for({0, 27, 0})));
  CHECK_FALSE(uses_v2_model_runner({.model = k3, .gpu = gpus::mi355x, .vllm = {0, 27, 0}}, rules_for({0, 27, 0})));
  // Not compiled (vllm/models/kimi_k3): no FlashInfer all-reduce fusion workspace at TP 8.
  CHECK(plan_of({.model = k3, .gpu = gpus::b200, .tensor_parallel_size = 8, .vllm = {0, 29, 0}})
            .profile.allreduce_workspace_bytes == 0);
  // Kimi-Linear (kimi_linear) moved there in the same PR: compiled, with the workspace, before
  // v0.27. At TP 2 on H100s, 8,192 tokens: min(64 MiB, 8,192 x 7,168 x 2 B) = 64 MiB; 4 x 2 x 64
  // MiB = 512 MiB.
  model linear = k3;
  linear.model_type = "kimi_linear";
  const auto workspace = [&](vllm_version v) {
    return memory_profile_of({.model = linear, .gpu = gpus::h100_sxm, .tensor_parallel_size = 2, .vllm = v},
                             rules_for(v), 256, 8192)
        .allreduce_workspace_bytes;
  };
  CHECK(workspace({0, 26, 0}) == 512 * MiB);
  CHECK(workspace({0, 27, 0}) == 0);
}

TEST_CASE("Kimi-K3 on 8 x B200: the hybrid block, four groups", "[kimi_k3]") {
  // vLLM 0.33 defaults: FlashInfer MLA on Blackwell (kernel blocks 32 and 64) and prefix caching,
  // so the KDA layers hold states in "align" mode (2 pages a request). 64 GiB of KV memory.
  const deployment d{.model = k3, .gpu = gpus::b200, .tensor_parallel_size = 8, .kv_cache_memory_bytes = 64 * GiB,
                     .max_model_len = 131072};
  const plan p = plan_of(d);
  // A KDA state at TP 8: 221,184 / 8 + 6,291,456 / 8 = 814,080 B. _align_hybrid_block_size:
  // 32 x cdiv(814,080, 32 x 1,152) = 32 x 23 = 736 tokens; the MLA page 736 x 1,152 = 847,872 B,
  // the KDA page padded to it.
  CHECK(p.block_size == 736);
  // 24 MLA layers, 69 KDA layers: groups of 24 (69 is not under 1.5 x 24): 1 MLA group and
  // cdiv(69, 24) = 3 KDA groups. A block: 24 x 847,872 = 20,348,928 B.
  CHECK(p.num_groups == 4);
  CHECK(p.bytes_per_block == 20'348'928);
  // 68,719,476,736 // 20,348,928 = 3,377 blocks. A request at 131,072 tokens: MLA
  // cdiv(131,072, 736) = 179, and 2 state pages in each of 3 KDA groups: 185 blocks. 3,377 / 185 =
  // 18.25x; int(18.254054054 x 131,072) = 2,392,595 tokens.
  CHECK(p.num_gpu_blocks == 3'377);
  CHECK(p.needed_bytes == 185LL * 20'348'928);
  CHECK(p.kv_cache_tokens == 2'392'595);
}

TEST_CASE("Kimi-K3: what vLLM refuses", "[kimi_k3][errors]") {
  const deployment ok{.model = k3, .gpu = gpus::b200, .tensor_parallel_size = 8, .kv_cache_memory_bytes = 64 * GiB};
  REQUIRE(!validate(ok));
  deployment d = ok;
  d.vllm = {0, 26, 0};  // before vLLM PR #50000
  CHECK(describe(validate(d)) == "Kimi-K3 needs vLLM 0.27.0 or newer");
  d.vllm = {0, 11, 0};  // before Kimi-Linear's KDA layers (a patch release)
  CHECK(describe(validate(d)) == "Kimi Delta Attention (Kimi-Linear) needs vLLM 0.11.1 or newer");
  d.vllm = {0, 11, 1};
  CHECK(validate(d).code == errc::feature_needs_newer_vllm);  // the KDA layers pass, Kimi-K3 does not
  d = ok;
  d.tensor_parallel_size = 64;  // 96 KDA heads do not split over 64 ranks
  CHECK(validate(d).code == errc::tensor_parallel_size_must_divide_num_attention_heads);
}
