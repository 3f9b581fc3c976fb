// Reading config.json at run time: every test config's KV bytes per token, per-request state and
// parameter counts pinned (the arithmetic beside each), the derivation rules on small configs, the
// JSON reader, and the errors with their exact messages.
//
// KV figures are kvplan::cache_cost_of(model): bytes per token of the full-attention / MLA layers
// and of the sliding / chunked layers, and bytes per request of Mamba / linear-attention state,
// with --kv-cache-dtype auto (bfloat16 for every model here) on one GPU. Parameters: total,
// active per token (total minus the routed experts a token does not use) and routed experts.
// The figures were recomputed from the same files by an independent script before being pinned.
#include "kvplan_catch.hpp"

#include <kvplan/hf_config.hpp>
#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <string>
#include <string_view>

using namespace kvplan;

namespace {

// tests/data/configs, found from this file's path (CMake compiles it by absolute path).
std::string read_config(std::string_view name) {
  const std::filesystem::path dir = std::filesystem::path(__FILE__).parent_path().parent_path() / "data" / "configs";
  std::ifstream in(dir / (std::string(name) + ".json"), std::ios::binary);
  REQUIRE(in.good());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

struct expected {
  std::string_view file;
  count_t full_bytes_per_token;
  count_t local_bytes_per_token;
  count_t state_bytes_per_request;
  count_t total_params;
  count_t active_params;
  count_t expert_params;
};

// clang-format off
constexpr expected all_configs[] = {
    // deepseek-r1: KV 61 layers x (512 + 64) x 2 B = 70,272.
    // Params: MLA 187,107,328/layer; 3 dense MLP 3x7168x18432; 58 MoE: 256 x 3x7168x2048 + 1 shared +
    //   router 7168x256 + bias; embeddings 129280x7168 x 2.
    {"deepseek-r1", 70'272, 0, 0, 671'026'419'200, 37'552'297'472, 653'908'770'816},
    // deepseek-v2-lite: KV 27 layers x (512 + 64) x 2 B = 31,104.
    // Params: MLA 13,763,072/layer; 1 dense MLP 3x2048x10944; 26 MoE: 64 x 3x2048x1408 + 2 shared + router
    //   2048x64; embeddings 102400x2048 x 2.
    {"deepseek-v2-lite", 31'104, 0, 0, 15'706'484'224, 2'661'150'208, 14'394'851'328},
    // deepseek-v3.2: KV 61 layers x (512 + 64) x 2 B + 61 x indexer (128 + 4) = 78,324.
    // Params: MLA 201,066,752/layer; 3 dense MLP 3x7168x18432; 58 MoE: 256 x 3x7168x2048 + 1 shared +
    //   router 7168x256 + bias; embeddings 129280x7168 x 2.
    {"deepseek-v3.2", 78'324, 0, 0, 671'877'944'064, 38'403'822'336, 653'908'770'816},
    // deepseek-v3: KV 61 layers x (512 + 64) x 2 B = 70,272.
    // Params: MLA 187,107,328/layer; 3 dense MLP 3x7168x18432; 58 MoE: 256 x 3x7168x2048 + 1 shared +
    //   router 7168x256 + bias; embeddings 129280x7168 x 2.
    {"deepseek-v3", 70'272, 0, 0, 671'026'419'200, 37'552'297'472, 653'908'770'816},
    // gemma-2-9b: KV 42 layers x 2 x 8 x 256 x 2 B = 344,064 (21 full, 21 sliding 4096).
    // Params: attention 44,040,192 + norms 14,336 per layer; MLP 3x3584x14336; embeddings 256000x3584 tied.
    {"gemma-2-9b", 172'032, 172'032, 0, 9'241'705'984, 9'241'705'984, 0},
    // gemma-3-27b: KV 62 layers x 2 x 16 x 128 x 2 B = 507,904 (10 full, 52 sliding 1024).
    // Params: attention 66,060,544 + norms 21,504 per layer; MLP 3x5376x21504; embeddings 262208x5376 tied.
    {"gemma-3-27b", 81'920, 425'984, 0, 27'432'406'640, 27'432'406'640, 0},
    // gemma-7b: KV 28 layers x 2 x 16 x 256 x 2 B = 458,752.
    // Params: attention 50,331,648 + norms 6,144 per layer; MLP 3x3072x24576; embeddings 256000x3072 tied.
    {"gemma-7b", 458'752, 0, 0, 8'537'680'896, 8'537'680'896, 0},
    // glm-4.5-air: KV 46 layers x 2 x 8 x 128 x 2 B = 188,416.
    // Params: attention 109,066,240 + norms 8,192 per layer; 128 experts x 3x4096x1408 + router; embeddings
    //   151552x4096 x 2.
    {"glm-4.5-air", 188'416, 0, 0, 106'852'251'264, 13'424'129'664, 99'656'663'040},
    // glm-4.5: KV 92 layers x 2 x 8 x 128 x 2 B = 376,832.
    // Params: attention 136,329,472 + norms 10,240 per layer; 160 experts x 3x5120x1536 + router;
    //   embeddings 151552x5120 x 2.
    {"glm-4.5", 376'832, 0, 0, 352'797'829'024, 33'632'266'144, 335'963'750'400},
    // glm-4.6: KV 92 layers x 2 x 8 x 128 x 2 B = 376,832.
    // Params: attention 136,329,472 + norms 10,240 per layer; 160 experts x 3x5120x1536 + router;
    //   embeddings 151552x5120 x 2.
    {"glm-4.6", 376'832, 0, 0, 352'797'829'024, 33'632'266'144, 335'963'750'400},
    // glm-4.7: KV 92 layers x 2 x 8 x 128 x 2 B = 376,832.
    // Params: attention 136,329,472 + norms 10,240 per layer; 160 experts x 3x5120x1536 + router;
    //   embeddings 151552x5120 x 2.
    {"glm-4.7", 376'832, 0, 0, 352'797'829'024, 33'632'266'144, 335'963'750'400},
    // glm-5: KV 78 layers x (512 + 64) x 2 B + 78 x indexer (128 + 4) = 100,152.
    // Params: MLA 174,394,112/layer; 3 dense MLP 3x6144x12288; 75 MoE: 256 x 3x6144x2048 + 1 shared +
    //   router 6144x256 + bias; embeddings 154880x6144 x 2.
    {"glm-5", 100'152, 0, 0, 743'911'218'432, 41'784'728'832, 724'775'731'200},
    // gpt-oss-120b: KV 36 layers x 2 x 8 x 64 x 2 B = 73,728 (18 full, 18 sliding 128).
    // Params: attention 26,550,144 + norms 5,760 per layer; 128 experts x 3x2880x2880 + router; embeddings
    //   201088x2880 x 2.
    {"gpt-oss-120b", 36'864, 36'864, 0, 116'829'156'672, 5'711'982'912, 114'701'598'720},
    // gpt-oss-20b: KV 24 layers x 2 x 8 x 64 x 2 B = 49,152 (12 full, 12 sliding 128).
    // Params: attention 26,550,144 + norms 5,760 per layer; 32 experts x 3x2880x2880 + router; embeddings
    //   201088x2880 x 2.
    {"gpt-oss-20b", 24'576, 24'576, 0, 20'914'757'184, 4'187'440'704, 19'116'933'120},
    // granite-3.3-8b: KV 40 layers x 2 x 8 x 128 x 2 B = 163,840.
    // Params: attention 41,943,040 + norms 8,192 per layer; MLP 3x4096x12800; embeddings 49159x4096 tied.
    {"granite-3.3-8b", 163'840, 0, 0, 8'170'864'640, 8'170'864'640, 0},
    // kimi-k2: KV 61 layers x (512 + 64) x 2 B = 70,272.
    // Params: MLA 101,124,096/layer; 1 dense MLP 3x7168x18432; 60 MoE: 384 x 3x7168x2048 + 1 shared +
    //   router 7168x384 + bias; embeddings 163840x7168 x 2.
    {"kimi-k2", 70'272, 0, 0, 1'026'408'232'448, 32'861'500'928, 1'014'686'023'680},
    // kimi-k2-thinking: Kimi-K2's shape (its counts), 262,144 positions, int4 experts.
    {"kimi-k2-thinking", 70'272, 0, 0, 1'026'408'232'448, 32'861'500'928, 1'014'686'023'680},
    // kimi-vl-a3b: KV 27 layers x (512 + 64) x 2 B = 31,104.
    // Params: MLA 13,763,072/layer; 1 dense MLP 3x2048x11264; 26 MoE: 64 x 3x2048x1408 + 2 shared + router
    //   2048x64 + bias; embeddings 163840x2048 x 2: 15,960,110,208. The MoonViT tower, estimated from
    //   vision_config (params::vit_estimate: 27 layers of width 1,152, MLP 4,304, 14 x 14 x 3
    //   patches, a 2 x 2 merger to 2,048): 442,833,008; 16,402,943,216 in all (the card: 16.4B).
    {"kimi-vl-a3b", 31'104, 0, 0, 16'402'943'216, 3'357'609'200, 14'394'851'328},
    // llama-2-13b: KV 40 layers x 2 x 40 x 128 x 2 B = 819,200.
    // Params: attention 104,857,600 + norms 10,240 per layer; MLP 3x5120x13824; embeddings 32000x5120 x 2.
    {"llama-2-13b", 819'200, 0, 0, 13'015'864'320, 13'015'864'320, 0},
    // llama-2-70b: KV 80 layers x 2 x 8 x 128 x 2 B = 327,680.
    // Params: attention 150,994,944 + norms 16,384 per layer; MLP 3x8192x28672; embeddings 32000x8192 x 2.
    {"llama-2-70b", 327'680, 0, 0, 68'976'648'192, 68'976'648'192, 0},
    // llama-2-7b: KV 32 layers x 2 x 32 x 128 x 2 B = 524,288.
    // Params: attention 67,108,864 + norms 8,192 per layer; MLP 3x4096x11008; embeddings 32000x4096 x 2.
    {"llama-2-7b", 524'288, 0, 0, 6'738'415'616, 6'738'415'616, 0},
    // llama-3-70b: KV 80 layers x 2 x 8 x 128 x 2 B = 327,680.
    // Params: attention 150,994,944 + norms 16,384 per layer; MLP 3x8192x28672; embeddings 128256x8192 x 2.
    {"llama-3-70b", 327'680, 0, 0, 70'553'706'496, 70'553'706'496, 0},
    // llama-3-8b: KV 32 layers x 2 x 8 x 128 x 2 B = 131,072.
    // Params: attention 41,943,040 + norms 8,192 per layer; MLP 3x4096x14336; embeddings 128256x4096 x 2.
    {"llama-3-8b", 131'072, 0, 0, 8'030'261'248, 8'030'261'248, 0},
    // llama-3.1-405b: KV 126 layers x 2 x 8 x 128 x 2 B = 516,096.
    // Params: attention 570,425,344 + norms 32,768 per layer; MLP 3x16384x53248; embeddings 128256x16384 x
    //   2.
    {"llama-3.1-405b", 516'096, 0, 0, 405'853'388'800, 405'853'388'800, 0},
    // llama-3.1-70b: KV 80 layers x 2 x 8 x 128 x 2 B = 327,680.
    // Params: attention 150,994,944 + norms 16,384 per layer; MLP 3x8192x28672; embeddings 128256x8192 x 2.
    {"llama-3.1-70b", 327'680, 0, 0, 70'553'706'496, 70'553'706'496, 0},
    // llama-3.1-8b: KV 32 layers x 2 x 8 x 128 x 2 B = 131,072.
    // Params: attention 41,943,040 + norms 8,192 per layer; MLP 3x4096x14336; embeddings 128256x4096 x 2.
    {"llama-3.1-8b", 131'072, 0, 0, 8'030'261'248, 8'030'261'248, 0},
    // llama-3.2-1b: KV 16 layers x 2 x 8 x 64 x 2 B = 32,768.
    // Params: attention 10,485,760 + norms 4,096 per layer; MLP 3x2048x8192; embeddings 128256x2048 tied.
    {"llama-3.2-1b", 32'768, 0, 0, 1'235'814'400, 1'235'814'400, 0},
    {"llama-3.2-3b", 114'688, 0, 0, 3'212'749'824, 3'212'749'824, 0},
    // llama-3.3-70b: KV 80 layers x 2 x 8 x 128 x 2 B = 327,680.
    // Params: attention 150,994,944 + norms 16,384 per layer; MLP 3x8192x28672; embeddings 128256x8192 x 2.
    {"llama-3.3-70b", 327'680, 0, 0, 70'553'706'496, 70'553'706'496, 0},
    // llama-4-maverick: KV 12 NoPE full + 36 chunked (8192) layers, each 2 x 8 x 128 x 2 B = 4,096.
    // Params: 128 experts 3x5120x8192 every 2. layer + shared expert, dense 3x5120x16384; vision encoder
    //   and projector 871,932,416; embeddings 202048x5120 x 2.
    {"llama-4-maverick", 49'152, 147'456, 0, 401'583'781'376, 18'056'623'616, 386'547'056'640},
    // llama-4-scout: KV 12 NoPE full + 36 chunked (8192) layers, each 2 x 8 x 128 x 2 B = 4,096.
    // Params: 16 experts 3x5120x8192 every 1. layer + shared expert, dense 3x5120x16384; vision encoder and
    //   projector 871,932,416; embeddings 202048x5120 x 2.
    {"llama-4-scout", 49'152, 147'456, 0, 108'641'793'536, 18'044'827'136, 96'636'764'160},
    // minimax-m1: KV 10 softmax x 2 x 8 x 128 x 2 B = 40,960; 70 lightning x 64 x 128 x 128 x 2 B = 146,800,640.
    // Params: lightning 251,666,432 / softmax 113,246,208 per layer; 32 experts 3x6144x9216 + router;
    //   embeddings 200064x6144 x 2.
    {"minimax-m1", 40'960, 0, 146'800'640, 456'089'655'296, 48'403'306'496, 434'865'438'720},
    // minimax-m2.5: KV 62 layers x 2 x 8 x 128 x 2 B = 253,952.
    // Params: attention 44,047,360 + norms 6,144 per layer; 256 experts x 3x3072x1536 + router; embeddings
    //   200064x3072 x 2.
    {"minimax-m2.5", 253'952, 0, 0, 228'689'764'864, 11'030'553'088, 224'680'476'672},
    // minimax-m2: KV 62 layers x 2 x 8 x 128 x 2 B = 253,952.
    // Params: attention 44,047,360 + norms 6,144 per layer; 256 experts x 3x3072x1536 + router; embeddings
    //   200064x3072 x 2.
    {"minimax-m2", 253'952, 0, 0, 228'689'764'864, 11'030'553'088, 224'680'476'672},
    // minimax-text-01: KV 10 softmax x 2 x 8 x 128 x 2 B = 40,960; 70 lightning x 64 x 128 x 128 x 2 B = 146,800,640.
    // Params: lightning 251,666,432 / softmax 113,246,208 per layer; 32 experts 3x6144x9216 + router;
    //   embeddings 200064x6144 x 2.
    {"minimax-text-01", 40'960, 0, 146'800'640, 456'089'655'296, 48'403'306'496, 434'865'438'720},
    // mistral-7b-v0.1: KV 32 layers x 2 x 8 x 128 x 2 B = 131,072 (0 full, 32 sliding 4096).
    // Params: attention 41,943,040 + norms 8,192 per layer; MLP 3x4096x14336; embeddings 32000x4096 x 2.
    {"mistral-7b-v0.1", 0, 131'072, 0, 7'241'732'096, 7'241'732'096, 0},
    // mistral-small-24b: KV 40 layers x 2 x 8 x 128 x 2 B = 163,840.
    // Params: attention 52,428,800 + norms 10,240 per layer; MLP 3x5120x32768; embeddings 131072x5120 x 2.
    {"mistral-small-24b", 163'840, 0, 0, 23'572'403'200, 23'572'403'200, 0},
    // mixtral-8x22b: KV 56 layers x 2 x 8 x 128 x 2 B = 229,376.
    // Params: attention 88,080,384 + norms 12,288 per layer; 8 experts x 3x6144x16384 + router; embeddings
    //   32000x6144 x 2.
    {"mixtral-8x22b", 229'376, 0, 0, 140'620'634'112, 39'152'031'744, 135'291'469'824},
    // mixtral-8x7b: KV 32 layers x 2 x 8 x 128 x 2 B = 131,072.
    // Params: attention 41,943,040 + norms 8,192 per layer; 8 experts x 3x4096x14336 + router; embeddings
    //   32000x4096 x 2.
    {"mixtral-8x7b", 131'072, 0, 0, 46'702'792'704, 12'879'925'248, 45'097'156'608},
    // nemotron-3-nano: KV 6 attention x 2 x 2 x 128 x 2 B = 6,144; 23 Mamba-2 x ((4-1) x 6144 x 2 B + 64 x 64 x 128 x 4 B) = 49,082,368.
    // Params: 23 Mamba-2 x 38,742,208, 6 attention, 23 MoE (128 ReLU^2 experts 2x2688x1856 + shared
    //   2x2688x3712); embeddings 131072x2688 x 2.
    {"nemotron-3-nano", 6'144, 0, 49'082'368, 31'577'940'288, 3'580'076'352, 29'374'808'064},
    // nemotron-super-49b-v1.5: KV 49 attention blocks x 2 x 8 x 128 x 2 B = 200,704 (31 no_op blocks cache nothing).
    // Params: per block: attention (kv = 64 / n_heads_in_group) + norm unless no_op; SwiGLU of 2 x ffn_mult
    //   x 8192 / 3 rounded up to 256, + norm; embeddings 128256x8192 x 2.
    {"nemotron-super-49b-v1.5", 200'704, 0, 0, 49'867'145'216, 49'867'145'216, 0},
    // nemotron-super-49b: KV 49 attention blocks x 2 x 8 x 128 x 2 B = 200,704 (31 no_op blocks cache nothing).
    // Params: per block: attention (kv = 64 / n_heads_in_group) + norm unless no_op; SwiGLU of 2 x ffn_mult
    //   x 8192 / 3 rounded up to 256, + norm; embeddings 128256x8192 x 2.
    {"nemotron-super-49b", 200'704, 0, 0, 49'867'145'216, 49'867'145'216, 0},
    // llava-v1.6-mistral-7b (LlavaNextForConditionalGeneration; its text_config leaves Mistral 7B's
    //   shape to MistralConfig's defaults): KV 32 layers x 2 x 8 x 128 x 2 B = 131,072.
    // Params: text attention 41,943,040 + norms 8,192 per layer; MLP 3x4096x14336; embeddings
    //   32064x4096 x 2; final norm 4,096 (7,242,256,384). CLIP to layer 23 of 24: patch conv
    //   3x14x14x1024, class 1,024, positions 577x1024, pre-norm 2,048, 23 x (4 x (1024x1024 + 1024) +
    //   1024x4096 + 4096 + 4096x1024 + 1024 + 4 x 1024); projector 1024x4096 + 4096 + 4096x4096 +
    //   4096; image_newline 4,096 (311,892,992). 14.0786 GiB loaded = 7,554,149,376 x 2 B + 8 MiB RoPE.
    {"llava-v1.6-mistral-7b", 131'072, 0, 0, 7'554'149'376, 7'554'149'376, 0},
    // phi-2: KV 32 layers x 2 x 32 x 80 x 2 B = 327,680.
    // Params: attention 26,224,640 + norms 5,120 per layer; MLP 2x2560x10240; embeddings 51200x2560 x 2.
    {"phi-2", 327'680, 0, 0, 2'779'683'840, 2'779'683'840, 0},
    // phi-4: KV 40 layers x 2 x 10 x 128 x 2 B = 204,800.
    // Params: attention 65,536,000 + norms 10,240 per layer; MLP 3x5120x17920; embeddings 100352x5120 x 2.
    {"phi-4", 204'800, 0, 0, 14'659'507'200, 14'659'507'200, 0},
    // qwen1.5-moe-a2.7b: KV 24 layers x 2 x 16 x 128 x 2 B = 196,608.
    // Params: attention 16,783,360 + norms 4,096 per layer; 60 experts x 3x2048x1408 + router; embeddings
    //   151936x2048 x 2.
    {"qwen1.5-moe-a2.7b", 196'608, 0, 0, 14'315'784'192, 2'689'173'504, 12'457'082'880},
    // qwen2.5-14b-instruct: KV 48 layers x 2 x 8 x 128 x 2 B = 196,608.
    // Params: attention 5120x5120 + 5120 + 2 x (5120x1024 + 1024) + 5120x5120 + norms 10,240 per layer;
    //   MLP 3x5120x13824; embeddings 152064x5120 x 2; final norm 5,120.
    {"qwen2.5-14b-instruct", 196'608, 0, 0, 14'770'033'664, 14'770'033'664, 0},
    // qwen2.5-1.5b, -3b (tied) and -32b (untied): the registry's counts (test_models.cpp).
    {"qwen2.5-1.5b", 28'672, 0, 0, 1'543'714'304, 1'543'714'304, 0},
    {"qwen2.5-3b", 36'864, 0, 0, 3'085'938'688, 3'085'938'688, 0},
    {"qwen2.5-32b", 262'144, 0, 0, 32'763'876'352, 32'763'876'352, 0},
    // qwen2.5-72b: KV 80 layers x 2 x 8 x 128 x 2 B = 327,680.
    // Params: attention 151,005,184 + norms 16,384 per layer; MLP 3x8192x29568; embeddings 152064x8192 x 2.
    {"qwen2.5-72b", 327'680, 0, 0, 72'706'203'648, 72'706'203'648, 0},
    // qwen2.5-7b-yarn: KV 28 layers x 2 x 4 x 128 x 2 B = 57,344.
    // Params: attention 29,364,736 + norms 7,168 per layer; MLP 3x3584x18944; embeddings 152064x3584 x 2.
    {"qwen2.5-7b-yarn", 57'344, 0, 0, 7'615'616'512, 7'615'616'512, 0},
    // qwen2.5-7b: KV 28 layers x 2 x 4 x 128 x 2 B = 57,344.
    // Params: attention 29,364,736 + norms 7,168 per layer; MLP 3x3584x18944; embeddings 152064x3584 x 2.
    {"qwen2.5-7b", 57'344, 0, 0, 7'615'616'512, 7'615'616'512, 0},
    // qwen2.5-vl-7b (Qwen2_5_VLForConditionalGeneration): Qwen2.5-7B's text model (57,344;
    //   7,615,616,512) and the ViT estimate: 32 layers of attention 4 x (1280 x 1280 + 1280), SwiGLU
    //   2 x (1280 x 3420 + 3420) + 3420 x 1280 + 1280, 4 x 1280 norms (19,704,760 each); patch
    //   embedding 3 x 14 x 14 x 2 x 1280; 2 x 1280 norms; the merger 2 x 5120 + 5120 x 5120 + 5120 +
    //   5120 x 3584 + 3584 = 44,583,424: 676,643,584 (card: 8.29B in all).
    {"qwen2.5-vl-7b", 57'344, 0, 0, 8'292'260'096, 8'292'260'096, 0},
    // qwen3-0.6b: KV 28 layers x 2 x 8 x 128 x 2 B = 114,688.
    // Params: attention 6,291,712 + norms 2,048 per layer; MLP 3x1024x3072; embeddings 151936x1024 tied.
    {"qwen3-0.6b", 114'688, 0, 0, 596'049'920, 596'049'920, 0},
    // qwen3-1.7b, qwen3-4b (tied), qwen3-14b (untied): the registry's counts (test_models.cpp).
    {"qwen3-1.7b", 114'688, 0, 0, 1'720'574'976, 1'720'574'976, 0},
    {"qwen3-4b", 147'456, 0, 0, 4'022'468'096, 4'022'468'096, 0},
    {"qwen3-14b", 163'840, 0, 0, 14'768'307'200, 14'768'307'200, 0},
    // qwen3-235b-a22b: KV 94 layers x 2 x 4 x 128 x 2 B = 192,512.
    // Params: attention 71,303,424 + norms 8,192 per layer; 128 experts x 3x4096x1536 + router; embeddings
    //   151936x4096 x 2.
    {"qwen3-235b-a22b", 192'512, 0, 0, 235'093'634'560, 22'190'763'520, 227'096'395'776},
    // qwen3-30b-a3b: KV 48 layers x 2 x 4 x 128 x 2 B = 98,304.
    // Params: attention 18,874,624 + norms 4,096 per layer; 128 experts x 3x2048x768 + router; embeddings
    //   151936x2048 x 2.
    {"qwen3-30b-a3b", 98'304, 0, 0, 30'532'122'624, 3'353'032'704, 28'991'029'248},
    // qwen3-32b: KV 64 layers x 2 x 8 x 128 x 2 B = 262,144.
    // Params: attention 94,372,096 + norms 10,240 per layer; MLP 3x5120x25600; embeddings 151936x5120 x 2.
    {"qwen3-32b", 262'144, 0, 0, 32'762'123'264, 32'762'123'264, 0},
    // qwen3-8b: KV 36 layers x 2 x 8 x 128 x 2 B = 147,456.
    // Params: attention 41,943,296 + norms 8,192 per layer; MLP 3x4096x12288; embeddings 151936x4096 x 2.
    {"qwen3-8b", 147'456, 0, 0, 8'190'735'360, 8'190'735'360, 0},
    // qwen3-coder-480b-a35b: KV 62 layers x 2 x 8 x 128 x 2 B = 253,952.
    // Params: attention 163,578,112 + norms 12,288 per layer; 160 experts x 3x6144x2560 + router;
    //   embeddings 151936x6144 x 2.
    {"qwen3-coder-480b-a35b", 253'952, 0, 0, 480'154'875'392, 35'474'765'312, 468'084'326'400},
    // qwen3-next-80b: KV 12 full x 2 x 2 x 256 x 2 B = 24,576; 36 GDN x ((4-1) x 8192 + 32 x 128 x 128) x 2 B = 39,518,208.
    // Params: GDN 33,718,464, gated attention 27,263,488; MoE 512 x 3x2048x512 + shared 3x2048x512 + gates;
    //   embeddings 151936x2048 x 2.
    {"qwen3-next-80b", 24'576, 0, 39'518'208, 79'674'391'296, 3'874'929'408, 77'309'411'328},
    // qwen3.5-9b (Qwen3_5ForConditionalGeneration): KV 8 full x 2 x 4 x 256 x 2 B = 32,768; 24 GDN x
    //   (3 x (2 x 16 x 128 + 32 x 128) x 2 B + 32 x 128 x 128 x 4 B = 2,146,304) = 51,511,296.
    // Params: text 2 x 248320 x 4096 + 8 gated attention (4096 x 16 x 256 x 2 + 2 x 4096 x 4 x 256 +
    //   16 x 256 x 4096 + 512) + 24 Gated DeltaNet (4096 x (4096 + 8192) + 4096 x 64 + 8192 x 4 + 64 + 128 +
    //   4096 x 4096) + 32 x (3 x 4096 x 12288 + 2 x 4096) + 4096 = 8,953,803,264; the vision tower estimate
    //   as Qwen3.6-35B's (446,579,312, out_hidden 2048) + 4609 x 2048 for out_hidden 4096 (the merger's
    //   fc2 4608 x out + bias) = 456,018,544.
    {"qwen3.5-9b", 32'768, 0, 51'511'296, 9'409'821'808, 9'409'821'808, 0},
};
// clang-format on

// The message a config gives, or "" when it reads.
std::string message_of(std::string_view config) {
  const hf_config_result r = try_model_from_hf_config(config);
  return r.ok() ? std::string() : describe(r.error);
}

// A small llama config with one key replaced (or removed when `value` is empty).
std::string llama_with(std::string_view key, std::string_view value) {
  struct kv {
    std::string_view k, v;
  };
  const kv base[] = {{"model_type", "\"llama\""},     {"num_hidden_layers", "4"},   {"hidden_size", "256"},
                     {"num_attention_heads", "8"},    {"num_key_value_heads", "2"}, {"intermediate_size", "512"},
                     {"vocab_size", "1000"},          {"max_position_embeddings", "2048"},
                     {"torch_dtype", "\"bfloat16\""}, {"tie_word_embeddings", "false"}};
  std::string out = "{";
  bool replaced = false;
  for (const kv& e : base) {
    std::string_view v = e.v;
    if (e.k == key) {
      replaced = true;
      if (value.empty()) continue;
      v = value;
    }
    if (out.size() > 1) out += ", ";
    out += "\"" + std::string(e.k) + "\": " + std::string(v);
  }
  if (!replaced && !value.empty()) out += ", \"" + std::string(key) + "\": " + std::string(value);
  return out + "}";
}

}  // namespace

TEST_CASE("every test config: KV bytes per token and parameter counts", "[hf_config]") {
  STATIC_REQUIRE(std::size(all_configs) >= 25);
  for (const expected& e : all_configs) {
    INFO(e.file);
    const std::string text = read_config(e.file);
    const hf_config_result r = try_model_from_hf_config(text);
    REQUIRE(r.ok());
    const cache_cost c = cache_cost_of(r.model);
    CHECK(c.full_bytes_per_token == e.full_bytes_per_token);
    CHECK(c.local_bytes_per_token == e.local_bytes_per_token);
    CHECK(c.state_bytes_per_request == e.state_bytes_per_request);
    CHECK(r.model.total_params == e.total_params);
    CHECK(r.model.active_params == e.active_params);
    CHECK(r.model.expert_params == e.expert_params);
    // The throwing reader gives the same model.
    CHECK(model_from_hf_config(text).layers == r.model.layers);
  }
}

// What every TP rank holds whole (model::replicated_params, its routers and unquantized parts)
// and MLA's kv_b_proj, projections and o_proj, written by hand in the registry (DeepSeek-V3: 61 x
// 15,140,864 + 58 x 1,835,264 = 1,030,038,016 and 61 x 16,777,216; Qwen3-235B: 94 x 4,096 x 128 =
// 49,283,072), are what the reader counts.
TEST_CASE("the registry's held-whole, router and MLA parameter counts are the reader's", "[hf_config][weights]") {
  const std::pair<const model*, const char*> pairs[] = {
      {&models::deepseek_v3, "deepseek-v3"},   {&models::deepseek_r1, "deepseek-r1"},
      {&models::deepseek_v3_2, "deepseek-v3.2"}, {&models::kimi_k2, "kimi-k2"},
      {&models::glm_5, "glm-5"},               {&models::glm_4_5, "glm-4.5"},
      {&models::glm_4_5_air, "glm-4.5-air"},   {&models::qwen3_30b_a3b, "qwen3-30b-a3b"},
      {&models::qwen3_235b_a22b, "qwen3-235b-a22b"}, {&models::qwen3_next_80b, "qwen3-next-80b"},
      {&models::gpt_oss_20b, "gpt-oss-20b"},   {&models::gpt_oss_120b, "gpt-oss-120b"},
      {&models::llama_4_scout, "llama-4-scout"}, {&models::llama_4_maverick, "llama-4-maverick"},
      {&models::mixtral_8x7b, "mixtral-8x7b"}, {&models::minimax_m1, "minimax-m1"},
      {&models::minimax_m2, "minimax-m2"},     {&models::nemotron_3_nano, "nemotron-3-nano"},
  };
  STATIC_REQUIRE(models::deepseek_v3.replicated_params == 1'030'038'016);
  STATIC_REQUIRE(models::deepseek_v3.mla_kv_b_params == 61LL * 16'777'216);
  STATIC_REQUIRE(models::qwen3_235b_a22b.replicated_params == 49'283'072);
  for (const auto& [registry, file] : pairs) {
    INFO(file);
    const hf_config_result r = try_model_from_hf_config(read_config(file));
    REQUIRE(r.ok());
    CHECK(r.model.replicated_params == registry->replicated_params);
    CHECK(r.model.router_params == registry->router_params);
    CHECK(r.model.replicated_unquantized_params == registry->replicated_unquantized_params);
    CHECK((r.model.router_dtype == registry->router_dtype));
    CHECK(r.model.mla_kv_b_params == registry->mla_kv_b_params);
    CHECK(r.model.mla_projection_params == registry->mla_projection_params);
    CHECK(r.model.mla_output_params == registry->mla_output_params);
    CHECK(r.model.index_topk == registry->index_topk);
    CHECK(r.model.expert_bias_params == registry->expert_bias_params);
    CHECK(kvplan::estimates::rope_cache_bytes(r.model) == kvplan::estimates::rope_cache_bytes(*registry));
  }
}

TEST_CASE("a parsed model plans as the registry's does", "[hf_config]") {
  const std::string text = read_config("llama-3.1-8b");
  deployment d{.model = model_from_hf_config(text), .gpu = gpus::h100_sxm, .max_model_len = 32768};
  const plan parsed = make_plan(d);
  d.model = models::llama_3_1_8b;
  const plan registry = make_plan(d);
  CHECK(parsed.num_gpu_blocks == registry.num_gpu_blocks);
  CHECK(parsed.kv_bytes_per_token == registry.kv_bytes_per_token);
  CHECK(parsed.weights_bytes == registry.weights_bytes);  // 8,030,261,248 x 2 B
  CHECK(parsed.max_concurrency == registry.max_concurrency);
}

TEST_CASE("a model the registry does not carry: weights from the parameter count", "[hf_config]") {
  // Qwen1.5-MoE-A2.7B: 14,315,784,192 parameters in bfloat16 = 28,631,568,384 bytes, split over TP 2;
  // its routers, 24 x 60 x 2,048 = 2,949,120 parameters, every rank holds whole: + 2,949,120 x
  // 2 B / 2 = 2,949,120 B; and the RoPE cache each rank holds: 8,192 positions x 128 x 2 B =
  // 2,097,152 B.
  const std::string text = read_config("qwen1.5-moe-a2.7b");
  const model m = model_from_hf_config(text, {.name = "qwen1.5-moe", .hf_id = "Qwen/Qwen1.5-MoE-A2.7B"});
  CHECK(m.name == "qwen1.5-moe");
  CHECK(m.checkpoints[0].hf_id == "Qwen/Qwen1.5-MoE-A2.7B");
  const plan_result p = try_plan({.model = m, .gpu = gpus::h100_sxm, .tensor_parallel_size = 2, .max_model_len = 8192});
  REQUIRE(p.ok());
  CHECK(p.plan.weights_bytes == 14'315'784'192 + 2'949'120 + 2'097'152);
}

TEST_CASE("max_model_len: the smallest length key, times the RoPE factor as vLLM applies it", "[hf_config]") {
  const auto len = [](std::string_view key, std::string_view value) {
    return try_model_from_hf_config(llama_with(key, value)).model.max_model_len;
  };
  CHECK(len("n_positions", "1024") == 1024);  // min(max_position_embeddings 2048, n_positions 1024)
  CHECK(len("model_max_length", "4096") == 4096);  // model_max_length overrides
  CHECK(len("rope_scaling", R"({"rope_type": "linear", "factor": 2.0})") == 4096);
  CHECK(len("rope_scaling", R"({"type": "dynamic", "factor": 1.5})") == 3072);
  CHECK(len("rope_scaling", R"({"rope_type": "llama3", "factor": 8.0})") == 2048);  // not scaled again
  CHECK(len("rope_scaling", R"({"rope_type": "longrope", "factor": 8.0})") == 2048);
  CHECK(len("rope_scaling", R"({"type": "su", "factor": 8.0})") == 2048);
  // LongRoPE (Phi-3/3.5/4-mini): the maximum stays, but vLLM's default length (no
  // --max-model-len, or auto) is the top-level original_max_position_embeddings.
  const model phi3 = model_from_hf_config(llama_with("rope_scaling", R"({"type": "longrope", "long_factor": [1.0], "short_factor": [1.0]})")
                                              .insert(1, "\"original_max_position_embeddings\": 512, "));
  CHECK(phi3.max_model_len == 2048);
  CHECK(phi3.default_max_model_len == 512);
  CHECK(make_plan({.model = phi3, .gpu = gpus::h100_sxm}).max_model_len == 512);
  CHECK(make_plan({.model = phi3, .gpu = gpus::h100_sxm, .max_model_len = 2048}).max_model_len == 2048);
  CHECK(model_from_hf_config(llama_with("rope_scaling", R"({"rope_type": "yarn", "factor": 4.0, "original_max_position_embeddings": 512})"))
            .default_max_model_len == 0);
  // YaRN: the length keys alone from v0.30 (vLLM PR #56446); before, "yarn" derived
  // original_max_position_embeddings x factor and the other YaRN names the length x factor.
  const auto rescaled = [](std::string_view rope) {
    return try_model_from_hf_config(llama_with("rope_scaling", rope)).model.rescaled_yarn_max_model_len;
  };
  CHECK(len("rope_scaling", R"({"type": "yarn", "factor": 4.0, "original_max_position_embeddings": 512})") == 2048);
  CHECK(rescaled(R"({"type": "yarn", "factor": 4.0, "original_max_position_embeddings": 512})") == 0);  // 512 x 4 = 2,048
  CHECK(len("rope_scaling", R"({"rope_type": "yarn", "factor": 2.5, "original_max_position_embeddings": 1000})") == 2048);
  CHECK(rescaled(R"({"rope_type": "yarn", "factor": 2.5, "original_max_position_embeddings": 1000})") == 2500);
  CHECK(len("rope_scaling", R"({"rope_type": "deepseek_yarn", "factor": 4.0, "original_max_position_embeddings": 512})") == 2048);
  CHECK(rescaled(R"({"rope_type": "deepseek_yarn", "factor": 4.0, "original_max_position_embeddings": 512})") == 8192);  // 2,048 x 4
  CHECK(rescaled(R"({"rope_type": "telechat3-yarn", "factor": 4.0, "original_max_position_embeddings": 512})") == 8192);
  CHECK(len("rope_scaling", R"({"type": "yarn", "factor": 4.0})") == 2048);  // no original: nothing to reset
  CHECK(rescaled(R"({"type": "yarn", "factor": 4.0})") == 8192);
  // Transformers 5: rope_parameters, flat or by layer type.
  CHECK(len("rope_parameters", R"({"rope_type": "default", "rope_theta": 10000.0})") == 2048);
  CHECK(len("rope_parameters", R"({"full_attention": {"rope_type": "linear", "factor": 4}, "sliding_attention": {"rope_type": "default"}})") == 8192);
  // Qwen2.5's documented YaRN override (x 4 from 32,768, max_position_embeddings left at 32,768):
  // 131,072 before v0.30, 32,768 from it, where the override must raise max_position_embeddings too.
  const model qwen_yarn = model_from_hf_config(read_config("qwen2.5-7b-yarn"));
  CHECK(qwen_yarn.max_model_len == 32768);
  CHECK(qwen_yarn.rescaled_yarn_max_model_len == 131072);
  // Its YaRN rope still caches original x factor positions whatever length is served: 131,072 x
  // 128 (head_dim 3,584 / 28) x 2 B.
  CHECK(kvplan::estimates::rope_cache_bytes(qwen_yarn) == 131072LL * 128 * 2);
  CHECK(make_plan({.model = qwen_yarn, .gpu = gpus::h100_sxm, .vllm = {0, 29, 0}}).derived_max_model_len == 131072);
  CHECK(make_plan({.model = qwen_yarn, .gpu = gpus::h100_sxm, .vllm = {0, 30, 0}}).derived_max_model_len == 32768);
  CHECK(make_plan({.model = qwen_yarn, .gpu = gpus::h100_sxm, .vllm = {0, 30, 0}}).max_model_len == 32768);
  CHECK(try_plan({.model = qwen_yarn, .gpu = gpus::h100_sxm, .max_model_len = 131072, .vllm = {0, 29, 0}}).ok());
  const error too_long = try_plan({.model = qwen_yarn, .gpu = gpus::h100_sxm, .max_model_len = 131072, .vllm = {0, 30, 0}}).error;
  CHECK(too_long.code == errc::max_model_len_exceeds_derived_max);
  CHECK(too_long.values[1] == 32768);
  CHECK(model_from_hf_config(read_config("qwen2.5-7b")).max_model_len == 32768);
}

TEST_CASE("head size and KV heads", "[hf_config]") {
  // hidden 256 / 8 heads = 32 when there is no head_dim; head_dim wins when given.
  CHECK(model_from_hf_config(llama_with("head_dim", "")).layers[0] == full_attention(2, 32));
  CHECK(model_from_hf_config(llama_with("head_dim", "64")).layers[0] == full_attention(2, 64));
  CHECK(model_from_hf_config(llama_with("head_dim", "null")).layers[0] == full_attention(2, 32));
  // No KV-head key: MHA. The first of n_head_kv, num_kv_heads, num_key_value_heads,
  // multi_query_group_num decides.
  CHECK(model_from_hf_config(llama_with("num_key_value_heads", "")).layers[0] == full_attention(8, 32));
  CHECK(model_from_hf_config(llama_with("n_head_kv", "1")).layers[0] == full_attention(1, 32));
  CHECK(model_from_hf_config(llama_with("num_key_value_heads", "null")).layers[0] == full_attention(8, 32));
}

TEST_CASE("per-layer attention: windows, chunks, patterns", "[hf_config]") {
  // A plain decoder with a window uses it in every layer (Mistral-7B-v0.1).
  const model mistral = model_from_hf_config(read_config("mistral-7b-v0.1"));
  CHECK(mistral.layers.count(layer_kind::sliding_window) == 32);
  CHECK(mistral.layers[0] == sliding_window(8, 128, 4096));
  // use_sliding_window false: no window (Qwen2's config class drops it).
  CHECK(model_from_hf_config(read_config("qwen1.5-moe-a2.7b")).layers.count(layer_kind::sliding_window) == 0);
  // layer_types decide per layer.
  const model typed = model_from_hf_config(llama_with(
      "layer_types", R"(["sliding_attention", "full_attention", "sliding_attention", "full_attention"], "sliding_window": 64)"));
  CHECK(typed.layers[0] == sliding_window(2, 32, 64));
  CHECK(typed.layers[1] == full_attention(2, 32));
  // Gemma 3: sliding_window_pattern, else layer_types.
  const std::string gemma3 =
      R"({"model_type": "gemma3_text", "num_hidden_layers": 6, "hidden_size": 256, "num_attention_heads": 4,
          "num_key_value_heads": 2, "head_dim": 64, "intermediate_size": 512, "sliding_window": 128,
          "sliding_window_pattern": 3})";
  const model g3 = model_from_hf_config(gemma3);
  CHECK(g3.layers[2] == full_attention(2, 64));
  CHECK(g3.layers[5] == full_attention(2, 64));
  CHECK(g3.layers.count(layer_kind::sliding_window) == 4);
  CHECK(g3.vocab_size == 262208);        // Gemma3TextConfig default
  CHECK(g3.max_model_len == 131072);     // likewise
  CHECK(g3.total_params == g3.active_params);
  // Llama 4 with an explicit no_rope_layers list: 0 marks a NoPE (full) layer.
  const std::string llama4 =
      R"({"model_type": "llama4_text", "num_hidden_layers": 4, "hidden_size": 256, "num_attention_heads": 4,
          "num_key_value_heads": 2, "head_dim": 64, "intermediate_size": 128, "intermediate_size_mlp": 512,
          "num_local_experts": 4, "num_experts_per_tok": 1, "interleave_moe_layer_step": 2, "vocab_size": 100,
          "max_position_embeddings": 4096, "attention_chunk_size": 1024, "no_rope_layers": [0, 1, 1, 0]})";
  const model l4 = model_from_hf_config(llama4);
  CHECK(l4.layers[0] == full_attention(2, 64));
  CHECK(l4.layers[1] == chunked_local(2, 64, 1024));
  CHECK(l4.layers[3] == full_attention(2, 64));
  // Experts on layers 1 and 3: 2 x 4 x 3 x 256 x 128 routed parameters.
  CHECK(l4.expert_params == 2 * 4 * 3 * 256 * 128);
  // Qwen3-Next with layer_types.
  const std::string next =
      R"({"model_type": "qwen3_next", "num_hidden_layers": 3, "hidden_size": 256, "num_attention_heads": 4,
          "num_key_value_heads": 2, "head_dim": 64, "intermediate_size": 512, "vocab_size": 100,
          "max_position_embeddings": 4096, "linear_num_key_heads": 2, "linear_num_value_heads": 4,
          "linear_key_head_dim": 32, "linear_value_head_dim": 32, "linear_conv_kernel_dim": 4,
          "num_experts": 0, "layer_types": ["full_attention", "linear_attention", "linear_attention"]})";
  const model q = model_from_hf_config(next);
  CHECK(q.layers[0] == full_attention(2, 64));
  CHECK(q.layers[1] == gated_deltanet(2, 4, 32, 32, 4));
}

TEST_CASE("dtype, quantization, remote code", "[hf_config]") {
  // float32 and no dtype at all resolve as vLLM's --dtype auto: bfloat16.
  CHECK(model_from_hf_config(llama_with("torch_dtype", "\"float32\"")).torch_dtype == dtype::bfloat16);
  CHECK(model_from_hf_config(llama_with("torch_dtype", "")).torch_dtype == dtype::bfloat16);
  CHECK(model_from_hf_config(llama_with("torch_dtype", "\"float16\"")).torch_dtype == dtype::float16);
  CHECK(model_from_hf_config(llama_with("torch_dtype", "null")).torch_dtype == dtype::bfloat16);
  // transformers 5 writes "dtype".
  CHECK(model_from_hf_config(llama_with("torch_dtype", "").insert(1, "\"dtype\": \"float16\", ")).torch_dtype == dtype::float16);
  // Gemma 2 does not run in float16 in vLLM.
  CHECK(model_from_hf_config(read_config("gemma-2-9b")).torch_dtype == dtype::bfloat16);  // its file says float32

  const auto quant = [](std::string_view q) { return model_from_hf_config(llama_with("quantization_config", q)).checkpoints[0]; };
  const checkpoint fp8 = quant(R"({"quant_method": "fp8", "fmt": "e4m3", "weight_block_size": [128, 128]})");
  CHECK(fp8.format == dtype::fp8_e4m3);
  CHECK(fp8.quantization == "fp8");
  CHECK_FALSE(fp8.kv_cache_scheme.has_value());
  // weight_block_size [n, k]: the input side is what Marlin's group scales are per; AutoFP8's
  // per-tensor checkpoints give none.
  CHECK(fp8.group_size == 128);
  CHECK(quant(R"({"quant_method": "fp8", "weight_block_size": [128, 64]})").group_size == 64);
  CHECK(quant(R"({"quant_method": "fp8", "activation_scheme": "static"})").group_size == -1);
  const checkpoint modelopt = quant(R"({"quant_method": "modelopt", "quant_algo": "NVFP4", "kv_cache_quant_algo": "FP8"})");
  CHECK(modelopt.format == dtype::nvfp4);
  CHECK(modelopt.quantization == "modelopt_fp4");
  CHECK(modelopt.kv_cache_scheme == cache_dtype::fp8_e4m3);
  const checkpoint producer = quant(R"({"producer": {"name": "modelopt"}, "quantization": {"quant_algo": "FP8", "kv_cache_quant_algo": "FP8"}})");
  CHECK(producer.format == dtype::fp8_e4m3);
  CHECK(producer.quantization == "modelopt");
  CHECK(producer.kv_cache_scheme == cache_dtype::fp8_e4m3);
  // ModelOpt's Hugging Face layout: a kv_cache_scheme of 8-bit floats selects fp8_e4m3 with
  // --kv-cache-dtype auto (MiniMax-M2.5 NVFP4), as kv_cache_quant_algo "FP8" does.
  const checkpoint scheme = quant(R"({"quant_method": "modelopt", "quant_algo": "NVFP4",
    "kv_cache_scheme": {"dynamic": false, "num_bits": 8, "type": "float"}, "producer": {"name": "modelopt"}})");
  CHECK(scheme.kv_cache_scheme == cache_dtype::fp8_e4m3);
  CHECK_FALSE(quant(R"({"quant_method": "modelopt", "quant_algo": "NVFP4"})").kv_cache_scheme.has_value());
  // MIXED_PRECISION (ModelOptMixedPrecisionConfig, "modelopt_mixed"): the MLP layers' format.
  const checkpoint mixed = quant(R"({"quant_method": "modelopt", "quant_algo": "MIXED_PRECISION",
    "quantized_layers": {"model.layers.0.self_attn.q_proj": {"quant_algo": "FP8"},
                         "model.layers.0.mlp.gate_proj": {"quant_algo": "W4A16_NVFP4"}}})");
  CHECK(mixed.quantization == "modelopt_mixed");
  CHECK(mixed.format == dtype::nvfp4);
  // ModelOpt's own nested layout raises "Unknown ModelOpt quant algo" for it in vLLM.
  CHECK(message_of(llama_with("quantization_config",
                              R"({"producer": {"name": "modelopt"}, "quantization": {"quant_algo": "MIXED_PRECISION"}})")) ==
        "config.json \"quant_algo\" has a value kvplan does not know how to size");
  const checkpoint ct = quant(R"({"quant_method": "compressed-tensors", "config_groups": {"group_0": {"weights": {"num_bits": 8, "type": "float"}}},
                                  "kv_cache_scheme": {"num_bits": 8, "type": "float", "strategy": "tensor"}})");
  CHECK(ct.format == dtype::fp8_e4m3);
  CHECK(ct.quantization == "compressed-tensors");
  CHECK(ct.kv_cache_scheme == cache_dtype::fp8_e4m3);
  const checkpoint awq = quant(R"({"quant_method": "awq", "bits": 4, "group_size": 128})");
  CHECK(awq.format == dtype::int4);
  // Integer weights carry an fp16 scale per group and, asymmetric, a zero point of their width:
  // AWQ (zero_point by default), 4 + 16/128 + 4/128 = 4.15625 bits; GPTQ symmetric, 4 + 16/128
  // = 4.125; per channel (group_size -1), 4.
  CHECK(awq.group_size == 128);
  CHECK(awq.zero_points);
  CHECK(weight_bits(awq) == 4.15625);
  const checkpoint gptq = quant(R"({"quant_method": "gptq", "bits": 4, "group_size": 128, "sym": true})");
  CHECK_FALSE(gptq.zero_points);
  CHECK(weight_bits(gptq) == 4.125);
  CHECK(weight_bits(quant(R"({"quant_method": "gptq", "bits": 4, "group_size": -1})")) == 4.0);
  // Kimi K2.5's compressed-tensors scheme: int4 in symmetric groups of 32 (4.5 bits), attention,
  // shared experts and dense MLPs ignored: the routed experts only.
  const checkpoint kimi = quant(R"({"quant_method": "compressed-tensors", "format": "pack-quantized",
    "config_groups": {"group_0": {"targets": ["Linear"], "weights": {"group_size": 32, "num_bits": 4,
      "strategy": "group", "symmetric": true, "type": "int"}}},
    "ignore": ["lm_head", "re:.*self_attn.*", "re:.*shared_experts.*", "re:.*mlp\\.(gate|up|gate_up|down)_proj.*"]})");
  CHECK(kimi.format == dtype::int4);
  CHECK(kimi.group_size == 32);
  CHECK_FALSE(kimi.zero_points);
  CHECK(kimi.experts_only);
  CHECK(weight_bits(kimi) == 4.5);
  // Not experts-only: an ignore list naming one layer's attention (a layer index), a vision
  // tower's, or attention without the shared experts; group_size -1 is per channel (4 bits).
  const auto ignoring = [&](const char* ignore) {
    return quant(std::string(R"({"quant_method": "compressed-tensors", "config_groups": {"group_0": {"weights":
      {"group_size": -1, "num_bits": 4, "symmetric": true, "type": "int"}}}, "ignore": )") + ignore + "}");
  };
  CHECK_FALSE(ignoring(R"(["lm_head", "re:.*layers\\.0\\.self_attn.*", "re:.*shared_experts.*"])").experts_only);
  CHECK_FALSE(ignoring(R"(["re:vision_model.*self_attn.*", "re:.*shared_experts.*"])").experts_only);
  CHECK_FALSE(ignoring(R"(["lm_head", "re:.*self_attn.*"])").experts_only);
  CHECK(ignoring(R"(["lm_head", "re:.*self_attn.*", "re:.*shared_experts.*"])").experts_only);
  CHECK(weight_bits(ignoring(R"([])")) == 4.0);
  // An FP8 scheme whose ignore list names each layer's attention projections and router module by
  // module, as Llama-4-Maverick-17B-128E-Instruct-FP8's does, on an MoE model without shared
  // experts: the experts alone are fp8. One layer's attention missing from the list: not so.
  const auto moe_ignoring = [](const char* ignore) {
    return model_from_hf_config(std::string(R"({"model_type": "qwen3_moe", "num_hidden_layers": 2, "hidden_size": 256,
      "num_attention_heads": 8, "num_key_value_heads": 2, "head_dim": 32, "intermediate_size": 512,
      "moe_intermediate_size": 128, "num_experts": 8, "num_experts_per_tok": 2, "vocab_size": 1000,
      "max_position_embeddings": 2048, "torch_dtype": "bfloat16", "tie_word_embeddings": false,
      "quantization_config": {"quant_method": "compressed-tensors", "format": "float-quantized",
        "config_groups": {"group_0": {"targets": ["Linear"], "weights": {"num_bits": 8, "type": "float",
          "strategy": "channel", "symmetric": true}}}, "ignore": )") + ignore + "}}").checkpoints[0];
  };
  const checkpoint fp8_experts = moe_ignoring(R"(["lm_head",
      "model.layers.0.self_attn.q_proj", "model.layers.0.self_attn.k_proj", "model.layers.0.self_attn.v_proj",
      "model.layers.0.self_attn.o_proj", "model.layers.0.mlp.gate",
      "model.layers.1.self_attn.q_proj", "model.layers.1.self_attn.k_proj", "model.layers.1.self_attn.v_proj",
      "model.layers.1.self_attn.o_proj", "model.layers.1.mlp.gate"])");
  CHECK(fp8_experts.format == dtype::fp8_e4m3);
  CHECK(fp8_experts.experts_only);
  CHECK_FALSE(moe_ignoring(R"(["lm_head", "model.layers.0.self_attn.q_proj", "model.layers.0.self_attn.o_proj"])")
                  .experts_only);
  // int8 without a group: per channel (W8A8), 8 bits.
  CHECK(weight_bits(quant(R"({"quant_method": "compressed-tensors", "config_groups": {"group_0": {"weights":
    {"num_bits": 8, "type": "int", "strategy": "channel"}}}})")) == 8.0);
  CHECK(quant(R"({"quant_method": "mxfp4"})").format == dtype::mxfp4);
  CHECK(message_of(llama_with("quantization_config", R"({"quant_method": "hqq"})")) ==
        "config.json \"quant_method\" has a value kvplan does not know how to size");

  // auto_map needs remote code only where transformers and vLLM lack the config class.
  CHECK_FALSE(model_from_hf_config(llama_with("auto_map", R"({"AutoConfig": "x.Y"})")).trust_remote_code);
  CHECK(model_from_hf_config(read_config("kimi-k2")).trust_remote_code);
  CHECK_FALSE(model_from_hf_config(read_config("deepseek-v3")).trust_remote_code);
  CHECK_FALSE(model_from_hf_config(read_config("kimi-vl-a3b")).trust_remote_code);
  CHECK(model_from_hf_config(llama_with("model_type", "\"my_decoder\"").insert(1, "\"auto_map\": {}, ")).trust_remote_code);
}

TEST_CASE("no model_type: the type of architectures[0]", "[hf_config]") {
  // Without model_type, a Qwen3 config is read by Qwen3ForCausalLM: attention_bias and the
  // per-head q/k norms of qwen3 (2 x 32 per layer) count, as with model_type "qwen3".
  std::string qwen3 = llama_with("model_type", "\"qwen3\"");
  const model by_type = model_from_hf_config(qwen3);
  std::string by_arch_text = llama_with("model_type", "");
  by_arch_text.insert(1, "\"architectures\": [\"Qwen3ForCausalLM\"], ");
  const model by_arch = model_from_hf_config(by_arch_text);
  CHECK(by_arch.model_type == "qwen3");
  CHECK(by_arch.total_params == by_type.total_params);
  CHECK(by_arch.total_params != model_from_hf_config(llama_with("x", "")).total_params);
  // An architecture kvplan does not know, or none: model_type is what is missing.
  std::string unknown = llama_with("model_type", "");
  unknown.insert(1, "\"architectures\": [\"MyNewForCausalLM\"], ");
  CHECK(describe(try_model_from_hf_config(unknown).error) ==
        "config.json has no \"model_type\", which kvplan needs to size this model");
  CHECK(try_model_from_hf_config(llama_with("model_type", "")).error.code == errc::config_key_missing);
}

TEST_CASE("what kvplan cannot read is refused, not guessed", "[hf_config]") {
  const auto message = [](const std::string& text) { return describe(try_model_from_hf_config(text).error); };
  // Two dtype keys that disagree.
  CHECK(message(llama_with("torch_dtype", "\"float16\"").insert(1, "\"dtype\": \"bfloat16\", ")) ==
        "config.json \"torch_dtype\" and \"dtype\" name different dtypes");
  // An unknown type with a vision tower: its weights would be missed.
  CHECK(message(llama_with("model_type", "\"my_vlm\"").insert(1, "\"vision_config\": {\"hidden_size\": 1024}, ")) ==
        "config.json has \"vision_config\", whose parameters kvplan does not count for this model type");
  // An unknown type that says where its experts are: which layers are MoE depends on the type.
  CHECK(message(llama_with("model_type", "\"my_moe\"").insert(1, "\"num_experts\": 8, \"moe_layer_freq\": 2, ")) ==
        "config.json has \"moe_layer_freq\", whose meaning depends on the model type, "
        "and its model_type is not one kvplan reads");
  // A byte-order mark.
  CHECK(message("\xEF\xBB\xBF" + llama_with("x", "")) ==
        "config.json is not valid JSON: a UTF-8 byte-order mark before the JSON (save the file without it) (at byte 0)");
}

TEST_CASE("names: the caller's, else _name_or_path", "[hf_config]") {
  CHECK(model_from_hf_config(read_config("llama-2-7b")).name == "meta-llama/Llama-2-7b-hf");
  CHECK(model_from_hf_config(read_config("llama-2-7b")).hf_id == "meta-llama/Llama-2-7b-hf");
  const model local = model_from_hf_config(read_config("llama-2-7b"), {.hf_id = "/models/llama-2-7b"});
  CHECK(local.name == "/models/llama-2-7b");
  CHECK(local.hf_id == "/models/llama-2-7b");
  CHECK(local.checkpoints[0].hf_id == "/models/llama-2-7b");
  const model m = model_from_hf_config(llama_with("x", ""), {.name = "mine", .hf_id = "org/mine"});
  CHECK(m.name == "mine");
  CHECK(m.hf_id == "org/mine");
  CHECK(m.model_type == "llama");
  // A multimodal wrapper keeps its own model_type; its text config decides the layers.
  // (model_type points into the text, which must outlive the model.)
  const std::string kimi_vl_text = read_config("kimi-vl-a3b");
  const model kimi_vl = model_from_hf_config(kimi_vl_text);
  CHECK(kimi_vl.model_type == "kimi_vl");
  CHECK(kimi_vl.uses_mla());
}

TEST_CASE("an unknown model_type: plain decoder rules only when its keys allow them", "[hf_config]") {
  // Plain keys: read (no tie_word_embeddings: transformers' default ties the embeddings).
  const hf_config_result plain = try_model_from_hf_config(
      R"({"model_type": "my_decoder", "num_hidden_layers": 4, "hidden_size": 256, "num_attention_heads": 8,
          "num_key_value_heads": 2, "intermediate_size": 512, "vocab_size": 1000, "max_position_embeddings": 2048})");
  REQUIRE(plain.ok());
  CHECK(plain.model.model_type == "my_decoder");
  CHECK(plain.model.layers[0] == full_attention(2, 32));
  // 4 x (attention 256x256x2 + 256x64x2 = 163,840; MLP 3x256x512 = 393,216; norms 512) + 1000 x 256 tied + 256.
  CHECK(plain.model.total_params == 4 * (163'840 + 393'216 + 512) + 256'000 + 256);
  // Keys that only the model type explains: refused, naming the key.
  CHECK(message_of(llama_with("model_type", "\"my_mla\"").insert(1, "\"kv_lora_rank\": 512, ")) ==
        "config.json has \"kv_lora_rank\", whose meaning depends on the model type, "
        "and its model_type is not one kvplan reads");
  CHECK(message_of(llama_with("model_type", "\"my_hybrid\"").insert(1, "\"layer_types\": [\"mamba\"], ")) ==
        "config.json has \"layer_types\", whose meaning depends on the model type, "
        "and its model_type is not one kvplan reads");
  CHECK(message_of(llama_with("model_type", "\"my_chunked\"").insert(1, "\"attention_chunk_size\": 8192, ")) ==
        "config.json has \"attention_chunk_size\", whose meaning depends on the model type, "
        "and its model_type is not one kvplan reads");
}

TEST_CASE("keys a config leaves out take the config class's defaults", "[hf_config][defaults]") {
  // LlamaConfig: num_hidden_layers 32, max_position_embeddings 2048, vocab_size 32000 (the
  // LLaVA-1.5 text config writes little more than its vocab and length).
  const model llama = model_from_hf_config(llama_with("num_hidden_layers", ""));
  CHECK(llama.num_layers() == 32);
  CHECK(model_from_hf_config(llama_with("max_position_embeddings", "")).max_model_len == 2048);
  CHECK(model_from_hf_config(llama_with("vocab_size", "")).vocab_size == 32000);
  // Gemma3TextConfig: head_dim 256, not hidden_size / heads (gemma-3-12b: 3,840 / 16 = 240
  // would be 6.7% short), 8 attention and 4 KV heads.
  const model gemma = model_from_hf_config(R"({"model_type": "gemma3_text", "num_hidden_layers": 6,
    "hidden_size": 3840, "num_attention_heads": 16, "num_key_value_heads": 8, "intermediate_size": 15360,
    "sliding_window": 1024, "torch_dtype": "bfloat16"})");
  CHECK(gemma.layers[0] == sliding_window(8, 256, 1024));
  CHECK(gemma.layers[5] == full_attention(8, 256));
  CHECK(gemma.vocab_size == 262'208);
  CHECK(gemma.max_model_len == 131'072);
  const model bare = model_from_hf_config(R"({"model_type": "gemma3_text", "num_hidden_layers": 6,
    "hidden_size": 2560, "intermediate_size": 10240})");
  CHECK(bare.layers[5] == full_attention(4, 256));
  // A null counts as absent and takes the default too.
  CHECK(model_from_hf_config(llama_with("num_hidden_layers", "null")).num_layers() == 32);
  // MistralConfig (Mistral 7B: 32 layers, 32 heads, 8 KV heads of 128, a 4,096 window, 131,072
  // positions) and MixtralConfig (8 experts, 2 a token), as llava-hf's wrappers rely on them;
  // Qwen2Config (32,768 positions, 32 KV heads), as a wrapper's text config may leave its length
  // out.
  const model mistral = model_from_hf_config(R"({"model_type": "mistral", "torch_dtype": "bfloat16"})");
  CHECK(mistral.num_layers() == 32);
  CHECK(mistral.layers[0] == sliding_window(8, 128, 4096));
  CHECK(mistral.max_model_len == 131'072);
  CHECK(mistral.intermediate_size == 14'336);
  // A null is not the default where the class gives None a meaning of its own: no window; KV
  // heads as many as the attention heads (32).
  CHECK(model_from_hf_config(R"({"model_type": "mistral", "sliding_window": null})").layers[0] == full_attention(8, 128));
  CHECK(model_from_hf_config(R"({"model_type": "mistral", "sliding_window": null, "num_key_value_heads": null})")
            .layers[0] == full_attention(32, 128));
  const model mixtral = model_from_hf_config(R"({"model_type": "mixtral", "torch_dtype": "bfloat16"})");
  CHECK(mixtral.expert_params == 45'097'156'608);  // 32 layers x 8 experts x 3 x 4,096 x 14,336
  CHECK(mixtral.num_experts_per_tok == 2);
  const model qwen2 = model_from_hf_config(R"({"model_type": "qwen2", "hidden_size": 3584, "intermediate_size": 18944,
    "num_hidden_layers": 28, "num_attention_heads": 28, "num_key_value_heads": 4, "vocab_size": 152064,
    "torch_dtype": "bfloat16"})");
  CHECK(qwen2.max_model_len == 32'768);
  CHECK(qwen2.layers[0] == full_attention(4, 128));
}

TEST_CASE("LLaVA's CLIP tower: the layers up to the feature layer, the projector", "[hf_config]") {
  // llava-v1.6-mistral-7b's config with vision_feature_layer replaced. Its default -2 loads 23 of
  // 24 CLIP layers (12,596,224 parameters each); a non-negative f loads f (22: one layer less;
  // hidden state 0 is the embeddings); -25 loads none, 24 all. A list loads up to its deepest
  // and LLaVA-NeXT's projector takes the vision width times its length: [-2, -5] adds
  // 1,024 x 4,096 to linear_1. Without projector biases: 2 x 4,096 fewer.
  std::ifstream in(std::filesystem::path(__FILE__).parent_path().parent_path() / "data" / "configs" /
                   "llava-v1.6-mistral-7b.json");
  const std::string base((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  const auto with = [&](std::string_view replacement) {
    std::string text = base;
    const std::size_t at = text.find("\"vision_feature_layer\": -2");
    REQUIRE(at != std::string::npos);
    text.replace(at, std::string_view("\"vision_feature_layer\": -2").size(), replacement);
    return model_from_hf_config(text).total_params;
  };
  const count_t standard = with("\"vision_feature_layer\": -2");
  CHECK(standard == 7'554'149'376);
  const count_t layer = 12'596'224;
  CHECK(with("\"vision_feature_layer\": 22") == standard - layer);
  CHECK(with("\"vision_feature_layer\": -25") == standard - 23 * layer);
  CHECK(with("\"vision_feature_layer\": 24") == standard + layer);
  CHECK(with("\"vision_feature_layer\": [-2, -5]") == standard + 1'024 * 4'096);
  CHECK(with("\"vision_feature_layer\": -2, \"multimodal_projector_bias\": false") == standard - 2 * 4'096);
  CHECK(message_of(std::string(base).replace(base.find("-2,\n  \"vision_feature_select"), 2, "25")) ==
        "config.json \"vision_feature_layer\" is 25, outside the range kvplan accepts (-25 to 24)");
}

TEST_CASE("legacy key names: the config classes' attribute_map", "[hf_config][defaults]") {
  // GPT2Config: n_layer, n_head, n_embd, n_positions; n_inner null is 4 x n_embd. GPT-2 small has
  // 124,439,808 parameters: 12 x (2 LayerNorms 4 x 768 + qkv 768 x 2304 + 2304 + out 768 x 768 + 768
  // + MLP 2 x 768 x 3072 + 3072 + 768) = 85,054,464, + wte 50,257 x 768 = 38,597,376 (tied)
  // + wpe 1,024 x 768 = 786,432 + final LayerNorm 1,536.
  const model gpt2 = model_from_hf_config(R"({"model_type": "gpt2", "n_layer": 12, "n_head": 12, "n_embd": 768,
    "n_positions": 1024, "vocab_size": 50257, "n_inner": null})");
  CHECK(gpt2.num_layers() == 12);
  CHECK(gpt2.layers[0] == full_attention(12, 64));
  CHECK(gpt2.max_model_len == 1024);
  CHECK(gpt2.total_params == 124'439'808);
  // GPT-BigCode's multi_query is one KV head (vLLM's gpt_bigcode.py).
  const model bigcode = model_from_hf_config(R"({"model_type": "gpt_bigcode", "n_layer": 40, "n_head": 48,
    "n_embd": 6144, "n_positions": 8192, "vocab_size": 49152, "n_inner": 24576, "multi_query": true})");
  CHECK(bigcode.layers[39] == full_attention(1, 128));
  CHECK(bigcode.max_model_len == 8192);
  // ChatGLM (vLLM's ChatGLMConfig): num_layers, seq_length; multi_query_group_num groups the KV
  // heads only with multi_query_attention. 28 layers x 2 x 2 x 128 x 2 B = 28,672 B per token.
  const std::string glm = R"({"model_type": "chatglm", "num_layers": 28, "hidden_size": 4096, "num_attention_heads": 32,
    "multi_query_attention": true, "multi_query_group_num": 2, "kv_channels": 128, "ffn_hidden_size": 13696,
    "seq_length": 32768, "padded_vocab_size": 65024, "torch_dtype": "bfloat16"})";
  const model chatglm = model_from_hf_config(glm);
  CHECK(chatglm.layers[0] == full_attention(2, 128));
  CHECK(cache_cost_of(chatglm).full_bytes_per_token == 28'672);
  CHECK(chatglm.max_model_len == 32768);
  std::string mha = glm;
  mha.replace(mha.find("\"multi_query_attention\": true"), 29, "\"multi_query_attention\": false");
  CHECK(model_from_hf_config(mha).layers[0] == full_attention(32, 128));
  // DBRX: n_layers, n_heads, d_model, max_seq_len; KV heads in attn_config.kv_n_heads, experts in
  // ffn_config. 40 x 2 x 8 x 128 x 2 B = 163,840 B per token.
  const model dbrx = model_from_hf_config(R"({"model_type": "dbrx", "n_layers": 40, "n_heads": 48, "d_model": 6144,
    "max_seq_len": 32768, "vocab_size": 100352, "attn_config": {"kv_n_heads": 8},
    "ffn_config": {"ffn_hidden_size": 10752, "moe_num_experts": 16, "moe_top_k": 4}, "torch_dtype": "bfloat16"})");
  CHECK(dbrx.layers[0] == full_attention(8, 128));
  CHECK(cache_cost_of(dbrx).full_bytes_per_token == 163'840);
  // Every layer routes 4 of 16 experts of 3 x 6144 x 10752: 12 inactive x 198,180,864 x 40 layers.
  CHECK(dbrx.total_params - dbrx.active_params == 12 * count_t{3 * 6144 * 10752} * 40);
  // EXAONE (vLLM's ExaoneConfig): num_layers.
  CHECK(model_from_hf_config(R"({"model_type": "exaone", "num_layers": 32, "hidden_size": 4096, "num_attention_heads": 32,
    "num_key_value_heads": 8, "intermediate_size": 14336, "vocab_size": 102400, "max_position_embeddings": 4096})")
            .num_layers() == 32);
}

TEST_CASE("Nemotron-H's layers_block_type list reads as its hybrid_override_pattern", "[hf_config]") {
  // The newer schema lists the blocks and leaves num_hidden_layers out (its length is the count);
  // Python's json writes the default time_step_limit (0.0, inf) as Infinity.
  std::string text = read_config("nemotron-3-nano");
  const model by_pattern = model_from_hf_config(text);
  std::string list = "[";
  for (const char c : std::string_view("MEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEM*EMEMEMEM*EMEMEMEME")) {
    if (list.size() > 1) list += ", ";
    list += c == 'M' ? "\"mamba\"" : c == 'E' ? "\"moe\"" : "\"attention\"";
  }
  list += "]";
  const std::size_t at = text.find("\"hybrid_override_pattern\"");
  REQUIRE(at != std::string::npos);
  text.insert(at, "\"layers_block_type\": " + list + ", \"time_step_limit\": [0.0, Infinity], ");
  const hf_config_result by_list = try_model_from_hf_config(text);
  REQUIRE(by_list.ok());
  CHECK(by_list.model.layers == by_pattern.layers);
  CHECK(by_list.model.total_params == by_pattern.total_params);
}

TEST_CASE("Gemma 4: two head sizes, K=V global heads, shared-KV layers, PLE and the MoE block", "[hf_config]") {
  // 6 layers without layer_types: sliding except every sixth, and the last is always full.
  const std::string base = R"({"model_type": "gemma4_text", "num_hidden_layers": 6, "hidden_size": 1024,
    "num_attention_heads": 8, "num_key_value_heads": 4, "head_dim": 256, "global_head_dim": 512,
    "attention_k_eq_v": true, "num_global_key_value_heads": 2, "sliding_window": 1024, "intermediate_size": 4096,
    "vocab_size": 1000, "max_position_embeddings": 262144, "hidden_size_per_layer_input": 0, "dtype": "bfloat16")";
  const model dense = model_from_hf_config(base + "}");
  CHECK(dense.layers[0] == sliding_window(4, 256, 1024));
  CHECK(dense.layers[5] == full_attention(2, 512));
  // Full: 1 x 2 (K, V) x 2 heads x 512 x 2 B = 4,096; sliding: 5 x 2 x 4 x 256 x 2 B = 20,480.
  CHECK(cache_cost_of(dense).full_bytes_per_token == 4096);
  CHECK(cache_cost_of(dense).local_bytes_per_token == 20480);
  // Sliding attention q 1024x2048 + k, v 2 x 1024x1024 + o 2048x1024 + q/k norms 512 = 6,291,968;
  // full q 1024x4096 + k, v 2 x 1024x1024 + o 4096x1024 + norms 1024 = 10,486,784; every layer
  // an MLP 3 x 1024 x 4096 and four norms 4 x 1024; embeddings 1000 x 1024 tied, final norm 1024:
  // 5 x 6,291,968 + 10,486,784 + 6 x 12,587,008 + 1,024,000 + 1,024 = 118,493,696.
  CHECK(dense.total_params == 118'493'696);
  // Without attention_k_eq_v, full layers keep num_key_value_heads.
  std::string plain = base;
  plain.replace(plain.find("\"attention_k_eq_v\": true"), 24, "\"attention_k_eq_v\": false");
  CHECK(model_from_hf_config(plain + "}").layers[5] == full_attention(4, 512));
  // The MoE block beside the MLP in every layer: router 1024 x 4 + its scale 1024, per-expert
  // scales 4, three norms 3 x 1024, experts 4 x 3 x 1024 x 512; two of four inactive per token.
  const model moe = model_from_hf_config(base + R"(, "enable_moe_block": true, "num_experts": 4,
    "top_k_experts": 2, "moe_intermediate_size": 512})");
  CHECK(moe.total_params == 118'493'696 + 6 * (4096 + 1024 + 4 + 3072 + 4 * 1'572'864));
  CHECK(moe.total_params - moe.active_params == 6 * 2 * 1'572'864);
  // PLE of 64: per layer a gate and a projection 2 x 1024 x 64 and a norm 1024; the table
  // vocab_size_per_layer_input 500 x 6 layers x 64, the projection 1024 x 384 and its norm 64.
  std::string with_ple = base;
  with_ple.replace(with_ple.find("\"hidden_size_per_layer_input\": 0"), 32, "\"hidden_size_per_layer_input\": 64");
  CHECK(model_from_hf_config(with_ple + R"(, "vocab_size_per_layer_input": 500})").total_params ==
        118'493'696 + 6 * (131'072 + 1024) + 500 * 6 * 64 + 1024 * 384 + 64);
  // Shared-KV layers read the cache of the last earlier layer of their type. With the last 3
  // of 6 shared, layer 5 is full and no earlier layer is: vLLM finds none to read (its
  // list.index fails), so kvplan refuses, naming the key.
  CHECK(message_of(base + R"(, "num_kv_shared_layers": 3})") ==
        "config.json \"num_kv_shared_layers\" conflicts with the rest of the config (3 vs 6)");
  // 12 layers (full at 5 and 11), the last 4 shared: layers 0-4, 6, 7 sliding, 5 full.
  std::string twelve = base;
  twelve.replace(twelve.find("\"num_hidden_layers\": 6"), 22, "\"num_hidden_layers\": 12");
  const model shared = model_from_hf_config(twelve + R"(, "num_kv_shared_layers": 4})");
  CHECK(shared.layers[8] == kv_shared());
  CHECK(shared.layers[11] == kv_shared());
  CHECK(cache_cost_of(shared).full_bytes_per_token == 4096);
  CHECK(cache_cost_of(shared).local_bytes_per_token == 7 * 4096);
  // use_bidirectional_attention "all" halves the window (exclusive bounds): 1024 / 2 + 1.
  CHECK(model_from_hf_config(base + R"(, "use_bidirectional_attention": "all"})").layers[0] ==
        sliding_window(4, 256, 513));
  // The defaults of Gemma4TextConfig: global_head_dim 512, window 512, 131,072 positions.
  const model bare = model_from_hf_config(R"({"model_type": "gemma4_text", "num_hidden_layers": 6,
    "hidden_size": 1024, "intermediate_size": 4096, "hidden_size_per_layer_input": 0})");
  CHECK(bare.layers[0] == sliding_window(4, 256, 512));
  CHECK(bare.layers[5] == full_attention(4, 512));
  CHECK(bare.max_model_len == 131'072);
}

TEST_CASE("GLM-5.x IndexCache: the sparse-attention indexer on some layers only", "[hf_config]") {
  const std::string base = R"({"model_type": "glm_moe_dsa", "num_hidden_layers": 10, "hidden_size": 1024,
    "num_attention_heads": 8, "vocab_size": 1000, "kv_lora_rank": 512, "qk_rope_head_dim": 64,
    "qk_nope_head_dim": 128, "v_head_dim": 128, "q_lora_rank": 256, "intermediate_size": 2048,
    "max_position_embeddings": 8192, "index_topk": 2048, "index_head_dim": 128, "index_n_heads": 32,
    "dtype": "bfloat16")";
  const auto indexed = [](const model& m) {
    std::string out;
    for (std::int32_t i = 0; i < m.num_layers(); ++i) out += m.layers[i].index_head_dim > 0 ? 'I' : '-';
    return out;
  };
  // Every layer by default (DeepSeek-V3.2): 10 x ((512 + 64) x 2 B + 132) = 12,840 B per token.
  const model every = model_from_hf_config(base + "}");
  CHECK(indexed(every) == "IIIIIIIIII");
  CHECK(cache_cost_of(every).full_bytes_per_token == 12'840);
  // index_topk_freq 4, offset 2 (the default): max(i - 1, 0) % 4 == 0 -> 0, 1, 5, 9.
  // 10 x 1,152 + 4 x 132 = 12,048 B per token.
  const model freq = model_from_hf_config(base + R"(, "index_topk_freq": 4})");
  CHECK(indexed(freq) == "II---I---I");
  CHECK(cache_cost_of(freq).full_bytes_per_token == 12'048);
  // GLM-5.2: offset 3, max(i - 2, 0) % 4 == 0 -> 0, 1, 2, 6.
  CHECK(indexed(model_from_hf_config(base + R"(, "index_topk_freq": 4, "index_skip_topk_offset": 3})")) == "III---I---");
  // index_topk_pattern wins: every letter but "S" keeps the indexer, as do layers past its end.
  CHECK(indexed(model_from_hf_config(base + R"(, "index_topk_pattern": "FFSSFSSS"})")) == "II--I---II");
  CHECK(indexed(model_from_hf_config(base + R"(, "index_topk_pattern": ["F", "S", "S"]})")) == "I--IIIIIII");
  // indexer_types is transformers' view of the same keys; vLLM does not read it.
  CHECK(indexed(model_from_hf_config(base + R"(, "indexer_types": ["full", "shared", "shared", "shared", "full",
    "shared", "shared", "shared", "full", "shared"]})")) == "IIIIIIIIII");
  // The layers without an indexer have no indexer weights either: 6 layers x (wq_b 256 x 32 x 128
  // + wk 1024 x 128 + k_norm 2 x 128 + weights_proj 1024 x 32) = 6 x 1,212,672 fewer parameters.
  CHECK(every.total_params - freq.total_params == 6 * (256 * 32 * 128 + 1024 * 128 + 256 + 1024 * 32));
}

TEST_CASE("2026 layouts: LFM2, MiMo-V2-Flash, MiniCPM3, EXAONE 4, DeepSeek-MoE, DeepSeek-VL2, Laguna", "[hf_config]") {
  // LFM2: conv layers keep (conv_L_cache - 1) x conv_dim of state per request in the model dtype
  // (conv_dim defaults to hidden_size); attention layers K and V. Layer 2 attends:
  // 2 x 2 heads x 64 x 2 B = 512 B per token; 2 conv layers x 2 x 256 x 2 B = 2,048 B per request.
  const std::string lfm2 = R"({"model_type": "lfm2", "num_hidden_layers": 3, "hidden_size": 256,
    "num_attention_heads": 4, "num_key_value_heads": 2, "vocab_size": 1000, "max_position_embeddings": 4096,
    "block_ff_dim": 768, "block_auto_adjust_ff_dim": true, "block_multiple_of": 256, "conv_L_cache": 3,
    "dtype": "bfloat16")";
  const model conv = model_from_hf_config(lfm2 + R"(, "layer_types": ["conv", "conv", "full_attention"]})");
  CHECK(conv.layers[0] == short_conv(256, 3));
  CHECK(conv.layers[2] == full_attention(2, 64));
  CHECK(cache_cost_of(conv).full_bytes_per_token == 512);
  CHECK(cache_cost_of(conv).state_bytes_per_request == 2048);
  CHECK(cache_cost_of(conv, cache_dtype::auto_, 2).state_bytes_per_request == 1024);  // conv_dim / TP
  // block_ff_dim 768 auto-adjusted: 2 x 768 / 3 = 512, a multiple of 256 already. Conv layers:
  // in_proj 256 x 768, 3 taps x 256, out_proj 256 x 256; attention q/o 2 x 256 x 256, k/v
  // 2 x 256 x 128, q/k norms 2 x 64; each layer 2 norms and an MLP 3 x 256 x 512; embeddings
  // 1000 x 256 tied; final norm 256.
  CHECK(conv.intermediate_size == 512);
  CHECK(conv.total_params == 2 * (196'608 + 768 + 65'536) + (131'072 + 65'536 + 128) + 3 * (512 + 393'216) +
                                 256'000 + 256);
  // full_attn_idxs, and neither key: every layer attends (Lfm2Config).
  CHECK(model_from_hf_config(lfm2 + R"(, "full_attn_idxs": [1]})").layers[0] == short_conv(256, 3));
  CHECK(model_from_hf_config(lfm2 + "}").layers[0] == full_attention(2, 64));

  // MiMo-V2-Flash: hybrid_layer_pattern 1 = sliding window with the swa_* heads; K 192 and V 128.
  // Full: 4 x (192 + 128) x 2 B = 2,560 B per token; sliding: 2 x 8 x 320 x 2 B = 10,240.
  const model mimo = model_from_hf_config(R"({"model_type": "mimo_v2_flash", "num_hidden_layers": 3,
    "hidden_size": 1024, "num_attention_heads": 16, "num_key_value_heads": 4, "head_dim": 192, "v_head_dim": 128,
    "swa_num_attention_heads": 16, "swa_num_key_value_heads": 8, "swa_head_dim": 192, "swa_v_head_dim": 128,
    "sliding_window_size": 128, "sliding_window": 128, "attention_chunk_size": 128, "hybrid_layer_pattern": [0, 1, 1],
    "moe_layer_freq": [0, 1, 1], "n_routed_experts": 8, "num_experts_per_tok": 2, "moe_intermediate_size": 256,
    "intermediate_size": 4096, "vocab_size": 1000, "max_position_embeddings": 8192, "torch_dtype": "bfloat16"})");
  CHECK(mimo.layers[0] == full_attention(4, 192, 128));
  CHECK(mimo.layers[1].kind == layer_kind::sliding_window);
  CHECK(mimo.layers[1].window == 128);  // attention_chunk_size is not read (vLLM strips it)
  CHECK(cache_cost_of(mimo).full_bytes_per_token == 2560);
  CHECK(cache_cost_of(mimo).local_bytes_per_token == 10240);
  // Two MoE layers of 8 experts of 3 x 1024 x 256, 6 inactive per token.
  CHECK(mimo.total_params - mimo.active_params == 2 * 6 * 3 * 1024 * 256);

  // MiniCPM3: MLA weights, but Attention(num_kv_heads=num_heads) of qk_nope + qk_rope = 96.
  // 2 layers x 2 x 4 heads x 96 x 2 B = 3,072 B per token.
  const model minicpm3 = model_from_hf_config(R"({"model_type": "minicpm3", "num_hidden_layers": 2,
    "hidden_size": 256, "num_attention_heads": 4, "num_key_value_heads": 4, "qk_nope_head_dim": 64,
    "qk_rope_head_dim": 32, "q_lora_rank": 128, "kv_lora_rank": 64, "intermediate_size": 512, "vocab_size": 1000,
    "max_position_embeddings": 4096, "torch_dtype": "bfloat16"})");
  CHECK(minicpm3.layers[0] == full_attention(4, 96));
  CHECK(cache_cost_of(minicpm3).full_bytes_per_token == 3072);

  // EXAONE 4 without layer_types: "LLLG" repeats, the last layer global; an int p slides where
  // (i + 1) % p != 0.
  const std::string exaone = R"({"model_type": "exaone4", "num_hidden_layers": 6, "hidden_size": 256,
    "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 64, "intermediate_size": 512, "vocab_size": 1000,
    "max_position_embeddings": 4096, "sliding_window": 1024)";
  const auto windows = [](const model& m) {
    std::string out;
    for (std::int32_t i = 0; i < m.num_layers(); ++i) out += m.layers[i].kind == layer_kind::sliding_window ? 'L' : 'G';
    return out;
  };
  CHECK(windows(model_from_hf_config(exaone + R"(, "sliding_window_pattern": "LLLG"})")) == "LLLGLG");
  CHECK(windows(model_from_hf_config(exaone + R"(, "sliding_window_pattern": 3})")) == "LLGLLG");

  // DeepSeek-MoE (v1): plain MHA; experts from first_k_dense_replace on, every moe_layer_freq.
  const model deepseek = model_from_hf_config(R"({"model_type": "deepseek", "num_hidden_layers": 4, "hidden_size": 256,
    "num_attention_heads": 4, "num_key_value_heads": 4, "intermediate_size": 1024, "moe_intermediate_size": 128,
    "n_routed_experts": 8, "n_shared_experts": 2, "num_experts_per_tok": 2, "first_k_dense_replace": 1,
    "moe_layer_freq": 1, "vocab_size": 1000, "max_position_embeddings": 4096, "torch_dtype": "bfloat16"})");
  CHECK(deepseek.layers[0] == full_attention(4, 64));
  // Layers 1-3 route 2 of 8 experts of 3 x 256 x 128.
  CHECK(deepseek.total_params - deepseek.active_params == 3 * 6 * 3 * 256 * 128);

  // DeepSeek-VL2: the text model in language_config; kv_lora_rank null (use_mla false) is plain
  // attention (vLLM serves it with DeepseekForCausalLM): head 1,280 / 10 = 128.
  const model vl2 = model_from_hf_config(R"({"model_type": "deepseek_vl_v2", "language_config": {
    "model_type": "deepseek_v2", "num_hidden_layers": 2, "hidden_size": 1280, "num_attention_heads": 10,
    "num_key_value_heads": 10, "kv_lora_rank": null, "q_lora_rank": null, "intermediate_size": 6848,
    "moe_intermediate_size": 896, "n_routed_experts": 64, "n_shared_experts": 2, "num_experts_per_tok": 6,
    "first_k_dense_replace": 1, "vocab_size": 129280, "max_position_embeddings": 4096, "use_mla": false},
    "torch_dtype": "bfloat16"})");
  CHECK(vl2.layers[0] == full_attention(10, 128));

  // Laguna: query heads per layer and a per-head output gate (gating true or "per-head").
  const std::string laguna = R"({"model_type": "laguna", "num_hidden_layers": 2, "hidden_size": 256,
    "num_attention_heads": 4, "num_key_value_heads": 2, "head_dim": 64, "intermediate_size": 512,
    "num_experts": 4, "num_experts_per_tok": 2, "moe_intermediate_size": 128, "vocab_size": 1000,
    "max_position_embeddings": 4096, "layer_types": ["full_attention", "sliding_attention"], "sliding_window": 512)";
  const model uniform = model_from_hf_config(laguna + "}");
  CHECK(uniform.layers[1] == sliding_window(2, 64, 512));
  // Layer 1 with 8 query heads: q and o grow by 2 x 256 x (8 - 4) x 64; the gate adds 256 x 8 and
  // 256 x 4 on the two layers.
  CHECK(model_from_hf_config(laguna + R"(, "num_attention_heads_per_layer": [4, 8], "gating": true})").total_params ==
        uniform.total_params + 2 * 256 * 4 * 64 + 256 * 8 + 256 * 4);
}

TEST_CASE("Mamba hybrids with mamba_* keys: Granite-4.0-H, Jamba, Falcon-H1", "[hf_config]") {
  // Granite-4.0-H (4 layers, one attending): Mamba-2 of 128 heads x 64 (= 2 x 4,096), 128 states,
  // one group, conv 4: conv 3 x (8,192 + 2 x 128) x 2 B = 50,688, SSM 128 x 64 x 128 x 2 B =
  // 2,097,152; attention 2 x 8 x 128 x 2 B = 4,096 B a token.
  const model granite = model_from_hf_config(R"({"model_type": "granitemoehybrid", "hidden_size": 4096,
    "num_hidden_layers": 4, "num_attention_heads": 32, "num_key_value_heads": 8, "num_local_experts": 72,
    "num_experts_per_tok": 10, "shared_intermediate_size": 1536, "intermediate_size": 768, "mamba_d_state": 128,
    "mamba_d_conv": 4, "mamba_expand": 2, "mamba_n_heads": 128, "mamba_d_head": 64, "mamba_n_groups": 1,
    "vocab_size": 100352, "max_position_embeddings": 131072, "torch_dtype": "bfloat16",
    "layer_types": ["mamba", "mamba", "attention", "mamba"]})");
  CHECK(granite.layers[2] == full_attention(8, 128));
  CHECK(granite.layers[0] == mamba2(128, 64, 128, 1, 4));
  CHECK(cache_cost_of(granite).full_bytes_per_token == 4096);
  CHECK(cache_cost_of(granite).state_bytes_per_request == 3 * (50'688 + 2'097'152));
  // Every layer routes 10 of 72 experts of 3 x 4,096 x 768.
  CHECK(granite.total_params - granite.active_params == count_t{4} * 62 * 3 * 4096 * 768);
  // No rotary embedding unless position_embedding_type says "rope" (granitemoehybrid.py; the
  // config class's default is "nope"): then one cache of 131,072 x 128 x 2 B.
  CHECK(kvplan::estimates::rope_cache_bytes(granite) == 0);
  const model roped = model_from_hf_config(R"({"model_type": "granitemoehybrid", "hidden_size": 4096,
    "num_hidden_layers": 4, "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 768,
    "mamba_d_state": 128, "mamba_d_conv": 4, "mamba_expand": 2, "mamba_n_heads": 128, "mamba_d_head": 64,
    "mamba_n_groups": 1, "vocab_size": 100352, "max_position_embeddings": 131072, "torch_dtype": "bfloat16",
    "position_embedding_type": "rope", "layer_types": ["mamba", "mamba", "attention", "mamba"]})");
  CHECK(kvplan::estimates::rope_cache_bytes(roped) == 33'554'432);
  // Jamba (8 layers): layer 4 attends (i % 8 == 4); Mamba-1 of 2 x 4,096 channels, 16 states:
  // conv 3 x 8,192 x 2 B + SSM 8,192 x 16 x 2 B = 311,296 B a layer; experts on odd layers.
  const model jamba = model_from_hf_config(R"({"model_type": "jamba", "hidden_size": 4096, "num_hidden_layers": 8,
    "num_attention_heads": 32, "num_key_value_heads": 8, "intermediate_size": 14336, "num_experts": 16,
    "num_experts_per_tok": 2, "vocab_size": 65536, "mamba_dt_rank": 256, "torch_dtype": "bfloat16"})");
  CHECK(jamba.layers[4] == full_attention(8, 128));
  CHECK(jamba.layers[0] == mamba1(8192, 16, 4));
  CHECK(cache_cost_of(jamba).state_bytes_per_request == 7 * 311'296);
  CHECK(jamba.total_params - jamba.active_params == count_t{4} * 14 * 3 * 4096 * 14336);
  CHECK(jamba.max_model_len == 262144);  // JambaConfig's default
  CHECK(kvplan::estimates::rope_cache_bytes(jamba) == 0);  // jamba.py: no rotary embedding
  // Falcon-H1 (2 layers): each layer attends and runs Mamba-2 side by side: 2 attention and 2
  // Mamba entries. Attention 2 x 2 x 128 x 2 B = 1,024 B a layer; Mamba-2 of 24 x 256
  // (mamba_d_ssm 6,144): conv 3 x (6,144 + 512) x 2 B = 39,936, SSM 24 x 256 x 256 x 2 B =
  // 3,145,728.
  const model falcon = model_from_hf_config(R"({"model_type": "falcon_h1", "hidden_size": 3072, "num_hidden_layers": 2,
    "num_attention_heads": 12, "num_key_value_heads": 2, "head_dim": 128, "intermediate_size": 12288,
    "mamba_d_ssm": 6144, "mamba_n_heads": 24, "mamba_d_head": 256, "mamba_d_state": 256, "mamba_n_groups": 1,
    "mamba_d_conv": 4, "vocab_size": 130049, "max_position_embeddings": 262144, "torch_dtype": "bfloat16"})");
  CHECK(falcon.num_layers() == 4);
  CHECK(cache_cost_of(falcon).full_bytes_per_token == 2 * 1024);
  CHECK(cache_cost_of(falcon).state_bytes_per_request == 2 * (39'936 + 3'145'728));
  CHECK(message_of(R"({"model_type": "granitemoehybrid", "hidden_size": 256, "num_hidden_layers": 2,
    "num_attention_heads": 4, "mamba_n_heads": 8, "mamba_d_head": 64, "intermediate_size": 512, "vocab_size": 100,
    "max_position_embeddings": 4096})") == "config.json has no \"layer_types\", which kvplan needs to size this model");
}

TEST_CASE("architectures vLLM does not serve, and model types kvplan does not carry, are refused by name", "[hf_config][errors]") {
  CHECK(message_of(R"({"architectures": ["MllamaForConditionalGeneration"], "model_type": "mllama"})") ==
        "vLLM no longer serves MllamaForConditionalGeneration: the last release that did was 0.10.2");
  CHECK(message_of(llama_with("architectures", R"(["LlavaLlamaForCausalLM"])")) ==
        "vLLM does not serve LlavaLlamaForCausalLM: it is not in vLLM's model registry");
  CHECK(message_of(R"({"model_type": "multi_modality", "language_config": {}})") ==
        "vLLM does not serve Janus (model_type multi_modality): it is not in vLLM's model registry");
  CHECK(message_of(R"({"model_type": "deepseek_ref", "num_hidden_layers": 43})") ==
        "vLLM cannot read model_type \"deepseek_ref\": neither transformers nor vLLM has its config class, and the config names no auto_map");
  // Llama, served: the passing twin.
  CHECK(try_model_from_hf_config(llama_with("architectures", R"(["LlamaForCausalLM"])")).ok());
}

TEST_CASE("errors: malformed JSON, wrong types, missing keys, absurd values", "[hf_config][errors]") {
  CHECK(message_of(R"({"model_type": "llama" "num_hidden_layers": 4})") ==
        "config.json is not valid JSON: expected ',' or '}' after an object member (at byte 23)");
  CHECK(message_of("") == "config.json is not valid JSON: empty text (a JSON value expected) (at byte 0)");
  CHECK(message_of(R"({"a": 1,})") == "config.json is not valid JSON: expected '\"' to begin an object key (at byte 8)");
  CHECK(message_of(R"({"a": tru})") == "config.json is not valid JSON: invalid literal (expected true, false or null) (at byte 9)");
  CHECK(message_of(R"({"a": 01})") == "config.json is not valid JSON: invalid number (leading zero) (at byte 7)");
  CHECK(message_of(R"({"a": "x\q"})") == "config.json is not valid JSON: invalid escape in a string (at byte 8)");
  CHECK(message_of("{\"a\": \"x\ny\"}") ==
        "config.json is not valid JSON: control character in a string (it must be escaped) (at byte 8)");
  CHECK(message_of("{\"a\": \"\xC3\x28\"}") == "config.json is not valid JSON: invalid UTF-8 (at byte 8)");
  CHECK(message_of(R"({"a": 1} x)") == "config.json is not valid JSON: text after the JSON value (at byte 9)");
  CHECK(message_of(std::string(65, '[') + std::string(65, ']')) ==
        "config.json is not valid JSON: nesting deeper than 64 levels (at byte 64)");
  CHECK(message_of("[1, 2]") == "config.json \"(the top level)\" must be a JSON object");

  // A key a config class has no default for (Phi3Config's are not carried; LlamaConfig's are,
  // see the defaults test below).
  const auto phi3_with = [](std::string_view key, std::string_view value) {
    std::string text = llama_with(key, value);
    if (const std::size_t at = text.find("\"llama\""); at != std::string::npos) text.replace(at, 7, "\"phi3\"");
    return text;
  };
  CHECK(message_of(phi3_with("num_hidden_layers", "")) ==
        "config.json has no \"num_hidden_layers\", which kvplan needs to size this model");
  CHECK(message_of(llama_with("model_type", "")) == "config.json has no \"model_type\", which kvplan needs to size this model");
  CHECK(message_of(phi3_with("max_position_embeddings", "")) ==
        "config.json has no \"max_position_embeddings\", which kvplan needs to size this model");
  CHECK(message_of(llama_with("hidden_size", "\"256\"")) == "config.json \"hidden_size\" must be an integer");
  CHECK(message_of(llama_with("hidden_size", "256.5")) == "config.json \"hidden_size\" must be an integer");
  CHECK(message_of(llama_with("tie_word_embeddings", "1")) == "config.json \"tie_word_embeddings\" must be true or false");
  CHECK(message_of(llama_with("model_type", "3")) == "config.json \"model_type\" must be a string");
  CHECK(message_of(llama_with("num_attention_heads", "0")) ==
        "config.json \"num_attention_heads\" is 0, outside the range kvplan accepts (1 to 2147483647)");
  CHECK(message_of(llama_with("num_hidden_layers", "300")) ==
        "config.json \"num_hidden_layers\" is 300, outside the range kvplan accepts (1 to 256)");
  CHECK(message_of(llama_with("hidden_size", "250")) ==
        "config.json hidden_size (250) is not divisible by num_attention_heads (8) and there is no \"head_dim\" to give the head size");
  CHECK(message_of(llama_with("num_key_value_heads", "3")) ==
        "config.json \"num_key_value_heads\" conflicts with the rest of the config (3 vs 8)");
  CHECK(message_of(llama_with("torch_dtype", "\"float8\"")) ==
        "config.json \"torch_dtype\" has a value kvplan does not know how to size");
  CHECK(message_of(llama_with("rope_scaling", R"({"type": "linear"})")) == "");  // no factor: 1
  CHECK(message_of(llama_with("rope_scaling", R"({"factor": 4.0})")) ==
        "config.json has no \"rope_type\", which kvplan needs to size this model");

  // The subject names the key; the throwing reader reports the same error.
  const hf_config_result r = try_model_from_hf_config(phi3_with("vocab_size", ""));
  CHECK(r.error.code == errc::config_key_missing);
  CHECK(r.error.subject == "vocab_size");
  try {
    (void)model_from_hf_config(phi3_with("vocab_size", ""));
    FAIL("no exception");
  } catch (const plan_error& e) {
    CHECK(e.error() == r.error);
    CHECK(std::string(e.what()) == "config.json has no \"vocab_size\", which kvplan needs to size this model");
  }
}

TEST_CASE("the JSON reader", "[json]") {
  const json::document d(R"({"a\u0062c": 1, "n": -2.5e3, "big": 123456789012345678901, "s": "x\"y\u00e9",
                             "dup": 1, "dup": 2, "arr": [1, [2, 3], {"k": null}], "e": {}, "t": true})");
  REQUIRE(d.ok());
  const json::object o(d.root());
  CHECK(o.find("abc").found.number().integer == 1);  // \u escapes decoded in keys
  CHECK(o.find("n").found.number().real == -2500.0);
  CHECK_FALSE(o.find("n").found.number().is_integer);
  CHECK_FALSE(o.find("big").found.number().is_integer);  // beyond 64 bits
  CHECK(o.find("s").found.equals("x\"y\xC3\xA9"));
  CHECK(o.find("dup").found.number().integer == 2);  // the last one, as Python
  CHECK(o.find("arr").found.size() == 3);
  CHECK(o.find("t").found.boolean());
  CHECK(o.find("e").found.is_object());
  CHECK_FALSE(o.contains("missing"));
  // More members than the index holds: the rest is scanned.
  std::string many = "{";
  for (int i = 0; i < 300; ++i) many += (i > 0 ? ", \"k" : "\"k") + std::to_string(i) + "\": " + std::to_string(i);
  many += "}";
  const json::document big(many);
  REQUIRE(big.ok());
  const json::object bo(big.root());
  CHECK(bo.find("k299").found.number().integer == 299);
  CHECK(bo.find("k5").found.number().integer == 5);
  CHECK(bo.size() == 300);
  // More containers than the document records: skipped by scanning.
  std::string deep = "{\"x\": [";
  for (int i = 0; i < 1500; ++i) deep += i > 0 ? ", [\"]\"]" : "[\"]\"]";
  deep += "], \"after\": 7}";
  const json::document many_arrays(deep);
  REQUIRE(many_arrays.ok());
  CHECK(json::object(many_arrays.root()).find("after").found.number().integer == 7);
  // Surrogate pairs and lone surrogates are valid escapes.
  CHECK(json::document(R"({"a": "\ud83d\ude00 \udc00"})").ok());
  CHECK_FALSE(json::document(R"({"a": "\u12G4"})").ok());
  // Python's json module writes inf and nan as these literals (Nemotron-H's time_step_limit);
  // infinities read as the largest double, as a number beyond any double does.
  const json::document python(R"({"t": [0.0, Infinity, -Infinity, NaN]})");
  REQUIRE(python.ok());
  const json::value t = json::object(python.root()).find("t").found;
  json::elements e(t);
  e.next();
  CHECK(e.get().number().real == std::numeric_limits<double>::max());
  e.next();
  CHECK(e.get().number().real == -std::numeric_limits<double>::max());
  e.next();
  CHECK(e.get().number().real != e.get().number().real);  // NaN
  CHECK_FALSE(json::document(R"({"t": Infinit})").ok());
}
