// The kvplan command line: vLLM's own flag names and value forms, plus kvplan's few.
// SPDX-License-Identifier: Apache-2.0
#include "kvplan_cli/options.hpp"

#include <kvplan/json.hpp>
#include <kvplan/registry.hpp>

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace kvplan_cli {
namespace {

// --- value parsers for the flags -------------------------------------------------------------

std::optional<kvplan::dtype> parse_model_dtype(std::string_view s) {
  // vLLM --dtype choices: auto, half, float16, bfloat16, float, float32 ("auto" = the config's).
  if (s == "half" || s == "float16") return kvplan::dtype::float16;
  if (s == "bfloat16") return kvplan::dtype::bfloat16;
  if (s == "float" || s == "float32") return kvplan::dtype::float32;
  return std::nullopt;
}

std::optional<kvplan::dtype> parse_mamba_dtype(std::string_view s) {
  // --mamba-cache-dtype / --mamba-ssm-cache-dtype choices: auto, float32, float16, bfloat16.
  if (s == "float32") return kvplan::dtype::float32;
  if (s == "float16") return kvplan::dtype::float16;
  if (s == "bfloat16") return kvplan::dtype::bfloat16;
  return std::nullopt;
}

std::optional<kvplan::attention_backend> parse_backend(std::string_view s) {
  for (const kvplan::attention_backend b : kvplan::named_attention_backends)
    if (lowercase(kvplan::to_string(b)) == lowercase(s)) return b;
  return std::nullopt;
}

// "8.9" / "12.0" -> 89 / 120 (NVIDIA major.minor); "gfx942" -> 942, "gfx90a" -> 910 (AMD).
std::optional<std::int32_t> parse_compute_capability(std::string_view s) {
  s = strip(s);
  if (s.size() >= 4 && lowercase(s.substr(0, 3)) == "gfx") {
    const std::string digits = lowercase(s.substr(3));
    if (digits.size() < 3 || digits.size() > 4) return std::nullopt;
    std::int32_t v = 0;
    for (std::size_t i = 0; i < digits.size(); ++i) {
      const char c = digits[i];
      if (is_digit(c)) v = v * 10 + (c - '0');
      else if (i == digits.size() - 1 && c >= 'a' && c <= 'f') v = v * 10 + (c - 'a' + 10);  // gfx90a: 90 x 10 + 10
      else return std::nullopt;
    }
    return v;
  }
  const std::size_t dot = s.find('.');
  if (dot == std::string_view::npos || dot == 0 || dot > 2 || s.size() != dot + 2) return std::nullopt;
  if (!is_digit(s[dot + 1]) || !std::all_of(s.begin(), s.begin() + static_cast<std::ptrdiff_t>(dot), is_digit))
    return std::nullopt;
  std::int32_t major = 0;
  for (std::size_t i = 0; i < dot; ++i) major = major * 10 + (s[i] - '0');
  return major * 10 + (s[dot + 1] - '0');
}

std::optional<kvplan::vllm_version> parse_vllm_version(std::string_view s) {
  s = strip(s);
  if (!s.empty() && (s.front() == 'v' || s.front() == 'V')) s.remove_prefix(1);
  std::int32_t parts[3] = {0, 0, 0};
  int n = 0;
  while (n < 3) {
    const std::size_t dot = s.find('.');
    const std::string_view piece = s.substr(0, dot);
    if (piece.empty() || piece.size() > 4 || !std::all_of(piece.begin(), piece.end(), is_digit)) return std::nullopt;
    parts[n++] = static_cast<std::int32_t>(*python_int(piece));
    if (dot == std::string_view::npos) break;
    s.remove_prefix(dot + 1);
    if (n == 3) return std::nullopt;
  }
  if (n < 2) return std::nullopt;
  const kvplan::vllm_version v{parts[0], parts[1], parts[2]};
  if (v < kvplan::oldest_vllm || v > kvplan::newest_vllm) return std::nullopt;
  return v;
}

// --speculative-config as vLLM takes it: a JSON object with "method" (mtp and its older
// per-model names such as deepseek_mtp, eagle, eagle3, draft_model, ngram, suffix),
// "num_speculative_tokens" and, for a draft, "model". A "model" without a method is a draft model.
std::string speculative_flag(options& o, std::string_view v) {
  const kvplan::json::document doc(v);
  if (!doc.ok() || !doc.root().is_object())
    return "a JSON object, e.g. '{\"method\": \"mtp\", \"num_speculative_tokens\": 3}'";
  const kvplan::json::object root(doc.root());
  for (std::uint32_t i = 0; i < root.indexed(); ++i) {
    const std::string_view key = root.key(i);
    if (key != "method" && key != "num_speculative_tokens" && key != "model" && key != "draft_tensor_parallel_size")
      return "keys kvplan reads: method, num_speculative_tokens, model (not \"" + std::string(key) + "\")";
  }
  o.speculative_method.reset();
  o.speculative_model.reset();
  o.num_speculative_tokens = 0;
  if (const auto m = root.find("model")) {
    if (!m.found.is_string() || m.found.raw().empty()) return "\"model\" must be a model name or a path";
    o.speculative_model = std::string(m.found.raw());
    o.speculative_method = kvplan::speculative_method::draft_model;
  }
  if (const auto m = root.find("method")) {
    if (!m.found.is_string()) return "\"method\" must be a string";
    const std::string name(m.found.raw());
    using kvplan::speculative_method;
    if (name == "mtp" || (name.size() > 4 && name.ends_with("_mtp"))) o.speculative_method = speculative_method::mtp;
    else if (name == "eagle") o.speculative_method = speculative_method::eagle;
    else if (name == "eagle3") o.speculative_method = speculative_method::eagle3;
    else if (name == "draft_model") o.speculative_method = speculative_method::draft_model;
    else if (name == "ngram") o.speculative_method = speculative_method::ngram;
    else if (name == "suffix") o.speculative_method = speculative_method::suffix;
    else return "a method kvplan models (mtp, eagle, eagle3, draft_model, ngram, suffix), not \"" + name + "\"";
  }
  if (!o.speculative_method) return "a \"method\" (or a draft \"model\")";
  if (const auto n = root.find("num_speculative_tokens")) {
    if (!n.found.is_number() || !n.found.number().is_integer || n.found.number().integer < 1 ||
        n.found.number().integer > 64)
      return "\"num_speculative_tokens\" must be an integer from 1 to 64";
    o.num_speculative_tokens = static_cast<std::int32_t>(n.found.number().integer);
  }
  return {};
}

// A cudagraph_mode name as vLLM's CUDAGraphMode spells it (any case).
std::optional<kvplan::cudagraph_mode> parse_cudagraph_mode(std::string_view name) {
  using kvplan::cudagraph_mode;
  for (const cudagraph_mode m : {cudagraph_mode::none, cudagraph_mode::piecewise, cudagraph_mode::full,
                                 cudagraph_mode::full_decode_only, cudagraph_mode::full_and_piecewise})
    if (kvplan::iequals(kvplan::to_string(m), name)) return m;
  return std::nullopt;
}

// --compilation-config (-cc): the keys that decide which CUDA graphs vLLM captures, and so the
// graphs' estimate the budget takes: cudagraph_mode, cudagraph_capture_sizes and
// max_cudagraph_capture_size. Other keys (custom ops, fusion passes) are refused by name.
std::string compilation_config_flag(options& o, std::string_view v) {
  const kvplan::json::document doc(v);
  if (!doc.ok() || !doc.root().is_object()) return "a JSON object, e.g. '{\"cudagraph_mode\": \"PIECEWISE\"}'";
  const kvplan::json::object root(doc.root());
  for (std::uint32_t i = 0; i < root.indexed(); ++i)
    if (root.key(i) != "cudagraph_mode" && root.key(i) != "cudagraph_capture_sizes" &&
        root.key(i) != "max_cudagraph_capture_size")
      return "keys kvplan reads: cudagraph_mode, cudagraph_capture_sizes, max_cudagraph_capture_size (not \"" +
             std::string(root.key(i)) + "\")";
  if (const auto f = root.find("cudagraph_mode")) {
    const std::optional<kvplan::cudagraph_mode> m =
        f.found.is_string() ? parse_cudagraph_mode(f.found.raw()) : std::nullopt;
    if (!m) return "\"cudagraph_mode\": one of NONE, PIECEWISE, FULL, FULL_DECODE_ONLY, FULL_AND_PIECEWISE";
    o.cudagraph_mode = *m;
  }
  if (const auto f = root.find("cudagraph_capture_sizes")) {
    const std::string expected = "\"cudagraph_capture_sizes\": a list of 1 to " +
                                 std::to_string(kvplan::max_listed_capture_sizes) + " integers >= 1";
    if (!f.found.is_array()) return expected;
    kvplan::capture_size_list sizes;
    for (kvplan::json::elements e(f.found); !e.done(); e.next()) {
      const kvplan::json::value x = e.get();
      if (!x.is_number() || !x.number().is_integer || x.number().integer < 1 || x.number().integer > INT32_MAX ||
          !sizes.push_back(static_cast<std::int32_t>(x.number().integer)))
        return expected;
    }
    if (sizes.empty()) return expected;
    o.cudagraph_capture_sizes = sizes;
  }
  if (const auto f = root.find("max_cudagraph_capture_size")) {
    if (!f.found.is_number() || !f.found.number().is_integer || f.found.number().integer < 1 ||
        f.found.number().integer > INT32_MAX)
      return "\"max_cudagraph_capture_size\": an integer >= 1";
    o.max_cudagraph_capture_size = static_cast<std::int32_t>(f.found.number().integer);
  }
  return {};
}

// --attention-config: the keys that change the cache, the indexers' row formats (DeepSeek-V4's
// use_fp4_indexer_cache, MiniMax-M3's indexer_kv_dtype).
std::string attention_config_flag(options& o, std::string_view v) {
  const kvplan::json::document doc(v);
  if (!doc.ok() || !doc.root().is_object()) return "a JSON object, e.g. '{\"use_fp4_indexer_cache\": true}'";
  const kvplan::json::object root(doc.root());
  for (std::uint32_t i = 0; i < root.indexed(); ++i)
    if (root.key(i) != "use_fp4_indexer_cache" && root.key(i) != "indexer_kv_dtype")
      return "keys kvplan reads: use_fp4_indexer_cache, indexer_kv_dtype (not \"" + std::string(root.key(i)) + "\")";
  if (const auto f = root.find("use_fp4_indexer_cache")) {
    if (!f.found.is_boolean()) return "\"use_fp4_indexer_cache\" must be true or false";
    o.fp4_indexer_cache = f.found.boolean();
  }
  if (const auto f = root.find("indexer_kv_dtype")) {
    const bool fp8 = f.found.is_string() && (f.found.equals("fp8") || f.found.equals("fp8_e4m3"));
    if (!fp8 && !(f.found.is_string() && f.found.equals("bf16"))) return "\"indexer_kv_dtype\" kvplan sizes: bf16 or fp8";
    o.fp8_indexer_cache = fp8;
  }
  return {};
}

// --limit-mm-per-prompt '{"image": 2, "video": 0}': a count per modality, or an object of vLLM's
// dummy options with a "count" (its width, height or num_frames, which shrink the profiled
// dummy, are not modelled: refused by name). A log prints it as a Python dict. Kimi K2.5's
// "vision_chunk" is its own; an audio count is read and not modelled. As with vLLM's argparse,
// the last occurrence wins.
std::string limit_mm_flag(options& o, std::string_view v) {
  std::string text(v);
  for (char& c : text)
    if (c == '\'') c = '"';
  const kvplan::json::document doc(text);
  const char* expected = "a JSON object of counts, e.g. '{\"image\": 2, \"video\": 0}'";
  if (!doc.ok() || !doc.root().is_object()) return expected;
  o.limit_images = -1;
  o.limit_videos = -1;
  o.limit_vision_chunks = -1;
  const kvplan::json::object root(doc.root());
  for (std::uint32_t i = 0; i < root.indexed(); ++i) {
    const std::string_view key = root.key(i);
    if (key != "image" && key != "video" && key != "audio" && key != "vision_chunk")
      return "modalities kvplan reads: image, video, audio, vision_chunk (not \"" + std::string(key) + "\")";
    kvplan::json::value value = root.member_value(i);
    if (value.is_object()) {
      const kvplan::json::object options(value);
      for (std::uint32_t k = 0; k < options.indexed(); ++k)
        if (options.key(k) != "count")
          return "\"" + std::string(key) + "\": a count; the dummy's \"" + std::string(options.key(k)) +
                 "\" is not modelled";
      const auto count = options.find("count");
      if (!count) return "\"" + std::string(key) + "\": a count, or an object with \"count\"";
      value = count.found;
    }
    const kvplan::json::number n = value.is_number() ? value.number() : kvplan::json::number{};
    if (!value.is_number() || !n.is_integer || n.integer < 0 || n.integer > 1'000'000)
      return "\"" + std::string(key) + "\": a count of 0 or more";
    if (key == "image") o.limit_images = static_cast<std::int32_t>(n.integer);
    if (key == "vision_chunk") o.limit_vision_chunks = static_cast<std::int32_t>(n.integer);
    if (key == "video") o.limit_videos = static_cast<std::int32_t>(n.integer);
  }
  return {};
}

// --env NAME=VALUE: the vLLM environment variables that move the memory profile. vLLM reads each
// as bool(int(value)); VLLM_ATTENTION_BACKEND has its flag, --attention-backend.
std::string env_flag(options& o, std::string_view v) {
  const std::size_t eq = v.find('=');
  const std::string_view name = v.substr(0, eq);
  std::optional<bool>* out = name == "VLLM_USE_FLASHINFER_SAMPLER"                ? &o.flashinfer_sampler
                             : name == "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS" ? &o.estimate_cudagraph_memory
                             : name == "VLLM_USE_V2_MODEL_RUNNER"                 ? &o.v2_model_runner
                                                                                  : nullptr;
  if (name == "VLLM_ATTENTION_BACKEND") return "--attention-backend for the attention backend (kvplan writes the variable where a release needs it)";
  if (out == nullptr)
    return "one of the variables kvplan models, VLLM_USE_FLASHINFER_SAMPLER, "
           "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS or VLLM_USE_V2_MODEL_RUNNER, =0 or =1 (not \"" +
           std::string(name) + "\")";
  const std::optional<count_t> n = eq == std::string_view::npos ? std::nullopt : python_int(v.substr(eq + 1));
  if (!n) return "an integer, " + std::string(name) + "=0 or =1 (vLLM reads bool(int(value)))";
  *out = *n != 0;
  return {};
}

// --- the flags' setters -------------------------------------------------------------------------

std::string int_flag(std::optional<std::int32_t>& out, std::string_view v, std::int32_t min) {
  const std::optional<count_t> n = python_int(v);
  if (!n || *n < min || *n > INT32_MAX) return "an integer >= " + std::to_string(min);
  out = static_cast<std::int32_t>(*n);
  return {};
}
// vLLM's own sentence when it has one ("Decimals are not allowed ..."), else the accepted form.
// Upper bounds far past any real deployment, so that no sum or product of the plan (nor of the
// report, which prints bytes x 100 / GiB) can overflow 64 bits: 1 PiB per GPU, 2^40 tokens.
constexpr count_t max_bytes = count_t{1} << 50;
constexpr count_t max_tokens = count_t{1} << 40;

std::string size_flag(std::optional<count_t>& out, std::string_view v, bool allow_auto,
                             std::string_view accepted, count_t max = max_tokens) {
  const parsed<count_t> p = allow_auto ? human_readable_int_or_auto(v) : human_readable_int(v);
  if (!p.value) return p.error.rfind("Decimals", 0) == 0 ? p.error : std::string(accepted);
  if (*p.value < (allow_auto ? -1 : 1) || *p.value == 0 || *p.value > max) return std::string(accepted);
  out = p.value;
  return {};
}
constexpr std::string_view memory_accepted =
    "a size per GPU up to 1 PiB: bytes (16095641600), 16G (= 16 GiB), 16g (= 16 GB), or as vLLM logs it "
    "(\"14.99 GiB\", 512MiB)";
std::string memory_flag(std::optional<count_t>& out, std::string_view v) {
  const parsed<count_t> p = memory_size(v);
  if (!p.value || *p.value < 0 || *p.value > max_bytes) return std::string(memory_accepted);
  out = p.value;
  return {};
}
// Levenshtein distance, for "did you mean".
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t up = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = up;
    }
  }
  return row[b.size()];
}

// A flag without a value: it sets its option to `value` (on, or what its --no- form says).
template <auto field, auto value = true>
std::string switch_flag(options& o, std::string_view) {
  o.*field = value;
  return {};
}

}  // namespace

// A start-up log prints compilation_config as the Python repr of the whole dataclass
// ({'level': None, ..., 'cudagraph_mode': <CUDAGraphMode.PIECEWISE: 1>, ...}): the three keys
// above are read from it where set; None and the rest are left.
std::vector<std::string> compilation_config_from_log(options& o, std::string_view repr) {
  std::vector<std::string> read;
  const auto value_of = [&](std::string_view key) -> std::string_view {
    const std::string quoted = "'" + std::string(key) + "':";
    const std::size_t at = repr.find(quoted);
    if (at == std::string_view::npos) return {};
    std::string_view rest = repr.substr(at + quoted.size());
    while (!rest.empty() && rest.front() == ' ') rest.remove_prefix(1);
    if (rest.empty()) return {};
    if (rest.front() == '[') {
      const std::size_t close = rest.find(']');
      return close == std::string_view::npos ? std::string_view{} : rest.substr(0, close + 1);
    }
    return rest.substr(0, std::min(rest.find_first_of(",}"), rest.size()));
  };
  std::string_view mode = value_of("cudagraph_mode");
  if (mode.starts_with("<CUDAGraphMode.")) mode = mode.substr(15, std::min(mode.find(':'), mode.size()) - 15);
  if (mode.size() >= 2 && (mode.front() == '\'' || mode.front() == '"')) mode = mode.substr(1, mode.size() - 2);
  if (const std::optional<kvplan::cudagraph_mode> m = parse_cudagraph_mode(mode)) {
    o.cudagraph_mode = *m;
    read.push_back("cudagraph_mode=" + std::string(kvplan::to_string(*m)));
  }
  if (const std::string_view sizes = value_of("cudagraph_capture_sizes"); sizes.starts_with("[")) {
    options parsed;
    if (compilation_config_flag(parsed, "{\"cudagraph_capture_sizes\": " + std::string(sizes) + "}").empty()) {
      o.cudagraph_capture_sizes = parsed.cudagraph_capture_sizes;
      read.push_back("cudagraph_capture_sizes=" + std::string(sizes));
    }
  }
  if (const std::optional<count_t> n = python_int(value_of("max_cudagraph_capture_size")); n && *n >= 1 && *n <= INT32_MAX) {
    o.max_cudagraph_capture_size = static_cast<std::int32_t>(*n);
    read.push_back("max_cudagraph_capture_size=" + std::to_string(*n));
  }
  return read;
}

const std::vector<flag_spec>& flag_table() {
  static const std::vector<flag_spec> table = {
      {"--gpu", "", true, "a GPU name from `kvplan list gpus` (e.g. h100, b200) or the name nvidia-smi prints",
       [](options& o, std::string_view v) -> std::string {
         o.gpu = std::string(v);
         return {};
       }},
      {"--tensor-parallel-size", "-tp", true, "an integer >= 1",
       [](options& o, std::string_view v) { return int_flag(o.tensor_parallel_size, v, 1); }},
      {"--pipeline-parallel-size", "-pp", true, "an integer >= 1",
       [](options& o, std::string_view v) { return int_flag(o.pipeline_parallel_size, v, 1); }},
      {"--data-parallel-size", "-dp", true, "an integer >= 1",
       [](options& o, std::string_view v) { return int_flag(o.data_parallel_size, v, 1); }},
      {"--enable-expert-parallel", "-ep", false, "", switch_flag<&options::enable_expert_parallel>},
      {"--no-enable-expert-parallel", "", false, "", switch_flag<&options::enable_expert_parallel, false>},
      {"--gpu-memory-utilization", "", true, "a fraction in (0, 1], e.g. 0.9",
       [](options& o, std::string_view v) -> std::string {
         const std::optional<double> x = python_float(v);
         if (!x || !(*x > 0 && *x <= 1)) return "a fraction in (0, 1], e.g. 0.9";
         o.gpu_memory_utilization = x;
         return {};
       }},
      {"--kv-cache-memory-bytes", "", true, "bytes per GPU up to 1 PiB: 42949672960, 40G (= 40 GiB) or 40g (= 40 GB)",
       [](options& o, std::string_view v) {
         return size_flag(o.kv_cache_memory_bytes, v, false,
                          "bytes per GPU up to 1 PiB: 42949672960, 40G (= 40 GiB) or 40g (= 40 GB)", max_bytes);
       }},
      {"--max-model-len", "", true, "tokens: 32768, 32k (= 32,000), 32K (= 32,768), or auto",
       [](options& o, std::string_view v) {
         return size_flag(o.max_model_len, v, true, "tokens: 32768, 32k (= 32,000), 32K (= 32,768), or auto");
       }},
      {"--kv-cache-dtype", "", true,
       "one of auto, float16, bfloat16, fp8, fp8_e4m3, fp8_e5m2, fp8_inc, fp8_ds_mla, nvfp4, "
       "int8_per_token_head, fp8_per_token_head, int4_per_token_head",
       [](options& o, std::string_view v) -> std::string {
         o.kv_cache_dtype = kvplan::parse_kv_cache_dtype(v);
         return o.kv_cache_dtype ? std::string{} : std::string("a --kv-cache-dtype vLLM accepts");
       }},
      {"--block-size", "", true, "an integer >= 1 (tokens per KV block)",
       [](options& o, std::string_view v) { return int_flag(o.block_size, v, 1); }},
      {"--max-num-seqs", "", true, "an integer >= 1",
       [](options& o, std::string_view v) { return int_flag(o.max_num_seqs, v, 1); }},
      {"--max-num-batched-tokens", "", true, "tokens: 8192, 8k or 8K",
       [](options& o, std::string_view v) {
         return size_flag(o.max_num_batched_tokens, v, false, "tokens: 8192, 8k or 8K");
       }},
      {"--num-gpu-blocks-override", "", true, "an integer >= 1",
       [](options& o, std::string_view v) {
         return size_flag(o.num_gpu_blocks_override, v, false, "an integer >= 1");
       }},
      {"--dtype", "", true, "one of auto, half, float16, bfloat16, float, float32",
       [](options& o, std::string_view v) -> std::string {
         if (v == "auto") {
           o.dtype.reset();
           return {};
         }
         o.dtype = parse_model_dtype(v);
         return o.dtype ? std::string{} : std::string("one of auto, half, float16, bfloat16, float, float32");
       }},
      {"--quantization", "-q", true, "a vLLM quantization method, e.g. fp8",
       [](options& o, std::string_view v) -> std::string {
         const bool name = !v.empty() && v.size() <= 40 && std::all_of(v.begin(), v.end(), [](char c) {
           return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-';
         });
         if (!name) return "a vLLM quantization method, e.g. fp8";
         o.quantization = std::string(v);
         return {};
       }},
      {"--enable-prefix-caching", "", false, "", switch_flag<&options::enable_prefix_caching, kvplan::prefix_caching::enabled>},
      {"--no-enable-prefix-caching", "", false, "", switch_flag<&options::enable_prefix_caching, kvplan::prefix_caching::disabled>},
      {"--speculative-config", "", true,
       "JSON: {\"method\": mtp|eagle|eagle3|draft_model|ngram|suffix, \"num_speculative_tokens\": N, \"model\": a draft}",
       [](options& o, std::string_view v) { return speculative_flag(o, v); }},
      {"--decode-context-parallel-size", "-dcp", true, "an integer >= 1 dividing --tensor-parallel-size",
       [](options& o, std::string_view v) { return int_flag(o.decode_context_parallel_size, v, 1); }},
      {"--async-scheduling", "", false, "", switch_flag<&options::async_scheduling>},
      {"--no-async-scheduling", "", false, "", switch_flag<&options::async_scheduling, false>},
      {"--disable-hybrid-kv-cache-manager", "", false, "", switch_flag<&options::disable_hybrid_kv_cache_manager>},
      // vLLM's --trust-remote-code loads a model's own code; kvplan reads only its config.json, so
      // the switch is taken, and the generated command carries it where the model needs it.
      {"--trust-remote-code", "", false, "",
       [](options&, std::string_view) -> std::string { return {}; }},
      {"--language-model-only", "", false, "", switch_flag<&options::language_model_only>},
      {"--skip-mm-profiling", "", false, "", switch_flag<&options::skip_mm_profiling>},
      {"--enable-lora", "", false, "", switch_flag<&options::enable_lora>},
      {"--max-loras", "", true, "an integer >= 1 (adapters in a batch; vLLM preallocates a slot for each)",
       [](options& o, std::string_view v) { return int_flag(o.max_loras, v, 1); }},
      {"--max-lora-rank", "", true, "1, 8, 16, 32, 64, 128, 256, 320 or 512",
       [](options& o, std::string_view v) { return int_flag(o.max_lora_rank, v, 1); }},
      {"--fully-sharded-loras", "", false, "", switch_flag<&options::fully_sharded_loras>},
      {"--limit-mm-per-prompt", "", true, "JSON: images and videos a prompt may carry, e.g. '{\"image\": 2, \"video\": 0}' (and vision_chunk; audio read, not modelled)",
       [](options& o, std::string_view v) { return limit_mm_flag(o, v); }},
      {"--attention-config", "", true,
       "JSON; kvplan reads use_fp4_indexer_cache (DeepSeek-V4) and indexer_kv_dtype bf16|fp8 (MiniMax-M3)",
       [](options& o, std::string_view v) { return attention_config_flag(o, v); }},
      {"--kv-offloading-size", "", true, "GiB of host memory over all the engine's GPUs, e.g. 200",
       [](options& o, std::string_view v) -> std::string {
         const std::optional<double> x = python_float(v);
         if (!x || !(*x > 0) || *x > 1e9) return "GiB > 0, e.g. 200";
         o.kv_offloading_size = *x;
         return {};
       }},
      {"--kv-offloading-backend", "", true, "native or lmcache",
       [](options& o, std::string_view v) -> std::string {
         if (v == "native") o.kv_offloading_backend = kvplan::kv_offloading_backend::native;
         else if (v == "lmcache") o.kv_offloading_backend = kvplan::kv_offloading_backend::lmcache;
         else return "native or lmcache";
         return {};
       }},
      {"--env", "", true,
       "(kvplan's, may be repeated) a vLLM environment variable of the memory profile: VLLM_USE_FLASHINFER_SAMPLER=0|1, "
       "VLLM_MEMORY_PROFILER_ESTIMATE_CUDAGRAPHS=0|1, VLLM_USE_V2_MODEL_RUNNER=0|1",
       [](options& o, std::string_view v) { return env_flag(o, v); }},
      {"--compile-cache", "", true,
       "(kvplan's) cold or warm: the torch.compile cache the start-up finds (default cold: a first start-up, or "
       "any new shape; a cold compile's temporaries count as peak activation)",
       [](options& o, std::string_view v) -> std::string {
         if (v == "cold") o.compile_cache = kvplan::compile_cache_state::cold;
         else if (v == "warm") o.compile_cache = kvplan::compile_cache_state::warm;
         else return "cold or warm";
         return {};
       }},
      {"--shared-prefix-tokens", "", true,
       "(kvplan's, not a vLLM flag) tokens of a prefix every request shares, e.g. a 2000-token system prompt",
       [](options& o, std::string_view v) {
         return size_flag(o.shared_prefix_tokens, v, false, "tokens: 2000, 2k or 2K");
       }},
      {"--concurrency", "", true, "(kvplan size) requests of --max-model-len at once, e.g. 64",
       [](options& o, std::string_view v) {
         return size_flag(o.concurrency, v, false, "an integer >= 1 (64, 1k)");
       }},
      {"--kv-cache-tokens", "", true, "(kvplan size) or a KV-cache capacity in tokens over all replicas, e.g. 10M",
       [](options& o, std::string_view v) {
         return size_flag(o.kv_cache_tokens, v, false, "tokens >= 1 (10000000, 10M)");
       }},
      {"--gpus", "", true, "(kvplan size) GPUs to try, comma-separated (default: every GPU kvplan carries)",
       [](options& o, std::string_view v) -> std::string {
         o.gpus.clear();
         std::size_t start = 0;
         while (start <= v.size()) {
           const std::size_t comma = v.find(',', start);
           const std::string_view name = v.substr(start, comma == std::string_view::npos ? v.npos : comma - start);
           if (name.empty()) return "GPU names separated by commas, e.g. h100,b200";
           o.gpus.emplace_back(name);
           if (comma == std::string_view::npos) break;
           start = comma + 1;
         }
         return {};
       }},
      {"--gpu-prices", "", true, "(kvplan size) price per GPU-hour to rank by, e.g. b200=6.5,h100=3",
       [](options& o, std::string_view v) -> std::string {
         o.gpu_prices.clear();
         std::size_t start = 0;
         while (start < v.size()) {
           const std::size_t comma = v.find(',', start);
           const std::string_view item = v.substr(start, comma == std::string_view::npos ? v.npos : comma - start);
           const std::size_t eq = item.find('=');
           const std::optional<double> price = eq == std::string_view::npos ? std::nullopt : python_float(item.substr(eq + 1));
           if (eq == 0 || !price || !(*price >= 0)) return "GPU=price pairs, e.g. b200=6.5,h100=3";
           o.gpu_prices.emplace_back(std::string(item.substr(0, eq)), *price);
           if (comma == std::string_view::npos) break;
           start = comma + 1;
         }
         return o.gpu_prices.empty() ? std::string("GPU=price pairs, e.g. b200=6.5,h100=3") : std::string{};
       }},
      {"--max-gpus", "", true, "(kvplan size) GPUs a deployment may use in all (default 64)",
       [](options& o, std::string_view v) { return int_flag(o.max_gpus, v, 1); }},
      {"--max-gpus-per-engine", "", true, "(kvplan size) TP x PP of one replica (default 8)",
       [](options& o, std::string_view v) { return int_flag(o.max_gpus_per_engine, v, 1); }},
      {"--top", "", true, "(kvplan size) options to list (default 10)",
       [](options& o, std::string_view v) { return int_flag(o.top, v, 1); }},
      {"--why", "", false, "", switch_flag<&options::why>},
      {"--requests", "", true, "(kvplan max-model-len) request lengths: JSON lines, CSV, or a /metrics page; - for stdin",
       [](options& o, std::string_view v) -> std::string {
         if (v.empty()) return "a file name, or - for standard input";
         o.requests = std::string(v);
         return {};
       }},
      {"--running", "", true, "(kvplan expect) requests running at once",
       [](options& o, std::string_view v) { return size_flag(o.running, v, false, "an integer >= 1"); }},
      {"--request-tokens", "", true, "(kvplan expect) tokens of each running request (prompt and output so far)",
       [](options& o, std::string_view v) { return size_flag(o.request_tokens, v, false, "tokens >= 1 (2048, 2K)"); }},
      {"--metrics", "", true, "(kvplan check) a vLLM /metrics snapshot: a file, - for stdin, or an http:// URL",
       [](options& o, std::string_view v) -> std::string {
         if (v.empty()) return "a file, - or an http:// URL";
         o.metrics = std::string(v);
         return {};
       }},
      {"--served-model-name", "", true, "(kvplan alerts, check) the model_name vLLM labels metrics with",
       [](options& o, std::string_view v) -> std::string {
         if (v.empty() || v.size() > 256) return "a model name";
         o.served_model_name = std::string(v);
         return {};
       }},
      {"--enforce-eager", "", false, "", switch_flag<&options::enforce_eager>},
      {"--max-cudagraph-capture-size", "", true, "an integer >= 1 (the largest batch captured as a CUDA graph)",
       [](options& o, std::string_view v) { return int_flag(o.max_cudagraph_capture_size, v, 1); }},
      {"--compilation-config", "-cc", true,
       "JSON; kvplan reads cudagraph_mode, cudagraph_capture_sizes and max_cudagraph_capture_size",
       [](options& o, std::string_view v) { return compilation_config_flag(o, v); }},
      {"--enable-chunked-prefill", "", false, "", switch_flag<&options::enable_chunked_prefill>},
      {"--no-enable-chunked-prefill", "", false, "", switch_flag<&options::enable_chunked_prefill, false>},
      {"--optimization-level", "-O", true, "0, 1, 2 or 3 (-O0 .. -O3)",
       [](options& o, std::string_view v) -> std::string {
         // A log prints the level as 3, '3' or <OptimizationLevel.O3: 3>.
         if (v.starts_with("<OptimizationLevel.O")) v.remove_prefix(20);
         else if (v.starts_with("O")) v.remove_prefix(1);
         if (v.empty() || v[0] < '0' || v[0] > '3' || (v.size() > 1 && v[1] != ':')) return "0, 1, 2 or 3 (-O0 .. -O3)";
         o.optimization_level = static_cast<kvplan::optimization_level>(v[0] - '0');
         return {};
       }},
      {"--performance-mode", "", true, "one of balanced, interactivity, throughput",
       [](options& o, std::string_view v) -> std::string {
         for (const kvplan::performance_mode m : {kvplan::performance_mode::balanced, kvplan::performance_mode::interactivity,
                                                  kvplan::performance_mode::throughput})
           if (v == kvplan::to_string(m)) {
             o.performance_mode = m;
             return {};
           }
         return "one of balanced, interactivity, throughput";
       }},
      {"--mamba-cache-dtype", "", true, "one of auto, float32, float16, bfloat16",
       [](options& o, std::string_view v) -> std::string {
         o.mamba_cache_dtype = parse_mamba_dtype(v);
         return o.mamba_cache_dtype || v == "auto" ? std::string{} : std::string("one of auto, float32, float16, bfloat16");
       }},
      {"--mamba-ssm-cache-dtype", "", true, "one of auto, float32, float16, bfloat16",
       [](options& o, std::string_view v) -> std::string {
         o.mamba_ssm_cache_dtype = parse_mamba_dtype(v);
         return o.mamba_ssm_cache_dtype || v == "auto" ? std::string{}
                                                       : std::string("one of auto, float32, float16, bfloat16");
       }},
      {"--attention-backend", "", true, "a vLLM backend name, e.g. FLASH_ATTN, FLASHINFER, FLASHMLA",
       [](options& o, std::string_view v) -> std::string {
         o.attention_backend = parse_backend(v);
         return o.attention_backend ? std::string{} : std::string("a vLLM backend name, e.g. FLASH_ATTN, FLASHINFER, FLASHMLA");
       }},
      {"--vllm-version", "", true, "a vLLM release X.Y or X.Y.Z from 0.10 to 0.33",
       [](options& o, std::string_view v) -> std::string {
         o.vllm_version = parse_vllm_version(v);
         return o.vllm_version ? std::string{} : std::string("a vLLM release X.Y or X.Y.Z from 0.10 to 0.33");
       }},
      {"--weights-memory", "", true, "the per-GPU weights vLLM logged, e.g. \"14.99 GiB\" or 16095641600",
       [](options& o, std::string_view v) { return memory_flag(o.weights_memory, v); }},
      {"--activation-memory", "", true, "the activation peak, e.g. 4.76GiB",
       [](options& o, std::string_view v) { return memory_flag(o.activation_memory, v); }},
      {"--non-torch-memory", "", true, "the non-torch memory, e.g. 0.13GiB",
       [](options& o, std::string_view v) { return memory_flag(o.non_torch_memory, v); }},
      {"--cudagraph-memory", "", true, "the CUDA-graph memory estimate, e.g. 0.5GiB",
       [](options& o, std::string_view v) { return memory_flag(o.cudagraph_memory, v); }},
      {"--gpu-total-memory", "", true, "the GPU's total as vLLM logs it, e.g. 79.18GiB",
       [](options& o, std::string_view v) {
         const std::string e = memory_flag(o.gpu_total_memory, v);
         return e.empty() && *o.gpu_total_memory == 0 ? std::string("a size > 0") : e;
       }},
      {"--gpu-compute-capability", "", true,
       "with --gpu-total-memory, a GPU kvplan does not carry: 8.9, 12.0 (NVIDIA) or gfx942 (AMD)",
       [](options& o, std::string_view v) -> std::string {
         o.gpu_compute_capability = parse_compute_capability(v);
         return o.gpu_compute_capability ? std::string{} : std::string("a compute capability: 8.9, 12.0 or gfx942");
       }},
      {"--from-vllm-log", "", true, "a vLLM start-up log file, or - for standard input",
       [](options& o, std::string_view v) -> std::string {
         if (v.empty()) return "a vLLM start-up log file, or - for standard input";
         o.from_vllm_log = std::string(v);
         return {};
       }},
      {"--explain", "", false, "", switch_flag<&options::explain>},
      {"--model-id", "", true, "what `vllm serve` loads for a config.json MODEL: a Hugging Face id or a folder",
       [](options& o, std::string_view v) -> std::string {
         if (v.empty()) return "a Hugging Face id or a folder";
         o.model_id = std::string(v);
         return {};
       }},
      {"--json", "", false, "",
       [](options& o, std::string_view) -> std::string {
         o.format = output_format::json;
         return {};
       }},
      {"--yaml", "", false, "",
       [](options& o, std::string_view) -> std::string {
         o.format = output_format::yaml;
         return {};
       }},
      {"--style", "", true, "explicit or pinned",
       [](options& o, std::string_view v) -> std::string {
         if (v == "explicit") o.style = kvplan::flag_style::explicit_settings;
         else if (v == "pinned") o.style = kvplan::flag_style::pinned;
         else return "explicit or pinned";
         return {};
       }},
  };
  return table;
}


std::vector<std::string> closest(std::string_view query, const std::vector<std::string>& candidates, std::size_t count) {
  const std::string q = lowercase(query);
  std::vector<std::pair<std::size_t, std::string>> scored;
  for (const std::string& c : candidates) {
    const std::string lc = lowercase(c);
    std::size_t d = edit_distance(q, lc);
    if (!q.empty() && lc.find(q) != std::string::npos) d = std::min<std::size_t>(d, 1);  // a substring is close
    scored.emplace_back(d, c);
  }
  std::stable_sort(scored.begin(), scored.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  std::vector<std::string> out;
  const std::size_t limit = std::max<std::size_t>(3, q.size() / 2);
  for (const auto& [d, c] : scored) {
    if (out.size() == count || d > limit) break;
    out.push_back(c);
  }
  return out;
}

namespace {
// Args of vLLM's server and front end that cannot move the memory profile: not worth a line.
bool serving_only_arg(std::string_view key) {
  static constexpr std::string_view names[] = {
      "model", "model_tag", "host", "port", "uds", "root_path", "served_model_name", "api_key",
      "allowed_origins", "ssl_keyfile", "ssl_certfile", "uvicorn_log_level", "disable_uvicorn_access_log",
      "disable_log_requests", "enable_log_requests", "disable_log_stats", "enable_auto_tool_choice",
      "tool_call_parser", "reasoning_parser", "chat_template", "response_role", "middleware",
      "disable_fastapi_docs", "enable_prompt_tokens_details", "enable_force_include_usage",
      "return_tokens_as_token_ids", "tokenizer", "tokenizer_mode", "download_dir", "revision",
      "tokenizer_revision", "hf_token", "seed", "api_server_count", "enable_server_load_tracking"};
  return std::find(std::begin(names), std::end(names), key) != std::end(names);
}
}  // namespace

std::vector<std::string> apply_log_args(const kvplan::vllm_log& log, options& o, std::string& error,
                                        std::vector<std::string>* not_read) {
  std::vector<std::string> taken;
  for (const auto& [key, raw] : log.args) {
    std::string name = "--" + key;
    std::replace(name.begin(), name.end(), '_', '-');
    const flag_spec* spec = nullptr;
    for (const flag_spec& f : flag_table())
      if (f.name == name) spec = &f;
    // vLLM's own flags only: kvplan's (--gpu, --json, ...) never come from a log.
    if (spec == nullptr || name == "--gpu" || name == "--model-id" || name == "--from-vllm-log") {
      if (not_read != nullptr && !serving_only_arg(key)) not_read->push_back(key + "=" + raw);
      continue;
    }
    if (name == "--compilation-config") {
      if (std::find(o.given_flags.begin(), o.given_flags.end(), name) != o.given_flags.end()) continue;
      for (std::string& r : compilation_config_from_log(o, raw)) taken.push_back("compilation_config." + r);
      continue;
    }
    const auto given = [&](std::string_view flag) {
      return std::find(o.given_flags.begin(), o.given_flags.end(), flag) != o.given_flags.end();
    };
    if (given(name) || given("--no-" + name.substr(2)) || (name.rfind("--no-", 0) == 0 && given("--" + name.substr(5))))
      continue;
    std::string value = raw;
    if (value.size() >= 2 && (value.front() == '\'' || value.front() == '"') && value.back() == value.front())
      value = value.substr(1, value.size() - 2);
    if (value == "None") continue;
    if (!spec->takes_value) {
      if (value == "True") spec->set(o, {});
      else if (value == "False") {
        for (const flag_spec& f : flag_table())
          if (f.name == "--no-" + name.substr(2)) f.set(o, {});
      }
      taken.push_back(key + "=" + value);
      continue;
    }
    const std::string why = spec->set(o, value);
    if (!why.empty()) {
      error = "the vLLM log's non-default arg " + key + "=" + raw + ": expected " + why;
      return taken;
    }
    taken.push_back(key + "=" + value);
  }
  return taken;
}

parse_result parse_args(const std::vector<std::string_view>& args) {
  parse_result r;
  options& o = r.opts;
  std::vector<std::string_view> positional;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string_view arg = args[i];
    if (arg == "--help" || arg == "-h") {
      o.cmd = command::help;
      return r;
    }
    if (arg == "--version") {
      o.cmd = command::version;
      return r;
    }
    if (arg.size() < 2 || arg[0] != '-' || (arg[1] >= '0' && arg[1] <= '9')) {
      positional.push_back(arg);
      continue;
    }
    // vLLM accepts --max_model_len for --max-model-len, and --flag=value.
    std::string name(arg);
    std::optional<std::string> inline_value;
    if (const std::size_t eq = name.find('='); eq != std::string::npos) {
      inline_value = name.substr(eq + 1);
      name.resize(eq);
    }
    if (name.rfind("--", 0) == 0) std::replace(name.begin(), name.end(), '_', '-');
    // -O3 is -O 3 (vLLM's FlexibleArgumentParser).
    if (!inline_value && name.size() > 2 && name.rfind("-O", 0) == 0 && name[2] >= '0' && name[2] <= '9') {
      inline_value = name.substr(2);
      name.resize(2);
    }
    const flag_spec* spec = nullptr;
    for (const flag_spec& f : flag_table())
      if (f.name == name || (!f.alias.empty() && f.alias == name)) spec = &f;
    if (spec == nullptr) {
      std::vector<std::string> names;
      for (const flag_spec& f : flag_table()) names.emplace_back(f.name);
      const std::vector<std::string> near = closest(name, names, 1);
      r.error = "unrecognized argument: " + name;
      if (!near.empty()) r.error += " (did you mean " + near[0] + "?)";
      return r;
    }
    std::string_view value;
    if (spec->takes_value) {
      if (inline_value) {
        value = *inline_value;
      } else if (i + 1 < args.size()) {
        value = args[++i];
      } else {
        r.error = "argument " + std::string(spec->name) + ": expected a value: " + std::string(spec->accepted);
        return r;
      }
    } else if (inline_value) {
      r.error = "argument " + std::string(spec->name) + ": takes no value";
      return r;
    }
    // A setter returns the accepted form ("an integer >= 1") or, when vLLM has one, its own
    // sentence ("Decimals are not allowed ...").
    o.given_flags.emplace_back(spec->name);
    const std::string why = spec->set(o, value);
    if (!why.empty()) {
      r.error = "argument " + std::string(spec->name) + ": invalid value '" + std::string(value) + "': ";
      r.error += why[0] >= 'A' && why[0] <= 'Z' ? why : "expected " + why;
      return r;
    }
  }
  // One output format: a later flag silently replacing an earlier one would hide a mistake.
  if (std::find(args.begin(), args.end(), "--json") != args.end() &&
      std::find(args.begin(), args.end(), "--yaml") != args.end()) {
    r.error = "--json and --yaml: choose one output format";
    return r;
  }
  if (!positional.empty() && positional[0] == "list") {
    if (o.format != output_format::text) {
      r.error = "kvplan list prints a table; --json and --yaml go with a plan";
      return r;
    }
    if (positional.size() == 2 && positional[1] == "models") o.cmd = command::list_models;
    else if (positional.size() == 2 && positional[1] == "gpus") o.cmd = command::list_gpus;
    else r.error = "usage: kvplan list models | kvplan list gpus";
    return r;
  }
  // The operator's commands: kvplan <command> MODEL --gpu GPU [deployment options].
  if (!positional.empty() && (positional[0] == "max-model-len" || positional[0] == "expect" ||
                              positional[0] == "alerts" || positional[0] == "check")) {
    const std::string_view c = positional[0];
    if (positional.size() != 2) {
      r.error = "usage: kvplan " + std::string(c) + " MODEL --gpu GPU [options]";
      return r;
    }
    o.cmd = c == "max-model-len" ? command::max_model_len : c == "expect" ? command::expect
            : c == "alerts"       ? command::alerts
                                  : command::check;
    o.model = std::string(positional[1]);
    if (o.gpu.empty()) r.error = "missing --gpu: a GPU name from `kvplan list gpus`";
    else if (o.cmd == command::max_model_len && !o.requests)
      r.error = "kvplan max-model-len needs --requests FILE (JSON lines, CSV, or a /metrics page)";
    else if (o.cmd == command::expect && (!o.running || !o.request_tokens))
      r.error = "kvplan expect needs --running N and --request-tokens L";
    else if (o.cmd == command::check && !o.metrics)
      r.error = "kvplan check needs --metrics FILE or --metrics http://host:port/metrics";
    else if (o.format == output_format::yaml)
      r.error = "--yaml goes with a plan; kvplan " + std::string(c) + " prints text or --json";
    return r;
  }
  if (!positional.empty() && positional[0] == "size") {
    if (positional.size() != 2) {
      r.error = "usage: kvplan size MODEL --concurrency N --max-model-len L [--gpus h100,b200] [options]";
      return r;
    }
    o.cmd = command::size;
    o.model = std::string(positional[1]);
    if (!o.concurrency && !o.kv_cache_tokens) r.error = "kvplan size needs a target: --concurrency N or --kv-cache-tokens T";
    else if (o.concurrency && o.kv_cache_tokens) r.error = "kvplan size: --concurrency or --kv-cache-tokens, not both";
    else if (!o.gpu.empty()) r.error = "kvplan size searches GPUs: name them with --gpus, not --gpu";
    return r;
  }
  if (positional.size() != 1) {
    r.error = positional.empty() ? "missing MODEL: a name from `kvplan list models`, a Hugging Face id, or a config.json path"
                                 : "expected one MODEL, got " + std::to_string(positional.size()) + " positional arguments";
    return r;
  }
  o.model = std::string(positional[0]);
  if (o.gpu.empty()) r.error = "missing --gpu: a GPU name from `kvplan list gpus`";
  return r;
}

}  // namespace kvplan_cli
