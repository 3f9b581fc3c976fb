// Reading request lengths from a file, as seed 003 does before it sets --max-model-len: JSON
// lines (one request each), CSV, or a vLLM /metrics page's length histograms.
// SPDX-License-Identifier: Apache-2.0
//
//   JSON lines: {"prompt_tokens": 812, "completion_tokens": 240} per line; the OpenAI usage
//     object ({"usage": {"prompt_tokens": ..., "completion_tokens": ...}}) works too. A request's
//     length is prompt + completion (max_model_len bounds both); completion may be absent.
//   CSV: a header naming prompt_tokens (and completion_tokens / generation_tokens /
//     output_tokens), then one request a row; or one column of lengths without a header.
//   /metrics: vllm:request_prompt_tokens and vllm:request_generation_tokens give bucket bounds
//     only, and no per-request sum: each percentile is the sum of the two histograms' upper
//     bounds, an upper bound of it.
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/json.hpp"
#include "kvplan/metrics_text.hpp"
#include "kvplan/operations.hpp"

#include <algorithm>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace kvplan::inline v0 {

enum class request_log_format : std::uint8_t { json_lines, csv, metrics };

struct request_lengths {
  request_log_format format = request_log_format::json_lines;
  std::vector<count_t> lengths;  // sorted; empty for a /metrics page
  length_percentiles stats{};
  std::string error;             // empty when read
  std::size_t line = 0;          // where the error is (1-based)
  bool ok() const { return error.empty(); }
};

namespace detail::requests {

inline std::string_view trim(std::string_view s) { return detail::prom::trim(s); }

// A non-negative integer token count of at most 2^40.
inline bool token_count(std::string_view s, count_t& out) {
  s = trim(s);
  if (s.empty() || s.size() > 13) return false;
  count_t v = 0;
  for (const char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + (c - '0');
  }
  if (v > (count_t{1} << 40)) return false;
  out = v;
  return true;
}

inline bool json_count(const json::object& o, std::string_view key, count_t& out, bool& found) {
  const auto v = o.find(key);
  if (!v) return true;
  found = true;
  const json::value x = v.found;
  if (!x.is_number() || !x.number().is_integer || x.number().integer < 0 || x.number().integer > (count_t{1} << 40))
    return false;
  out = x.number().integer;
  return true;
}

inline std::vector<std::string_view> split_csv(std::string_view line) {
  std::vector<std::string_view> cells;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = line.find(',', start);
    cells.push_back(trim(line.substr(start, comma == std::string_view::npos ? line.npos : comma - start)));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  return cells;
}

inline request_lengths fail(request_lengths r, std::size_t line, std::string why) {
  r.error = "line " + std::to_string(line) + ": " + std::move(why);
  r.line = line;
  return r;
}

}  // namespace detail::requests

// Reads the lengths in `text`, guessing the format from its first line ('{' JSON lines, '#' or
// vllm: a /metrics page, else CSV). At most 50 million requests.
inline request_lengths read_request_lengths(std::string_view text) {
  using namespace detail::requests;
  request_lengths r;
  constexpr std::size_t max_requests = 50'000'000;
  // The first non-empty line decides the format.
  std::string_view first;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t nl = text.find('\n', at);
    first = trim(text.substr(at, nl == std::string_view::npos ? text.npos : nl - at));
    if (!first.empty() || nl == std::string_view::npos) break;
    at = nl + 1;
  }
  if (first.empty()) return fail(r, 1, "no requests: the file is empty");
  if (first.front() == '#' || first.rfind("vllm:", 0) == 0) {
    r.format = request_log_format::metrics;
    const metrics_read m = read_vllm_metrics(text);
    if (!m.ok()) {
      r.error = m.error;
      r.line = m.line;
      return r;
    }
    const metric_histogram& p = m.metrics.prompt_tokens;
    const metric_histogram& g = m.metrics.generation_tokens;
    if (!(p.count > 0)) return fail(r, m.line, "the page has no vllm:request_prompt_tokens observations");
    const auto bound = [&](double q) {
      return static_cast<count_t>(p.quantile_upper_bound(q) + (g.count > 0 ? g.quantile_upper_bound(q) : 0.0));
    };
    r.stats.count = static_cast<count_t>(p.count);
    r.stats.p50 = bound(0.50);
    r.stats.p95 = bound(0.95);
    r.stats.p99 = bound(0.99);
    r.stats.max = bound(1.0);
    return r;
  }
  r.format = first.front() == '{' ? request_log_format::json_lines : request_log_format::csv;
  std::int32_t prompt_column = 0, completion_column = -1;
  bool header_read = false;
  std::size_t line_no = 0;
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t nl = text.find('\n', at);
    const std::string_view line = trim(text.substr(at, nl == std::string_view::npos ? text.npos : nl - at));
    at = nl == std::string_view::npos ? text.size() : nl + 1;
    ++line_no;
    if (line.empty()) continue;
    if (r.lengths.size() >= max_requests) return fail(r, line_no, "more than 50,000,000 requests");
    count_t prompt = 0, completion = 0;
    if (r.format == request_log_format::json_lines) {
      const json::document doc(line);
      if (!doc.ok() || !doc.root().is_object())
        return fail(r, line_no, "not a JSON object (one request per line: {\"prompt_tokens\": N, \"completion_tokens\": M})");
      json::object o(doc.root());
      if (const auto usage = o.find("usage"); usage && usage.found.is_object()) o = json::object(usage.found);
      bool has_prompt = false, has_completion = false;
      if (!json_count(o, "prompt_tokens", prompt, has_prompt)) return fail(r, line_no, "\"prompt_tokens\" must be a token count");
      if (!has_prompt) return fail(r, line_no, "no \"prompt_tokens\"");
      for (const std::string_view key : {"completion_tokens", "generation_tokens", "output_tokens"}) {
        if (!json_count(o, key, completion, has_completion)) return fail(r, line_no, "\"" + std::string(key) + "\" must be a token count");
        if (has_completion) break;
      }
    } else {
      const std::vector<std::string_view> cells = split_csv(line);
      if (!header_read) {
        header_read = true;
        count_t probe = 0;
        if (!token_count(cells[0], probe)) {  // a header row
          prompt_column = -1;
          for (std::size_t c = 0; c < cells.size(); ++c) {
            const std::string_view name = cells[c];
            if (name == "prompt_tokens" || name == "prompt" || name == "input_tokens") prompt_column = static_cast<std::int32_t>(c);
            if (name == "completion_tokens" || name == "generation_tokens" || name == "output_tokens")
              completion_column = static_cast<std::int32_t>(c);
          }
          if (prompt_column < 0) return fail(r, line_no, "the CSV header names no prompt_tokens column");
          continue;
        }
      }
      if (static_cast<std::size_t>(prompt_column) >= cells.size() || !token_count(cells[static_cast<std::size_t>(prompt_column)], prompt))
        return fail(r, line_no, "no token count in the prompt column");
      if (completion_column >= 0 && (static_cast<std::size_t>(completion_column) >= cells.size() ||
                                     !token_count(cells[static_cast<std::size_t>(completion_column)], completion)))
        return fail(r, line_no, "no token count in the completion column");
    }
    r.lengths.push_back(prompt + completion);
  }
  if (r.lengths.empty()) return fail(r, line_no, "no requests in the file");
  std::sort(r.lengths.begin(), r.lengths.end());
  r.stats = percentiles_of(r.lengths.data(), static_cast<count_t>(r.lengths.size()));
  return r;
}

}  // namespace kvplan::inline v0
