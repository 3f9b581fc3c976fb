// Reading a vLLM server's /metrics page (the Prometheus text format) for the figures a plan
// predicts: KV-cache usage, running / waiting requests, preemptions, prefix-cache hits, the cache
// configuration the engine started with, and the request-length histograms.
// SPDX-License-Identifier: Apache-2.0
//
// Names as vLLM exports them (vllm/v1/metrics/loggers.py): vllm:kv_cache_usage_perc (a
// fraction; vllm:gpu_cache_usage_perc before v0.9.2, hidden from v0.11, removed in v0.12),
// vllm:num_requests_running, vllm:num_requests_waiting, vllm:num_preemptions_total,
// vllm:prefix_cache_queries_total / vllm:prefix_cache_hits_total, vllm:cache_config_info (a gauge
// of 1 whose labels are the cache config: num_gpu_blocks, block_size, cache_dtype,
// gpu_memory_utilization, enable_prefix_caching, ...), and the histograms
// vllm:request_prompt_tokens and vllm:request_generation_tokens. With several engines (data
// parallel) counts are summed and the usage is the largest engine's.
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/units.hpp"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace kvplan::inline v0 {

// A Prometheus histogram: cumulative counts at each upper bound `le` (+Inf last), sum, count.
struct metric_histogram {
  std::vector<std::pair<double, double>> buckets;  // (le, cumulative count), ascending le
  double sum = 0;
  double count = 0;
  // The smallest bucket bound under which at least q of the observations fall: an upper bound
  // of the q-quantile (the largest finite bound when the quantile lies in +Inf).
  double quantile_upper_bound(double q) const {
    if (!(count > 0) || buckets.empty()) return 0;
    double last_finite = 0;
    for (const auto& [le, cumulative] : buckets) {
      if (le < 1e300) last_finite = le;
      if (cumulative >= q * count) return le < 1e300 ? le : last_finite;
    }
    return last_finite;
  }
};

struct vllm_metrics {
  std::optional<double> kv_cache_usage;  // fraction 0..1
  bool kv_cache_usage_old_name = false;   // read from vllm:gpu_cache_usage_perc
  std::optional<double> requests_running;
  std::optional<double> requests_waiting;
  std::optional<double> preemptions;     // since the engine started
  std::optional<double> prefix_cache_queries;
  std::optional<double> prefix_cache_hits;
  // vllm:cache_config_info labels.
  std::optional<count_t> num_gpu_blocks;
  std::optional<count_t> block_size;
  std::optional<std::string> cache_dtype;
  std::optional<double> gpu_memory_utilization;
  std::optional<bool> enable_prefix_caching;
  metric_histogram prompt_tokens;
  metric_histogram generation_tokens;
  std::vector<std::string> model_names;
  std::int32_t engines = 0;  // distinct engine labels seen
  count_t samples = 0;        // sample lines read
};

struct metrics_read {
  vllm_metrics metrics;
  std::string error;  // empty when the page was read
  std::size_t line = 0;  // where the error is (1-based)
  bool ok() const { return error.empty(); }
};

namespace detail::prom {

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\r')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
  return s;
}

// A sample value: a float, +Inf, -Inf or NaN (Prometheus text format).
inline std::optional<double> number(std::string_view s) {
  if (s == "+Inf" || s == "Inf") return std::numeric_limits<double>::infinity();
  if (s == "-Inf") return -std::numeric_limits<double>::infinity();
  if (s == "NaN") return std::nullopt;
  if (s.empty() || s.size() > 64) return std::nullopt;
  const std::string copy(s);
  char* end = nullptr;
  const double v = std::strtod(copy.c_str(), &end);
  if (end != copy.c_str() + copy.size()) return std::nullopt;
  return v;
}

struct sample {
  std::string_view name;
  std::vector<std::pair<std::string_view, std::string>> labels;
  double value = 0;
  bool value_is_nan = false;
};

inline bool name_char(char c, bool first) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' || (!first && c >= '0' && c <= '9');
}

// One sample line: name{label="value",...} value [timestamp]; an error message when malformed.
inline std::string parse_sample(std::string_view line, sample& out) {
  std::size_t i = 0;
  while (i < line.size() && name_char(line[i], i == 0)) ++i;
  if (i == 0) return "a metric name expected";
  out.name = line.substr(0, i);
  if (i < line.size() && line[i] == '{') {
    if (line.find('}', i) == std::string_view::npos) return "no '}' closes the labels";
    ++i;
    while (true) {
      while (i < line.size() && (line[i] == ' ' || line[i] == ',')) ++i;
      if (i < line.size() && line[i] == '}') {
        ++i;
        break;
      }
      const std::size_t key_start = i;
      while (i < line.size() && name_char(line[i], i == key_start)) ++i;
      if (i == key_start) return "a label name expected";
      const std::string_view key = line.substr(key_start, i - key_start);
      if (i >= line.size() || line[i] != '=') return "'=' expected after label " + std::string(key);
      ++i;
      if (i >= line.size() || line[i] != '"') return "a quoted label value expected";
      ++i;
      std::string value;
      while (i < line.size() && line[i] != '"') {
        if (line[i] == '\\' && i + 1 < line.size()) {
          ++i;
          value.push_back(line[i] == 'n' ? '\n' : line[i]);
        } else {
          value.push_back(line[i]);
        }
        ++i;
      }
      if (i >= line.size()) return "an unterminated label value";
      ++i;
      out.labels.emplace_back(key, std::move(value));
      if (out.labels.size() > 64) return "more than 64 labels";
    }
  }
  const std::string_view rest = trim(line.substr(i));
  const std::size_t space = rest.find_first_of(" \t");
  const std::string_view value = space == std::string_view::npos ? rest : rest.substr(0, space);
  if (value.empty()) return "a sample value expected";
  if (value == "NaN") {
    out.value_is_nan = true;
    return {};
  }
  const std::optional<double> v = number(value);
  if (!v) return "a number expected, not '" + std::string(value.substr(0, 32)) + "'";
  out.value = *v;
  if (space != std::string_view::npos) {
    const std::string_view stamp = trim(rest.substr(space));
    if (!stamp.empty() && !number(stamp)) return "a timestamp expected after the value";
  }
  return {};
}

inline const std::string* label(const sample& s, std::string_view key) {
  for (const auto& [k, v] : s.labels)
    if (k == key) return &v;
  return nullptr;
}

inline void add(std::optional<double>& total, double v) { total = total.value_or(0) + v; }

}  // namespace detail::prom

// Reads a /metrics page. Lines that are not vLLM's are skipped; a malformed line, or a page
// without any vllm: metric, is an error naming the line.
inline metrics_read read_vllm_metrics(std::string_view text) {
  using namespace detail::prom;
  metrics_read r;
  vllm_metrics& m = r.metrics;
  std::vector<std::string> engines;
  bool any_vllm = false;
  bool new_usage_name = false;
  std::size_t line_no = 0;
  std::size_t start = 0;
  while (start < text.size()) {
    const std::size_t nl = text.find('\n', start);
    const std::string_view raw = text.substr(start, nl == std::string_view::npos ? text.npos : nl - start);
    start = nl == std::string_view::npos ? text.size() : nl + 1;
    ++line_no;
    const std::string_view line = trim(raw);
    if (line.empty() || line.front() == '#') continue;
    sample s;
    if (const std::string why = parse_sample(line, s); !why.empty()) {
      r.error = "line " + std::to_string(line_no) + " is not a Prometheus sample: " + why;
      r.line = line_no;
      return r;
    }
    ++m.samples;
    if (s.name.rfind("vllm:", 0) != 0) continue;
    any_vllm = true;
    if (const std::string* e = label(s, "engine"); e && std::find(engines.begin(), engines.end(), *e) == engines.end())
      engines.push_back(*e);
    if (const std::string* name = label(s, "model_name");
        name && std::find(m.model_names.begin(), m.model_names.end(), *name) == m.model_names.end())
      m.model_names.push_back(*name);
    if (s.value_is_nan) continue;
    const std::string_view n = s.name;
    if (n == "vllm:kv_cache_usage_perc") {
      if (m.kv_cache_usage_old_name) m.kv_cache_usage.reset();  // the new name wins where both are exported
      m.kv_cache_usage_old_name = false;
      new_usage_name = true;
      m.kv_cache_usage = std::max(m.kv_cache_usage.value_or(0), s.value);
    } else if (n == "vllm:gpu_cache_usage_perc") {
      if (new_usage_name) continue;
      m.kv_cache_usage_old_name = true;
      m.kv_cache_usage = std::max(m.kv_cache_usage.value_or(0), s.value);
    } else if (n == "vllm:num_requests_running") {
      add(m.requests_running, s.value);
    } else if (n == "vllm:num_requests_waiting") {
      add(m.requests_waiting, s.value);
    } else if (n == "vllm:num_preemptions_total") {
      add(m.preemptions, s.value);
    } else if (n == "vllm:prefix_cache_queries_total") {
      add(m.prefix_cache_queries, s.value);
    } else if (n == "vllm:prefix_cache_hits_total") {
      add(m.prefix_cache_hits, s.value);
    } else if (n == "vllm:cache_config_info") {
      if (const std::string* v = label(s, "num_gpu_blocks")) {
        if (const std::optional<double> x = number(*v); x && *x >= 0 && *x < 1e15) m.num_gpu_blocks = static_cast<count_t>(*x);
      }
      if (const std::string* v = label(s, "block_size")) {
        if (const std::optional<double> x = number(*v); x && *x >= 0 && *x < 1e9) m.block_size = static_cast<count_t>(*x);
      }
      if (const std::string* v = label(s, "cache_dtype")) m.cache_dtype = *v;
      if (const std::string* v = label(s, "gpu_memory_utilization")) {
        if (const std::optional<double> x = number(*v)) m.gpu_memory_utilization = *x;
      }
      if (const std::string* v = label(s, "enable_prefix_caching")) m.enable_prefix_caching = *v == "True" || *v == "true";
    } else {
      // Histograms: <name>_bucket{le=...}, <name>_sum, <name>_count.
      for (const auto& [base, h] : {std::pair<std::string_view, metric_histogram*>{"vllm:request_prompt_tokens", &m.prompt_tokens},
                                    std::pair<std::string_view, metric_histogram*>{"vllm:request_generation_tokens",
                                                                                   &m.generation_tokens}}) {
        if (n.size() <= base.size() || n.substr(0, base.size()) != base) continue;
        const std::string_view suffix = n.substr(base.size());
        if (suffix == "_sum") {
          h->sum += s.value;
        } else if (suffix == "_count") {
          h->count += s.value;
        } else if (suffix == "_bucket") {
          const std::string* le = label(s, "le");
          const std::optional<double> bound = le ? number(*le) : std::nullopt;
          if (!bound) {
            r.error = "line " + std::to_string(line_no) + ": a histogram bucket without a numeric le label";
            r.line = line_no;
            return r;
          }
          auto it = std::find_if(h->buckets.begin(), h->buckets.end(), [&](const auto& b) { return b.first == *bound; });
          if (it == h->buckets.end()) h->buckets.emplace_back(*bound, s.value);
          else it->second += s.value;  // several engines: their counts add
        }
      }
    }
  }
  if (!any_vllm) {
    r.error = "no vllm: metric in the page: it is not a vLLM server's /metrics";
    r.line = line_no;
    return r;
  }
  for (metric_histogram* h : {&m.prompt_tokens, &m.generation_tokens})
    std::sort(h->buckets.begin(), h->buckets.end());
  m.engines = static_cast<std::int32_t>(engines.size());
  return r;
}

}  // namespace kvplan::inline v0
