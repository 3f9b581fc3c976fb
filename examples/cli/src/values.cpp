// Command-line values parsed exactly as vLLM's argparse types parse them.
// SPDX-License-Identifier: Apache-2.0
#include "kvplan_cli/values.hpp"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>

namespace kvplan_cli {

std::string_view strip(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

bool is_digit(char c) { return c >= '0' && c <= '9'; }

std::string lowercase(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  return out;
}

// Python's int(str): optional sign, ASCII digits with single underscores between them,
// surrounding whitespace allowed.
std::optional<count_t> python_int(std::string_view text) {
  std::string_view s = strip(text);
  bool negative = false;
  if (!s.empty() && (s.front() == '+' || s.front() == '-')) {
    negative = s.front() == '-';
    s.remove_prefix(1);
  }
  if (s.empty() || !is_digit(s.front()) || !is_digit(s.back())) return std::nullopt;
  count_t v = 0;
  char previous = '0';
  for (const char c : s) {
    if (c == '_') {
      if (previous == '_') return std::nullopt;
    } else if (is_digit(c)) {
      if (v > (INT64_MAX - (c - '0')) / 10) return std::nullopt;  // beyond 64 bits: not a sane input
      v = v * 10 + (c - '0');
    } else {
      return std::nullopt;
    }
    previous = c;
  }
  return negative ? -v : v;
}

// vLLM's human_readable_int (vllm/utils/argparse_utils.py): "25.6k" = 25,600 (decimal
// suffixes k m g t, decimals allowed, truncated), "1K" = 1,024 (binary suffixes K M G T,
// integers only), else int(value).
parsed<count_t> human_readable_int(std::string_view text) {
  const std::string_view s = strip(text);
  if (s.size() >= 2) {
    const char suffix = s.back();
    const std::string_view number = s.substr(0, s.size() - 1);
    // (\d+(?:\.\d+)?)
    std::size_t i = 0;
    while (i < number.size() && is_digit(number[i])) ++i;
    bool matches = i > 0;
    bool decimal = false;
    if (matches && i < number.size()) {
      decimal = number[i] == '.';
      std::size_t j = i + 1;
      while (j < number.size() && is_digit(number[j])) ++j;
      matches = decimal && j > i + 1 && j == number.size();
    }
    const std::string_view lower = "kmgt", upper = "KMGT";
    if (matches && lower.find(suffix) != std::string_view::npos) {
      double x = 0;
      const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), x);
      (void)end;
      const double mult = suffix == 'k' ? 1e3 : suffix == 'm' ? 1e6 : suffix == 'g' ? 1e9 : 1e12;
      const double v = x * mult;  // Python: int(float(number) * mult)
      if (ec != std::errc{} || !(v < 9.2e18)) return {std::nullopt, "value out of range"};
      return {static_cast<count_t>(v), {}};
    }
    if (matches && upper.find(suffix) != std::string_view::npos) {
      if (decimal) {
        std::string lowered(number);
        lowered += static_cast<char>(suffix - 'A' + 'a');
        return {std::nullopt, "Decimals are not allowed with binary suffixes like " + std::string(1, suffix) +
                                  ". Did you mean to use " + lowered + " instead?"};
      }
      const count_t shift = suffix == 'K' ? 10 : suffix == 'M' ? 20 : suffix == 'G' ? 30 : 40;
      const std::optional<count_t> n = python_int(number);
      if (!n || *n > (INT64_MAX >> shift)) return {std::nullopt, "value out of range"};
      return {*n << shift, {}};
    }
  }
  if (const std::optional<count_t> n = python_int(s)) return {n, {}};
  return {std::nullopt, "not a number"};
}

// vLLM's human_readable_int_or_auto: "auto" (any case) or "-1" mean auto-fit (-1).
parsed<count_t> human_readable_int_or_auto(std::string_view text) {
  const std::string_view s = strip(text);
  if (s == "-1") return {-1, {}};
  if (s.size() == 4) {
    std::string lower(s);
    for (char& c : lower) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    if (lower == "auto") return {-1, {}};
  }
  return human_readable_int(s);
}

// Python's float() for the plain decimal forms a person types ("0.9", ".92", "9e-1").
std::optional<double> python_float(std::string_view text) {
  std::string_view s = strip(text);
  if (!s.empty() && s.front() == '+') s.remove_prefix(1);
  if (s.empty()) return std::nullopt;
  double x = 0;
  const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), x);
  if (ec != std::errc{} || end != s.data() + s.size() || !std::isfinite(x)) return std::nullopt;
  return x;
}

// A memory size: vLLM's human_readable_int forms ("80G" = 80 GiB, "80g" = 80 GB, bytes), or a
// number with an explicit unit as vLLM's logs print them ("14.99 GiB", "512MiB", "16GB").
parsed<count_t> memory_size(std::string_view text) {
  const std::string_view s = strip(text);
  struct unit {
    std::string_view name;
    double bytes;
  };
  constexpr unit units[] = {{"TiB", 1099511627776.0}, {"GiB", 1073741824.0}, {"MiB", 1048576.0}, {"KiB", 1024.0},
                            {"TB", 1e12},             {"GB", 1e9},           {"MB", 1e6},       {"KB", 1e3},
                            {"B", 1.0}};
  for (const unit& u : units) {
    if (s.size() > u.name.size() && s.substr(s.size() - u.name.size()) == u.name) {
      const std::optional<double> x = python_float(s.substr(0, s.size() - u.name.size()));
      if (!x || *x < 0 || !(*x * u.bytes < 9.2e18)) return {std::nullopt, "not a size"};
      return {static_cast<count_t>(std::llround(*x * u.bytes)), {}};
    }
  }
  return human_readable_int(s);
}

}  // namespace kvplan_cli
