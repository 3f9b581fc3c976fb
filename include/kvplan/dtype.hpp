// Element types: what weights and the KV cache are stored as, and their exact byte costs.
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/error.hpp"
#include "kvplan/units.hpp"

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

namespace kvplan::inline v0 {

// Storage types of weights and of Mamba / linear-attention state.
enum class dtype : std::uint8_t {
  float32,
  float16,
  bfloat16,
  fp8_e4m3,  // OCP e4m3 (NVIDIA Hopper/Ada/Blackwell, AMD CDNA4)
  fp8_e5m2,
  int8,
  int4,
  nvfp4,  // e2m1 values + one e4m3 scale per 16 values (Blackwell)
  mxfp4,  // e2m1 values + one e8m0 scale per 32 values (gpt-oss checkpoints)
};

// Bytes per element, for whole-byte types (Mamba state dtypes are all whole-byte).
constexpr count_t element_bytes(dtype t) {
  switch (t) {
    case dtype::float32: return 4;
    case dtype::float16:
    case dtype::bfloat16: return 2;
    case dtype::fp8_e4m3:
    case dtype::fp8_e5m2:
    case dtype::int8: return 1;
    case dtype::int4:
    case dtype::nvfp4:
    case dtype::mxfp4: break;
  }
  fail(errc::arithmetic_overflow, static_cast<std::int64_t>(t), 0);  // not a whole-byte type
  return 0;
}

// The floating-point types a model computes in (vLLM's --dtype); the others are quantized
// storage formats.
constexpr bool is_float_dtype(dtype t) { return t == dtype::float16 || t == dtype::bfloat16 || t == dtype::float32; }

// Storage bits per 1000 parameters, for weight-size estimates: nvfp4 = 4 bits + 8 bits per 16 =
// 4.5 bits; mxfp4 = 4 + 8/32 = 4.25 bits. Integer formats' group scales depend on the checkpoint
// (weight_bits in model.hpp).
constexpr count_t millibits_per_element(dtype t) {
  switch (t) {
    case dtype::float32: return 32000;
    case dtype::float16:
    case dtype::bfloat16: return 16000;
    case dtype::fp8_e4m3:
    case dtype::fp8_e5m2:
    case dtype::int8: return 8000;
    case dtype::int4: return 4000;
    case dtype::nvfp4: return 4500;
    case dtype::mxfp4: return 4250;
  }
  return 0;
}

// The same per parameter, for the estimates that work in bits.
constexpr double bits_per_element(dtype t) { return static_cast<double>(millibits_per_element(t)) / 1000.0; }

constexpr bool is_fp8(dtype t) { return t == dtype::fp8_e4m3 || t == dtype::fp8_e5m2; }

constexpr std::string_view to_string(dtype t) {
  switch (t) {
    case dtype::float32: return "float32";
    case dtype::float16: return "float16";
    case dtype::bfloat16: return "bfloat16";
    case dtype::fp8_e4m3: return "fp8_e4m3";
    case dtype::fp8_e5m2: return "fp8_e5m2";
    case dtype::int8: return "int8";
    case dtype::int4: return "int4";
    case dtype::nvfp4: return "nvfp4";
    case dtype::mxfp4: return "mxfp4";
  }
  return "?";
}

// vLLM's --kv-cache-dtype choices (vllm/config/cache.py CacheDType) that kvplan sizes.
// `auto` resolves to the model's dtype (or to the checkpoint's KV scheme, see deployment).
enum class cache_dtype : std::uint8_t {
  auto_,
  float16,
  bfloat16,
  fp8,  // alias of fp8_e4m3
  fp8_e4m3,
  fp8_e5m2,
  fp8_inc,
  fp8_ds_mla,  // DeepSeek-V3.2 FlashMLA-sparse latent: 656 B per token per layer
  nvfp4,
  int8_per_token_head,
  fp8_per_token_head,
  int4_per_token_head,
};

inline constexpr std::array<cache_dtype, 12> all_kv_cache_dtypes = {
    cache_dtype::auto_,      cache_dtype::float16,
    cache_dtype::bfloat16,   cache_dtype::fp8,
    cache_dtype::fp8_e4m3,   cache_dtype::fp8_e5m2,
    cache_dtype::fp8_inc,    cache_dtype::fp8_ds_mla,
    cache_dtype::nvfp4,      cache_dtype::int8_per_token_head,
    cache_dtype::fp8_per_token_head, cache_dtype::int4_per_token_head,
};

// The spelling vLLM's flag takes.
constexpr std::string_view to_string(cache_dtype t) {
  switch (t) {
    case cache_dtype::auto_: return "auto";
    case cache_dtype::float16: return "float16";
    case cache_dtype::bfloat16: return "bfloat16";
    case cache_dtype::fp8: return "fp8";
    case cache_dtype::fp8_e4m3: return "fp8_e4m3";
    case cache_dtype::fp8_e5m2: return "fp8_e5m2";
    case cache_dtype::fp8_inc: return "fp8_inc";
    case cache_dtype::fp8_ds_mla: return "fp8_ds_mla";
    case cache_dtype::nvfp4: return "nvfp4";
    case cache_dtype::int8_per_token_head: return "int8_per_token_head";
    case cache_dtype::fp8_per_token_head: return "fp8_per_token_head";
    case cache_dtype::int4_per_token_head: return "int4_per_token_head";
  }
  return "?";
}

constexpr std::optional<cache_dtype> parse_kv_cache_dtype(std::string_view s) {
  for (const cache_dtype t : all_kv_cache_dtypes)
    if (to_string(t) == s) return t;
  return std::nullopt;
}

// Formats that pack values below a byte or append per-vector scales (nvfp4, *_per_token_head):
// standard attention only. MLA backends cannot store a latent in them, and a kernel cannot
// address their elements as a plain (head, dim) array.
constexpr bool is_packed(cache_dtype t) {
  return t == cache_dtype::nvfp4 || t == cache_dtype::int8_per_token_head ||
         t == cache_dtype::fp8_per_token_head || t == cache_dtype::int4_per_token_head;
}

// Does this KV cache dtype store values in 8-bit floating point (needs fp8 hardware)?
constexpr bool is_fp8(cache_dtype t) {
  return t == cache_dtype::fp8 || t == cache_dtype::fp8_e4m3 ||
         t == cache_dtype::fp8_e5m2 || t == cache_dtype::fp8_inc ||
         t == cache_dtype::fp8_ds_mla || t == cache_dtype::fp8_per_token_head;
}

// How a resolved KV cache dtype lays out one head vector of d elements (one token, one
// head, K or V). vLLM's AttentionSpec.page_size_bytes multiplies this by heads x tokens.
struct kv_element_format {
  count_t numerator = 2;    // bytes per element = numerator / denominator
  count_t denominator = 1;
  count_t scale_group = 0;  // elements per scale (nvfp4: 16 values share one fp8 scale)
  count_t scale_bytes = 0;  // bytes per scale group
  count_t per_vector_bytes = 0;  // fixed bytes per head vector (per-token-head fp32 scale)
};

// The rule a head size must meet to be stored in format f: packed formats (nvfp4) need a whole
// number of bytes and of scale groups per head vector. validate() and the arithmetic share it.
constexpr error head_packing_error(const kv_element_format& f, count_t d) {
  if (d <= 0) return {errc::head_size_must_be_positive, {-1, d}};
  if ((d * f.numerator) % f.denominator != 0) return {errc::head_size_not_divisible_for_kv_cache_dtype, {d, f.denominator}};
  if (f.scale_group > 0 && d % f.scale_group != 0)
    return {errc::head_size_not_divisible_for_kv_cache_dtype, {d, f.scale_group}};
  return {};
}

// Head-vector bytes for d elements: d*B plus scales.
constexpr count_t head_vector_bytes(const kv_element_format& f, count_t d) {
  enforce(head_packing_error(f, d));
  const count_t bytes = checked_mul(d, f.numerator) / f.denominator;
  return bytes + (f.scale_group > 0 ? d / f.scale_group * f.scale_bytes : 0) + f.per_vector_bytes;
}

// The element format a KV cache dtype stores, given the dtype `auto` resolves to.
// Sources (vllm/v1/kv_cache_interface.py): fp8* are 1 byte with per-tensor scales (no page
// overhead); *_per_token_head add one fp32 scale per (token, head) for K and for V;
// nvfp4 packs two values per byte plus one fp8 scale per 16 values (d/2 + d/16).
constexpr kv_element_format element_format(cache_dtype t, dtype model_dtype) {
  switch (t) {
    case cache_dtype::auto_: {
      switch (model_dtype) {
        case dtype::float32: return {4, 1, 0, 0, 0};
        case dtype::float16:
        case dtype::bfloat16: return {2, 1, 0, 0, 0};
        default: return {2, 1, 0, 0, 0};  // quantized checkpoints compute in 16-bit
      }
    }
    case cache_dtype::float16:
    case cache_dtype::bfloat16: return {2, 1, 0, 0, 0};
    case cache_dtype::fp8:
    case cache_dtype::fp8_e4m3:
    case cache_dtype::fp8_e5m2:
    case cache_dtype::fp8_inc:
    case cache_dtype::fp8_ds_mla: return {1, 1, 0, 0, 0};
    case cache_dtype::nvfp4: return {1, 2, 16, 1, 0};
    case cache_dtype::int8_per_token_head:
    case cache_dtype::fp8_per_token_head: return {1, 1, 0, 0, 4};
    case cache_dtype::int4_per_token_head: return {1, 2, 0, 0, 4};
  }
  return {};
}

// Bytes of one DeepSeek-V3.2 `fp8_ds_mla` latent: 512 fp8 NoPE values, 4 fp32 scales
// (one per 128 values) and 64 bf16 RoPE values = 512 + 16 + 128 (FlashMLA sparse layout).
inline constexpr count_t fp8_ds_mla_bytes_per_token = 656;

// Bytes of one DeepSeek-V3.2 indexer key: index_head_dim fp8 values plus one fp32 scale per
// 128 values (128 + 4 = 132 for index_head_dim 128), whatever --kv-cache-dtype says.
constexpr count_t indexer_bytes_per_token(count_t index_head_dim) {
  return index_head_dim + index_head_dim / 128 * 4;
}

}  // namespace kvplan::inline v0
