// Reading a vLLM start-up log: the figures vLLM measured, for a plan that uses them.
// SPDX-License-Identifier: Apache-2.0
//
// A user who has started vLLM once has its measured memory profile. read_vllm_log() takes the
// log text (every release from v0.10, INFO and DEBUG lines) and returns what it found, each
// figure with the line it came from; apply_vllm_log() puts the figures into a deployment, so
// that every what-if (another max_model_len, an fp8 cache, more sequences) starts from the
// measured budget instead of estimates. The lines read:
//   vLLM API server version 0.10.1.1 | Initializing a V1 LLM engine (v0.10.2) ...   the release
//   non-default args: {'max_model_len': 16384, 'tensor_parallel_size': 2, ...}       the settings
//   Model loading took 14.2488 GiB [memory] and 4.4 seconds                         weights
//   Memory profiling takes ... torch peak memory increase: X; non-torch forward increase memory: Y
//   Free memory on device (F/T GiB) on startup. Desired GPU memory utilization is (U, R GiB).
//     Actual usage is W GiB for weight, A GiB for peak activation, N GiB for non-torch memory,
//     and G GiB for CUDAGraph memory.                                   (v0.10 - v0.26)
//     Actual usage is C GiB for consumed memory (weights + non-torch), P GiB for peak
//     activation, and G GiB for CUDAGraph memory.                       (v0.27+; P holds the
//                                                                        graph estimate)
//   Estimated CUDA graph memory: X GiB total                            (v0.17+)
//   CUDA graph memory profiling is enabled / In v0.19, ... will be enabled  (taken or not)
//   Using FlashInfer for top-p & top-k sampling / FlashInfer is not available  (the sampler)
//   Available KV cache memory: X GiB
//   GPU KV cache size: N tokens[, Maximum concurrency for L tokens per request: X x]
// Run time only (std::string).
#pragma once

#include "kvplan/attention_backend.hpp"
#include "kvplan/config.hpp"
#include "kvplan/deployment.hpp"
#include "kvplan/dtype.hpp"
#include "kvplan/plan.hpp"
#include "kvplan/units.hpp"
#include "kvplan/vllm_version.hpp"

#include <charconv>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kvplan::inline v0 {

// One figure read from a log, and the line it came from.
struct log_figure {
  double value = 0;
  std::string line;
};

// Everything read_vllm_log() found; a field is empty when no line gave it.
struct vllm_log {
  std::optional<vllm_version> version;
  std::optional<log_figure> weights_gib;            // Model loading took ...
  std::optional<log_figure> activation_gib;         // peak activation / torch peak increase
  std::optional<log_figure> non_torch_gib;          // non-torch memory (v0.10 - v0.26)
  std::optional<log_figure> consumed_gib;           // consumed memory (weights + non-torch), v0.27+
  std::optional<log_figure> cudagraph_estimate_gib;  // Estimated CUDA graph memory
  std::optional<log_figure> total_gib;              // Free memory on device (F/T GiB)
  std::optional<log_figure> available_kv_gib;       // Available KV cache memory
  std::optional<log_figure> kv_cache_tokens;        // GPU KV cache size
  std::optional<log_figure> max_concurrency;        // Maximum concurrency ...: X x
  // Which top-k / top-p sampler the engine took: "Using FlashInfer for top-p & top-k sampling"
  // (true), "FlashInfer is not available. Falling back to the PyTorch-native implementation" or
  // "FlashInfer top-p/top-k sampling unavailable" / "disabled" (false).
  std::optional<bool> flashinfer_sampler;
  // Whether the graph estimate came off the budget: "CUDA graph memory profiling is enabled"
  // (true), "... is disabled" or v0.17 - v0.19's "In v0.19, ... will be enabled" (false).
  std::optional<bool> cudagraph_memory_profiling;
  // The compile cache the start-up found: "Directly load the compiled graph(s) ... from the
  // cache" or "Directly load AOT compilation" (warm), "Compiling a graph for ..." (cold).
  std::optional<compile_cache_state> compile_cache;
  // The attention backend vLLM picked, and its line: "Using X attention backend out of potential
  // backends" (from v0.12), "Using Flash Attention backend on V1 engine" and the like before.
  std::optional<attention_backend> backend;
  std::string backend_line;
  // The non-default args vLLM printed, as key and Python value text.
  std::vector<std::pair<std::string, std::string>> args;
  std::string args_line;

  bool empty() const {
    return !version && !weights_gib && !activation_gib && !non_torch_gib && !consumed_gib && !total_gib &&
           !available_kv_gib && !kv_cache_tokens && args.empty();
  }
  // The value of a non-default arg, or empty.
  std::optional<std::string> arg(std::string_view key) const {
    for (const auto& [k, v] : args)
      if (k == key) return v;
    return std::nullopt;
  }
};

namespace detail {
// The backend a "Using ..." line names: vLLM's name from v0.12 ("Using TRITON_ATTN attention
// backend out of potential backends: [...]"), its V1-engine phrases before (cuda.py's
// get_attn_backend_cls). Not ROCm's, nor the sparse MLA line, which names no one backend.
inline std::optional<attention_backend> backend_in(std::string_view line) {
  if (const std::size_t at = line.find(" attention backend out of potential backends"); at != std::string_view::npos) {
    const std::size_t using_at = line.rfind("Using ", at);
    if (using_at == std::string_view::npos) return std::nullopt;
    const attention_backend b = attention_backend_named(line.substr(using_at + 6, at - using_at - 6));
    return b == attention_backend::automatic ? std::nullopt : std::optional<attention_backend>(b);
  }
  static constexpr std::pair<std::string_view, attention_backend> phrases[] = {
      {"Using Flash Attention backend on V1 engine", attention_backend::flash_attn},
      {"Using FlashInfer backend", attention_backend::flashinfer},
      {"Using FlexAttention backend", attention_backend::flex_attention},
      {"Using Triton backend on V1 engine", attention_backend::triton_attn},
      {"Using FlashMLA backend on V1 engine", attention_backend::flashmla},
      {"Using FlashAttention MLA backend on V1 engine", attention_backend::flash_attn_mla},
      {"Using FlashInfer MLA backend on V1 engine", attention_backend::flashinfer_mla},
      {"Using Cutlass MLA backend on V1 engine", attention_backend::cutlass_mla},
      {"Using Triton MLA backend on V1 engine", attention_backend::triton_mla},
  };
  for (const auto& [phrase, b] : phrases)
    if (line.find(phrase) != std::string_view::npos) return b;
  return std::nullopt;
}

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}
// The number that starts at `at` (digits, separators ',' and one '.', an optional '-').
inline std::optional<double> number_at(std::string_view s, std::size_t at) {
  std::string digits;
  std::size_t i = at;
  if (i < s.size() && s[i] == '-') digits += s[i++];
  bool dot = false;
  for (; i < s.size(); ++i) {
    const char c = s[i];
    if (c >= '0' && c <= '9') digits += c;
    else if (c == ',' && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9' && !dot) continue;
    else if (c == '.' && !dot && i + 1 < s.size() && s[i + 1] >= '0' && s[i + 1] <= '9') {
      dot = true;
      digits += c;
    } else break;
  }
  if (digits.empty() || digits == "-") return std::nullopt;
  double v = 0;
  const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), v);
  if (ec != std::errc{} || end != digits.data() + digits.size()) return std::nullopt;
  if (!(v > -1e15 && v < 1e15)) return std::nullopt;  // no start-up figure is this large
  return v;
}
// The number right after `marker` in the line (spaces skipped), or empty.
inline std::optional<double> after(std::string_view line, std::string_view marker) {
  const std::size_t at = line.find(marker);
  if (at == std::string_view::npos) return std::nullopt;
  std::size_t i = at + marker.size();
  while (i < line.size() && line[i] == ' ') ++i;
  return number_at(line, i);
}
// The number right before `marker` (the figure a phrase follows: "5.58 GiB for peak activation").
inline std::optional<double> before(std::string_view line, std::string_view marker) {
  const std::size_t at = line.find(marker);
  if (at == std::string_view::npos || at == 0) return std::nullopt;
  std::size_t i = at;
  while (i > 0 && line[i - 1] == ' ') --i;
  std::size_t start = i;
  while (start > 0 && ((line[start - 1] >= '0' && line[start - 1] <= '9') || line[start - 1] == '.' ||
                       line[start - 1] == '-'))
    --start;
  return start < i ? number_at(line, start) : std::nullopt;
}
inline std::optional<vllm_version> version_at(std::string_view s) {
  std::int32_t parts[3] = {0, 0, 0};
  std::size_t i = 0;
  for (int n = 0; n < 3; ++n) {
    std::size_t j = i;
    while (j < s.size() && s[j] >= '0' && s[j] <= '9') ++j;
    if (j == i || j - i > 4) return n >= 2 ? std::optional<vllm_version>({parts[0], parts[1], parts[2]}) : std::nullopt;
    std::int32_t v = 0;
    for (std::size_t k = i; k < j; ++k) v = v * 10 + (s[k] - '0');
    parts[n] = v;
    if (j >= s.size() || s[j] != '.') return n >= 1 ? std::optional<vllm_version>({parts[0], parts[1], parts[2]}) : std::nullopt;
    i = j + 1;
  }
  return vllm_version{parts[0], parts[1], parts[2]};
}
// The entries of a Python dict literal printed by vLLM: {'key': value, ...} (values may hold
// nested brackets and quoted strings).
inline std::vector<std::pair<std::string, std::string>> python_dict(std::string_view s) {
  std::vector<std::pair<std::string, std::string>> out;
  const std::size_t open = s.find('{');
  if (open == std::string_view::npos) return out;
  std::size_t i = open + 1;
  while (i < s.size()) {
    while (i < s.size() && (s[i] == ' ' || s[i] == ',')) ++i;
    if (i >= s.size() || s[i] == '}' || (s[i] != '\'' && s[i] != '"')) break;
    const char q = s[i];
    const std::size_t key_end = s.find(q, i + 1);
    if (key_end == std::string_view::npos) break;
    std::string key(s.substr(i + 1, key_end - i - 1));
    i = key_end + 1;
    while (i < s.size() && (s[i] == ' ' || s[i] == ':')) ++i;
    const std::size_t value_start = i;
    int depth = 0;
    char quote = 0;
    for (; i < s.size(); ++i) {
      const char c = s[i];
      if (quote) {
        if (c == quote) quote = 0;
      } else if (c == '\'' || c == '"') {
        quote = c;
      } else if (c == '{' || c == '[' || c == '(' || c == '<') {
        ++depth;
      } else if (c == '}' || c == ']' || c == ')' || c == '>') {
        if (depth == 0) break;
        --depth;
      } else if (c == ',' && depth == 0) {
        break;
      }
    }
    out.emplace_back(std::move(key), std::string(trim(s.substr(value_start, i - value_start))));
    if (i < s.size() && s[i] == '}') break;
  }
  return out;
}
}  // namespace detail

// Reads every line of a vLLM start-up log it knows; later lines of a kind replace earlier ones
// (a restart in the same file).
inline vllm_log read_vllm_log(std::string_view text) {
  using detail::after;
  using detail::before;
  vllm_log log;
  // The message of a line, without the logger's prefix ("INFO 10-23 09:12:01 [file.py:12] "),
  // and cut to a readable length.
  const auto message = [](std::string_view line) {
    if (const std::size_t bracket = line.find("] "); bracket != std::string_view::npos && bracket < 120)
      line.remove_prefix(bracket + 2);
    line = detail::trim(line);
    return line.size() > 100 ? std::string(line.substr(0, 97)) + "..." : std::string(line);
  };
  const auto set = [&](std::optional<log_figure>& field, std::optional<double> v, std::string_view line) {
    if (v) field = log_figure{*v, message(line)};
  };
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t end = text.find('\n', pos);
    const std::string_view line = text.substr(pos, end == std::string_view::npos ? text.size() - pos : end - pos);
    pos = end == std::string_view::npos ? text.size() + 1 : end + 1;
    if (line.size() > 65536) continue;  // no start-up line is this long
    if (const std::size_t at = line.find("vLLM API server version "); at != std::string_view::npos) {
      log.version = detail::version_at(line.substr(at + 24));
    } else if (const std::size_t e = line.find("LLM engine (v"); e != std::string_view::npos) {
      log.version = detail::version_at(line.substr(e + 13));
    }
    if (line.find("non-default args:") != std::string_view::npos) {
      log.args = detail::python_dict(line.substr(line.find("non-default args:")));
      log.args_line = std::string(detail::trim(line));
    }
    if (line.find("Model loading took") != std::string_view::npos) set(log.weights_gib, after(line, "Model loading took"), line);
    if (line.find("torch peak memory increase:") != std::string_view::npos) {
      set(log.activation_gib, after(line, "torch peak memory increase:"), line);
      set(log.non_torch_gib, after(line, "non-torch forward increase memory:"), line);
      if (!log.weights_gib) set(log.weights_gib, after(line, "weights memory:"), line);
    }
    if (line.find("Free memory on device") != std::string_view::npos) {
      if (const std::size_t slash = line.find('/', line.find("Free memory on device")); slash != std::string_view::npos)
        set(log.total_gib, detail::number_at(line, slash + 1), line);
      if (line.find("for consumed memory") != std::string_view::npos) {
        set(log.consumed_gib, before(line, "GiB for consumed memory"), line);
      } else {
        // "Model loading took" prints four decimals before v0.14: keep it when there.
        if (!log.weights_gib) set(log.weights_gib, before(line, "GiB for weight"), line);
        set(log.non_torch_gib, before(line, "GiB for non-torch memory"), line);
      }
      set(log.activation_gib, before(line, "GiB for peak activation"), line);
    }
    if (line.find("Estimated CUDA graph memory:") != std::string_view::npos)
      set(log.cudagraph_estimate_gib, after(line, "Estimated CUDA graph memory:"), line);
    if (line.find("Available KV cache memory:") != std::string_view::npos)
      set(log.available_kv_gib, after(line, "Available KV cache memory:"), line);
    if (line.find("GPU KV cache size:") != std::string_view::npos)
      set(log.kv_cache_tokens, after(line, "GPU KV cache size:"), line);
    if (line.find("CUDA graph memory profiling is enabled") != std::string_view::npos) log.cudagraph_memory_profiling = true;
    if (line.find("CUDA graph memory profiling is disabled") != std::string_view::npos ||
        line.find("In v0.19, CUDA graph memory profiling will be enabled") != std::string_view::npos)
      log.cudagraph_memory_profiling = false;
    if (line.find("Directly load the compiled graph") != std::string_view::npos ||
        line.find("Directly load AOT compilation") != std::string_view::npos)
      log.compile_cache = compile_cache_state::warm;
    if (line.find("Compiling a graph for ") != std::string_view::npos) log.compile_cache = compile_cache_state::cold;
    if (!log.backend)
      if (const std::optional<attention_backend> b = detail::backend_in(line)) {
        log.backend = b;
        log.backend_line = std::string(line);
      }
    if (line.find("Using FlashInfer for top-p & top-k sampling") != std::string_view::npos) log.flashinfer_sampler = true;
    if (line.find("Falling back to the PyTorch-native implementation of top-p") != std::string_view::npos ||
        line.find("FlashInfer top-p/top-k sampling unavailable") != std::string_view::npos ||
        line.find("FlashInfer top-p/top-k sampling disabled") != std::string_view::npos)
      log.flashinfer_sampler = false;
    if (const std::size_t c = line.find("Maximum concurrency for "); c != std::string_view::npos) {
      if (const std::size_t colon = line.find("per request:", c); colon != std::string_view::npos)
        set(log.max_concurrency, after(line, "per request:"), line);
    }
  }
  return log;
}

// What apply_vllm_log() took from a log, and what it left to kvplan's estimates.
struct applied_log {
  std::vector<std::string> read;     // "weights 14.25 GiB: Model loading took ..."
  std::vector<std::string> assumed;  // "non-torch memory: kvplan's estimate"
};

namespace detail {
// GiB as bytes, within +/- 1 PiB (the range kvplan's memory flags take), so that the conversion
// is always defined.
inline count_t gib_bytes(double gib) {
  const double limit = 1024.0 * 1024.0;  // GiB in a PiB
  const double clamped = gib > limit ? limit : gib < -limit ? -limit : gib;
  return static_cast<count_t>(clamped * static_cast<double>(GiB) + (clamped < 0 ? -0.5 : 0.5));
}
inline std::string gib_text(double gib) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f GiB", gib);
  return buf;
}
}  // namespace detail

// Puts a log's measured figures into d: the release, the GPU total, and the non-KV terms, so
// that the plan's budget is the one vLLM computed. From v0.27 vLLM prints "consumed" (weights,
// non-torch and buffers) and a peak that holds the graph estimate: the weights and non-torch
// terms are then split from "consumed", and the peak stands for activation and graphs together.
inline applied_log apply_vllm_log(const vllm_log& log, deployment& d) {
  applied_log out;
  const auto took = [&](std::string_view what, const log_figure& f) {
    out.read.push_back(std::string(what) + " " + detail::gib_text(f.value) + ": " + f.line);
  };
  if (log.version) {
    d.vllm = *log.version;
    out.read.push_back("vLLM " + std::to_string(log.version->major) + "." + std::to_string(log.version->minor) + "." +
                       std::to_string(log.version->patch));
  }
  if (log.total_gib) {
    d.gpu.total_memory_bytes = detail::gib_bytes(log.total_gib->value);
    took("GPU total", *log.total_gib);
  }
  if (log.weights_gib) {
    d.memory.weights_bytes = detail::gib_bytes(log.weights_gib->value);
    took("weights", *log.weights_gib);
  } else {
    out.assumed.push_back("weights: kvplan's estimate");
  }
  if (log.consumed_gib) {
    const double weights = log.weights_gib ? log.weights_gib->value : 0.0;
    if (!log.weights_gib) d.memory.weights_bytes = 0;
    d.memory.non_torch_bytes = detail::gib_bytes(log.consumed_gib->value - weights);
    took("consumed (weights + non-torch)", *log.consumed_gib);
    if (log.activation_gib) {
      // The peak already holds the graph estimate the budget takes.
      d.memory.activation_bytes = detail::gib_bytes(log.activation_gib->value);
      d.memory.cudagraph_bytes = 0;
      took("peak activation (with the CUDA-graph estimate)", *log.activation_gib);
    }
  } else {
    if (log.activation_gib) {
      d.memory.activation_bytes = detail::gib_bytes(log.activation_gib->value);
      took("peak activation", *log.activation_gib);
    }
    if (log.non_torch_gib) {
      d.memory.non_torch_bytes = detail::gib_bytes(log.non_torch_gib->value);
      took("non-torch", *log.non_torch_gib);
    }
    if (log.cudagraph_estimate_gib) {
      d.memory.cudagraph_bytes = detail::gib_bytes(log.cudagraph_estimate_gib->value);
      took("CUDA-graph estimate", *log.cudagraph_estimate_gib);
    }
  }
  // The sampler and the graph estimate as the log shows them, where they differ from what the
  // release does by default (so the plan, and the command it prints, follow the installation).
  const vllm_rules rules = rules_for(d.vllm);
  if (log.flashinfer_sampler && !d.flashinfer_sampler &&
      (!rules.sampler_known_from_release || (*log.flashinfer_sampler && !rules.flashinfer_sampler_by_default))) {
    d.flashinfer_sampler = log.flashinfer_sampler;
    out.read.push_back(*log.flashinfer_sampler ? "sampler: FlashInfer's top-k / top-p"
                                               : "sampler: the native top-k / top-p (no FlashInfer)");
  }
  // The backend the log ran, where the deployment names none: a what-if keeps its block sizes
  // and graph modes (and the command pins it).
  if (log.backend && d.backend == attention_backend::automatic) {
    d.backend = *log.backend;
    out.read.push_back("attention backend " + std::string(to_string(*log.backend)) + ": " + log.backend_line);
  }
  if (log.compile_cache == compile_cache_state::warm && d.compile_cache == compile_cache_state::cold &&
      rules.compile_benchmarks_combo_kernels) {
    d.compile_cache = compile_cache_state::warm;
    out.read.push_back("compile cache: warm (the log loads its compiled graphs)");
  }
  if (log.cudagraph_memory_profiling && !d.estimate_cudagraph_memory && rules.estimates_cudagraph_memory &&
      *log.cudagraph_memory_profiling != rules.subtracts_cudagraph_memory) {
    d.estimate_cudagraph_memory = log.cudagraph_memory_profiling;
    out.read.push_back(*log.cudagraph_memory_profiling ? "CUDA-graph memory profiling: enabled"
                                                       : "CUDA-graph memory profiling: disabled");
  }
  // Most logs print the budget but not every term it is made of (at INFO, v0.11 - v0.26 give the
  // weights and "Available KV cache memory" only): the terms left out add up to what the budget
  // lacks, requested - weights - available (- the graph estimate the release takes). The peak
  // activation takes that remainder after kvplan's estimates of the others (which stay
  // estimates, so a lever re-estimates them), so that the plan starts from vLLM's budget.
  bool activation_from_budget = false;
  if (log.available_kv_gib && d.memory.weights_bytes && !d.memory.activation_bytes && d.kv_cache_memory_bytes == 0) {
    if (const plan_result r = try_plan(d); r.ok() && !r.plan.kv_cache_memory_given) {
      const plan& p = r.plan;
      const count_t rest = p.requested_memory_bytes - *d.memory.weights_bytes - detail::gib_bytes(log.available_kv_gib->value);
      // The graphs' share is what the plan takes for them (0 where the release does not).
      const count_t activation = rest - p.non_torch_bytes - p.cudagraph_bytes;
      if (activation >= 0) {
        d.memory.activation_bytes = activation;
        activation_from_budget = true;
        out.read.push_back("the rest of the budget " + detail::gib_text(static_cast<double>(rest) / GiB) +
                           " (requested - weights - available KV cache): peak activation " +
                           detail::gib_text(static_cast<double>(activation) / GiB) + " after kvplan's other terms");
      } else {
        out.assumed.push_back("the log's budget leaves " + detail::gib_text(static_cast<double>(rest) / GiB) +
                              " for the terms it does not print, less than kvplan's estimates of them: estimates kept");
      }
    }
  }
  if (!d.memory.activation_bytes) out.assumed.push_back("peak activation: kvplan's estimate");
  if (!d.memory.non_torch_bytes)
    out.assumed.push_back(activation_from_budget ? "non-torch memory: kvplan's estimate (within the logged budget)"
                              : "non-torch memory: kvplan's estimate");
  if (!d.memory.cudagraph_bytes) out.assumed.push_back("CUDA-graph memory: kvplan's estimate (where the release takes it)");
  return out;
}

}  // namespace kvplan::inline v0
