// The plan against figures computed by hand from vLLM's rules (the arithmetic is beside each).
#include "kvplan_catch.hpp"

#include <kvplan/kvplan.hpp>
#include <kvplan/models.hpp>
#include <kvplan/what_if.hpp>

#include <cmath>
#include <string>

using namespace kvplan;

TEST_CASE("Llama-3.1-8B, bf16, TP=1, block 16, 60 GiB of KV cache", "[plan][gqa]") {
  // page = 2 (K, V) x 16 tokens x 8 KV heads x 128 x 2 B = 65,536 B
  // bytes per block = 32 layers x 65,536 = 2,097,152 (2 MiB, 128 KiB per token)
  // num_gpu_blocks = 60 GiB / 2 MiB = 30,720
  // at max_model_len 131,072: 131,072 / 16 = 8,192 blocks per request,
  //   concurrency 30,720 / 8,192 = 3.75, "GPU KV cache size" 3.75 x 131,072 = 491,520 tokens
  constexpr deployment d{.model = models::llama_3_1_8b,
                         .gpu = gpus::h100_sxm,
                         .kv_cache_memory_bytes = 60 * GiB,
                         .block_size = 16,
                         .max_model_len = 131072};
  constexpr plan p = make_plan(d);
  STATIC_REQUIRE(p.buckets[0].spec.page_size_bytes() == 65'536);
  STATIC_REQUIRE(p.bytes_per_block == 2'097'152);
  STATIC_REQUIRE(p.kv_bytes_per_token == 131'072);
  STATIC_REQUIRE(p.num_gpu_blocks == 30'720);
  STATIC_REQUIRE(p.blocks_per_request == 8'192);
  STATIC_REQUIRE(p.max_concurrency == 3.75);
  STATIC_REQUIRE(p.kv_cache_tokens == 491'520);
  STATIC_REQUIRE(p.fits());
  STATIC_REQUIRE(p.estimated_max_model_len == 131'072);
}

TEST_CASE("the block size vLLM picks when none is given", "[plan][block_size]") {
  // FLASH_ATTN (Hopper) and FLASHINFER (Blackwell) both take 16.
  STATIC_REQUIRE(make_plan({.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm}).block_size == 16);
  STATIC_REQUIRE(make_plan({.model = models::llama_3_1_8b, .gpu = gpus::b200}).block_size == 16);
  // DeepSeek-V3, bf16 cache: FLASH_ATTN_MLA (MultipleOf 16) on Hopper -> 16; FLASHINFER_MLA
  // ([32, 64]) on Blackwell -> 32. With an fp8 cache Hopper picks FLASHMLA ([64]) -> 64.
  STATIC_REQUIRE(make_plan({.model = models::deepseek_v3, .gpu = gpus::h200, .tensor_parallel_size = 8}).block_size == 16);
  STATIC_REQUIRE(make_plan({.model = models::deepseek_v3, .gpu = gpus::b200, .tensor_parallel_size = 8}).block_size == 32);
  STATIC_REQUIRE(make_plan({.model = models::deepseek_v3,
                            .gpu = gpus::h200,
                            .tensor_parallel_size = 8,
                            .kv_cache_dtype = cache_dtype::fp8})
                     .block_size == 64);
  // Before v0.18 CUDA forced MLA block sizes: 64 on Hopper, 128 (CUTLASS MLA) on Blackwell
  // until v0.15 switched Blackwell to FlashInfer MLA at 64.
  STATIC_REQUIRE(make_plan({.model = models::deepseek_v3, .gpu = gpus::h200, .tensor_parallel_size = 8,
                            .vllm = {0, 12, 0}})
                     .block_size == 64);
  STATIC_REQUIRE(make_plan({.model = models::deepseek_v3, .gpu = gpus::b200, .tensor_parallel_size = 8,
                            .vllm = {0, 12, 0}})
                     .block_size == 128);
  STATIC_REQUIRE(make_plan({.model = models::deepseek_v3, .gpu = gpus::b200, .tensor_parallel_size = 8,
                            .vllm = {0, 16, 0}})
                     .block_size == 64);
}

TEST_CASE("Gemma 4's mixed head sizes: TRITON_ATTN, or FlashAttention 4 where it runs", "[plan]") {
  // Gemma4Config: sliding layers of head_dim 256 beside full ones of global_head_dim 512. v0.23
  // forces TRITON_ATTN everywhere; from v0.24 only where FA4 cannot run (not sm_90 or sm_100),
  // elsewhere the priorities' own pick: FLASH_ATTN on Hopper; on Blackwell (sm100) TRITON_ATTN
  // still, as a v0.26 B300 log prints ("FA4 on Blackwell does not support head_size=256 ...",
  // "Using TRITON_ATTN attention backend out of potential backends: ['TRITON_ATTN',
  // 'FLEX_ATTENTION']").
  const auto backend = [](const gpu& g, vllm_version v) {
    return make_plan({.model = models::gemma_4_31b, .gpu = g, .vllm = v}).backend;
  };
  CHECK(backend(gpus::h100_sxm, {0, 23, 0}) == attention_backend::triton_attn);
  CHECK(backend(gpus::h100_sxm, {0, 24, 0}) == attention_backend::flash_attn);
  CHECK(backend(gpus::b200, {0, 24, 0}) == attention_backend::triton_attn);
  CHECK(backend(gpus::b300, {0, 26, 0}) == attention_backend::triton_attn);
  CHECK(backend(gpus::rtx_pro_6000, {0, 24, 0}) == attention_backend::triton_attn);
  CHECK(backend(gpus::a100_80gb, {0, 26, 0}) == attention_backend::triton_attn);
  CHECK(backend(gpus::mi300x, {0, 26, 0}) == attention_backend::triton_attn);  // ROCm: no FA4
  // One head size (Gemma 3): the default.
  CHECK(make_plan({.model = models::gemma_3_27b, .gpu = gpus::l40s, .vllm = {0, 23, 0}}).backend ==
        attention_backend::flash_attn);
}

TEST_CASE("Turing runs FlexAttention, then Triton attention from the priority lists", "[plan]") {
  // T4 start-up logs: vLLM 0.10.2 "Using FlexAttention backend on V1 engine"; v0.31.0 (and
  // others from March 2026) "Using TRITON_ATTN attention backend out of potential backends:
  // ['TRITON_ATTN', 'FLEX_ATTENTION']". Both take 16-token blocks.
  const auto on_t4 = [](vllm_version v) {
    return make_plan({.model = models::qwen2_5_3b, .gpu = gpus::t4, .model_dtype = dtype::float16, .vllm = v});
  };
  CHECK(on_t4({0, 10, 2}).backend == attention_backend::flex_attention);
  CHECK(on_t4({0, 31, 0}).backend == attention_backend::triton_attn);
  CHECK(on_t4({0, 10, 2}).block_size == 16);
  CHECK(on_t4({0, 31, 0}).block_size == 16);
}

TEST_CASE("an fp8 cache leaves FLASH_ATTN on Hopper only", "[plan]") {
  // FlashAttention takes a quantized cache only as FA3 (Hopper); elsewhere the priority list's
  // next is FLASHINFER: "Using FLASHINFER attention backend out of potential backends:
  // ['FLASHINFER', 'TRITON_ATTN']" in fp8-cache logs on an RTX 5090 and a 48 GB Ada card.
  const auto backend = [](const gpu& g) {
    return make_plan({.model = models::qwen3_8b, .gpu = g, .kv_cache_dtype = cache_dtype::fp8, .vllm = {0, 20, 0}})
        .backend;
  };
  CHECK(backend(gpus::l40s) == attention_backend::flashinfer);
  CHECK(backend(gpus::rtx_5090) == attention_backend::flashinfer);
  CHECK(backend(gpus::h100_sxm) == attention_backend::flash_attn);
  CHECK(make_plan({.model = models::qwen3_8b, .gpu = gpus::l40s, .vllm = {0, 20, 0}}).backend ==
        attention_backend::flash_attn);
}

TEST_CASE("a given block size narrows the backend choice", "[plan][block_size]") {
  // vLLM walks its priority list and takes the first backend whose kernels take the block size.
  // DeepSeek-V3 on Blackwell: FLASHINFER_MLA ([32, 64]) and CUTLASS_MLA ([128]) cannot take 16,
  // FLASHMLA ([64]) neither; TRITON_MLA (multiples of 16) can.
  constexpr deployment dsv3{.model = models::deepseek_v3, .gpu = gpus::b200, .tensor_parallel_size = 8};
  deployment d = dsv3;
  d.block_size = 16;
  REQUIRE(make_plan(d).backend == attention_backend::triton_mla);
  // 128 is a multiple of 64: FLASHINFER_MLA, the first, keeps it.
  d.block_size = 128;
  REQUIRE(make_plan(d).backend == attention_backend::flashinfer_mla);
  // Llama on Hopper: FLASH_ATTN, FLASHINFER and TRITON_ATTN take multiples of 16; block 8 falls
  // to FLEX_ATTENTION (any size), which takes no fp8 cache: then nothing can, and it is refused.
  deployment llama{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .block_size = 8};
  REQUIRE(make_plan(llama).backend == attention_backend::flex_attention);
  llama.kv_cache_dtype = cache_dtype::fp8;
  REQUIRE(try_plan(llama).error.code == errc::block_size_not_supported_by_attention_backend);
  // A forced backend is held to its own kernels.
  d.block_size = 16;
  d.backend = attention_backend::cutlass_mla;
  REQUIRE(describe(try_plan(d).error) ==
          "block_size 16 is not supported by the attention backend, whose kernels take multiples of 128");
}

// The checkpoint's bytes on one GPU: the weights vLLM measures, less the RoPE cos/sin cache every
// rank also allocates at load (pinned on its own in test_memory_profile.cpp).
namespace {
count_t checkpoint_bytes(const plan& p) { return p.weights_bytes - p.profile.rope_cache_bytes; }
}  // namespace

TEST_CASE("--dtype float32 doubles the KV cache and the 16-bit weights", "[plan][dtype]") {
  // Llama-3.1-8B's bfloat16 checkpoint is 16,060,522,496 B; loaded in float32, 32,121,044,992 B.
  // KV with --kv-cache-dtype auto follows the model: 2 x 32 x 8 x 128 x 4 B = 262,144 per token.
  constexpr deployment bf16{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .max_model_len = 8192};
  deployment fp32 = bf16;
  fp32.model_dtype = dtype::float32;
  const plan p = make_plan(fp32);
  REQUIRE(checkpoint_bytes(p) == 32'121'044'992);
  REQUIRE(p.kv_bytes_per_token == 262'144);
  REQUIRE(make_plan(bf16).kv_bytes_per_token == 131'072);
  // A quantized checkpoint keeps its weights: only the compute dtype changes.
  deployment fp8 = bf16;
  fp8.checkpoint = 1;  // the FP8 checkpoint
  const count_t fp8_weights = make_plan(fp8).weights_bytes;
  fp8.model_dtype = dtype::float16;
  REQUIRE(make_plan(fp8).weights_bytes == fp8_weights);
  // Only float types are compute dtypes.
  fp8.model_dtype = dtype::int8;
  REQUIRE(describe(try_plan(fp8).error) == "dtype int8 is not one vLLM computes in (float16, bfloat16 or float32)");
}

TEST_CASE("--quantization fp8 stores the linear layers in fp8 and keeps the vocab tables", "[plan][quantization]") {
  // Llama-3.1-70B: 70,553,706,496 parameters in bfloat16. Embeddings and lm_head are two
  // 128,256 x 8,192 tables = 2 x 1,050,673,152 = 2,101,346,304 parameters, left in bfloat16
  // (vLLM's Fp8Config quantizes LinearBase and FusedMoE layers only):
  //   (70,553,706,496 - 2,101,346,304) x 1 B + 2,101,346,304 x 2 B
  //   = 68,452,360,192 + 4,202,692,608 = 72,655,052,800 B; over TP 4: 18,163,763,200 B a GPU.
  constexpr deployment bf16{.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 4,
                            .max_model_len = 8192};
  deployment fp8 = bf16;
  fp8.quantization = "fp8";
  REQUIRE(checkpoint_bytes(make_plan(fp8)) == 18'163'763'200);
  // The bfloat16 checkpoint's own total_size 141,107,412,992 / 4 = 35,276,853,248.
  REQUIRE(checkpoint_bytes(make_plan(bf16)) == 35'276'853'248);
  // Tied tables count once: Gemma-3-27B, 262,208 x 5,376 = 1,409,630,208 in bfloat16,
  //   (27,432,406,640 - 1,409,630,208) + 2 x 1,409,630,208 = 28,842,036,848 B on one GPU.
  deployment gemma{.model = models::gemma_3_27b, .gpu = gpus::h100_sxm, .max_model_len = 8192};
  gemma.quantization = "fp8";
  REQUIRE(checkpoint_bytes(make_plan(gemma)) == 28'842'036'848);
  // The flag reaches the command line.
  REQUIRE(vllm_serve_command(fp8).view().find(" --quantization fp8") != std::string_view::npos);
  // A method that contradicts the checkpoint is refused, not ignored.
  deployment awq = bf16;
  awq.quantization = "awq";
  REQUIRE(describe(try_plan(awq).error) ==
          "quantization awq is not one kvplan sizes for this checkpoint (fp8 on unquantized weights, or the "
          "checkpoint's own method)");
  deployment modelopt = bf16;
  modelopt.checkpoint = 1;  // nvidia/Llama-3.1-70B-Instruct-FP8, quantization "modelopt"
  modelopt.quantization = "fp8";
  REQUIRE(try_plan(modelopt).error.code == errc::quantization_not_supported_for_checkpoint);
  modelopt.quantization = "modelopt";
  REQUIRE(try_plan(modelopt).error.code == errc::none);
}

TEST_CASE("mxfp4 checkpoints: experts in 4.25 bits, everything else in bfloat16", "[plan][quantization]") {
  // gpt-oss experts: per layer per expert 3 x 2,880 x 2,880 + 3 x 2,880 = 24,891,840 parameters.
  // gpt-oss-20b: 24 x 32 x 24,891,840 = 19,116,933,120 expert parameters in mxfp4 (4 bits + an
  //   8-bit scale per 32: 4.25 bits); the other 20,914,757,184 - 19,116,933,120 = 1,797,824,064
  //   in bfloat16: 19,116,933,120 x 4.25 / 8 + 1,797,824,064 x 2 = 10,155,870,720 + 3,595,648,128
  //   = 13,751,518,848 B, 0.07% under the published total_size 13,761,264,768.
  model twenty = models::gpt_oss_20b;
  twenty.checkpoints[0].bytes = 0;  // as if unpublished
  const estimates::weight_bytes_split parts = estimates::checkpoint_bytes_from_params(twenty, twenty.checkpoints[0]);
  REQUIRE(parts.experts == 10'155'870'720.0);
  REQUIRE(parts.dense == 3'595'648'128.0);
  REQUIRE(std::abs((parts.dense + parts.experts) / 13'761'264'768.0 - 1) < 0.001);
  // Loaded on an H100 by vLLM 0.11 (Marlin), the experts are padded: the hidden size 2,880 to
  // 3,072 and the intermediate 2,880 to 2,944: 10,155,870,720 x 3,072 / 2,880 x 2,944 / 2,880 =
  // 11,073,660,518 B, + 3,595,648,128 = 14,669,308,646 B.
  deployment d20{.model = twenty, .gpu = gpus::h100_sxm, .max_model_len = 8192, .vllm = {0, 11, 0}};
  REQUIRE(checkpoint_bytes(make_plan(d20)) == 14'669'308'646);
  // From v0.12 Hopper runs OpenAI's Triton kernels: 2,880 is a multiple of 64, nothing is
  // padded (13,751,518,848 B), and the experts' biases are held in float32, 24 x 32 x (2 x
  // 2,880 + 2,880) x 2 B = 13,271,040 B more; until v0.26 they keep the checkpoint's scales beside
  // their own, 10,155,870,720 / 17 = 597,404,160 B more.
  d20.vllm = newest_vllm;
  REQUIRE(checkpoint_bytes(make_plan(d20)) == 13'751'518'848 + 13'271'040);
  d20.vllm = {0, 20, 0};
  REQUIRE(checkpoint_bytes(make_plan(d20)) == 13'751'518'848 + 597'404'160 + 13'271'040);
  // gpt-oss-120b (size unpublished): 36 x 128 x 24,891,840 = 114,701,598,720 in mxfp4 =
  //   60,935,224,320 B, padded as above: 66,441,963,110; 116,829,156,672 -
  //   114,701,598,720 = 2,127,557,952 in bfloat16 = 4,255,115,904 B; 70,697,079,014 B on one GPU.
  REQUIRE(checkpoint_bytes(make_plan({.model = models::gpt_oss_120b, .gpu = gpus::h100_sxm, .max_model_len = 8192,
                                      .vllm = {0, 11, 0}})) == 70'697'079'014);
  // With TP 2 every part halves, and each rank's intermediate size, 2,880 / 2 = 1,440, is padded
  // to a multiple of 128 (1,536): 60,935,224,320 / 2 x 3,072 / 2,880 x 1,536 / 1,440 =
  // 34,665,372,058 B of experts + 2,127,557,952 B = 36,792,930,010 B; but the routers, 36 x
  // (128 x 2,880 + 128) = 13,275,648 bf16 parameters, each rank holds whole: + 13,275,648 x 2 B / 2.
  REQUIRE(checkpoint_bytes(make_plan({.model = models::gpt_oss_120b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 2,
                                      .max_model_len = 8192, .vllm = {0, 11, 0}})) == 36'792'930'010 + 13'275'648);
}

TEST_CASE("DeepSeek-V3.2 with an fp8 cache: fp8_ds_mla plus the indexer", "[plan][mla]") {
  // On Hopper --kv-cache-dtype fp8 becomes fp8_ds_mla (FLASHMLA_SPARSE); the indexer backend
  // (registered first) and FLASHMLA_SPARSE take block 64.
  // MLA page 64 x 656 = 41,984 B; indexer page 64 x 132 = 8,448 B (fp8 + fp32 scale per 128)
  // bytes per block = 61 x (41,984 + 8,448) = 3,076,352 (48,068 B per token)
  // with 64 GiB: 68,719,476,736 // 3,076,352 = 22,337 blocks; at 163,840 tokens a request
  // needs 163,840 / 64 = 2,560 blocks: concurrency 22,337 / 2,560 = 8.725390625,
  // tokens int(8.725390625 x 163,840) = 1,429,568.
  constexpr plan p = make_plan({.model = models::deepseek_v3_2,
                                .gpu = gpus::h200,
                                .tensor_parallel_size = 8,
                                .kv_cache_dtype = cache_dtype::fp8,
                                .kv_cache_memory_bytes = 64 * GiB});
  STATIC_REQUIRE(p.kv_cache_dtype == cache_dtype::fp8_ds_mla);
  STATIC_REQUIRE(p.backend == attention_backend::flashmla_sparse);
  STATIC_REQUIRE(p.block_size == 64);
  STATIC_REQUIRE(p.buckets.size() == 2);
  STATIC_REQUIRE(p.buckets[0].spec.page_size_bytes() == 41'984);
  STATIC_REQUIRE(p.buckets[1].spec.page_size_bytes() == 8'448);
  STATIC_REQUIRE(p.num_groups == 1);
  STATIC_REQUIRE(p.bytes_per_block == 3'076'352);
  STATIC_REQUIRE(p.kv_bytes_per_token == 48'068);
  STATIC_REQUIRE(p.num_gpu_blocks == 22'337);
  STATIC_REQUIRE(p.blocks_per_request == 2'560);
  STATIC_REQUIRE(p.max_concurrency == 8.725390625);
  STATIC_REQUIRE(p.kv_cache_tokens == 1'429'568);

  // On Blackwell (v0.18+) an fp8 cache runs on FLASHINFER_MLA_SPARSE in the standard fp8 layout,
  // 512 + 64 = 576 B a latent (vLLM: "Using standard fp8 KV cache format"), block 64 still:
  // 61 x 64 x (576 + 132) = 2,764,032 B a block; 68,719,476,736 // 2,764,032 = 24,862 blocks;
  // 24,862 / 2,560 = 9.71171875x, int(9.71171875 x 163,840) = 1,591,168 tokens.
  constexpr deployment blackwell{.model = models::deepseek_v3_2, .gpu = gpus::b200, .tensor_parallel_size = 8,
                                 .kv_cache_dtype = cache_dtype::fp8, .kv_cache_memory_bytes = 64 * GiB};
  constexpr plan b = make_plan(blackwell);
  STATIC_REQUIRE(b.kv_cache_dtype == cache_dtype::fp8_e4m3);
  STATIC_REQUIRE(b.backend == attention_backend::flashinfer_mla_sparse);
  STATIC_REQUIRE(b.block_size == 64);
  STATIC_REQUIRE(b.bytes_per_block == 2'764'032);
  STATIC_REQUIRE(b.num_gpu_blocks == 24'862);
  STATIC_REQUIRE(b.kv_cache_tokens == 1'591'168);
  // --attention-backend FLASHMLA_SPARSE keeps DeepSeek's layout; so do releases before v0.18.
  deployment forced = blackwell;
  forced.backend = attention_backend::flashmla_sparse;
  CHECK(make_plan(forced).bytes_per_block == 3'076'352);
  deployment older = blackwell;
  older.vllm = {0, 17, 0};
  CHECK(make_plan(older).kv_cache_dtype == cache_dtype::fp8_ds_mla);
}

TEST_CASE("DeepSeek-V3 bf16 MLA: 1,152 B per token per layer on every TP rank", "[plan][mla]") {
  // One latent of kv_lora_rank 512 + qk_rope_head_dim 64 = 576 values x 2 B = 1,152 B per
  // layer, replicated on every rank: 61 x 1,152 = 70,272 B per token per GPU at any TP.
  constexpr plan tp1 = make_plan({.model = models::deepseek_v3, .gpu = gpus::b200, .kv_cache_memory_bytes = 8 * GiB});
  constexpr plan tp8 = make_plan({.model = models::deepseek_v3, .gpu = gpus::b200, .tensor_parallel_size = 8});
  STATIC_REQUIRE(tp1.buckets[0].spec.bytes_per_token == 1'152);
  STATIC_REQUIRE(tp1.kv_bytes_per_token == 70'272);
  STATIC_REQUIRE(tp8.kv_bytes_per_token == 70'272);
  // The whole engine holds eight copies.
  STATIC_REQUIRE(tp8.kv_bytes_per_token_total == 8 * 70'272);
}

TEST_CASE("TP beyond the KV heads replicates them", "[plan][gqa]") {
  // Llama-3.1-70B: 8 KV heads of 128. TP=4: 2 heads per GPU, 80 x 2 x 256 x 2 B = 81,920 B
  // per token; TP=8 and TP=16 both hold 1 head: 80 x 1 x 256 x 2 = 40,960 B.
  STATIC_REQUIRE(make_plan({.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 4})
                     .kv_bytes_per_token == 81'920);
  STATIC_REQUIRE(make_plan({.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 8})
                     .kv_bytes_per_token == 40'960);
  STATIC_REQUIRE(make_plan({.model = models::llama_3_1_70b, .gpu = gpus::h100_sxm, .tensor_parallel_size = 16})
                     .kv_bytes_per_token == 40'960);
}

TEST_CASE("gpt-oss-20b: sliding-window layers sized for the tokens in flight", "[plan][swa]") {
  // H100 defaults for `vllm serve`: max_num_seqs 1024, max_num_batched_tokens 8192.
  // page (sliding and full alike) = 16 x 8 heads x (64 + 64) x 2 B = 32,768 B
  // 12 sliding + 12 full layers -> group size 12, 2 groups; bytes per block = 12 x 32,768 =
  // 393,216; with 40 GiB: 42,949,672,960 // 393,216 = 109,226 blocks.
  // Per request at 131,072 tokens:
  //   full group: 131,072 / 16 = 8,192 blocks
  //   sliding group, v0.26+ (2 batches in flight, 2 x 8,192 = 16,384 tokens):
  //     min(128 - 1 + 16,384, 131,072) = 16,511 -> cdiv(16,511, 16) + 1 = 1,033 blocks
  //   total 9,225: concurrency 109,226 / 9,225 = 11.84, tokens int(11.8402... x 131,072) = 1,551,920
  constexpr deployment d{.model = models::gpt_oss_20b,
                         .gpu = gpus::h100_sxm,
                         .kv_cache_memory_bytes = 40 * GiB,
                         .max_model_len = 131072};
  constexpr plan p = make_plan(d);
  STATIC_REQUIRE(p.block_size == 16);
  STATIC_REQUIRE(p.max_num_batched_tokens == 8192);
  STATIC_REQUIRE(p.in_flight_tokens == 16'384);
  STATIC_REQUIRE(p.num_groups == 2);
  STATIC_REQUIRE(p.bytes_per_block == 393'216);
  STATIC_REQUIRE(p.num_gpu_blocks == 109'226);
  STATIC_REQUIRE(p.buckets[0].spec.kind == spec_kind::sliding_window);  // layer 0 slides
  STATIC_REQUIRE(p.buckets[0].blocks_per_request == 1'033);
  STATIC_REQUIRE(p.buckets[1].blocks_per_request == 8'192);
  STATIC_REQUIRE(p.blocks_per_request == 9'225);
  STATIC_REQUIRE(p.kv_cache_tokens == 1'551'920);
  REQUIRE(p.max_concurrency == Approx(11.8402).epsilon(1e-5));

  // v0.25 sized the window for one batch: min(127 + 8,192, 131,072) = 8,319 ->
  // cdiv(8,319, 16) + 1 = 521, total 8,713; tokens int(109,226 / 8,713 x 131,072) = 1,643,116.
  deployment older = d;
  older.vllm = {0, 25, 0};
  const plan q = make_plan(older);
  REQUIRE(q.in_flight_tokens == 8192);
  REQUIRE(q.blocks_per_request == 8'713);
  REQUIRE(q.kv_cache_tokens == 1'643'116);
}

TEST_CASE("Nemotron 3 Nano: Mamba-2 state aligns the attention block size", "[plan][mamba]") {
  // Attention bytes per token (TP=1, bf16): 2 KV heads x (128 + 128) x 2 B = 1,024 B.
  // Mamba-2 state per layer: conv (4 - 1) x (64 x 64 + 2 x 8 x 128 = 6,144) x 2 B = 36,864
  //   plus SSM 64 heads x 64 x 128 x 4 B (mamba_ssm_cache_dtype float32) = 2,097,152
  //   = 2,134,016 B.
  // Block: 16 x cdiv(2,134,016, 16 x 1,024) = 16 x 131 = 2,096 tokens; attention page
  //   2,096 x 1,024 = 2,146,304 B; each Mamba page is padded to it.
  // Groups: 6 attention + 23 Mamba layers -> group size 6: 1 attention group, cdiv(23, 6) = 4
  //   Mamba groups; bytes per block = 6 x 2,146,304 = 12,877,824.
  // With 100 GiB: 107,374,182,400 // 12,877,824 = 8,337 blocks.
  // Per request at 32,768 tokens: cdiv(32,768, 2,096) = 16 attention blocks, plus per Mamba
  //   group 2 pages (prefix caching is on for hybrids from v0.28: "align" mode) = 16 + 8 = 24;
  //   concurrency 8,337 / 24 = 347.375, tokens 347.375 x 32,768 = 11,382,784.
  constexpr deployment d{.model = models::nemotron_3_nano,
                         .gpu = gpus::h100_sxm,
                         .kv_cache_memory_bytes = 100 * GiB,
                         .max_model_len = 32768};
  constexpr plan p = make_plan(d);
  STATIC_REQUIRE(p.block_size == 2'096);
  STATIC_REQUIRE(p.buckets[0].spec.kind == spec_kind::mamba);  // layer 0 is Mamba
  STATIC_REQUIRE(p.buckets[0].spec.real_page_size_bytes() == 2'134'016);
  STATIC_REQUIRE(p.buckets[0].spec.page_size_bytes() == 2'146'304);
  STATIC_REQUIRE(p.buckets[1].spec.page_size_bytes() == 2'146'304);
  STATIC_REQUIRE(p.buckets[0].num_groups == 4);
  STATIC_REQUIRE(p.buckets[1].num_groups == 1);
  STATIC_REQUIRE(p.bytes_per_block == 12'877'824);
  STATIC_REQUIRE(p.num_gpu_blocks == 8'337);
  STATIC_REQUIRE(p.mamba_mode == mamba_cache_mode::align);
  STATIC_REQUIRE(p.blocks_per_request == 24);
  STATIC_REQUIRE(p.kv_cache_tokens == 11'382'784);
  STATIC_REQUIRE(p.state_bytes_per_request == 23 * 2'134'016);

  // v0.27 kept prefix caching off for hybrids: one page per Mamba group, 16 + 4 = 20 blocks,
  // concurrency 8,337 / 20 = 416.85.
  deployment older = d;
  older.vllm = {0, 27, 0};
  const plan q = make_plan(older);
  REQUIRE(q.mamba_mode == mamba_cache_mode::none);
  REQUIRE(q.blocks_per_request == 20);
  REQUIRE(q.max_concurrency == Approx(416.85));

  // Asked for before v0.28, prefix caching put NemotronH (SupportsMambaPrefixCaching) in "all"
  // mode, a layout kvplan refuses to guess; v0.10.1 failed on it, and it was on by default.
  older.enable_prefix_caching = prefix_caching::enabled;
  REQUIRE(try_plan(older).error.code == errc::mamba_all_cache_mode_not_modelled);
  older.vllm = {0, 10, 1};
  older.enable_prefix_caching = prefix_caching::by_default;
  REQUIRE(try_plan(older).error.code == errc::feature_needs_newer_vllm);
  older.enable_prefix_caching = prefix_caching::disabled;
  REQUIRE(try_plan(older).ok());

  // An fp8 cache halves the attention bytes, so the block doubles:
  // 16 x cdiv(2,134,016, 16 x 512) = 16 x 261 = 4,176.
  deployment fp8 = d;
  fp8.kv_cache_dtype = cache_dtype::fp8;
  REQUIRE(make_plan(fp8).block_size == 4'176);
}

namespace {
// A model that exists only for a test: its layers and maximum length are what matter.
constexpr model toy_model(std::string_view name, layer_stack layers, std::int32_t max_model_len) {
  return {.name = name, .hf_id = name, .model_type = "toy", .source = "test toy", .hidden_size = 4096,
          .num_attention_heads = 32, .vocab_size = 65536, .max_model_len = max_model_len,
          .total_params = 1'000'000'000, .active_params = 1'000'000'000, .layers = layers};
}
// A Jamba-shaped toy: 32 layers, attention at i % 8 == 4 (4 layers of 8 KV heads x 128), the
// other 28 Mamba-1 (intermediate_size 8,192, state_size 16, conv_kernel 4), bfloat16.
constexpr model mamba1_hybrid =
    toy_model("toy/mamba1-hybrid",
              pattern_layers("MMMMAMMMMMMMAMMMMMMMAMMMMMMMAMMM", {{'M', mamba1(8192, 16, 4)}, {'A', full_attention(8, 128)}}),
              262144);
// A cross-layer KV sharing toy: 8 layers, the last 4 read the cache of earlier ones.
constexpr model kv_sharing =
    toy_model("toy/kv-sharing", pattern_layers("AAAASSSS", {{'A', full_attention(8, 128)}, {'S', kv_shared()}}), 32768);
}  // namespace

TEST_CASE("prefix caching asked for on a GDN hybrid: dropped before align mode, align after", "[plan][mamba]") {
  // Qwen3-Next: no SupportsMambaPrefixCaching. v0.13 drops --enable-prefix-caching (its log:
  // "Hybrid or mamba-based model detected without support for prefix caching: disabling");
  // from v0.15 it runs in align mode: 2 blocks in each of the 3 GDN groups instead of 1.
  deployment d{.model = models::qwen3_next_80b, .gpu = gpus::h200, .tensor_parallel_size = 2,
               .kv_cache_memory_bytes = 40 * GiB, .max_model_len = 32768,
               .enable_prefix_caching = prefix_caching::enabled, .vllm = {0, 13, 0}};
  const plan dropped = make_plan(d);
  CHECK_FALSE(dropped.prefix_caching);
  CHECK(dropped.mamba_mode == mamba_cache_mode::none);
  d.vllm = {0, 15, 0};
  const plan aligned = make_plan(d);
  CHECK(aligned.prefix_caching);
  CHECK(aligned.mamba_mode == mamba_cache_mode::align);
  CHECK(aligned.blocks_per_request == dropped.blocks_per_request + 3);
  // v0.10.2 - v0.11.0 dropped it for every hybrid, NemotronH too.
  deployment nano{.model = models::nemotron_3_nano, .gpu = gpus::h100_sxm, .kv_cache_memory_bytes = 40 * GiB,
                  .enable_prefix_caching = prefix_caching::enabled, .vllm = {0, 11, 0}};
  CHECK(make_plan(nano).mamba_mode == mamba_cache_mode::none);
}

TEST_CASE("Qwen3.5-122B over 2 x L40S, v0.16.1: align mode, a start-up log's figures", "[plan][mamba]") {
  // A v0.16.1rc1 nightly, TP 2, --kv-cache-dtype fp8 --enable-prefix-caching --max-model-len
  // 131072 --max-num-batched-tokens 8192 --max-num-seqs 6: "Setting attention block size to 4176
  // tokens"; "Available KV cache memory: 1.73 GiB"; "GPU KV cache size: 75,168 tokens";
  // "Maximum concurrency for 131,072 tokens per request: 1.89x" (docker compose logs, index
  // file 51840052075). 75,168 = 72 blocks // 4 groups x 4,176: the count before v0.20.2.
  const deployment d{.model = models::qwen3_5_122b_a10b, .gpu = gpus::l40s, .tensor_parallel_size = 2,
                     .kv_cache_dtype = cache_dtype::fp8,
                     .kv_cache_memory_bytes = static_cast<count_t>(1.73 * static_cast<double>(GiB)),
                     .max_model_len = 131072, .max_num_seqs = 6, .max_num_batched_tokens = 8192,
                     .enable_prefix_caching = prefix_caching::enabled, .vllm = {0, 16, 1}};
  const plan p = make_plan(d);
  CHECK(p.mamba_mode == mamba_cache_mode::align);
  CHECK(p.block_size == 4'176);
  CHECK(p.kv_cache_tokens == 75'168);
  CHECK(std::abs(p.max_concurrency - 1.89) < 0.005);
}

TEST_CASE("Mamba-1 hybrid: conv and SSM state per request, block aligned to it", "[plan][mamba]") {
  // Attention, TP 1: 8 KV heads x (128 + 128) x 2 B = 4,096 B per token per layer.
  // Mamba-1 state per layer (mamba1_state_shape): conv (4 - 1) x 8,192 x 2 B = 49,152, SSM
  //   8,192 x 16 x 2 B = 262,144: 311,296 B.
  // Block: 16 x cdiv(311,296, 16 x 4,096) = 16 x 5 = 80 tokens; page 80 x 4,096 = 327,680 B.
  // Groups: 4 attention + 28 Mamba layers -> group size 4: 1 + 7 groups; 4 x 327,680 =
  //   1,310,720 B per block; 10 GiB // 1,310,720 = 8,192 blocks.
  // Per request at 32,768 tokens without prefix caching: cdiv(32,768, 80) = 410 attention
  //   blocks + 7 Mamba pages = 417; concurrency 8,192 / 417 = 19.645..., tokens
  //   int(19.6450839... x 32,768) = 643,730.
  constexpr deployment d{.model = mamba1_hybrid,
                         .gpu = gpus::h100_sxm,
                         .kv_cache_memory_bytes = 10 * GiB,
                         .max_model_len = 32768,
                         .enable_prefix_caching = prefix_caching::disabled};
  STATIC_REQUIRE(cache_cost_of(mamba1_hybrid) == cache_cost{4 * 4'096, 0, 28 * 311'296});
  constexpr plan p = make_plan(d);
  STATIC_REQUIRE(p.block_size == 80);
  STATIC_REQUIRE(p.buckets[0].spec.kind == spec_kind::mamba);
  STATIC_REQUIRE(p.buckets[0].spec.real_page_size_bytes() == 311'296);
  STATIC_REQUIRE(p.buckets[0].spec.page_size_bytes() == 327'680);
  STATIC_REQUIRE(p.buckets[0].num_groups == 7);
  STATIC_REQUIRE(p.buckets[1].num_groups == 1);
  STATIC_REQUIRE(p.bytes_per_block == 1'310'720);
  STATIC_REQUIRE(p.num_gpu_blocks == 8'192);
  STATIC_REQUIRE(p.blocks_per_request == 417);
  STATIC_REQUIRE(p.kv_cache_tokens == 643'730);
  STATIC_REQUIRE(p.state_bytes_per_request == 8'716'288);  // 28 x 311,296
  // TP 2 halves both: conv 3 x 4,096 x 2 + SSM 4,096 x 16 x 2 = 155,648 B; attention
  // 4 heads -> 2,048 B a token; block 16 x cdiv(155,648, 32,768) = 80 again.
  deployment tp2 = d;
  tp2.tensor_parallel_size = 2;
  const plan q = make_plan(tp2);
  REQUIRE(q.state_bytes_per_request == 28 * 155'648);
  REQUIRE(q.block_size == 80);
  // A TP that does not divide intermediate_size is vLLM's divide() assertion, here an error.
  model odd = mamba1_hybrid;
  odd.layers = pattern_layers("MA", {{'M', mamba1(8190, 16, 4)}, {'A', full_attention(8, 128)}});
  deployment bad = d;
  bad.model = odd;
  bad.tensor_parallel_size = 4;
  REQUIRE(try_plan(bad).error.code == errc::tensor_parallel_size_must_divide_state_heads);
}

TEST_CASE("FULL CUDA graphs need a Mamba state block for each sequence (v0.19+)", "[plan][mamba][cudagraphs]") {
  // The Mamba-1 toy above: 1,310,720 B a block, so 1 GiB holds 1,073,741,824 // 1,310,720 = 819
  // blocks, enough for one request at 32,768 tokens (417). An H100's default max_num_seqs is
  // 1,024: FULL decode graphs would need 1,024 state blocks, and vLLM refuses ("max_num_seqs
  // (1024) exceeds available Mamba cache blocks (819)").
  deployment d{.model = mamba1_hybrid, .gpu = gpus::h100_sxm, .kv_cache_memory_bytes = GiB, .max_model_len = 32768,
               .enable_prefix_caching = prefix_caching::disabled};
  const plan p = make_plan(d);
  CHECK(p.num_gpu_blocks == 819);
  CHECK(p.max_num_seqs == 1024);
  CHECK(p.needed_bytes <= p.usable_kv_cache_bytes);
  CHECK(p.verdict == errc::max_num_seqs_exceeds_mamba_cache_blocks);
  // The margin is the blocks': (819 - 1,024) x 1,310,720 = -268,697,600 B.
  CHECK(p.seqs_need_mamba_blocks);
  CHECK(p.fit_margin_bytes() == -268'697'600);
  CHECK(verdict_error(p) == error{errc::max_num_seqs_exceeds_mamba_cache_blocks, {1024, 819}});
  CHECK(std::string(verdict_message(p).view()) ==
        "max_num_seqs (1024) exceeds available Mamba cache blocks (819). Each decode sequence requires one Mamba "
        "cache block, so CUDA graph capture cannot proceed. Please lower max_num_seqs to at most 819 or increase "
        "gpu_memory_utilization.");
  // The lever: as many sequences as blocks.
  bool lowered = false;
  for (const what_if& w : what_ifs(d, p)) {
    if (w.lever != lever::fewer_max_num_seqs) continue;
    lowered = true;
    CHECK(w.changed.max_num_seqs == 819);
    CHECK(w.result.plan.fits());
  }
  CHECK(lowered);
  // What vLLM starts: 819 sequences; no FULL graphs (eager, or PIECEWISE only); before v0.19,
  // which capped the capture sizes instead; an attention-only model.
  deployment x = d;
  x.max_num_seqs = 819;
  CHECK(make_plan(x).fits());
  CHECK(make_plan(x).fit_margin_bytes() == 0);
  x = d;
  x.enforce_eager = true;
  CHECK(make_plan(x).fits());
  x = d;
  x.cudagraph_mode = cudagraph_mode::piecewise;
  CHECK(make_plan(x).fits());
  x = d;
  x.vllm = {0, 18, 0};
  CHECK(make_plan(x).fits());
  // A speculative decoder keeps FULL decode graphs where every backend runs uniform batches of
  // 1 + K tokens: FlashAttention on the H100 (and the Mamba backends) do, so vLLM still refuses
  // (a public H100 NVL log with MTP: "max_num_seqs (1024) exceeds available Mamba cache blocks
  // (983)"); FlashInfer does where its TRT-LLM kernels serve the decode (the sm100 family: a
  // B200), not elsewhere (UNIFORM_SINGLE_TOKEN_DECODE: an H100), where FULL graphs are dropped.
  x = d;
  x.speculative = {.method = speculative_method::ngram, .num_speculative_tokens = 3};
  CHECK(make_plan(x).backend == attention_backend::flash_attn);
  CHECK(make_plan(x).verdict == errc::max_num_seqs_exceeds_mamba_cache_blocks);
  x.backend = attention_backend::flashinfer;
  CHECK(make_plan(x).fits());
  x.gpu = gpus::b200;
  CHECK(make_plan(x).num_gpu_blocks < make_plan(x).max_num_seqs);
  CHECK(make_plan(x).verdict == errc::max_num_seqs_exceeds_mamba_cache_blocks);
  // Lightning attention's builder decodes one token a request (UNIFORM_SINGLE_TOKEN_DECODE): a
  // MiniMax-style hybrid with a speculative decoder runs PIECEWISE on FlashAttention too, and
  // starts; without one it keeps FULL graphs and is refused. A state of 8 heads x 128 x 128 x
  // 2 B = 262,144 B sets the page (the attention layer: 64 tokens x 2 x 8 x 128 x 2 B), so 128
  // MiB holds 512 blocks, 135 a request at 8,192 tokens (128 + 7 states), fewer than 1,024.
  const model lightning =
      toy_model("toy/lightning-hybrid", pattern_layers("LLLLLLLA", {{'L', linear_attention(8, 128)}, {'A', full_attention(8, 128)}}),
                262144);
  deployment l{.model = lightning, .gpu = gpus::h100_sxm, .kv_cache_memory_bytes = GiB / 8, .max_model_len = 8192,
               .enable_prefix_caching = prefix_caching::disabled};
  CHECK(make_plan(l).num_gpu_blocks == 512);
  CHECK(make_plan(l).blocks_per_request == 135);
  CHECK(make_plan(l).max_num_seqs == 1024);
  CHECK(make_plan(l).verdict == errc::max_num_seqs_exceeds_mamba_cache_blocks);
  l.speculative = {.method = speculative_method::ngram, .num_speculative_tokens = 3};
  CHECK(make_plan(l).backend == attention_backend::flash_attn);
  CHECK(make_plan(l).fits());
  // The MLA backends' levels: FlashMLA, FlashInfer MLA, FlashAttention MLA, Triton MLA and the
  // sparse ones UNIFORM_BATCH; CUTLASS MLA UNIFORM_SINGLE_TOKEN_DECODE.
  STATIC_REQUIRE(runs_uniform_batch_graphs(attention_backend::flashinfer_mla, gpus::b200));
  STATIC_REQUIRE(runs_uniform_batch_graphs(attention_backend::flash_attn_mla, gpus::h100_sxm));
  STATIC_REQUIRE(runs_uniform_batch_graphs(attention_backend::flashmla_sparse, gpus::h100_sxm));
  STATIC_REQUIRE(!runs_uniform_batch_graphs(attention_backend::cutlass_mla, gpus::b200));
  // The mode decides, not the graphs counted: FULL_AND_PIECEWISE with listed sizes all above
  // max_num_seqs captures no FULL graph, and vLLM's check still runs.
  x = d;
  x.max_num_seqs = 900;
  x.cudagraph_capture_sizes = {1024, 2048};
  CHECK(make_plan(x).verdict == errc::max_num_seqs_exceeds_mamba_cache_blocks);
  CHECK(make_plan({.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .kv_cache_memory_bytes = GiB,
                   .max_model_len = 4096})
            .fits());  // 512 blocks of 2 MiB, fewer than 1,024 sequences, and no Mamba state
}

TEST_CASE("layers that share another layer's KV cache cost nothing", "[plan][kv_shared]") {
  // 4 attention layers x 8 KV heads x (128 + 128) x 2 B = 16,384 B per token; the 4 sharing
  // layers add none. One group of the 4 attention layers: 4 x 16 x 4,096 = 262,144 B per block;
  // 1 GiB // 262,144 = 4,096 blocks; 32,768 / 16 = 2,048 blocks a request: concurrency 2.
  constexpr plan p = make_plan({.model = kv_sharing, .gpu = gpus::h100_sxm, .kv_cache_memory_bytes = GiB});
  STATIC_REQUIRE(p.kv_bytes_per_token == 16'384);
  STATIC_REQUIRE(p.num_groups == 1);
  STATIC_REQUIRE(p.bytes_per_block == 262'144);
  STATIC_REQUIRE(p.num_gpu_blocks == 4'096);
  STATIC_REQUIRE(p.blocks_per_request == 2'048);
  STATIC_REQUIRE(p.max_concurrency == 2.0);
}

TEST_CASE("Llama 4 Scout: chunked local layers hold a chunk plus the tokens in flight", "[plan][chunked]") {
  // TP 8: 1 KV head a rank, 16 x 256 x 2 B = 8,192 B a page per layer. 12 global + 36 chunked
  // layers -> group size 12: 1 full + 3 chunked groups; 12 x 8,192 = 98,304 B per block;
  // 40 GiB // 98,304 = 436,906 blocks.
  // Per request at 131,072 tokens: full 131,072 / 16 = 8,192 blocks; chunked (attention_chunk_size
  //   8,192) cdiv(min(8,192 + 2 x 8,192 in flight, 131,072), 16) = 1,536 per group, x 3 = 4,608:
  //   12,800 blocks; concurrency 436,906 / 12,800 = 34.13328125.
  constexpr deployment d{.model = models::llama_4_scout,
                         .gpu = gpus::h100_sxm,
                         .tensor_parallel_size = 8,
                         .kv_cache_memory_bytes = 40 * GiB,
                         .max_model_len = 131072};
  constexpr plan p = make_plan(d);
  STATIC_REQUIRE(p.in_flight_tokens == 16'384);
  STATIC_REQUIRE(p.num_groups == 4);
  STATIC_REQUIRE(p.bytes_per_block == 98'304);
  STATIC_REQUIRE(p.num_gpu_blocks == 436'906);
  STATIC_REQUIRE(p.blocks_per_request == 12'800);
  STATIC_REQUIRE(p.max_concurrency == 34.13328125);
  // Before async scheduling (v0.25) one batch is in flight: cdiv(16,384, 16) = 1,024 per chunked
  // group, 8,192 + 3 x 1,024 = 11,264 blocks.
  deployment older = d;
  older.vllm = {0, 25, 0};
  REQUIRE(make_plan(older).blocks_per_request == 11'264);
}

TEST_CASE("pipeline parallelism splits layers as vLLM does", "[plan][pp]") {
  // get_pp_indices(80, rank, 3): [26, 26, 26] plus the remainder 2 to the stages before the
  // last -> [27, 27, 26].
  STATIC_REQUIRE(pipeline_stage_layers(80, 0, 3).first == 0);
  STATIC_REQUIRE(pipeline_stage_layers(80, 0, 3).count == 27);
  STATIC_REQUIRE(pipeline_stage_layers(80, 1, 3).first == 27);
  STATIC_REQUIRE(pipeline_stage_layers(80, 1, 3).count == 27);
  STATIC_REQUIRE(pipeline_stage_layers(80, 2, 3).first == 54);
  STATIC_REQUIRE(pipeline_stage_layers(80, 2, 3).count == 26);
  // 61 layers over 4 stages: [15, 15, 15, 15] + 1 to stage 2 -> [15, 15, 16, 15].
  STATIC_REQUIRE(pipeline_stage_layers(61, 2, 4).count == 16);
  STATIC_REQUIRE(pipeline_stage_layers(61, 3, 4).count == 15);

  // Llama-3.1-70B, TP=2 PP=3, 40 GiB per GPU. Page: 16 x 4 heads x 256 x 2 B = 32,768 B.
  // Stages 0 and 1: 27 x 32,768 = 884,736 B per block -> 42,949,672,960 // 884,736 = 48,545.
  // Stage 2: 26 x 32,768 = 851,968 -> 50,412. The engine uses the smallest: 48,545.
  constexpr plan p = make_plan({.model = models::llama_3_1_70b,
                                .gpu = gpus::h100_sxm,
                                .tensor_parallel_size = 2,
                                .pipeline_parallel_size = 3,
                                .kv_cache_memory_bytes = 40 * GiB});
  STATIC_REQUIRE(p.stages.size() == 3);
  STATIC_REQUIRE(p.stages[0].bytes_per_block == 884'736);
  STATIC_REQUIRE(p.stages[2].bytes_per_block == 851'968);
  STATIC_REQUIRE(p.stages[0].num_blocks == 48'545);
  STATIC_REQUIRE(p.stages[2].num_blocks == 50'412);
  STATIC_REQUIRE(p.num_gpu_blocks == 48'545);
}

TEST_CASE("KV bytes per request per GPU and per engine; the headroom", "[plan][pp]") {
  // Llama-3.1-70B, TP=2 PP=3 at 8,192 tokens: 8,192 / 16 = 512 blocks a request.
  // Largest stage (27 layers): 512 x 884,736 = 452,984,832 B on each of its GPUs.
  // The engine: (27 + 27 + 26) layers x 32,768 B a block-layer x 512 blocks x 2 TP ranks
  //   = 80 x 32,768 x 512 x 2 = 2,684,354,560 B, the whole model's 327,680 B a token x 8,192.
  constexpr plan p = make_plan({.model = models::llama_3_1_70b,
                                .gpu = gpus::h100_sxm,
                                .tensor_parallel_size = 2,
                                .pipeline_parallel_size = 3,
                                .max_model_len = 8192});
  STATIC_REQUIRE(p.blocks_per_request == 512);
  STATIC_REQUIRE(p.kv_bytes_per_request == 452'984'832);
  STATIC_REQUIRE(p.kv_bytes_per_request_total == 2'684'354'560);
  STATIC_REQUIRE(p.kv_bytes_per_request_total == 327'680LL * 8192);
  // Headroom: the H100's 81,080 MiB = 85,018,542,080 B, less ceil(85,018,542,080 x 0.92) =
  //   ceil(78,217,058,713.6) = 78,217,058,714 B: 6,801,483,366 B that vLLM leaves to other processes.
  STATIC_REQUIRE(p.requested_memory_bytes == 78'217'058'714);
  STATIC_REQUIRE(p.headroom_bytes == 6'801'483'366);
  // With --kv-cache-memory-bytes nothing is requested: the headroom is what the estimates and
  // the given cache leave, and goes negative when they exceed the GPU.
  deployment d{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .max_model_len = 8192};
  d.memory = {.weights_bytes = 16 * GiB, .activation_bytes = 5 * GiB, .non_torch_bytes = GiB, .cudagraph_bytes = GiB};
  d.kv_cache_memory_bytes = 50 * GiB;
  // 85,018,542,080 - 73 GiB (78,383,153,152) = 6,635,388,928.
  REQUIRE(make_plan(d).headroom_bytes == 6'635'388'928);
  d.kv_cache_memory_bytes = 60 * GiB;  // 83 GiB of 79.18: 85,018,542,080 - 89,120,571,392
  REQUIRE(make_plan(d).headroom_bytes == -4'102'029'312);
}

TEST_CASE("the fit check reserves the null block and finds the largest max_model_len", "[plan][fit]") {
  // Llama-3.1-8B at 131,072 tokens needs 8,192 blocks of 2 MiB = 16 GiB. With exactly 16 GiB
  // the check (v0.29+) compares against 16 GiB - 2 MiB and fails; the largest length that
  // fits is (8,192 - 1) x 16 = 131,056 tokens.
  constexpr deployment d{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .kv_cache_memory_bytes = 16 * GiB};
  constexpr plan p = make_plan(d);
  STATIC_REQUIRE(p.verdict == errc::max_model_len_does_not_fit);
  STATIC_REQUIRE(p.needed_bytes == 16 * GiB);
  STATIC_REQUIRE(p.usable_kv_cache_bytes == 16 * GiB - 2 * MiB);
  STATIC_REQUIRE(p.estimated_max_model_len == 131'056);
  // vLLM before v0.29 checked the whole memory: it fits.
  deployment older = d;
  older.vllm = {0, 28, 0};
  REQUIRE(make_plan(older).fits());
  // --max-model-len auto takes the largest length that fits.
  deployment autofit = d;
  autofit.max_model_len = auto_max_model_len;
  const plan a = make_plan(autofit);
  REQUIRE(a.fits());
  REQUIRE(a.max_model_len == 131'056);
}

TEST_CASE("the largest max_model_len that fits, past the requested one", "[plan][fit]") {
  // vLLM's estimate stops at the requested length; kvplan also searches up to the model's
  // maximum. 4 GiB of KV cache for Llama-3.1-8B: 2,048 blocks of 2 MiB, the null block
  // reserved: 2,047 x 16 = 32,752 tokens for one request.
  constexpr deployment d{.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .kv_cache_memory_bytes = 4 * GiB,
                         .max_model_len = 8192};
  constexpr plan p = make_plan(d);
  STATIC_REQUIRE(p.fits());
  STATIC_REQUIRE(p.estimated_max_model_len == 8'192);
  STATIC_REQUIRE(p.largest_max_model_len == 32'752);
  // With room for every length, the model's maximum.
  STATIC_REQUIRE(make_plan({.model = models::llama_3_1_8b, .gpu = gpus::h100_sxm, .kv_cache_memory_bytes = 60 * GiB,
                            .max_model_len = 8192})
                     .largest_max_model_len == 131'072);
}

TEST_CASE("vLLM's default budget: utilization of the total, minus what is not KV", "[plan][budget]") {
  // H100: total 81080 MiB. v0.33 default utilization 0.92: ceil(85,018,542,080 x 0.92) =
  // 78,217,058,714 B requested; v0.19 default 0.9: 76,516,687,872 B (71.26 GiB).
  constexpr deployment d{.model = models::llama_3_1_8b,
                         .gpu = gpus::h100_sxm,
                         .memory = {.weights_bytes = 16'060'522'496,
                                    .activation_bytes = 5 * GiB,
                                    .non_torch_bytes = GiB / 8,
                                    .cudagraph_bytes = GiB / 2}};
  constexpr plan p = make_plan(d);
  STATIC_REQUIRE(p.gpu_memory_utilization == 0.92);
  STATIC_REQUIRE(p.requested_memory_bytes == 78'217'058'714);
  // 78,217,058,714 - 16,060,522,496 - 5,368,709,120 - 134,217,728 - 536,870,912
  STATIC_REQUIRE(p.available_kv_cache_bytes == 56'116'738'458);
  deployment older = d;
  older.vllm = {0, 19, 0};
  const plan q = make_plan(older);
  REQUIRE(q.requested_memory_bytes == 76'516'687'872);
  REQUIRE(q.cudagraph_bytes == 0);  // not subtracted before v0.20
  REQUIRE(q.available_kv_cache_bytes == 76'516'687'872 - 16'060'522'496 - 5'368'709'120 - 134'217'728);
}

TEST_CASE("\"GPU KV cache size\": blocks per group before v0.20.2, concurrency x max_model_len after", "[plan][capacity]") {
  // Gemma-4-26B-A4B (NVFP4) on an RTX 5090, fp8 cache, --max-model-len 256000 --max-num-seqs 2
  // --max-num-batched-tokens 16384, vLLM 0.20.2: "Available KV cache memory: 4.58 GiB"; "GPU KV
  // cache size: 286,007 tokens"; "Maximum concurrency for 256,000 tokens per request: 1.12x"
  // (index file 56816929356). 286,007 = int(1.1172 x 256,000): no multiple of the block, the
  // formula of vLLM PR #41069. Before it, the count was num_blocks // groups x block_size.
  deployment d{.model = models::gemma_4_26b_a4b, .gpu = gpus::rtx_5090, .kv_cache_dtype = cache_dtype::fp8_e4m3,
               .kv_cache_memory_bytes = static_cast<count_t>(4.58 * static_cast<double>(GiB)),
               .max_model_len = 256000, .max_num_seqs = 2, .max_num_batched_tokens = 16384,
               .enable_prefix_caching = prefix_caching::enabled, .vllm = {0, 20, 2}};
  const plan now = make_plan(d);
  CHECK(now.kv_cache_tokens == static_cast<count_t>(now.max_concurrency * 256000));
  CHECK(std::abs(now.max_concurrency - 1.12) < 0.005);
  CHECK(std::abs(static_cast<double>(now.kv_cache_tokens) / 286'007.0 - 1) < 0.002);  // 4.58 GiB is rounded
  d.vllm = {0, 20, 0};
  const plan before = make_plan(d);
  CHECK(before.kv_cache_tokens == before.num_gpu_blocks / before.num_groups * before.block_size);
  CHECK(before.kv_cache_tokens < now.kv_cache_tokens / 7);  // the sliding groups counted as full ones
}
