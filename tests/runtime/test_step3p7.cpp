// Step-3.7-Flash: 12 full-attention and 33 sliding-window layers of 8 KV heads, read from the
// step3p7 wrapper's step3p5 text config the way vLLM's step3p5.py reads it. The config below is
// written from Step-3.7-Flash's config.json values (45 layers, layer_types with every fourth
// layer full, sliding_window 512, num_attention_groups 8, head_dim 128, attention_other_setting
// giving the sliding layers 96 query heads, max_seq_len 262144, 3 MTP layers); every figure is
// worked by hand beside it.
#include "kvplan_catch.hpp"
#include "plan_or_fail.hpp"

#include <kvplan/hf_config.hpp>
#include <kvplan/kvplan.hpp>

#include <string_view>

using namespace kvplan;
using kvplan_test::plan_of;

namespace {
constexpr std::string_view step37_config = R"({"architectures": ["Step3p7ForConditionalGeneration"], "model_type": "step3p7",
 "auto_map": {"AutoConfig": "configuration_step3p7.Step3p7Config"},
 "vision_config": {"model_type": "perception_encoder", "image_size": 728, "patch_size": 14, "width": 1536, "layers": 47, "heads": 16},
 "text_config": {"architectures": ["Step3p5ForCausalLM"], "model_type": "step3p5", "hidden_size": 4096, "num_hidden_layers": 45,
   "num_attention_heads": 64, "num_attention_groups": 8, "head_dim": 128, "vocab_size": 128896, "max_seq_len": 262144,
   "max_position_embeddings": 262144, "rope_scaling": {"rope_type": "llama3", "factor": 2.0, "original_max_position_embeddings": 131072, "low_freq_factor": 1.0, "high_freq_factor": 32.0},
   "sliding_window": 512, "intermediate_size": 11264, "moe_num_experts": 288, "moe_top_k": 8, "moe_intermediate_size": 1280,
   "share_expert_dim": 1280, "moe_layers_enum": "3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22,23,24,25,26,27,28,29,30,31,32,33,34,35,36,37,38,39,40,41,42,43,44",
   "use_moe_router_bias": true, "num_nextn_predict_layers": 3, "use_head_wise_attn_gate": true,
   "attention_other_setting": {"attention_type": "sliding_attention", "num_attention_heads": 96, "num_attention_groups": 8, "head_dim": 128},
   "layer_types": ["full_attention","sliding_attention","sliding_attention","sliding_attention","full_attention","sliding_attention","sliding_attention","sliding_attention","full_attention","sliding_attention","sliding_attention","sliding_attention","full_attention","sliding_attention","sliding_attention","sliding_attention","full_attention","sliding_attention","sliding_attention","sliding_attention","full_attention","sliding_attention","sliding_attention","sliding_attention","full_attention","sliding_attention","sliding_attention","sliding_attention","full_attention","sliding_attention","sliding_attention","sliding_attention","full_attention","sliding_attention","sliding_attention","sliding_attention","full_attention","sliding_attention","sliding_attention","sliding_attention","full_attention","sliding_attention","sliding_attention","sliding_attention","full_attention","sliding_attention","sliding_attention","sliding_attention"]}})";

constexpr model step37 = model_from_hf_config(step37_config, {.hf_id = "stepfun-ai/Step-3.7-Flash"});

}  // namespace

TEST_CASE("Step-3.7 config.json: layer kinds, heads, length, MTP", "[step3p7][hf_config]") {
  STATIC_REQUIRE(step37.num_layers() == 45);
  STATIC_REQUIRE(step37.layers[0].kind == layer_kind::full_attention);
  STATIC_REQUIRE(step37.layers[1].kind == layer_kind::sliding_window);
  STATIC_REQUIRE(step37.layers[1].window == 512);
  STATIC_REQUIRE(step37.layers[44].kind == layer_kind::full_attention);
  STATIC_REQUIRE(step37.layers[1].num_kv_heads == 8);  // attention_other_setting's num_attention_groups
  STATIC_REQUIRE(step37.layers.layers_of_type[0] == 12);
  // The smaller of max_position_embeddings and max_seq_len; llama3 RoPE scaling does not grow it.
  STATIC_REQUIRE(step37.max_model_len == 262'144);
  STATIC_REQUIRE(step37.trust_remote_code);  // vLLM has no step3p7 config class
  // The 3 MTP layers take layer_types[45..47]: sliding.
  STATIC_REQUIRE(step37.num_mtp_layers == 3);
  STATIC_REQUIRE(step37.mtp_layer.kind == layer_kind::sliding_window);
  // Routed experts: 42 MoE layers (moe_layers_enum 3..44) x 288 x 3 x 4,096 x 1,280.
  STATIC_REQUIRE(step37.expert_params == 42LL * 288 * 3 * 4096 * 1280);
}

TEST_CASE("Step-3.7 on 4 x H100: one full group and three sliding groups", "[step3p7]") {
  deployment d{.model = step37, .gpu = gpus::h100_sxm, .tensor_parallel_size = 4, .kv_cache_memory_bytes = 40 * GiB,
               .max_model_len = 131072};
  const plan p = plan_of(d);
  // 8 KV heads / 4 = 2 a GPU: 2 x 2 x 128 x 2 B = 1,024 B a token and layer; block 16: 16,384 B
  // a page. 12 full and 33 sliding layers: groups of 12, cdiv(33, 12) = 3 sliding groups; a
  // block is 12 x 16,384 = 196,608 B.
  CHECK(p.num_groups == 4);
  CHECK(p.bytes_per_block == 196'608);
  // 42,949,672,960 // 196,608 = 218,453 blocks. A request at 131,072 tokens with 2 x 8,192 in
  // flight: 131,072 / 16 = 8,192 full blocks and cdiv(511 + 16,384, 16) + 1 = 1,057 in each
  // sliding group: 8,192 + 3 x 1,057 = 11,363. 218,453 / 11,363 = 19.22x; 2,519,851 tokens.
  CHECK(p.num_gpu_blocks == 218'453);
  CHECK(p.needed_bytes == 11'363LL * 196'608);
  CHECK(p.kv_cache_tokens == 2'519'851);
  // With MTP the 3 sliding MTP layers fill the padding: 36 sliding layers, still 3 groups of 12.
  d.speculative = {.method = speculative_method::mtp, .num_speculative_tokens = 3};
  const plan mtp = plan_of(d);
  CHECK(mtp.num_groups == 4);
  CHECK(mtp.bytes_per_block == 196'608);
  // Before vLLM PR #43859 there is no Step-3.7.
  d.vllm = {0, 22, 0};
  CHECK(validate(d).code == errc::feature_needs_newer_vllm);
}
