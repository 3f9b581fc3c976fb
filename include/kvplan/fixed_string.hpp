// A fixed-capacity string for text built in constant expressions (launch commands, messages).
// SPDX-License-Identifier: Apache-2.0
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/error.hpp"
#include "kvplan/units.hpp"

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace kvplan::inline v0 {

// Structural (all members public), so it can also be a template argument; usable as a
// static_assert message where the compiler takes computed messages (it has size() and data()).
template <std::size_t Capacity>
struct fixed_string {
  char chars[Capacity + 1]{};
  std::size_t length = 0;

  constexpr fixed_string() = default;
  constexpr fixed_string(std::string_view s) { append(s); }  // NOLINT: implicit from text

  constexpr std::size_t size() const { return length; }
  constexpr const char* data() const { return chars; }
  constexpr const char* c_str() const { return chars; }
  constexpr std::string_view view() const { return {chars, length}; }
  static constexpr std::size_t capacity() { return Capacity; }

  constexpr fixed_string& append(std::string_view s) {
    if (length + s.size() > Capacity) fail(errc::text_capacity_exceeded, static_cast<std::int64_t>(Capacity));
    for (const char c : s) chars[length++] = c;
    chars[length] = '\0';
    return *this;
  }
  constexpr fixed_string& push_back(char c) { return append(std::string_view(&c, 1)); }
  constexpr fixed_string& operator+=(std::string_view s) { return append(s); }

  friend constexpr bool operator==(const fixed_string& a, std::string_view b) { return a.view() == b; }
};

// Decimal integer, optionally with the thousands separators Python's f"{n:,}" prints.
template <std::size_t N>
constexpr fixed_string<N>& append_integer(fixed_string<N>& out, std::int64_t value, bool thousands = false) {
  format_integer(out, value, thousands);
  return out;
}

// A byte count in GiB the way vLLM's format_gib prints it: str(round(bytes / 2**30, 2)), so
// "16.0", "15.99", "0.5".
template <std::size_t N>
constexpr fixed_string<N>& append_gib(fixed_string<N>& out, count_t bytes) {
  const count_t hundredths = centi_gib(bytes);
  const count_t magnitude = hundredths < 0 ? -hundredths : hundredths;
  if (hundredths < 0) out.push_back('-');
  append_integer(out, magnitude / 100);
  out.push_back('.');
  const count_t frac = magnitude % 100;
  out.push_back(static_cast<char>('0' + frac / 10));
  if (frac % 10 != 0) out.push_back(static_cast<char>('0' + frac % 10));
  return out;
}

// A fraction the way a person types it: the shortest of 1 to 6 decimals that gives back the
// same double ("0.9", "0.92", "0.925"); vLLM parses it with Python's float().
template <std::size_t N>
constexpr fixed_string<N>& append_decimal(fixed_string<N>& out, double value) {
  if (value < 0) {
    out.push_back('-');
    value = -value;
  }
  std::int64_t scale = 10;
  int decimals = 1;
  std::int64_t scaled = 0;
  for (; decimals <= 6; ++decimals, scale *= 10) {
    scaled = static_cast<std::int64_t>(value * static_cast<double>(scale) + 0.5);
    if (static_cast<double>(scaled) / static_cast<double>(scale) == value) break;
  }
  if (decimals > 6) decimals = 6, scale = 1'000'000;
  append_integer(out, scaled / scale);
  out.push_back('.');
  char frac[8]{};
  std::int64_t f = scaled % scale;
  for (int i = decimals - 1; i >= 0; --i) {
    frac[i] = static_cast<char>('0' + f % 10);
    f /= 10;
  }
  return out.append(std::string_view(frac, static_cast<std::size_t>(decimals)));
}

// A value with a fixed number of decimals (printf's "%.2f" for display), rounded half up.
template <std::size_t N>
constexpr fixed_string<N>& append_fixed(fixed_string<N>& out, double value, int decimals) {
  if (value < 0) {
    out.push_back('-');
    value = -value;
  }
  std::int64_t scale = 1;
  for (int i = 0; i < decimals; ++i) scale *= 10;
  const auto scaled = static_cast<std::int64_t>(value * static_cast<double>(scale) + 0.5);
  append_integer(out, scaled / scale);
  if (decimals == 0) return out;
  out.push_back('.');
  char frac[20]{};
  std::int64_t f = scaled % scale;
  for (int i = decimals - 1; i >= 0; --i) {
    frac[i] = static_cast<char>('0' + f % 10);
    f /= 10;
  }
  return out.append(std::string_view(frac, static_cast<std::size_t>(decimals)));
}

}  // namespace kvplan::inline v0
