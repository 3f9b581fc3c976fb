// JSON: a small, strict, allocation-free reader for config.json, usable in constant expressions.
// SPDX-License-Identifier: Apache-2.0
//
// A json::document checks the whole text once against RFC 8259 (objects, arrays, strings with
// every escape including \uXXXX, UTF-8, numbers, true / false / null, at most json::max_depth
// levels of nesting) and records where each object and array ends. After that, values are
// answered from the text without copying it: an object's members are indexed once
// (json::object), so looking up a key walks that index, not the text, and skipping a nested
// object or array is a binary search in the recorded ends.
//
// Small objects whose keys are all wanted (the 80 blocks of a NAS config) are better walked once
// with json::members than indexed. Arrays are walked with json::elements.
//
// Nothing allocates; the document holds fixed-capacity tables. A document with more objects
// and arrays than json::max_containers (or an object with more members than its index holds)
// is still read correctly, only more slowly: the overflow is scanned. The text must outlive
// the document and every value taken from it.
//
// Cost in constant evaluation: clang counts statements against -fconstexpr-steps (default
// 1,048,576 per constant expression) and every read of the text costs time, so the hot loops
// test several bytes per statement and read each byte as few times as they can. Reading the
// 37 KB config.json of Llama-3.3-Nemotron-Super-49B into a kvplan::model takes about 280,000
// steps (GCC: under 4,000,000 of its 33,554,432 -fconstexpr-ops-limit).
//
// Duplicate keys: the last one wins, as in Python's json module (which transformers uses).
// Strings are not decoded: a value's raw() is the text between the quotes; equals() compares
// it, escapes decoded, with a plain string.
#pragma once

#include "kvplan/config.hpp"
#include "kvplan/error.hpp"

#include <cstddef>
#include <cstdint>
#include <limits>
#include <string_view>

namespace kvplan::inline v0::json {

// Nesting limit: config.json files nest four or five levels deep.
inline constexpr int max_depth = 64;
// Objects and arrays whose end is recorded (Llama-3.3-Nemotron-Super-49B's config has 246).
inline constexpr int max_containers = 1024;
// Members an object's index holds (a config.json has 30 to 70 top-level keys).
inline constexpr int max_indexed_members = 128;
// The largest text accepted: offsets are 32-bit.
inline constexpr std::size_t max_text_size = 0x7fffffff;

enum class kind : std::uint8_t { null, boolean, number, string, array, object };

// A string to compare with (a key, a value): its characters and their count. Made from a
// string literal, the count comes from the type; a std::string_view made from a literal in a
// constant expression would count the characters one evaluation step at a time.
struct chars {
  const char* data = nullptr;
  std::uint32_t size = 0;

  constexpr chars() = default;
  template <std::size_t N>
  constexpr chars(const char (&s)[N]) : data(s), size(static_cast<std::uint32_t>(N - 1)) {}  // NOLINT: implicit
  constexpr chars(std::string_view s) : data(s.data()), size(static_cast<std::uint32_t>(s.size())) {}  // NOLINT
  constexpr std::string_view view() const { return {data, size}; }
};

constexpr std::string_view to_string(kind k) {
  switch (k) {
    case kind::null: return "null";
    case kind::boolean: return "a boolean";
    case kind::number: return "a number";
    case kind::string: return "a string";
    case kind::array: return "an array";
    case kind::object: return "an object";
  }
  return "?";
}

// Why a text is not JSON, and at which byte (0-based) the reader stopped. `what` is a string
// literal.
struct syntax_error {
  std::size_t offset = 0;
  std::string_view what{};
  constexpr explicit operator bool() const { return !what.empty(); }
};

// A number as written: an exact integer when it has no fraction or exponent and fits in 64
// bits, and its value as a double in any case (exact for the integers and decimals a config
// holds: at most 15 significant digits and a power of ten up to 22 are converted exactly).
struct number {
  bool is_integer = false;
  std::int64_t integer = 0;
  double real = 0;
};

class document;

// A value inside a document: where it starts in the text.
class value {
 public:
  constexpr value() = default;
  constexpr value(const document* doc, std::uint32_t at) : doc_(doc), at_(at) {}

  constexpr kind type() const;
  constexpr bool is_null() const { return type() == kind::null; }
  constexpr bool is_object() const { return type() == kind::object; }
  constexpr bool is_array() const { return type() == kind::array; }
  constexpr bool is_string() const { return type() == kind::string; }
  constexpr bool is_number() const { return type() == kind::number; }
  constexpr bool is_boolean() const { return type() == kind::boolean; }

  // Booleans: true or false.
  constexpr bool boolean() const;
  // Numbers.
  constexpr json::number number() const;
  // Strings: the text between the quotes (escapes not decoded), whether it has escapes, and
  // equality with a plain string, escapes decoded.
  constexpr std::string_view raw() const;
  constexpr bool has_escapes() const;
  constexpr bool equals(chars s) const;
  // Arrays: the number of elements.
  constexpr std::uint32_t size() const;

  // Where the value starts in the text (a byte offset), and the text it spans.
  constexpr std::uint32_t offset() const { return at_; }
  constexpr std::string_view text() const;
  constexpr const document* doc() const { return doc_; }

 private:
  const document* doc_ = nullptr;
  std::uint32_t at_ = 0;
};

// Walks the elements of an array in order:
//   for (json::elements e(v); !e.done(); e.next()) use(e.get());
class elements {
 public:
  constexpr elements() = default;  // done at once
  constexpr explicit elements(value array);
  constexpr bool done() const { return done_; }
  constexpr value get() const { return {doc_, at_}; }
  constexpr std::uint32_t index() const { return index_; }
  constexpr void next();

 private:
  const document* doc_ = nullptr;
  std::uint32_t at_ = 0;
  std::uint32_t index_ = 0;
  bool done_ = true;
};

// Walks the members of an object once, in order, without indexing them: for small objects
// whose keys are all wanted (the blocks of a NAS config), cheaper than an index and lookups.
//   for (json::members m(v); !m.done(); m.next()) if (m.key_is("no_op")) use(m.get());
class members {
 public:
  constexpr members() = default;  // done at once
  constexpr explicit members(value of);
  constexpr bool done() const { return done_; }
  constexpr bool key_is(chars name) const;
  constexpr std::string_view key() const;  // escapes not decoded
  constexpr value get() const { return {doc_, value_}; }
  constexpr void next();

 private:
  constexpr void read_member(std::uint32_t quote);

  const document* doc_ = nullptr;
  std::uint32_t key_ = 0;
  std::uint32_t key_size_ = 0;
  std::uint32_t value_ = 0;
  bool escaped_ = false;
  bool done_ = true;
};

// An object's members, indexed once. find() returns the value of the last member with that
// key, or an empty optional-like value (found() false).
template <int Capacity = max_indexed_members>
class basic_object {
 public:
  struct member {
    std::uint32_t key = 0;  // first byte after the key's opening quote
    std::uint32_t key_size = 0;
    std::uint32_t value = 0;
    bool escaped = false;
  };
  struct lookup {
    value found{};
    bool present = false;
    constexpr explicit operator bool() const { return present; }
  };

  constexpr basic_object() = default;
  constexpr explicit basic_object(value of);

  constexpr lookup find(chars name) const;
  constexpr bool contains(chars name) const { return static_cast<bool>(find(name)); }
  constexpr value self() const { return {doc_, at_}; }
  constexpr std::uint32_t size() const { return count_ + overflow_count_; }
  // The key of the i-th indexed member (i < indexed()), escapes not decoded.
  constexpr std::uint32_t indexed() const { return count_; }
  constexpr std::string_view key(std::uint32_t i) const;
  constexpr value member_value(std::uint32_t i) const { return {doc_, members_[i].value}; }

 private:
  constexpr bool key_is(const member& m, chars name) const;

  const document* doc_ = nullptr;
  std::uint32_t at_ = 0;
  member members_[static_cast<std::size_t>(Capacity)]{};  // a plain array: no operator[] calls in constant evaluation
  std::uint32_t count_ = 0;
  std::uint32_t overflow_count_ = 0;
  std::uint32_t resume_ = 0;  // where the members beyond the index start (0: none)
};

using object = basic_object<>;
using small_object = basic_object<16>;

class document {
 public:
  // Checks `text` and records the ends of its objects and arrays. With `report_at_once`, a
  // syntax error is reported where it is found, through kvplan::fail (errc::
  // config_json_syntax_error): a compile error in a constant expression whose call chain shows
  // what was expected, a kvplan::plan_error at run time.
  constexpr explicit document(std::string_view text, bool report_at_once = false);

  constexpr bool ok() const { return !error_; }
  constexpr const syntax_error& error() const { return error_; }
  constexpr value root() const { return {this, root_}; }
  constexpr std::string_view text() const { return {p_, n_}; }

  // Internal (used by value, elements and basic_object): the offset just past the value that
  // starts at `at`, and the first non-whitespace offset at or after `at`.
  constexpr std::uint32_t end_of(std::uint32_t at) const;
  constexpr std::uint32_t skip_ws(std::uint32_t at) const;
  constexpr char at(std::uint32_t i) const { return p_[i]; }
  constexpr const char* data() const { return p_; }
  constexpr std::uint32_t size() const { return n_; }
  // The offset of the closing quote of the string whose content starts at `at`.
  constexpr std::uint32_t string_end(std::uint32_t at) const {
    while (p_[at] != '"') at += p_[at] == '\\' ? 2 : 1;
    return at;
  }

 private:
  constexpr void validate();
  constexpr bool fail(std::uint32_t at, std::string_view what) {
    error_ = {at, what};
    if (report_at_once_) kvplan::fail(errc::config_json_syntax_error, at, 0, 0, what);
    return false;
  }
  constexpr bool scan_string(std::uint32_t& i);
  constexpr bool scan_number(std::uint32_t& i);
  constexpr bool scan_literal(std::uint32_t& i, std::string_view word);
  constexpr bool scan_key(std::uint32_t& i, std::string_view no_quote);
  constexpr std::uint32_t scan_past_container(std::uint32_t at) const;

  const char* p_ = nullptr;
  std::uint32_t n_ = 0;
  std::uint32_t root_ = 0;
  syntax_error error_{};
  // Objects and arrays in the order they open; close_[k] is the offset of the bracket that
  // closes the one opening at open_[k].
  std::uint32_t open_[max_containers]{};
  std::uint32_t close_[max_containers]{};
  std::uint32_t containers_ = 0;
  bool all_recorded_ = true;
  bool report_at_once_ = false;
};

// ------------------------------------------------------------------------------------------
// Implementation
// ------------------------------------------------------------------------------------------

// Whitespace skipping, four bytes per step while it lasts (clang counts statements against
// -fconstexpr-steps, not comparisons); `p` is the text. A limit of 0xFFFFFFFF is for text
// already validated, where a non-whitespace byte always follows. Undefined at the end.
// To the closing quote of a key (or its first backslash): letters and '_' (above '\\') four at a
// time, one read each; the text is validated, so the quote is there.
#define KVPLAN_JSON_SKIP_KEY(k)                                                          \
  while (p[k] > '\\' && p[(k) + 1] > '\\' && p[(k) + 2] > '\\' && p[(k) + 3] > '\\') (k) += 4; \
  while (p[k] != '"' && p[k] != '\\') ++(k)

// (The byte is read once when it is not whitespace, the usual way out: in a constant expression
// every read of the text costs time.)
#define KVPLAN_JSON_WS(c) ((c) <= ' ' && ((c) == ' ' || (c) == '\n' || (c) == '\r' || (c) == '\t'))
#define KVPLAN_JSON_SKIP_WS(i, limit)                                                 \
  for (char ws_ = (i) < (limit) ? p[i] : 'x'; ws_ <= ' ' && (ws_ == ' ' || ws_ == '\n' || ws_ == '\r' || ws_ == '\t'); \
       ws_ = ++(i) < (limit) ? p[i] : 'x') {                                            \
  }

namespace detail {
constexpr int hex_digit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}
constexpr bool is_digit(char c) { return c >= '0' && c <= '9'; }

// Decodes one character of a string's raw text at `i` (advancing `i`) into UTF-8 bytes.
struct decoded {
  char bytes[4]{};
  int size = 0;
};
constexpr std::uint32_t read_hex4(std::string_view s, std::size_t i) {
  std::uint32_t v = 0;
  for (std::size_t k = 0; k < 4; ++k) v = v * 16 + static_cast<std::uint32_t>(hex_digit(s[i + k]));
  return v;
}
constexpr decoded decode_one(std::string_view s, std::size_t& i) {
  decoded d;
  if (s[i] != '\\') {
    d.bytes[0] = s[i++];
    d.size = 1;
    return d;
  }
  const char e = s[i + 1];
  i += 2;
  char c = 0;
  switch (e) {
    case '"': c = '"'; break;
    case '\\': c = '\\'; break;
    case '/': c = '/'; break;
    case 'b': c = '\b'; break;
    case 'f': c = '\f'; break;
    case 'n': c = '\n'; break;
    case 'r': c = '\r'; break;
    case 't': c = '\t'; break;
    default: break;
  }
  if (e != 'u') {
    d.bytes[0] = c;
    d.size = 1;
    return d;
  }
  std::uint32_t cp = read_hex4(s, i);
  i += 4;
  // A high surrogate followed by \u low surrogate is one code point; a lone surrogate is kept
  // as its own (WTF-8) encoding, as Python keeps it.
  if (cp >= 0xD800 && cp <= 0xDBFF && i + 6 <= s.size() && s[i] == '\\' && s[i + 1] == 'u') {
    const std::uint32_t lo = read_hex4(s, i + 2);
    if (lo >= 0xDC00 && lo <= 0xDFFF) {
      cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
      i += 6;
    }
  }
  if (cp < 0x80) {
    d.bytes[0] = static_cast<char>(cp);
    d.size = 1;
  } else if (cp < 0x800) {
    d.bytes[0] = static_cast<char>(0xC0 | (cp >> 6));
    d.bytes[1] = static_cast<char>(0x80 | (cp & 0x3F));
    d.size = 2;
  } else if (cp < 0x10000) {
    d.bytes[0] = static_cast<char>(0xE0 | (cp >> 12));
    d.bytes[1] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    d.bytes[2] = static_cast<char>(0x80 | (cp & 0x3F));
    d.size = 3;
  } else {
    d.bytes[0] = static_cast<char>(0xF0 | (cp >> 18));
    d.bytes[1] = static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    d.bytes[2] = static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    d.bytes[3] = static_cast<char>(0x80 | (cp & 0x3F));
    d.size = 4;
  }
  return d;
}

// Equality of a string's raw text (escapes allowed) with a plain string.
constexpr bool raw_equals(std::string_view raw, bool escaped, chars s) {
  if (!escaped) {
    if (raw.size() != s.size) return false;
    const char* const p = raw.data();
    std::uint32_t j = 0;
    while (j < s.size && p[j] == s.data[j]) ++j;
    return j == s.size;
  }
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < raw.size()) {
    const decoded d = decode_one(raw, i);
    for (int k = 0; k < d.size; ++k) {
      if (j >= s.size || s.data[j] != d.bytes[k]) return false;
      ++j;
    }
  }
  return j == s.size;
}

constexpr double power_of_ten(int e) {
  double r = 1;
  for (int k = 0; k < e; ++k) r *= 10;
  return r;
}
}  // namespace detail

// --- document ---------------------------------------------------------------------------

constexpr std::uint32_t document::skip_ws(std::uint32_t at) const {
  const char* const p = p_;
  KVPLAN_JSON_SKIP_WS(at, n_);
  return at;
}

constexpr document::document(std::string_view text, bool report_at_once)
    : p_(text.data()), report_at_once_(report_at_once) {
  if (text.size() > max_text_size) {
    fail(0, "the text is larger than 2 GiB");
    return;
  }
  n_ = static_cast<std::uint32_t>(text.size());
  validate();
}

constexpr bool document::scan_literal(std::uint32_t& i, std::string_view word) {
  for (const char c : word) {
    if (i >= n_) return fail(i, "unexpected end of text in a literal");
    if (p_[i] != c) return fail(i, "invalid literal (expected true, false or null)");
    ++i;
  }
  return true;
}

// A string starting at its opening quote; on success `i` is just past the closing quote.
constexpr bool document::scan_string(std::uint32_t& i) {
  ++i;
  const char* const p = p_;
  for (;;) {
    // The common case: plain printable ASCII (not '"' or '\\'), four bytes per step while it
    // lasts: clang counts statements against -fconstexpr-steps, not comparisons.
// Printable ASCII but '"' and '\\', tested in the order that reads a key's letters least.
#define KVPLAN_JSON_PLAIN(c) (((c) > '\\' && (c) < 0x7F) || ((c) > '"' && (c) < '\\') || (c) == ' ' || (c) == '!')
    while (i + 4 <= n_ && KVPLAN_JSON_PLAIN(p[i]) && KVPLAN_JSON_PLAIN(p[i + 1]) && KVPLAN_JSON_PLAIN(p[i + 2]) &&
           KVPLAN_JSON_PLAIN(p[i + 3]))
      i += 4;
    while (i < n_ && KVPLAN_JSON_PLAIN(p[i])) ++i;
#undef KVPLAN_JSON_PLAIN
    if (i >= n_) return fail(i, "unterminated string");
    const auto c = static_cast<unsigned char>(p_[i]);
    if (c == '"') {
      ++i;
      return true;
    }
    if (c == '\\') {
      if (i + 1 >= n_) return fail(i, "unterminated string");
      const char e = p_[i + 1];
      if (e == 'u') {
        if (i + 6 > n_) return fail(i, "unterminated string");
        for (std::uint32_t k = 2; k < 6; ++k)
          if (detail::hex_digit(p_[i + k]) < 0) return fail(i + k, "invalid \\u escape (four hex digits expected)");
        i += 6;
      } else if (e == '"' || e == '\\' || e == '/' || e == 'b' || e == 'f' || e == 'n' || e == 'r' || e == 't') {
        i += 2;
      } else {
        return fail(i, "invalid escape in a string");
      }
      continue;
    }
    if (c < 0x20) return fail(i, "control character in a string (it must be escaped)");
    // UTF-8: a lead byte and its continuation bytes, no overlong forms, no surrogates, at
    // most U+10FFFF.
    std::uint32_t len = 0;
    std::uint32_t lo = 0x80;
    std::uint32_t hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return fail(i, "invalid UTF-8");
    }
    if (i + len > n_) return fail(i, "invalid UTF-8");
    for (std::uint32_t k = 1; k < len; ++k) {
      const auto b = static_cast<unsigned char>(p_[i + k]);
      if (k == 1 ? (b < lo || b > hi) : (b < 0x80 || b > 0xBF)) return fail(i + k, "invalid UTF-8");
    }
    i += len;
  }
}

// -? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?
constexpr bool document::scan_number(std::uint32_t& i) {
  const std::uint32_t start = i;
  if (p_[i] == '-') ++i;
  if (i >= n_ || !detail::is_digit(p_[i])) return fail(start, "invalid number");
  if (p_[i] == '0') {
    ++i;
    if (i < n_ && detail::is_digit(p_[i])) return fail(i, "invalid number (leading zero)");
  } else {
    while (i < n_ && detail::is_digit(p_[i])) ++i;
  }
  if (i < n_ && p_[i] == '.') {
    ++i;
    if (i >= n_ || !detail::is_digit(p_[i])) return fail(i, "invalid number (digit expected after '.')");
    while (i < n_ && detail::is_digit(p_[i])) ++i;
  }
  if (i < n_ && (p_[i] == 'e' || p_[i] == 'E')) {
    ++i;
    if (i < n_ && (p_[i] == '+' || p_[i] == '-')) ++i;
    if (i >= n_ || !detail::is_digit(p_[i])) return fail(i, "invalid number (digit expected in the exponent)");
    while (i < n_ && detail::is_digit(p_[i])) ++i;
  }
  return true;
}

// An object key at i and its ':', with the whitespace around; i is left at the member's value.
constexpr bool document::scan_key(std::uint32_t& i, std::string_view no_quote) {
  const char* const p = p_;
  const std::uint32_t n = n_;
  if (i >= n || p[i] != '"') return fail(i, i >= n ? "unexpected end of text in an object" : no_quote);
  if (!scan_string(i)) return false;
  KVPLAN_JSON_SKIP_WS(i, n);
  if (i >= n || p[i] != ':') return fail(i, "expected ':' after an object key");
  ++i;
  KVPLAN_JSON_SKIP_WS(i, n);
  return i < n || fail(i, "unexpected end of text");
}

// One pass over the text with an explicit stack (no recursion, so no depth limit of the
// compiler's constant evaluator is reached). Written for few evaluation steps per byte: clang
// counts statements against -fconstexpr-steps, and a config.json is mostly whitespace and keys.
constexpr void document::validate() {
  const char* const p = p_;
  const std::uint32_t n = n_;
  std::uint32_t stack[max_depth]{};  // the container's slot in open_ / close_ (or none)
  bool in_object[max_depth]{};
  int depth = 0;
  // A UTF-8 byte-order mark is not JSON (Python's json refuses it too: "Unexpected UTF-8 BOM").
  if (n >= 3 && p[0] == '\xEF' && p[1] == '\xBB' && p[2] == '\xBF') {
    fail(0, "a UTF-8 byte-order mark before the JSON (save the file without it)");
    return;
  }
  std::uint32_t i = skip_ws(0);
  root_ = i;
  if (i >= n) {
    fail(i, "empty text (a JSON value expected)");
    return;
  }
  for (;;) {
    // A value starts at i (whitespace skipped).
    const char c = p[i];
    if (c == '{' || c == '[') {
      if (depth >= max_depth) {
        fail(i, "nesting deeper than 64 levels");
        return;
      }
      std::uint32_t slot = 0xFFFFFFFF;
      if (containers_ < max_containers) {
        open_[containers_] = i;
        slot = containers_++;
      } else {
        all_recorded_ = false;
      }
      stack[depth] = slot;
      in_object[depth] = c == '{';
      ++depth;
      ++i;
      KVPLAN_JSON_SKIP_WS(i, n);
      if (i < n && p[i] == (c == '{' ? '}' : ']')) {
        --depth;
        if (slot != 0xFFFFFFFF) close_[slot] = i;
        ++i;
      } else if (c == '{') {
        // The first key.
        if (!scan_key(i, "expected '\"' to begin an object key, or '}'")) return;
        continue;
      } else {
        if (i >= n) {
          fail(i, "unexpected end of text in an array");
          return;
        }
        continue;  // the first element
      }
    } else if (c == '"') {
      if (!scan_string(i)) return;
    } else if (c == 'I' || c == 'N' || (c == '-' && i + 1 < n && p[i + 1] == 'I')) {
      // Python's json writes float('inf') and float('nan') as Infinity, -Infinity and NaN
      // (Nemotron-H's time_step_limit): read as numbers, as Python reads them back.
      if (!scan_literal(i, c == 'N' ? std::string_view("NaN") : c == 'I' ? std::string_view("Infinity")
                                                                           : std::string_view("-Infinity")))
        return;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      if (!scan_number(i)) return;
    } else if (c == 't') {
      if (i + 4 <= n && p[i + 1] == 'r' && p[i + 2] == 'u' && p[i + 3] == 'e') i += 4;
      else if (!scan_literal(i, "true")) return;
    } else if (c == 'f') {
      if (i + 5 <= n && p[i + 1] == 'a' && p[i + 2] == 'l' && p[i + 3] == 's' && p[i + 4] == 'e') i += 5;
      else if (!scan_literal(i, "false")) return;
    } else if (c == 'n') {
      if (i + 4 <= n && p[i + 1] == 'u' && p[i + 2] == 'l' && p[i + 3] == 'l') i += 4;
      else if (!scan_literal(i, "null")) return;
    } else {
      fail(i, "expected a value (object, array, string, number, true, false or null)");
      return;
    }
    // After a value: close containers, or a ',' and the next member / element.
    for (;;) {
      if (depth == 0) {
        KVPLAN_JSON_SKIP_WS(i, n);
        if (i < n) fail(i, "text after the JSON value");
        return;
      }
      KVPLAN_JSON_SKIP_WS(i, n);
      const bool obj = in_object[depth - 1];
      if (i >= n) {
        fail(i, obj ? "unexpected end of text in an object" : "unexpected end of text in an array");
        return;
      }
      if (p[i] == (obj ? '}' : ']')) {
        --depth;
        if (stack[depth] != 0xFFFFFFFF) close_[stack[depth]] = i;
        ++i;
        continue;
      }
      if (p[i] != ',') {
        fail(i, obj ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element");
        return;
      }
      ++i;
      KVPLAN_JSON_SKIP_WS(i, n);
      if (obj) {
        if (!scan_key(i, "expected '\"' to begin an object key")) return;
      } else if (i >= n) {
        fail(i, "unexpected end of text");
        return;
      }
      break;  // the next value
    }
  }
}

// Past a container whose end was not recorded: count brackets, skipping strings.
constexpr std::uint32_t document::scan_past_container(std::uint32_t at) const {
  int depth = 0;
  std::uint32_t i = at;
  for (;;) {
    const char c = p_[i];
    if (c == '"') {
      i = string_end(i + 1) + 1;
      continue;
    }
    if (c == '{' || c == '[') ++depth;
    if (c == '}' || c == ']') {
      if (--depth == 0) return i + 1;
    }
    ++i;
  }
}

constexpr std::uint32_t document::end_of(std::uint32_t at) const {
  const char* const p = p_;
  const char c = p[at];
  if (c == '{' || c == '[') {
    // Binary search of the recorded openings (they are in increasing order).
    std::uint32_t lo = 0;
    std::uint32_t hi = containers_;
    while (lo < hi) {
      const std::uint32_t mid = (lo + hi) / 2;
      if (open_[mid] < at) lo = mid + 1;
      else hi = mid;
    }
    if (lo < containers_ && open_[lo] == at) return close_[lo] + 1;
    return scan_past_container(at);
  }
  std::uint32_t i = at + 1;
  if (c == '"') {
    KVPLAN_JSON_SKIP_KEY(i);
    for (; p[i] != '"'; ++i)
      if (p[i] == '\\') ++i;
    return i + 1;
  }
  if (c == 't' || c == 'n') return at + 4;
  if (c == 'f') return at + 5;
  if (c == 'N') return at + 3;                                 // NaN
  if (c == 'I') return at + 8;                                 // Infinity
  if (c == '-' && at + 1 < n_ && p[at + 1] == 'I') return at + 9;  // -Infinity
  while (i < n_ && ((p[i] >= '0' && p[i] <= '9') || p[i] == '.' || p[i] == 'e' || p[i] == 'E' || p[i] == '+' ||
                    p[i] == '-'))
    ++i;
  return i;
}

// --- value ---------------------------------------------------------------------------

constexpr kind value::type() const {
  switch (doc_->data()[at_]) {
    case '{': return kind::object;
    case '[': return kind::array;
    case '"': return kind::string;
    case 't':
    case 'f': return kind::boolean;
    case 'n': return kind::null;
    default: return kind::number;
  }
}

constexpr bool value::boolean() const { return doc_->data()[at_] == 't'; }

constexpr std::string_view value::text() const {
  return doc_->text().substr(at_, doc_->end_of(at_) - at_);
}

constexpr std::string_view value::raw() const {
  const std::uint32_t end = doc_->string_end(at_ + 1);
  return doc_->text().substr(at_ + 1, end - at_ - 1);
}

constexpr bool value::has_escapes() const {
  for (const char c : raw())
    if (c == '\\') return true;
  return false;
}

constexpr bool value::equals(chars s) const {
  return type() == kind::string && detail::raw_equals(raw(), has_escapes(), s);
}

constexpr json::number value::number() const {
  json::number out;
  const std::string_view t = text();
  std::size_t i = 0;
  const bool negative = t[0] == '-';
  if (negative) ++i;
  // Python's Infinity and NaN: the largest double (as for a number beyond any double), and NaN.
  if (t[i] == 'I') {
    out.real = negative ? -1.7976931348623157e308 : 1.7976931348623157e308;
    return out;
  }
  if (t[i] == 'N') {
    out.real = std::numeric_limits<double>::quiet_NaN();
    return out;
  }
  // Significant digits in a 64-bit mantissa; further digits only move the decimal exponent.
  std::uint64_t mantissa = 0;
  int digits = 0;
  int exp10 = 0;
  bool integral_overflow = false;
  for (; i < t.size() && detail::is_digit(t[i]); ++i) {
    if (digits < 19) {
      mantissa = mantissa * 10 + static_cast<std::uint64_t>(t[i] - '0');
      if (mantissa != 0) ++digits;
    } else {
      ++exp10;
      integral_overflow = true;
    }
  }
  bool integral = true;
  if (i < t.size() && t[i] == '.') {
    integral = false;
    for (++i; i < t.size() && detail::is_digit(t[i]); ++i) {
      if (digits < 19) {
        mantissa = mantissa * 10 + static_cast<std::uint64_t>(t[i] - '0');
        if (mantissa != 0) ++digits;
        --exp10;
      }
    }
  }
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    integral = false;
    ++i;
    bool neg_exp = false;
    if (t[i] == '+' || t[i] == '-') neg_exp = t[i++] == '-';
    int e = 0;
    for (; i < t.size() && detail::is_digit(t[i]); ++i)
      if (e < 100000) e = e * 10 + (t[i] - '0');
    exp10 += neg_exp ? -e : e;
  }
  if (integral && !integral_overflow) {
    const std::uint64_t limit = negative ? 0x8000000000000000ULL : 0x7FFFFFFFFFFFFFFFULL;
    if (mantissa <= limit) {
      out.is_integer = true;
      out.integer = negative ? static_cast<std::int64_t>(0 - mantissa) : static_cast<std::int64_t>(mantissa);
    }
  }
  // Exact when the mantissa fits in 53 bits and the power of ten in a double (10^22);
  // otherwise the nearest double within a few units in the last place.
  double r = static_cast<double>(mantissa);
  if (mantissa != 0) {
    if (digits + exp10 > 308) {
      r = 1.7976931348623157e308;  // beyond any double: the largest one (no infinity here)
    } else if (exp10 < -(324 + 19)) {
      r = 0;
    } else if (exp10 >= 0) {
      int e = exp10;
      while (e > 22) {
        r *= 1e22;
        e -= 22;
      }
      r *= detail::power_of_ten(e);
    } else {
      int e = -exp10;
      while (e > 22) {
        r /= 1e22;
        e -= 22;
      }
      r /= detail::power_of_ten(e);
    }
  }
  out.real = negative ? -r : r;
  return out;
}

constexpr std::uint32_t value::size() const {
  std::uint32_t n = 0;
  for (elements e(*this); !e.done(); e.next()) ++n;
  return n;
}

// --- elements ---------------------------------------------------------------------------

constexpr elements::elements(value array) : doc_(array.doc()) {
  const std::uint32_t first = doc_->skip_ws(array.offset() + 1);
  done_ = doc_->data()[first] == ']';
  at_ = first;
}

constexpr void elements::next() {
  const char* const p = doc_->data();
  std::uint32_t i = doc_->end_of(at_);
  KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
  if (p[i] == ',') {
    ++i;
    KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
    at_ = i;
    ++index_;
  } else {
    done_ = true;
  }
}

// --- members ----------------------------------------------------------------------------

constexpr members::members(value of) : doc_(of.doc()) {
  const char* const p = doc_->data();
  std::uint32_t i = of.offset() + 1;
  KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
  done_ = p[i] == '}';
  if (!done_) read_member(i);
}

constexpr void members::read_member(std::uint32_t quote) {
  const char* const p = doc_->data();
  key_ = quote + 1;
  std::uint32_t k = key_;
  escaped_ = false;
  KVPLAN_JSON_SKIP_KEY(k);
  if (p[k] == '\\') {
    escaped_ = true;
    for (; p[k] != '"'; ++k)
      if (p[k] == '\\') ++k;
  }
  key_size_ = k - key_;
  std::uint32_t i = k + 1;
  while (p[i] != ':') ++i;
  ++i;
  KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
  value_ = i;
}

constexpr void members::next() {
  const char* const p = doc_->data();
  std::uint32_t i = doc_->end_of(value_);
  KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
  if (p[i] != ',') {
    done_ = true;
    return;
  }
  ++i;
  KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
  read_member(i);
}

constexpr bool members::key_is(chars name) const {
  if (escaped_) return detail::raw_equals(key(), true, name);
  if (key_size_ != name.size) return false;
  const char* const p = doc_->data() + key_;
  const char* const q = name.data;
  std::uint32_t j = 0;
  while (j < key_size_ && p[j] == q[j]) ++j;
  return j == key_size_;
}

constexpr std::string_view members::key() const { return doc_->text().substr(key_, key_size_); }

// --- basic_object -----------------------------------------------------------------------

template <int Capacity>
constexpr basic_object<Capacity>::basic_object(value of) : doc_(of.doc()), at_(of.offset()) {
  const char* const p = doc_->data();
  std::uint32_t i = at_ + 1;
  KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
  if (p[i] == '}') return;
  for (;;) {
    // i is at a key's opening quote.
    const std::uint32_t key = i + 1;
    std::uint32_t k = key;
    bool escaped = false;
    KVPLAN_JSON_SKIP_KEY(k);
    if (p[k] == '\\') {
      escaped = true;
      for (; p[k] != '"'; ++k)
        if (p[k] == '\\') ++k;
    }
    i = k + 1;
    while (p[i] != ':') ++i;
    ++i;
    KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
    if (count_ < static_cast<std::uint32_t>(Capacity)) {
      members_[count_++] = member{key, k - key, i, escaped};
    } else {
      if (overflow_count_ == 0) resume_ = key - 1;
      ++overflow_count_;
    }
    i = doc_->end_of(i);
    KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
    if (p[i] != ',') return;
    ++i;
    KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
  }
}

template <int Capacity>
constexpr bool basic_object<Capacity>::key_is(const member& m, chars name) const {
  if (m.escaped) return detail::raw_equals(doc_->text().substr(m.key, m.key_size), true, name);
  if (m.key_size != name.size) return false;
  const char* const p = doc_->data() + m.key;
  const char* const q = name.data;
  std::uint32_t j = 0;
  while (j < m.key_size && p[j] == q[j]) ++j;
  return j == m.key_size;
}

template <int Capacity>
constexpr std::string_view basic_object<Capacity>::key(std::uint32_t i) const {
  return doc_->text().substr(members_[i].key, members_[i].key_size);
}

template <int Capacity>
constexpr typename basic_object<Capacity>::lookup basic_object<Capacity>::find(chars name) const {
  lookup out;
  if (doc_ == nullptr) return out;
  // Members past the index come later in the text, so a match there wins.
  if (overflow_count_ > 0) {
    const char* const p = doc_->data();
    std::uint32_t i = resume_;
    for (;;) {
      member m;
      m.key = i + 1;
      std::uint32_t k = m.key;
      KVPLAN_JSON_SKIP_KEY(k);
      if (p[k] == '\\') {
        m.escaped = true;
        for (; p[k] != '"'; ++k)
          if (p[k] == '\\') ++k;
      }
      m.key_size = k - m.key;
      i = k + 1;
      while (p[i] != ':') ++i;
      ++i;
      KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
      m.value = i;
      if (key_is(m, name)) out = {value{doc_, m.value}, true};
      i = doc_->end_of(m.value);
      KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
      if (p[i] != ',') break;
      ++i;
      KVPLAN_JSON_SKIP_WS(i, 0xFFFFFFFFu);
    }
    if (out.present) return out;
  }
  const std::uint32_t size = name.size;
  const char first = size > 0 ? name.data[0] : '\0';
  const char* const p = doc_->data();
  for (std::uint32_t k = count_; k > 0; --k) {
    const member& m = members_[k - 1];
    // Length and first byte first: most keys differ there.
    if (m.escaped || (m.key_size == size && (size == 0 || p[m.key] == first))) {
      if (key_is(m, name)) return {value{doc_, m.value}, true};
    }
  }
  return out;
}

}  // namespace kvplan::inline v0::json

#undef KVPLAN_JSON_SKIP_KEY
#undef KVPLAN_JSON_SKIP_WS
#undef KVPLAN_JSON_WS
